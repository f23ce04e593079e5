"""Cards, suits and card masks.

A card is a plain ``int``: ``suit * 13 + (rank - 2)`` for the 52 French cards
(so 0 is the two of spades and 51 the ace of clubs) and :data:`JOKER` = 52.
A set of cards is an ``int`` bit mask (bit ``c`` set when card ``c`` is in the
set), which is also what the Cython solver uses, so masks cross the boundary
without conversion.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Iterable, Iterator

from .errors import NapoleonError


class CardParseError(NapoleonError):
    """A card (or list of cards) could not be read (a ``NapoleonError``, so a ``ValueError``:
    wherever user text is read, the message reaches the user as it is)."""


class Suit(IntEnum):
    """The four suits; the value is the solver's encoding (card // 13)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def partner_suit(self) -> "Suit":
        """The other suit of the same colour (spades <-> clubs, hearts <-> diamonds)."""
        return SAME_COLOUR[self]

    @classmethod
    def from_str(cls, text: str) -> "Suit":
        return parse_suit(text)

    def __str__(self) -> str:
        return self.letter


SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"
SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}

#: The trump value of a No Trump contract (trump fields hold a Suit, NT or None).
NT = "NT"

# Ranks are 2..14 (ace high).
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(2, 15)
RANK_CHARS = "23456789TJQKA"

JOKER = 52
NUM_CARDS = 53
FULL_DECK = (1 << 52) - 1  #: the 52 French cards
FULL_DECK_WITH_JOKER = (1 << 53) - 1


def _is_whole(x) -> bool:
    """An ``int`` (a ``Suit`` too) but not a ``bool``, which is an ``int`` to Python."""
    return isinstance(x, int) and not isinstance(x, bool)


def make_card(suit: int, rank: int) -> int:
    """The card of ``suit`` (0..3) and ``rank`` (2..14)."""
    if _is_whole(suit) and _is_whole(rank) and 0 <= suit <= 3 and 2 <= rank <= 14:
        return int(suit) * 13 + (rank - 2)
    raise CardParseError(f"no card has suit {suit!r} and rank {rank!r} (a suit is 0..3 or a "
                         "Suit, a rank 2..14; parse_card('AS') reads card text)")


