"""Rule tests for the ``japanese`` and ``japanese-stakes`` presets (RULES.md sections 1, 2, 7).

Every expected outcome here is worked out from RULES.md by hand: tricks, hands and deals are
built card by card. The property tests at the end compare random complete hands against a
small independent restatement of the rules (``rules_winner``, ``rules_score``) written from
RULES.md, not from the engine.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napoleon_rules import (AuctionError, Bid, Choices, Deal, DealError, IllegalPlayError,
                            OptionError, Position, Suit, get_variant, parse_card, parse_cards,
                            play_hand, random_deal, reference)
from napoleon_rules.auction import Auction, run_auction
from napoleon_rules.cards import FULL_DECK, POINT_CARDS, card_rank, card_suit, mask_of, points_of
from napoleon_rules.game import Contract

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
PRESETS = ("japanese", "japanese-stakes")
JP = get_variant("japanese")
ST = get_variant("japanese-stakes")


# ---- builders ------------------------------------------------------------------------------------
def winner(variant, cards: str, trump, trick: int = 1) -> str:
    """The card that wins the trick ``cards`` (text, leader first)."""
    played = parse_cards(cards)
    return cards.split()[variant.trick_winner(played, trump=trump, trick=trick)]


def position(variant, trump, hands: list[str], *, leader=0, trick=1, declarer=0, partner=None,
             played: str = "") -> Position:
    """A position built directly from card lists (``hands[i]`` = seat i's cards as text)."""
    pos = Position(variant, trump, declarer, partner, tuple(mask_of(parse_cards(h)) for h in hands),
                   leader=leader, trick=trick)
    for card in played.split():
        pos = pos.play(card)
    return pos


def legal(pos: Position) -> set[str]:
    return {str(m) for m in pos.legal_moves()}


# One full five-player deal: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs (A..5 each), seat 4
# the low cards, blind 3C 2C.
SUITED_HANDS = ["AS KS QS JS TS 9S 8S 7S 6S 5S", "AH KH QH JH TH 9H 8H 7H 6H 5H",
                "AD KD QD JD TD 9D 8D 7D 6D 5D", "AC KC QC JC TC 9C 8C 7C 6C 5C",
                "4S 3S 2S 4H 3H 2H 4D 3D 2D 4C"]
SUITED_BLIND = "3C 2C"


def suited_deal(variant=JP) -> Deal:
    return Deal(variant, tuple(mask_of(parse_cards(h)) for h in SUITED_HANDS),
                mask_of(parse_cards(SUITED_BLIND))).check()


# ---- deck and deal (section 1, section 7) --------------------------------------------------------
@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("players,hand,blind",
                         [(3, 16, 4), (4, 12, 4), (5, 10, 2), (6, 8, 4), (7, 7, 3)])
def test_deal_sizes_follow_the_player_table(name, players, hand, blind):
    v = get_variant(name, {"players": players})
    assert (v.players, v.hand_size, v.blind_size, v.tricks) == (players, hand, blind, hand)
    assert v.deck == FULL_DECK
    deal = random_deal(v, 7)
    sizes = [bin(h).count("1") for h in deal.hands + (deal.rest,)]
    assert sizes == [hand] * players + [blind] and sum(sizes) == 52
    assert mask_of(c for h in deal.hands + (deal.rest,) for c in mask_cards(h)) == FULL_DECK


def test_default_is_five_players_and_twenty_point_cards():
    assert (JP.players, JP.hand_size, JP.blind_size) == (5, 10, 2)
    assert (ST.players, ST.hand_size, ST.blind_size) == (5, 10, 2)
    assert points_of(FULL_DECK) == 20
    assert POINT_CARDS == mask_of(parse_cards(" ".join(r + s for r in "AKQJT" for s in "SHDC")))


@pytest.mark.parametrize("players", [2, 8])
def test_player_count_outside_3_to_7_is_refused(players):
    with pytest.raises(OptionError):
        get_variant("japanese", {"players": players})


def test_deal_with_a_wrong_hand_size_is_refused():
    hands = [mask_of(parse_cards(h)) for h in SUITED_HANDS]
    hands[4] |= mask_of(parse_cards("3C"))   # 11 cards, blind of one
    with pytest.raises(DealError):
        Deal(JP, tuple(hands), mask_of(parse_cards("2C"))).check()


# ---- auction -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PRESETS)
def test_bids_are_11_to_20_with_suit_order_clubs_diamonds_hearts_spades(name):
    bids = [str(b) for b in get_variant(name).all_bids()]
    assert len(bids) == 40
    assert bids[:5] == ["11C", "11D", "11H", "11S", "12C"]
    assert bids[-4:] == ["20C", "20D", "20H", "20S"]


@pytest.mark.parametrize("first,second,ok", [
    ("13C", "13D", True), ("13D", "13H", True), ("13H", "13S", True), ("13S", "14C", True),
    ("13D", "13C", False), ("13S", "13H", False), ("13C", "13C", False), ("14C", "13S", False),
])
def test_a_bid_beats_the_last_by_number_then_suit(first, second, ok):
    a = Auction(JP, dealer=0)
    a.call(first)
    if ok:
        a.call(second)
        assert a.high == Bid(int(second[:-1]), Suit.from_str(second[-1]))
    else:
        with pytest.raises(AuctionError):
            a.call(second)


@pytest.mark.parametrize("bid", ["10S", "21C", "0H", "15", "15NT", "nap"])
def test_a_bid_is_a_number_11_to_20_and_a_suit(bid):
    with pytest.raises(IllegalPlayError):         # AuctionError is one too
        Auction(JP, dealer=0).call(bid)


def test_first_bidder_is_left_of_dealer_and_four_passes_after_a_bid_end_the_auction():
    a = Auction(JP, dealer=2)
    assert a.to_act == 3
    a.call("12H")                       # seat 3
    for _ in range(3):
        a.call("pass")
        assert not a.over
    a.call("pass")                      # the fourth pass after the bid
    assert a.over
    assert (a.result.declarer, str(a.result.bid)) == (3, "12H")


def test_pass_is_final_the_passed_seat_is_skipped():
    a = Auction(JP, dealer=0)
    a.call("pass")                      # seat 1 passes: out for good
    a.call("12C")                       # seat 2
    a.call("13C")                       # seat 3
    a.call("pass")                      # seat 4
    a.call("pass")                      # seat 0
    assert not a.over
    assert a.to_act == 2                # seat 1 is skipped
    a.call("14C")                       # seat 2 outbids 3
    assert a.to_act == 3
    a.call("pass")                      # seat 3: now every other seat has passed
    assert a.over and (a.result.declarer, str(a.result.bid)) == (2, "14C")
    assert [seat for seat, _ in a.calls] == [1, 2, 3, 4, 0, 2, 3]


def test_bid_of_20_spades_ends_the_auction_but_20_hearts_does_not():
    a = Auction(JP, dealer=0)
    a.call("20H")
    assert not a.over and [str(b) for b in a.legal_bids()] == ["20S"]
    a.call("20S")
    assert a.over and (a.result.declarer, str(a.result.bid)) == (2, "20S")


@pytest.mark.parametrize("dealer", range(5))
def test_all_pass_redeals_next_dealer_in_japanese_same_dealer_in_stakes(dealer):
    a = run_auction(JP, dealer, ["pass"] * 5)
    assert a.result.redeal and a.result.redeal_by == (dealer + 1) % 5
    b = run_auction(ST, dealer, ["pass"] * 5)
    assert b.result.redeal and b.result.redeal_by == dealer
    # the options switch the two local rules
    assert run_auction(get_variant("japanese", {"all_pass_same_dealer": True}), dealer,
                       ["pass"] * 5).result.redeal_by == dealer
    assert run_auction(get_variant("japanese-stakes", {"all_pass_same_dealer": False}), dealer,
                       ["pass"] * 5).result.redeal_by == (dealer + 1) % 5


@pytest.mark.parametrize("players", [3, 4, 6, 7])
def test_auction_with_other_player_counts(players):
    v = get_variant("japanese", {"players": players})
    a = Auction(v, dealer=0)
    a.call("11C")
    for _ in range(players - 2):
        a.call("pass")
    assert not a.over
    a.call("pass")
    assert a.result.declarer == 1
    assert run_auction(v, players - 1, ["pass"] * players).result.redeal_by == 0


def test_auction_refuses_calls_once_over():
    a = run_auction(JP, 0, ["20S"])
    with pytest.raises(AuctionError):
        a.call("pass")


# ---- calling the General, blind, discards --------------------------------------------------------
def declare(call: str, discard: str, declarer=0, bid="15S", variant=JP):
    b = Bid(int(bid[:-1]), Suit.from_str(bid[-1]))
    return variant.declare(suited_deal(variant), declarer, b,
                           Choices(call=parse_card(call), discard=tuple(parse_cards(discard))))


def test_holder_of_the_called_card_is_the_general():
    contract, pos = declare("AD", "2C 3C")
    assert (contract.partner, contract.alone, pos.partner) == (2, False, 2)
    assert pos.trump == S and contract.trump == S


@pytest.mark.parametrize("call", ["3C", "KS"])   # in the blind / in Napoleon's own hand
def test_called_card_in_blind_or_own_hand_means_alone(call):
    contract, pos = declare(call, "2C 3C")
    assert contract.partner is None and contract.alone and pos.partner is None


def test_napoleon_takes_the_blind_and_discards_two():
    contract, pos = declare("AD", "5S 6S")
    expect = mask_of(parse_cards("AS KS QS JS TS 9S 8S 7S 3C 2C"))
    assert pos.hands[0] == expect
    assert contract.discards == mask_of(parse_cards("5S 6S"))
    assert pos.hands[1:] == suited_deal().hands[1:]


@pytest.mark.parametrize("discard", ["2C", "2C 3C 5S", "2C 2C", "AH 2C"])
def test_discard_must_be_two_cards_of_hand_or_blind(discard):
    with pytest.raises(IllegalPlayError):
        declare("AD", discard)


@pytest.mark.parametrize("call", [None, 52, -1])   # no call; the Joker is not in this deck
def test_napoleon_must_call_a_card_of_the_deck(call):
    with pytest.raises(IllegalPlayError):
        JP.declare(suited_deal(), 0, Bid(15, S), Choices(call=call, discard=tuple(parse_cards("2C 3C"))))


def test_napoleon_leads_any_card_to_the_first_trick():
    contract, pos = declare("AD", "2C 3C")
    assert (pos.leader, pos.trick, pos.to_move) == (0, 0, 0)
    assert legal(pos) == set("AS KS QS JS TS 9S 8S 7S 6S 5S".split())   # trumps included


@pytest.mark.parametrize("name", PRESETS)
def test_discarded_point_cards_score_for_the_opponents(name):
    v = get_variant(name)
    deal = suited_deal(v)
    # Seat 1 bids 13H, calls AD (seat 2 is General), discards AH KH: 2 points to the opponents.
    rec = play_hand(v, deal, dealer=0, calls=["13H"] + ["pass"] * 4,
                    choose=lambda d, r: Choices(parse_card("AD"), tuple(parse_cards("AH KH"))),
                    rng=3)
    assert rec.contract.discard_points == 2 and rec.contract.partner == 2
    assert sum(value for *_, value in rec.tricks) == 18
    side = sum(value for _, _, win, value in rec.tricks if win in (1, 2))
    assert rec.side_taken == side and rec.taken == side
    assert v.credited(rec.contract, 17) == 17        # discards never count for Napoleon
    assert rec.scores == rules_score(name, 13, rec.taken, declarer=1, partner=2, players=5)


# ---- trick winners: the first trick --------------------------------------------------------------
@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("cards,trump,wins", [
    ("5H 2H AS JS 9H", S, "9H"),       # Mighty and right J have no power on trick 1
    ("4D 2D 3S 6D 5D", S, "6D"),       # a trump played by a void player loses
    ("KC JC 2C 3C 4C", S, "KC"),       # left J is only the jack of clubs
    ("QH AS 3H AH 2H", S, "AH"),       # no Yoromeki on trick 1
    ("5H 2H 9H KH 3H", S, "KH"),       # no Same-two on trick 1
    ("4S AS QH 2S 3S", C, "AS"),       # A spades is just the highest spade
    ("TC AD AH AS 9C", D, "TC"),       # aces of other suits, trump ace: nothing beats the led suit
])
def test_first_trick_highest_of_suit_led_wins(name, cards, trump, wins):
    assert winner(get_variant(name), cards, trump, trick=0) == wins


# ---- trick winners: from the second trick --------------------------------------------------------
@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("cards,trump,wins", [
    ("4D JS AS 2D 3D", S, "AS"),       # Mighty beats the right J
    ("4D JC AS 2D 3D", C, "AS"),       # Mighty beats the right J of clubs too
    ("4C JD JH AH 2C", H, "JH"),       # right J beats left J
    ("4C AH JD KH 2C", H, "JD"),       # left J beats the trump ace
    ("AD KD JD QD 2D", H, "JD"),       # left J wins its own printed suit
    ("2S JS 3S JC AS", C, "AS"),       # trump C: left J is JS, still below the Mighty
    ("2S KS 3S JS QS", C, "JS"),       # trump C: left J (JS) beats KS on a spade lead
    ("AC KC 2D QC 3D", D, "3D"),       # any trump beats the led suit
    ("5C TD QD 9D 4C", D, "QD"),       # trumps rank A K Q T 9 ..
    ("5C KD AD 9D 4C", D, "AD"),
    ("JS QS 2S 3S 4D", H, "QS"),       # the jacks of the other colour are plain cards
    ("3C AH 2C KD 4C", S, "4C"),       # off-suit cards, even aces, lose
    ("2H 3H 4H 5H AS", C, "AS"),       # Mighty (a spade) wins a heart trick as a void player's card
])
def test_later_tricks_mighty_right_left_trumps_led_suit(name, cards, trump, wins):
    assert winner(get_variant(name), cards, trump, trick=1) == wins
    assert winner(get_variant(name), cards, trump, trick=9) == wins


# ---- Yoromeki ------------------------------------------------------------------------------------
@pytest.mark.parametrize("cards,trump", [
    ("AS JS QH JC 2S", S), ("3D AS 4D QH 5D", C), ("QH AS JH JD AH", H),
])
def test_yoromeki_queen_of_hearts_beats_the_mighty_from_trick_2(cards, trump):
    assert winner(JP, cards, trump, trick=1) == "QH"
    assert winner(get_variant("japanese", {"yoromeki": False}), cards, trump, trick=1) == "AS"
    assert winner(ST, cards, trump, trick=1) == "AS"          # stakes: no Yoromeki
    assert winner(get_variant("japanese-stakes", {"yoromeki": True}), cards, trump, trick=1) == "QH"


def test_queen_of_hearts_without_the_mighty_is_a_plain_card():
    assert winner(JP, "3H QH KH 2H 4D", S, trick=1) == "KH"
    assert winner(JP, "5D QH 2D 3D 4D", S, trick=1) == "5D"
    assert winner(JP, "3H QH JS 2H 4H", S, trick=1) == "JS"


def test_yoromeki_does_not_apply_on_the_first_trick():
    assert winner(JP, "4S AS QH 2S 3S", D, trick=0) == "AS"
    # also not when the first trick is played with full powers (decision: "from the second trick")
    assert winner(get_variant("japanese", {"first_trick_plain": False}), "4S AS QH 2S 3S", D,
                  trick=0) == "AS"


# ---- Same-two ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("cards,trump,wins", [
    ("5C KC 2C AC 9C", S, "2C"),       # all clubs, no special: the 2 wins
    ("5C JC 2C AC 9C", S, "JC"),       # left J (JC with spades trump) in the trick wins
    ("5C JC 2C AC 9C", C, "JC"),       # right J wins
    ("5C AC 2C KC QC", C, "2C"),       # the trump suit too
    ("AS 2S 3S KS QS", H, "AS"),       # Mighty in the trick wins
    ("KS 2S 3S QS TS", H, "2S"),
    ("KS 2S 3S QS TS", S, "2S"),       # spades trump, no Mighty nor right J: 2 wins
    ("2H 5H JH AH KH", D, "JH"),       # trump D: JH is the left J
    ("5C KC 2C AC 9D", S, "AC"),       # not all one suit: no Same-two
    ("5C KC 2C AC 9D", D, "9D"),
    ("5C KC 3C AC 9C", S, "AC"),       # all one suit without its 2
])
def test_same_two_from_trick_2(name, cards, trump, wins):
    assert winner(get_variant(name), cards, trump, trick=1) == wins


