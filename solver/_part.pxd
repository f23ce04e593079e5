# cython: language_level=3
"""Partition search (plain trick-count rules: bridge, Nap): one table entry for every
position that differs only in low cards whose ranks did not matter.

The search returns with each bound a set ``rel`` of cards whose rank decided something
below it: the winner of each trick in which another card of its suit was played (a trump
over a trump, the highest of the suit led over followers), the sure winners the quick-trick
count relied on, and the cards a table entry kept. Per suit only the lowest such card
counts: the bound holds for every position in which

* every card of the suit from the top down to that card (the "kept" cards, in relative
  ranks) has the same holder, and
* every hand holds as many cards of each suit as here (the rest are "small" cards, below
  every kept card, whatever their ranks and holders within that count).

Why (a proof, by induction over the search below): map each kept card to the card of the
same relative rank and each hand's small cards of a suit to the other position's small
cards of that hand and suit. Legal play depends on suits only, so the search's lines stay
legal. A trick decided by rank was won by a kept card (it is in ``rel``), and every card it
beat is kept and lower or small, so lower again; a trick not decided by rank was won by
the only card of its suit (led suit or trump), whatever the ranks. So every trick has the
same winner, the same bound. A side that must try every card (an all-node) tried only one
card of each run of equivalent cards (``_order.pxd``: the lowest); a card of the other
position maps onto a tried one when both are small (any of the hand's small cards may be
paired with the hand's lowest, always tried) or both kept (the run is kept whole, so it is
a run there too). A run cut by the lowest relevant card (its top kept, its bottom small)
would break this, so ``close_runs`` then adds the run's lowest card to ``rel``.

The table (``_tt.pxd``) keys such an entry by the leader, trump, tricks left and suit
lengths of every hand; the entry holds the kept cards of each hand in relative ranks and
how many cards per suit are kept, and a position matches it when its own kept cards agree.
"""

from libc.stdint cimport uint64_t, int8_t
from solver._rules cimport (Rules, State, popcount64, ctz64, clz64, suit_cards, bit, high_card,
                            trump_index, TRUMP_UNFIXED)

cdef enum:
    LEN_SHIFT = 52          # key word bits 52..63: the hand's lengths in suits 0..2 (4 bits each)

cdef extern from *:
    """
    #define NAPOLEON_LEN_MASK (0xFFFULL << 52)
    """
    const uint64_t LEN_MASK "NAPOLEON_LEN_MASK"  # the lengths bits of a key word


cdef inline uint64_t trick_rel(const int8_t* cards, int n, int w) noexcept nogil:
    """The card of the finished trick ``cards[0:n]`` whose rank decided it (winner index
    ``w``): the winner when another card of its suit was played; else 0."""
    cdef int cw = cards[w], i, su = cards[w] // 13
    for i in range(n):
        if i != w and cards[i] // 13 == su:
            return bit(cw)
    return 0


cdef inline uint64_t closure(uint64_t rel, uint64_t in_play) noexcept nogil:
    """The kept cards: per suit, the cards in play from the top down to the lowest card of
    ``rel`` in that suit."""
    cdef uint64_t out = 0, r, low
    cdef int su
    for su in range(4):
        r = rel & suit_cards(su)
        if r:
            low = r & (0 - r)
            out |= in_play & suit_cards(su) & ~(low - 1)
    return out


cdef inline uint64_t close_runs(uint64_t rel, uint64_t in_play, uint64_t legal) noexcept nogil:
    """``rel`` of an all-node whose player tried one card per run of equivalent ``legal``
    cards: when a suit's lowest relevant card is in such a run above its lowest card, the
    run's lowest card is added (the run is then kept whole; see the module note)."""
    cdef uint64_t r, low, below
    cdef int su, c
    for su in range(4):
        r = rel & suit_cards(su)
        if not r:
            continue
        c = ctz64(r)
        if not (legal >> c) & 1:
            continue
        # Walk down while the next lower card in play is the player's (legal) too.
        while True:
            below = in_play & suit_cards(su) & (bit(c) - 1)
            if not below:
                break
            c = 63 - clz64(below)
            if not (legal >> c) & 1:
                break
            rel |= bit(c)
    return rel


