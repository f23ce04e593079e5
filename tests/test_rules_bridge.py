"""Rule tests for the ``bridge`` preset (RULES.md section 8): card play only, to check the solver.

Expected outcomes are worked out by hand; the property test plays random legal hands and
checks legal-move sets and trick winners against a restatement of plain trick-taking.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napoleon_rules import (NT, Bid, Choices, IllegalPlayError, OptionError, Position, Suit,
                            get_variant, parse_card, parse_cards, random_deal, reference)
from napoleon_rules.auction import Auction
from napoleon_rules.cards import FULL_DECK, card_rank, card_suit, cards_of, mask_of
from napoleon_rules.game import play_out

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
BR = get_variant("bridge")


def winner(cards: str, trump, trick: int = 1) -> str:
    return cards.split()[BR.trick_winner(parse_cards(cards), trump=trump, trick=trick)]


def position(trump, hands: list[str], *, leader=1, trick=0, declarer=0, played: str = "") -> Position:
    pos = Position(BR, trump, declarer, (declarer + 2) % 4,
                   tuple(mask_of(parse_cards(h)) for h in hands), leader=leader, trick=trick)
    for move in played.split():
        pos = pos.play(move)
    return pos


def legal(pos: Position) -> set[str]:
    return {str(m) for m in pos.legal_moves()}


# ---- deck and deal -------------------------------------------------------------------------------
def test_four_players_thirteen_cards_each_nothing_left_over():
    assert (BR.players, BR.hand_size, BR.blind_size, BR.tricks) == (4, 13, 0, 13)
    assert BR.deck == FULL_DECK and not BR.has_joker and BR.unit == "tricks"
    deal = random_deal(BR, 9).check()
    assert [bin(h).count("1") for h in deal.hands] == [13] * 4 and deal.rest == 0


def test_bridge_takes_no_options():
    with pytest.raises(OptionError):
        get_variant("bridge", {"players": 5})


def test_bridge_has_no_auction_here():
    with pytest.raises(IllegalPlayError):
        Auction(BR, dealer=0).legal_bids()


# ---- contract: partner opposite, left-hand opponent leads ----------------------------------------
@pytest.mark.parametrize("declarer", range(4))
@pytest.mark.parametrize("trump", [S, H, D, C, NT])
def test_partner_sits_opposite_and_the_declarers_left_hand_opponent_leads(declarer, trump):
    deal = random_deal(BR, declarer)
    contract, pos = BR.declare(deal, declarer, Bid(3, trump), Choices())
    assert contract.partner == pos.partner == (declarer + 2) % 4 and not contract.alone
    assert pos.leader == pos.to_move == (declarer + 1) % 4
    assert pos.trump == contract.trump == trump and pos.hands == deal.hands


def test_the_contract_needs_a_trump_suit_or_no_trump():
    with pytest.raises(IllegalPlayError):
        BR.declare(random_deal(BR, 1), 0, Bid(3), Choices())
    _, pos = BR.declare(random_deal(BR, 1), 0, Bid(3), Choices(trump=D))
    assert pos.trump == D


# ---- play: follow suit, trumps, no specials ------------------------------------------------------
def test_must_follow_suit_if_able_else_any_card():
    pos = position(S, ["AD 3C", "5D KD 2S", "AH 9C", "4H"], leader=0, played="AD")
    assert legal(pos) == {"5D", "KD"}
    assert legal(pos.play("5D")) == {"AH", "9C"}


@pytest.mark.parametrize("cards,trump,win", [
    ("9D KD 2S QD", S, "2S"), ("9D 3S 2S AD", S, "3S"), ("9D KD 2H AS", S, "AS"),
    ("9D KD 2H AS", NT, "KD"), ("2C AS AH AD", NT, "2C"),
    ("KD AD 2D QD", NT, "AD"),            # no same-two
    ("JS AC QS KS", C, "AC"), ("JC JS JH JD", D, "JD"),   # Jacks are plain cards
])
def test_highest_trump_else_highest_of_the_suit_led(cards, trump, win):
    assert winner(cards, trump) == win
    assert winner(cards, trump, trick=0) == win
    assert winner(cards, trump, trick=12) == win


def test_a_trick_counts_one_and_its_winner_leads_next():
    pos = position(H, ["2S", "AS", "3H", "KS"], leader=1, trick=12, played="AS 3H KS")
    done, (seat, value) = pos.play_trick("2S")
    assert (seat, value) == (2, 1) and done.is_over


# ---- reference minimax ---------------------------------------------------------------------------
def test_reference_cashing_the_ace_first_keeps_the_partners_entry():
    # No Trump, two tricks left, declarer 0 (partner 2) to lead. AS first: partner throws 3C,
    # then 2H reaches partner's KH: 2 tricks. 2H first: partner must win KH (else seat 3's 3H
    # wins) and lead 3C into seat 3's 6C, AS being a discard: 1 trick.
    pos = position(NT, ["AS 2H", "QS 4C", "KH 3C", "3H 6C"], leader=0, trick=11)
    assert reference.solve(pos) == (2, {parse_card("AS"): 2, parse_card("2H"): 1})


def test_reference_defenders_ruff():
    # Hearts trump; seat 1 (a defender) leads. Whatever it leads, one spade is ruffed by the
    # declarer's partner (seat 2) with 2H: the declarer's side takes 1 trick.
    pos = position(H, ["5D 6D", "AS KS", "2H QS", "3D 4D"], leader=1, trick=11)
    assert reference.solve(pos) == (1, {parse_card("AS"): 1, parse_card("KS"): 1})


# ---- properties ----------------------------------------------------------------------------------
def rules_winner(cards: list[int], trump) -> int:
    led = card_suit(cards[0])

    def strength(c: int) -> int:
        if trump != NT and card_suit(c) == trump:
            return 200 + card_rank(c)
        return 100 + card_rank(c) if card_suit(c) == led else 0

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 9), declarer=st.integers(0, 3),
       trump=st.sampled_from([S, H, D, C, NT]), level=st.integers(1, 7))
def test_random_legal_play_follows_plain_trick_taking(seed, declarer, trump, level):
    rng = random.Random(seed)
    contract, pos = BR.declare(random_deal(BR, rng), declarer, Bid(level, trump), Choices())
    ns = 0
    while not pos.is_over:
        hand = set(cards_of(pos.hands[pos.to_move]))
        if pos.played:
            follow = {c for c in hand if card_suit(c) == card_suit(pos.played[0])}
            assert {m.card for m in pos.legal_moves()} == (follow or hand)
        else:
            assert {m.card for m in pos.legal_moves()} == hand
        move = rng.choice(pos.legal_moves())
        leader, before = pos.leader, pos.played
        pos, done = pos.play_trick(move)
        if done:
            seat, value = done
            assert value == 1 and pos.leader == seat
            assert seat == (leader + rules_winner(list(before) + [move.card], trump)) % 4
            ns += seat % 2 == declarer % 2
    assert pos.trick == 13
    diff = ns - (level + 6)
    assert BR.score(contract, ns) == [diff if s % 2 == declarer % 2 else -diff for s in range(4)]


def test_play_out_counts_the_declarers_side():
    contract, pos = BR.declare(random_deal(BR, 3), 1, Bid(2, NT), Choices())
    record: list = []
    taken, final = play_out(pos, rng=random.Random(3), record=record)
    assert len(record) == 13 and final.is_over
    assert taken == sum(1 for _, _, winner_seat, _ in record if winner_seat in (1, 3))
