# cython: language_level=3, cdivision=True
"""A follower's trick as the move ordering (``_order.pxd``) sees it: the cards played and
the later seats' strongest answers, without the mover's card (``Outlook``). When the rules
then decide the trick by a plain comparison that the mover's card can change only by
beating the others' plain winner, each card's winner is found by that one comparison
(``outlook_winner``) instead of playing the trick out with ``trick_winner_m``; the cases
follow ``trick_winner_m``'s own order of tests.
"""

from libc.stdint cimport uint64_t, int8_t
from solver._rules cimport (Rules, State, TrumpRules, JOKER, bit, suit_cards, high_card,
                            trick_winner_m, index_of, ctz64)
from solver._rules cimport first_trick_plain_of, pair_from_second_trick_of


cdef enum:
    OUT_NONE = 0        # Outlook.kind: each card's trick is played out (``move_score``)
    OUT_PLAIN = 1       # the highest trump, else the highest card of the suit led wins
    OUT_DECIDED = 2     # a role card among the others wins whatever a plain card adds

ctypedef struct Outlook:
    # A follower's trick as ``move_score`` plays it out, without the mover's card: the
    # cards played and the later seats' strongest answers (``others``), won by seat ``w``.
    # When the rules then decide the trick by a test the mover's card can change only by
    # beating the others' plain winner, ``gen_moves`` finds each card's winner without
    # playing the trick out (``outlook_winner``), as ``trick_winner_m`` would.
    int kind            # OUT_NONE / OUT_PLAIN / OUT_DECIDED
    int any_card        # the plain first trick: role cards too (else only non-role cards)
    int two             # the others win by Same-two: a card of the suit led keeps that
    int w               # the seat that wins ``others``
    int pw              # the seat of their plain winner (highest trump, else of the suit led)
    uint64_t others     # their cards
    uint64_t trumps     # the trumps that count (none in the plain first trick)
    uint64_t led        # the suit led


cdef inline int seat_of(const int8_t* cards, const int8_t* seats, int n,
                        uint64_t card) noexcept nogil:
    """The seat that played ``card`` (a one-card mask) to the trick ``cards[0:n]``
    (``cards``: 8 bytes, as ``index_of`` reads them; its branchless search, not a loop
    whose exit mispredicted)."""
    return seats[index_of(cards, n, ctz64(card))]


cdef inline int follow_outlook(const Rules* r, const State* s, const TrumpRules* t,
                               const int8_t* cards, const int8_t* seats, int n,
                               uint64_t others, Outlook* o) noexcept nogil:
    """The seat that wins a follower's trick ``cards[0:n]`` (their set ``others``, seats
    ``seats``, a card other than the Joker led), as ``trick_winner_m`` finds it, and ``o``
    for each card the mover may add. The order of that function's tests shows when a
    non-role card ``c`` added to the trick leaves its winner to a plain comparison: no role
    card is in the trick (the plain first trick: none counts), or the only ones are 2s and
    one card of the pair rule without the other, which win nothing by themselves but a 2
    of the suit led in a trick all of that suit (Same-two; a non-role ``c`` keeps it all
    of one suit exactly when it follows suit). A top card, or the pair rule applying, wins
    before any plain test, whatever non-role ``c`` comes. Anything else (the Joker, the
    pair both in but not applying yet): ``trick_winner_m``, and each card's trick is
    played out."""
    cdef uint64_t roles = others & t.role_mask, two, m
    cdef int k
    o.others = others
    o.led = suit_cards(cards[0] // 13)
    o.two = 0
    o.any_card = 0
    o.trumps = t.trump_mask
    o.kind = OUT_PLAIN
    if first_trick_plain_of(r) and s.trick == 0:
        o.any_card = 1
        o.trumps = 0
    elif roles:
        if (roles >> JOKER) & 1 or (t.pair_winner >= 0 and (roles >> t.pair_trigger) & 1 and
                                    (roles >> t.pair_winner) & 1):
            if not (roles >> JOKER) & 1 and (s.trick > 0 or not pair_from_second_trick_of(r)):
                o.kind = OUT_DECIDED
                o.w = seat_of(cards, seats, n, bit(t.pair_winner))
            else:
                o.kind = OUT_NONE
                o.w = seats[trick_winner_m(r, cards, n, others, s.trump, s.trick, s.joker_suit,
                                           s.joker_called)]
            o.pw = o.w
            return o.w
        for k in range(3):
            if t.top[k] >= 0 and (roles >> t.top[k]) & 1:
                o.kind = OUT_DECIDED
                o.w = seat_of(cards, seats, n, bit(t.top[k]))
                o.pw = o.w
                return o.w
    # the plain winner: the highest trump, else the highest card of the suit led
    m = others & o.trumps if others & o.trumps else others & o.led
    o.pw = seat_of(cards, seats, n, bit(high_card(m)))
    o.w = o.pw
    # Same-two: the 2 of the suit led wins a trick all of that suit.
    two = bit(13 * (cards[0] // 13))
    if roles and r.same_two and s.trick > 0 and not (others & ~o.led) and others & two:
        o.two = 1
        o.w = seat_of(cards, seats, n, two)
    return o.w


cdef inline int outlook_winner(const Outlook* o, const TrumpRules* t, int seat,
                               int c) noexcept nogil:
    """The seat expected to win the follower's trick of ``o`` (``o.kind`` set) when ``seat``
    plays ``c``; -1 when ``c`` must be played out (a role card)."""
    cdef uint64_t m
    if not o.any_card and (t.role_mask >> c) & 1:
        return -1
    if o.kind == OUT_DECIDED or (o.two and (o.led >> c) & 1):
        return o.w
    m = o.others | bit(c)
    m = m & o.trumps if m & o.trumps else m & o.led
    return seat if high_card(m) == c else o.pw
