"""``napoleon solve`` helpers: a starting position from a deal in the one-line notation, and
the best line of play shown trick by trick."""

from __future__ import annotations

from typing import Optional

from napoleon_rules import Choices, Position, Variant
from napoleon_rules.cards import (CardParseError, cards_of, count, parse_card, parse_cards,
                                  parse_trump)
from napoleon_rules.deal import Deal

from .common import UsageError, card_text


def _seat(value: int, v: Variant, what: str) -> int:
    if not 0 <= value < v.players:
        raise UsageError(f"{what} must be a seat 0..{v.players - 1}, not {value}")
    return value


def _card(text: str, what: str) -> int:
    try:
        return parse_card(text)
    except CardParseError as e:
        raise UsageError(f"{what}: {e}") from None


def position_from_deal(deal: Deal, *, declarer: Optional[int], trump: Optional[str],
                       call: Optional[str], alone: bool, discard: Optional[str],
                       bid_level: Optional[int]) -> Position:
    """The position at the first lead after the declaration, built by the variant's own
    ``declare`` (the declarer takes the blind, discards, names the partner's card)."""
    v = deal.variant
    if declarer is None:
        raise UsageError("solving a deal needs --declarer SEAT")
    declarer = _seat(declarer, v, "--declarer")
    if v.name == "nap":
        # Nap: the first card led fixes the trump; the bid says how many tricks.
        if trump is not None or call is not None or alone or discard:
            raise UsageError("nap: give only --declarer and --bid (the first lead sets the trump)")
        bids = [b for b in v.all_bids() if b.name is None and
                (bid_level is None or b.level == bid_level)]
        if not bids:
            raise UsageError(f"nap has no plain bid of {bid_level}")
        return v.declare(deal, declarer, bids[0], Choices())[1]
    if trump is None:
        raise UsageError("solving a deal needs --trump (S, H, D, C or NT)")
    try:
        want = parse_trump(trump)
    except CardParseError as e:
        raise UsageError(f"--trump: {e}") from None
    if call is not None and alone:
        raise UsageError("give --call CARD or --alone, not both")
    if v.name == "bridge":
        if call is not None or alone or discard:
            raise UsageError("bridge has a fixed partnership and no blind: give only "
                             "--declarer and --trump")
        from .bench import bridge_position
        return bridge_position(deal, want, declarer)
    bids = [b for b in v.all_bids() if b.name is None]
    matching = [b for b in bids if b.trump == want] or \
        ([b for b in bids if b.trump is None] if v.name == "secretary" else [])
    if bid_level is not None:
        matching = [b for b in matching if b.level == bid_level]
    if not matching:
        raise UsageError(f"{v.name} has no bid " + (f"of {bid_level} " if bid_level else "")
                         + f"with trump {trump!r}")
    bid = matching[0]
    rest = count(deal.rest)
    cards = tuple(parse_cards(discard)) if discard else ()
    if rest and len(cards) != rest:
        raise UsageError(f"{v.name}: the declarer takes the {rest} cards dealt to no hand and "
                         f"puts {rest} away: give --discard with {rest} cards (napoleon analyse "
                         f"finds the best ones)")
    if not rest and cards:
        raise UsageError(f"{v.name} has no discard")
    if call is None and not alone:
        raise UsageError(f"{v.name}: name the partner's card with --call CARD, or --alone")
    called = _card(call, "--call") if call is not None else None
    if alone and v.name == "secretary":
        raise UsageError("secretary: the coup card names the Secretary; give --call CARD")
    if alone and v.name != "mighty":
        # Alone: call a card of the declarer's own hand, which the variants read as alone.
        called = max(cards_of(deal.hands[declarer]))
    choices = Choices(call=called, discard=cards,
                      trump=want if v.name in ("secretary",) else None,
                      friend="none" if (alone and v.name == "mighty") else "card")
    _contract, pos = v.declare(deal, declarer, bid, choices)
    return pos


def line_by_trick(pos: Position, line: list[str]) -> list[str]:
    """The best line replayed: one text line per trick with each card's seat, the winner and
    what the declarer's side gets from it (points or tricks) with a running total."""
    out: list[str] = []
    total = 0
    cur = pos
    cards: list[str] = [f"{card_text(c)} (seat {(cur.leader + i) % cur.players})"
                        for i, c in enumerate(cur.played)]
    for move in line:
        seat = cur.to_move
        trick_no = cur.trick
        before = cur
        cur = cur.play(move)
        cards.append(f"{card_text(parse_card(move.split(':')[0]))}"
                     f"{' (names ' + move.split(':')[1] + ')' if ':' in move else ''} (seat {seat})")
        if cur.trick != trick_no or cur.is_over:
            trick_cards = list(before.played) + [parse_card(move.split(":")[0])]
            winner = cur.leader
            worth = pos.variant.trick_value(trick_cards)
            gain = worth if cur.on_declarer_side(winner) else 0
            total += gain
            side = "declarer's side" if cur.on_declarer_side(winner) else "defenders"
            out.append(f"  trick {trick_no + 1:>2}: {', '.join(cards)} -> seat {winner} "
                       f"({side}) +{gain}, total {total}")
            cards = []
    return out
