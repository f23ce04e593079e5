# cython: language_level=3
"""The search built for The Mighty's default rules (``_search_mighty.pyx``): what
``_search.run`` calls."""

include "_build_entry.pxi"
