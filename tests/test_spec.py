"""The search built for Japanese Napoleon's, The Mighty's and Japoleon's default rules
(``solver/_search_japanese.pyx``, ``solver/_search_mighty.pyx``,
``solver/_search_japoleon.pyx``; their rules' fields are constants: ``solver/_spec.h``):
each takes exactly the solves whose rules hold its constants, and answers them as the
plain build does, node for node."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import solver
from cli.bench import bench_positions
from napoleon_rules import Suit, get_variant
from solver import _search
from solver._search import build_for
from solver._compile import compile_rules
from solver.checking import positions

SOLVER = Path(solver.__file__).resolve().parent
# "#define N_SEATS_OF(r)   SPEC_FIELD(r, n_seats,  5, 5)": the rules' fields made constants
SPEC_FIELD = re.compile(r"#define \w+_OF\(r\)\s+SPEC_FIELD\(r, (\w+),")
BUILDS = {"japanese": "japanese", "japanese-stakes": "japanese", "mighty": "mighty",
          "japoleon": "japoleon"}


def _spec_fields() -> list[str]:
    return SPEC_FIELD.findall((SOLVER / "_spec.h").read_text())


def _rules(name: str, options=None, cards=None) -> dict:
    return dict(compile_rules(bench_positions(get_variant(name, options or {}), 1, 1, cards)[0]))


def test_every_constant_field_is_compared_before_a_solve_is_handed_over():
    fields = _spec_fields()
    assert "n_seats" in fields and "partition" in fields and len(fields) >= 10
    fit = (SOLVER / "_ab.pxi").read_text()
    fit = fit[fit.index("cdef bint rules_fit"):fit.index("cdef int search_core")]
    missing = [f for f in fields if f"{f}_of(r) == r.{f}" not in fit]
    assert not missing, f"rules_fit does not compare {missing}"


def test_each_presets_default_rules_go_to_its_build():
    for name in ("japanese", "japanese-stakes", "mighty", "japoleon", "secretary", "nap",
                 "bridge"):
        assert build_for(_rules(name)) == BUILDS.get(name), name
        assert build_for(_rules(name, cards=3)) == BUILDS.get(name), name
    # Same-two and Yoromeki are read from the rules in every build (the answers below say
    # they are right); the other options change a constant
    for options in ({"same_two": False}, {"yoromeki": False}):
        assert build_for(_rules("japanese", options)) == "japanese"
    for options in ({"players": 4}, {"players": 6}, {"players": 7}, {"first_trick_plain": False}):
        assert build_for(_rules("japanese", options)) is None, options
    for options in ({"joker_powerless_first_last": False}, {"led_joker_wins_unfollowed": False},
                    {"players": 4}):
        assert build_for(_rules("mighty", options)) is None, options
    # Japoleon's options that change only the per-trump tables (read in every build) fit
    # its build; the Joker's rule for the suit to follow and the players change a constant
    for options in ({"minor_jack_free": False, "joker_any_time": True},
                    {"key_lead_when_only_key": False}):
        assert build_for(_rules("japoleon", options)) == "japoleon", options
    for options in ({"joker_names_suit": False}, {"players": 4}, {"players": 6}):
        assert build_for(_rules("japoleon", options)) is None, options


def test_japoleons_build_takes_every_key_suit_and_aid():
    # the constants are the same whatever the key suit (trump), the aid card (a partner or
    # Napoleon alone) and the trick: none of them may vary between Japoleon's positions
    # (the bench's declarations always call an aid card another seat holds; the checks'
    # endgames also have Napoleon alone)
    ps = bench_positions(get_variant("japoleon"), 40, 2, None) + \
        bench_positions(get_variant("japoleon"), 40, 3, 3) + \
        [p for p in positions("japoleon", 120, seed=31, max_tricks=5)
         if not p.variant.changed_options()]
    assert {p.trump for p in ps} == set(Suit)
    assert {p.partner is None for p in ps} == {True, False}
    assert {build_for(compile_rules(p)) for p in ps} == {"japoleon"}


@pytest.mark.parametrize("name", ["japanese", "mighty", "japoleon"])
@pytest.mark.parametrize("field", _spec_fields())
def test_a_rules_field_off_its_constant_does_not_fit(name, field):
    rules = _rules(name)
    if field == "any_dead":
        rules["dead_roles"] = 0         # (filled from the role cards' tables and this flag)
    elif field == "point_mask":
        rules[field] ^= 1 << 3
    else:
        rules[field] ^= 1
    assert build_for(rules) is None


def _both_builds(ps, mode) -> list[tuple]:
    """Each position solved by the specialised build and by the plain one: value, every
    card's value, line and nodes, which must be the same."""
    out = []
    try:
        for specialised in (True, False):
            _search.use_specialised(specialised)
            out.append([(r.value, r.plays, r.line, r.stats["nodes"])
                        for r in (solver.solve(p, mode=mode) for p in ps)])
    finally:
        _search.use_specialised(True)
    return out


@pytest.mark.parametrize("preset", ["japanese", "japanese-stakes", "mighty", "japoleon"])
def test_the_specialised_builds_answer_as_the_plain_one(preset):
    # endgames of 2..5 tricks, at a trick start and mid-trick, every card's value, under
    # the preset's option sets (``solver.checking.CONFIGS``: some fit, some do not)
    ps = positions(preset, 60, seed=31, max_tricks=5)
    assert sum(build_for(compile_rules(p)) == BUILDS[preset] for p in ps) >= 15
    special, plain = _both_builds(ps, solver.Mode.CARDS)
    assert special == plain


def test_the_specialised_builds_answer_full_deals_as_the_plain_one():
    ps = bench_positions(get_variant("japanese"), 2, 5, None) + \
        bench_positions(get_variant("japanese"), 6, 5, 5) + \
        bench_positions(get_variant("mighty"), 4, 5, 6) + \
        bench_positions(get_variant("japoleon"), 2, 5, None) + \
        bench_positions(get_variant("japoleon"), 6, 5, 6)
    special, plain = _both_builds(ps, solver.Mode.VALUE)
    assert special == plain


def test_use_specialised_takes_a_bool():
    with pytest.raises(ValueError, match="True or False"):
        _search.use_specialised(1)
