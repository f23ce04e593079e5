# The search: ``ab``, the zero-window fail-soft alpha-beta with its probing of moves, the
# drivers on top of it (``_drivers.pxi``) and ``search_core``, the one solve ``run`` asks
# for. Included textually by the search's builds: ``_search.pyx`` (any rules),
# ``_search_japanese.pyx``, ``_search_mighty.pyx`` and ``_search_japoleon.pyx`` (Japanese
# Napoleon's, The Mighty's and Japoleon's default rules, the rules' hot fields constants
# there: ``_spec.h``), so the same code is compiled four times.

from libc.stdint cimport uint64_t, uint32_t, int8_t, uint16_t
from libc.string cimport memset
from libc.stdlib cimport calloc, free
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
from cpython.exc cimport PyErr_CheckSignals

from solver._rules cimport (Rules, State, TrumpRules, JOKER, ctz64, trump_index, trick_winner, MOVE_CARD, MOVE_SUIT_SHIFT,
                            MOVE_CALL, MAX_SEATS, apply_move, seat_to_move, popcount64, bit,
                            suit_cards, high_card, state_init_masks, seat_add,
                            fill_rules, fill_state, PART_PLAIN, PART_ROLES, dead_cards,
                            kept_roles, redealt_points, live_special)
from solver._tt cimport (TT, tt_layout, tt_release, tt_tag, tt_find, tt_store,
                         META_LB, META_UB, META_MOVE, ptt_tag, ptt_probe, ptt_store, clamp_counts,
                         ptt_prefetch, ptt_scan, PART_LEVELS, tt_start_for)
from solver._tt_roles cimport ptt_probe_roles, ptt_store_roles, role_locate, ptt_probe_roles_at
from solver._rules cimport MAX_MOVES
from solver._order cimport gen_moves, gen_moves_legal, move_listed, listed_cards
from solver._rules cimport legal_mask
from solver._part cimport (trick_rel, trick_rel_of, close_runs, small_twins, part_words, kept_counts,
                           rel_of_counts, trick_rel_roles, kept_counts_roles,
                           rel_of_counts_roles, part_words_roles, rekey_words_roles)
from solver._entry cimport side_tricks
from solver._sure cimport Sure, sure_init, sure_kinds, sure_bounds
from solver._later cimport later_bounds, trick_sure
from solver._refute cimport (ref_bits, ref_hash,
                             ref_hash_coarse, ref_hash_lead, ref_card, ref_store)
from solver._canon cimport (Canon, canonicalise, canonicalise_plain, compress_init, move_to_canon,
                            move_from_canon, CANON_MEMO_SIZE)
from solver._rules cimport (n_seats_of, n_tricks_of, unit_points_of, point_mask_of,
                            joker_names_suit_of, quick_tricks_of, partition_of, part_points_of)
from solver._rules cimport (first_trick_plain_of, any_dead_of, joker_mode_of,
                            joker_powerless_first_last_of, led_joker_wins_unfollowed_of,
                            pair_from_second_trick_of, reveal_of)
from solver._search_defs cimport (Search, ABORT_NONE, ABORT_NODES, ABORT_TIME, ABORT_INTERRUPT,
                                  SURE_AFTER_TT, PROBE_LEFT, PROBE_FIRST, PROBE_OTHERS,
                                  PROBE_SLOTS)


cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef inline int max_value(const Rules* r, const State* s) noexcept nogil:
    """What the declarer's side could still take at most: the points (tricks) in play."""
    if unit_points_of(r):
        return popcount64(s.in_play & point_mask_of(r))
    return n_tricks_of(r) - s.trick


cdef inline int is_over(const Rules* r, const State* s) noexcept nogil:
    cdef int i
    if s.nplayed:
        return 0
    for i in range(n_seats_of(r)):
        if s.hands[i]:
            return 0
    return 1


