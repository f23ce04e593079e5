"""The JSON position format (shared/POSITION.md): the documented example, round trips, and
one error per way a position can be wrong, each naming the problem."""

from __future__ import annotations

import copy
import json
import random

import pytest

from napoleon_rules import (NT, NapoleonError, OptionError, Position, PositionError, Suit,
                            UnknownVariantError, get_variant, parse_card, random_deal)
from napoleon_rules.cards import card_name, cards_of, mask_of, parse_cards, parse_trump

PRESETS = ("japanese", "japanese-stakes", "mighty", "japoleon", "secretary", "nap", "bridge")

# The example of POSITION.md, verbatim.
DOC_EXAMPLE = """
{
  "variant": "mighty",
  "options": {"joker_any_time": true},
  "trump": "H",
  "declarer": 0,
  "partner": 3,
  "hands": [["AS", "KD", "3C"], ["JO", "5H", "TD"], ["9S", "8S", "2C"], ["QH", "4D"], ["7C", "6C"]],
  "leader": 3,
  "trick": 7,
  "played": ["QH", "JS"],
  "state": {"joker_called": false}
}
"""


def doc_example_fixed() -> dict:
    """The example with seat 3's QH (which it has just led) replaced by KH; see the test below."""
    data = json.loads(DOC_EXAMPLE)
    data["hands"][3] = ["KH", "4D"]
    return data


# ---- the POSITION.md example ----------------------------------------------------------------------
def test_doc_example_as_printed_has_qh_twice():
    """POSITION.md's example lists QH both in seat 3's hand and as seat 3's lead to the trick.
    The hand sizes (3 3 3 2 2 after seats 3 and 4 played) show that `hands` excludes the cards
    in `played`, so QH cannot be in both: the example is wrong, the validation right."""
    with pytest.raises(PositionError, match="QH appears twice.*hand 3.*played"):
        Position.from_json(DOC_EXAMPLE)


def test_doc_example_with_the_duplicate_removed_loads():
    pos = Position.from_json(doc_example_fixed())
    assert pos.variant.name == "mighty"
    assert pos.variant.opt("joker_any_time") is True
    assert pos.trump == Suit.HEARTS
    assert (pos.declarer, pos.partner, pos.leader, pos.trick) == (0, 3, 3, 7)
    assert pos.played == (parse_card("QH"), parse_card("JS"))
    assert pos.hands[0] == mask_of(parse_cards("AS KD 3C"))
    assert pos.hands[1] == mask_of(parse_cards("JO 5H TD"))
    assert pos.hands[3] == mask_of(parse_cards("KH 4D"))
    assert pos.to_move == 0           # seats 3 and 4 have played
    assert pos.tricks_left == 3
    assert pos.joker_called is False and pos.joker_suit is None
    # Seat 0 holds no heart: any card (AS is the Mighty under hearts).
    assert {str(m) for m in pos.legal_moves()} == {"AS", "KD", "3C"}


def test_doc_example_round_trips():
    pos = Position.from_json(doc_example_fixed())
    data = pos.to_json()
    assert data["options"] == {}      # joker_any_time is the preset's default
    assert data["hands"][3] == ["KH", "4D"]
    assert data["played"] == ["QH", "JS"]
    again = Position.from_json(json.dumps(data))
    assert again == pos
    assert again.to_json() == data
    assert Position.from_json(pos.dumps()) == pos


# ---- round trips over random positions ----------------------------------------------------------
def start_position(name: str, rng: random.Random, **options) -> Position:
    """A position at the first lead of a random deal, sides and trump chosen at random."""
    v = get_variant(name, options)
    deal = random_deal(v, rng)
    declarer = rng.randrange(v.players)
    contract = None
    if v.fixed_partnership:
        partner = (declarer + 2) % 4
    elif name == "nap":
        partner = None
    else:
        partner = rng.choice([None] + [s for s in range(v.players) if s != declarer])
    if name == "nap":
        contract = rng.choice([None, "misere"])
        trump = NT if contract else None
    else:
        trump = rng.choice(list(v.trumps))
    coup = None
    if name == "secretary" and partner is not None:
        coup = rng.choice([c for c in range(52) if deal.hands[partner] >> c & 1])
    return Position(v, trump, declarer, partner, deal.hands, leader=v.first_leader(declarer),
                    coup_card=coup, contract=contract)


