#!/usr/bin/env python3
"""What the early stop of bid advice costs in the advice's quality: a bootstrap of regret.

The advice picks the legal bid of best mean score over its samples, so even without any
early stop it picks a worse bid now and then when two are close: that is the advice's own
*regret* (the true mean of the best bid less that of the bid picked). The early stop
(``solver.advice_plan``: every ``STOP_EVERY`` samples, a bid below the leading one by more
than ``STOP_Z`` standard errors stops) can only add to it by stopping a bid that is in
truth the best. This script measures how much it adds, for several values of z:

1. it records every legal 11-and-20 bid's score in each of ``--samples`` samples of one
   hand, from a run with ``stop_early=False`` (or reads such a record, ``--load``);
2. for each bid other than the best, and each margin delta, it shifts that bid's scores so
   that it is the true best by delta, draws ``--runs`` runs of as many samples with
   replacement, applies the stop rule as the advice does (checks every ``STOP_EVERY``,
   the leader the live bid of best mean, the pseudo-sample at the largest difference any
   sample could show) and lets the run pick the live bid of best mean;
3. it prints, per delta, the regret summed over those bids without any stop and what each
   z adds to it (the same runs for every z, so the differences are paired).

    python scripts/stop_regret.py KJ74.J8.AKJ.Q --seed 1 --jobs 2 --save rec.json
    python scripts/stop_regret.py --load rec.json --z 4 3 2.5 2

Only the levels that can be the advice in Japanese are used (11 and 20 of each trump: 12
to 19 score at most what 11 does and stop as "at most" anyway). Japanese only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def record(hand: str, samples: int, seed: int, jobs: int) -> dict:
    """Per bid (11 and 20 of each trump): its score in each sample, and the most and least
    it can score in any sample (the pseudo-sample's range)."""
    import solver.advice_bid as ab
    from napoleon_rules.deal import parse_hand
    from solver.advice_core import SearchBudget
    from solver.advice_plan import _score_range

    out: dict = {}
    stats = ab._bid_stats

    def keep(variant, outcomes, bids, seat, certain=False, alts=None):
        for b in bids:
            if str(b)[:2] in ("11", "20"):
                # per sample (lowest, highest, least, most): the score the bounds allow, and
                # the least and most it could be at any total (as the early stop takes them)
                got = [_score_range({}, None, variant, o, a, b, seat)
                       for o, a in zip(outcomes, alts or [None] * len(outcomes))]
                if any(g[0] != g[1] for g in got):
                    raise SystemExit("a sample was left open (no search limit is set: "
                                     "please report)")
                out[str(b)] = {"scores": [g[0] for g in got],
                               "most": max(g[3] for g in got), "least": min(g[2] for g in got)}
        return stats(variant, outcomes, bids, seat, certain=certain, alts=alts)

    ab._bid_stats = keep
    try:
        ab.advise_bid("japanese", parse_hand(hand), samples=samples, seed=seed, jobs=jobs,
                      budget=SearchBudget(time_limit=None), stop_early=False)
    finally:
        ab._bid_stats = stats
    return out


def picks(runs: np.ndarray, most: np.ndarray, least: np.ndarray, z: float | None,
          every: int) -> np.ndarray:
    """The bid each run picks (runs x bids x samples of scores) under the stop rule with
    ``z`` (None: no stop), as ``solver.advice_plan._surely_below`` judges."""
    n_runs, n_bids, n = runs.shape
    live = np.ones((n_runs, n_bids), bool)
    rows = np.arange(n_runs)
    for c in ([] if z is None else range(every, n, every)):
        means = np.where(live, runs[:, :, :c].mean(axis=2), -np.inf)
        lead = means.argmax(axis=1)
        diffs = runs[:, :, :c] - runs[rows, lead, :c][:, None, :]
        pseudo = most[None, :] - least[lead][:, None]
        diffs = np.concatenate([diffs, pseudo[:, :, None]], axis=2)
        spread = diffs.std(axis=2, ddof=1) / np.sqrt(c + 1)
        stop = live & (diffs.mean(axis=2) + z * spread < 0)
        stop[rows, lead] = False
        live &= ~stop
    return np.where(live, runs.mean(axis=2), -np.inf).argmax(axis=1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hand", nargs="?", help="a Japanese hand, e.g. KJ74.J8.AKJ.Q")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", help="write the record (JSON) here")
    parser.add_argument("--load", help="read a record instead of making one")
    parser.add_argument("--z", type=float, nargs="+", default=[4.0, 3.0, 2.5, 2.0])
    parser.add_argument("--every", type=int, default=32, help="samples between checks")
    parser.add_argument("--runs", type=int, default=2000, help="bootstrap runs per case")
    parser.add_argument("--deltas", type=float, nargs="+", default=[0.05, 0.1, 0.2, 0.3, 0.5])
    args = parser.parse_args()
    if args.load:
        rec = json.loads(Path(args.load).read_text())
    elif args.hand:
        rec = record(args.hand, args.samples, args.seed, args.jobs)
        if args.save:
            Path(args.save).write_text(json.dumps(rec))
    else:
        parser.error("give a hand, or --load a record")
    keys = list(rec)
    scores = np.array([rec[k]["scores"] for k in keys], float)
    most = np.array([rec[k]["most"] for k in keys], float)
    least = np.array([rec[k]["least"] for k in keys], float)
    true = scores.mean(axis=1)
    print("bids:", " ".join(f"{k} {m:+.2f}" for k, m in zip(keys, true)))
    best = int(true.argmax())
    rng = np.random.default_rng(args.seed)
    n = scores.shape[1]
    for delta in args.deltas:
        added = {z: 0.0 for z in [None, *args.z]}
        for j in range(len(keys)):
            if j == best:
                continue
            shifted = scores.copy()
            shift = true[best] + delta - true[j]
            shifted[j] += shift
            mu = shifted.mean(axis=1)
            idx = rng.integers(0, n, size=(args.runs, n))
            runs = shifted[:, idx].transpose(1, 0, 2)
            hi, lo = most.copy(), least.copy()
            hi[j] += shift
            lo[j] += shift
            for z in added:
                added[z] += float((mu.max() - mu[picks(runs, hi, lo, z, args.every)]).mean())
        base = added.pop(None)
        print(f"delta {delta}: regret without stopping {base:.4f}; added by "
              + ", ".join(f"z {z:g}: {added[z] - base:+.4f}" for z in args.z))
    return 0


if __name__ == "__main__":
    sys.exit(main())
