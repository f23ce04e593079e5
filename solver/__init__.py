"""napoleon-solver's fast double-dummy solver (Cython). See ``solver/_search.pyx`` for how
the search works and ``solver/api.py`` for the API."""

from .api import Mode, SearchLimitError, SolveResult, Table, bounds, reaches, solve

__all__ = ["solve", "reaches", "bounds", "Mode", "Table", "SolveResult", "SearchLimitError"]
