"""The command-line runner the CLI tests share: ``napoleon`` run in process, its stderr kept
apart from its stdout (each test checks that errors go to stderr alone)."""

from __future__ import annotations

from typer.testing import CliRunner

from cli.main import app

try:  # click < 8.2 mixes stderr into stdout unless told not to
    runner = CliRunner(mix_stderr=False)
except TypeError:  # newer Click keeps stderr apart already
    runner = CliRunner()

#: A console wide enough that help and tables are not wrapped mid-phrase.
WIDE = {"COLUMNS": "120", "TERMINAL_WIDTH": "120"}


def run(*args: str, **kwargs):
    """``napoleon ARGS...``; ``kwargs`` go to ``CliRunner.invoke`` (``input``, ``env``)."""
    return runner.invoke(app, list(args), **kwargs)


def error_line(result, *fragments: str) -> str:
    """The one line a refused command prints: exit code 2, one line on stderr starting
    ``error:`` and naming each of ``fragments``, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for f in fragments:
        assert f in lines[0], (f, lines[0])
    assert "Traceback" not in result.stderr + result.stdout
    return lines[0]
