# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The search (``_ab.pxi``) built for the rules of Japanese Napoleon with its default
options: setup.py compiles this module with NAPOLEON_SPEC_JAPANESE, so the rules' fields
that ``_spec.h`` lists (the seats, the tricks, the point cards, the partition kind, the
Joker's and the other presets' rules, which Japanese does not use) are constants, and gcc
folds every branch on them away and unrolls the loops over the five seats. ``_search.run``
asks ``rules_fit`` and hands this module only the solves whose rules have those values;
the answers are the plain build's, node for node (tests/test_spec.py)."""

include "_ab.pxi"
