"""``scripts/count_instructions.py``: the nodes it reports are the solver's own on that set,
the instruction count is there, and a malformed set is named."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import solver
from cli.bench import bench_positions
from napoleon_rules import get_variant

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "count_instructions.py"


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_counts_the_solvers_nodes_and_its_instructions():
    done = subprocess.run([sys.executable, str(SCRIPT), "japanese:4:3:value"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    positions = bench_positions(get_variant("japanese"), 3, 1, 4)
    nodes = sum(solver.solve(p, mode=solver.Mode.VALUE).stats["nodes"] for p in positions)
    words = done.stdout.split()
    assert words[0] == "japanese:4:3:value:" and int(words[1].replace(",", "")) == nodes
    assert words[3].replace(",", "").isdigit() and int(words[3].replace(",", "")) > nodes


def test_a_malformed_set_is_named():
    done = subprocess.run([sys.executable, str(SCRIPT), "japanese:four"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0 and "'japanese:four'" in done.stderr
