# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Probes of the C rules for the tests (``tests/test_solver_vs_reference.py``): the moves
the search generates from a state and the trick winner it computes, compared there with
``napoleon_rules``. Nothing here is used by the search."""

from libc.stdint cimport int8_t, uint64_t

from solver._rules cimport Rules, State, JOKER, apply_move, fill_rules, fill_state, trick_winner
from solver._rules cimport MAX_MOVES
from solver._order cimport gen_moves
from solver._sure cimport Sure, sure_init, sure_bounds


def rules_probe(dict rules, tuple hands, int leader, int trick, tuple played, int trump,
                int joker_suit, bint joker_called, bint reveal_used):
    """For tests: the C rules' moves from this state (every legal card with its options, in
    move encoding) and, for each move, the trick's winner seat when it completes the trick
    (-1 otherwise) and the state flags after it. Arguments as for ``solver._search.run``."""
    cdef Rules r
    cdef State s, child
    cdef int moves[MAX_MOVES]
    cdef int i, n, w, gain
    fill_rules(rules, &r)
    fill_state(&r, &s, hands, leader, trick, played, trump, joker_suit, joker_called, reveal_used)
    n = gen_moves(&r, &s, moves, -1, 0)
    out = []
    for i in range(n):
        gain = apply_move(&r, &s, moves[i], &child, &w)
        out.append((moves[i], w, gain, child.trump, child.reveal_used))
    return out


def winner_probe(dict rules, tuple cards, int trump, int trick, int joker_suit, bint joker_called):
    """For tests: the C trick winner's index for ``cards`` (any distinct cards, 1..7)."""
    cdef Rules r
    cdef int8_t c[8]
    cdef int i
    if not 1 <= len(cards) <= 7:
        raise ValueError("a trick has 1..7 cards")
    fill_rules(rules, &r)
    for i in range(len(cards)):
        if not 0 <= cards[i] <= JOKER:
            raise ValueError("bad card")
        c[i] = cards[i]
    return trick_winner(&r, c, len(cards), trump, trick, joker_suit, joker_called)


def sure_probe(dict rules, tuple hands, int leader, int trick, tuple played, int trump,
               int joker_suit, bint joker_called, bint reveal_used, uint64_t extra,
               int maxv, int need):
    """For tests: ``sure_bounds(maxv, need)`` at this trick start, its tables built for the
    cards in play plus ``extra`` (``solver.Table`` keeps them for a superset of the next
    solves' cards): ``(bound or -1, the cards it named)``. Arguments as for
    ``solver._search.run``."""
    cdef Rules r
    cdef State s
    cdef Sure q
    cdef uint64_t rel = 0
    cdef int b
    fill_rules(rules, &r)
    fill_state(&r, &s, hands, leader, trick, played, trump, joker_suit, joker_called, reveal_used)
    if s.nplayed:
        raise ValueError("the sure bounds are asked at trick starts only")
    sure_init(&r, &q, s.in_play | extra, s.trump, s.trick)
    b = sure_bounds(&r, &q, &s, maxv, need, &rel)
    return b, rel

