# cython: language_level=3
"""The search built for Japanese Napoleon's default rules (``_search_japanese.pyx``): what
``_search.run`` calls."""

include "_build_entry.pxi"
