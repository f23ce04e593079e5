"""The sampler of unseen cards: exactly uniform over the consistent deals (chi-square tests
with fixed seeds), every constraint respected, seeded, and clear errors for bad or
unsatisfiable constraints."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter

import pytest

from napoleon_rules import Suit, get_variant
from napoleon_rules.cards import count, parse_card, parse_cards, mask_of, suit_mask
from napoleon_rules.deal import parse_hand
from solver.sampling import (ConstraintError, DealSampler, HoldsCard, Knowledge, SuitCount,
                             UnsatisfiableConstraints, knowledge_for_hand, parse_constraint,
                             parse_constraints)


def chi2_critical(df: int, z: float = 3.09) -> float:
    """Upper 0.1% point of chi-square (Wilson-Hilferty): a correct sampler fails 1 in 1000."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def chi2(observed: Counter, expected: dict) -> float:
    return sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items())


def all_deals(knowledge: Knowledge, accept) -> list[tuple]:
    """Every way to deal the unseen cards (brute force), filtered by ``accept``."""
    cards = sorted(c for c in range(53) if knowledge.unseen >> c & 1)
    needs = knowledge.needs()
    out = []

    def rec(i, places):
        if i == len(cards):
            if all(count(p) == n for p, n in zip(places, needs)):
                full = tuple(p | k for p, k in zip(places, knowledge.known))
                if accept(full):
                    out.append(full)
            return
        for p in range(len(needs)):
            if count(places[p]) < needs[p]:
                places[p] |= 1 << cards[i]
                rec(i + 1, places)
                places[p] &= ~(1 << cards[i])
    rec(0, [0] * len(needs))
    return out


SMALL_CARDS = parse_cards("AS KS QS AH KH QH 2D")


def small_knowledge(constraints=()) -> Knowledge:
    """7 unseen cards for 2 seats of 3 and a blind of 1 (seat 2 is the player, known)."""
    mine = mask_of(parse_cards("2C 3C"))
    return Knowledge(3, (3, 3, 2, 1), (0, 0, mine, 0), mask_of(SMALL_CARDS), tuple(constraints))


@pytest.mark.parametrize("constraints", [
    (),
    ("0:S=0",),                      # a void: exact counting, no rejection
    ("1:!AH", "blind:!2D"),          # card-level exclusions
    ("0:H>=2",),                     # a count: rejection on top of the exact draw
    ("0:S=0", "1:H<=1"),
])
def test_draws_are_uniform_over_every_consistent_deal(constraints):
    cons = parse_constraints(constraints)
    k = small_knowledge(cons)
    sampler = DealSampler(k)

    def ok(full):
        for c in cons:
            p = k.index(c.place)
            if isinstance(c, HoldsCard) and bool(full[p] >> c.card & 1) != c.present:
                return False
            if isinstance(c, SuitCount) and not c.allows(count(full[p] & suit_mask(c.suit))):
                return False
        return True

    universe = all_deals(k, ok)
    assert sampler.total == len(universe) or any(isinstance(c, SuitCount) and not c.is_void
                                                 for c in cons)
    draws = 40 * len(universe)
    seen = Counter(sampler.draw_many(draws, seed=12345))
    assert set(seen) <= set(universe)          # never an inconsistent deal
    expected = {d: draws / len(universe) for d in universe}
    assert chi2(seen, expected) < chi2_critical(len(universe) - 1)


def test_card_placements_are_uniform_on_a_real_hand():
    v = get_variant("japanese")
    k = knowledge_for_hand(v, 0, parse_hand("AKQ.JT9.2.AK3"))
    sampler = DealSampler(k)
    draws = 3000
    where = Counter()
    for deal in sampler.draw_many(draws, seed=7):
        for p, mask in enumerate(deal):
            for c in range(52):
                if mask >> c & 1 and k.unseen >> c & 1:
                    where[(c, p)] += 1
    needs = k.needs()
    total = sum(needs)
    stat, df = 0.0, 0
    for c in range(52):
        if not k.unseen >> c & 1:
            continue
        expected = {(c, p): draws * needs[p] / total for p in range(k.places) if needs[p]}
        stat += chi2(where, expected)
        df += len(expected) - 1
    assert stat < chi2_critical(df)


