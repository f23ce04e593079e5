"""Japoleon (``japoleon``), seed 001: key suit, mighty, major and minor Jacks, killer, Joker."""

from __future__ import annotations

from typing import Sequence

from ..cards import ACE, FOUR, JACK, JOKER, TWO, Suit, card_suit, make_card, suit_mask
from ..errors import IllegalPlayError
from ..game import Choices, Contract, holder, take_blind
from ..moves import Bid, Move
from ..position import Position
from ..variant import PLAYERS_OPTION, Option, Variant, plain_winner, register


def japoleon_roles(key: Suit) -> dict[str, int]:
    return {
        "killer": make_card(Suit.DIAMONDS if key == Suit.SPADES else Suit.CLUBS, FOUR),
        "mighty": make_card(Suit.HEARTS if key == Suit.SPADES else Suit.SPADES, ACE),
        "major_jack": make_card(key, JACK),
        "minor_jack": make_card(key.partner_suit, JACK),
        "joker": JOKER,
    }


@register
class Japoleon(Variant):
    name = "japoleon"
    title = "Japoleon"
    summary = "5 players, 53 cards, 3 open cards; bid 13..20 with a key suit; killer, mighty, Jacks, Joker"
    partner_name = "Aid"
    has_joker = True
    OPTIONS = (
        PLAYERS_OPTION,
        Option("min_bid", 13, "lowest bid of the first round", minimum=1, maximum=20),
        Option("second_round_min_bid", 14, "lowest bid once the open cards are shown after all "
               "passed", minimum=1, maximum=20),
        Option("minor_jack_free", True, "the minor J may be played even when able to follow suit",
               decision=True),
        Option("joker_any_time", False, "the Joker may be played even when able to follow suit "
               "(otherwise only on lead or when void in the suit led)"),
        Option("key_lead_when_only_key", True, "trick 1 may open with a key-suit card when the "
               "hand holds only key-suit cards and the Joker", decision=True),
        Option("open_aid_alone", True, "an Aid card among the open cards makes Napoleon play "
               "alone (off: such a card may not be appointed)", decision=True),
        Option("joker_names_suit", True, "leading the Joker names the suit the others must "
               "follow (off: the second card played sets the suit to follow)", decision=True),
        Option("scoring", "software", "settlement: 'software' (Napoleon +4, Aid +2, alone +6; "
               "Allies +2 each when they win) or 'traditional' (1 unit per point bid; a bid of 20 "
               "collects 10, pays 5)", choices=("software", "traditional")),
    )

    def _roles(self, trump) -> dict[str, int]:
        return japoleon_roles(trump) if isinstance(trump, Suit) else {"joker": JOKER}

    # ---- play ----------------------------------------------------------------------------------
    def lead_mask(self, pos) -> int:
        hand = pos.hands[pos.to_move]
        if pos.trick != 0:
            return hand
        key = suit_mask(pos.trump)
        allowed = hand & ~key & ~(1 << JOKER)
        if allowed:
            return allowed
        if self.opt("key_lead_when_only_key") and hand & key:
            return hand & key
        return hand

    def led_joker_names_suit(self) -> bool:
        return self.opt("joker_names_suit")

    def lead_moves(self, pos, card: int) -> list[Move]:
        if card == JOKER and self.opt("joker_names_suit"):
            return [Move(JOKER, s) for s in Suit]
        return [Move(card)]

    def suit_to_follow(self, played: Sequence[int], joker_suit) -> Suit | None:
        # Option off, a led Joker names nothing: the second card's suit is then followed.
        if played and played[0] == JOKER and joker_suit is None and len(played) > 1:
            return card_suit(played[1])
        return super().suit_to_follow(played, joker_suit)

    def free_mask(self, pos, seat: int) -> int:
        m = 0
        if self.opt("minor_jack_free"):
            m |= 1 << japoleon_roles(pos.trump)["minor_jack"]
        if self.opt("joker_any_time"):
            m |= 1 << JOKER
        return m

    def _trick_winner(self, cards: Sequence[int], *, trump, trick: int, joker_suit=None,
                      joker_called: bool = False) -> int:
        r = japoleon_roles(trump)
        if r["mighty"] in cards and r["killer"] in cards:
            return cards.index(r["killer"])
        for role in ("mighty", "major_jack", "minor_jack"):
            if r[role] in cards:
                return cards.index(r[role])
        if cards[0] == JOKER:
            return 0
        led = card_suit(cards[0])
        if trick > 0 and all(card_suit(c) == led for c in cards):
            two = make_card(led, TWO)
            if two in cards:
                return cards.index(two)
        return plain_winner(cards, trump, led)

    # ---- auction -------------------------------------------------------------------------------
    def all_bids(self, round: int = 1) -> list[Bid]:
        low = self.opt("min_bid") if round == 1 else self.opt("second_round_min_bid")
        return [Bid(n, s) for n in range(low, 21) for s in Suit]

    def normalise_bid(self, bid: Bid) -> Bid:
        if not isinstance(bid.trump, Suit) or bid.name:
            raise IllegalPlayError(f"a japoleon bid is a number and a key suit, like '14D', not {bid}")
        return bid

    def on_all_pass(self, round: int, dealer: int) -> tuple[str, int]:
        # First time: the open cards are shown and bidding restarts higher. Second time: the
        # next dealer deals again (not in the seed; our choice).
        return ("round", 2) if round == 1 else ("redeal", (dealer + 1) % self.players)

    # ---- declaration ---------------------------------------------------------------------------
    def _declare(self, deal, declarer: int, bid: Bid, choices: Choices):
        """Take the open cards, put away three, then appoint the aid card. Alone when the aid
        card is in Napoleon's own hand as dealt, or was among the open cards."""
        if choices.call is None:
            raise IllegalPlayError("japoleon: Napoleon must appoint an aid card")
        self.check_called_card(choices.call, "aid card")
        if not self.opt("open_aid_alone") and deal.rest >> choices.call & 1:
            raise IllegalPlayError("japoleon: the aid card may not be one of the open cards "
                                   "(option open_aid_alone is off)")
        if choices.trump is not None and choices.trump != bid.trump:
            raise IllegalPlayError("japoleon: the key suit is the bid's suit")
        hands, discards = take_blind(self, deal, declarer, choices.discard)
        seat = holder(hands, choices.call)
        partner = None if seat is None or seat == declarer else seat
        contract = Contract(declarer, bid, bid.trump, partner, choices.call, discards,
                            alone=partner is None)
        return contract, Position(self, bid.trump, declarer, partner, hands, leader=declarer)

    # ---- scoring -------------------------------------------------------------------------------
    def score(self, contract: Contract, taken: int) -> list:
        bid = contract.bid.level
        won = taken >= bid
        side = {contract.declarer} | ({contract.partner} if contract.partner is not None else set())
        allies = [s for s in range(self.players) if s not in side]
        out = [0] * self.players
        if self.opt("scoring") == "software":
            if won:
                out[contract.declarer] = 6 if contract.partner is None else 4
                if contract.partner is not None:
                    out[contract.partner] = 2
            else:
                for s in allies:
                    out[s] = 2
            return out
        # Traditional: every member of each side settles with every member of the other at
        # the rate of the bid (a bid of 20: 10 when made, 5 when failed).
        rate = (10 if won else 5) if bid == 20 else bid
        sign = 1 if won else -1
        for s in side:
            out[s] = sign * rate * len(allies)
        for s in allies:
            out[s] = -sign * rate * len(side)
        return out
