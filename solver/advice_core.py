"""What every kind of advice shares: estimates with confidence intervals, the per-sample
search (asking only the questions the advice needs), running samples on several threads, and
the fast declaration policy used inside bid and call advice.

The fast policy (documented in the README, ``napoleon advise``):

* **call** (General, friend, Aid, coup card): the strongest card the declarer does not hold,
  in the order of :func:`power_ladder`: the special cards by power (Mighty, Joker, right and
  left Jacks / major and minor Jacks), then the trump suit from the ace down, then the side
  aces. In Japanese Napoleon the call is made before the blind is seen, so a card in the
  blind can be called (and Napoleon then plays alone, as the rules say).
* **discard**: the cards of hand + blind ranked by (special card or trump, a point card that
  would score for the opponents, length of its suit, rank) and the lowest ones put away: no
  trump or special card while anything else is left, no point card given to the opponents
  while a low card will do, shortest side suits first (to make voids), low ranks first.
"""

from __future__ import annotations

import math
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from napoleon_rules.cards import ACE, JOKER, KING, Suit, card_rank, card_suit, count, make_card, \
    points_of, suit_mask
from napoleon_rules.errors import NapoleonError

from .api import MAX_TT_MB, SearchLimitError, Table, bounds, valid_node_limit, valid_tt_mb

Z95 = 1.959964
#: Roles that are worth calling, in the order they are tried when present in the variant.
POWER_ROLES = ("mighty", "joker", "right_jack", "major_jack", "left_jack", "minor_jack")


class AdviceError(NapoleonError):
    """Input the advisor cannot work with (a hand of the wrong size, a variant without an
    auction, a seat that is not to move ...)."""


# ---- estimates -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Estimate:
    """A sample mean (or proportion) with its 95% confidence interval. ``n``: the samples it
    rests on; ``undecided``: samples left out because their search stopped before it could
    tell (their proved bounds did not settle the question)."""

    mean: float | None
    low: float | None
    high: float | None
    n: int
    undecided: int = 0

    def to_json(self) -> dict:
        r = (lambda x: None if x is None else round(x, 4))
        return {"mean": r(self.mean), "low": r(self.low), "high": r(self.high), "n": self.n,
                "undecided": self.undecided}

    def text(self, digits: int = 2) -> str:
        if self.mean is None:
            return "-"
        return f"{self.mean:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"


def mean_estimate(values: Sequence[float], undecided: int = 0) -> Estimate:
    """Mean with a normal-approximation 95% interval (zero width for a single sample or no
    spread: with every card known there is one deal and no error)."""
    n = len(values)
    if n == 0:
        return Estimate(None, None, None, 0, undecided)
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return Estimate(mean, mean - half, mean + half, n, undecided)


def proportion_estimate(hits: int, n: int, undecided: int = 0, certain: bool = False) -> Estimate:
    """A proportion with the Wilson 95% interval (sound near 0 and 1, unlike mean ± 2 sd).
    ``certain``: every sample is the same deal (all cards known), so there is no error."""
    if n == 0:
        return Estimate(None, None, None, 0, undecided)
    p = hits / n
    if certain:
        return Estimate(p, p, p, n, undecided)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n, undecided)


def is_seconds(x) -> bool:
    """A time limit: a positive, finite number of seconds."""
    return not isinstance(x, bool) and isinstance(x, (int, float)) and math.isfinite(x) and x > 0


def check_flags(error: type[NapoleonError], **flags) -> None:
    """Boolean keywords: True or False only (as ``Table``'s ``keep_memory``), so that text
    such as ``'no'`` is not taken as true."""
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise error(f"{name} must be True or False, not {value!r}")


def check_progress(progress, error: type[NapoleonError], calls: str) -> None:
    """A progress callback: None or something to call (``calls``: how it is called), checked
    before any work so that a wrong one is not found after the first search."""
    if progress is not None and not callable(progress):
        raise error(f"progress must be a function {calls}, not {progress!r}")