cdef inline int last_trick(const Rules* r, const State* s, uint64_t* rel) noexcept nogil:
    """The last trick's value when every card is forced (-1 when the leader's card comes
    with options: a Joker naming a suit, a Ripper that may call the Joker); ``rel`` gets
    the card whose rank decided it (``_part.pxd``)."""
    cdef State t = s[0]
    cdef State u
    cdef int i, seat, card, w, gain = 0
    cdef const TrumpRules* tr
    card = ctz64(s.hands[s.leader])
    tr = &r.tr[trump_index(s.trump)]
    if (card == JOKER and joker_names_suit_of(r)) or (card == tr.ripper and s.trick > 0):
        return -1
    for i in range(n_seats_of(r)):
        seat = seat_add(r, s.leader, i)
        gain = apply_move(r, &t, ctz64(t.hands[seat]), &u, &w)
        t = u
    w = (w - s.leader + n_seats_of(r)) % n_seats_of(r)
    if partition_of(r) == PART_ROLES:
        # the last trick holds every card in play
        rel[0] = trick_rel_roles(r, t.played, n_seats_of(r), s.in_play, s.trump, s.trick, w)
    else:
        rel[0] = trick_rel(t.played, n_seats_of(r), w)
    return gain


cdef inline int child_cut(const Rules* r, const State* child, int maxing, int cut) noexcept nogil:
    """The expected kind of a child (1: a cut node, where one move settles the test; 0: an
    all-node) of a node of that kind whose mover is the maximiser or not: the same kind when
    the same side moves next, the other kind when the other side does. Only probing asks
    (``ab``), from PROBE_LEFT tricks left: below, 0 without working it out."""
    if n_tricks_of(r) - child.trick < PROBE_LEFT:
        return 0
    return cut if ((r.max_mask >> seat_to_move(r, child)) & 1) == maxing else 1 - cut


cdef inline uint64_t all_node_rel(const Rules* r, const State* s, uint64_t acc,
                                  uint64_t legal, uint64_t extra, uint64_t pmask) noexcept nogil:
    """The cards an all-node's bound relied on, ``acc`` those of its moves' proofs: every
    move's proof is needed, the moves left out by rank equivalence included
    (``close_runs``). ``extra`` and ``pmask``: the node's ``kept_roles`` and
    ``redealt_points`` (``ab`` has them; PART_ROLES only)."""
    if partition_of(r) == PART_ROLES:
        # Role cards (but dead ones, ``dead_cards``) and the Joker never merge and are
        # always kept, and a run of equivalent cards is all points or all non-point cards
        # (``_order.pxd``): a run is closed within its class (point cards only when they
        # may be small).
        legal &= ~extra
        if unit_points_of(r):
            acc = close_runs(acc, s.in_play, legal & ~point_mask_of(r))
            legal &= pmask
        if legal:
            acc = close_runs(acc, s.in_play, legal)
        return acc
    return close_runs(acc, s.in_play, legal)


cdef inline int move_bound(Search* S, const State* s, int move, int need, int maxing,
                           int expect_cut, uint64_t* crel) noexcept nogil:
    """``ab``'s bound for ``need`` after ``move`` (the trick's gain included); ``crel`` gets
    the cards it relied on, with the card whose rank won the trick when ``move`` ends it.
    Meaningless when the search was aborted."""
    cdef State child
    cdef int w, gain = apply_move(S.r, s, move, &child, &w)
    cdef int b = gain + ab(S, &child, need - gain, crel,
                           child_cut(S.r, &child, maxing, expect_cut))
    if partition_of(S.r) and w >= 0 and not S.aborted:
        crel[0] |= trick_rel_of(S.r, s, &child, move, w)
    return b


