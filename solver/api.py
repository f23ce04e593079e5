"""The fast double-dummy solver's Python API.

``solve(pos)`` gives the value of a position (what the declarer's side takes from the cards
still in play, current trick included: points, or tricks; Misère: the tricks the bidder is
forced to take), every legal card's value and a principal variation. ``reaches(pos, t)`` is
one zero-window test: is the value at least ``t``? Both equal ``napoleon_rules.reference``.

Every argument is checked here, in Python, before the C search runs without the GIL.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field

from napoleon_rules.cards import JOKER, NT, Suit, card_name
from napoleon_rules.errors import NapoleonError, PositionError
from napoleon_rules.moves import Move
from napoleon_rules.position import Position
from napoleon_rules.variant import Variant

from ._compile import compile_rules, trump_index
from ._search import Table as _SearchTable, run

__all__ = ["solve", "reaches", "bounds", "Mode", "Table", "SolveResult", "SearchLimitError"]

MOVE_CARD, MOVE_SUIT_SHIFT, MOVE_CALL = 63, 6, 512
_ABORT_REASON = {1: "node limit", 2: "time limit"}


class SearchLimitError(NapoleonError):
    """A node or time limit stopped the search. ``lower``/``upper``: the bounds on the value
    proved before it stopped; ``stats``: the counters."""

    def __init__(self, message: str, lower: int, upper: int, stats: dict):
        super().__init__(message)
        self.lower = lower
        self.upper = upper
        self.stats = stats

    def __reduce__(self):
        # An exception is pickled as its class and ``args`` (the message alone here): a
        # solve in a worker process must bring its bounds back too.
        return (type(self), (str(self), self.lower, self.upper, self.stats))


@dataclass
class SolveResult:
    value: int
    unit: str
    plays: dict[int, int] = field(default_factory=dict)
    line: list[Move] = field(default_factory=list)
    stats: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"value": self.value, "unit": self.unit,
                "plays": {card_name(c): v for c, v in sorted(self.plays.items())},
                "line": [str(m) for m in self.line], "stats": dict(self.stats)}


def _move_of(code: int) -> Move:
    suit = (code >> MOVE_SUIT_SHIFT) & 7
    return Move(code & MOVE_CARD, Suit(suit - 1) if suit else None, bool(code & MOVE_CALL))


#: The most nodes a search may be limited to: it counts them in a signed 64-bit integer.
MAX_NODE_LIMIT = (1 << 63) - 1


def valid_node_limit(node_limit) -> bool:
    """A node limit the search takes: a whole number 1..MAX_NODE_LIMIT (None: no limit)."""
    return node_limit is None or (not isinstance(node_limit, bool) and isinstance(node_limit, int)
                                  and 1 <= node_limit <= MAX_NODE_LIMIT)


#: The largest transposition table asked for, in MB (whether the machine has the memory is
#: found when the table is made).
MAX_TT_MB = 1 << 20


def valid_tt_mb(tt_mb) -> bool:
    """A table size the solver takes: a whole number of MB, 1..MAX_TT_MB."""
    return not isinstance(tt_mb, bool) and isinstance(tt_mb, int) and 1 <= tt_mb <= MAX_TT_MB


class Table(_SearchTable):
    __doc__ = _SearchTable.__doc__
    __slots__ = ()

    # The search's own table checks its arguments with a plain ValueError; here they are
    # checked first, as every other argument of the API is, with a NapoleonError naming them.
    def __new__(cls, size_mb: int = 64, keep_memory: bool = False):
        if not valid_tt_mb(size_mb):
            raise NapoleonError(f"size_mb must be a whole number of MB (1..{MAX_TT_MB}), "
                                f"not {size_mb!r}")
        if not isinstance(keep_memory, bool):
            raise NapoleonError(f"keep_memory must be True or False, not {keep_memory!r}")
        return super().__new__(cls, size_mb, keep_memory)


def _check_limits(node_limit, time_limit, tt_mb, table) -> None:
    if not valid_node_limit(node_limit):
        raise NapoleonError(f"node_limit must be a positive whole number, not {node_limit!r}")
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or \
                not math.isfinite(time_limit) or time_limit <= 0:
            raise NapoleonError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if table is not None and not isinstance(table, _SearchTable):
        raise NapoleonError(f"table must be a solver.Table, not {type(table).__name__}")
    if not valid_tt_mb(tt_mb):      # (checked with a table too: a bad one is a slip)
        raise NapoleonError(f"tt_mb must be a whole number of MB (1..{MAX_TT_MB}), not {tt_mb!r}")


def _check_position(pos) -> None:
    """Everything the C code relies on, so nothing a caller passes can make it misbehave."""
    if not isinstance(pos, Position):
        raise PositionError(f"expected a napoleon_rules.Position, not {type(pos).__name__}")
    v = pos.variant
    if not isinstance(v, Variant):
        raise PositionError(f"the position's variant must be a Variant (napoleon_rules."
                            f"get_variant(name)), not {v!r}")
    if not isinstance(pos.hands, tuple):
        raise PositionError(f"the position's hands must be a tuple of card masks, not a "
                            f"{type(pos.hands).__name__}")
    n = len(pos.hands)
    if n != v.players or not 2 <= n <= 7:
        raise PositionError(f"{v.name} needs {v.players} hands, the position has {n}")

    def is_int(x):
        return isinstance(x, int) and not isinstance(x, bool)

    deck, tricks = v.deck, v.tricks     # (properties: looked up once, not per hand)
    seen = 0
    for i, h in enumerate(pos.hands):
        if not is_int(h) or h < 0 or h & ~deck:
            raise PositionError(f"hand {i} is not a mask of cards of the {v.name} deck")
        if seen & h:
            raise PositionError(f"a card is in two hands ({card_name((seen & h).bit_length() - 1)})")
        seen |= h
    played = pos.played
    if not isinstance(played, tuple):
        raise PositionError(f"the position's 'played' must be a tuple of card numbers, not a "
                            f"{type(played).__name__}")
    if len(played) >= n:
        raise PositionError("'played' must hold fewer cards than there are players")
    for c in played:
        if not is_int(c) or not 0 <= c <= JOKER or not deck >> c & 1 or seen >> c & 1:
            raise PositionError(f"bad card in 'played': {c!r}")
        seen |= 1 << c
    for what, seat in (("leader", pos.leader), ("declarer", pos.declarer)):
        if not is_int(seat) or not 0 <= seat < n:
            raise PositionError(f"{what!r} must be a seat 0..{n - 1}, not {seat!r}")
    if pos.partner is not None and (not is_int(pos.partner) or not 0 <= pos.partner < n
                                    or pos.partner == pos.declarer):
        raise PositionError(f"bad partner {pos.partner!r}")
    # A finished hand (no card left) is at trick == tricks: solve and bounds answer 0
    # without the C search, which never sees it.
    if not is_int(pos.trick) or not (0 <= pos.trick < tricks or pos.trick == tricks
                                     and not seen):
        raise PositionError(f"'trick' must be 0..{tricks - 1}, not {pos.trick!r}"
                            + (f" ({tricks} only once the hand is over: every hand and "
                               "'played' empty)" if pos.trick == tricks else ""))
    for s in range(n):
        expect = tricks - pos.trick - (1 if (s - pos.leader) % n < len(played) else 0)
        if bin(pos.hands[s]).count("1") != expect:
            raise PositionError(f"hand {s} holds the wrong number of cards for trick {pos.trick}")
    if pos.trump is None:
        if not (getattr(v, "trump_from_first_lead", False) and pos.trick == 0 and not played):
            raise PositionError("the trump must be fixed here")
    elif pos.trump != NT and not isinstance(pos.trump, Suit):
        raise PositionError(f"bad trump {pos.trump!r}")
    if pos.joker_suit is not None and (not is_int(pos.joker_suit) or not 0 <= pos.joker_suit < 4
                                       or not played or played[0] != JOKER):
        raise PositionError("'joker_suit' needs a led Joker and a suit")
    if pos.joker_suit is not None and not v.led_joker_names_suit():
        raise PositionError(f"'joker_suit': a led Joker names no suit in this {v.name} game")
    if played and played[0] == JOKER and v.led_joker_names_suit() and pos.joker_suit is None:
        raise PositionError("the Joker was led: 'joker_suit' must name the suit to follow")
    if pos.joker_called and not played:
        raise PositionError("'joker_called' describes a trick in progress")
    if pos.coup_card is not None and (not is_int(pos.coup_card) or not 0 <= pos.coup_card < 52):
        raise PositionError(f"bad coup card {pos.coup_card!r}")
    if pos.contract not in (None, "misere"):
        raise PositionError(f"bad contract {pos.contract!r}")
    if not isinstance(pos.joker_called, bool) or not isinstance(pos.reveal_used, bool):
        raise PositionError("'joker_called' and 'reveal_used' must be True or False")
    pos.check_rules()       # the rules' own checks: trump, partner, Misère, Joker call, coup card
    if played:
        # The current trick replayed from its start, as a position file is: every card in
        # it must have been a legal play (a revoke here would be solved as if allowed).
        Position.from_json(pos.to_json())


def _test_target(target) -> int:
    """A zero-window test's target, checked, clamped to what any position can hold."""
    if isinstance(target, bool) or not isinstance(target, int):
        raise NapoleonError(f"target must be a whole number, not {target!r}")
    return max(min(target, 1000), -1000)


