"""Rule tests for the ``nap`` preset (RULES.md section 6).

Expected outcomes are worked out from RULES.md by hand. The property test runs random
auctions and random legal play for random player counts and packs, and checks legal-move sets,
trump, trick winners and stakes against a restatement of section 6 written from RULES.md.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napoleon_rules import (NT, AuctionError, Bid, Choices, Deal, IllegalPlayError, OptionError,
                            Position, Suit, get_variant, parse_bid, parse_card, parse_cards,
                            play_hand, random_deal, reference)
from napoleon_rules.auction import Auction, run_auction
from napoleon_rules.cards import FULL_DECK, card_rank, card_suit, cards_of, mask_of
from napoleon_rules.game import Contract

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
NAP = get_variant("nap")
ALL_BIDS = get_variant("nap", {"two": True, "wellington": True, "blucher": True})
SEVEN = get_variant("nap", {"seven_card": True})


# ---- builders ------------------------------------------------------------------------------------
def position(trump, hands: list[str], *, leader=0, trick=0, declarer=0, contract=None,
             played: str = "", variant=NAP) -> Position:
    pos = Position(variant, trump, declarer, None, tuple(mask_of(parse_cards(h)) for h in hands),
                   leader=leader, trick=trick, contract=contract)
    for move in played.split():
        pos = pos.play(move)
    return pos


def legal(pos: Position) -> set[str]:
    return {str(m) for m in pos.legal_moves()}


def bids(variant) -> list[str]:
    return [str(b) for b in variant.all_bids()]


def contract(bid: str, declarer: int = 0) -> Contract:
    b = Bid(0, None, bid) if not bid.isdigit() else Bid(int(bid))
    return Contract(declarer, b, None, None, None, 0, alone=True)


# ---- players, packs, deal ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_five_cards_each_from_52(players):
    v = get_variant("nap", {"players": players})
    assert (v.players, v.hand_size, v.tricks, v.deck) == (players, 5, 5, FULL_DECK)
    deal = random_deal(v, players).check()
    assert [bin(h).count("1") for h in deal.hands] == [5] * players
    assert bin(deal.rest).count("1") == 52 - 5 * players


@pytest.mark.parametrize("players", [1, 7])
def test_other_player_counts_are_refused(players):
    with pytest.raises(OptionError):
        get_variant("nap", {"players": players})


@pytest.mark.parametrize("pack,lowest", [(28, 8), (32, 7), (36, 6), (40, 5)])
def test_short_packs_hold_the_top_ranks_of_every_suit(pack, lowest):
    v = get_variant("nap", {"pack": pack, "players": 4})
    cards = list(cards_of(v.deck))
    assert len(cards) == pack
    assert {card_rank(c) for c in cards} == set(range(lowest, 15))
    assert {card_suit(c) for c in cards} == {S, H, D, C}
    deal = random_deal(v, 3).check()
    assert all(h & ~v.deck == 0 for h in deal.hands)


def test_a_pack_too_small_for_the_hands_is_refused():
    with pytest.raises(OptionError):
        get_variant("nap", {"pack": 28, "players": 6})          # 30 cards needed
    with pytest.raises(OptionError):
        get_variant("nap", {"pack": 30})                        # not a pack size


def test_seven_card_nap_deals_seven_each():
    assert (SEVEN.hand_size, SEVEN.tricks, SEVEN.blind_size) == (7, 7, 52 - 35)
    deal = random_deal(SEVEN, 1).check()
    assert [bin(h).count("1") for h in deal.hands] == [7] * 5


def test_seven_card_nap_has_no_two_wellington_or_blucher():
    for extra in ("two", "wellington"):
        with pytest.raises(OptionError):
            get_variant("nap", {"seven_card": True, extra: True})
    with pytest.raises(OptionError):
        get_variant("nap", {"blucher": True})                   # Blücher needs Wellington


# ---- auction -------------------------------------------------------------------------------------
def test_bid_order_three_misere_four_nap():
    assert bids(NAP) == ["3", "misere", "4", "nap"]


def test_bid_order_with_every_option():
    assert bids(ALL_BIDS) == ["2", "3", "misere", "4", "nap", "wellington", "blucher"]


def test_seven_card_bid_order_puts_misere_after_nap():
    assert bids(SEVEN) == ["3", "4", "nap", "misere", "6", "7"]


def test_misere_reads_with_its_accent():
    # 'analyse --trump misère' worked, 'solve --bid misère' was a bad bid.
    assert parse_bid("mis\u00e8re") == parse_bid("Mis\u00c8re") == parse_bid("misere")
    auction = Auction(NAP, dealer=0)
    auction.call("mis\u00e8re")
    assert str(auction.high) == "misere"


def test_misere_can_be_switched_off():
    v = get_variant("nap", {"misere": False})
    assert bids(v) == ["3", "4", "nap"]
    with pytest.raises(AuctionError):
        Auction(v, dealer=0).call("misere")


@pytest.mark.parametrize("bid", ["2", "1", "6", "wellington", "blucher", "3S", "4NT"])
def test_bids_not_in_the_five_card_game_are_refused(bid):
    with pytest.raises(IllegalPlayError):
        Auction(NAP, dealer=0).call(bid)


def test_five_is_nap():
    a = Auction(NAP, dealer=0)
    a.call("5")
    assert a.high.name == "nap"


def test_one_bid_each_clockwise_from_the_dealers_left():
    a = Auction(NAP, dealer=2)
    assert a.to_act == 3
    a.call("3")                       # seat 3
    a.call("pass")                    # seat 4
    a.call("4")                       # seat 0
    a.call("pass")                    # seat 1
    assert not a.over
    a.call("pass")                    # seat 2, the dealer, speaks last
    assert a.over and (a.result.declarer, str(a.result.bid)) == (0, "4")
    assert [seat for seat, _ in a.calls] == [3, 4, 0, 1, 2]


@pytest.mark.parametrize("first,second,ok", [
    ("3", "misere", True), ("misere", "4", True), ("4", "misere", False), ("misere", "3", False),
    ("4", "nap", True), ("nap", "4", False), ("3", "3", False), ("misere", "misere", False),
])
def test_each_bid_must_beat_the_last(first, second, ok):
    a = Auction(NAP, dealer=0)
    a.call(first)
    if ok:
        a.call(second)
        assert str(a.high) == second
    else:
        with pytest.raises(AuctionError):
            a.call(second)


def test_two_is_the_lowest_bid_when_allowed():
    a = Auction(ALL_BIDS, dealer=0)
    a.call("2")
    with pytest.raises(AuctionError):
        a.call("2")
    a.call("3")
    assert str(a.high) == "3"


def test_wellington_only_after_nap_and_blucher_only_after_wellington():
    a = Auction(ALL_BIDS, dealer=0)
    assert "wellington" not in [str(b) for b in a.legal_bids()]
    with pytest.raises(AuctionError):
        a.call("wellington")
    a.call("4")
    with pytest.raises(AuctionError):
        a.call("wellington")                     # a four is not a Nap
    with pytest.raises(AuctionError):
        a.call("blucher")
    a.call("nap")
    assert [str(b) for b in a.legal_bids()] == ["wellington"]
    a.call("wellington")
    assert [str(b) for b in a.legal_bids()] == ["blucher"]
    a.call("blucher")
    a.call("pass")
    assert (a.result.declarer, str(a.result.bid)) == (4, "blucher")


def test_wellington_without_blucher_option_ends_the_bidding_high():
    v = get_variant("nap", {"wellington": True})
    a = run_auction(v, 0, ["nap", "wellington", "pass", "pass", "pass"])
    assert (a.result.declarer, str(a.result.bid)) == (2, "wellington")


def test_all_pass_is_a_redeal_by_the_next_dealer():
    a = run_auction(NAP, 4, ["pass"] * 5)
    assert a.result.redeal and a.result.redeal_by == 0


# ---- the bidder plays alone, leads, and the first lead names trump ------------------------------
def nap_deal(variant=NAP) -> Deal:
    hands = ["AS KS QS JS TS", "AH KH QH JH TH", "AD KD QD JD TD", "AC KC QC JC TC",
             "9S 9H 9D 9C 8S"]
    used = mask_of(parse_cards(" ".join(hands)))
    return Deal(variant, tuple(mask_of(parse_cards(h)) for h in hands),
                variant.deck & ~used).check()


def test_the_bidder_plays_alone_and_leads():
    contract, pos = NAP.declare(nap_deal(), 3, Bid(4), Choices())
    assert contract.alone and contract.partner is None and pos.partner is None
    assert pos.leader == 3 and pos.to_move == 3 and pos.trump is None


def test_the_suit_of_the_first_lead_is_trump():
    pos = position(None, ["9H 2S", "3S KH", "AS 4D"])
    assert legal(pos) == {"9H", "2S"}                          # any card may be led
    pos = pos.play("9H")
    assert pos.trump == H
    assert legal(pos) == {"KH"}                                # follow the suit led
    pos, (seat, _) = pos.play("KH").play_trick("AS")
    assert pos.trump == H and seat == 1
    # In a later trick hearts are still trump: seat 0, void in spades, ruffs the ace.
    v = get_variant("nap", {"players": 3})
    pos = position(H, ["5H 2D", "3S 4S", "AS 2C"], leader=1, trick=3, variant=v)
    done, (seat, _) = pos.play("3S").play("AS").play_trick("5H")
    assert seat == 0


def test_misere_is_played_with_no_trump():
    contract, pos = NAP.declare(nap_deal(), 1, Bid(0, None, "misere"), Choices())
    assert pos.trump == NT and pos.misere and contract.alone and pos.leader == 1
    # No trump: a discard never wins, the highest card of the suit led does.
    pos = position(NT, ["2S", "3S", "AH"], contract="misere")
    _, (seat, value) = pos.play("2S").play("3S").play_trick("AH")
    assert (seat, value) == (1, 1)
    # The first lead names no trump in Misère.
    pos = position(NT, ["2S 5H", "3S 6H", "AH 4C"], contract="misere").play("2S")
    assert pos.trump == NT


# ---- stakes --------------------------------------------------------------------------------------
@pytest.mark.parametrize("bid,tricks,each", [
    ("2", 2, 2), ("2", 1, -2), ("3", 3, 3), ("3", 5, 3), ("3", 2, -3), ("4", 4, 4), ("4", 3, -4),
    ("nap", 5, 10), ("nap", 4, -5), ("misere", 0, 3), ("misere", 1, -3), ("misere", 5, -3),
    ("wellington", 5, 10), ("wellington", 4, -10), ("blucher", 5, 10), ("blucher", 0, -20),
])
def test_five_card_stakes_each_opponent_pays_or_is_paid(bid, tricks, each):
    assert ALL_BIDS.score(contract(bid, declarer=2), tricks) == [-each, -each, 4 * each, -each,
                                                                  -each]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_stakes_scale_with_the_number_of_opponents(players):
    v = get_variant("nap", {"players": players})
    score = v.score(contract("nap"), 5)
    assert score == [10 * (players - 1)] + [-10] * (players - 1)


@pytest.mark.parametrize("bid,stake", [("3", 3), ("4", 4), ("nap", 10), ("misere", 10), ("6", 18),
                                       ("7", 24)])
def test_seven_card_stakes_and_failed_bids_pay_half(bid, stake):
    need = {"3": 3, "4": 4, "nap": 5, "misere": 0, "6": 6, "7": 7}[bid]
    made_tricks, failed_tricks = (0, 1) if bid == "misere" else (need, need - 1)
    assert SEVEN.score(contract(bid), made_tricks) == [4 * stake] + [-stake] * 4
    half = Fraction(stake, 2)
    assert SEVEN.score(contract(bid), failed_tricks) == [-4 * half] + [half] * 4


def test_seven_card_five_is_nap_and_six_and_seven_are_tricks():
    a = Auction(SEVEN, dealer=0)
    a.call("5")
    a.call("misere")
    a.call("6")
    a.call("7")
    a.call("pass")
    assert [str(b) for _, b in a.calls[:4]] == ["nap", "misere", "6", "7"]
    assert a.result.declarer == 4


# ---- reference minimax ---------------------------------------------------------------------------
def test_reference_the_first_lead_fixes_trump():
    # Two players. The bidder's spades are trumps only if a spade is led first: then each
    # spade wins (seat 1 has none) and AC wins too: 5. Leading AC makes clubs trump: AC wins
    # but seat 1 ruffs every spade after it: 1.
    v = get_variant("nap", {"players": 2})
    pos = position(None, ["AC 2S 3S 4S 5S", "KC QC JC TC 9C"], variant=v)
    value, plays = reference.solve(pos)
    assert value == 5
    assert plays == {parse_card("AC"): 1, **{parse_card(c): 5 for c in ("2S", "3S", "4S", "5S")}}


ENDGAME = ["AH 2S", "KH 3S", "QH 4S", "5S 6S", "7S 8S"]


def test_reference_misere_counts_the_tricks_the_bidder_is_forced_to_take():
    # Two tricks left, no trump. Leading 2S loses it to seat 4, who can only lead a spade
    # next, on which the bidder throws AH: 0 tricks. Leading AH wins it: 1.
    pos = position(NT, ENDGAME, trick=3, contract="misere")
    assert reference.solve(pos) == (0, {parse_card("AH"): 1, parse_card("2S"): 0})


def test_reference_same_endgame_as_a_trick_contract():
    # The bidder now wants tricks (diamonds trump, held by nobody): AH first makes 1; 2S
    # first makes 0 (seat 4 wins it and leads a spade).
    pos = position(D, ENDGAME, trick=3)
    assert reference.solve(pos) == (1, {parse_card("AH"): 1, parse_card("2S"): 0})
    # With hearts trump the bidder ruffs seat 4's spade lead with AH: 1 either way.
    pos = position(H, ENDGAME, trick=3)
    assert reference.solve(pos) == (1, {parse_card("AH"): 1, parse_card("2S"): 1})
    pos = position(D, ENDGAME, trick=3)
    assert reference.solve(pos) == (1, {parse_card("AH"): 1, parse_card("2S"): 0})


def test_reference_misere_forced_by_the_opponents_lead():
    # Last two tricks, no trump; seat 1 leads KH and the bidder's only heart is AH: 1.
    pos = position(NT, ["AH 2S", "KH 3S", "QH 4S", "5S 6S", "7S 8S"], leader=1, trick=3,
                   contract="misere")
    assert reference.value(pos) == 1


# ---- properties ----------------------------------------------------------------------------------
FIVE_STAKES = {"2": (2, 2), "3": (3, 3), "4": (4, 4), "misere": (3, 3), "nap": (10, 5),
               "wellington": (10, 10), "blucher": (10, 20)}
SEVEN_STAKES = {"3": 3, "4": 4, "nap": 10, "misere": 10, "6": 18, "7": 24}
TRICKS_NEEDED = {"2": 2, "3": 3, "4": 4, "nap": 5, "wellington": 5, "blucher": 5, "6": 6, "7": 7}


def rules_score(word: str, tricks: int, players: int, declarer: int, seven: bool) -> list:
    made = tricks == 0 if word == "misere" else tricks >= TRICKS_NEEDED[word]
    if seven:
        each = Fraction(SEVEN_STAKES[word]) * (1 if made else Fraction(-1, 2))
    else:
        each = Fraction(FIVE_STAKES[word][0] if made else -FIVE_STAKES[word][1])
    return [each * (players - 1) if s == declarer else -each for s in range(players)]


def rules_winner(cards: list[int], trump) -> int:
    led = card_suit(cards[0])

    def strength(c: int) -> int:
        if trump != NT and card_suit(c) == trump:
            return 200 + card_rank(c)
        return 100 + card_rank(c) if card_suit(c) == led else 0

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


@st.composite
def nap_variants(draw):
    seven = draw(st.booleans())
    players = draw(st.integers(2, 6))
    packs = [p for p in (28, 32, 36, 40, 52) if p >= players * (7 if seven else 5)]
    options = {"players": players, "pack": draw(st.sampled_from(packs)), "seven_card": seven}
    if not seven:
        options["two"] = draw(st.booleans())
        options["wellington"] = draw(st.booleans())
        options["blucher"] = options["wellington"] and draw(st.booleans())
    return get_variant("nap", options)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(v=nap_variants(), seed=st.integers(0, 10 ** 9))
def test_random_auction_and_play_follow_the_rules_and_the_stakes(v, seed):
    rng = random.Random(seed)
    deal = random_deal(v, rng)
    dealer = rng.randrange(v.players)
    a = Auction(v, dealer)
    while not a.over:
        options = a.legal_bids()
        a.call(rng.choice(options) if options and rng.random() < 0.6 else None)
    if a.result.redeal:
        assert all(b is None for _, b in a.calls) and len(a.calls) == v.players
        return
    assert len(a.calls) == v.players
    assert [s for s, _ in a.calls] == [(dealer + 1 + i) % v.players for i in range(v.players)]
    declarer, bid = a.result.declarer, a.result.bid
    word = bid.name or str(bid.level)
    contract, pos = v.declare(deal, declarer, bid, Choices())
    assert pos.leader == declarer and pos.partner is None
    misere = word == "misere"
    trump = NT if misere else None
    assert pos.trump == trump

    tricks = 0
    while not pos.is_over:
        hand = set(cards_of(pos.hands[pos.to_move]))
        if pos.played:
            follow = {c for c in hand if card_suit(c) == card_suit(pos.played[0])}
            assert {m.card for m in pos.legal_moves()} == (follow or hand)
        else:
            assert {m.card for m in pos.legal_moves()} == hand
        move = rng.choice(pos.legal_moves())
        if trump is None:
            trump = card_suit(move.card)           # the first lead names trump
        leader, before = pos.leader, pos.played
        pos, done = pos.play_trick(move)
        assert pos.trump == trump
        if done:
            seat, value = done
            assert value == 1
            assert seat == (leader + rules_winner(list(before) + [move.card], trump)) % v.players
            tricks += seat == declarer
    expected = rules_score(word, tricks, v.players, declarer, v.opt("seven_card"))
    assert v.score(contract, v.credited(contract, tricks)) == expected


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10 ** 9))
def test_play_hand_misere(seed):
    rng = random.Random(seed)
    rec = play_hand(NAP, random_deal(NAP, rng), dealer=0,
                    calls=["3", "misere", "pass", "pass", "pass"], rng=rng)
    assert rec.contract.declarer == 2 and len(rec.tricks) == 5
    assert rec.scores == ([-3, -3, 12, -3, -3] if rec.taken == 0 else [3, 3, -12, 3, 3])
