"""Uniform deals of the cards a player cannot see, consistent with what the player knows.

A *place* is a seat (``0 .. players-1``) or the rest of the deck (the blind, kitty, warchest,
open cards, Nap's stock, or the discards once play has started), written ``blind`` (or by
any of those names, :data:`BLIND_NAMES`) and numbered ``players`` here.

What is known comes in two kinds, and the sampler treats them differently so that it is
exactly uniform over the consistent deals *and* fast on the common cases:

* **Card-level facts** restrict where each single card may lie: the player's own hand and
  every card seen (fixed places), "seat 2 holds A♠" (``2:AS``), "the Joker is not in the
  blind" (``blind:!JO``) and voids (``3:H=0``, revealed when a seat did not follow suit).
  Cards with the same set of allowed places are interchangeable, so the number of
  consistent deals is a sum over how many cards of each such *type* go to each place; the
  sampler counts those with a small memoised recursion (exact big integers) once, then
  draws the per-type counts with probabilities proportional to their number of deals and
  shuffles the cards of each type into them. That is an exact uniform draw, with no
  rejection at all.
* **Count facts** that are not voids (``2:S>=4``, ``blind:H<=1``, ``4:C=2``) are checked
  on each draw and the draw is rejected when one fails: rejection from a uniform
  distribution is uniform on what it accepts. Attempts are bounded; a set of constraints
  that (almost) never holds raises :class:`UnsatisfiableConstraints` naming it instead of
  hanging.

Everything is seeded: the same :class:`Knowledge`, seed and count give the same deals.
"""

from __future__ import annotations

import bisect
import math
import random
import re
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence, Union

from napoleon_rules.cards import (JOKER, SUIT_LETTERS, SUIT_PATTERN, CardParseError, Suit,
                                  card_name, card_suit, cards_of, count, parse_card, parse_suit,
                                  suit_mask)
from napoleon_rules.errors import NapoleonError, plural

BLIND = "blind"
#: Rejection attempts allowed per accepted deal (and at least MIN_ATTEMPTS in all) before the
#: count constraints are declared (near-)unsatisfiable.
ATTEMPTS_PER_SAMPLE = 2000
MIN_ATTEMPTS = 20000


class ConstraintError(NapoleonError):
    """A constraint that cannot be read, or that names a seat or card outside the game."""


class UnsatisfiableConstraints(NapoleonError):
    """No deal of the unseen cards (or almost none) satisfies what is known."""


Place = Union[int, str]


def _place_text(place: Place) -> str:
    return BLIND if place == BLIND else f"seat {place}"


#: Names of the cards no seat holds, as each variant calls them (Japanese: blind, Mighty:
#: kitty, Secretary: warchest, Japoleon: open cards, Nap: the undealt stock), all read as
#: ``blind`` in every variant: a user writes the name the rules use.
BLIND_NAMES = ("blind", "kitty", "warchest", "open", "stock", "rest")


def _parse_place(text: str) -> Place:
    t = text.strip().lower()
    if t in BLIND_NAMES or t == "b":
        return BLIND
    if re.fullmatch(r"[0-9]{1,3}", t):      # ASCII digits: str.isdigit() also takes '²'
        return int(t)
    raise ConstraintError(f"bad place {text!r}: expected a seat number or one of "
                          f"{', '.join(BLIND_NAMES)} (the cards no seat holds)")


def _checked_place(place, con) -> Place:
    """A constraint's place as built in Python: a seat number or ``blind`` (or another of
    :data:`BLIND_NAMES`, or a seat as text: read as the text form reads them). Whether the
    seat is in the game is checked where the players are known (``Knowledge.index``)."""
    if isinstance(place, str):
        return _parse_place(place)
    if isinstance(place, bool) or not isinstance(place, int) or place < 0:
        raise ConstraintError(f"{type(con).__name__}: place must be a seat number or "
                              f"{BLIND!r}, not {place!r}")
    return place


