"""Whole-deal analysis: for every declarer and every trump, the best partner choice and
discard, the exact double-dummy result, the highest makeable bid and its score, and the par
outcome (issue 4). Pure Python on top of ``solver.bounds`` (as ``api.bounds_prepared``,
each declaration checked once) and ``solver.solve``.

How a cell (declarer x trump) is searched
-----------------------------------------
* Partner choices. Calling a card names its holder, so every card held by seat k gives the
  same partner k: the choices are "each other seat" and "alone" (own card, a blind card,
  Mighty's "no friend"). Secretary is the exception: the coup card itself matters (the
  Secretary may once play it without following suit), so each card of seat k is tried.
  Nap has no partner; bridge's partner sits opposite. Mighty's "first-trick friend" is not
  analysed: with the partner unknown during trick 1 the play is no longer a game of two
  sides, which the solver needs.
* Discards. Every set of blind-size cards from hand + blind, after merging equivalent ones:
  two of the pool's low cards (9 and below, no role, not a 2) of one suit with no other
  player's card between them are interchangeable, so only the lowest are discarded.
* Pruning. Candidates are ordered by a cheap static estimate (role cards, trump length,
  voids, points thrown away), the previous partner's best discard first; the partner
  choices in seat order, but the declarer's best partner in the trump before first (a
  choice before it in seat order is then asked whether it ties the best, as a tie goes
  to the earlier choice). With one partner
  choice (or ``exact_choices``) each choice is solved on its own: its
  first candidate exactly (a binary search of zero-window tests), each later one skipped
  when every point still in play cannot beat the best so far, else tested "value >= best
  + 1" and solved only when it passes. A table with several choices asks exact values
  only where they decide something: every candidate is tested against the column's lowest
  bid and the cell's best so far (``_search_choice``'s ``floor`` and ``beat``), a bounded
  choice that could still change a bid's best choice is narrowed (``_undecided``), and a
  cell where no choice reaches the lowest bid is valued from the top down. One
  ``solver.Table`` per worker carries bounds between the tests of a candidate.
* Threads. With ``jobs`` > 1 threads take the cells one by one, trump by trump (a cell
  waits for its declarer's cell in the trump before, whose best partner it starts from),
  and a thread with no cell it may start searches a running cell's later partner choices
  (and levels from the top down) side by side with it, each from what the one-thread
  order would know when it reached it (``analyse_threads``): the table does not depend
  on ``jobs``.
* Limits. ``time_limit`` is a deadline for the whole analysis and ``node_limit`` caps every
  search; when one stops a search the cell keeps proven bounds (``lower``/``upper``), is
  marked inexact, gets no bid, and the analysis is ``complete = False``. Never a guess.

Short hands: ``analyse_cards`` takes hands and rest directly, every hand with the same number
of cards k; play then starts at trick ``tricks - k`` (the rules of trick 1 — a plain first
trick, Mighty's and Japoleon's lead bans — do not apply). Tests and quick looks use it.
"""

from __future__ import annotations

import copy
import math
import time
from dataclasses import replace
from typing import Any, Callable, Sequence

from napoleon_rules import Deal, Variant, get_variant
from napoleon_rules.cards import mask_of
from napoleon_rules.errors import DealError
from napoleon_rules.variants import Bridge, Japanese, Japoleon, Mighty, Secretary

from .advice_core import check_flags, check_progress, max_value
from .analyse_threads import Cancelled, Workers, run_steps
from .analysis import Analysis, Cell, PartnerChoice, describe_choice
from .api import MAX_TT_MB, Prepared, SearchLimitError, Table, bounds_prepared, solve, valid_tt_mb
from .declarations import (ALONE, AnalysisOptionError, Setup, check_short_hands, declare,
                           discards, estimate, has_partner_choice, parse_strain,
                           partner_options, strains)
from .par import Par, bid_floor, cell_bids, highest_makeable, made, par, scores, strain_name

__all__ = ["analyse", "analyse_cards", "Analysis", "Cell", "PartnerChoice", "Par",
           "AnalysisOptionError", "strains", "parse_strain", "ALONE", "describe_choice"]


