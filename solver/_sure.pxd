# cython: language_level=3, cdivision=True
"""Sure winners for every preset (``Sure``, ``sure_init``, ``sure_bounds``): bounds without
search at trick starts from the compiled rules. A card nobody else can beat brings its
trick to its side, a hand's trumps and role cards beaten only by a few cards win all but
as many tricks ("clean wins", ``_clean.pxd``), the leader's side can cash its sure leads,
and a hand of the declarer's side sure to win this trick cashes from the next one
(``_cash.pxd``); the points the other hands must give to those tricks count too, and so
do those a partner of the winning side surely can give (``abs_forced``: a hand keeping
point cards for its side's absolute tricks; ``abs_trick_extra``: the other side's absolute
card taken to this very trick). The argument is in ``_sure_tables.pxd``, before
``Sure``; under partition search the bounds name the sure cards they counted (see
``sure_bounds``).
"""

from libc.stdint cimport uint64_t
from solver._rules cimport (Rules, State, TrumpRules, JOKER, popcount64, ctz64, suits_cards,
                            suit_cards, bit, trump_index)
from solver._clean cimport sure_worth, clean_points, clean_cap
from solver._sure_tables cimport Sure, sure_init, sure_kinds, sure_range
from solver._cash cimport cash_value, seq_bound, free_cards
from solver._rules cimport (n_seats_of, unit_points_of, point_mask_of, first_trick_plain_of,
                            reveal_of, quick_tricks_of)


cdef inline int abs_forced(const Rules* r, const State* s, uint64_t sure, int side) noexcept nogil:
    """Points the seats must give to the tricks of side ``side``'s absolute cards ``sure``
    (one trick each): a seat plays one card to each, its own absolute cards to their own
    tricks and other cards to the rest. A seat of that side may give more when its side
    wants the points (not in Misère; not holding the Joker, which a call may force out, nor
    any of ``sure``, nor leading trick 1, whose lead may be banned): one point to each of
    the first j of those tricks, where j is the fewest point cards of a suit it holds that
    also has cards without points. It plays a card without points to every other trick
    while it may (following suit, one of that suit; void or leading, any), so every suit it
    holds keeps at least min(j, its cards) point cards, one fewer after each of those
    tricks, where it plays a point card of the suit led (void: of any suit)."""
    cdef int a = popcount64(sure), f = 0, i, x, j, k, su
    cdef uint64_t hand, held
    if a == 0 or not unit_points_of(r):
        return 0
    for i in range(n_seats_of(r)):
        hand = s.hands[i]
        x = (a - popcount64(hand & sure)) - popcount64(hand & ~sure & ~point_mask_of(r))
        if ((r.side_mask >> i) & 1) == side and r.max_mask == r.side_mask and hand and \
                not (hand & sure) and not (hand >> JOKER) & 1 and \
                (s.trick > 0 or i != s.leader) and x < a:
            j = a
            for su in range(4):
                held = hand & suit_cards(su)
                if held & ~point_mask_of(r):
                    k = popcount64(held & point_mask_of(r))
                    if k < j:
                        j = k
            if j > x:
                x = j
        if x > 0:
            f += x
    return f