@dataclass(frozen=True)
class HoldsCard:
    """``place`` holds ``card`` (``2:AS``) or does not (``blind:!JO``)."""

    place: Place
    card: int
    present: bool = True

    def __post_init__(self) -> None:
        # Built directly, as the text form (parse_constraint) would never build it wrong.
        object.__setattr__(self, "place", _checked_place(self.place, self))
        c = self.card
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= JOKER:
            raise ConstraintError(f"HoldsCard: card must be a card number 0..{JOKER} "
                                  f"(parse_card('AS') reads card text), not {c!r}")
        if not isinstance(self.present, bool):
            raise ConstraintError(f"HoldsCard: present must be True or False, not "
                                  f"{self.present!r}")

    def __str__(self) -> str:
        return f"{self.place}:{'' if self.present else '!'}{card_name(self.card)}"


#: The comparisons of a suit count (``==`` is read as ``=``, as in the text form).
COUNT_OPS = (">=", "<=", "=")


@dataclass(frozen=True)
class SuitCount:
    """``place`` holds ``op n`` cards of ``suit`` (``2:S>=4``, ``blind:H<=1``, ``3:D=0``)."""

    place: Place
    suit: Suit
    op: str
    n: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "place", _checked_place(self.place, self))
        s = self.suit
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 3:
            raise ConstraintError(f"SuitCount: suit must be a Suit or 0..3, not {s!r}")
        object.__setattr__(self, "suit", Suit(s))   # (its name is used in messages)
        op = "=" if self.op == "==" else self.op
        if op not in COUNT_OPS:
            raise ConstraintError(f"SuitCount: op must be one of {' '.join(COUNT_OPS)}, "
                                  f"not {self.op!r}")
        object.__setattr__(self, "op", op)
        n = self.n
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ConstraintError(f"SuitCount: n must be a whole number, at least 0, "
                                  f"not {n!r}")

    def __str__(self) -> str:
        return f"{self.place}:{SUIT_LETTERS[self.suit]}{self.op}{self.n}"

    @property
    def is_void(self) -> bool:
        return self.op in ("=", "<=") and self.n == 0

    def allows(self, k: int) -> bool:
        return k >= self.n if self.op == ">=" else k <= self.n if self.op == "<=" else k == self.n


Constraint = Union[HoldsCard, SuitCount]

_COUNT_RE = re.compile(rf"^({SUIT_PATTERN})\s*(>=|<=|==|=)\s*([0-9]{{1,3}})$", re.I)


def parse_constraint(text: str) -> Constraint:
    """Read one constraint: ``PLACE:CARD``, ``PLACE:!CARD`` or ``PLACE:SUIT OP N`` with OP one
    of ``>= <= =``; PLACE is a seat number or ``blind`` (or another of :data:`BLIND_NAMES`).
    Examples: ``2:S>=4``, ``blind:!JO``, ``3:H=0`` (seat 3 is void in hearts), ``1:AS``."""
    if not isinstance(text, str) or ":" not in text:
        raise ConstraintError(f"bad constraint {text!r}: expected PLACE:CARD, PLACE:!CARD or "
                              "PLACE:SUIT>=N (e.g. 2:S>=4, blind:!JO, 3:H=0)")
    place_text, _, what = text.partition(":")
    place = _parse_place(place_text)
    what = what.strip()
    m = _COUNT_RE.match(what)
    if m:
        op = "=" if m.group(2) == "==" else m.group(2)
        return SuitCount(place, parse_suit(m.group(1)), op, int(m.group(3)))
    present = not what.startswith("!")
    try:
        card = parse_card(what.lstrip("!"))
    except CardParseError:
        raise ConstraintError(f"bad constraint {text!r}: after the place comes a card (AS, !JO) "
                              "or a suit count (S>=4, H<=1, D=0)") from None
    return HoldsCard(place, card, present)


def parse_constraints(items: Iterable[str] | str | None) -> tuple[Constraint, ...]:
    """Read constraints: a list of texts, or one text (``"1:AS"``) as a list of one."""
    return tuple(parse_constraint(t) for t in _listed(items))


