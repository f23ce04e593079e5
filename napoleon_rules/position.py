"""A position of a hand in play, its JSON form (shared/POSITION.md) and the move function."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Sequence

from .cards import (JOKER, NT, CardParseError, Suit, card_name, card_suit, cards_of, mask_of,
                    parse_card, parse_suit, parse_trump, sort_cards, trump_name)
from .errors import IllegalPlayError, NapoleonError, PositionError
from .moves import Move
from .variant import Variant, get_variant

STATE_KEYS = ("joker_suit", "joker_called", "coup_card", "reveal_used", "contract")


@dataclass(frozen=True)
class Position:
    """Everything the rules need to continue a hand.

    ``trump`` is a Suit, NT or None (text such as ``"H"`` or ``"nt"`` is read when the
    position is made). ``hands`` holds one card mask per seat. ``played`` the cards of the
    current trick from the leader (a tuple of card numbers). ``trick`` counts the complete
    tricks: a finished hand, every hand empty, is at ``trick == variant.tricks``. The last
    five fields are the variant state of POSITION.md.
    """

    variant: Variant
    trump: Suit | str | None
    declarer: int
    partner: int | None
    hands: tuple[int, ...]
    leader: int
    trick: int = 0
    played: tuple[int, ...] = ()
    joker_suit: Suit | None = None
    joker_called: bool = False
    coup_card: int | None = None
    reveal_used: bool = False
    contract: str | None = None

    def __post_init__(self) -> None:
        # A trump given as text ("H", "nt", "♥") is read here, once: the rules compare
        # the trump with Suit members, so "H" left as it is would be played as no trump.
        # (Every move makes new positions: anything but text pays only for this test.)
        trump = self.trump
        if trump.__class__ is str and trump is not NT:
            try:
                object.__setattr__(self, "trump", parse_trump(trump))
            except CardParseError as e:
                raise PositionError(str(e)) from None
        elif trump.__class__ is int and 0 <= trump <= 3:    # a suit number: its Suit
            object.__setattr__(self, "trump", Suit(trump))

    def __str__(self) -> str:
        """The position for reading: the game, then each seat's hand in card text (the repr
        shows the card masks)."""
        hands, played = self.hands, self.played
        if not (isinstance(hands, tuple) and isinstance(played, tuple)
                and all(type(h) is int and h >= 0 for h in hands)):
            return repr(self)   # (cards_of would never end on a negative mask)
        try:
            v = self.variant
            n = len(hands)
            side = f"partner seat {self.partner}" if self.partner is not None else "alone"
            options = ", ".join(f"{k}={val}" for k, val in v.changed_options().items())
            lines = [f"{v.name}" + (f" ({options})" if options else "")
                     + f": trump {trump_name(self.trump) or 'not fixed yet'}, "
                     + (f"all {v.tricks} tricks played" if self.is_over else
                        f"trick {self.trick + 1} of {v.tricks}")
                     + f", declarer seat {self.declarer} "
                     f"({side})" + (", Mis\u00e8re" if self.misere else "")]
            for seat, h in enumerate(hands):
                cards = " ".join(card_name(c) for c in sort_cards(cards_of(h)))
                role = " (declarer)" if seat == self.declarer else \
                    " (partner)" if seat == self.partner else ""
                lines.append(f"seat {seat}{role}: {cards or '-'}")
            if self.is_over:
                lines.append("the hand is over")
            elif not played:
                lines.append(f"seat {self.leader} to lead")
            else:
                lines.append(f"trick led by seat {self.leader}: "
                             f"{' '.join(card_name(c) for c in played)}; seat "
                             f"{(self.leader + len(played)) % n} to play")
            return "\n".join(lines)
        except (NapoleonError, TypeError, ValueError, AttributeError, ZeroDivisionError):
            return repr(self)   # a position built with junk: shown as it is

    # ---- derived ----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.played)) % self.players

    @property
    def is_over(self) -> bool:
        return not self.played and not any(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet complete (the current one included)."""
        return self.variant.tricks - self.trick

    def on_declarer_side(self, seat: int) -> bool:
        return seat == self.declarer or seat == self.partner

    def owner_of(self, card: int) -> int | None:
        """The seat that holds ``card`` or played it to the current trick (None: out of
        sight, in an earlier trick or put away)."""
        for seat, h in enumerate(self.hands):
            if h >> card & 1:
                return seat
        if card in self.played:
            return (self.leader + self.played.index(card)) % self.players
        return None

    @property
    def misere(self) -> bool:
        return self.contract == "misere"

    def legal_moves(self) -> list[Move]:
        return self.variant.legal_moves(self)

    # ---- moving -----------------------------------------------------------------------------
    def play(self, move: Move | int | str) -> "Position":
        return self.play_trick(move)[0]

    def play_trick(self, move: Move | int | str) -> tuple["Position", tuple[int, int] | None]:
        """Play ``move``; returns the new position and, when this card completes a trick,
        ``(winner seat, trick value)``. Raises ``IllegalPlayError`` for an illegal move."""
        if isinstance(move, str):
            move = Move.from_str(move)
        elif type(move) is int:         # (not a bool, nor a Suit: IntEnum members are ints)
            move = Move(move)
        _check_move(move)
        legal = self.legal_moves()
        if move not in legal:
            plain = Move(move.card, move.joker_suit)
            if move.call_joker and plain in legal:
                raise IllegalPlayError(f"'!' (a Joker call) goes only with the Ripper led after "
                                       f"the first trick: play '{plain}', not '{move}'")
            if move.card == JOKER and move.card in {m.card for m in legal}:
                if any(m.card == JOKER and m.joker_suit is not None for m in legal):
                    raise IllegalPlayError("leading the Joker needs a suit to name, e.g. 'JO:S'")
                if move.joker_suit is not None:
                    raise IllegalPlayError(f"the Joker names no suit here: play 'JO', not '{move}'")
            if self.is_over:
                raise IllegalPlayError(f"the hand is over: no card is left to play ({move})")
            seat = self.to_move
            if not self.hands[seat] >> move.card & 1:
                raise IllegalPlayError(f"seat {seat} does not hold {card_name(move.card)}")
            raise IllegalPlayError(f"{move} is not a legal play for seat {seat} here (legal: "
                                   f"{' '.join(str(m) for m in legal)})")
        return self._apply(move)

    def _apply(self, move: Move) -> tuple["Position", tuple[int, int] | None]:
        """Apply a move known to be legal."""
        seat = self.to_move
        variant = self.variant
        changes: dict[str, Any] = variant.state_after(self, seat, move)
        if not self.played:
            changes["joker_suit"] = move.joker_suit
            changes["joker_called"] = move.call_joker
            if self.trump is None and card_suit(move.card) is not None:
                changes["trump"] = card_suit(move.card)
        hands = list(self.hands)
        hands[seat] &= ~(1 << move.card)
        played = self.played + (move.card,)
        new = replace(self, hands=tuple(hands), played=played, **changes)
        if len(played) < self.players:
            return new, None
        idx = variant.trick_winner(played, trump=new.trump, trick=self.trick,
                                   joker_suit=new.joker_suit, joker_called=new.joker_called)
        winner = (self.leader + idx) % self.players
        value = variant.trick_value(played)
        done = replace(new, leader=winner, trick=self.trick + 1, played=(), joker_suit=None,
                       joker_called=False)
        return done, (winner, value)

    # ---- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> dict:
        state: dict[str, Any] = {}
        if self.joker_suit is not None:
            state["joker_suit"] = Suit(self.joker_suit).letter
        if self.joker_called:
            state["joker_called"] = True
        if self.coup_card is not None:
            state["coup_card"] = card_name(self.coup_card)
        if self.reveal_used:
            state["reveal_used"] = True
        if self.contract is not None:
            state["contract"] = self.contract
        return {
            "variant": self.variant.name,
            "options": self.variant.changed_options(),
            "trump": trump_name(self.trump),
            "declarer": self.declarer,
            "partner": self.partner,
            "hands": [[card_name(c) for c in sort_cards(cards_of(h))] for h in self.hands],
            "leader": self.leader,
            "trick": self.trick,
            "played": [card_name(c) for c in self.played],
            "state": state,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, data: Any) -> "Position":
        """Read and check a position (a dict, or JSON text). Raises a ``NapoleonError``."""
        if isinstance(data, (str, bytes)):
            data = loads_json(data)
        if not isinstance(data, dict):
            raise PositionError("a position must be a JSON object")
        known = {"variant", "options", "trump", "declarer", "partner", "hands", "leader", "trick",
                 "played", "state"}
        extra = set(data) - known
        if extra:
            # The output of 'napoleon solve --json' and 'napoleon deal --json' are the
            # likeliest wrong files: say where their position or deal is.
            hint = (" (the output of 'napoleon solve --json': its position is the "
                    "\"position\" field)" if isinstance(data.get("position"), dict) else
                    " (the output of 'napoleon deal --json': a deal is solved from its "
                    "\"deal\" text, 'napoleon solve DEAL')" if "deals" in data else "")
            raise PositionError(f"unknown position field(s): {_names(extra)}{hint}")
        for key in ("variant", "hands", "declarer"):
            if key not in data:
                raise PositionError(f"the position has no {key!r} field")
        options = data.get("options")
        variant = get_variant(data["variant"], {} if options is None else options)
        try:
            trump = parse_trump(data.get("trump"))
            hands = []
            for i, h in enumerate(_list(data["hands"], "hands")):
                hands.append([parse_card(c) for c in _list(h, f"hands[{i}]")])
            played = [parse_card(c) for c in _list(data.get("played", []), "played")]
            state = data.get("state")
            if state is None:
                state = {}
            if not isinstance(state, dict):
                raise PositionError("'state' must be an object")
            bad = set(state) - set(STATE_KEYS)
            if bad:
                raise PositionError(f"unknown state key(s): {_names(bad)} "
                                    f"(known: {', '.join(STATE_KEYS)})")
            joker_suit = parse_suit(state["joker_suit"]) if state.get("joker_suit") is not None else None
            coup = parse_card(state["coup_card"]) if state.get("coup_card") is not None else None
        except CardParseError as e:
            raise PositionError(str(e)) from None
        for key in ("joker_called", "reveal_used"):
            if not isinstance(state.get(key, False), bool):
                raise PositionError(f"state {key!r} must be true or false")
        contract = state.get("contract")
        if contract == "mis\u00e8re":      # the accent, as the rules write it
            contract = "misere"
        if contract not in (None, "misere", "tricks"):
            raise PositionError(f"state 'contract' must be \"misere\" or absent, not {contract!r}")
        if contract == "misere" and "misere" not in variant.options:
            raise PositionError(f"state 'contract': {variant.name} has no Mis\u00e8re")
        if contract == "misere" and not variant.opt("misere"):
            raise PositionError("state 'contract': Mis\u00e8re is switched off (option misere=false)")
        if contract == "misere" and trump is None:
            trump = NT
        n = len(hands)
        if n != variant.players:    # before the seats, which are checked against n
            raise PositionError(f"{variant.name} is played by {variant.players} players, but "
                                f"'hands' has {n}")
        declarer = _seat(data["declarer"], n, "declarer")
        if "partner" not in data and variant.fixed_partnership:
            partner = (declarer + 2) % n        # bridge: the seat opposite, whatever is written
        elif "partner" not in data and not variant.always_alone:
            # Left out, it could mean "alone" or be a slip that changes the answer: only
            # null says alone (POSITION.md).
            raise PositionError("the position has no 'partner' field (the partner's seat, or "
                                "null when the declarer plays alone)")
        else:
            partner = None if data.get("partner") is None else _seat(data["partner"], n, "partner")
        trick = data.get("trick", 0)
        if isinstance(trick, bool) or not isinstance(trick, int):
            raise PositionError(f"'trick' must be a whole number, not {trick!r}")
        if "leader" not in data and (trick != 0 or played):
            # Only the first trick's leader follows from the rules; later it is whoever
            # won the trick before, which the position must say.
            raise PositionError("the position has no 'leader' field (needed once a card "
                                "has been played: the seat that led the current trick)")
        leader = _seat(data.get("leader", variant.first_leader(declarer)), n, "leader")
        pos = cls(variant=variant, trump=trump, declarer=declarer, partner=partner,
                  hands=tuple(mask_of(h) for h in hands), leader=leader, trick=trick,
                  played=(), joker_suit=None, joker_called=False, coup_card=coup,
                  reveal_used=bool(state.get("reveal_used", False)),
                  contract=None if contract == "tricks" else contract)
        try:
            pos.validate(hands, played)
        except PositionError as e:
            if "trick" in data or "should hold" not in str(e):
                raise
            # The hands' sizes say the play is past trick 1, and 'trick' was left out.
            raise PositionError(f"{e} (the position has no 'trick' field, so it is read as 0: "
                                "give the number of complete tricks)") from None
        # Replay the current trick from its start so every played card is checked for legality
        # (the stated reveal is restored after the replay).
        start = trick_start(pos, played)
        if played and played[0] == JOKER and joker_suit is not None and \
                not variant.led_joker_names_suit():
            raise PositionError("state 'joker_suit': a led Joker names no suit in this "
                                f"{variant.name} game (the second card sets the suit to follow)")
        if state.get("joker_called") and played:
            # said in the position's words before the replay would call the lead an illegal
            # '3C!' (the spelling of --play, which the file never used)
            problem = joker_call_problem(variant, trump, played, trick)
            if problem:
                raise PositionError(problem)
        cur = start
        for i, move in enumerate(trick_moves(played, joker_suit,
                                             bool(state.get("joker_called", False)))):
            c = move.card
            if i == 0 and c == JOKER and joker_suit is None and any(
                    m.joker_suit is not None for m in cur.legal_moves() if m.card == JOKER):
                raise PositionError("the Joker was led: state 'joker_suit' must name the suit to follow")
            try:
                cur = cur.play(move)
            except IllegalPlayError as e:
                raise PositionError(f"illegal card in 'played': {e}") from None
        if pos.reveal_used and not cur.reveal_used:
            cur = replace(cur, reveal_used=True)
        cur.check_rules()
        if played and played[0] != JOKER and joker_suit is not None:
            raise PositionError("state 'joker_suit' names a suit for a led Joker, but the "
                                f"trick was led with {card_name(played[0])}")
        if not played and (joker_suit is not None or state.get("joker_called")):
            raise PositionError("state 'joker_suit'/'joker_called' describe a trick in progress, "
                                "but 'played' is empty")
        return cur

    def validate(self, hands: list[list[int]], played: list[int]) -> None:
        v = self.variant
        n = v.players
        if len(hands) != n:
            raise PositionError(f"{v.name} is played by {n} players, but 'hands' has {len(hands)}")
        seen: dict[int, str] = {}
        for where, cards in [(f"hand {i}", h) for i, h in enumerate(hands)] + [("played", played)]:
            for c in cards:
                if not v.deck >> c & 1:
                    raise PositionError(f"{card_name(c)} ({where}) is not in the {v.name} deck")
                if c in seen:
                    raise PositionError(f"card {card_name(c)} appears twice ({seen[c]} and {where})")
                seen[c] = where
        # A finished hand (no card left anywhere) is at trick == tricks, the one position
        # with no trick in progress; its value is 0.
        over = not played and not any(hands)
        if not (0 <= self.trick < v.tricks or over and self.trick == v.tricks):
            raise PositionError(f"'trick' must be 0..{v.tricks - 1} for {v.name}, not {self.trick}"
                                + (f" ({v.tricks} only once the hand is over: every hand and "
                                   "'played' empty)" if self.trick == v.tricks else ""))
        if len(played) >= n:
            raise PositionError(f"'played' holds {len(played)} cards; a trick has at most {n - 1} "
                                "before it is complete")
        # The trump before the replay of 'played' below: the play rules of a variant rely on
        # it being one the variant allows (Japoleon's Jacks under 'NT' raised a ValueError).
        self.check_trump()
        if self.trump is None and not (v.trump_from_first_lead and self.trick == 0):  # type: ignore[attr-defined]
            raise PositionError(f"'trump' must be set in {v.name}" + (
                " after the first trick" if getattr(v, "trump_from_first_lead", False) else ""))
        for s in range(n):
            expect = v.tricks - self.trick - (1 if (s - self.leader) % n < len(played) else 0)
            if len(hands[s]) != expect:
                raise PositionError(f"hand {s} holds {len(hands[s])} cards; at trick {self.trick} with "
                                    f"{len(played)} played it should hold {expect}")

    def check_trump(self) -> None:
        """The trump must be one the variant allows; Misère is played at No Trump (a Misère
        position with trump None was solved as if the first lead named trump)."""
        v = self.variant
        if self.trump is not None and self.trump is not NT and self.trump.__class__ is not Suit:
            # (a suit number would pass the test below, IntEnum members being equal to ints,
            # and be played as no trump)
            raise PositionError(f"trump must be a Suit, NT or None (or text: S, H, D, C, NT), "
                                f"not {self.trump!r}")
        if self.trump is not None and self.trump not in v.trumps and not self.contract:
            raise PositionError(f"trump {trump_name(self.trump)} is not allowed in {v.name} "
                                f"(allowed: {', '.join(trump_name(t) for t in v.trumps)})")
        if self.contract == "misere" and self.trump is None:
            raise PositionError("a Mis\u00e8re is played at No Trump: 'trump' must be NT "
                                "(JSON: NT or null), not None")

    def check_rules(self) -> None:
        """What the rules allow of the declaration and the variant state, whatever the cards:
        the trump, the partner, Misère, a Joker call, the Secretary's coup card (raise
        ``PositionError``). ``from_json`` and the solver's API both ask it, so a position
        made in Python is held to the same rules as one read from a file."""
        v = self.variant
        self.check_trump()
        if self.contract == "misere" and not v.options.get("misere", False):
            raise PositionError(f"contract 'misere': {v.name} has no Mis\u00e8re here"
                                + (" (option misere=false)" if "misere" in v.options else ""))
        if self.partner == self.declarer:
            raise PositionError("'partner' must be another seat than the declarer (null = alone)")
        if v.fixed_partnership and self.partner != (self.declarer + 2) % v.players:
            raise PositionError(f"{v.name}: the partner sits opposite the declarer (seat "
                                f"{(self.declarer + 2) % v.players}), not "
                                f"{'null' if self.partner is None else self.partner}")
        if self.joker_called:
            problem = joker_call_problem(v, self.trump, self.played, self.trick)
            if problem:
                raise PositionError(problem)
        if self.trick == 0 and self.leader != v.first_leader(self.declarer):
            raise PositionError(f"the first trick is led by seat {v.first_leader(self.declarer)} "
                                f"in {v.name} (declarer {self.declarer}), not by seat {self.leader}")
        if (self.coup_card is not None or self.reveal_used) and not v.has_coup_card:
            raise PositionError(f"state 'coup_card'/'reveal_used': {v.name} has no coup card")
        v.check_position(self)


