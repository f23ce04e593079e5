"""DDS (Bo Haglund and Soren Hein's bridge double-dummy solver) called straight through cffi.

The PyPI package ``endplay`` ships DDS 2.9 as ``endplay/_dds/libdds.so``. Its own bindings
are ctypes wrappers with Python objects around every call; here we open the same shared
library in cffi's ABI mode and call ``SolveBoard`` directly, so a timing measures DDS and
not a wrapper. Only the library file is used from endplay: it is located through the
installed package's files and never imported (importing endplay pulls in matplotlib).

The declarations below are written from the public DDS interface (``include/dll.h`` of
``dds-bridge/dds``): ``struct deal``, ``struct futureTricks``, ``SolveBoard``,
``SetMaxThreads``, ``SetResources``, ``GetDDSInfo``. Every member is an ``int`` (or an array
of ints), so the layout has no padding questions; ``DDSInfo`` changed between DDS
versions, so only its leading version fields are declared, followed by a spare buffer
larger than any version's struct.

Encodings (DDS): strains 0=S 1=H 2=D 3=C 4=NT, hands 0=N 1=E 2=S 3=W (clockwise, like our
seats 0..3), a suit holding is a mask with bit ``1 << rank`` for ranks 2..14. Our suits use
the same order and our seat ``i`` is DDS hand ``i``.
"""

from __future__ import annotations

import importlib.util
import os
import threading

from napoleon_rules.cards import NT
from napoleon_rules.position import Position

__all__ = ["DDSUnavailable", "available", "unavailable_reason", "dds_solve", "dds_value",
           "dds_version", "set_threads", "library_path"]

_CDEF = """
struct deal {
    int trump;
    int first;
    int currentTrickSuit[3];
    int currentTrickRank[3];
    unsigned int remainCards[4][4];
};

struct futureTricks {
    int nodes;
    int cards;
    int suit[13];
    int rank[13];
    int equals[13];
    int score[13];
};

struct DDSInfoHead {
    int major;
    int minor;
    int patch;
    char versionString[10];
    char spare[8192];
};

void SetMaxThreads(int userThreads);
void SetResources(int maxMemoryMB, int maxThreads);
int SolveBoard(struct deal dl, int target, int solutions, int mode,
               struct futureTricks *futp, int threadIndex);
void GetDDSInfo(struct DDSInfoHead *info);
void ErrorMessage(int code, char line[80]);
"""

RETURN_NO_FAULT = 1
#: SolveBoard arguments: target -1 = find the maximum; solutions 1 = one best card and its
#: score, 3 = every legal card with its score (about three times the work on a full deal);
#: mode 1 = always search, even when the hand has one card to play (mode 0 would give such a
#: card the score -2 without searching).
TARGET_MAX, SOLUTIONS_ONE, SOLUTIONS_ALL, MODE_ALWAYS_SEARCH = -1, 1, 3, 1


class DDSUnavailable(RuntimeError):
    """DDS (the endplay package, or cffi) is not installed or its library cannot be loaded."""


def library_path() -> str:
    """The path of the DDS shared library inside the installed endplay package."""
    spec = importlib.util.find_spec("endplay")
    if spec is None or not spec.submodule_search_locations:
        raise DDSUnavailable("the 'endplay' package (which bundles DDS) is not installed; "
                             "pip install endplay")
    for root in spec.submodule_search_locations:
        folder = os.path.join(root, "_dds")
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                if name.startswith(("libdds", "dds")) and name.endswith((".so", ".dylib", ".dll")):
                    return os.path.join(folder, name)
    raise DDSUnavailable("endplay is installed but its bundled DDS library (endplay/_dds/libdds.*) "
                         "was not found")


_state: dict = {}
_lock = threading.Lock()


def _load():
    """Open the library once (cffi ABI mode) and set DDS to one thread."""
    if "lib" in _state:
        return _state["ffi"], _state["lib"]
    with _lock:
        if "lib" not in _state:
            try:
                import cffi
            except ImportError:
                raise DDSUnavailable("cffi is not installed; pip install cffi") from None
            path = library_path()
            ffi = cffi.FFI()
            ffi.cdef(_CDEF)
            try:
                lib = ffi.dlopen(path)
            except OSError as e:
                raise DDSUnavailable(f"cannot load {path}: {e}") from None
            # DDS allocates its per-thread memory here; one thread is what we compare against.
            lib.SetMaxThreads(1)
            _state.update(ffi=ffi, lib=lib, path=path, threads=1)
    return _state["ffi"], _state["lib"]


