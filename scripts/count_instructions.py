#!/usr/bin/env python3
"""Count the instructions the fast solver executes on a bench set, with valgrind's callgrind.

    python scripts/count_instructions.py japanese:10:6:value      # VARIANT:CARDS:DEALS[:value]
    python scripts/count_instructions.py japanese:8:20 --tree /path/to/other/build

The count is exact and repeatable (only the search, inside ``solver._search.run``, is
collected), so a change of a per cent shows where this project's machine, whose speed moves
by 5-15 % between identical runs, cannot time it (solver/HISTORY.md, the twenty-sixth
session). CARDS 10 means full deals (the positions of ``napoleon bench``); without
``:value`` every card's value is solved, as ``napoleon bench`` does by default. Prints the
nodes and the instructions. Needs valgrind (``apt install valgrind``); callgrind runs the
search about 50 times slower, so keep the set small (six full deals by value: a minute).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

from bench_sets import parse_set     # (this folder: VARIANT:CARDS:DEALS, checked)

CHILD = r"""
import sys
sys.path.insert(0, '.')
import solver
from cli.bench import bench_positions
from napoleon_rules import get_variant
spec = sys.argv[1].split(':')
mode = solver.Mode.VALUE if spec[3:] == ['value'] else solver.Mode.CARDS
positions = bench_positions(get_variant(spec[0]), int(spec[2]), 1, int(spec[1]))
print(sum(solver.solve(p, mode=mode).stats['nodes'] for p in positions))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set", help="VARIANT:CARDS:DEALS[:value], e.g. japanese:10:6:value")
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[1]),
                        help="the source tree whose built extension to run (default: this one)")
    args = parser.parse_args()
    spec, value = args.set, ""
    if spec.endswith(":value"):
        spec, value = spec[:-len(":value")], ":value"
    variant, cards, deals = parse_set(spec)     # (exits naming a malformed set)
    spec = f"{variant}:{cards}:{deals}{value}"
    if shutil.which("valgrind") is None:
        sys.exit("count_instructions: valgrind is not installed (apt install valgrind)")
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         "--toggle-collect=__pyx_pw_6solver_7_search_*run", sys.executable, "-c", CHILD,
         spec], cwd=args.tree, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"count_instructions: the run failed:\n{out.stderr[-2000:]}")
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if refs is None:
        sys.exit("count_instructions: callgrind printed no instruction count")
    nodes = int(out.stdout.split()[-1])
    instructions = int(refs.group(1).replace(",", ""))
    print(f"{spec}: {nodes:,} nodes, {instructions:,} instructions "
          f"({instructions / max(nodes, 1):,.0f} a node)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