def trick_start(pos: Position, played: Sequence[int]) -> Position:
    """``pos``, whose hands no longer hold ``played`` (the current trick's cards from its
    leader), as it was before the trick's first card: each card back in the hand that played
    it, no card played and no lead state; in Secretary a reveal this trick may have spent
    (its coup card among ``played``) unspent, since replaying the trick spends it again."""
    n = pos.players
    return replace(pos, played=(), joker_suit=None, joker_called=False,
                   reveal_used=pos.reveal_used and pos.coup_card not in played,
                   hands=tuple(h | mask_of(c for i, c in enumerate(played)
                                           if (pos.leader + i) % n == s)
                               for s, h in enumerate(pos.hands)))


def trick_moves(played: Sequence[int], joker_suit, joker_called: bool) -> list[Move]:
    """The current trick's cards as the moves that played them: the lead with the suit a
    led Joker named and whether the Ripper called the Joker."""
    return [Move(c, joker_suit if i == 0 and c == JOKER else None, joker_called and i == 0)
            for i, c in enumerate(played)]


def joker_call_problem(v: Variant, trump, played: Sequence[int], trick: int) -> str | None:
    """Why a Joker call cannot describe this trick (None: it can): the variant has none, or
    the trick was not led with the Ripper after the first trick."""
    ripper = v.roles(trump).get("ripper")
    if ripper is None:
        return f"'joker_called': {v.name} has no Joker call"
    if not played or played[0] != ripper or trick == 0:
        return (f"'joker_called' needs the current trick led by the Ripper ({card_name(ripper)} "
                f"here) after the first trick")
    return None


