"""The auction, driven by the variant's bidding hooks.

Every preset here makes a pass final. Two shapes: the usual one (bid until all others have
passed, or until nobody can bid higher), and Nap's one bid each.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import AuctionError
from .moves import Bid, parse_bid
from .variant import Variant, get_variant


@dataclass(frozen=True)
class AuctionResult:
    """How an auction ended: ``declarer`` and ``bid``, or a redeal by ``dealer``."""

    declarer: int | None
    bid: Bid | None
    redeal_by: int | None = None
    round: int = 1

    @property
    def redeal(self) -> bool:
        return self.declarer is None


@dataclass
class Auction:
    """An auction in progress: ``variant`` a Variant (or a preset's name), ``dealer`` a seat,
    ``first`` the first to speak (None: the variant's rule). ``call`` makes each call."""

    variant: Variant
    dealer: int
    first: int | None = None
    calls: list = field(default_factory=list)       # (seat, Bid or None) in order
    round: int = 1
    result: AuctionResult | None = None

    def __post_init__(self) -> None:
        self.variant = get_variant(self.variant)     # a name as well as a Variant
        n = self.variant.players
        for what in ("dealer", "first"):
            seat = getattr(self, what)
            if seat is not None or what == "dealer":
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                    raise AuctionError(f"the {what} must be a seat 0..{n - 1}, not {seat!r}")
        if self.first is None:
            self.first = self.variant.first_bidder(self.dealer)
        self._start_round()

    def _start_round(self) -> None:
        self.passed: set[int] = set()
        self.spoken = 0
        self.high: Bid | None = None
        self.high_seat: int | None = None
        self.to_act: int = self.first  # type: ignore[assignment]

    @property
    def over(self) -> bool:
        return self.result is not None

    def legal_bids(self) -> list[Bid]:
        """The bids (passes aside) the player to act may make."""
        if self.over:
            return []
        return [b for b in self.variant.all_bids(self.round)
                if self.variant.bid_allowed_after(b, self.high)]

    def call(self, bid: Bid | str | None) -> None:
        """Make the next call: a Bid, bid text (``"15S"``, ``"pass"``) or None for a pass."""
        if self.over:
            raise AuctionError("the auction is over")
        if isinstance(bid, str):
            bid = parse_bid(bid)
        elif bid is not None and not isinstance(bid, Bid):
            raise AuctionError(f"a call is a Bid, bid text ('15S', 'pass') or None for a pass, "
                               f"not {bid!r}")
        v = self.variant
        seat = self.to_act
        if bid is not None:
            bid = v.normalise_bid(bid)
            if bid not in v.all_bids(self.round):
                raise AuctionError(f"{bid} is not a bid of {v.name}"
                                   + (" in this round" if self.round > 1 else ""))
            if not v.bid_allowed_after(bid, self.high):
                raise AuctionError(f"{bid} does not beat {self.high}")
        self.calls.append((seat, bid))
        self.spoken += 1
        if bid is None:
            self.passed.add(seat)
        else:
            self.high, self.high_seat = bid, seat
        self._advance()

    def _advance(self) -> None:
        v = self.variant
        n = v.players
        if v.one_bid_each:
            if self.spoken == n:
                self._finish()
            else:
                self.to_act = (self.to_act + 1) % n
            return
        if self.high is not None:
            others_passed = len(self.passed) == n - 1 and self.high_seat not in self.passed
            nothing_higher = not any(v.bid_allowed_after(b, self.high) for b in v.all_bids(self.round))
            if others_passed or nothing_higher:
                self._finish()
                return
        elif len(self.passed) == n:
            self._finish()
            return
        nxt = (self.to_act + 1) % n
        while nxt in self.passed:
            nxt = (nxt + 1) % n
        self.to_act = nxt

    def _finish(self) -> None:
        if self.high is not None:
            self.result = AuctionResult(self.high_seat, self.high, round=self.round)
            return
        what, arg = self.variant.on_all_pass(self.round, self.dealer)
        if what == "round":
            self.round = arg
            self._start_round()
        else:
            self.result = AuctionResult(None, None, redeal_by=arg, round=self.round)


def run_auction(variant: Variant, dealer: int, calls, first: int | None = None) -> Auction:
    """Run an auction from a list of calls (Bids, bid text, None for pass)."""
    a = Auction(variant, dealer, first)
    for c in calls:
        a.call(c)
    return a