@pytest.mark.parametrize("name", PRESETS)
def test_same_two_not_on_first_trick_and_switchable(name):
    v = get_variant(name)
    assert winner(v, "5C KC 2C AC 9C", S, trick=0) == "AC"
    off = get_variant(name, {"same_two": False})
    assert winner(off, "5C KC 2C AC 9C", S, trick=1) == "AC"
    assert winner(off, "5C AC 2C KC QC", C, trick=1) == "AC"


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("players,cards,trump,wins", [
    (3, "5C 2C AC", S, "2C"), (3, "5C 2C AD", S, "5C"), (3, "5C 2C JC", S, "JC"),
    (4, "KD 2D AD 9D", S, "2D"), (4, "KD 2D AD 9H", S, "AD"),
    (6, "3H 4H 5H 2H AH KH", C, "2H"), (6, "3H 4H 5H 2H AH KS", C, "AH"),
    (7, "3H 4H 5H 2H AH KH QH", C, "2H"), (7, "3H 4H 5H 2H AH KH QH", D, "2H"),
])
def test_same_two_needs_all_cards_of_the_trick_with_any_player_count(name, players, cards, trump,
                                                                      wins):
    assert winner(get_variant(name, {"players": players}), cards, trump, trick=1) == wins


# ---- legal plays ---------------------------------------------------------------------------------
@pytest.mark.parametrize("trump,hand,led,expect", [
    (S, "2H KC AS", "5H", "2H"),      # must follow suit; the Mighty keeps its printed suit
    (S, "KC AS 3D", "5H", "KC AS 3D"),  # void: any card
    (S, "JC 3D", "5C", "JC"),         # spades trump: the left J (JC) is a club for following
    (S, "JC 3D", "5S", "JC 3D"),      # void in spades: a trump lead does not force the left J
    (S, "JC 4S", "5S", "4S"),         # ... and it may not replace a spade
    (H, "AS 3D", "5S", "AS"),         # the Mighty follows spades
    (S, "JS 3D", "5S", "JS"),         # the right J follows its (trump) suit
    (H, "AS JH 3C", "5D", "AS JH 3C"),  # void: specials may be played freely
])
def test_legal_plays_follow_printed_suit(trump, hand, led, expect):
    pos = position(JP, trump, [f"{led} 2D", hand, "3C", "4C", "6C"], played=led)
    assert legal(pos) == set(expect.split())
    for card in set(hand.split()) - set(expect.split()):
        with pytest.raises(IllegalPlayError):
            pos.play(card)


