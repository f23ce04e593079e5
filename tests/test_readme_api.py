"""The README's "Python API" example runs as written (so the documentation cannot drift from
the API it shows)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_api_example_runs():
    text = README.read_text(encoding="utf-8")
    section = text.split("## Python API", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.S)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md (Python API)", "exec"), {"__name__": "readme_example"})
    printed = out.getvalue()
    assert "True False" in printed          # reaches(value), not reaches(value + 1)
    assert "seat 0 (declarer)" in printed    # the position in card text
