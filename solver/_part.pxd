# cython: language_level=3, cdivision=True
"""Partition search: one table entry for every position that differs only in low cards
whose ranks did not matter. Two kinds (``Rules.partition``): PART_PLAIN for plain
trick-count rules (bridge, Nap), where every card may be such a low card, and PART_ROLES
for the variants with role cards or card points (Japanese, Mighty, Japoleon, Secretary),
where the role cards and the Joker are always kept and the other cards may be abstracted,
point cards counted per hand and suit (the second half of this file).

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
from solver._rules cimport (Rules, State, TrumpRules, popcount64, ctz64, clz64, suit_cards, bit,
                            high_card, trump_index, TRUMP_UNFIXED, JOKER, PART_ROLES, MOVE_CARD)
from solver._canon cimport Canon
from solver._rules cimport (n_seats_of, first_trick_plain_of, pair_from_second_trick_of,
                            partition_of)

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


cdef inline uint64_t trick_rel_roles(const Rules* r, const int8_t* cards, int n, uint64_t mask,
                                    int trump, int trick, int w) noexcept nogil:
    """:func:`trick_rel` for PART_ROLES (``mask``: the trick's cards; ``trump``, ``trick``:
    its trump and number). A trick won by a role rule needs no rank: role cards and the
    Joker are always kept and the rules test only their presence and the suits played. So
    the winner is named when another card of its suit was played, except a 2 that took an
    all-one-suit trick by Same-two, a pair winner (Yoromeki, the killer) next to its trigger
    and a top card (the Mighty, the Jacks), which wins wherever it is played after the
    plain first trick. A powered Joker is never named."""
    cdef int cw = cards[w], su
    cdef const TrumpRules* t
    if cw == JOKER:
        return 0
    su = cw // 13
    if not (mask & suit_cards(su) & ~bit(cw)):
        return 0
    if not (first_trick_plain_of(r) and trick == 0):
        t = &r.tr[trump_index(trump)]
        if r.same_two and trick > 0 and cw == 13 * su and (mask & ~suit_cards(su)) == 0:
            return 0
        if cw == t.pair_winner and (mask >> t.pair_trigger) & 1 and \
                (trick > 0 or not pair_from_second_trick_of(r)):
            return 0
        # bitwise ``|``, not ``or``: one branch instead of three data-dependent ones
        if (cw == t.top[0]) | (cw == t.top[1]) | (cw == t.top[2]):
            return 0
    return bit(cw)


cdef inline uint64_t trick_rel_of(const Rules* r, const State* s, const State* child, int move,
                                  int w) noexcept nogil:
    """The card whose rank decided the trick that ``move`` finished at ``s`` (``child``:
    the position after it; ``w``: the winning seat), by the rules' kind of partition."""
    w -= s.leader           # the winner's index in the trick
    if w < 0:
        w += n_seats_of(r)
    if partition_of(r) == PART_ROLES:
        return trick_rel_roles(r, child.played, n_seats_of(r), s.trick_mask | bit(move & MOVE_CARD),
                               child.trump, s.trick, w)
    return trick_rel(child.played, n_seats_of(r), w)


cdef inline uint64_t closure(uint64_t rel, uint64_t in_play) noexcept nogil:
    """The kept cards: per suit, the cards in play from the top down to the lowest card of
    ``rel`` in that suit."""
    cdef uint64_t out = 0, r, low
    cdef int su
    for su in range(4):
        # no test for an empty ``r``: low = 0 then, and ~(low - 1) = 0 adds nothing
        r = rel & suit_cards(su)
        low = r & (0 - r)
        out |= in_play & suit_cards(su) & ~(low - 1)
    return out


cdef inline uint64_t close_runs(uint64_t rel, uint64_t in_play, uint64_t legal) noexcept nogil:
    """``rel`` of an all-node whose player tried one card per run of equivalent ``legal``
    cards: when a suit's lowest relevant card is in such a run above its lowest card, the
    run's lowest card is added (the run is then kept whole; see the module note)."""
    cdef uint64_t below
    cdef int su, c
    for su in range(4):
        # One test for "r is empty, or its lowest card is not legal": an empty r gives
        # card 63, never legal (cards are below 53).
        c = ctz64((rel & suit_cards(su)) | (<uint64_t>1 << 63))
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
    for i in range(n_seats_of(r)):
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


