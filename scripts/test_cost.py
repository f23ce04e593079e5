#!/usr/bin/env python3
"""What single zero-window tests cost on one declared deal: nodes, time and fail-soft bounds.

    python scripts/test_cost.py "$(napoleon deal -v japanese --seed 4)" \\
        --declarer 4 --trump H --partner 0 --discard "3S 9C" --targets 12 11 10

Each test "does the declarer's side take at least T?" runs on a fresh table, as the deal
analysis's first test of a candidate would (``solver.bounds``). This is how to find and
time the hard tests behind a slow ``napoleon analyse`` cell (its JSON names each cell's
best partner and discard; ``solver/HISTORY.md`` dissects one such test).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import solver  # noqa: E402
from cli.common import parse_options  # noqa: E402
from napoleon_rules import get_variant  # noqa: E402
from napoleon_rules.cards import count, mask_of, parse_cards  # noqa: E402
from napoleon_rules.deal import parse_deal  # noqa: E402
from napoleon_rules.errors import NapoleonError  # noqa: E402
from solver.declarations import ALONE, Setup, declare, discards, parse_strain  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("deal", help="a whole deal in the one-line notation (napoleon deal)")
    parser.add_argument("--declarer", type=int, required=True)
    parser.add_argument("--trump", required=True, help="S H D C, or NT where the variant has it")
    parser.add_argument("--partner", default=ALONE, help="a seat, or 'alone' (default)")
    parser.add_argument("--discard", default="", help="the cards put away, e.g. '3S 9C'")
    parser.add_argument("--targets", type=int, nargs="+", required=True,
                        help="the totals T to test (points or tricks, as the variant counts)")
    parser.add_argument("-o", "--option", action="append", default=[],
                        help="a variant option KEY=VALUE, as the deal was dealt with")
    parser.add_argument("--tt-mb", type=int, default=64)
    args = parser.parse_args()
    try:
        name = args.deal.split(":", 1)[0].strip()
        deal = parse_deal(args.deal, get_variant(name, parse_options(args.option) or None))
        deal.check()
        setup = Setup(deal.variant, tuple(deal.hands), deal.rest, 0)
        strain = parse_strain(deal.variant, args.trump)
        if args.partner.strip().lower() == ALONE:
            partner = None
        elif args.partner.strip().isdigit():
            partner = int(args.partner)
        else:
            raise SystemExit(f"error: --partner is a seat or 'alone', not {args.partner!r}")
        if args.tt_mb < 1:
            raise SystemExit(f"error: --tt-mb must be at least 1, not {args.tt_mb}")
        discard = tuple(sorted(parse_cards(args.discard))) if args.discard.strip() else ()
        n = deal.variant.players
        if not 0 <= args.declarer < n or (partner is not None and
                                          not (0 <= partner < n and partner != args.declarer)):
            raise SystemExit(f"error: the declarer and the partner are two seats 0..{n - 1}")
        pool = deal.hands[args.declarer] | deal.rest
        wanted = mask_of(discard)
        blind = count(deal.rest)
        if wanted & ~pool or len(discard) != blind:
            raise SystemExit(f"error: the discard must be {blind} cards of the declarer's hand "
                             "and the blind")
        # The analysis's list merges equivalent low cards: only their lowest is put away.
        known = {mask_of(d) for d in discards(setup, args.declarer, strain)}
        if wanted not in known:
            raise SystemExit(f"error: {args.discard!r} is not one of the declarer's distinct "
                             "discards (equivalent low cards are merged to the lowest)")
        contract, pos = declare(setup, args.declarer, strain, partner, None, discard)
    except (NapoleonError, ValueError) as e:
        raise SystemExit(f"error: {e}") from None
    credit = deal.variant.credited(contract, 0)
    print(f"declarer {args.declarer}, trump {args.trump}, partner {args.partner}, discard "
          f"{args.discard or '-'}; discarded points credited: {credit}")
    for t in args.targets:
        table = solver.Table(args.tt_mb)
        t0 = time.perf_counter()
        # ``solver.bounds`` without its wrapper, for the node count it does not return.
        out = solver.api._run(pos, "reaches", t - credit, None, None, args.tt_mb, table)
        dt = time.perf_counter() - t0
        lo, hi = out["lower"] + credit, out["upper"] + credit
        verdict = "reaches" if lo >= t else "fails"
        print(f"T {t:3d}: {verdict:7s} bounds [{lo}, {hi}]  {out['nodes']:>12,d} nodes  "
              f"{dt:8.3f} s  {table.entries:>9,d} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
