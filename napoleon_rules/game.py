"""The reference game engine: from a deal through the auction, the declaration and the play
to each player's score."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .auction import Auction, AuctionResult
from .cards import (JOKER, Suit, as_trump, card_name, cards_of, count, mask_of, points_of,
                    trump_name)
from .deal import Deal
from .errors import IllegalPlayError, NapoleonError, plural
from .moves import Bid, Move
from .position import Position
from .variant import Variant


@dataclass(frozen=True)
class Choices:
    """What the declarer decides after winning the auction.

    ``call``: the card that names the partner (General, friend, Aid, coup card), or None for
    none. ``friend``: Mighty's kind of friend: ``"card"``, ``"none"`` or ``"first-trick"``.
    ``discard``: the cards put away after taking the blind (a mask of them is read as its
    cards, as ``Contract.discards`` holds them). ``trump``: Secretary's trump, or Mighty's
    changed trump (None keeps the bid's; text such as ``"H"`` or ``"NT"`` is read).
    ``contract`` Nap only: set by the bid.

    Cards are card numbers, as everywhere in Python: ``parse_card("AS")`` and
    ``tuple(parse_cards("4H 6H"))`` read card text. The declaration checks them.
    """

    call: int | None = None
    discard: tuple[int, ...] = ()
    trump: Suit | str | None = None
    friend: str = "card"

    def __post_init__(self) -> None:
        if isinstance(self.discard, int) and not isinstance(self.discard, bool) and \
                self.discard >= 0:
            object.__setattr__(self, "discard", tuple(cards_of(self.discard)))
        object.__setattr__(self, "trump", as_trump(self.trump))


@dataclass(frozen=True)
class Contract:
    declarer: int
    bid: Bid
    trump: Suit | str | None
    partner: int | None = None          #: seat of the partner, None when alone (or unknown yet)
    called: int | None = None           #: the card that named the partner
    discards: int = 0                   #: mask of the cards put away
    alone: bool = True
    friend: str = "card"                #: Mighty: "card", "none" or "first-trick"

    @property
    def discard_points(self) -> int:
        return points_of(self.discards)

    def __repr__(self) -> str:
        # For reading, the cards as text (the fields hold a card number and a mask of
        # cards); in angle brackets, since it does not build a Contract.
        called = "-" if self.called is None else card_name(self.called)
        discards = " ".join(card_name(c) for c in cards_of(self.discards)) or "-"
        return (f"<Contract declarer={self.declarer} bid={self.bid} "
                f"trump={trump_name(self.trump)} partner={self.partner} called={called} "
                f"discards={discards} alone={self.alone} friend={self.friend}>")


def holder(hands: Sequence[int], card: int) -> int | None:
    for seat, h in enumerate(hands):
        if h >> card & 1:
            return seat
    return None


def take_blind(variant: Variant, deal: Deal, declarer: int, discard: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The hands after the declarer takes the rest of the deck and puts away ``discard``."""
    pool = deal.hands[declarer] | deal.rest
    if isinstance(discard, str) or not isinstance(discard, (tuple, list)) or any(
            isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= JOKER for c in discard):
        raise IllegalPlayError(f"{variant.name}: the discard is a tuple of card numbers (or a "
                               "mask of them; tuple(parse_cards('4H 6H')) reads card text), "
                               f"not {discard!r}")
    d = mask_of(discard)
    if len(set(discard)) != len(discard):
        raise IllegalPlayError("the discard names a card twice")
    if len(discard) != count(deal.rest):
        raise IllegalPlayError(f"{variant.name}: discard exactly {plural(count(deal.rest), 'card')}"
                               f", not {len(discard)}")
    if d & ~pool:
        bad = next(cards_of(d & ~pool))
        raise IllegalPlayError(f"cannot discard {card_name(bad)}: it is not in the declarer's hand or the blind")
    hands = list(deal.hands)
    hands[declarer] = pool & ~d
    return tuple(hands), d


@dataclass
class HandRecord:
    """A played hand: auction, contract, tricks, what the declarer's side took, scores."""

    deal: Deal
    auction: AuctionResult
    contract: Contract | None = None
    tricks: list = field(default_factory=list)   # (leader, [cards], winner, value)
    side_taken: int = 0            # declarer's side in tricks (points or tricks), discards aside
    taken: int = 0                 # what scoring counts (with the discard rule)
    scores: list | None = None


Policy = Callable[[Position, random.Random], Move]


def random_policy(pos: Position, rng: random.Random) -> Move:
    return rng.choice(pos.legal_moves())


def _rng(rng) -> random.Random:
    """A ``random.Random`` as given, or one seeded with ``rng`` (a whole number, or None)."""
    if isinstance(rng, random.Random):
        return rng
    if rng is not None and (isinstance(rng, bool) or not isinstance(rng, int)):
        raise NapoleonError(f"rng must be a random.Random or a whole-number seed, not {rng!r}")
    return random.Random(rng)


def play_out(pos: Position, policy: Policy = random_policy,
             rng: random.Random | int | None = None,
             record: list | None = None) -> tuple[int, Position]:
    """Play ``pos`` to the end; returns (what the declarer's side took from here, final
    position). ``rng``: a ``random.Random``, or a seed for one (as ``play_hand``; None: 0)."""
    rng = _rng(0 if rng is None else rng)
    taken = 0
    while not pos.is_over:
        leader, before = pos.leader, pos.played
        move = policy(pos, rng)
        prev = pos
        pos, done = pos.play_trick(move)
        if done:
            winner, value = done
            if prev.on_declarer_side(winner):
                taken += value
            if record is not None:
                record.append((leader, list(before) + [move.card], winner, value))
    return taken, pos


def play_hand(variant: Variant, deal: Deal, *, dealer: int = 0, calls: Sequence | None = None,
              choose: Callable[[Deal, AuctionResult], Choices] | None = None,
              policy: Policy = random_policy, rng: random.Random | int | None = None) -> HandRecord:
    """Play a whole hand. ``calls``: the auction (bids, text or None for pass); ``choose``
    returns the declarer's Choices; ``policy`` picks each card."""
    rng = _rng(rng)
    deal.check()
    auction = Auction(variant, dealer)
    for c in calls or ():
        auction.call(c)
    if not auction.over:
        raise IllegalPlayError("the auction is not finished")
    result = auction.result
    record = HandRecord(deal, result)  # type: ignore[arg-type]
    if result.redeal:  # type: ignore[union-attr]
        return record
    choices = choose(deal, result) if choose else Choices()  # type: ignore[arg-type]
    contract, pos = variant.declare(deal, result.declarer, result.bid, choices)  # type: ignore[union-attr]
    side, pos, contract = variant.play_contract(contract, pos, policy, rng, record.tricks)
    record.contract = contract
    record.side_taken = side
    record.taken = variant.credited(contract, side)
    record.scores = variant.score(contract, record.taken)
    return record
