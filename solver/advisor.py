"""The hand advisor: bids, the card to call, discards and plays, by perfect-information Monte
Carlo (as GIB does for bridge). The unseen cards are dealt many times consistently with what
the player knows (:mod:`solver.sampling`), each deal is solved double dummy, and the results
become estimates with 95% confidence intervals.

All samples are drawn up front from one seeded generator, and each sample's search uses a
cleared table, so the same seed gives the same advice whatever ``jobs`` is, as long as no
sample hits its time limit (a node limit is deterministic). A sample stopped by its limit is
never given a made-up value: its proved bounds answer the questions they settle, and it is
counted as *undecided* for the others.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from napoleon_rules.auction import Auction
from napoleon_rules.cards import (JOKER, NT, CardParseError, Suit, card_name, card_suit, cards_of,
                                  count, mask_of, parse_card, parse_trump, points_of, sort_cards,
                                  trump_name)
from napoleon_rules.deal import Deal
from napoleon_rules.errors import NapoleonError
from napoleon_rules.game import Choices, holder
from napoleon_rules.moves import Bid
from napoleon_rules.position import Position
from napoleon_rules.variant import Variant, get_variant
from napoleon_rules.variants.japanese import Japanese

from . import api
from .advice_core import (AdviceError, Estimate, SearchBudget, announce, discard_key, is_seconds,
                          max_value, mean_estimate, policy_call, policy_discard, power_ladder,
                          proportion_estimate, resolve_total, run_samples)
from .declarations import takes_blind
from .sampling import (Constraint, DealSampler, HoldsCard, Knowledge, SuitCount, knowledge_for_hand,
                       parse_constraint)

__all__ = ["advise_bid", "advise_call", "advise_discard", "advise_play", "AdviceError"]


def _cards(mask: int) -> list[str]:
    return [card_name(c) for c in sort_cards(cards_of(mask))]


def _check_hand(variant, hand: int, size: int, what: str = "the hand") -> None:
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 0:
        raise AdviceError(f"{what} must be a mask of cards (napoleon_rules.deal.parse_hand("
                          f"'AKQ.JT9.2.AK3')), not {hand!r}")
    extra = hand & ~variant.deck
    if extra:
        raise AdviceError(f"{card_name(next(cards_of(extra)))} is not in the {variant.name} deck")
    if count(hand) != size:
        raise AdviceError(f"{what} holds {count(hand)} cards; {variant.name} needs {size}")


def _variant(variant) -> Variant:
    """A variant given as a ``Variant`` or by name (``"nap"``: the preset)."""
    if isinstance(variant, str):
        return get_variant(variant)
    if not isinstance(variant, Variant):
        raise AdviceError(f"expected a variant (a name such as 'nap', or "
                          f"napoleon_rules.get_variant(name, options)), not {variant!r}")
    return variant


def _listed(items, what: str, single: tuple = (str,)) -> list:
    """A list argument; one item given alone (``"lead"``, ``"AS"``) is a list of one."""
    if isinstance(items, single):
        return [items]
    if isinstance(items, (bytes, dict)) or not hasattr(items, "__iter__"):
        raise AdviceError(f"{what} must be a list, not {items!r}")
    return list(items)


def _check_request(variant, samples, seed, jobs, budget, constraints) -> tuple:
    """What every kind of advice takes, checked: the variant (a name is read here) and the
    constraints as ``Constraint`` objects (text such as ``"2:S>=4"`` is read here, and one
    alone is a list of one)."""
    variant = _variant(variant)
    for what, x, low in (("samples", samples, 1), ("seed", seed, 0), ("jobs", jobs, 1)):
        if isinstance(x, bool) or not isinstance(x, int) or x < low:
            raise AdviceError(f"{what} must be a whole number, at least {low}, not {x!r}")
    if not isinstance(budget, SearchBudget):
        raise AdviceError(f"budget must be a SearchBudget, not {budget!r}")
    items = _listed((() if constraints is None else constraints), "constraints",
                    (str, HoldsCard, SuitCount))
    out = tuple(parse_constraint(c) if isinstance(c, str) else _check_constraint(c)
                for c in items)
    for c in out:
        if isinstance(c, HoldsCard) and not variant.deck >> c.card & 1:
            raise AdviceError(f"constraint {c}: {card_name(c.card)} is not in the "
                              f"{variant.name} deck")
    return variant, out


def _check_within(within) -> None:
    if within is not None and not is_seconds(within):
        raise AdviceError(f"within must be a positive number of seconds, not {within!r}")


def _deadline(within: float | None) -> float | None:
    return None if within is None else time.monotonic() + within


def _check_constraint(c):
    if not isinstance(c, (HoldsCard, SuitCount)):
        raise AdviceError(f"a constraint is text such as '2:S>=4' or a parsed one, not {c!r}")
    return c


def _trump(variant, trump):
    """A trump as given (``Suit``, ``NT``, or text such as ``"S"``), checked for the variant."""
    if isinstance(trump, str):
        trump = parse_trump(trump)
    if trump is None or trump not in variant.trumps:
        shown = trump_name(trump) if trump in (*Suit, NT) else repr(trump)
        raise AdviceError(f"trump {shown} is not allowed in {variant.name} "
                          f"(allowed: {', '.join(trump_name(x) for x in variant.trumps)})")
    return trump


def _check_seat(variant, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < variant.players:
        raise AdviceError(f"seat must be 0..{variant.players - 1}, not {seat!r}")


def _card(variant, card, what: str) -> int:
    """A card of the variant's deck, given as its number or as text (``"AS"``, ``"JO"``)."""
    if isinstance(card, str):
        try:
            card = parse_card(card)
        except CardParseError as e:
            raise AdviceError(f"{what}: {e}") from None
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card <= JOKER \
            or not variant.deck >> card & 1:
        shown = card_name(card) if type(card) is int and 0 <= card <= JOKER else repr(card)
        raise AdviceError(f"{what}: {shown} is not a card of the {variant.name} deck")
    return card


