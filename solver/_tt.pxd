# cython: language_level=3
"""Transposition table: bounds on the value from a trick start, keyed exactly.

A position at a trick start is fully described (for a fixed set of rules) by the hands,
the leader, the trump (Nap fixes it on the first lead) and Secretary's reveal flag; the
trick number follows from the hand sizes. The search passes the hands in relative ranks
(``_canon.pxd``), so positions that differ only in which cards are gone share an entry.
An entry stores those words verbatim, so a hit is never a collision, plus a lower and an
upper bound on the value the declarer's side takes from there and the best move found.
Buckets of ``BUCKET`` entries, kept newest first (empty entries last); a new position takes
an empty entry or else the place of the entry whose search took the fewest nodes (the
cheapest to redo), the oldest among equals. Measured on 8-card Japanese positions, the only
bench set that fills 64 MB: 8 entries a bucket with that choice took 5 % fewer nodes than
4 entries replacing the one with the fewest tricks left; a 256 MB budget took 9 % fewer
nodes but no less time.

The table starts small and doubles (rehashing its entries) once a quarter full, up to
its memory budget: most solves use a few MB, and touching (zeroing, page-faulting) the whole
budget on every solve cost more than the search itself on small positions.
"""

from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset, memmove

cdef enum:
    BUCKET = 8              # entries per bucket
    START_BUCKETS = 2048    # the first layout (0.4-1 MB), doubled when a quarter full
    META_LB = 0             # meta bits 0..7: lower bound
    META_UB = 8             # bits 8..15: upper bound
    META_MOVE = 16          # bits 16..31: best move (+1; 0 = none)
    META_LEADER = 32        # bits 32..35: leader + 1 (0 = empty entry)
    META_TRUMP = 36         # bits 36..38: trump 0..5
    META_REVEAL = 39        # bit 39: Secretary's reveal spent
    META_WORK = 40          # bits 40..47: log2 of the nodes its search took (+1)

ctypedef struct TT:
    uint64_t* words         # n_buckets * BUCKET entries of `stride` words: hands..., meta
    uint64_t n_buckets      # a power of two (0: no table)
    uint64_t max_buckets    # the most the memory budget allows
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
        free(tt.words)
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
        tt.max_buckets = 0
        return 0
    tt.max_buckets = nb
    if nb > START_BUCKETS:
        nb = START_BUCKETS
    tt.words = <uint64_t*>calloc(nb * BUCKET * tt.stride, sizeof(uint64_t))
    if tt.words == NULL:
        tt.n_buckets = 0
        tt.bucket_mask = 0
        return -1
    tt.n_buckets = nb
    tt.bucket_mask = nb - 1
    return 0


cdef inline void tt_release(TT* tt) noexcept nogil:
    if tt.words != NULL:
        free(tt.words)
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
        elif (e[n] >> META_LEADER) & 0xF == 0:
            return NULL         # empty entries come last
        e += tt.stride
    return NULL


cdef inline void tt_grow(TT* tt) noexcept nogil:
    """Double the table and rehash its entries (kept as it is when memory is short)."""
    cdef uint64_t nb = tt.n_buckets * 2, b, k, used = 0
    cdef uint64_t tag_bits = (<uint64_t>0xFF) << META_LEADER
    cdef int n = tt.n_seats, stride = tt.stride, i
    cdef uint64_t* words = <uint64_t*>calloc(nb * BUCKET * stride, sizeof(uint64_t))
    cdef uint64_t* e
    cdef uint64_t* d
    if words == NULL:
        tt.max_buckets = tt.n_buckets
        return
    for b in range(tt.n_buckets * BUCKET):
        e = tt.words + b * stride
        if (e[n] >> META_LEADER) & 0xF == 0:
            continue
        # A new bucket gets the entries of one old bucket only: it never overflows.
        d = words + (tt_hash(e, n, e[n] & tag_bits) & (nb - 1)) * (BUCKET * stride)
        for k in range(BUCKET):
            if (d[n] >> META_LEADER) & 0xF == 0:
                for i in range(stride):
                    d[i] = e[i]
                used += 1
                break
            d += stride
    free(tt.words)
    tt.words = words
    tt.n_buckets = nb
    tt.bucket_mask = nb - 1
    tt.used = used


cdef inline void tt_store(TT* tt, const uint64_t* hands, uint64_t tag, int work, int lb, int ub,
                          int move) noexcept nogil:
    """Merge the bounds ``lb <= value <= ub`` (and the best move, -1 = keep) into the table;
    ``work``: log2 of the nodes the search of this position took."""
    cdef uint64_t* bucket
    cdef uint64_t* e
    cdef int k, i, n = tt.n_seats, ok, old_lb, old_ub, old_move, kv = BUCKET - 1, vw = 1 << 30, d
    cdef uint64_t tag_bits = (<uint64_t>0xFF) << META_LEADER
    if tt.n_buckets == 0:
        return
    bucket = tt.words + (tt_hash(hands, n, tag) & tt.bucket_mask) * (BUCKET * tt.stride)
    e = bucket
    for k in range(BUCKET):
        if (e[n] >> META_LEADER) & 0xF == 0:
            kv = k
            vw = -1
            break
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
                d = <int>((e[n] >> META_WORK) & 0xFF)
                if d > work:
                    work = d
                e[n] = tag | (<uint64_t>lb << META_LB) | (<uint64_t>ub << META_UB) | \
                       (<uint64_t>(move + 1) << META_MOVE) | (<uint64_t>work << META_WORK)
                return
        d = <int>((e[n] >> META_WORK) & 0xFF)
        if d <= vw:
            vw = d
            kv = k
        e += tt.stride
    # The new entry goes first; the entries before the one it replaces move down one place,
    # so the bucket stays newest first and "oldest among equals" is the last one found.
    if kv > 0:
        memmove(bucket + tt.stride, bucket, kv * tt.stride * sizeof(uint64_t))
    for i in range(n):
        bucket[i] = hands[i]
    bucket[n] = tag | (<uint64_t>lb << META_LB) | (<uint64_t>ub << META_UB) | \
                (<uint64_t>(move + 1) << META_MOVE) | (<uint64_t>work << META_WORK)
    if vw < 0:
        tt.used += 1
        if tt.used * 4 > tt.n_buckets * BUCKET and tt.n_buckets < tt.max_buckets:
            tt_grow(tt)
