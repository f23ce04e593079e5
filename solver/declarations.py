"""The declarations one cell of ``solver.analyse`` weighs: the table's columns, the deal being
analysed (short hands allowed), the distinct partner choices, the variant's own ``declare``,
the distinct discards (equivalent low cards merged) and the cheap estimate that orders them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Any, Sequence

from napoleon_rules import Bid, Choices, Deal, Variant
from napoleon_rules.cards import (NT, POINT_CARDS, CardParseError, Suit, card_name, card_rank,
                                  cards_of, count, make_card, mask_of, parse_trump, points_of,
                                  suit_mask)
from napoleon_rules.errors import DealError, OptionError
from napoleon_rules.variants import Bridge, Japanese, Japoleon, Mighty, Nap, Secretary

from .par import LEAD, MISERE, strain_name

#: ``partner=ALONE``: the declarer plays alone.
ALONE = "alone"


class AnalysisOptionError(OptionError):
    """A declarer, trump or partner the variant does not have, or a bad job count or limit."""


# ---- columns and options ------------------------------------------------------------------------
def strains(variant: Variant) -> list:
    """The columns of the table: the trumps the variant allows; Nap: lead, misere."""
    if isinstance(variant, Nap):
        return [LEAD] + ([MISERE] if variant.opt("misere") else [])
    return list(variant.trumps)


def parse_strain(variant: Variant, text: Any) -> Any:
    """Read a column name (``S``, ``♥``, ``NT``, Nap: ``lead``/``misere``) and check the
    variant has it."""
    allowed = strains(variant)
    names = " ".join(strain_name(s) for s in allowed)
    if isinstance(text, Suit) or text == NT:
        strain = text
    elif isinstance(text, str) and text.strip().lower() in (LEAD, MISERE, "misère"):
        strain = LEAD if text.strip().lower() == LEAD else MISERE
    else:
        try:
            strain = parse_trump(text)
        except CardParseError:
            raise AnalysisOptionError(f"unknown trump {text!r} ({variant.name} has: {names})") from None
        if strain is None:      # '' / 'none' / 'null': a position's "not fixed yet", no column
            raise AnalysisOptionError(f"{variant.name} has no trump {text!r} (its columns: {names})")
    if strain not in allowed:
        raise AnalysisOptionError(f"{variant.name} has no trump {strain_name(strain)!r} "
                                  f"(its columns: {names})")
    return strain


def takes_blind(variant: Variant) -> bool:
    return not isinstance(variant, (Nap, Bridge))


def has_partner_choice(variant: Variant) -> bool:
    return not isinstance(variant, (Nap, Bridge))


# ---- the deal being analysed ----------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    variant: Variant
    hands: tuple[int, ...]
    rest: int
    start_trick: int

    @property
    def deal(self) -> Deal:   # unchecked: short hands are fine for the declaration hooks
        return Deal(self.variant, self.hands, self.rest)


def check_short_hands(variant: Variant, hands: Sequence[int], rest: int) -> Setup:
    """Short-hand deals: the checks of ``Deal.check`` that still apply."""
    v = variant
    if len(hands) != v.players:
        raise v.hands_error(len(hands))
    seen = 0
    for i, h in enumerate(list(hands) + [rest]):
        where = f"hand {i}" if i < len(hands) else "the rest"
        if not isinstance(h, int) or isinstance(h, bool) or h < 0:
            raise DealError(f"{where} is not a mask of cards")
        if h & ~v.deck:
            raise DealError(f"{card_name(next(cards_of(h & ~v.deck)))} ({where}) is not in the "
                            f"{v.name} deck")
        if seen & h:
            raise DealError(f"card {card_name(next(cards_of(seen & h)))} is dealt twice")
        seen |= h
    sizes = {count(h) for h in hands}
    k = count(hands[0])
    if len(sizes) != 1:
        raise DealError(f"every hand must hold the same number of cards (hand sizes: "
                        f"{' '.join(str(count(h)) for h in hands)})")
    if not 1 <= k <= v.tricks:
        raise DealError(f"hands of {k} cards: {v.name} hands hold 1..{v.tricks}")
    if isinstance(v, Nap) and k != v.tricks:
        text = (f"nap needs full hands of {v.tricks} (the first lead names the trump); for a "
                "small deal use")
        error = DealError(f"{text} fewer players: get_variant('nap', {{'players': 3}}) (or 2)")
        error.command_line = f"{text} -o players=2 or 3"
        raise error
    if isinstance(v, Bridge) and rest:
        raise DealError("bridge deals every card: the rest must be empty")
    return Setup(v, tuple(hands), rest, v.tricks - k)


# ---- declarations --------------------------------------------------------------------------------
def partner_options(setup: Setup, declarer: int, only: Any = None) -> list[tuple]:
    """``(partner seat or None, coup cards to try)`` for each distinct partner choice."""
    v = setup.variant
    if isinstance(v, Bridge):
        return [((declarer + 2) % 4, (None,))]
    if isinstance(v, Nap):
        return [(None, (None,))]
    seats = [s for s in range(v.players) if s != declarer]
    out = []
    for s in seats:
        coups = (None,)
        if isinstance(v, Secretary) and v.opt("reveal"):
            coups = tuple(cards_of(setup.hands[s]))   # the coup card changes the play
        elif isinstance(v, Secretary):
            coups = (next(cards_of(setup.hands[s])),)
        out.append((s, coups))
    if not (isinstance(v, Secretary) and not setup.rest):   # Secretary alone: coup card returned
        out.append((None, (None,)))
    if only is not None:
        want = None if only == ALONE else only
        out = [o for o in out if o[0] == want]
    return out


def declare(setup: Setup, declarer: int, strain: Any, partner: int | None, coup: int | None,
            discard: tuple[int, ...]):
    """The variant's own declaration: ``(contract, first position)``."""
    v = setup.variant
    deal = setup.deal
    if isinstance(v, (Japanese, Japoleon)):
        call = next(cards_of(setup.hands[declarer if partner is None else partner]))
        contract, pos = v.declare(deal, declarer, Bid(v.opt("min_bid"), strain),
                                  Choices(call=call, discard=discard))
    elif isinstance(v, Mighty):
        call = None if partner is None else next(cards_of(setup.hands[partner]))
        contract, pos = v.declare(deal, declarer, Bid(v.opt("min_bid"), strain),
                                  Choices(call=call, discard=discard,
                                          friend="none" if partner is None else "card"))
    elif isinstance(v, Secretary):
        call = discard[0] if partner is None else coup
        contract, pos = v.declare(deal, declarer, Bid(v.opt("min_bid")),
                                  Choices(call=call, discard=discard, trump=strain))
    elif isinstance(v, Nap):
        bid = Bid(0, None, "misere") if strain == MISERE else Bid(3)
        contract, pos = v.declare(deal, declarer, bid, Choices())
    elif isinstance(v, Bridge):
        contract, pos = v.declare(deal, declarer, Bid(1, strain), Choices())
    else:
        raise AnalysisOptionError(f"analyse does not know variant {v.name!r}")
    if setup.start_trick:
        pos = replace(pos, trick=setup.start_trick)
    return contract, pos