def _check_call(variant, call) -> int:
    """A called card (its number or text such as ``"AS"``): one card of the variant's deck,
    in a game that calls one."""
    if variant.name == "nap" or variant.fixed_partnership:
        raise AdviceError(f"{variant.name} has no card to call"
                          + (" (the partner sits opposite)" if variant.fixed_partnership else
                             " (the bidder plays alone)"))
    return _card(variant, call, "call")


# ---- declaring a sampled deal -------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """One way to declare: the trump, and (None = the fast policy) the call and discard."""

    trump: object
    call: int | None = None
    alone: bool = False
    discard: tuple[int, ...] | None = None
    misere: bool = False


def declare(variant, places: Sequence[int], seat: int, plan: Plan):
    """``(contract, first position)`` of the sampled deal ``places`` with ``seat`` as declarer."""
    n = variant.players
    deal = Deal(variant, tuple(places[:n]), places[n])
    if variant.name == "nap":
        bid = Bid(0, None, "misere") if plan.misere else Bid(3)
        return variant.declare(deal, seat, bid, Choices())
    pool = deal.hands[seat] | deal.rest
    discard = plan.discard
    if discard is None:
        discard = policy_discard(variant, plan.trump, pool, count(deal.rest))
    if variant.has_coup_card and plan.call is not None and pool >> plan.call & 1 \
            and plan.call not in discard:
        # Secretary: the coup card is named after the warchest is taken and two cards go
        # back, and not from Napoleon's hand: a card he would call that came to him with the
        # warchest goes back instead of the policy's last choice (he then plays alone).
        discard = tuple(discard[:-1]) + (plan.call,)
    kept = pool & ~mask_of(discard)
    friend = "card"
    call = plan.call
    if plan.alone:
        friend = "none" if variant.name == "mighty" else "card"
        call = next(cards_of(kept)) if friend == "card" else None
    elif call is None:
        # Japanese Napoleon calls before seeing the blind; the others after the discard.
        seen = deal.hands[seat] if isinstance(variant, Japanese) else kept
        call = policy_call(variant, plan.trump, seen)
    bid_trump = None if variant.name == "secretary" else plan.trump
    bid = Bid(variant.all_bids()[0].level, bid_trump)
    choices = Choices(call=call, discard=tuple(discard), friend=friend,
                      trump=plan.trump if variant.name == "secretary" else None)
    return variant.declare(deal, seat, bid, choices)


def _score(variant, contract, bid: Bid, total: int, seat: int) -> float:
    return variant.score(replace(contract, bid=bid), total)[seat]


def _breakpoints(variant, contract, bids: Sequence[Bid], seat: int, top: int,
                 exact: bool) -> list[int]:
    """Totals t where some bid's score (or made/failed) changes between t-1 and t: the only
    questions "total >= t" the advice needs answered."""
    if exact:
        return list(range(1, top + 1))
    points = set()
    for b in bids:
        prev = _score(variant, contract, b, 0, seat)
        for t in range(1, top + 1):
            cur = _score(variant, contract, b, t, seat)
            if cur != prev:
                points.add(t)
            prev = cur
    return sorted(points)


def _bid_stats(variant, outcomes, bids: Sequence[Bid], seat: int, certain: bool = False,
               alts: Sequence | None = None) -> list[dict]:
    """Per bid: P(make) (the variant's score pays Napoleon) and the expected score, each over
    the samples whose bounds settle it. ``alts[i]``: another declaration ``(contract, lo,
    hi)`` of sample i the declarer may take instead (``_held_back``), or None; each bid then
    scores the better of the two."""
    out = []
    for b in bids:
        made, scores, open_make, open_score = [], [], 0, 0
        for i, (contract, lo, hi) in enumerate(outcomes):
            values = {_score(variant, contract, b, t, seat) for t in range(lo, hi + 1)}
            alt = alts[i] if alts is not None else None
            if alt is not None:
                c2, lo2, hi2 = alt
                other = {_score(variant, c2, b, t, seat) for t in range(lo2, hi2 + 1)}
                values = {max(x, y) for x in values for y in other}
            if len(values) == 1:
                scores.append(next(iter(values)))
            else:
                open_score += 1
            wins = {v > 0 for v in values}
            if len(wins) == 1:
                made.append(wins.pop())
            else:
                open_make += 1
        out.append({"bid": b, "p_make": proportion_estimate(sum(made), len(made), open_make, certain),
                    "score": mean_estimate(scores, open_score)})
    return out


def _settle(variant, places, seat: int, plan: Plan, bids: Sequence[Bid], budget, table,
            exact: bool) -> tuple:
    """``(contract, lo, hi, alt)`` of one sample declared by ``plan``: bounds on the total
    that settle every bid of ``bids``, and ``alt``, the same for the declaration with a point
    card put away (``_held_back``) when taking every point fails some of them, else None."""
    contract, pos = declare(variant, places, seat, plan)
    offset = variant.credited(contract, 0)
    points = _breakpoints(variant, contract, bids, seat, offset + max_value(pos), exact)
    lo, hi = resolve_total(pos, points, offset, budget, table)
    too_high = _too_high(variant, contract, bids, seat, lo, hi)
    shed = _held_back(variant, places, seat, plan, contract) if too_high else None
    if shed is None:
        return contract, lo, hi, None
    # The declarer who bid one of these would put a point card away instead: solved so.
    c2, p2 = declare(variant, places, seat, shed)
    off2 = variant.credited(c2, 0)
    points = _breakpoints(variant, c2, too_high, seat, off2 + max_value(p2), exact)
    # It took every point with one more: likely all it can now, asked first.
    return contract, lo, hi, (c2, *resolve_total(p2, points, off2, budget, table,
                                                  expect_high=True))