def test_playing_a_card_not_held_is_illegal():
    pos = position(JP, S, ["5H 2D", "2H KC", "3C", "4C", "5C"])
    with pytest.raises(IllegalPlayError):
        pos.play("AH")
    with pytest.raises(IllegalPlayError):
        pos.play(parse_card("2H"))   # seat 1's card, seat 0 to move


def test_trick_winner_leads_the_next_trick():
    pos = position(JP, S, ["5H 2D", "KH 3D", "2S 4D", "AH 5D", "3H 6D"], trick=1)
    pos, done = pos.play_trick("5H")
    for card in ("KH", "2S", "AH"):
        pos, done = pos.play_trick(card)
        assert done is None
    pos, done = pos.play_trick("3H")
    assert done == (2, 2)                # seat 2's trump 2S wins; points AH KH
    assert (pos.leader, pos.to_move, pos.trick, pos.played) == (2, 2, 2, ())


# ---- scoring -------------------------------------------------------------------------------------
def rules_score(name, bid, taken, *, declarer, partner, players=5, alone_doubles=True,
                collects_share=False) -> list[int]:
    """Each seat's result, restated from RULES.md section 1 (table) and section 2 (stakes)."""
    if name == "japanese":
        if bid == 20:
            row = (4, 2, -2) if taken == 20 else (-4, -2, 2)
        elif bid <= taken < 20:
            row = (2, 1, -1)
        else:                                   # failed, or the Siberian rule
            row = (-2, -1, 1)
        k = 2 if partner is None and alone_doubles else 1
        return [k * (row[0] if s == declarer else row[1] if s == partner else row[2])
                for s in range(players)]
    made = taken == 20 if bid == 20 else bid <= taken < 20
    sign = (1 if made else -1) * (2 if bid == 20 else 1)
    nap_rate = 2 + (1 if partner is None and collects_share else 0)
    general_rate = 1 if partner is not None else 0
    opponents = players - 1 - (partner is not None)
    return [sign * nap_rate * opponents if s == declarer else
            sign * general_rate * opponents if s == partner else
            -sign * (nap_rate + general_rate) for s in range(players)]