def as_constraints(items: Iterable[str | Constraint] | str | Constraint | None
                   ) -> tuple[Constraint, ...]:
    """Constraints given as text (read by :func:`parse_constraint`) or already parsed, as a
    list or one alone."""
    out = []
    for c in _listed(items, (str, HoldsCard, SuitCount)):
        if isinstance(c, str):
            c = parse_constraint(c)
        elif not isinstance(c, (HoldsCard, SuitCount)):
            raise ConstraintError(f"a constraint is text such as '2:S>=4' or a parsed one, "
                                  f"not {c!r}")
        out.append(c)
    return tuple(out)


def _listed(items, single: tuple = (str,)) -> list:
    """``items`` as a list: None as none, one item (text) as a list of one."""
    if items is None:
        return []
    if isinstance(items, single):
        return [items]
    if isinstance(items, (bytes, dict)) or not hasattr(items, "__iter__"):
        raise ConstraintError(f"constraints must be a list (of texts such as '2:S>=4'), not "
                              f"{items!r}")
    return list(items)


@dataclass(frozen=True)
class Knowledge:
    """What one player knows about where the cards are.

    ``sizes[p]``: how many cards place ``p`` holds (seats, then the rest as the last place).
    ``known[p]``: the cards known to be at ``p`` (the player's own hand, cards seen).
    ``unseen``: the cards whose place is unknown; they fill each place up to its size.
    ``constraints``: further facts (:class:`HoldsCard`, :class:`SuitCount`).
    ``own``: the player's seat, when known: its hand is known whole, so a constraint on it
    is a mistake the sampler names as such (it would otherwise read as a contradiction
    between constraints, or an unsatisfiable count).
    """

    players: int
    sizes: tuple[int, ...]
    known: tuple[int, ...]
    unseen: int
    constraints: tuple[Constraint, ...] = ()
    own: int | None = None

    @property
    def places(self) -> int:
        return self.players + 1

    def index(self, place: Place) -> int:
        if place == BLIND:
            return self.players
        if not isinstance(place, int) or not 0 <= place < self.players:
            raise ConstraintError(f"no seat {place!r}: seats are 0..{self.players - 1}")
        return place

    def needs(self) -> tuple[int, ...]:
        return tuple(s - count(k) for s, k in zip(self.sizes, self.known))

    def describe(self) -> str:
        return ", ".join(str(c) for c in self.constraints) or "(no constraints)"


