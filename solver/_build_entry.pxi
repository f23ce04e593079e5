# What ``_search.run`` calls in each specialised build of the search (``_spec.h``): every
# build's .pxd includes this file, since each Cython module needs a .pxd of its own.

from solver._rules cimport Rules, State
from solver._search_defs cimport Search

cdef bint rules_fit(const Rules* r) noexcept nogil
cdef int search_core(Search* S, const State* s, int want, int target, int* lo, int* hi,
                     int* reached, int* moves, int* values, int* n_moves, int* first,
                     int* line, int* n_line) noexcept nogil
