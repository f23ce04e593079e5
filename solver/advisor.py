"""The hand advisor: bids, the card to call, discards and plays, by perfect-information Monte
Carlo (as GIB does for bridge). The unseen cards are dealt many times consistently with what
the player knows (:mod:`solver.sampling`), each deal is solved double dummy, and the results
become estimates with 95% confidence intervals.

All samples are drawn up front from one seeded generator, and each sample's search uses a
cleared table, so the same seed gives the same advice whatever ``jobs`` is, as long as no
sample hits its time limit (a node limit is deterministic). A sample stopped by its limit is
never given a made-up value: its proved bounds answer the questions they settle, and it is
counted as *undecided* for the others.

This module is the advisor's public face; each kind of advice lives in its own module and is
imported from here: bid advice in :mod:`solver.advice_bid`, call and discard advice in
:mod:`solver.advice_choice`, play advice in :mod:`solver.advice_play`. What they share (the
argument checks, ``Plan``, ``declare``, scoring a sample against bids) is in
:mod:`solver.advice_plan`; estimates, the per-sample search, threads and the fast declaration
policy are in :mod:`solver.advice_core`.
"""

# The private helpers among these (_plans, _bid_stats, _settle, _held_back) are imported
# from here by scripts/calibrate_advisor.py and the tests.
from .advice_bid import BidAdvice, _plans, advise_bid, auction_state
from .advice_choice import ChoiceAdvice, advise_call, advise_discard
from .advice_core import AdviceError
from .advice_plan import Plan, _bid_stats, _held_back, _settle, declare
from .advice_play import PlayAdvice, advise_play, play_knowledge

__all__ = ["advise_bid", "advise_call", "advise_discard", "advise_play", "AdviceError"]
