"""Rule tests for the ``secretary`` preset (RULES.md section 5).

Expected outcomes are worked out from RULES.md by hand on hand-built tricks, hands and deals.
The property test plays random legal hands and checks every legal-move set, the reveal state,
every trick winner and the score against a restatement of section 5 written from RULES.md.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napoleon_rules import (NT, AuctionError, Bid, Choices, Deal, IllegalPlayError, Position,
                            PositionError, Suit, get_variant, parse_card, parse_cards, play_hand,
                            random_deal, reference)
from napoleon_rules.auction import Auction, run_auction
from napoleon_rules.cards import FULL_DECK, card_rank, card_suit, cards_of, mask_of
from napoleon_rules.game import Contract

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
SE = get_variant("secretary")
NO_REVEAL = get_variant("secretary", {"reveal": False})


# ---- builders ------------------------------------------------------------------------------------
def winner(cards: str, trump, trick: int = 1) -> str:
    return cards.split()[SE.trick_winner(parse_cards(cards), trump=trump, trick=trick)]


def position(trump, hands: list[str], *, leader=0, trick=1, declarer=0, partner=None, coup=None,
             reveal_used=False, played: str = "", variant=SE) -> Position:
    pos = Position(variant, trump, declarer, partner, tuple(mask_of(parse_cards(h)) for h in hands),
                   leader=leader, trick=trick, reveal_used=reveal_used,
                   coup_card=None if coup is None else parse_card(coup))
    for move in played.split():
        pos = pos.play(move)
    return pos


def legal(pos: Position) -> set[str]:
    return {str(m) for m in pos.legal_moves()}


SUITED_HANDS = ["AS KS QS JS TS 9S 8S 7S 6S 5S", "AH KH QH JH TH 9H 8H 7H 6H 5H",
                "AD KD QD JD TD 9D 8D 7D 6D 5D", "AC KC QC JC TC 9C 8C 7C 6C 5C",
                "4S 3S 2S 4H 3H 2H 4D 3D 2D 4C"]
WARCHEST = "3C 2C"


def suited_deal() -> Deal:
    return Deal(SE, tuple(mask_of(parse_cards(h)) for h in SUITED_HANDS),
                mask_of(parse_cards(WARCHEST))).check()


def declare(call: str, returned: str = "3C 2C", trump=S, declarer: int = 0, bid: int = 6):
    return SE.declare(suited_deal(), declarer, Bid(bid), Choices(
        call=parse_card(call), discard=tuple(parse_cards(returned)), trump=trump))


# ---- deck, deal, auction -------------------------------------------------------------------------
def test_52_cards_ten_each_and_a_two_card_warchest_counted_in_tricks():
    assert (SE.players, SE.hand_size, SE.blind_size, SE.tricks) == (5, 10, 2, 10)
    assert SE.deck == FULL_DECK and not SE.has_joker and SE.unit == "tricks"
    assert SE.trick_value(parse_cards("AS KS QS JS TS")) == 1
    assert SE.trick_value(parse_cards("2S 3S 4S 5S 6S")) == 1
    deal = random_deal(SE, 5).check()
    assert bin(deal.rest).count("1") == 2


def test_bids_are_1_to_10_tricks_with_no_suit():
    assert [str(b) for b in SE.all_bids()] == [str(n) for n in range(1, 11)]


@pytest.mark.parametrize("bid", ["0", "11", "5S", "5NT", "nap", "misere"])
def test_a_bid_with_a_suit_or_outside_1_to_10_is_refused(bid):
    with pytest.raises(IllegalPlayError):
        Auction(SE, dealer=0).call(bid)


def test_each_bid_must_be_higher_and_a_pass_is_final():
    a = Auction(SE, dealer=0)
    a.call("5")                              # seat 1
    with pytest.raises(AuctionError):
        a.call("5")                          # seat 2 may not repeat it
    a.call("pass")                           # seat 2
    a.call("6")                              # seat 3
    a.call("pass")                           # seat 4
    a.call("pass")                           # seat 0
    assert a.to_act == 1
    a.call("7")                              # seat 1
    a.call("pass")                           # seat 3
    assert (a.result.declarer, str(a.result.bid)) == (1, "7")


def test_the_previous_secretary_bids_first():
    a = run_auction(SE, dealer=0, first=3, calls=["4", "pass", "pass", "pass", "pass"])
    assert [seat for seat, _ in a.calls] == [3, 4, 0, 1, 2]
    assert a.result.declarer == 3
    assert Auction(SE, dealer=0).to_act == 1          # first round of a game: left of dealer


def test_a_bid_of_ten_ends_the_auction():
    a = Auction(SE, dealer=4)
    a.call("10")
    assert a.over and (a.result.declarer, str(a.result.bid)) == (0, "10")


def test_all_pass_is_a_redeal_by_the_next_dealer():
    a = run_auction(SE, 2, ["pass"] * 5)
    assert a.result.redeal and a.result.redeal_by == 3


# ---- warchest, trump, coup card ------------------------------------------------------------------
def test_napoleon_takes_the_warchest_and_returns_two():
    contract, pos = declare(call="AH", returned="5S 6S")
    assert pos.hands[0] == mask_of(parse_cards("AS KS QS JS TS 9S 8S 7S 3C 2C"))
    assert contract.discards == mask_of(parse_cards("5S 6S"))
    assert pos.leader == 0 and pos.declarer == 0 and pos.trump == S


def test_napoleon_may_return_the_warchest_as_it_came():
    _, pos = declare(call="AH", returned="3C 2C")
    assert pos.hands[0] == mask_of(parse_cards(SUITED_HANDS[0]))


@pytest.mark.parametrize("returned", ["3C", "3C 2C 5S", "3C 3C", "3C AH"])
def test_exactly_two_cards_of_the_twelve_are_returned(returned):
    with pytest.raises(IllegalPlayError):
        declare(call="AH", returned=returned)


@pytest.mark.parametrize("trump", [S, H, D, C, NT])
def test_trump_is_any_suit_or_no_trump(trump):
    contract, pos = declare(call="AH", trump=trump)
    assert contract.trump == trump and pos.trump == trump


def test_a_trump_must_be_declared():
    with pytest.raises(IllegalPlayError):
        declare(call="AH", trump=None)


def test_the_holder_of_the_coup_card_is_the_secretary():
    contract, pos = declare(call="KD")
    assert (contract.partner, pos.partner, contract.alone) == (2, 2, False)
    assert pos.coup_card == parse_card("KD") and not pos.reveal_used


@pytest.mark.parametrize("call,returned", [("KS", "3C 2C"), ("3C", "5S 6S")])
def test_the_coup_card_may_not_be_in_napoleons_hand(call, returned):
    with pytest.raises(IllegalPlayError):
        declare(call=call, returned=returned)       # 3C is kept from the warchest


def test_a_coup_card_in_the_warchest_means_alone():
    contract, pos = declare(call="3C", returned="3C 2C")
    assert contract.alone and contract.partner is None and pos.partner is None


def test_a_coup_card_is_required():
    with pytest.raises(IllegalPlayError):
        SE.declare(suited_deal(), 0, Bid(6), Choices(discard=tuple(parse_cards("3C 2C")), trump=S))


# ---- plain trick-taking --------------------------------------------------------------------------
@pytest.mark.parametrize("cards,trump,win", [
    ("9D KD 2S QD TD", S, "2S"),          # any trump beats the led suit
    ("9D KD 2S 3S AD", S, "3S"),          # the highest trump
    ("9D KD 2H AS TD", S, "AS"),
    ("9D KD 2H AS TD", H, "2H"),
    ("9D KD 2H AS TD", NT, "KD"),         # No Trump: highest of the led suit
    ("2C AS AH AD 3C", NT, "3C"),
    ("JS AC QS KS 2S", S, "KS"),          # no special cards: the Jacks, the two are plain
    ("KD AD 2D QD TD", NT, "AD"),         # no same-two
    ("JC JS JH JD 2C", S, "JS"),
])
def test_standard_trick_taking_with_no_special_cards(cards, trump, win):
    assert winner(cards, trump) == win
    assert winner(cards, trump, trick=0) == win


def test_must_follow_suit_if_able():
    pos = position(H, ["5D", "KD 2D AH", "AS 2C"], played="5D")
    assert legal(pos) == {"KD", "2D"}
    assert legal(pos.play("2D")) == {"AS", "2C"}


# ---- "Secretary, reveal yourself" ----------------------------------------------------------------
def reveal_position(**kw) -> Position:
    """Trump spades, Napoleon 0 leads 2H; seat 1 is the Secretary with the coup card KS and a
    heart."""
    args = dict(trump=S, hands=["2H 3H", "KS 4H", "AH AS", "QH JH", "TH 9H"], trick=8,
                partner=1, coup="KS")
    args.update(kw)
    return position(args.pop("trump"), args.pop("hands"), **args).play("2H")


def test_the_secretary_may_play_the_coup_card_without_following_suit():
    pos = reveal_position()
    assert legal(pos) == {"KS", "4H"}
    after = pos.play("KS")
    assert after.reveal_used
    done = after.play("AH").play("QH")
    done, (seat, value) = done.play_trick("TH")
    assert (seat, value) == (1, 1)                       # the trump coup card takes the trick
    assert done.reveal_used


def test_following_suit_normally_keeps_the_reveal():
    assert not reveal_position().play("4H").reveal_used


def test_after_the_reveal_is_spent_the_secretary_must_follow_suit():
    assert legal(reveal_position(reveal_used=True)) == {"4H"}


def test_without_the_reveal_option_there_is_no_exemption():
    assert legal(reveal_position(variant=NO_REVEAL)) == {"4H"}


def test_the_exemption_covers_only_the_coup_card():
    pos = position(S, ["2H", "KS QS 4H"], partner=1, coup="KS", played="2H")
    assert legal(pos) == {"KS", "4H"}


def test_the_exemption_is_only_the_secretarys():
    # Seat 2, an Ally, holds a spade and hearts: it must follow (only the coup card is exempt,
    # and seat 2 does not hold it).
    pos = position(S, ["2H", "4H", "QS 5H"], partner=1, coup="KS", played="2H 4H")
    assert legal(pos) == {"5H"}


def test_the_coup_card_played_when_void_does_not_spend_the_reveal():
    pos = position(S, ["2H 3D", "KS 4D", "AH AS"], partner=1, coup="KS", played="2H")
    assert legal(pos) == {"KS", "4D"}
    assert not pos.play("KS").reveal_used


def test_the_coup_card_of_the_suit_led_or_led_itself_does_not_spend_the_reveal():
    pos = position(S, ["2S 3D", "KS 4H", "AH AS"], partner=1, coup="KS", played="2S")
    assert legal(pos) == {"KS"} and not pos.play("KS").reveal_used
    pos = position(S, ["2S 3D", "KS 4H", "AH AS"], partner=1, coup="KS", leader=1)
    assert not pos.play("KS").reveal_used


def test_alone_there_is_no_secretary_and_no_exemption():
    pos = position(S, ["2H", "KS 4H"], partner=None, coup="3C", played="2H")
    assert legal(pos) == {"4H"}


def test_the_reveal_state_travels_in_json():
    pos = reveal_position().play("KS")
    data = pos.to_json()
    assert data["state"]["coup_card"] == "KS" and data["state"]["reveal_used"] is True
    back = Position.from_json(data)
    assert back.reveal_used and back.coup_card == parse_card("KS") and back.played == pos.played


def test_json_reveal_spent_keeps_the_coup_card_in_hand_under_the_follow_rule():
    data = reveal_position().to_json()
    data["state"]["reveal_used"] = True
    assert legal(Position.from_json(data)) == {"4H"}
    data["played"] = ["2H", "KS"]                     # the Secretary revealed in this trick
    data["hands"][1] = ["4H"]
    assert Position.from_json(data).reveal_used


def test_json_rejects_a_coup_card_held_by_another_seat_than_the_partner():
    data = reveal_position().to_json()
    data["state"]["coup_card"] = "AS"                # seat 2 holds AS, the partner is seat 1
    with pytest.raises(PositionError):
        Position.from_json(data)


# ---- scores --------------------------------------------------------------------------------------
def contract(partner, bid: int) -> Contract:
    return Contract(0, Bid(bid), S, partner, None, 0, alone=partner is None)


def test_napoleons_side_wins_with_at_least_the_tricks_bid_2_each():
    assert SE.score(contract(3, 6), 6) == [2, 0, 0, 2, 0]
    assert SE.score(contract(3, 6), 10) == [2, 0, 0, 2, 0]


def test_otherwise_each_ally_scores_1():
    assert SE.score(contract(3, 6), 5) == [0, 1, 1, 0, 1]
    assert SE.score(contract(None, 6), 5) == [0, 1, 1, 1, 1]
    assert SE.score(contract(None, 6), 6) == [2, 0, 0, 0, 0]


# ---- reference minimax ---------------------------------------------------------------------------
def test_reference_the_reveal_wins_a_trick():
    # Trump spades, two tricks left. Napoleon (0) leads a heart; the Secretary (1) holds the
    # coup card KS and 4H; seat 2 holds AH and AS. With the reveal, KS ruffs the first trick
    # (seat 2 must follow with AH) and AS takes the second: 1 trick. Without it, the
    # Secretary follows with 4H, seat 2 wins with AH, then leads AS and KS falls under it: 0.
    start = position(S, ["2H 3H", "KS 4H", "AH AS", "QH JH", "TH 9H"], trick=8, partner=1,
                     coup="KS")
    assert reference.value(start) == 1
    assert reference.solve(start.play("2H")) == (1, {parse_card("KS"): 1, parse_card("4H"): 0})
    assert reference.value(replace(start, reveal_used=True)) == 0
    assert reference.value(replace(start, variant=NO_REVEAL)) == 0


def test_reference_counts_tricks_not_points():
    # No Trump, last trick: Napoleon's 2D is the only diamond, so it wins one trick.
    pos = position(NT, ["2D", "AS", "AH", "AC", "KC"], trick=9)
    assert reference.value(pos) == 1


# ---- properties ----------------------------------------------------------------------------------
def rules_winner(cards: list[int], trump) -> int:
    led = card_suit(cards[0])

    def strength(c: int) -> int:
        if trump != NT and card_suit(c) == trump:
            return 200 + card_rank(c)
        return 100 + card_rank(c) if card_suit(c) == led else 0

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 9), reveal=st.booleans())
def test_random_legal_play_follows_the_rules_and_the_score_table(seed, reveal):
    v = get_variant("secretary", {"reveal": reveal})
    rng = random.Random(seed)
    deal = random_deal(v, rng)
    declarer, bid = rng.randrange(5), rng.randrange(1, 11)
    pool = list(cards_of(deal.hands[declarer] | deal.rest))
    returned = rng.sample(pool, 2)
    kept = set(pool) - set(returned)
    trump = rng.choice([S, H, D, C, NT])
    coup = rng.choice([c for c in range(52) if c not in kept])
    contract, pos = v.declare(deal, declarer, Bid(bid), Choices(call=coup, discard=tuple(returned),
                                                                trump=trump))
    secretary = None if coup in returned else next(s for s in range(5) if deal.hands[s] >> coup & 1)
    assert contract.partner == secretary and pos.leader == declarer

    reveal_spent = False
    side = 0
    while not pos.is_over:
        seat = pos.to_move
        hand = set(cards_of(pos.hands[seat]))
        if pos.played:
            led = card_suit(pos.played[0])
            follow = {c for c in hand if card_suit(c) == led}
            expected = follow or hand
            exempt = reveal and seat == secretary and not reveal_spent and coup in hand
            if follow and exempt:
                expected = follow | {coup}
        else:
            expected = hand
        moves = pos.legal_moves()
        assert {m.card for m in moves} == expected
        move = rng.choice(moves)
        if pos.played and move.card == coup and card_suit(coup) != card_suit(pos.played[0]) \
                and any(card_suit(c) == card_suit(pos.played[0]) for c in hand):
            reveal_spent = True
        leader, before = pos.leader, pos.played
        pos, done = pos.play_trick(move)
        assert pos.reveal_used == reveal_spent
        if done:
            seat_won, value = done
            assert value == 1
            assert seat_won == (leader + rules_winner(list(before) + [move.card], trump)) % 5
            side += seat_won in (declarer, secretary)
    made = side >= bid
    expected_score = [(2 if s in (declarer, secretary) else 0) if made else
                      (0 if s in (declarer, secretary) else 1) for s in range(5)]
    assert v.score(contract, v.credited(contract, side)) == expected_score


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10 ** 9))
def test_play_hand_runs_a_whole_round(seed):
    rng = random.Random(seed)
    deal = random_deal(SE, rng)
    rec = play_hand(SE, deal, dealer=4, calls=["3", "pass", "4", "pass", "pass", "pass"],
                    choose=lambda d, r: Choices(call=next(c for c in range(52)
                                                          if not d.hands[2] >> c & 1),
                                                discard=tuple(sorted(cards_of(d.rest))),
                                                trump=H),
                    rng=rng)
    assert rec.contract.declarer == 2 and str(rec.contract.bid) == "4"
    assert len(rec.tricks) == 10 and rec.tricks[0][0] == 2
    side = {2, rec.contract.partner}
    won = rec.taken >= 4
    assert rec.scores == [(2 if s in side else 0) if won else (0 if s in side else 1)
                          for s in range(5)]
