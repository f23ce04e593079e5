"""Bid advice (``napoleon advise bid``): for each trump (Nap: the lead and Misère rows) the
totals Napoleon's side takes over the samples, the fast policy choosing the call and discard,
then P(make) and the expected score of every bid and the best legal one. It holds the
auction replay (``auction_state``), the declarations compared (``_plans``) and the table's
helpers (histogram, open ranges, ties) only bid advice uses; it is apart from call and
discard advice because it fixes the declaring policy and compares bids, where they fix the
bid and compare declarations. Shared checks and scoring: :mod:`solver.advice_plan`."""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from napoleon_rules.auction import Auction
from napoleon_rules.cards import NT, Suit, card_name, cards_of, sort_cards, trump_name
from napoleon_rules.errors import NapoleonError
from napoleon_rules.moves import Bid

from .advice_core import AdviceError, SearchBudget, announce, mean_estimate, run_samples
from .advice_plan import (STOP_EVERY, Plan, _bid_stats, _check_callbacks, _check_hand,
                          _check_request, _check_seat, _check_within, _deadline, _listed, _score,
                          _score_profiles, _score_range, _sample_scores, _settle, _surely_behind,
                          _too_high, _trump)
from .sampling import Constraint, DealSampler, knowledge_for_hand


def _cards(mask: int) -> list[str]:
    return [card_name(c) for c in sort_cards(cards_of(mask))]


def _histogram(outcomes) -> dict[str, int]:
    hist: dict[str, int] = {}
    for _, lo, hi in sorted(outcomes, key=lambda o: (o[1], o[2])):
        key = _total_key(lo, hi)
        hist[key] = hist.get(key, 0) + 1
    return hist


