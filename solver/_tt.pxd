# cython: language_level=3
"""Transposition table: bounds on the value from a trick start, keyed exactly (the point
games) or on the cards that mattered (partition search, plain trick-count rules: the
second half of this file).

A position at a trick start is fully described (for a fixed set of rules) by the hands,
the leader, the trump (Nap fixes it on the first lead) and Secretary's reveal flag; the
trick number follows from the hand sizes. The search passes the hands in relative ranks
(``_canon.pxd``), so positions that differ only in which cards are gone share an entry.
An exact entry stores those words verbatim, so a hit is never a collision, plus a lower and
an upper bound on the value the declarer's side takes from there and the best move found.
Buckets of ``BUCKET`` entries, kept newest first (empty entries last); a new position takes
an empty entry or else the place of the entry whose search took the fewest nodes (the
cheapest to redo), the oldest among equals. Measured on 8-card Japanese positions, the only
bench set that fills 64 MB: 8 entries a bucket with that choice took 5 % fewer nodes than
4 entries replacing the one with the fewest tricks left; a 256 MB budget took 9 % fewer
nodes but no less time.

Both kinds of table start small and grow up to the memory budget: most solves use a few
MB, and touching (zeroing, page-faulting) the whole budget on every solve cost more than
the search itself on small positions. An exact table doubles (rehashing its entries) once
a quarter full; a partition table uses more of its buckets (``ptt_grow``).
"""

from libc.stdint cimport uint64_t
from libc.string cimport memset, memmove, memcpy
from solver._part cimport keep_mask
from solver._rules cimport PART_ROLES

cdef extern from *:
    void prefetch "__builtin_prefetch"(const void* p) noexcept nogil

# The table is one large block (an exact table: one per doubling) probed at random: with 4 KiB pages nearly every probe is a TLB
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
    BUCKET = 8              # entries per bucket of an exact table
    START_BUCKETS = 2048    # exact tables: the first layout (0.4-1 MB), doubled when a quarter full
    META_LB = 0             # meta bits 0..7: lower bound
    META_UB = 8             # bits 8..15: upper bound
    META_MOVE = 16          # bits 16..31: best move (+1; 0 = none)
    META_LEADER = 32        # bits 32..35: leader + 1 (0 = empty entry)
    META_TRUMP = 36         # bits 36..38: trump 0..5
    META_REVEAL = 39        # bit 39: Secretary's reveal spent
    META_WORK = 40          # exact entries, bits 40..47: log2 of the nodes its search took (+1)
    META_DEPTH = 40         # partition entries, bits 40..47 (part of the tag): tricks left
    META_KEPT = 48          # bits 48..63: partition entries: kept cards per suit (``_part.pxd``)
    PART_BUCKET = 8         # entries per bucket of a partition table
    PART_START = 8192       # partition tables: buckets in use at first
    GROW_AT = 16             # ... doubled once entries stored reach 1/GROW_AT of their entries
    ROLE_START = 2048       # the same for PART_ROLES tables (see the note above ptt_tag)
    ROLE_GROW_AT = 4
    ROLE_START_FULL = 32768  # ... for a full deal (``tt_start_for``)
    PART_LEVELS = 4         # partition buckets hashed on the top 0..PART_LEVELS-1 cards per suit

ctypedef struct TT:
    uint64_t* words         # n_buckets * bucket entries of `stride` words: hands..., meta
    void* block             # the allocation holding `words` (tt_block_alloc)
    size_t block_bytes      # its size as asked for
    uint64_t n_buckets      # a power of two (0: no table)
    uint64_t max_buckets    # exact tables: the most the memory budget allows (tt_grow)
    uint64_t bucket_mask    # n_buckets - 1
    uint64_t active_mask    # partition tables: the buckets in use so far - 1 (grows, see ptt_grow)
    int stride              # words per entry: n_seats hands + 1 meta word
    int n_seats             # seats the table is laid out for
    int partition           # 1: partition entries (``ptt_*``), 0: exact entries (``tt_*``)
    int bucket              # entries per bucket: BUCKET, or PART_BUCKET (partition keys)
    uint64_t fingerprint    # hash of the compiled rules the stored bounds belong to
    uint64_t bytes          # the memory budget in bytes
    uint64_t used           # entries written (for stats)
    uint64_t stores         # partition tables: entries stored, for ptt_grow
    int part_start          # partition tables: buckets in use at first
    int grow_at             # ... doubled once entries stored reach 1/grow_at of their entries
    int exact_bucket        # partition tables: 1 also the bucket of the very position
    int levels              # partition tables: level buckets (at most PART_LEVELS), level j
                            # hashed on the top level_base + j key ranks of every suit
    int level_base          # partition tables: key ranks per suit every entry keeps (5: the
                            # point ranks of the point games, kept through ``extra``; else 0)


