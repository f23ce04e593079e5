# cython: language_level=3, cdivision=True
"""Bounds at trick starts from tricks a side is sure of later in the hand (plain trick-count
rules: bridge, Nap), for either side, whoever leads. The idea is DDS's "later tricks"
(LaterTricksMIN/MAX); the arguments below are this project's own.

``quick_tricks`` (``_quick.pxd``) counts what the leader's side cashes now. These count
tricks a side takes at some point, which bounds the value from the other side too:

* Trumps that cannot lose: the top trumps held in a row by one hand each win the trick they
  are played to (nothing above them is left but its own cards, which are never in the same
  trick), and every card is played before the hand ends. Forced: whatever anyone plays.
* No trumps against: when the other side holds no trump, every trump of a side's longest
  trump hand is played to a trick of its own and wins it (only trumps beat trumps).
  Forced. Only suit lengths matter, so no card is named.
* A guarded second trump behind the top one: the holder of the second-highest trump with
  at least one more trump, seated right after the holder of the highest and not on lead,
  takes a trick. Until its side wins a trick it never leads, so the top trump's holder
  plays just before it in every trick; it keeps the second trump until a trick in which the top trump's holder (who plays just
  before it) did not play the top trump and it may play a trump (it then wins: only the
  top trump was higher), or until the top trump has gone (it is then the top trump).
  In the one trick where the top trump is played it has another legal card: before that
  trick its trumps only went to tricks it won with the second trump (then it is done)
  and it never needs to spend one elsewhere, so it still holds two. A strategy of its
  side, so only when that side wants tricks (not in Misere).
* The leader's side needs every trick at No Trump (or with no trump left): each trick it
  wins it also leads (it keeps the lead throughout), and the other side wins any trick led
  in a suit whose top card it holds (it keeps that card until the suit is led; it is
  forced to part with it only as its last card, in the last trick). A suit led by the
  leader's side is led at most as often as its longer holding of the suit (each such
  trick takes a card of the suit from each of its hands that has one). So the leader's
  side takes every trick only if the suits whose top card it holds, counted by its longer
  holding, reach the tricks left. A strategy of the other side (not in Misere).

For partition search (``_part.pxd``) each bound names the cards it relied on: the run of
top trumps counted; the two top trumps of the guarded-second rule; at No Trump, the top
card of each suit the other side holds the top of (the suits the leader's side tops only
raise its count, so any position that keeps the others' top cards counts at most as
much); nothing for the lengths-only rule (every hand's suit lengths are always kept).
"""

from libc.stdint cimport uint64_t
from solver._rules cimport Rules, State, popcount64, suit_cards, bit, high_card, seat_add
from solver._quick cimport top_run, low_of_top
from solver._rules cimport n_seats_of


cdef inline int wants_tricks(const Rules* r, int side) noexcept nogil:
    """1 when the seats of ``side`` (1: the declarer's) want tricks (not Misere)."""
    cdef int i
    for i in range(n_seats_of(r)):
        if ((r.side_mask >> i) & 1) == side:
            return ((r.max_mask >> i) & 1) == side
    return 0


cdef inline int trump_floor(const Rules* r, const State* s, int side, uint64_t tm,
                            uint64_t* rel) noexcept nogil:
    """Tricks ``side`` is sure of with its trumps (``tm``: the trumps in play, not empty) at
    a trick start; ``rel`` gets the cards the count relied on."""
    cdef int i, n, best = 0, longest = 0, hh = 0
    cdef uint64_t h, others = 0, top, second
    rel[0] = 0
    for i in range(n_seats_of(r)):
        h = s.hands[i] & tm
        if ((r.side_mask >> i) & 1) != side:
            others |= h
            continue
        n = popcount64(h)
        if n > longest:
            longest = n
        n = top_run(h, tm)
        if n > best:
            best = n
            rel[0] = low_of_top(tm, n)
    if not others:
        if longest >= best:
            rel[0] = 0
            return longest
        return best
    if best == 0 and tm & (tm - 1) and wants_tricks(r, side):
        top = bit(high_card(tm))
        second = bit(high_card(tm & ~top))
        for i in range(n_seats_of(r)):
            if s.hands[i] & second:
                hh = i
                break
        if ((r.side_mask >> hh) & 1) == side and hh != s.leader and \
                popcount64(s.hands[hh] & tm) >= 2 and \
                s.hands[seat_add(r, hh, n_seats_of(r) - 1)] & top:
            rel[0] = top | second
            return 1
    return best


