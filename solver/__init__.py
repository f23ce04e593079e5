"""napoleon-solver's fast double-dummy solver (Cython). See ``solver/README.md`` and
``solver/_ab.pxi`` for how the search works and ``solver/api.py`` for the API."""

import importlib

from .api import Mode, SearchLimitError, SolveResult, Table, bounds, reaches, solve

__all__ = ["solve", "reaches", "bounds", "Mode", "Table", "SolveResult", "SearchLimitError"]

#: The modules built on the solver, loaded when first used (``solver.analyse.analyse(deal)``
#: after ``import solver``), so that ``import solver`` stays as quick as the solver alone.
_SUBMODULES = ("analyse", "advisor", "advice_core", "advice_plan", "advice_bid", "advice_choice",
               "advice_play", "sampling", "declarations", "par")


def __getattr__(name: str):
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
