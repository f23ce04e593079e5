# cython: language_level=3, cdivision=True
"""The rules of every preset as plain C data, and the one trick winner, legal-move
generator and move function the search uses (all inline, no Python).

``solver/_compile.py`` turns a ``napoleon_rules`` variant + position into the numbers that
fill :c:type:`Rules`; what each field means is written next to it. Cards are the
``napoleon_rules.cards`` numbers (suit*13 + rank-2, Joker 52); sets of cards are 64-bit masks.
"""

from libc.stdint cimport uint64_t, int8_t, int32_t
from libc.string cimport memset, memcpy

cdef extern from *:
    int popcount64 "__builtin_popcountll"(unsigned long long x) noexcept nogil
    int ctz64 "__builtin_ctzll"(unsigned long long x) noexcept nogil
    int clz64 "__builtin_clzll"(unsigned long long x) noexcept nogil

cdef enum:
    MAX_SEATS = 7          # most players any preset allows
    MAX_MOVES = 64         # 53 cards + 3 extra Joker suits + 1 Ripper call, rounded up
    POWER_TRUMP = 30       # TrumpRules.power: plain cards 0..12, trumps 30 + rank,
    POWER_ROLE = 58        # the top cards 58..60 and the pair winner 61 (_compile.py)
    JOKER = 52             # the Joker's card number
    NT_INDEX = 4           # index of No Trump in Rules.tr
    TRUMP_UNFIXED = 5      # State.trump before Nap's first lead fixes it
    JOKER_NO_POWER = 0     # Rules.joker_mode: the Joker never wins by rank (no Joker, or plain)
    JOKER_POWER_ANYWHERE = 1  # Mighty: a powered Joker wins wherever it is played
    JOKER_POWER_LED = 2    # Japoleon: a led Joker wins (below killer/mighty/Jacks)
    MOVE_CARD = 63         # move & MOVE_CARD = the card
    MOVE_SUIT_SHIFT = 6    # (move >> 6) & 7 = named suit + 1 for a led Joker (0 = none)
    MOVE_CALL = 512        # move bit: the Ripper is led with a Joker call
    PART_PLAIN = 1         # Rules.partition: plain rules (bridge, Nap), every card may be small
    PART_ROLES = 2         # Rules.partition: role cards, the Joker and (point games) the point
                           # cards always kept, only ordinary cards small (_part.pxd)

ctypedef struct TrumpRules:
    # The rules that depend on the trump; Rules.tr[t] for t = suit 0..3, 4 = No Trump.
    uint64_t trump_mask     # cards of the trump suit (0 under No Trump)
    uint64_t free_mask      # cards that may be played even when able to follow suit
    uint64_t lead0_ban1     # trick 1, leader: first choice is the hand without these
    uint64_t lead0_ban2     # ...if that is empty: the hand without these; if empty too: the hand
    uint64_t special_mask   # cards with a role: never merged with neighbours by rank equivalence
    uint64_t keep_extra     # PART_ROLES: key bits every partition entry compares (role
                            # cards, the Joker; the point cards too without part_points):
                            # set by fill_rules
    uint64_t small_points   # PART_ROLES with part_points: the point cards without a role, whose
                            # holders an entry may re-deal below the line, keeping each hand's
                            # count of them per suit (key bits too); else 0
    uint64_t dead_ok        # role cards the search may treat as ordinary once their role is
                            # gone for good (``dead_cards``): Same-two's 2s, the pair's winner
                            # (when a point card, only with part_points), the Ripper; set by
                            # fill_rules
    uint64_t role_mask      # cards that can make a trick's winner other than the plain one (top
                            # cards, the pair, the Joker, the 2s under Same-two): set by the search
                            # from the fields here, not compiled
    int8_t top[3]           # cards that win outright when present, highest first (-1 unused)
    int8_t pair_trigger     # when this card and pair_winner are both in a trick ...
    int8_t pair_winner      # ... pair_winner wins (Yoromeki, killer); -1 unused
    int8_t mighty           # card a Joker-called holder may play instead of the Joker (-1 none)
    int8_t ripper           # card whose lead (not trick 1) may call the Joker (-1 none)
    int8_t power[53]        # move-ordering strength of each card (higher wins more often)
    uint64_t dead_of[64]    # ``dead_cards`` by ``State.dead`` (before ``in_play``): the cards
                            # its flags name, of ``dead_ok``; set by fill_rules (a lookup:
                            # spreading the flags to cards each time took 4-5 % of the
                            # search's instructions). Last: the fields above share cache lines

