# cython: language_level=3, cdivision=True
"""Move ordering for bridge (``bridge_like`` rules: plain tricks, two partnerships sitting
alternately, tricks counted): the lead scores (how many cards the opponents may answer
with, who holds a suit's top cards), the second seat's cover and the third seat's "third
hand high" in a trick expected lost, and ``gen_moves_bridge``, bridge's own move
generator, which gives the same moves in the same order as the general ``gen_moves``
(``_order.pxd``) without the general trick winner. The weights were tuned on seeded full
deals against the node counts (``solver/HISTORY.md``).
"""

from libc.stdint cimport uint64_t
from solver._rules cimport (Rules, State, TrumpRules, MAX_MOVES, POWER_TRUMP, bit, suit_cards,
                            high_card, ctz64, popcount64, trump_index, sort_moves)

cdef enum:
    COVER_BONUS = 500       # second seat: the cheapest cover of a lost trick first
    ALT_WEIGHT = 150        # leads: score per card the opponents may play to the lead
    HOLD_LEAD = 800         # a lead that holds the trick, below the leads to partner


cdef inline int opp_alternatives(const State* s, int seat, int su) noexcept nogil:
    """Bridge: how many different cards the two opponents of ``seat`` may play to its lead
    in suit ``su`` (a void one: any card, counted as its hand + 1, since it may also ruff)."""
    cdef int k, o, m = 0, c
    for k in range(1, 4, 2):
        o = (seat + k) & 3
        c = popcount64(s.hands[o] & suit_cards(su))
        m += c if c else popcount64(s.hands[o]) + 1
    return m


cdef inline int bridge_suit_bonus(const State* s, int seat, int su) noexcept nogil:
    """Bridge: a bonus for leading suit ``su`` from ``seat``, by who holds its top cards
    (DDS weighs its leads so too; the weights are ours, measured). The opponents hold
    the top card but the leader's side the next two: the lead knocks out their winner
    and sets up the side's (+800, five opponent cards' worth in ``opp_alternatives``);
    the left-hand opponent holds the top card and the partner the next one, not alone:
    the lead goes through to the partner's tenace (+200).

    Measured 2026-11-23 (exp-bridge6, on exp-bridge5): full deals 0..11 of
    ``compare_dds`` 35.80 M -> 31.73 M nodes, deals 12..35 118.85 M -> 107.91 M, 9 cards
    160,517 -> 159,318, 10 cards 273,690 -> 277,031. The first bonus at 200 / 400 / 600
    / 800 / 1500 (alone): 33.97 / 32.90 / 32.68 / 32.60 / 36.41 M, with the second:
    600 / 800 / 1000 at 32.33 / 31.73 / 32.26 M; the second alone at 400: 35.10 M. Tried and dropped, alone on exp-bridge5 (full deals 0..11):
    the partner can ruff the suit (+400: +0.2 %), the right-hand opponent holds one of
    the top two (-400: +5 %), a singleton lead for a ruff when the partner holds the top
    card (+400: +0.1 %), the side holds the top two (+400: +2 %); on top of the kept
    bonuses: an opponent's singleton top card (+400: +9 %), the partner void at No Trump
    (-100: +0.2 %), the side's top card and the left-hand opponent's second (+300:
    +2 %), the side holds the second card alone (+400: +9 %), the partner holds the
    second and third (+300: +0.2 %), the side's top card and a long opponent's second
    (-300: +1.4 %), the opponents hold the top two (-200: +1.2 %, 9 cards -3 %, 10 cards
    +5 %)."""
    cdef uint64_t sm = suit_cards(su)
    cdef uint64_t ours = (s.hands[seat] | s.hands[(seat + 2) & 3]) & sm
    cdef uint64_t lho = s.hands[(seat + 1) & 3] & sm
    cdef uint64_t pd = s.hands[(seat + 2) & 3] & sm
    cdef uint64_t rest = ours | lho | (s.hands[(seat + 3) & 3] & sm)
    cdef int w1, w2, b = 0
    if not rest:
        return 0
    w1 = high_card(rest)
    if (ours >> w1) & 1:
        return 0
    rest &= ~bit(w1)
    if not rest:
        return 0
    w2 = high_card(rest)
    if (lho >> w1) & 1 and (pd >> w2) & 1 and (pd & (pd - 1)):
        b += 200
    if (ours >> w2) & 1:
        rest &= ~bit(w2)
        if rest and (ours >> high_card(rest)) & 1:
            b += 800
    return b


