#!/usr/bin/env python3
"""Compare the fast solver with DDS on seeded full bridge deals, every trump, opening lead.

    python scripts/compare_dds.py --deals 200            # the full check: 200 deals x 5 trumps
    python scripts/compare_dds.py --deals 20 --time-limit 30
    python scripts/compare_dds.py --deals 200 --cards 8    # each deal played on to 8 cards

For each deal and trump: the value (tricks for the declarer's side) and every opening lead's
value from both engines. Prints each mismatch as it is found and a summary with both
engines' times; the exit code is 1 if anything differs or a solve hit its limit. The deals
and positions are those of ``tests/test_dds_bridge.py`` (same generator, declarer seat
``i % 4`` for deal ``i``), so its CI subset is the first deals of this run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benches import dds  # noqa: E402
from cli.bench import BRIDGE_TRUMPS, bridge_position, seeded_deals  # noqa: E402
from napoleon_rules import get_variant  # noqa: E402
from napoleon_rules.cards import card_name, trump_name  # noqa: E402

DEFAULT_SEED = 2024  # the seed of tests/test_dds_bridge.py


def _plays_text(plays: dict[int, int]) -> str:
    return " ".join(f"{card_name(c)}={v}" for c, v in sorted(plays.items()))


def _times_text(times: list[float]) -> str:
    if not times:
        return "-"
    return (f"median {statistics.median(times) * 1000:.2f} ms, mean "
            f"{statistics.fmean(times) * 1000:.2f} ms, max {max(times) * 1000:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="number of deals (default 200)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the deals")
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="seconds allowed per solve of the fast solver (default 60)")
    parser.add_argument("--node-limit", type=int, default=None, help="nodes allowed per solve")
    parser.add_argument("--cards", type=int, default=None, choices=range(1, 14), metavar="1..13",
                        help="play each deal on (seeded random legal play) until every hand "
                             "holds this many cards; default: the full deal from the opening lead")
    args = parser.parse_args(argv)

    reason = dds.unavailable_reason()
    if reason:
        print(f"error: DDS is not available: {reason}", file=sys.stderr)
        return 2
    try:
        from solver import solve
    except ImportError as e:
        print(f"error: the fast solver is not built ({e})", file=sys.stderr)
        return 2
    dds.set_threads(1)

    bridge = get_variant("bridge")
    mismatches: list[str] = []
    limited: list[str] = []
    ours_times: list[float] = []
    dds_times: list[float] = []
    nodes = 0
    checked = 0
    start_all = time.perf_counter()
    for i, deal in enumerate(seeded_deals(bridge, args.deals, args.seed)):
        for trump in BRIDGE_TRUMPS:
            pos = bridge_position(deal, trump, declarer=i % 4)
            if args.cards is not None:
                rng = random.Random(f"compare-dds-{args.seed}-{i}-{trump}")
                while pos.tricks_left > args.cards or pos.played:
                    pos = pos.play(rng.choice(pos.legal_moves()))
            label = f"deal {i} trump {trump_name(trump)} declarer {pos.declarer} ({deal})"
            t = time.perf_counter()
            want_value, want_plays = dds.dds_solve(pos)
            dds_times.append(time.perf_counter() - t)
            t = time.perf_counter()
            try:
                result = solve(pos, node_limit=args.node_limit, time_limit=args.time_limit)
            except Exception as e:  # noqa: BLE001 - the solver's limit error, reported below
                if type(e).__name__ != "SearchLimitError":
                    raise
                limited.append(f"{label}: {e} (DDS {want_value})")
                print(f"LIMIT    {limited[-1]}", flush=True)
                continue
            ours_times.append(time.perf_counter() - t)
            nodes += result.stats.get("nodes", 0)
            checked += 1
            if (result.value, result.plays) != (want_value, want_plays):
                mismatches.append(f"{label}: solver {result.value} [{_plays_text(result.plays)}] "
                                  f"DDS {want_value} [{_plays_text(want_plays)}]")
                print(f"MISMATCH {mismatches[-1]}", flush=True)
        print(f"... {i + 1}/{args.deals} deals, {len(mismatches)} mismatches, "
              f"{len(limited)} limited, {time.perf_counter() - start_all:.0f} s",
              file=sys.stderr, flush=True)

    total = args.deals * len(BRIDGE_TRUMPS)
    size = "full deals" if args.cards is None else f"played on to {args.cards} cards per hand"
    print(f"\n{total} positions ({args.deals} deals x {len(BRIDGE_TRUMPS)} trumps, seed {args.seed}, "
          f"{size}): "
          f"{checked} solved, {checked - len(mismatches)} equal to DDS, {len(mismatches)} "
          f"mismatches, {len(limited)} hit the limit")
    print(f"DDS {dds.dds_version()} (1 thread, all cards): {_times_text(dds_times)}")
    print(f"fast solver (all cards):           {_times_text(ours_times)}"
          + (f"; {nodes / sum(ours_times) / 1e6:.2f} M nodes/s, {nodes:,} nodes" if ours_times and sum(ours_times) else ""))
    if ours_times and dds_times and not limited:
        print(f"time ratio fast/DDS: median {statistics.median(ours_times) / statistics.median(dds_times):.2f}x, "
              f"total {sum(ours_times) / sum(dds_times):.2f}x")
    for line in mismatches:
        print(f"MISMATCH {line}")
    for line in limited:
        print(f"LIMIT    {line}")
    return 1 if mismatches or limited else 0


if __name__ == "__main__":
    sys.exit(main())
