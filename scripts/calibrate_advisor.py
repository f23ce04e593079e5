"""Calibration of the bid advisor: is its P(make) right?

Deals seeded hands, asks ``advise_bid`` for seat 0's advice, then plays the *real* deal
double dummy with the same fast policy (call and discard, and under the Siberian rule the
same with a point card put away) and records, for every bid of every trump, whether the
real deal makes it (the variant's score pays Napoleon). Three views, each with predicted
against observed by bins of P(make) and the Brier score (mean of (p - made)^2; 0 is
perfect; the base rate's own score, p(1 - p), is what always predicting the observed rate
would get):

* the chosen bid (the legal bid of highest expected score, even when that score is below 0
  and the advice is to pass), with the P(make) the advice shows for it. Choosing the best
  of many noisy estimates favours those that came out high, so this P(make) runs high by
  selection (the winner's curse), more so with few samples;
* with ``--fresh``, the same bid's P(make) estimated again on new samples of that trump,
  free of the selection;
* every bid of every trump: the sampling's own calibration, with nothing chosen.

    python scripts/calibrate_advisor.py --variant nap --deals 200 --samples 40 --jobs 2
    python scripts/calibrate_advisor.py --variant japanese --deals 60 --samples 40 --fresh

Deals whose real outcome or whose P(make) the searches could not settle within
--time-limit are skipped and counted (for every bid: such bids are left out).
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


def real_outcomes(variant, deal, seat, rows, budget) -> dict[str, bool | None]:
    """Whether the real deal makes each bid of the advice's ``rows``, declared as the advice
    declares each sample (the fast policy, and under the Siberian rule the same with a
    point card put away); None where a limit left it open."""
    out = {}
    places = tuple(deal.hands) + (deal.rest,)
    for _, plan, cover in _plans(variant, None):
        bids = [b["bid"] for r in rows for b in r["bids"] if cover(b["bid"])]
        if not bids:
            continue
        contract, lo, hi, alt = _settle(variant, places, seat, plan, bids, budget,
                                        Table(budget.tt_mb), False)
        for b in _bid_stats(variant, [(contract, lo, hi)], bids, seat, alts=[alt]):
            p = b["p_make"]
            out[str(b["bid"])] = None if p.mean is None else p.mean > 0
    return out


def calibration(records, n_bins: int) -> dict:
    """Bins of predicted P against the observed rate, and the Brier score, of ``records``
    (pairs of a predicted probability and what happened)."""
    bins = []
    for b in range(n_bins):
        lo, hi = b / n_bins, (b + 1) / n_bins
        inside = [(p, m) for p, m in records if lo <= p < hi or (b == n_bins - 1 and p == 1.0)]
        if inside:
            bins.append({"bin": f"{lo:.1f}-{hi:.1f}", "count": len(inside),
                         "predicted": sum(p for p, _ in inside) / len(inside),
                         "observed": sum(m for _, m in inside) / len(inside)})
    brier = sum((p - m) ** 2 for p, m in records) / len(records) if records else None
    base = sum(m for _, m in records) / len(records) if records else None
    return {"records": len(records), "brier": brier,
            "brier_of_base_rate": None if base is None else base * (1 - base), "bins": bins}


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
    ap.add_argument("--fresh", action="store_true",
                    help="also estimate the chosen bid's P(make) again on new samples")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    v = get_variant(args.variant, options or None)
    budget = SearchBudget(args.time_limit)
    records, fresh, every, skipped = [], [], [], 0
    t0 = time.perf_counter()
    for k in range(args.deals):
        deal = random_deal(v, args.seed * 100_003 + k)
        # Every trump gets every sample: a trump stopped early is stopped when it looks bad,
        # which would bias its rows' estimates in "every bid" (the chosen bid is the same).
        advice = advise_bid(v, deal.hands[0], samples=args.samples, seed=k, jobs=args.jobs,
                            budget=budget, stop_early=False)
        made = real_outcomes(v, deal, 0, advice.rows, budget)
        # Every bid of every row: predictions made before any choice among them.
        for row in advice.rows:
            for b in row["bids"]:
                if b["p_make"].mean is not None and made.get(str(b["bid"])) is not None:
                    every.append((b["p_make"].mean, made[str(b["bid"])]))
        best = advice.best
        if best is None or best["p_make"].mean is None or made.get(str(best["bid"])) is None:
            skipped += 1
            continue
        outcome = made[str(best["bid"])]
        records.append((best["p_make"].mean, outcome))
        if args.fresh:
            row = next(r for r in advice.rows if any(b["bid"] == best["bid"] for b in r["bids"]))
            again = advise_bid(v, deal.hands[0], samples=args.samples, seed=k + 1_000_003,
                               jobs=args.jobs, budget=budget, trumps=[row["label"]])
            p = next(b["p_make"] for r in again.rows for b in r["bids"] if b["bid"] == best["bid"])
            if p.mean is not None:
                fresh.append((p.mean, outcome))
    elapsed = time.perf_counter() - t0
    report = {"variant": v.name, "options": options, "deals": args.deals, "used": len(records),
              "skipped": skipped, "samples": args.samples, **calibration(records, args.bins),
              "every_bid": calibration(every, args.bins),
              "fresh": calibration(fresh, args.bins) if args.fresh else None,
              "seconds": round(elapsed, 1)}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{v.name} {options or ''}: {len(records)} deals used, {skipped} skipped, "
          f"{args.samples} samples each, {elapsed:.0f} s")
    parts = [("the chosen bid (the best expected score)", report)]
    if args.fresh:
        parts.append(("the chosen bid, P(make) from new samples", report["fresh"]))
    parts.append(("every bid of every trump", report["every_bid"]))
    for title, c in parts:
        print(f"\n{title}: {c['records']} predictions")
        print(f"{'P(make) bin':<12} {'count':>5} {'predicted':>10} {'observed':>9}")
        for b in c["bins"]:
            print(f"{b['bin']:<12} {b['count']:>5} {b['predicted']:>10.3f} {b['observed']:>9.3f}")
        if c["brier"] is not None:
            print(f"Brier score {c['brier']:.4f} (always predicting the base rate: "
                  f"{c['brier_of_base_rate']:.4f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
