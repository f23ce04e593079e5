"""What the help and the report lines tell a user: flags shown without a value type, the same
short option for "how many" in every command, and a bench report that does not contradict
itself when a limit stops some deals."""

from __future__ import annotations

import re

import pytest

from cli import bench as bench_cli
from cli.main import app
from cli_runner import WIDE, runner


def run(*args: str):
    return runner.invoke(app, list(args), env=WIDE)


@pytest.mark.parametrize("command", [[], ["advise"], ["variants"], ["solve"], ["analyse"],
                                     ["bench"], ["deal"], ["advise", "bid"], ["advise", "play"]])
def test_flags_show_no_value_type(command):
    """Typer prints ``<bool>`` beside a flag, which reads as if it took a value (``--json
    true`` is then an error): flags show none, options with a value keep theirs."""
    r = run(*command, "--help")
    assert r.exit_code == 0, r.stdout
    for line in r.stdout.splitlines():
        if re.search(r"--(json|help|version|debug|example|vs-dds)\b", line):
            assert "<bool>" not in line, line
    assert "<bool>" not in r.stdout


def test_options_with_values_keep_their_type():
    r = run("bench", "--help")
    assert re.search(r"--seed\s+<int>", r.stdout), r.stdout


def test_bench_takes_n_for_its_count_like_deal_and_advise():
    r = run("bench", "-v", "nap", "-n", "2", "--cards", "3", "--json")
    assert r.exit_code == 0, r.stderr
    assert '"deals": 2' in r.stdout


def test_bench_slowest_deal_is_one_the_times_count():
    """A stopped deal is left out of the times, so the report's slowest deal is among the
    solved ones (it used to name the stopped one, slower than the max it had just printed)."""
    result = {"variant": "bridge", "deals": 3, "seed": 1, "cards": 9, "mode": "cards",
              "solver": {"median_s": 0.001, "mean_s": 0.001, "max_s": 0.002, "nodes": 10,
                         "nodes_per_s": 1e4, "stopped": 1, "values": [3, None, 2],
                         "deal_seconds": [0.001, 0.050, 0.002], "deal_nodes": [4, 90, 6]}}
    text = bench_cli.report_text(result)
    assert "slowest: deal 2 (2.00 ms" in text, text
    assert "deal 1" not in text


def test_titles_read_as_names():
    """A title is printed as "TITLE (name)": no internal note (the seed a preset came from)
    and no brackets of its own."""
    from napoleon_rules import get_variant, variant_names
    for name in variant_names():
        title = get_variant(name).title
        assert "seed" not in title and "(" not in title, (name, title)


def test_jobs_default_to_every_core():
    """The advice and the analysis do not depend on the thread count, so by default they
    use every core the process may run on."""
    import typer.main

    from cli import common
    from cli.main import app as napoleon
    cores = common.default_jobs()
    assert 1 <= cores <= 256
    group = typer.main.get_command(napoleon)
    commands = [group.commands["analyse"]] + [
        group.commands["advise"].commands[name] for name in ("bid", "call", "discard", "play")]
    for command in commands:
        (jobs,) = [p for p in command.params if p.name == "jobs"]
        assert jobs.default == cores, command.name


def test_a_finished_hand_is_solved_and_shown_as_finished(tmp_path):
    path = tmp_path / "over.json"
    path.write_text('{"variant": "nap", "options": {"players": 3}, "trump": "S", "declarer": 0, '
                    '"leader": 0, "trick": 5, "hands": [[], [], []], "played": []}')
    r = run("solve", "-p", str(path))
    assert r.exit_code == 0, r.stderr
    assert "all 5 tricks played" in r.stdout and "trick 6" not in r.stdout
