"""``napoleon solve`` helpers: the starting position of a deal written in the one-line notation
(built by the variant's own ``declare``), and the best line of play shown trick by trick."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from napoleon_rules import Choices, Position, Variant
from napoleon_rules.cards import (JOKER, NT, SUIT_PATTERN, CardParseError, card_rank, card_suit,
                                  cards_of, count, parse_card, parse_cards, parse_trump,
                                  sort_cards)
from napoleon_rules.deal import Deal
from napoleon_rules.errors import NapoleonError
from napoleon_rules.game import Contract
from napoleon_rules.moves import Bid, Move, parse_bid

from .common import UsageError, card_text, plural, read_seat, seat_text, trump_text
from .info import rest_name, the_rest_text

@dataclass(frozen=True)
class DealStart:
    """A deal's first position after the declaration, and the declaration in words."""

    position: Position
    contract: Contract
    summary: str


def _card(text: str, what: str) -> int:
    try:
        return parse_card(text)
    except CardParseError as e:
        raise UsageError(f"{what}: {e}") from None


def _cards(text: str, what: str) -> tuple[int, ...]:
    try:
        return tuple(parse_cards(text))
    except CardParseError as e:
        raise UsageError(f"{what}: {e}") from None


def _trumps_text(v: Variant) -> str:
    return " ".join("NT" if t == NT else "SHDC"[int(t)] for t in v.trumps)


def _parse_trump(v: Variant, text: Optional[str]):
    if text is None:
        raise UsageError(f"solving a {v.name} deal needs --trump ({_trumps_text(v)})")
    try:
        trump = parse_trump(text)
    except CardParseError:
        trump = None
    if trump is None or trump not in v.trumps:
        raise UsageError(f"--trump: in {v.name} the trump is one of {_trumps_text(v)}, not {text!r}")
    return trump


def _choose_bid(v: Variant, trump, bid_text: Optional[str]) -> Bid:
    """The bid with ``trump`` (bids that carry a suit) at the level ``bid_text`` names, by
    default the lowest one."""
    bids = [b for b in v.all_bids() if b.name is None and b.trump in (trump, None)]
    if bid_text is None:
        if not bids:
            raise UsageError(f"{v.name} has no bid with trump {trump_text(trump)}")
        return bids[0]
    try:
        wanted = parse_bid(bid_text)
    except NapoleonError:
        wanted = None
    if wanted is not None and wanted.name is None and wanted.trump not in (None, trump):
        raise UsageError(f"--bid {bid_text} is in another suit than --trump {trump_text(trump)}: "
                         f"give the level alone ({wanted.level}) or with the trump's suit")
    if wanted is None or wanted.name is not None:
        raise UsageError(f"--bid: {v.name} takes the bid's level, a number (the trump is "
                         f"--trump), not {bid_text!r}")
    level = wanted.level
    chosen = [b for b in bids if b.level == level]
    if not chosen:
        levels = sorted({b.level for b in bids})
        raise UsageError(f"--bid: {v.name} bids go from {levels[0]} to {levels[-1]}, not {level}")
    return chosen[0]


def _nap_bid(v: Variant, bid_text: Optional[str]) -> Bid:
    bids = v.all_bids()
    if bid_text is None:
        return next(b for b in bids if b.name is None)
    try:
        wanted = parse_bid(bid_text)
        if wanted is not None:
            wanted = v.normalise_bid(wanted)
    except NapoleonError as e:
        raise UsageError(f"--bid: {e}") from None
    if wanted is None:
        raise UsageError("--bid: the declarer must bid, not pass")
    for b in bids:
        if (b.name, b.level if b.name is None else 0) == \
                (wanted.name, wanted.level if wanted.name is None else 0):
            return b
    raise UsageError(f"--bid: this nap game's bids are {' '.join(str(b) for b in bids)}, "
                     f"not {bid_text!r}")


def highest_card(mask: int, trump) -> int:
    """A seat's strongest-looking card: a trump before a side card, then by rank (the Joker
    last: some variants restrict calling it)."""
    def key(c: int):
        if c == JOKER:
            return (-1, 0, 0)
        return (1 if card_suit(c) == trump else 0, card_rank(c), -int(card_suit(c)))
    return max(cards_of(mask), key=key)