def available() -> bool:
    return unavailable_reason() is None


def unavailable_reason() -> str | None:
    """``None`` when DDS can be used, else why not (for pytest skips)."""
    try:
        _load()
    except DDSUnavailable as e:
        return str(e)
    return None


def set_threads(threads: int) -> None:
    """Let DDS allocate memory for ``threads`` threads (0 = what the machine has). The
    solves here always run on thread index 0 of the calling thread."""
    _ffi, lib = _load()
    lib.SetMaxThreads(threads)
    _state["threads"] = threads


def dds_version() -> str:
    ffi, lib = _load()
    info = ffi.new("struct DDSInfoHead *")
    lib.GetDDSInfo(info)
    return f"{info.major}.{info.minor}.{info.patch}"


def _error_text(code: int) -> str:
    ffi, lib = _load()
    line = ffi.new("char[80]")
    lib.ErrorMessage(code, line)
    return ffi.string(line).decode("ascii", "replace")


def _strain(trump) -> int:
    if trump == NT:
        return 4
    if trump is None:
        raise ValueError("DDS needs a trump suit or NT")
    return int(trump)


def dds_deal(position: Position):
    """The ``struct deal`` of a bridge position (a cffi object)."""
    ffi, _lib = _load()
    if position.variant.name != "bridge":
        raise ValueError(f"DDS solves bridge positions, not {position.variant.name}")
    dl = ffi.new("struct deal *")
    dl.trump = _strain(position.trump)
    dl.first = position.leader
    for i in range(3):
        if i < len(position.played):
            card = position.played[i]
            dl.currentTrickSuit[i] = card // 13
            dl.currentTrickRank[i] = card % 13 + 2
        else:
            dl.currentTrickSuit[i] = 0
            dl.currentTrickRank[i] = 0
    for hand, mask in enumerate(position.hands):
        for suit in range(4):
            holding = (mask >> (13 * suit)) & 0x1FFF  # bit r-2 = rank r
            dl.remainCards[hand][suit] = holding << 2  # DDS: bit r = rank r
    return dl


def dds_solve_raw(position: Position, solutions: int = SOLUTIONS_ALL):
    """Run ``SolveBoard`` on ``position``; returns the filled ``struct futureTricks``.

    DDS keeps its transposition table when the next call has the very same deal (trump,
    leader, cards), so timing one position twice in a row measures a warm table."""
    ffi, lib = _load()
    dl = dds_deal(position)
    fut = ffi.new("struct futureTricks *")
    code = lib.SolveBoard(dl[0], TARGET_MAX, solutions, MODE_ALWAYS_SEARCH, fut, 0)
    if code != RETURN_NO_FAULT:
        raise RuntimeError(f"DDS SolveBoard failed ({code}): {_error_text(code)}")
    return fut


def _remaining_tricks(position: Position) -> int:
    return bin(position.hands[position.leader]).count("1") + (1 if position.played else 0)


def _declarer_tricks(position: Position, score: int) -> int:
    """DDS scores count tricks for the side of the hand to play."""
    if position.on_declarer_side(position.to_move):
        return score
    return _remaining_tricks(position) - score


def dds_value(position: Position) -> int:
    """Only the value (tricks for the declarer's side): DDS's cheaper one-card search."""
    fut = dds_solve_raw(position, SOLUTIONS_ONE)
    return _declarer_tricks(position, fut.score[0])


def dds_solve(position: Position) -> tuple[int, dict[int, int]]:
    """``(tricks, {card: tricks})``: what the declarer's side takes from the tricks still in
    play (the current trick included) under best play, and after each legal card of the
    player to move; the same meaning as ``napoleon_rules.reference.solve`` for bridge."""
    fut = dds_solve_raw(position)
    mover_is_declarer_side = position.on_declarer_side(position.to_move)
    plays: dict[int, int] = {}
    for i in range(fut.cards):
        tricks = _declarer_tricks(position, fut.score[i])
        suit = fut.suit[i]
        ranks = (1 << fut.rank[i]) | fut.equals[i]  # equals: lower cards of the same sequence
        for rank in range(2, 15):
            if ranks >> rank & 1:
                plays[suit * 13 + rank - 2] = tricks
    values = plays.values()
    best = max(values) if mover_is_declarer_side else min(values)
    return best, plays