cdef inline uint64_t _threats(const Sure* q, int rng, int c, uint64_t others,
                              uint64_t pair_add, uint64_t two_live) noexcept nogil:
    """The cards of ``others`` that may beat ``c`` wherever it is played (``c`` is absolute
    when there are none): those that beat it in a two-card trick, both pair cards when the
    pair rule beats it, the 2 of its suit under Same-two. The caller finds per hand what
    does not depend on ``c``: ``pair_add``, the pair cards when ``others`` holds both (else
    0); ``two_live``, the cards of ``two_any`` in a suit every seat holds (a seat void in
    suit σ plays another suit to every trick, so none is all σ; the Joker is of no suit).
    The same sets as testing each condition per card, with fewer branches."""
    cdef uint64_t t = q.beats_any[rng][c] & others
    if (q.pair_loses[rng] >> c) & 1:
        t |= pair_add
    if (two_live >> c) & 1:
        t |= others & ((<uint64_t>1) << (13 * (c // 13)))
    return t


cdef inline int _throw_on(const Rules* r, const State* s, int seat, int suit, uint64_t keep,
                          uint64_t free, int most) noexcept nogil:
    """The points seat ``seat`` gives to a trick led in ``suit`` that it does not win: with
    ``most`` the most it may give (its partner takes the trick), else the fewest (the other
    side takes it); -1 when it would have to play a card of ``keep`` (an absolute card,
    left for its own trick). A seat that holds the suit follows it or plays a card of
    ``free`` (``free_cards``)."""
    cdef uint64_t hand = s.hands[seat], can
    can = hand & suit_cards(suit)
    if can:
        can |= hand & free
    else:
        can = hand
    can &= ~keep
    if not can:
        return -1
    if most:
        return 1 if can & point_mask_of(r) else 0
    return 0 if can & ~point_mask_of(r) else 1


cdef inline int abs_trick_extra(const Rules* r, const State* s, uint64_t sure0) noexcept nogil:
    """The points beyond its own that an absolute card of the side that wants the value low
    (``sure0``: that side's absolute cards; not the leader's, whose leads ``_cash_bound``
    counts) surely brings to its side in this very trick, the most over such cards; -1 when
    none can be played to it. Its holder plays it to this trick: it may whatever the leader
    leads (void in the suit led, or the card of that suit or free to play), or, with a
    partner on lead, to a lead of a suit that partner picks. Its partners then give the most
    points they may (a card of the suit led or a free one while they hold the suit, any card
    once void), the other side the fewest it may, and the leader's card counts the fewest
    points of the suit (the most when it is a partner's). The side's other absolute cards
    stay in their hands for their own tricks, so this adds to their worth; a seat that
    would have to play one here stops the count. Point games, not Misère; not on trick 1
    (its lead bans, a plain first trick), nor when the leader holds the Joker (a led Joker
    names its suit) or may call it with the Ripper (its holder must answer with it)."""
    cdef int L = s.leader, h, c, su, x, y, k, sub, best = -1
    # Whose lead: the declarer's side leads the fewest points, every suit being its choice.
    cdef int max_leads = (r.side_mask >> L) & 1
    cdef uint64_t rest, lead_cards, holder, free
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    if s.trick == 0 or (s.hands[L] >> JOKER) & 1:
        return -1
    if t.ripper >= 0 and (s.hands[L] >> t.ripper) & 1 and (s.in_play & ~s.hands[L]) & bit(JOKER):
        return -1
    free = free_cards(r, s)
    rest = sure0 & ~s.hands[L]
    while rest:
        c = ctz64(rest)
        rest &= rest - 1
        h = 0
        while not (s.hands[h] >> c) & 1:
            h += 1
        holder = s.hands[h]
        sub = -1                # this card's count over the leads (-2: a lead it misses)
        for su in range(4):
            lead_cards = s.hands[L] & suit_cards(su)
            if not max_leads:
                lead_cards &= ~sure0        # a partner's absolute card is not this rule's
            if not lead_cards:
                continue
            if not (c // 13 == su or not (holder & suit_cards(su)) or (free >> c) & 1):
                if max_leads:
                    sub = -2    # the declarer's side may lead a suit the card cannot go to
                    break
                continue
            if max_leads:
                x = 0 if lead_cards & ~point_mask_of(r) else 1
            else:
                x = 1 if lead_cards & point_mask_of(r) else 0
            for k in range(n_seats_of(r)):
                if k == L or k == h:
                    continue
                y = _throw_on(r, s, k, su, sure0, free, ((r.side_mask >> k) & 1) == 0)
                if y < 0:
                    x = -1
                    break
                x += y
            if x < 0:
                if max_leads:
                    sub = -2
                    break
                continue
            if sub < 0 or (x < sub if max_leads else x > sub):
                sub = x
        if sub > best:
            best = sub
    return best


cdef inline int _cash_bound(const Rules* r, Sure* q, const State* s, int rng, int maxv,
                            int need, int voids, const uint64_t* sure_side,
                            const uint64_t* side_cards, const uint64_t* thr_of,
                            uint64_t unnamed, uint64_t* rel) noexcept nogil:
    """The leader's side's cashed leads and clean wins after them (``sure_bounds``): -1 or
    the bound settling the test."""
    cdef int i = (r.side_mask >> s.leader) & 1, c, cash
    cdef uint64_t w = 0, lead_m, used
    cash = cash_value(r, q, s, rng, s.in_play, voids, sure_side[i],
                      side_cards[i] & ~s.hands[s.leader], &w, &c)
    if not w:
        return -1
    cash += sure_worth(r, sure_side[i] & ~w)
    if (cash < need) if i else (maxv - cash >= need):
        # The cashed tricks (but a last one a partner may win) with the clean wins.
        lead_m = w & ~((<uint64_t>1) << c) if c >= 0 else w
        c = clean_points(r, thr_of, q.abs_ok, s, i, sure_side[i] | lead_m,
                         side_cards[1 - i], &used)
        if c > cash:
            cash = c
            w = used
    if i:
        if cash >= need:
            q.fired_cash += 1
            rel[0] = (w | sure_side[1]) & ~unnamed
            return cash
    elif maxv - cash < need:
        q.fired_cash += 1
        rel[0] = (w | sure_side[0]) & ~unnamed
        return maxv - cash
    return -1


cdef inline int sure_bounds(const Rules* r, Sure* q, const State* s, int maxv, int need,
                            uint64_t* rel) noexcept nogil:
    """-1, or a bound settling the test ``need`` from the sure winners: ``b >= need`` (the
    value is at least ``b``) or ``b < need`` (at most ``b``). Each side's absolute cards
    and clean wins (``clean_points``) bound the value from its end; the leader's side also
    cashes its sure leads, with its clean wins after them. ``rel`` gets the sure cards
    the bound counted (a side's absolute cards, the cashed leads, the clean sets; a clean
    card's threats are above it in its suit or role cards) for partition search
    (``_part.pxd``). The bound holds wherever those cards and the role cards have the same
    holders and every hand the same suit lengths and point cards per suit: an ordinary
    card ``x`` beats a sure card ``c`` of another suit by its suit alone (a trump on a
    plain card, any card on a powerless led Joker), and one of ``c``'s suit by rank, so
    only from above ``c``, where the cards are the same; the other arguments count cards
    and point cards per hand and suit and name only role cards. A top card (the Mighty,
    the Jacks) is not named after the plain first trick: no card beats it by rank there,
    and as a role card it keeps its holder anyway."""
    cdef int rng = sure_range(q, s.trick), i, c, lo, hi, L = s.leader, voids = 0, nh
    cdef int cash_on, lside, f0
    cdef int pts_h[8]
    cdef uint64_t in_play, hand, rest, others, w = 0
    cdef uint64_t sure_side[2]
    cdef uint64_t side_cards[2]     # the cards of each side
    cdef uint64_t thr_of[53]
    cdef uint64_t unnamed = 0
    cdef uint64_t h, held_e, held_o, m02 = 0x1FFF | (<uint64_t>0x1FFF << 26)  # suits 0, 2
    cdef uint64_t pair_add, two_live
    sure_side[0] = 0
    sure_side[1] = 0
    side_cards[0] = 0
    side_cards[1] = 0
    if not (first_trick_plain_of(r) and s.trick == 0):
        unnamed = q.unnamed
    in_play = s.in_play     # a trick start: the cards held
    if r.same_two:          # only Same-two looks at the voids
        # Suits 0 and 2 (1 and 3 after a shift) with 13 free bits after each: adding
        # 0x1FFF to a suit's cards carries into the free bit when it holds any.
        held_e = held_o = ~(<uint64_t>0)
        for i in range(n_seats_of(r)):
            h = s.hands[i]
            held_e &= (h & m02) + m02
            held_o &= ((h >> 13) & m02) + m02
        voids = 15 & ~(<int>((held_e >> 13) & 1) | <int>((held_o >> 13) & 1) << 1 |
                       <int>((held_e >> 39) & 1) << 2 | <int>((held_o >> 39) & 1) << 3)
    two_live = q.two_any[rng] & ~((<uint64_t>1) << JOKER) & ~suits_cards(voids)
    for i in range(n_seats_of(r)):
        hand = s.hands[i]
        side_cards[(r.side_mask >> i) & 1] |= hand
        rest = hand & q.abs_ok
        others = in_play & ~hand
        pair_add = q.pair_cards if (others & q.pair_cards) == q.pair_cards else 0
        while rest:
            c = ctz64(rest)
            rest &= rest - 1
            thr_of[c] = _threats(q, rng, c, others, pair_add, two_live)
            if not thr_of[c]:
                sure_side[(r.side_mask >> i) & 1] |= (<uint64_t>1) << c
    lo = sure_worth(r, sure_side[1]) + abs_forced(r, s, sure_side[1], 1)
    if lo >= need:
        q.fired_lo += 1
        rel[0] = sure_side[1] & ~unnamed
        return lo
    f0 = abs_forced(r, s, sure_side[0], 0)
    hi = maxv - sure_worth(r, sure_side[0]) - f0
    if hi < need:
        q.fired_hi += 1
        rel[0] = sure_side[0] & ~unnamed
        return hi
    # The bounds from the two ends never both settle the test (lo <= value <= hi), so the
    # declarer's side's cashed leads may go before the other side's clean wins, which
    # settle it far more rarely: the same answers, less work.
    cash_on = s.trick > 0 and not quick_tricks_of(r) and \
        ((r.side_mask >> L) & 1) == ((r.max_mask >> L) & 1)
    lside = (r.side_mask >> L) & 1
    # Clean wins (trumps and role cards beaten only by few cards) raise either bound.
    c = clean_points(r, thr_of, q.abs_ok, s, 1, sure_side[1], side_cards[0], &w)
    if c >= need:
        q.fired_lo += 1
        rel[0] = w & ~unnamed
        return c
    # The leader cashes its sure leads (only when its side wants the tricks: not Misère).
    if cash_on and lside == 1:
        c = _cash_bound(r, q, s, rng, maxv, need, voids, sure_side, side_cards, thr_of,
                        unnamed, rel)
        if c >= 0:
            return c
    # A hand of the declarer's side that wins this trick, then cashes (not in Misère);
    # before the other side's bounds, which settle fewer tests. The same for the other
    # side settled about 1 % more tests for 5 % more work.
    if cash_on and r.max_mask == r.side_mask:
        c = seq_bound(r, q, s, rng, 1, voids, sure_side, side_cards, need, &w)
        if c >= need:
            q.fired_seq += 1
            rel[0] = w & ~unnamed
            return c
    # A cheap cap first: the other side's clean wins often cannot settle the test.
    nh = popcount64(s.hands[L])
    for i in range(n_seats_of(r)):
        pts_h[i] = popcount64(s.hands[i] & point_mask_of(r))
    if maxv - clean_cap(r, pts_h, nh, popcount64(side_cards[0] & q.abs_ok)) < need:
        c = clean_points(r, thr_of, q.abs_ok, s, 0, sure_side[0], side_cards[1], &w)
        if c >= 0 and maxv - c < need:
            q.fired_hi += 1
            rel[0] = w & ~unnamed
            return maxv - c
    if cash_on and lside == 0:
        c = _cash_bound(r, q, s, rng, maxv, need, voids, sure_side, side_cards, thr_of,
                        unnamed, rel)
        if c >= 0:
            return c
    # An absolute card of the other side taken to this trick, with what its partners throw.
    if unit_points_of(r) and r.max_mask == r.side_mask and sure_side[0] & ~s.hands[L]:
        c = abs_trick_extra(r, s, sure_side[0])
        if c > f0 and hi + f0 - c < need:       # this trick's count instead of ``f0``
            q.fired_hi += 1
            rel[0] = sure_side[0] & ~unnamed
            if reveal_of(r) and r.coup_card >= 0:
                rel[0] |= bit(r.coup_card) & in_play
            return hi + f0 - c
    return -1