# The fields the probes and stores read at every entry (``_spec.h``): constants in the
# builds specialised for one preset's default rules (all of five players), whose tables
# ``run`` lays out for five seats.
cdef extern from "_spec.h":
    int tt_seats_of "TT_SEATS_OF"(const TT* tt) noexcept nogil
    int tt_stride_of "TT_STRIDE_OF"(const TT* tt) noexcept nogil

cdef inline int tt_layout(TT* tt, int n_seats, uint64_t fingerprint, int partition,
                          int point_ranks) noexcept nogil:
    """(Re)lay out the table for ``n_seats`` and the kind of entries (``partition``) and
    clear it when the rules change. Returns 0, or -1 when memory could not be had (the
    search then runs without a table)."""
    cdef uint64_t entries, nb
    cdef int bucket = PART_BUCKET if partition else BUCKET
    tt.part_start = PART_START
    tt.grow_at = GROW_AT
    tt.levels = PART_LEVELS
    tt.exact_bucket = 1
    tt.level_base = 0
    if partition == PART_ROLES:
        # PART_ROLES (see the note above ptt_tag): one bucket per entry, grown like an
        # exact table; the point games keep their point ranks in every entry.
        tt.part_start = ROLE_START
        tt.grow_at = ROLE_GROW_AT
        tt.levels = 1
        tt.exact_bucket = 0
        tt.level_base = point_ranks
    if tt.words != NULL and tt.n_seats == n_seats and tt.partition == partition and \
            tt.fingerprint == fingerprint:
        return 0
    if tt.words != NULL and tt.n_seats == n_seats and tt.partition == partition:
        # Clear what may hold entries: the buckets in use (partition) or all of the present,
        # grown, layout (exact).
        memset(tt.words, 0, ((tt.active_mask + 1) if partition else tt.n_buckets) * bucket *
               tt.stride * sizeof(uint64_t))
        tt.fingerprint = fingerprint
        tt.used = 0
        tt.stores = 0
        tt_start(tt)
        return 0
    if tt.words != NULL:
        tt_block_free(tt.block, tt.block_bytes)
        tt.words = NULL
    tt.stride = n_seats + 1
    tt.n_seats = n_seats
    tt.partition = partition
    tt.bucket = bucket
    tt.fingerprint = fingerprint
    tt.used = 0
    tt.stores = 0
    entries = tt.bytes // (tt.stride * sizeof(uint64_t))
    nb = 1
    while nb * 2 * bucket <= entries:
        nb *= 2
    if nb * bucket > entries:
        tt.n_buckets = 0
        tt.bucket_mask = 0
        tt.max_buckets = 0
        return 0
    tt.max_buckets = nb
    # The whole budget is mapped at once (its pages cost nothing until first used) and the
    # table grows within it, so it never holds more than the budget: an exact table uses
    # its first START_BUCKETS buckets and doubles in place (``tt_grow``), a partition table
    # uses more of its buckets as it fills (``ptt_grow``).
    tt.block_bytes = nb * bucket * tt.stride * sizeof(uint64_t)
    tt.block = tt_block_alloc(tt.block_bytes)
    if tt.block == NULL:
        tt.n_buckets = 0
        tt.bucket_mask = 0
        return -1
    tt.words = tt_block_words(tt.block)
    if not partition and nb > START_BUCKETS:
        nb = START_BUCKETS
    tt.n_buckets = nb
    tt.bucket_mask = nb - 1
    tt_start(tt)
    return 0


cdef inline void tt_start(TT* tt) noexcept nogil:
    """The buckets in use on an empty table: all of an exact table; PART_START of a
    partition table (``ptt_grow``). Clearing the table clears exactly these."""
    tt.active_mask = tt.bucket_mask
    if tt.partition and tt.bucket_mask > <uint64_t>tt.part_start - 1:
        tt.active_mask = tt.part_start - 1