cdef int ab(Search* S, const State* s, int need, uint64_t* rel, int expect_cut) noexcept nogil:
    """One zero-window test, fail-soft: returns a bound ``b`` on the value of ``s`` (what the
    declarer's side takes from the cards in play) with ``b >= need`` meaning the value is at
    least ``b`` (the test passed) and ``b < need`` meaning it is at most ``b`` (failed). The
    bounds are often tighter than ``need``, which spares later tests (the driver's and the
    table's). Partition search (``r.partition``): ``rel`` gets the cards whose ranks the
    bound relied on; it holds for every position that agrees on them (``_part.pxd``).
    ``expect_cut``: 1 when the node is expected to be a cut node (``child_cut``), which only
    decides whether its moves are probed first (``probe``). Meaningless when the search was
    aborted: check ``S.aborted``."""
    cdef const Rules* r = S.r
    cdef int part = partition_of(r)
    cdef int maxv, seat, maxing, first = -1, n, i, gain, v, b, result, best = -1, w, k, cut = 0
    cdef int moves[MAX_MOVES]
    cdef uint64_t tag = 0, meta, counts, lens, in_play = 0, acc = 0, crel = 0, extra = 0
    cdef uint64_t skip = 0, legal = 0, erel = 0, ordinary = 0, pmask = 0, dead = 0
    cdef uint64_t words[MAX_SEATS]
    cdef uint64_t* entry = NULL
    cdef uint64_t pcs[MAX_SEATS]
    cdef uint64_t* buckets[PART_LEVELS + 1]
    cdef int nb = -1
    cdef State child
    cdef Canon cn
    cdef uint64_t work = S.nodes
    cdef uint64_t probed = 0        # the moves whose probe finished: their answers below
    cdef int* pb = NULL
    cdef uint64_t* prel = NULL
    cdef int done, slot
    cdef int late = 0
    cdef uint32_t rkey = 0, ckey = 0, lkey = 0
    cdef int sure_on, late_sure = 0, probing, staged = 0, b0 = 0     # b0, rel0: the staged first move's bound
    cdef uint64_t rel0 = 0, listed, single
    rel[0] = 0
    if need <= 0:
        return 0
    maxv = max_value(r, s)
    if need > maxv:
        return maxv
    S.nodes += 1
    if S.node_limit and S.nodes > S.node_limit:
        S.aborted = ABORT_NODES
        return 0
    if (S.nodes & 1023) == 0:
        if S.sigint_count() != S.sigints:
            S.aborted = ABORT_INTERRUPT
            return 0
        if S.deadline > 0 and now() > S.deadline:
            S.aborted = ABORT_TIME
            return 0
    seat = seat_to_move(r, s)
    maxing = (r.max_mask >> seat) & 1
    # The role cards that lost their role are ordinary cards (``dead_cards``): not kept by
    # partition entries, re-dealt below the line (a point card among the point cards
    # without a role), merged and twinned like the others.
    dead = dead_cards(&r.tr[trump_index(s.trump)], s)
    if part == PART_ROLES:
        extra = kept_roles(&r.tr[trump_index(s.trump)], dead)
        pmask = redealt_points(r, &r.tr[trump_index(s.trump)], dead)
    if s.nplayed:
        if quick_tricks_of(r):
            v = trick_sure(r, s, maxv, need, rel)
            if v >= 0:
                S.fired_later += 1
                return v
    else:
        # A trick start: the bounds without search, then the table (a follower's node goes
        # straight to its moves).
        if popcount64(s.hands[seat]) == 1:
            v = last_trick(r, s, rel)
            if v >= 0:
                return v
        if quick_tricks_of(r) and s.trump < 5:
            v = later_bounds(r, s, maxv, need, &crel)
            if v >= 0:
                S.fired_later += 1
                rel[0] = crel
                return v
        if part == PART_PLAIN and s.trump < 5:
            # The table's buckets asked for now, so that their cache misses overlap the
            # bounds below (plain rules: the bounds settle few trick starts).
            canonicalise_plain(r, s, &cn)
            in_play = s.in_play
            tag = ptt_tag(s.leader, s.trump, s.reveal_used, n_tricks_of(r) - s.trick)
            part_words(r, s, cn.hands, words)
            nb = ptt_prefetch(S.tt, words, tag, 0, buckets)
        # Sure tricks bound the value only when the leader's side wants them (not in Misère).
        if quick_tricks_of(r) and s.trump < 5 and \
                ((r.side_mask >> s.leader) & 1) == ((r.max_mask >> s.leader) & 1):
            # Count no further than the test needs: fewer cards named.
            k = need if (r.side_mask >> s.leader) & 1 else maxv - need + 1
            v = side_tricks(r, s, k, &crel, &b)
            S.sure.fired_entry += b
            if (r.side_mask >> s.leader) & 1:
                if v >= need:
                    rel[0] = crel
                    return v
            elif need > maxv - v:
                rel[0] = crel
                return maxv - v
        # Under partition search the sure bounds name the sure cards they relied on.
        sure_on = S.sure.on and s.trump == S.sure.trump and (s.trump < 4 or not quick_tricks_of(r))
        late_sure = sure_on and part == PART_ROLES and n_tricks_of(r) - s.trick >= SURE_AFTER_TT
        if sure_on and not late_sure:
            v = sure_bounds(r, &S.sure, s, maxv, need, &crel)
            if v >= 0:
                rel[0] = crel
                return v
        if nb >= 0:
            k = ptt_scan(S.tt, buckets, nb, words, tag, need, &v, &counts, &first, 0) if nb else -1
            if k >= 0:
                S.tt_hits += 1
                rel[0] = rel_of_counts(counts, in_play)
                return v
            first = move_from_canon(&cn, first)
        else:
            if part == PART_ROLES and S.tt.n_buckets and S.tt.level_base == 0:
                # The bucket from the hands as they are (``role_locate``), so that its cache
                # miss overlaps making the key.
                part_words_roles(r, s, s.hands, words)
                entry = role_locate(S.tt, words, ptt_tag(s.leader, s.trump, s.reveal_used,
                                                         n_tricks_of(r) - s.trick), extra, pmask, pcs)
            canonicalise(r, s, &cn, S.canon_memo if s.trump == S.canon_trump else NULL)
            if part:
                in_play = s.in_play
                tag = ptt_tag(s.leader, s.trump, s.reveal_used, n_tricks_of(r) - s.trick)
                if part == PART_ROLES:
                    if entry != NULL:
                        rekey_words_roles(r, cn.hands, words)
                        k = ptt_probe_roles_at(S.tt, entry, words, pcs, tag, need, &v, &counts,
                                               &first, extra, pmask)
                    else:
                        part_words_roles(r, s, cn.hands, words)
                        k = ptt_probe_roles(S.tt, words, tag, need, &v, &counts, &first, extra, pmask)
                else:
                    part_words(r, s, cn.hands, words)
                    k = ptt_probe(S.tt, words, tag, need, &v, &counts, &first, extra)
                if k >= 0:
                    S.tt_hits += 1
                    if part == PART_ROLES:
                        rel[0] = rel_of_counts_roles(&cn, counts)
                    else:
                        rel[0] = rel_of_counts(counts, in_play)
                    return v
                first = move_from_canon(&cn, first)
                if late_sure:
                    v = sure_bounds(r, &S.sure, s, maxv, need, &crel)
                    if v >= 0:
                        rel[0] = crel
                        return v
            else:
                tag = tt_tag(s.leader, s.trump, s.reveal_used)
                entry = tt_find(S.tt, cn.hands, tag)
                if entry != NULL:
                    meta = entry[n_seats_of(r)]
                    v = <int>((meta >> META_LB) & 0xFF)
                    if v >= need:
                        S.tt_hits += 1
                        return v
                    v = <int>((meta >> META_UB) & 0xFF)
                    if v < need:
                        S.tt_hits += 1
                        return v
                    first = move_from_canon(&cn, <int>((meta >> META_MOVE) & 0xFFFF) - 1)
    legal = legal_mask(r, s)
    listed = legal      # the cards to list: one per run of equivalent cards
    if legal & (legal - 1):
        listed = listed_cards(r, s, legal, dead)
    single = listed if part == PART_ROLES else legal
    if s.nplayed and not (single & (single - 1)):
        # One legal card, or (role games) one run of equivalent cards (options come only
        # with a lead): no order to make and nothing for the memory; the same bound and
        # proof as the move loop below would give (a third of the mid-trick nodes, 37 %
        # with the runs).
        first = ctz64(single)
        b = move_bound(S, s, first, need, maxing, expect_cut, &crel)
        if S.aborted:
            return 0
        if part:
            rel[0] = crel if ((b >= need) if maxing else (b < need)) else \
                all_node_rel(r, s, crel, legal, extra, pmask)
        return 0 if b < 0 else (maxv if b > maxv else b)
    if s.nplayed and S.refute != NULL:
        # Mid-trick (no table move): the card that last settled a test here after the
        # order's first choice failed goes first (``_refute.pxd``; only the order changes).
        rkey = ref_hash(s, seat, S.ref_salt, n_seats_of(r) - 1)
        first = ref_card(S.refute, rkey, S.ref_mask)
        if first < 0 or not (legal >> first) & 1:
            # nothing for this trick so far (mostly its first visit): the coarser key's
            ckey = ref_hash_coarse(r, s, seat, S.ref_salt)
            first = ref_card(S.ref_coarse, ckey, S.ref_mask)
    elif S.refute != NULL:
        # A trick start: the lead that last settled a test from the same hand after the
        # first lead (the table's, or the order's) had failed goes first, before the
        # table's move: a partition entry's move was found for another position of its
        # class (only the order changes; only without a table move: +10 %).
        lkey = ref_hash_lead(s, S.ref_salt)
        k = ref_card(S.ref_leads, lkey, S.ref_mask)
        if k >= 0:
            first = k
    if part:
        if part == PART_ROLES:
            ordinary = legal & ~(extra | live_special(&r.tr[trump_index(s.trump)], dead) |
                                 point_mask_of(r))
    # Until a move settles it: the best bound of the side to move so far (a maximiser's
    # failed moves bound the value from above by their best; a minimiser's passed moves
    # from below by their worst).
    result = -1 if maxing else maxv + 1
    probing = n_tricks_of(r) - s.trick >= PROBE_LEFT and expect_cut and not quick_tricks_of(r) and \
        (n_tricks_of(r) - PROBE_LEFT - s.trick) * n_seats_of(r) + s.nplayed < PROBE_SLOTS
    if first >= 0 and not probing and (legal & (legal - 1)) and \
            move_listed(r, s, legal, listed, first):
        # The table's or the memory's move first, before the other moves are ordered: it
        # settles most nodes that have one, and ordering is the dearest part of a node.
        # The move list below puts it first too, so the search is the same move for move.
        b0 = move_bound(S, s, first, need, maxing, expect_cut, &rel0)
        expect_cut = 0
        if S.aborted:
            return 0
        staged = 1
        if (b0 >= need) if maxing else (b0 < need):
            moves[0] = first
            n = 1
        else:
            n = gen_moves_legal(r, s, legal, listed, moves, first)
    else:
        n = gen_moves_legal(r, s, legal, listed, moves, first)
    # (the trick first: most nodes lie past the probing's tricks)
    if probing and n > 1:
        # Probing: in a five-seat trick a wrong first move of the side that should settle
        # the test (a defender's, mostly, in the failing test just above the value) costs
        # the whole proof of the other answer, which may be huge (the other side's every
        # line refuted), while a later move settles it in a few hundred nodes. So each move
        # is first searched within a budget, and the first that settles the test within it
        # is taken. Exact: a probe that finishes is ``ab``'s own answer for that move (kept
        # for the loop below); one that runs out has stored nothing (an aborted search
        # never stores) and its move is searched in full below, in the usual order.
        slot = (n_tricks_of(r) - PROBE_LEFT - s.trick) * n_seats_of(r) + s.nplayed
        pb = S.probe_b[slot]
        prel = S.probe_rel[slot]
        for i in range(n):
            gain = apply_move(r, s, moves[i], &child, &w)
            b = gain + probe(S, &child, need - gain, PROBE_FIRST if i == 0 else PROBE_OTHERS,
                             &crel, &done, child_cut(r, &child, maxing, expect_cut))
            if S.aborted:
                return 0
            if not done:
                continue
            if part and w >= 0:
                crel |= trick_rel_of(r, s, &child, moves[i], w)
            if (b >= need) if maxing else (b < need):
                # it settles the test: first in the loop below, which takes it at once
                moves[0], moves[i] = moves[i], moves[0]
                late = i > 0
                probed = 1
                pb[0] = b
                prel[0] = crel
                break
            probed |= (<uint64_t>1) << i
            pb[i] = b
            prel[i] = crel
    for i in range(n):
        if (skip >> (moves[i] & MOVE_CARD)) & 1:
            continue
        if staged and i == 0:
            b = b0
            crel = rel0
        elif (probed >> i) & 1:
            b = pb[i]
            crel = prel[i]
        else:
            b = move_bound(S, s, moves[i], need, maxing, expect_cut, &crel)
            expect_cut = 0      # a cut node whose first move did not settle it: an all-node now
            if S.aborted:
                return 0
        if maxing:
            if b >= need:
                result = b
                best = moves[i]
                cut = 1
                late |= i > 0
                break
            if b > result:
                result = b
        else:
            if b < need:
                result = b
                best = moves[i]
                cut = 1
                late |= i > 0
                break
            if b < result:
                result = b
        acc |= crel
        if part == PART_PLAIN:
            skip |= small_twins(moves[i] & MOVE_CARD, acc, s.in_play, legal)
        elif part == PART_ROLES:
            # Below the line ordinary cards are re-dealt among ordinary cards and point cards
            # without a role among such point cards: a twin is of the card's class.
            if (ordinary >> (moves[i] & MOVE_CARD)) & 1:
                skip |= small_twins(moves[i] & MOVE_CARD, acc, s.in_play, ordinary)
            elif (pmask >> (moves[i] & MOVE_CARD)) & 1:
                skip |= small_twins(moves[i] & MOVE_CARD, acc, s.in_play, legal & pmask)
    if cut and late and lkey:
        ref_store(S.ref_leads, lkey, best, S.ref_mask)
    if cut and late and rkey:
        # A move after the order's first choice settled the test: kept. A cut by the
        # first choice is not (the order gives it anyway, and it would push out a card
        # learned elsewhere; storing every cut: about half the gain, _refute.pxd).
        ref_store(S.refute, rkey, best, S.ref_mask)
        if not ckey:
            ckey = ref_hash_coarse(r, s, seat, S.ref_salt)
        ref_store(S.ref_coarse, ckey, best, S.ref_mask)
    if part:
        # A cut needs only its move's proof; an all-node needs every move's, the moves
        # left out by rank equivalence included (``close_runs``).
        if cut:
            acc = crel
        else:
            acc = all_node_rel(r, s, acc, legal, extra, pmask)
        rel[0] = acc
    if result > maxv:
        result = maxv
    if result < 0:
        result = 0
    if s.nplayed == 0:
        best = move_to_canon(&cn, best)
        if part:
            if part == PART_ROLES:
                counts = clamp_counts(kept_counts_roles(&cn, acc), S.tt.level_base)
                if result >= need:
                    ptt_store_roles(S.tt, words, tag, counts, result, maxv, best, extra, pmask)
                else:
                    ptt_store_roles(S.tt, words, tag, counts, 0, result, best, extra, pmask)
            else:
                counts = kept_counts(s, acc, in_play)
                lens = kept_counts(s, in_play, in_play)
                if result >= need:
                    ptt_store(S.tt, words, tag, counts, lens, result, maxv, best, extra)
                else:
                    ptt_store(S.tt, words, tag, counts, lens, 0, result, best, extra)
        else:
            # The entry's worth when the table must drop one: the nodes it saves (as a log2).
            work = S.nodes - work
            w = 0
            while work:
                w += 1
                work >>= 1
            if result >= need:
                tt_store(S.tt, cn.hands, tag, w, result, maxv, best)
            else:
                tt_store(S.tt, cn.hands, tag, w, 0, result, best)
    return result