def position_from_deal(deal: Deal, *, declarer: int | str | None, trump: Optional[str],
                       call: Optional[str], partner: int | str | None, alone: bool,
                       discard: Optional[str], bid: Optional[str]) -> DealStart:
    """The position at the first lead after the declaration, built by the variant's own
    ``declare`` (the declarer takes the blind and discards, names the partner's card).
    Seats are numbers or, in bridge, compass letters (``read_seat``)."""
    v = deal.variant
    if declarer is None:
        raise UsageError("solving a deal needs --declarer SEAT")
    declarer = read_seat(declarer, v, "--declarer")
    if partner is not None:
        partner = read_seat(partner, v, "--partner", others=" or 'alone'")
    if sum((call is not None, partner is not None, alone)) > 1:
        raise UsageError("give only one of --call CARD, --partner SEAT and --alone")

    if v.trump_from_first_lead:  # Nap: the bidder plays alone; the first card led sets trump
        # 'napoleon analyse' and 'advise bid' name Nap's two rows --trump lead / misere: the
        # same words are read here (misere is the bid misere, lead any other bid).
        row = trump.strip().lower() if isinstance(trump, str) else None
        if row in ("lead", "misere", "mis\u00e8re"):
            if row != "lead":
                if bid is not None and bid.strip().lower() not in ("misere", "mis\u00e8re"):
                    raise UsageError(f"--trump misere and --bid {bid} disagree: Mis\u00e8re is "
                                     "its own bid")
                bid = "misere"
            trump = None
        if trump is not None or call is not None or partner is not None or alone or discard:
            raise UsageError(f"{v.name}: give only --declarer and --bid (the bidder plays alone "
                             "and the first card led sets the trump; --trump takes only 'lead' "
                             "or 'misere', the rows of 'napoleon analyse')")
        contract, pos = v.declare(deal, declarer, _nap_bid(v, bid), Choices())
        return DealStart(pos, contract, f"seat {declarer} bids {contract.bid}, plays alone, "
                                        f"leads")

    want = _parse_trump(v, trump)
    if v.fixed_partnership:  # bridge: declarer and the seat opposite; no blind, no call
        if call is not None or partner is not None or alone or discard:
            raise UsageError(f"{v.name} has a fixed partnership and no blind: give only "
                             "--declarer, --trump and --bid")
        level = 1 if bid is None else bid.strip()
        # '3NT' as bridge players write it: the strain must be --trump's
        named = re.fullmatch(rf"([0-9]{{1,2}})\s*({SUIT_PATTERN}|NT|N)",
                             str(level), re.IGNORECASE)
        if named:
            strain = parse_trump("NT" if named.group(2).upper() in ("N", "NT")
                                 else named.group(2))
            if strain != want:
                raise UsageError(f"--bid {bid} is in another strain than --trump "
                                 f"{trump_text(want)}: give the level alone ({named.group(1)}) "
                                 "or with the trump's strain")
            level = named.group(1)
        if not re.fullmatch(r"[0-9]{1,2}", str(level)) or not 1 <= int(level) <= 7:
            raise UsageError(f"--bid: a {v.name} contract is 1..7 tricks, not {bid!r}")
        contract, pos = v.declare(deal, declarer, Bid(int(level), want), Choices())
        return DealStart(pos, contract, f"{seat_text(v, declarer)} declares {contract.bid}; "
                                        f"{seat_text(v, pos.partner)} is dummy; "
                                        f"{seat_text(v, pos.leader)} leads")

    chosen_bid = _choose_bid(v, want, bid)
    rest = count(deal.rest)
    cards = _cards(discard, "--discard") if discard else ()
    if len(cards) != rest:
        raise UsageError(f"{v.name}: the declarer takes {the_rest_text(v)} and puts "
                         f"{plural(rest, 'card')} away: give --discard with "
                         f"{plural(rest, 'card')} of the hand and the "
                         f"{rest_name(v)}" + (f", not {len(cards)}" if cards else "")
                         + f" (napoleon analyse DEAL --declarer {declarer} --trump "
                         f"{trump.strip().upper()} finds the best ones)")
    coup_card_matters = v.name == "secretary"  # the Secretary may once play it off-suit
    friend = "card"
    if partner is not None:
        if partner == declarer:
            raise UsageError("--partner is the declarer's own seat: use --alone")
        if coup_card_matters:
            raise UsageError(f"{v.name}: the coup card itself matters (the Secretary may once "
                             "play it without following suit): name it with --call CARD")
        called = highest_card(deal.hands[partner], want)
    elif call is not None:
        called = _card(call, "--call")
    elif alone:
        if v.name == "mighty":
            friend, called = "none", None
        elif coup_card_matters:
            # Alone: the coup card is one of the cards put back in the warchest.
            called = max(cards)
        else:
            # Alone: a card of the declarer's own hand, which the variants read as alone.
            called = highest_card(deal.hands[declarer], want)
    else:
        raise UsageError(f"{v.name}: name the {v.partner_name}'s card with --call CARD (or give "
                         "--partner SEAT), or play --alone")
    choices = Choices(call=called, discard=cards, friend=friend,
                      trump=want if all(b.trump is None for b in v.all_bids()) else None)
    contract, pos = v.declare(deal, declarer, chosen_bid, choices)
    words = [f"seat {declarer} bids {chosen_bid}" + ("" if chosen_bid.trump is not None
                                                    else f" with trump {trump_text(want)}")]
    if called is not None:
        words.append(f"calls {card_text(called)}")
    words.append(f"seat {pos.partner} is the {v.partner_name}" if pos.partner is not None
                 else "plays alone")
    if cards:
        words.append("puts away " + " ".join(card_text(c) for c in sort_cards(cards)))
    return DealStart(pos, contract, ", ".join(words))