cdef inline void tt_start_for(TT* tt, int cards) noexcept nogil:
    """An empty PART_ROLES table about to search a position of ``cards`` cards in play
    starts with ROLE_START_FULL buckets in use when that is more than 40 (a full deal of
    the five-seat games): its first tests fill a small start at once, and the fuller
    buckets take longer to scan (full Japanese deals by value, 0..19: 33.58 M -> 33.35 M
    nodes, about 3 % less CPU; 20..39: 58.86 M -> 56.98 M, 5 %; the 6-card sets would lose
    10-87 %, so they keep ROLE_START). Its buckets past the ones in use are empty: the
    table is new or cleared (``stores`` 0), and clearing zeroes every bucket ever used."""
    if tt.partition == PART_ROLES and tt.stores == 0 and cards > 40:
        while tt.active_mask + 1 < ROLE_START_FULL and tt.active_mask < tt.bucket_mask:
            tt.active_mask = tt.active_mask * 2 + 1


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
    cdef int k, i, n = tt_seats_of(tt), ok
    cdef uint64_t tag_bits = (<uint64_t>0xFF) << META_LEADER
    if tt.n_buckets == 0:
        return NULL
    e = tt.words + (tt_hash(hands, n, tag) & tt.bucket_mask) * (BUCKET * tt_stride_of(tt))
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
        e += tt_stride_of(tt)
    return NULL


cdef inline void tt_grow(TT* tt) noexcept nogil:
    """Double the buckets in use, in place (the block holds ``max_buckets``). With twice the
    buckets an entry of bucket ``b`` hashes to ``b`` or ``b + n_buckets``: each bucket's
    entries are split between the two, keeping their order (newest first, empty last)."""
    cdef uint64_t n_old = tt.n_buckets, nb = n_old * 2, b
    cdef uint64_t tag_bits = (<uint64_t>0xFF) << META_LEADER
    cdef int n = tt_seats_of(tt), stride = tt_stride_of(tt), k, i, kept, moved
    cdef uint64_t* src
    cdef uint64_t* hi
    cdef uint64_t* e
    for b in range(n_old):
        src = tt.words + b * (BUCKET * stride)
        hi = tt.words + (b + n_old) * (BUCKET * stride)     # never used yet: all zero
        kept = 0
        moved = 0
        for k in range(BUCKET):
            e = src + k * stride
            if (e[n] >> META_LEADER) & 0xF == 0:
                break
            if tt_hash(e, n, e[n] & tag_bits) & (nb - 1) != b:
                for i in range(stride):
                    hi[moved * stride + i] = e[i]
                moved += 1
            else:
                if kept != k:
                    for i in range(stride):
                        src[kept * stride + i] = e[i]
                kept += 1
        if kept + moved:
            memset(src + kept * stride, 0, (BUCKET - kept) * stride * sizeof(uint64_t))
    tt.n_buckets = nb
    tt.bucket_mask = nb - 1
    tt.active_mask = nb - 1


cdef inline void tt_store(TT* tt, const uint64_t* hands, uint64_t tag, int work, int lb, int ub,
                          int move) noexcept nogil:
    """Merge the bounds ``lb <= value <= ub`` (and the best move, -1 = keep) into the table;
    ``work``: log2 of the nodes the search of this position took."""
    cdef uint64_t* bucket
    cdef uint64_t* e
    cdef int k, i, n = tt_seats_of(tt), ok, old_lb, old_ub, old_move, kv = BUCKET - 1, vw = 1 << 30, d
    cdef uint64_t tag_bits = (<uint64_t>0xFF) << META_LEADER
    if tt.n_buckets == 0:
        return
    bucket = tt.words + (tt_hash(hands, n, tag) & tt.bucket_mask) * (BUCKET * tt_stride_of(tt))
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
        e += tt_stride_of(tt)
    # The new entry goes first; the entries before the one it replaces move down one place,
    # so the bucket stays newest first and "oldest among equals" is the last one found.
    if kv > 0:
        memmove(bucket + tt_stride_of(tt), bucket, kv * tt_stride_of(tt) * sizeof(uint64_t))
    for i in range(n):
        bucket[i] = hands[i]
    bucket[n] = tag | (<uint64_t>lb << META_LB) | (<uint64_t>ub << META_UB) | \
                (<uint64_t>(move + 1) << META_MOVE) | (<uint64_t>work << META_WORK)
    if vw < 0:
        tt.used += 1
        if tt.used * 4 > tt.n_buckets * BUCKET and tt.n_buckets < tt.max_buckets:
            tt_grow(tt)