class Prepared:
    """A position checked and compiled once, for many tests on it (``bounds_prepared``):
    ``solver.analyse`` asks several of each declaration it makes."""

    __slots__ = ("pos", "rules", "over")

    def __init__(self, pos):
        _check_position(pos)
        self.pos = pos
        self.over = pos.is_over
        self.rules = None if self.over else compile_rules(pos)

    def _with_hands(self, pos) -> "Prepared":
        """For ``solver.analyse`` only: ``pos``, this position with other hands holding the
        same cards in play between them, without checking it again (the rules do not
        depend on the hands: the same compiled rules). The caller vouches for the hands."""
        out = Prepared.__new__(Prepared)
        out.pos, out.over, out.rules = pos, self.over, self.rules
        return out


def bounds_prepared(prepared: Prepared, target: int, *, node_limit: int | None = None,
                    time_limit: float | None = None,
                    table: Table | None = None) -> tuple[int, int, int]:
    """``bounds`` on a ``Prepared`` position (the limits and table checked as ``bounds``
    checks them), with the nodes the test searched: ``(lower, upper, nodes)`` (a stopped
    test raises ``SearchLimitError``, whose ``stats`` hold its nodes)."""
    target = _test_target(target)
    if not isinstance(prepared, Prepared):
        raise NapoleonError(f"expected a solver.api.Prepared, not {type(prepared).__name__}")
    _check_limits(node_limit, time_limit, 64, table)       # (a finished hand too)
    if prepared.over:
        return 0, 0, 0
    out = _run(prepared.pos, "reaches", target, node_limit, time_limit, 64, table,
               prepared.rules)
    return out["lower"], out["upper"], out["stats"]["nodes"]