# ---- the per-sample search ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SearchBudget:
    """Limits of one sample's search: ``time_limit`` seconds for all its tests together,
    ``node_limit`` nodes for each test; ``tt_mb`` the size of each thread's table."""

    time_limit: float | None = 2.0
    node_limit: int | None = None
    tt_mb: int = 16

    def __post_init__(self) -> None:
        t = self.time_limit
        if t is not None and not is_seconds(t):
            raise AdviceError(f"time_limit must be a positive number of seconds, not {t!r}")
        n = self.node_limit
        if not valid_node_limit(n):
            raise AdviceError(f"node_limit must be a positive whole number, not {n!r}")
        m = self.tt_mb
        if not valid_tt_mb(m):
            raise AdviceError(f"tt_mb must be a whole number of MB (1..{MAX_TT_MB}), not {m!r}")


def max_value(pos) -> int:
    """The most the declarer's side can take from the cards still in play."""
    if pos.variant.unit == "tricks":
        return pos.tricks_left
    mask = 0
    for h in pos.hands:
        mask |= h
    for c in pos.played:
        mask |= 1 << c
    return points_of(mask)


def resolve_total(pos, breakpoints: Sequence[int], offset: int, budget: SearchBudget,
                  table: Table | None, expect_high: bool = False,
                  known: tuple[int, int] | None = None) -> tuple[int, int]:
    """Bounds ``(lo, hi)`` on the total ``value(pos) + offset``, narrowed by zero-window tests
    (``solver.bounds``, whose fail-soft bounds often settle more than the breakpoint
    asked) until no breakpoint ``t`` has ``lo < t <= hi``, i.e. until every
    question "total >= t" for ``t`` in ``breakpoints`` is answered, or the budget runs out.
    Bisection over the breakpoints asks only what the advice needs: a hopeless trump is
    settled by one test below the lowest bid. ``known``: bounds found before (by other
    questions of the same declaration), to start from."""
    lo, hi = (offset, offset + max_value(pos)) if known is None else known
    points = sorted(set(breakpoints))
    deadline = None if budget.time_limit is None else time.perf_counter() + budget.time_limit
    first = True
    while True:
        open_points = [t for t in points if lo < t <= hi]
        if not open_points:
            return lo, hi
        # Most declarations fail the lowest bid: asking that first settles them in one test.
        # ``expect_high``: the total is likely the most there is (a declaration like one that
        # took every point): the highest question first, which then settles it at once.
        t = (open_points[-1] if expect_high else open_points[0]) if first else \
            open_points[len(open_points) // 2]
        first = False
        left = None
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0.001:
                return lo, hi
        try:
            lower, upper = bounds(pos, t - offset, time_limit=left,
                                  node_limit=budget.node_limit, table=table, tt_mb=budget.tt_mb)
        except SearchLimitError as e:
            lo, hi = max(lo, min(hi, e.lower + offset)), min(hi, max(lo, e.upper + offset))
            return lo, hi
        lo, hi = max(lo, lower + offset), min(hi, upper + offset)


# ---- several threads ---------------------------------------------------------------------------------
def announce(progress, total: int) -> None:
    """Tell a progress display how many steps (searches) the advice will take, once it is
    known: a display with an ``expect(total)`` method takes it (the command line's bar, whose
    own guess could not know how many declarations or halving rounds there are); a plain
    ``progress(k)`` callback is left alone."""
    expect = getattr(progress, "expect", None)
    if expect is not None:
        expect(total)


def run_samples(items: Sequence[Any], work: Callable[[Any, Table], Any], *, jobs: int = 1,
                tt_mb: int = 16, progress: Callable[[int], None] | None = None,
                deadline: float | None = None, group: int = 1,
                order: Sequence[int] | None = None) -> list:
    """``[work(item, table) for item in items]`` on ``jobs`` threads (the C search releases the
    GIL), each with its own transposition table, cleared before every item so that a result
    never depends on which thread ran what before it: the output is the same for any
    ``jobs``. ``progress(k)`` is called in the calling thread as items finish.

    ``deadline`` (``time.monotonic()``): once it has passed and the first group is done, no
    item starts, and the result is the longest prefix of whole groups of ``group`` items
    (one sample's declarations) that finished: the same as asking for that many samples.
    ``order``: the order to start the items in on several threads (a permutation of their
    indices; the results stay in item order), for example the dearest first so that the
    last to finish are cheap."""
    if jobs < 1:
        raise AdviceError(f"jobs must be at least 1, not {jobs}")

    def whole(results: list, finished: list) -> list:
        n = 0
        while n < len(finished) and finished[n]:
            n += 1
        return results[:n - n % group]

    if jobs == 1 or len(items) <= 1:
        table = Table(tt_mb)
        out = []
        for item in items:
            if deadline is not None and len(out) >= group and time.monotonic() >= deadline:
                break
            table.clear()
            out.append(work(item, table))
            if progress:
                progress(1)
        return whole(out, [True] * len(out))
    local = threading.local()

    def run(item):
        table = getattr(local, "table", None)
        if table is None:
            table = local.table = Table(tt_mb)
        table.clear()
        return work(item, table)

    results: list = [None] * len(items)
    finished = [False] * len(items)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(run, items[i]): i
                   for i in (range(len(items)) if order is None else order)}
        try:
            for f in as_completed(futures):
                if f.cancelled():
                    continue
                results[futures[f]] = f.result()
                finished[futures[f]] = True
                if progress:
                    progress(1)
                if deadline is not None and time.monotonic() >= deadline and \
                        all(finished[:group]):
                    for g in futures:
                        g.cancel()      # the running ones finish; the rest never start
        except BaseException:
            for f in futures:
                f.cancel()
            raise
    return whole(results, finished)


