"""Japanese Napoleon (``japanese``) and the stakes version of seed 002 (``japanese-stakes``)."""

from __future__ import annotations

from typing import Sequence

from ..cards import ACE, JACK, QUEEN, TWO, Suit, card_suit, make_card
from ..errors import IllegalPlayError
from ..game import Choices, Contract, holder, take_blind
from ..moves import Bid
from ..position import Position
from ..variant import PLAYERS_OPTION, Option, Variant, plain_winner, register

MIGHTY = make_card(Suit.SPADES, ACE)
YOROMEKI = make_card(Suit.HEARTS, QUEEN)
BID_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


@register
class Japanese(Variant):
    name = "japanese"
    title = "Japanese Napoleon"
    summary = "5 players, 10 cards, 2-card blind; bid 11..20 points with a suit; secret General"
    partner_name = "General"
    OPTIONS = (
        PLAYERS_OPTION,
        Option("yoromeki", True, "Q\u2665 wins a trick in which the Mighty (A\u2660) is played "
               "(from trick 2)", decision=True),
        Option("same_two", True, "a trick whose cards are all of one suit is won by that suit's 2, "
               "unless the Mighty or a trump Jack is in it (from trick 2)", decision=True),
        Option("first_trick_plain", True, "trick 1: trumps and special cards have no power; the "
               "highest card of the suit led wins"),
        Option("min_bid", 11, "lowest bid", minimum=1, maximum=20),
        Option("all_pass_same_dealer", False, "when all pass, the same dealer deals again "
               "(otherwise the next dealer)"),
        Option("alone_doubles", True, "a Napoleon playing alone wins or loses double",
               decision=True),
    )

    # ---- special cards ------------------------------------------------------------------------
    def _roles(self, trump) -> dict[str, int]:
        if not isinstance(trump, Suit):
            return {"mighty": MIGHTY}
        r = {"mighty": MIGHTY, "right_jack": make_card(trump, JACK),
             "left_jack": make_card(trump.partner_suit, JACK)}
        if self.opt("yoromeki"):
            r["yoromeki"] = YOROMEKI
        return r

    def _trick_winner(self, cards: Sequence[int], *, trump, trick: int, joker_suit=None,
                      joker_called: bool = False) -> int:
        led = card_suit(cards[0])
        if trick == 0 and self.opt("first_trick_plain"):
            return plain_winner(cards, None, led)
        # RULES.md: the special cases (Yoromeki, Same-two) apply from the second trick only,
        # also when first_trick_plain is switched off.
        if self.opt("yoromeki") and trick > 0 and MIGHTY in cards and YOROMEKI in cards:
            return cards.index(YOROMEKI)
        roles = self._roles(trump)
        for role in ("mighty", "right_jack", "left_jack"):
            card = roles.get(role)
            if card is not None and card in cards:
                return cards.index(card)
        if self.opt("same_two") and trick > 0 and all(card_suit(c) == led for c in cards):
            two = make_card(led, TWO)
            if two in cards:
                return cards.index(two)
        return plain_winner(cards, trump if isinstance(trump, Suit) else None, led)

    # ---- auction -------------------------------------------------------------------------------
    def all_bids(self, round: int = 1) -> list[Bid]:
        return [Bid(n, s) for n in range(self.opt("min_bid"), 21)
                for s in sorted(Suit, key=BID_SUIT_ORDER.get)]

    def normalise_bid(self, bid: Bid) -> Bid:
        if not isinstance(bid.trump, Suit) or bid.name:
            raise IllegalPlayError(f"a {self.name} bid is a number and a suit, like '13S', not {bid}")
        return bid

    def bid_key(self, bid: Bid) -> tuple:
        return (bid.level, BID_SUIT_ORDER[bid.trump])

    def on_all_pass(self, round: int, dealer: int) -> tuple[str, int]:
        if self.opt("all_pass_same_dealer"):
            return ("redeal", dealer)
        return ("redeal", (dealer + 1) % self.players)

    # ---- declaration ---------------------------------------------------------------------------
    def _declare(self, deal, declarer: int, bid: Bid, choices: Choices):
        """Napoleon names a card (its holder is the General; in the blind or Napoleon's own
        hand: alone), then takes the blind and discards as many cards."""
        if choices.call is None:
            raise IllegalPlayError(f"{self.name}: Napoleon must name a card to call the General")
        self.check_called_card(choices.call)
        if choices.trump is not None and choices.trump != bid.trump:
            raise IllegalPlayError(f"{self.name}: the trump is the bid's suit")
        seat = holder(deal.hands, choices.call)
        partner = None if seat is None or seat == declarer else seat
        hands, discards = take_blind(self, deal, declarer, choices.discard)
        contract = Contract(declarer, bid, bid.trump, partner, choices.call, discards,
                            alone=partner is None)
        pos = Position(self, bid.trump, declarer, partner, hands, leader=declarer)
        return contract, pos

    # ---- scoring -------------------------------------------------------------------------------
    def outcome(self, bid: int, taken: int) -> tuple[int, int, int]:
        """(Napoleon, General, each opponent) for a hand with a partner."""
        if bid == 20:
            return (4, 2, -2) if taken == 20 else (-4, -2, 2)
        if taken >= bid and taken < 20:
            return (2, 1, -1)
        return (-2, -1, 1)   # failed, or all 20 without bidding 20 (Siberian rule)

    def score(self, contract: Contract, taken: int) -> list:
        s, g, o = self.outcome(contract.bid.level, taken)
        k = 2 if contract.alone and self.opt("alone_doubles") else 1
        out = []
        for seat in range(self.players):
            if seat == contract.declarer:
                out.append(s * k)
            elif seat == contract.partner:
                out.append(g * k)
            else:
                out.append(o * k)
        return out


