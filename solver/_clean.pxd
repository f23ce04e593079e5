# cython: language_level=3, cdivision=True
"""The "clean wins" of the sure bounds (``_sure.pxd``): a hand's trumps, role cards and Joker
that only a few cards of the other hands beat win all but as many tricks, and the points the
other hands must give to those tricks. ``clean_points`` is the bound, ``clean_cap`` a cheap cap on
it that lets ``sure_bounds`` skip it; each card's threats come from ``_sure.pxd``.
"""

from libc.stdint cimport uint64_t
from solver._rules cimport Rules, State, popcount64, ctz64
from solver._rules cimport n_seats_of, unit_points_of, point_mask_of


cdef inline int sure_worth(const Rules* r, uint64_t cards) noexcept nogil:
    """What winning the tricks of ``cards`` (one card each) is sure to bring."""
    if unit_points_of(r):
        return popcount64(cards & point_mask_of(r))
    return popcount64(cards)


cdef inline int _greedy(const uint64_t* thr_of, const int* keys, int n, uint64_t mask,
                        uint64_t* best_c) noexcept nogil:
    """The best |C| - |U| over the first j cards (j = 1..n; ``keys`` from ``_insert_key``,
    fewer threats first; a card's threats are ``thr_of[c] & mask``); ``best_c`` gets C."""
    cdef int j, c, m, best = 0
    cdef uint64_t U = 0, C = 0
    best_c[0] = 0
    for j in range(n):
        c = keys[j] & 63
        U |= thr_of[c] & mask
        C |= (<uint64_t>1) << c
        m = (j + 1) - popcount64(U)     # C holds j + 1 cards
        if m > best:
            best = m
            best_c[0] = C
    return best


cdef inline int _insert_key(int* keys, int n, int key) noexcept nogil:
    """Insert ``key`` (a card's number of threats times 64 plus the card) into the ``n``
    keys kept in order; returns the new number. Cards come in rising order, so equal
    counts keep the order they came in."""
    cdef int j = n
    while j > 0 and keys[j - 1] > key:
        keys[j] = keys[j - 1]
        j -= 1
    keys[j] = key
    return n + 1


cdef inline void clean_set(const uint64_t* thr_of, uint64_t cand, uint64_t sure,
                           uint64_t opp, int* k_all, uint64_t* c_all,
                           int* k_opp, uint64_t* c_opp) noexcept nogil:
    """The most wins sure among the cards ``cand`` of one hand (trumps, role cards, Joker;
    ``thr_of``: each one's threats, ``_threats``): a set C of them, |C| - |U| with U their
    threats (see ``clean_points``). ``k_all``/``c_all``: against every other hand's threats, C
    without the absolute cards ``sure``; ``k_opp``/``c_opp``: against the threats held by
    the other side (``opp``), the absolute cards in C."""
    cdef int c, n = 0, n2 = 0
    cdef uint64_t t
    cdef int keys[16]           # by number of threats, then card: see _insert_key
    cdef int keys2[16]
    while cand and n2 < 16:
        c = ctz64(cand)
        cand &= cand - 1
        t = thr_of[c]
        if not (sure >> c) & 1:
            n = _insert_key(keys, n, (popcount64(t) << 6) | c)
        n2 = _insert_key(keys2, n2, (popcount64(t & opp) << 6) | c)
    k_all[0] = _greedy(thr_of, keys, n, ~(<uint64_t>0), c_all)
    k_opp[0] = _greedy(thr_of, keys2, n2, opp, c_opp)