# ``keep_mask`` by two suits at a time: entry b is the top (b & 15) ranks of the first suit
# and the top (b >> 4) of the next (13 bits each); a table probe asks for an entry's mask
# once per candidate entry, so a lookup replaces four variable shifts per suit. (A count is
# at most 13; 14 and 15 never occur and map to the whole suit.)
cdef extern from *:
    """
    static const unsigned int napoleon_keep2[256] = {
        0x0000000u, 0x0001000u, 0x0001800u, 0x0001c00u, 0x0001e00u, 0x0001f00u, 0x0001f80u, 0x0001fc0u,
        0x0001fe0u, 0x0001ff0u, 0x0001ff8u, 0x0001ffcu, 0x0001ffeu, 0x0001fffu, 0x0001fffu, 0x0001fffu,
        0x2000000u, 0x2001000u, 0x2001800u, 0x2001c00u, 0x2001e00u, 0x2001f00u, 0x2001f80u, 0x2001fc0u,
        0x2001fe0u, 0x2001ff0u, 0x2001ff8u, 0x2001ffcu, 0x2001ffeu, 0x2001fffu, 0x2001fffu, 0x2001fffu,
        0x3000000u, 0x3001000u, 0x3001800u, 0x3001c00u, 0x3001e00u, 0x3001f00u, 0x3001f80u, 0x3001fc0u,
        0x3001fe0u, 0x3001ff0u, 0x3001ff8u, 0x3001ffcu, 0x3001ffeu, 0x3001fffu, 0x3001fffu, 0x3001fffu,
        0x3800000u, 0x3801000u, 0x3801800u, 0x3801c00u, 0x3801e00u, 0x3801f00u, 0x3801f80u, 0x3801fc0u,
        0x3801fe0u, 0x3801ff0u, 0x3801ff8u, 0x3801ffcu, 0x3801ffeu, 0x3801fffu, 0x3801fffu, 0x3801fffu,
        0x3c00000u, 0x3c01000u, 0x3c01800u, 0x3c01c00u, 0x3c01e00u, 0x3c01f00u, 0x3c01f80u, 0x3c01fc0u,
        0x3c01fe0u, 0x3c01ff0u, 0x3c01ff8u, 0x3c01ffcu, 0x3c01ffeu, 0x3c01fffu, 0x3c01fffu, 0x3c01fffu,
        0x3e00000u, 0x3e01000u, 0x3e01800u, 0x3e01c00u, 0x3e01e00u, 0x3e01f00u, 0x3e01f80u, 0x3e01fc0u,
        0x3e01fe0u, 0x3e01ff0u, 0x3e01ff8u, 0x3e01ffcu, 0x3e01ffeu, 0x3e01fffu, 0x3e01fffu, 0x3e01fffu,
        0x3f00000u, 0x3f01000u, 0x3f01800u, 0x3f01c00u, 0x3f01e00u, 0x3f01f00u, 0x3f01f80u, 0x3f01fc0u,
        0x3f01fe0u, 0x3f01ff0u, 0x3f01ff8u, 0x3f01ffcu, 0x3f01ffeu, 0x3f01fffu, 0x3f01fffu, 0x3f01fffu,
        0x3f80000u, 0x3f81000u, 0x3f81800u, 0x3f81c00u, 0x3f81e00u, 0x3f81f00u, 0x3f81f80u, 0x3f81fc0u,
        0x3f81fe0u, 0x3f81ff0u, 0x3f81ff8u, 0x3f81ffcu, 0x3f81ffeu, 0x3f81fffu, 0x3f81fffu, 0x3f81fffu,
        0x3fc0000u, 0x3fc1000u, 0x3fc1800u, 0x3fc1c00u, 0x3fc1e00u, 0x3fc1f00u, 0x3fc1f80u, 0x3fc1fc0u,
        0x3fc1fe0u, 0x3fc1ff0u, 0x3fc1ff8u, 0x3fc1ffcu, 0x3fc1ffeu, 0x3fc1fffu, 0x3fc1fffu, 0x3fc1fffu,
        0x3fe0000u, 0x3fe1000u, 0x3fe1800u, 0x3fe1c00u, 0x3fe1e00u, 0x3fe1f00u, 0x3fe1f80u, 0x3fe1fc0u,
        0x3fe1fe0u, 0x3fe1ff0u, 0x3fe1ff8u, 0x3fe1ffcu, 0x3fe1ffeu, 0x3fe1fffu, 0x3fe1fffu, 0x3fe1fffu,
        0x3ff0000u, 0x3ff1000u, 0x3ff1800u, 0x3ff1c00u, 0x3ff1e00u, 0x3ff1f00u, 0x3ff1f80u, 0x3ff1fc0u,
        0x3ff1fe0u, 0x3ff1ff0u, 0x3ff1ff8u, 0x3ff1ffcu, 0x3ff1ffeu, 0x3ff1fffu, 0x3ff1fffu, 0x3ff1fffu,
        0x3ff8000u, 0x3ff9000u, 0x3ff9800u, 0x3ff9c00u, 0x3ff9e00u, 0x3ff9f00u, 0x3ff9f80u, 0x3ff9fc0u,
        0x3ff9fe0u, 0x3ff9ff0u, 0x3ff9ff8u, 0x3ff9ffcu, 0x3ff9ffeu, 0x3ff9fffu, 0x3ff9fffu, 0x3ff9fffu,
        0x3ffc000u, 0x3ffd000u, 0x3ffd800u, 0x3ffdc00u, 0x3ffde00u, 0x3ffdf00u, 0x3ffdf80u, 0x3ffdfc0u,
        0x3ffdfe0u, 0x3ffdff0u, 0x3ffdff8u, 0x3ffdffcu, 0x3ffdffeu, 0x3ffdfffu, 0x3ffdfffu, 0x3ffdfffu,
        0x3ffe000u, 0x3fff000u, 0x3fff800u, 0x3fffc00u, 0x3fffe00u, 0x3ffff00u, 0x3ffff80u, 0x3ffffc0u,
        0x3ffffe0u, 0x3fffff0u, 0x3fffff8u, 0x3fffffcu, 0x3fffffeu, 0x3ffffffu, 0x3ffffffu, 0x3ffffffu,
        0x3ffe000u, 0x3fff000u, 0x3fff800u, 0x3fffc00u, 0x3fffe00u, 0x3ffff00u, 0x3ffff80u, 0x3ffffc0u,
        0x3ffffe0u, 0x3fffff0u, 0x3fffff8u, 0x3fffffcu, 0x3fffffeu, 0x3ffffffu, 0x3ffffffu, 0x3ffffffu,
        0x3ffe000u, 0x3fff000u, 0x3fff800u, 0x3fffc00u, 0x3fffe00u, 0x3ffff00u, 0x3ffff80u, 0x3ffffc0u,
        0x3ffffe0u, 0x3fffff0u, 0x3fffff8u, 0x3fffffcu, 0x3fffffeu, 0x3ffffffu, 0x3ffffffu, 0x3ffffffu,
    };
    """
    const unsigned int* napoleon_keep2


