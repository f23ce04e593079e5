# cython: language_level=3, cdivision=True
"""Move generation for the search: legal cards with their options, one card per run of
equivalent cards, in a good order.

The order decides the node count: nearly all cut-offs come from the first move tried, and
a wrong first move costs a whole subtree. Every card is judged by the trick's *outlook*:
the trick played out with the strongest card (by ``TrumpRules.power``) that each seat
still to play may play to it, decided by the real trick winner (so role cards, Yoromeki,
the Joker, ruffs and Same-two count). Then, for the player to move:

* the expected winner is on the other side: the cheapest card (no points in point games),
  but a lead the highest card of a plain suit first, then trumps and role cards from the
  lowest (a high lead makes the other side spend a high card to win, a low one lets it win
  cheaply and keep its high cards: the third-pass samples of failed first moves were
  mostly low leads that a higher one of the same hand refuted at once);
* a lead that holds the trick: the cheapest such card (the higher ones keep their power),
  but after every other lead when no opponent holds its suit: they throw what they like,
  so it takes nothing they would rather keep, and it can wait (a sure trick stays sure:
  no one on the other side can ever win that suit);
* a follower that must win the trick itself: the cheapest such card, points first (the
  trick's points are the side's either way; the last seat first), but a role card (the
  Mighty, the Jacks, Yoromeki) by its power alone: it wins whenever it is played, so
  its own point is as safe later and spending it here costs a sure trick;
* the partner is expected to win (with the follower's strongest answers, not counting its
  own card): lead low to them (a point card of a plain suit first of all leads: it banks
  a point that could be ruffed later and keeps the leader's own winners; a trump's point
  is not in such danger; then the lowest trump for the minimisers, and for the maximiser
  when the other side holds a trump point card without a role: the opponents must follow
  with their trumps, points included, into the partner's trick), or throw points on their
  card, overtaking included.

Every lead also goes by how many ways the other side may answer it (``lead_alternatives``:
fewer first, weighed against the classes above), except a minimiser's lead that holds the
trick (the cheapest such first): the fifth pass (2026-11-23), full Japanese deals 0..19 by
value 98.60 M -> 77.86 M nodes, every card's value 0..5 41.15 M -> 37.14 M.

Bridge (``bridge_like``) orders its leads by the opponents' possible answers first
(``bridge_lead_score``), and its second seat beats the third by itself rather than leave
the trick to the partner (``move_score``): full deals 0..3 of ``compare_dds`` 37.1 M ->
16.4 M nodes, 9 cards -23 %, 10 cards -28 %. The other rules' order is unchanged.

The Yoromeki-style pair winner counts as a strong answer only when its trigger is already
in the trick. Measured 2026-11-23 on 8-card Japanese positions (all-card solves): a
follower overtaking its partner's trick was ordered as "the cheapest winner" behind its
low cards (-11 % nodes when it throws points instead); points first among a follower's
winners -9 %; Yoromeki alone no longer taken for a winner -2.5 %; holding leads cheapest
first -2 % (Japoleon -6 %).

The third pass (2026-11-23; full Japanese deals 0..5 by value, all-card 7- and 8-card
sets; each step on top of the one before, same answers): holding leads in a suit no
other seat holds last: full deals 48.9 M -> 37.3 M nodes, 7 cards -9 %, 8 cards -5 %;
lost leads highest plain card first (the cheapest before; points not put last, which cost
7 cards +8 %, 8 cards +19 %): full 37.3 M -> 30.7 M, 8 cards -15 %, bridge 9 cards -11 %,
10 cards +7 % (on 30 deals -8 %); "no other seat" made "no opponent": full 30.7 M ->
30.3 M, 7 cards -2 %, 8 cards +0.1 %; point-card leads to the partner before the holding
leads: full 30.3 M -> 29.5 M, 7 cards -1 %, 8 cards -0.7 %; role cards among a follower's
winners by power alone: full 29.5 M -> 28.1 M, 7 cards -10 %, 8 cards -6 % (the same for
the throw-points class: full +11 %; for every trump among the winners: 8 cards +4 %);
trump point cards left out of the partner-lead rule: full 28.1 M -> 21.9 M, 7 and 8 cards
-1.4 %, 6 cards +4.5 %, Japoleon +2.4 %. In all: full deals 48.9 M -> 21.9 M (deals
6..13: 144.9 M -> 93.3 M, deal 6 +28 %), 7 cards 6.09 M -> 4.63 M, 8 cards 20.4 M ->
15.1 M, Mighty -8 %, bridge 9 cards -16 % (``solver/HISTORY.md``). Fourth pass: the trump
leads to the partner (above) took full deals 0..5 15.3 M -> 14.1 M (6..13 -4.4 %, 14..19
-6.6 %), 7 cards -1.3 %, 8 cards -5.1 %, bridge 9 cards -12 %.

Judging by the card that wins *now* (the first version) made the second seat climb over
cards that the later seats beat, and led high cards into the opponents' winners: the
outlook halved the Japanese nodes and cut bridge's by 40 %. The table's move, when there
is one, still goes first (it now saves only about 0.1 % of the nodes)."""

