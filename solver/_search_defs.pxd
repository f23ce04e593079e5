# cython: language_level=3
"""The state of one search (``Search``) and the search's constants: shared by the search's
builds, the plain one (``_search.pyx``) and those for Japanese Napoleon's, The Mighty's and
Japoleon's default rules (``_search_japanese.pyx``, ``_search_mighty.pyx``,
``_search_japoleon.pyx``), which all include the search itself (``_ab.pxi``)."""

from libc.stdint cimport uint64_t, uint32_t, uint16_t

from solver._rules cimport Rules, MAX_MOVES
from solver._tt cimport TT
from solver._sure cimport Sure

cdef enum:
    ABORT_NONE = 0
    ABORT_NODES = 1
    ABORT_TIME = 2
    ABORT_INTERRUPT = 3     # Ctrl-C (``_interrupt.pxd``)

# Role and point games: from this many tricks left a trick start asks the table before the
# sure bounds (with fewer the bounds settle more trick starts than the table, with more fewer).
cdef enum:
    SURE_AFTER_TT = 4

# Probing (``ab``): at an expected cut node with at least PROBE_LEFT tricks left, in the
# role and point games, each move is first searched within a node budget, the first one
# within PROBE_FIRST nodes, the others within PROBE_OTHERS (tuned on full Japanese deals;
# the first's budget raised from 3000 on top of the refutation memory, which mostly puts
# the settling move first: its proof then ran out of 3000 and was searched twice).
cdef enum:
    PROBE_LEFT = 8
    PROBE_FIRST = 15000
    PROBE_OTHERS = 300
    PROBE_SLOTS = 64        # probing nodes on one path (one per ply; more are not probed)

ctypedef struct Search:
    const Rules* r          # the compiled rules
    TT* tt                  # the transposition table (n_buckets 0: none)
    uint64_t nodes          # nodes searched so far
    uint64_t node_limit     # abort after this many nodes (0: no limit)
    uint64_t tt_hits        # table probes that answered a test without search
    uint64_t tests          # zero-window tests run by the driver
    double deadline         # monotonic clock time to abort at (0: none)
    int aborted             # ABORT_NONE / ABORT_NODES / ABORT_TIME / ABORT_INTERRUPT
    int sigints             # the SIGINT count when the solve began (``_interrupt.pxd``) ...
    int (*sigint_count)() noexcept nogil    # ... and the count now: ``nps_count`` of the
                            # module that installed the handler (``_search``; each module has
                            # its own copy of the counter)
    Sure sure               # sure-winner tables (_sure.pxd)
    uint64_t fired_later    # how often the later-tricks bounds settled a test (_later.pxd)
    uint16_t* canon_memo    # each suit's relative ranks by its cards in play (_canon.pxd)
    int canon_trump         # under this trump, the root's (no memo when it is not fixed)
    # the finished probes' answers of the probing nodes on the path, one slot per ply from
    # the root (here rather than in ``ab``'s frame, which every node pays for)
    int probe_b[PROBE_SLOTS][MAX_MOVES]
    uint64_t probe_rel[PROBE_SLOTS][MAX_MOVES]
    uint32_t* refute        # the refutation memory (_refute.pxd), NULL: none; its table
                            # by the full key
    uint32_t* ref_coarse    # its table by the fallback key (``ref_hash_coarse``)
    uint32_t* ref_leads     # its table by the leads' key (``ref_hash_lead``)
    uint32_t ref_mask       # entries per table - 1 (``ref_bits``)
    uint64_t ref_salt       # mixed into its keys: a new salt starts it afresh (``exact_value``)
