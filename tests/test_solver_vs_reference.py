"""The fast solver against the reference minimax, its compiled rules against the Python
rules, hand-built positions with known values, and bad input."""

from __future__ import annotations

import random

import pytest

from napoleon_rules import NT, Position, PositionError, Suit, get_variant, random_deal, reference
from dataclasses import replace

from napoleon_rules.cards import JOKER, cards_of, mask_of, parse_card, parse_cards
import solver
from solver import SearchLimitError, Table, reaches, solve
from solver.api import bounds
from solver._compile import compile_rules, trump_index
from solver._probes import rules_probe, sure_probe, winner_probe
from solver.advice_core import max_value
from solver.api import _move_of
from solver.checking import CONFIGS, PRESETS, compare, declare, positions, random_position

# ---- every preset against the reference ------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_value_and_card_values_equal_reference(preset):
    # 2..3 tricks left (Nap with 3 players: up to the whole hand), trick start and mid-trick.
    bad = [e for pos in positions(preset, 45, seed=1, max_tricks=3) if (e := compare(pos, solve))]
    assert not bad, "\n".join(bad[:3])


@pytest.mark.parametrize("preset", PRESETS)
def test_four_tricks_left_equal_reference(preset):
    ps = [p for p in positions(preset, 12, seed=2, max_tricks=4) if p.tricks_left >= 4][:3]
    bad = [e for pos in ps if (e := compare(pos, solve))]
    assert not bad, "\n".join(bad[:3])


@pytest.mark.parametrize("preset", ["bridge", "nap"])
def test_partition_entries_shared_across_positions_equal_reference(preset):
    """Partition search (plain trick-count rules): one Table for many positions, so entries
    made for other positions, which agree only on the cards the entry kept, answer most
    lookups. Every answer still equals the reference."""
    tables = {}

    def shared(pos):
        key = (len(pos.hands), pos.declarer, pos.partner, pos.contract)
        return solve(pos, table=tables.setdefault(key, Table(4)))

    bad = [e for pos in positions(preset, 30, seed=5, max_tricks=4) if (e := compare(pos, shared))]
    assert not bad, "\n".join(bad[:3])


ROLE_PRESETS = ["japanese", "japanese-stakes", "mighty", "japoleon", "secretary"]


@pytest.mark.parametrize("preset", ROLE_PRESETS)
def test_role_partition_entries_shared_along_a_deal_equal_reference(preset):
    """Partition search with role and point cards (PART_ROLES): one Table for a position and
    positions a few random cards later in the same deal, so entries made elsewhere answer
    lookups when they agree on the kept cards. Every answer equals the reference."""
    rng = random.Random(f"shared:{preset}")
    bad = []
    for base in positions(preset, 10, seed=7, max_tricks=3):
        assert compile_rules(base)["partition"] == 2 or base.variant.tricks > 10
        table = Table(4)
        for _ in range(3):
            pos = base
            for _ in range(rng.randrange(0, 4)):
                if not pos.is_over:
                    pos = pos.play(rng.choice(pos.legal_moves()))
            if not pos.is_over and (e := compare(pos, lambda p: solve(p, table=table))):
                bad.append(e)
    assert not bad, "\n".join(bad[:3])


def _switch_changes_no_answer(monkeypatch, switch: str, ps, shared_tables: bool = False) -> dict:
    """Every position of ``ps`` solved with the compiler's ``switch`` on and off: the same
    value and card values (the position in the message otherwise); the nodes of each. With
    ``shared_tables`` one table per setting, so that entries are shared between positions."""
    import solver._compile as compiler

    tables = {True: Table(8), False: Table(8)} if shared_tables else {True: None, False: None}

    def solve_with(pos, on):
        monkeypatch.setattr(compiler, switch, on)
        compiler._compile_cached.cache_clear()
        return solve(pos, table=tables[on])

    nodes = {True: 0, False: 0}
    try:
        for pos in ps:
            got = {k: solve_with(pos, k) for k in (True, False)}
            assert (got[True].value, got[True].plays) == (got[False].value, got[False].plays), \
                pos.dumps()
            for k in got:
                nodes[k] += got[k].stats["nodes"]
    finally:
        compiler._compile_cached.cache_clear()
    return nodes


