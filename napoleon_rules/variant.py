"""The variant base class: rules as class flags, options and hook methods.

A preset (``japanese``, ``mighty`` ...) is a subclass; an instance is that preset with
its options resolved. Presets are found by name with :func:`get_variant`.

The play hooks work on :class:`napoleon_rules.position.Position`; the trick winner is a
pure function of the trick's cards and its context so tests can build tricks by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any, ClassVar, Sequence

from .cards import (FULL_DECK, FULL_DECK_WITH_JOKER, JOKER, NT, Suit, as_trump, card_name,
                    card_rank, card_suit, cards_of, points_of, suit_mask)
from .errors import DealError, IllegalPlayError, OptionError, UnknownVariantError
from .moves import Bid, Move, parse_bid


@dataclass(frozen=True)
class Option:
    """One option of a variant. ``decision`` marks a choice RULES.md settles as a decision."""

    name: str
    default: Any
    doc: str
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None
    decision: bool = False

    def check(self, value: Any) -> Any:
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1"):
                value = True
            elif isinstance(value, str) and value.lower() in ("false", "no", "off", "0"):
                value = False
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r} takes true or false, not {value!r}")
        elif kind is int:
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise OptionError(f"option {self.name!r} takes a whole number, not {value!r}") from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r} takes a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum or \
                    self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name!r} must be between {self.minimum} and "
                                  f"{self.maximum}, not {value}")
        elif kind is str:
            if not isinstance(value, str):
                raise OptionError(f"option {self.name!r} takes text, not {value!r}")
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {self.name!r} must be one of "
                              f"{', '.join(map(str, self.choices))}, not {value!r}")
        return value


#: Deal sizes of the Japanese family by player count (52 cards; a Joker adds one to the blind).
PLAYER_TABLE = {3: (16, 4), 4: (12, 4), 5: (10, 2), 6: (8, 4), 7: (7, 3)}

PLAYERS_OPTION = Option("players", 5, "number of players (3..7); cards per hand and blind size "
                        "follow RULES.md section 7", minimum=3, maximum=7, decision=True)


def _variant_of(cls: type, options: dict) -> "Variant":
    """A pickled variant read back (``Variant.__reduce__``)."""
    return cls(**options)


class Variant:
    """Base class of every preset. Subclasses override class flags and hooks."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    # Class flags.
    unit: ClassVar[str] = "points"          #: what the declarer's side counts: "points" or "tricks"
    has_joker: ClassVar[bool] = False
    trumps: ClassVar[tuple] = tuple(Suit)   #: trumps the declarer may choose (Suit members, NT)
    discard_points_to: ClassVar[str] = "opponents"  #: who scores point cards discarded: opponents/declarer
    partner_name: ClassVar[str] = "partner"
    #: What the rules call the declarer, as a sentence names him: "Napoleon", "the declarer".
    declarer_name: ClassVar[str] = "Napoleon"
    fixed_partnership: ClassVar[bool] = False  #: bridge: the partner is the seat opposite
    always_alone: ClassVar[bool] = False   #: Nap: the bidder never has a partner
    trump_from_first_lead: ClassVar[bool] = False  #: Nap: the suit of the first lead is trump
    has_coup_card: ClassVar[bool] = False  #: Secretary: a coup card and one reveal

    def __init__(self, **options: Any) -> None:
        known = {o.name: o for o in self.OPTIONS}
        values = {}
        for key, value in options.items():
            if key not in known:
                raise OptionError(f"variant {self.name!r} has no option {key!r}"
                                  + (f" (options: {', '.join(known)})" if known else " (it takes no options)"))
            values[key] = known[key].check(value)
        for o in self.OPTIONS:
            values.setdefault(o.name, o.default)
        self.options = MappingProxyType(values)
        self._check_options()

    def _check_options(self) -> None:
        """Hook: cross-checks between options."""

    def opt(self, name: str) -> Any:
        return self.options[name]

    def changed_options(self) -> dict[str, Any]:
        """The options set to something else than the preset's default."""
        return {o.name: self.options[o.name] for o in self.OPTIONS
                if self.options[o.name] != o.default}

    def __repr__(self) -> str:
        # What makes it again with only the package's exports (the preset classes are not
        # among them): get_variant('nap', {'players': 3}).
        changed = self.changed_options()
        return f"get_variant({self.name!r}{f', {changed!r}' if changed else ''})"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and dict(self.options) == dict(other.options)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(self.options.items()))))

    def __reduce__(self):
        # ``options`` is a read-only view, which pickle and deepcopy cannot copy: a variant
        # is rebuilt from its class and option values (positions and deals sent to worker
        # processes carry one).
        return (_variant_of, (type(self), dict(self.options)))

    # ---- deck and deal -------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.options.get("players", 5)

    @property
    def hand_size(self) -> int:
        return PLAYER_TABLE[self.players][0]

    def hands_error(self, hands: int) -> DealError:
        """The error for a deal of ``hands`` hands, naming the option that allows that many
        as Python writes it, and as the command line does (``command_line``)."""
        text = f"{self.name} needs {self.players} hands, the deal has {hands}"
        error = DealError(text)
        for o in self.OPTIONS:
            if o.name == "players" and (o.minimum or 0) <= hands <= (o.maximum or hands):
                error = DealError(f"{text} (a {hands}-player game takes the option players="
                                  f"{hands}: get_variant({self.name!r}, {{'players': {hands}}}))")
                error.command_line = f"{text} (a {hands}-player game: add -o players={hands})"
        return error

    @property
    def blind_size(self) -> int:
        return PLAYER_TABLE[self.players][1] + (1 if self.has_joker else 0)

    @property
    def deck(self) -> int:
        """The mask of the cards in play."""
        return FULL_DECK_WITH_JOKER if self.has_joker else FULL_DECK

    @property
    def tricks(self) -> int:
        return self.hand_size

    # ---- sides ----------------------------------------------------------------------------
    def first_leader(self, declarer: int) -> int:
        """Who leads to the first trick."""
        return declarer

    def check_position(self, pos) -> None:
        """Hook: variant-specific checks of a position read from JSON (raise PositionError)."""

    # ---- special cards --------------------------------------------------------------------
    def roles(self, trump: Suit | str | None) -> dict[str, int]:
        """The special cards under ``trump`` (a Suit, NT or None; text such as ``"H"`` is
        read): role name -> card (for display and the solver)."""
        if trump.__class__ is not Suit:
            trump = as_trump(trump)
        return self._roles(trump)

    def _roles(self, trump: Suit | str | None) -> dict[str, int]:
        """Hook of ``roles``: ``trump`` already a Suit, NT or None."""
        return {}

    # ---- play -----------------------------------------------------------------------------
    def trick_value(self, cards: Sequence[int]) -> int:
        """What a trick is worth to its winner."""
        if self.unit == "tricks":
            return 1
        mask = 0
        for c in cards:
            mask |= 1 << c
        return points_of(mask)

    def suit_to_follow(self, played: Sequence[int], joker_suit: Suit | None) -> Suit | None:
        """The suit the other players must follow: the led card's suit, or the suit named
        for a led Joker."""
        if not played:
            return None
        if played[0] == JOKER:
            return joker_suit
        return card_suit(played[0])

    def led_joker_names_suit(self) -> bool:
        """Whether leading the Joker comes with a named suit for the others to follow."""
        return self.has_joker

    def lead_mask(self, pos) -> int:
        """Cards the player on lead may lead."""
        return pos.hands[pos.to_move]

    def lead_moves(self, pos, card: int) -> list[Move]:
        """The moves that lead ``card`` (one per choice that goes with it)."""
        return [Move(card)]

    def free_mask(self, pos, seat: int) -> int:
        """Cards ``seat`` may play even when able to follow suit."""
        return 0

    def forced_mask(self, pos, seat: int) -> int:
        """When not 0: the only cards ``seat`` may play (a Joker call)."""
        return 0

    def follow_mask(self, pos) -> int:
        seat = pos.to_move
        hand = pos.hands[seat]
        forced = self.forced_mask(pos, seat) & hand
        if forced:
            return forced
        suit = self.suit_to_follow(pos.played, pos.joker_suit)
        follow = hand & suit_mask(suit) if suit is not None else 0
        if follow:
            return follow | (hand & self.free_mask(pos, seat))
        return hand

    def legal_moves(self, pos) -> list[Move]:
        """Every legal move of the player to move, cards in ascending number."""
        if pos.is_over:
            return []
        if not pos.played:
            allowed = self.lead_mask(pos)
            moves: list[Move] = []
            for c in cards_of(allowed):
                moves.extend(self.lead_moves(pos, c))
            return moves
        return [Move(c) for c in cards_of(self.follow_mask(pos))]

    def state_after(self, pos, seat: int, move: Move) -> dict:
        """Hook: variant state changes caused by ``move`` (besides the generic ones)."""
        return {}

    def trick_winner(self, cards: Sequence[int], *, trump: Suit | str | None, trick: int,
                     joker_suit: Suit | None = None, joker_called: bool = False) -> int:
        """Index (0 = the leader) of the card that wins the trick ``cards``.

        ``trump`` is a Suit, NT or None (text such as ``"H"`` is read: see ``as_trump``);
        ``trick`` is the trick's number from 0."""
        if trump.__class__ is not Suit:     # the cheap test first: a Suit nearly always
            trump = as_trump(trump)
        return self._trick_winner(cards, trump=trump, trick=trick, joker_suit=joker_suit,
                                  joker_called=joker_called)

    def _trick_winner(self, cards: Sequence[int], *, trump: Suit | str | None, trick: int,
                      joker_suit: Suit | None = None, joker_called: bool = False) -> int:
        """Hook of ``trick_winner`` (``trump`` already a Suit, NT or None). The base rule: the
        highest trump, else the highest card of the suit led."""
        return plain_winner(cards, None if trump == NT else trump,
                            self.suit_to_follow(cards, joker_suit))

    # ---- auction (see auction.py) ----------------------------------------------------------
    one_bid_each: ClassVar[bool] = False  #: Nap: every player speaks exactly once

    def first_bidder(self, dealer: int) -> int:
        return (dealer + 1) % self.players

    def all_bids(self, round: int = 1) -> list[Bid]:
        """Every bid of the variant in ascending order (for the given bidding round)."""
        raise IllegalPlayError(f"{self.name} has no auction here: give the contract directly")

    def normalise_bid(self, bid: Bid) -> Bid:
        """The variant's canonical form of a parsed bid (Nap: '5' is 'nap')."""
        return bid

    def bid_key(self, bid: Bid) -> tuple:
        """Order of bids: a bid may follow another only if its key is greater."""
        return (bid.level,)

    def bid_allowed_after(self, bid: Bid, high: Bid | None) -> bool:
        """Whether ``bid`` may be made when ``high`` is the highest bid so far."""
        return high is None or self.bid_key(bid) > self.bid_key(high)

    def on_all_pass(self, round: int, dealer: int) -> tuple[str, int]:
        """What happens when everyone passes in bidding round ``round``:
        ``("redeal", new dealer)`` or ``("round", round + 1)``."""
        return ("redeal", (dealer + 1) % self.players)

    # ---- declaration and scoring (see game.py) ----------------------------------------------
    def declare(self, deal, declarer: int, bid: Bid | str, choices):
        """Turn the auction's result and the declarer's choices into ``(Contract, starting
        Position)``: ``deal`` a Deal of this variant, ``declarer`` a seat, ``bid`` a Bid or bid
        text (``"15S"``), ``choices`` a ``game.Choices``. The arguments are checked here
        (raise a ``NapoleonError``); each variant implements ``_declare``."""
        from .deal import Deal
        from .game import Choices
        if not isinstance(deal, Deal):
            raise DealError(f"expected a Deal (parse_deal, random_deal), not {deal!r}")
        dv = deal.variant
        if not isinstance(dv, Variant) or dv.name != self.name or dv.players != self.players \
                or dv.deck != self.deck or len(deal.hands) != self.players:
            raise DealError(f"the deal is for {dv!r}, not {self!r}: deal it for this variant")
        if isinstance(declarer, bool) or not isinstance(declarer, int) or \
                not 0 <= declarer < self.players:
            raise IllegalPlayError(f"the declarer must be a seat 0..{self.players - 1}, "
                                   f"not {declarer!r}")
        if isinstance(bid, str):
            parsed = parse_bid(bid)
            if parsed is None:
                raise IllegalPlayError("a pass declares nothing: give the winning bid")
            bid = self.normalise_bid(parsed)     # as the auction reads it ('5' is Nap's 'nap')
        if not isinstance(bid, Bid):
            raise IllegalPlayError(f"the bid is a Bid or bid text ('15S', 'nap'), not {bid!r}")
        self._check_bid(bid)
        if not isinstance(choices, Choices):
            raise IllegalPlayError(f"the declarer's choices are a napoleon_rules.Choices, "
                                   f"not {choices!r}")
        return self._declare(deal, declarer, bid, choices)

    def _check_bid(self, bid: Bid) -> None:
        """A declared bid must be one the auction allows (its options on), else the scoring
        would meet a bid it does not know."""
        known, low, high = self._known_bids
        if str(bid) not in known:
            raise IllegalPlayError(f"{bid} is not a bid of {self.name}"
                                   + (" with these options" if self.changed_options() else "")
                                   + f" (from {low} to {high})")

    @cached_property
    def _known_bids(self) -> tuple[frozenset, Bid, Bid]:
        """Every bid's text, the lowest and the highest: made once per variant (its options
        never change), since the deal analysis declares tens of thousands of times."""
        bids = self.all_bids(1) + self.all_bids(2)
        return frozenset(map(str, bids)), bids[0], bids[-1]

    def _declare(self, deal, declarer: int, bid: Bid, choices):
        """``declare`` with its arguments checked. Each variant implements it."""
        raise NotImplementedError

    def play_contract(self, contract, pos, policy, rng, record):
        """Play the hand out from its first position: ``(side's take, final position, contract)``."""
        from .game import play_out
        taken, final = play_out(pos, policy, rng, record)
        return taken, final, contract

    def credited(self, contract, side_taken: int) -> int:
        """What the scoring counts for the declarer's side: its take plus, where the variant
        says so, the points it discarded."""
        if self.unit == "points" and self.discard_points_to == "declarer":
            return side_taken + contract.discard_points
        return side_taken

    def score(self, contract, taken: int) -> list:
        """Each seat's score for a finished hand in which the declarer's side took ``taken``
        (points or tricks, discards credited by the variant's rule)."""
        raise NotImplementedError

    def check_called_card(self, card, what: str = "called card") -> None:
        """A card named by the declarer (partner call, coup card) must be a card of the deck."""
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 64 or \
                not self.deck >> card & 1:
            shown = card_name(card) if isinstance(card, int) and not isinstance(card, bool) \
                and (0 <= card < 52 or card == JOKER) else repr(card)
            raise IllegalPlayError(f"{self.name}: the {what} must be a card of the deck, "
                                   f"not {shown}" + (
                                       f" (cards are numbers: parse_card({card!r}) reads card "
                                       "text)" if isinstance(card, str) else ""))

    def describe_option(self, name: str) -> Option:
        for o in self.OPTIONS:
            if o.name == name:
                return o
        raise OptionError(f"variant {self.name!r} has no option {name!r}")


