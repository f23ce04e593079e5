"""Call and discard advice (``napoleon advise call`` / ``discard``): options (the cards to
call and playing alone; sets of cards to put away) compared on the same samples for one bid
by ``_compare``, the discards after a cheap policy ranking and with successive halving
(``_kept``, ``_halving_work``). Both return a ``ChoiceAdvice``; they share that machinery
with each other and with no other kind, hence their own module. Shared checks and scoring:
:mod:`solver.advice_plan`."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from typing import Sequence

from napoleon_rules.cards import card_name, cards_of, mask_of, sort_cards, trump_name
from napoleon_rules.moves import Bid

from .advice_core import (AdviceError, SearchBudget, announce, discard_key, mean_estimate,
                          power_ladder, run_samples)
from .advice_plan import (STOP_EVERY, Plan, _bid_stats, _card, _check_call, _check_callbacks,
                          _check_hand, _check_request, _check_seat, _listed, _score_range, _settle,
                          _surely_behind, _trump)
from .sampling import Constraint, DealSampler, Knowledge, knowledge_for_hand


# ---- call advice ---------------------------------------------------------------------------------
@dataclass
class ChoiceAdvice:
    """Advice comparing options (calls or discards) on the same samples."""

    kind: str
    variant: str
    bid: str
    samples: int
    seed: int
    # option, p_make, score, points (Estimates), samples used; behind: for an option stopped
    # early or dropped by a halving round, the label of the option leading then (else None)
    rows: list[dict]
    variant_options: dict = field(default_factory=dict)   #: those changed from the preset's
    call: int | None = None        #: discard advice: the card called (None: no friend)
    alone: bool | None = None      #: discard advice: Napoleon plays alone (the call is his)
    trump: str | None = None       #: the trump (Secretary's bid does not name it)
    seat: int = 0                  #: the seat advised (Napoleon)
    unit: str = "points"           #: what ``points`` counts (tricks in Secretary)

    def to_json(self) -> dict:
        # The advice is the first row: an option with every sample (one surely behind the
        # leader stopped early, or a halving round dropped it: ``stopped``), best first.
        return {"kind": self.kind, "variant": self.variant,
                "options": self.variant_options, "unit": self.unit, "seat": self.seat,
                "bid": self.bid, "trump": self.trump,
                "samples": self.samples, "seed": self.seed,
                **({"call": None if self.call is None else card_name(self.call),
                    "alone": self.alone} if self.kind == "discard" else {}),
                "best": self.rows[0]["option"] if self.rows else None,
                "choices": [{"choice": r["option"], "samples": r["n"],
                             "stopped": r["n"] < self.samples,
                             "stopped_behind": r.get("behind"),
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
                jobs: int = 1, budget: SearchBudget = SearchBudget(), stop_early: bool = True,
                progress=None) -> ChoiceAdvice:
    """Expected score and P(make) of ``bid_level`` for each sensible card to call (the
    strongest cards not held) and for playing alone, on the same samples. ``candidates``:
    the cards to compare (numbers or text such as ``"AS"``; one alone is a list of one).
    ``stop_early``: an option whose score is surely below the leading option's stops at a
    multiple of 16 samples (``STOP_EVERY``; its row has fewer samples); False: every option
    every sample."""
    variant, constraints = _check_request(variant, samples, seed, jobs, budget, constraints)
    _check_callbacks(progress, stop_early=stop_early)
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
                    progress, exact=False, certain=sampler.certain, stop_early=stop_early)


def _compare(variant, kind, seat, bid, plans, deals, samples, seed, jobs, budget, progress,
             exact: bool, rounds: Sequence[int] | None = None, certain: bool = False,
             stop_early: bool = False) -> ChoiceAdvice:
    """Evaluate each plan on the samples; with ``rounds`` (sample counts, rising), successive
    halving: after each round only the better half goes on to more samples. Without
    ``rounds`` but with ``stop_early`` (by score only): every STOP_EVERY samples a plan
    surely behind the leading one stops (``_behind``)."""
    cache: dict[tuple[int, int], tuple] = {}

    def work(item, table):
        k, i = item
        return _settle(variant, deals[i], seat, plans[k][1], [bid], budget, table, exact)

    alive = list(range(len(plans)))
    checks = [] if rounds or exact or not stop_early or len(plans) < 2 else \
        list(range(STOP_EVERY, len(deals), STOP_EVERY))
    steps = 0
    memo: dict = {}             # the early stop's score ranges by (plan, sample)
    behind_of: dict[int, str] = {}   # a stopped plan: the leading plan's label when it stopped
    announce(progress, _halving_work(len(plans), list(rounds or []) + [len(deals)]))
    for n in list(rounds or checks) + [len(deals)]:
        todo = [(k, i) for k in alive for i in range(n) if (k, i) not in cache]
        for item, res in zip(todo, run_samples(todo, work, jobs=jobs, tt_mb=budget.tt_mb,
                                               progress=progress)):
            cache[item] = res
        steps += len(todo)
        if n == len(deals):
            break
        if checks:
            lead, behind = _behind(variant, cache, memo, alive, n, bid, seat)
            behind_of.update((k, plans[lead][0]) for k in behind)
            alive = [k for k in alive if k not in behind]
            announce(progress, steps + len(alive) * (len(deals) - n))
            continue
        ranked = sorted(alive, key=lambda k: -_plan_value(variant, cache, k, n, bid, seat, exact))
        alive = ranked[:_kept(len(ranked))]
        behind_of.update((k, plans[ranked[0]][0]) for k in ranked[len(alive):])
    rows = []
    for k, (label, _) in enumerate(plans):
        n = max(i + 1 for (kk, i) in cache if kk == k)
        outcomes = [cache[(k, i)][:3] for i in range(n)]
        stats = _bid_stats(variant, outcomes, [bid], seat, certain,
                           alts=[cache[(k, i)][3] for i in range(n)])[0]
        exact_totals = [lo for _, lo, hi in outcomes if lo == hi]
        rows.append({"option": label, "n": n, "p_make": stats["p_make"], "score": stats["score"],
                     "points": mean_estimate(exact_totals, n - len(exact_totals)) if exact else None,
                     "behind": behind_of.get(k)})
    key = (lambda r: (-r["n"], -(r["points"].mean if r["points"] and r["points"].mean is not None
                                 else -1e9))) if exact else \
        (lambda r: (-r["n"], -(r["score"].mean if r["score"].mean is not None else -1e9)))
    rows.sort(key=key)
    return ChoiceAdvice(kind, variant.name, str(bid), samples, seed, rows,
                        variant.changed_options(), trump=trump_name(plans[0][1].trump),
                        seat=seat, unit=variant.unit)


def _behind(variant, cache, memo, alive, n, bid, seat) -> tuple[int, set[int]]:
    """The leading plan of ``alive`` over the first ``n`` samples, and the plans whose score
    there is surely below its (``_surely_below``; an open score counts at its highest for the
    plan judged and at its lowest for the leader). ``memo``: :func:`_score_range`'s."""
    return _surely_behind({k: [_score_range(memo, (k, i), variant, cache[(k, i)][:3],
                                            cache[(k, i)][3], bid, seat) for i in range(n)]
                           for k in alive})


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
    _check_callbacks(progress, by_score=by_score)
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
    knowledge = Knowledge(n, sizes, known, variant.deck & ~pool, tuple(constraints), own=seat)
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
