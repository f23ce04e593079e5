# cython: language_level=3
"""Partition entries of the role and point games (PART_ROLES, ``_part.pxd``) in the table of
``_tt.pxd``: where they go, how a position matches them.

With ``Rules.part_points`` (the point games) point cards below the line are re-dealt too:
an entry keeps the top ``counts`` key ranks of each suit, the role cards and the Joker
(``extra``), the lengths, and per hand and suit the number of point cards without a role
(``pmask``: their key bits; the kept ones have the same holders, so the others, below the
line, come in the same number per hand and suit). The entry's words hold every key bit of
``pmask`` besides the kept bits: a position matches when it agrees on the kept bits and on
the point counts (``suit_counts``). Every entry goes to the one bucket hashed on what every
position it matches shares: the role cards, the Joker, the lengths and the point counts.
Far more positions share that than the holders of every point card (the bucket without
``part_points``), so the bucket is ROLE_SPAN buckets of the table (16 entries). Measured
with 8, 16 and 32 entries: 8-card Japanese 15.77, 15.67, 15.64 M nodes, full Japanese
deals 0-5 (value only) 38.8, 37.4, 37.0 M; CPU time 8 and 16 alike, 32 about 5 % more
on full deals (the bucket's cache lines). A second bucket for the entries that re-deal
no point card in play, hashed on every point card's holder, found nothing more (and
costs a cache miss). Without ``part_points`` (``pmask`` 0: Secretary, and
NAPOLEON_POINTS_KEPT=1) this is the one bucket of ``ptt_probe`` with ``level_base`` 5 in
the point games.
"""

from libc.stdint cimport uint64_t
from solver._part cimport keep_mask
from solver._rules cimport MAX_SEATS, popcount64
from solver._tt cimport (TT, tt_seats_of, tt_stride_of, prefetch, level_mask, PART_BUCKET,
                         META_LB, META_UB, META_MOVE, META_LEADER, META_DEPTH, META_KEPT, entry_answer,
                         part_meta, merged_meta, bucket_insert, shallower, count_store)

cdef enum:
    ROLE_SPAN = 2           # with part_points: table buckets per bucket (16 entries)

cdef inline uint64_t suit_counts(uint64_t x) noexcept nogil:
    """How many cards of ``x`` in each suit, 4 bits per suit (suit 0 lowest)."""
    return (<uint64_t>popcount64(x & 0x1FFF)) | \
        ((<uint64_t>popcount64(x & (<uint64_t>0x1FFF << 13))) << 4) | \
        ((<uint64_t>popcount64(x & (<uint64_t>0x1FFF << 26))) << 8) | \
        ((<uint64_t>popcount64(x & (<uint64_t>0x1FFF << 39))) << 12)


cdef inline uint64_t* role_bucket(TT* tt, const uint64_t* words, uint64_t tag, uint64_t mask,
                                  uint64_t pmask, const uint64_t* pc) noexcept nogil:
    """The first of the buckets (``role_span``) hashed on the bits ``mask`` of the words and,
    when ``pmask``, each hand's point counts ``pc``."""
    cdef uint64_t h = tag * 0x9E3779B97F4A7C15ULL
    cdef int i
    for i in range(tt_seats_of(tt)):
        h ^= (words[i] & mask) + 0x632BE59BD9B4E019ULL * <uint64_t>(i + 1)
        if pmask:
            h += pc[i] * 0xD6E8FEB86659FD93ULL
        h *= 0xBF58476D1CE4E5B9ULL
        h ^= h >> 31
    h ^= h >> 29
    if pmask:
        h &= ~(<uint64_t>(ROLE_SPAN - 1))
    return tt.words + (h & tt.active_mask) * (PART_BUCKET * tt_stride_of(tt))


cdef inline int role_match(const uint64_t* e, const uint64_t* words, const uint64_t* pc, int n,
                           uint64_t keep, uint64_t pmask) noexcept nogil:
    """1 if the position (``words``, its point counts ``pc``) matches the entry ``e`` whose
    kept bits are ``keep``."""
    cdef int i
    for i in range(n):
        if (words[i] ^ e[i]) & keep:
            return 0
    if pmask:
        # pc[i] holds the point counts of words[i] (the same per suit in the hands as they
        # are and in relative ranks), so equal point bits need no counting.
        for i in range(n):
            if (words[i] ^ e[i]) & pmask and suit_counts(e[i] & pmask) != pc[i]:
                return 0
    return 1


