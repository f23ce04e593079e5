# cython: language_level=3, cdivision=True
"""The refutation memory: mid-trick, the card that last settled a test after the order's
first choice had failed, by the trick so far (the trick number, the seat to move and the
trick's cards in order), goes first the next time that trick so far comes up.

Why: the table orders only trick starts (its best move), and a mid-trick node has no entry;
but the same trick so far comes back many times with other hands behind it (other earlier
tricks, the driver's other tests, the re-searches after a probe ran out), and the card
that refuted it once (a defender's King over the partner's Jack, a low card instead of the
points thrown on a partner's doubtful winner) mostly refutes it again. In the failing test
just above a full deal's value most nodes went to a defender's wrong first card in tricks
1-3, whose subtree is a pass that costs hundreds of thousands of nodes when another card
refutes the line in a few hundred; the static order (``_order.pxd``) cannot tell them apart
from the cards alone, the memory learns it from the search.

Exact: only the order of a node's moves changes (``gen_moves_legal``'s ``first_move``;
a card the list does not hold, or that is not legal, changes nothing); every move is
still searched until one settles the test, so every bound and answer is the same, and the
partition search's relied-on cards stay those of the move that settled the test (or of
every move at an all-node), whichever order found it.

The second version (``exp-refute2``) adds a coarser fallback key mid-trick
(``ref_hash_coarse``) and a memory for trick starts (``ref_hash_lead``), whose card goes
before the table's move; both are exact for the same reason: they only choose
``first_move``, and every legal move is still searched until one settles the test.

Only in the role and point games (``Rules.quick_tricks`` 0): bridge orders by its own
scores, and there the memory changed the nodes by -2.7 % (10 cards) to +0.4 % (9 cards;
full deals of ``compare_dds --deals 12`` 27.6 M -> 26.9 M) for 3-7 % more time.

Measured (branch ``exp-look``, 2026-11-23; nodes, same answers): counted first, on full
Japanese deals 4, 5, 9, 10, 16, 18, 19 by value, the minimisers' expected cut nodes with
7+ tricks left whose first move failed (18.8 M wasted nodes, counted at the outermost such
node): the second seat behind the declarer's side's lead 36 %, the fourth seat 26 %, leads
18 %, the third seat 12 %, the last seat 8 %; tricks 2-3 77 %; the refuting card mostly a
low card or a ruff where the order threw points on a partner's doubtful winner, a point
card of its own where it gave a low one (rules of that kind were all tried before and lost
elsewhere), and the same trick so far came back with the same refuting card (deal 18,
trick 3, the second seat: 9H after QD and after 7D, 0.8 M nodes wasted each time; deal 4,
trick 2: KC after QC 2C and QC 7C). Full deals 0..19 by value 71.63 M -> 52.80 M nodes
(-26.3 %). Steps (full 0..19 / 7 cards / 8 cards): both sides, every cut stored, 7+
tricks left -7.6 % / -0.3 % / -4.6 % (the maximiser only -7.2 %, the minimisers only
-1.9 %); the minimisers' entries only from a cut by a later move -13.2 %; down to 6 / 5 /
4 / 2 tricks left for the minimisers -19.1 / -19.9 / -20.3 / -22.1 %; 65,536 entries
instead of 4,096 -24.3 % / -7.4 % / -13.8 %; the maximiser's too at every node, stored
after a later move only -26.6 % / -12.3 % / -15.2 % (stored after every cut from 7 / 8
tricks left up: -25.3 / -26.4 %); the key's tag in the entry (this file) -26.3 %.
Dropped: the key without the trick number +15.5 %, with ``need`` -23.6 % (against
-24.3 %); two cards kept per entry (the last two refutations first) -24.9 % (against
-24.3 %); the entry erased when its card led an all-node -25.4 %; 16,384 / 262,144
entries -25.0 / -26.5 %. With the memory, probing (``_ab.pxi``) is worth little:
off -25.7 % (8 cards -17.2 %), from 7 tricks left -27.5 % (7 cards -9.1 %, 8 cards
-9.7 %), from 9 -23.8 %; kept as it was (8)."""

from libc.stdint cimport uint64_t, uint32_t
from solver._rules cimport State, Rules, trick_winner_m

cdef enum:
    REF_BITS = 16           # at most 65,536 entries of 4 bytes per table, direct-mapped;
                            # three tables one after the other (by the full key, by the
                            # fallback key ``ref_hash_coarse``, by the leads' key
                            # ``ref_hash_lead``), each ``ref_bits`` long
    # An entry: the key's high bits as a tag above a move code in the low 10 bits (a card,
    # and at a lead the Joker's named suit or the Ripper's call: ``MOVE_SUIT_SHIFT``,
    # ``MOVE_CALL``), so that a remembered lead is the very move that settled the test.
    REF_MOVE_MASK = 0x3FF
    REF_TAG_BIT = 0x400     # set in every key: an empty (zero) entry never matches


