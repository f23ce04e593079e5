"""Deals and the one-line deal notation.

Notation (PBN-like)::

    japanese:AKQ.JT9.2.AK 95.Q8.KJ4.T97 ... | 2S.3H

    <variant>:<hand 0> <hand 1> ... <hand n-1> | <rest>

Each hand lists its cards suit by suit in the order spades.hearts.diamonds.clubs,
ranks high to low (``T`` for ten; ``10`` is accepted on input), a void is an empty field;
``+JO`` after the four fields adds the Joker. ``<rest>`` (same form) holds the cards not
dealt to a hand: the blind, kitty, open cards or warchest, or Nap's undealt stock. Every
card of the variant's deck appears exactly once. Output is canonical, so a deal written
by :func:`deal_str` reads back to the same deal and the same text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import (JOKER, RANK_CHARS, SUIT_LETTERS, CardParseError, card_name, cards_of,
                    check_mask, count, sort_cards, suit_mask)
from .errors import DealError, plural
from .variant import Variant, get_variant


@dataclass(frozen=True)
class Deal:
    """A deal: one card mask per seat plus the rest (blind, kitty, stock)."""

    variant: Variant
    hands: tuple[int, ...]
    rest: int

    def __post_init__(self) -> None:
        # A preset's name is read as get_variant reads it (Deal('nap', ...)); anything else
        # that is no Variant would fail later, far from here, on a missing attribute.
        if isinstance(self.variant, str):
            object.__setattr__(self, "variant", get_variant(self.variant))
        elif not isinstance(self.variant, Variant):
            raise DealError(f"a deal's variant must be a Variant or a preset's name (such as "
                            f"'nap'), not {self.variant!r}")

    def __str__(self) -> str:
        return deal_str(self)

    def __repr__(self) -> str:
        # What reads the deal back: the notation, and the variant when it has options (the
        # notation names only the preset).
        if not self.variant.changed_options():
            return f"Deal.from_str({deal_str(self)!r})"
        return f"Deal.from_str({deal_str(self)!r}, {self.variant!r})"

    @classmethod
    def from_str(cls, text: str, variant: Variant | str | None = None) -> "Deal":
        """Read the one-line notation (see :func:`parse_deal`). ``str(deal)`` names the preset
        but not its options, so a deal of a variant with options reads back with that
        variant: ``Deal.from_str(str(d), d.variant) == d``."""
        return parse_deal(text, variant)

    def check(self) -> "Deal":
        """Raise ``DealError`` unless every card of the deck is dealt exactly once with the
        right hand sizes."""
        v = self.variant
        if len(self.hands) != v.players:
            raise v.hands_error(len(self.hands))
        seen = 0
        for i, h in enumerate(list(self.hands) + [self.rest]):
            where = f"hand {i}" if i < len(self.hands) else "the blind"
            extra = h & ~v.deck
            if extra:
                raise DealError(f"{card_name(next(cards_of(extra)))} ({where}) is not in the {v.name} deck")
            dup = seen & h
            if dup:
                raise DealError(f"card {card_name(next(cards_of(dup)))} is dealt twice")
            seen |= h
        missing = v.deck & ~seen
        if missing:
            names = " ".join(card_name(c) for c in sort_cards(cards_of(missing)))
            raise DealError(f"the deal is missing {plural(count(missing), 'card')}: {names}")
        for i, h in enumerate(self.hands):
            if count(h) != v.hand_size:
                raise DealError(f"hand {i} holds {plural(count(h), 'card')}; {v.name} deals "
                                f"{v.hand_size}")
        return self


def hand_str(mask: int) -> str:
    check_mask(mask)
    parts = []
    for s in range(4):
        ranks = [RANK_CHARS[c % 13] for c in cards_of(mask & suit_mask(s))]
        parts.append("".join(reversed(ranks)))
    text = ".".join(parts)
    if mask >> JOKER & 1:
        text += "+JO"
    return text


def parse_hand(text: str) -> int:
    """Read one hand, ``"AKQ.JT9.2.AK3"`` (spades.hearts.diamonds.clubs, ``+JO`` for the
    Joker): its card mask."""
    if not isinstance(text, str):
        raise DealError(f"a hand is text like 'AKQ.JT9.2.AK3' (spades.hearts.diamonds.clubs), "
                        f"not {text!r}")
    t = text.strip().upper()
    mask = 0
    if "+" in t:
        t, _, extra = t.partition("+")
        if extra not in ("JO", "JK", "JOKER"):
            raise DealError(f"bad hand {text!r}: only '+JO' may follow the four suits")
        mask |= 1 << JOKER
    fields = t.split(".")
    if len(fields) != 4:
        raise DealError(f"bad hand {text!r}: expected four suits separated by dots (S.H.D.C)")
    for s, ranks in enumerate(fields):
        ranks = ranks.replace("10", "T")
        if ranks in ("-",):
            ranks = ""
        for ch in ranks:
            r = RANK_CHARS.find(ch)
            if r < 0:
                raise DealError(f"bad hand {text!r}: unknown rank {ch!r} in {SUIT_LETTERS[s]}")
            bit = 1 << (s * 13 + r)
            if mask & bit:
                raise DealError(f"card {card_name(s * 13 + r)} appears twice in hand {text!r}")
            mask |= bit
    return mask


def deal_str(deal: Deal) -> str:
    return f"{deal.variant.name}:" + " ".join(hand_str(h) for h in deal.hands) + " | " + hand_str(deal.rest)


def parse_deal(text: str, variant: Variant | str | None = None) -> Deal:
    """Read the one-line notation. Without ``variant`` the prefix names the preset, with its
    default options. ``variant`` (an instance with its options, or a name) is the variant
    of the deal: the text may then leave the prefix out, and a prefix naming another preset
    is an error. The text does not carry options, so a deal of, say, 3-player Nap reads
    back with ``parse_deal(str(d), get_variant("nap", {"players": 3}))`` (or ``d.variant``)."""
    if not isinstance(text, str) or ":" not in text and variant is None:
        raise DealError("a deal is written '<variant>:<hand 0> <hand 1> ... | <blind>' (the "
                        "'<variant>:' prefix may be left out when the variant is given: "
                        "parse_deal(text, variant))")
    name, colon, body = text.strip().partition(":")
    name = name.strip().lower()
    if not colon:                       # no prefix (hand text holds no ':'): the variant's
        body = text
    if variant is None:
        v = get_variant(name)
    else:
        v = get_variant(variant)        # a name or a Variant; anything else is an error
        if colon and v.name != name:
            raise DealError(f"the deal is for {name!r} but the variant is {v.name!r}")
    hands_text, bar, rest_text = body.partition("|")
    try:
        hands = tuple(parse_hand(h) for h in hands_text.split())
        rest = parse_hand(rest_text) if rest_text.strip() else 0
    except CardParseError as e:
        raise DealError(str(e)) from None
    return Deal(v, hands, rest).check()


def random_deal(variant: Variant | str, rng: random.Random | int | None = None) -> Deal:
    """A uniformly random deal of ``variant`` (``rng`` a Random or a seed)."""
    v = get_variant(variant)
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    cards = list(cards_of(v.deck))
    rng.shuffle(cards)
    hands = []
    k = v.hand_size
    for i in range(v.players):
        m = 0
        for c in cards[i * k:(i + 1) * k]:
            m |= 1 << c
        hands.append(m)
    rest = 0
    for c in cards[v.players * k:]:
        rest |= 1 << c
    return Deal(v, tuple(hands), rest)
