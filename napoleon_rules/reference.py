"""The reference minimax: plain, obviously correct, slow. The oracle the fast solver is
tested against.

The value of a position is what the declarer's side takes from the cards still in play,
the current trick included: card points, or tricks in trick-count variants. In Misère it is
the number of tricks the bidder is forced to take, which the bidder minimises.

Plain alpha-beta over every legal move (every option of every card), no transposition
table, no move ordering, no equivalences.
"""

from __future__ import annotations

from .errors import PositionError
from .moves import Move
from .position import Position

INF = 10 ** 9


def _maximising(pos: Position, seat: int) -> bool:
    on_side = pos.on_declarer_side(seat)
    return not on_side if pos.misere else on_side


def _credit(pos: Position, winner: int, value: int) -> int:
    return value if pos.on_declarer_side(winner) else 0


def value(pos: Position, alpha: int = -INF, beta: int = INF) -> int:
    """The exact value of ``pos`` (see module doc) under best play by both sides."""
    if pos.is_over:
        return 0
    moves = pos.legal_moves()
    if not moves:
        raise PositionError(f"seat {pos.to_move} has no legal card (the position is inconsistent)")
    maxing = _maximising(pos, pos.to_move)
    best = -INF if maxing else INF
    for m in moves:
        nxt, done = pos._apply(m)
        gain = _credit(pos, *done) if done else 0
        v = gain + value(nxt, alpha - gain, beta - gain)
        if maxing:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def move_values(pos: Position) -> dict[Move, int]:
    """The exact value after each legal move of the player to move."""
    out = {}
    for m in pos.legal_moves():
        nxt, done = pos._apply(m)
        gain = _credit(pos, *done) if done else 0
        out[m] = gain + value(nxt)
    return out


def card_values(pos: Position) -> dict[int, int]:
    """The value of each legal card: where a card comes with options (the suit named for a
    led Joker, a Joker call) the best option for the player to move."""
    maxing = _maximising(pos, pos.to_move)
    out: dict[int, int] = {}
    for m, v in move_values(pos).items():
        if m.card not in out:
            out[m.card] = v
        else:
            out[m.card] = max(out[m.card], v) if maxing else min(out[m.card], v)
    return out


def solve(pos: Position) -> tuple[int, dict[int, int]]:
    """``(value, {card: value})`` for the player to move."""
    plays = card_values(pos)
    if pos.is_over:
        return 0, {}
    vals = plays.values()
    best = max(vals) if _maximising(pos, pos.to_move) else min(vals)
    return best, plays