def _move_text(move: Move) -> str:
    text = card_text(move.card)
    if move.joker_suit is not None:
        text += f" naming {'♠♥♦♣'[int(move.joker_suit)]}"
    if move.call_joker:
        text += " calling the Joker"
    return text


def trick_so_far(pos: Position) -> list[str]:
    """The cards already played to ``pos``'s current trick, each with its seat, the lead with
    what came with it (a Joker's named suit, the Ripper's Joker call) as a move says it."""
    out = []
    for i, c in enumerate(pos.played):
        lead = Move(c, pos.joker_suit if c == JOKER else None, pos.joker_called) if i == 0 \
            else Move(c)
        out.append(f"{_move_text(lead)} (seat {(pos.leader + i) % pos.players})")
    return out


def line_by_trick(pos: Position, line: list[str | Move]) -> list[str]:
    """The best line replayed on ``pos``: one text line per trick, the leader first, each card
    with its seat, the winner and what the trick brings the declarer's side (points or tricks)
    with a running total (which ends at the solver's value)."""
    out: list[str] = []
    total = 0
    cur = pos
    cards = trick_so_far(cur)
    leader = cur.leader
    for item in line:
        move = item if isinstance(item, Move) else Move.from_str(item)
        seat = cur.to_move
        before = cur
        cur, done = cur.play_trick(move)
        cards.append(f"{_move_text(move)} (seat {seat})"
                     + (f" sets trump {trump_text(cur.trump)}"
                        if before.trump is None and cur.trump is not None else "")
                     # Secretary: the coup card played off suit, as the Joker's and the
                     # Ripper's choices are shown
                     + (" by the reveal" if cur.reveal_used and not before.reveal_used else ""))
        if done is None:
            continue
        winner, worth = done
        ours = before.on_declarer_side(winner)
        gain = worth if ours else 0
        total += gain
        side = "declarer's side" if ours else "defenders"
        out.append(f"  trick {before.trick + 1:>2}, seat {leader} leads: {', '.join(cards)} "
                   f"-> seat {winner} ({side}) +{gain}, total {total}")
        cards, leader = [], cur.leader
    return out
