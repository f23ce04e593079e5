# cython: language_level=3, cdivision=True
"""The tables of the sure bounds (``_sure.pxd``): which cards beat which in two-card tricks,
built once per solve from the one trick winner (``Sure``, ``sure_init``), and the argument
that makes cards sure from them.
"""

from libc.stdint cimport uint64_t, int8_t
from libc.string cimport memset
from solver._rules cimport (Rules, TrumpRules, JOKER, ctz64, trick_winner, trump_index)
from solver._rules cimport n_tricks_of, joker_names_suit_of


# ---- sure winners for every preset (role cards, Joker, point games) -------------------------
#
# A card the rules let nobody beat needs no search: its trick goes to its holder's side. The
# proof is by two-card tricks, decided by the one trick winner (``_rules.pxd``) at solve
# start: ``x`` threatens ``c`` when ``c`` loses the two-card trick [c, x] (``c`` led) or
# [x, c] (``c`` following), with every option of a led Joker (named suit) or Ripper (call),
# at every kind of trick still ahead (the first, a middle one, the last: nothing else in the
# rules depends on the trick number). A card none of whose threats is held by anyone else
# wins every trick it is ever played in: the rules compare the cards of a trick pairwise,
# except
#   * the pair rule (Yoromeki, killer), which needs both of its cards: it is checked as a
#     three-card trick when both are held by others;
#   * Same-two, where a 2 wins only if every card is of its suit: a 2's own threats are
#     those of the rules without Same-two (Same-two only makes it win, never lose), and
#     a plain-suit 2 is never sure when following; the 2 threatens the other cards of its
#     suit (tables ``two_*``) unless a seat holds none of the suit (it plays another suit
#     to every trick, so none is all one suit);
#   * a powerless led Joker passing the trick to the second card's suit: only trumps, role
#     cards and the Joker may be sure when following (a plain card never is).
# Every card in the hands is played before the hand ends, so
#   * a sure-everywhere ("absolute") card of a seat brings its trick to that seat's side:
#     at least one trick, at least its own points, whoever leads and whatever is played;
#   * the leader's cards that win whenever led (checked against the others' cards, which
#     only shrink) can be cashed one after the other from this trick on; each of the other
#     seats plays one card to each of those tricks, so a seat with fewer than k non-point
#     cards gives points to k cashed tricks (more when it must follow suit), and likewise
#     to a side's absolute tricks.
#   * a hand of the declarer's side not on lead that is sure to win this trick (with an
#     absolute card, or the top card of the suit led) leads the next one and cashes from
#     there (``seq_bound``, ``_cash.pxd``).
# Two absolute cards, or a cashed card and another seat's absolute card, are never in one
# trick (each would beat the other), so their tricks add up.
#   * a trump, role card or Joker of a hand that only a few cards of the others beat wins
#     every trick without one of them; of a set C of such cards at least |C| - |U| win (U:
#     their threats, each played to one trick): the "clean wins" (``clean_points``, ``_clean.pxd``), each
#     won by its own card, so they add up with the absolute and cashed tricks too.
# The points of k sure tricks of a side: each hand gives one card to each (its non-point
# cards first), so every hand with fewer than k non-point cards gives points to them.

ctypedef struct Sure:
    int on                      # 1: tables built for ``trump`` (the root's trump)
    int trump
    int last                    # index of the last trick
    uint64_t beats_any[3][53]   # per range (0: from the first trick on, 1: from a middle
                                # trick on, 2: the last trick only): cards that beat c in
                                # some 2-card trick
    uint64_t beats_led[3][53]   # ... when c is led (no Joker call)
    uint64_t pair_loses[3]      # cards beaten when both pair cards are in the trick
    uint64_t pair_cards         # the two pair cards (0: no pair rule)
    uint64_t two_led[3]         # cards beaten when led by the 2 of their suit by Same-two only
    uint64_t two_any[3]         # ... in some 2-card trick
    uint64_t abs_ok             # cards that may be sure anywhere: trumps, role cards, Joker
    uint64_t lead_ok            # cards that may be sure when led (all but Same-two 2s)
    uint64_t unnamed            # the top cards (``sure_bounds``: not named after a plain
                                # first trick)
    uint64_t fired_lo, fired_hi, fired_cash   # how often each bound settled a test
    uint64_t fired_seq          # how often the sequencing bound (``_cash.pxd``) settled one
    uint64_t fired_entry        # how often an entry raised the quick tricks


cdef inline int _loses(const Rules* r, int a, int b, int trump, int trick, int idx,
                       const int8_t* tr_ripper) noexcept nogil:
    """1 if the card at ``idx`` (0 or 1) of the two-card trick [a, b] loses it for some
    option of the led card (a Joker's named suit, a Ripper's call)."""
    cdef int8_t cards[8]     # 8: trick_winner reads 8 bytes (index_of)
    cdef int js, called, n_js = 1, n_call = 1
    cards[0] = a
    cards[1] = b
    if a == JOKER and joker_names_suit_of(r):
        n_js = 4
    if a == tr_ripper[0] and trick > 0:
        n_call = 2
    for js in range(n_js):
        for called in range(n_call):
            if trick_winner(r, cards, 2, trump, trick, js if n_js == 4 else -1, called) != idx:
                return 1
    return 0


