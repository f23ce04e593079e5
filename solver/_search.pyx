# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The double-dummy search (C, run without the GIL): the transposition ``Table`` kept
between solves, and ``run``, the one entry point ``solver.api`` calls. The search itself,
``ab`` (the zero-window fail-soft alpha-beta at the heart of it, with its probing of moves)
and the drivers on top of it (the value alone, every card's value, the principal line), is
``_ab.pxi``, included here for any rules and built three times more with the rules' hot
fields as constants, for Japanese Napoleon's, The Mighty's and Japoleon's default rules
(``_search_japanese.pyx``, ``_search_mighty.pyx``, ``_search_japoleon.pyx``, ``_spec.h``);
``run`` hands each solve to the build its rules fit.
How the search works, step by step, with the reasons and the measurements behind each
choice: ``solver/README.md``, "How the search works".
"""


include "_ab.pxi"

from solver._interrupt cimport nps_install, nps_count

# The same search built for Japanese Napoleon's, The Mighty's and Japoleon's default rules
# (``_spec.h``): ``run`` hands each the solves whose rules fit (about 10 % fewer
# instructions a node).
from solver._search_japanese cimport rules_fit as japanese_fit, search_core as japanese_core
from solver._search_mighty cimport rules_fit as mighty_fit, search_core as mighty_core
from solver._search_japoleon cimport rules_fit as japoleon_fit, search_core as japoleon_core

cdef bint _specialised = True

# The builds in the order ``_build_of`` numbers them, 0 the plain one (``search_core`` of
# ``_ab.pxi``, included above): what ``run`` calls, and what each takes (``rules_fit``).
ctypedef int (*SearchCore)(Search* S, const State* s, int want, int target, int* lo, int* hi,
                           int* reached, int* moves, int* values, int* n_moves, int* first,
                           int* line, int* n_line) noexcept nogil
ctypedef bint (*RulesFit)(const Rules* r) noexcept nogil
cdef enum:
    N_BUILDS = 4
BUILD_NAMES = (None, "japanese", "mighty", "japoleon")      # (``build_for``)
cdef SearchCore _cores[N_BUILDS]
cdef RulesFit _fits[N_BUILDS]
_cores[0], _cores[1], _cores[2], _cores[3] = search_core, japanese_core, mighty_core, japoleon_core
_fits[0], _fits[1], _fits[2], _fits[3] = rules_fit, japanese_fit, mighty_fit, japoleon_fit


cdef int _build_of(const Rules* r) noexcept nogil:
    """The build of the search ``run`` hands a solve under ``r`` to: 1 Japanese's, 2 The
    Mighty's, 3 Japoleon's (the first whose rules fit), 0 the plain one (also while
    ``use_specialised(False)``)."""
    cdef int k
    if _specialised:
        for k in range(1, N_BUILDS):
            if _fits[k](r):
                return k
    return 0


def build_for(dict rules):
    """For tests: which build of the search ``run`` would search under these compiled rules
    (``_build_of``): ``"japanese"``, ``"mighty"``, ``"japoleon"`` or None (the plain
    build)."""
    cdef Rules r
    fill_rules(rules, &r)
    return BUILD_NAMES[_build_of(&r)]


def use_specialised(on):
    """For tests and measurements: whether ``run`` hands the solves whose rules fit to the
    search built for them (``_search_japanese.pyx``, ``_search_mighty.pyx``,
    ``_search_japoleon.pyx``; on by default). The answers and the node counts are the same either way, only the time
    differs."""
    global _specialised
    if not isinstance(on, bool):
        raise ValueError(f"use_specialised takes True or False, not {on!r}")
    _specialised = on


cdef class Table:
    """A transposition table kept between related solves (same deal, other targets or
    other continuations; in bridge also the other declarer of the same side, whose rules
    are the same). ``size_mb``: the memory it may use, in MiB. A solve with other
    rules, sides or player count clears it first. Not for two solves at the same time.

    ``keep_memory``: the refutation memory (the cards that refuted a line, by trick
    context: move order only, never an answer) is kept too, while the rules and the
    memory's size (set by the number of cards in play) stay the same. For a run of
    zero-window tests on near-identical deals, such as ``solver.analyse``'s discards of one
    partner choice, where the same defence refutes most of them: 1.2-2.5x faster there.
    Separate deals share nothing worth keeping (bid advice's samples: no gain,
    solver/HISTORY.md).

    A table also keeps each solve's set-up for the next one under the same rules (the
    filled rules, the sure bounds' tables, the canonical-rank memo): about 0.1 ms a solve
    on a full deal, which many of the deal analysis's tests cost in all."""

    cdef TT tt
    cdef readonly int size_mb
    cdef bint busy
    cdef readonly bint keep_memory
    cdef uint32_t* refute       # the refutation memory kept between solves (keep_memory)
    cdef uint32_t ref_mask      # its size - 1 (0: none yet)
    cdef uint64_t ref_rules     # the rules' fingerprint it was learned with
    # A solve's set-up, kept for the next solve under the same rules (``run``,
    # ``_setup_sure``): filling ``Rules`` from its dict, building the sure bounds' tables and
    # zeroing the canonical-rank memo cost about 0.1 ms a solve on a full deal, more than
    # many of the deal analysis's tests.
    cdef Rules rules            # the rules last filled
    cdef uint64_t rules_fp      # their fingerprint
    cdef bint rules_ok          # 1: ``rules`` holds them
    cdef Sure sure              # the sure bounds' tables last built ...
    cdef uint64_t sure_cards    # ... for these cards (a superset of a solve's cards in play
                                # gives the same bounds: every use masks the tables with
                                # the cards the hands hold),
    cdef uint64_t sure_fp       # ... under the rules with this fingerprint,
    cdef int sure_trump         # ... this trump,
    cdef int sure_kinds         # ... and these kinds of trick ahead (``sure_kinds``)
    cdef bint sure_ok           # 1: ``sure`` holds them
    cdef uint16_t* canon_memo   # the canonical-rank memo (``_canon.pxd``; NULL: none) ...
    cdef uint64_t canon_fp      # ... under the rules with this fingerprint
    cdef int canon_trump        # ... and this trump

    def __cinit__(self, size_mb=64, keep_memory=False):
        # (checked as Python objects: a C int argument would take 2.7 as 2 and a bool as 1)
        if isinstance(size_mb, bool) or not isinstance(size_mb, int) or \
                not 1 <= size_mb <= 1 << 20:
            raise ValueError(f"table size must be a whole number of MB, 1..{1 << 20}, "
                             f"not {size_mb!r}")
        if not isinstance(keep_memory, bool):
            raise ValueError(f"keep_memory must be True or False, not {keep_memory!r}")
        memset(&self.tt, 0, sizeof(TT))
        self.tt.bytes = (<uint64_t>size_mb) << 20
        self.size_mb = size_mb
        self.busy = False
        self.keep_memory = keep_memory
        self.refute = NULL
        self.ref_mask = 0
        self.ref_rules = 0
        self.rules_ok = False
        self.sure_ok = False
        self.canon_memo = NULL

    def __dealloc__(self):
        tt_release(&self.tt)
        free(self.refute)
        free(self.canon_memo)

    def clear(self):
        """Forget everything (the memory is given back)."""
        if self.busy:
            raise RuntimeError("the table is in use by a running solve")
        tt_release(&self.tt)
        self.tt.fingerprint = 0
        free(self.refute)
        self.refute = NULL
        self.ref_mask = 0
        free(self.canon_memo)
        self.canon_memo = NULL
        self.rules_ok = False
        self.sure_ok = False

    def forget(self):
        """Make the next solve start as after a change of rules (nothing it learned is
        used again; the memory is kept for reuse). What a solve finds then does not depend
        on what the table searched before, whatever the rules were."""
        if self.busy:
            raise RuntimeError("the table is in use by a running solve")
        self.tt.fingerprint = 0         # the next layout clears the buckets in use
        self.ref_rules = 0              # the refutation memory starts afresh
        self.sure_ok = False            # the sure bounds' tables are built afresh
        self.canon_fp = 0               # the canonical-rank memo is cleared

    @property
    def entries(self) -> int:
        """Positions stored."""
        return self.tt.used

    @property
    def capacity(self) -> int:
        """Positions it can hold at its present size (it grows up to ``size_mb`` as it
        fills; 0 before its first solve)."""
        return self.tt.n_buckets * self.tt.bucket

    def __repr__(self):
        return f"Table(size_mb={self.size_mb}, entries={self.tt.used})"


cdef void _setup_sure(Table table, const Rules* r, Sure* q, uint64_t fp,
                      const State* s) noexcept:
    """``sure_init`` for the solve of ``s``, or the table's copy from an earlier solve under
    the same rules, trump and kinds of trick when it covers the cards in play (the tables
    say which cards beat which, card by card: built for more cards, they give the same
    bounds). When only the cards differ (the deal analysis's discards), the copy is rebuilt
    for the cards of both, so that the next solves find them."""
    cdef int kinds = sure_kinds(n_tricks_of(r) - 1, s.trick)
    cdef uint64_t cards = s.in_play
    if table.sure_ok and table.sure_fp == fp and table.sure_trump == s.trump and \
            table.sure_kinds == kinds:
        if not (cards & ~table.sure_cards):
            q[0] = table.sure
            return
        cards |= table.sure_cards
    sure_init(r, &table.sure, cards, s.trump, s.trick)
    table.sure_cards = cards
    table.sure_fp = fp
    table.sure_trump = s.trump
    table.sure_kinds = kinds
    table.sure_ok = True
    q[0] = table.sure


def run(dict rules, tuple hands, int leader, int trick, tuple played, int trump, int joker_suit,
        bint joker_called, bint reveal_used, str mode, int target, Table table,
        node_limit, time_limit):
    """Run one solve. The caller (``solver.api``) has checked every argument.

    ``mode``: ``"reaches"`` (one test: value >= target), ``"value"`` (value and line) or
    ``"solve"`` (value, every move's value, line). Returns a dict with ``status`` 0 (done)
    or the abort reason, the results and the counters."""
    cdef Rules r
    cdef State s
    cdef Search S
    cdef int first = -1, i, status = 0, lo = 0, hi = 0, value = 0, n_moves = 0, n_line = 0, reached = 0
    cdef int moves[MAX_MOVES]
    cdef int values[MAX_MOVES]
    cdef int line[64]
    cdef int want = 0 if mode == "reaches" else (1 if mode == "value" else 2)
    cdef uint64_t fp
    cdef double t0
    cdef int special     # 0 the plain build, 1 Japanese's, 2 The Mighty's, 3 Japoleon's
    if table.busy:
        raise RuntimeError("the table is in use by another solve")
    fp = <uint64_t>rules["fingerprint"]
    if table.rules_ok and table.rules_fp == fp:
        r = table.rules
    else:
        fill_rules(rules, &r)
        table.rules = r
        table.rules_fp = fp
        table.rules_ok = True
    fill_state(&r, &s, hands, leader, trick, played, trump, joker_suit, joker_called, reveal_used)
    # PART_ROLES in the point games with the point cards kept (NAPOLEON_POINTS_KEPT=1)
    # keeps the point ranks (the top 5 key ranks) always.
    if tt_layout(&table.tt, r.n_seats, fp, r.partition,
                 5 if r.partition == PART_ROLES and r.unit_points and not r.part_points
                 else 0) < 0:
        raise MemoryError("could not allocate the transposition table")
    tt_start_for(&table.tt, popcount64(s.in_play))

    memset(&S, 0, sizeof(Search))
    S.r = &r
    S.tt = &table.tt
    S.node_limit = node_limit if node_limit is not None else 0
    t0 = now()
    _setup_sure(table, &r, &S.sure, fp, &s)
    S.deadline = t0 + time_limit if time_limit is not None else 0.0
    nps_install()
    S.sigint_count = nps_count
    S.sigints = nps_count()
    table.busy = True
    try:
        S.canon_trump = s.trump
        if s.trump <= 4:
            # The memo depends on the rules and the trump only: kept on the table.
            if table.canon_memo == NULL:
                table.canon_memo = <uint16_t*>calloc(CANON_MEMO_SIZE, sizeof(uint16_t))
            elif table.canon_fp != fp or table.canon_trump != s.trump:
                memset(table.canon_memo, 0, CANON_MEMO_SIZE * sizeof(uint16_t))
            table.canon_fp = fp
            table.canon_trump = s.trump
            S.canon_memo = table.canon_memo
        if not r.quick_tricks:
            # (plain trick-count rules, bridge and Nap, order by their own scores: there
            # it changed bridge's nodes by -2.7 % to +0.4 % and cost 3-7 % more time)
            S.ref_mask = (1u << ref_bits(popcount64(s.in_play))) - 1
            if table.keep_memory:
                # The memory of the last solves on this table, when they had the same
                # rules and size (only the order of moves depends on it).
                if table.refute != NULL and (table.ref_mask != S.ref_mask or
                                             table.ref_rules != fp):
                    free(table.refute)
                    table.refute = NULL
                if table.refute == NULL:
                    table.refute = <uint32_t*>calloc(3 * (S.ref_mask + 1), sizeof(uint32_t))
                    table.ref_mask = S.ref_mask
                    table.ref_rules = fp
                S.refute = table.refute
            else:
                S.refute = <uint32_t*>calloc(3 * (S.ref_mask + 1), sizeof(uint32_t))
            if S.refute != NULL:
                S.ref_coarse = S.refute + S.ref_mask + 1
                S.ref_leads = S.ref_coarse + S.ref_mask + 1
        special = _build_of(&r)
        with nogil:
            status = _cores[special](&S, &s, want, target, &lo, &hi, &reached, moves, values,
                                     &n_moves, &first, line, &n_line)
            if want and status == 0:
                value = lo
    finally:
        table.busy = False
        if S.refute != table.refute:
            free(S.refute)
    if status == ABORT_INTERRUPT:
        PyErr_CheckSignals()        # the main thread: Python's handler raises here
        raise KeyboardInterrupt     # another thread, or a handler that did not raise
    if status == ABORT_NODES and S.node_limit and S.nodes > S.node_limit:
        S.nodes = S.node_limit      # the node that found the limit spent was counted, not searched
    out = {
        "status": status,
        "lower": lo, "upper": hi, "value": value, "reached": bool(reached),
        "moves": [moves[i] for i in range(max(n_moves, 0))],
        "values": [values[i] for i in range(max(n_moves, 0))],
        "line": [line[i] for i in range(max(n_line, 0))],
        "nodes": S.nodes, "tt_hits": S.tt_hits, "tests": S.tests,
        "sure_lo": S.sure.fired_lo, "sure_hi": S.sure.fired_hi, "sure_cash": S.sure.fired_cash, "sure_seq": S.sure.fired_seq, "entry": S.sure.fired_entry, "later": S.fired_later,
        "tt_entries": table.tt.used, "time_s": now() - t0,
    }
    return out