def contract(bid, declarer=0, partner=2):
    return Contract(declarer, Bid(bid, S), S, partner, None, 0, alone=partner is None)


# (bid, taken) -> (Napoleon, General, each opponent), RULES.md section 1
JAPANESE_TABLE = [
    (20, 20, (4, 2, -2)), (20, 19, (-4, -2, 2)), (20, 0, (-4, -2, 2)),
    (11, 11, (2, 1, -1)), (15, 15, (2, 1, -1)), (15, 19, (2, 1, -1)), (19, 19, (2, 1, -1)),
    (15, 14, (-2, -1, 1)), (19, 18, (-2, -1, 1)), (11, 0, (-2, -1, 1)),
    (11, 20, (-2, -1, 1)), (15, 20, (-2, -1, 1)), (19, 20, (-2, -1, 1)),   # Siberian rule
]


@pytest.mark.parametrize("bid,taken,row", JAPANESE_TABLE)
def test_japanese_score_table_with_general(bid, taken, row):
    s, g, o = row
    assert JP.score(contract(bid), taken) == [s, o, g, o, o]
    assert JP.score(contract(bid, declarer=3, partner=1), taken) == [o, g, o, s, o]
    assert sum(JP.score(contract(bid), taken)) == 0      # 5 players with a General: zero-sum


