"""Cross-variant properties: random legal play from a random deal, through the declaration, to
the end of the hand, for every preset (and some option sets).

Checked on every hand: each card played is a legal move of the player to move and leaves that
hand only; each trick has exactly one card per seat and one winner, who leads the next; points
total 20 (tricks plus discards) in point variants and tricks total the hand size in trick
variants; the scores follow the variant's table as RULES.md states it (restated here).

Zero-sum by RULES.md: japanese (5 players, with a General), japanese-stakes (always: every
figure is a payment between players), mighty (with a friend), japoleon 'traditional', nap,
bridge. Not zero-sum: japanese alone (the row doubled: +4 against four times -2) or with other
player counts, mighty alone (declarer 3S against four times -S), japoleon 'software' and
secretary (only the winning side scores).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napoleon_rules import NT, Choices, Position, get_variant, random_deal
from napoleon_rules.cards import cards_of, count, points_of
from napoleon_rules.moves import Bid

CASES = [
    ("japanese", {}), ("japanese", {"players": 3}), ("japanese", {"players": 4}),
    ("japanese", {"players": 6}), ("japanese", {"players": 7}),
    ("japanese-stakes", {}), ("japanese-stakes", {"alone_collects_partner_share": True}),
    ("mighty", {}), ("mighty", {"joker_any_time": False, "mighty_any_time": False,
                                "joker_powerless_first_last": False}),
    ("japoleon", {}), ("japoleon", {"scoring": "traditional", "joker_any_time": True}),
    ("secretary", {}), ("secretary", {"reveal": False}),
    ("nap", {}), ("nap", {"players": 2, "pack": 32}), ("nap", {"players": 6}),
    ("nap", {"seven_card": True}), ("nap", {"wellington": True, "blucher": True, "two": True}),
    ("bridge", {}),
]
IDS = [n + "".join(f"-{k}={v}" for k, v in o.items()) for n, o in CASES]
POINT_VARIANTS = {"japanese", "japanese-stakes", "mighty", "japoleon"}

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


# ---- a random hand ------------------------------------------------------------------------------
def random_contract(v, deal, rng: random.Random):
    """A random bid and declaration for ``v`` (what an auction and the declarer could choose)."""
    declarer = rng.randrange(v.players)
    if v.name == "bridge":
        bid = Bid(rng.randint(1, 7), rng.choice(list(v.trumps)))
        return v.declare(deal, declarer, bid, Choices())
    bid = rng.choice(v.all_bids())
    pool = list(cards_of(deal.hands[declarer] | deal.rest))
    discard = tuple(rng.sample(pool, count(deal.rest))) if v.name != "nap" else ()
    kept = (deal.hands[declarer] | deal.rest) & ~sum(1 << c for c in discard)
    call = rng.choice(list(cards_of(v.deck)))
    trump = None
    friend = "card"
    if v.name == "secretary":
        trump = rng.choice(list(v.trumps))
        call = rng.choice([c for c in cards_of(v.deck) if not kept >> c & 1])
    elif v.name == "mighty":
        friend = rng.choice(["card", "card", "none", "first-trick"])
        if rng.random() < 0.2 and bid.level <= 18:
            trump = rng.choice([t for t in v.trumps if t != bid.trump])
    return v.declare(deal, declarer, bid, Choices(call=call, discard=discard, trump=trump,
                                                  friend=friend))


def checked_policy(log: list):
    """A random policy that checks the position it is asked to move in."""

    def policy(pos: Position, rng: random.Random):
        assert not pos.is_over
        moves = pos.legal_moves()
        assert moves, "a player to move must have a legal card"
        hand = pos.hands[pos.to_move]
        assert all(hand >> m.card & 1 for m in moves), "legal moves come from the hand"
        assert len({(m.card, m.joker_suit, m.call_joker) for m in moves}) == len(moves)
        if pos.trick > 0 and not pos.played:
            assert pos.leader == log[-1][1], "the winner of a trick leads the next"
        move = rng.choice(moves)
        after, done = pos.play_trick(move)
        # Exactly the played card leaves exactly the mover's hand.
        for seat in range(pos.players):
            expect = pos.hands[seat] & ~(1 << move.card) if seat == pos.to_move else pos.hands[seat]
            assert after.hands[seat] == expect
        if done is not None:
            winner, value = done
            cards = pos.played + (move.card,)
            assert len(cards) == pos.players and len(set(cards)) == pos.players
            assert 0 <= winner < pos.players
            assert after.leader == winner and after.trick == pos.trick + 1 and after.played == ()
            if pos.variant.unit == "points":
                assert value == points_of(sum(1 << c for c in cards))
            else:
                assert value == 1
            log.append((pos.trick, winner, value))
        else:
            assert after.played == pos.played + (move.card,) and after.trick == pos.trick
        return move

    return policy


def play_random_hand(name, options, seed):
    v = get_variant(name, options)
    rng = random.Random(seed)
    deal = random_deal(v, rng).check()
    contract, pos = random_contract(v, deal, rng)
    # Every card of the deck is in a hand or put away, and the hands have the playing size.
    assert sum(count(h) for h in pos.hands) == v.players * v.tricks
    assert all(count(h) == v.tricks for h in pos.hands)
    assert pos.leader == v.first_leader(contract.declarer)
    log: list = []
    side, final, contract = v.play_contract(contract, pos, checked_policy(log), rng, None)
    assert final.is_over and final.trick == v.tricks
    assert [t for t, _, _ in log] == list(range(v.tricks))
    return v, deal, contract, log, side


# ---- the properties -----------------------------------------------------------------------------
@pytest.mark.parametrize("name, options", CASES, ids=IDS)
@SETTINGS
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_random_hand_keeps_the_rules(name, options, seed):
    v, deal, contract, log, side = play_random_hand(name, options, seed)
    on_side = {contract.declarer} | ({contract.partner} if contract.partner is not None else set())
    assert side == sum(value for _, w, value in log if w in on_side)
    if name in POINT_VARIANTS:
        assert sum(value for _, _, value in log) + contract.discard_points == 20
        assert count(contract.discards) == v.blind_size
    else:
        assert sum(value for _, _, value in log) == v.hand_size
    # RULES.md: Mighty's discarded point cards score for the declarer; Japanese and Japoleon
    # discards go to the other side.
    taken = side + (contract.discard_points if name == "mighty" else 0)
    assert v.credited(contract, side) == taken
    scores = v.score(contract, taken)
    assert len(scores) == v.players
    assert scores == expected_scores(v, contract, taken), (contract, taken)
    if zero_sum(v, contract):
        assert sum(scores) == 0


def zero_sum(v, contract) -> bool:
    alone = contract.partner is None
    if v.name == "japanese":
        return v.players == 5 and not alone
    if v.name == "mighty":
        return not alone
    if v.name == "japoleon":
        return v.opt("scoring") == "traditional"
    return v.name in ("japanese-stakes", "nap", "bridge")


def expected_scores(v, c, taken) -> list:
    """Each seat's score, restated from RULES.md (not from the variant's code)."""
    n, d, p = v.players, c.declarer, c.partner
    bid = c.bid.level

    def by_role(own, partner, other):
        return [own if s == d else partner if s == p else other for s in range(n)]

    if v.name == "japanese":
        if bid == 20:
            row = (4, 2, -2) if taken == 20 else (-4, -2, 2)
        else:
            row = (2, 1, -1) if bid <= taken < 20 else (-2, -1, 1)
        k = 2 if p is None else 1
        return by_role(*(k * x for x in row))
    if v.name == "japanese-stakes":
        made = taken >= bid and (taken < 20 or bid == 20)
        k = (2 if bid == 20 else 1) * (1 if made else -1)
        opponents = n - (2 if p is not None else 1)
        nap = 2 + (1 if p is None and v.opt("alone_collects_partner_share") else 0)
        each = nap + (1 if p is not None else 0)          # what each opponent pays
        return by_role(k * nap * opponents, k * opponents, -k * each)
    if v.name == "mighty":
        s = taken - 12 if taken >= bid else -(bid - 12)
        if taken == 20:
            s *= 2
        if 20 - taken >= 11:
            s *= 2
        return by_role(3 * s if p is None else 2 * s, s, -s)
    if v.name == "japoleon":
        won = taken >= bid
        if v.opt("scoring") == "software":
            if won:
                return by_role(6 if p is None else 4, 2, 0)
            return by_role(0, 0, 2)
        rate = (10 if won else 5) if bid == 20 else bid
        side = 1 if p is None else 2
        sign = 1 if won else -1
        return by_role(sign * rate * (n - side), sign * rate * (n - side), -sign * rate * side)
    if v.name == "secretary":
        return by_role(2, 2, 0) if taken >= bid else by_role(0, 0, 1)
    if v.name == "nap":
        word = c.bid.name or str(bid)
        if v.opt("seven_card"):
            stake = {"3": 3, "4": 4, "nap": 10, "misere": 10, "6": 18, "7": 24}[word]
            need = {"nap": 5, "misere": 0}.get(word, bid)
            made = taken == 0 if word == "misere" else taken >= need
            amount = stake if made else -stake / 2
        else:
            win, loss = {"2": (2, 2), "3": (3, 3), "4": (4, 4), "misere": (3, 3), "nap": (10, 5),
                         "wellington": (10, 10), "blucher": (10, 20)}[word]
            need = {"nap": 5, "wellington": 5, "blucher": 5, "misere": 0}.get(word, bid)
            made = taken == 0 if word == "misere" else taken >= need
            amount = win if made else -loss
        return by_role(amount * (n - 1), None, -amount)
    if v.name == "bridge":
        diff = taken - (bid + 6)
        return [diff if s % 2 == d % 2 else -diff for s in range(n)]
    raise AssertionError(v.name)


@pytest.mark.parametrize("name, options", [c for c in CASES if c[0] == "nap"],
                         ids=[i for i, c in zip(IDS, CASES) if c[0] == "nap"])
@SETTINGS
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_nap_first_lead_sets_trump(name, options, seed):
    v = get_variant(name, options)
    rng = random.Random(seed)
    deal = random_deal(v, rng)
    contract, pos = random_contract(v, deal, rng)
    first = rng.choice(pos.legal_moves())
    after = pos.play(first)
    if pos.misere:
        assert pos.trump == NT and after.trump == NT
    else:
        assert pos.trump is None and after.trump == first.card // 13