# ---- partition entries (``_part.pxd``): matched on the kept cards only -------------------------
#
# An entry matches a position (same leader, trump, tricks left) when the position's words
# agree with it on the entry's kept bits: every hand's suit lengths and the holders of the
# kept top cards of each suit. Where to find the entries a position may match: a bucket
# hashed on the lengths alone would hold them all, but far too many positions share their
# lengths (a full bridge deal overflowed such buckets while the table stayed 97 % empty).
# So an entry goes to two buckets: the one hashed on the whole position it was made at
# (transpositions find it there, as with exact keys), and the one hashed on the lengths
# plus the holders of the top ``m`` cards of each suit, for the largest ``m`` (0..3) such
# that the entry keeps them (or the whole suit). A lookup probes the exact bucket and the
# four level buckets. Buckets are kept most recent first: a new entry goes to the front,
# pushing out the shallowest (the last of them when tied).
#
# PART_ROLES entries (role and point games: ``ptt_probe_roles``, ``ptt_store_roles`` in
# ``_tt_roles.pxd``) always keep the role cards and the Joker (``extra``; the point cards
# too with NAPOLEON_POINTS_KEPT=1): each goes to one bucket only, hashed on those, the
# lengths and the point counts (``levels`` 1, no exact bucket; ``level_base`` 5 when the
# point cards, which fill the top 5 key ranks, are kept). With the point cards kept, more
# level buckets found nothing more on the bench sets (identical node counts with 1-4
# levels), the exact bucket only crowded them (0.6 % more nodes on 7-card Japanese), and
# each bucket costs a cache miss per probe; the table starts and grows as an exact table
# does (a quarter full), since page faults of a bigger start cost more than the search on
# small positions.

cdef inline uint64_t ptt_tag(int leader, int trump, int reveal_used, int depth) noexcept nogil:
    return tt_tag(leader, trump, reveal_used) | ((<uint64_t>depth) << META_DEPTH)


cdef inline uint64_t* ptt_bucket(TT* tt, const uint64_t* words, uint64_t tag,
                                 uint64_t mask) noexcept nogil:
    """The bucket for the bits ``mask`` of the words (the lengths: every entry the position
    may match; all: the entries made at this very position)."""
    cdef uint64_t h = tag * 0x9E3779B97F4A7C15ULL
    cdef int i
    for i in range(tt_seats_of(tt)):
        h ^= (words[i] & mask) + 0x632BE59BD9B4E019ULL * <uint64_t>(i + 1)
        h *= 0xBF58476D1CE4E5B9ULL
        h ^= h >> 31
    h ^= h >> 29
    return tt.words + (h & tt.active_mask) * (PART_BUCKET * tt_stride_of(tt))


cdef inline uint64_t level_mask(int m) noexcept nogil:
    """The bits a level-``m`` bucket is hashed on: the lengths, the top ``m`` cards per suit."""
    return keep_mask(<uint64_t>m * 0x1111)


cdef inline uint64_t clamp_counts(uint64_t counts, int base) noexcept nogil:
    """``counts`` with every suit's count raised to at least ``base`` (the key ranks that
    ``extra`` keeps anyway: ``TT.level_base``)."""
    cdef int su
    for su in range(4):
        if <int>((counts >> (4 * su)) & 0xF) < base:
            counts = (counts & ~((<uint64_t>0xF) << (4 * su))) | ((<uint64_t>base) << (4 * su))
    return counts


cdef inline uint64_t part_meta(uint64_t tag, int lb, int ub, int move,
                               uint64_t counts) noexcept nogil:
    """The meta word of a partition entry."""
    return tag | (<uint64_t>lb << META_LB) | (<uint64_t>ub << META_UB) | \
        (<uint64_t>(move + 1) << META_MOVE) | (counts << META_KEPT)


cdef inline uint64_t merged_meta(uint64_t meta, uint64_t tag, int lb, int ub, int move,
                                 uint64_t counts) noexcept nogil:
    """The meta word of the entry ``meta`` with ``lb <= value <= ub`` merged in and the
    best move ``move`` (-1: keep the entry's)."""
    if <int>((meta >> META_LB) & 0xFF) > lb:
        lb = <int>((meta >> META_LB) & 0xFF)
    if <int>((meta >> META_UB) & 0xFF) < ub:
        ub = <int>((meta >> META_UB) & 0xFF)
    if move < 0:
        move = <int>((meta >> META_MOVE) & 0xFFFF) - 1
    return part_meta(tag, lb, ub, move, counts)