def _too_high(variant, contract, bids: Sequence[Bid], seat: int, lo: int, hi: int) -> list[Bid]:
    """The bids an exact total fails by being too high (the Siberian rule: all 20 without
    bidding 20) while one point less would make them."""
    if lo != hi or lo <= 0:
        return []
    return [b for b in bids
            if _score(variant, contract, b, lo, seat) <= 0
            < _score(variant, contract, b, lo - 1, seat)]


def _held_back(variant, places, seat: int, plan: Plan, contract) -> Plan | None:
    """The policy's declaration with its last discard swapped for a point card (the one the
    policy would put away first): where discarded points score for the opponents, that side
    can no longer take every point, so the bids that taking them all fails may be made. None
    where that does not apply (no blind, discards credited to the declarer, no point card)."""
    if variant.unit != "points" or variant.discard_points_to != "opponents" or \
            not takes_blind(variant) or plan.discard is not None:
        return None
    if not contract.discards or contract.discard_points:
        return None               # nothing put away, or a point card is already
    pool = places[seat] | places[variant.players]
    key = discard_key(variant, plan.trump, pool)
    discard = sorted(cards_of(contract.discards), key=key)   # the policy's order, as declared
    kept_points = [c for c in cards_of(pool & ~contract.discards) if points_of(1 << c)
                   and c != contract.called]
    if not kept_points:
        return None
    shed = min(kept_points, key=key)
    discard[-1] = shed
    return replace(plan, call=contract.called, discard=tuple(discard))


def _histogram(outcomes) -> dict[str, int]:
    hist: dict[str, int] = {}
    for _, lo, hi in sorted(outcomes, key=lambda o: (o[1], o[2])):
        key = _total_key(lo, hi)
        hist[key] = hist.get(key, 0) + 1
    return hist


