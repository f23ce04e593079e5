# cython: language_level=3
"""Transposition table: bounds on the value from a trick start, keyed exactly.

A position at a trick start is fully described (for a fixed set of rules) by the hands,
the leader, the trump (Nap fixes it on the first lead) and Secretary's reveal flag; the
trick number follows from the hand sizes. The search passes the hands in relative ranks
(``_canon.pxd``), so positions that differ only in which cards are gone share an entry.
An entry stores those words verbatim, so a hit is never a collision, plus a lower and an upper bound on the value the declarer's side
takes from there and the best move found. Buckets of ``BUCKET`` entries; a new position
replaces an empty entry or the one with the fewest tricks left (the cheapest to redo).
"""

from libc.stdint cimport uint64_t
from libc.string cimport memset

# The table is one large block probed at random: with 4 KiB pages nearly every probe is a TLB
# miss, and each page costs two faults (read maps the zero page, the first store copies it).
# On Linux the block is mapped on its own and marked for transparent huge pages (2 MiB), which
# removes most of both. Elsewhere: plain calloc. Either way the memory starts zeroed.
cdef extern from *:
    """
    #include <stdlib.h>
    #include <stdint.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #define TT_HUGE ((size_t)2 << 20)
    static uint64_t* tt_block_words(void* base) {
        return (uint64_t*)(((uintptr_t)base + TT_HUGE - 1) & ~(uintptr_t)(TT_HUGE - 1));
    }
    static void* tt_block_alloc(size_t bytes) {
        void* p = mmap(NULL, bytes + TT_HUGE, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
    #ifdef MADV_HUGEPAGE
        /* the words start at the first huge-page boundary inside the mapping */
        madvise((void*)tt_block_words(p), bytes, MADV_HUGEPAGE);
    #endif
        return p;
    }
    static void tt_block_free(void* base, size_t bytes) {
        munmap(base, bytes + TT_HUGE);
    }
    #else
    static void* tt_block_alloc(size_t bytes) { return calloc(bytes, 1); }
    static uint64_t* tt_block_words(void* base) { return (uint64_t*)base; }
    static void tt_block_free(void* base, size_t bytes) { (void)bytes; free(base); }
    #endif
    """
    void* tt_block_alloc(size_t nbytes) noexcept nogil
    uint64_t* tt_block_words(void* base) noexcept nogil
    void tt_block_free(void* base, size_t nbytes) noexcept nogil

cdef enum:
    BUCKET = 4              # entries per bucket
    META_LB = 0             # meta bits 0..7: lower bound
    META_UB = 8             # bits 8..15: upper bound
    META_MOVE = 16          # bits 16..31: best move (+1; 0 = none)
    META_LEADER = 32        # bits 32..35: leader + 1 (0 = empty entry)
    META_TRUMP = 36         # bits 36..38: trump 0..5
    META_REVEAL = 39        # bit 39: Secretary's reveal spent
    META_DEPTH = 40         # bits 40..47: tricks left

ctypedef struct TT:
    uint64_t* words         # n_buckets * BUCKET entries of `stride` words: hands..., meta
    void* block             # the allocation holding `words` (tt_block_alloc)
    size_t block_bytes      # its size as asked for
    uint64_t n_buckets      # a power of two (0: no table)
    uint64_t bucket_mask    # n_buckets - 1
    int stride              # words per entry: n_seats hands + 1 meta word
    int n_seats             # seats the table is laid out for
    uint64_t fingerprint    # hash of the compiled rules the stored bounds belong to
    uint64_t bytes          # the memory budget in bytes
    uint64_t used           # entries written (for stats)


cdef inline int tt_layout(TT* tt, int n_seats, uint64_t fingerprint) noexcept nogil:
    """(Re)lay out the table for ``n_seats`` and clear it when the rules change.
    Returns 0, or -1 when memory could not be had (the search then runs without a table)."""
    cdef uint64_t entries, nb
    if tt.words != NULL and tt.n_seats == n_seats and tt.fingerprint == fingerprint:
        return 0
    if tt.words != NULL and tt.n_seats == n_seats:
        memset(tt.words, 0, tt.n_buckets * BUCKET * tt.stride * sizeof(uint64_t))
        tt.fingerprint = fingerprint
        tt.used = 0
        return 0
    if tt.words != NULL:
        tt_block_free(tt.block, tt.block_bytes)
        tt.words = NULL
    tt.stride = n_seats + 1
    tt.n_seats = n_seats
    tt.fingerprint = fingerprint
    tt.used = 0
    entries = tt.bytes // (tt.stride * sizeof(uint64_t))
    nb = 1
    while nb * 2 * BUCKET <= entries:
        nb *= 2
    if nb * BUCKET > entries:
        tt.n_buckets = 0
        tt.bucket_mask = 0
        return 0
    tt.block_bytes = nb * BUCKET * tt.stride * sizeof(uint64_t)
    tt.block = tt_block_alloc(tt.block_bytes)
    if tt.block == NULL:
        tt.n_buckets = 0
        tt.bucket_mask = 0
        return -1
    tt.words = tt_block_words(tt.block)
    tt.n_buckets = nb
    tt.bucket_mask = nb - 1
    return 0