cdef inline int entry_depth(uint64_t meta) noexcept nogil:
    """Which partition entry a full bucket drops first (the lowest): -1 for an empty one,
    else the tricks left where it was made."""
    if (meta >> META_LEADER) & 0xF == 0:
        return -1
    return <int>((meta >> META_DEPTH) & 0xFF)


cdef inline int entry_answer(uint64_t meta, int need, int* bound, uint64_t* counts,
                             int* move) noexcept nogil:
    """What a matching partition entry (its ``meta`` word) says of the test "value >=
    need": 1 (value >= ``bound``) or 0 (value <= ``bound``) with its kept counts in
    ``counts``; else -1, noting its best move in ``move`` if none is there yet."""
    cdef int v = <int>((meta >> META_LB) & 0xFF)
    if need > 0 and v >= need:
        bound[0] = v
        counts[0] = meta >> META_KEPT
        return 1
    v = <int>((meta >> META_UB) & 0xFF)
    if need > 0 and v < need:
        bound[0] = v
        counts[0] = meta >> META_KEPT
        return 0
    if move[0] < 0:
        move[0] = <int>((meta >> META_MOVE) & 0xFFFF) - 1
    return -1


cdef inline int ptt_prefetch(TT* tt, const uint64_t* words, uint64_t tag, uint64_t extra,
                             uint64_t** buckets) noexcept nogil:
    """The buckets a position's entries may lie in (``buckets``, ``ptt_scan`` reads them),
    asked for from memory at once: they are far apart, so their cache misses overlap
    (and overlap whatever the caller does before the scan). Returns how many (0: no
    table)."""
    cdef uint64_t* e
    cdef int j
    if tt.n_buckets == 0:
        return 0
    for j in range(tt.levels + tt.exact_bucket):
        e = ptt_bucket(tt, words, tag, ~(<uint64_t>0) if j == tt.levels else
                       level_mask(tt.level_base + j) | extra)
        buckets[j] = e
        prefetch(<char*>e)
        prefetch(<char*>e + 64)
    return tt.levels + tt.exact_bucket


cdef inline int ptt_scan(TT* tt, uint64_t** buckets, int nb, const uint64_t* words, uint64_t tag,
                         int need, int* bound, uint64_t* counts, int* move,
                         uint64_t extra) noexcept nogil:
    """``ptt_probe`` on the buckets ``ptt_prefetch`` found (``nb`` of them)."""
    cdef uint64_t* e
    cdef uint64_t meta, keep
    cdef uint64_t tag_bits = ((<uint64_t>0xFF) << META_LEADER) | ((<uint64_t>0xFF) << META_DEPTH)
    cdef int k, i, n = tt_seats_of(tt), v, j
    move[0] = -1
    for j in range(nb):
        e = buckets[j]
        for k in range(PART_BUCKET):
            meta = e[n]
            if (meta & tag_bits) == tag:
                keep = keep_mask(meta >> META_KEPT) | extra
                i = 0
                while i < n and (words[i] & keep) == e[i]:
                    i += 1
                if i == n:
                    v = entry_answer(meta, need, bound, counts, move)
                    if v >= 0:
                        return v
            elif (meta >> META_LEADER) & 0xF == 0:
                break           # empty entries come last
            e += tt_stride_of(tt)
    return -1


cdef inline int ptt_probe(TT* tt, const uint64_t* words, uint64_t tag, int need, int* bound,
                          uint64_t* counts, int* move, uint64_t extra) noexcept nogil:
    """Look for entries this position matches: 1 (value >= ``bound``) or 0 (value <=
    ``bound``) when one settles the test "value >= need", with its kept counts in
    ``counts``; else -1, with the best move of the first match in ``move`` (-1 none).
    ``need`` 0: only the move is wanted. ``extra``: key bits every entry keeps (0 for
    PART_PLAIN; PART_ROLES entries have ``_tt_roles.pxd``)."""
    cdef uint64_t* buckets[PART_LEVELS + 1]
    cdef int nb = ptt_prefetch(tt, words, tag, extra, buckets)
    move[0] = -1
    if nb == 0:
        return -1
    return ptt_scan(tt, buckets, nb, words, tag, need, bound, counts, move, extra)