@pytest.mark.parametrize("preset", ROLE_PRESETS)
def test_role_partition_equals_exact_keys_on_longer_positions(preset, monkeypatch):
    """PART_ROLES against the exact relative-rank keys (``Rules.partition`` 0) on positions
    of up to 6 tricks, where many entries are shared between positions: the same value and
    card values, with fewer nodes in total."""
    nodes = _switch_changes_no_answer(monkeypatch, "ROLE_PARTITION",
                                      positions(preset, 8, seed=9, max_tricks=6))
    assert nodes[True] < nodes[False]


@pytest.mark.parametrize("preset,cards", [("japanese", 6), ("japoleon", 6), ("mighty", 7)])
def test_dead_role_cards_change_no_answer(preset, cards, monkeypatch):
    """Role cards whose role is gone (Same-two's 2s, the pair's winner, the Ripper) searched
    as ordinary cards against kept as role cards (``DEAD_ROLES`` off), on the benchmark's
    positions of 6-7 cards a hand (where entries stand for many positions) and on random
    endgames, one table per setting: the same value and card values."""
    from cli.bench import bench_positions

    ps = bench_positions(get_variant(preset), 20, 1, cards) + positions(preset, 8, seed=11)
    nodes = _switch_changes_no_answer(monkeypatch, "DEAD_ROLES", ps, shared_tables=True)
    assert nodes[True] < nodes[False]


# ---- the compiled rules against the Python rules, whole hands ----------------------------------


def _probe(pos):
    return rules_probe(compile_rules(pos), tuple(pos.hands) + (0,) * (7 - len(pos.hands)),
                       pos.leader, pos.trick, tuple(pos.played), trump_index(pos.trump),
                       -1 if pos.joker_suit is None else int(pos.joker_suit),
                       bool(pos.joker_called), bool(pos.reveal_used))


@pytest.mark.parametrize("preset,options", CONFIGS)
def test_compiled_rules_match_python_rules_over_whole_hands(preset, options):
    """Legal moves (with options), trick winners, trick values and state changes from the
    C rules equal the Python rules at every step of random whole hands (trick 1 included)."""
    rng = random.Random(f"rules:{preset}:{sorted(options.items())}")
    v = get_variant(preset, options)
    for hand in range(6):
        pos = declare(v, random_deal(v, rng.randrange(1 << 30)), rng, misere=hand % 2 == 1)
        while not pos.is_over:
            probe = _probe(pos)
            legal = pos.legal_moves()
            assert sorted(_move_of(m) for m, *_ in probe) == sorted(legal), pos.dumps()
            for code, winner, gain, trump, reveal in probe:
                nxt, done = pos._apply(_move_of(code))
                assert winner == (done[0] if done else -1), (pos.dumps(), _move_of(code))
                if done:
                    credited = done[1] if pos.on_declarer_side(done[0]) else 0
                    assert gain == credited
                assert trump == trump_index(nxt.trump) and bool(reveal) == nxt.reveal_used
            move = rng.choice([m for m in legal if m.joker_suit is not None or m.call_joker]
                              or legal) if rng.random() < 0.3 else rng.choice(legal)
            pos = pos.play(move)


