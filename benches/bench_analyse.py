"""Speed of ``napoleon analyse`` (``solver.analyse``) on seeded Japanese Napoleon deals, on 1 and
2 cores (pytest-benchmark).

    PYTHONPATH=. python -m pytest benches/bench_analyse.py --benchmark-only -s

* ``short``: the whole table (5 declarers x 4 trumps, every partner and discard, par) of
  seeded 5-player deals cut to ``cards`` cards per hand plus the 2-card blind (play starts
  ``10 - cards`` tricks before the end, see ``solver.analyse.analyse_cards``). Exact.
* ``full``: seeded full deals (``random_deal(japanese, seed)``, the deals of ``napoleon
  deal -v japanese --seed S``), the whole table with par under a time limit per deal
  (``NAPOLEON_BENCH_ANALYSE_S``, default 300 s; ``NAPOLEON_BENCH_FULL_DEALS`` deals, default
  3). On 2 cores seeds 0-2 took about 69, 7 and 9 s on 2026-11-26 (README, ``napoleon
  analyse``); it reports how many cells each deal finished exactly.
* ``NAPOLEON_BENCH_ANALYSE_7=1`` adds 7-card deals (about a minute each on one core).

The extra info holds the seconds per deal and the pruning counters (declarations
considered, skipped by bound, refuted by one zero-window test, solved exactly).
"""

from __future__ import annotations

import os
import random
import statistics
import time

import pytest

from napoleon_rules import get_variant, random_deal
from napoleon_rules.cards import cards_of, mask_of
from solver.analyse import analyse, analyse_cards

DEALS = 3
COUNTERS = ("candidates", "skipped_by_bound", "refuted", "solved", "tests")


def short_deals(cards: int, count: int = DEALS):
    """Seeded Japanese deals with ``cards`` cards per hand and a 2-card blind."""
    v = get_variant("japanese")
    out = []
    for seed in range(count):
        pack = list(cards_of(v.deck))
        random.Random(seed).shuffle(pack)
        hands = [mask_of(pack[i * cards:(i + 1) * cards]) for i in range(v.players)]
        out.append((v, hands, mask_of(pack[v.players * cards:v.players * cards + 2])))
    return out


def _record(benchmark, results, seconds):
    benchmark.extra_info["seconds_per_deal"] = [round(s, 2) for s in seconds]
    benchmark.extra_info["median_s_per_deal"] = round(statistics.median(seconds), 2)
    benchmark.extra_info["complete"] = [r.complete for r in results]
    benchmark.extra_info["exact_cells"] = [sum(c.exact for c in r.cells) for r in results]
    for k in COUNTERS:
        benchmark.extra_info[k] = sum(r.stats[k] for r in results)
    print(f"\n  {benchmark.name}: seconds per deal {benchmark.extra_info['seconds_per_deal']}, "
          f"exact cells {benchmark.extra_info['exact_cells']}, "
          + ", ".join(f"{k} {benchmark.extra_info[k]}" for k in COUNTERS))


def _run_short(deals, jobs):
    results, seconds = [], []
    for v, hands, rest in deals:
        t0 = time.perf_counter()
        results.append(analyse_cards(v, hands, rest, jobs=jobs))
        seconds.append(time.perf_counter() - t0)
    return results, seconds


SHORT_CASES = [(5, 1), (5, 2), (6, 1), (6, 2)]
if os.environ.get("NAPOLEON_BENCH_ANALYSE_7"):
    SHORT_CASES += [(7, 1), (7, 2)]


@pytest.mark.parametrize("cards,jobs", SHORT_CASES)
def test_analyse_short_japanese(benchmark, cards, jobs):
    deals = short_deals(cards)
    out = {}

    def run():
        out["r"] = _run_short(deals, jobs)
    benchmark.pedantic(run, rounds=1, iterations=1)
    _record(benchmark, *out["r"])
    assert all(r.complete for r in out["r"][0])


@pytest.mark.parametrize("jobs", [1, 2])
def test_analyse_full_japanese(benchmark, jobs):
    v = get_variant("japanese")
    limit = float(os.environ.get("NAPOLEON_BENCH_ANALYSE_S", "300"))
    count = int(os.environ.get("NAPOLEON_BENCH_FULL_DEALS", "3"))
    deals = [random_deal(v, seed) for seed in range(count)]
    out = {}

    def run():
        results, seconds = [], []
        for d in deals:
            t0 = time.perf_counter()
            results.append(analyse(d, jobs=jobs, time_limit=limit))
            seconds.append(time.perf_counter() - t0)
        out["r"] = (results, seconds)
    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info["time_limit_s"] = limit
    _record(benchmark, *out["r"])
