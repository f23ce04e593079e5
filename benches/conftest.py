"""Benchmarks: run them explicitly, e.g. ``pytest benches/bench_dds_compare.py`` (the test
suite's ``testpaths`` is ``tests/``, so plain ``pytest`` never runs them).

``benches`` is not an installed package: put the project root on ``sys.path`` so
``benches.dds``, ``cli`` and ``napoleon_rules`` import from a plain checkout too.
"""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[1])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