cdef inline int bridge_lead_score(const State* s, const TrumpRules* t, int seat, int card,
                                  int lost, int holds) noexcept nogil:
    """A bridge lead's score: the suit the opponents have the fewest cards to answer with
    first (the smallest subtree, so its test is cheapest to refute; DDS weighs its leads
    by the opponents' lengths too), then by the outlook class as in ``order_score``
    except that a lead that holds the trick comes after the leads to partner (the sure
    tricks were counted before the search came here: cashing them seldom settles a test).
    ``lost``: the other side takes the trick; ``holds``: the leader's card takes it.

    Retuned 2026-11-23 (exp-bridge6, after ``bridge_suit_bonus``, the second seat's
    cover and third hand high): the holding leads at 800 instead of 500 and 150 a
    possible opponent card instead of 100: full deals 0..11 28.93 M -> 28.10 M nodes,
    deals 12..35 86.03 M -> 79.75 M, 9 cards 150,142 -> 146,161, 10 cards 239,397 ->
    227,978. Holding leads at 300 / 700 / 800 / 900 / 1000 / 1300 (weight 100): 29.35 /
    28.60 / 28.29 / 28.77 / 29.09 / 32.51 M; weight 80 / 120 / 200 (holding at 500 /
    500 / 800): 29.56 / 28.64 / 28.27 M; the suit bonus scaled by 1.5 with 150: 29.66 M.

    Measured 2026-11-23 on full deals 0..3 of ``compare_dds`` (37.1 M nodes before):
    defenders' holding leads after their partner leads alone 35.0 M (9 cards -1.4 %, 10
    cards -1.2 %; the declarer side's too: 35.5 M, 10 cards +5 %); with the opponents'
    cards at 2 / 8 / 30 / 100 / 150 / 1000 a card: 28.7 / 24.6 / 20.2 / 18.4 / 18.0 /
    17.9 M, 9 cards 198 / 172 / 167 / 169 / 172 / 186 k (210 k before); a void counted
    as 13 cards: 18.3 M, 9 cards 179 k. Then (after the second seat's rule in
    ``move_score``) the declarer side's holding leads after the partner leads too: 16.9 M
    -> 16.4 M, deals 4..11 22.0 M -> 20.8 M, 9 cards 165 k -> 162 k, 10 cards 292 k ->
    271 k. Tried and dropped: a bonus for suits whose two top cards the side holds (DDS
    does so; +-1 %), lost leads cheapest first (full +8 %, 9 cards +14 %)."""
    cdef int p = t.power[card], sc
    if lost:
        sc = p if p < POWER_TRUMP else -p       # the highest plain card
    elif holds:
        if not ((s.hands[(seat + 1) & 3] | s.hands[(seat + 3) & 3]) & suit_cards(card // 13)):
            sc = -200 - p                       # no opponent holds the suit: last
        else:
            sc = HOLD_LEAD - p                  # after the leads to partner, the cheapest
    else:
        sc = 1000 - p                           # partner's trick: lead low
    return sc - ALT_WEIGHT * opp_alternatives(s, seat, card // 13) + \
        bridge_suit_bonus(s, seat, card // 13)


cdef inline int bridge_covers(const State* s, int seat, int card) noexcept nogil:
    """Bridge, second seat, ``card`` of the suit led above the card led: no other hand
    holds a card between the two (the cheapest cover: the led card's next card up).

    The second seat tries such a cover first among the cards of a trick its side is
    expected to lose (``COVER_BONUS`` lifts it above them, below every other class): it
    makes the third seat spend a higher card or promotes the second seat's side's
    lower cards. Measured 2026-11-23 (exp-bridge6, after ``bridge_suit_bonus``): full
    deals 0..11 of ``compare_dds`` 31.73 M -> 29.55 M nodes, deals 12..35 107.91 M ->
    96.53 M, 9 cards 159,318 -> 153,541, 10 cards 277,031 -> 259,607. Only over an
    honour led (ten and up): 31.00 M, 9 cards 159,111, 10 cards 267,671 (jack and up
    31.36 M, queen and up 31.50 M); any card above the led one (cheapest first): 32.23 M,
    9 cards 151,263, 10 cards 252,445; the bonus above the other classes (3000): 32.67 M."""
    cdef int led = s.played[0]
    cdef uint64_t between = suit_cards(card // 13) & (bit(card) - 1) & ~(bit(led + 1) - 1)
    return not (s.in_play & ~s.hands[seat] & between)


# bridge_second_trump: bridge, second seat, a trick its side is expected to lose: a trump
# above the card led (a ruff, or over a trump led) goes first too (``COVER_BONUS``), the
# lowest first. Measured 2026-11-23 (exp-bridge6, after third hand high with ruffs): full
# deals 0..11 27.92 M -> 27.74 M nodes, 12..35 79.39 M -> 77.53 M, 9 cards 143,900 ->
# 138,389, 10 cards 213,966 -> 211,655.


cdef inline int bridge_third_high(const State* s, uint64_t tm, int card) noexcept nogil:
    """Bridge, third seat: ``card`` beats both cards played (of the suit led, or a trump).
    The third seat tries such cards first, the cheapest first, among the cards of a
    trick its side is expected to lose (``COVER_BONUS``): "third hand high" makes the
    fourth seat spend its winner. Measured 2026-11-23 (exp-bridge6, after
    ``bridge_covers``): full deals 0..11 of ``compare_dds`` 29.55 M -> 28.93 M nodes,
    deals 12..35 96.53 M -> 86.03 M, 9 cards 153,541 -> 150,142, 10 cards 259,607 ->
    239,397 (plain cards only); only the next card up from the trick's best (as
    ``bridge_covers``): 29.33 M, 9 cards 150,453, 10 cards 241,612. Ruffs too, after the
    leads were retuned: 28.12 M -> 27.92 M, 79.75 M -> 79.39 M, 146,161 -> 143,900,
    227,978 -> 213,966 (before the retuning: 0..11 -0.7 %, 12..35 +0.4 %)."""
    cdef int k, c, ct = (tm >> card) & 1, led = s.played[0] // 13
    if not ct and card // 13 != led:
        return 0
    for k in range(2):
        c = s.played[k]
        if (tm >> c) & 1:
            if not ct or c > card:
                return 0
        elif not ct and c // 13 == led and c > card:
            return 0
    return 1


cdef inline int plain_strongest(uint64_t hand, uint64_t tm) noexcept nogil:
    """``strongest`` under plain rules (power: the rank, trumps above every plain card):
    the highest trump, else the highest plain rank, the lowest suit among equals (-1:
    an empty hand)."""
    cdef int su, c, best = -1, br = -1
    cdef uint64_t m
    if hand & tm:
        return high_card(hand & tm)
    for su in range(4):
        m = hand & suit_cards(su)
        if m:
            c = high_card(m)
            if c - 13 * su > br:
                br = c - 13 * su
                best = c
    return best


cdef inline int plain_power(int c, uint64_t led, uint64_t tm) noexcept nogil:
    """A card's strength in a plain trick whose suit led has the cards ``led``: trumps
    above the suit led, any other card -1 (it wins nothing). Only cards of one suit are
    ever compared by it, so the card's index stands for its rank."""
    if (tm >> c) & 1:
        return 64 + c
    if (led >> c) & 1:
        return c
    return -1


cdef inline int gen_moves_bridge(const Rules* r, const State* s, uint64_t legal,
                                 uint64_t listed, int* moves, int first_move) noexcept nogil:
    """``gen_moves`` for bridge (``bridge_like``, trump fixed, tricks counted, no special
    first trick): the same moves with the same scores in the same order, found without
    the general trick winner. The outlook's trick winner is the card of highest
    ``plain_power``; every later seat's strongest answer is its highest card of the suit,
    or, void, its ``plain_strongest`` card; the cards of the trick but the mover's are
    compared once, the mover's cards each against them. ``listed``: the legal cards to
    list (``listed_cards`` when equivalent cards are merged)."""
    cdef int seat = s.leader + s.nplayed
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    cdef uint64_t tm = t.trump_mask
    cdef uint64_t rest, hand, follow, ledm = 0
    cdef int scores[MAX_MOVES]
    cdef int bp[4]          # lead: per suit the best answer's power ...
    cdef int bseat[4]       # ... and its seat
    cdef int alt[4]         # lead: per suit ``opp_alternatives`` less ``bridge_suit_bonus``
    cdef int n = 0, c, p, i, j, sc, mv, k, su, a, other, led, any_card, wseat, pc
    cdef int maxing, ours_anyway = 0, pl = -1, seat3, p0 = 0, pa0 = 0, pa1 = -1
    if seat >= 4:
        seat -= 4
    maxing = (r.max_mask >> seat) & 1
    if s.nplayed and not (legal & (legal - 1)):
        moves[0] = ctz64(legal)
        return 1
    if s.nplayed == 0:
        for su in range(4):
            bp[su] = -2
            bseat[su] = seat
            alt[su] = ALT_WEIGHT * opp_alternatives(s, seat, su) - bridge_suit_bonus(s, seat, su)
        for k in range(3):
            other = (seat + 1 + k) & 3
            hand = s.hands[other]
            any_card = -2
            for su in range(4):
                follow = hand & suit_cards(su)
                if follow:
                    a = high_card(follow)
                else:
                    if any_card == -2:
                        any_card = plain_strongest(hand, tm)
                    a = any_card
                if a >= 0:
                    p = plain_power(a, suit_cards(su), tm)
                    if p > bp[su]:
                        bp[su] = p
                        bseat[su] = other
    else:
        led = s.played[0] // 13
        ledm = suit_cards(led)
        # the best of the cards played and the later seats' strongest answers
        bp[0] = -2
        bseat[0] = seat
        for k in range(s.nplayed):
            p = plain_power(s.played[k], ledm, tm)
            if k == 0:
                p0 = p
            if p > bp[0]:
                bp[0] = p
                bseat[0] = (s.leader + k) & 3
        pl = bp[0]
        for k in range(3 - s.nplayed):
            other = (seat + 1 + k) & 3
            hand = s.hands[other]
            follow = hand & suit_cards(led)
            a = high_card(follow) if follow else plain_strongest(hand, tm)
            p = plain_power(a, ledm, tm) if a >= 0 else -2
            if k == 0:
                pa0 = p
            elif k == 1:
                pa1 = p
            if p > bp[0]:
                bp[0] = p
                bseat[0] = other
        ours_anyway = ((r.side_mask >> bseat[0]) & 1) == maxing
    rest = listed
    while rest:
        c = ctz64(rest)
        rest &= rest - 1
        p = t.power[c]
        if s.nplayed == 0:
            su = c // 13
            wseat = seat if plain_power(c, suit_cards(su), tm) > bp[su] else bseat[su]
            if ((r.side_mask >> wseat) & 1) != maxing:
                sc = p if p < POWER_TRUMP else -p
            elif wseat == seat:
                if not ((s.hands[(seat + 1) & 3] | s.hands[(seat + 3) & 3]) & suit_cards(su)):
                    sc = -200 - p
                else:
                    sc = HOLD_LEAD - p
            else:
                sc = 1000 - p
            sc -= alt[su]
        else:
            pc = plain_power(c, ledm, tm)
            wseat = seat if pc > bp[0] else bseat[0]
            # the second seat beating the third by itself, the partner last expected to
            # win (``move_score``)
            if s.nplayed == 1 and pa0 >= -1 and pa1 >= -1 and pa1 > pc and pa1 > p0 and \
                    pa1 > pa0 and pc > p0 and pc > pa0:
                sc = 1200 - p
            elif ((r.side_mask >> wseat) & 1) != maxing:
                sc = -p
                if s.nplayed == 1 and p0 < pc < 64 and bridge_covers(s, seat, c):
                    sc += COVER_BONUS
                elif s.nplayed == 2 and pl < pc:
                    sc += COVER_BONUS           # third hand high (``bridge_third_high``)
                elif s.nplayed == 1 and pc >= 64 and p0 < pc:
                    sc += COVER_BONUS           # a trump above the card led (``bridge_second_trump``)
            elif wseat == seat and not ours_anyway:
                sc = 1000 - p + (200 if s.nplayed == 3 else 0)
            else:
                sc = 1100 - p + (200 if s.nplayed == 3 else 0)
        moves[n] = c
        scores[n] = sc
        n += 1
    return sort_moves(moves, scores, n, first_move)