cdef inline void tt_release(TT* tt) noexcept nogil:
    if tt.words != NULL:
        tt_block_free(tt.block, tt.block_bytes)
    tt.words = NULL
    tt.n_buckets = 0
    tt.n_seats = 0


cdef inline uint64_t tt_tag(int leader, int trump, int reveal_used) noexcept nogil:
    return ((<uint64_t>(leader + 1)) << META_LEADER) | ((<uint64_t>trump) << META_TRUMP) | \
           ((<uint64_t>reveal_used) << META_REVEAL)


cdef inline uint64_t tt_hash(const uint64_t* hands, int n, uint64_t tag) noexcept nogil:
    cdef uint64_t h = tag * 0x9E3779B97F4A7C15ULL
    cdef int i
    for i in range(n):
        h ^= hands[i] + 0x632BE59BD9B4E019ULL * <uint64_t>(i + 1)
        h *= 0xBF58476D1CE4E5B9ULL
        h ^= h >> 31
    return h ^ (h >> 29)


cdef inline uint64_t* tt_find(TT* tt, const uint64_t* hands, uint64_t tag) noexcept nogil:
    """The entry of this position, or NULL."""
    cdef uint64_t* e
    cdef int k, i, n = tt.n_seats, ok
    cdef uint64_t tag_bits = (<uint64_t>0xFF) << META_LEADER
    if tt.n_buckets == 0:
        return NULL
    e = tt.words + (tt_hash(hands, n, tag) & tt.bucket_mask) * (BUCKET * tt.stride)
    for k in range(BUCKET):
        if (e[n] & tag_bits) == tag:
            ok = 1
            for i in range(n):
                if e[i] != hands[i]:
                    ok = 0
                    break
            if ok:
                return e
        e += tt.stride
    return NULL


cdef inline void tt_store(TT* tt, const uint64_t* hands, uint64_t tag, int depth, int lb, int ub,
                          int move) noexcept nogil:
    """Merge the bounds ``lb <= value <= ub`` (and the best move, -1 = keep) into the table."""
    cdef uint64_t* e
    cdef uint64_t* victim = NULL
    cdef int k, i, n = tt.n_seats, ok, old_lb, old_ub, old_move, vd = 1 << 30, d
    cdef uint64_t tag_bits = (<uint64_t>0xFF) << META_LEADER
    if tt.n_buckets == 0:
        return
    e = tt.words + (tt_hash(hands, n, tag) & tt.bucket_mask) * (BUCKET * tt.stride)
    for k in range(BUCKET):
        if (e[n] & tag_bits) == tag:
            ok = 1
            for i in range(n):
                if e[i] != hands[i]:
                    ok = 0
                    break
            if ok:
                old_lb = <int>((e[n] >> META_LB) & 0xFF)
                old_ub = <int>((e[n] >> META_UB) & 0xFF)
                old_move = <int>((e[n] >> META_MOVE) & 0xFFFF) - 1
                if old_lb > lb:
                    lb = old_lb
                if old_ub < ub:
                    ub = old_ub
                if move < 0:
                    move = old_move
                e[n] = tag | (<uint64_t>lb << META_LB) | (<uint64_t>ub << META_UB) | \
                       (<uint64_t>(move + 1) << META_MOVE) | (<uint64_t>depth << META_DEPTH)
                return
        if (e[n] >> META_LEADER) & 0xF == 0:
            d = -1
        else:
            d = <int>((e[n] >> META_DEPTH) & 0xFF)
        if d < vd:
            vd = d
            victim = e
        e += tt.stride
    if vd < 0:
        tt.used += 1
    for i in range(n):
        victim[i] = hands[i]
    victim[n] = tag | (<uint64_t>lb << META_LB) | (<uint64_t>ub << META_UB) | \
                (<uint64_t>(move + 1) << META_MOVE) | (<uint64_t>depth << META_DEPTH)