@pytest.mark.parametrize("preset,options", CONFIGS)
def test_compiled_trick_winner_matches_python_on_random_tricks(preset, options):
    """Full tricks of random cards (role cards forced in often), every trump, the first, a
    middle and the last trick, Joker led naming each suit, Ripper with and without a call."""
    rng = random.Random(f"winner:{preset}:{sorted(options.items())}")
    v = get_variant(preset, options)
    deck = list(cards_of(v.deck))
    for trump in v.trumps:
        pos = declare(v, random_deal(v, 1), rng)
        rules = compile_rules(replace(pos, trump=trump))
        roles = [c for c in v.roles(trump).values()] + ([JOKER] if v.has_joker else [])
        roles += [parse_card("2S"), parse_card("2H"), parse_card("QH"), parse_card("AS")]
        for _ in range(300):
            pick = set(rng.sample([c for c in roles if v.deck >> c & 1], rng.randrange(0, 3)))
            pick |= set(rng.sample(deck, v.players))
            cards = rng.sample(sorted(pick), v.players)
            if rng.random() < 0.3:   # a trick of one suit (Same-two)
                suit = rng.randrange(4)
                pool = [c for c in deck if c // 13 == suit]
                if len(pool) >= v.players:
                    cards = rng.sample(pool, v.players)
            trick = rng.choice([0, 1, v.tricks // 2, v.tricks - 1])
            joker_suit = rng.randrange(4) if cards[0] == JOKER and v.led_joker_names_suit() \
                else None
            called = bool(v.roles(trump).get("ripper") == cards[0] and rng.random() < 0.5)
            want = v.trick_winner(cards, trump=trump, trick=trick, joker_suit=joker_suit,
                                  joker_called=called)
            got = winner_probe(rules, tuple(cards), trump_index(trump), trick,
                               -1 if joker_suit is None else joker_suit, called)
            assert got == want, (preset, options, trump, trick, cards, joker_suit, called)


# ---- hand-built positions (outcomes from RULES.md) ---------------------------------------------


def _pos(variant, hands, **kw):
    data = {"variant": variant, "declarer": 0, "partner": None, "hands": hands, **kw}
    return Position.from_json(data)


def last_trick_japanese(options):
    # Trick 10 of 10: Napoleon (seat 0) leads A-spades; seat 1 drops Q-hearts (void in spades).
    return _pos("japanese", [["AS"], ["QH"], ["2S"], ["3S"], ["4S"]], options=options,
                trump="D", leader=0, trick=9)


def test_yoromeki_wins_against_the_mighty():
    assert solve(last_trick_japanese({})).value == 0          # Q-hearts takes A, Q: opponents
    assert solve(last_trick_japanese({"yoromeki": False})).value == 2


def test_same_two_wins_an_all_spade_trick():
    pos = _pos("japanese", [["3S"], ["2S"], ["KS"], ["QS"], ["4S"]], trump="D", leader=0,
               trick=9, partner=2)
    assert solve(pos).value == 0                              # the 2 (seat 1) wins K, Q
    off = _pos("japanese", [["3S"], ["2S"], ["KS"], ["QS"], ["4S"]], trump="D", leader=0,
               trick=9, partner=2, options={"same_two": False})
    assert solve(off).value == 2                              # the K (partner) wins


def test_mighty_joker_call_forces_the_joker():
    # Seat 0 leads the Ripper (3C, trump hearts) calling the Joker: seat 1 must give it up.
    hands = [["3C", "2D"], ["JO", "AC"], ["4C", "5D"], ["5C", "6D"], ["6C", "7D"]]
    pos = _pos("mighty", hands, trump="H", leader=0, trick=8)
    plays = solve(pos)
    # Every lead is worth 0 here, so which one the principal line starts with is the move
    # order's choice; the values must equal the reference's, the call included.
    assert plays.plays == reference.card_values(pos)
    called = pos.play("3C!")
    assert [m.card for m in called.legal_moves()] == [JOKER]
    assert solve(called).plays == {JOKER: reference.card_values(called)[JOKER]}


def test_mighty_ripper_after_the_joker_equals_reference():
    # With the Joker out of play the Ripper is searched as a plain low card (its rank merged,
    # re-dealt in partition entries): positions of 3-4 tricks where that is so, solved on one
    # table so that entries are shared between them, must still match the reference.
    rng = random.Random("ripper")
    table, found, bad = Table(8), 0, []
    for _ in range(400):
        pos = random_position("mighty", {}, rng, rng.choice((3, 4)), rng.randrange(5))
        if pos is None or pos.trick == 0:
            continue
        in_play = mask_of(pos.played) | sum(pos.hands)
        ripper = compile_rules(pos)["tr"][trump_index(pos.trump)]["ripper"]
        if in_play >> JOKER & 1 or not in_play >> ripper & 1:
            continue
        found += 1
        if e := compare(pos, lambda p: solve(p, table=table)):
            bad.append(e)
        if found == 12:
            break
    assert found == 12
    assert not bad, "\n".join(bad[:3])


def _japoleon_joker_lead(options, **kw):
    # Key hearts (mighty AS, major JH, minor JD, killer 4C: none in play); trick 9 of 10,
    # Napoleon (seat 0, alone) on lead with the Joker and 2S.
    hands = [["JO", "2S"], ["3C", "KD"], ["AD", "4S"], ["TD", "5S"], ["6C", "9S"]]
    return _pos("japoleon", hands, options=options, trump="H", leader=0, trick=8, **kw)


def test_japoleon_led_joker_naming_no_suit():
    # Named (the default): JO:D forces KD AD TD under the Joker, 3 points.
    named = _japoleon_joker_lead({})
    assert solve(named).value == 3 == reference.value(named)
    # Unnamed: seat 1 answers 3C, so clubs are followed (only seat 4 has one, 6C); seats 2
    # and 3 keep AD TD for the last trick, which seat 4's 9S wins: 0 points.
    off = _japoleon_joker_lead({"joker_names_suit": False})
    result = solve(off)
    assert result.value == 0 and result.plays == {JOKER: 0, parse_card("2S"): 0}
    assert result.plays == reference.card_values(off)
    # Mid-trick, the Joker led: seat 1 chooses the suit (KD would give 3 points away).
    mid = off.play("JO")
    assert mid.joker_suit is None
    assert solve(mid).plays == {parse_card("KD"): 3, parse_card("3C"): 0} == \
        reference.card_values(mid)
    after = mid.play("3C")
    assert [m.card for m in after.legal_moves()] == [parse_card("4S"), parse_card("AD")]
    assert solve(after).value == reference.value(after) == 0
    # The same trick read from JSON: no joker_suit with the option off, and one is refused.
    assert solve(Position.from_json(after.to_json())).value == 0
    with pytest.raises(PositionError, match="names no suit"):
        solve(replace(mid, joker_suit=Suit.DIAMONDS))
    with pytest.raises(PositionError, match="joker_suit"):     # option on: the suit is needed
        solve(replace(mid, variant=named.variant))


def test_misere_counts_the_bidders_forced_tricks():
    # Nap Misère, 3 players, last trick: the bidder holds the only heart and must lead it.
    pos = _pos("nap", [["AH"], ["2S"], ["3S"]], options={"players": 3}, trump="NT", leader=0,
               trick=4, state={"contract": "misere"})
    assert solve(pos).value == 1


# ---- API: limits, table reuse, reaches, bad input -----------------------------------------------


def _mid_position():
    return positions("japanese", 3, seed=5, max_tricks=4)[0]


def test_node_limit_raises_with_bounds_never_a_wrong_value():
    pos = positions("mighty", 1, seed=11, max_tricks=4)[0]
    exact = reference.value(pos)
    with pytest.raises(SearchLimitError) as info:
        solve(pos, node_limit=3)
    err = info.value
    # the nodes searched: the limit, not the node after it that found the limit spent
    assert err.lower <= exact <= err.upper and err.stats["nodes"] == 3
    assert solve(pos, node_limit=10 ** 9).value == exact


def test_node_limit_bounds_hold_the_value_in_every_mode():
    # An aborted test proves nothing: the bounds reported must still hold the value (they
    # once collapsed to the lower bound when a limit stopped a test of the value driver).
    for pos in positions("japanese", 3, seed=1, max_tricks=5):
        exact = solve(pos).value
        for mode in (solver.Mode.VALUE, solver.Mode.CARDS):
            for limit in (20, 200, 2000):
                try:
                    assert solve(pos, mode=mode, node_limit=limit).value == exact
                except SearchLimitError as err:
                    assert err.lower <= exact <= err.upper


def test_time_limit_and_table_reuse():
    pos = _mid_position()
    table = Table(8)
    first = solve(pos, table=table, time_limit=60.0)
    again = solve(pos, table=table)
    assert again.value == first.value and again.plays == first.plays
    assert again.stats["nodes"] <= first.stats["nodes"]
    other = positions("bridge", 1, seed=3)[0]                 # other rules: the table is cleared
    assert solve(other, table=table).value == reference.value(other)


def _check_on_table(pos, table, every_card: bool) -> None:
    """The two tests next to the reference value on ``table`` (and, with ``every_card``,
    the solve) give the reference's answers."""
    value = reference.value(pos)
    assert bounds(pos, value, table=table)[0] >= value
    assert bounds(pos, value + 1, table=table)[1] <= value
    if every_card:
        got = solve(pos, table=table)
        assert got.value == value and got.plays == reference.card_values(pos)


@pytest.mark.parametrize("preset", ["japanese", "mighty", "japoleon", "bridge"])
def test_a_table_keeping_its_memory_changes_no_answer(preset):
    # keep_memory: the refutation memory (move order only) carries over between solves on the
    # table, across positions, targets, modes and rules, and never changes an answer
    table = Table(4, keep_memory=True)
    for k, pos in enumerate(positions(preset, 12, seed=21, max_tricks=3)):
        _check_on_table(pos, table, every_card=k % 3 == 0)
    other = positions("secretary", 2, seed=4)[0]        # other rules: the memory starts afresh
    assert solve(other, table=table).value == reference.value(other)


@pytest.mark.parametrize("preset", ["japanese", "mighty", "bridge"])
def test_a_forgotten_table_solves_as_a_fresh_one(preset):
    # Table.forget (the deal analysis's threads rely on it): the next solve under the same
    # rules starts as on a fresh table, node for node, though the table kept its entries
    rng = random.Random(f"forget:{preset}")
    pos = None
    while pos is None:
        pos = random_position(preset, {}, rng, 6, 0)
    fresh = solve(pos, mode="value", table=Table(8, keep_memory=True))
    table = Table(8, keep_memory=True)
    first = solve(pos, mode="value", table=table).stats["nodes"]
    again = solve(pos, mode="value", table=table).stats["nodes"]
    table.forget()
    forgotten = solve(pos, mode="value", table=table)
    assert first == fresh.stats["nodes"] and again < first   # the kept entries answer again
    assert forgotten.stats["nodes"] == first and forgotten.value == fresh.value


def _sure_args(pos):
    return (compile_rules(pos), tuple(pos.hands) + (0,) * (7 - len(pos.hands)), pos.leader,
            pos.trick, (), trump_index(pos.trump),
            -1 if pos.joker_suit is None else int(pos.joker_suit), bool(pos.joker_called),
            bool(pos.reveal_used))


@pytest.mark.parametrize("preset,options", CONFIGS)
def test_sure_bounds_built_for_more_cards_are_the_same(preset, options):
    # A Table keeps the sure bounds' tables of one solve for the next ones under the same
    # rules, built for the cards of both: tables built for more cards than are in play must
    # give the same bound, and name the same cards, for every test
    rng = random.Random(f"sure:{preset}:{sorted(options.items())}")
    v = get_variant(preset, options)
    checked = 0
    for k in range(12):
        pos = random_position(preset, options, rng, rng.randint(2, v.tricks), 0,
                              misere=preset == "nap" and k % 2 == 1)
        if pos is None or pos.played or pos.is_over:
            continue
        in_play = 0
        for h in pos.hands:
            in_play |= h
        extra = v.deck & ~in_play
        args, top = _sure_args(pos), max_value(pos)
        for need in range(top + 2):
            assert sure_probe(*args, extra, top, need) == sure_probe(*args, 0, top, need), \
                (pos.dumps(), need)
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("preset,options", CONFIGS)
def test_sure_bounds_hold_against_the_reference(preset, options):
    # The sure bounds alone, at every target, on trick starts of 2-3 tricks: a bound that
    # settles a test holds for the reference minimax's value (a bound that overstates
    # would change answers only where the search happens to ask it)
    rng = random.Random(f"sure-ref:{preset}:{sorted(options.items())}")
    v = get_variant(preset, options)
    fired = checked = 0
    for k in range(24):
        pos = random_position(preset, options, rng, rng.randint(2, min(3, v.tricks)), 0,
                              misere=preset == "nap" and k % 2 == 1)
        if pos is None or pos.played or pos.is_over:
            continue
        value = reference.value(pos)
        args, top = _sure_args(pos), max_value(pos)
        for need in range(1, top + 1):
            b, _ = sure_probe(*args, 0, top, need)
            if b >= need:
                assert value >= b, (pos.dumps(), need, b, value)
                fired += 1
            elif b >= 0:
                assert value <= b, (pos.dumps(), need, b, value)
                fired += 1
        checked += 1
    assert checked >= 12 and fired >= 1


# Japanese endgames, spades trump, 3 tricks left, Napoleon (seat 0) on lead, that the sure
# bounds settle only by counting the points a partner surely gives to its side's tricks:
# (hands, Napoleon's partner, the test's need, whether the bound is a lower one). Each
# fails on the build before its rule.
PARTNERS_POINTS = [
    # The partner (seat 4) holds no spade and TH: it throws TH on Napoleon's KS, and seats
    # 1 and 2 hold one card without points each, so the second trump, 8S, draws a point
    # from both: 1 + 1 + 2 = 4 for sure, which the cashing counted as 3.
    pytest.param(("8S KS QH", "9D AD KC", "6H KH AC", "4H 6D 7D", "8H TH 9C"), 4, 4, True,
                 id="cashed-tricks"),
    # Seat 3's JC (the reverse Jack) beats every card left and seat 3 holds no spade or
    # diamond, so it may take this trick whatever Napoleon leads; its partner seat 4, void
    # in both, throws QC on it. Led 7S that is JC + QC; led AD or KD, one more: the
    # defenders take 2 of the 6 points for sure (JC alone counted 1), so not 5 for Napoleon.
    pytest.param(("7S AD KD", "8H 3H 2H", "6H 9D 2D", "AH KC JC", "9H 7H QC"), 2, 5, False,
                 id="absolute-card-this-trick"),
    # Seat 4's JC beats every card left; seat 1 holds clubs only, AC TC 9C: it plays 9C to
    # another trick and keeps a point card for the trick JC takes, whenever that comes: 2
    # of the 7 points for the defenders, so not 6 for Napoleon. JC cannot take this very
    # trick on a diamond lead (seat 4 holds 7D).
    pytest.param(("7S AD QC", "AC TC 9C", "9D 8D KC", "7H 8C 7C", "KH 7D JC"), 2, 6, False,
                 id="absolute-card-kept-point"),
]


@pytest.mark.parametrize("hands,partner,need,lower", PARTNERS_POINTS)
def test_a_partners_sure_points_settle_the_test(hands, partner, need, lower):
    v = get_variant("japanese")
    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    pos = Position(v, Suit.SPADES, 0, partner, masks, 0, trick=7)
    bound = sure_probe(*_sure_args(pos), 0, max_value(pos), need)[0]
    value = reference.value(pos)
    if lower:
        assert bound >= need and value >= bound
    else:
        assert 0 <= bound < need and value <= bound


@pytest.mark.parametrize("preset", ["japanese", "mighty", "japoleon", "secretary", "nap"])
def test_a_table_reused_under_the_same_rules_changes_no_answer(preset):
    # One declaration played on in different ways: every solve on one table has the same
    # rules and other cards in play, so the table's kept set-up (filled rules, sure tables
    # for the cards of every solve so far, canonical-rank memo) serves each next solve
    rng = random.Random(f"reuse:{preset}")
    v = get_variant(preset)
    start = declare(v, random_deal(v, rng.randrange(1 << 30)), rng)
    table = Table(4, keep_memory=True)
    for k in range(8):
        pos = start
        while pos.tricks_left > 3 or (k % 2 and len(pos.played) < 2):
            pos = pos.play(rng.choice(pos.legal_moves()))
        _check_on_table(pos, table, every_card=k % 2 == 0)


def test_a_prepared_position_gives_the_bounds_of_the_position():
    from napoleon_rules.errors import NapoleonError
    from solver.api import Prepared, bounds_prepared
    table = Table(4)
    for pos in positions("japanese", 6, seed=22, max_tricks=3):
        prepared = Prepared(pos)
        for target in range(-1, reference.value(pos) + 3):
            lower, upper, nodes = bounds_prepared(prepared, target, table=table)
            assert (lower, upper) == bounds(pos, target, table=table) and nodes >= 0
    with pytest.raises(PositionError):
        Prepared(replace(pos, trick=-1))
    with pytest.raises(NapoleonError, match="Prepared"):
        bounds_prepared(pos, 3)


def test_reaches_is_the_value_threshold():
    for pos in positions("japoleon", 4, seed=8, max_tricks=3):
        value = reference.value(pos)
        assert reaches(pos, value) and not reaches(pos, value + 1)
        assert reaches(pos, -5) and not reaches(pos, 99)


@pytest.mark.parametrize("preset", ["japanese", "bridge"])
def test_bounds_hold_the_value_and_answer_the_test(preset):
    for pos in positions(preset, 4, seed=11, max_tricks=3):
        value = reference.value(pos)
        for target in range(-1, value + 3):
            lower, upper = solver.bounds(pos, target)
            assert lower <= value <= upper
            assert (lower >= target) == (value >= target) == (upper >= target)


def test_guarded_second_trump_on_lead_takes_no_trick():
    """Bridge, spades trump, South (2) on lead with K♠ 3♠, East (1, just before South) A♠ 4♠,
    West Q♠ 4♥, North two hearts. South's guarded K♠ behind the A♠ is no sure trick when
    South must lead trumps itself: K♠ falls to the A♠ and 4♠ beats 3♠, or 3♠ loses to the
    Q♠ and West's 4♥ lead makes East ruff with the A♠ over the bare K♠. East-West (the
    declarer's side) take both (a bound that counted the K♠ as a trick said at most one)."""
    hands = [["2H", "3H"], ["AS", "4S"], ["KS", "3S"], ["QS", "4H"]]
    pos = _pos("bridge", hands, declarer=1, partner=3, trump="S", leader=2, trick=11)
    assert reference.value(pos) == 2
    assert reaches(pos, 2) and solve(pos).value == 2


def test_line_replays_to_the_value():
    for pos in positions("mighty", 6, seed=9, max_tricks=3):
        result = solve(pos)
        taken, cur = 0, pos
        for move in result.line:
            cur, done = cur.play_trick(move)
            if done and pos.on_declarer_side(done[0]):
                taken += done[1]
        assert cur.is_over and taken == result.value
        js = result.to_json()
        assert js["value"] == result.value and len(js["line"]) == len(result.line)


def _line_total(pos, line):
    taken, cur = 0, pos
    for move in line:
        cur, done = cur.play_trick(move)
        if done and pos.on_declarer_side(done[0]):
            taken += done[1]
    assert cur.is_over
    return taken


@pytest.mark.parametrize("preset", ["japanese", "mighty", "bridge"])
def test_value_mode_gives_the_value_and_a_line_without_card_values(preset):
    # The value alone is searched at the root (no per-card driver): its line starts with
    # no known move and must still keep the value.
    from napoleon_rules import NapoleonError
    for pos in positions(preset, 4, seed=10, max_tricks=3):
        full = solve(pos)
        quick = solve(pos, mode=solver.Mode.VALUE)
        assert quick.value == full.value == reference.value(pos)
        assert quick.plays == {} and quick.line
        assert _line_total(pos, quick.line) == quick.value
        assert solve(pos, mode="cards").plays == full.plays
    with pytest.raises(NapoleonError, match="mode must be one of"):
        solve(pos, mode="fast")


@pytest.mark.parametrize("bad", [
    dict(node_limit=0), dict(node_limit=-1), dict(node_limit=1.5), dict(time_limit=0),
    dict(time_limit=float("nan")), dict(tt_mb=0), dict(tt_mb="big"), dict(table="x"),
])
def test_bad_limits_are_errors(bad):
    with pytest.raises(solver.api.NapoleonError):
        solve(_mid_position(), **bad)


def test_malformed_positions_are_errors_not_crashes():
    from dataclasses import replace
    pos = _mid_position()
    for change in (dict(hands=pos.hands[:-1]), dict(hands=(1 << 60,) + pos.hands[1:]),
                   dict(hands=(-1,) + pos.hands[1:]), dict(leader=9), dict(trick=-1),
                   dict(played=(200,)), dict(trump=None), dict(partner=pos.declarer),
                   dict(hands=(pos.hands[0] | pos.hands[1],) + pos.hands[1:])):
        with pytest.raises(PositionError):
            solve(replace(pos, **change))
    with pytest.raises(PositionError):
        solve("not a position")


def test_positions_made_in_python_are_held_to_the_rules():
    """The API asks the same rules as a position file: a trump, a contract, a Joker call or a
    coup card the variant does not have is an error, not a value for another game."""
    from dataclasses import replace
    pos = _mid_position()                               # Japanese
    for change, words in ((dict(trump=NT), "not allowed in japanese"),
                          (dict(contract="misere"), "no Mis"),
                          (dict(joker_called=True), "joker_called"),
                          (dict(coup_card=0), "no coup card"),
                          (dict(reveal_used=1), "True or False")):
        with pytest.raises(PositionError, match=words):
            solve(replace(pos, **change))
    end = Position.from_json({"variant": "bridge", "declarer": 0, "trump": "NT", "leader": 1,
                              "trick": 11, "hands": [["2S", "KD"], ["2D"], ["AS", "3S"],
                                                     ["4S", "AD"]], "played": ["KS"]})
    revoke = replace(end, hands=(end.hands[0], end.hands[1], 1 << parse_card("AS"), end.hands[3]),
                     played=(parse_card("KS"), parse_card("3H")))
    with pytest.raises(PositionError, match="illegal card in 'played'"):
        solve(revoke)                            # 3H thrown while holding A\u2660
    with pytest.raises(PositionError, match="must be a Variant"):
        solve(replace(pos, variant="japanese"))
    with pytest.raises(PositionError, match="tuple of card masks"):
        solve(replace(pos, hands=list(pos.hands)))
    bridge = positions("bridge", 1, seed=2, max_tricks=3)[0]
    with pytest.raises(PositionError, match="opposite"):
        solve(replace(bridge, partner=(bridge.declarer + 1) % 4))


@pytest.mark.parametrize("args", [(2.7,), (True,), ("64",), (None,), (0,), (1 << 40,), (8, "x")])
def test_table_arguments_are_checked(args):
    # A NapoleonError naming the argument, as the rest of the API raises (it was a plain
    # ValueError about the "table size").
    from napoleon_rules import NapoleonError
    with pytest.raises(NapoleonError, match="^(size_mb|keep_memory) must be"):
        Table(*args)
    with pytest.raises(NapoleonError, match="^size_mb must"):
        Table(size_mb=0)
    assert isinstance(Table(4, keep_memory=True), solver._search.Table)


def test_table_grows_within_its_memory_budget():
    """A table starts small and doubles as it fills, but never past ``size_mb``; the
    answers do not depend on its size."""
    from cli.bench import bench_positions
    pos = bench_positions(get_variant("japanese"), 2, 1, cards=7)[1]
    small = Table(4)
    grown = solve(pos, table=small)
    big = solve(pos, tt_mb=256)
    assert (grown.value, grown.plays) == (big.value, big.plays)
    entry_bytes = 8 * (len(pos.hands) + 1)                # the hands' words and a meta word
    assert small.capacity > 2048 * 8                     # it grew from its first layout ...
    assert small.capacity * entry_bytes <= 4 << 20       # ... and stayed within 4 MB


_INTERRUPTED_CHILD = """
import os, signal, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
import solver
from napoleon_rules import get_variant, random_deal
from napoleon_rules.cards import parse_cards
from solver.declarations import Setup, declare, parse_strain
deal = random_deal(get_variant("japanese"), 4)
setup = Setup(deal.variant, tuple(deal.hands), deal.rest, 0)
_, pos = declare(setup, 4, parse_strain(deal.variant, "H"), 0, None,
                 tuple(sorted(parse_cards("3S 9C"))))
outcome = {}
def work():
    try:
        outcome["bounds"] = solver.bounds(pos, 11)     # a test of 40 M nodes or more
    except KeyboardInterrupt:
        outcome["interrupted"] = True
worker = threading.Thread(target=work)
worker.start()
time.sleep(0.5)
try:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(120)
except KeyboardInterrupt:
    pass
worker.join()
print("interrupted" if outcome.get("interrupted") else "finished", outcome.get("bounds"))
"""


@pytest.mark.skipif(not hasattr(__import__("os"), "kill") or __import__("sys").platform == "win32",
                    reason="POSIX signals")
def test_ctrl_c_stops_a_search_running_without_the_gil():
    """Ctrl-C reaches a search in progress (solver/_interrupt.pxd): on a worker thread the
    solve raises KeyboardInterrupt at once instead of running its seconds to the end and
    returning (which it does, with the answer, when the signal is not seen)."""
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", _INTERRUPTED_CHILD], capture_output=True,
                          text=True, timeout=300, cwd=root,
                          env=dict(os.environ, PYTHONPATH=root))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "interrupted", done.stdout