ctypedef struct Rules:
    int n_seats             # players at the table (2..7)
    int n_tricks            # tricks in a full hand (the variant's hand size)
    int unit_points         # 1: value = card points; 0: value = tricks
    uint64_t point_mask     # the point cards (A K Q J T of each suit)
    int side_mask           # bit s set: seat s is on the declarer's side (credited with value)
    int max_mask            # bit s set: seat s wants the value high (Misère: the opponents)
    int first_trick_plain   # trick 1: highest card of the suit led wins, nothing special
    int same_two            # from trick 2: a trick all of the led suit is won by its 2 (after top/pair)
    int any_dead            # some TrumpRules.dead_ok: the search keeps State.dead (fill_rules)
    int joker_mode          # JOKER_NO_POWER / JOKER_POWER_ANYWHERE / JOKER_POWER_LED
    int joker_powerless_first_last  # JOKER_POWER_ANYWHERE: no power on the first and last trick
    int led_joker_wins_unfollowed   # a led powerless Joker, nobody played the named suit or a trump:
                                    # 1 the Joker wins; 2 the highest card of the second card's suit
    int pair_from_second_trick      # the pair rule (Yoromeki) applies from trick 2 only
    int joker_names_suit    # leading the Joker names the suit to follow (four moves)
    int reveal              # Secretary: the partner may once play the coup card without following
    int coup_card           # Secretary's coup card (-1 none)
    int partner             # the declarer's partner seat (-1 alone)
    int quick_tricks        # plain trick-count rules: count sure tricks at trick starts (_quick.pxd)
    int partition           # partition search in the table (_part.pxd): 0 off (exact keys),
                            # PART_PLAIN (plain trick-count rules), PART_ROLES (role cards,
                            # points: those always kept)
    int part_points         # PART_ROLES, point games: point cards may be small (counted per
                            # hand and suit instead of kept)
    TrumpRules tr[6]        # per trump: suits 0..3, 4 = No Trump; 5 (TRUMP_UNFIXED) a copy
                            # of 4 (fill_rules), so that State.trump indexes it directly
    int8_t seat_mod[16]     # x mod n_seats for x < 2 n_seats (``seat_add``: one load, set
                            # by fill_rules)

# The fields the search reads all the time, read through these accessors (``_spec.h``): in
# the builds specialised for one preset's default rules (``_search_japanese.pyx``,
# ``_search_mighty.pyx``, ``_search_japoleon.pyx``) they are constants, and ``rules_fit``
# (``_ab.pxi``) must compare every one of them with its field.
cdef extern from "_spec.h":
    int n_seats_of "N_SEATS_OF"(const Rules* r) noexcept nogil
    int n_tricks_of "N_TRICKS_OF"(const Rules* r) noexcept nogil
    int unit_points_of "UNIT_POINTS_OF"(const Rules* r) noexcept nogil
    uint64_t point_mask_of "POINT_MASK_OF"(const Rules* r) noexcept nogil
    int first_trick_plain_of "FIRST_TRICK_PLAIN_OF"(const Rules* r) noexcept nogil
    int any_dead_of "ANY_DEAD_OF"(const Rules* r) noexcept nogil
    int joker_mode_of "JOKER_MODE_OF"(const Rules* r) noexcept nogil
    int joker_powerless_first_last_of "JOKER_POWERLESS_FIRST_LAST_OF"(const Rules* r) noexcept nogil
    int led_joker_wins_unfollowed_of "LED_JOKER_WINS_UNFOLLOWED_OF"(const Rules* r) noexcept nogil
    int pair_from_second_trick_of "PAIR_FROM_SECOND_TRICK_OF"(const Rules* r) noexcept nogil
    int joker_names_suit_of "JOKER_NAMES_SUIT_OF"(const Rules* r) noexcept nogil
    int reveal_of "REVEAL_OF"(const Rules* r) noexcept nogil
    int quick_tricks_of "QUICK_TRICKS_OF"(const Rules* r) noexcept nogil
    int partition_of "PARTITION_OF"(const Rules* r) noexcept nogil
    int part_points_of "PART_POINTS_OF"(const Rules* r) noexcept nogil