@pytest.mark.parametrize("bid,taken,row", JAPANESE_TABLE)
def test_japanese_alone_doubles_every_figure(bid, taken, row):
    s, _, o = row
    assert JP.score(contract(bid, declarer=1, partner=None), taken) == [2 * o, 2 * s] + [2 * o] * 3
    single = get_variant("japanese", {"alone_doubles": False})
    assert single.score(contract(bid, declarer=1, partner=None), taken) == [o, s, o, o, o]


# (bid, taken, partner) -> seats 0..4 with Napoleon at seat 0, RULES.md section 2
STAKES_TABLE = [
    (15, 15, 2, [6, -3, 3, -3, -3]), (15, 19, 2, [6, -3, 3, -3, -3]),
    (15, 14, 2, [-6, 3, -3, 3, 3]), (15, 20, 2, [-6, 3, -3, 3, 3]),      # all 20 without bid 20
    (11, 20, 2, [-6, 3, -3, 3, 3]),
    (20, 20, 2, [12, -6, 6, -6, -6]), (20, 19, 2, [-12, 6, -6, 6, 6]),
    (15, 15, None, [8, -2, -2, -2, -2]), (15, 3, None, [-8, 2, 2, 2, 2]),
    (20, 20, None, [16, -4, -4, -4, -4]), (17, 20, None, [-8, 2, 2, 2, 2]),
]