def random_play(pos: Position, rng: random.Random, cards: int) -> Position:
    for _ in range(cards):
        if pos.is_over:
            break
        pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


@pytest.mark.parametrize("name, options", [(p, {}) for p in PRESETS] + [
    ("japanese", {"players": 3}), ("japanese", {"players": 7, "yoromeki": False}),
    ("mighty", {"joker_any_time": False, "players": 4}), ("nap", {"pack": 32, "players": 3}),
    ("nap", {"seven_card": True}), ("secretary", {"reveal": False}),
])
def test_round_trip_through_json_mid_hand(name, options):
    rng = random.Random(hash(name) % 1000 + len(options))
    for _ in range(25):
        pos = start_position(name, rng, **options)
        total = pos.players * pos.variant.tricks
        pos = random_play(pos, rng, rng.randrange(total))
        if pos.is_over:
            continue
        data = pos.to_json()
        assert json.loads(json.dumps(data)) == data
        back = Position.from_json(json.dumps(data))
        assert back == pos, data
        assert back.to_json() == data
        assert back.legal_moves() == pos.legal_moves()


def test_joker_led_position_round_trip():
    data = {"variant": "mighty", "trump": "H", "declarer": 0, "partner": 2,
            "hands": [["2C"], ["AD", "2S"], ["KD", "3S"], ["QD", "4S"], ["5C", "5S"]],
            "leader": 0, "trick": 8, "played": ["JO"], "state": {"joker_suit": "D"}}
    pos = Position.from_json(data)
    assert pos.joker_suit == Suit.DIAMONDS
    assert [str(m) for m in pos.legal_moves()] == ["AD"]   # seat 1 must follow diamonds
    assert Position.from_json(pos.to_json()) == pos


def test_ripper_call_round_trip():
    # Mighty, spades trump: the Ripper is 3C; seat 0 leads it calling the Joker (held by seat 2).
    data = {"variant": "mighty", "trump": "S", "declarer": 0, "partner": None,
            "hands": [["2H"], ["4C", "5H"], ["JO", "6C"], ["7H", "8H"], ["9H", "TH"]],
            "leader": 0, "trick": 8, "played": ["3C"], "state": {"joker_called": True}}
    pos = Position.from_json(data)
    assert pos.joker_called
    assert pos.to_json()["state"] == {"joker_called": True}
    assert Position.from_json(pos.to_json()) == pos


def test_secretary_reveal_spent_in_the_current_trick_round_trips():
    """The Secretary (seat 2, coup card 2H) discards the coup card on a diamond lead although
    holding a diamond: the reveal is spent in this very trick. Written out and read back, the
    position must be the same (the replayed trick must not be refused)."""
    v = get_variant("secretary")
    pos = Position(v, NT, 0, 2, (mask_of(parse_cards("4C 5C")), mask_of(parse_cards("AD 3D")),
                                 mask_of(parse_cards("2H KD")), mask_of(parse_cards("6C 7C")),
                                 mask_of(parse_cards("8C 9C"))), leader=1, trick=8,
                   coup_card=parse_card("2H"))
    pos = pos.play("AD").play("2H")
    assert pos.reveal_used
    back = Position.from_json(pos.to_json())
    assert back == pos


def test_nap_first_lead_sets_trump_and_round_trips():
    data = {"variant": "nap", "options": {"players": 2}, "trump": None, "declarer": 0,
            "hands": [["AS", "KS", "2H", "3H", "4H"], ["QS", "AH", "KH", "QH", "JH"]]}
    pos = Position.from_json(data)
    assert pos.trump is None and pos.leader == 0 and pos.trick == 0
    after = pos.play("2H")
    assert after.trump == Suit.HEARTS
    assert Position.from_json(after.to_json()) == after
    assert after.to_json()["trump"] == "H"