def _total_key(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _is_open(variant, outcome, alt, bids: Sequence[Bid], seat: int, exact: bool) -> bool:
    """Whether a sample leaves a question open: some bid's score is not settled by its
    bounds (with a second declaration ``alt``, the better of the two: ``_sample_scores``),
    or, with ``exact``, the total itself is asked. Only a search limit leaves one open; a
    range such as 0-10 below the lowest bid settles every bid, as intended."""
    return (exact and outcome[1] != outcome[2]) or \
        any(len(_sample_scores(variant, outcome, alt, b, seat)) > 1 for b in bids)


def _ties(rows: Sequence[dict], best: dict | None, key: Callable[[dict], float | None]) -> list:
    """The rows whose ``key`` equals that of ``best``, in order (``best`` among them): ties
    are broken by that order."""
    if best is None or key(best) is None:
        return []
    return [r for r in rows if key(r) is not None and math.isclose(key(r), key(best),
                                                                   rel_tol=1e-12, abs_tol=1e-12)]


def _bid_label(variant, bid, trump: str) -> str:
    """A bid as the advice names it: its text, which names its trump, but in Secretary,
    whose bids are a number of tricks only (the trump is declared after the auction),
    followed by the trump of its row: ``"5 S"``."""
    return f"{bid} {trump}" if variant.name == "secretary" else str(bid)


def _never_above(memo: dict, variant, samples: Sequence, k: int, bid: Bid, other: Bid,
                 seat: int) -> bool:
    """Whether ``bid`` scores at most what ``other``, a bid of the same row ``k``, does in each
    of ``samples`` (the row's ``(contract, lo, hi, alt)``) at every total the variant allows,
    not only within the bounds found: the same declaration with a higher bid that the
    scoring pays no more for (Japanese: 11 and 12 both pay +2 when made). Such a bid cannot
    be the advice while ``other``, before it in the table, is in (ties go to the first)."""
    for i, r in enumerate(samples):
        mine = _score_profiles(memo, (k, i, str(bid)), variant, r[:3], r[3], bid, seat)
        theirs = _score_profiles(memo, (k, i, str(other)), variant, r[:3], r[3], other, seat)
        if any(x > y for (a, _, _), (b, _, _) in zip(mine, theirs) for x, y in zip(a, b)):
            return False
    return True


def _stopped_bids(variant, per_row, live_bids: dict, legal: set, seat: int,
                  memo: dict, trumps: Sequence[str]) -> tuple:
    """The early stop's check: ``(leader, stops)``, the leading bid (str) and the bids of
    ``live_bids`` (row -> bids still asked) that stop being asked, ``(row, str(bid))`` ->
    ``(why, bid)``. Only a legal bid can be the advice, so a bid not legal now stops
    (``("not_legal", None)``). The leader is the legal bid of best mean score so far
    (``_surely_behind``); a legal bid stops when it is surely below it (``("below",
    leader)``) or when an earlier legal bid of its row scores as much whatever the total in
    every sample so far (``("at_most", that bid)``, :func:`_never_above`); bids named by
    :func:`_bid_label`, ``trumps`` being the rows' trumps. Nothing stops while
    no bid is legal (nothing to judge by). Where a search limit left a sample's score open,
    the bid judged takes its highest possible score there and the leader its lowest, so an
    open sample only makes a bid harder to stop. ``memo``: :func:`_score_range`'s."""
    candidates = [(k, b) for k, bids in live_bids.items() for b in bids if str(b) in legal]
    if not candidates:
        return None, {}
    got = {(k, b): [_score_range(memo, (k, i, str(b)), variant, r[:3], r[3], b, seat)
                    for i, r in enumerate(per_row[k])] for k, b in candidates}
    (lead_k, lead_bid), behind = _surely_behind(got)
    lead = _bid_label(variant, lead_bid, trumps[lead_k])
    stops = {}
    for k, bids in live_bids.items():
        earlier = []                # the row's legal bids before this one
        for b in bids:
            if str(b) not in legal:
                stops[(k, str(b))] = ("not_legal", None)
                continue
            if (k, b) in behind:
                stops[(k, str(b))] = ("below", lead)
            else:
                above = next((a for a in earlier
                              if _never_above(memo, variant, per_row[k], k, b, a, seat)), None)
                if above is not None:
                    stops[(k, str(b))] = ("at_most", _bid_label(variant, above, trumps[k]))
            earlier.append(b)
    return lead, stops


def _bid_json(row: dict) -> dict:
    return {"bid": str(row["bid"]), "trump": row.get("trump"), "legal": row.get("legal", True),
            "p_make": row["p_make"].to_json(), "score": row["score"].to_json(),
            "samples": row.get("samples"),
            "stopped": None if row.get("stopped") is None else
            {"reason": row["stopped"], "bid": row["ahead"]}}


# ---- bid advice ------------------------------------------------------------------------------------
@dataclass
class BidAdvice:
    variant: str
    seat: int
    hand: int
    samples: int
    seed: int
    rows: list[dict]              # per declaration: trump, histogram, mean, bids, calls
    recommended: str
    best: dict | None
    unit: str = "points"          #: what the totals count (Nap: tricks)
    asked: int | None = None      #: the samples asked for (more than ``samples`` when
    within: float | None = None   #: the total time budget ``within`` ran out first)
    variant_options: dict = field(default_factory=dict)   #: those changed from the preset's
    #: The legal bids with the best expected score, in the table's order (trumps as listed,
    #: then the lower bid): ``best`` is the first of them.
    tied: list[dict] = field(default_factory=list)
    open_samples: int = 0         #: samples a search limit left with some bid open

    def to_json(self) -> dict:
        return {"variant": self.variant, "options": self.variant_options,
                "unit": self.unit, "seat": self.seat,
                "hand": _cards(self.hand),
                "samples": self.samples, "samples_asked": self.asked, "within": self.within,
                "seed": self.seed, "recommended": self.recommended,
                "best": None if self.best is None else _bid_json(self.best),
                "best_tied": [b["name"] for b in self.tied],
                "open_samples": self.open_samples,
                "trumps": [{"trump": r["label"], "samples": r["samples"],
                            "stopped_behind": r["stopped_behind"], "points": r["histogram"],
                            "points_open": r.get("open", {}),
                            "mean": None if r["mean"] is None else r["mean"].to_json(),
                            "calls": r["calls"], "alone": r["alone"],
                            "too_many": r["too_many"], "held_back": r["held_back"],
                            "put_away": r["put_away"],
                            "bids": [_bid_json(b) for b in r["bids"]]} for r in self.rows]}


def _bids_misere(variant) -> bool:
    """Nap: whether Misère is bid in this game (an option)."""
    return any(b.name == "misere" for b in variant.all_bids())


def _plans(variant, only: Sequence | None) -> list[tuple[str, Plan, Callable[[Bid], bool]]]:
    """The declarations bid advice compares, each with the bids it covers."""
    if variant.name == "nap":
        misere = _bids_misere(variant)
        return [(label, plan, cover) for label, plan, cover in (
            ("lead", Plan(None), lambda b: b.name != "misere"),
            ("misere", Plan(NT, misere=True), lambda b: b.name == "misere"))
            if (only is None or label in only) and (label != "misere" or misere)]
    trumps = [t for t in variant.trumps if only is None or t in only]
    if variant.name == "secretary":
        return [(trump_name(t), Plan(t), lambda b: True) for t in trumps]
    return [(trump_name(t), Plan(t), (lambda t: lambda b: b.trump == t)(t)) for t in trumps]


def auction_state(variant, seat: int, calls: Sequence[str], dealer: int | None) -> Auction:
    """Replay ``calls``; the dealer, when not given, is the one that puts ``seat`` to act."""
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                               or not 0 <= dealer < variant.players):
        raise AdviceError(f"dealer must be a seat 0..{variant.players - 1}, not {dealer!r}")
    dealers = [dealer] if dealer is not None else range(variant.players)
    problems = []
    for d in dealers:
        try:
            auction = Auction(variant, d)
            for c in calls:
                auction.call(c)
        except NapoleonError as e:
            problems.append(e)
            continue
        if auction.over:
            # over for one dealer is over for every dealer: passes and bids end it, not seats
            raise AdviceError(f"the auction {' '.join(calls)} has already ended "
                              f"({_why_over(variant, auction)}): no call is left to advise")
        if auction.to_act == seat:
            return auction
    if problems and (dealer is not None or len(problems) == len(dealers)):
        # the calls themselves are wrong (whoever dealt): name the one that is
        raise AdviceError(f"bad auction: {problems[0]}")
    raise AdviceError(f"after the auction {' '.join(calls) or '(none)'} seat {seat} is not to "
                      "bid" + (f" with dealer {dealer}" if dealer is not None else " whoever dealt"))


