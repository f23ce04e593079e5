# cython: language_level=3
"""The search built for Japoleon's default rules (``_search_japoleon.pyx``): what
``_search.run`` calls."""

from solver._rules cimport Rules, State
from solver._search_defs cimport Search

cdef bint rules_fit(const Rules* r) noexcept nogil
cdef int search_core(Search* S, const State* s, int want, int target, int* lo, int* hi,
                     int* reached, int* moves, int* values, int* n_moves, int* first,
                     int* line, int* n_line) noexcept nogil