def test_defaults_for_missing_fields():
    data = {"variant": "bridge", "declarer": 0, "trump": "NT",
            "hands": [["AS"], ["KS"], ["QS"], ["JS"]], "trick": 12, "leader": 3}
    pos = Position.from_json(data)
    assert pos.partner == 2 and pos.played == () and pos.leader == 3   # bridge: opposite
    assert pos.trump == NT
    japanese = {"variant": "japanese", "declarer": 2, "trump": "S",
                "hands": [list(map(card_name, cards_of(h))) for h in random_deal(
                    get_variant("japanese"), 3).hands]}
    # A missing partner could be a slip or mean "alone": only null says alone.
    assert "no 'partner' field" in error_of(japanese)
    japanese["partner"] = None
    pos = Position.from_json(japanese)
    assert pos.partner is None and pos.leader == 2 and pos.trick == 0   # Napoleon leads
    nap = {"variant": "nap", "declarer": 1, "trump": None,
           "hands": [list(map(card_name, cards_of(h))) for h in random_deal(
               get_variant("nap"), 3).hands]}
    assert Position.from_json(nap).partner is None      # the bidder is always alone


def test_leader_needed_after_the_first_card():
    data = {"variant": "bridge", "declarer": 0, "trump": "NT", "partner": 2,
            "hands": [["AS"], ["KS"], ["QS"], ["JS"]], "trick": 12}
    assert "'leader'" in error_of(data)


# ---- errors -----------------------------------------------------------------------------------------
def error_of(data) -> str:
    with pytest.raises(NapoleonError) as err:
        Position.from_json(data)
    msg = str(err.value)
    assert "\n" not in msg
    return msg


def changed(**fields) -> dict:
    data = copy.deepcopy(doc_example_fixed())
    data.update(fields)
    return data


@pytest.mark.parametrize("text, words", [
    ("{", "malformed JSON"), ("", "malformed JSON"), ('{"variant": "mighty",}', "malformed JSON"),
    ("[]", "JSON object"), ("null", "JSON object"), ("3", "JSON object"),
])
def test_malformed_json(text, words):
    with pytest.raises(PositionError, match=words):
        Position.from_json(text)


def test_unknown_field():
    assert "colour" in error_of(changed(colour="red"))


@pytest.mark.parametrize("field", ["variant", "hands", "declarer"])
def test_required_fields(field):
    data = changed()
    del data[field]
    assert field in error_of(data)


def test_unknown_variant():
    with pytest.raises(UnknownVariantError, match="chess"):
        Position.from_json(changed(variant="chess"))


@pytest.mark.parametrize("options, words", [
    ({"colour": 1}, "no option 'colour'"),
    ({"joker_any_time": "maybe"}, "true or false"),
    ({"players": 9}, "between 3 and 7"),
    ({"players": "five"}, "whole number"),
    ({"min_bid": True}, "whole number"),
    ([], "options must be an object"),
    ("joker_any_time", "options must be an object"),
])
def test_bad_options(options, words):
    with pytest.raises(OptionError, match=words):
        Position.from_json(changed(options=options))


def test_bad_option_value_for_nap_pack():
    with pytest.raises(OptionError, match="'pack'.*30"):
        Position.from_json({"variant": "nap", "options": {"pack": 30}, "declarer": 0,
                            "trump": "S", "hands": [[]] * 5})


def test_duplicated_card():
    data = changed()
    data["hands"][0][0] = "5H"           # 5H is also seat 1's
    msg = error_of(data)
    assert "5H" in msg and "twice" in msg and "hand 0" in msg and "hand 1" in msg


def test_card_not_in_deck():
    data = {"variant": "japanese", "trump": "S", "declarer": 0, "partner": None,
            "hands": [["JO"], ["KS"], ["QS"], ["JS"], ["TS"]], "leader": 0, "trick": 9}
    assert "JO (hand 0) is not in the japanese deck" in error_of(data)
    data = {"variant": "nap", "options": {"pack": 32}, "trump": "S", "declarer": 0,
            "hands": [["2S"], ["KS"], ["QS"], ["JS"], ["TS"]], "leader": 0, "trick": 4}
    assert "2S (hand 0) is not in the nap deck" in error_of(data)


@pytest.mark.parametrize("card", ["XS", "1H", "", "AS!"])
def test_bad_card_text(card):
    data = changed()
    data["hands"][0][0] = card
    assert "bad card" in error_of(data)


