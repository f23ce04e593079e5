"""Napoleon with a Secretary (``secretary``), seed 003: tricks, a coup card, one reveal."""

from __future__ import annotations

from ..cards import NT, Suit, card_name, suit_mask
from ..errors import IllegalPlayError, PositionError
from ..game import Choices, Contract, holder, take_blind
from ..moves import Bid, Move
from ..position import Position
from ..variant import Option, Variant, register


@register
class Secretary(Variant):
    name = "secretary"
    title = "Napoleon with a Secretary"
    summary = "5 players, 10 cards, 2-card warchest; bid tricks 1..10; coup card, one reveal"
    partner_name = "Secretary"
    has_coup_card = True
    unit = "tricks"
    trumps = (*Suit, NT)
    OPTIONS = (
        Option("reveal", True, "Napoleon's one 'Secretary, reveal yourself': the Secretary may "
               "once play the coup card without following suit"),
        Option("min_bid", 1, "lowest bid", minimum=1, maximum=10),
    )

    # ---- play ----------------------------------------------------------------------------------
    def _reveal_open(self, pos, seat: int) -> bool:
        return (self.opt("reveal") and pos.coup_card is not None and not pos.reveal_used
                and seat == pos.partner)

    def free_mask(self, pos, seat: int) -> int:
        return (1 << pos.coup_card) if self._reveal_open(pos, seat) else 0

    def state_after(self, pos, seat: int, move: Move) -> dict:
        if pos.played and move.card == pos.coup_card and self._reveal_open(pos, seat):
            suit = self.suit_to_follow(pos.played, pos.joker_suit)
            if move.card // 13 != suit and pos.hands[seat] & suit_mask(suit):
                return {"reveal_used": True}   # the exemption was needed: the reveal is spent
        return {}

    def check_position(self, pos) -> None:
        if pos.reveal_used and pos.trick == 0 and not pos.played:
            raise PositionError("state 'reveal_used': the reveal is called in a trick, and no "
                                "card has been played yet")
        coup = pos.coup_card
        if coup is None:
            return
        if not self.deck >> coup & 1:
            raise PositionError(f"the coup card {card_name(coup)} is not in the {self.name} deck")
        # Whoever holds the coup card, or played it to the current trick, is the Secretary;
        # a coup card out of sight lies in the warchest or fell in an earlier trick.
        owner = pos.owner_of(coup)
        if owner is None:
            if pos.trick == 0 and pos.partner is not None:
                # not held and not yet played: it lies among the returned cards
                raise PositionError(f"the coup card {card_name(coup)} is in no hand before any "
                                    "trick is complete, so it was returned with the warchest "
                                    f"and Napoleon plays alone ('partner' null, not {pos.partner})")
            return
        if owner == pos.declarer:
            raise PositionError(f"the coup card {card_name(coup)} is Napoleon's own (seat "
                                f"{owner}): Napoleon names a card he does not hold")
        if owner != pos.partner:
            raise PositionError(f"the coup card {card_name(coup)} is held by seat {owner}, so "
                                f"seat {owner} is the partner, not "
                                + ("nobody (null)" if pos.partner is None else f"seat {pos.partner}"))

    # ---- auction -------------------------------------------------------------------------------
    def all_bids(self, round: int = 1) -> list[Bid]:
        return [Bid(n) for n in range(self.opt("min_bid"), self.tricks + 1)]

    def normalise_bid(self, bid: Bid) -> Bid:
        if bid.trump is not None or bid.name:
            raise IllegalPlayError(f"a secretary bid is a number of tricks with no suit, not {bid}")
        return bid

    def on_all_pass(self, round: int, dealer: int) -> tuple[str, int]:
        return ("redeal", (dealer + 1) % self.players)   # not in the seed: our choice

    # ---- declaration ---------------------------------------------------------------------------
    def _declare(self, deal, declarer: int, bid: Bid, choices: Choices):
        """Take the warchest, return two, declare trump or No Trump, name the coup card (not
        in Napoleon's hand; in the warchest: alone)."""
        hands, returned = take_blind(self, deal, declarer, choices.discard)
        if choices.trump not in self.trumps:
            raise IllegalPlayError("secretary: declare a trump suit (S H D C) or NT")
        if choices.call is None:
            raise IllegalPlayError("secretary: name a coup card")
        self.check_called_card(choices.call, "coup card")
        if hands[declarer] >> choices.call & 1:
            raise IllegalPlayError(f"the coup card must not be in Napoleon's hand ({card_name(choices.call)} is)")
        seat = holder(hands, choices.call)
        contract = Contract(declarer, bid, choices.trump, seat, choices.call, returned,
                            alone=seat is None)
        return contract, Position(self, choices.trump, declarer, seat, hands, leader=declarer,
                                  coup_card=choices.call)

    # ---- scoring -------------------------------------------------------------------------------
    def score(self, contract: Contract, taken: int) -> list:
        won = taken >= contract.bid.level
        side = {contract.declarer, contract.partner}
        return [(2 if s in side else 0) if won else (0 if s in side else 1)
                for s in range(self.players)]