cdef inline int clean_points(const Rules* r, const uint64_t* thr_of, uint64_t abs_ok,
                             const State* s, int side, uint64_t sure, uint64_t opp,
                             uint64_t* used) noexcept nogil:
    """What ``side`` takes for sure from its absolute cards ``sure`` and its "clean" wins
    (-1 when there are none beyond ``sure``); ``used`` gets the cards counted. ``thr_of``:
    the threats (``_threats``) of the cards ``abs_ok`` held (trumps, role cards, Joker);
    ``opp``: the cards of the other side.

    A trump, role card or Joker ``c`` of a hand H wins every trick holding none of its
    threats (the cards of the other hands that beat it in a two-card trick, both pair cards
    when the pair rule beats it, the 2 of its suit under Same-two: the argument of the
    absolute cards). Every card of H is played in its own trick and every threat in one
    trick, so of a set C of such cards of H at least |C| - |U| win (U: their threats). A
    clean win is won by its own card, so the clean wins of different hands and the side's
    absolute tricks are different tricks: the side takes at least k of them, k = |sure| +
    the clean wins of each hand. Each hand plays one card to each: a hand of the other
    side at least k minus its non-point cards in points, a hand of the side its absolute
    cards, at least its clean count from C and the rest of its k cards from the others.

    One hand alone may do better by counting only the other side's threats: when ``c``
    loses a trick, the trick's winner is one of its threats, so a trick of C without a
    threat held by the other side goes to the side (its holder's or a partner's card
    wins). Those are |C| - |U| tricks at least, C taken with the hand's absolute cards.

    Under partition search the bound names ``sure`` and every C counted: threats of a
    trump come from above it in its suit (kept) or are role cards (kept), and the counts
    per hand of point and non-point cards are the same wherever those cards are."""
    cdef int i, j, k = popcount64(sure), pts, a, kc, np_c, np_r, rest, m, best2 = 0, p2
    cdef int kcl[8]
    cdef uint64_t hand, cl_all = 0, c2, best2_c = 0
    cdef uint64_t cls[8]
    cdef int seats
    if not (s.in_play & ~opp & abs_ok & ~sure):
        return -1           # every candidate of the side is absolute: no hand below counts
    # The side's seats only, as a bit set (``kcl`` and ``cls`` are read for those alone).
    seats = (r.side_mask if side else ~r.side_mask) & ((1 << n_seats_of(r)) - 1)
    while seats:
        i = ctz64(seats)
        seats &= seats - 1
        kcl[i] = 0
        cls[i] = 0
        hand = s.hands[i]
        if not (hand & abs_ok & ~sure):
            continue
        clean_set(thr_of, hand & abs_ok, sure, opp, &kcl[i], &cls[i], &m, &c2)
        k += kcl[i]
        cl_all |= cls[i]
        if m > best2 and (c2 & ~sure):
            best2 = m
            best2_c = c2
    if not cl_all and not best2_c:
        return -1
    pts = -1
    if cl_all:
        used[0] = sure | cl_all
        pts = sure_worth(r, sure) if unit_points_of(r) else k
    if unit_points_of(r) and cl_all:
        for i in range(n_seats_of(r)):
            hand = s.hands[i]
            if ((r.side_mask >> i) & 1) != side:
                m = k - popcount64(hand & ~point_mask_of(r))
                if m > 0:
                    pts += m
                continue
            # k cards of this hand are in the side's k tricks: its absolute ones, at least
            # kcl of its clean set and the rest from its other cards; fewest points first.
            a = popcount64(hand & sure)
            kc = kcl[i]
            np_c = popcount64(cls[i] & ~point_mask_of(r))
            np_r = popcount64(hand & ~sure & ~point_mask_of(r))
            if kc > np_c:
                pts += kc - np_c
                np_r -= np_c
            else:
                np_r -= kc
            rest = (k - a - kc) - np_r
            if rest > 0:
                pts += rest
    if best2_c:
        # best2 tricks, each with a card of best2_c; every hand gives one card to each
        p2 = best2
        if unit_points_of(r):
            p2 = 0
            for i in range(n_seats_of(r)):
                hand = s.hands[i]
                if best2_c & hand:
                    m = best2 - popcount64(best2_c & ~point_mask_of(r))
                else:
                    m = best2 - popcount64(hand & ~point_mask_of(r))
                if m > 0:
                    p2 += m
        if p2 > pts:
            pts = p2
            used[0] = best2_c
    return pts


cdef inline int clean_cap(const Rules* r, const int* pts_h, int nh, int k) noexcept nogil:
    """At least what ``clean_points`` can find for a side holding ``k`` trumps, role cards
    and Joker (its absolute cards among them), as computed: the side counts at most ``k``
    tricks, to which each hand gives at most min(k, its points), or k minus its non-point
    cards; ``pts_h``: each hand's point cards, ``nh`` cards a hand."""
    cdef int i, x, y, tot = 0
    if not unit_points_of(r):
        return k
    for i in range(n_seats_of(r)):
        x = k if k < pts_h[i] else pts_h[i]
        y = k - (nh - pts_h[i])
        tot += x if x > y else y
    return tot
