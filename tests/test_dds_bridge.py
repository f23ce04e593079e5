"""Bridge double-dummy results against DDS (RULES.md §8).

DDS (bundled in the ``endplay`` package, called through cffi by ``benches/dds.py``) is an
independent oracle: on small endgames it checks the reference minimax (and the harness's
seat/suit/trick conversions), on full deals it checks the fast solver. The full 200-deal run
is ``scripts/compare_dds.py --deals 200``.
"""

from __future__ import annotations

import importlib.util
import os
import random
import statistics
import sys
from pathlib import Path

import pytest

from napoleon_rules import Position, get_variant, reference
from napoleon_rules.cards import NT, Suit, parse_card, parse_cards

ROOT = Path(__file__).resolve().parents[1]


def _load_dds():
    """``benches/dds.py`` (``benches`` is not an installed package)."""
    try:
        from benches import dds
        return dds
    except ImportError:
        spec = importlib.util.spec_from_file_location("benches.dds", ROOT / "benches" / "dds.py")
        dds = importlib.util.module_from_spec(spec)
        sys.modules["benches.dds"] = dds
        spec.loader.exec_module(dds)
        return dds


dds = _load_dds()
_reason = dds.unavailable_reason()
if _reason is not None:
    pytest.skip(f"DDS unavailable: {_reason}", allow_module_level=True)

BRIDGE = get_variant("bridge")
TRUMPS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, NT)
TRUMP_IDS = ["S", "H", "D", "C", "NT"]


def mask(text: str) -> int:
    m = 0
    for c in parse_cards(text):
        m |= 1 << c
    return m


# ---- the harness on positions worked out by hand -------------------------------------------------
def second_hand_choice(declarer: int) -> Position:
    """No trump, trick 12 of 13. West (3) led 2♠ and keeps 3♥; North (0) holds A♠ Q♠, East (1)
    K♠ 4♥, South (2) 5♣ 6♣. North's A♠ drops East's K♠ and Q♠ takes the last trick: North-
    South take both. North's Q♠ loses to the K♠, and East's 4♥ takes the last trick (nobody
    else has a heart): East-West take both."""
    hands = (mask("AS QS"), mask("KS 4H"), mask("5C 6C"), mask("3H"))
    return Position(BRIDGE, NT, declarer, (declarer + 2) % 4, hands, leader=3,
                    trick=11, played=(parse_card("2S"),))


def test_harness_declarer_side_to_move():
    pos = second_hand_choice(declarer=0)       # North declares: the mover is on the declarer's side
    assert dds.dds_solve(pos) == (2, {parse_card("AS"): 2, parse_card("QS"): 0})
    assert dds.dds_value(pos) == 2


def test_harness_defender_to_move():
    pos = second_hand_choice(declarer=1)       # East declares: North defends
    assert dds.dds_solve(pos) == (0, {parse_card("AS"): 0, parse_card("QS"): 2})
    assert dds.dds_value(pos) == 0


def test_harness_ruff_with_trump():
    """Last trick: West (3) leads A♠, North (0) has only 2♥, East 3♠, South 3♦; East declares.
    With hearts trump North's 2♥ ruffs and East-West take nothing; at No Trump A♠ wins."""
    hands = (mask("2H"), mask("3S"), mask("3D"), 0)
    for trump, expected in ((Suit.HEARTS, 0), (NT, 1)):
        pos = Position(BRIDGE, trump, 1, 3, hands, leader=3, trick=12, played=(parse_card("AS"),))
        assert dds.dds_solve(pos) == (expected, {parse_card("2H"): expected})


def test_harness_expands_equal_cards():
    """No trump, West (3) to lead with Q♠ J♠ T♠ (a sequence DDS reports once), North A♠ K♠
    9♠, East and South hold small clubs. Leading any spade loses to North's A then K; East
    (declarer with West) takes 1 trick (the third spade) with any of the three."""
    hands = (mask("AS KS 9S"), mask("2C 3C 4C"), mask("5C 6C 7C"), mask("QS JS TS"))
    pos = Position(BRIDGE, NT, 1, 3, hands, leader=3, trick=10)
    value, plays = dds.dds_solve(pos)
    assert value == 1
    assert plays == {parse_card("QS"): 1, parse_card("JS"): 1, parse_card("TS"): 1}


