# cython: language_level=3
"""Quick tricks: tricks the side on lead is sure to take, counted without search.

Only for plain trick-count rules (bridge, Nap: no role cards, no Joker, no free cards, no
special first trick): there a card wins by suit and rank alone, so a short argument is a
proof. The leader cashes, one suit at a time, the cards it holds that are the highest
still in play of their suit ("top" cards); nobody can beat them except by ruffing.

* Trumps first (or none, at No Trump): every top trump wins; opponents follow in trumps
  while they have any, so they discard nothing that matters. After those rounds, only
  opponents with trumps left can ruff.
* Then each other suit for as many rounds as the leader has top cards there and every
  opponent who can still ruff has cards of the suit to follow with. Such opponents follow
  suit in every counted round, so the lengths used for the next suit stay true.

The leader stays on lead throughout (its partner discards rather than overtake). The sum
is a lower bound on what the leader's side takes from the cards in play.
"""

from libc.stdint cimport uint64_t
from solver._rules cimport Rules, State, popcount64, clz64, suit_cards


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


cdef inline int quick_tricks(const Rules* r, const State* s) noexcept nogil:
    """Sure tricks for the leader's side at the trick start ``s`` (plain rules only)."""
    cdef int L = s.leader, i, su, q = 0, top, safe, n, t_top
    cdef int side = (r.side_mask >> L) & 1
    cdef uint64_t in_play = s.in_play, mine = s.hands[L], tmask, ruffers = 0, cards
    cdef int trump = s.trump
    if trump < 4:
        tmask = suit_cards(trump)
        t_top = top_run(mine & tmask, in_play & tmask)
        q = t_top
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
    return q