def _why_over(variant, auction: Auction) -> str:
    """Why a replayed auction has no call left, in words."""
    result = auction.result
    if result.redeal:
        return "everybody passed, so the cards are dealt again"
    bid = result.bid
    if variant.one_bid_each:
        return f"each of the {variant.players} seats has made its one call"
    if not any(variant.bid_allowed_after(b, bid) for b in variant.all_bids(result.round)):
        return f"nothing beats {bid}, the top bid"
    return f"every other seat has passed, so {bid} stands"


def advise_bid(variant, hand: int, *, seat: int = 0, auction: Sequence[str] = (),
               dealer: int | None = None, trumps: Sequence | None = None,
               constraints: Sequence[Constraint] = (), samples: int = 100, seed: int = 0,
               jobs: int = 1, budget: SearchBudget = SearchBudget(), exact_points: bool = False,
               within: float | None = None, stop_early: bool = True,
               progress=None) -> BidAdvice:
    """For each trump: the total Napoleon's side would take (the fast policy choosing the call
    and discard in each sample), P(make) and the expected score of each bid; then the
    best-scoring legal bid, or pass when no bid scores above 0 (what passing scores).
    ``stop_early``: every 16 samples (``STOP_EVERY``) the bids that cannot be the advice
    stop being asked about: a bid not legal now, a legal bid surely behind the leading one
    (``STOP_Z``), and one that an earlier bid of its trump scores as much as whatever the
    total (Japanese: 12 after 11); the samples then settle only the bids still in, which
    is cheaper. A trump with no bid left stops sampling; each stopped bid and trump keeps
    the statistics of its samples and says why it stopped (``samples``, ``stopped``,
    ``stopped_behind``), and is no candidate for the recommendation. False: every bid of
    every trump gets every sample (as does ``exact_points``, but for whole trumps).
    ``within``: seconds for the whole advice; no sample starts after them (the first one
    always runs), and the advice is that of the samples finished (the first ones: the same
    as asking for that many). ``variant``: a Variant or a preset's name; ``trumps``,
    ``auction`` and ``constraints``: lists, or one item alone (``trumps="S"``; ``auction``
    as text is split into calls: ``"13S pass 14H"``)."""
    variant, constraints = _check_request(variant, samples, seed, jobs, budget, constraints)
    _check_within(within)
    _check_callbacks(progress, exact_points=exact_points, stop_early=stop_early)
    if variant.name == "bridge":
        raise AdviceError("bridge has no auction here: bid advice is for the Napoleon games")
    _check_seat(variant, seat)
    _check_hand(variant, hand, variant.hand_size)
    if trumps is not None:
        trumps = _listed(trumps, "trumps", (str, Suit))
        if variant.name == "nap":
            # the columns of 'napoleon analyse': the first lead names trump, or Misère
            rows = {"lead": "lead", "misere": "misere", "mis\u00e8re": "misere"}
            bad = [t for t in trumps if not isinstance(t, str) or t.strip().lower() not in rows]
            if bad:
                raise AdviceError(f"trumps: in nap the first lead names trump, so a trump is "
                                  f"'lead' or 'misere' (the two rows of its bid advice), not "
                                  f"{bad[0]!r}")
            trumps = [rows[t.strip().lower()] for t in trumps]
            if "misere" in trumps and not _bids_misere(variant):
                raise AdviceError("nap: Mis\u00e8re is not bid in this game (option misere "
                                  "is off), so there is no misere row")
        else:
            trumps = [_trump(variant, t) for t in trumps]
    if isinstance(auction, str):
        auction = auction.replace(",", " ").split()     # "13S pass 14H" as well as a list
    auction = _listed(auction, "auction")
    state = auction_state(variant, seat, auction, dealer)
    legal = set(map(str, state.legal_bids()))
    all_bids = variant.all_bids(state.round)
    plans = _plans(variant, trumps)
    deadline = _deadline(within)        # (drawing the samples counts against it too)
    sampler = DealSampler(knowledge_for_hand(variant, seat, hand, constraints))
    deals = sampler.draw_many(samples, seed, deadline)

    # Seconds each row's searches took so far (each row's own): the next round starts the
    # dearest rows' samples first, so that a round ends on cheap searches rather than with
    # one core idle beside a dear one. The order changes nothing else (each search has a
    # cleared table, and results are kept in sample order).
    row_seconds: dict[int, list[float]] = {}
    lock = threading.Lock()

    def work(item, table):
        k, places, bids = item
        t0 = time.perf_counter()
        out = _settle(variant, places, seat, plans[k][1], bids, budget, table, exact_points)
        with lock:
            row_seconds.setdefault(k, []).append(time.perf_counter() - t0)
        return out

    # Each row's results, sample by sample, and the bids each sample was asked about; rows
    # still sampled (the others stopped early, behind the bid named in ``stopped``), and
    # each such row's bids still asked (``live_bids``; a stopped bid's entry in ``bid_stops``:
    # the samples it had, why it stopped, the bid it deferred to).
    per_row: list[list] = [[] for _ in plans]
    asked: list[list[tuple]] = [[] for _ in plans]
    live_bids = {k: [b for b in all_bids if cover(b)] for k, (_, _, cover) in enumerate(plans)}
    stopped: dict[int, str | None] = {}
    bid_stops: dict[tuple[int, str], tuple[int, str, str | None]] = {}
    done = 0                        # samples every live row has
    steps = 0                       # searches run (the progress display's count)
    memo: dict = {}                 # the early stop's scores by (row, sample, bid)
    checks = list(range(STOP_EVERY, samples, STOP_EVERY)) if stop_early else []
    for end in checks + [samples]:
        # Sample by sample (each sample's declarations together), so that a total time
        # budget stops after whole samples: the advice is then that of the samples finished.
        items = [(k, places, tuple(live_bids[k])) for places in deals[done:end]
                 for k in live_bids]
        rows_now = list(live_bids)
        announce(progress, steps + len(rows_now) * (samples - done))
        mean = {k: sum(t) / len(t) for k, t in row_seconds.items()}
        order = None if deadline is not None or not mean else \
            sorted(range(len(items)), key=lambda i: (-mean.get(items[i][0], 0.0), i))
        results = run_samples(items, work, jobs=jobs, tt_mb=budget.tt_mb, progress=progress,
                              deadline=deadline, group=len(rows_now), order=order)
        steps += len(results)
        got = len(results) // len(rows_now)
        for j, k in enumerate(rows_now):
            per_row[k].extend(results[j::len(rows_now)])
            asked[k].extend([tuple(live_bids[k])] * got)
        done += got
        # Stopped by the time budget (in the round or at its end): no check, so that the
        # advice is that of asking for the samples finished.
        if done < end or (deadline is not None and time.monotonic() >= deadline):
            break
        if end < samples:
            leader, stops = _stopped_bids(variant, per_row, live_bids, legal, seat, memo,
                                          [label for label, _, _ in plans])
            for k in rows_now:
                ended = [b for b in live_bids[k] if (k, str(b)) in stops]
                if len(ended) == len(live_bids[k]):
                    # behind the leader, or (no legal bid here) not the advice at all
                    stopped[k] = leader if any(str(b) in legal for b in ended) else None
                    del live_bids[k]
                elif exact_points:
                    continue    # exact totals settle every bid at no extra cost: rows stop
                else:
                    live_bids[k] = [b for b in live_bids[k] if b not in ended]
                bid_stops.update({(k, str(b)): (done, *stops[(k, str(b))]) for b in ended})
            if not live_bids:
                break       # not reached (the leading bid never stops), but never loop on none
    announce(progress, steps)
    asked_for, samples = samples, done
    rows = []
    open_samples: set[int] = set()
    for k, (label, plan, cover) in enumerate(plans):
        mine = per_row[k]
        outcomes = [r[:3] for r in mine]
        alts = [r[3] for r in mine]
        row_bids = [b for b in all_bids if cover(b)]
        bids = []
        for b in row_bids:
            # a bid stopped early: its statistics over the samples asked about it
            n, why, ahead = bid_stops.get((k, str(b)), (len(mine), None, None))
            stats = _bid_stats(variant, outcomes[:n], [b], seat, certain=sampler.certain,
                               alts=alts[:n])[0]
            stats.update(legal=str(b) in legal, samples=n, stopped=why, ahead=ahead,
                         trump=label, name=_bid_label(variant, b, label))
            bids.append(stats)
        exact = [lo for _, lo, hi in outcomes if lo == hi]
        calls: dict[str, int] = {}
        for contract, _, _ in outcomes:
            if contract.called is not None:
                calls[card_name(contract.called)] = calls.get(card_name(contract.called), 0) + 1
        # Samples whose total fails some bid asked by being too high (the Siberian rule), and
        # how many of them the declaration with a point card put away makes (some bid of those).
        high = [_too_high(variant, contract, asked[k][i], seat, lo, hi)
                for i, (contract, lo, hi) in enumerate(outcomes)]
        too_many = [i for i in range(len(outcomes)) if high[i]]
        held = sum(1 for i in too_many if alts[i] is not None and any(
            all(_score(variant, alts[i][0], b, t, seat) > 0
                for t in range(alts[i][1], alts[i][2] + 1))
            for b in high[i]))
        # Samples the declaration with a point card put away settled without asking whether
        # the policy's takes every point (``_settle``): its bounds stay open up to the top.
        put_away = sum(1 for i, (_, lo, hi) in enumerate(outcomes)
                       if alts[i] is not None and lo != hi)
        # The histogram's entries whose range a search limit left open (some bid asked about
        # in that sample is unsettled; not a range such as 0-10 that settles every bid, or
        # 11-19 once only bids settled by it were asked): told apart in the output. With a
        # second declaration the bids score the better of the two (``_sample_scores``).
        open_hist: dict[str, int] = {}
        for i, (_, lo, hi) in enumerate(outcomes):
            if _is_open(variant, outcomes[i], alts[i], asked[k][i], seat, exact_points):
                if lo != hi:    # (an exact total is not marked: the second declaration is open)
                    open_hist[_total_key(lo, hi)] = open_hist.get(_total_key(lo, hi), 0) + 1
                open_samples.add(i)
        rows.append({"label": label, "histogram": _histogram(outcomes), "bids": bids,
                     "samples": len(mine), "stopped": k in stopped,
                     "stopped_behind": stopped.get(k),
                     "open": open_hist,
                     "too_many": len(too_many), "held_back": held, "put_away": put_away,
                     # A mean over the settled samples alone would be biased (the hard ones
                     # are left out): given only when every total is exact (None otherwise:
                     # totals bounded on purpose, between the scoring's breakpoints, or
                     # stopped by a limit).
                     "mean": mean_estimate(exact) if len(exact) == len(outcomes) else None,
                     "calls": calls,
                     "alone": sum(1 for c, _, _ in outcomes if c.partner is None)})
    # A bid stopped early was judged unable to be the advice: not a candidate (its mean is
    # over fewer samples, and could pass the leader's final mean only by luck).
    candidates = [b for r in rows for b in r["bids"] if b["legal"] and b["stopped"] is None
                  and b["score"].mean is not None]
    # Ties on the expected score go to the first in the table (max keeps the first).
    best = max(candidates, key=lambda b: b["score"].mean, default=None)
    recommended = str(best["bid"]) if best is not None and best["score"].mean > 0 else "pass"
    return BidAdvice(variant.name, seat, hand, samples, seed, rows, recommended, best,
                     variant.unit, asked_for, within, variant.changed_options(),
                     _ties(candidates, best, lambda b: b["score"].mean), len(open_samples))
