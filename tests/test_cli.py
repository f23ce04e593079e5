"""The ``napoleon`` command line: every command, the ``--json`` shapes, and one-line errors
with exit code 2 for each kind of bad input."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from cli import solving
from napoleon_rules import parse_deal
from cli_runner import error_line, run


def fast_engine_built() -> bool:
    return solving.fast_solver() is not None


needs_fast = pytest.mark.skipif(not fast_engine_built(), reason="the solver extension is not built")


# Bridge, No Trump, two tricks left. East (1) has led K♠; South (2), the declarer's partner,
# chooses. A♠ wins this trick, then 3♠ wins the last (nobody else holds a spade): 2 tricks.
# With 3♠ instead, K♠ holds the trick; East leads 2♦ and West's A♦ wins the last: 0 tricks.
BRIDGE_ENDING = {
    "variant": "bridge",
    "trump": "NT",
    "declarer": 0,
    "partner": 2,
    "hands": [["2S", "KD"], ["2D"], ["AS", "3S"], ["4S", "AD"]],
    "leader": 1,
    "trick": 11,
    "played": ["KS"],
}

# Japanese Napoleon, hearts trump, trick 8: seat 1 led K♣; seat 2 holds 5♣ and must follow.
JAPANESE_ENDING = {
    "variant": "japanese",
    "trump": "H",
    "declarer": 0,
    "partner": 2,
    "hands": [["AS", "5H", "TD"], ["QH", "AC"], ["5C", "KS", "3H"], ["9H", "QS", "KD"],
              ["AD", "TS", "4C"]],
    "leader": 1,
    "trick": 7,
    "played": ["KC"],
}


def write(tmp_path, data, name="pos.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


# ---- version, variants, rules ------------------------------------------------------------------
def test_version():
    r = run("--version")
    assert r.exit_code == 0
    assert r.stdout.strip() == "napoleon-solver 0.1.0"


def test_no_arguments_prints_help():
    r = run()
    assert "solve" in r.stdout and "variants" in r.stdout


def test_variants_lists_every_preset_once():
    r = run("variants")
    assert r.exit_code == 0
    names = [line.split()[0] for line in r.stdout.strip().splitlines()]
    assert names == ["japanese", "japanese-stakes", "mighty", "japoleon", "secretary", "nap", "bridge"]
    assert "The Mighty" in r.stdout


def test_variants_json():
    data = json.loads(run("variants", "--json").stdout)
    assert {d["name"] for d in data} >= {"japanese", "bridge"}
    assert set(data[0]) == {"name", "title", "summary"}


def test_rules_japanese_marks_the_decisions():
    r = run("rules", "japanese")
    assert r.exit_code == 0
    assert "5 players x 10 cards, 2 in the blind" in r.stdout
    lines = r.stdout.splitlines()
    yoromeki = next(line for line in lines if line.strip().startswith("yoromeki ="))
    assert "[decision]" in yoromeki and "= true" in yoromeki
    min_bid = next(line for line in lines if line.strip().startswith("min_bid ="))
    assert "[decision]" not in min_bid and "= 11" in min_bid


def test_rules_names_the_cards_dealt_to_no_hand_as_the_rules_do():
    # Japoleon's were "3 in the open cards".
    assert "5 players x 10 cards, 3 open cards;" in run("rules", "japoleon").stdout
    assert "5 players x 10 cards, 3 in the kitty;" in run("rules", "mighty").stdout
    deal = run("deal", "-v", "japoleon", "--seed", "1").stdout.strip()
    error_line(run("solve", deal, "--declarer", "0", "--trump", "S", "--call", "AS"),
                      "the declarer takes the 3 open cards and puts 3 cards away: give "
                      "--discard with 3 cards of the hand and the open cards")


def test_a_deal_of_another_player_count_names_the_option_as_typed():
    # The message named the Python call too: "get_variant('japanese', {'players': 4}) in Python".
    deal = run("deal", "-v", "japanese", "-o", "players=4", "--seed", "1").stdout.strip()
    for args in (["show", deal], ["analyse", deal], ["analyse", deal, "--short-hands"],
                 ["solve", deal, "--declarer", "0", "--trump", "S", "--partner", "1"]):
        line = run(*args).stderr.strip()
        assert line == ("error: japanese needs 5 hands, the deal has 4 (a 4-player game: add "
                        "-o players=4)"), (args, line)


def test_rules_json_player_table_and_trumps():
    # RULES.md section 7: 4 players -> 12 cards each, blind of 4 (+1 for the Joker in Mighty).
    data = json.loads(run("rules", "mighty", "-o", "players=4", "--json").stdout)
    assert (data["players"], data["hand_size"], data["rest"]["size"]) == (4, 12, 5)
    assert "NT" in data["trumps"]
    joker = next(o for o in data["options"] if o["name"] == "joker_any_time")
    assert joker["decision"] is True and joker["default"] is True
    players = next(o for o in data["options"] if o["name"] == "players")
    assert (players["value"], players["default"]) == (4, 5)
    # the preset's summary says "5 players": with an option changed it is the default's only
    assert data["summary"] is None and data["default_summary"].startswith("5 players")
    japanese = json.loads(run("rules", "japanese", "--json").stdout)
    assert japanese["summary"] == japanese["default_summary"] and \
        japanese["summary"].startswith("5 players, 10 cards")
    assert japanese["trumps"] == ["S", "H", "D", "C"] and japanese["unit"] == "points"
    assert json.loads(run("rules", "nap", "--json").stdout)["unit"] == "tricks"


def test_rules_shows_a_changed_option_with_its_default():
    r = run("rules", "japanese", "--option", "yoromeki=false")
    assert "yoromeki = false (default true)" in r.stdout
    # the preset's one-line summary is its default game: said so once an option changes it
    seven = run("rules", "japanese", "-o", "players=7").stdout.splitlines()
    assert seven[1].startswith("  by default: 5 players") and "7 players x 7 cards" in seven[2]
    assert run("rules", "japanese").stdout.splitlines()[1].startswith("  5 players")


# ---- deal and show -------------------------------------------------------------------------------
def test_deal_is_reproducible_and_valid():
    first = run("deal", "--variant", "japanese", "--seed", "7", "--count", "3")
    again = run("deal", "--variant", "japanese", "--seed", "7", "--count", "3")
    other = run("deal", "--variant", "japanese", "--seed", "8", "--count", "3")
    one = run("deal", "--variant", "japanese", "--seed", "7")
    assert first.exit_code == 0
    assert first.stdout == again.stdout != other.stdout
    lines = first.stdout.strip().splitlines()
    assert len(lines) == 3 and len(set(lines)) == 3
    assert one.stdout.strip() == lines[0]
    for line in lines:
        d = parse_deal(line)  # every card once, right hand sizes
        assert [bin(h).count("1") for h in d.hands] == [10] * 5 and bin(d.rest).count("1") == 2


def test_deal_without_seed_reports_the_seed_it_used():
    r = run("deal", "-v", "bridge")
    assert r.exit_code == 0
    seed = int(r.stderr.strip().removeprefix("seed: "))
    assert run("deal", "-v", "bridge", "--seed", str(seed)).stdout == r.stdout


def test_deal_json_with_options():
    r = run("deal", "-v", "japanese", "--seed", "1", "-o", "players=3", "--json")
    data = json.loads(r.stdout)
    assert data["variant"] == "japanese" and data["seed"] == 1
    assert data["options"] == {"players": 3}
    (deal,) = data["deals"]
    assert set(deal) == {"deal", "hands", "rest"}
    # RULES.md section 7: 3 players get 16 cards each and a blind of 4.
    assert [len(h) for h in deal["hands"]] == [16, 16, 16] and len(deal["rest"]) == 4
    assert deal["deal"].startswith("japanese:")


def test_show_reads_back_a_deal():
    text = "bridge:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 |"
    r = run("show", text)
    assert r.exit_code == 0
    assert "seat 1 (E): ♠ -  ♥ AKQJT98765432  ♦ -  ♣ -" in r.stdout    # bridge: compass seats
    data = json.loads(run("show", text, "--json").stdout)
    assert data["hands"][3][0] == "AC" and data["rest"] == []
    assert data["variant"] == "bridge" and data["options"] == {}


JAPANESE_DEAL = ("japanese:KQ2.863.7.K32 AT.KJ5.A95.87 9.T7.J64.AQJ6 743.42.Q32.95 "
                 "865.AQ.KT8.T4 | J.9..")


def test_show_duplicated_card():
    error_line(run("show", JAPANESE_DEAL.replace("J.9..", "J.9..K")), "KC", "twice")


def test_show_missing_card():
    # 4♣ taken out of the last hand: the deal misses it.
    error_line(run("show", JAPANESE_DEAL.replace("KT8.T4", "KT8.T")), "missing", "4C")


def test_show_wrong_hand_size():
    # 9♥ moved from the blind into hand 0: every card once, but hand 0 holds 11.
    moved = JAPANESE_DEAL.replace("KQ2.863.", "KQ2.9863.").replace("J.9..", "J...")
    error_line(run("show", moved), "hand 0", "11")


# ---- solve --------------------------------------------------------------------------------------
def test_solve_reference_json_is_exactly_value_unit_plays(tmp_path):
    r = run("solve", "--position", write(tmp_path, BRIDGE_ENDING), "--engine", "reference", "--json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout) == {"value": 2, "unit": "tricks", "plays": {"3S": 0, "AS": 2}}


def test_solve_reads_stdin():
    r = run("solve", "-p", "-", "--engine", "reference", "--json", input=json.dumps(BRIDGE_ENDING))
    assert json.loads(r.stdout)["value"] == 2


def test_solve_readable_output(tmp_path):
    r = run("solve", "-p", write(tmp_path, BRIDGE_ENDING), "--engine", "reference")
    assert r.exit_code == 0
    out = r.stdout
    assert "trump No Trump" in out
    assert "current trick: K♠ (seat 1)" in out
    assert "to move: seat 2 (partner)" in out
    assert "value: 2 tricks" in out
    assert "A♠ 2*" in out and "3♠ 0" in out
    assert " > seat 2" in out


def test_solve_example_reference():
    r = run("solve", "--example", "--engine", "reference", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    # The General is void in clubs: all three cards are legal.
    assert data["unit"] == "points" and set(data["plays"]) == {"KS", "3H", "JD"}
    assert data["value"] == max(data["plays"].values()) == 11


def test_solve_example_default_engine_readable():
    r = run("solve", "--example")
    assert r.exit_code == 0
    assert "to move: seat 2 (General)" in r.stdout and "value: 11 points" in r.stdout


def test_auto_engine_falls_back_to_reference_when_the_solver_is_not_built(monkeypatch):
    monkeypatch.setattr(solving, "fast_solver", lambda: None)
    r = run("solve", "--example")
    assert r.exit_code == 0 and "engine: reference" in r.stdout
    error_line(run("solve", "--example", "--engine", "fast"), "not built")


@needs_fast
def test_solve_fast_json_adds_line_and_stats(tmp_path):
    r = run("solve", "-p", write(tmp_path, BRIDGE_ENDING), "--engine", "fast", "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert set(data) == {"value", "unit", "plays", "line", "stats"}
    assert (data["value"], data["unit"], data["plays"]) == (2, "tricks", {"3S": 0, "AS": 2})
    assert data["line"][0] == "AS"


@needs_fast
def test_fast_and_reference_agree_on_the_example(tmp_path):
    path = write(tmp_path, JAPANESE_ENDING)
    fast = json.loads(run("solve", "-p", path, "--engine", "fast", "--json").stdout)
    ref = json.loads(run("solve", "-p", path, "--engine", "reference", "--json").stdout)
    assert (fast["value"], fast["plays"]) == (ref["value"], ref["plays"])
    assert list(ref["plays"]) == ["5C"]  # must follow clubs


def test_reference_refuses_a_long_position(tmp_path):
    hands = [["AS", "KS", "QS", "JS", "TS"], ["9S", "8S", "7S", "6S", "5S"],
             ["AH", "KH", "QH", "JH", "TH"], ["9H", "8H", "7H", "6H", "5H"]]
    pos = {"variant": "bridge", "trump": "S", "declarer": 0, "partner": 2, "hands": hands,
           "leader": 0, "trick": 8}
    error_line(run("solve", "-p", write(tmp_path, pos), "--engine", "reference"),
                      "5 tricks", "--engine fast")


@needs_fast
def test_fast_engine_node_limit_exits_3(tmp_path):
    hands = [["AS", "KS", "QS", "JS", "TS"], ["9S", "8S", "7S", "6S", "5S"],
             ["AH", "KH", "QH", "JH", "TH"], ["9H", "8H", "7H", "6H", "5H"]]
    pos = {"variant": "bridge", "trump": "S", "declarer": 0, "partner": 2, "hands": hands,
           "leader": 0, "trick": 8}
    path = write(tmp_path, pos)
    r = run("solve", "-p", path, "--engine", "fast", "--node-limit", "5")
    assert r.exit_code == 3 and r.stderr.startswith("error: a search limit stopped the solve")
    # the board, with what the search proved: here the value, not every card's
    assert "value: 5 tricks, but not every card's value" in r.stdout and "seat 0" in r.stdout
    # North leads five top trumps, partner five top hearts: all 5 tricks.
    assert json.loads(run("solve", "-p", path, "--json").stdout)["value"] == 5


@needs_fast
def test_a_solve_stopped_after_its_value_says_so():
    """A limit that stops every card's value after the value itself: the text gives the
    value, not "between 11 and 11"."""
    full = json.loads(run("solve", "--example", "--json").stdout)
    for limit in range(full["stats"]["nodes"] - 1, 0, -1):
        out = json.loads(run("solve", "--example", "--json", "--node-limit", str(limit)).stdout)
        if out["lower"] == out["upper"]:
            break
    else:
        pytest.fail("no node limit stops the example between its value and its cards' values")
    assert out["value"] is None and out["lower"] == full["value"]
    r = run("solve", "--example", "--node-limit", str(limit))
    assert r.exit_code == 3
    assert f"value: {full['value']} points, but not every card's value" in r.stdout
    assert f"the value is {full['value']}, but not every card's value" in r.stderr
    assert "between" not in r.stdout + r.stderr


@needs_fast
def test_a_limited_solve_still_prints_its_bounds_as_json(tmp_path):
    deal = ("japanese:Q5.J82.Q542.A K83.K76.987.J 74.T9.3.T7654 AJ9.A53.J.Q82 T62.Q.AT6.K93 "
            "| .4.K.")
    r = run("solve", deal, "--declarer", "0", "--trump", "S", "--partner", "2",
            "--discard", "4H KD", "--node-limit", "2000", "--json")
    assert r.exit_code == 3 and r.stderr.startswith("error: a search limit stopped the solve")
    out = json.loads(r.stdout)
    assert out["value"] is None and 0 <= out["lower"] <= out["upper"] <= 20
    assert out["stats"]["nodes"] == 2000 and out["position"]["declarer"] == 0    # the limit, exactly


def test_the_reference_engine_takes_no_table_size():
    error_line(run("solve", "--example", "--engine", "reference", "--tt-mb", "8"),
                      "--tt-mb", "reference")


@needs_fast
def test_bench_exits_3_when_a_limit_leaves_deals_out():
    r = run("bench", "-v", "japanese", "--deals", "2", "--cards", "6", "--node-limit", "50")
    assert r.exit_code == 3 and "2 of 2 deals reached" in r.stdout
    assert r.stderr.startswith("error: a limit stopped 2 of 2 solves")
    assert run("bench", "-v", "japanese", "--deals", "2", "--cards", "3").exit_code == 0


@needs_fast
def test_bench_vs_plain_times_both_builds_on_the_same_deals():
    """--vs-plain solves each deal with the specialised build (Japanese's, The Mighty's and
    Japoleon's default rules) and with the plain one: the same values and nodes, both timed,
    and the ratio; without a limit nothing stops."""
    for variant in ("japanese", "mighty", "japoleon", "bridge"):
        data = json.loads(run("bench", "-v", variant, "--deals", "3", "--cards", "4",
                              "--vs-plain", "--json").stdout)
        fast, plain = data["solver"], data["plain"]
        assert (fast["values"], fast["deal_nodes"]) == (plain["values"], plain["deal_nodes"])
        assert fast["solved"] == plain["solved"] == 3 and data["ratio_plain"]["median"] > 0
    text = run("bench", "-v", "japanese", "--deals", "2", "--cards", "4", "--vs-plain").stdout
    assert "plain build: median" in text and "time ratio fast/plain build" in text
    limited = run("bench", "-v", "japanese", "--deals", "2", "--cards", "6", "--node-limit",
                  "50", "--vs-plain", "--json")
    assert limited.exit_code == 3 and json.loads(limited.stdout)["ratio_plain"] is None


@needs_fast
def test_bench_takes_the_table_size():
    """--tt-mb reaches every solve: a 1 MB table cannot keep every entry of a full deal's
    search, so the nodes differ from the default's, and the JSON and the header name the
    size."""
    args = ("bench", "-v", "japanese", "--deals", "2", "--mode", "value", "--json")
    small = json.loads(run(*args, "--tt-mb", "1").stdout)
    usual = json.loads(run(*args).stdout)
    assert (small["tt_mb"], usual["tt_mb"]) == (1, 64)
    assert small["solver"]["values"] == usual["solver"]["values"]
    assert small["solver"]["deal_nodes"] != usual["solver"]["deal_nodes"]
    assert "1 MB table" in run("bench", "-v", "japanese", "--deals", "1", "--cards", "3",
                               "--tt-mb", "1").stdout
    error_line(run("bench", "--tt-mb", "0"), "--tt-mb must be")


@needs_fast
def test_bench_analyse_times_the_tables_of_the_seeded_deals():
    """--analyse: deal k is the deal of 'napoleon deal --seed SEED+k', analysed as 'napoleon
    analyse' does (one job: the same tests and nodes as the command itself)."""
    out = json.loads(run("bench", "-v", "nap", "--analyse", "--seed", "5", "--deals", "2",
                         "-j", "1", "--json").stdout)
    assert out["mode"] == "analyse" and out["jobs"] == 1
    tables = out["analyse"]["tables"]
    assert [t["seed"] for t in tables] == [5, 6] and all(t["complete"] for t in tables)
    for t in tables:
        deal = run("deal", "-v", "nap", "--seed", str(t["seed"])).stdout.strip()
        stats = json.loads(run("analyse", deal, "-j", "1", "--json").stdout)["stats"]
        assert (t["tests"], t["nodes"]) == (stats["tests"], stats["nodes"]) and t["nodes"] > 0
    assert out["analyse"]["nodes"] == sum(t["nodes"] for t in tables)
    text = run("bench", "-v", "nap", "--analyse", "--seed", "5", "--deals", "2", "-j", "1").stdout
    assert "whole-table analysis of 2 deals (napoleon deal -v nap --seed 5..6), 1 job" in text
    assert "slowest: seed" in text


@needs_fast
def test_bench_analyse_refuses_what_does_not_apply_and_reports_limits():
    for extra, what in ((("--mode", "value"), "--mode"), (("--cards", "3"), "--cards"),
                        (("--vs-dds",), "--vs-dds"), (("--vs-plain",), "--vs-plain"),
                        (("-j", "0"), "--jobs must be")):
        error_line(run("bench", "-v", "nap", "--analyse", *extra), what)
    error_line(run("bench", "-v", "nap", "--jobs", "2"), "--jobs", "--analyse")
    r = run("bench", "-v", "nap", "--analyse", "--deals", "2", "--node-limit", "1", "-j", "1")
    assert r.exit_code == 3 and "2 of 2 tables stopped by a limit" in r.stdout
    assert r.stderr.startswith("error: a limit stopped 2 of 2 tables")


@needs_fast
def test_analyse_counts_the_nodes_of_its_searches():
    deal = run("deal", "-v", "nap", "--seed", "3").stdout.strip()
    out = json.loads(run("analyse", deal, "-j", "1", "--json").stdout)
    assert out["stats"]["nodes"] == sum(c["stats"]["nodes"] for c in out["cells"]) > 0
    assert all(c["stats"]["nodes"] > 0 for c in out["cells"] if c["stats"]["tests"])
    assert " nodes in " in run("analyse", deal, "-j", "1").stdout


# ---- bad input: one line, exit code 2 ---------------------------------------------------------
def test_missing_file():
    error_line(run("solve", "-p", "/no/such/position.json"), "no such file", "/no/such/position.json")


def test_no_position_given():
    error_line(run("solve"), "DEAL", "--deal-file", "--position", "--example")


NAP3_DEAL = "nap:KJ.7.A.6 ..Q3.AKQ .A.84.J3 | AQT98765432.KQJT9865432.KJT97652.T987542"


@pytest.mark.parametrize("args", [["analyse", "nofile.txt"],
                                  ["solve", "nofile.txt", "--declarer", "0"],
                                  ["show", "nofile.txt"],
                                  ["show", "deals/nofile"]])
def test_a_mistyped_deal_file_is_no_such_file(args):
    """One word with no 'V:' prefix cannot be a deal (its hands are separated by spaces): it
    is a file name, so a missing one says so, not how a deal is written."""
    name = args[1]
    error_line(run(*args), f"no such file: {name}")


def test_a_hand_or_a_deal_without_prefix_still_gets_the_deals_error(tmp_path):
    error_line(run("show", "AKQ.JT9.2.AK3"), "a deal is written")
    error_line(run("show", "KJ.7.A.6 ..Q3.AKQ"), "a deal is written")
    error_line(run("show", str(tmp_path)), "is a directory")


def test_show_reads_a_deal_file_or_standard_input(tmp_path):
    path = write(tmp_path, f"# a three-player Nap deal\n{NAP3_DEAL}\n", "deal.txt")
    direct = run("show", NAP3_DEAL, "-o", "players=3", "--json")
    assert direct.exit_code == 0, direct.stderr
    from_file = run("show", path, "-o", "players=3", "--json")
    from_stdin = run("show", "-", "-o", "players=3", "--json", input=NAP3_DEAL + "\n")
    assert from_file.exit_code == from_stdin.exit_code == 0, from_file.stderr + from_stdin.stderr
    assert json.loads(from_file.stdout) == json.loads(from_stdin.stdout) == \
        json.loads(direct.stdout)
    assert "seat 2: ♠ -  ♥ A" in run("show", path, "-o", "players=3").stdout


def test_solve_help_gives_todays_speed():
    text = " ".join(run("solve", "--help").stdout.replace("│", " ").split())
    assert "minutes" not in text
    assert "usually takes about a second, every card's value included" in text
    assert "--time-limit caps it" in text


@pytest.mark.parametrize("args,fragments", [
    (["solve", "--example", "--time-limit", "nan"],
     ["--time-limit must be a positive number of seconds, not nan"]),
    (["solve", "--example", "--time-limit", "inf"], ["--time-limit must be"]),
    (["analyse", NAP3_DEAL, "-o", "players=3", "--time-limit", "0"], ["--time-limit must be"]),
    (["analyse", NAP3_DEAL, "-o", "players=3", "--jobs", "0"], ["--jobs must be 1..256, not 0"]),
    (["analyse", NAP3_DEAL, "-o", "players=3", "--tt-mb", "2000000"],
     ["--tt-mb must be a whole number of MB"]),
    (["analyse", NAP3_DEAL, "-o", "players=3", "--declarer", "9"],
     ["--declarer must be a seat 0..2, not 9"]),
    (["analyse", NAP3_DEAL, "-o", "players=3", "--dealer", "x"],
     ["--dealer must be a seat 0..2, not 'x'"]),
])
def test_errors_name_the_option_as_typed(args, fragments):
    result = run(*args)
    error_line(result, *fragments)
    for internal in ("time_limit", "tt_mb", "Value error", "jobs must"):
        assert internal not in result.stderr.replace("--jobs must", ""), result.stderr


def test_a_wrong_engine_is_a_plain_sentence():
    done = run_main("solve", "--example", "--engine", "slow")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert "'--engine': the engines are auto, fast and reference, not 'slow'" in lines[0]
    assert "Value error" not in lines[0]
    assert run("solve", "--example", "--engine", "REFERENCE").exit_code == 0


def test_api_messages_read_with_option_names():
    from cli.common import in_option_terms
    assert in_option_terms("could not reserve a transposition table of 9 MB on this machine: "
                           "ask for a smaller one (tt_mb, --tt-mb)").endswith("one (--tt-mb)")
    assert in_option_terms("jobs must be 1..256, not 0") == "--jobs must be 1..256, not 0"
    assert in_option_terms("jobs of 2 seats") == "jobs of 2 seats"    # not a parameter's check


BRIDGE_DEAL = ("bridge:KQ85.J82.Q8542.A 743.KT76.97.JT76 AJ9.A953.J3.Q542 T62.Q4.AKT6.K983 "
               "| ...")


@needs_fast
def test_bridge_seats_are_read_as_compass_letters_too():
    """Bridge shows seat 2 as 'seat 2 (S)': --declarer takes S (any case) as well as 2."""
    by_number = run("solve", BRIDGE_DEAL, "--declarer", "2", "--trump", "NT", "--json")
    by_letter = run("solve", BRIDGE_DEAL, "--declarer", "s", "--trump", "NT", "--json")
    assert by_number.exit_code == by_letter.exit_code == 0, by_letter.stderr
    number, letter = json.loads(by_number.stdout), json.loads(by_letter.stdout)
    assert letter["declaration"]["declarer"] == 2 and letter["position"] == number["position"]
    text = run("solve", BRIDGE_DEAL, "--declarer", "S", "--trump", "NT").stdout
    assert "declaration: seat 2 (S) declares 1NT; seat 0 (N) is dummy; seat 3 (W) leads" in text
    cell = run("analyse", BRIDGE_DEAL, "--declarer", "N", "--trump", "S", "--json")
    assert cell.exit_code == 0, cell.stderr
    assert [c["declarer"] for c in json.loads(cell.stdout)["cells"]] == [0]
    error_line(run("solve", BRIDGE_DEAL, "--declarer", "X", "--trump", "NT"),
                      "--declarer must be a seat 0..3 or N E S W, not 'X'")
    error_line(run("analyse", NAP3_DEAL, "-o", "players=3", "--declarer", "N"),
                      "--declarer must be a seat 0..2, not 'N'")      # letters: bridge only


def test_counts_of_one_are_singular():
    from cli.common import plural
    assert (plural(1, "card"), plural(0, "card"), plural(2, "card")) == \
        ("1 card", "0 cards", "2 cards")
    one_cell = run("analyse", NAP3_DEAL, "-o", "players=3", "--declarer", "1", "--trump", "lead",
                   "--jobs", "1")
    assert one_cell.exit_code == 0, one_cell.stderr
    assert "searched 1 declaration:" in one_cell.stdout and "(1 job)" in one_cell.stdout


def test_malformed_json_file(tmp_path):
    error_line(run("solve", "-p", write(tmp_path, '{"variant": "bridge",')), "malformed JSON")


def test_malformed_json_stdin():
    error_line(run("solve", "-p", "-", input="not json"), "malformed JSON", "standard input")


def test_position_not_an_object(tmp_path):
    error_line(run("solve", "-p", write(tmp_path, "[1, 2]")), "JSON object")


def test_unknown_variant_in_position(tmp_path):
    error_line(run("solve", "-p", write(tmp_path, {**BRIDGE_ENDING, "variant": "whist"})),
                      "unknown variant", "whist")


def test_unknown_option_in_position(tmp_path):
    pos = {**JAPANESE_ENDING, "options": {"no_such_rule": True}}
    error_line(run("solve", "-p", write(tmp_path, pos)), "no option", "no_such_rule")


def test_duplicated_card_in_position(tmp_path):
    hands = [h[:] for h in BRIDGE_ENDING["hands"]]
    hands[0][1] = "AD"  # West holds A♦ too
    error_line(run("solve", "-p", write(tmp_path, {**BRIDGE_ENDING, "hands": hands})),
                      "AD", "twice")


def test_wrong_hand_size_in_position(tmp_path):
    hands = [h[:] for h in BRIDGE_ENDING["hands"]]
    hands[3].append("QC")  # West holds 3 cards with 2 tricks to go
    error_line(run("solve", "-p", write(tmp_path, {**BRIDGE_ENDING, "hands": hands})),
                      "hand 3", "3 cards")


def test_missing_card_in_position(tmp_path):
    hands = [h[:] for h in BRIDGE_ENDING["hands"]]
    hands[0] = ["2S"]  # North lost K♦: one card short
    error_line(run("solve", "-p", write(tmp_path, {**BRIDGE_ENDING, "hands": hands})),
                      "hand 0", "1 cards")


def test_illegal_card_in_played(tmp_path):
    # Seat 2 held 5♣ but played K♠ on the K♣ lead: a revoke.
    pos = {**JAPANESE_ENDING, "played": ["KC", "KS"],
           "hands": [["AS", "5H", "TD"], ["QH", "AC"], ["5C", "3H"], ["9H", "QS", "KD"],
                     ["AD", "TS", "4C"]]}
    error_line(run("solve", "-p", write(tmp_path, pos)), "illegal card in 'played'", "KS")


def test_bad_card_text(tmp_path):
    hands = [h[:] for h in BRIDGE_ENDING["hands"]]
    hands[1] = ["1D"]
    error_line(run("solve", "-p", write(tmp_path, {**BRIDGE_ENDING, "hands": hands})), "1D")


def test_unknown_variant_option_on_the_command_line():
    error_line(run("deal", "--variant", "whist", "--seed", "1"), "unknown variant", "whist")
    error_line(run("rules", "whist"), "unknown variant")
    error_line(run("deal", "-v", "japanese", "-o", "colour=red"), "no option", "colour")
    error_line(run("deal", "-v", "japanese", "-o", "players=9"), "players", "9")
    error_line(run("rules", "japanese", "-o", "players"), "name=value")


def test_bad_count():
    error_line(run("deal", "-v", "japanese", "--seed", "1", "--count", "0"), "--count")


def test_position_and_example_together(tmp_path):
    error_line(run("solve", "--example", "-p", write(tmp_path, BRIDGE_ENDING)), "not both")


def test_unexpected_error_has_no_traceback_unless_debug(monkeypatch):
    def broken(pos):
        raise RuntimeError("boom")

    monkeypatch.setattr(solving.reference, "solve", broken)
    r = run("solve", "--example", "--engine", "reference")
    assert r.exit_code == 1
    assert r.stderr.startswith("error: internal error (RuntimeError: boom)")
    assert "Traceback" not in r.stderr
    r = run("--debug", "solve", "--example", "--engine", "reference")
    assert isinstance(r.exception, RuntimeError)


# ---- the installed console script --------------------------------------------------------------
@pytest.mark.skipif(shutil.which("napoleon") is None, reason="the package is not installed")
def test_console_script():
    done = subprocess.run(["napoleon", "solve", "--example", "--engine", "reference", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["value"] == 11
    bad = subprocess.run(["napoleon", "rules", "whist"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("error: unknown variant")


def run_main(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """``python -m cli.main ARGS`` from the project root: the entry point, not the app."""
    import os
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    full_env = dict(os.environ, PYTHONPATH=root, **(env or {}))
    return subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True,
                          text=True, timeout=120, cwd=root, env=full_env, encoding="utf-8",
                          errors="replace")


@pytest.mark.parametrize("args,fragment", [
    (["solve", "--bogus"], "No such option: --bogus"),
    (["solve", "--example", "--tt-mb", "abc"], "--tt-mb"),
    (["advise", "call", "AKQ.JT9.2.AK3"], "--trump"),
    (["advise", "play"], "Missing option"),
])
def test_command_line_mistakes_are_one_line_with_exit_code_2(args, fragment):
    done = run_main(*args)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and fragment in lines[0] and "--help" in lines[0]


def test_a_console_without_suit_symbols_gets_letters():
    done = run_main("solve", "--example", env={"PYTHONIOENCODING": "cp1252"})
    assert done.returncode == 0, done.stderr
    assert "trump H" in done.stdout and "\u2665" not in done.stdout


@needs_fast
def test_a_console_without_the_signs_gets_ascii():
    # '≤' (a bound of analyse's) was printed as '?' on a Windows code page.
    done = run_main("analyse", "japanese:5.82.4. .J.52.A Q8..Q8. K.6.9.J 3.K7.7. | 74...",
                    "--short-hands", "-o", "min_bid=2", "--declarer", "0", "--trump", "S",
                    env={"PYTHONIOENCODING": "cp1252"})
    assert done.returncode == 0, done.stderr
    assert "General 1    <=1 point" in done.stdout and "?" not in done.stdout
    from cli.common import _symbols_as_ascii
    text = "\u2264 \u2265 \u2026 \u2212 \u00d7 \u2660 Mis\u00e8re \u00bd"
    import codecs
    codecs.register_error("test-ascii", _symbols_as_ascii)
    assert text.encode("ascii", "test-ascii").decode() == "<= >= ... - x S Misere ?"


@needs_fast
def test_a_table_too_large_for_the_machine_is_a_user_error():
    for args in (("solve", "--example"), ("bench", "--deals", "1", "--cards", "2")):
        result = run(*args, "--tt-mb", str(1 << 20))
        error_line(result, "could not reserve a transposition table", "(--tt-mb)")
        assert "tt_mb" not in result.stderr
    # In Python the advice names the argument; the command line's wording is command_line.
    import solver
    from cli.solving import EXAMPLE_POSITION
    from napoleon_rules import NapoleonError, Position
    with pytest.raises(NapoleonError) as e:
        solver.solve(Position.from_json(EXAMPLE_POSITION), tt_mb=1 << 20)
    assert str(e.value).endswith("ask for a smaller one (tt_mb)")
    assert e.value.command_line.endswith("ask for a smaller one (--tt-mb)")


def test_json_too_deep_or_too_long_is_malformed(tmp_path):
    deep = '{"variant": "japanese", "hands": ' + "[" * 100_000 + "]" * 100_000 + "}"
    error_line(run("solve", "-p", write(tmp_path, deep)), "malformed JSON", "deeply")
    long = '{"variant": "japanese", "hands": [], "declarer": 0, "trick": ' + "9" * 5000 + "}"
    error_line(run("solve", "-p", write(tmp_path, long)), "malformed JSON", "digits")


@pytest.mark.parametrize("args,fragment", [
    (["--bid", "3.5"], "bad bid '3.5'"),
    (["--bid", "3X"], "not 'X'"),
    (["--bid", "\u00b2"], "bad bid"),
])
def test_bad_bid_text_is_a_user_error(args, fragment):
    deal = "nap:J4.J.K.Q K7.8.AJ. .Q4.5.A6 .T..T932 A.A9.8.K | QT986532.K76532.QT976432.J8754"
    error_line(run("solve", deal, "--declarer", "1", *args), fragment)


@needs_fast
def test_play_advice_with_every_sample_stopped_exits_3(tmp_path):
    r = run("advise", "play", "-p",
            write(tmp_path, json.dumps(solving.EXAMPLE_POSITION)), "--seat", "2",
            "--samples", "3", "--seed", "1", "--node-limit", "1", "--discards", "2S 3S")
    assert r.exit_code == 3 and "every sample" in r.stderr, (r.exit_code, r.stderr)


def test_endless_input_is_refused_not_read_forever():
    from cli.common import MAX_INPUT_CHARS
    error_line(run("solve", "-p", "-", input=" " * (MAX_INPUT_CHARS + 1)),
                      "standard input holds more than")


def test_a_byte_order_mark_before_a_deal_or_a_position_is_dropped(tmp_path):
    # A file saved by a Windows editor starts with a BOM: the deal read as the variant
    # '\ufeffjapanese', the position as JSON Python refused ("Unexpected UTF-8 BOM").
    deal = run("deal", "-v", "japanese", "--seed", "1").stdout.strip()
    position = json.dumps(solving.EXAMPLE_POSITION)
    deal_file, position_file = tmp_path / "deal.txt", tmp_path / "position.json"
    deal_file.write_bytes(b"\xef\xbb\xbf" + deal.encode() + b"\n")
    position_file.write_bytes(b"\xef\xbb\xbf" + position.encode())
    for args, input in [(["show", str(deal_file)], None),
                        (["show", "-"], b"\xef\xbb\xbf" + deal.encode()),
                        (["solve", "-p", str(position_file), "--engine", "reference"], None),
                        (["solve", "-p", "-", "--engine", "reference"],
                         b"\xef\xbb\xbf" + position.encode())]:
        r = run(*args, input=input)
        assert r.exit_code == 0, (args, r.stderr)
    assert run("show", str(deal_file)).stdout.splitlines()[0] == deal


def test_input_that_is_not_utf8_is_named_so_on_stdin_and_on_the_command_line(tmp_path):
    # A file said "is not UTF-8 text", but standard input and arguments gave the undecodable
    # byte as a character: "unknown rank '\udcff' in C".
    deal = run("deal", "-v", "japanese", "--seed", "1").stdout.strip()
    error_line(run("show", "-", input=deal.encode() + b"\xff"),
                      "standard input is not UTF-8 text")
    error_line(run("show", deal + "\udcff"), "is not UTF-8 text", "\\xff")
    error_line(run("solve", "--example", "--play", "K\udce2"),
                      "the argument 'K\\xe2' is not UTF-8 text")
    # as the shell passes them: bytes, through the entry point
    import os
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root, LC_ALL="C.UTF-8")
    for args, input in [([deal.encode() + b"\xff"], None), (["-"], deal.encode() + b"\xff")]:
        r = subprocess.run([sys.executable, "-m", "cli.main", "show", *args], input=input,
                           capture_output=True, timeout=120, cwd=root, env=env)
        err = r.stderr.decode("utf-8", "replace").strip()
        assert r.returncode == 2 and err.endswith("is not UTF-8 text") and "\n" not in err, err


def test_negative_seeds_and_huge_benches_are_refused():
    error_line(run("deal", "-v", "japanese", "--seed=-1"), "--seed must be 0 or more")
    error_line(run("advise", "bid", "AKQ.JT9.2.AK3", "--seed=-1"), "--seed must be 0")
    error_line(run("bench", "--deals", "100000000", "--cards", "1"), "--deals must be")


def test_readme_option_tables_are_the_rules_json():
    """README "Rule choices": each preset's option table is ``napoleon rules NAME --json``."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Rule choices", 1)[1].split("### Choices that have no option")[0]
    variants = json.loads(run("variants", "--json").stdout)
    for v in variants:
        name = v["name"]
        head = f"### `{name}` \u2014 "
        assert head in section, name
        block = section.split(head, 1)[1].split("\n### ", 1)[0]
        table = [line for line in block.splitlines() if line.startswith("| `")]
        opts = json.loads(run("rules", name, "--json").stdout)["options"]
        want = []
        for o in opts:
            default = json.dumps(o["default"]).strip('"')
            mark = " **(decision)**" if o["decision"] else ""
            values = str(o["values"]).replace(" | ", " or ")
            want.append(f"| `{o['name']}`{mark} | `{default}` | {values} | {o['doc']} |")
        assert table == want, name


@pytest.mark.parametrize("args,words", [
    (("bench", "--mode", "slow"), "'--mode': 'slow' is not one of"),
    (("bench", "-n", "0"), "it should be greater than or equal to 1"),
    (("advise", "bid", "AK.2.Q.A", "-v", "nap", "-n", "abc"), "it should be a valid integer"),
])
def test_the_option_parsers_messages_read_plainly(args, words):
    """Typer's validation says "Value error, ..." and "Input should be ...": reworded."""
    done = run_main(*args)
    assert done.returncode == 2, done.stderr
    assert words in done.stderr and "Value error" not in done.stderr \
        and "Input should" not in done.stderr, done.stderr


def test_one_progress_bar_for_every_command():
    """The advisor counts steps, the analysis reports (done, total), the benchmark wraps a
    loop: one bar takes all three, draws on a terminal only (or when told to), and ends
    its line with the final count."""
    import io

    from cli.progress import progress_bar

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    def last_line(stream) -> str:
        text = stream.getvalue()
        assert text.endswith("\n"), repr(text)
        return text[:-1].split("\r")[-1].rstrip()

    term = Terminal()
    with progress_bar(40, "solving", stream=term) as bar:
        bar.expect(4)                                  # the advisor's true count
        for _ in range(4):
            bar(1)
    assert re.fullmatch(r"solving \[#{30}\] 4/4 100%  \d+ s", last_line(term))

    term = Terminal()
    with progress_bar(0, "cells", stream=term) as bar:
        bar.at(1, 12)
        bar.at(3, 12)
    assert "\rcells [##" + "." * 28 + "] 1/12   8%  eta " in term.getvalue()
    assert re.fullmatch(r"cells \[#{7}\.{23}\] 3/12  25%  eta \d+ s", last_line(term))

    term = Terminal()
    with progress_bar(0, "deals", stream=term) as bar:
        assert list(bar.over(["a", "b", "c"])) == ["a", "b", "c"]
    assert re.fullmatch(r"deals \[#{30}\] 3/3 100%  \d+ s", last_line(term))

    pipe = io.StringIO()                               # not a terminal: nothing at all
    with progress_bar(5, "solving", stream=pipe) as bar:
        bar(5)
        bar.at(2, 3)
        assert list(bar.over([1, 2])) == [1, 2]
    assert pipe.getvalue() == ""
    told = io.StringIO()                               # --progress on a pipe: drawn
    with progress_bar(2, "cells", shown=True, stream=told) as bar:
        bar.at(2, 2)
    assert re.fullmatch(r"cells \[#{30}\] 2/2 100%  \d+ s", last_line(told))


def test_a_long_solve_shows_its_elapsed_time_on_a_terminal_only():
    import io
    import time as _time

    from cli.progress import elapsed_ticker

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    term, pipe = Terminal(), io.StringIO()
    with elapsed_ticker("solving", after=0.05, stream=term):
        _time.sleep(0.3)
    with elapsed_ticker("solving", after=0.05, stream=pipe):
        _time.sleep(0.2)
    shown = term.getvalue()
    assert "\rsolving... 0 s (Ctrl-C stops)" in shown
    assert shown.endswith("\r")                       # erased at the end
    assert pipe.getvalue() == ""                      # nothing on a pipe or a file
    quick = Terminal()
    with elapsed_ticker("solving", after=5, stream=quick):
        pass
    assert quick.getvalue() == ""                     # a quick solve shows nothing


@needs_fast
def test_counts_of_one_are_singular(tmp_path):
    # "seat 0, 1 samples", "engine: fast, 1 nodes", "1 deals (seed 1), 1 cards per hand".
    r = run("advise", "bid", "AK.2.Q.A", "-v", "nap", "-n", "1", "--seed", "3")
    assert r.exit_code == 0 and "English Nap: seat 0, 1 sample, seed 3" in r.stdout, r.stderr
    r = run("advise", "play", "-p", write(tmp_path, json.dumps(solving.EXAMPLE_POSITION)),
            "--seat", "2", "-n", "1", "--seed", "1", "--discards", "2S 3S")
    assert r.exit_code == 0 and "to play, 1 sample, seed 1" in r.stdout, r.stderr
    ending = dict(BRIDGE_ENDING, hands=[["2S"], [], ["AS"], ["4S"]], trick=12, played=["3S"])
    r = run("solve", "-p", write(tmp_path, json.dumps(ending), "ending.json"))
    assert r.exit_code == 0 and r.stdout.rstrip().endswith("engine: fast, 1 node"), r.stdout
    r = run("bench", "-v", "nap", "--deals", "1", "--cards", "1")
    assert r.exit_code == 0 and "nap, 1 deal (seed 1), 1 card per hand" in r.stdout, r.stderr
    r = run("analyse", "japanese:5.82.4. .J.52.A Q8..Q8. K.6.9.J 3.K7.7. | 74...",
            "--short-hands", "-o", "min_bid=2", "--declarer", "0", "--trump", "S")
    assert r.exit_code == 0 and "General 1    \u22641 point\n" in r.stdout, r.stderr
    error_line(run("advise", "bid", "A...", "-v", "nap"), "the hand holds 1 card; nap needs 5")


@pytest.mark.skipif(not fast_engine_built(), reason="the fast solver is not built")
def test_progress_flag_draws_or_hides_the_bar_of_every_long_command():
    """--progress draws the bar on a pipe (the test's stderr), --no-progress never; without
    either a pipe gets none. stdout is the same in all three."""
    commands = [["bench", "-v", "japanese", "--deals", "2", "--cards", "4", "--json"],
                ["advise", "call", "KJ74.J8.AKJ.Q", "--trump", "S", "--samples", "2", "--seed",
                 "1", "-j", "1", "--node-limit", "20000", "--json"],
                ["advise", "bid", "KJ74.J8.AKJ.Q", "--trump", "S", "--samples", "2", "--seed",
                 "1", "-j", "1", "--node-limit", "20000", "--json"]]
    for args in commands:
        shown, hidden, default = (run(*args, *flag) for flag in
                                  (["--progress"], ["--no-progress"], []))
        assert shown.exit_code == hidden.exit_code == default.exit_code == 0, shown.stderr
        assert "100%" in shown.stderr, args
        assert hidden.stderr == default.stderr == ""
        # (bench's times differ run to run: compare its deals' values only)
        outs = [json.loads(r.stdout) for r in (shown, hidden, default)]
        if args[0] == "bench":
            outs = [o["solver"]["values"] for o in outs]
        assert outs[0] == outs[1] == outs[2]
