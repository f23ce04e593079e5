# cython: language_level=3, cdivision=True
"""Relative ranks: the transposition table's key for a trick start.

Two positions play out alike when, suit by suit, the cards still in play are held by the
same seats in the same order, with the same point values and the same role cards. Cards
already played, discarded or never dealt leave gaps that change nothing. So the key
renumbers each suit's cards in play ("canonical" ranks) while keeping:

* every card with a role (``TrumpRules.special_mask``: the Mighty, the Jacks, Yoromeki,
  the killer, the Ripper, the 2s under Same-two, the coup card; not one whose role is
  gone for good, ``dead_cards``) on its own rank,
  and no other card ever on a role card's rank, played or not;
* the order of the cards in play, role cards included: each run of ordinary cards between
  two role cards in play stays between them;
* the point value: ordinary point cards move only to free point ranks, other cards only to
  free non-point ranks (points all rank above non-points in every suit).

Inside such a run the ordinary cards are packed to the highest free ranks. The mapping
depends only on the suit's cards in play (``rem``), so a position and its key differ by one
order-preserving bijection per suit, which also translates the table's best move.
Trick-count variants have no point classes. Nap's first lead (trump not fixed) keeps the
exact cards (nothing has been played yet there anyway).
"""

from libc.stdint cimport uint64_t, int8_t, uint8_t, uint16_t
from solver._rules cimport (Rules, State, TrumpRules, JOKER, TRUMP_UNFIXED, popcount64, ctz64,
                            clz64, trump_index, dead_cards, live_special)
from solver._rules cimport n_seats_of, unit_points_of, point_mask_of

# Plain rules (``canonicalise_plain``): a suit's cards of one hand in relative ranks are its
# bits gathered under the suit's cards in play, packed to the top. The gathering goes by
# two constant tables, the suit's low 7 ranks and its high 6 (16 KiB + 4 KiB, filled once
# by ``compress_init``): a lookup each instead of a loop over the cards.
cdef extern from *:
    """
    static unsigned char napoleon_compress7[128 * 128];
    static unsigned char napoleon_compress6[64 * 64];
    static int napoleon_compress_ready = 0;
    static void napoleon_compress_fill(unsigned char* t, int bits) {
        int m, h, i, k;
        for (m = 0; m < (1 << bits); m++)
            for (h = 0; h < (1 << bits); h++) {
                unsigned char out = 0;
                for (i = 0, k = 0; i < bits; i++)
                    if ((m >> i) & 1) {
                        if ((h >> i) & 1) out |= (unsigned char)(1 << k);
                        k++;
                    }
                t[(m << bits) | h] = out;
            }
    }
    static void compress_init(void) {
        if (napoleon_compress_ready) return;
        napoleon_compress_fill(napoleon_compress7, 7);
        napoleon_compress_fill(napoleon_compress6, 6);
        napoleon_compress_ready = 1;
    }
    """
    const uint8_t napoleon_compress7[128 * 128]
    const uint8_t napoleon_compress6[64 * 64]
    void compress_init() noexcept nogil

ctypedef struct Canon:
    uint64_t hands[7]       # the hands renumbered: the table key (seats >= n_seats are 0)
    uint64_t rem[4]         # per suit: the cards in play (13 bits, rank 0 = the 2)
    uint64_t canon[4]       # per suit: their canonical ranks (same count, same order)


cdef inline uint64_t top_bits(uint64_t mask, int n) noexcept nogil:
    """The ``n`` highest set bits of ``mask`` (it has at least ``n``)."""
    cdef uint64_t out = 0, b
    while n > 0:
        b = (<uint64_t>1) << (63 - clz64(mask))
        out |= b
        mask ^= b
        n -= 1
    return out


cdef inline uint64_t canon_suit(uint64_t rem, uint64_t reserved, uint64_t points) noexcept nogil:
    """Canonical ranks (13-bit mask) for a suit's cards in play ``rem``; ``reserved``: the
    suit's role-card ranks; ``points``: its point ranks (0 for trick-count variants)."""
    cdef uint64_t out = 0, gap, slots, below, plain
    cdef int hi = 13, lo
    cdef uint64_t roles_in_play = rem & reserved
    while True:
        below = roles_in_play & (((<uint64_t>1) << hi) - 1)
        lo = (64 - clz64(below)) if below else 0
        gap = (((<uint64_t>1) << hi) - 1) & ~(((<uint64_t>1) << lo) - 1)
        slots = gap & ~reserved
        plain = rem & slots
        out |= top_bits(slots & points, popcount64(plain & points))
        out |= top_bits(slots & ~points, popcount64(plain & ~points))
        if not below:
            return out
        out |= (<uint64_t>1) << (lo - 1)
        hi = lo - 1


cdef enum:
    CANON_MEMO_SIZE = 16 * 8192 # a memo's entries: per suit and its dead role cards (none,
                                # the 2, another, both: ``dead_cards``), per set of its cards in play
    CANON_KNOWN = 0x8000        # a memo entry holds the suit's canonical ranks (low 13 bits)