def test_wrong_hand_sizes():
    data = changed()
    data["hands"][0].append("2D")
    assert "hand 0 holds 4 cards; at trick 7 with 2 played it should hold 3" in error_of(data)
    data = changed()
    data["hands"][4].append("2D")        # seat 4 has played: 2 cards, not 3
    assert "hand 4 holds 3 cards" in error_of(data)
    data = changed(trick=6)              # 4 tricks left: everyone one card short
    assert "should hold 4" in error_of(data)


def test_wrong_number_of_hands():
    data = changed()
    data["hands"] = data["hands"][:4]
    assert "mighty is played by 5 players, but 'hands' has 4" in error_of(data)


def test_missing_trick_field_is_named_when_the_hands_disagree():
    data = changed()
    del data["trick"]                    # read as 0: the hands are short of trick 1's size
    message = error_of(data)
    assert "should hold" in message and "no 'trick' field" in message, message


@pytest.mark.parametrize("trick", [10, -1, 99])
def test_trick_out_of_range(trick):
    assert "'trick' must be 0..9 for mighty" in error_of(changed(trick=trick))


@pytest.mark.parametrize("trick", ["7", 7.0, None, True])
def test_trick_not_a_number(trick):
    assert "'trick' must be a whole number" in error_of(changed(trick=trick))


@pytest.mark.parametrize("field, value", [
    ("declarer", 5), ("declarer", -1), ("declarer", "0"), ("declarer", True), ("declarer", None),
    ("partner", 7), ("partner", 1.5), ("leader", 5), ("leader", False),
])
def test_bad_seats(field, value):
    msg = error_of(changed(**{field: value}))
    assert f"'{field}' must be a seat 0..4" in msg


def test_partner_equal_to_declarer():
    assert "'partner' must be another seat" in error_of(changed(partner=0))


def test_too_many_played():
    data = changed(played=["QH", "JS", "2D", "3D", "4S"])
    data["hands"] = [[], [], [], [], []]
    assert "'played' holds 5 cards" in error_of(data)


@pytest.mark.parametrize("field, value, words", [
    ("hands", "AS KS", "'hands' must be a list"),
    ("played", "QH", "'played' must be a list"),
    ("played", None, "'played' must be a list"),
    ("state", [], "'state' must be an object"),
    ("state", "x", "'state' must be an object"),
])
def test_wrong_json_types(field, value, words):
    assert words in error_of(changed(**{field: value}))


def test_illegal_card_in_played_not_following_suit():
    # Seat 4 holds 2H but plays JS to a heart lead (the Mighty here is AS, not JS).
    data = changed()
    data["hands"][4] = ["7C", "2H"]
    msg = error_of(data)
    assert "illegal card in 'played'" in msg and "JS" in msg and "2H" in msg