cdef inline int sure_kinds(int last, int trick) noexcept nogil:
    """The kinds of trick ahead from ``trick`` on (``last``: the last trick's index) that
    ``sure_init`` builds tables for, besides the last: bit 0 the first trick, bit 1 a
    middle one."""
    return (1 if trick == 0 else 0) | (2 if last > 1 and trick < last else 0)


cdef inline void sure_init(const Rules* r, Sure* q, uint64_t in_play, int trump,
                           int trick) noexcept nogil:
    """Build the tables for the cards ``in_play`` under ``trump`` (0..4; 5: off), for the
    tricks from ``trick`` on."""
    cdef const TrumpRules* t
    cdef Rules plain = r[0]     # the same rules without Same-two
    cdef const Rules* rr
    cdef int reps[3]
    cdef int p, k, c, x, rng, two_led, two_any, kinds
    cdef uint64_t rest, rest2, twos = 0, any_m, led_m, pair_m
    cdef int8_t cards[8]     # 8: trick_winner reads 8 bytes (index_of)
    cdef int8_t no_ripper = -1
    memset(q, 0, sizeof(Sure))
    if trump > 4:
        return
    q.on = 1
    q.trump = trump
    q.last = n_tricks_of(r) - 1
    t = &r.tr[trump_index(trump)]
    plain.same_two = 0
    for k in range(4):
        twos |= (<uint64_t>1) << (13 * k)
    # A 2 is sure by the plain rules' threats (below): Same-two only makes it win.
    q.lead_ok = in_play
    q.abs_ok = in_play & (t.trump_mask | t.special_mask | ((<uint64_t>1) << JOKER)) & \
        ~((twos & ~t.trump_mask) if r.same_two else 0)
    for k in range(3):
        if t.top[k] >= 0:
            q.unnamed |= (<uint64_t>1) << t.top[k]
    if t.pair_winner >= 0:
        q.pair_cards = ((<uint64_t>1) << t.pair_winner) | ((<uint64_t>1) << t.pair_trigger)
    # Kinds of trick: the first, a middle one, the last (one trick number stands for each).
    kinds = sure_kinds(q.last, trick)
    reps[0] = 0 if kinds & 1 else -1
    reps[1] = 1 if kinds & 2 else -1
    reps[2] = q.last
    for p in range(3):
        if reps[p] < 0:
            continue
        rest = in_play
        while rest:
            c = ctz64(rest)
            rest &= rest - 1
            any_m = 0
            led_m = 0
            two_led = 0
            two_any = 0
            rest2 = in_play & ~((<uint64_t>1) << c)
            rr = r
            if r.same_two and c != JOKER and c % 13 == 0:
                rr = &plain
            while rest2:
                x = ctz64(rest2)
                rest2 &= rest2 - 1
                if r.same_two and c != JOKER and x == 13 * (c // 13) and \
                        not (t.special_mask & ~twos) >> x & 1:
                    # The 2 of c's suit: a threat by Same-two only when no other rule makes
                    # it one (kept apart: a seat void in the suit rules Same-two out).
                    if _loses(&plain, c, x, trump, reps[p], 0, &no_ripper):
                        led_m |= (<uint64_t>1) << x
                    elif _loses(r, c, x, trump, reps[p], 0, &no_ripper):
                        two_led = 1
                    if _loses(&plain, c, x, trump, reps[p], 0, &t.ripper) or \
                            _loses(&plain, x, c, trump, reps[p], 1, &t.ripper):
                        any_m |= (<uint64_t>1) << x
                    elif _loses(r, c, x, trump, reps[p], 0, &t.ripper) or \
                            _loses(r, x, c, trump, reps[p], 1, &t.ripper):
                        two_any = 1
                    continue
                if _loses(rr, c, x, trump, reps[p], 0, &no_ripper):
                    led_m |= (<uint64_t>1) << x
                if _loses(rr, c, x, trump, reps[p], 0, &t.ripper) or \
                        _loses(rr, x, c, trump, reps[p], 1, &t.ripper):
                    any_m |= (<uint64_t>1) << x
            pair_m = 0
            if q.pair_cards and not (q.pair_cards >> c) & 1:
                cards[0] = c
                cards[1] = t.pair_trigger
                cards[2] = t.pair_winner
                if trick_winner(rr, cards, 3, trump, reps[p], -1, 0) != 0:
                    pair_m = 1
            # Range rng covers the kinds of trick from rng on (trick 1 belongs to range 0).
            for rng in range(p + 1):
                q.beats_any[rng][c] |= any_m
                q.beats_led[rng][c] |= led_m
                if pair_m:
                    q.pair_loses[rng] |= (<uint64_t>1) << c
                if two_led:
                    q.two_led[rng] |= (<uint64_t>1) << c
                if two_any:
                    q.two_any[rng] |= (<uint64_t>1) << c


cdef inline int sure_range(const Sure* q, int trick) noexcept nogil:
    if trick == 0:
        return 0
    return 1 if trick < q.last else 2
