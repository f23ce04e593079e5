"""The Mighty (``mighty``), the Korean game of seed 000's second part."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ..cards import ACE, JOKER, NT, THREE, Suit, card_suit, make_card, suit_mask
from ..errors import IllegalPlayError
from ..game import Choices, Contract, holder, play_out, take_blind
from ..moves import Bid, Move
from ..position import Position
from ..variant import PLAYERS_OPTION, Option, Variant, plain_winner, register

FRIEND_KINDS = ("card", "none", "first-trick")


def mighty_card(trump) -> int:
    return make_card(Suit.DIAMONDS if trump == Suit.SPADES else Suit.SPADES, ACE)


def ripper_card(trump) -> int:
    return make_card(Suit.SPADES if trump == Suit.CLUBS else Suit.CLUBS, THREE)


@register
class Mighty(Variant):
    name = "mighty"
    title = "The Mighty"
    summary = "5 players, 53 cards, 3-card kitty; bid 13..20 with a suit or NT; Mighty, Joker, Ripper"
    partner_name = "friend"
    declarer_name = "the declarer"
    has_joker = True
    trumps = (*Suit, NT)
    discard_points_to = "declarer"
    OPTIONS = (
        PLAYERS_OPTION,
        Option("min_bid", 13, "lowest bid", minimum=1, maximum=20),
        Option("joker_any_time", True, "the Joker may be played even when able to follow suit",
               decision=True),
        Option("mighty_any_time", True, "the Mighty may be played even when able to follow suit",
               decision=True),
        Option("joker_powerless_first_last", True, "the Joker has no power on the first and the "
               "last trick", decision=True),
        Option("led_joker_wins_unfollowed", True, "a powerless Joker that was led still wins a "
               "trick in which nobody played the named suit or a trump (off: the first card after it "
               "stands in for the lead; a led Joker is powerless only on the first and last "
               "trick, so only with joker_powerless_first_last)", decision=True),
        Option("trump_change", True, "after the discard the declarer may change trump, raising "
               "the bid by 2 (by 1 to or from No Trump)", decision=True),
        Option("first_trick_friend", True, "the declarer may name the winner of trick 1 as friend",
               decision=True),
    )

    def _roles(self, trump) -> dict[str, int]:
        return {"mighty": mighty_card(trump), "joker": JOKER, "ripper": ripper_card(trump)}

    # ---- play ----------------------------------------------------------------------------------
    def lead_mask(self, pos) -> int:
        hand = pos.hands[pos.to_move]
        if pos.trick != 0:
            return hand
        banned = (1 << JOKER) | (1 << ripper_card(pos.trump))
        trumps = suit_mask(pos.trump) if isinstance(pos.trump, Suit) else 0
        allowed = hand & ~banned & ~trumps
        if allowed:
            return allowed
        allowed = hand & ~banned
        return allowed or hand   # a hand of only the Joker and the Ripper: nothing else to lead

    def lead_moves(self, pos, card: int) -> list[Move]:
        if card == JOKER:
            return [Move(JOKER, s) for s in Suit]
        if card == ripper_card(pos.trump) and pos.trick > 0:
            joker_out = any(h >> JOKER & 1 for s, h in enumerate(pos.hands) if s != pos.to_move)
            if joker_out:
                return [Move(card), Move(card, call_joker=True)]
        return [Move(card)]

    def free_mask(self, pos, seat: int) -> int:
        m = 0
        if self.opt("joker_any_time"):
            m |= 1 << JOKER
        if self.opt("mighty_any_time"):
            m |= 1 << mighty_card(pos.trump)
        return m

    def forced_mask(self, pos, seat: int) -> int:
        if pos.joker_called and pos.hands[seat] >> JOKER & 1:
            return (1 << JOKER) | (1 << mighty_card(pos.trump))
        return 0

    def joker_has_power(self, trick: int, joker_called: bool) -> bool:
        if joker_called:
            return False
        if self.opt("joker_powerless_first_last") and trick in (0, self.tricks - 1):
            return False
        return True

    def _trick_winner(self, cards: Sequence[int], *, trump, trick: int, joker_suit=None,
                      joker_called: bool = False) -> int:
        mighty = mighty_card(trump)
        if mighty in cards:
            return cards.index(mighty)
        if JOKER in cards and self.joker_has_power(trick, joker_called):
            return cards.index(JOKER)
        trump_suit = trump if isinstance(trump, Suit) else None
        led = self.suit_to_follow(cards, joker_suit)
        if cards[0] == JOKER and len(cards) > 1 and \
                not any(card_suit(c) in (led, trump_suit) for c in cards[1:]):
            if self.opt("led_joker_wins_unfollowed"):
                return 0
            # Option off, the powerless Joker loses to every card (decision): the first card
            # after it stands in for the lead, so the highest card of its suit wins.
            return plain_winner(cards, trump_suit, card_suit(cards[1]))
        return plain_winner(cards, trump_suit, led)

    # ---- auction -------------------------------------------------------------------------------
    def all_bids(self, round: int = 1) -> list[Bid]:
        out = []
        for n in range(self.opt("min_bid"), 21):
            out.extend(Bid(n, s) for s in Suit)
            out.append(Bid(n, NT))
        return out

    def normalise_bid(self, bid: Bid) -> Bid:
        if bid.trump is None or bid.name:
            raise IllegalPlayError(f"a mighty bid is a number with a suit or NT, like '14H', not {bid}")
        return bid

    def bid_key(self, bid: Bid) -> tuple:
        return (bid.level, 1 if bid.trump == NT else 0)

    def first_bidder(self, dealer: int) -> int:
        return dealer   # first hand of a game: the dealer opens (later: the last declarer)

    def on_all_pass(self, round: int, dealer: int) -> tuple[str, int]:
        return ("round", 2) if round == 1 else ("redeal", dealer)

    # ---- declaration ---------------------------------------------------------------------------
    def final_bid(self, bid: Bid, trump) -> Bid:
        """The bid after a change of trump (raised by 2, or by 1 to or from No Trump)."""
        if trump is None or trump == bid.trump:
            return bid
        if not self.opt("trump_change"):
            raise IllegalPlayError("this mighty game does not allow changing trump (option trump_change)")
        raise_by = 1 if NT in (trump, bid.trump) else 2
        level = bid.level + raise_by
        if level > 20:
            raise IllegalPlayError(f"changing trump raises the bid to {level}, above 20")
        return Bid(level, trump)

    def _declare(self, deal, declarer: int, bid: Bid, choices: Choices):
        """Take the kitty, discard, perhaps change trump, then name the friend. A first-trick
        friend is whoever wins trick 1, unknown until then: the position has no partner yet
        (``play_contract`` fixes the sides after trick 1), so it is no position for the
        double-dummy solver, which needs the two sides from the first card (``analyse``
        leaves that friend out)."""
        hands, discards = take_blind(self, deal, declarer, choices.discard)
        final = self.final_bid(bid, choices.trump)
        friend = choices.friend
        if friend not in FRIEND_KINDS:
            raise IllegalPlayError(f"friend must be one of {', '.join(FRIEND_KINDS)}, not {friend!r}")
        if friend == "first-trick" and not self.opt("first_trick_friend"):
            raise IllegalPlayError("this mighty game has no first-trick friend (option first_trick_friend)")
        partner = None
        if friend == "card":
            if choices.call is None:
                raise IllegalPlayError("name a card for the friend, or choose 'none' or 'first-trick'")
            self.check_called_card(choices.call)
            seat = holder(hands, choices.call)
            partner = None if seat is None or seat == declarer else seat
        contract = Contract(declarer, final, final.trump, partner,
                            choices.call if friend == "card" else None, discards,
                            alone=partner is None and friend != "first-trick", friend=friend)
        pos = Position(self, final.trump, declarer, partner, hands, leader=declarer)
        return contract, pos

    def play_contract(self, contract, pos, policy, rng, record):
        if contract.friend != "first-trick":
            return super().play_contract(contract, pos, policy, rng, record)
        # Trick 1 decides the friend: play it with sides unknown, then fix them.
        leader, cards = pos.leader, []
        done = None
        while done is None:
            move = policy(pos, rng)
            cards.append(move.card)
            pos, done = pos.play_trick(move)
        winner, value = done
        partner = None if winner == contract.declarer else winner
        contract = replace(contract, partner=partner, alone=partner is None)
        pos = replace(pos, partner=partner)
        if record is not None:
            record.append((leader, cards, winner, value))
        taken, final = play_out(pos, policy, rng, record)
        return taken + value, final, contract

    # ---- scoring -------------------------------------------------------------------------------
    def score(self, contract: Contract, taken: int) -> list:
        bid = contract.bid.level
        made = taken >= bid
        s = (taken - 12) if made else -(bid - 12)
        if taken == 20:
            s *= 2                      # run
        if 20 - taken >= 11:
            s *= 2                      # back run
        out = []
        for seat in range(self.players):
            if seat == contract.declarer:
                out.append(3 * s if contract.partner is None else 2 * s)
            elif seat == contract.partner:
                out.append(s)
            else:
                out.append(-s)
        return out
