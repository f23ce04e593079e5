"""Moves (a card with its options) and bids."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import (JOKER, CardParseError, Suit, as_trump, card_name, parse_card, parse_suit,
                    parse_trump, trump_name)
from .errors import IllegalPlayError


@dataclass(frozen=True, order=True)
class Move:
    """One card played, with the choices that go with it.

    ``joker_suit``: the suit named when leading the Joker (variants where the led Joker
    names the suit to follow). ``call_joker``: the Ripper is led with a Joker call (Mighty).
    """

    card: int
    joker_suit: Suit | None = None
    call_joker: bool = False

    def __repr__(self) -> str:
        # Card text, as Move.from_str reads it (python-chess's Move.from_uci('e2e4') style:
        # the repr builds the same move; dataclass equality and order are kept).
        try:
            if isinstance(self.call_joker, bool):
                return f"Move.from_str({str(self)!r})"
        except (CardParseError, ValueError, TypeError):    # not a move of a card: as it is
            pass
        return (f"Move(card={self.card!r}, joker_suit={self.joker_suit!r}, "
                f"call_joker={self.call_joker!r})")

    def __str__(self) -> str:
        text = card_name(self.card)
        if self.joker_suit is not None:
            text += ":" + Suit(self.joker_suit).letter
        if self.call_joker:
            text += "!"
        return text

    @classmethod
    def from_str(cls, text: str) -> "Move":
        """Read ``"AS"``, ``"JO:H"`` (Joker led naming hearts) or ``"3C!"`` (Ripper with a Joker call)."""
        if not isinstance(text, str):
            raise IllegalPlayError(f"a move is card text ('AS', 'JO:H', '3C!'), not {text!r}")
        t = text.strip()
        call = t.endswith("!")
        if call:
            t = t[:-1]
        joker_suit = None
        if ":" in t:
            t, _, s = t.partition(":")
            joker_suit = parse_suit(s)
        card = parse_card(t)
        if joker_suit is not None and card != JOKER:
            raise IllegalPlayError(f"only the Joker names a suit, not {card_name(card)}")
        return cls(card, joker_suit, call)


@dataclass(frozen=True)
class Bid:
    """A bid. ``level`` is the number bid (points or tricks); ``trump`` the suit or NT named
    with it (None when the variant's bids carry no suit); ``name`` a special Nap bid
    (``"misere"``, ``"nap"``, ``"wellington"``, ``"blucher"``) or None."""

    level: int
    trump: Suit | str | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise IllegalPlayError(f"a Bid's level is a whole number, not {self.level!r}"
                                   + (f" (parse_bid({self.level!r}) reads bid text)"
                                      if isinstance(self.level, str) else ""))
        try:
            # Text ("S", "nt") read as a Position reads it: the variants compare the trump
            # with Suit members.
            object.__setattr__(self, "trump", as_trump(self.trump))
        except CardParseError:
            raise IllegalPlayError(f"a Bid's trump is a Suit, NT or None (or text: S, H, D, "
                                   f"C, NT), not {self.trump!r}") from None
        if self.name is not None and self.name not in BID_NAMES:
            raise IllegalPlayError(f"a Bid's name is None or one of {', '.join(BID_NAMES)}, "
                                   f"not {self.name!r}")

    def __str__(self) -> str:
        if self.name == "misere":
            return "misere"
        if self.name in ("nap", "wellington", "blucher"):
            return self.name
        t = trump_name(self.trump)
        return f"{self.level}{t or ''}"


PASS = None  # a pass is written ``None`` in auction histories
BID_NAMES = ("misere", "nap", "wellington", "blucher")   #: Nap's bids with a name

_NAMED = {"mis": "misere", "misere": "misere", "mis\u00e8re": "misere", "misery": "misere",
          "nap": "nap", "napoleon": "nap", "well": "wellington", "wellington": "wellington",
          "blu": "blucher", "blucher": "blucher", "bl\u00fccher": "blucher"}


def parse_bid(text: str) -> Bid | None:
    """Read a bid: ``"15S"``, ``"13NT"``, ``"7"``, ``"misere"``, ``"nap"``; ``"pass"``/``"p"`` gives None.

    Whether the bid is allowed is the variant's business: ``Auction.call`` asks the variant's
    ``normalise_bid``, ``all_bids`` and ``bid_allowed_after``."""
    if not isinstance(text, str):
        raise IllegalPlayError(f"a bid is text ('15S', '13NT', 'pass', 'misere'), not {text!r}")
    t = text.strip().lower()
    if t in ("p", "pass", "-"):
        return PASS
    if t in _NAMED:
        return Bid(0, None, _NAMED[t])
    digits = ""
    while t and t[0] in "0123456789":       # ASCII only: str.isdigit() also takes '²'
        digits += t[0]
        t = t[1:]
    if not digits or len(digits) > 3:
        raise IllegalPlayError(f"bad bid {text!r}: expected a number with an optional suit or NT, "
                               "'pass', or a Nap bid name")
    try:
        trump = parse_trump(t) if t else None
    except CardParseError:
        raise IllegalPlayError(f"bad bid {text!r}: after the number comes a suit (S H D C) or NT, "
                               f"not {text.strip()[len(digits):]!r}") from None
    return Bid(int(digits), trump, None)
