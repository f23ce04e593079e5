# cython: language_level=3, cdivision=True
"""The sure leads of the sure bounds (``_sure.pxd``): the leader's cashing (``cash_value``:
its cards that win whenever led, played one after the other, the points the other
hands must give to those tricks and those its partners can throw on them) and the
sequencing bound (``seq_bound``: a hand of the side not on lead that is sure to win this
trick cashes from the next one).
"""

from libc.stdint cimport uint64_t
from solver._rules cimport (Rules, State, TrumpRules, JOKER, popcount64, ctz64, clz64,
                            suit_cards, suits_cards, trump_index)
from solver._clean cimport sure_worth
from solver._sure_tables cimport Sure
from solver._rules cimport n_seats_of, unit_points_of, point_mask_of, reveal_of


cdef inline uint64_t free_cards(const Rules* r, const State* s) noexcept nogil:
    """The cards a seat may play at any time, following or not: the rules' free cards and,
    while its reveal is unused, Secretary's coup card."""
    cdef uint64_t free = r.tr[trump_index(s.trump)].free_mask
    if reveal_of(r) and not s.reveal_used and r.coup_card >= 0:
        free |= (<uint64_t>1) << r.coup_card
    return free


cdef inline int forced_points(const Rules* r, uint64_t hand, int k, const int* k_suit,
                              uint64_t free) noexcept nogil:
    """Points a follower holding ``hand`` must give to ``k`` tricks led by the same seat,
    ``k_suit[σ]`` of them in suit σ (a led Joker in none). It plays k of its cards; in the
    tricks of suit σ it follows while it can, so at least min(k_σ, its σ cards) of its
    cards are of suit σ (a card shed earlier is also among the k). Free cards (played
    without following) leave only the count of its non-point cards."""
    cdef uint64_t pts = point_mask_of(r)
    cdef int np_all = popcount64(hand & ~pts), forced = 0, m_all = 0, np_used = 0
    cdef int su, m, np
    cdef uint64_t cards
    if hand & free or not (hand & pts):
        # (Without point cards the count below comes to the same: no suit forces any.)
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


cdef inline int mate_points(const Rules* r, uint64_t hand, int k, const int* k_suit,
                            uint64_t keep) noexcept nogil:
    """The points a partner of the cashing seat, holding ``hand``, can give to ``k`` tricks
    its side cashes, ``k_suit[σ]`` of them in suit σ, whatever the other seats do: in the
    tricks of suit σ it follows with its σ cards while it has them, point cards first
    (min(k_σ, its σ cards, its σ point cards)); in those where it has none left it throws
    point cards of the suits not led in the run (no later trick asks for them). ``keep``:
    cards not counted (the side's absolute cards, counted apart; cards playable at any time;
    the Joker). A trick of no suit (a led Joker, which may name one) is not planned for: 0."""
    cdef uint64_t pts = hand & point_mask_of(r) & ~keep, unled, cards
    cdef int su, m, p, voids = 0, v = 0, n = 0
    unled = pts
    for su in range(4):
        n += k_suit[su]
    if n != k:
        return 0
    for su in range(4):
        if k_suit[su] == 0:
            continue
        cards = suit_cards(su)
        unled &= ~cards
        m = popcount64(hand & cards)
        if m >= k_suit[su]:
            m = k_suit[su]
        else:
            voids += k_suit[su] - m
        p = popcount64(pts & cards)
        v += p if p < m else m
    p = popcount64(unled)
    v += p if p < voids else voids
    return v


ctypedef struct Cash:
    uint64_t w                  # the cashed cards
    int k                       # the tricks counted (the k0 before them included)
    int last                    # a last cashed lead that a partner may win, or -1
    int k_suit[4]               # the cashed tricks per suit


cdef inline uint64_t led_unsure(const Sure* q, int rng, uint64_t others,
                                int voids) noexcept nogil:
    """The cards that never win when led for the pair rule or Same-two alone, given the
    other hands' cards ``others``: ``pair_loses`` when ``others`` holds both pair cards
    (every card when there is no pair rule: ``pair_loses`` is then empty), the cards of
    ``two_led`` in a suit whose 2 ``others`` holds and no seat is void in (``voids``: bit
    σ). The cards of a suit at once: ``others``' 2s times 0x1FFF fill their suits (13 bits
    apart, no carries); the Joker is of no suit, and a leader's Joker is never in
    ``others`` anyway."""
    cdef uint64_t m = 0, twos
    if (others & q.pair_cards) == q.pair_cards:
        m = q.pair_loses[rng]
    if q.two_led[rng]:
        twos = others & <uint64_t>0x8004002001   # bits 0, 13, 26, 39: the 2s
        m |= q.two_led[rng] & ((twos & ~suits_cards(voids)) * <uint64_t>0x1FFF)
    return m


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
    free = free_cards(r, s)
    rest = hand & q.lead_ok
    # Left out at once, as the loop would one by one: the leads the pair rule beats when
    # the others hold both pair cards, and those beaten by Same-two when the others hold
    # the 2 of their suit and no seat is void in it (``led_unsure``).
    rest &= ~led_unsure(q, rng, others, voids)
    while rest:
        c = ctz64(rest)
        rest &= rest - 1
        thr = q.beats_led[rng][c] & others
        v = 99
        if thr:
            if c == JOKER:
                continue
            suit = suit_cards(c // 13)
            if not (thr & ~mates & (suit | free)) and not (thr & mates & sure):
                vv = 99
                for i in range(n_seats_of(r)):
                    if i != L and s.hands[i] & thr & ~mates:
                        j = popcount64(s.hands[i] & suit)
                        if j < vv:
                            vv = j
                if vv > 0 and vv > last_v:
                    last_v = vv     # a candidate to end the run (threats held by partners)
                    last_c = c
            if thr & (suit | free):
                continue
            for i in range(n_seats_of(r)):
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
                            int lead_suit, int skip, uint64_t sure, int mates) noexcept nogil:
    """What the tricks of ``cash_run`` bring for sure: the cashed cards' points and those
    the other seats must give (``forced_points``); ``lead_suit``: the suit of the first of
    the k0 tricks before the cashing when known (-1: any). With ``mates`` a partner of the
    cashing seat ``L`` (but ``skip``) counts what it can give when that is more
    (``mate_points``; ``sure``: the side's absolute cards, counted apart). The sequencing
    bound skips the leader: its argument fixes the leader's first card."""
    cdef int v = sure_worth(r, cs.w), i, f, g
    cdef int side = (r.side_mask >> L) & 1
    cdef uint64_t free, keep
    if not unit_points_of(r):
        return v
    free = free_cards(r, s)
    keep = sure | free | ((<uint64_t>1) << JOKER)
    if lead_suit >= 0:
        cs.k_suit[lead_suit] += 1
    for i in range(n_seats_of(r)):
        if i != L:
            f = forced_points(r, s.hands[i], cs.k, cs.k_suit, free)
            if mates and i != skip and ((r.side_mask >> i) & 1) == side:
                g = mate_points(r, s.hands[i], cs.k, cs.k_suit, keep)
                if g > f:
                    f = g
            v += f
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
    return cash_points(r, s, s.leader, &cs, -1, s.leader, sure, 1)


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
    for j in range(n_seats_of(r)):
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
    free = free_cards(r, s)
    seats = <uint64_t>(r.side_mask if X else ~r.side_mask) & ((<uint64_t>1 << n_seats_of(r)) - 1) & \
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
                                           reveal_of(r) and not s.reveal_used and r.coup_card >= 0
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
            v = cash_points(r, s, H, &cs, su, L, A, su >= 0)
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
