"""`napoleon solve DEAL --declarer ...`: a deal solved from its first lead, and the best line
shown trick by trick."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from cli.main import app
from napoleon_rules import Choices, get_variant, random_deal
from napoleon_rules.cards import card_name
from napoleon_rules.deal import deal_str

solver = pytest.importorskip("solver")

try:
    runner = CliRunner(mix_stderr=False)
except TypeError:  # newer Click keeps stderr apart already
    runner = CliRunner()

NAP3 = get_variant("nap", {"players": 3})


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("seed", range(4))
def test_nap_deal_value_is_the_solver_value_of_the_declared_position(seed):
    deal = random_deal(NAP3, seed)
    res = run("solve", deal_str(deal), "-o", "players=3", "--declarer", "1", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    bid = next(b for b in NAP3.all_bids() if b.name is None)
    _, pos = NAP3.declare(deal, 1, bid, Choices())
    want = solver.solve(pos)
    assert out["value"] == want.value and out["unit"] == "tricks"
    assert out["position"] == pos.to_json()


def test_japanese_short_deal_with_call_and_discard():
    # 7 players: 7 cards each and a 3-card blind; play it from late in the hand so it is quick.
    v = get_variant("japanese", {"players": 7})
    deal = random_deal(v, 11)
    pool = sorted(c for c in range(64) if (deal.hands[0] | deal.rest) >> c & 1)
    discard = " ".join(card_name(c) for c in pool[:3])
    res = run("solve", deal_str(deal), "-o", "players=7", "--declarer", "0", "--trump", "S",
              "--call", "AS", "--discard", discard, "--node-limit", "1000", "--json")
    # The full 7-card deal is too slow for a test: a node limit must stop it with exit 3 and
    # bounds, never a wrong value.
    assert res.exit_code == 3, res.output
    assert "between" in res.stderr


def test_trick_by_trick_credits_add_up_to_the_value():
    deal = random_deal(NAP3, 7)
    res = run("solve", deal_str(deal), "-o", "players=3", "--declarer", "2")
    assert res.exit_code == 0, res.output
    value = int(re.search(r"value: (\d+)", res.stdout).group(1))
    tricks = re.findall(r"trick +\d+: .* \+(\d+), total (\d+)", res.stdout)
    assert len(tricks) == NAP3.tricks
    assert sum(int(g) for g, _ in tricks) == value == int(tricks[-1][1])


@pytest.mark.parametrize("args,message", [
    (["--declarer", "5"], "--declarer must be a seat 0..2"),
    ([], "needs --declarer"),
    (["--declarer", "0", "--trump", "S"], "nap: give only --declarer and --bid"),
    (["--declarer", "0", "--bid", "9"], "no plain bid of 9"),
    (["--declarer", "0", "--example"], "only one"),
])
def test_bad_deal_input_is_one_line_with_exit_code_2(args, message):
    deal = deal_str(random_deal(NAP3, 1))
    res = run("solve", deal, "-o", "players=3", *args)
    assert res.exit_code == 2, res.output
    assert message in res.stderr and len(res.stderr.strip().splitlines()) == 1


def test_japanese_deal_errors_name_the_problem():
    v = get_variant("japanese")
    deal = deal_str(random_deal(v, 1))
    for args, message in ((["--declarer", "0", "--trump", "S", "--call", "AS"], "give --discard"),
                          (["--declarer", "0", "--call", "AS"], "needs --trump"),
                          (["--declarer", "0", "--trump", "S", "--discard", "AS KS"],
                           "--call CARD, or --alone"),
                          (["--declarer", "0", "--trump", "Q", "--alone"], "--trump")):
        res = run("solve", deal, *args)
        assert res.exit_code == 2 and message in res.stderr, (args, res.stderr)


def test_deal_options_need_a_deal():
    res = run("solve", "--example", "--declarer", "0")
    assert res.exit_code == 2 and "go with a DEAL" in res.stderr
