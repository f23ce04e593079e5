# cython: language_level=3
"""Sure tricks for the leader's side through its partner (plain trick-count rules, a side of
two seats as in bridge), on top of the leader's own ``quick_tricks`` (``_quick.pxd``).

* ``entry_tricks``: the leader leads a small card to a partner's winner (or a card the
  partner ruffs, no opponent overruffing), the partner cashes its own quick tricks.
* The same after the leader has first cashed what ``quick_tricks`` counts (``side_tricks``):
  the hands after those rounds are built with every unknown card kept where it can only
  lower the count (``drop_rounds``), and the partner's discards on the leader's winners
  are paid for by capping the sum at the tricks left.
* ``entry_upper`` spares the entry counts when they cannot reach the test.

Each count names, for partition search (``_part.pxd``), the cards whose ranks it relied
on; why that is enough is said at each function.
"""

from libc.stdint cimport uint64_t
from solver._rules cimport Rules, State, popcount64, clz64, suit_cards
from solver._quick cimport quick_tricks
from solver._rules cimport n_seats_of


cdef inline int lone_partner(const Rules* r, int L) noexcept nogil:
    """The partner of seat ``L`` when its side has two seats (as in bridge), else -1."""
    cdef int side = (r.side_mask >> L) & 1, i, P = -1
    if n_seats_of(r) == 4 and (r.side_mask == 5 or r.side_mask == 10):
        return L ^ 2            # bridge: the seat opposite
    for i in range(n_seats_of(r)):
        if i != L and ((r.side_mask >> i) & 1) == side:
            if P >= 0:
                return -1
            P = i
    return P


cdef inline int entry_tricks(const Rules* r, const State* s, int cutoff, uint64_t* rel) noexcept nogil:
    """Sure tricks for the leader's side through an entry (plain rules, a side of two seats
    as in bridge): the leader leads its lowest card of a side suit in which the partner
    holds a card above every opponent's card of the suit and above that lowest card, and
    no opponent can ruff (each holds the suit, or no trump), or a side suit in which the
    partner holds no card but a trump, which it ruffs with (no opponent overruffs, for the
    same reason; only one trump is played, so no rank decides that trick and no card is
    named for it). The partner wins and cashes
    its quick tricks, counted on the hands after that trick with every unknown card kept
    where it can only lower the count: an opponent who follows loses its lowest card of
    the suit (its higher ones stay in play), one who cannot holds no trump, so it never
    ruffs and its cards only stay in play. 0 if there is no such entry.

    ``rel`` (partition search) gets the partner's entry card and the cards the partner's
    count relied on. A position that keeps them (and every suit length) has the entry
    too: the cards above the entry card are kept, so none is the partner's or an
    opponent's, and the leader's lowest card of the suit is below it (small there when
    small here). The cards that leave in the entry trick are each hand's lowest of the
    suit (small in both, or the same kept card), so the hands after it agree again on
    the cards the partner's count relied on."""
    cdef int L = s.leader, P = lone_partner(r, s.leader), side = (r.side_mask >> s.leader) & 1
    cdef int i, su, best = 0, v, p, ruff
    cdef uint64_t trel
    cdef uint64_t cards, opp_suit, low, h
    cdef State t
    rel[0] = 0
    if P < 0:
        return 0
    for su in range(4):
        if su == s.trump:
            continue
        cards = suit_cards(su)
        if not s.hands[L] & cards:
            continue
        if not s.hands[P] & cards:
            # An entry by a ruff: the partner trumps the leader's lowest card of the suit
            # with its lowest trump; no opponent may overruff (each follows suit or holds
            # no trump), so only one trump is played and no rank decides the trick.
            if s.trump > 3 or not s.hands[P] & suit_cards(s.trump):
                continue
            ruff = 0
            for i in range(n_seats_of(r)):
                if ((r.side_mask >> i) & 1) != side and not s.hands[i] & cards and \
                        s.hands[i] & suit_cards(s.trump):
                    ruff = 1
            if ruff:
                continue
            t = s[0]
            low = t.hands[L] & cards
            t.hands[L] ^= low & -low
            h = t.hands[P] & suit_cards(s.trump)
            t.hands[P] ^= h & -h
            for i in range(n_seats_of(r)):
                h = t.hands[i] & cards
                if ((r.side_mask >> i) & 1) != side and h:
                    t.hands[i] ^= h & -h
            t.leader = P
            v = 1 + quick_tricks(r, &t, cutoff - 1, &trel, NULL)
            if v > best:
                best = v
                rel[0] = trel
                if best >= cutoff:
                    break
            continue
        opp_suit = 0
        ruff = 0
        for i in range(n_seats_of(r)):
            if ((r.side_mask >> i) & 1) != side:
                opp_suit |= s.hands[i] & cards
                if s.trump < 4 and not s.hands[i] & cards and s.hands[i] & suit_cards(s.trump):
                    ruff = 1
        if ruff:
            continue
        p = 63 - clz64(s.hands[P] & cards)
        low = s.hands[L] & cards
        low &= -low
        if (opp_suit >> p) or low > ((<uint64_t>1) << p):
            continue
        t = s[0]
        t.hands[L] &= ~low
        t.hands[P] &= ~((<uint64_t>1) << p)
        for i in range(n_seats_of(r)):
            h = t.hands[i] & cards
            if ((r.side_mask >> i) & 1) != side and h:
                t.hands[i] &= ~(h & -h)
        t.leader = P
        v = 1 + quick_tricks(r, &t, cutoff - 1, &trel, NULL)
        if v > best:
            best = v
            rel[0] = trel | ((<uint64_t>1) << p)
            if best >= cutoff:
                break
    return best