cdef inline void ptt_store(TT* tt, const uint64_t* words, uint64_t tag, uint64_t counts,
                           uint64_t lens, int lb, int ub, int move, uint64_t extra) noexcept nogil:
    """Merge ``lb <= value <= ub`` (and the best move, -1 = keep) into the entry for the
    kept cards ``counts`` of this position (``lens``: the counts keeping all its cards in
    play, 4 bits each), in the bucket of this very position and in that of the highest
    level whose hashed cards the entry keeps (``extra``: as for ``ptt_probe``; the counts
    are already raised to ``TT.level_base``)."""
    cdef uint64_t* b1
    cdef uint64_t* b2
    cdef int j, su, m, ok
    if tt.n_buckets == 0:
        return
    b1 = NULL
    if tt.exact_bucket:
        b1 = ptt_bucket(tt, words, tag, ~(<uint64_t>0))
        ptt_put(tt, b1, words, tag, counts, lb, ub, move, extra)
    for j in range(tt.levels - 1, -1, -1):
        m = tt.level_base + j
        ok = 1
        for su in range(4):
            if <int>((counts >> (4 * su)) & 0xF) < m and \
                    <int>((counts >> (4 * su)) & 0xF) < <int>((lens >> (4 * su)) & 0xF):
                ok = 0
                break
        if ok:
            b2 = ptt_bucket(tt, words, tag, level_mask(m) | extra)
            if b2 != b1:
                ptt_put(tt, b2, words, tag, counts, lb, ub, move, extra)
            break
    count_store(tt)


cdef inline void ptt_grow(TT* tt) noexcept nogil:
    """Use twice as many buckets. A small search thus touches few pages of a big table (a
    fresh page costs the kernel more than a search node). Bucket ``b`` is copied to
    ``b + old count``: an entry's hash now picks one of the two, and both hold it."""
    cdef uint64_t size = (tt.active_mask + 1) * PART_BUCKET * tt_stride_of(tt)
    memcpy(tt.words + size, tt.words, size * sizeof(uint64_t))
    tt.active_mask = tt.active_mask * 2 + 1


cdef inline int shallower(uint64_t meta, int k, int* victim_depth, int* victim) noexcept nogil:
    """While scanning a partition bucket for the entry to push out: entry ``k`` (its meta
    word ``meta``) becomes the victim when it is no deeper than the one so far (the last of
    the shallowest); returns 1 when it is empty (the scan may stop there)."""
    cdef int d = entry_depth(meta)
    if d <= victim_depth[0]:
        victim_depth[0] = d
        victim[0] = k
        return d < 0
    return 0


cdef inline void count_store(TT* tt) noexcept nogil:
    """Count a store (merges included) and use twice as many buckets when they fill."""
    tt.stores += 1
    if tt.stores * tt.grow_at > (tt.active_mask + 1) * PART_BUCKET and tt.active_mask < tt.bucket_mask:
        ptt_grow(tt)


cdef inline void bucket_insert(TT* tt, uint64_t* b, int victim, int victim_depth,
                               const uint64_t* words, uint64_t keep, uint64_t meta) noexcept nogil:
    """Insert an entry (the cards ``keep`` of ``words``, then ``meta``) at the front of bucket
    ``b``, pushing out entry ``victim`` (its depth ``victim_depth`` < 0: an empty one): the
    newest entry first, as every partition bucket keeps them."""
    cdef int i, n = tt_seats_of(tt)
    if victim_depth < 0:
        tt.used += 1
    if victim > 0:
        memmove(b + tt_stride_of(tt), b, victim * tt_stride_of(tt) * sizeof(uint64_t))
    for i in range(n):
        b[i] = words[i] & keep
    b[n] = meta


cdef inline void ptt_put(TT* tt, uint64_t* b, const uint64_t* words, uint64_t tag, uint64_t counts,
                         int lb, int ub, int move, uint64_t extra) noexcept nogil:
    """Merge into or insert at the front of bucket ``b`` (see ``ptt_store``)."""
    cdef uint64_t* e
    cdef uint64_t keep = keep_mask(counts) | extra, meta
    cdef uint64_t tag_bits = ((<uint64_t>0xFF) << META_LEADER) | ((<uint64_t>0xFF) << META_DEPTH)
    cdef int k, i, n = tt_seats_of(tt), victim = 0, vd = 1 << 30
    e = b
    for k in range(PART_BUCKET):
        meta = e[n]
        if (meta & tag_bits) == tag and (meta >> META_KEPT) == counts:
            i = 0
            while i < n and (words[i] & keep) == e[i]:
                i += 1
            if i == n:
                e[n] = merged_meta(meta, tag, lb, ub, move, counts)
                return
        if shallower(meta, k, &vd, &victim):
            break
        e += tt_stride_of(tt)
    bucket_insert(tt, b, victim, vd, words, keep, part_meta(tag, lb, ub, move, counts))