@pytest.mark.parametrize("bid,taken,partner,expect", STAKES_TABLE)
def test_stakes_settlement(bid, taken, partner, expect):
    assert ST.score(contract(bid, partner=partner), taken) == expect
    assert sum(expect) == 0


def test_stakes_alone_may_collect_the_teammates_share():
    v = get_variant("japanese-stakes", {"alone_collects_partner_share": True})
    assert v.score(contract(15, partner=None), 16) == [12, -3, -3, -3, -3]
    assert v.score(contract(20, partner=None), 12) == [-24, 6, 6, 6, 6]
    assert v.score(contract(15, partner=2), 16) == [6, -3, 3, -3, -3]    # no change with a General


def test_stakes_alone_doubling_is_an_option():
    """RULES.md section 2 does not say whether japanese's alone doubling carries over to the
    stakes: off by default (2 per opponent), on it doubles every alone payment."""
    v = get_variant("japanese-stakes", {"alone_doubles": True})
    assert v.score(contract(15, partner=None), 16) == [16, -4, -4, -4, -4]
    assert v.score(contract(15, partner=None), 3) == [-16, 4, 4, 4, 4]
    assert v.score(contract(20, partner=None), 20) == [32, -8, -8, -8, -8]
    assert v.score(contract(15, partner=2), 16) == [6, -3, 3, -3, -3]    # no change with a General
    both = get_variant("japanese-stakes", {"alone_doubles": True,
                                           "alone_collects_partner_share": True})
    assert both.score(contract(15, partner=None), 16) == [24, -6, -6, -6, -6]
    assert ST.score(contract(15, partner=None), 16) == [8, -2, -2, -2, -2]   # the default


@pytest.mark.parametrize("players", [3, 4, 6, 7])
@pytest.mark.parametrize("partner", [1, None])
@pytest.mark.parametrize("bid,taken", [(13, 13), (13, 12), (13, 20), (20, 20), (20, 18)])
def test_scores_for_other_player_counts(players, partner, bid, taken):
    jp = get_variant("japanese", {"players": players})
    st_ = get_variant("japanese-stakes", {"players": players})
    c = contract(bid, partner=partner)
    assert jp.score(c, taken) == rules_score("japanese", bid, taken, declarer=0, partner=partner,
                                             players=players)
    assert st_.score(c, taken) == rules_score("japanese-stakes", bid, taken, declarer=0,
                                              partner=partner, players=players)
    assert sum(st_.score(c, taken)) == 0                 # stakes are paid between players


