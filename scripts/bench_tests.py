#!/usr/bin/env python3
"""Where a full deal's value costs its nodes: the value driver's tests asked one by one.

    python scripts/bench_tests.py                       # Japanese full deals 0..19
    python scripts/bench_tests.py --variant mighty --deals 10 --seed 1

For each of ``napoleon bench``'s seeded full deals (the same positions), the tests "does
the declarer's side reach T?" are asked from the top on one table, as the solve's value
driver asks them (``solver/_drivers.pxi``, ``exact_value``), each through
``solver.api.bounds_prepared`` so that its nodes are known. Printed per deal, sorted by
the solve's nodes with the median deals marked: the value, the share of the nodes in the
failing tests above the value + 1, in the fail at the value + 1 and in the pass at the
value, and every test as ``T:nodes``. (The sum is within a few per cent of the solve's
nodes: the solve starts each test's refutation memory afresh, these tests share it.)
The median of ``napoleon bench`` is what solver issue 3 targets; this shows which test
makes each median deal dear (solver/HISTORY.md, the thirty-second session).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import solver  # noqa: E402
from cli.bench import bench_positions  # noqa: E402
from napoleon_rules import get_variant  # noqa: E402
from napoleon_rules.errors import NapoleonError  # noqa: E402
from solver.advice_core import max_value  # noqa: E402
from solver.api import Prepared, Table, bounds_prepared  # noqa: E402


def deal_tests(position) -> tuple[int, int, list[tuple[int, bool, int]]]:
    """``(value, solve nodes, tests)``: each test as (target, passed, nodes), from the top."""
    solved = solver.solve(position, mode=solver.Mode.VALUE)
    prepared, table = Prepared(position), Table(64)
    lo, hi = 0, max_value(position)
    tests = []
    while lo < hi:
        lower, upper, nodes = bounds_prepared(prepared, hi, table=table)
        passed = lower >= hi
        tests.append((hi, passed, nodes))
        if passed:
            lo = max(lo, lower)
        else:
            hi = min(hi - 1, upper)
    return solved.value, solved.stats["nodes"], tests


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="japanese", help="preset (default: japanese)")
    parser.add_argument("--deals", type=int, default=20, help="how many deals (default: 20)")
    parser.add_argument("--seed", type=int, default=1, help="the bench's seed (default: 1)")
    args = parser.parse_args()
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    try:
        variant = get_variant(args.variant)
        positions = bench_positions(variant, args.deals, args.seed, None)
    except NapoleonError as exc:
        parser.error(str(exc))
    rows = []
    for number, position in enumerate(positions):
        value, nodes, tests = deal_tests(position)
        rows.append((nodes, number, value, tests))
        print(f"deal {number} solved ({nodes:,} nodes)", file=sys.stderr)
    rows.sort()
    middle = {(len(rows) - 1) // 2, len(rows) // 2}
    print(f"{'':2}{'deal':>5} {'value':>5} {'nodes':>10}  above  v+1  pass  tests (target:nodes)")
    for rank, (nodes, number, value, tests) in enumerate(rows):
        total = sum(n for _, _, n in tests) or 1
        above = sum(n for t, ok, n in tests if not ok and t > value + 1) / total
        next_up = sum(n for t, ok, n in tests if not ok and t == value + 1) / total
        passed = sum(n for _, ok, n in tests if ok) / total
        mark = "M " if rank in middle else "  "
        steps = " ".join(f"{t}{'+' if ok else ''}:{n}" for t, ok, n in tests)
        print(f"{mark}{number:>5} {value:>5} {nodes:>10,}  {above:5.2f} {next_up:4.2f} "
              f"{passed:5.2f}  {steps}")
    print("(M: the median deals; a target with + passed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
