"""Contract bridge play (``bridge``): only to check the solver against DDS."""

from __future__ import annotations

from ..cards import NT, Suit
from ..errors import IllegalPlayError
from ..game import Choices, Contract
from ..moves import Bid
from ..position import Position
from ..variant import Variant, register


@register
class Bridge(Variant):
    name = "bridge"
    title = "Bridge, card play only"
    summary = "4 players, 13 cards, N-S against E-W; tricks; a suit or NT; for checking the solver"
    unit = "tricks"
    trumps = (*Suit, NT)
    fixed_partnership = True
    declarer_name = "the declarer"
    OPTIONS = ()

    @property
    def players(self) -> int:
        return 4

    @property
    def hand_size(self) -> int:
        return 13

    @property
    def blind_size(self) -> int:
        return 0

    def first_leader(self, declarer: int) -> int:
        return (declarer + 1) % 4

    def _check_bid(self, bid: Bid) -> None:
        # No auction here (``all_bids``): a contract is a level 1..7 (the trump may come with
        # the choices instead)
        if bid.name or not 1 <= bid.level <= 7:
            raise IllegalPlayError(f"a bridge contract is a level 1..7 with a suit or NT, "
                                   f"not {bid}")

    def _declare(self, deal, declarer: int, bid: Bid, choices: Choices):
        """No auction here: the contract (level and trump) is given; the partner sits opposite
        and the declarer's left-hand opponent leads."""
        trump = bid.trump if choices.trump is None else choices.trump
        if trump not in self.trumps:
            raise IllegalPlayError("bridge: the contract needs a trump suit or NT")
        partner = (declarer + 2) % 4
        contract = Contract(declarer, Bid(bid.level, trump), trump, partner, None, 0, alone=False)
        return contract, Position(self, trump, declarer, partner, deal.hands,
                                  leader=self.first_leader(declarer))

    def score(self, contract: Contract, taken: int) -> list:
        """Not duplicate scoring: tricks over (+) or under (-) the contract, for each side."""
        diff = taken - (contract.bid.level + 6)
        return [diff if s % 2 == contract.declarer % 2 else -diff for s in range(4)]
