"""DDS and the fast solver on the same fixed seeded bridge deals, one thread each.

    pytest benches/bench_dds_compare.py                 # both engines (the solver if built)
    pytest benches/bench_dds_compare.py --benchmark-only -k dds

Each benchmark round solves the whole set once (every legal card's value, the work
``solver.solve`` does), so DDS's table reuse between calls on the very same deal never
applies. The deals cycle the trump S H D C NT, seat 1 on lead (see ``cli/bench.py``), and are
played on by seeded random play to ``NAPOLEON_BENCH_CARDS`` cards per hand (default 9: the
fast solver takes seconds per full deal today, see solver/README.md; 13 = full deals).
"""

from __future__ import annotations

import os

import pytest

from benches import dds
from cli.bench import bench_positions
from napoleon_rules import get_variant

DEALS = 20
SEED = 1
#: Per solve: a solver slower than this fails the benchmark instead of running for hours.
SOLVE_TIME_LIMIT = 30.0

CARDS = int(os.environ.get("NAPOLEON_BENCH_CARDS", "9"))
POSITIONS = bench_positions(get_variant("bridge"), DEALS, SEED, None if CARDS >= 13 else CARDS)


@pytest.fixture(scope="module")
def dds_lib():
    reason = dds.unavailable_reason()
    if reason is not None:
        pytest.skip(f"DDS unavailable: {reason}")
    dds.set_threads(1)
    return dds


@pytest.fixture(scope="module")
def fast_solve():
    solver = pytest.importorskip("solver", reason="the fast solver is not built")
    if not callable(getattr(solver, "solve", None)):
        pytest.skip("solver.solve does not exist yet")
    return solver.solve


def test_dds_all_cards(benchmark, dds_lib):
    values = benchmark.pedantic(lambda: [dds_lib.dds_solve(p)[0] for p in POSITIONS],
                                rounds=3, iterations=1)
    assert len(values) == DEALS


def test_dds_value_only(benchmark, dds_lib):
    values = benchmark.pedantic(lambda: [dds_lib.dds_value(p) for p in POSITIONS],
                                rounds=3, iterations=1)
    assert len(values) == DEALS


def test_fast_solver_all_cards(benchmark, fast_solve, dds_lib):
    values = benchmark.pedantic(
        lambda: [fast_solve(p, time_limit=SOLVE_TIME_LIMIT).value for p in POSITIONS],
        rounds=1, iterations=1)
    assert values == [dds_lib.dds_value(p) for p in POSITIONS]
