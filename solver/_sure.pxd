# cython: language_level=3, cdivision=True
"""Sure winners for every preset (``Sure``, ``sure_init``, ``sure_bounds``): bounds without
search at trick starts from the compiled rules. A card nobody else can beat brings its
trick to its side, a hand's trumps and role cards beaten only by a few cards win all but
as many tricks ("clean wins", ``_clean.pxd``), and the leader's side can cash its sure leads; the points
the other hands must give to those tricks count too. The argument is below, before
``Sure``; under partition search the bounds name the sure cards they counted (see
``sure_bounds``).
"""

from libc.stdint cimport uint64_t, int8_t
from libc.string cimport memset
from solver._rules cimport (Rules, State, TrumpRules, JOKER, popcount64, ctz64, clz64, suit_cards,
                            trick_winner, trump_index)
from solver._clean cimport sure_worth, clean_points, clean_cap


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
    uint64_t fired_seq
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
    cdef const Rules* rr
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


ctypedef struct Cash:
    uint64_t w                  # the cashed cards
    int k                       # the tricks counted (the k0 before them included)
    int last                    # a last cashed lead that a partner may win, or -1
    int k_suit[4]               # the cashed tricks per suit


cdef inline void cash_run(const Rules* r, const Sure* q, const State* s, int rng,
                          uint64_t in_play, int voids, uint64_t sure, uint64_t mates,
                          int L, uint64_t hand, int k0, Cash* out) noexcept nogil:
    """The leader's sure leads, cashed from this trick on: ``won`` gets the cards, the result
    is what the tricks bring for sure. A threat to a led card ``c`` (a card that beats it)
    that is not of ``c``'s suit and not free cannot be played to the j-th of these tricks
    by a seat holding at least j cards of that suit (one card leaves each hand per trick):
    ``c`` may go j-th when every threat is so held. The leader plays its cards latest
    allowed last (the most cards that fill tricks 1, 2, ... without a gap).

    One more lead may end the run when its threats held by the other side are so held
    and the rest are a partner's: whoever wins a trick beats the led card in the two-card
    trick too (the cases where not are left out above: the pair, Same-two, a led Joker),
    so the trick goes to the side; the leader needs the lead no more. (Not when a partner's
    threat is one of the side's absolute cards ``sure``, counted apart by the caller.)
    ``mates``: the cards of the leader's partners.

    ``L``, ``hand``, ``k0``: the cashing seat, the cards it cashes from, and the tricks
    before its first cashed lead (0: it leads now; 1: it wins this trick first, the
    sequencing bound ``seq_bound``). The latest positions count from this trick either way
    (a seat holding j cards of a suit still holds one in the j-th trick from now), so the
    cashed tricks fill positions k0 + 1, ...; the other seats give cards to k0 more tricks
    of unknown suit (``cash_points``)."""
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    cdef int i, j, c, k = k0, n = 0, v
    cdef int cards[16]
    cdef int latest[16]
    cdef int* k_suit = out.k_suit
    cdef uint64_t others = in_play & ~s.hands[L], rest, thr, suit, free, w = 0
    cdef int last_c = -1, last_v = 0, vv
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
            if not (thr & ~mates & (suit | free)) and not (thr & mates & sure):
                vv = 99
                for i in range(r.n_seats):
                    if i != L and s.hands[i] & thr & ~mates:
                        j = popcount64(s.hands[i] & suit)
                        if j < vv:
                            vv = j
                if vv > 0 and vv > last_v:
                    last_v = vv     # a candidate to end the run (threats held by partners)
                    last_c = c
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
    out.last = -1
    if last_c >= 0 and last_v > k and not (w >> last_c) & 1:
        out.last = last_c
        k += 1
        w |= (<uint64_t>1) << last_c
        k_suit[last_c // 13] += 1
    out.w = w
    out.k = k


cdef inline int cash_points(const Rules* r, const State* s, int L, Cash* cs,
                            int lead_suit) noexcept nogil:
    """What the tricks of ``cash_run`` bring for sure: the cashed cards' points and those
    the other seats must give (``forced_points``); ``lead_suit``: the suit of the first of
    the k0 tricks before the cashing when known (-1: any)."""
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    cdef int v = sure_worth(r, cs.w), i
    cdef uint64_t free = t.free_mask
    if not r.unit_points:
        return v
    if r.reveal and not s.reveal_used and r.coup_card >= 0:
        free |= (<uint64_t>1) << r.coup_card
    if lead_suit >= 0:
        cs.k_suit[lead_suit] += 1
    for i in range(r.n_seats):
        if i != L:
            v += forced_points(r, s.hands[i], cs.k, cs.k_suit, free)
    if lead_suit >= 0:
        cs.k_suit[lead_suit] -= 1
    return v


cdef inline int cash_value(const Rules* r, const Sure* q, const State* s, int rng,
                           uint64_t in_play, int voids, uint64_t sure, uint64_t mates,
                           uint64_t* won, int* last) noexcept nogil:
    """The leader's cashing from this trick on (``cash_run``): ``won`` gets the cards,
    ``last`` a last lead a partner may win; the result is what the tricks bring for sure."""
    cdef Cash cs
    cash_run(r, q, s, rng, in_play, voids, sure, mates, s.leader, s.hands[s.leader], 0, &cs)
    won[0] = cs.w
    last[0] = cs.last
    if not cs.w:
        return 0
    return cash_points(r, s, s.leader, &cs, -1)


cdef inline int _trick_card(const Rules* r, const Sure* q, const State* s, int rng, int H,
                            int su, int partner_leads, uint64_t hA, int voids, uint64_t others,
                            uint64_t free_h, uint64_t free) noexcept nogil:
    """A card with which H is sure to win this trick when the leader leads suit ``su``
    (-1: any suit, a Joker lead), or -1. An absolute card of H (``hA``) legal there (of that
    suit, free, or H holds none of it), else a card ``c`` of that suit none of whose threats
    (the cards that beat it led, as ``cash_run``) can be played: a threat of the suit or
    ``free`` is played by anyone holding it, a threat of another suit only by a seat
    holding none of the suit led (the leader plays the suit; a partner leader leads a card
    of the suit that is no threat). The trick's winner then is the winner with ``c`` led:
    the rules look at the suit led, never at which of its cards was led (a Joker lead
    aside). ``others``: the cards of the other hands; ``free_h``: the cards H may play at
    any time, ``free``: those another seat may."""
    cdef uint64_t hand = s.hands[H], suit, thr, cand, lh
    cdef int c, j, L = s.leader
    if su < 0:
        # Any suit may be asked for: an absolute card legal whatever is led.
        cand = hA
        while cand:
            c = ctz64(cand)
            cand &= cand - 1
            if (free_h >> c) & 1 or c == JOKER and not (hand & ~((<uint64_t>1) << JOKER)):
                return c
            if c != JOKER and not (hand & ~suit_cards(c // 13)):
                return c
        return -1
    suit = suit_cards(su)
    if not (hand & suit):
        return ctz64(hA) if hA else -1
    cand = hA & (suit | free_h)
    if cand:
        return ctz64(cand)
    cand = hand & suit & q.lead_ok
    if not cand:
        return -1
    c = 63 - clz64(cand)        # the highest (a lower card has at least its threats)
    if (q.pair_loses[rng] >> c) & 1 and (others & q.pair_cards) == q.pair_cards:
        return -1
    if (q.two_led[rng] >> c) & 1 and not (voids >> su) & 1 and (others >> (13 * su)) & 1:
        return -1
    thr = q.beats_led[rng][c] & others
    if thr & free:
        return -1
    lh = s.hands[L]
    if thr & lh:
        if partner_leads:
            if not (lh & suit & ~thr):
                return -1
        elif lh & thr & suit:
            return -1
    thr &= ~lh
    if thr & suit:
        return -1
    for j in range(r.n_seats):
        if s.hands[j] & thr and not (s.hands[j] & suit):
            return -1
    return c


cdef inline int seq_bound(const Rules* r, const Sure* q, const State* s, int rng, int X,
                          int voids, const uint64_t* sure_side, const uint64_t* side_cards,
                          int target, uint64_t* won) noexcept nogil:
    """What side ``X`` takes for sure when one of its hands H (not the leader) wins this
    trick (``_trick_card``) and then cashes its sure leads; -1 when no hand can (``won``
    gets the cards counted). ``target``: enough (a partner leader's leads are tried until
    one reaches it); below it the other side's leads stop the count.

    Why: H takes this trick and leads the next; from there H cashes as the leader would
    (``cash_run`` with one trick first: its latest positions count from this trick, the
    other seats give a card to this trick, of the suit led when they hold it). The other
    side's leader picks its lead, so H must win against every suit it holds (every suit,
    or any when it holds the Joker), and the bound is the least over those suits; a partner
    leader picks the best of its plain leads (not the Joker, nor a Ripper that may call
    the Joker). A Ripper held by the other side's leader may call H's Joker: then H must
    play it (or the Mighty), so H's Joker rules H out; and when another seat holds the
    Joker, that seat may play the Mighty whatever it holds, so the Mighty counts as free.
    Under partition search the bound names its cards: the trick's card (its threats are
    above it in its suit or role cards), the cashed ones and the absolute cards; the voids
    and suit lengths it reads are kept by every entry, and a partner leader's card below
    the trick's card stays below it."""
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    cdef int L = s.leader, H, su, c, v, best = -1, vb, pl, prev, rip
    cdef int tc[5]
    cdef uint64_t A = sure_side[X], hand, lead_h, bw = 0, wb, w, seats, free, others
    cdef Cash cs
    pl = ((r.side_mask >> L) & 1) == X
    lead_h = s.hands[L]
    rip = t.ripper >= 0 and (lead_h >> t.ripper) & 1
    if pl:
        lead_h &= ~(((<uint64_t>1) << JOKER) |
                    (((<uint64_t>1) << t.ripper) if t.ripper >= 0 else 0))
    free = t.free_mask
    if r.reveal and not s.reveal_used and r.coup_card >= 0:
        free |= (<uint64_t>1) << r.coup_card   # Secretary's coup card: played at any time
    seats = <uint64_t>(r.side_mask if X else ~r.side_mask) & ((<uint64_t>1 << r.n_seats) - 1) & \
        ~((<uint64_t>1) << L)
    while seats:
        H = ctz64(seats)
        seats &= seats - 1
        hand = s.hands[H]
        others = s.in_play & ~hand
        if not pl and rip and (s.in_play >> JOKER) & 1:
            if (hand >> JOKER) & 1:
                continue
            if t.mighty >= 0 and not (lead_h >> JOKER) & 1:
                free |= (<uint64_t>1) << t.mighty
        # The trick's card for each lead (cheap) before any cashing.
        vb = 0
        for su in range(-1, 4):
            tc[su + 1] = -1
            if su < 0:
                if pl or not (lead_h >> JOKER) & 1:
                    continue
            elif not (lead_h & suit_cards(su)):
                continue
            c = _trick_card(r, q, s, rng, H, su, pl, A & hand, voids, others,
                            t.free_mask | (((<uint64_t>1) << r.coup_card) if H == r.partner and
                                           r.reveal and not s.reveal_used and r.coup_card >= 0
                                           else 0), free)
            tc[su + 1] = c
            if c < 0:
                if not pl:
                    vb = -1
                    break
            else:
                vb = 1
        if vb <= 0:
            continue
        vb = -1 if pl else 1000
        wb = 0
        prev = -1
        for su in range(-1, 4):
            c = tc[su + 1]
            if c < 0:
                continue
            if c != prev:
                cash_run(r, q, s, rng, s.in_play, voids, A, side_cards[X] & ~hand, H,
                         hand & ~((<uint64_t>1) << c), 1, &cs)
                prev = c
            v = cash_points(r, s, H, &cs, su)
            w = cs.w | ((<uint64_t>1) << c)
            v += sure_worth(r, ((<uint64_t>1) << c) | (A & ~w))
            if pl:
                if v > vb:
                    vb = v
                    wb = w | A
                    if vb >= target:
                        break
            else:
                if v < vb:
                    vb = v
                wb |= w | A
                if vb < target:
                    break
        if vb > best:
            best = vb
            bw = wb
            if best >= target:
                break
    won[0] = bw
    return best


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



cdef inline uint64_t _threats(const Sure* q, int rng, int c, uint64_t others,
                              int voids) noexcept nogil:
    """The cards of ``others`` that may beat ``c`` wherever it is played (``c`` is absolute
    when there are none): those that beat it in a two-card trick, both pair cards when the
    pair rule beats it, the 2 of its suit under Same-two (``voids``: bit σ set when a seat
    holds no card of suit σ, so that no trick is all σ)."""
    cdef uint64_t t = q.beats_any[rng][c] & others
    if (q.pair_loses[rng] >> c) & 1 and (others & q.pair_cards) == q.pair_cards:
        t |= q.pair_cards
    if c != JOKER and (q.two_any[rng] >> c) & 1 and not (voids >> (c // 13)) & 1:
        t |= others & ((<uint64_t>1) << (13 * (c // 13)))
    return t


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
    cdef int cash_on, lside
    cdef int pts_h[8]
    cdef uint64_t in_play, hand, rest, others, w = 0
    cdef uint64_t sure_side[2]
    cdef uint64_t side_cards[2]     # the cards of each side
    cdef uint64_t thr_of[53]
    cdef uint64_t unnamed = 0
    cdef uint64_t h, held_e, held_o, m02 = 0x1FFF | (<uint64_t>0x1FFF << 26)  # suits 0, 2
    sure_side[0] = 0
    sure_side[1] = 0
    side_cards[0] = 0
    side_cards[1] = 0
    if not (r.first_trick_plain and s.trick == 0):
        unnamed = q.unnamed
    in_play = s.in_play     # a trick start: the cards held
    if r.same_two:          # only Same-two looks at the voids
        # Suits 0 and 2 (1 and 3 after a shift) with 13 free bits after each: adding
        # 0x1FFF to a suit's cards carries into the free bit when it holds any.
        held_e = held_o = ~(<uint64_t>0)
        for i in range(r.n_seats):
            h = s.hands[i]
            held_e &= (h & m02) + m02
            held_o &= ((h >> 13) & m02) + m02
        voids = 15 & ~(<int>((held_e >> 13) & 1) | <int>((held_o >> 13) & 1) << 1 |
                       <int>((held_e >> 39) & 1) << 2 | <int>((held_o >> 39) & 1) << 3)
    for i in range(r.n_seats):
        hand = s.hands[i]
        side_cards[(r.side_mask >> i) & 1] |= hand
        rest = hand & q.abs_ok
        others = in_play & ~hand
        while rest:
            c = ctz64(rest)
            rest &= rest - 1
            thr_of[c] = _threats(q, rng, c, others, voids)
            if not thr_of[c]:
                sure_side[(r.side_mask >> i) & 1] |= (<uint64_t>1) << c
    lo = sure_worth(r, sure_side[1]) + abs_forced(r, s, sure_side[1])
    if lo >= need:
        q.fired_lo += 1
        rel[0] = sure_side[1] & ~unnamed
        return lo
    hi = maxv - sure_worth(r, sure_side[0]) - abs_forced(r, s, sure_side[0])
    if hi < need:
        q.fired_hi += 1
        rel[0] = sure_side[0] & ~unnamed
        return hi
    # The bounds from the two ends never both settle the test (lo <= value <= hi), so the
    # declarer's side's cashed leads may go before the other side's clean wins, which
    # settle it far more rarely: the same answers, less work.
    cash_on = s.trick > 0 and not r.quick_tricks and \
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
    # A cheap cap first: the other side's clean wins often cannot settle the test.
    nh = popcount64(s.hands[L])
    for i in range(r.n_seats):
        pts_h[i] = popcount64(s.hands[i] & r.point_mask)
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
    # A hand of the declarer's side that wins this trick, then cashes (not in Misère). The
    # same for the other side settled about 1 % more tests for 5 % more work.
    if cash_on and r.max_mask == r.side_mask:
        c = seq_bound(r, q, s, rng, 1, voids, sure_side, side_cards, need, &w)
        if c >= need:
            q.fired_seq += 1
            rel[0] = w & ~unnamed
            return c
    return -1
