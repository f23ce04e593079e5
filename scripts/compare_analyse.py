#!/usr/bin/env python3
"""Compare runs of the deal analysis's bench, table by table, on a noisy machine.

    napoleon bench -v japanese --analyse --seed 0 --deals 20 --jobs 2 --json > a.json
    ...change something, rebuild...
    napoleon bench -v japanese --analyse --seed 0 --deals 20 --jobs 2 --json > b.json
    python scripts/compare_analyse.py a.json b.json [--rate 4.0]

The machine's speed drifts by up to 25 % between runs (solver/HISTORY.md), so wall times
of two runs do not compare. Node counts do: they are exact and the same for any --jobs. So
this prints, per table, the nodes of each run and their ratio, then each run's median and
mean with every table's time scaled to one machine speed (``--rate`` M nodes per CPU
second, the table's own rate measured from its CPU time), and how well the cores were
used (wall time over CPU time / jobs). With one file: its own summary.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys


def load(path: str) -> dict:
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"compare_analyse: cannot read {path}: {e}")
    run = data.get("analyse") if isinstance(data, dict) else None
    if not isinstance(run, dict) or "tables" not in run:
        sys.exit(f"compare_analyse: {path} is not the JSON of `napoleon bench --analyse --json`")
    run["jobs"] = data.get("jobs", 1)
    return run


def scaled(table: dict, rate: float) -> float:
    """The table's wall time had the machine searched ``rate`` nodes per CPU second."""
    work = table["nodes"] + table.get("discarded_nodes", 0)
    return table["seconds"] * (work / table["cpu_s"]) / rate if table["cpu_s"] > 0 else 0.0


def summary(name: str, run: dict, rate: float) -> str:
    times = [scaled(t, rate) for t in run["tables"] if t["complete"]]
    if not times:
        return f"{name}: no complete table (a limit stopped every one)"
    cpu = sum(t["cpu_s"] for t in run["tables"])
    wall = sum(t["seconds"] for t in run["tables"])
    used = wall / (cpu / run["jobs"]) if cpu > 0 else 0.0
    return (f"{name}: median {run['median_s']:.2f} s as run, {statistics.median(times):.2f} s "
            f"scaled (mean {statistics.fmean(times):.2f} s), {run['under_10_s']} tables under "
            f"10 s, {run['nodes']:,} nodes, {(run['nodes_per_cpu_s'] or 0) / 1e6:.2f} M nodes "
            f"per CPU second, wall / (CPU / jobs) {used:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="+", help="one or two JSON files of `napoleon bench --analyse --json`")
    ap.add_argument("--rate", type=float, default=4.0,
                    help="the machine speed to scale every table's time to, M nodes per CPU second")
    args = ap.parse_args()
    if len(args.runs) > 2 or args.rate <= 0:
        ap.error("give one or two files, and a positive --rate")
    rate = args.rate * 1e6
    runs = [load(p) for p in args.runs]
    if len(runs) == 2:
        a = {t["seed"]: t for t in runs[0]["tables"]}
        b = {t["seed"]: t for t in runs[1]["tables"]}
        common = sorted(set(a) & set(b))
        if not common:
            sys.exit("compare_analyse: the two runs have no seed in common")
        print(f"{'seed':>4} {'nodes A':>13} {'nodes B':>13} {'B/A':>6}")
        for s in common:
            # a table a limit stopped has fewer nodes than its search needs: not comparable
            stopped = "" if a[s]["complete"] and b[s]["complete"] else "  (stopped by a limit)"
            print(f"{s:>4} {a[s]['nodes']:>13,} {b[s]['nodes']:>13,} "
                  f"{b[s]['nodes'] / max(1, a[s]['nodes']):>6.3f}{stopped}")
        na = sum(a[s]["nodes"] for s in common)
        nb = sum(b[s]["nodes"] for s in common)
        ratios = [b[s]["nodes"] / max(1, a[s]["nodes"]) for s in common]
        print(f"all  {na:>13,} {nb:>13,} {nb / max(1, na):>6.3f}  "
              f"(median of the ratios {statistics.median(ratios):.3f})")
    for name, run in zip("AB", runs):
        print(summary(name, run, rate))


if __name__ == "__main__":
    main()
