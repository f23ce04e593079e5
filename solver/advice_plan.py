"""What the kinds of advice share, on top of :mod:`solver.advice_core`: the checks of their
arguments (variant, seat, hand, trump, card, constraints, time budget), ``Plan`` and
``declare`` (one way to declare a sampled deal), and the scoring of a declared sample against
bids (``_score``, ``_breakpoints``, ``_settle``, ``_bid_stats``, with the Siberian rule's
``_too_high`` and ``_held_back``), and the test that stops an option surely behind the
leading one early (``_surely_below``). Bid, call and discard advice all settle their samples this
way and play advice checks its arguments so; it is a module of its own so that no kind of
advice imports another, and apart from ``advice_core`` because it is built on the rules'
declarations and scores rather than on the search."""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, replace
from typing import Sequence

from napoleon_rules.cards import (JOKER, NT, CardParseError, Suit, card_name, cards_of, count,
                                  mask_of, parse_card, parse_trump, points_of, trump_name)
from napoleon_rules.deal import Deal
from napoleon_rules.errors import plural
from napoleon_rules.game import Choices
from napoleon_rules.moves import Bid
from napoleon_rules.variant import Variant, get_variant
from napoleon_rules.variants.japanese import Japanese

from .advice_core import (AdviceError, SearchBudget, check_flags, check_progress, discard_key,
                          is_seconds, max_value, mean_estimate, policy_call, policy_discard,
                          proportion_estimate, resolve_total)
from .declarations import takes_blind
from .sampling import HoldsCard, SuitCount, parse_constraint


def _check_hand(variant, hand: int, size: int, what: str = "the hand") -> None:
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 0:
        raise AdviceError(f"{what} must be a mask of cards (napoleon_rules.deal.parse_hand("
                          f"'AKQ.JT9.2.AK3')), not {hand!r}")
    extra = hand & ~variant.deck
    if extra:
        raise AdviceError(f"{card_name(next(cards_of(extra)))} is not in the {variant.name} deck")
    if count(hand) != size:
        raise AdviceError(f"{what} holds {plural(count(hand), 'card')}; {variant.name} needs {size}")


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


#: The most samples an advice draws, and the most threads it runs: the samples are all drawn
#: before the first search (100,000 take about 2 s), and far more would hold the caller for
#: minutes before any time limit could stop it.
MAX_SAMPLES = 100_000
MAX_JOBS = 256


def _check_request(variant, samples, seed, jobs, budget, constraints) -> tuple:
    """What every kind of advice takes, checked: the variant (a name is read here) and the
    constraints as ``Constraint`` objects (text such as ``"2:S>=4"`` is read here, and one
    alone is a list of one)."""
    variant = _variant(variant)
    for what, x, low, high in (("samples", samples, 1, MAX_SAMPLES), ("seed", seed, 0, None),
                               ("jobs", jobs, 1, MAX_JOBS)):
        if isinstance(x, bool) or not isinstance(x, int) or x < low:
            raise AdviceError(f"{what} must be a whole number, at least {low}, not {x!r}")
        if high is not None and x > high:
            raise AdviceError(f"{what} must be at most {high:,}, not {x:,}")
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


def _check_callbacks(progress, **flags) -> None:
    """The progress callback (None, or called as ``progress(k)`` with the searches just
    done) and the boolean keywords (True or False, not text), as ``analyse`` checks its."""
    check_progress(progress, AdviceError, "(called with the searches done)")
    check_flags(AdviceError, **flags)


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


def _score_steps(variant, contract, bids: Sequence[Bid], seat: int,
                 top: int) -> dict[int, tuple[float, float]]:
    """Per total t in 1..top where some bid's score changes between t-1 and t: the largest
    fall and the largest rise among the bids (0 when none falls, or none rises)."""
    steps: dict[int, tuple[float, float]] = {}
    for b in bids:
        # One contract per bid, not one per total (``replace`` was 2 % of the bid advice).
        with_bid = replace(contract, bid=b)
        prev = variant.score(with_bid, 0)[seat]
        for t in range(1, top + 1):
            cur = variant.score(with_bid, t)[seat]
            if cur != prev:
                fall, rise = steps.get(t, (0, 0))
                steps[t] = (min(fall, cur - prev), max(rise, cur - prev))
            prev = cur
    return steps


def _breakpoints(variant, contract, bids: Sequence[Bid], seat: int, top: int,
                 exact: bool) -> list[int]:
    """Totals t where some bid's score (or made/failed) changes between t-1 and t: the only
    questions "total >= t" the advice needs answered."""
    if exact:
        return list(range(1, top + 1))
    return sorted(_score_steps(variant, contract, bids, seat, top))


