"""Bids, scores and the par outcome of an analysed deal (used by ``solver.analyse``).

Everything here works on exact double-dummy values already found: which bids a value makes
under the variant's rules, what the variant's scoring pays for them, and what a perfect-
information auction settles on. The variant's own hooks do the work (``all_bids``,
``bid_key``, ``bid_allowed_after``, ``score`` and the ``Auction`` class); only "was the
contract made" is spelled out per preset, because the variants decide it inside ``score``.

Strains: a cell's column is a trump suit, ``NT``, or for Nap (where the first lead names
the trump) :data:`LEAD` and :data:`MISERE`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from napoleon_rules import Auction, Bid, Contract, Variant
from napoleon_rules.cards import NT, SUIT_SYMBOLS, Suit, card_name, mask_of
from napoleon_rules.errors import IllegalPlayError
from napoleon_rules.variants import Bridge, Japanese, Japoleon, Mighty, Nap, Secretary

if TYPE_CHECKING:  # pragma: no cover
    from .analysis import Cell, PartnerChoice

#: Nap's columns: trump named by the first lead, and Misère (no trump, lose every trick).
LEAD = "lead"
MISERE = "misere"


def strain_name(strain: Any) -> str:
    """``"S"`` ... ``"C"``, ``"NT"``, ``"lead"``, ``"misere"``."""
    if isinstance(strain, Suit):
        return strain.letter
    return str(strain)


def strain_symbol(strain: Any) -> str:
    if isinstance(strain, Suit):
        return SUIT_SYMBOLS[strain]
    return {NT: "NT", LEAD: "lead", MISERE: "misère"}.get(strain, str(strain))


def bid_text(bid: Bid | None, symbols: bool = True) -> str:
    if bid is None:
        return "-"
    if symbols and isinstance(bid.trump, Suit) and not bid.name:
        return f"{bid.level}{SUIT_SYMBOLS[bid.trump]}"
    return str(bid)


def cell_bids(variant: Variant, strain: Any) -> list[Bid]:
    """The bids a declarer can open with in this column, lowest first. Nap's Wellington and
    Blücher (only after a Nap) are left out here; the par auction still reaches them."""
    if isinstance(variant, Bridge):   # card play only: the seven levels of the strain
        return [Bid(level, strain) for level in range(1, 8)]
    bids = []
    for b in variant.all_bids(1):
        if not variant.bid_allowed_after(b, None):
            continue
        if bid_matches(variant, b, strain):
            bids.append(b)
    return sorted(bids, key=variant.bid_key)


def bid_floor(variant: Variant, strain: Any) -> int:
    """The lowest value that makes some bid of the column: every value below it makes none
    (so its exact size changes no bid, score or par). 0 when no value up to 63 makes one."""
    bids = cell_bids(variant, strain)
    for value in range(64):
        if any(made(variant, b, value) for b in bids):
            return value
    return 0


def bid_matches(variant: Variant, bid: Bid, strain: Any) -> bool:
    """Whether ``bid`` is played in the column ``strain``."""
    if isinstance(variant, Nap):
        return (bid.name == "misere") == (strain == MISERE)
    if bid.trump is None:          # Secretary: the trump is declared after the auction
        return True
    return bid.trump == strain


def made(variant: Variant, bid: Bid, value: int) -> bool:
    """Whether a declarer's side that scores ``value`` (points or tricks as the variant
    counts, discards credited; Misère: tricks taken) makes ``bid``."""
    if isinstance(variant, Japanese):   # also japanese-stakes: all 20 need a bid of 20
        return value >= bid.level and (value < 20 or bid.level == 20)
    if isinstance(variant, (Mighty, Japoleon, Secretary)):
        return value >= bid.level
    if isinstance(variant, Nap):
        if bid.name == "misere":
            return value == 0
        return value >= variant.tricks_bid(bid)
    if isinstance(variant, Bridge):
        return value >= bid.level + 6
    raise IllegalPlayError(f"analyse has no scoring rules for variant {variant.name!r}")


def contract_of(variant: Variant, declarer: int, bid: Bid, strain: Any,
                choice: "PartnerChoice") -> Contract:
    """The contract the declarer plays with this partner choice and discard."""
    trump = None if strain == LEAD else (NT if strain == MISERE else strain)
    alone = choice.partner is None and not variant.fixed_partnership
    return Contract(declarer, bid, trump, choice.partner, choice.call, mask_of(choice.discard),
                    alone=alone, friend="none" if isinstance(variant, Mighty) and alone else "card")


def scores(variant: Variant, declarer: int, bid: Bid, strain: Any,
           choice: "PartnerChoice") -> list:
    """Every seat's score when the declarer plays ``bid`` with ``choice`` and its value."""
    return variant.score(contract_of(variant, declarer, bid, strain, choice), choice.value)