cdef inline int ref_bits(int cards) noexcept nogil:
    """log2 of the entries per table for a solve with ``cards`` cards in play: a small
    position meets few tricks so far, and the tables are allocated zeroed for every solve
    (768 KB at full size). Against 65,536 entries always (``scripts/ab_sets.py``, CPU B/A
    of the medians): Japanese 6 / 8 cards 0.96 / 0.97, Mighty 0.97, Japoleon 0.96,
    Secretary 0.88; nodes within 0.6 % (Japoleon 6 cards 817,460 -> 822,253), full deals
    unchanged (they keep 65,536)."""
    if cards > 40:
        return REF_BITS
    if cards > 30:
        return REF_BITS - 2
    if cards > 20:
        return REF_BITS - 4
    return REF_BITS - 6


cdef inline uint32_t ref_hash(const State* s, int seat, uint64_t salt,
                              int max_played) noexcept nogil:
    """The memory's key of a mid-trick node: the trick number, the seat to move, the
    trick's cards so far in order and the mover's hand (with the hand: -1.2 %, exp-refute2);
    its low bits (``ref_bits``) are the entry's index, its bits from REF_TAG_BIT up (never
    0) are kept in the entry as a tag above the move. ``max_played``: the most cards a
    trick has before its last seat (``n_seats_of(r) - 1``, a constant in the specialised
    builds): the loop runs that many times and keeps a step only below ``nplayed`` (a
    mask; ``played`` past it may be stale), the same hash without the loop
    exit that depended on ``nplayed``."""
    cdef uint64_t h = <uint64_t>(s.trick * 8 + seat + 1) ^ salt, g, keep
    cdef int i
    for i in range(max_played):
        g = (h * <uint64_t>0x9E3779B97F4A7C15ULL) ^ <uint64_t>(s.played[i] + 1)
        # a mask, not ``g if i < nplayed else h``: gcc turns that back into early exits
        keep = <uint64_t>0 - <uint64_t>(i < s.nplayed)
        h = (g & keep) | (h & ~keep)
    h = (h * <uint64_t>0x9E3779B97F4A7C15ULL) ^ s.hands[seat]
    h *= <uint64_t>0xD6E8FEB86659FD93ULL
    return <uint32_t>(h >> 32) | REF_TAG_BIT


cdef inline int ref_card(const uint32_t* mem, uint32_t key, uint32_t mask) noexcept nogil:
    """The move kept for ``key`` (mid-trick: a card), or -1; ``mask``: the table's entries
    - 1 (``ref_bits``)."""
    cdef uint32_t e = mem[key & mask]
    if (e ^ key) & ~<uint32_t>REF_MOVE_MASK:
        return -1
    return <int>(e & REF_MOVE_MASK)


cdef inline void ref_store(uint32_t* mem, uint32_t key, int move, uint32_t mask) noexcept nogil:
    mem[key & mask] = (key & ~<uint32_t>REF_MOVE_MASK) | <uint32_t>move



cdef inline uint32_t ref_hash_coarse(const Rules* r, const State* s, int seat,
                                     uint64_t salt) noexcept nogil:
    """The fallback key of a mid-trick node whose full key has nothing (or a card this hand
    cannot play), so mostly the first time a trick so far is met: the trick number, the
    number of cards played, the seat to move, the led suit, the card winning the trick so
    far and the mover's hand. The same hand against the same winning card mostly wants the
    same answer (its King over the partner's doubtful Jack, a low card instead of points),
    whatever the cards in between. Measured (full deals 0..19 by value, with the leads'
    memory): the led card instead of the suit +3.4 %; without the winning card (the led
    suit only) +17 %; without the hand +1.5 %, alone (no leads' memory) -2.5 % in all."""
    cdef uint64_t h = <uint64_t>(s.trick * 64 + s.nplayed * 8 + seat + 1) ^ salt
    h = (h * <uint64_t>0x9E3779B97F4A7C15ULL) ^ <uint64_t>(s.played[0] // 13 + 100)
    h = (h * <uint64_t>0x9E3779B97F4A7C15ULL) ^ <uint64_t>(s.played[
        trick_winner_m(r, s.played, s.nplayed, s.trick_mask, s.trump, s.trick, s.joker_suit,
                       s.joker_called)] + 1)
    h = (h * <uint64_t>0x9E3779B97F4A7C15ULL) ^ s.hands[seat]
    h *= <uint64_t>0xC2B2AE3D27D4EB4FULL
    return <uint32_t>(h >> 32) | REF_TAG_BIT


cdef inline uint32_t ref_hash_lead(const State* s, uint64_t salt) noexcept nogil:
    """The key of a trick start (its card goes before the table's move): the trick number,
    the leader and the leader's hand (the lead that settled a test from this hand once
    mostly does again, whoever holds the other cards). Measured (full deals 0..19 by value,
    used only without a table move): the trick and leader only -3.9 % in all (against
    -20.7 % with the hand), the leader only +42 %, with ``need`` too -14.7 %, the cards in
    play instead of the hand -2.5 %, both -2.5 %."""
    cdef uint64_t h = <uint64_t>(s.trick * 8 + s.leader + 1) ^ salt
    h = (h * <uint64_t>0x9E3779B97F4A7C15ULL) ^ s.hands[s.leader]
    h *= <uint64_t>0xC2B2AE3D27D4EB4FULL
    return <uint32_t>(h >> 32) | REF_TAG_BIT