# ---- the fast declaration policy -------------------------------------------------------------------
def power_ladder(variant, trump) -> list[int]:
    """Cards from the strongest for the declarer's side down: special cards by power, the
    trump suit from the ace, then the side aces and kings."""
    roles = variant.roles(trump)
    ladder = [roles[r] for r in POWER_ROLES if r in roles]
    if isinstance(trump, Suit):
        ladder += sorted((c for c in range(52) if card_suit(c) == trump and c not in ladder),
                         key=card_rank, reverse=True)
    for rank in (ACE, KING):
        ladder += [make_card(s, rank) for s in Suit if s != trump
                   and make_card(s, rank) not in ladder]
    return [c for c in ladder if variant.deck >> c & 1]


def policy_call(variant, trump, held: int) -> int:
    """The first card of the ladder that ``held`` does not contain."""
    for c in power_ladder(variant, trump):
        if not held >> c & 1:
            return c
    raise AdviceError("the declarer holds every card worth calling")  # not reachable in practice


def protected_cards(variant, trump) -> int:
    mask = 1 << JOKER if variant.has_joker else 0
    for role, c in variant.roles(trump).items():
        if role in POWER_ROLES:
            mask |= 1 << c
    if isinstance(trump, Suit):
        mask |= suit_mask(trump)
    return mask


def discard_key(variant, trump, pool: int) -> Callable[[int], tuple]:
    """Sort key of the discard policy: the smallest keys are put away first."""
    protected = protected_cards(variant, trump)
    gives_points = variant.unit == "points" and variant.discard_points_to == "opponents"

    def key(c: int) -> tuple:
        suit = card_suit(c)
        length = count(pool & suit_mask(suit)) if suit is not None else 99
        return (bool(protected >> c & 1), gives_points and points_of(1 << c) > 0, length,
                card_rank(c), c)
    return key


def policy_discard(variant, trump, pool: int, k: int) -> tuple[int, ...]:
    cards = [c for c in range(53) if pool >> c & 1]
    return tuple(sorted(cards, key=discard_key(variant, trump, pool))[:k])