def best_choice_for(variant: Variant, cell: "Cell", bid: Bid):
    """``(declarer's score, choice)`` of the best partner choice of an exact cell that makes
    ``bid``, or None. Ties: the higher value, then the earlier choice."""
    best = None
    for choice in cell.choices:
        if choice.value is None or not made(variant, bid, choice.value):
            continue
        key = (scores(variant, cell.declarer, bid, cell.trump, choice)[cell.declarer], choice.value)
        if best is None or key > best[0]:
            best = (key, choice)
    return None if best is None else (best[0][0], best[1])


def highest_makeable(variant: Variant, cell: "Cell"):
    """``(bid, score, choice)`` for the highest bid of the cell's column that some partner
    choice makes, or None."""
    for bid in reversed(cell_bids(variant, cell.trump)):
        found = best_choice_for(variant, cell, bid)
        if found is not None:
            return bid, found[0], found[1]
    return None


@dataclass
class Par:
    """What the auction settles on when everyone knows every card (see ``par``).

    ``declarer is None``: everybody passed; ``redeal_by`` then deals again.
    """

    declarer: int | None = None
    bid: Bid | None = None
    trump: Any = None
    partner: int | None = None
    discard: tuple[int, ...] = ()
    call: int | None = None
    value: int | None = None
    scores: list = field(default_factory=list)
    calls: list = field(default_factory=list)    # (seat, Bid or None) in auction order
    redeal_by: int | None = None

    def to_json(self) -> dict:
        return {
            "declarer": self.declarer,
            "bid": None if self.bid is None else str(self.bid),
            "trump": None if self.declarer is None else strain_name(self.trump),
            "partner": self.partner,
            "discard": [card_name(c) for c in self.discard],   # (a PartnerChoice's: sorted)
            "call": None if self.call is None else card_name(self.call),
            "value": self.value,
            "scores": self.scores,
            "auction": [[seat, "pass" if b is None else str(b)] for seat, b in self.calls],
            "redeal_by": self.redeal_by,
        }


def par(variant: Variant, cells: list["Cell"], dealer: int = 0) -> Par | None:
    """The par outcome of a complete, exact table of cells; None for a variant without an
    auction (bridge here).

    The variant's own auction is run from ``dealer`` with every seat following one rule:
    make the *cheapest* legal bid that it can make (some column, partner and discard of its
    own make it double dummy), the best-scoring one among bids of equal rank; pass when there
    is none. In Nap, where each player speaks once, it makes its *highest* makeable bid
    instead. So a seat that alone can make the highest bid wins it, at the lowest bid it can
    make that beats every other seat's best. Seats tied at the top are not ranked by who
    speaks first: the bidding climbs by each seat's cheapest step, and the first of them to
    need the top bid to beat the standing one takes it (in Nap, with one call each, the
    first of them to speak). When nobody can make the lowest bid, all pass and the variant's
    all-pass rule applies (a redeal, or Mighty's and Japoleon's second round).
    """
    if isinstance(variant, Bridge):
        return None
    by_seat: dict[int, list] = {}
    for cell in cells:
        by_seat.setdefault(cell.declarer, []).append(cell)

    def option(seat: int, bid: Bid):
        """(score, cell, choice) of the seat's best way to make ``bid``, or None."""
        best = None
        for cell in by_seat.get(seat, []):
            if not bid_matches(variant, bid, cell.trump):
                continue
            found = best_choice_for(variant, cell, bid)
            if found is not None and (best is None or found[0] > best[0]):
                best = (found[0], cell, found[1])
        return best

    auction = Auction(variant, dealer)
    while not auction.over:
        seat = auction.to_act
        makeable = [(b, o) for b in auction.legal_bids() if (o := option(seat, b)) is not None]
        if not makeable:
            auction.call(None)
            continue
        key = variant.bid_key
        if variant.one_bid_each:
            top = max(key(b) for b, _ in makeable)
        else:
            top = min(key(b) for b, _ in makeable)
        tied = [(b, o) for b, o in makeable if key(b) == top]
        bid, _ = max(tied, key=lambda bo: bo[1][0])
        auction.call(bid)
    result = auction.result
    calls = list(auction.calls)
    if result.redeal:
        return Par(calls=calls, redeal_by=result.redeal_by)
    _, cell, choice = option(result.declarer, result.bid)
    return Par(declarer=result.declarer, bid=result.bid, trump=cell.trump, partner=choice.partner,
               discard=choice.discard, call=choice.call, value=choice.value,
               scores=scores(variant, result.declarer, result.bid, cell.trump, choice),
               calls=calls, redeal_by=None)
