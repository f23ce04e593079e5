"""Play advice (``napoleon advise play``): the expected value of each legal card of the seat
to move in a position, the cards it cannot see dealt again in each sample. It holds what the
seat knows (``play_knowledge``: its hand, the trick and what its cards show, the cards out
of play) and the checks of a called card against the position; it is apart from the other
kinds because it solves positions in the play rather than declarations, and shares with
them only the argument checks of :mod:`solver.advice_plan`."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Sequence

from napoleon_rules.cards import JOKER, card_name, cards_of, count, mask_of
from napoleon_rules.errors import IllegalPlayError, plural
from napoleon_rules.game import holder
from napoleon_rules.position import Position, trick_moves, trick_start

from . import api
from .advice_core import (AdviceError, Estimate, SearchBudget, announce, max_value, mean_estimate,
                          proportion_estimate, run_samples)
from .advice_plan import (_check_call, _check_callbacks, _check_request, _check_seat,
                          _check_within, _deadline)
from .declarations import takes_blind
from .sampling import Constraint, DealSampler, HoldsCard, Knowledge


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
        return {"variant": self.variant, "options": self.variant_options,
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
        shown = (f"{pos.variant.declarer_name} plays alone" if expect is None
                 else f"seat {expect} is the partner")
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
    """What ``seat`` knows in ``pos``: its hand and the current trick, with what the trick's
    cards show of the other hands (``trick_facts``: voids, the Joker after a Joker call, a
    first-trick lead's hand); the cards out of play, i.e.
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
            tricks = ("no trick is complete yet" if pos.trick == 0 else
                      f"the complete trick holds {n}" if pos.trick == 1 else
                      f"the {pos.trick} complete tricks hold {pos.trick * n} ({n} each)")
            raise AdviceError(f"earlier: {plural(count(earlier), 'card')} given, but {tricks}")
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
        text = (f"seat {seat} cannot see {what}, and this position does not say which of its "
                f"{count(absent)} missing cards they are and which were played to the "
                f"{plural(pos.trick, 'complete trick')}: give the complete tricks' cards")

        def advice(earlier: str, discards: str) -> str:
            return f"{text} ({earlier})" + ("" if v.trump_from_first_lead
                                            else f" or the cards put away ({discards})")

        error = AdviceError(advice("earlier=, a card mask", "discards=, a card mask"))
        error.command_line = advice("--earlier CARDS", "--discards CARDS")
        raise error
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
    facts = list(constraints) + trick_facts(pos, seat, unseen)
    sizes = tuple(count(h) for h in hands) + (count(rest),)
    return Knowledge(n, sizes, tuple(known), unseen, tuple(facts), own=seat)


def _trick_start(pos, hands: Sequence[int]) -> Position:
    """``pos`` with ``hands`` (a sample's hands after the current trick's cards) as it was
    before the trick's first card (``trick_start``)."""
    return trick_start(replace(pos, hands=tuple(hands)), pos.played)


def trick_replays(pos, hands: Sequence[int]) -> bool:
    """Whether the current trick's cards are legal plays from ``hands`` (a sample's hands
    after them), each seat's card from its hand as the trick went on."""
    cur = _trick_start(pos, hands)
    try:
        for move in trick_moves(pos.played, pos.joker_suit, pos.joker_called):
            cur = cur.play(move)
    except IllegalPlayError:
        return False
    return True


def trick_facts(pos, seat: int, unseen: int) -> list[HoldsCard]:
    """What the current trick shows about the hands ``seat`` cannot see, card by card: the
    unseen cards each other seat cannot have held, since one of them in its hand would have
    made its card illegal (the suit led, for a void; on the first trick any card but trumps
    for a trump lead, which the lead rules allow only from such a hand; the Joker, which a
    Joker call forces out); and after a Joker call, that the Joker is in the hand of a seat
    that has not played yet (the call needs it in another hand than the leader's, so not in
    the rest either). Each unseen card is tried beside the card played in a hand of those
    two: exact for these rules, where any one card of a set makes the play illegal. A card
    the Joker call may have forced (the Mighty, played instead of the Joker) is left out:
    that seat holds the Joker or is void, which no single card says; ``trick_replays``
    refuses the deals where it is neither."""
    v = pos.variant
    facts: list[HoldsCard] = []
    if not pos.played:
        return facts
    cur = _trick_start(pos, pos.hands)
    for i, move in enumerate(trick_moves(pos.played, pos.joker_suit,
                                                   pos.joker_called)):
        s, c = cur.to_move, move.card
        with_joker = list(cur.hands)
        with_joker[s] = 1 << c | 1 << JOKER
        forced_may_explain = (i > 0 and cur.joker_called and c != JOKER and
                              v.forced_mask(replace(cur, hands=tuple(with_joker)), s) >> c & 1)
        # (the coup card may have been played off suit by the reveal, which is spent by now)
        if s != seat and not forced_may_explain and not (v.has_coup_card
                                                          and c == pos.coup_card):
            for x in cards_of(unseen & ~(1 << c)):
                trial = list(cur.hands)
                trial[s] = 1 << c | 1 << x
                tried = replace(cur, hands=tuple(trial))
                allowed = v.lead_mask(tried) if i == 0 else v.follow_mask(tried)
                if not allowed >> c & 1:
                    facts.append(HoldsCard(s, x, present=False))
        cur = cur.play(move)
    if pos.joker_called and JOKER not in pos.played and unseen >> JOKER & 1:
        facts.append(HoldsCard("blind", JOKER, present=False))
        facts.append(HoldsCard(pos.leader, JOKER, present=False))
    return facts


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
    _check_callbacks(progress)
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
    deadline = _deadline(within)        # (drawing the samples counts against it too)
    n = pos.variant.players
    sampler = DealSampler(knowledge, accept=(lambda places: trick_replays(pos, places[:n]))
                          if pos.played else None)
    deals = sampler.draw_many(samples, seed, deadline)
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
                          deadline=deadline)
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