def test_harness_rejects_other_variants():
    japanese = get_variant("japanese")
    pos = Position(japanese, Suit.SPADES, 0, None, (1, 2, 4, 8, 16), leader=0, trick=9)
    with pytest.raises(ValueError, match="bridge"):
        dds.dds_solve(pos)


# ---- DDS against the reference minimax on random endgames ---------------------------------------
def random_endgame(rng: random.Random, trump) -> Position:
    """2-4 cards a hand from a random part of the deck (sometimes only the high cards, so
    sequences and ruffs are frequent), then 0-3 random legal cards of the current trick."""
    per_hand = rng.randint(2, 4)
    low_rank = rng.choice([2, 2, 7, 9])
    pool = [c for c in range(52) if c % 13 + 2 >= low_rank]
    cards = rng.sample(pool, 4 * per_hand)
    hands = tuple(sum(1 << c for c in cards[i * per_hand:(i + 1) * per_hand]) for i in range(4))
    declarer = rng.randrange(4)
    pos = Position(BRIDGE, trump, declarer, (declarer + 2) % 4, hands,
                   leader=rng.randrange(4), trick=13 - per_hand)
    for _ in range(rng.randint(0, 3)):
        pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


ENDGAMES_PER_TRUMP = 100


@pytest.mark.parametrize("trump", TRUMPS, ids=TRUMP_IDS)
def test_dds_equals_reference_on_endgames(trump):
    rng = random.Random(f"dds-endgames-{trump}")
    mid_trick = 0
    for i in range(ENDGAMES_PER_TRUMP):
        pos = random_endgame(rng, trump)
        mid_trick += bool(pos.played)
        expected = reference.solve(pos)
        assert dds.dds_solve(pos) == expected, f"endgame {i}: {pos.dumps()}"
        assert dds.dds_value(pos) == expected[0], f"endgame {i}: {pos.dumps()}"
    assert ENDGAMES_PER_TRUMP // 2 < mid_trick < ENDGAMES_PER_TRUMP  # both kinds were tried


# ---- DDS against the fast solver ----------------------------------------------------------------
FULL_DEALS = 10
FULL_DEAL_SEED = 2024
#: Per solve. A full deal takes DDS well under a second; a solver that needs more than this
#: is reported as a failure rather than left to run the CI for hours.
SOLVE_TIME_LIMIT = 20.0


@pytest.fixture(scope="module")
def fast_solve():
    solver = pytest.importorskip("solver", reason="the fast solver is not built")
    if not callable(getattr(solver, "solve", None)):
        pytest.skip("solver.solve does not exist yet")
    return solver.solve


def random_middle_game(rng: random.Random, trump) -> Position:
    """5-8 cards a hand (too many for the reference minimax), then 0-3 cards of the trick."""
    per_hand = rng.randint(5, 8)
    cards = rng.sample(range(52), 4 * per_hand)
    hands = tuple(sum(1 << c for c in cards[i * per_hand:(i + 1) * per_hand]) for i in range(4))
    declarer = rng.randrange(4)
    pos = Position(BRIDGE, trump, declarer, (declarer + 2) % 4, hands,
                   leader=rng.randrange(4), trick=13 - per_hand)
    for _ in range(rng.randint(0, 3)):
        pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


@pytest.mark.parametrize("trump", TRUMPS, ids=TRUMP_IDS)
def test_fast_solver_equals_dds_on_middle_games(fast_solve, trump):
    rng = random.Random(f"dds-middle-{trump}")
    for i in range(20):
        pos = random_middle_game(rng, trump)
        result = fast_solve(pos, time_limit=SOLVE_TIME_LIMIT)
        assert (result.value, result.plays) == dds.dds_solve(pos), f"position {i}: {pos.dumps()}"


@pytest.mark.skipif(not os.environ.get("NAPOLEON_FULL_DDS"),
                    reason="full 13-card deals take the fast solver seconds to minutes each "
                           "(see solver/README.md); set NAPOLEON_FULL_DDS=1 to run, or use "
                           "scripts/compare_dds.py")