def discards(setup: Setup, declarer: int, strain: Any) -> list[tuple[int, ...]]:
    """Every distinct discard (see the module doc for the merging of equivalent cards)."""
    v = setup.variant
    k = count(setup.rest)
    if not takes_blind(v) or k == 0:
        return [()]
    pool = setup.hands[declarer] | setup.rest
    others = 0
    for s, h in enumerate(setup.hands):
        if s != declarer:
            others |= h
    special = set(v.roles(strain).values()) | {make_card(s, 2) for s in Suit}
    lowest: dict[int, list[int]] = {}     # card -> the run of interchangeable cards it is in
    for s in Suit:
        run: list[int] = []
        for c in range(s * 13, s * 13 + 13):   # low to high
            if others >> c & 1:
                run = []
            elif pool >> c & 1 and c not in special and not POINT_CARDS >> c & 1:
                run.append(c)
                lowest[c] = run
    seen = set()
    out = []
    for combo in itertools.combinations(cards_of(pool), k):
        taken: dict[int, int] = {}
        canon = []
        for c in combo:
            run = lowest.get(c)
            if run is None:
                canon.append(c)
            else:
                i = taken.get(id(run), 0)
                taken[id(run)] = i + 1
                canon.append(run[i])
        key = tuple(sorted(canon))
        if key not in seen:
            seen.add(key)
            out.append(key)
    return out


def estimate(v: Variant, strain: Any, kept: int, discarded: int) -> float:
    """A cheap guess of how good a discard is, to try the likely best first."""
    roles = set(v.roles(strain).values()) if strain not in (LEAD, MISERE) else set()
    trumps = suit_mask(strain) if isinstance(strain, Suit) else 0
    guess = 0.0
    for c in cards_of(kept):
        if c in roles:
            guess += 10
        elif trumps >> c & 1:
            guess += 5 + card_rank(c) / 4
        else:
            guess += max(0, card_rank(c) - 10)
    n_trumps = count(kept & trumps)
    for s in Suit:
        if s != strain and not kept & suit_mask(s):
            guess += 2 * min(n_trumps, 2)
    if v.unit == "points":
        credit = 1 if v.discard_points_to == "declarer" else -1
        guess += 3 * credit * points_of(discarded)
    return guess