@register
class JapaneseStakes(Japanese):
    name = "japanese-stakes"
    title = "Japanese Napoleon with stakes"
    summary = "as japanese; no Yoromeki, all pass = same dealer, Same-two 2 ranks 4th, stakes settlement"
    OPTIONS = (
        PLAYERS_OPTION,
        Option("yoromeki", False, "Q\u2665 wins a trick in which the Mighty (A\u2660) is played"),
        Option("same_two", True, "a trick all of one suit: its 2 ranks fourth, below the Mighty "
               "and the two trump Jacks (from trick 2)"),
        Option("first_trick_plain", True, "trick 1: trumps and special cards have no power"),
        Option("min_bid", 11, "lowest bid", minimum=1, maximum=20),
        Option("all_pass_same_dealer", True, "when all pass, the same dealer deals again"),
        Option("alone_collects_partner_share", False, "a Napoleon alone also collects (or pays) "
               "the teammate's 1 per opponent"),
        # RULES.md section 2 is "as japanese, except" a stakes settlement that says nothing
        # of playing alone: japanese's alone doubling may be read as carried over (this
        # option) or as replaced with the rest of its table (the default).
        Option("alone_doubles", False, "a Napoleon alone collects (or pays) double: japanese's "
               "alone rule read as carried over to the stakes"),
    )

    def score(self, contract: Contract, taken: int) -> list:
        bid = contract.bid.level
        made = taken >= bid and (taken < 20 or bid == 20)
        k = (2 if bid == 20 else 1) * (1 if made else -1)
        side = {contract.declarer} | ({contract.partner} if contract.partner is not None else set())
        opponents = self.players - len(side)
        nap_rate = 2 + (1 if contract.partner is None and self.opt("alone_collects_partner_share") else 0)
        if contract.partner is None and self.opt("alone_doubles"):
            nap_rate *= 2
        out = []
        for seat in range(self.players):
            if seat == contract.declarer:
                out.append(k * nap_rate * opponents)
            elif seat == contract.partner:
                out.append(k * 1 * opponents)
            else:
                out.append(-k * (nap_rate + (1 if contract.partner is not None else 0)))
        return out