def test_fast_solver_equals_dds_on_full_deals(fast_solve):
    """Every trump of FULL_DEALS seeded deals from the opening lead; stops at the first search
    that runs out of time (one slow solve is enough to know)."""
    from cli.bench import BRIDGE_TRUMPS, bridge_position, seeded_deals
    mismatches = []
    for i, deal in enumerate(seeded_deals(BRIDGE, FULL_DEALS, FULL_DEAL_SEED)):
        for trump in BRIDGE_TRUMPS:
            pos = bridge_position(deal, trump, declarer=i % 4)
            expected = dds.dds_solve(pos)
            try:
                result = fast_solve(pos, time_limit=SOLVE_TIME_LIMIT)
            except Exception as e:  # noqa: BLE001 - only the solver's limit error is expected
                if type(e).__name__ != "SearchLimitError":
                    raise
                pytest.fail(f"deal {i} ({deal}), trump {trump}: no result in {SOLVE_TIME_LIMIT} s "
                            f"({e}); DDS: {expected[0]}")
            if (result.value, result.plays) != expected:
                mismatches.append(f"deal {i} ({deal}) trump {trump}: solver {result.value} "
                                  f"{result.plays}, DDS {expected[0]} {expected[1]}")
    assert not mismatches, "\n".join(mismatches)


# ---- napoleon bench --vs-dds (DDS half; the solver is stubbed out so this runs without it) -----
def test_bench_command_times_dds(monkeypatch):
    import json

    from typer.testing import CliRunner

    from cli import bench
    from cli.main import app

    monkeypatch.setattr(bench, "fast_solve", lambda: None)
    result = CliRunner().invoke(app, ["bench", "--deals", "5", "--seed", "3", "--vs-dds", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["variant"] == "bridge" and out["deals"] == 5 and "solver" not in out
    positions = bench.bench_positions(BRIDGE, 5, 3)
    assert [p.trump for p in positions] == list(TRUMPS)
    assert [p.leader for p in positions] == [1] * 5
    expected = [dds.dds_value(p) for p in positions]
    assert out["dds"]["all_cards"]["values"] == expected
    assert out["dds"]["value_only"]["values"] == expected
    t = out["dds"]["all_cards"]
    assert 0 < t["median_s"] <= t["max_s"] and 0 < t["mean_s"] <= t["max_s"]


def test_bench_command_needs_bridge_for_dds():
    from typer.testing import CliRunner

    from cli.main import app

    result = CliRunner().invoke(app, ["bench", "--variant", "japanese", "--vs-dds"])
    assert result.exit_code == 2


def test_bench_command_modes_agree_and_compare_like_with_like():
    import json

    from typer.testing import CliRunner

    from cli.main import app

    outs = {}
    for mode in ("cards", "value"):
        result = CliRunner().invoke(app, ["bench", "--deals", "5", "--cards", "4", "--vs-dds",
                                          "--mode", mode, "--json"])
        assert result.exit_code == 0, result.output
        outs[mode] = json.loads(result.stdout.strip().splitlines()[-1])
    assert outs["cards"]["mode"] == "cards" and outs["value"]["mode"] == "value"
    assert outs["cards"]["solver"]["values"] == outs["value"]["solver"]["values"] == \
        outs["value"]["dds"]["value_only"]["values"]
    assert outs["cards"]["disagreements"] == outs["value"]["disagreements"] == []
    for out in outs.values():
        s = out["solver"]
        # every deal's nodes and time, in order, adding up to the totals
        assert len(s["deal_nodes"]) == len(s["deal_seconds"]) == 5
        assert sum(s["deal_nodes"]) == s["nodes"]
        assert s["median_s"] == pytest.approx(statistics.median(s["deal_seconds"]))
        assert s["max_s"] == max(s["deal_seconds"])
    for mode, key in (("cards", "all_cards"), ("value", "value_only")):
        out = outs[mode]
        assert out["ratio"]["median"] == pytest.approx(out["solver"]["median_s"] /
                                                       out["dds"][key]["median_s"])
    bad = CliRunner().invoke(app, ["bench", "--mode", "fast"])
    assert bad.exit_code == 2
