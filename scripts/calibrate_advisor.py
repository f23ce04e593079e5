"""Calibration of the bid advisor: is its P(make) right?

Deals seeded hands, asks ``advise_bid`` for seat 0's best bid (the legal bid of highest
expected score, even when that score is below 0 and the advice is to pass) and its P(make),
then plays the *real* deal double dummy with the same fast policy (call and discard) and
records whether that bid was made (the variant's score pays Napoleon). Prints predicted
against observed by bins of P(make), and the Brier score (mean of (p - made)^2; 0 is perfect,
0.25 is always saying 50%).

    python scripts/calibrate_advisor.py --variant nap --deals 200 --samples 40 --jobs 2
    python scripts/calibrate_advisor.py --variant japanese -o players=7 --deals 30 --samples 20

Deals whose real outcome or whose P(make) the searches could not settle within
--time-limit are skipped and counted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from napoleon_rules import get_variant, random_deal  # noqa: E402
from solver import Table  # noqa: E402
from solver.advice_core import SearchBudget  # noqa: E402
from solver.advisor import _bid_stats, _plans, _settle, advise_bid  # noqa: E402


def real_outcome(variant, deal, seat, plan, bid, budget) -> bool | None:
    """Whether the real deal makes ``bid`` declared as the advice declares each sample (the
    fast policy, and under the Siberian rule the same with a point card put away)."""
    contract, lo, hi, alt = _settle(variant, tuple(deal.hands) + (deal.rest,), seat, plan,
                                    [bid], budget, Table(budget.tt_mb), False)
    p = _bid_stats(variant, [(contract, lo, hi)], [bid], seat, alts=[alt])[0]["p_make"]
    return None if p.mean is None else p.mean > 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="nap")
    ap.add_argument("-o", "--option", action="append", default=[])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=2.0)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--bins", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    v = get_variant(args.variant, options or None)
    budget = SearchBudget(args.time_limit)
    records, skipped = [], 0
    t0 = time.perf_counter()
    for k in range(args.deals):
        deal = random_deal(v, args.seed * 100_003 + k)
        advice = advise_bid(v, deal.hands[0], samples=args.samples, seed=k, jobs=args.jobs,
                            budget=budget)
        best = advice.best
        if best is None or best["p_make"].mean is None:
            skipped += 1
            continue
        bid = best["bid"]
        plan = next(p for _, p, cover in _plans(v, None) if cover(bid))
        made = real_outcome(v, deal, 0, plan, bid, budget)
        if made is None:
            skipped += 1
            continue
        records.append((best["p_make"].mean, made, str(bid)))
    elapsed = time.perf_counter() - t0
    bins = []
    for b in range(args.bins):
        lo, hi = b / args.bins, (b + 1) / args.bins
        inside = [(p, m) for p, m, _ in records if lo <= p < hi or (b == args.bins - 1 and p == 1.0)]
        if inside:
            bins.append({"bin": f"{lo:.1f}-{hi:.1f}", "deals": len(inside),
                         "predicted": sum(p for p, _ in inside) / len(inside),
                         "observed": sum(m for _, m in inside) / len(inside)})
    brier = sum((p - m) ** 2 for p, m, _ in records) / len(records) if records else None
    base = sum(m for _, m, _ in records) / len(records) if records else None
    report = {"variant": v.name, "options": options, "deals": args.deals, "used": len(records),
              "skipped": skipped, "samples": args.samples, "brier": brier,
              "brier_of_base_rate": None if base is None else base * (1 - base),
              "bins": bins, "seconds": round(elapsed, 1)}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{v.name} {options or ''}: {len(records)} deals used, {skipped} skipped, "
          f"{args.samples} samples each, {elapsed:.0f} s")
    print(f"{'P(make) bin':<12} {'deals':>5} {'predicted':>10} {'observed':>9}")
    for b in bins:
        print(f"{b['bin']:<12} {b['deals']:>5} {b['predicted']:>10.3f} {b['observed']:>9.3f}")
    if brier is not None:
        print(f"Brier score {brier:.4f} (always predicting the base rate {base:.2f}: "
              f"{base * (1 - base):.4f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
