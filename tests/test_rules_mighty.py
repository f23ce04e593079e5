"""Rule tests for the ``mighty`` preset (The Mighty; RULES.md sections 3 and 7).

Every expected outcome is worked out from RULES.md by hand: tricks, hands and deals are built
card by card. The property tests at the end play random legal hands and compare each step with a
small independent restatement of the rules written from RULES.md (``rules_legal``,
``rules_winner``, ``rules_score``), not from the engine.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napoleon_rules import (JOKER, NT, AuctionError, Bid, Choices, Deal, IllegalPlayError, Move,
                            Position, Suit, get_variant, parse_card, parse_cards, parse_deal,
                            play_hand, random_deal, reference)
from napoleon_rules.auction import Auction, run_auction
from napoleon_rules.cards import (FULL_DECK_WITH_JOKER, card_name, card_rank, card_suit, cards_of,
                                  count, mask_of, points_of)
from napoleon_rules.game import Contract

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
MT = get_variant("mighty")


def mighty(**options):
    return get_variant("mighty", options)


# ---- builders ------------------------------------------------------------------------------------
def winner(cards: str, trump, trick: int = 3, *, joker_suit=None, called=False, variant=MT) -> str:
    """The card that wins the trick ``cards`` (text, leader first)."""
    played = parse_cards(cards)
    idx = variant.trick_winner(played, trump=trump, trick=trick, joker_suit=joker_suit,
                               joker_called=called)
    return cards.split()[idx]


def position(trump, hands: list[str], *, leader=0, trick=3, declarer=0, partner=None,
             played: str = "", variant=MT) -> Position:
    """A position built from card lists (``hands[i]`` = seat i's cards as text); ``played``
    are moves (``"JO:H"``, ``"3C!"``) made from there."""
    pos = Position(variant, trump, declarer, partner, tuple(mask_of(parse_cards(h)) for h in hands),
                   leader=leader, trick=trick)
    for move in played.split():
        pos = pos.play(move)
    return pos


def legal(pos: Position) -> set[str]:
    return {str(m) for m in pos.legal_moves()}


def scripted(first_moves: str):
    """A policy playing ``first_moves`` (text) and then always the first legal move."""
    queue = first_moves.split()

    def policy(pos, rng):
        if queue:
            return Move.from_str(queue.pop(0))
        return pos.legal_moves()[0]
    return policy


# One deal: seat 0 hearts, 1 diamonds, 2 clubs, 3 spades (A..5 each), seat 4 the low cards,
# kitty 3C 2C and the Joker.
SUITED = ("mighty:.AKQJT98765.. ..AKQJT98765. ...AKQJT98765 AKQJT98765... "
          "432.432.432.4 | ...32+JO")


def suited_deal(variant=MT) -> Deal:
    return parse_deal(SUITED, variant)


def declare(choices: Choices, bid="13H", variant=MT, declarer=0):
    deal = suited_deal(variant)
    b = Bid(int(bid[:2]), {"S": S, "H": H, "D": D, "C": C, "NT": NT}[bid[2:]])
    return variant.declare(deal, declarer, b, choices)


# ---- deck, deal, player counts ---------------------------------------------------------------------
def test_deck_is_53_cards_ten_each_three_card_kitty():
    assert MT.has_joker and MT.deck == FULL_DECK_WITH_JOKER and count(MT.deck) == 53
    assert (MT.players, MT.hand_size, MT.blind_size, MT.tricks) == (5, 10, 3, 10)
    deal = random_deal(MT, 7).check()
    assert [count(h) for h in deal.hands] == [10] * 5 and count(deal.rest) == 3
    assert sum(count(h) for h in deal.hands) + count(deal.rest) == 53
    d = suited_deal()
    assert d.rest == mask_of(parse_cards("3C 2C JO"))
    assert str(d) == SUITED


@pytest.mark.parametrize("players, each, kitty", [(3, 16, 5), (4, 12, 5), (5, 10, 3), (6, 8, 5),
                                                  (7, 7, 4)])
def test_player_counts_follow_section_7_plus_one_for_the_joker(players, each, kitty):
    v = mighty(players=players)
    assert (v.hand_size, v.blind_size, v.tricks) == (each, kitty, each)
    deal = random_deal(v, players).check()
    assert [count(h) for h in deal.hands] == [each] * players and count(deal.rest) == kitty
    assert players * each + kitty == 53


# ---- auction ---------------------------------------------------------------------------------------
def test_bids_are_13_to_20_with_a_suit_or_no_trump():
    a = Auction(MT, dealer=0)
    bids = {str(b) for b in a.legal_bids()}
    assert len(bids) == 8 * 5
    assert {"13S", "13H", "13D", "13C", "13NT", "20NT"} <= bids
    for bad in ("12S", "21S", "12NT"):
        with pytest.raises(AuctionError):
            Auction(MT, dealer=0).call(bad)
    with pytest.raises(IllegalPlayError):
        Auction(MT, dealer=0).call("14")          # a number alone is not a mighty bid


def test_no_suit_order_and_no_trump_beats_a_suit_of_the_same_number():
    a = run_auction(MT, 0, ["14S"])
    with pytest.raises(AuctionError):
        a.call("14H")                             # 14H does not beat 14S: no suit order
    a.call("14NT")                                # NT beats a suit bid of the same number
    with pytest.raises(AuctionError):
        a.call("14S")
    with pytest.raises(AuctionError):
        a.call("14NT")
    a.call("15C")
    assert a.high == Bid(15, C)
    assert {str(b) for b in run_auction(MT, 0, ["14S"]).legal_bids()} >= {"14NT", "15S", "15H"}
    assert "14D" not in {str(b) for b in run_auction(MT, 0, ["14S"]).legal_bids()}


def test_pass_is_final_and_the_last_bidder_declares():
    a = Auction(MT, dealer=3)
    f = a.first
    seat = lambda k: (f + k) % 5  # noqa: E731
    for call in ("13S", "pass", "14S", "pass", "pass"):
        a.call(call)
    assert a.to_act == seat(0)
    a.call("15D")
    assert a.to_act == seat(2)                    # seats 1, 3, 4 passed and are never asked again
    a.call("15NT")
    assert a.to_act == seat(0)
    a.call(None)
    assert a.over and a.result.declarer == seat(2) and a.result.bid == Bid(15, NT)


def test_twenty_no_trump_ends_the_auction():
    a = run_auction(MT, 0, ["13S", "20NT"])
    assert a.over and a.result.declarer == (a.first + 1) % 5 and a.result.bid == Bid(20, NT)


@pytest.mark.parametrize("dealer", [0, 3])
def test_all_pass_twice_means_a_second_round_then_a_redeal_by_the_same_dealer(dealer):
    a = run_auction(MT, dealer, [None] * 5)
    assert not a.over and a.round == 2 and a.legal_bids()
    a2 = run_auction(MT, dealer, [None] * 5 + [None, "13C"] + [None] * 3)
    assert a2.result.declarer == (a2.first + 1) % 5 and a2.result.bid == Bid(13, C)
    assert a2.result.round == 2
    for _ in range(5):
        a.call(None)
    assert a.over and a.result.redeal and a.result.redeal_by == dealer


# ---- kitty, trump change, friend -----------------------------------------------------------------
def test_declarer_takes_the_kitty_and_discards_three():
    contract, pos = declare(Choices(call=parse_card("AD"), discard=tuple(parse_cards("KH QH 2C"))))
    want = "AH JH TH 9H 8H 7H 6H 5H 3C JO"
    assert pos.hands[0] == mask_of(parse_cards(want))
    assert contract.discards == mask_of(parse_cards("KH QH 2C")) and contract.discard_points == 2
    # Discarded point cards score for the declarer.
    assert MT.credited(contract, 11) == 13
    for bad in ("KH QH", "KH QH 2C 5H", "KH QH AD", "KH KH 2C"):
        with pytest.raises(IllegalPlayError):
            declare(Choices(call=parse_card("AD"), discard=tuple(parse_cards(bad))))


@pytest.mark.parametrize("bid, new, final", [
    ("14S", H, Bid(16, H)), ("14S", NT, Bid(15, NT)), ("14NT", D, Bid(15, D)),
    ("13C", S, Bid(15, S)), ("14S", S, Bid(14, S)), ("14S", None, Bid(14, S))])
def test_trump_change_raises_the_bid(bid, new, final):
    choices = Choices(call=parse_card("AD"), discard=tuple(parse_cards("2C 3C 5H")), trump=new)
    contract, pos = declare(choices, bid)
    assert contract.bid == final and contract.trump == final.trump and pos.trump == final.trump


def test_trump_change_above_20_or_with_the_option_off_is_refused():
    choices = Choices(call=parse_card("AD"), discard=tuple(parse_cards("2C 3C 5H")), trump=H)
    with pytest.raises(IllegalPlayError):
        declare(choices, "19S")                   # 19 + 2 = 21
    with pytest.raises(IllegalPlayError):
        declare(choices, "14S", variant=mighty(trump_change=False))
    contract, _ = declare(Choices(call=parse_card("AD"), discard=tuple(parse_cards("2C 3C 5H"))),
                          "14S", variant=mighty(trump_change=False))
    assert contract.bid == Bid(14, S)


@pytest.mark.parametrize("friend, call, partner", [
    ("card", "AD", 1), ("card", "AS", 3), ("card", "4C", 4), ("card", "JO", None),  # JO: kitty, kept
    ("card", "AH", None),                         # own card: alone
    ("card", "2C", None),                         # discarded card: alone
    ("none", None, None)])
def test_friend_is_the_holder_of_the_named_card(friend, call, partner):
    choices = Choices(call=None if call is None else parse_card(call),
                      discard=tuple(parse_cards("2C 3C 5H")), friend=friend)
    contract, pos = declare(choices)
    assert contract.partner == partner and pos.partner == partner
    assert contract.alone == (partner is None)


def test_friend_choice_errors():
    disc = tuple(parse_cards("2C 3C 5H"))
    with pytest.raises(IllegalPlayError):
        declare(Choices(call=None, discard=disc, friend="card"))
    with pytest.raises(IllegalPlayError):
        declare(Choices(discard=disc, friend="somebody"))
    with pytest.raises(IllegalPlayError):
        declare(Choices(discard=disc, friend="first-trick"), variant=mighty(first_trick_friend=False))


def _first_trick_hand(discard: str, trick1: str):
    return play_hand(MT, suited_deal(), dealer=0, calls=["13H"] + [None] * 4,
                     choose=lambda deal, res: Choices(discard=tuple(parse_cards(discard)),
                                                      friend="first-trick"),
                     policy=scripted(trick1))


def test_first_trick_friend_is_the_winner_of_trick_one():
    # Declarer (seat 0; the dealer opens, the others pass) holds after the discard
    # AH KH QH JH TH 9H 8H 3C 2C JO: with hearts trump, 2C is the only card it may lead.
    rec = _first_trick_hand("5H 6H 7H", "2C 5D AC 5S 4C")
    assert rec.auction.declarer == 0
    assert rec.tricks[0] == (0, parse_cards("2C 5D AC 5S 4C"), 2, 1)
    assert rec.contract.partner == 2 and not rec.contract.alone
    side = sum(v for _, _, w, v in rec.tricks if w in (0, 2))
    assert rec.side_taken == side and rec.taken == side
    assert rec.scores == rules_score(13, rec.taken, 0, 2, 5)


def test_first_trick_won_by_the_declarer_means_alone():
    # With 2C discarded the declarer holds only trumps, the Joker and the Ripper: a trump may be led.
    rec = _first_trick_hand("2C 5H 6H", "AH 5D 5C 5S 4H")
    assert rec.tricks[0] == (0, parse_cards("AH 5D 5C 5S 4H"), 0, 1)
    assert rec.contract.partner is None and rec.contract.alone
    assert rec.side_taken == sum(v for _, _, w, v in rec.tricks if w == 0)
    assert rec.scores == rules_score(13, rec.taken, 0, None, 5)
    assert rec.scores[0] == -3 * rec.scores[1]


# ---- special cards and ranking ----------------------------------------------------------------------
@pytest.mark.parametrize("trump, mighty_card, ripper", [
    (S, "AD", "3C"), (H, "AS", "3C"), (D, "AS", "3C"), (C, "AS", "3S"), (NT, "AS", "3C")])
def test_mighty_and_ripper_cards(trump, mighty_card, ripper):
    roles = MT.roles(trump)
    assert card_name(roles["mighty"]) == mighty_card and card_name(roles["ripper"]) == ripper
    assert roles["joker"] == JOKER


@pytest.mark.parametrize("cards, trump, trick, wins", [
    ("5H JO AS 2H 3H", H, 3, "AS"),              # Mighty beats the Joker
    ("5C JO AD 2C 3C", S, 3, "AD"),              # spades trump: A♦ is the Mighty
    ("KS AS QS 2S 3S", S, 3, "AS"),              # ... and A♠ just the top trump
    ("KD AS AD 2D 3D", NT, 3, "AS"),             # No Trump: A♠
    ("KD JO AH 2D 3D", H, 3, "JO"),              # Joker beats the highest trump
    ("KD QD 2H AD 3C", H, 3, "2H"),              # a trump beats the led suit
    ("KD 2H 9H AD 3H", H, 3, "9H"),              # highest trump
    ("5D AC 9D KS 7D", H, 3, "9D"),              # highest of the led suit; off-suit never wins
    ("QD KD AH 2S 3C", NT, 3, "KD"),             # No Trump: no trumps
    ("5D AS KD 2H JO", H, 0, "AS"),              # the Mighty keeps its power on trick 1 ...
    ("5D 2H KD AD 3D", H, 0, "2H"),              # ... and so do trumps
    ("5D AS KD 2H JO", H, 9, "AS"),              # ... and on the last trick
])
def test_trick_ranking(cards, trump, trick, wins):
    assert winner(cards, trump, trick) == wins


@pytest.mark.parametrize("trick", [0, 9])
def test_joker_has_no_power_on_first_and_last_trick(trick):
    assert winner("2D JO 3C 4C 5C", H, trick) == "2D"    # loses even to a 2
    assert winner("2D JO 3H 4C 5C", H, trick) == "3H"
    assert winner("2D JO 3C 4C 5C", H, 4) == "JO"
    off = mighty(joker_powerless_first_last=False)
    assert winner("2D JO 3H 4C 5C", H, trick, variant=off) == "JO"


def test_powerless_led_joker():
    # Last trick, spades trump, the Joker led naming hearts.
    assert winner("JO 2D 3C 4D 5C", S, 9, joker_suit=H) == "JO"    # no heart, no trump
    assert winner("JO 2D 2H 4D 5C", S, 9, joker_suit=H) == "2H"
    assert winner("JO 2D 2H 2S 5C", S, 9, joker_suit=H) == "2S"
    assert winner("JO 2D 3C AD 5C", S, 9, joker_suit=H) == "AD"    # the Mighty
    # Option off: the Joker loses to every card; the first card after it leads (decision).
    off = mighty(led_joker_wins_unfollowed=False)
    assert winner("JO 2D 3C 4D 5C", S, 9, joker_suit=H, variant=off) == "4D"
    assert winner("JO 2D 2H 4D 5C", S, 9, joker_suit=H, variant=off) == "2H"
    # With power the led Joker just wins.
    assert winner("JO 2D AH AS 5C", S, 4, joker_suit=H) == "JO"


def test_led_joker_names_the_suit_to_follow():
    hands = ["JO 9S", "2H AC", "3D 4C", "KH JD", "5S 6S"]
    pos = position(D, hands, trick=8)
    assert legal(pos) == {"JO:S", "JO:H", "JO:D", "JO:C", "9S"}
    with pytest.raises(IllegalPlayError):
        pos.play("JO")                            # a led Joker needs a suit
    after = pos.play("JO:H")
    assert legal(after) == {"2H"}
    after = after.play("2H")
    assert legal(after) == {"3D", "4C"}           # void in hearts: anything
    assert legal(after.play("3D")) == {"KH"}
    assert legal(pos.play("JO:C")) == {"AC"}


def test_joker_and_mighty_may_be_played_any_time():
    hands = ["5H 6H", "2H JO AS 4C", "3H AD", "", ""]
    pos = position(D, hands, played="5H")
    assert legal(pos) == {"2H", "JO", "AS"}
    assert legal(position(D, hands, played="5H", variant=mighty(joker_any_time=False))) == {"2H", "AS"}
    assert legal(position(D, hands, played="5H", variant=mighty(mighty_any_time=False))) == {"2H", "JO"}
    assert legal(position(S, hands, played="5H 2H")) == {"3H", "AD"}   # spades trump: A♦ is the Mighty
    assert legal(position(S, hands, played="5H 2H", variant=mighty(mighty_any_time=False))) == {"3H"}
    # Void in the led suit: anything (the Joker included, option off or not).
    void = ["5S 6H", "JO 4C AD", "", "", ""]
    assert legal(position(H, void, played="5S", variant=mighty(joker_any_time=False))) == {"JO", "4C", "AD"}


# ---- Joker call ------------------------------------------------------------------------------------
def test_ripper_lead_may_call_the_joker():
    hands = ["3C 5D", "JO 5C", "2C 6D", "4C 7D", "8C 9D"]
    pos = position(H, hands, trick=8)
    assert {"3C", "3C!"} <= legal(pos)
    assert Move.from_str("3C!") == Move(parse_card("3C"), call_joker=True)
    called = pos.play("3C!")
    assert called.joker_called
    assert legal(called) == {"JO"}                # must play the Joker despite holding a club
    assert legal(pos.play("3C")) == {"JO", "5C"}  # no call: a free choice
    # Clubs trump: the Ripper is 3♠.
    pos_c = position(C, ["3S 3C", "JO 5S", "2S 6D", "4S 7D", "8S 9D"], trick=8)
    assert legal(pos_c) == {"3S", "3S!", "3C"}
    assert legal(pos_c.play("3S!")) == {"JO"}


def test_joker_call_on_another_card_names_the_problem():
    pos = position(H, ["3C 5D JO", "AS 5C 6C", "2C 6D 7C", "4C 7D 8D", "8C 9D 9H"], trick=7)
    for bad, plain in (("5D!", "5D"), ("JO:H!", "JO:H")):
        with pytest.raises(IllegalPlayError, match=f"goes only with the Ripper.*play '{plain}'"):
            pos.play(bad)


def test_joker_call_holder_of_the_mighty_may_play_it_instead():
    pos = position(H, ["3C 5D", "JO AS 5C", "2C 6D 7H", "4C 7D 8H", "8C 9D 9H"], trick=7)
    after = pos.play("3C!")
    assert legal(after) == {"JO", "AS"}
    # Others follow as usual.
    assert legal(after.play("AS")) == {"2C"}


def test_called_joker_has_no_power():
    assert winner("3C JO 5C 2D 4C", H, 4, called=True) == "5C"
    assert winner("3C JO 5C 2H 4C", H, 4, called=True) == "2H"
    assert winner("3C JO AS 2H 4C", H, 4, called=True) == "AS"
    assert winner("3C JO 5C 2D 4C", H, 4, called=False) == "JO"   # Ripper led without a call
    # Through play: the trick after "3C!".
    pos = position(H, ["3C 5D", "JO 5C", "2C 6D", "4C 7D", "8C 9D"], trick=8)
    for card in ("3C!", "JO", "2C", "4C"):
        pos = pos.play(card)
    after, done = pos.play_trick("8C")
    assert done == (4, 0) and after.leader == 4


def test_joker_call_from_json():
    data = {"variant": "mighty", "trump": "H", "declarer": 0, "partner": None,
            "hands": [["5D"], ["JO", "5C"], ["2C", "6D"], ["4C", "7D"], ["8C", "9D"]],
            "leader": 0, "trick": 8, "played": ["3C"], "state": {"joker_called": True}}
    pos = Position.from_json(data)
    assert pos.joker_called and legal(pos) == {"JO"}
    data["state"] = {}
    assert legal(Position.from_json(data)) == {"JO", "5C"}


# ---- first-trick lead ------------------------------------------------------------------------------
def test_first_lead_not_joker_ripper_or_trump():
    hands = ["JO 3C AH 5H 9D 2S", "", "", "", ""]
    assert legal(position(H, hands, trick=0)) == {"9D", "2S"}
    assert legal(position(NT, hands, trick=0)) == {"AH", "5H", "9D", "2S"}
    assert legal(position(D, hands, trick=0)) == {"AH", "5H", "2S"}
    # From the second trick everything may be led (a Joker call is offered only while another
    # seat holds the Joker: calling one's own Joker changes nothing).
    later = ["JO 3C AH 5H 9D 2S", "4C", "", "", ""]
    assert legal(position(H, later, trick=1)) == {"JO:S", "JO:H", "JO:D", "JO:C", "3C",
                                                   "AH", "5H", "9D", "2S"}
    later = ["3C AH 5H 9D 2S", "JO", "", "", ""]
    assert legal(position(H, later, trick=1)) == {"3C", "3C!", "AH", "5H", "9D", "2S"}


def test_first_lead_trump_only_when_nothing_else():
    hands = ["JO 3C AH 5H", "", "", "", ""]
    assert legal(position(H, hands, trick=0)) == {"AH", "5H"}
    hands_c = ["JO 3S AC 5C", "", "", "", ""]   # clubs trump: 3♠ is the Ripper
    assert legal(position(C, hands_c, trick=0)) == {"AC", "5C"}


# ---- scoring ---------------------------------------------------------------------------------------
def contract(bid: int, partner=2, declarer=0) -> Contract:
    return Contract(declarer, Bid(bid, S), S, partner, alone=partner is None)


@pytest.mark.parametrize("bid, points, partner, scores", [
    (14, 15, 2, [6, -3, 3, -3, -3]),             # made: S = 15 - 12 = 3
    (14, 14, 2, [4, -2, 2, -2, -2]),
    (13, 19, 3, [14, -7, -7, 7, -7]),
    (15, 14, 2, [-6, 3, -3, 3, 3]),              # failed: S = 15 - 12 = 3
    (18, 10, 2, [-12, 6, -6, 6, 6]),             # opponents 10: no back run
    (14, 9, 2, [-8, 4, -4, 4, 4]),               # back run: S = 2, doubled
    (16, 20, 2, [32, -16, 16, -16, -16]),        # run: S = 8, doubled
    (20, 20, 1, [32, 16, -16, -16, -16]),
    (13, 15, None, [9, -3, -3, -3, -3]),         # alone: the friend's share too
    (16, 12, None, [-12, 4, 4, 4, 4]),
    (20, 20, None, [48, -16, -16, -16, -16]),
    (13, 5, None, [-6, 2, 2, 2, 2]),             # alone, back run: S = 1, doubled
])
def test_score_table(bid, points, partner, scores):
    assert MT.score(contract(bid, partner), points) == scores


def test_score_counts_the_discards_and_the_changed_bid():
    # Bid 14S changed to hearts -> 16H; discards KH QH 2C (2 points).
    c, _ = declare(Choices(call=parse_card("AD"), discard=tuple(parse_cards("KH QH 2C")), trump=H), "14S")
    assert c.bid == Bid(16, H)
    assert MT.score(c, MT.credited(c, 14)) == [8, 4, -4, -4, -4]       # 16 made: S = 4
    assert MT.score(c, MT.credited(c, 13)) == [-8, -4, 4, 4, 4]        # 15 < 16: S = 16 - 12
    # The declarer seat is not always 0.
    assert MT.score(contract(14, partner=0, declarer=3), 15) == [3, -3, -3, 6, -3]


def test_whole_hand_with_discard_points():
    rec = play_hand(MT, suited_deal(), dealer=0, calls=["13H"] + [None] * 4,
                    choose=lambda deal, res: Choices(call=parse_card("AC"),
                                                     discard=tuple(parse_cards("KH QH 2C"))),
                    policy=scripted(""), rng=1)
    assert rec.contract.partner == 2
    trick_points = sum(v for *_, v in rec.tricks)
    assert trick_points + 2 == 20
    assert rec.taken == rec.side_taken + 2
    assert rec.scores == rules_score(13, rec.taken, 0, 2, 5)


# ---- reference minimax -----------------------------------------------------------------------------
def test_reference_last_trick_powerless_joker():
    # Last trick, spades trump (Mighty A♦ not in play), declarer alone leads the Joker.
    hands = ["JO", "KH", "2C", "QD", "TC"]
    pos = position(S, hands, trick=9)
    vals = {str(m): v for m, v in reference.move_values(pos).items()}
    # Naming H, D or C lets KH, QD or TC win; nobody holds a spade, so naming spades wins.
    assert vals == {"JO:S": 3, "JO:H": 0, "JO:D": 0, "JO:C": 0}
    assert reference.value(pos) == 3 and reference.solve(pos) == (3, {JOKER: 3})
    off = position(S, hands, trick=9, variant=mighty(led_joker_wins_unfollowed=False))
    assert reference.value(off) == 0


def test_reference_joker_call():
    # Hearts trump, two tricks left, declarer alone on lead with the Ripper and A♣; seat 1
    # holds the Joker and K♦. Without a call the Joker (with power on trick 9 of 10) takes
    # the first trick and K♦ the last: 0. Leading A♣: the Joker takes it, 0. With the call
    # the Joker must fall on 3♣, which wins, and A♣ then takes K♦: 2.
    hands = ["3C AC", "JO KD", "2S 3S", "4S 5S", "6S 7S"]
    pos = position(H, hands, trick=8)
    vals = {str(m): v for m, v in reference.move_values(pos).items()}
    assert vals == {"3C": 0, "3C!": 2, "AC": 0}
    assert reference.solve(pos) == (2, {parse_card("3C"): 2, parse_card("AC"): 0})
    # A friend holding the Joker: the call only hurts; value 2 either way (all points ours).
    assert reference.value(position(H, hands, trick=8, partner=1)) == 2


def test_reference_mighty_beats_the_called_joker():
    # As above, but seat 1 holds the Mighty (A♠) instead of K♦ and answers the call with it.
    hands = ["3C AC", "JO AS", "2S 3S", "4S 5S", "6S 7S"]
    pos = position(H, hands, trick=8)
    # Call: A♠ wins (1 point), then the Joker is led on the last trick naming spades (powerless,
    # but spades are played: a spade wins A♣) -> 0. No call / A♣: the Joker or A♠ wins -> 0.
    assert reference.value(pos) == 0
    assert legal(pos.play("3C!")) == {"JO", "AS"}


# ---- independent restatement of the rules (from RULES.md) --------------------------------------------
def _mighty_of(trump):
    return parse_card("AD") if trump == S else parse_card("AS")


def _ripper_of(trump):
    return parse_card("3S") if trump == C else parse_card("3C")


def rules_legal(pos: Position) -> set[str]:
    v, hand = pos.variant, set(cards_of(pos.hands[pos.to_move]))
    trump = pos.trump if pos.trump in tuple(Suit) else None
    if not pos.played:
        leads = set(hand)
        if pos.trick == 0:
            leads -= {JOKER, _ripper_of(pos.trump)}
            if any(card_suit(c) != trump for c in leads):
                leads = {c for c in leads if card_suit(c) != trump}
        out = set()
        for c in leads:
            if c == JOKER:
                out |= {f"JO:{x}" for x in "SHDC"}
            else:
                out.add(card_name(c))
                others_hold_joker = any(h >> JOKER & 1 for s, h in enumerate(pos.hands) if s != pos.to_move)
                if c == _ripper_of(pos.trump) and pos.trick > 0 and others_hold_joker:
                    out.add(card_name(c) + "!")
        return out
    if pos.joker_called and JOKER in hand:
        return {card_name(c) for c in hand & {JOKER, _mighty_of(pos.trump)}}
    led = pos.joker_suit if pos.played[0] == JOKER else card_suit(pos.played[0])
    follow = {c for c in hand if card_suit(c) == led}
    if not follow:
        return {card_name(c) for c in hand}
    if v.opt("joker_any_time"):
        follow |= hand & {JOKER}
    if v.opt("mighty_any_time"):
        follow |= hand & {_mighty_of(pos.trump)}
    return {card_name(c) for c in follow}


def rules_winner(cards, trump, trick, tricks, joker_suit, called, v) -> int:
    if _mighty_of(trump) in cards:
        return cards.index(_mighty_of(trump))
    powerless = called or (v.opt("joker_powerless_first_last") and trick in (0, tricks - 1))
    if JOKER in cards and not powerless:
        return cards.index(JOKER)
    led = joker_suit if cards[0] == JOKER else card_suit(cards[0])
    ranked = []
    for i, c in enumerate(cards):
        if c == JOKER:
            continue
        if card_suit(c) == trump:
            ranked.append((2, card_rank(c), i))
        elif card_suit(c) == led:
            ranked.append((1, card_rank(c), i))
    if ranked:
        return max(ranked)[2]
    assert cards[0] == JOKER
    if v.opt("led_joker_wins_unfollowed"):
        return 0
    first = card_suit(cards[1])
    return max((card_rank(c), i) for i, c in enumerate(cards) if card_suit(c) == first)[1]


def rules_score(bid, points, declarer, friend, players):
    share = points - 12 if points >= bid else -(bid - 12)
    if points == 20:
        share *= 2
    if 20 - points >= 11:
        share *= 2
    out = [-share] * players
    out[declarer] = 2 * share + (share if friend is None else 0)
    if friend is not None:
        out[friend] = share
    return out


# ---- property tests -------------------------------------------------------------------------------
BOOL = st.booleans()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), players=st.sampled_from([5, 5, 5, 3, 4, 6, 7]),
       options=st.fixed_dictionaries({"joker_any_time": BOOL, "mighty_any_time": BOOL,
                                      "joker_powerless_first_last": BOOL,
                                      "led_joker_wins_unfollowed": BOOL}))
def test_random_legal_hands(seed, players, options):
    v = mighty(players=players, **options)
    rng = random.Random(seed)
    deal = random_deal(v, rng)
    level = rng.randint(13, 20)
    bid_trump = rng.choice([S, H, D, C, NT])
    bidder = rng.randrange(players)
    dealer = rng.randrange(players)
    first = Auction(v, dealer).first
    k = (bidder - first) % players
    calls = [None] * k + [Bid(level, bid_trump)]
    if Bid(level, bid_trump) != Bid(20, NT):      # 20NT ends the auction at once
        calls += [None] * (players - 1 - k)

    def choose(deal, result):
        pool = list(cards_of(deal.hands[result.declarer] | deal.rest))
        discard = tuple(rng.sample(pool, v.blind_size))
        new = rng.choice([None, S, H, D, C, NT])
        if new not in (None, bid_trump) and level + (1 if NT in (new, bid_trump) else 2) > 20:
            new = None
        friend = rng.choice(["card", "card", "none", "first-trick"])
        return Choices(call=rng.randrange(53), discard=discard, trump=new, friend=friend)

    leads = []

    def policy(pos, r):
        moves = pos.legal_moves()
        assert {str(m) for m in moves} == rules_legal(pos)
        move = r.choice(moves)
        if not pos.played:
            leads.append(move)
        return move

    rec = play_hand(v, deal, dealer=dealer, calls=calls, choose=choose, policy=policy, rng=seed)
    assert rec.auction.declarer == bidder
    c = rec.contract
    assert len(rec.tricks) == v.tricks
    trump = c.trump if c.trump in tuple(Suit) else None
    side = 0
    for t, ((leader, cards, win, value), lead) in enumerate(zip(rec.tricks, leads)):
        idx = rules_winner(cards, trump, t, v.tricks, lead.joker_suit, lead.call_joker, v)
        assert win == (leader + idx) % players
        assert value == points_of(mask_of(cards))
        side += value if win in (c.declarer, c.partner) else 0
    assert sum(value for *_, value in rec.tricks) + points_of(c.discards) == 20
    assert rec.side_taken == side and rec.taken == side + points_of(c.discards)
    if c.friend == "first-trick":
        first_winner = rec.tricks[0][2]
        assert c.partner == (None if first_winner == c.declarer else first_winner)
    assert rec.scores == rules_score(c.bid.level, rec.taken, c.declarer, c.partner, players)