# ---- reference minimax on tiny endgames ----------------------------------------------------------
def test_reference_last_trick():
    pos = position(JP, S, ["AH", "KH", "2C", "TH", "QD"], trick=9, partner=2)
    assert reference.value(pos) == 4                      # AH wins AH KH TH QD


def test_reference_same_two_endgame():
    hands = ["2C AD", "KC 3D", "AC 4D", "QC 5D", "TC 6D"]
    # Leading 2C: every seat must follow clubs, so the 2 wins K A Q T (4); AD then wins 1.
    for name in PRESETS:
        assert reference.solve(position(get_variant(name), H, hands, trick=8)) == \
            (5, {parse_card("2C"): 5, parse_card("AD"): 5})
    # Without Same-two only AD takes a trick.
    off = get_variant("japanese", {"same_two": False})
    assert reference.value(position(off, H, hands, trick=8)) == 1


def test_reference_yoromeki_endgame():
    hands = ["AS 2H", "QH 3H", "2C 3C", "4C 5C", "6C 7C"]
    # Yoromeki: seat 1 answers AS with QH, or wins 2H with 3H and later QH beats AS: 0 for Napoleon.
    assert reference.value(position(JP, S, hands, trick=8)) == 0
    # Without it Napoleon keeps 1: seat 1 lets AS win alone and takes 2H with QH (or vice versa).
    assert reference.value(position(ST, S, hands, trick=8)) == 1
    no_yoromeki = get_variant("japanese", {"yoromeki": False})
    assert reference.value(position(no_yoromeki, S, hands, trick=8)) == 1


def test_reference_first_trick_plain_changes_the_best_lead():
    ah, ks = parse_card("AH"), parse_card("KS")
    hands = ["AH KS", "2S 3C", "4C 5C", "6C 7C", "8C 9C"]
    # From trick 2: leading AH lets seat 1 ruff with 2S (Napoleon then gets KS only: 1);
    # leading KS first draws the 2S (KS 1, then AH 1: 2).
    assert reference.solve(position(JP, S, hands, trick=8)) == (2, {ah: 1, ks: 2})
    # On trick 1 the 2S cannot ruff, so both leads take both points.
    assert reference.solve(position(JP, S, hands, trick=0)) == (2, {ah: 2, ks: 2})
    # Seat 1 with two spades: on trick 1 AH is safe and must go first; later it is ruffed anyway.
    hands[1] = "2S 3S"
    assert reference.solve(position(JP, S, hands, trick=0)) == (2, {ah: 2, ks: 1})
    assert reference.solve(position(JP, S, hands, trick=8)) == (1, {ah: 1, ks: 1})


# ---- property tests: random complete hands against RULES.md --------------------------------------
SAME_COLOUR = {S: C, C: S, H: D, D: H}
MIGHTY, QUEEN_OF_HEARTS = parse_card("AS"), parse_card("QH")


def rules_winner(cards: list[int], trump: Suit, trick: int, *, yoromeki: bool, same_two: bool) -> int:
    """Index of the winning card, restated from RULES.md sections 1 and 2."""
    led = card_suit(cards[0])
    if trick == 0:
        return max((i for i, c in enumerate(cards) if card_suit(c) == led),
                   key=lambda i: card_rank(cards[i]))
    if yoromeki and MIGHTY in cards and QUEEN_OF_HEARTS in cards:
        return cards.index(QUEEN_OF_HEARTS)
    right, left = trump * 13 + 9, SAME_COLOUR[trump] * 13 + 9      # the jacks (rank 11)
    all_one_suit = all(card_suit(c) == led for c in cards)

    def power(c: int) -> int:
        if c == MIGHTY:
            return 300
        if c == right:
            return 299
        if c == left:
            return 298
        if same_two and all_one_suit and card_rank(c) == 2:
            return 297
        if card_suit(c) == trump:
            return 200 + card_rank(c)
        if card_suit(c) == led:
            return 100 + card_rank(c)
        return 0
    return max(range(len(cards)), key=lambda i: power(cards[i]))