ctypedef struct State:
    # One position: everything the rules need to continue the hand. Kept small (88 bytes):
    # the search copies it once per node.
    uint64_t hands[7]       # cards each seat holds (seats >= n_seats are 0)
    uint64_t in_play        # cards held plus the current trick's: changes only when a trick
                            # completes, so the search reads it instead of joining the hands
    uint64_t trick_mask     # the current trick's cards
    int8_t played[8]        # the current trick's cards from the leader
    int8_t leader           # seat that led / leads the current trick
    int8_t trick            # completed tricks (0 = first trick)
    int8_t nplayed          # cards already in the current trick
    int8_t trump            # 0..3 suit, 4 No Trump, 5 not fixed yet (Nap before the first lead)
    int8_t joker_suit       # suit named by a led Joker in this trick, -1 none
    int8_t joker_called     # this trick's lead is the Ripper with a Joker call
    int8_t reveal_used      # Secretary: the one exemption is spent
    int8_t dead             # role cards that lost their role for good at this trick's start
                            # (``roles_dead``): bit su, Same-two's 2 of suit su (a seat was
                            # void in su); DEAD_PAIR, the pair's winner (its trigger, the
                            # Mighty, was out of play); DEAD_RIPPER, the Ripper (the Joker
                            # was out of play). 0 at a mid-trick root


cdef inline void state_init_masks(State* s) noexcept nogil:
    """Set ``in_play`` and ``trick_mask`` from the hands and the current trick."""
    cdef int i
    s.trick_mask = 0
    for i in range(s.nplayed):
        s.trick_mask |= (<uint64_t>1) << s.played[i]
    s.in_play = s.trick_mask
    for i in range(7):
        s.in_play |= s.hands[i]


cdef inline int seat_add(const Rules* r, int seat, int k) noexcept nogil:
    """(seat + k) mod n_seats for 0 <= seat, k < n_seats, without a division: one load
    from a table (the compare-and-subtract cost 1-2 % of the search's instructions)."""
    return r.seat_mod[seat + k]


cdef inline uint64_t bit(int card) noexcept nogil:
    return (<uint64_t>1) << card


cdef extern from *:
    # suit_cards' masks: 0x1FFF << (13 * suit) for suit 0..4 (4: the Joker's card // 13,
    # bits 52..63 as the shift gives them).
    """static const unsigned long long SUIT_MASK[5] = {0x1FFFULL, 0x1FFFULL << 13,
        0x1FFFULL << 26, 0x1FFFULL << 39, 0x1FFFULL << 52};"""
    const uint64_t SUIT_MASK[5]


cdef inline uint64_t suit_cards(int suit) noexcept nogil:
    """The cards of ``suit`` (0..3; 4, the Joker's card // 13, gives bits 52..63): one load
    from a table rather than a multiply and a shift (called in many inner loops)."""
    return SUIT_MASK[suit]


cdef inline uint64_t suits_cards(int suits) noexcept nogil:
    """The cards of every suit whose bit is set in ``suits`` (bit σ: suit σ, 0..3), without
    a loop: one bit per suit at its lowest card, then each filled to 13 cards by one
    multiply (13 bits apart, no carries)."""
    return ((<uint64_t>(suits & 1)) | (<uint64_t>((suits >> 1) & 1) << 13) |
            (<uint64_t>((suits >> 2) & 1) << 26) |
            (<uint64_t>((suits >> 3) & 1) << 39)) * <uint64_t>0x1FFF