cdef inline int leader_short(const Rules* r, const State* s, int maxv, uint64_t* rel) noexcept nogil:
    """1 when the leader's side cannot take all ``maxv`` tricks left (No Trump or no trump
    in play: see the module note), with ``rel`` the cards relied on; else 0."""
    cdef int side = (r.side_mask >> s.leader) & 1, su, i, n, longest, total = 0
    cdef uint64_t cards, top
    rel[0] = 0
    for su in range(4):
        cards = s.in_play & suit_cards(su)
        if not cards:
            continue
        top = bit(high_card(cards))
        longest = 0
        for i in range(n_seats_of(r)):
            if ((r.side_mask >> i) & 1) != side:
                if s.hands[i] & top and (s.hands[i] & cards) != cards:
                    rel[0] |= top       # the other side's top card, not its only holding
                continue
            n = popcount64(s.hands[i] & cards)
            if n > longest:
                longest = n
        for i in range(n_seats_of(r)):
            if s.hands[i] & top and ((r.side_mask >> i) & 1) == side:
                total += longest
                break
    return 1 if total < maxv else 0


cdef inline int later_bounds(const Rules* r, const State* s, int maxv, int need,
                             uint64_t* rel) noexcept nogil:
    """At a trick start (plain rules, trump fixed): -1, or a bound settling the test
    ``need`` (``b >= need``: the value is at least ``b``; ``b < need``: at most ``b``),
    with ``rel`` the cards it relied on."""
    cdef uint64_t tm = s.in_play & suit_cards(s.trump) if s.trump < 4 else 0
    cdef int f, lside
    rel[0] = 0
    if tm:
        f = trump_floor(r, s, 1, tm, rel)
        if f >= need:
            return f
        f = trump_floor(r, s, 0, tm, rel)
        if maxv - f < need:
            return maxv - f
        rel[0] = 0
        return -1
    lside = (r.side_mask >> s.leader) & 1
    # Only tests in which the leader's side needs every trick left.
    if (need == maxv if lside else need == 1) and wants_tricks(r, 1 - lside):
        if leader_short(r, s, maxv, rel):
            return maxv - 1 if lside else 1
    rel[0] = 0
    return -1


cdef inline int strongest_legal(uint64_t hand, int led, uint64_t tm) noexcept nogil:
    """The card of ``hand`` most likely to win a trick led in ``led``: its highest card of
    the suit, else (void) its highest trump; -1 when it cannot win the trick at all."""
    cdef uint64_t f = hand & suit_cards(led)
    if f:
        return high_card(f)
    if hand & tm:
        return high_card(hand & tm)
    return -1


cdef inline int trick_power(int card, int led, uint64_t tm) noexcept nogil:
    """Order of cards in a trick led in ``led``: trumps above the suit led, rank within."""
    if card < 0:
        return -1
    if (tm >> card) & 1:
        return 100 + card
    if card // 13 == led:
        return card
    return -1


cdef inline int seat_to_play_later(const Rules* r, const State* s, int seat) noexcept nogil:
    """1 when ``seat`` has yet to play to the current trick."""
    cdef int k = seat - s.leader
    if k < 0:
        k += n_seats_of(r)
    return 1 if k >= s.nplayed else 0