def test_played_card_when_not_on_lead_trick_1_mighty():
    # Mighty trick 1: the leader may not lead a trump while holding other cards.
    data = {"variant": "mighty", "trump": "H", "declarer": 0, "partner": None,
            "hands": [["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "2C"],
                      *[h for h in (["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S"],
                                    ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D"],
                                    ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C"],
                                    ["4S", "3S", "2S", "4H", "3H", "2H", "4D", "3D", "2D", "4C"])]],
            "leader": 0, "trick": 0, "played": ["6H"]}
    assert "illegal card in 'played'" in error_of(data)


def test_led_joker_needs_joker_suit():
    data = {"variant": "mighty", "trump": "H", "declarer": 0, "partner": 2,
            "hands": [["2C"], ["AD", "2S"], ["KD", "3S"], ["QD", "4S"], ["5C", "5S"]],
            "leader": 0, "trick": 8, "played": ["JO"]}
    assert "joker_suit" in error_of(data)
    data["state"] = {"joker_suit": "Q"}
    assert "unknown suit 'Q'" in error_of(data)
    data["state"] = {"joker_suit": "S"}
    assert Position.from_json(data).joker_suit == Suit.SPADES
    # Japoleon: the led Joker names a suit too.
    data["variant"] = "japoleon"
    data["state"] = {}
    assert "joker_suit" in error_of(data)


def test_joker_suit_without_a_joker_lead():
    data = changed(state={"joker_suit": "S"})          # the trick was led with QH
    assert "joker_suit" in error_of(data)
    data = {"variant": "mighty", "trump": "H", "declarer": 0, "partner": 2,
            "hands": [["2C", "JO"], ["AD", "2S"], ["KD", "3S"], ["QD", "4S"], ["5C", "5S"]],
            "leader": 0, "trick": 8, "played": [], "state": {"joker_suit": "S"}}
    assert "'played' is empty" in error_of(data)


@pytest.mark.parametrize("state, words", [
    ({"bogus": 1}, "unknown state key(s): bogus"),
    ({"joker_called": "yes"}, "'joker_called' must be true or false"),
    ({"reveal_used": 1}, "'reveal_used' must be true or false"),
    ({"contract": "nap"}, "'contract'"),
    ({"coup_card": "ZZ"}, "bad card 'ZZ'"),
])
def test_bad_state(state, words):
    assert words in error_of(changed(state=state))


def test_misere_only_in_nap():
    data = {"variant": "japanese", "trump": "S", "declarer": 0,
            "hands": [["AS"], ["KS"], ["QS"], ["JS"], ["TS"]], "leader": 0, "trick": 9,
            "state": {"contract": "misere"}}
    assert "Mis" in error_of(data)


@pytest.mark.parametrize("name, trump", [("japanese", "NT"), ("japanese-stakes", "NT"),
                                         ("japoleon", "NT"), ("nap", "NT")])
def test_trump_not_allowed(name, trump):
    data = {"variant": name, "trump": trump, "declarer": 0, "partner": None,
            "hands": [["AS"], ["KS"], ["QS"], ["JS"], ["TS"]], "leader": 0,
            "trick": 4 if name == "nap" else 9}
    assert f"trump NT is not allowed in {name}" in error_of(data)


@pytest.mark.parametrize("trump", ["X", "SH", 3])
def test_bad_trump_text(trump):
    assert "trump must be S, H, D, C, NT or null" in error_of(changed(trump=trump))


def test_trump_required_except_nap_first_trick():
    assert "'trump' must be set in mighty" in error_of(changed(trump=None))
    data = {"variant": "nap", "trump": None, "declarer": 0,
            "hands": [["AS"], ["KS"], ["QS"], ["JS"], ["TS"]], "leader": 0, "trick": 4}
    assert "after the first trick" in error_of(data)


def test_nap_misere_needs_no_trump():
    data = {"variant": "nap", "trump": "S", "declarer": 0,
            "hands": [["AS"], ["KS"], ["QS"], ["JS"], ["TS"]], "leader": 0, "trick": 4,
            "state": {"contract": "misere"}}
    assert "Mis" in error_of(data)
    data["trump"] = None
    pos = Position.from_json(data)
    assert pos.trump == NT and pos.misere
    data["state"] = {"contract": "mis\u00e8re"}           # as the rules write it
    assert Position.from_json(data) == pos and pos.to_json()["state"] == {"contract": "misere"}


def test_secretary_coup_card_held_by_another_seat():
    data = {"variant": "secretary", "trump": "NT", "declarer": 0, "partner": 2,
            "hands": [["AS"], ["KS"], ["QS"], ["JS"], ["TS"]], "leader": 0, "trick": 9,
            "state": {"coup_card": "JS"}}
    assert "coup card JS is held by seat 3" in error_of(data)
    data["state"] = {"coup_card": "QS"}
    assert Position.from_json(data).coup_card == parse_card("QS")


def secretary_end(**state) -> dict:
    return {"variant": "secretary", "trump": "NT", "declarer": 0, "partner": 2,
            "hands": [["AS"], ["KS"], ["QS"], ["JS"], ["TS"]], "leader": 0, "trick": 9,
            "state": state}


def test_secretary_coup_card_and_partner_agree():
    data = secretary_end(coup_card="JS")
    data["partner"] = None                       # seat 3 holds it: seat 3 is the partner
    assert "seat 3 is the partner, not nobody" in error_of(data)
    data = secretary_end(coup_card="AS")         # Napoleon names a card he does not hold
    assert "Napoleon's own" in error_of(data)
    data = secretary_end(coup_card="KS")         # played to this trick by seat 1, a defender
    data["hands"][0] = []
    data["hands"][1] = []
    data["played"] = ["AS", "KS"]
    assert "held by seat 1, so seat 1 is the partner" in error_of(data)
    data = secretary_end(coup_card="2C")         # out of sight: the warchest or an earlier trick
    data["partner"] = None
    assert Position.from_json(data).coup_card == parse_card("2C")
    assert "not in the secretary deck" in error_of(secretary_end(coup_card="JO"))


def test_coup_card_only_in_secretary():
    for state in ({"coup_card": "2C"}, {"reveal_used": True}):
        data = secretary_end(**state)
        data["variant"] = "bridge"
        data["hands"] = data["hands"][:4]
        data["trick"] = 12
        assert "has no coup card" in error_of(data)


def nap_start(**fields) -> dict:
    hands = random_deal(get_variant("nap"), 4).hands
    data = {"variant": "nap", "trump": None, "declarer": 1, "partner": None,
            "hands": [list(map(card_name, cards_of(h))) for h in hands], "leader": 1,
            "trick": 0}
    data.update(fields)
    return data


def test_nap_declarer_alone_and_trump_from_the_first_lead():
    assert Position.from_json(nap_start()).trump is None
    assert "plays alone" in error_of(nap_start(partner=3))
    assert "before it 'trump' must be null" in error_of(nap_start(trump="S"))
    data = nap_start()
    lead = data["hands"][1].pop()
    data["played"] = [lead]
    suit = lead[-1]
    other = next(t for t in "SHDC" if t != suit)
    assert Position.from_json(dict(data, trump=suit)).trump == parse_trump(suit)
    assert "named trump" in error_of(dict(data, trump=other))
    assert Position.from_json(dict(data, trump=None)).trump == parse_trump(suit)


SECRETARY_START = {   # a first lead to come, the coup card A\u2665 held by the Secretary (seat 3)
    "variant": "secretary", "trump": "H", "declarer": 0, "partner": 3, "leader": 0, "trick": 0,
    "hands": [["QS", "5S", "JH", "8H", "2H", "QD", "5D", "4D", "2D", "AC"],
              ["KS", "8S", "3S", "KH", "7H", "6H", "9D", "8D", "7D", "JC"],
              ["7S", "4S", "TH", "9H", "3D", "TC", "7C", "6C", "5C", "4C"],
              ["AS", "JS", "9S", "AH", "5H", "3H", "JD", "QC", "8C", "2C"],
              ["TS", "6S", "2S", "QH", "AD", "TD", "6D", "KC", "9C", "3C"]],
    "state": {"coup_card": "AH"}}


def test_first_trick_leader_and_secretary_start():
    assert "first trick is led by seat 1" in error_of(nap_start(leader=2))
    assert Position.from_json(SECRETARY_START).partner == 3
    assert "first trick is led by seat 0" in error_of(dict(SECRETARY_START, leader=3))
    held = mask_of(parse_card(c) for h in SECRETARY_START["hands"] for c in h)
    returned = card_name(next(cards_of(get_variant("secretary").deck & ~held)))
    out_of_sight = dict(SECRETARY_START, state={"coup_card": returned})
    assert "returned with the warchest" in error_of(out_of_sight)
    assert Position.from_json(dict(out_of_sight, partner=None)).partner is None
    assert "no card has been played yet" in error_of(
        dict(SECRETARY_START, state={"coup_card": "AH", "reveal_used": True}))


def test_bridge_partner_sits_opposite():
    data = {"variant": "bridge", "declarer": 1, "trump": "NT", "leader": 0,
            "hands": [["AS"], ["KS"], ["QS"], ["JS"]], "trick": 12}
    assert Position.from_json(data).partner == 3
    for partner in (None, 0, 2):
        assert "sits opposite" in error_of(dict(data, partner=partner))


def test_every_error_is_a_value_error():
    assert issubclass(PositionError, NapoleonError) and issubclass(NapoleonError, ValueError)


def test_misere_position_needs_misere_switched_on():
    data = {"variant": "nap", "options": {"misere": False}, "trump": "NT", "declarer": 0,
            "partner": None, "hands": [["AS"], ["KS"], ["QS"], ["JS"], ["TS"]], "leader": 0,
            "trick": 4, "played": [], "state": {"contract": "misere"}}
    with pytest.raises(PositionError, match="misere=false"):
        Position.from_json(data)
    data["options"] = {}
    assert Position.from_json(data).misere