#: Every STOP_EVERY samples bid and call advice ask whether an option (a bid, a card to
#: call) can still be the best; one that cannot stops there (``stop_early=True``). Each
#: check waits for the samples before it (a core may idle for part of a search), so not
#: every sample. In Japanese the first check also ends the levels 12-19 (never above 11),
#: whose P(make) then rests on this many samples: settling every level is most of the
#: cost of a sample (16 instead of 32: the benchmark's bid advice 8.9 s against 12.0 s,
#: the same advice; the stop added no measurable loss, ``scripts/stop_regret.py --every``).
STOP_EVERY = 16
#: How sure that is: the option scores below the leading one by more than STOP_Z standard
#: errors of the mean of their paired differences (the same samples, and a pseudo-sample
#: at the largest difference possible: ``_surely_below``). An option stopped wrongly loses
#: only what it is in truth better by, which is then small. Chosen by what it costs the
#: advice (``scripts/stop_regret.py``; solver/HISTORY.md, the thirtieth session): the
#: advice picks the best mean of its samples, so it already picks a worse option now and
#: then when two are close; at 2.5 the stop added at most 0.1 % to that loss on the hands
#: measured (at 2 up to 1 %, at 4 nothing measurable), and 0.82x the nodes of 4 on the
#: benchmark's hand.
STOP_Z = 2.5


def _surely_below(mine: list[float], lead: list[float], most: float) -> bool:
    """Whether ``mine`` is below ``lead`` (scores of the same samples) by more than STOP_Z
    standard errors of the mean of their differences, with one pseudo-sample more whose
    difference is ``most``, the largest one sample could show. Without it a rare outcome
    that pays well (a high bid made now and then) looks impossible until seen: on the
    benchmark's hand such bids, given the same mean as the leader, were stopped 2.6 % of
    the time by the plain test and at most 0.03 % with the pseudo-sample."""
    diffs = [a - b for a, b in zip(mine, lead)] + [most]
    mean = statistics.fmean(diffs)
    spread = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean + STOP_Z * spread < 0


def _sample_scores(variant, outcome, alt, bid: Bid, seat: int) -> set[float]:
    """The scores bid ``bid`` may have in one sample whose declaration took between ``lo`` and
    ``hi`` (``outcome``: ``(contract, lo, hi)``; one score when the bounds settle it), the
    declarer taking the better of that and ``alt`` (``_held_back``'s declaration, or None)."""
    contract, lo, hi = outcome
    with_bid = replace(contract, bid=bid)       # once, not once a total (``replace`` is dear)
    values = {variant.score(with_bid, t)[seat] for t in range(lo, hi + 1)}
    if alt is not None:
        c2, lo2, hi2 = alt
        with_bid = replace(c2, bid=bid)
        other = {variant.score(with_bid, t)[seat] for t in range(lo2, hi2 + 1)}
        values = {max(x, y) for x in values for y in other}
    return values


def _score_profiles(memo: dict, key, variant, outcome, alt, bid: Bid, seat: int) -> tuple:
    """Per declaration of one sample (the policy's, then ``alt`` when there is one):
    ``(every, lo, hi)``, the score of bid ``bid`` at every total the variant allows and the
    bounds the search left on the total. Kept in ``memo`` under ``(key, "every")``: the early
    stop asks again at every check about the samples it saw before."""
    got = memo.get((key, "every"))
    if got is None:
        top = variant.tricks if variant.unit == "tricks" else points_of(variant.deck)
        profiles = []
        for contract, lo, hi in (outcome,) if alt is None else (outcome, alt):
            with_bid = replace(contract, bid=bid)       # once, not once a total: it is dear
            every = tuple(variant.score(with_bid, t)[seat] for t in range(max(top, hi) + 1))
            profiles.append((every, lo, hi))
        got = memo[(key, "every")] = tuple(profiles)
    return got


def _score_range(memo: dict, key, variant, outcome, alt, bid: Bid, seat: int) -> tuple:
    """``(lowest, highest, least, most)``: the lowest and highest of :func:`_sample_scores`,
    and the least and most the bid could score in the sample whatever the total (any the
    variant allows: the early stop's pseudo-sample). The declarer takes the better of two
    declarations (``alt``): each of the four is the max of theirs. Kept in ``memo``."""
    got = memo.get((key, "range"))
    if got is None:
        ranges = [(min(every[lo:hi + 1]), max(every[lo:hi + 1]), min(every), max(every))
                  for every, lo, hi in _score_profiles(memo, key, variant, outcome, alt, bid,
                                                       seat)]
        got = memo[(key, "range")] = tuple(max(r[j] for r in ranges) for j in range(4))
    return got