def plain_winner(cards: Sequence[int], trump: Suit | None, led: Suit | None) -> int:
    """Highest trump if any was played, else highest card of the suit led (ace high).
    Cards of no suit (the Joker) never win here."""
    best, best_key = 0, (-1, -1)
    for i, c in enumerate(cards):
        s = card_suit(c)
        if s is None:
            continue
        if trump is not None and s == trump:
            key = (2, card_rank(c))
        elif s == led:
            key = (1, card_rank(c))
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


_REGISTRY: dict[str, type[Variant]] = {}


def register(cls: type[Variant]) -> type[Variant]:
    _REGISTRY[cls.name] = cls
    return cls


def variant_names() -> list[str]:
    from . import variants  # noqa: F401  (registers the presets)
    return list(_REGISTRY)


def variant_class(name: str) -> type[Variant]:
    from . import variants  # noqa: F401
    key = name.strip().lower() if isinstance(name, str) else name
    try:
        return _REGISTRY[key]
    except (KeyError, TypeError):
        raise UnknownVariantError(f"unknown variant {name!r} (known: {', '.join(_REGISTRY)})") from None


def get_variant(name: str | Variant, options: dict | None = None, **more: Any) -> Variant:
    """The preset ``name`` with ``options`` applied: a dict, as ``repr`` shows a variant
    (``get_variant('nap', {'players': 3})``), or keywords (``get_variant("nap", players=3)``).
    Raises ``UnknownVariantError`` or ``OptionError``."""
    if options is not None and not isinstance(options, dict):
        raise OptionError(f"options must be an object of name: value, not {options!r}")
    if more:
        options = {**(options or {}), **more}
    for key in options or ():
        if not isinstance(key, str):      # (a dict made in Python; **options would raise)
            raise OptionError(f"an option name must be text, not {key!r}")
    if isinstance(name, Variant):
        if options:
            return type(name)(**{**name.options, **options})
        return name
    return variant_class(name)(**(options or {}))
