# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The search (``_ab.pxi``) built for the rules of The Mighty with its default options,
as ``_search_japanese.pyx`` is for Japanese Napoleon's: setup.py compiles it with
NAPOLEON_SPEC_MIGHTY, and ``_spec.h`` gives the values that become constants."""

include "_ab.pxi"
