"""Rule tests for the ``japoleon`` preset (RULES.md section 4).

Every expected outcome is worked out from RULES.md by hand: tricks, hands and deals are built
card by card. The property tests at the end play random legal hands and compare every legal-move
set, every trick winner and every score with a small restatement of section 4 written from
RULES.md (``rules_legal``, ``rules_winner``, ``rules_score``), not from the engine.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napoleon_rules import (JOKER, AuctionError, Bid, Choices, Deal, IllegalPlayError,
                            Position, PositionError, Suit, get_variant, parse_card, parse_cards,
                            play_hand, random_deal, reference)
from napoleon_rules.auction import Auction, run_auction
from napoleon_rules.cards import (FULL_DECK_WITH_JOKER, card_rank, card_suit, cards_of, mask_of,
                                  points_of)
from napoleon_rules.game import Contract

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
JA = get_variant("japoleon")

# RULES.md section 4, the table, typed in by hand: key suit -> (mighty, major J, minor J, killer).
TABLE = {S: ("AH", "JS", "JC", "4D"), H: ("AS", "JH", "JD", "4C"),
         D: ("AS", "JD", "JH", "4C"), C: ("AS", "JC", "JS", "4C")}


# ---- builders ------------------------------------------------------------------------------------
def winner(cards: str, key, trick: int = 1, variant=JA) -> str:
    """The card that wins the trick ``cards`` (text, leader first) with key suit ``key``."""
    return cards.split()[variant.trick_winner(parse_cards(cards), trump=key, trick=trick)]


def position(trump, hands: list[str], *, leader=0, trick=1, declarer=0, partner=None,
             played: str = "", variant=JA) -> Position:
    """A position built from card lists (``hands[i]`` = seat i's cards as text); ``played`` is
    played move by move (``JO:H`` leads the Joker naming hearts)."""
    pos = Position(variant, trump, declarer, partner, tuple(mask_of(parse_cards(h)) for h in hands),
                   leader=leader, trick=trick)
    for move in played.split():
        pos = pos.play(move)
    return pos


def legal(pos: Position) -> set[str]:
    return {str(m) for m in pos.legal_moves()}


# Seat 0 spades A..5, seat 1 hearts, seat 2 diamonds, seat 3 clubs, seat 4 the low cards;
# open cards 3C 2C and the Joker (no points among them).
SUITED_HANDS = ["AS KS QS JS TS 9S 8S 7S 6S 5S", "AH KH QH JH TH 9H 8H 7H 6H 5H",
                "AD KD QD JD TD 9D 8D 7D 6D 5D", "AC KC QC JC TC 9C 8C 7C 6C 5C",
                "4S 3S 2S 4H 3H 2H 4D 3D 2D 4C"]
OPEN_CARDS = "3C 2C JO"


def suited_deal(variant=JA) -> Deal:
    return Deal(variant, tuple(mask_of(parse_cards(h)) for h in SUITED_HANDS),
                mask_of(parse_cards(OPEN_CARDS))).check()


def declare(call: str, discard: str, bid: str = "15S", declarer: int = 0, variant=JA):
    b = Bid(int(bid[:-1]), Suit.from_str(bid[-1]))
    return variant.declare(suited_deal(variant), declarer, b,
                           Choices(call=parse_card(call), discard=tuple(parse_cards(discard))))


# ---- deck and deal -------------------------------------------------------------------------------
def test_53_cards_five_hands_of_ten_and_three_open_cards():
    assert (JA.players, JA.hand_size, JA.blind_size, JA.tricks) == (5, 10, 3, 10)
    assert JA.deck == FULL_DECK_WITH_JOKER and JA.has_joker
    deal = random_deal(JA, 11).check()
    assert [bin(h).count("1") for h in deal.hands] == [10] * 5
    assert bin(deal.rest).count("1") == 3
    assert points_of(JA.deck) == 20 and points_of(1 << JOKER) == 0


# ---- auction -------------------------------------------------------------------------------------
def test_bids_are_13_to_20_with_a_key_suit():
    bids = JA.all_bids()
    assert {b.level for b in bids} == set(range(13, 21))
    assert {b.trump for b in bids} == {S, H, D, C} and len(bids) == 32


@pytest.mark.parametrize("bid", ["12S", "21H", "15", "15NT", "nap", "misere"])
def test_a_bid_outside_13_to_20_or_without_a_key_suit_is_refused(bid):
    with pytest.raises(IllegalPlayError):
        Auction(JA, dealer=0).call(bid)


@pytest.mark.parametrize("first,second,ok", [
    ("13C", "14C", True), ("13S", "14C", True), ("13C", "13S", False), ("13S", "13C", False),
    ("15D", "15H", False), ("16H", "15S", False), ("19S", "20C", True),
])
def test_each_bid_must_be_higher_in_number_with_no_suit_order(first, second, ok):
    a = Auction(JA, dealer=0)
    a.call(first)
    if ok:
        a.call(second)
        assert str(a.high) == second
    else:
        with pytest.raises(AuctionError):
            a.call(second)


def test_first_bidder_is_left_of_dealer_and_four_passes_end_the_auction():
    a = Auction(JA, dealer=3)
    assert a.to_act == 4
    a.call("14H")
    for _ in range(3):
        a.call("pass")
    assert not a.over
    a.call("pass")
    assert (a.result.declarer, str(a.result.bid), a.result.round) == (4, "14H", 1)


def test_a_bid_of_20_ends_the_auction_at_once():
    a = Auction(JA, dealer=0)
    a.call("20D")
    assert a.over and (a.result.declarer, str(a.result.bid)) == (1, "20D")


def test_all_pass_shows_the_open_cards_and_bidding_restarts_at_14():
    a = run_auction(JA, 0, ["pass"] * 5)
    assert not a.over and a.round == 2
    assert min(b.level for b in a.legal_bids()) == 14
    with pytest.raises(AuctionError):
        a.call("13S")
    assert a.to_act == 1                       # the restart begins left of the dealer again
    a.call("14C")
    a.call("15S")
    for _ in range(4):
        a.call("pass")
    assert (a.result.declarer, str(a.result.bid), a.result.round) == (2, "15S", 2)


@pytest.mark.parametrize("dealer", range(5))
def test_all_pass_twice_is_a_redeal_by_the_next_dealer(dealer):
    a = run_auction(JA, dealer, ["pass"] * 10)
    assert a.result.redeal and a.result.redeal_by == (dealer + 1) % 5 and a.result.round == 2


def test_min_bid_options_move_both_rounds():
    v = get_variant("japoleon", {"min_bid": 12, "second_round_min_bid": 13})
    a = Auction(v, dealer=0)
    a.call("12S")
    b = run_auction(v, 0, ["pass"] * 5)
    b.call("13S")
    assert str(a.high) == "12S" and str(b.high) == "13S"


# ---- open cards, discards, the Aid ---------------------------------------------------------------
def test_napoleon_takes_the_open_cards_and_discards_three():
    contract, pos = declare(call="AH", discard="QS JS TS")
    assert pos.hands[0] == mask_of(parse_cards("AS KS 9S 8S 7S 6S 5S 3C 2C JO"))
    assert contract.discards == mask_of(parse_cards("QS JS TS"))
    assert (contract.partner, contract.alone, pos.partner, pos.leader) == (1, False, 1, 0)
    assert pos.trump == S and contract.trump == S


@pytest.mark.parametrize("discard", ["QS JS", "QS JS TS 9S", "QS QS JS", "QS JS AH"])
def test_the_discard_must_be_three_of_napoleons_thirteen_cards(discard):
    with pytest.raises(IllegalPlayError):
        declare(call="AH", discard=discard)


def test_discarded_court_cards_go_to_the_allied_side():
    contract, _ = declare(call="AH", discard="AS KS QS")
    assert contract.discard_points == 3
    # The discards are never credited to Napoleon's side: 12 taken in play stays 12 ...
    assert JA.credited(contract, 12) == 12
    # ... so a bid of 13 made only with the discards' help is lost.
    assert JA.score(contract, JA.credited(contract, 12)) == [0, 0, 2, 2, 2]


def test_the_holder_of_the_aid_card_is_the_aid():
    contract, pos = declare(call="KD", discard="3C 2C JO")
    assert (contract.partner, pos.partner, contract.alone, contract.called) == (2, 2, False,
                                                                                parse_card("KD"))


def test_aid_card_in_napoleons_own_hand_means_alone():
    contract, pos = declare(call="KS", discard="3C 2C JO")
    assert contract.alone and contract.partner is None and pos.partner is None


@pytest.mark.parametrize("call,discard", [("JO", "3C 2C 5S"), ("JO", "3C 2C JO"),
                                          ("2C", "3C 2C 5S"), ("3C", "6S 5S 9S")])
def test_aid_card_among_the_open_cards_means_alone_kept_or_discarded(call, discard):
    contract, pos = declare(call=call, discard=discard)
    assert contract.alone and contract.partner is None and pos.partner is None


def test_option_off_an_open_card_may_not_be_the_aid_card():
    v = get_variant("japoleon", {"open_aid_alone": False})
    assert v.describe_option("open_aid_alone").decision
    with pytest.raises(IllegalPlayError, match="open cards"):
        declare(call="JO", discard="3C 2C 5S", variant=v)
    contract, _ = declare(call="KD", discard="3C 2C JO", variant=v)
    assert not contract.alone


def test_an_aid_card_is_required_and_the_key_suit_is_the_bids():
    with pytest.raises(IllegalPlayError):
        JA.declare(suited_deal(), 0, Bid(15, S), Choices(discard=tuple(parse_cards("3C 2C JO"))))
    with pytest.raises(IllegalPlayError):
        JA.declare(suited_deal(), 0, Bid(15, S), Choices(call=parse_card("AH"), trump=H,
                                                         discard=tuple(parse_cards("3C 2C JO"))))


# ---- first lead ----------------------------------------------------------------------------------
def test_first_lead_is_neither_a_key_suit_card_nor_the_joker():
    pos = position(H, ["2H JH AH JO 5S AS JD 4C", "", "", "", ""], trick=0)
    # AS (mighty), JD (minor J, printed diamond) and 4C (killer) are not key-suit cards.
    assert legal(pos) == {"5S", "AS", "JD", "4C"}
    with pytest.raises(IllegalPlayError):
        pos.play("JO:S")
    with pytest.raises(IllegalPlayError):
        pos.play("AH")


def test_first_lead_from_a_hand_of_only_key_suit_and_joker_may_be_a_key_card_not_the_joker():
    pos = position(C, ["2C 4C JC AC JO", "", "", "", ""], trick=0)
    assert legal(pos) == {"2C", "4C", "JC", "AC"}


def test_first_lead_restriction_ends_with_the_first_trick():
    pos = position(H, ["2H JO 5S", "", "", "", ""], trick=1)
    assert legal(pos) == {"2H", "5S", "JO:S", "JO:H", "JO:D", "JO:C"}


def test_first_lead_option_off_still_leaves_a_legal_lead():
    v = get_variant("japoleon", {"key_lead_when_only_key": False})
    pos = position(C, ["2C AC JO", "", "", "", ""], trick=0, variant=v)
    assert legal(pos) and {m.card for m in pos.legal_moves()} <= set(parse_cards("2C AC JO"))


def test_first_lead_after_a_real_declaration():
    _, pos = declare(call="AH", discard="3C 2C JO")   # key spades, Napoleon holds only spades
    assert legal(pos) == {"AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S"}
    _, pos = declare(call="AH", discard="QS JS TS")   # keeps 3C 2C and the Joker
    assert legal(pos) == {"3C", "2C"}


# ---- following suit ------------------------------------------------------------------------------
def test_must_follow_suit_if_able_else_any_card():
    pos = position(S, ["3D", "5D KD 2S", "AH 9C"], played="3D", trick=2)
    assert legal(pos) == {"5D", "KD"}
    pos = pos.play("KD")
    assert legal(pos) == {"AH", "9C"}


def test_minor_jack_may_be_played_even_when_able_to_follow():
    pos = position(S, ["3D", "5D JC 2S"], played="3D", trick=2)      # key S: minor J = JC
    assert legal(pos) == {"5D", "JC"}
    off = get_variant("japoleon", {"minor_jack_free": False})
    assert legal(position(S, ["3D", "5D JC 2S"], played="3D", trick=2, variant=off)) == {"5D"}


def test_only_the_minor_jack_is_free_not_the_mighty_major_jack_or_killer():
    pos = position(H, ["3C", "5C AS JH 4D JD"], played="3C", trick=2)  # key H
    assert legal(pos) == {"5C", "JD"}


def test_joker_follows_only_when_void_unless_the_option_says_any_time():
    assert legal(position(S, ["3D", "5D JO"], played="3D", trick=2)) == {"5D"}
    assert legal(position(S, ["3D", "5S JO"], played="3D", trick=2)) == {"5S", "JO"}
    v = get_variant("japoleon", {"joker_any_time": True})
    assert legal(position(S, ["3D", "5D JO"], played="3D", trick=2, variant=v)) == {"5D", "JO"}


# ---- the Joker led -------------------------------------------------------------------------------
def test_joker_led_names_the_suit_to_follow():
    pos = position(S, ["JO 2C", "5D KH 2S", "AH 9C"], trick=3)
    assert {"JO:S", "JO:H", "JO:D", "JO:C"} <= legal(pos)
    with pytest.raises(IllegalPlayError):
        pos.play("JO")                                   # a suit must be named
    after = pos.play("JO:H")
    assert after.joker_suit == H and legal(after) == {"KH"}
    assert legal(pos.play("JO:C")) == {"5D", "KH", "2S"}   # void in clubs: any card


JA_UNNAMED = get_variant("japoleon", {"joker_names_suit": False})


def test_option_off_the_led_joker_names_no_suit_and_the_second_card_sets_it():
    assert JA.describe_option("joker_names_suit").decision
    pos = position(S, ["JO 2C", "5D KH 2S", "AH 9H 3D", "", ""], trick=3, variant=JA_UNNAMED)
    assert "JO" in legal(pos) and not any(m.startswith("JO:") for m in legal(pos))
    with pytest.raises(IllegalPlayError):
        pos.play("JO:H")
    second = pos.play("JO")
    assert second.joker_suit is None
    assert legal(second) == {"5D", "KH", "2S"}            # nothing to follow yet: any card
    assert legal(second.play("KH")) == {"AH", "9H"}       # the second card's suit is followed
    assert legal(second.play("5D")) == {"3D"}


def test_option_off_the_led_joker_still_wins():
    assert winner("JO KH AH", D, variant=JA_UNNAMED) == "JO"
    assert winner("JO KH 2H", H, variant=JA_UNNAMED) == "JO"       # beats the key suit too
    assert winner("JO 5H AS", H, variant=JA_UNNAMED) == "AS"       # but not the mighty


def test_option_off_naming_a_suit_is_an_error_that_says_so():
    pos = position(S, ["JO 2C", "5D KH 2S", "AH 9H 3D", "", ""], trick=3, variant=JA_UNNAMED)
    with pytest.raises(IllegalPlayError, match="names no suit"):
        pos.play("JO:H")
    with pytest.raises(IllegalPlayError, match="needs a suit"):   # option on: the reverse
        position(S, ["JO 2C", "5D KH 2S", "AH 9H 3D", "", ""], trick=3).play("JO")


def test_option_off_the_third_player_follows_the_second_cards_suit_with_the_free_cards():
    # Key spades: minor J = JC. Seat 1 answers the Joker with 5D; seat 2 holds diamonds.
    pos = position(S, ["JO", "5D", "3D JC KH", "", ""], trick=3, variant=JA_UNNAMED,
                   played="JO 5D")
    assert legal(pos) == {"3D", "JC"}                     # the minor J stays free
    strict = get_variant("japoleon", {"joker_names_suit": False, "minor_jack_free": False})
    assert legal(position(S, ["JO", "5D", "3D JC KH", "", ""], trick=3, variant=strict,
                          played="JO 5D")) == {"3D"}
    # The second card may itself be a key-suit card: then the key suit is followed.
    pos = position(S, ["JO", "2S", "3S KH", "", ""], trick=3, variant=JA_UNNAMED, played="JO 2S")
    assert legal(pos) == {"3S"}
    # Void in the second card's suit: any card.
    pos = position(S, ["JO", "2C", "3S KH", "", ""], trick=3, variant=JA_UNNAMED, played="JO 2C")
    assert legal(pos) == {"3S", "KH"}


def test_option_off_a_whole_trick_led_with_the_joker():
    # Key hearts (mighty AS, major JH, minor JD). The Joker is led, 3C sets clubs: the
    # others follow clubs where they can, and the Joker takes the trick.
    pos = position(H, ["JO 2S", "3C KD", "AD 4S 5C", "TD 5S", "6C 9S"], trick=7,
                   variant=JA_UNNAMED, played="JO 3C")
    assert legal(pos) == {"5C"}
    pos = pos.play("5C")
    assert legal(pos) == {"TD", "5S"}
    pos, done = pos.play("5S").play_trick("6C")
    assert done == (0, 0) and pos.leader == 0 and pos.joker_suit is None


def test_option_off_positions_round_trip_without_a_joker_suit():
    pos = position(S, ["JO 2C", "5D KH", "AH 9H", "3D 4D", "8C 9C"], trick=8,
                   variant=JA_UNNAMED, played="JO KH")
    data = pos.to_json()
    assert "joker_suit" not in data["state"]
    assert data["options"] == {"joker_names_suit": False}
    assert Position.from_json(data) == pos
    assert Position.from_json(pos.dumps()) == pos
    only_joker = position(S, ["JO 2C", "5D KH", "AH 9H", "3D 4D", "8C 9C"], trick=8,
                          variant=JA_UNNAMED, played="JO")
    assert Position.from_json(only_joker.to_json()) == only_joker
    with pytest.raises(PositionError, match="names no suit"):
        Position.from_json(dict(data, state={"joker_suit": "H"}))
    # The same trick with the option on needs the named suit.
    with pytest.raises(PositionError, match="joker_suit"):
        Position.from_json(dict(data, options={}))


# ---- ranking -------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", [S, H, D, C])
def test_each_key_suit_has_its_table_row(key):
    mighty, major, minor, killer = TABLE[key]
    roles = JA.roles(key)
    assert [roles[r] for r in ("mighty", "major_jack", "minor_jack", "killer")] == \
        parse_cards(f"{mighty} {major} {minor} {killer}")
    assert roles["joker"] == JOKER


@pytest.mark.parametrize("key", [S, H, D, C])
def test_killer_beats_the_mighty_in_the_same_trick(key):
    mighty, major, minor, killer = TABLE[key]
    assert winner(f"{mighty} {major} {killer} {minor} JO", key) == killer
    assert winner(f"{killer} {mighty} 9S 9H 9D", key, trick=0) == killer


@pytest.mark.parametrize("key", [S, H, D, C])
def test_killer_without_the_mighty_is_an_ordinary_card(key):
    mighty, major, minor, killer = TABLE[key]
    assert winner(f"{killer} {major} 5H 5D 5C", key) == major
    # Led, with a higher card of its suit and three cards of the two remaining plain suits
    # in the trick: the higher card wins.
    higher = "8" + killer[1]
    plain = [s for s in "SHDC" if s not in (killer[1], key.letter)]
    others = [f"{r}{s}" for s in plain for r in "56"][:3]
    assert winner(f"{killer} {higher} {' '.join(others)}", key) == higher


@pytest.mark.parametrize("key", [S, H, D, C])
def test_mighty_then_major_then_minor_jack_then_led_joker(key):
    mighty, major, minor, killer = TABLE[key]
    ace = "A" + key.letter if ("A" + key.letter) != mighty else "K" + key.letter
    assert winner(f"JO {minor} {major} {mighty} {ace}", key) == mighty
    assert winner(f"JO {minor} {ace} {major} 3{key.letter}", key) == major
    assert winner(f"JO {ace} {minor} 3{key.letter} 4{key.letter}", key) == minor
    assert winner(f"JO {ace} 3{key.letter} 5{key.letter} 6{key.letter}", key) == "JO"


@pytest.mark.parametrize("key", [S, H, D, C])
def test_specials_have_power_on_the_first_trick(key):
    mighty, major, minor, _ = TABLE[key]
    led = next(s for s in "SHDC" if s not in (key.letter, major[1], minor[1], mighty[1]))
    assert winner(f"A{led} K{led} {minor} Q{led} T{led}", key, trick=0) == minor
    assert winner(f"A{led} K{led} 2{key.letter} Q{led} T{led}", key, trick=0) == "2" + key.letter


def test_led_joker_beats_same_two_and_key_suit_cards():
    assert winner("JO AS KS 2S QS", S, trick=4) == "JO"     # key S: no special among these


def test_same_two_wins_a_trick_of_one_suit_from_the_second_trick():
    assert winner("KD AD 2D QD TD", S, trick=1) == "2D"
    assert winner("2D AD KD QD TD", S, trick=9) == "2D"
    assert winner("KD AD 2D QD TD", S, trick=0) == "AD"     # not on the first trick


def test_same_two_needs_every_card_of_the_one_suit():
    assert winner("KD AD 2D QD JO", S, trick=3) == "AD"     # the Joker breaks it
    assert winner("KD AD 2D QD 3H", S, trick=3) == "AD"     # a discard breaks it
    assert winner("KD AD 2D QD 3S", S, trick=3) == "3S"     # and a key card still wins


def test_same_two_in_the_key_suit_beats_the_key_ace_but_not_the_major_jack():
    assert winner("KS AS 2S QS TS", S, trick=2) == "2S"
    assert winner("KS AS 2S JS TS", S, trick=2) == "JS"


def test_same_two_loses_to_the_mighty_and_the_minor_jack_of_its_suit():
    assert winner("KS 2S QS AS TS", H, trick=2) == "AS"     # key H: AS is the mighty
    assert winner("KD 2D JD AD TD", H, trick=2) == "JD"     # key H: JD is the minor J


def test_key_suit_beats_the_led_suit_and_highest_of_the_led_suit_wins_otherwise():
    assert winner("AD KD 2S QD TD", S) == "2S"
    assert winner("AD KD 2S 3S TD", S) == "3S"
    assert winner("9D KD 2H QC 5D", S) == "KD"
    assert winner("9D TD 2H QC AC", S) == "TD"


def test_a_joker_not_led_is_the_lowest_card():
    assert winner("2D JO 3C 4H 5H", S) == "2D"
    assert winner("3C 4C JO 5C 6C", H, trick=0) == "6C"


# ---- the trick as played -------------------------------------------------------------------------
def test_playing_a_trick_gives_the_winner_the_lead_and_the_points():
    pos = position(H, ["KC", "5C", "JD", "AC", "TC"], trick=4, partner=2,
                   played="KC 5C")
    pos = pos.play("JD").play("AC")
    done, (seat, value) = pos.play_trick("TC")
    assert (seat, value) == (2, 4)                          # JD minor J; K A T J = 4 points
    assert done.leader == 2 and done.trick == 5 and done.played == ()


# ---- scores --------------------------------------------------------------------------------------
def contract(partner, bid: int = 15, alone=None) -> Contract:
    return Contract(0, Bid(bid, S), S, partner, None, 0,
                    alone=partner is None if alone is None else alone)


def test_software_score_napoleon_wins_4_and_the_aid_2():
    assert JA.score(contract(2), 15) == [4, 0, 2, 0, 0]
    assert JA.score(contract(2), 20) == [4, 0, 2, 0, 0]     # nothing for extra points


def test_software_score_alone_napoleon_wins_6():
    assert JA.score(contract(None), 16) == [6, 0, 0, 0, 0]


def test_software_score_allied_side_wins_2_each():
    assert JA.score(contract(2), 14) == [0, 2, 0, 2, 2]
    assert JA.score(contract(None), 14) == [0, 2, 2, 2, 2]


TRAD = get_variant("japoleon", {"scoring": "traditional"})


def test_traditional_score_one_unit_per_point_bid():
    # With an Aid: each of the 3 Allies pays 15 to each of Napoleon and the Aid.
    assert TRAD.score(contract(2, 15), 15) == [45, -30, 45, -30, -30]
    assert TRAD.score(contract(2, 15), 14) == [-45, 30, -45, 30, 30]
    assert TRAD.score(contract(None, 17), 17) == [68, -17, -17, -17, -17]
    assert TRAD.score(contract(None, 17), 3) == [-68, 17, 17, 17, 17]


def test_traditional_score_bid_of_20_collects_10_and_pays_5():
    assert TRAD.score(contract(None, 20), 20) == [40, -10, -10, -10, -10]
    assert TRAD.score(contract(None, 20), 19) == [-20, 5, 5, 5, 5]
    assert TRAD.score(contract(1, 20), 20) == [30, 30, -20, -20, -20]


# ---- reference minimax ---------------------------------------------------------------------------
def test_reference_last_trick_killer_takes_the_mighty():
    # Key hearts: mighty AS, killer 4C. Napoleon (alone) leads the mighty into the killer.
    pos = position(H, ["AS", "4C", "KD", "QD", "TD"], trick=9)
    assert reference.solve(pos) == (0, {parse_card("AS"): 0})
    pos = position(H, ["AS", "5C", "KD", "QD", "TD"], trick=9)
    assert reference.value(pos) == 4                         # no killer: AS K Q T


def test_reference_joker_lead_must_name_the_right_suit():
    # Key spades (mighty AH). Seat 1 holds AH and 3D. Napoleon (alone) leads the Joker:
    # naming diamonds forces out 3D, the Joker takes KD QD TD (3 points) and only the
    # mighty's trick is lost. Naming any other suit lets the mighty beat the Joker, and
    # leading 2C first lets seat 1 win with the mighty; either way Napoleon takes nothing.
    pos = position(S, ["JO 2C", "AH 3D", "KD 5C", "QD 6C", "TD 7C"], trick=8)
    values = {str(m): v for m, v in reference.move_values(pos).items()}
    assert values == {"JO:S": 0, "JO:H": 0, "JO:D": 3, "JO:C": 0, "2C": 0}
    assert reference.solve(pos) == (3, {JOKER: 3, parse_card("2C"): 0})


# ---- properties: random legal play against a restatement of section 4 -----------------------------
def rules_legal(hand: list[int], played: list[int], key: Suit, trick: int,
                joker_suit: Suit | None, options) -> set[int]:
    minor = parse_card(TABLE[key][2])
    if not played:
        if trick > 0:
            return set(hand)
        plain = {c for c in hand if c != JOKER and card_suit(c) != key}
        return plain or {c for c in hand if c != JOKER}
    if played[0] != JOKER:
        led = card_suit(played[0])
    elif options.get("joker_names_suit", True):
        led = joker_suit
    else:   # a led Joker that names nothing: the second card's suit, once there is one
        led = card_suit(played[1]) if len(played) > 1 else None
    follow = {c for c in hand if c != JOKER and card_suit(c) == led}
    if not follow:
        return set(hand)
    if options["minor_jack_free"] and minor in hand:
        follow.add(minor)
    if options["joker_any_time"] and JOKER in hand:
        follow.add(JOKER)
    return follow


def rules_winner(cards: list[int], key: Suit, trick: int) -> int:
    mighty, major, minor, killer = parse_cards(" ".join(TABLE[key]))
    led = card_suit(cards[0])
    one_suit = JOKER not in cards and len({card_suit(c) for c in cards}) == 1

    def strength(i: int, c: int) -> int:
        if c == killer and mighty in cards:
            return 1000
        if c in (mighty, major, minor):
            return {mighty: 900, major: 800, minor: 700}[c]
        if c == JOKER:
            return 600 if i == 0 else -1
        if one_suit and trick >= 1 and card_rank(c) == 2:
            return 500
        if card_suit(c) == key:
            return 200 + card_rank(c)
        if card_suit(c) == led:
            return 100 + card_rank(c)
        return 0

    return max(range(len(cards)), key=lambda i: strength(i, cards[i]))


def rules_score(declarer, partner, made, scoring, bid) -> list[int]:
    side = {declarer} | ({partner} if partner is not None else set())
    out = [0] * 5
    if scoring == "software":
        for s in range(5):
            if made:
                out[s] = (6 if partner is None else 4) if s == declarer else 2 if s in side else 0
            else:
                out[s] = 0 if s in side else 2
        return out
    rate = bid if bid < 20 else (10 if made else 5)
    for s in range(5):
        mine = s in side
        out[s] = rate * (5 - len(side) if mine else len(side)) * (1 if made == mine else -1)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 9), minor_free=st.booleans(), joker_any=st.booleans(),
       scoring=st.sampled_from(["software", "traditional"]), names_suit=st.booleans())
def test_random_legal_play_follows_the_rules_and_the_score_table(seed, minor_free, joker_any,
                                                                  scoring, names_suit):
    options = {"minor_jack_free": minor_free, "joker_any_time": joker_any, "scoring": scoring,
               "joker_names_suit": names_suit}
    v = get_variant("japoleon", options)
    rng = random.Random(seed)
    deal = random_deal(v, rng)
    declarer, key, level = rng.randrange(5), Suit(rng.randrange(4)), rng.randrange(13, 21)
    pool = list(cards_of(deal.hands[declarer] | deal.rest))
    choices = Choices(call=rng.randrange(53), discard=tuple(rng.sample(pool, 3)))
    contract, pos = v.declare(deal, declarer, Bid(level, key), choices)
    holder = next((s for s in range(5) if deal.hands[s] >> choices.call & 1), None)
    kept = holder == declarer or holder is None
    assert contract.partner == (None if kept else holder) and contract.alone == kept

    side_points = other_points = 0
    while not pos.is_over:
        hand = list(cards_of(pos.hands[pos.to_move]))
        expected = rules_legal(hand, list(pos.played), key, pos.trick, pos.joker_suit, options)
        moves = pos.legal_moves()
        assert {m.card for m in moves} == expected
        assert names_suit or all(m.joker_suit is None for m in moves)
        move = rng.choice(moves)
        leader, before = pos.leader, pos.played
        pos, done = pos.play_trick(move)
        if done:
            cards = list(before) + [move.card]
            seat, value = done
            assert seat == (leader + rules_winner(cards, key, pos.trick - 1)) % 5
            assert value == points_of(mask_of(cards))
            if seat in (declarer, contract.partner):
                side_points += value
            else:
                other_points += value
    assert side_points + other_points + points_of(contract.discards) == 20
    score = v.score(contract, v.credited(contract, side_points))
    assert score == rules_score(declarer, contract.partner, side_points >= level, scoring, level)
    if scoring == "traditional":
        assert sum(score) == 0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10 ** 9))
def test_play_hand_runs_auction_declaration_and_play(seed):
    rng = random.Random(seed)
    deal = random_deal(JA, rng)
    calls = ["pass"] * 5 + ["14D", "pass", "pass", "pass", "pass"]  # second round, seat 1 wins
    rec = play_hand(JA, deal, dealer=0, calls=calls,
                    choose=lambda d, r: Choices(call=parse_card("AS"),
                                                discard=tuple(list(cards_of(d.hands[1] | d.rest))[:3])),
                    rng=rng)
    assert rec.auction.round == 2 and rec.contract.declarer == 1
    assert len(rec.tricks) == 10 and rec.tricks[0][0] == 1
    made = rec.taken >= 14
    assert rec.scores == rules_score(1, rec.contract.partner, made, "software", 14)
