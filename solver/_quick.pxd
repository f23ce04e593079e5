# cython: language_level=3
"""Bounds without search at trick starts: quick tricks (plain rules: bridge, Nap).

Quick tricks (``quick_tricks``, ``entry_tricks``) are only for plain trick-count rules
(bridge, Nap: no role cards, no Joker, no free cards, no special first trick): there a card
wins by suit and rank alone, so a short argument is a proof. The leader cashes, one suit at
a time, the cards it holds that are the highest still in play of their suit ("top" cards);
nobody can beat them except by ruffing.

* Trumps first (or none, at No Trump): every top trump wins; opponents follow in trumps
  while they have any, so they discard nothing that matters. After those rounds, only
  opponents with trumps left can ruff.
* Then each other suit for as many rounds as the leader has top cards there and every
  opponent who can still ruff has cards of the suit to follow with. Such opponents follow
  suit in every counted round, so the lengths used for the next suit stay true.

The leader stays on lead throughout (its partner discards rather than overtake). The sum
is a lower bound on what the leader's side takes from the cards in play. ``entry_tricks``
counts the same for the partner after the leader has put it on lead.

The sure winners of every preset are in ``_sure.pxd``.

For partition search (``_part.pxd``) the count also names the cards it relied on: the top
trumps counted and, per other suit, the top cards cashed. Any position with the same
holders of those cards and the same suit lengths counts at least as many. The entry count
names the partner's entry card and the cards of the partner's count (see
``entry_tricks``).
"""

from libc.stdint cimport uint64_t
from solver._rules cimport Rules, State, popcount64, clz64, suit_cards, state_init_masks


cdef inline int top_run(uint64_t mine, uint64_t rem) noexcept nogil:
    """How many of the highest cards of ``rem`` (one suit) are in ``mine``, in a row."""
    cdef int n = 0
    cdef uint64_t b
    while rem:
        b = (<uint64_t>1) << (63 - clz64(rem))
        if not mine & b:
            break
        n += 1
        rem ^= b
    return n


cdef inline uint64_t low_of_top(uint64_t rem, int n) noexcept nogil:
    """The ``n``-th highest card of ``rem`` (as a bit; 0 when ``n`` is 0)."""
    while n > 1:
        rem ^= (<uint64_t>1) << (63 - clz64(rem))
        n -= 1
    return ((<uint64_t>1) << (63 - clz64(rem))) if n == 1 else 0


cdef inline int quick_tricks(const Rules* r, const State* s, uint64_t* rel) noexcept nogil:
    """Sure tricks for the leader's side at the trick start ``s`` (plain rules only);
    ``rel`` gets, per suit, the lowest of the top cards the count relied on."""
    cdef int L = s.leader, i, su, q = 0, top, safe, n, t_top
    cdef int side = (r.side_mask >> L) & 1
    cdef uint64_t in_play = s.in_play, mine = s.hands[L], tmask, ruffers = 0, cards
    cdef int trump = s.trump
    rel[0] = 0
    if trump < 4:
        tmask = suit_cards(trump)
        t_top = top_run(mine & tmask, in_play & tmask)
        q = t_top
        rel[0] = low_of_top(in_play & tmask, t_top)
        for i in range(r.n_seats):
            if ((r.side_mask >> i) & 1) != side and popcount64(s.hands[i] & tmask) > t_top:
                ruffers |= (<uint64_t>1) << i
    for su in range(4):
        if su == trump:
            continue
        cards = suit_cards(su)
        top = top_run(mine & cards, in_play & cards)
        if top == 0:
            continue
        safe = top
        if ruffers:
            for i in range(r.n_seats):
                if (ruffers >> i) & 1:
                    n = popcount64(s.hands[i] & cards)
                    if n < safe:
                        safe = n
        q += safe
        rel[0] |= low_of_top(in_play & cards, safe)
    return q


cdef inline int entry_tricks(const Rules* r, const State* s, uint64_t* rel) noexcept nogil:
    """Sure tricks for the leader's side through an entry (plain rules, a side of two seats
    as in bridge): the leader leads its lowest card of a side suit in which the partner
    holds a card above every opponent's card of the suit and above that lowest card, and
    no opponent can ruff (each holds the suit, or no trump). The partner wins and cashes
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
    cdef int L = s.leader, P = -1, side = (r.side_mask >> s.leader) & 1, i, su, best = 0, v, p
    cdef int n_side = 0, ruff
    cdef uint64_t trel
    cdef uint64_t cards, opp_suit, low, h
    cdef State t
    rel[0] = 0
    for i in range(r.n_seats):
        if i != L and ((r.side_mask >> i) & 1) == side:
            P = i
            n_side += 1
    if n_side != 1:
        return 0
    for su in range(4):
        if su == s.trump:
            continue
        cards = suit_cards(su)
        if not s.hands[L] & cards or not s.hands[P] & cards:
            continue
        opp_suit = 0
        ruff = 0
        for i in range(r.n_seats):
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
        for i in range(r.n_seats):
            h = t.hands[i] & cards
            if ((r.side_mask >> i) & 1) != side and h:
                t.hands[i] &= ~(h & -h)
        t.leader = P
        state_init_masks(&t)    # quick_tricks reads the cards in play from the state
        v = 1 + quick_tricks(r, &t, &trel)
        if v > best:
            best = v
            rel[0] = trel | ((<uint64_t>1) << p)
    return best
