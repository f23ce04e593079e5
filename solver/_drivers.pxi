# The drivers on top of ``ab`` (the table's move for ordering, one test narrowing bounds, the
# value from the top, every card's value, the principal line). Included textually by
# ``_ab.pxi`` (``include``): they call ``ab`` and share its ``Search`` (``_search_defs.pxd``).


cdef inline int table_move(Search* S, const State* s, Canon* cn) noexcept nogil:
    """The table's best move for the trick start ``s`` (-1 none), for move ordering."""
    cdef const Rules* r = S.r
    cdef uint64_t words[MAX_SEATS]
    cdef uint64_t counts, tag, dead
    cdef uint64_t* entry
    cdef int v, move = -1
    canonicalise(r, s, cn, S.canon_memo if s.trump == S.canon_trump else NULL)
    if partition_of(r):
        tag = ptt_tag(s.leader, s.trump, s.reveal_used, n_tricks_of(r) - s.trick)
        if partition_of(r) == PART_ROLES:
            part_words_roles(r, s, cn.hands, words)
            dead = dead_cards(&r.tr[trump_index(s.trump)], s)
            ptt_probe_roles(S.tt, words, tag, 0, &v, &counts, &move,
                            kept_roles(&r.tr[trump_index(s.trump)], dead),
                            redealt_points(r, &r.tr[trump_index(s.trump)], dead))
        else:
            part_words(r, s, cn.hands, words)
            ptt_probe(S.tt, words, tag, 0, &v, &counts, &move, r.tr[trump_index(s.trump)].keep_extra)
    else:
        entry = tt_find(S.tt, cn.hands, tt_tag(s.leader, s.trump, s.reveal_used))
        if entry != NULL:
            move = <int>((entry[n_seats_of(r)] >> META_MOVE) & 0xFFFF) - 1
    return move_from_canon(cn, move)


cdef int bound_test(Search* S, const State* s, int t, int* lo, int* hi) noexcept nogil:
    """Whether the value of ``s``, known to lie in ``[lo, hi]``, is at least ``t``: a
    zero-window test unless the bounds answer; its fail-soft bound narrows ``[lo, hi]``.
    Meaningless when the search was aborted: check ``S.aborted``."""
    cdef int b
    cdef uint64_t rel
    if t <= lo[0]:
        return 1
    if t > hi[0]:
        return 0
    S.tests += 1
    b = ab(S, s, t, &rel, 0)
    if S.aborted:
        return 0        # an aborted test proved nothing: [lo, hi] stays as it was
    if b >= t:
        lo[0] = b if b < hi[0] else hi[0]
        return 1
    hi[0] = b if b > lo[0] else lo[0]
    return 0


cdef int exact_value(Search* S, const State* s, int* lo, int* hi, int up,
                     int fresh) noexcept nogil:
    """Narrow ``[lo, hi]`` to the value of ``s`` by zero-window tests: each at the upper bound
    ("from the top": tests above the value fail cheaply with tight fail-soft bounds, tests
    below it pass with weak ones), or, with ``up``, each at the lower bound + 1 (when the
    value is likely just above ``lo``). Returns 0, or -1 when aborted (``[lo, hi]``: the
    bounds proved so far).

    With ``fresh`` every test starts the refutation memory afresh (a new salt in its keys:
    the old entries no longer match). The value driver's tests from the top get harder one
    by one, and the cards the easier test above kept misled the next one: full Japanese
    deals by value 36.18 M -> 33.53 M nodes (0..19) and 64.25 M -> 58.36 M (20..39). Not
    for the card values' tests, which share what they learn: clearing there +4.7 %, in
    the first card's valuation only -0.4 % (solver/HISTORY.md)."""
    while lo[0] < hi[0] and not S.aborted:
        if fresh:
            S.ref_salt += <uint64_t>0x9E3779B97F4A7C15ULL
        bound_test(S, s, lo[0] + 1 if up else hi[0], lo, hi)
    return -1 if S.aborted else 0


