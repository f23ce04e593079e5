#!/usr/bin/env python3
"""A/B timing of two builds of the solver on the bench sets, robust to a shared machine.

    python scripts/ab_sets.py /path/to/tree_a /path/to/tree_b japanese:7:20 bridge:9:20
    python scripts/ab_sets.py --rounds 5 A B japanese:7:20
    python scripts/ab_sets.py 'A:NAP_X=0' 'A:NAP_X=1' mighty:6:20   # one tree, two environments

Each side is a source tree with its extension built in place (``python setup.py build_ext
--inplace``), optionally followed by ``:VAR=value,VAR=value`` environment settings. Every
set is solved by each side in a fresh process (as ``scripts/bench_sets.py`` does: every
card's value), the sides alternating round by round so that a burst of load elsewhere
hits both. The time taken is the process's CPU time (user + system) over the solves, not
wall time: on a machine shared with other jobs wall time mostly measures the other jobs.
Prints per set each side's nodes, the minimum and median CPU seconds, and B/A of both;
under about 5 % the difference is noise on a busy 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

# Run inside each tree: solve the set once as a warm-up, then time the solves.
CHILD = r"""
import resource, sys
sys.path.insert(0, '.')
import solver
from cli.bench import bench_positions
from napoleon_rules import get_variant

def cpu():
    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime

variant, cards, deals = sys.argv[1].split(':')
positions = bench_positions(get_variant(variant), int(deals), 1, int(cards))
solver.solve(positions[0], mode=solver.Mode.CARDS)
t0 = cpu()
nodes = sum(solver.solve(p, mode=solver.Mode.CARDS).stats['nodes'] for p in positions)
print(cpu() - t0, nodes)
"""


def side(spec: str) -> tuple[str, dict]:
    """``TREE[:VAR=value,...]`` -> (tree, environment)."""
    tree, _, settings = spec.partition(":")
    env = dict(os.environ)
    for item in filter(None, settings.split(",")):
        key, _, value = item.partition("=")
        env[key] = value
    return tree, env


def run(tree: str, env: dict, spec: str) -> tuple[float, int]:
    out = subprocess.run([sys.executable, "-c", CHILD, spec], cwd=tree, env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", help="TREE[:VAR=value,...] (the reference)")
    parser.add_argument("b", help="TREE[:VAR=value,...] (the change)")
    parser.add_argument("sets", nargs="+", help="VARIANT:CARDS:DEALS, e.g. japanese:7:20")
    parser.add_argument("--rounds", type=int, default=3, help="runs per side (default 3)")
    args = parser.parse_args()
    sides = [side(args.a), side(args.b)]
    for spec in args.sets:
        times: list[list[float]] = [[], []]
        nodes = [0, 0]
        for k in range(args.rounds):
            for i in ((0, 1) if k % 2 == 0 else (1, 0)):
                t, nodes[i] = run(*sides[i], spec)
                times[i].append(t)
        mins = [min(t) for t in times]
        meds = [statistics.median(t) for t in times]
        print(f"{spec:16s} A {nodes[0]:>12,d} min {mins[0]:7.3f} med {meds[0]:7.3f} | "
              f"B {nodes[1]:>12,d} min {mins[1]:7.3f} med {meds[1]:7.3f} | "
              f"B/A min {mins[1] / mins[0]:5.3f} med {meds[1] / meds[0]:5.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
