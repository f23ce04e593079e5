# cython: language_level=3
"""Bounds without search at trick starts: quick tricks (plain rules) and sure winners
(every preset).

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

Sure winners (``Sure``, ``sure_init``, ``sure_bounds``; described before ``Sure``) work
for every preset from the compiled rules: a card nobody else can beat brings its trick to
its side, and the leader's side can cash its sure leads.

For partition search (``_part.pxd``) the count also names the cards it relied on: per
suit the leader's lowest card counted (``keep_run`` says why that is enough). Any position
with the same holders of the cards down to those and the same suit lengths counts at least
as many. The sure winners name the sure cards they counted (see ``sure_bounds``).
"""

from libc.stdint cimport uint64_t, int8_t
from libc.string cimport memset
from solver._rules cimport (Rules, State, TrumpRules, JOKER, popcount64, clz64, ctz64, suit_cards,
                            trick_winner, trump_index, state_init_masks)


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
    for i in range(r.n_seats):
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
        for i in range(r.n_seats):
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
    for i in range(r.n_seats):
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
        for i in range(r.n_seats):
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
            for i in range(r.n_seats):
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
#   * Same-two, where a 2 wins only if every card is of its suit: a 2 is never taken as
#     sure; the 2 threatens the other cards of its suit (tables ``two_*``) unless a seat
#     holds none of the suit (it plays another suit to every trick, so none is all one suit);
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
# Two absolute cards, or a cashed card and another seat's absolute card, are never in one
# trick (each would beat the other), so their tricks add up.

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
    uint64_t fired_lo, fired_hi, fired_cash   # how often each bound settled a test
    uint64_t fired_entry        # how often an entry raised the quick tricks


cdef inline int _loses(const Rules* r, int a, int b, int trump, int trick, int idx,
                       const int8_t* tr_ripper) noexcept nogil:
    """1 if the card at ``idx`` (0 or 1) of the two-card trick [a, b] loses it for some
    option of the led card (a Joker's named suit, a Ripper's call)."""
    cdef int8_t cards[2]
    cdef int js, called, n_js = 1, n_call = 1
    cards[0] = a
    cards[1] = b
    if a == JOKER and r.joker_names_suit:
        n_js = 4
    if a == tr_ripper[0] and trick > 0:
        n_call = 2
    for js in range(n_js):
        for called in range(n_call):
            if trick_winner(r, cards, 2, trump, trick, js if n_js == 4 else -1, called) != idx:
                return 1
    return 0


cdef inline void sure_init(const Rules* r, Sure* q, uint64_t in_play, int trump,
                           int trick) noexcept nogil:
    """Build the tables for the cards ``in_play`` under ``trump`` (0..4; 5: off), for the
    tricks from ``trick`` on."""
    cdef const TrumpRules* t
    cdef Rules plain = r[0]     # the same rules without Same-two
    cdef int reps[3]
    cdef int p, k, c, x, rng, two_led, two_any
    cdef uint64_t rest, rest2, twos = 0, any_m, led_m, pair_m
    cdef int8_t cards[3]
    cdef int8_t no_ripper = -1
    memset(q, 0, sizeof(Sure))
    if trump > 4:
        return
    q.on = 1
    q.trump = trump
    q.last = r.n_tricks - 1
    t = &r.tr[trump_index(trump)]
    plain.same_two = 0
    for k in range(4):
        twos |= (<uint64_t>1) << (13 * k)
    q.lead_ok = in_play & ~(twos if r.same_two else 0)
    q.abs_ok = in_play & (t.trump_mask | t.special_mask | ((<uint64_t>1) << JOKER)) & \
        ~(twos if r.same_two else 0)
    if t.pair_winner >= 0:
        q.pair_cards = ((<uint64_t>1) << t.pair_winner) | ((<uint64_t>1) << t.pair_trigger)
    # Kinds of trick: the first, a middle one, the last (one trick number stands for each).
    reps[0] = 0 if trick == 0 else -1
    reps[1] = 1 if q.last > 1 and trick < q.last else -1
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
                if _loses(r, c, x, trump, reps[p], 0, &no_ripper):
                    led_m |= (<uint64_t>1) << x
                if _loses(r, c, x, trump, reps[p], 0, &t.ripper) or \
                        _loses(r, x, c, trump, reps[p], 1, &t.ripper):
                    any_m |= (<uint64_t>1) << x
            pair_m = 0
            if q.pair_cards and not (q.pair_cards >> c) & 1:
                cards[0] = c
                cards[1] = t.pair_trigger
                cards[2] = t.pair_winner
                if trick_winner(r, cards, 3, trump, reps[p], -1, 0) != 0:
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