def loads_json(text: str | bytes, where: str = "") -> Any:
    """``json.loads``, with every way the text can fail to be JSON (a syntax error, nesting
    too deep, a number of thousands of digits) a ``PositionError`` naming ``where`` (a file)."""
    head = f"malformed JSON in {where}" if where else "malformed JSON"
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise PositionError(f"{head}: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise PositionError(f"{head}: nested too deeply for a position") from None
    except ValueError as e:          # e.g. a number of thousands of digits
        raise PositionError(f"{head}: {str(e).split(';')[0]}") from None


def _check_move(move: Any) -> None:
    """A move given to ``play``: a ``Move`` of a card number 0..52, a suit or None and True or
    False (anything else raised a TypeError or ValueError deep in the rules)."""
    if not isinstance(move, Move):
        raise IllegalPlayError(f"a move is card text ('AS', 'JO:H', '3C!'), a card number or a "
                               f"Move, not {move!r}")
    card, suit = move.card, move.joker_suit
    if type(card) is not int or not 0 <= card <= JOKER:     # (a bool or a Suit is no card)
        raise IllegalPlayError(f"no card has number {card!r} (0..{JOKER})" + (
            f": Move.from_str({card!r}) reads card text" if isinstance(card, str) else ""))
    if suit is not None and (isinstance(suit, bool) or not isinstance(suit, int)
                             or not 0 <= suit < 4):
        raise IllegalPlayError(f"the suit a led Joker names must be a Suit (0..3: S H D C), "
                               f"not {suit!r}")
    if not isinstance(move.call_joker, bool):
        raise IllegalPlayError(f"a move's Joker call is True or False, not {move.call_joker!r}")


def _names(keys) -> str:
    """Unknown keys for a message: plain names as they are, anything else (a number, an
    empty or blank name, from a dict made in Python) quoted."""
    return ", ".join(sorted(k if isinstance(k, str) and k.strip() == k and k.isprintable() and k
                            else repr(k) for k in keys))


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise PositionError(f"{what!r} must be a list")
    return value


def _seat(value: Any, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise PositionError(f"{what!r} must be a seat 0..{n - 1}, not {value!r}")
    return value