class DealSampler:
    """Exactly uniform draws of the unseen cards over the deals consistent with a
    :class:`Knowledge`. Raises :class:`UnsatisfiableConstraints` when there is none.

    ``accept``: a further test of a whole deal (the content of every place), for what the
    facts cannot say card by card (play advice: that the current trick's cards were legal
    plays from the hands drawn); a deal it refuses is drawn again, as one failing a count
    constraint is, so the draw stays uniform over the deals it accepts."""

    def __init__(self, knowledge: Knowledge, accept=None):
        self.knowledge = k = knowledge
        self.accept = accept
        for con in k.constraints:
            if k.own is not None and con.place == k.own:
                raise ConstraintError(f"constraint {con}: seat {k.own} is the adviser's own hand, "
                                      "which is known; constraints are about the unseen cards "
                                      "(the other seats and the blind)")
        n_places = k.places
        needs = list(k.needs())
        for p, x in enumerate(needs):
            if x < 0:
                place = BLIND if p == k.players else p
                raise UnsatisfiableConstraints(f"{_place_text(place)} holds "
                                               f"{plural(k.sizes[p], 'card')}, "
                                               f"but {count(k.known[p])} are known to be there")
        if sum(needs) != count(k.unseen):
            raise UnsatisfiableConstraints(
                f"the places need {sum(needs)} unseen cards but {count(k.unseen)} are unseen")
        # allowed[c]: mask of places card c may go to (bit p = place p).
        everywhere = sum(1 << p for p in range(n_places) if needs[p] > 0)
        allowed = {c: everywhere for c in cards_of(k.unseen)}
        self.count_checks: list[tuple[int, SuitCount]] = []
        for con in k.constraints:
            p = k.index(con.place)
            if isinstance(con, HoldsCard):
                if k.known[p] >> con.card & 1:
                    if not con.present:
                        raise UnsatisfiableConstraints(
                            f"{con} contradicts what is known: {card_name(con.card)} is at "
                            f"{_place_text(con.place)}")
                    continue
                if con.card not in allowed:
                    if con.present:
                        raise UnsatisfiableConstraints(
                            f"{con} contradicts what is known: {card_name(con.card)} is not "
                            "among the unseen cards")
                    continue
                if con.present and needs[p] == 0:      # (a seen blind, say)
                    where = "in the blind" if con.place == BLIND else \
                        f"of {_place_text(con.place)}"
                    raise UnsatisfiableConstraints(
                        f"{con} contradicts what is known: every card {where} is known, and "
                        f"{card_name(con.card)} is not one of them")
                allowed[con.card] &= (1 << p) if con.present else ~(1 << p)
            elif con.is_void:
                if count(k.known[p] & suit_mask(con.suit)):
                    raise UnsatisfiableConstraints(
                        f"{con} contradicts what is known: {_place_text(con.place)} is known to "
                        f"hold a {con.suit.name.lower()[:-1]}")
                for c in cards_of(k.unseen & suit_mask(con.suit)):
                    allowed[c] &= ~(1 << p)
            else:
                self.count_checks.append((p, con))
        for c, places in allowed.items():
            if not places:
                raise UnsatisfiableConstraints(f"no place can hold {card_name(c)} given "
                                               f"{k.describe()}")
        # Group interchangeable cards: same allowed set. Sorted for reproducibility; the
        # unrestricted type goes last, where its counts are forced (cheap recursion).
        groups: dict[int, list[int]] = {}
        for c in sorted(allowed):
            groups.setdefault(allowed[c], []).append(c)
        self.types = sorted(groups.items(), key=lambda kv: (kv[0] == everywhere, kv[0]))
        self.needs = tuple(needs)
        self._ways = lru_cache(maxsize=None)(self._ways_uncached)
        self._choices = lru_cache(maxsize=None)(self._choices_uncached)
        self.total = self._ways(0, self.needs)
        if self.total == 0:
            raise UnsatisfiableConstraints(f"no deal of the unseen cards satisfies "
                                           f"{k.describe()}")
        self._check_count_bounds()

    @property
    def certain(self) -> bool:
        """Only one deal is consistent: every card is known."""
        return self.total == 1 and not self.count_checks

    # ---- exact counting ------------------------------------------------------------------------
    def _splits(self, i: int, caps: tuple[int, ...]):
        """Every way to put type ``i``'s cards into the places it may go, within ``caps``:
        yields (counts per place, the number of ways = a multinomial)."""
        places_mask, cards = self.types[i]
        places = [p for p in range(len(caps)) if places_mask >> p & 1]
        m = len(cards)
        # room[j]: what the places from j on can still take; a place gets at least what the
        # later ones cannot (the same splits in the same order, without the dead branches:
        # a type that fills every place left has one split, found at once, not after trying
        # every prefix)
        room = [0] * (len(places) + 1)
        for j in range(len(places) - 1, -1, -1):
            room[j] = room[j + 1] + caps[places[j]]

        def rec(j: int, left: int, acc: list[int]):
            if j == len(places) - 1:
                if left <= caps[places[j]]:
                    yield acc + [left]
                return
            for x in range(max(0, left - room[j + 1]), min(left, caps[places[j]]) + 1):
                yield from rec(j + 1, left - x, acc + [x])

        if not places:
            return
        for xs in rec(0, m, []):
            ways, left = 1, m
            for x in xs:
                ways *= math.comb(left, x)
                left -= x
            split = [0] * len(caps)
            for p, x in zip(places, xs):
                split[p] = x
            yield tuple(split), ways

    def _ways_uncached(self, i: int, caps: tuple[int, ...]) -> int:
        if i == len(self.types):
            return 1 if not any(caps) else 0
        total = 0
        for split, ways in self._splits(i, caps):
            rest = tuple(c - x for c, x in zip(caps, split))
            total += ways * self._ways(i + 1, rest)
        return total

    def _check_count_bounds(self) -> None:
        """Count constraints that no deal can meet, found without drawing: the place holds
        between (known) and (known + unseen cards of the suit it may take) of the suit."""
        k = self.knowledge
        for p, con in self.count_checks:
            known = count(k.known[p] & suit_mask(con.suit))
            can_take = sum(1 for mask, cards in self.types if mask >> p & 1
                           for c in cards if card_suit(c) == con.suit)
            most = known + min(can_take, self.needs[p])
            if not any(con.allows(x) for x in range(known, most + 1)):
                raise UnsatisfiableConstraints(
                    f"no deal satisfies {con}: {_place_text(con.place)} can hold only "
                    f"{known}..{most} {con.suit.name.lower()}")

    # ---- drawing -----------------------------------------------------------------------------
    def _choices_uncached(self, i: int, caps: tuple[int, ...]):
        """Type ``i``'s splits with their cumulative weights (deals they lead to), cached so
        that every draw after the first is a binary search per type."""
        cumulative, splits, acc = [], [], 0
        for split, ways in self._splits(i, caps):
            rest = tuple(c - x for c, x in zip(caps, split))
            weight = ways * self._ways(i + 1, rest)
            if weight:
                acc += weight
                cumulative.append(acc)
                splits.append((split, rest))
        return cumulative, splits

    def _draw_card_level(self, rng: random.Random) -> list[int]:
        places = [0] * len(self.needs)
        caps = self.needs
        for i, (_, cards) in enumerate(self.types):
            cumulative, splits = self._choices(i, caps)
            split, rest = splits[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            shuffled = list(cards)
            rng.shuffle(shuffled)
            at = 0
            for p, x in enumerate(split):
                for c in shuffled[at:at + x]:
                    places[p] |= 1 << c
                at += x
            caps = rest
        return places

    def draw(self, rng: random.Random, max_attempts: int = MIN_ATTEMPTS) -> tuple[int, ...]:
        """One deal: the full content of every place (known cards plus drawn ones)."""
        known = self.knowledge.known
        for _ in range(max_attempts):
            drawn = self._draw_card_level(rng)
            full = tuple(d | kn for d, kn in zip(drawn, known))
            counts_hold = all(con.allows(count(full[p] & suit_mask(con.suit)))
                              for p, con in self.count_checks)
            if counts_hold and (self.accept is None or self.accept(full)):
                return full
        also = " and the cards played to the current trick" if self.accept is not None else ""
        raise UnsatisfiableConstraints(
            f"the constraints {self.knowledge.describe()}{also} are (nearly) unsatisfiable: "
            f"none of {max_attempts} random deals of the unseen cards met them")

    def draw_many(self, samples: int, seed: int,
                  deadline: float | None = None) -> list[tuple[int, ...]]:
        """``samples`` deals from ``random.Random(seed)``: the same arguments, the same deals.
        ``deadline`` (``time.monotonic()``): fewer once it has passed (at least one), the
        first of the same deals (an advice's ``within`` counts the drawing too)."""
        rng = random.Random(seed)
        budget = max(MIN_ATTEMPTS, ATTEMPTS_PER_SAMPLE * samples) \
            if self.count_checks or self.accept is not None else 1
        out = []
        for i in range(samples):
            if deadline is not None and i % 256 == 1 and time.monotonic() > deadline:
                break
            out.append(self.draw(rng, budget))
        return out


def knowledge_for_hand(variant, seat: int, hand: int, constraints: Sequence[Constraint] = (),
                       blind: int | None = None) -> Knowledge:
    """What a player knows before the play: their own ``hand`` (and the ``blind`` once seen);
    ``constraints`` as :func:`as_constraints` takes them."""
    n = variant.players
    known = [0] * (n + 1)
    known[seat] = hand
    if blind is not None:
        known[n] = blind
    sizes = tuple([variant.hand_size] * n + [count(variant.deck) - n * variant.hand_size])
    unseen = variant.deck & ~hand & ~(blind or 0)
    return Knowledge(n, sizes, tuple(known), unseen, as_constraints(constraints), own=seat)