cdef inline int after_trick(const Rules* r, const State* s, int side, int hh, int c,
                            int cutoff, uint64_t* rel) noexcept nogil:
    """Tricks ``side`` cashes after winning the current trick with the card ``c`` of seat
    ``hh`` (which then leads), counted up to ``cutoff``: per suit the run of ``hh``'s
    cards that are the highest still held (its card ``c`` gone; the cards the seats still
    to play give to this trick are not known, so they are counted as held: they can only
    stand above ``hh``'s cards), trumps first. Its partner discards rather than overtake.
    A top trump always wins; after the counted trump rounds an opponent with more trumps
    than were drawn may ruff, so another suit is cashed only for as many rounds as every
    such opponent surely follows: its length in the suit, less one when it has yet to play
    to the current trick (that card may be of any suit). ``rel`` gets the lowest card
    counted per suit (every card above it is kept, so the run is the same in any position
    that keeps it)."""
    cdef uint64_t held = (s.in_play & ~s.trick_mask) & ~bit(c), mine = s.hands[hh] & held
    cdef uint64_t tm = suit_cards(s.trump) if s.trump < 4 else 0, cards, ruffers = 0
    cdef int i, su, n, q = 0, safe, t_top = 0
    rel[0] = 0
    if tm:
        t_top = top_run(mine & tm, held & tm)
        if t_top > cutoff:
            t_top = cutoff
        if t_top:
            q = t_top
            rel[0] = low_of_top(held & tm, t_top)
            if q >= cutoff:
                return q
        for i in range(n_seats_of(r)):
            if ((r.side_mask >> i) & 1) != side and popcount64(s.hands[i] & tm) > t_top:
                ruffers |= bit(i)
    for su in range(4):
        cards = suit_cards(su)
        if cards == tm or not mine & cards:
            continue
        safe = cutoff - q
        for i in range(n_seats_of(r)):
            if (ruffers >> i) & 1:
                n = popcount64(s.hands[i] & cards)
                if n and seat_to_play_later(r, s, i):
                    n -= 1
                if n < safe:
                    safe = n
        n = top_run(mine & cards, held & cards)
        if n > safe:
            n = safe
        if n:
            q += n
            rel[0] |= low_of_top(held & cards, n)
        if q >= cutoff:
            break
    return q


cdef inline int trick_sure(const Rules* r, const State* s, int maxv, int need,
                           uint64_t* rel) noexcept nogil:
    """Inside a trick (plain rules, trump fixed): -1, or a bound settling the test ``need``
    from a side sure to win the current trick and to cash ``after_trick``'s tricks next.
    Tried for tests asking for every trick or for one (no count after the trick needed),
    and for every test at the second seat (as DDS's second-hand quick tricks; at the
    later seats the cost of the count measured more than the nodes it saved).
    (Sure trump tricks add nothing here: they were tried at the trick's start.)
    A side is sure of it when its strongest card for the trick (already played, or the
    strongest its seats still to play may play) beats every card the other side has
    played or may play to it: that card is played and only a card of its own side can
    beat it. A strategy of that side, so only when it wants tricks. ``rel``: that card,
    when the other side may play a card of its suit (else only suit lengths decided), and
    the cards of the count after the trick."""
    cdef int led = s.played[0] // 13, k, seat, c, p, side, q
    cdef int best[2]
    cdef int card[2]
    cdef int holder[2]
    cdef uint64_t tm = suit_cards(s.trump) if s.trump < 4 else 0, arel
    cdef uint64_t suits[2]
    if s.nplayed != 1 and need != 1 and need != maxv:
        return -1
    best[0] = -1
    best[1] = -1
    card[0] = -1
    card[1] = -1
    suits[0] = 0
    suits[1] = 0
    for k in range(n_seats_of(r)):
        seat = seat_add(r, s.leader, k)
        if k < s.nplayed:
            c = s.played[k]
        else:
            c = strongest_legal(s.hands[seat], led, tm)
        p = trick_power(c, led, tm)
        if c >= 0 and p >= 0:
            suits[(r.side_mask >> seat) & 1] |= bit(13 * (c // 13))   # suits it may win with
        if p > best[(r.side_mask >> seat) & 1]:
            best[(r.side_mask >> seat) & 1] = p
            card[(r.side_mask >> seat) & 1] = c
            holder[(r.side_mask >> seat) & 1] = seat
    if best[1] == best[0]:
        return -1
    side = 1 if best[1] > best[0] else 0
    if not wants_tricks(r, side):
        return -1
    # The tricks the test needs of ``side`` beyond this one.
    k = need - 1 if side else maxv - need
    if k > 0:
        q = after_trick(r, s, side, holder[side], card[side], k, &arel)
        if q < k:
            return -1
    else:
        arel = 0
    c = card[side]
    rel[0] = arel | (bit(c) if suits[1 - side] & bit(13 * (c // 13)) else 0)
    return need if side else need - 1