cdef inline int card_suit(int card) noexcept nogil:
    """Printed suit 0..3; -1 for the Joker."""
    if card == JOKER:
        return -1
    return card // 13


cdef inline int high_card(uint64_t mask) noexcept nogil:
    return 63 - clz64(mask)


cdef inline int trump_index(int trump) noexcept nogil:
    """The index in ``Rules.tr`` of a ``State.trump`` (0..5): itself, since ``tr[5]`` (trump
    not fixed) is a copy of ``tr[NT_INDEX]`` (the compare cost about 1 % of the search's
    instructions)."""
    return trump


cdef inline int seat_to_move(const Rules* r, const State* s) noexcept nogil:
    return seat_add(r, s.leader, s.nplayed)


cdef inline int index_of(const int8_t* cards, int n, int card) noexcept nogil:
    """The first index below ``n`` (1..8) of ``card`` (0..63) in ``cards`` (0 when
    absent). ``cards`` must have 8 readable bytes (every trick array is ``int8_t[8]``); the
    bytes from ``n`` on may be stale and are masked off. The eight bytes are compared at
    once (a zero byte of ``cards ^ card * 0x01..01`` marks a match; the exact test, no false
    positives), so there is no loop and no branch: the early-exit loop's branch (where the
    card sits in the trick) was the second most mispredicted line under callgrind's branch
    simulator."""
    cdef uint64_t w, x, z
    memcpy(&w, cards, 8)
    x = w ^ (<uint64_t>0x0101010101010101ULL * <uint64_t>card)
    # high bit of a byte set exactly when the byte is 0 (no carry crosses a byte)
    z = ~(((x & <uint64_t>0x7F7F7F7F7F7F7F7FULL) + <uint64_t>0x7F7F7F7F7F7F7F7FULL) | x |
          <uint64_t>0x7F7F7F7F7F7F7F7FULL)
    z &= ~(<uint64_t>0) >> (64 - 8 * n)     # the bytes below n (1 <= n <= 8)
    return (ctz64(z) >> 3) if z else 0


cdef inline int trick_winner(const Rules* r, const int8_t* cards, int n, int trump, int trick,
                             int joker_suit, int joker_called) noexcept nogil:
    """Index (0 = leader) of the card that wins ``cards[0:n]``. Also used on unfinished
    tricks for move ordering only."""
    cdef uint64_t mask = 0
    cdef int i
    for i in range(n):
        mask |= bit(cards[i])
    return trick_winner_m(r, cards, n, mask, trump, trick, joker_suit, joker_called)