cdef inline int entry_upper(const Rules* r, const State* s, int P, int side) noexcept nogil:
    """At least what ``entry_tricks`` may count for the partner ``P`` on the hands ``s``:
    1 for the entry trick and, per suit, every card of ``P``'s unless an opponent holding
    two or more cards of the suit (still holding it after the entry trick) has one above
    ``P``'s highest (then ``keep_run`` gives ``P`` nothing there)."""
    cdef int su, i, u = 1
    cdef uint64_t cards, mine, h, high = 0, o1, o2
    if n_seats_of(r) == 4 and (r.side_mask == 5 or r.side_mask == 10):
        # bridge: the opponents are the seats beside the partner
        o1 = s.hands[(P + 1) & 3]
        o2 = s.hands[(P + 3) & 3]
        for su in range(4):
            cards = suit_cards(su)
            mine = s.hands[P] & cards
            if not mine:
                continue
            high = o1 & cards
            if not high & (high - 1):
                high = 0
            h = o2 & cards
            if h & (h - 1) and h > high:
                high = h
            if high == 0 or (<uint64_t>1) << (63 - clz64(high)) < mine:
                u += popcount64(mine)
        return u
    for su in range(4):
        cards = suit_cards(su)
        mine = s.hands[P] & cards
        if not mine:
            continue
        high = 0
        for i in range(n_seats_of(r)):
            h = s.hands[i] & cards
            if ((r.side_mask >> i) & 1) != side and h & (h - 1) and h > high:
                high = h
        if high == 0 or (<uint64_t>1) << (63 - clz64(high)) < mine:
            u += popcount64(mine)
    return u


cdef inline int side_tricks(const Rules* r, const State* s, int cutoff, uint64_t* rel,
                            int* entry) noexcept nogil:
    """The best of the sure-trick counts for the leader's side, up to ``cutoff``: its own
    ``quick_tricks``; ``entry_tricks`` straight away; and (a side of two seats) the leader
    first cashing what ``quick_tricks`` counts, then ``entry_tricks`` on the hands after
    those rounds (``drop_rounds``: opponents follow with their lowest cards and keep the
    rest when they cannot follow; opponents with trumps follow in every counted round,
    those without never ruff). The partner discards when it cannot follow; its cards stay
    in the entry count's hands, and of the ``N - a`` cards it really keeps (``a``: the
    leader's tricks, ``N``: tricks left) it spends ``b`` (its entry trick and those it
    cashes) when ``a + b <= N``; otherwise it throws its last counted card of some suit
    other than the entry card, each costing at most one trick: so the side takes at
    least ``min(a + b, N)``. ``entry``: 1 when an entry gave the count. ``rel``: the cards
    of the counts used (the cards removed between them are each hand's lowest of a suit,
    or the leader's counted ones, the same in every position that agrees on those, as in
    ``entry_tricks``). Entries are tried only when ``entry_upper`` lets them reach
    ``cutoff``."""
    cdef int L = s.leader, P = lone_partner(r, s.leader), side = (r.side_mask >> s.leader) & 1
    cdef int a, b = 0, nt
    cdef uint64_t erel, qrel, brel = 0
    cdef State t
    entry[0] = 0
    if P < 0:
        return quick_tricks(r, s, cutoff, rel, NULL)
    t = s[0]
    a = quick_tricks(r, s, cutoff, &qrel, &t)
    rel[0] = qrel
    if a >= cutoff:
        return a
    if a == 0 and entry_upper(r, s, P, side) >= cutoff:
        b = entry_tricks(r, s, cutoff, &brel)
        if b > a:
            entry[0] = 1
            rel[0] = brel
            if b >= cutoff:
                return b
    if a:
        if a + entry_upper(r, &t, P, side) >= cutoff:
            nt = entry_tricks(r, &t, cutoff - a, &erel)
            if nt:
                nt += a
                if nt > popcount64(s.hands[L]):
                    nt = popcount64(s.hands[L])
                if nt > a and nt > b:
                    entry[0] = 1
                    rel[0] = qrel | erel
                    return nt
    return b if b > a else a