from libc.stdint cimport uint64_t, int8_t
from libc.string cimport memcpy
from solver._rules cimport (Rules, State, TrumpRules, JOKER, MOVE_SUIT_SHIFT, MOVE_CALL, MOVE_CARD,
                            bit, suit_cards, high_card, ctz64, legal_mask, seat_to_move,
                            trump_index, trick_winner_m, joker_elsewhere,
                            suit_to_follow, seat_add, popcount64, MAX_MOVES, POWER_TRUMP,
                            POWER_ROLE, sort_moves, dead_cards, live_special)
from solver._order_bridge cimport (COVER_BONUS, bridge_lead_score,
                                   bridge_covers, bridge_third_high, gen_moves_bridge)
from solver._outlook cimport Outlook, OUT_NONE, follow_outlook, outlook_winner
from solver._rules cimport (n_seats_of, unit_points_of, point_mask_of, first_trick_plain_of,
                            joker_names_suit_of, quick_tricks_of)

cdef enum:
    ALT_WEIGHT_PTS = 50     # leads: score per quarter bit of the other side's answers


cdef inline int strongest(const TrumpRules* t, uint64_t m, int pair_live) noexcept nogil:
    """The card of ``m`` with the highest ordering power (-1 when ``m`` is empty). The pair
    rule's winner (Yoromeki) counts as strongest only when ``pair_live`` (its trigger, the
    Mighty, is already in the trick); otherwise as a plain card of its suit, since it
    wins nothing by itself."""
    cdef int c, best = -1, bp = -1000, pw
    cdef uint64_t tm
    if m and not (m & t.role_mask):
        # No card whose power breaks the rank order (top cards, the pair, the Joker): the
        # highest trump (powers 30 + rank, above every plain card), else within one suit
        # the highest card (powers by rank). Plain cards of several suits: the loop below.
        tm = m & t.trump_mask
        if tm:
            return high_card(tm)
        c = high_card(m)
        if not (m & ~suit_cards(c // 13)):
            return c
    while m:
        c = ctz64(m)
        m &= m - 1
        pw = t.power[c]
        if c == t.pair_winner and not pair_live:
            pw = (30 if (t.trump_mask >> c) & 1 else 0) + c % 13
        if pw > bp:
            bp = pw
            best = c
    return best


cdef inline int strongest_answer(const Rules* r, const State* s, const TrumpRules* t, int seat,
                                 int suit, int pair_live) noexcept nogil:
    """The strongest card ``seat`` may play to a trick led in ``suit``: its best card of the
    suit (or a free card), else its best card (a trump when it can ruff)."""
    cdef uint64_t hand = s.hands[seat]
    cdef uint64_t follow = hand & suit_cards(suit)
    if follow:
        return strongest(t, follow | (hand & t.free_mask), pair_live)
    return strongest(t, hand, pair_live)


cdef inline uint64_t opponents_cards(const Rules* r, const State* s, int seat) noexcept nogil:
    """The cards the other side holds."""
    cdef int k
    cdef uint64_t m = 0
    for k in range(n_seats_of(r)):
        if ((r.side_mask >> k) & 1) != ((r.side_mask >> seat) & 1):
            m |= s.hands[k]
    return m


cdef inline uint64_t merged_cards(uint64_t in_play, uint64_t m) noexcept nogil:
    """The cards of ``in_play`` whose next lower card in play of the same suit is in ``m``
    (a subset of ``in_play`` without the Joker). Adding ``m`` shifted up by one to the holes
    (the cards not in play) carries each bit through the holes above its card up to the
    next card in play, which it sets; the Aces' places count as cards (an Ace has no higher
    card in its suit) and the Aces of ``m`` are left out, so no carry leaves its suit and
    no two carries meet (each ends at the first card in play above its card)."""
    cdef uint64_t aces = <uint64_t>0x8004002001000     # bits 12, 25, 38, 51
    cdef uint64_t holes = ~in_play & ((<uint64_t>1 << 52) - 1) & ~aces
    return (holes + ((m & ~aces) << 1)) & in_play


cdef extern from *:
    # 4 log2(k) rounded, k = 0..63 (0 for k = 0: never asked for): a hand + 1 is at most
    # 54 cards (a three-player deal holds 17 or 18).
    """static const int LOG4[64] = {0, 0, 4, 6, 8, 9, 10, 11, 12, 13, 13, 14, 14, 15, 15, 16,
        16, 16, 17, 17, 17, 18, 18, 18, 18, 19, 19, 19, 19, 19, 20, 20, 20, 20, 20, 21, 21,
        21, 21, 21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23, 23, 23,
        23, 24, 24, 24, 24, 24};"""
    const int LOG4[64]


cdef inline void lead_alternatives(const Rules* r, const State* s, int seat,
                                   int* alts) noexcept nogil:
    """``alts[su]``: the number of ways the other side may answer a lead of ``seat`` in
    suit ``su``, as 4 log2 of the product over its hands of the cards each may play (a
    void hand: any card, counted as its hand + 1, since it may also ruff); ``alts[4]``
    (the Joker's index // 13): 0. The other side's answers multiply into the lead's
    subtree, so the lead that leaves them the fewest is the cheapest to search: where the
    leader's side must find a cut (the minimisers in a test above the value), a cheap
    cut; where it cannot (every move searched), the order changes nothing but the table.
    Exact: only the order of the moves changes, and every move is still searched until
    one cuts, so every bound and answer is the same.

    Measured 2026-11-23 (exp-order5; nodes, same answers; full Japanese deals 0..19 by
    value / 7 / 8 cards): the count as a sum, 30 a card, 98.60 M -> 80.32 M / -13 % /
    -18 % (10 / 20 / 45 a card: 89.65 (lost leads only) / 87.90 (lost leads only) /
    80.47 M; the runs of equivalent cards counted instead of cards: 82.94 M); as the log
    of the product, 50 a quarter bit: 77.86 M / -16 % / -19 % (30 / 90: 78.43 / 79.54 M).
    Only the lost leads: 87.90 M; the minimisers' holding leads too: 80.35 M (deal 12
    +20 %, the rest within 1 %)."""
    cdef int k, su, c, h
    cdef uint64_t hand
    for su in range(5):
        alts[su] = 0
    for k in range(n_seats_of(r)):
        if ((r.side_mask >> k) & 1) != ((r.side_mask >> seat) & 1):
            hand = s.hands[k]
            h = LOG4[popcount64(hand) + 1]
            for su in range(4):
                c = popcount64(hand & suit_cards(su))
                alts[su] += LOG4[c] if c else h


cdef inline int bridge_like(const Rules* r) noexcept nogil:
    """Plain trick-count rules with two fixed partnerships of alternating seats (bridge):
    the rules whose leads ``bridge_lead_score`` orders."""
    return quick_tricks_of(r) and n_seats_of(r) == 4 and (r.side_mask == 5 or r.side_mask == 10)


cdef inline int order_score(const Rules* r, const State* s, const TrumpRules* t, int seat,
                            int card, int wseat, int ours_anyway, uint64_t opp,
                            int alt) noexcept nogil:
    """The ordering score of ``card`` given the seat expected to win the trick with it;
    ``ours_anyway``: a follower's side is expected to win the trick without its card;
    ``opp``: at a lead, the cards of the other side (``opponents_cards``); ``alt``: at a
    lead, how many cards the other side may answer it with (``lead_alternatives``)."""
    if s.nplayed == 0 and bridge_like(r):
        return bridge_lead_score(s, t, seat, card, ((r.side_mask >> wseat) & 1) !=
                                 ((r.max_mask >> seat) & 1), wseat == seat)
    return class_score(r, s, t, seat, card, wseat, ours_anyway, opp, alt)


cdef inline int class_score(const Rules* r, const State* s, const TrumpRules* t, int seat,
                            int card, int wseat, int ours_anyway, uint64_t opp,
                            int alt) noexcept nogil:
    """``order_score`` but for bridge's leads (a follower's score, ``alt`` 0: small enough
    for the compiler to inline into ``gen_moves``' loop)."""
    cdef int maxing = (r.max_mask >> seat) & 1
    cdef int pts = <int>((point_mask_of(r) >> card) & 1) if unit_points_of(r) else 0
    cdef int p = t.power[card]
    if ((r.side_mask >> wseat) & 1) != maxing:
        if s.nplayed == 0:                      # a lost lead: the highest plain card
            return (p if p < POWER_TRUMP else -p) - ALT_WEIGHT_PTS * alt
        return -40 * pts - p                    # the trick is lost: the cheapest card
    if s.nplayed == 0:
        if wseat == seat:
            if card != JOKER and not (opp & suit_cards(card // 13)):
                return -200 - p - ALT_WEIGHT_PTS * alt  # no opponent holds the suit: last
            # a lead that holds the trick: the cheapest (the minimisers' by power alone)
            return 2000 - p - (ALT_WEIGHT_PTS * alt if maxing else 0)
        if pts and p < POWER_TRUMP:             # a plain point card to the partner: first
            return 3000 - p - ALT_WEIGHT_PTS * alt
        if POWER_TRUMP <= p < POWER_ROLE and (not maxing or opp & t.trump_mask &
                                               point_mask_of(r) & ~t.special_mask):
            return 1100 - p - ALT_WEIGHT_PTS * alt  # a trump to the partner: the lowest
        return 1000 - p - ALT_WEIGHT_PTS * alt  # partner's trick: lead low
    if wseat == seat and not ours_anyway:       # the cheapest winner, points first
        if p >= POWER_ROLE:
            pts = 0                             # a role card: its point is as safe later
        return 1000 + 40 * pts - p + (200 if s.nplayed == n_seats_of(r) - 1 else 0)
    return 1100 + 40 * pts - p + (200 if s.nplayed == n_seats_of(r) - 1 else 0)  # partner's: throw points


cdef inline int move_score(const Rules* r, const State* s, const TrumpRules* t, int seat,
                           int card, int8_t* cards, int8_t* seats, const int8_t* answers,
                           const uint64_t* answer_masks, int n_answers,
                           int ours_anyway, uint64_t opp, int known, int alt) noexcept nogil:
    """How good ``card`` looks: the trick is played out with the strongest card of every seat
    still to play (``answers``, from the next seat on; -1 for a seat with no card), and the
    expected winner decides the class (``order_score``). A Joker lead counts as a winner;
    Nap's first lead (trump not fixed) goes by power alone. ``cards``/``seats`` hold the
    trick so far (``gen_moves`` fills them once); the rest is written here per card.
    ``known``: the expected winner's seat when ``gen_moves`` found it already (else -1);
    ``alt``: at a lead, ``lead_alternatives`` for its suit (0 for the Joker)."""
    cdef int i, n, su
    if known >= 0:          # a follower (``outlook_winner``)
        return class_score(r, s, t, seat, card, known, ours_anyway, opp, 0)
    if s.nplayed == 0 and card == JOKER:
        return 2000 + t.power[card]
    if n_answers < 0:
        return t.power[card] - ALT_WEIGHT_PTS * alt
    cards[s.nplayed] = card
    seats[s.nplayed] = seat
    n = s.nplayed + 1
    su = 0
    if s.nplayed == 0:
        su = card // 13
    for i in range(n_answers):
        if answers[su * 8 + i] >= 0:
            cards[n] = answers[su * 8 + i]
            seats[n] = seat_add(r, seat, 1 + i)
            n += 1
    i = seats[trick_winner_m(r, cards, n, s.trick_mask | bit(card) | answer_masks[su],
                             s.trump, s.trick, s.joker_suit, s.joker_called)]
    # Bridge, second seat, the partner (last to play) expected to win: a card that beats
    # the third seat's best answer by itself first, the cheapest such: the partner keeps
    # its winner or trump (full deals 0..3: 18.4 M -> 16.9 M nodes, 9 cards 169 k -> 165 k,
    # 10 cards 310 k -> 292 k; only when the partner ruffs: 17.9 M, 160 k, 289 k, but deals
    # 4..11 24.3 M against 22.0 M. The second seat's highest card first when the trick is
    # lost: full deals 0..3 +88 %).
    if s.nplayed == 1 and n == 4 and i == seats[3] and bridge_like(r) and \
            seats[trick_winner_m(r, cards, 3, s.trick_mask | bit(card) | bit(cards[2]),
                                 s.trump, s.trick, s.joker_suit, s.joker_called)] == seat:
        return 1200 - t.power[card]
    if s.nplayed == 1 and bridge_like(r) and card // 13 == cards[0] // 13 and \
            card > cards[0] and not ((t.trump_mask >> card) & 1) and \
            ((r.side_mask >> i) & 1) != ((r.max_mask >> seat) & 1) and bridge_covers(s, seat, card):
        return order_score(r, s, t, seat, card, i, ours_anyway, opp, alt) + COVER_BONUS
    if s.nplayed == 1 and bridge_like(r) and \
            ((r.side_mask >> i) & 1) != ((r.max_mask >> seat) & 1) and \
            (t.trump_mask >> card) & 1 and (not ((t.trump_mask >> cards[0]) & 1) or card > cards[0]):
        return order_score(r, s, t, seat, card, i, ours_anyway, opp, alt) + COVER_BONUS  # bridge_second_trump
    if s.nplayed == 2 and bridge_like(r) and \
            ((r.side_mask >> i) & 1) != ((r.max_mask >> seat) & 1) and \
            bridge_third_high(s, t.trump_mask, card):
        return order_score(r, s, t, seat, card, i, ours_anyway, opp, alt) + COVER_BONUS
    return order_score(r, s, t, seat, card, i, ours_anyway, opp, alt)


cdef inline int prepare_answers(const Rules* r, const State* s, const TrumpRules* t, int seat,
                                int8_t* answers, uint64_t* answer_masks,
                                uint64_t legal) noexcept nogil:
    """Fill ``answers[su * 8 + k]`` with the strongest card of seat ``seat + 1 + k`` for a trick
    in suit ``su`` (a lead: every suit of a ``legal`` card; later in the trick: the suit to
    follow, stored as su = 0) and ``answer_masks[su]`` with the set of them. Returns how
    many seats follow: 0 when their answers are unclear (a Joker called by the Ripper, a
    suitless Joker lead), so only the cards played so far count; -1 for Nap's first lead,
    whose trump is not fixed."""
    cdef int k, su, n = n_seats_of(r) - 1 - s.nplayed, any_card, a, other
    cdef int live = t.pair_trigger >= 0 and (s.trick_mask >> t.pair_trigger) & 1
    cdef uint64_t hand, follow
    answer_masks[0] = 0
    if s.nplayed == 0:
        if s.trump > 4:
            return -1
        for su in range(1, 4):
            answer_masks[su] = 0
        for k in range(n):
            other = seat_add(r, seat, 1 + k)
            hand = s.hands[other]
            any_card = -2       # the seat's strongest card overall, found once when needed
            for su in range(4):
                if not (legal & suit_cards(su)):
                    continue    # no lead in the suit: its answers are never asked for
                follow = hand & suit_cards(su)
                if follow:
                    a = strongest(t, follow | (hand & t.free_mask), live)
                else:
                    if any_card == -2:
                        any_card = strongest(t, hand, live)
                    a = any_card
                answers[su * 8 + k] = a
                if a >= 0:
                    answer_masks[su] |= bit(a)
        return n
    su = suit_to_follow(s)
    if su < 0 or s.joker_called:
        return 0
    for k in range(n):
        a = strongest_answer(r, s, t, seat_add(r, seat, 1 + k), su, live)
        answers[k] = a
        if a >= 0:
            answer_masks[0] |= bit(a)
    return n


cdef inline uint64_t listed_cards(const Rules* r, const State* s, uint64_t legal,
                                  uint64_t dead) noexcept nogil:
    """The cards to list with ``merge`` (``gen_moves``; bridge's generator too), ``dead``
    being ``dead_cards(t, s)``: a card is left out when the next lower card in play of its
    suit is a legal card of the same hand without a role (and, in the point games, of its
    point class), every such card at once (``merged_cards``)."""
    cdef uint64_t below, special = live_special(&r.tr[trump_index(s.trump)], dead)
    if unit_points_of(r):
        below = (merged_cards(s.in_play, legal & ~special & point_mask_of(r)) & point_mask_of(r)) | \
            (merged_cards(s.in_play, legal & ~special & ~point_mask_of(r)) & ~point_mask_of(r))
    else:
        below = merged_cards(s.in_play, legal & ~special)
    return legal & ~(below & ~special)


cdef inline int gen_moves(const Rules* r, const State* s, int* moves, int first_move,
                          int merge) noexcept nogil:
    """Fill ``moves`` (best first) and return how many. ``first_move`` (or -1) goes first.
    ``merge``: one card per run of equivalent cards (cards adjacent among the cards in play,
    same suit, same hand, same point value in the point games, no special role)."""
    cdef uint64_t legal = legal_mask(r, s)
    return gen_moves_legal(r, s, legal, listed_cards(r, s, legal, dead_cards(
        &r.tr[trump_index(s.trump)], s)) if merge else legal, moves, first_move)


cdef inline int gen_moves_legal(const Rules* r, const State* s, uint64_t legal, uint64_t listed,
                                int* moves, int first_move) noexcept nogil:
    """:func:`gen_moves` given ``legal_mask(r, s)`` and the cards to list: ``legal``, or
    with ``merge`` ``listed_cards(r, s, legal, dead)`` (the search has both)."""
    cdef int seat = seat_to_move(r, s)
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    cdef uint64_t rest, opp = 0
    cdef uint64_t others
    cdef Outlook o
    cdef int scores[MAX_MOVES]
    cdef int8_t answers[32]
    cdef uint64_t answer_masks[4]
    cdef int8_t cards[8]
    cdef int8_t seats[8]
    cdef int n = 0, c, i, j, sc, mv, k, n_answers, ours_anyway, w, known
    cdef int alts[5]
    if s.trump < 5 and bridge_like(r) and not unit_points_of(r) and not first_trick_plain_of(r):
        return gen_moves_bridge(r, s, legal, listed, moves, first_move)
    if s.nplayed and not (legal & (legal - 1)):
        # One legal card (options come only with a lead): nothing to order.
        moves[0] = ctz64(legal)
        return 1
    n_answers = prepare_answers(r, s, t, seat, answers, answer_masks, legal)
    if s.nplayed == 0:
        opp = opponents_cards(r, s, seat)
        lead_alternatives(r, s, seat, alts)
    # The trick so far and its seats, eight at once (``seat_mod`` has 16 entries, the
    # leader is below 8): the entries past ``nplayed`` are written over before any read.
    memcpy(cards, s.played, 8)
    memcpy(seats, &r.seat_mod[s.leader], 8)
    # A follower whose side takes the trick without its card (the cards played and the later
    # seats' strongest answers) gives points to it even when its card would win.
    ours_anyway = 0
    o.kind = OUT_NONE
    if s.nplayed > 0 and n_answers >= 0:
        n = s.nplayed
        for i in range(n_answers):
            if answers[i] >= 0:
                cards[n] = answers[i]
                seats[n] = seat_add(r, seat, 1 + i)
                n += 1
        others = s.trick_mask | answer_masks[0]
        # (Bridge's second seat keeps its own look at the third seat's answer in move_score.)
        if s.played[0] != JOKER and not (s.nplayed == 1 and bridge_like(r)):
            w = follow_outlook(r, s, t, cards, seats, n, others, &o)
        else:
            w = seats[trick_winner_m(r, cards, n, others, s.trump, s.trick, s.joker_suit,
                                     s.joker_called)]
        ours_anyway = ((r.side_mask >> w) & 1) == ((r.max_mask >> seat) & 1)
        n = 0
    # With ``merge`` one card per run of equivalent cards (``listed_cards``).
    rest = listed
    while rest:
        c = ctz64(rest)
        rest &= rest - 1
        known = outlook_winner(&o, t, seat, c) if o.kind else -1
        sc = move_score(r, s, t, seat, c, cards, seats, answers, answer_masks, n_answers, ours_anyway,
                        opp, known, alts[c // 13] if s.nplayed == 0 else 0)
        if s.nplayed == 0 and c == JOKER and joker_names_suit_of(r):
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
    return sort_moves(moves, scores, n, first_move)


cdef inline int move_listed(const Rules* r, const State* s, uint64_t legal, uint64_t listed,
                            int m) noexcept nogil:
    """Whether ``gen_moves_legal(r, s, legal, listed, ...)`` (``listed``: with ``merge``)
    lists the move ``m`` (a card with its lead options): legal, not left out by rank
    equivalence, its options the ones listed. Lets the search try the table's or the
    memory's move before ordering the rest (``ab``); must follow ``gen_moves_legal``."""
    cdef int c = m & MOVE_CARD, seat
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    if m < 0 or not (legal >> c) & 1:
        return 0
    if s.nplayed and not (legal & (legal - 1)):
        return m == c
    if not (listed >> c) & 1:
        return 0
    if s.nplayed == 0 and c == JOKER and joker_names_suit_of(r):
        return 1 <= ((m >> MOVE_SUIT_SHIFT) & 7) <= 4 and not (m & MOVE_CALL)
    seat = seat_to_move(r, s)
    if s.nplayed == 0 and c == t.ripper and s.trick > 0 and joker_elsewhere(r, s, seat):
        return m == c or m == (c | MOVE_CALL)
    return m == c
