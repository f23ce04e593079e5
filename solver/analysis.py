"""What ``solver.analyse`` returns: a partner choice's best discard and value
(``PartnerChoice``), one declarer with one trump (``Cell``), the whole table with its par
(``Analysis``), and ``describe_choice`` for people. Apart from the search so that the par
(``solver.par``) and the command line read them without the search's machinery."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from napoleon_rules import Bid, Move, Variant
from napoleon_rules.cards import card_name, sort_cards

from .declarations import AnalysisOptionError, parse_strain
from .par import Par, strain_name


@dataclass
class PartnerChoice:
    """The best discard with one partner choice, and what the declarer's side then scores
    (``value``: points or tricks as the variant counts, discards credited where the variant
    says so; Misère: tricks the bidder is forced to take). ``value`` is None when a limit
    stopped the search: the value is then between ``lower`` and ``upper``."""

    partner: int | None          #: the partner's seat, None alone
    value: int | None
    lower: int
    upper: int
    discard: tuple[int, ...] = ()   #: in display order (``sort_cards``), as positions list cards
    call: int | None = None      #: a card that names this partner (Secretary: the coup card)

    def __post_init__(self) -> None:
        # Sorted once here, so the JSON, the par and the text show it as 'napoleon solve'
        # and a position do, whatever order the search tried the cards in.
        self.discard = tuple(sort_cards(self.discard))

    @property
    def exact(self) -> bool:
        return self.value is not None

    def to_json(self) -> dict:
        return {"partner": self.partner, "value": self.value, "lower": self.lower,
                "upper": self.upper, "discard": [card_name(c) for c in self.discard],
                "call": None if self.call is None else card_name(self.call)}


@dataclass
class Cell:
    """One declarer with one trump (or Nap column). ``best`` is the choice the declarer
    takes: among the choices that make the highest makeable ``bid``, the best-scoring; with
    no makeable bid, the highest value. ``score`` is the declarer's score for ``bid``
    with ``best``, ``scores`` every seat's (both None in bridge, which has no scoring
    here: its ``bid`` is the highest contract made). ``line``: a best line of play, only when one
    cell was asked for."""

    declarer: int
    trump: Any
    choices: list[PartnerChoice]
    best: PartnerChoice | None = None
    bid: Bid | None = None
    score: Any = None
    scores: list | None = None
    line: list[Move] | None = None
    stats: dict = field(default_factory=dict)
    settled: bool = True   #: False when a limit stopped a search that decides a bid's choice

    @property
    def exact(self) -> bool:
        """The cell's value is exact, and every choice is exact or bounded so that it cannot
        beat the best (a table leaves a choice bounded when its exact value would change
        no bid, score or par: see ``_undecided``)."""
        known = [c.value for c in self.choices if c.exact]
        if not known or not self.settled:
            return False
        top = max(known)
        return all(c.exact or c.upper <= top for c in self.choices)

    @property
    def lower(self) -> int:
        return max(c.lower for c in self.choices)

    @property
    def upper(self) -> int:
        return max(c.upper for c in self.choices)

    @property
    def value(self) -> int | None:
        return self.best.value if self.best is not None else None

    def to_json(self) -> dict:
        best = self.best
        return {"declarer": self.declarer, "trump": strain_name(self.trump), "exact": self.exact,
                "value": self.value, "lower": self.lower, "upper": self.upper,
                "partner": None if best is None else best.partner,
                "discard": [] if best is None else [card_name(c) for c in best.discard],
                "call": None if best is None or best.call is None else card_name(best.call),
                "bid": None if self.bid is None else str(self.bid), "score": self.score,
                "scores": self.scores, "choices": [c.to_json() for c in self.choices],
                "line": None if self.line is None else [str(m) for m in self.line],
                "stats": dict(self.stats)}


@dataclass
class Analysis:
    variant: Variant
    hands: tuple[int, ...]
    rest: int
    start_trick: int
    cells: list[Cell]
    par: Par | None
    complete: bool
    note: str = ""                  #: why there is no par, when there is none
    stats: dict = field(default_factory=dict)
    #: ``note`` as the ``napoleon`` command words it, when that differs (its options, not
    #: the arguments ``note`` names), as ``NapoleonError.command_line`` is for messages
    command_line_note: str | None = None

    def cell(self, declarer: int, trump: Any) -> Cell:
        """The cell of ``declarer`` (a seat) and ``trump``, given as ``analyse`` takes it
        (``Suit``, ``"NT"``, text such as ``"S"``, Nap's ``"lead"``/``"misere"``)."""
        n = self.variant.players
        if isinstance(declarer, bool) or not isinstance(declarer, int) or not 0 <= declarer < n:
            raise AnalysisOptionError(f"declarer must be a seat 0..{n - 1}, not {declarer!r}")
        strain = parse_strain(self.variant, trump)
        for c in self.cells:
            if c.declarer == declarer and c.trump == strain:
                return c
        seats = " ".join(str(d) for d in sorted({c.declarer for c in self.cells}))
        trumps = " ".join(strain_name(s) for s in dict.fromkeys(c.trump for c in self.cells))
        raise AnalysisOptionError(f"this analysis has no cell for declarer {declarer} and trump "
                                  f"{strain_name(strain)} (its declarers: {seats or 'none'}; "
                                  f"its trumps: {trumps or 'none'})")

    def to_json(self) -> dict:
        v = self.variant
        defaults = {o.name: o.default for o in v.OPTIONS}
        return {"variant": v.name,
                "options": {k: x for k, x in v.options.items() if x != defaults[k]},
                "unit": v.unit, "start_trick": self.start_trick, "complete": self.complete,
                "trumps": [strain_name(s) for s in dict.fromkeys(c.trump for c in self.cells)],
                "cells": [c.to_json() for c in self.cells],
                "par": None if self.par is None else self.par.to_json(),
                "note": self.note, "stats": dict(self.stats)}


def describe_choice(v: Variant, choice: PartnerChoice | None) -> str:
    """``"General 3"``, ``"alone"``, ``"partner 2"`` for people."""
    if choice is None:
        return "?"
    if choice.partner is None:
        return "alone"
    name = "partner" if v.fixed_partnership else v.partner_name
    return f"{name} {choice.partner}"