variant_settings = st.tuples(
    st.sampled_from(PRESETS), st.integers(3, 7), st.booleans(), st.booleans())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setting=variant_settings, seed=st.integers(0, 2 ** 32 - 1), bid_level=st.integers(11, 20),
       bid_suit=st.sampled_from("CDHS"), dealer=st.integers(0, 6))
def test_random_hands_follow_the_rules(setting, seed, bid_level, bid_suit, dealer):
    name, players, yoromeki, same_two = setting
    v = get_variant(name, {"players": players, "yoromeki": yoromeki, "same_two": same_two})
    dealer %= players
    rng = random.Random(seed)
    deal = random_deal(v, rng)
    declarer = (dealer + 1) % players
    pool = list(mask_cards(deal.hands[declarer] | deal.rest))
    discard = tuple(rng.sample(pool, v.blind_size))
    call = rng.randrange(52)
    bid = f"{bid_level}{bid_suit}"
    calls = [bid] if bid == "20S" else [bid] + ["pass"] * (players - 1)   # 20S ends the auction
    rec = play_hand(v, deal, dealer=dealer, calls=calls,
                    choose=lambda d, r: Choices(call=call, discard=discard), rng=rng)
    trump = Suit.from_str(bid_suit)

    # Declaration: the holder of the called card is the General, else Napoleon is alone.
    holders = [s for s, h in enumerate(deal.hands) if h >> call & 1]
    partner = holders[0] if holders and holders[0] != declarer else None
    c = rec.contract
    assert (c.declarer, c.partner, c.alone, c.trump) == (declarer, partner, partner is None, trump)

    # Replay: follow suit if able, winners by RULES.md, the winner leads next.
    hands = list(deal.hands)
    hands[declarer] = (hands[declarer] | deal.rest) & ~mask_of(discard)
    assert len(rec.tricks) == v.hand_size
    leader = declarer
    side_points = 0
    for number, (lead_seat, cards, win, value) in enumerate(rec.tricks):
        assert lead_seat == leader and len(cards) == players
        led = card_suit(cards[0])
        for i, card in enumerate(cards):
            seat = (leader + i) % players
            assert hands[seat] >> card & 1
            if i and any(card_suit(x) == led for x in mask_cards(hands[seat])):
                assert card_suit(card) == led
            hands[seat] &= ~(1 << card)
        idx = rules_winner(cards, trump, number, yoromeki=yoromeki, same_two=same_two)
        assert win == (leader + idx) % players
        assert value == points_of(mask_of(cards))
        if win in (declarer, partner):
            side_points += value
        leader = win
    assert not any(hands)

    # All 20 points are distributed: tricks plus discards; discards never count for Napoleon.
    assert sum(value for *_, value in rec.tricks) + points_of(mask_of(discard)) == 20
    assert rec.side_taken == side_points and rec.taken == side_points
    assert rec.scores == rules_score(name, bid_level, side_points, declarer=declarer,
                                     partner=partner, players=players)
    if name == "japanese-stakes" or (players == 5 and partner is not None):
        assert sum(rec.scores) == 0


def mask_cards(mask: int):
    return (c for c in range(52) if mask >> c & 1)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(PRESETS), dealer=st.integers(0, 4), seed=st.integers(0, 2 ** 32 - 1))
def test_random_auctions_end_as_the_rules_say(name, dealer, seed):
    rng, a = random.Random(seed), Auction(get_variant(name), dealer)
    key = lambda b: (b.level, "CDHS".index(str(b.trump)))          # noqa: E731
    passed, high, high_seat, seat = set(), None, None, (dealer + 1) % 5
    while True:
        assert a.to_act == seat
        above = [f"{n}{s}" for n in range(11, 21) for s in "CDHS"
                 if high is None or (n, "CDHS".index(s)) > key(high)]
        assert [str(b) for b in a.legal_bids()] == above
        bid = rng.choice(a.legal_bids()) if rng.random() < 0.4 else None
        a.call(bid)
        if bid is None:
            passed.add(seat)
        else:
            high, high_seat = bid, seat
        ends = len(passed) == 5 or high is not None and (len(passed) == 4 or str(high) == "20S")
        assert a.over == ends
        if ends:
            break
        seat = next((seat + k) % 5 for k in range(1, 6) if (seat + k) % 5 not in passed)  # pass is final
    if high is None:
        assert a.result.redeal_by == (dealer if name == "japanese-stakes" else (dealer + 1) % 5)
    else:
        assert (a.result.declarer, a.result.bid) == (high_seat, high)