def _run(pos, mode: str, target: int, node_limit, time_limit, tt_mb, table,
         rules: dict | None = None) -> dict:
    """One solve; ``rules``: the position's compiled rules when it was already checked
    (``Prepared``)."""
    _check_limits(node_limit, time_limit, tt_mb, table)
    if rules is None:
        _check_position(pos)
        rules = compile_rules(pos)
    if table is None:
        table = Table(tt_mb)
    try:
        out = run(rules, tuple(pos.hands) + (0,) * (7 - len(pos.hands)), pos.leader, pos.trick,
                  tuple(pos.played), trump_index(pos.trump),
                  -1 if pos.joker_suit is None else int(pos.joker_suit), bool(pos.joker_called),
                  bool(pos.reveal_used), mode, target, table, node_limit,
                  None if time_limit is None else float(time_limit))
    except MemoryError:
        text = (f"could not reserve a transposition table of {table.size_mb} MB on this "
                "machine: ask for a smaller one")
        error = NapoleonError(f"{text} (tt_mb)")
        error.command_line = f"{text} (--tt-mb)"
        raise error from None
    stats = {k: out[k] for k in ("nodes", "tt_hits", "tests", "tt_entries", "time_s")}
    if out["status"] == 99:
        raise RuntimeError("solver internal error: no move keeps the value (please report)")
    if out["status"]:
        reason = _ABORT_REASON.get(out["status"], "limit")
        lo, hi = out["lower"], out["upper"]
        if mode == "solve" and out["value"] is not None and lo == hi:
            msg = f"{reason} reached after the value ({lo}) but before every card's value"
        else:
            msg = f"{reason} reached: the value is between {lo} and {hi}"
        raise SearchLimitError(msg, lo, hi, stats)
    out["stats"] = stats
    return out