cdef inline uint64_t keep_mask(uint64_t counts) noexcept nogil:
    """The key bits to compare for ``counts`` (``kept_counts``): per suit the top ranks in
    relative ranks (cards in play are packed to the top of the suit), plus the lengths."""
    return ((<uint64_t>0xFFF) << LEN_SHIFT) | (<uint64_t>napoleon_keep2[counts & 0xFF]) | \
        ((<uint64_t>napoleon_keep2[(counts >> 8) & 0xFF]) << 26)


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


# ---- PART_ROLES (role cards, points): the kept cards in relative ranks -----------------------
#
# In the point games a trick's value depends on how many point cards it holds, and the role
# cards decide tricks by presence (top cards, the pair, the Joker, Same-two's 2, the Ripper's
# call, Secretary's coup card, the free cards), so those keep their exact holders. Below the
# line the other cards are small as before, point cards included (``Rules.part_points``):
# each hand keeps, per suit, its number of small cards and of small point cards (every
# point card is worth 1), and the map of the proof above sends a hand's small point cards of
# a suit to the other position's small point cards of that hand and suit, its other small
# cards to its other small cards. The proof then goes through with these changes. Legal play
# depends on suits and on role cards only (free cards and trick-1 bans are role cards or
# whole suits). A trick decided by a role rule has the same winner wherever the same role
# cards and suits are played; the rules test nothing else (``trick_rel_roles``). A trick
# decided by rank was won by a named card, as before; a rank never decides between two
# small cards, whatever their points. Every card keeps its point value, so every trick
# brings the same points. Runs of equivalent cards never mix points with non-points or
# include role cards (``_order.pxd``), so a run cut by the line is closed within its class
# (``close_runs`` on the player's non-role cards of the line card's class), and a hand's
# lowest small card of each class in a suit is always tried, as its next lower card in play
# is another seat's, of the other class, or a role card. The sure bounds (``_quick.pxd``)
# name the sure cards they count; their forced points count, per hand and suit, point and
# non-point cards, which the map keeps.
# ``small_twins`` holds within each class: after a small card of a class (ordinary, or point
# card without a role), the player's other small cards of that class in the suit lead to
# positions that differ only in re-dealt cards of one class (a role card differs in its rules).
#
# With role cards the relative-rank key (``_canon.pxd``) no longer packs a suit's cards to its
# top: role cards keep their own ranks and point cards stay among the point ranks. So an
# entry here keeps, per suit, every key rank from the top down to the rank of the lowest
# relevant card (``counts``: how many ranks, 4 bits per suit), always the role cards and the
# Joker (``TrumpRules.keep_extra``), and each hand's number of point cards without a role per
# suit (``TrumpRules.small_points``; ``_tt_roles.pxd``). Why that is exact: the
# key maps each position order-preservingly, role cards and point values included, so two
# positions that agree on those key bits and counts hold the same kept cards up to that
# mapping, and below the line each hand holds as many point cards (its count minus its kept
# ones) and as many other cards (from the lengths) of each suit: the small cards of the proof
# above. A small card beaten by rank, or beating a role card below the line by rank, would
# have named its winner; a role card below the line is tried at every all-node (it never
# merges). NAPOLEON_POINTS_KEPT=1 keeps every point card's holder instead (``keep_extra``
# then holds the point cards, and every entry keeps the top 5 key ranks, the point ranks).