def card_suit(card: int) -> Suit | None:
    """The printed suit of a card; ``None`` for the Joker."""
    if card == JOKER:
        return None
    try:
        return Suit(card // 13)
    except (TypeError, ValueError):     # (no cost on the way through: used in every trick)
        raise CardParseError(f"no card has number {card!r} (0..{JOKER}; parse_card('AS') "
                             "reads card text)") from None


def card_rank(card: int) -> int:
    """The rank 2..14 of a card; 0 for the Joker."""
    if _is_whole(card) and 0 <= card <= JOKER:
        return 0 if card == JOKER else card % 13 + 2
    raise CardParseError(f"no card has number {card!r} (0..{JOKER}; parse_card('AS') reads "
                         "card text)")


def suit_mask(suit: int) -> int:
    """The mask of the 13 cards of ``suit``."""
    return 0x1FFF << (13 * int(suit))


SUIT_MASKS = tuple(suit_mask(s) for s in Suit)

#: Point cards: A K Q J T of every suit, one point each, 20 in all.
POINT_CARDS = 0
for _s in Suit:
    for _r in (TEN, JACK, QUEEN, KING, ACE):
        POINT_CARDS |= 1 << make_card(_s, _r)
del _s, _r


def is_point_card(card: int) -> bool:
    return bool(POINT_CARDS >> card & 1)


def card_name(card: int) -> str:
    """Canonical card text: rank then suit (``"TS"``, ``"2C"``), ``"JO"`` for the Joker."""
    if card == JOKER:
        return "JO"
    try:
        if 0 <= card < 52:
            return RANK_CHARS[card % 13] + SUIT_LETTERS[card // 13]
    except TypeError:       # text, None, a float: the message below says what is wanted
        pass
    raise CardParseError(f"no card has number {card!r} (0..{JOKER}; parse_card('AS') reads "
                         "card text)")


def card_symbol(card: int) -> str:
    """Card text with a suit symbol (``"T♠"``), for readable output."""
    if card == JOKER:
        return "Jo"
    return RANK_CHARS[card % 13] + SUIT_SYMBOLS[card // 13]


#: Every character read as a suit: the letters, the symbols the output prints (so that output
#: can be pasted back as input) and their outline forms.
_SUIT_WORDS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
               "\u2660": Suit.SPADES, "\u2665": Suit.HEARTS, "\u2666": Suit.DIAMONDS,
               "\u2663": Suit.CLUBS,
               "\u2664": Suit.SPADES, "\u2661": Suit.HEARTS, "\u2662": Suit.DIAMONDS,
               "\u2667": Suit.CLUBS}

#: The emoji variation selector that text copied from a phone or a web page may put after a
#: suit symbol (``"♥\ufe0f"``): it only asks for the coloured glyph.
_EMOJI_STYLE = "\ufe0f"

#: One suit as text may write it, for a regular expression: a letter or symbol of
#: ``_SUIT_WORDS``, perhaps with the emoji selector (``parse_suit`` reads what it matches).
SUIT_PATTERN = f"[{''.join(_SUIT_WORDS)}]{_EMOJI_STYLE}?"


def _card_text(text: str) -> str:
    """Text of a card or suit as it is compared: trimmed, upper case, no emoji selector."""
    return text.strip().upper().replace(_EMOJI_STYLE, "")


def parse_suit(text: str) -> Suit:
    """Read a suit letter or symbol (``S``, ``♠``, ``♤``), case-insensitive."""
    try:
        return _SUIT_WORDS[_card_text(text)]
    except (KeyError, AttributeError):
        raise CardParseError(f"unknown suit {text!r} (expected one of S H D C)") from None


def parse_trump(text: str | None) -> Suit | str | None:
    """Read a trump field: a suit letter, ``"NT"`` or ``None``/``"null"``."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise CardParseError(f"trump must be S, H, D, C, NT or null, not {text!r}")
    t = text.strip().upper()
    if t in ("NT", "N", "NOTRUMP", "NO TRUMP"):
        return NT
    if t in ("", "NULL", "NONE"):
        return None
    try:
        return parse_suit(t)
    except CardParseError:
        raise CardParseError(f"trump must be S, H, D, C, NT or null, not {text!r}") from None


def as_trump(trump: Suit | str | None) -> Suit | str | None:
    """A trump given in Python: a ``Suit``, :data:`NT` or None as it is, text (``"H"``,
    ``"nt"``, ``"\u2665"``) read by :func:`parse_trump`, a suit number 0..3 as its ``Suit``.
    The rules compare trumps with ``Suit`` members, so text left as it is would play a game
    without trump; anything else raises ``CardParseError``."""
    if trump is None or trump.__class__ is Suit or trump is NT:
        return trump
    if isinstance(trump, str):
        return parse_trump(trump)
    if trump.__class__ is int and 0 <= trump <= 3:     # a suit number (Suit is an IntEnum)
        return Suit(trump)
    raise CardParseError(f"a trump is a Suit, NT or None (or text: S, H, D, C, NT, or a suit "
                         f"number 0..3), not {trump!r}")


def trump_name(trump: Suit | str | None) -> str | None:
    if trump is None:
        return None
    if trump == NT:
        return NT
    return SUIT_LETTERS[trump]


def parse_card(text: str) -> int:
    """Read one card: rank ``A K Q J T 9 .. 2`` (``10`` also accepted) then suit ``S H D C``
    or its symbol (``T♦``, as the text output writes cards), or ``JO`` for the Joker.
    Case-insensitive."""
    if not isinstance(text, str):
        raise CardParseError(f"a card must be text like 'AS' or 'JO', not {text!r}")
    t = _card_text(text)
    if t in ("JO", "JK", "JOKER"):
        return JOKER
    if len(t) == 3 and t.startswith("10"):
        t = "T" + t[2]
    if len(t) != 2:
        raise CardParseError(f"bad card {text!r}: expected rank then suit, like 'AS', 'TD' or '10H'")
    rank_index = RANK_CHARS.find(t[0])
    if rank_index < 0:
        raise CardParseError(f"bad card {text!r}: unknown rank {text.strip()[0]!r}")
    suit = _SUIT_WORDS.get(t[1])
    if suit is None:
        raise CardParseError(f"bad card {text!r}: unknown suit "
                             f"{text.strip().replace(_EMOJI_STYLE, '')[-1]!r}")
    return suit * 13 + rank_index


def parse_cards(items: Iterable[str] | str) -> list[int]:
    """Read a list of cards, or one string of cards separated by spaces or commas."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    try:
        return [parse_card(x) for x in items]
    except TypeError:       # None, a number: nothing to read cards from
        raise CardParseError(f"cards are text like 'AS KS JO' or a list of card texts, "
                             f"not {items!r}") from None


def mask_of(cards: Iterable[int]) -> int:
    """The mask of card numbers (``mask_of(parse_cards("AS KS"))`` for card text)."""
    m = 0
    c = cards               # what the message names when ``cards`` cannot be iterated
    try:
        for c in cards:
            if c.__class__ is bool or not 0 <= c <= JOKER:   # (53 would be a bit of no card)
                raise ValueError
            m |= 1 << c
    except (TypeError, ValueError):     # card text, a number out of range, not a collection
        raise CardParseError(f"mask_of takes card numbers 0..{JOKER}, not {c!r} "
                             "(mask_of(parse_cards('AS KS')) for card text)") from None
    return m


def check_mask(mask: int) -> int:
    """``mask`` if it is a set of cards (bits 0..52), else a ``CardParseError``: a negative
    int has infinitely many bits set (``~hand`` is one), which no loop over its cards ends."""
    if isinstance(mask, bool) or not isinstance(mask, int) or mask < 0 or \
            mask >> (JOKER + 1):
        raise CardParseError(f"a card mask is a whole number with bits 0..{JOKER} only "
                             f"(a set of cards), not {mask!r}")
    return mask


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest number first."""
    check_mask(mask)
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    return bin(check_mask(mask)).count("1")


def points_of(mask: int) -> int:
    """Card points in a mask."""
    return count(check_mask(mask) & POINT_CARDS)


def sort_cards(cards: Iterable[int]) -> list[int]:
    """Display order: by suit S H D C, high rank first, the Joker first of all."""
    return sorted(cards, key=lambda c: (-1, 0) if c == JOKER else (c // 13, -(c % 13)))


def short_deck(size: int) -> int:
    """A pack of ``size`` cards made of the top ranks of every suit (Nap's short packs).

    ``size`` must be a multiple of 4 between 28 and 52."""
    if size % 4 or not 8 <= size <= 52:
        raise ValueError(f"a short pack must have 8..52 cards in a multiple of 4, not {size}")
    per_suit = size // 4
    m = 0
    for s in Suit:
        for r in range(ACE, ACE - per_suit, -1):
            m |= 1 << make_card(s, r)
    return m
