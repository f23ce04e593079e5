# cython: language_level=3
"""Move generation for the search: legal cards with their options, one card per run of
equivalent cards, in a good order (table move first, cheapest winner, partner's trick gets
points, low discards)."""

from libc.stdint cimport uint64_t, int8_t
from solver._rules cimport (Rules, State, TrumpRules, JOKER, MOVE_SUIT_SHIFT, MOVE_CALL,
                            bit, suit_cards, high_card, ctz64, legal_mask, seat_to_move,
                            trump_index, trick_winner_m, joker_elsewhere, seat_add)

cdef enum:
    MAX_MOVES = 64          # 53 cards + 3 extra Joker suits + 1 Ripper call, rounded up


ctypedef struct Scorer:
    # What move_score needs of the trick so far, worked out once per gen_moves.
    int8_t cards[8]         # the trick's cards; the candidate goes at [nplayed]
    int fast                # 1: no role card and no Joker in the trick, plain winner rules
    int cur                 # fast: index of the card winning the trick so far
    uint64_t led_cards      # fast: the suit led


cdef inline void scorer_init(const Rules* r, const State* s, const TrumpRules* t,
                             Scorer* sc) noexcept nogil:
    cdef int i, led
    for i in range(s.nplayed):
        sc.cards[i] = s.played[i]
    sc.fast = 0
    if s.nplayed == 0 or s.played[0] == JOKER:
        return
    # A trick with no role card (TrumpRules.role_mask) is won by the highest trump, else the
    # highest card of the suit led. Then a plain candidate either beats the card winning so
    # far or leaves it winning, which spares a full trick_winner per candidate.
    if (s.trick_mask & t.role_mask) or (r.first_trick_plain and s.trick == 0):
        return
    led = s.played[0] // 13
    sc.fast = 1
    sc.led_cards = suit_cards(led)
    sc.cur = trick_winner_m(r, sc.cards, s.nplayed, s.trick_mask, s.trump if s.trump < 5 else 4,
                            s.trick, s.joker_suit, s.joker_called)


cdef inline int move_score(const Rules* r, const State* s, const TrumpRules* t, int seat,
                           int card, Scorer* sc) noexcept nogil:
    cdef int w, wseat, maxing, friendly, pts, last
    cdef uint64_t all, m
    if s.nplayed == 0:
        return t.power[card]
    if sc.fast and not (t.role_mask >> card) & 1:
        all = s.trick_mask | bit(card)
        m = all & t.trump_mask
        if not m:
            m = all & sc.led_cards
        w = s.nplayed if high_card(m) == card else sc.cur
    else:
        sc.cards[s.nplayed] = card
        w = trick_winner_m(r, sc.cards, s.nplayed + 1, s.trick_mask | bit(card),
                           s.trump if s.trump < 5 else 4, s.trick, s.joker_suit, s.joker_called)
    wseat = seat_add(r, s.leader, w)
    maxing = (r.max_mask >> seat) & 1
    friendly = ((r.side_mask >> wseat) & 1) == maxing
    pts = <int>((r.point_mask >> card) & 1) if r.unit_points else 0
    last = s.nplayed == r.n_seats - 1
    if friendly:
        if w == s.nplayed:
            return 1000 - t.power[card] + (200 if last else 0)
        return 1100 + 40 * pts - t.power[card]
    return -40 * pts - t.power[card]


cdef inline int gen_moves(const Rules* r, const State* s, int* moves, int first_move,
                          int merge) noexcept nogil:
    """Fill ``moves`` (best first) and return how many. ``first_move`` (or -1) goes first.
    ``merge``: one card per run of equivalent cards (cards adjacent among the cards in play,
    same suit, same hand, same point value, no special role)."""
    cdef int seat = seat_to_move(r, s)
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    cdef uint64_t legal = legal_mask(r, s)
    cdef uint64_t in_play, rest, below, special = t.special_mask
    cdef int scores[MAX_MOVES]
    cdef int n = 0, c, p, i, j, sc, mv, k
    cdef Scorer scorer
    if s.nplayed and not (legal & (legal - 1)):
        # One legal card (options come only with a lead): nothing to order.
        moves[0] = ctz64(legal)
        return 1
    scorer_init(r, s, t, &scorer)
    if merge:
        in_play = s.in_play
    rest = legal
    while rest:
        c = ctz64(rest)
        rest &= rest - 1
        if merge and c != JOKER and not (special >> c) & 1:
            below = in_play & suit_cards(c // 13) & (bit(c) - 1)
            if below:
                p = high_card(below)
                if (legal >> p) & 1 and not (special >> p) & 1 and \
                        ((r.point_mask >> p) & 1) == ((r.point_mask >> c) & 1):
                    continue
        sc = move_score(r, s, t, seat, c, &scorer)
        if s.nplayed == 0 and c == JOKER and r.joker_names_suit:
            for k in range(4):
                moves[n] = c | ((k + 1) << MOVE_SUIT_SHIFT)
                scores[n] = sc
                n += 1
        elif s.nplayed == 0 and c == t.ripper and s.trick > 0 and joker_elsewhere(r, s, seat):
            moves[n] = c | MOVE_CALL
            scores[n] = sc + 1
            n += 1
            moves[n] = c
            scores[n] = sc
            n += 1
        else:
            moves[n] = c
            scores[n] = sc
            n += 1
    if first_move >= 0:
        for i in range(n):
            if moves[i] == first_move:
                scores[i] = 1 << 20
                break
    # insertion sort, best score first (stable)
    for i in range(1, n):
        mv = moves[i]
        sc = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < sc:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = mv
        scores[j + 1] = sc
    return n