def test_every_constraint_is_respected():
    v = get_variant("japanese")
    hand = parse_hand("AKQ.JT9.2.AK3")
    texts = ["2:S>=4", "blind:!2D", "3:H=0", "4:D<=1", "1:AH", "1:!KD", "blind:H>=1"]
    cons = parse_constraints(texts)
    k = knowledge_for_hand(v, 0, hand, cons)
    for deal in DealSampler(k).draw_many(300, seed=3):
        assert deal[0] == hand
        assert [count(m) for m in deal] == [10, 10, 10, 10, 10, 2]
        assert sum(deal) == v.deck and all(not a & b for a, b in itertools.combinations(deal, 2))
        assert count(deal[2] & suit_mask(0)) >= 4
        assert not deal[5] >> parse_card("2D") & 1
        assert not deal[3] & suit_mask(1)
        assert count(deal[4] & suit_mask(2)) <= 1
        assert deal[1] >> parse_card("AH") & 1 and not deal[1] >> parse_card("KD") & 1
        assert deal[5] & suit_mask(1)


def test_fixed_seed_gives_the_same_deals():
    v = get_variant("mighty")
    k = knowledge_for_hand(v, 1, parse_hand("AKQ.JT9.2.AK3"), parse_constraints(["0:C>=3"]))
    a = DealSampler(k).draw_many(50, seed=99)
    assert a == DealSampler(k).draw_many(50, seed=99)
    assert a != DealSampler(k).draw_many(50, seed=100)


def test_parse_constraints():
    assert parse_constraint("2:S>=4") == SuitCount(2, 0, ">=", 4)
    assert parse_constraint(" blind : !JO") == HoldsCard("blind", 52, False)
    assert parse_constraint("3:h==0").is_void
    assert str(parse_constraint("1:10H")) == "1:TH"
    # suits as the output prints them, and their outline forms
    assert parse_constraint("2:\u2660>=4") == parse_constraint("2:\u2664>=4") == \
        SuitCount(2, 0, ">=", 4)
    assert str(parse_constraint("1:T\u2666")) == "1:TD"
    for bad in ["2S>=4", "x:AS", "2:S>>4", "2:ZZ", "2:S>=", ""]:
        with pytest.raises(ConstraintError):
            parse_constraint(bad)


def test_the_blind_goes_by_each_variants_name_for_it():
    """Mighty's kitty, Secretary's warchest, Japoleon's open cards, Nap's stock: each name
    the rules use is the blind place, in any variant; a bad place lists them."""
    for name in ("blind", "Kitty", "warchest", "open", "stock", "rest", "b"):
        assert parse_constraint(f"{name}:!JO") == HoldsCard("blind", 52, False)
    with pytest.raises(ConstraintError, match="blind, kitty, warchest, open, stock"):
        parse_constraint("pile:AS")


@pytest.mark.parametrize("texts,fragment", [
    (["2:S>=11"], "can hold only"),
    (["1:AS"], "contradicts"),                # A♠ is in the player's own hand
    (["0:!AS"], "seat 0 is the adviser's own hand"),
    (["0:AH"], "seat 0 is the adviser's own hand"),     # was 'no place can hold AH'
    (["0:S>=4"], "seat 0 is the adviser's own hand"),   # was 'nearly unsatisfiable'
    (["1:3D", "2:3D"], "no place can hold"),
    (["blind:S=0", "blind:H=0", "blind:D=0", "blind:C=0"], "no deal"),
])
def test_unsatisfiable_constraints_are_reported(texts, fragment):
    v = get_variant("japanese")
    k = knowledge_for_hand(v, 0, parse_hand("AKQ.JT9.2.AK3"), parse_constraints(texts))
    with pytest.raises((UnsatisfiableConstraints, ConstraintError), match=fragment):
        DealSampler(k).draw_many(5, seed=1)


