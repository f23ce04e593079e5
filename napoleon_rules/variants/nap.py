"""Napoleon / Nap (``nap``), seed 004: five cards, one bid each, the first lead sets trump."""

from __future__ import annotations

from fractions import Fraction

from ..cards import NT, card_name, card_suit, count, short_deck, trump_name
from ..errors import IllegalPlayError, OptionError, PositionError
from ..game import Choices, Contract
from ..moves import Bid
from ..position import Position
from ..variant import Option, Variant, register

# Order keys: Misère ranks between three and four (and, at seven-card Nap, between Nap and six).
FIVE_CARD_ORDER = {"2": 2, "3": 3, "misere": 3.5, "4": 4, "nap": 5, "wellington": 6, "blucher": 7}
SEVEN_CARD_ORDER = {"3": 3, "4": 4, "nap": 5, "misere": 5.5, "6": 6, "7": 7}
SEVEN_CARD_STAKES = {"3": 3, "4": 4, "nap": 10, "misere": 10, "6": 18, "7": 24}
FIVE_CARD_STAKES = {"2": (2, 2), "3": (3, 3), "4": (4, 4), "misere": (3, 3), "nap": (10, 5),
                    "wellington": (10, 10), "blucher": (10, 20)}   # (win, loss)


def bid_word(bid: Bid) -> str:
    return bid.name if bid.name else str(bid.level)


@register
class Nap(Variant):
    name = "nap"
    title = "English Nap"
    summary = "2..6 players, 5 cards each; bid 3, 4, misere, nap; the first lead names trump"
    unit = "tricks"
    trump_from_first_lead = True
    always_alone = True
    declarer_name = "the bidder"
    OPTIONS = (
        Option("players", 5, "number of players", minimum=2, maximum=6),
        Option("pack", 52, "cards in the pack: 52, or a short pack of 28..40 (top ranks)",
               choices=(28, 32, 36, 40, 52)),
        Option("seven_card", False, "seven-card Nap: 7 cards each, bids 3..7 (Nap = 5), Misère "
               "after Nap, no Wellington or Blücher; failed bids pay half"),
        Option("two", False, "allow the bid of two"),
        Option("misere", True, "allow Misère (lose every trick, no trump)"),
        Option("wellington", False, "allow Wellington (5, only after a Nap)"),
        Option("blucher", False, "allow Blücher (5, only after a Wellington)"),
    )

    def _check_options(self) -> None:
        if self.hand_size * self.players > count(self.deck):
            raise OptionError(f"nap: {self.players} hands of {self.hand_size} need more than the "
                              f"{self.opt('pack')}-card pack")
        if self.opt("seven_card") and (self.opt("wellington") or self.opt("blucher") or self.opt("two")):
            raise OptionError("nap: seven-card Nap has no two, Wellington or Blücher")
        if self.opt("blucher") and not self.opt("wellington"):
            raise OptionError("nap: Blücher needs Wellington")

    @property
    def hand_size(self) -> int:
        return 7 if self.opt("seven_card") else 5

    @property
    def blind_size(self) -> int:
        return count(self.deck) - self.hand_size * self.players

    @property
    def deck(self) -> int:
        return short_deck(self.opt("pack"))

    def check_position(self, pos) -> None:
        if pos.misere and pos.trump not in (NT, None):
            raise PositionError("nap: Misère is played without trump (trump must be NT or null)")
        if pos.partner is not None:
            raise PositionError(f"nap: the bidder plays alone ('partner' must be null, not "
                                f"{pos.partner})")
        if not pos.misere and pos.trick == 0:
            # The first card led names trump: before it none is fixed, after it the
            # trump is that card's suit.
            if not pos.played and pos.trump is not None:
                raise PositionError("nap: the first lead names trump, so before it 'trump' "
                                    f"must be null, not {trump_name(pos.trump)}")
            if pos.played and pos.trump != card_suit(pos.played[0]):
                raise PositionError(f"nap: the first lead {card_name(pos.played[0])} named "
                                    f"trump {trump_name(card_suit(pos.played[0]))}, not "
                                    f"{trump_name(pos.trump)}")

    # ---- auction -------------------------------------------------------------------------------
    one_bid_each = True

    def _order(self) -> dict:
        words = dict(SEVEN_CARD_ORDER if self.opt("seven_card") else FIVE_CARD_ORDER)
        for opt, word in (("two", "2"), ("misere", "misere"), ("wellington", "wellington"),
                          ("blucher", "blucher")):
            if not self.options.get(opt, True) and word in words:
                del words[word]
        return words

    def all_bids(self, round: int = 1) -> list[Bid]:
        out = []
        for word, _ in sorted(self._order().items(), key=lambda kv: kv[1]):
            out.append(Bid(0, None, word) if not word.isdigit() else Bid(int(word)))
        return out

    def normalise_bid(self, bid: Bid) -> Bid:
        if bid.trump is not None:
            raise IllegalPlayError("a nap bid names no suit: the first lead sets trump")
        if bid.name is None and bid.level == 5:
            return Bid(0, None, "nap")
        return bid

    def bid_key(self, bid: Bid) -> tuple:
        return (self._order()[bid_word(bid)],)

    def bid_allowed_after(self, bid: Bid, high: Bid | None) -> bool:
        if bid.name == "wellington" and (high is None or high.name != "nap"):
            return False
        if bid.name == "blucher" and (high is None or high.name != "wellington"):
            return False
        return super().bid_allowed_after(bid, high)

    def tricks_bid(self, bid: Bid) -> int:
        if bid.name in ("nap", "wellington", "blucher"):
            return 5
        if bid.name == "misere":
            return 0
        return bid.level

    # ---- declaration ---------------------------------------------------------------------------
    def _declare(self, deal, declarer: int, bid: Bid, choices: Choices):
        """The bidder plays alone and leads; the suit led first is trump (Misère: none)."""
        misere = bid.name == "misere"
        trump = NT if misere else None
        contract = Contract(declarer, bid, trump, None, None, 0, alone=True)
        pos = Position(self, trump, declarer, None, deal.hands, leader=declarer,
                       contract="misere" if misere else None)
        return contract, pos

    # ---- scoring -------------------------------------------------------------------------------
    def score(self, contract: Contract, taken: int) -> list:
        bid = contract.bid
        word = bid_word(bid)
        made = taken == 0 if word == "misere" else taken >= self.tricks_bid(bid)
        if self.opt("seven_card"):
            stake = SEVEN_CARD_STAKES[word]
            amount = Fraction(stake) if made else -Fraction(stake, 2)
        else:
            win, loss = FIVE_CARD_STAKES[word]
            amount = Fraction(win if made else -loss)
        n_opp = self.players - 1
        out = [-amount] * self.players
        out[contract.declarer] = amount * n_opp
        return [int(a) if a.denominator == 1 else float(a) for a in out]