# ---- the search of one cell -----------------------------------------------------------------------
class _Budget:
    """The analysis-wide deadline and the per-search node limit."""

    def __init__(self, time_limit: float | None, node_limit: int | None):
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.node_limit = node_limit

    def time_left(self) -> float | None:
        if self.deadline is None:
            return None
        return self.deadline - time.monotonic()

    def expired(self) -> bool:
        left = self.time_left()
        return left is not None and left <= 0


class _Stopped(Exception):
    """A limit stopped the search of one candidate; its value is in [lower, upper]."""

    def __init__(self, lower: int, upper: int):
        super().__init__(lower, upper)
        self.lower, self.upper = lower, upper


class _Searcher:
    """Zero-window tests and exact values on one table, counting the tests and their nodes.
    ``run``: a speculative search's ``analyse_threads.Run``, stopped before its next test
    once cancelled."""

    def __init__(self, table: Table, budget: _Budget, run=None):
        self.table, self.budget, self.tests, self.nodes = table, budget, 0, 0
        self.run = run

    def test(self, pos: Prepared, target: int, lower: int, upper: int) -> tuple[int, int]:
        """One zero-window test at ``target`` on a value known to lie in [lower, upper]:
        the narrowed bounds (fail-soft, so often narrower than the answer alone)."""
        if self.run is not None and self.run.cancelled:
            raise Cancelled(self.nodes)
        left = self.budget.time_left()
        if left is not None and left <= 0:
            raise _Stopped(lower, upper)
        self.tests += 1
        try:
            lo, hi, nodes = bounds_prepared(pos, target, node_limit=self.budget.node_limit,
                                            time_limit=left, table=self.table)
        except SearchLimitError as e:
            self.nodes += e.stats.get("nodes", 0)
            raise _Stopped(max(lower, e.lower), min(upper, e.upper)) from None
        self.nodes += nodes
        return max(lower, lo), min(upper, hi)

    def climb(self, pos: Prepared, lower: int, upper: int) -> int:
        """The exact value, known to be in [lower, upper] and most likely ``lower``: tests
        one above the lower bound until one fails."""
        while lower < upper:
            lower, upper = self.test(pos, lower + 1, lower, upper)
        return lower

    def reaches(self, pos, target: int, lower: int, upper: int) -> bool:
        return self.test(pos, target, lower, upper)[0] >= target

    def value(self, pos: Prepared, lower: int, upper: int) -> int:
        """The exact value, known to be in [lower, upper]: a binary search of tests, each
        narrowing by its fail-soft bounds. (Tests from the top, as ``solve`` does at the
        root, took about 20 % more tests and no less time on the 5- and 6-card tables:
        here the upper bound is often far above the value.)"""
        while lower < upper:
            lower, upper = self.test(pos, (lower + upper + 1) // 2, lower, upper)
        return lower


class _Candidate:
    """One declaration of a cell (partner choice, coup card, discard), made once and kept
    with the best upper bound proved on its value (discards credited), so that every later
    question about it is skipped when that bound already answers it."""

    __slots__ = ("discard", "called", "pos", "credit", "top", "upper", "contract")

    def __init__(self, setup, declarer, strain, partner, coup, discard, like=None):
        if like is None:
            contract, pos = declare(setup, declarer, strain, partner, coup, discard)
            self.pos = Prepared(pos)                         # checked and compiled once
        else:
            # The same declaration as ``like``'s with another discard: only the declarer's
            # hand and the contract's discards differ (``_derivable``), so they are put in
            # ``like``'s (the variant's declaration and the checks were 2.9 % of a table).
            mask = mask_of(discard)
            hands = list(like.pos.pos.hands)
            hands[declarer] = (setup.hands[declarer] | setup.rest) & ~mask
            contract = replace(like.contract, discards=mask)
            pos = replace(like.pos.pos, hands=tuple(hands))
            self.pos = like.pos._with_hands(pos)
        self.contract = contract
        self.discard, self.called = discard, contract.called
        self.credit = setup.variant.credited(contract, 0)   # discarded points it scores
        self.top = max_value(pos)                            # most the play can still take
        self.upper = self.top + self.credit


def _derivable(v: Variant) -> bool:
    """Whether a declaration's discard changes only the declarer's hand and the contract's
    discards (``_Candidate``'s ``like``; ``tests/test_analyse.py`` compares every discard
    with the variant's own declaration). Not Secretary, whose lone declarer's coup card is
    a discarded card, nor the games without a blind."""
    return isinstance(v, (Japanese, Japoleon, Mighty))


def _search_choice(setup, declarer, strain, partner, coups, candidates, searcher, counters,
                   floor: int = 0, beat: int | None = None,
                   cap: int | None = None, lower: int = 0,
                   declared: dict | None = None) -> PartnerChoice:
    """The best (coup card,) discard for one partner choice: ordered candidates, bound
    skips, zero-window refutations, exact values only for improvements.

    Only a value of at least ``need`` = max(``floor``, ``beat`` + 1) is found exactly: the
    first candidate is tested at ``need`` before it is solved (with ``need`` 0 it is solved
    at once). ``floor``: the lowest value that makes a bid of the column (a choice below it
    makes none, and its exact value changes neither the cell's bid, its score nor the par);
    ``beat``: the cell's best value from another choice. ``cap``: an upper bound already
    proved for every candidate's value; ``lower``: a lower bound already proved for the
    choice's. A choice with no candidate reaching ``need`` comes back with ``value`` None
    and ``upper`` = ``need`` - 1. ``declared``: the cell's
    ``_Candidate`` objects by (partner, coup card, discard), shared by its calls; under
    (partner, coup card, None) the first one made, which the others are made from
    (``_derivable``)."""
    v = setup.variant
    best = None            # (value, discard, call)
    need = max(floor, 0 if beat is None else beat + 1)
    proved_lower = lower   # the choice's value is at least this (and the refutations' bounds)
    stopped_lower, stopped_upper = None, None
    # Coup card outer: it is part of the compiled rules, and a table is cleared whenever
    # the rules change, so the discards of one coup card run back to back.
    if declared is None:
        declared = {}
    for coup in coups:
        for discard in candidates:
            counters["candidates"] += 1
            key = (partner, coup, discard)
            cand = declared.get(key)
            if cand is None:
                like = declared.get((partner, coup, None)) if _derivable(setup.variant) else None
                cand = declared[key] = _Candidate(setup, declarer, strain, partner, coup,
                                                  discard, like)
                declared.setdefault((partner, coup, None), cand)
            credit = cand.credit
            top = min(cand.top, cand.upper - credit)
            if cap is not None:
                top = max(0, min(top, cap - credit))
            target = need if best is None else best[0] + 1
            if top + credit < target:
                counters["skipped_by_bound"] += 1
                continue
            pos = cand.pos
            try:
                if target - credit <= 0:
                    value = searcher.value(pos, 0, top) + credit
                else:
                    lo, hi = searcher.test(pos, target - credit, 0, top)
                    if lo < target - credit:
                        counters["refuted"] += 1
                        proved_lower = max(proved_lower, lo + credit)
                        cand.upper = min(cand.upper, hi + credit)
                        continue
                    # An improvement on a best value is mostly by one point: the tests
                    # above it, which a binary search asks first, are wasted.
                    if best is not None or beat is not None:
                        value = searcher.climb(pos, lo, hi) + credit
                    else:
                        value = searcher.value(pos, lo, hi) + credit
            except _Stopped as e:
                counters["stopped"] += 1
                lo, hi = e.lower + credit, e.upper + credit
                cand.upper = min(cand.upper, hi)
                stopped_lower = lo if stopped_lower is None else max(stopped_lower, lo)
                stopped_upper = hi if stopped_upper is None else max(stopped_upper, hi)
                continue
            counters["solved"] += 1
            cand.upper = value
            best = (value, discard, cand.called)
    if best is None:
        # Nothing reached ``need`` (refuted, or beyond reach by the bound) unless a limit
        # stopped a candidate first.
        low = proved_lower if stopped_lower is None else max(proved_lower, stopped_lower)
        upper = need - 1 if stopped_upper is None else max(need - 1, stopped_upper)
        return PartnerChoice(partner, None, min(low, upper), upper)
    if stopped_upper is None or best[0] >= stopped_upper:   # the stopped ones could not beat it
        return PartnerChoice(partner, best[0], best[0], best[0], best[1], best[2])
    return PartnerChoice(partner, None, max(stopped_lower, best[0], lower),
                         max(stopped_upper, best[0]), best[1], best[2])


def _undecided(v: Variant, cell: Cell) -> tuple[int, int] | None:
    """``(index, value)`` of a bounded choice whose true value could change the best choice
    for some bid of the cell's column (``par.best_choice_for``: the best score, then the
    higher value, then the earlier choice), with the lowest such value; None when no bounded
    choice can change any (then ``best_choice_for``, ``highest_makeable`` and ``par``, which
    look at exact choices only, give what they would give with every choice exact)."""
    for bid in cell_bids(v, cell.trump):
        best, best_i = None, -1
        for i, c in enumerate(cell.choices):
            if c.exact and made(v, bid, c.value):
                key = (scores(v, cell.declarer, bid, cell.trump, c)[cell.declarer], c.value)
                if best is None or key > best:
                    best, best_i = key, i
        for i, c in enumerate(cell.choices):
            if c.exact:
                continue
            for x in range(c.lower, c.upper + 1):
                if not made(v, bid, x):
                    continue
                score = scores(v, cell.declarer, bid, cell.trump, replace(c, value=x))
                key = (score[cell.declarer], x)
                if best is None or key > best or (key == best and i < best_i):
                    return i, x
    return None


def _analyse_cell(setup: Setup, declarer: int, strain: Any, partner: Any, table: Table,
                  budget: _Budget, want_line: bool, exact_choices: bool,
                  workers: Workers | None = None, first_partner: Any = -1) -> Cell:
    v = setup.variant
    t0 = time.perf_counter()
    counters = dict(candidates=0, skipped_by_bound=0, refuted=0, solved=0, stopped=0)
    searcher = _Searcher(table, budget)
    pool = setup.hands[declarer] | setup.rest
    candidates = discards(setup, declarer, strain)
    candidates.sort(key=lambda d: -estimate(v, strain, pool & ~mask_of(d), mask_of(d)))
    options = partner_options(setup, declarer, partner)
    # With several partner choices a table needs exact values only where they decide
    # something: the cell's value (the best choice), and a choice that could make a bid with a
    # better score than the best (``_undecided``). Every other choice is searched only for a
    # value above the best so far and from the column's lowest bid up, and keeps bounds.
    shared = len(options) > 1 and not exact_choices
    floor = bid_floor(v, strain) if shared else 0
    n = len(options)
    # The sweep's order: ``first_partner``'s choice first (the best partner of the same
    # declarer in another trump, usually the best here too), then the others in seat order.
    order = list(range(n))
    lead = [i for i, (seat, _) in enumerate(options) if seat == first_partner]
    if shared and lead:
        order.remove(lead[0])
        order.insert(0, lead[0])
    choices: list[PartnerChoice] = [None] * n     # type: ignore[list-item]
    hint = None         # the discard of the last exact choice, tried first
    best = None         # the best exact value so far (shared)
    best_at = n         # its choice's index: a tie goes to the earlier choice
    # Every candidate declared so far with its proved upper bound, per partner choice: a
    # search changes only its own choice's (on a copy when it runs on a helper thread).
    declared: list[dict] = [{} for _ in range(n)]

    def search(i, first, own_searcher, own_counters, own_declared, **limits):
        seat, coups = options[i]
        order = candidates if first is None else [first] + [d for d in candidates
                                                            if d != first]
        return _search_choice(setup, declarer, strain, seat, coups, order, own_searcher,
                              own_counters, declared=own_declared, **limits)

    # The sweep and the top-down search below are steps in a fixed order (``run_steps``):
    # one thread runs them one after the other, as written; with ``workers`` an idle thread
    # may search a later step at the same time, from the inputs this order would give it,
    # on a copy of its choice's candidates (see ``analyse_threads``).
    def private(i):
        return {key: copy.copy(c) for key, c in declared[i].items()}

    def run_search(choice_of, limits, fresh_from):
        def go(k, inputs, own_declared, own_table, run):
            if k >= fresh_from:
                own_table.forget()      # (see ``run_steps``)
            own = _Searcher(own_table, budget, run)
            own_counters = dict.fromkeys(counters, 0)
            choice = search(choice_of(k), inputs[0], own, own_counters, own_declared,
                            **limits(k, inputs))
            return (choice, own_counters, own_declared, own.tests, own.nodes), own.nodes
        return go

    def take(i, result):
        choice, own_counters, own_declared, tests, nodes = result
        for key, x in own_counters.items():
            counters[key] += x
        declared[i] = own_declared
        searcher.tests += tests
        searcher.nodes += nodes
        return choice

    def sweep_accept(k, result):
        nonlocal hint, best, best_at
        i = order[k]
        choice = choices[i] = take(i, result)
        if choice.exact:        # (above the best, or equal to it and earlier: see ``beat``)
            hint, best, best_at = choice.discard, choice.value, i
        return False

    def sweep_beat(k, inputs):
        # The value a choice must beat: the best's, or one less for a choice before the
        # best's, which a tie makes the best.
        if not shared or inputs[1] is None:
            return None
        return inputs[1] - 1 if order[k] < inputs[2] else inputs[1]

    run_steps(workers, table, n, lambda k: (hint, best, best_at), lambda k: private(order[k]),
              run_search(lambda k: order[k], lambda k, inputs: dict(
                  floor=floor, beat=sweep_beat(k, inputs)), 1), sweep_accept)
    if floor and all(c.upper < floor for c in choices):
        # No choice makes a bid, and the cell's value is still wanted: from the top down,
        # every candidate of every choice is asked "reaches t?" for t = floor - 1, floor - 2,
        # ...; the first that does is worth exactly t (all failed at t + 1), and nothing
        # else can beat it. Only failing tests above the value and one pass: a pass at a low
        # value is the costliest test there is (one took 44 s on a full deal), and solving
        # the first choice exactly, as above, asked several. Step k asks choice k % n at
        # level floor - 1 - k // n; it needs the choice's step one level up.
        levels = [0] * n      # the levels each choice has been asked so far

        def level_inputs(k):
            i = k % n
            if levels[i] != k // n:
                return None
            return hint, k, choices[i].lower

        def level_accept(k, result):
            i, t = k % n, floor - 1 - k // n
            choice = choices[i] = take(i, result)
            levels[i] += 1
            return choice.exact or choice.upper >= t    # found, or a limit stopped it

        run_steps(workers, table, floor * n, level_inputs, lambda k: private(k % n),
                  run_search(lambda k: k % n, lambda k, inputs: dict(
                      beat=floor - 2 - k // n, cap=floor - 1 - k // n, lower=inputs[2]), 0),
                  level_accept)
    cell = Cell(declarer, strain, choices)
    if not shared and not all(c.exact for c in choices):
        cell.settled = False        # every choice was asked for exactly: a limit stopped one
    if shared and cell.exact:
        # Narrow the choices that could still change a bid's best choice, until none can.
        # (On the table as if its rules had changed: what it last searched depends on
        # which thread ran which step.)
        table.forget()
        while (open_ := _undecided(v, cell)) is not None:
            i, target = open_
            choice = choices[i] = search(i, hint, searcher, counters, declared[i],
                                         beat=target - 1, cap=choices[i].upper,
                                         lower=choices[i].lower)
            if not choice.exact and choice.upper >= target:   # a limit stopped it:
                cell.settled = False                           # the cell stays open
                break
    if cell.exact:
        found = highest_makeable(v, cell)
        if found is not None:
            cell.bid, cell.score, cell.best = found
            cell.scores = scores(v, declarer, cell.bid, strain, cell.best)
            if isinstance(v, Bridge):
                # Bridge is here to check the solver, with no scoring of its own: its score
                # of the highest contract made (overtricks) would always be 0, so none.
                cell.score = cell.scores = None
        else:
            cell.best = max((c for c in choices if c.exact), key=lambda c: c.value)
        if want_line:
            _, pos = declare(setup, declarer, strain, cell.best.partner, cell.best.call,
                             cell.best.discard)
            left = budget.time_left()
            table.forget()
            try:
                if left is None or left > 0:
                    result = solve(pos, mode="value", node_limit=budget.node_limit,
                                   time_limit=left, table=table)
                    cell.line = result.line
                    searcher.nodes += result.stats["nodes"]
            except SearchLimitError as e:
                cell.line = None
                searcher.nodes += e.stats.get("nodes", 0)
    counters["tests"] = searcher.tests
    counters["nodes"] = searcher.nodes
    counters["discards"] = len(candidates)
    counters["time_s"] = round(time.perf_counter() - t0, 4)
    cell.stats = counters
    return cell


# ---- entry points ---------------------------------------------------------------------------------
def analyse(deal: Deal, *, declarers: Sequence[int] | None = None, trumps: Sequence | None = None,
            partner: int | str | None = None, jobs: int = 1, time_limit: float | None = None,
            node_limit: int | None = None, tt_mb: int | None = None, dealer: int = 0,
            progress: Callable[[int, int], None] | None = None,
            exact_choices: bool = False) -> Analysis:
    """Analyse a full deal (checked: every card once, the right hand sizes).

    ``declarers``/``trumps`` restrict the table (trumps as ``Suit``, ``"NT"``, text, or Nap's
    ``"lead"``/``"misere"``; a list, or one item alone; an empty list or an item given twice
    is an error); ``partner`` fixes the partner choice (a seat or ``ALONE``): with
    ``declarers`` None the partner's own row is left out (no seat partners itself), and a
    partner among the ``declarers`` given is an error. One declarer and one trump: the cell
    also gets a best line of play. ``jobs``: worker threads (each with its own table of
    ``tt_mb`` MB; default: 64 for hands of 8 cards or more, else 8, since a table is wiped
    each time the partner changes). ``time_limit``: seconds for the whole analysis;
    ``node_limit``: per search. ``dealer``: who deals, for the par auction.
    ``progress(done, total)`` is called after each cell.

    A table makes exact each cell's value and every partner choice that could change the
    best choice for some bid of its column; any other choice keeps ``value`` None and
    proved bounds (``upper`` at most the cell's value): below the column's lowest bid, or
    unable to beat the best choice's score. Its size changes no bid, score or par, and
    finding it can cost more than the rest of the cell. With ``exact_choices`` every choice
    is exact."""
    if not isinstance(deal, Deal):
        raise DealError(f"expected a napoleon_rules.Deal, not {type(deal).__name__}")
    deal.check()
    return _run(Setup(deal.variant, tuple(deal.hands), deal.rest, 0), declarers, trumps,
                partner, jobs, time_limit, node_limit, tt_mb, dealer, progress, exact_choices)


def analyse_cards(variant: Variant | str, hands: Sequence[int], rest: int = 0, **kwargs) -> Analysis:
    """As :func:`analyse` for hands of any equal size k (card masks): play starts at trick
    ``tricks - k`` of the variant, so short hands make quick, exact analyses."""
    v = get_variant(variant) if isinstance(variant, str) else variant
    if not isinstance(v, Variant):
        raise AnalysisOptionError(f"expected a variant (a name or a Variant), not {variant!r}")
    if not isinstance(hands, (list, tuple)):
        raise DealError(f"hands must be a list of card masks, not {hands!r}")
    setup = check_short_hands(v, hands, rest)
    keys = ("declarers", "trumps", "partner", "jobs", "time_limit", "node_limit", "tt_mb",
            "dealer", "progress", "exact_choices")
    bad = set(kwargs) - set(keys)
    if bad:
        raise TypeError(f"analyse_cards() got unexpected arguments {sorted(bad)}")
    defaults = dict(declarers=None, trumps=None, partner=None, jobs=1, time_limit=None,
                    node_limit=None, tt_mb=None, dealer=0, progress=None, exact_choices=False)
    defaults.update(kwargs)
    return _run(setup, *(defaults[k] for k in keys))


def _check_request(v: Variant, declarers, trumps, partner, jobs, time_limit, dealer, progress,
                   exact_choices):
    n = v.players

    def seat(x, what):
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < n:
            raise AnalysisOptionError(f"{what} must be a seat 0..{n - 1}, not {x!r}")
        return x

    # One item alone is a list of one (``trumps="lead"``, ``declarers=2``), as in the advisor.
    if isinstance(declarers, int):
        declarers = [declarers]
    if isinstance(trumps, (str, int)):
        trumps = [trumps]
    for what, x in (("declarers", declarers), ("trumps", trumps)):
        if x is not None and (isinstance(x, (bytes, dict)) or not hasattr(x, "__iter__")):
            raise AnalysisOptionError(f"{what} must be a list (or None: all), not {x!r}")
    seats = list(range(n)) if declarers is None else [seat(d, "declarer") for d in declarers]
    columns = strains(v) if trumps is None else [parse_strain(v, t) for t in trumps]
    # An empty list would be an empty table marked complete; one given twice, a cell twice.
    for what, items, name in (("declarers", seats, "seat {}".format),
                              ("trumps", columns, strain_name)):
        if not items:
            raise AnalysisOptionError(f"{what} is empty: give at least one, or None for all")
        twice = [x for i, x in enumerate(items) if x in items[:i]]
        if twice:
            raise AnalysisOptionError(f"{what}: {name(twice[0])} is given twice")
    if partner is not None:
        if not has_partner_choice(v):
            why = ("bridge partnerships are fixed (the partner sits opposite)"
                   if isinstance(v, Bridge) else "nap has no partner (the bidder plays alone)")
            raise AnalysisOptionError(f"{v.name} has no partner choice: {why}")
        if isinstance(partner, str) and partner.strip().lower() == ALONE:
            partner = ALONE
        else:
            partner = seat(partner, "partner")
            # A declarer asked for cannot have himself as partner; with every declarer
            # (declarers None) the partner's own row is left out, as the command line's
            # --partner without --declarer shows the other rows.
            if partner in seats and len(seats) == 1:
                raise AnalysisOptionError(f"the partner must be another seat than the declarer "
                                          f"({partner}); use 'alone' to play alone")
            if partner in seats and declarers is not None:
                raise AnalysisOptionError(f"partner {partner} is one of the declarers asked for "
                                          f"({' '.join(map(str, seats))}): a declarer is not his "
                                          "own partner; leave it out of declarers, or use 'alone'")
            seats = [s for s in seats if s != partner]
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 256:
        raise AnalysisOptionError(f"jobs must be 1..256, not {jobs!r}")
    if time_limit is not None and (isinstance(time_limit, bool) or
                                   not isinstance(time_limit, (int, float)) or
                                   not math.isfinite(time_limit) or time_limit <= 0):
        raise AnalysisOptionError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    seat(dealer, "dealer")
    check_progress(progress, AnalysisOptionError, "(done, total)")
    check_flags(AnalysisOptionError, exact_choices=exact_choices)
    return seats, columns, partner


def _tasks(v: Variant, work: list) -> list[list]:
    """The cells ``work`` as the threads take them: one by one, except bridge's two
    declarers of a side in one strain, which go together (the first's table then answers
    most of the second's search: its declarer and partner compile to the same rules, and
    only the opening leader differs)."""
    if not isinstance(v, Bridge):
        return [[item] for item in work]
    tasks, done = [], set()
    for d, s in work:
        if (d, s) in done:
            continue
        pair = [(d, s)]
        if ((d + 2) % 4, s) in work:
            pair.append(((d + 2) % 4, s))
        done.update(pair)
        tasks.append(pair)
    return tasks


def _run(setup: Setup, declarers, trumps, partner, jobs, time_limit, node_limit, tt_mb, dealer,
         progress, exact_choices=False) -> Analysis:
    v = setup.variant
    seats, columns, partner = _check_request(v, declarers, trumps, partner, jobs, time_limit, dealer,
                                             progress, exact_choices)
    if partner == ALONE and isinstance(v, Secretary) and not setup.rest:
        raise AnalysisOptionError("secretary: playing alone needs a returned card as coup card "
                                  "(the deal has no warchest)")
    if tt_mb is None:
        tt_mb = 64 if v.tricks - setup.start_trick >= 8 else 8
    if not valid_tt_mb(tt_mb):
        raise AnalysisOptionError(f"tt_mb must be a whole number of MB (1..{MAX_TT_MB}), "
                                  f"not {tt_mb!r}")
    budget = _Budget(time_limit, node_limit)
    work = [(d, s) for d in seats for s in columns]
    want_line = len(work) == 1
    t0 = time.perf_counter()
    results: dict = {}
    # Trump by trump: a declarer's cell starts from the best partner of its cell in the
    # trump before (``_analyse_cell``'s ``first_partner``), so it waits for that cell, which
    # this order puts a whole row of cells earlier (the table is then the same for any
    # ``jobs``).
    tasks = _tasks(v, [(d, s) for s in columns for d in seats])
    before = {(d, s): (d, columns[i - 1]) for d in seats for i, s in enumerate(columns)
              if i and has_partner_choice(v) and partner is None and not exact_choices}
    best_partner: dict = {}     # each cell's best partner, once it has ended

    def do_task(task, table, workers=None):
        cells = []
        for d, s in task:
            first = best_partner.get(before.get((d, s)), -1)
            cell = _analyse_cell(setup, d, s, partner, table, budget, want_line,
                                 exact_choices, workers, first)
            best_partner[(d, s)] = cell.best.partner if cell.best is not None else -1
            cells.append(cell)
        return cells

    def done(task, cells):
        results.update(zip(task, cells))
        if progress:
            progress(len(results), len(work))

    workers = None
    if jobs == 1:
        table = Table(tt_mb, keep_memory=True)
        for task in tasks:
            done(task, do_task(task, table))
    else:
        # Ctrl-C or an error: the cells not started are dropped, the running ones' searches
        # stop at the same Ctrl-C (solver/_interrupt.pxd) or at their next test.
        workers = Workers(jobs, lambda: Table(tt_mb, keep_memory=True))
        workers.run(tasks, lambda task: do_task(task, workers.table(), workers), done,
                    ready=lambda task: all(before.get(item) in best_partner
                                           for item in task if item in before))
    cells = [results[item] for item in work]
    complete = all(c.exact for c in cells)
    note, command_line_note, par_result = "", None, None
    if isinstance(v, Bridge):
        note = "bridge is card play only here: no auction, no par"
    elif not complete:
        note = "no par: a search limit left some cells inexact"
    elif declarers is not None or trumps is not None or partner is not None:
        note = "no par: it needs the whole table (declarers, trumps and partner all None)"
        command_line_note = "no par: it needs the whole table (no --declarer, --trump or --partner)"
    else:
        par_result = par(v, cells, dealer)
    stats = {"time_s": round(time.perf_counter() - t0, 3), "jobs": jobs, "cells": len(cells),
             **{k: sum(c.stats.get(k, 0) for c in cells)
                for k in ("candidates", "skipped_by_bound", "refuted", "solved", "stopped", "tests",
                          "nodes")},
             "discarded_nodes": 0 if workers is None else workers.discarded_nodes}
    return Analysis(v, setup.hands, setup.rest, setup.start_trick, cells, par_result, complete,
                    note, stats, command_line_note)