cdef inline int trick_winner_m(const Rules* r, const int8_t* cards, int n, uint64_t mask,
                               int trump, int trick, int joker_suit,
                               int joker_called) noexcept nogil:
    """:func:`trick_winner` given ``mask``, the set of ``cards[0:n]``."""
    cdef int led_card = cards[0]
    cdef int led = joker_suit if led_card == JOKER else led_card // 13
    cdef int k, c
    cdef const TrumpRules* t = &r.tr[trump_index(trump)]
    if first_trick_plain_of(r) and trick == 0:
        return _plain(cards, n, mask, 0, led)
    if not (mask & t.role_mask):
        return _plain(cards, n, mask, t.trump_mask, led)   # nothing below could apply
    if t.pair_winner >= 0 and (mask >> t.pair_trigger) & 1 and (mask >> t.pair_winner) & 1 and \
            (trick > 0 or not pair_from_second_trick_of(r)):
        return index_of(cards, n, t.pair_winner)
    for k in range(3):
        c = t.top[k]
        if c >= 0 and (mask >> c) & 1:
            return index_of(cards, n, c)
    if (mask >> JOKER) & 1:
        if joker_mode_of(r) == JOKER_POWER_ANYWHERE:
            if not joker_called and not (joker_powerless_first_last_of(r) and
                                         (trick == 0 or trick == n_tricks_of(r) - 1)):
                return index_of(cards, n, JOKER)
        elif joker_mode_of(r) == JOKER_POWER_LED and led_card == JOKER:
            return 0
    if led_card == JOKER and led_joker_wins_unfollowed_of(r) and n > 1:
        if led < 0 or (mask & ~bit(JOKER) & (suit_cards(led) | t.trump_mask)) == 0:
            if led_joker_wins_unfollowed_of(r) == 1:
                return 0
            return _plain(cards, n, mask, t.trump_mask, cards[1] // 13)
    if r.same_two and trick > 0 and led_card != JOKER and (mask & ~suit_cards(led)) == 0:
        if (mask >> (led * 13)) & 1:
            return index_of(cards, n, led * 13)
    return _plain(cards, n, mask, t.trump_mask, led)


cdef inline int _plain(const int8_t* cards, int n, uint64_t mask, uint64_t trump_mask,
                       int led) noexcept nogil:
    """Highest trump, else highest card of the suit led; index 0 when neither (as the
    reference's plain_winner)."""
    cdef uint64_t m = mask & trump_mask
    if m:
        return index_of(cards, n, high_card(m))
    if led >= 0:
        m = mask & suit_cards(led)
        if m:
            return index_of(cards, n, high_card(m))
    return 0


cdef inline int suit_to_follow(const State* s) noexcept nogil:
    if s.nplayed == 0:
        return -1
    if s.played[0] == JOKER:
        # A Joker led without naming a suit (Japoleon's option): the second card's suit.
        if s.joker_suit < 0 and s.nplayed > 1:
            return s.played[1] // 13
        return s.joker_suit
    return s.played[0] // 13


cdef inline uint64_t legal_mask(const Rules* r, const State* s) noexcept nogil:
    """The cards the player to move may play (options such as the Joker's suit aside)."""
    cdef int seat = seat_to_move(r, s)
    cdef uint64_t hand = s.hands[seat]
    cdef const TrumpRules* t = &r.tr[trump_index(s.trump)]
    cdef uint64_t a, follow, free
    cdef int suit
    if s.nplayed == 0:
        if s.trick == 0:
            a = hand & ~t.lead0_ban1
            if a:
                return a
            a = hand & ~t.lead0_ban2
            if a:
                return a
        return hand
    if s.joker_called and (hand >> JOKER) & 1:
        a = bit(JOKER)
        if t.mighty >= 0:
            a |= bit(t.mighty)
        return hand & a
    suit = suit_to_follow(s)
    if suit < 0:
        return hand
    follow = hand & suit_cards(suit)
    if follow:
        free = t.free_mask
        if reveal_of(r) and seat == r.partner and not s.reveal_used and r.coup_card >= 0:
            free |= bit(r.coup_card)
        return follow | (hand & free)
    return hand


cdef inline int joker_elsewhere(const Rules* r, const State* s, int seat) noexcept nogil:
    cdef int i
    for i in range(n_seats_of(r)):
        if i != seat and (s.hands[i] >> JOKER) & 1:
            return 1
    return 0


cdef enum:
    DEAD_PAIR = 16          # State.dead: the pair's winner is an ordinary card
    DEAD_RIPPER = 32        # State.dead: the Ripper is an ordinary card


cdef inline int8_t roles_dead(const Rules* r, const State* s) noexcept nogil:
    """``State.dead`` for the trick start ``s`` (those already dead stay so). A 2 under
    Same-two wins only a trick all of its suit: once a seat holds no card of the suit (a
    void is for good), every later trick of the suit has a card of another suit. The pair's
    winner (Yoromeki's ♥Q) beats only its trigger (the Mighty): once that is out of play,
    it is a card like the others. So is the Ripper once the Joker is out of play (it could
    only call the Joker), from the second trick on (trick 1 bans its lead)."""
    cdef int su, i, out = s.dead
    cdef const TrumpRules* t
    if r.same_two:
        for su in range(4):
            if (out >> su) & 1:
                continue
            for i in range(n_seats_of(r)):
                if not (s.hands[i] & suit_cards(su)):
                    out |= 1 << su
                    break
    if s.trump < 5:
        t = &r.tr[trump_index(s.trump)]
        if not (out & DEAD_PAIR) and t.pair_winner >= 0 and \
                not ((s.in_play >> t.pair_trigger) & 1):
            out |= DEAD_PAIR
        if not (out & DEAD_RIPPER) and t.ripper >= 0 and s.trick > 0 and \
                not ((s.in_play >> JOKER) & 1):
            out |= DEAD_RIPPER
    return <int8_t>out


cdef inline uint64_t dead_cards(const TrumpRules* t, const State* s) noexcept nogil:
    """The cards of ``State.dead`` still in play, of those the rules let go (``dead_ok``):
    role cards no more, so they merge, canonicalise and re-deal as ordinary cards (a dead
    pair winner that is a point card, among the point cards without a role)."""
    return t.dead_of[s.dead & 63] & s.in_play


cdef inline uint64_t live_special(const TrumpRules* t, uint64_t dead) noexcept nogil:
    """The role cards that still have their role (``special_mask`` but the ``dead`` ones):
    each keeps its own rank in the key and never merges with another card."""
    return t.special_mask & ~dead


cdef inline uint64_t kept_roles(const TrumpRules* t, uint64_t dead) noexcept nogil:
    """The cards a partition entry keeps with their holders whatever the line (``ab``'s
    ``extra``): the role cards and the Joker (``keep_extra``) but the ``dead`` ones."""
    return t.keep_extra & ~dead


cdef inline uint64_t redealt_points(const Rules* r, const TrumpRules* t,
                                    uint64_t dead) noexcept nogil:
    """The point cards a partition entry re-deals below the line among the point cards
    (``ab``'s ``pmask``): those without a role (``small_points``) and the ``dead`` ones."""
    return t.small_points | (dead & point_mask_of(r))


cdef inline int apply_move(const Rules* r, const State* s, int move, State* out,
                           int* winner) noexcept nogil:
    """Play ``move`` from ``s`` into ``out``. Returns the value credited to the declarer's
    side when the move completes a trick (else 0); ``winner`` gets the trick's winner or -1."""
    cdef int seat = seat_to_move(r, s)
    cdef int card = move & MOVE_CARD
    cdef int suit, w, value
    cdef uint64_t tmask
    out[0] = s[0]
    winner[0] = -1
    if s.nplayed == 0:
        out.joker_suit = ((move >> MOVE_SUIT_SHIFT) & 7) - 1
        out.joker_called = 1 if move & MOVE_CALL else 0
        if out.trump == TRUMP_UNFIXED and card != JOKER:
            out.trump = card // 13
    elif reveal_of(r) and card == r.coup_card and seat == r.partner and not s.reveal_used:
        suit = suit_to_follow(s)
        if suit >= 0 and card // 13 != suit and s.hands[seat] & suit_cards(suit):
            out.reveal_used = 1
    out.hands[seat] &= ~bit(card)
    out.played[s.nplayed] = card
    out.trick_mask = s.trick_mask | bit(card)
    out.nplayed = s.nplayed + 1
    if out.nplayed < n_seats_of(r):
        return 0
    w = seat_add(r, s.leader, trick_winner_m(r, out.played, n_seats_of(r), out.trick_mask, out.trump,
                                             s.trick, out.joker_suit, out.joker_called))
    winner[0] = w
    if unit_points_of(r):
        value = popcount64(out.trick_mask & point_mask_of(r))
    else:
        value = 1
    out.in_play = s.in_play & ~out.trick_mask
    out.trick_mask = 0
    out.leader = w
    out.trick = s.trick + 1
    out.nplayed = 0
    out.joker_suit = -1
    out.joker_called = 0
    if any_dead_of(r):
        out.dead = roles_dead(r, out)
    return value if (r.side_mask >> w) & 1 else 0


cdef inline int fill_state(const Rules* r, State* s, tuple hands, int leader, int trick,
                           tuple played, int trump, int joker_suit, bint joker_called,
                           bint reveal_used) except -1:
    """Set ``s`` from the Python arguments of ``solver._search.run`` (checked by
    ``solver/api.py``): the hands of the ``r.n_seats`` seats, the trick so far and the
    flags."""
    cdef int i
    memset(s, 0, sizeof(State))
    for i in range(n_seats_of(r)):
        s.hands[i] = hands[i]
    s.leader = leader
    s.trick = trick
    s.nplayed = len(played)
    for i in range(s.nplayed):
        s.played[i] = played[i]
    s.trump = trump
    s.joker_suit = joker_suit
    s.joker_called = joker_called
    s.reveal_used = reveal_used
    state_init_masks(s)
    if s.nplayed == 0 and any_dead_of(r):
        s.dead = roles_dead(r, s)
    return 0


cdef inline int fill_rules(dict data, Rules* r) except -1:
    """Copy the numbers ``solver/_compile.py`` made (``data``) into ``r`` (with the GIL)."""
    cdef int t, c, k
    cdef uint64_t dm
    memset(r, 0, sizeof(Rules))
    r.n_seats = data["n_seats"]
    r.n_tricks = data["n_tricks"]
    r.unit_points = data["unit_points"]
    r.point_mask = data["point_mask"]
    r.side_mask = data["side_mask"]
    r.max_mask = data["max_mask"]
    r.first_trick_plain = data["first_trick_plain"]
    r.same_two = data["same_two"]
    r.joker_mode = data["joker_mode"]
    r.joker_powerless_first_last = data["joker_powerless_first_last"]
    r.led_joker_wins_unfollowed = data["led_joker_wins_unfollowed"]
    r.pair_from_second_trick = data["pair_from_second_trick"]
    r.joker_names_suit = data["joker_names_suit"]
    r.reveal = data["reveal"]
    r.coup_card = data["coup_card"]
    r.partner = data["partner"]
    r.quick_tricks = data["quick_tricks"]
    r.partition = data["partition"]
    r.part_points = data["part_points"]
    for t in range(16):
        r.seat_mod[t] = t % n_seats_of(r)
    for t in range(5):
        d = data["tr"][t]
        r.tr[t].trump_mask = d["trump_mask"]
        r.tr[t].free_mask = d["free_mask"]
        r.tr[t].lead0_ban1 = d["lead0_ban1"]
        r.tr[t].lead0_ban2 = d["lead0_ban2"]
        r.tr[t].special_mask = d["special_mask"]
        for c in range(3):
            r.tr[t].top[c] = d["top"][c]
        r.tr[t].pair_trigger = d["pair_trigger"]
        r.tr[t].pair_winner = d["pair_winner"]
        r.tr[t].mighty = d["mighty"]
        r.tr[t].ripper = d["ripper"]
        for c in range(53):
            r.tr[t].power[c] = d["power"][c]
        # Every card some rule of trick_winner looks for (all but the plain highest card).
        r.tr[t].role_mask = bit(JOKER)
        for c in range(3):
            if r.tr[t].top[c] >= 0:
                r.tr[t].role_mask |= bit(r.tr[t].top[c])
        if r.tr[t].pair_winner >= 0:
            r.tr[t].role_mask |= bit(r.tr[t].pair_winner) | bit(r.tr[t].pair_trigger)
        if r.same_two:
            r.tr[t].role_mask |= bit(0) | bit(13) | bit(26) | bit(39)
        # Role cards keep their own ranks in the relative-rank key (_canon.pxd) and point
        # cards only move among point ranks, so these key bits name them exactly (and count
        # each hand's point cards of a suit).
        r.tr[t].keep_extra = 0
        r.tr[t].small_points = 0
        if partition_of(r) == PART_ROLES:
            r.tr[t].keep_extra = r.tr[t].special_mask | bit(JOKER)
            if unit_points_of(r) and part_points_of(r):
                r.tr[t].small_points = point_mask_of(r) & ~r.tr[t].special_mask
            elif unit_points_of(r):
                r.tr[t].keep_extra |= point_mask_of(r)
        # Which role cards may turn ordinary (``roles_dead``); _compile.py checks that none
        # of them (a 2, the pair's winner, the Ripper) has another role. A dead point card
        # is re-dealt among the point cards without a role, so only where those are
        # (part_points; else every point card keeps its holder and stays apart).
        r.tr[t].dead_ok = 0
        if not data["dead_roles"]:
            continue
        if r.same_two:
            r.tr[t].dead_ok |= bit(0) | bit(13) | bit(26) | bit(39)
        if r.tr[t].pair_winner >= 0 and not (unit_points_of(r) and (point_mask_of(r) >> r.tr[t].pair_winner) & 1
                                             and not r.tr[t].small_points):
            r.tr[t].dead_ok |= bit(r.tr[t].pair_winner)
        # The Ripper (no point card in any preset), unless its suit has the pair's winner:
        # the relative-rank key's memo has one slot for a suit's dead card besides its 2.
        if r.tr[t].ripper >= 0 and not (point_mask_of(r) >> r.tr[t].ripper) & 1 and \
                not (r.tr[t].pair_winner >= 0 and r.tr[t].pair_winner // 13 == r.tr[t].ripper // 13):
            r.tr[t].dead_ok |= bit(r.tr[t].ripper)
        if r.tr[t].dead_ok:
            r.any_dead = 1
        for k in range(64):
            dm = (<uint64_t>k & 1) | ((<uint64_t>k & 2) << 12) | ((<uint64_t>k & 4) << 24) | \
                ((<uint64_t>k & 8) << 36)
            if k & DEAD_PAIR and r.tr[t].pair_winner >= 0:
                dm |= bit(r.tr[t].pair_winner)
            if k & DEAD_RIPPER and r.tr[t].ripper >= 0:
                dm |= bit(r.tr[t].ripper)
            r.tr[t].dead_of[k] = dm & r.tr[t].dead_ok
    r.tr[TRUMP_UNFIXED] = r.tr[NT_INDEX]
    return 0


cdef inline void _cswap(int* moves, int* scores, int j) noexcept nogil:
    """Swap entries ``j`` and ``j + 1`` when ``j + 1`` scores strictly higher, by masks (no
    branch: gcc keeps the ternary form's branch here)."""
    cdef int a = scores[j], b = scores[j + 1]
    cdef int m = -(a < b)
    cdef int d = (a ^ b) & m
    scores[j] = a ^ d
    scores[j + 1] = b ^ d
    d = (moves[j] ^ moves[j + 1]) & m
    moves[j] ^= d
    moves[j + 1] ^= d


cdef inline int sort_moves(int* moves, int* scores, int n, int first_move) noexcept nogil:
    """Order the ``n`` moves by their scores, best first (an insertion sort: stable, and the
    lists are short), ``first_move`` (or -1: none) ahead of all; returns ``n``.

    The first four entries are inserted by adjacent compare-and-swaps without an early exit
    (``_cswap``: a swap only where the upper entry scores strictly higher, so stable; once
    the new entry stops, the sorted ones below never swap: the same order as the plain
    insertion), unrolled: the insertion loop's data-dependent exit was the most mispredicted
    line under callgrind's branch simulator. Later entries (rare) as before."""
    cdef int i, j, mv, sc
    if first_move >= 0:
        # The moves are distinct, so no early exit is needed: a conditional move per entry
        # (written as a select: gcc does not turn a conditional store into one).
        for i in range(n):
            scores[i] = (1 << 20) if moves[i] == first_move else scores[i]
    if n < 2:
        return n
    _cswap(moves, scores, 0)
    if n == 2:
        return n
    _cswap(moves, scores, 1)
    _cswap(moves, scores, 0)
    if n == 3:
        return n
    _cswap(moves, scores, 2)
    _cswap(moves, scores, 1)
    _cswap(moves, scores, 0)
    for i in range(4, n):
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