# ``card_values``: on a full deal of the role and point games (BEATS_LEFT tricks left or
# more) a maximiser's later card asks "beats the best?" within BEATS_FACTOR times the
# first card's fail just above its value (measured: solver/HISTORY.md, exp-cards2).
cdef enum:
    BEATS_LEFT = 9
    BEATS_FACTOR = 2


cdef int card_values(Search* S, const State* s, int* moves, int* values,
                     int* out_lo, int* out_hi, int* out_move) noexcept nogil:
    """The value of ``s`` (out_lo = out_hi = it) as the best of its cards' values for the side
    to move, a move that keeps it (out_move), and every legal move (no merging) with its
    exact value. Returns how many moves, -1 when aborted (out_lo/out_hi: the bounds on the
    value of ``s`` proved so far), -2 on an internal error.

    One card per run of equivalent cards is searched (equal values: the others copy it), in
    move order. The first card's value is found from the top. A later card whose suit
    already has a card valued below the best (above it for a minimiser) is first tested
    right above that value (a maximiser) or at it (a minimiser): cards of a suit mostly
    share their value, so the test is usually one of the two the exact value needs, and the
    tests between the best and that value are skipped; a card that passes is stepped up,
    one that fails is found from the top. Every other later card is first asked whether it
    beats the best so far (the root's test at the value + 1, split per card so that each
    card keeps its own fail-soft bound); on full deals of the role and point games a
    maximiser's card asks it within a node budget, and one whose test runs out (it likely
    beats the best: the pass would lie below its value) is found from the top. Then a
    minimiser's card that passes is stepped up (its value is likely the best's or just
    above), every other card is found from the top."""
    cdef const Rules* r = S.r
    cdef int reps[MAX_MOVES]
    cdef int rlo[MAX_MOVES]
    cdef int rhi[MAX_MOVES]
    cdef int nr = gen_moves(r, s, reps, -1, 1)
    cdef int n = 0
    cdef int maxing = (r.max_mask >> seat_to_move(r, s)) & 1
    cdef int i, k, gain, w, lo, hi, best = -1, passed, c, card, t, up, guess
    cdef int suit_value[4]      # per suit the value of the last card valued there (-1: none)
    cdef uint64_t in_play = s.in_play, below
    cdef State child
    cdef uint64_t f1 = 0, n0, rel     # f1: the first card's fail just above its value, in nodes
    cdef int b, done
    cdef int budgeted = (not quick_tricks_of(r)) and n_tricks_of(r) - s.trick >= BEATS_LEFT
    for k in range(4):
        suit_value[k] = -1
    for k in range(nr):
        gain = apply_move(r, s, reps[k], &child, &w)
        rlo[k] = gain
        rhi[k] = gain + max_value(r, &child)
    for k in range(nr):
        gain = apply_move(r, s, reps[k], &child, &w)
        card = reps[k] & MOVE_CARD
        lo = 0
        hi = rhi[k] - gain
        if best < 0:
            # from the top, the cost of each failing test kept (the last: the fail just
            # above the card's value, the scale of a later card's test above the best)
            while lo < hi and not S.aborted:
                n0 = S.nodes
                if not bound_test(S, &child, hi, &lo, &hi):
                    f1 = S.nodes - n0
        else:
            guess = suit_value[card // 13] if card != JOKER else -1
            if guess < 0 or guess == best:
                t = best + 1 if maxing else best
                up = not maxing
            else:
                # the guess is the value: its test above it (a maximiser) or at it
                t = guess + 1 if maxing else guess
                up = 1
            if budgeted and maxing and t == best + 1 and f1 and lo < t - gain <= hi:
                # "Beats the best?" within a budget (BEATS_FACTOR times the first card's
                # fail just above its value): a card that beats the best passes this test
                # below its own value, a pass as costly as its exact one (full deals:
                # 11 M nodes for nothing on one), while the cards that do not beat it
                # mostly fail for about the first card's fail. A test that runs out has
                # its card found from the top instead (failing tests down to its value).
                # Exact: a finished probe is this very test's answer, one that ran out
                # proved and stored nothing (``probe``), and the card's bounds stay those
                # proved so far.
                S.tests += 1
                b = probe(S, &child, t - gain, f1 * BEATS_FACTOR, &rel, &done, 0)
                if S.aborted or not done:
                    passed = 0
                elif b >= t - gain:
                    lo = b if b < hi else hi
                    passed = 1
                else:
                    hi = b if b > lo else lo
                    passed = 0
            else:
                passed = bound_test(S, &child, t - gain, &lo, &hi)
            if not S.aborted:
                exact_value(S, &child, &lo, &hi, passed and up, 0)
        rlo[k] = gain + lo
        rhi[k] = gain + hi
        if S.aborted:
            break
        if card != JOKER:
            suit_value[card // 13] = rlo[k]
        if lo == hi and (best < 0 or (rlo[k] > best if maxing else rlo[k] < best)):
            best = rlo[k]
            out_move[0] = reps[k]
    # The value of s from the cards' bounds (exact once every card is settled).
    out_lo[0] = rlo[0]
    out_hi[0] = rhi[0]
    for k in range(1, nr):
        if maxing:
            out_lo[0] = rlo[k] if rlo[k] > out_lo[0] else out_lo[0]
            out_hi[0] = rhi[k] if rhi[k] > out_hi[0] else out_hi[0]
        else:
            out_lo[0] = rlo[k] if rlo[k] < out_lo[0] else out_lo[0]
            out_hi[0] = rhi[k] if rhi[k] < out_hi[0] else out_hi[0]
    if S.aborted:
        return -1
    # Each move copies its run's searched card: the nearest searched card below it in the
    # suit among the cards in play (a merged card always has one: see gen_moves).
    n = gen_moves(r, s, moves, -1, 0)
    for i in range(n):
        values[i] = -1
        c = moves[i]
        while values[i] < 0:
            for k in range(nr):
                if reps[k] == c:
                    values[i] = rlo[k]
                    break
            if values[i] < 0:
                card = c & 63
                below = in_play & suit_cards(card // 13) & (bit(card) - 1)
                if card == JOKER or not below:
                    return -2
                c = high_card(below)
    return n


cdef int principal_line(Search* S, const State* root, int value, int root_move, int* line) noexcept nogil:
    """Moves to the end of the hand that keep the value (the first one ``root_move`` when it
    is known, else -1); returns their number, -1 when aborted, -2 if no move keeps the value
    (an internal error)."""
    cdef const Rules* r = S.r
    cdef State s = root[0]
    cdef State child
    cdef int moves[MAX_MOVES]
    cdef int k = 0, n, i, gain, w, maxing, found, first
    cdef uint64_t rel
    cdef Canon cn
    while not is_over(r, &s):
        first = -1
        if k == 0 and root_move >= 0:
            line[0] = root_move
            k = 1
            value -= apply_move(r, &s, root_move, &child, &w)
            s = child
            continue
        if s.nplayed == 0:
            first = table_move(S, &s, &cn)
        n = gen_moves(r, &s, moves, first, 1)
        maxing = (r.max_mask >> seat_to_move(r, &s)) & 1
        found = -1
        for i in range(n):
            gain = apply_move(r, &s, moves[i], &child, &w)
            S.tests += 1
            if maxing:
                found = i if (gain <= value and ab(S, &child, value - gain, &rel, 0) >= value - gain) else -1
            else:
                found = i if ab(S, &child, value - gain + 1, &rel, 0) < value - gain + 1 else -1
            if S.aborted:
                return -1
            if found >= 0:
                break
        if found < 0:
            return -2
        line[k] = moves[found]
        k += 1
        s = child
        value -= gain
    return k


# The relative-rank key's constant tables (``_canon.pxd``), filled once at import under the
# GIL, so that no solve ever writes them.
compress_init()