def _surely_behind(ranges: dict) -> tuple:
    """The early stop's judgement. ``ranges[key]``: an option's :func:`_score_range` per
    sample (the same samples for every key). Returns ``(leader, behind)``: the key of best
    mean lowest score, and the keys surely below it (``_surely_below``: each at its highest
    scores against the leader's lowest, the pseudo-sample at its most less the leader's
    least)."""
    lead = max(ranges, key=lambda k: statistics.fmean(x[0] for x in ranges[k]))
    lowest = [x[0] for x in ranges[lead]]
    least = min(x[2] for x in ranges[lead])
    return lead, {k for k, r in ranges.items() if k != lead and _surely_below(
        [x[1] for x in r], lowest, max(x[3] for x in r) - least)}


def _bid_stats(variant, outcomes, bids: Sequence[Bid], seat: int, certain: bool = False,
               alts: Sequence | None = None) -> list[dict]:
    """Per bid: P(make) (the variant's score pays Napoleon) and the expected score, each over
    the samples whose bounds settle it. ``alts[i]``: another declaration ``(contract, lo,
    hi)`` of sample i the declarer may take instead (``_held_back``), or None; each bid then
    scores the better of the two."""
    out = []
    for b in bids:
        made, scores, open_make, open_score = [], [], 0, 0
        for i, outcome in enumerate(outcomes):
            values = _sample_scores(variant, outcome, alts[i] if alts is not None else None,
                                    b, seat)
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


#: The Siberian rule's question asked the cheap way first, within this many nodes: see
#: ``_settle``. (On the benchmark's hand 10,000, 30,000 and 60,000 nodes saved about as
#: much: 0.91x the nodes; without a limit 1.02x, since where the declaration with a point
#: card put away takes about 11 that test is dear and "all 20?" of the policy's is cheap.)
HELD_BACK_PROBE = 30_000


def _settle(variant, places, seat: int, plan: Plan, bids: Sequence[Bid], budget, table,
            exact: bool) -> tuple:
    """``(contract, lo, hi, alt)`` of one sample declared by ``plan``: bounds on the total
    that settle every bid of ``bids``, and ``alt``, the same for the declaration with a point
    card put away (``_held_back``) when taking every point fails some of them, else None.

    Where a total only fails bids by being too high (the Siberian rule's all 20, when 20 is
    no longer asked about), "all 20?" is not asked first: it is dear where the declaration
    takes 19 or 20, the strong trumps' usual case. Instead, once the lower questions are
    settled, the declaration with a point card put away is asked about the same bids within
    HELD_BACK_PROBE nodes: where it makes them, the declarer who would otherwise take every
    point makes them that way, so the bids are settled (``_sample_scores``: the better of
    the two declarations) without knowing whether the policy's takes every point (its
    bounds stay open, e.g. 11-20). Otherwise the usual questions follow."""
    contract, pos = declare(variant, places, seat, plan)
    offset = variant.credited(contract, 0)
    top = offset + max_value(pos)
    steps = {} if exact else _score_steps(variant, contract, bids, seat, top)
    points = list(range(1, top + 1)) if exact else sorted(steps)
    # The totals where some bid's score only falls (the Siberian rule's all 20)
    drops = {t for t, (fall, rise) in steps.items() if fall < 0 and rise == 0}
    known = None
    second = None           # the declaration with a point card put away, once made
    shed = _held_back(variant, places, seat, plan, contract) if drops else None
    if shed is not None:
        lo, hi = resolve_total(pos, [t for t in points if t not in drops], offset, budget, table)
        if any(lo < t <= hi for t in drops):
            c2, p2 = second = declare(variant, places, seat, shed)
            off2 = variant.credited(c2, 0)
            limit = HELD_BACK_PROBE if budget.node_limit is None else \
                min(HELD_BACK_PROBE, budget.node_limit)
            alt = (c2, *resolve_total(p2, _breakpoints(variant, c2, bids, seat,
                                                       off2 + max_value(p2), exact),
                                      off2, replace(budget, node_limit=limit), table))
            if all(len(_sample_scores(variant, (contract, lo, hi), alt, b, seat)) == 1
                   for b in bids):
                return contract, lo, hi, alt
        known = (lo, hi)
    lo, hi = resolve_total(pos, points, offset, budget, table, known=known)
    too_high = _too_high(variant, contract, bids, seat, lo, hi)
    shed = _held_back(variant, places, seat, plan, contract) if too_high else None
    if shed is None:
        return contract, lo, hi, None
    # The declarer who bid one of these would put a point card away instead: solved so
    # (the same declaration as the probe's above when it was made: ``_held_back`` depends
    # only on the plan and the contract).
    c2, p2 = second or declare(variant, places, seat, shed)
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
