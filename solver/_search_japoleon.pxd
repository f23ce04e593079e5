# cython: language_level=3
"""The search built for Japoleon's default rules (``_search_japoleon.pyx``): what
``_search.run`` calls."""

include "_build_entry.pxi"