cdef inline void part_words(const Rules* r, const State* s, const uint64_t* canon_hands,
                            uint64_t* words) noexcept nogil:
    """The words a partition entry is matched on: per seat its hand in relative ranks and,
    in bits 52..63, its lengths in suits 0..2 (suit 3 follows from the tricks left)."""
    cdef int i
    cdef uint64_t h
    for i in range(r.n_seats):
        h = s.hands[i]
        words[i] = canon_hands[i] | \
            (<uint64_t>popcount64(h & suit_cards(0)) << LEN_SHIFT) | \
            (<uint64_t>popcount64(h & suit_cards(1)) << (LEN_SHIFT + 4)) | \
            (<uint64_t>popcount64(h & suit_cards(2)) << (LEN_SHIFT + 8))


cdef inline uint64_t kept_counts(const State* s, uint64_t rel, uint64_t in_play) noexcept nogil:
    """Per suit (4 bits each, suit 0 lowest) how many of its cards in play are kept for
    ``rel``; 13 everywhere before Nap's first lead fixes trump (keys are exact there)."""
    cdef uint64_t kept, out = 0
    cdef int su
    if s.trump == TRUMP_UNFIXED:
        return 0xDDDD
    kept = closure(rel, in_play)
    for su in range(4):
        out |= (<uint64_t>popcount64(kept & suit_cards(su))) << (4 * su)
    return out


cdef inline uint64_t keep_mask(uint64_t counts) noexcept nogil:
    """The key bits to compare for ``counts`` (``kept_counts``): per suit the top ranks in
    relative ranks (cards in play are packed to the top of the suit), plus the lengths."""
    cdef uint64_t out = (<uint64_t>0xFFF) << LEN_SHIFT
    cdef int su, k
    for su in range(4):
        k = <int>((counts >> (4 * su)) & 0xF)
        out |= ((((<uint64_t>1) << k) - 1) << (13 - k)) << (13 * su)
    return out


cdef inline uint64_t rel_of_counts(uint64_t counts, uint64_t in_play) noexcept nogil:
    """``rel`` for an entry with these kept counts, in this position: per suit its lowest
    kept card (the ``k``-th highest card in play)."""
    cdef uint64_t out = 0, m
    cdef int su, k
    for su in range(4):
        k = <int>((counts >> (4 * su)) & 0xF)
        if k == 0:
            continue
        m = in_play & suit_cards(su)
        while k > 1 and m:
            m &= ~bit(63 - clz64(m))
            k -= 1
        if m:
            out |= bit(63 - clz64(m))
    return out


cdef inline uint64_t small_twins(int c, uint64_t rel, uint64_t in_play, uint64_t legal) noexcept nogil:
    """The moves a node may skip after searching ``c`` without a cut-off (``rel``: the cards
    its moves' bounds relied on so far, ``legal``: the player's legal cards): when ``c`` lies
    below the lowest card of ``rel`` in its suit (every card of the suit when ``rel`` has
    none), so does any other legal card ``d`` of the suit below it, and the positions after
    ``c`` and after ``d`` agree on every kept card and every suit length (the trick counts
    as one more holder), so ``c``'s bound holds for ``d``. A run of equivalent cards is
    searched through its lowest card: a run reaching up to that lowest card is not skipped
    (its higher cards are not small)."""
    cdef int su = c // 13, x
    cdef uint64_t suit = suit_cards(su), rs = rel & suit, low, m, below
    low = (rs & (0 - rs)) if rs else bit(13 * su + 13)
    if bit(c) >= low:
        return 0
    m = in_play & legal & suit & (low - 1) & ~bit(c)
    if rs and (legal & low):
        x = ctz64(low)
        while True:
            below = in_play & suit & (bit(x) - 1)
            if not below:
                break
            x = high_card(below)
            if not (legal >> x) & 1:
                break
            m &= ~bit(x)
    return m