cdef inline int _sure(const Sure* q, const uint64_t* beats, uint64_t two, int rng, int c,
                      uint64_t others, int voids) noexcept nogil:
    """``c`` cannot be beaten by the cards ``others`` (``beats``, ``two``: the tables to use;
    ``voids``: bit σ set when a seat holds no card of suit σ, so that no trick is all σ)."""
    if beats[c] & others:
        return 0
    if (two >> c) & 1 and not (voids >> (c // 13)) & 1 and (others >> (13 * (c // 13))) & 1:
        return 0
    if (q.pair_loses[rng] >> c) & 1 and (others & q.pair_cards) == q.pair_cards:
        return 0
    return 1


cdef inline int _worth(const Rules* r, uint64_t cards) noexcept nogil:
    """What winning the tricks of ``cards`` (one card each) is sure to bring."""
    if r.unit_points:
        return popcount64(cards & r.point_mask)
    return popcount64(cards)


cdef inline int forced_points(const Rules* r, uint64_t hand, int k, const int* k_suit,
                              uint64_t free) noexcept nogil:
    """Points a follower holding ``hand`` must give to ``k`` tricks led by the same seat,
    ``k_suit[σ]`` of them in suit σ (a led Joker in none). It plays k of its cards; in the
    tricks of suit σ it follows while it can, so at least min(k_σ, its σ cards) of its
    cards are of suit σ (a card shed earlier is also among the k). Free cards (played
    without following) leave only the count of its non-point cards."""
    cdef uint64_t pts = r.point_mask
    cdef int np_all = popcount64(hand & ~pts), forced = 0, m_all = 0, np_used = 0
    cdef int su, m, np
    cdef uint64_t cards
    if hand & free:
        m = k - np_all
        return m if m > 0 else 0
    for su in range(4):
        if k_suit[su] == 0:
            continue
        cards = hand & suit_cards(su)
        m = popcount64(cards)
        if m > k_suit[su]:
            m = k_suit[su]
        np = popcount64(cards & ~pts)
        if m > np:
            forced += m - np
            np_used += np
        else:
            np_used += m
        m_all += m
    m = (k - m_all) - (np_all - np_used)
    if m > 0:
        forced += m
    return forced


cdef inline int cash_value(const Rules* r, const Sure* q, const State* s, int rng,
                           uint64_t in_play, int voids, uint64_t* won) noexcept nogil:
    """The leader's sure leads, cashed from this trick on: ``won`` gets the cards, the result
    is what the tricks bring for sure. A threat to a led card ``c`` (a card that beats it)
    that is not of ``c``'s suit and not free cannot be played to the j-th of these tricks
    by a seat holding at least j cards of that suit (one card leaves each hand per trick):
    ``c`` may go j-th when every threat is so held. The leader plays its cards latest
    allowed last (the most cards that fill tricks 1, 2, ... without a gap)."""
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    cdef int L = s.leader, i, j, c, k = 0, n = 0, v
    cdef int cards[16]
    cdef int latest[16]
    cdef int k_suit[4]
    cdef uint64_t hand = s.hands[L], others = in_play & ~hand, rest, thr, suit, free, w = 0
    free = t.free_mask
    if r.reveal and not s.reveal_used and r.coup_card >= 0:
        free |= (<uint64_t>1) << r.coup_card
    rest = hand & q.lead_ok
    while rest:
        c = ctz64(rest)
        rest &= rest - 1
        if (q.pair_loses[rng] >> c) & 1 and (others & q.pair_cards) == q.pair_cards:
            continue
        thr = q.beats_led[rng][c] & others
        if (q.two_led[rng] >> c) & 1 and not (voids >> (c // 13)) & 1 and \
                (others >> (13 * (c // 13))) & 1:
            continue
        v = 99
        if thr:
            if c == JOKER:
                continue
            suit = suit_cards(c // 13)
            if thr & (suit | free):
                continue
            for i in range(r.n_seats):
                if i != L and s.hands[i] & thr:
                    j = popcount64(s.hands[i] & suit)
                    if j < v:
                        v = j
            if v == 0:
                continue
        # insertion by latest position, earliest first
        j = n
        while j > 0 and latest[j - 1] > v:
            latest[j] = latest[j - 1]
            cards[j] = cards[j - 1]
            j -= 1
        latest[j] = v
        cards[j] = c
        n += 1
    for i in range(4):
        k_suit[i] = 0
    for i in range(n):
        if latest[i] > k:
            k += 1
            w |= (<uint64_t>1) << cards[i]
            if cards[i] != JOKER:
                k_suit[cards[i] // 13] += 1
    won[0] = w
    if not w:
        return 0
    v = _worth(r, w)
    if r.unit_points:
        for i in range(r.n_seats):
            if i != L:
                v += forced_points(r, s.hands[i], k, k_suit, free)
    return v


cdef inline int abs_forced(const Rules* r, const State* s, uint64_t sure) noexcept nogil:
    """Points the seats must give to the tricks of one side's absolute cards ``sure`` (one
    trick each): a seat plays one card to each, its own absolute cards to their own tricks
    and other cards to the rest."""
    cdef int a = popcount64(sure), f = 0, i, x
    cdef uint64_t hand
    if a == 0 or not r.unit_points:
        return 0
    for i in range(r.n_seats):
        hand = s.hands[i]
        x = (a - popcount64(hand & sure)) - popcount64(hand & ~sure & ~r.point_mask)
        if x > 0:
            f += x
    return f


cdef inline int sure_bounds(const Rules* r, Sure* q, const State* s, int maxv, int need,
                            uint64_t* rel) noexcept nogil:
    """-1, or a bound settling the test ``need`` from the sure winners: ``b >= need`` (the
    value is at least ``b``) or ``b < need`` (at most ``b``). ``rel`` gets the sure cards
    the bound counted (a side's absolute cards, the cashed leads) for partition search
    (``_part.pxd``). The bound holds wherever those cards and the role cards (and, in the
    point games, the point cards) have the same holders and every hand the same suit
    lengths: an
    ordinary card ``x`` beats a sure card ``c`` of another suit by its suit alone (a trump
    on a plain card, any card on a powerless led Joker), and one of ``c``'s suit by rank,
    so only from above ``c``, where the cards are the same; the other arguments count
    cards per hand and suit and name only role and point cards."""
    cdef int rng = sure_range(q, s.trick), i, c, lo, hi, cash, L = s.leader, voids = 0
    cdef uint64_t in_play, hand, rest, others, w = 0, rel_lo, rel_hi
    cdef uint64_t sure_side[2]
    sure_side[0] = 0
    sure_side[1] = 0
    in_play = s.in_play     # a trick start: the cards held
    for i in range(r.n_seats):
        for c in range(4):
            if not s.hands[i] & suit_cards(c):
                voids |= 1 << c
    for i in range(r.n_seats):
        hand = s.hands[i]
        rest = hand & q.abs_ok
        others = in_play & ~hand
        while rest:
            c = ctz64(rest)
            rest &= rest - 1
            if _sure(q, q.beats_any[rng], q.two_any[rng], rng, c, others, voids):
                sure_side[(r.side_mask >> i) & 1] |= (<uint64_t>1) << c
    lo = _worth(r, sure_side[1]) + abs_forced(r, s, sure_side[1])
    hi = maxv - _worth(r, sure_side[0]) - abs_forced(r, s, sure_side[0])
    # The cards each bound relied on: a side's absolute cards (and the cashed leads).
    rel_lo = sure_side[1]
    rel_hi = sure_side[0]
    # The leader cashes its sure leads (only when its side wants the tricks: not Misère).
    if s.nplayed == 0 and s.trick > 0 and not r.quick_tricks and \
            ((r.side_mask >> L) & 1) == ((r.max_mask >> L) & 1):
        cash = cash_value(r, q, s, rng, in_play, voids, &w)
        if w:
            i = (r.side_mask >> L) & 1
            cash += _worth(r, sure_side[i] & ~w)
            if i:
                if cash > lo:
                    if cash >= need:
                        q.fired_cash += 1
                        rel[0] = w | sure_side[1]
                        return cash
                    lo = cash
                    rel_lo = w | sure_side[1]
            elif maxv - cash < hi:
                if maxv - cash < need:
                    q.fired_cash += 1
                    rel[0] = w | sure_side[0]
                    return maxv - cash
                hi = maxv - cash
                rel_hi = w | sure_side[0]
    if lo >= need:
        q.fired_lo += 1
        rel[0] = rel_lo
        return lo
    if hi < need:
        q.fired_hi += 1
        rel[0] = rel_hi
        return hi
    return -1