def test_a_card_at_a_place_whose_cards_are_all_known_is_named_so():
    # A seen blind said "no place can hold 5C given blind:5C".
    v = get_variant("japanese")
    k = knowledge_for_hand(v, 0, parse_hand("AKQ.JT9.2.AK3"), parse_constraints(["blind:5C"]),
                           blind=parse_hand("2...2"))
    with pytest.raises(UnsatisfiableConstraints, match="blind:5C contradicts what is known: "
                       "every card in the blind is known, and 5C is not one of them"):
        DealSampler(k)


def test_nearly_unsatisfiable_count_constraints_stop_with_an_error():
    v = get_variant("japanese")
    texts = ["1:S>=5", "2:S>=5", "3:H>=5"]   # about one deal in a million
    k = knowledge_for_hand(v, 0, parse_hand("AKQ.JT9.2.AK3"), parse_constraints(texts))
    with pytest.raises(UnsatisfiableConstraints, match="nearly"):
        DealSampler(k).draw_many(1, seed=1)


def test_bad_seat_in_a_constraint():
    v = get_variant("japanese")
    k = knowledge_for_hand(v, 0, parse_hand("AKQ.JT9.2.AK3"), parse_constraints(["7:S>=1"]))
    with pytest.raises(ConstraintError, match="no seat 7"):
        DealSampler(k)


@pytest.mark.parametrize("build, words", [
    (lambda: SuitCount(1, 9, ">=", 2), "suit must be a Suit or 0..3, not 9"),
    (lambda: SuitCount(1, "S", ">=", 2), "suit must be"),
    (lambda: SuitCount(1, 0, "!", 2), "op must be one of >= <= =, not '!'"),
    (lambda: SuitCount(1, 0, ">=", -1), "n must be a whole number"),
    (lambda: SuitCount(1, 0, ">=", 2.5), "n must be a whole number"),
    (lambda: SuitCount(True, 0, ">=", 2), "place must be a seat number or 'blind', not True"),
    (lambda: HoldsCard(1, "AS"), "card must be a card number 0..52 (parse_card('AS')"),
    (lambda: HoldsCard(1, 53), "card must be a card number"),
    (lambda: HoldsCard(-1, 5), "place must be"),
    (lambda: HoldsCard("nowhere", 5), "bad place 'nowhere'"),
    (lambda: HoldsCard(1, 5, "no"), "present must be True or False"),
])
def test_constraints_built_in_python_are_checked(build, words):
    # Built directly they were taken as they came: an IndexError in the advice for suit 9,
    # a TypeError for card text, and op '!' silently read as '='.
    with pytest.raises(ConstraintError, match=re.escape(words)):
        build()


def test_constraints_built_in_python_read_as_the_text_form():
    assert SuitCount(2, 0, "==", 4) == parse_constraint("2:S=4")
    assert SuitCount("kitty", Suit.HEARTS, "<=", 1) == parse_constraint("blind:H<=1")
    assert SuitCount(3, 1, "=", 0).suit is Suit.HEARTS and SuitCount(3, 1, "=", 0).is_void
    assert HoldsCard("2", 52, False) == parse_constraint("2:!JO")


def test_one_constraint_as_text_is_a_list_of_one():
    # parse_constraints("1:AS") read it letter by letter: "bad constraint '1'".
    assert parse_constraints("1:AS") == parse_constraints(["1:AS"]) == (HoldsCard(1, parse_card("AS")),)
    assert parse_constraints(None) == ()
    with pytest.raises(ConstraintError, match="constraints must be a list"):
        parse_constraints(5)
    v = get_variant("japanese")
    hand = parse_hand("AKQ.JT9.2.AK3")
    one = knowledge_for_hand(v, 0, hand, "1:S>=2")
    assert one == knowledge_for_hand(v, 0, hand, parse_constraints(["1:S>=2"]))
    assert knowledge_for_hand(v, 0, hand, HoldsCard(1, parse_card("2S"))).constraints == \
        (HoldsCard(1, parse_card("2S")),)
    with pytest.raises(ConstraintError, match="a constraint is text"):
        knowledge_for_hand(v, 0, hand, [3])
