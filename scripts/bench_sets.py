#!/usr/bin/env python3
"""Node counts, times and an answer fingerprint of the fast solver on fixed position sets.

    python scripts/bench_sets.py                              # the default sets
    python scripts/bench_sets.py japanese:8:10 bridge:10:10   # VARIANT:CARDS:DEALS ...

Each set is ``napoleon bench --variant VARIANT --cards CARDS --deals DEALS`` (seed 1): the
seeded positions played on to CARDS cards per hand, solved one by one with every card's
value. Per set it prints the total nodes (deterministic: the measure to compare search
changes by), the total and median time, nodes per second and ``answers#`` followed by a
hash of every value and every card's value. A change to the search that keeps the answers
must keep that hash; compare times only between runs made in the same minutes.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import solver  # noqa: E402
from cli.bench import bench_positions  # noqa: E402
from napoleon_rules import get_variant  # noqa: E402

DEFAULT_SETS = ["japanese:7:20", "bridge:9:20", "mighty:6:20"]


def parse_set(text: str) -> tuple[str, int, int]:
    try:
        variant, cards, deals = text.split(":")
        v = get_variant(variant)
        cards_, deals_ = int(cards), int(deals)
        if not 1 <= cards_ <= v.hand_size or deals_ < 1:
            raise ValueError(f"CARDS must be 1..{v.hand_size} and DEALS at least 1")
        return v.name, cards_, deals_
    except (ValueError, KeyError) as e:
        raise SystemExit(f"error: a set is VARIANT:CARDS:DEALS, e.g. japanese:7:20, not {text!r} "
                         f"({e})") from None


def run_set(variant: str, cards: int, deals: int) -> str:
    positions = bench_positions(get_variant(variant), deals, 1, cards)
    nodes = 0
    times = []
    answers = []
    for pos in positions:
        t0 = time.perf_counter()
        result = solver.solve(pos, mode=solver.Mode.CARDS)
        times.append(time.perf_counter() - t0)
        nodes += result.stats["nodes"]
        answers.append((result.value, tuple(sorted(result.plays.items()))))
    digest = hashlib.md5(repr(answers).encode()).hexdigest()[:8]
    total = sum(times)
    return (f"{variant}:{cards}:{deals}".ljust(18) + f"nodes {nodes:>13,d}  total {total:7.2f} s  "
            f"median {statistics.median(times) * 1e3:8.1f} ms  "
            f"{nodes / total / 1e6:5.2f} M nodes/s  answers#{digest}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="*", default=DEFAULT_SETS,
                        help="VARIANT:CARDS:DEALS, e.g. japanese:7:20 (default: %(default)s)")
    args = parser.parse_args()
    for spec in [parse_set(s) for s in args.sets]:
        print(run_set(*spec), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