class Mode(str, enum.Enum):
    """What ``solve`` computes: ``CARDS`` the value, every legal card's value and a line;
    ``VALUE`` the value and a line only (cheaper: no per-card searches)."""

    CARDS = "cards"
    VALUE = "value"


def solve(position: Position, *, mode: Mode | str = Mode.CARDS, node_limit: int | None = None,
          time_limit: float | None = None, tt_mb: int = 64,
          table: Table | None = None) -> SolveResult:
    """The value of ``position``, a principal variation to the end of the hand and, with
    ``mode=Mode.CARDS`` (the default), each legal card's value (best option per card).
    ``mode`` may be given as text, ``"cards"`` or ``"value"`` in any case. A finished hand
    (no card left) has the value 0, no card and an empty line."""
    try:
        mode = Mode(mode.lower() if isinstance(mode, str) else mode)   # "VALUE" as "value"
    except ValueError:
        raise NapoleonError(f"mode must be one of {', '.join(m.value for m in Mode)}, "
                            f"not {mode!r}") from None
    _check_position(position)
    _check_limits(node_limit, time_limit, tt_mb, table)    # (a finished hand too)
    unit = position.variant.unit
    if position.is_over:
        return SolveResult(0, unit, {}, [], {"nodes": 0, "tt_hits": 0, "tests": 0,
                                             "tt_entries": 0, "time_s": 0.0})
    out = _run(position, "solve" if mode is Mode.CARDS else "value", 0, node_limit, time_limit,
               tt_mb, table, compile_rules(position))
    maxing = position.on_declarer_side(position.to_move) != position.misere
    plays: dict[int, int] = {}
    for code, v in zip(out["moves"], out["values"]):
        card = code & MOVE_CARD
        if card not in plays:
            plays[card] = v
        else:
            plays[card] = max(plays[card], v) if maxing else min(plays[card], v)
    return SolveResult(out["value"], unit, plays, [_move_of(c) for c in out["line"]], out["stats"])


def reaches(position: Position, target: int, *, node_limit: int | None = None,
            time_limit: float | None = None, tt_mb: int = 64, table: Table | None = None) -> bool:
    """Whether the value of ``position`` is at least ``target`` (one zero-window test)."""
    lower, _ = bounds(position, target, node_limit=node_limit, time_limit=time_limit,
                      tt_mb=tt_mb, table=table)
    return lower >= target


def bounds(position: Position, target: int, *, node_limit: int | None = None,
           time_limit: float | None = None, tt_mb: int = 64,
           table: Table | None = None) -> tuple[int, int]:
    """One zero-window test at ``target``, with what it proved: ``(lower, upper)`` bounds on
    the value, ``lower >= target`` when the value reaches ``target`` and ``upper < target``
    when it does not. The search fails soft, so the bound is often tighter than ``target``
    (a test far above the value usually comes back with an upper bound near it): callers
    that narrow a value step by step save tests by using it."""
    target = _test_target(target)
    _check_position(position)
    _check_limits(node_limit, time_limit, tt_mb, table)    # (a finished hand too)
    if position.is_over:
        return 0, 0
    out = _run(position, "reaches", target, node_limit, time_limit, tt_mb, table,
               compile_rules(position))
    return out["lower"], out["upper"]
