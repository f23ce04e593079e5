# cython: language_level=3
"""Bounds without search at trick starts: quick tricks (plain rules: bridge, Nap).

Quick tricks (``quick_tricks``; through the partner: ``_entry.pxd``) are only for plain
trick-count rules (bridge, Nap: no role cards, no Joker, no free cards, no special first
trick): there a card wins by suit and rank alone, so a short argument is a proof. The
leader cashes one suit at a time, each round its highest card of the suit, and counts the
rounds that card wins while the leader keeps the lead (``keep_run``: above every card of
the opponents still holding the suit, and above its partners' lowest, so nobody
overtakes; a blocked suit such as A-Q-x opposite a singleton K counts three).

* Trumps first (or none, at No Trump): opponents follow in trumps while they have any, so
  they discard nothing that matters. After those rounds, only opponents with more trumps
  than were drawn can ruff.
* Then each other suit for as many of those rounds as every opponent who can still ruff
  has cards of the suit to follow with. Such opponents follow suit in every counted round,
  so the lengths used for the next suit stay true.

The leader stays on lead throughout (its partner discards rather than overtake). The sum
is a lower bound on what the leader's side takes from the cards in play; it is counted
only up to what the test needs (``cutoff``), so that a bound names no more cards than it
must.

The sure winners of every preset are in ``_sure.pxd``.

For partition search (``_part.pxd``) the count also names the cards it relied on: per
suit the leader's lowest card counted (``keep_run`` says why that is enough). Any position
with the same holders of the cards down to those and the same suit lengths counts at least
as many.
"""

from libc.stdint cimport uint64_t, int8_t
from libc.string cimport memset
from solver._rules cimport (Rules, State, TrumpRules, JOKER, popcount64, clz64, ctz64, suit_cards,
                            trick_winner, trump_index, state_init_masks)
from solver._rules cimport n_seats_of


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


cdef inline int keep_run(const Rules* r, const State* s, int L, uint64_t cards, int limit,
                         uint64_t opp, uint64_t* low) noexcept nogil:
    """Rounds of the suit ``cards`` (at most ``limit``) that the leader ``L`` wins while
    keeping the lead: each round it plays its highest card of the suit, its partners their
    lowest, and an opponent that follows keeps its highest card for later (it loses its
    lowest). Round ``j`` is won when the leader's card is above the highest card of every
    opponent still holding a card of the suit (one with ``j`` or more) and above every
    partner's ``j``-th lowest (so no partner overtakes). Blocked suits are thus handled:
    A-Q-x opposite a singleton K cashes three rounds (the K falls under the A), A-x
    opposite K-Q none after the first. ``opp``: the opponents' cards (every suit). ``low``
    gets the leader's last card counted (0 if none).

    Partition search: every card above ``low`` is kept, so an opponent holds a card above
    the leader's ``j``-th card in both positions alike, and a partner's ``j``-th lowest is
    below it exactly when the partner holds ``j`` cards below it, which the kept cards and
    the suit length decide."""
    cdef uint64_t mine = s.hands[L] & cards, h, c
    cdef uint64_t part[5]
    cdef int opp_len[5]
    cdef int opp_high[5]
    cdef int n_part = 0, n_opp = 0, i, n = 0, side = (r.side_mask >> L) & 1
    low[0] = 0
    if not mine:
        return 0
    if (opp & cards) > mine or limit <= 0:
        return 0        # an opponent's card above the leader's highest: no round
    for i in range(n_seats_of(r)):
        if i == L:
            continue
        h = s.hands[i] & cards
        if not h:
            continue
        if ((r.side_mask >> i) & 1) == side:
            part[n_part] = h
            n_part += 1
        else:
            opp_len[n_opp] = popcount64(h)
            opp_high[n_opp] = 63 - clz64(h)
            n_opp += 1
    while n < limit and mine:
        c = (<uint64_t>1) << (63 - clz64(mine))
        for i in range(n_opp):
            if opp_len[i] > n and ((<uint64_t>1) << opp_high[i]) > c:
                return n
        for i in range(n_part):
            if part[i]:
                if (part[i] & -part[i]) > c:
                    return n
                part[i] &= part[i] - 1
        n += 1
        mine ^= c
        low[0] = c
    return n


cdef inline void drop_rounds(const Rules* r, State* t, int L, uint64_t cards, int n) noexcept nogil:
    """Play ``n`` rounds of ``keep_run`` in the suit ``cards`` out of ``t``'s hands: the
    leader loses its highest card, every other seat holding the suit its lowest; a seat
    without the suit keeps its cards (an opponent: only more cards against the count; a
    partner: see ``side_tricks`` in ``_entry.pxd``)."""
    cdef int i, k
    cdef uint64_t h
    for k in range(n):
        t.hands[L] ^= (<uint64_t>1) << (63 - clz64(t.hands[L] & cards))
        for i in range(n_seats_of(r)):
            h = t.hands[i] & cards
            if i != L and h:
                t.hands[i] ^= h & -h


cdef inline int quick_tricks(const Rules* r, const State* s, int cutoff, uint64_t* rel,
                             State* t) noexcept nogil:
    """Sure tricks for the leader's side at the trick start ``s`` (plain rules only), counted
    up to ``cutoff`` (a bound that settles nothing more names fewer cards); ``rel`` gets,
    per suit, the leader's lowest card the count relied on (``keep_run``). When ``t`` is
    not NULL (a copy of ``s``), the counted rounds are played out of it (``drop_rounds``)."""
    cdef int L = s.leader, i, su, q = 0, top, safe, n, t_top
    cdef int side = (r.side_mask >> L) & 1
    cdef uint64_t tmask, ruffers = 0, cards, low, opp = 0
    cdef int trump = s.trump
    rel[0] = 0
    for i in range(n_seats_of(r)):
        if ((r.side_mask >> i) & 1) != side:
            opp |= s.hands[i]
    if trump < 4:
        tmask = suit_cards(trump)
        t_top = keep_run(r, s, L, tmask, cutoff, opp, &low)
        q = t_top
        rel[0] = low
        if q >= cutoff:
            return q
        if t != NULL and t_top:
            drop_rounds(r, t, L, tmask, t_top)
        for i in range(n_seats_of(r)):
            if ((r.side_mask >> i) & 1) != side and popcount64(s.hands[i] & tmask) > t_top:
                ruffers |= (<uint64_t>1) << i
    for su in range(4):
        if su == trump:
            continue
        cards = suit_cards(su)
        if not s.hands[L] & cards:
            continue
        safe = 99
        if ruffers:
            for i in range(n_seats_of(r)):
                if (ruffers >> i) & 1:
                    n = popcount64(s.hands[i] & cards)
                    if n < safe:
                        safe = n
        if safe > cutoff - q:
            safe = cutoff - q
        top = keep_run(r, s, L, cards, safe, opp, &low)
        q += top
        rel[0] |= low
        if t != NULL and top:
            drop_rounds(r, t, L, cards, top)
    return q
