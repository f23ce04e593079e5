"""``scripts/bench_tests.py``: the tests it lists are the value driver's, from the top,
each passing exactly when its target is at most the solve's value; the script runs and
names bad options."""

import importlib.util
import subprocess
import sys
from pathlib import Path

from cli.bench import bench_positions
from napoleon_rules import get_variant
from solver.advice_core import max_value

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "bench_tests.py"


def _script():
    spec = importlib.util.spec_from_file_location("bench_tests", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_test_passes_exactly_up_to_the_value():
    deal_tests = _script().deal_tests
    for name in ("secretary", "japanese-stakes"):
        for position in bench_positions(get_variant(name), 2, 3, 6):
            value, nodes, tests = deal_tests(position)
            assert nodes > 0 and tests
            targets = [t for t, _, _ in tests]
            assert targets == sorted(set(targets), reverse=True)
            assert targets[0] <= max_value(position)
            for target, passed, spent in tests:
                assert passed == (target <= value) and spent >= 0
            # the driver stops once the bounds meet: the last test decides the value
            last, passed, _ = tests[-1]
            assert last == (value if passed else value + 1)


def test_runs_and_names_bad_options():
    done = subprocess.run([sys.executable, str(SCRIPT), "--variant", "secretary", "--deals",
                           "3"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines()[1:] if not line.startswith("(")]
    assert len(rows) == 3 and sum(line.startswith("M") for line in rows) == 1
    done = subprocess.run([sys.executable, str(SCRIPT), "--variant", "nope"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "unknown variant 'nope'" in done.stderr
    done = subprocess.run([sys.executable, str(SCRIPT), "--deals", "0"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "--deals" in done.stderr