def _total_key(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _is_open(variant, contract, bids: Sequence[Bid], seat: int, lo: int, hi: int,
             exact: bool) -> bool:
    """Whether bounds ``lo..hi`` leave a question open: some bid scores differently inside
    them (or, with ``exact``, the total itself is asked). Only a search limit leaves one
    open; a range such as 0-10 below the lowest bid settles every bid, as intended."""
    if lo == hi:
        return False
    return exact or any(len({_score(variant, contract, b, t, seat) for t in range(lo, hi + 1)}) > 1
                        for b in bids)


def _ties(rows: Sequence[dict], best: dict | None, key: Callable[[dict], float | None]) -> list:
    """The rows whose ``key`` equals that of ``best``, in order (``best`` among them): ties
    are broken by that order."""
    if best is None or key(best) is None:
        return []
    return [r for r in rows if key(r) is not None and math.isclose(key(r), key(best),
                                                                   rel_tol=1e-12, abs_tol=1e-12)]


def _bid_json(row: dict) -> dict:
    return {"bid": str(row["bid"]), "legal": row.get("legal", True),
            "p_make": row["p_make"].to_json(), "score": row["score"].to_json()}


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
        return {"variant": self.variant, "variant_options": self.variant_options,
                "unit": self.unit, "seat": self.seat,
                "hand": _cards(self.hand),
                "samples": self.samples, "samples_asked": self.asked, "within": self.within,
                "seed": self.seed, "recommended": self.recommended,
                "best": None if self.best is None else _bid_json(self.best),
                "best_tied": [str(b["bid"]) for b in self.tied],
                "open_samples": self.open_samples,
                "trumps": [{"trump": r["label"], "points": r["histogram"],
                            "points_open": r.get("open", {}),
                            "mean": None if r["mean"] is None else r["mean"].to_json(),
                            "calls": r["calls"], "alone": r["alone"],
                            "too_many": r["too_many"], "held_back": r["held_back"],
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
        if not auction.over and auction.to_act == seat:
            return auction
    if problems and (dealer is not None or len(problems) == len(dealers)):
        # the calls themselves are wrong (whoever dealt): name the one that is
        raise AdviceError(f"bad auction: {problems[0]}")
    raise AdviceError(f"after the auction {' '.join(calls) or '(none)'} seat {seat} is not to "
                      "bid" + (f" with dealer {dealer}" if dealer is not None else " whoever dealt"))


def advise_bid(variant, hand: int, *, seat: int = 0, auction: Sequence[str] = (),
               dealer: int | None = None, trumps: Sequence | None = None,
               constraints: Sequence[Constraint] = (), samples: int = 100, seed: int = 0,
               jobs: int = 1, budget: SearchBudget = SearchBudget(), exact_points: bool = False,
               within: float | None = None, progress=None) -> BidAdvice:
    """For each trump: the total Napoleon's side would take (the fast policy choosing the call
    and discard in each sample), P(make) and the expected score of each bid; then the
    best-scoring legal bid, or pass when no bid scores above 0 (what passing scores).
    ``within``: seconds for the whole advice; no sample starts after them (the first one
    always runs), and the advice is that of the samples finished (the first ones: the same
    as asking for that many). ``variant``: a Variant or a preset's name; ``trumps``,
    ``auction`` and ``constraints``: lists, or one item alone (``trumps="S"``; ``auction``
    as text is split into calls: ``"13S pass 14H"``)."""
    variant, constraints = _check_request(variant, samples, seed, jobs, budget, constraints)
    _check_within(within)
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
                raise AdviceError(f"trumps: in nap the first lead names trump, so each is 'lead' "
                                  f"or 'misere' (the two rows of its bid advice), not {bad[0]!r}")
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
    sampler = DealSampler(knowledge_for_hand(variant, seat, hand, constraints))
    deals = sampler.draw_many(samples, seed)

    def work(item, table):
        plan, places = item
        return _settle(variant, places, seat, plan, [b for b in all_bids if covers[plan](b)],
                       budget, table, exact_points)

    covers = {plan: cover for _, plan, cover in plans}
    # Sample by sample (each sample's declarations together), so that a total time budget
    # stops after whole samples: the advice is then that of the samples finished.
    items = [(plan, places) for places in deals for _, plan, _ in plans]
    announce(progress, len(items))
    results = run_samples(items, work, jobs=jobs, tt_mb=budget.tt_mb, progress=progress,
                          deadline=_deadline(within), group=len(plans))
    asked, samples = samples, len(results) // len(plans)
    rows = []
    open_samples: set[int] = set()
    for k, (label, plan, cover) in enumerate(plans):
        mine = results[k::len(plans)]
        outcomes = [r[:3] for r in mine]
        alts = [r[3] for r in mine]
        bids = _bid_stats(variant, outcomes, [b for b in all_bids if cover(b)], seat,
                          certain=sampler.certain, alts=alts)
        for b in bids:
            b["legal"] = str(b["bid"]) in legal
        exact = [lo for _, lo, hi in outcomes if lo == hi]
        calls: dict[str, int] = {}
        for contract, _, _ in outcomes:
            if contract.called is not None:
                calls[card_name(contract.called)] = calls.get(card_name(contract.called), 0) + 1
        row_bids = [b for b in all_bids if cover(b)]
        # Samples whose total fails some bid by being too high (the Siberian rule), and how
        # many of them the declaration with a point card put away makes (some bid of those).
        high = [_too_high(variant, contract, row_bids, seat, lo, hi)
                for contract, lo, hi in outcomes]
        too_many = [i for i in range(len(outcomes)) if high[i]]
        held = sum(1 for i in too_many if alts[i] is not None and any(
            all(_score(variant, alts[i][0], b, t, seat) > 0
                for t in range(alts[i][1], alts[i][2] + 1))
            for b in high[i]))
        # The histogram's entries whose range a search limit left open (not one such as 0-10
        # that settles every bid): told apart in the output.
        open_hist: dict[str, int] = {}
        for i, (contract, lo, hi) in enumerate(outcomes):
            if _is_open(variant, contract, row_bids, seat, lo, hi, exact_points):
                open_hist[_total_key(lo, hi)] = open_hist.get(_total_key(lo, hi), 0) + 1
                open_samples.add(i)
            elif alts[i] is not None:
                c2, lo2, hi2 = alts[i]      # the declaration with a point card put away
                if _is_open(variant, c2, high[i], seat, lo2, hi2, exact_points):
                    open_samples.add(i)
        rows.append({"label": label, "histogram": _histogram(outcomes), "bids": bids,
                     "open": open_hist,
                     "too_many": len(too_many), "held_back": held,
                     # A mean over the settled samples alone would be biased (the hard ones
                     # are left out): given only when every total is exact (None otherwise:
                     # totals bounded on purpose, between the scoring's breakpoints, or
                     # stopped by a limit).
                     "mean": mean_estimate(exact) if len(exact) == len(outcomes) else None,
                     "calls": calls,
                     "alone": sum(1 for c, _, _ in outcomes if c.partner is None)})
    candidates = [b for r in rows for b in r["bids"] if b["legal"] and b["score"].mean is not None]
    # Ties on the expected score go to the first in the table (max keeps the first).
    best = max(candidates, key=lambda b: b["score"].mean, default=None)
    recommended = str(best["bid"]) if best is not None and best["score"].mean > 0 else "pass"
    return BidAdvice(variant.name, seat, hand, samples, seed, rows, recommended, best,
                     variant.unit, asked, within, variant.changed_options(),
                     _ties(candidates, best, lambda b: b["score"].mean), len(open_samples))


# ---- call advice ---------------------------------------------------------------------------------
@dataclass
class ChoiceAdvice:
    """Advice comparing options (calls or discards) on the same samples."""

    kind: str
    variant: str
    bid: str
    samples: int
    seed: int
    rows: list[dict]   # option, p_make, score, points (Estimates), samples used
    variant_options: dict = field(default_factory=dict)   #: those changed from the preset's
    call: int | None = None        #: discard advice: the card called (None: no friend)
    alone: bool | None = None      #: discard advice: Napoleon plays alone (the call is his)

    def to_json(self) -> dict:
        return {"kind": self.kind, "variant": self.variant,
                "variant_options": self.variant_options, "bid": self.bid,
                "samples": self.samples, "seed": self.seed,
                **({"call": None if self.call is None else card_name(self.call),
                    "alone": self.alone} if self.kind == "discard" else {}),
                "options": [{"option": r["option"], "samples": r["n"],
                             **{k: r[k].to_json() if r.get(k) is not None else None
                                for k in ("points", "p_make", "score")}} for r in self.rows]}


def _parse_bid_level(variant, trump, level: int | str | None) -> Bid:
    """The bid of ``level`` (a whole number, or text such as ``"15"``; None: the lowest)."""
    low = variant.all_bids()[0].level
    if isinstance(level, str) and level.strip().isdigit():
        level = int(level)
    if level is not None and (isinstance(level, bool) or not isinstance(level, int)):
        raise AdviceError(f"bid_level must be a whole number (a level such as {low}), "
                          f"not {level!r}")
    level = low if level is None else level
    bid = Bid(level, None if variant.name == "secretary" else trump)
    if str(bid) not in {str(b) for b in variant.all_bids(1)} | {str(b) for b in variant.all_bids(2)}:
        raise AdviceError(f"{bid} is not a bid of {variant.name}")
    return bid


def advise_call(variant, hand: int, blind: int | None = None, *, trump,
                bid_level: int | str | None = None, seat: int = 0,
                candidates: Sequence[int | str] | str | None = None,
                constraints: Sequence[Constraint] = (), samples: int = 100, seed: int = 0,
                jobs: int = 1, budget: SearchBudget = SearchBudget(), progress=None) -> ChoiceAdvice:
    """Expected score and P(make) of ``bid_level`` for each sensible card to call (the
    strongest cards not held) and for playing alone, on the same samples. ``candidates``:
    the cards to compare (numbers or text such as ``"AS"``; one alone is a list of one)."""
    variant, constraints = _check_request(variant, samples, seed, jobs, budget, constraints)
    if variant.name in ("nap", "bridge"):
        raise AdviceError(f"{variant.name} has no card to call")
    trump = _trump(variant, trump)
    _check_seat(variant, seat)
    _check_hand(variant, hand, variant.hand_size)
    if blind is not None:
        _check_hand(variant, blind, variant.blind_size, "the blind")
        if blind & hand:
            raise AdviceError(f"{card_name(next(cards_of(blind & hand)))} is both in the hand "
                              "and in the blind")
    if blind is None and variant.name == "japoleon" and not variant.opt("open_aid_alone"):
        raise AdviceError("japoleon: the open cards are seen before the aid is appointed, and "
                          "with open_aid_alone off none of them may be: give them as BLIND")
    bid = _parse_bid_level(variant, trump, bid_level)
    held = hand | (blind or 0)
    if candidates is None:
        candidates = [c for c in power_ladder(variant, trump) if not held >> c & 1][:6]
    else:
        candidates = [_card(variant, c, "candidates")
                      for c in _listed(candidates, "candidates", (str, int))]
    plans = [(card_name(c), Plan(trump, call=c)) for c in candidates]
    if variant.name != "secretary":
        plans.append(("alone", Plan(trump, alone=True)))
    knowledge = knowledge_for_hand(variant, seat, hand, constraints, blind)
    sampler = DealSampler(knowledge)
    deals = sampler.draw_many(samples, seed)
    return _compare(variant, "call", seat, bid, plans, deals, samples, seed, jobs, budget,
                    progress, exact=False, certain=sampler.certain)


def _compare(variant, kind, seat, bid, plans, deals, samples, seed, jobs, budget, progress,
             exact: bool, rounds: Sequence[int] | None = None, certain: bool = False) -> ChoiceAdvice:
    """Evaluate each plan on the samples; with ``rounds`` (sample counts, rising), successive
    halving: after each round only the better half goes on to more samples."""
    cache: dict[tuple[int, int], tuple] = {}

    def work(item, table):
        k, i = item
        return _settle(variant, deals[i], seat, plans[k][1], [bid], budget, table, exact)

    alive = list(range(len(plans)))
    announce(progress, _halving_work(len(plans), list(rounds or []) + [len(deals)]))
    for n in list(rounds or []) + [len(deals)]:
        todo = [(k, i) for k in alive for i in range(n) if (k, i) not in cache]
        for item, res in zip(todo, run_samples(todo, work, jobs=jobs, tt_mb=budget.tt_mb,
                                               progress=progress)):
            cache[item] = res
        if n == len(deals):
            break
        ranked = sorted(alive, key=lambda k: -_plan_value(variant, cache, k, n, bid, seat, exact))
        alive = ranked[:_kept(len(ranked))]
    rows = []
    for k, (label, _) in enumerate(plans):
        n = max(i + 1 for (kk, i) in cache if kk == k)
        outcomes = [cache[(k, i)][:3] for i in range(n)]
        stats = _bid_stats(variant, outcomes, [bid], seat, certain,
                           alts=[cache[(k, i)][3] for i in range(n)])[0]
        exact_totals = [lo for _, lo, hi in outcomes if lo == hi]
        rows.append({"option": label, "n": n, "p_make": stats["p_make"], "score": stats["score"],
                     "points": mean_estimate(exact_totals, n - len(exact_totals)) if exact else None})
    key = (lambda r: (-r["n"], -(r["points"].mean if r["points"] and r["points"].mean is not None
                                 else -1e9))) if exact else \
        (lambda r: (-r["n"], -(r["score"].mean if r["score"].mean is not None else -1e9)))
    rows.sort(key=key)
    return ChoiceAdvice(kind, variant.name, str(bid), samples, seed, rows,
                        variant.changed_options())


def _kept(alive: int) -> int:
    """How many options go on after a halving round."""
    return min(alive, max(2, (alive + 1) // 2))


def _halving_work(options: int, counts: Sequence[int]) -> int:
    """The searches ``_compare`` runs: each round takes the options still in from the
    previous round's sample count to its own, then keeps the better half (``_kept``)."""
    total, done, alive = 0, 0, options
    for n in counts:
        total += alive * (n - done)
        done = n
        alive = _kept(alive)
    return total


def _plan_value(variant, cache, k, n, bid, seat, exact) -> float:
    outcomes = [cache[(k, i)][:3] for i in range(n)]
    if exact:
        vals = [(lo + hi) / 2 for _, lo, hi in outcomes]
        return sum(vals) / len(vals)
    est = _bid_stats(variant, outcomes, [bid], seat,
                     alts=[cache[(k, i)][3] for i in range(n)])[0]["score"]
    return est.mean if est.mean is not None else -1e9


# ---- discard advice ------------------------------------------------------------------------------
def advise_discard(variant, pool: int, blind: int | None = None, *, trump,
                   call: int | str | None, bid_level: int | str | None = None,
                   seat: int = 0, candidates: int = 12, constraints: Sequence[Constraint] = (),
                   samples: int = 100, seed: int = 0, jobs: int = 1,
                   budget: SearchBudget = SearchBudget(), by_score: bool = False,
                   progress=None) -> ChoiceAdvice:
    """The best discards from hand + blind (``pool``, or the hand as ``pool`` and the
    ``blind`` apart): every combination ranked by the cheap policy key, the best
    ``candidates`` kept, then successive halving on the samples (each round doubles the
    samples and keeps the better half). Ranked by the expected total the side takes
    (discards credited as the variant says), or by expected score (``by_score``). ``call``:
    the card called (a number or text such as ``"AS"``; None: Mighty's no friend)."""
    variant, constraints = _check_request(variant, samples, seed, jobs, budget, constraints)
    if variant.name in ("nap", "bridge"):
        raise AdviceError(f"{variant.name} has no discard")
    trump = _trump(variant, trump)
    _check_seat(variant, seat)
    k = variant.blind_size
    if blind is None:
        _check_hand(variant, pool, variant.hand_size + k, "hand + blind")
    else:
        _check_hand(variant, pool, variant.hand_size)
        _check_hand(variant, blind, k, "the blind")
        if blind & pool:
            raise AdviceError(f"{card_name(next(cards_of(blind & pool)))} is both in the hand "
                              "and in the blind")
        pool |= blind
    if call is None and variant.name != "mighty":
        raise AdviceError(f"call: {variant.name} needs the card called (only mighty may play "
                          "without a friend)")
    if call is not None:
        call = _check_call(variant, call)
    if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1:
        raise AdviceError(f"candidates must be 1 or more, not {candidates!r}")
    bid = _parse_bid_level(variant, trump, bid_level)
    key = discard_key(variant, trump, pool)
    combos = itertools.combinations(sorted(cards_of(pool)), k)
    if variant.has_coup_card and call is not None and pool >> call & 1:
        # Secretary: Napoleon names a card he does not hold: one in hand + warchest must go back
        combos = (d for d in combos if call in d)
    combos = sorted(combos, key=lambda d: sorted((key(c) for c in d), reverse=True))[:candidates]
    plans = [(" ".join(card_name(c) for c in sort_cards(d)),
              Plan(trump, call=call, alone=call is None, discard=d)) for d in combos]
    n = variant.players
    sizes = tuple([variant.hand_size] * n + [0])
    sizes = sizes[:seat] + (variant.hand_size + k,) + sizes[seat + 1:]
    known = tuple(pool if p == seat else 0 for p in range(n + 1))
    knowledge = Knowledge(n, sizes, known, variant.deck & ~pool, tuple(constraints))
    sampler = DealSampler(knowledge)
    deals = sampler.draw_many(samples, seed)
    # Declare from a deal whose "blind" is empty: the pool is already in the seat's hand.
    deals = [_split_pool(variant, d, seat, pool) for d in deals]
    # Successive halving: ceil(log2(C / 2)) rounds on samples/2^r, ..., samples/4, samples/2
    # take C candidates down to 2, which then get every sample.
    halvings = math.ceil(math.log2(len(plans) / 2)) if len(plans) > 2 else 0
    rounds = sorted({samples >> (halvings - i) for i in range(halvings)} - {0})
    advice = _compare(variant, "discard", seat, bid, plans, deals, samples, seed, jobs, budget,
                      progress, exact=not by_score, rounds=rounds, certain=sampler.certain)
    # A called card among hand + blind leaves Napoleon alone in every variant (Japanese: in
    # his hand or the blind; Secretary: it goes back with the warchest; Mighty: no friend).
    return replace(advice, call=call, alone=call is None or bool(pool >> call & 1))


def _split_pool(variant, places, seat, pool):
    """A sampled deal with the seat's hand + blind pool written back as hand and blind, so the
    rules' declaration (take the blind, discard) applies."""
    k = variant.blind_size
    cards = sorted(cards_of(pool))
    blind = mask_of(cards[:k])
    hands = list(places[:variant.players])
    hands[seat] = pool & ~blind
    return tuple(hands) + (blind,)


# ---- play advice -----------------------------------------------------------------------------------
@dataclass
class PlayAdvice:
    variant: str
    seat: int
    samples: int
    seed: int
    dropped: int
    maximise: bool
    cards: dict[int, Estimate]
    target: int | None = None
    reach: dict[int, Estimate] = field(default_factory=dict)
    unseen: int = 0                 #: cards dealt again in each sample
    partner_known: bool = True      #: the position's partner taken as known (no --call)
    asked: int | None = None        #: the samples asked for (more than ``samples`` when
    within: float | None = None     #: the total time budget ``within`` ran out first)
    unit: str = "points"            #: what the values count (tricks in Nap and bridge)
    partner: int | None = None      #: the position's partner seat (None: alone, or unknown)
    variant_options: dict = field(default_factory=dict)   #: those changed from the preset's

    def best_cards(self) -> list[int]:
        """The cards of the best expected value, in the table's order (low card numbers
        first: spades, hearts, diamonds, clubs, each from the two up)."""
        known = {c: e.mean for c, e in self.cards.items() if e.mean is not None}
        if not known:
            return []
        top = (max if self.maximise else min)(known.values())
        return [c for c in sorted(known) if math.isclose(known[c], top, rel_tol=1e-12,
                                                         abs_tol=1e-12)]

    def best(self) -> int | None:
        """The best card; ties go to the first of them in the table (``best_cards``)."""
        cards = self.best_cards()
        return cards[0] if cards else None

    def to_json(self) -> dict:
        return {"variant": self.variant, "variant_options": self.variant_options,
                "unit": self.unit, "seat": self.seat, "samples": self.samples,
                "samples_asked": self.asked, "within": self.within,
                "seed": self.seed, "dropped": self.dropped, "unseen": self.unseen,
                "partner_known": self.partner_known,
                "partner": self.partner if self.partner_known else None,
                "goal": "maximise" if self.maximise else "minimise",
                "best": None if self.best() is None else card_name(self.best()),
                "best_tied": [card_name(c) for c in self.best_cards()],
                "cards": {card_name(c): e.to_json() for c, e in sorted(self.cards.items())},
                **({"target": self.target,
                    "reach": {card_name(c): e.to_json() for c, e in sorted(self.reach.items())}}
                   if self.target is not None else {})}


def _check_seen_call(pos, seat: int, call: int, discards: int) -> None:
    """A called card the seat can see (its own, played to this trick, or put away by the
    seat as declarer) shows the partner: it must be the position's."""
    owner = pos.owner_of(call)
    if seat == pos.declarer and discards >> call & 1:
        owner = pos.declarer
    elif owner is None or (owner != seat and call not in pos.played):
        return                       # unseen: its holder in each sample is the partner
    expect = None if owner == pos.declarer else owner
    if pos.partner != expect:
        shown = ("Napoleon plays alone" if expect is None else f"seat {expect} is the partner")
        raise AdviceError(f"call: seat {seat} sees {card_name(call)}, so {shown}, but the "
                          f"position's partner is {'null' if pos.partner is None else pos.partner}")


def _played_before(pos, card: int, discards: int, earlier: int | None) -> bool | None:
    """Whether ``card`` was played to a complete trick: False when it is held, in the current
    trick or put away (before the first trick is complete every card the position lacks is);
    None when the position cannot tell (no ``earlier``, no ``discards``)."""
    if any(h >> card & 1 for h in pos.hands) or card in pos.played or discards >> card & 1:
        return False
    if earlier is not None:
        return bool(earlier >> card & 1)
    if pos.trick == 0:
        return False
    if discards:
        return True                  # not among the put-away cards given
    return None


def play_knowledge(pos, seat: int, call: int | None, discards: int,
                   constraints: Sequence[Constraint], earlier: int | None = None) -> Knowledge:
    """What ``seat`` knows in ``pos``: its hand and the current trick; voids shown in this
    trick (a card off the suit led that was not a free card); the cards out of play, i.e.
    played to the complete tricks (``earlier``) and, when ``seat`` is the declarer of a
    variant with a blind, the cards it put away. Every other card is unseen: the other hands
    and the cards no hand plays (the put-away cards to the other seats, Nap's undealt stock
    to everyone) are dealt again from them.

    A position lists only the cards still held, so the cards it lacks are the earlier
    tricks' and the rest together; which are which is known at trick 0 (no earlier trick),
    in a game without a rest (bridge), to the declarer that put the rest away (it sees every
    card out of play), or from ``earlier`` or ``discards``. Otherwise the seat's view
    cannot be made and ``AdviceError`` says what to give."""
    v = pos.variant
    n = v.players
    hands = list(pos.hands)
    held = 0
    for h in hands:
        held |= h
    absent = v.deck & ~held & ~mask_of(pos.played)
    sees_rest = seat == pos.declarer and takes_blind(v)   # Nap's bidder never sees the stock
    if earlier is not None:
        if earlier & ~absent:
            bad = next(cards_of(earlier & ~absent))
            raise AdviceError(f"earlier: {card_name(bad)} is still in play (in a hand or "
                              "the current trick), not in a complete trick")
        if count(earlier) != pos.trick * n:
            raise AdviceError(f"earlier: {pos.trick} complete trick(s) of {n} cards hold "
                              f"{pos.trick * n} cards, not {count(earlier)}")
        rest = absent & ~earlier
        if discards and discards != rest:
            raise AdviceError("discards and earlier disagree: the put-away cards are the "
                              "ones in no hand, no trick")
    elif discards:
        rest = discards
    elif pos.trick == 0:
        rest = absent                # no complete trick: every missing card is in the rest
    elif v.blind_size == 0:
        rest = 0                     # bridge: every missing card was played
    elif sees_rest:
        rest = 0                     # every card out of play is seen: none to deal again
    else:
        what = "the undealt stock" if v.trump_from_first_lead else \
            f"the {v.blind_size} cards put away"
        raise AdviceError(f"seat {seat} cannot see {what}, and this position does not say "
                          f"which of its {count(absent)} missing cards they are and which were "
                          f"played to the {pos.trick} complete trick(s): give the complete "
                          "tricks' cards (earlier, --earlier CARDS)"
                          + ("" if v.trump_from_first_lead
                             else " or the cards put away (discards, --discards CARDS)"))
    known = [0] * (n + 1)
    known[seat] = hands[seat]
    unseen = 0
    for s in range(n):
        if s != seat:
            unseen |= hands[s]
    if sees_rest:
        known[n] = rest
    else:
        unseen |= rest
    facts = list(constraints)
    led = v.suit_to_follow(pos.played, pos.joker_suit) if pos.played else None
    for i, c in enumerate(pos.played[1:], start=1):
        s = (pos.leader + i) % n
        if v.has_coup_card and c == pos.coup_card:
            continue        # maybe played off suit by the reveal, which is spent by now
        free = v.free_mask(pos, s)
        if led is not None and c != JOKER and card_suit(c) != led and not free >> c & 1 and s != seat:
            facts.append(SuitCount(s, led, "=", 0))
    sizes = tuple(count(h) for h in hands) + (count(rest),)
    return Knowledge(n, sizes, tuple(known), unseen, tuple(facts))


def advise_play(pos, seat: int, *, call: int | str | None = None, discards: int = 0,
                earlier: int | None = None,
                constraints: Sequence[Constraint] = (), target: int | None = None,
                samples: int = 100, seed: int = 0, jobs: int = 1,
                budget: SearchBudget = SearchBudget(), within: float | None = None,
                progress=None) -> PlayAdvice:
    """The expected value (the declarer's side's take from the cards still in play) of each
    legal card of ``seat``, which must be to move, with the hidden hands sampled. With
    ``call`` (the called card, not yet seen; a number or text such as ``"AS"``): in each
    sample its holder is the partner;
    without it the position's partner is taken as known. ``earlier``: the cards of the
    complete tricks (``play_knowledge`` says when the seat's view needs them). ``within``:
    seconds for the whole advice, as in ``advise_bid``."""
    if not isinstance(pos, Position):
        raise AdviceError(f"expected a napoleon_rules.Position, not {type(pos).__name__}")
    v = pos.variant
    _, constraints = _check_request(v, samples, seed, jobs, budget, constraints)
    _check_within(within)
    if pos.is_over:
        raise AdviceError("the hand is over: nothing to play")
    _check_seat(v, seat)
    if seat != pos.to_move:
        raise AdviceError(f"seat {seat} is not to move (seat {pos.to_move} is)")
    top = max_value(pos)
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)
                               or not 0 <= target <= top):
        raise AdviceError(f"target must be 0..{top} ({pos.variant.unit} the declarer's side "
                          f"can take from the cards still in play), not {target!r}")
    if isinstance(discards, bool) or not isinstance(discards, int) or discards < 0:
        raise AdviceError(f"discards must be a mask of cards, not {discards!r}")
    if discards:
        if v.name == "nap" or v.fixed_partnership:
            raise AdviceError(f"discards: {v.name} has no blind to put cards away from")
        if discards & ~v.deck:
            raise AdviceError(f"discards: {card_name(next(cards_of(discards & ~v.deck)))} is "
                              f"not in the {v.name} deck")
        if count(discards) != v.blind_size:
            raise AdviceError(f"discards: the declarer puts away {v.blind_size} cards in "
                              f"{v.name}, not {count(discards)}")
    in_play = discards & mask_of(pos.played)
    for h in pos.hands:
        in_play |= discards & h
    if in_play:
        raise AdviceError(f"discards: {card_name(next(cards_of(in_play)))} is still in play (in "
                          "a hand or the current trick)")
    if earlier is not None:
        if isinstance(earlier, bool) or not isinstance(earlier, int) or earlier < 0:
            raise AdviceError(f"earlier must be a mask of cards, not {earlier!r}")
        if earlier & ~v.deck:
            raise AdviceError(f"earlier: {card_name(next(cards_of(earlier & ~v.deck)))} is not "
                              f"in the {v.name} deck")
    if call is not None:
        call = _check_call(v, call)
    if v.has_coup_card and pos.coup_card is not None:
        # Secretary: the coup card is the called card; its holder in each sample is the
        # partner (the position's own partner only says who holds it in this deal), and one
        # put back in the warchest is dealt again as well, for the seats that did not see it.
        if call is not None and call != pos.coup_card:
            raise AdviceError(f"call: the position's coup card is {card_name(pos.coup_card)}, "
                              f"not {card_name(call)}")
        call = pos.coup_card if _played_before(pos, pos.coup_card, discards, earlier) is False \
            else None
    if call is not None:
        played = _played_before(pos, call, discards, earlier)
        if played:
            where = ("was played to a complete trick" if earlier is not None else
                     "is in no hand, not in this trick and not among the cards put away")
            raise AdviceError(f"call: {card_name(call)} {where}: a called card already "
                              "played has shown the partner (give it as the position's "
                              "'partner')")
        if played is None and seat == pos.declarer and takes_blind(v):
            call = None     # Napoleon knows where it went: the position's partner says it
        _check_seen_call(pos, seat, call, discards)
        if v.has_coup_card and seat != pos.declarer:
            # Napoleon names a coup card he does not hold: no sample gives it to him
            constraints = tuple(constraints) + (HoldsCard(pos.declarer, call, present=False),)
    knowledge = play_knowledge(pos, seat, call, discards, constraints, earlier)
    sampler = DealSampler(knowledge)
    deals = sampler.draw_many(samples, seed)
    n = pos.variant.players
    unknown_partner = call is not None and not any(
        k >> call & 1 for k in knowledge.known) and call not in pos.played

    def work(places, table):
        hands = tuple(places[:n])
        partner = pos.partner
        if unknown_partner:
            h = holder(hands, call)
            partner = None if h is None or h == pos.declarer else h
        sample = replace(pos, hands=hands, partner=partner)
        try:
            res = api.solve(sample, time_limit=budget.time_limit, node_limit=budget.node_limit,
                            table=table)
        except api.SearchLimitError:
            return None
        return sample.on_declarer_side(seat) != sample.misere, res.plays

    announce(progress, len(deals))
    results = run_samples(deals, work, jobs=jobs, tt_mb=budget.tt_mb, progress=progress,
                          deadline=_deadline(within))
    asked, samples = samples, len(results)
    done = [r for r in results if r is not None]
    maximise = pos.on_declarer_side(seat) != pos.misere
    if done and unknown_partner:
        maximise = done[0][0]   # the seat's own side is the same in every sample
    legal = sorted({m.card for m in pos.legal_moves()})
    cards = {c: mean_estimate([plays[c] for _, plays in done]) for c in legal}
    reach = {}
    if target is not None:
        reach = {c: proportion_estimate(sum(plays[c] >= target for _, plays in done), len(done),
                                        certain=sampler.certain)
                 for c in legal}
    return PlayAdvice(pos.variant.name, seat, samples, seed, samples - len(done), maximise,
                      cards, target, reach, count(knowledge.unseen), not unknown_partner,
                      asked, within, v.unit, pos.partner, v.changed_options())