cdef int probe(Search* S, const State* child, int need, uint64_t budget, uint64_t* crel,
               int* done, int expect_cut) noexcept nogil:
    """``ab`` on ``child`` within ``budget`` more nodes (the caller's limit kept when it is
    tighter): ``done`` 0 when it ran out, then nothing of it was stored (an aborted search
    stores nothing; the subtrees it finished are exact and stay in the table)."""
    cdef uint64_t orig = S.node_limit, lim = S.nodes + budget
    cdef int b
    if orig == 0 or lim < orig:
        S.node_limit = lim
    b = ab(S, child, need, crel, expect_cut)
    S.node_limit = orig
    done[0] = 1
    if S.aborted == ABORT_NODES and (orig == 0 or S.nodes <= orig):
        S.aborted = ABORT_NONE      # this probe's own limit, not the caller's
        done[0] = 0
    return b


include "_drivers.pxi"


cdef bint rules_fit(const Rules* r) noexcept nogil:
    """Whether the rules' accessors (``_spec.h``) give ``r``'s own fields: always in the
    plain build; in a specialised build, whether ``r`` has exactly the values compiled in,
    and so whether this build may search under ``r``."""
    return n_seats_of(r) == r.n_seats and n_tricks_of(r) == r.n_tricks and \
        unit_points_of(r) == r.unit_points and point_mask_of(r) == r.point_mask and \
        first_trick_plain_of(r) == r.first_trick_plain and any_dead_of(r) == r.any_dead and \
        joker_mode_of(r) == r.joker_mode and \
        joker_powerless_first_last_of(r) == r.joker_powerless_first_last and \
        led_joker_wins_unfollowed_of(r) == r.led_joker_wins_unfollowed and \
        pair_from_second_trick_of(r) == r.pair_from_second_trick and \
        joker_names_suit_of(r) == r.joker_names_suit and reveal_of(r) == r.reveal and \
        quick_tricks_of(r) == r.quick_tricks and \
        partition_of(r) == r.partition and part_points_of(r) == r.part_points