cdef inline void canonicalise(const Rules* r, const State* s, Canon* c,
                              uint16_t* memo) noexcept nogil:
    """Fill ``c`` for the trick start ``s`` (``s.nplayed == 0``). ``memo`` (or NULL):
    ``CANON_MEMO_SIZE`` entries, zeroed, used for one trump only: each suit's canonical
    ranks by its cards in play, computed once per solve (``canon_suit`` with its loops was
    half of this function's time, 5 % of a full Japanese deal's)."""
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    cdef uint64_t in_play = s.in_play, rem, canon, points, h, out, moved = 0, src, dst
    cdef uint64_t special = live_special(t, dead_cards(t, s)), gone
    cdef int8_t to[52]
    cdef int i, su, shift, card, slot
    # First each suit's mapping, card by card (to[card] = its canonical card), then each hand
    # through it: one pass over the suits' cards in play plus one over the hands' moved cards.
    for su in range(4):
        shift = 13 * su
        rem = (in_play >> shift) & 0x1FFF
        c.rem[su] = rem
        if s.trump == TRUMP_UNFIXED:
            c.canon[su] = rem
            continue
        # A dead role card is an ordinary one here: the suit's mapping has its own memo
        # slot (one for a dead 2, one for another dead card, one for both).
        gone = ((t.special_mask ^ special) >> shift) & 0x1FFF
        slot = 8192 * (su + 4 * (<int>(gone & 1) | (2 if gone & 0x1FFE else 0))) + <int>rem
        if memo != NULL and memo[slot]:
            canon = memo[slot] & 0x1FFF
        else:
            points = (point_mask_of(r) >> shift) & 0x1FFF if unit_points_of(r) else 0
            canon = canon_suit(rem, (special >> shift) & 0x1FFF, points)
            if memo != NULL:
                memo[slot] = <uint16_t>(canon | CANON_KNOWN)
        c.canon[su] = canon
        if canon == rem:
            continue
        # Only the cards whose rank changes need mapping; the walk goes up from the lowest
        # card and stops where the cards left above agree (they keep their ranks).
        src = rem
        dst = canon
        while src != dst:
            i = ctz64(src)
            card = ctz64(dst)
            # Written whatever i is (to[] is read only for the moved cards), and ``moved``
            # by arithmetic: whether a card moves is data, which the branch mispredicted.
            to[shift + i] = <int8_t>(shift + card)
            moved |= (<uint64_t>(i != card)) << (shift + i)
            src &= src - 1
            dst &= dst - 1
    for i in range(7):
        c.hands[i] = s.hands[i]
    if moved:
        for i in range(n_seats_of(r)):
            h = s.hands[i] & moved
            if h:
                out = s.hands[i] & ~moved
                while h:
                    out |= (<uint64_t>1) << to[ctz64(h)]
                    h &= h - 1
                c.hands[i] = out


cdef inline void canonicalise_plain(const Rules* r, const State* s, Canon* c) noexcept nogil:
    """``canonicalise`` for plain rules (no role cards, no point classes, trump fixed):
    each suit's cards in play packed to its top ranks (``compress_init`` must have run)."""
    cdef uint64_t in_play = s.in_play, rem, lo, hi, h
    cdef int i, su, shift, k, nl, up
    for i in range(7):
        c.hands[i] = s.hands[i]
    for su in range(4):
        shift = 13 * su
        rem = (in_play >> shift) & 0x1FFF
        c.rem[su] = rem
        k = popcount64(rem)
        c.canon[su] = ((((<uint64_t>1) << k) - 1) << (13 - k)) if k else 0
        if c.canon[su] == rem:
            continue
        lo = (rem & 0x7F) << 7
        hi = (rem >> 7) << 6
        nl = popcount64(rem & 0x7F)
        up = 13 - k
        for i in range(n_seats_of(r)):
            h = (s.hands[i] >> shift) & 0x1FFF
            if h:
                h = (<uint64_t>napoleon_compress7[lo | (h & 0x7F)] |
                     (<uint64_t>napoleon_compress6[hi | (h >> 7)] << nl)) << up
                c.hands[i] = (c.hands[i] & ~((<uint64_t>0x1FFF) << shift)) | (h << shift)


cdef inline int nth_bit(uint64_t mask, int k) noexcept nogil:
    """Index of the ``k``-th lowest set bit of ``mask`` (k from 0)."""
    while k > 0:
        mask &= mask - 1
        k -= 1
    return ctz64(mask)


cdef inline int move_to_canon(const Canon* c, int move) noexcept nogil:
    """A move's card translated to canonical ranks (option bits kept)."""
    cdef int card = move & 63, su, rank
    if move < 0 or card == JOKER:
        return move
    su = card // 13
    rank = card - 13 * su
    rank = nth_bit(c.canon[su], popcount64(c.rem[su] & (((<uint64_t>1) << rank) - 1)))
    return (move & ~63) | (13 * su + rank)


cdef inline int move_from_canon(const Canon* c, int move) noexcept nogil:
    """The inverse of :func:`move_to_canon` (-1 stays -1)."""
    cdef int card = move & 63, su, rank
    if move < 0 or card == JOKER:
        return move
    su = card // 13
    rank = card - 13 * su
    if not (c.canon[su] >> rank) & 1:
        return -1
    rank = nth_bit(c.rem[su], popcount64(c.canon[su] & (((<uint64_t>1) << rank) - 1)))
    return (move & ~63) | (13 * su + rank)