cdef inline uint64_t kept_counts_roles(const Canon* cn, uint64_t rel) noexcept nogil:
    """Per suit (4 bits each) how many key ranks from the top an entry keeps for ``rel``:
    down to the key rank of the suit's lowest card of ``rel`` (0: none)."""
    cdef uint64_t out = 0, r, canon
    cdef int su, k
    for su in range(4):
        r = (rel >> (13 * su)) & 0x1FFF & cn.rem[su]
        if r:
            # the lowest card of rel: its position among the cards in play, then its key rank
            k = popcount64(cn.rem[su] & ((r & (0 - r)) - 1))
            canon = cn.canon[su]
            while k > 0:
                canon &= canon - 1
                k -= 1
            out |= (<uint64_t>(13 - ctz64(canon))) << (4 * su)
    return out


cdef inline uint64_t rel_of_counts_roles(const Canon* cn, uint64_t counts) noexcept nogil:
    """``rel`` for a PART_ROLES entry with these ``counts`` that this position (``cn``)
    matches: per suit its card on the lowest kept key rank."""
    cdef uint64_t out = 0, m, below
    cdef int su, k
    for su in range(4):
        k = <int>((counts >> (4 * su)) & 0xF)
        if k == 0:
            continue
        m = cn.canon[su] & ~((((<uint64_t>1) << (13 - k)) - 1))
        if not m:
            continue
        # the key rank's card: the card in play with as many cards below it
        below = cn.canon[su] & ((m & (0 - m)) - 1)
        m = cn.rem[su]
        k = popcount64(below)
        while k > 0:
            m &= m - 1
            k -= 1
        out |= (<uint64_t>(m & (0 - m))) << (13 * su)
    return out


cdef inline void rekey_words_roles(const Rules* r, const uint64_t* canon_hands,
                                   uint64_t* words) noexcept nogil:
    """``words`` of :func:`part_words_roles` made from the hands as they are, turned into
    the ones of their relative ranks ``canon_hands`` (the lengths, bits 53..63, stay)."""
    cdef int i
    for i in range(n_seats_of(r)):
        words[i] = canon_hands[i] | (words[i] & ~((<uint64_t>1 << 53) - 1))


cdef inline void part_words_roles(const Rules* r, const State* s, const uint64_t* canon_hands,
                                  uint64_t* words) noexcept nogil:
    """:func:`part_words` for PART_ROLES: bit 52 is the Joker, so the lengths of suits
    0..2 (at most 10 each) go to bits 53..63 as one number in radix 11."""
    cdef int i
    cdef uint64_t h
    for i in range(n_seats_of(r)):
        h = s.hands[i]
        words[i] = canon_hands[i] | ((<uint64_t>(
            popcount64(h & suit_cards(0)) + 11 * popcount64(h & suit_cards(1)) +
            121 * popcount64(h & suit_cards(2)))) << 53)