cdef int search_core(Search* S, const State* s, int want, int target, int* lo, int* hi,
                     int* reached, int* moves, int* values, int* n_moves, int* first,
                     int* line, int* n_line) noexcept nogil:
    """The solve ``run`` asks for, on the search ``S`` it set up: ``want`` 0 one test (value
    >= ``target``: ``reached``, and the fail-soft bound in ``lo`` or ``hi``), 1 the value
    (``lo`` = ``hi``) and a line, 2 every card's value (``moves``, ``values``, ``n_moves``;
    ``first`` the best) and a line. Returns 0, or why the search stopped."""
    cdef uint64_t rel
    cdef int i, status = 0
    hi[0] = max_value(S.r, s)
    if want == 0:
        S.tests = 1
        i = ab(S, s, target, &rel, 0)
        status = S.aborted
        if not status:
            # the fail-soft bound: the value is at least i, or at most i
            reached[0] = i >= target
            if reached[0]:
                lo[0] = i if i < hi[0] else hi[0]
            else:
                hi[0] = i if i > 0 else 0
        return status
    if want == 1:
        lo[0] = 0
        n_moves[0] = exact_value(S, s, lo, hi, 0, 1)
    else:
        n_moves[0] = card_values(S, s, moves, values, lo, hi, first)
    if n_moves[0] == -1:
        return S.aborted
    if n_moves[0] == -2:
        return 99
    n_line[0] = principal_line(S, s, lo[0], first[0], line)
    if n_line[0] == -1:
        return S.aborted
    if n_line[0] == -2:
        return 99
    return 0
