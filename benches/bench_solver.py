"""Speed of the fast solver on fixed, seeded Japanese Napoleon deals (pytest-benchmark).

    PYTHONPATH=. python -m pytest benches/bench_solver.py --benchmark-only

Each case solves the same seeded deals: a random legal declaration (``solver.checking``),
then random play until ``cards`` cards are left in each hand, Napoleon's side to lead or
whoever won the last trick. ``value`` cases ask only the value (the search plus the
principal variation); ``solve`` cases also every card's value. The extra info holds the
nodes and nodes per second. Full deals (10 cards) are far out of reach of the present
search (see solver/README.md); they run only with NAPOLEON_BENCH_FULL=1, under a time limit.
"""

from __future__ import annotations

import os
import random
import statistics
import time

import pytest

from napoleon_rules import get_variant, random_deal
from solver import SearchLimitError, Table
from solver.api import _run
from solver.checking import declare

DEALS = 8


def japanese_positions(cards: int, count: int = DEALS):
    v = get_variant("japanese")
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        pos = declare(v, random_deal(v, seed), rng)
        while pos.tricks_left > cards or pos.played:
            pos = pos.play(rng.choice(pos.legal_moves()))
        out.append(pos)
    return out


def _solve_all(positions, mode: str, time_limit=None, per_deal=None):
    nodes = 0
    for pos in positions:
        t0 = time.perf_counter()
        try:
            nodes += _run(pos, mode, 0, None, time_limit, 64, None)["stats"]["nodes"]
        except SearchLimitError as e:
            nodes += e.stats["nodes"]
        if per_deal is not None:
            per_deal.append(time.perf_counter() - t0)
    return nodes


@pytest.mark.parametrize("cards,mode", [(5, "solve"), (6, "value"), (6, "solve"), (7, "value")])
def test_japanese_endgames(benchmark, cards, mode):
    positions = japanese_positions(cards)
    per_deal: list[float] = []
    nodes = _solve_all(positions, mode, per_deal=per_deal)
    benchmark.extra_info["median_ms_per_deal"] = round(statistics.median(per_deal) * 1e3, 2)
    benchmark.extra_info["mean_ms_per_deal"] = round(statistics.mean(per_deal) * 1e3, 2)
    benchmark.extra_info["nodes_per_deal"] = nodes / len(positions)
    benchmark.extra_info["nodes_per_s"] = round(nodes / max(sum(per_deal), 1e-9))
    benchmark.extra_info["deals_per_round"] = len(positions)
    benchmark.pedantic(_solve_all, args=(positions, mode), rounds=3, iterations=1)


@pytest.mark.parametrize("build", ["specialised", "plain"])
def test_japanese_endgames_by_build(benchmark, build):
    """The same 7-card endgames by value on the search built for Japanese Napoleon's default
    rules (what ``solve`` uses for them) and on the plain build (solver/README.md,
    "Specialised builds"): the same nodes, the time of each."""
    from solver import _search
    positions = japanese_positions(7)
    _search.use_specialised(build == "specialised")
    try:
        benchmark.extra_info["nodes"] = _solve_all(positions, "value")
        benchmark.pedantic(_solve_all, args=(positions, "value"), rounds=3, iterations=1)
    finally:
        _search.use_specialised(True)


@pytest.mark.skipif(not os.environ.get("NAPOLEON_BENCH_FULL"), reason="full deals are slow: "
                    "set NAPOLEON_BENCH_FULL=1")
def test_japanese_full_deal_value(benchmark):
    positions = japanese_positions(10, 3)
    benchmark.pedantic(_solve_all, args=(positions, "value", 60.0), rounds=1, iterations=1)


def test_table_reuse_between_targets(benchmark):
    """Several zero-window tests of one deal sharing one table (what a bid check does)."""
    from solver import reaches
    positions = japanese_positions(6, 4)

    def run():
        for pos in positions:
            table = Table(16)
            for target in (4, 8, 12):
                reaches(pos, target, table=table)
    benchmark.pedantic(run, rounds=3, iterations=1)
