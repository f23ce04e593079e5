"""Check the fast solver against the reference minimax on many random endgames.

    PYTHONPATH=. python scripts/check_solver.py --per-preset 2000 [--max-tricks 4] [--seed 0]

For each preset (all its option configs in turn, see ``solver/checking.py``): random
positions of 2..max-tricks tricks left, at trick start and mid-trick, with variant states;
the value and every card's value must equal ``napoleon_rules.reference``. Prints a summary
and exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from solver import solve  # noqa: E402
from solver.checking import PRESETS, compare, has_state, positions  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-preset", type=int, default=2000, help="positions per preset")
    ap.add_argument("--max-tricks", type=int, default=4, help="most tricks left (2..)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--preset", action="append", choices=PRESETS, help="only these presets")
    args = ap.parse_args(argv)
    failures = 0
    print(f"{'preset':16} {'positions':>9} {'with state':>10} {'mid-trick':>9} {'differ':>6} "
          f"{'reference s':>11} {'solver s':>9}")
    for preset in args.preset or PRESETS:
        ps = positions(preset, args.per_preset, args.seed, args.max_tricks)
        bad, t_ref, t_fast = [], 0.0, 0.0
        for pos in ps:
            t0 = time.perf_counter()
            solve(pos)
            t_fast += time.perf_counter() - t0
            t0 = time.perf_counter()
            err = compare(pos, solve)
            t_ref += time.perf_counter() - t0
            if err:
                bad.append(err)
        failures += len(bad)
        print(f"{preset:16} {len(ps):9} {sum(map(has_state, ps)):10} "
              f"{sum(1 for p in ps if p.played):9} {len(bad):6} {t_ref:11.1f} {t_fast:9.2f}",
              flush=True)
        for e in bad[:5]:
            print("  DIFFERENT:", e)
    print("all equal" if not failures else f"{failures} position(s) differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