cdef inline uint64_t* role_locate(TT* tt, const uint64_t* words, uint64_t tag, uint64_t extra,
                                  uint64_t pmask, uint64_t* pc) noexcept nogil:
    """The bucket of a position for ``ptt_probe_roles_at`` (``tt.n_buckets`` > 0), its lines
    prefetched; ``pc`` gets each hand's point counts. With ``tt.level_base`` 0 the bucket
    depends only on the role cards, the Joker, the lengths and the point counts, which the
    relative ranks keep: ``words`` may then be the hands' own cards (``part_words_roles`` on
    the state's hands), so the search can ask for the bucket before the key is made."""
    cdef uint64_t* e
    cdef int k, i
    if pmask:
        for i in range(tt_seats_of(tt)):
            pc[i] = suit_counts(words[i] & pmask)
    e = role_bucket(tt, words, tag, level_mask(tt.level_base) | extra, pmask, pc)
    for k in range(0, (PART_BUCKET * ROLE_SPAN if pmask else PART_BUCKET) * tt_stride_of(tt) * 8, 64):
        prefetch(<char*>e + k)
    return e


cdef inline int ptt_probe_roles_at(TT* tt, uint64_t* e, const uint64_t* words,
                                   const uint64_t* pc, uint64_t tag, int need, int* bound,
                                   uint64_t* counts, int* move, uint64_t extra,
                                   uint64_t pmask) noexcept nogil:
    """``ptt_probe_roles`` in the bucket ``e`` (``role_locate``, ``pc`` its point counts)."""
    cdef uint64_t meta
    cdef uint64_t tag_bits = ((<uint64_t>0xFF) << META_LEADER) | ((<uint64_t>0xFF) << META_DEPTH)
    cdef int k, n = tt_seats_of(tt), v, size = PART_BUCKET * ROLE_SPAN if pmask else PART_BUCKET
    move[0] = -1
    for k in range(size):
        meta = e[n]
        if meta == 0:
            break               # empty entries come last
        if (meta & tag_bits) == tag and \
                role_match(e, words, pc, n, keep_mask(meta >> META_KEPT) | extra, pmask):
            v = entry_answer(meta, need, bound, counts, move)
            if v >= 0:
                return v
        e += tt_stride_of(tt)
    return -1


cdef inline int ptt_probe_roles(TT* tt, const uint64_t* words, uint64_t tag, int need, int* bound,
                                uint64_t* counts, int* move, uint64_t extra,
                                uint64_t pmask) noexcept nogil:
    """``ptt_probe`` for PART_ROLES (``pmask``: ``TrumpRules.small_points``)."""
    cdef uint64_t pc[MAX_SEATS]
    cdef uint64_t* e
    move[0] = -1
    if tt.n_buckets == 0:
        return -1
    e = role_locate(tt, words, tag, extra, pmask, pc)
    return ptt_probe_roles_at(tt, e, words, pc, tag, need, bound, counts, move, extra, pmask)


cdef inline void ptt_store_roles(TT* tt, const uint64_t* words, uint64_t tag, uint64_t counts,
                                 int lb, int ub, int move, uint64_t extra,
                                 uint64_t pmask) noexcept nogil:
    """``ptt_store`` for PART_ROLES: merge into the entry with the same kept cards that
    this position matches, or insert at the front of the bucket (pushing out the
    shallowest entry, the last of them when tied)."""
    cdef uint64_t* b
    cdef uint64_t* e
    cdef uint64_t pc[MAX_SEATS]
    cdef uint64_t keep = keep_mask(counts) | extra, meta
    cdef uint64_t tag_bits = ((<uint64_t>0xFF) << META_LEADER) | ((<uint64_t>0xFF) << META_DEPTH)
    cdef int k, i, n = tt_seats_of(tt), victim = 0, vd = 1 << 30, size = PART_BUCKET, merged = 0
    if tt.n_buckets == 0:
        return
    if pmask:
        size = PART_BUCKET * ROLE_SPAN
        for i in range(n):
            pc[i] = suit_counts(words[i] & pmask)
    b = role_bucket(tt, words, tag, level_mask(tt.level_base) | extra, pmask, pc)
    e = b
    for k in range(size):
        meta = e[n]
        if (meta & tag_bits) == tag and (meta >> META_KEPT) == counts and \
                role_match(e, words, pc, n, keep, pmask):
            e[n] = merged_meta(meta, tag, lb, ub, move, counts)
            merged = 1
            break
        if shallower(meta, k, &vd, &victim):
            break
        e += tt_stride_of(tt)
    if not merged:
        bucket_insert(tt, b, victim, vd, words, keep | pmask, part_meta(tag, lb, ub, move, counts))
    count_store(tt)
