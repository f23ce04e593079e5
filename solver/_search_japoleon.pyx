# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The search (``_ab.pxi``) built for the rules of Japoleon with its default options, as
``_search_japanese.pyx`` is for Japanese Napoleon's: setup.py compiles it with
NAPOLEON_SPEC_JAPOLEON, and ``_spec.h`` gives the values that become constants (the Joker
wins only when led, and names the suit to follow; no plain first trick; the killer pair
from the first trick on). The options that only change the per-trump tables (a free minor
Jack, the Joker at any time, the trick-1 lead of the key suit) fit it too."""

include "_ab.pxi"
