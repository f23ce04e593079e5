"""Random endgame positions of every preset, for checking the fast solver against
``napoleon_rules.reference`` (used by ``tests/test_solver_vs_reference.py`` and
``scripts/check_solver.py``).

A position is made the way a game makes it: a seeded ``random_deal``, a declaration through
``variant.declare`` (random trump, called card, discard), then random legal play until a few
tricks are left, plus a few cards of the next trick. The random play prefers the moves that
set variant state (a Joker led, naming a suit or not, a Ripper's Joker call, the coup card
played off-suit) so those states are well covered.
"""

from __future__ import annotations

import random

from napoleon_rules import Bid, Choices, Suit, get_variant, random_deal, reference
from napoleon_rules.cards import JOKER, NT, cards_of

#: (preset, options) pairs the checks cover: each preset's defaults and its rule toggles.
CONFIGS: list[tuple[str, dict]] = [
    ("japanese", {}),
    ("japanese", {"yoromeki": False, "same_two": False}),
    ("japanese", {"first_trick_plain": False}),
    ("japanese", {"players": 4}),
    ("japanese-stakes", {}),
    ("japanese-stakes", {"yoromeki": True}),
    ("mighty", {}),
    ("mighty", {"joker_any_time": False, "mighty_any_time": False}),
    ("mighty", {"joker_powerless_first_last": False, "led_joker_wins_unfollowed": False}),
    ("japoleon", {}),
    ("japoleon", {"minor_jack_free": False, "joker_any_time": True}),
    ("japoleon", {"key_lead_when_only_key": False}),
    ("japoleon", {"joker_names_suit": False}),
    ("secretary", {}),
    ("secretary", {"reveal": False}),
    ("nap", {}),
    ("nap", {"players": 4, "seven_card": True}),
    ("nap", {"players": 3}),   # small enough to check from the first lead (trump not fixed)
    ("bridge", {}),
]

STATEFUL = ("mighty", "japoleon", "secretary", "nap")
PRESETS = ("japanese", "japanese-stakes", "mighty", "japoleon", "secretary", "nap", "bridge")


def declare(variant, deal, rng: random.Random, misere: bool = False):
    """A random legal declaration; returns the first position of the play."""
    name = variant.name
    dec = rng.randrange(variant.players)
    pool = list(cards_of(deal.hands[dec] | deal.rest))
    discard = tuple(rng.sample(pool, bin(deal.rest).count("1"))) if name != "nap" else ()
    others = [c for c in cards_of(variant.deck) if c != JOKER]
    if name in ("japanese", "japanese-stakes", "japoleon"):
        trump = rng.choice(list(Suit))
        choices = Choices(call=rng.choice(others), discard=discard)
        return variant.declare(deal, dec, Bid(14, trump), choices)[1]
    if name == "mighty":
        trump = rng.choice([*Suit, NT])
        friend = rng.choice(["card", "card", "none"])
        choices = Choices(call=rng.choice(others) if friend == "card" else None, discard=discard,
                          friend=friend)
        return variant.declare(deal, dec, Bid(14, trump), choices)[1]
    if name == "secretary":
        hand_after = (deal.hands[dec] | deal.rest) & ~sum(1 << c for c in discard)
        coup = rng.choice([c for c in others if not hand_after >> c & 1])
        choices = Choices(call=coup, discard=discard, trump=rng.choice([*Suit, NT]))
        return variant.declare(deal, dec, Bid(5), choices)[1]
    if name == "nap":
        bid = Bid(0, None, "misere") if misere else Bid(3)
        return variant.declare(deal, dec, bid, Choices())[1]
    if name == "bridge":
        return variant.declare(deal, dec, Bid(3, rng.choice([*Suit, NT])), Choices())[1]
    raise ValueError(f"no declaration for {name}")


def has_state(pos) -> bool:
    """The position has variant state worth checking: a Joker led (naming a suit or, with
    Japoleon's joker_names_suit off, not), a Joker call, an unspent Secretary exemption with
    the coup card still held, Nap's trump unfixed."""
    if pos.joker_suit is not None or pos.joker_called or pos.trump is None:
        return True
    if pos.played and pos.played[0] == JOKER:
        return True
    return (pos.coup_card is not None and not pos.reveal_used and pos.variant.opt("reveal")
            and any(h >> pos.coup_card & 1 for h in pos.hands))


def _interesting(pos, move) -> bool:
    if move.joker_suit is not None or move.call_joker:
        return True
    if move.card == JOKER and not pos.played:   # a Joker lead that names no suit
        return True
    return pos.coup_card is not None and move.card == pos.coup_card


def random_position(preset: str, options: dict, rng: random.Random, tricks_left: int,
                    extra: int, misere: bool = False):
    """A position with ``tricks_left`` tricks to play (the current one included) and
    ``extra`` cards already in the current trick; None if the hand cannot get there."""
    v = get_variant(preset, options)
    deal = random_deal(v, rng.randrange(1 << 30))
    pos = declare(v, deal, rng, misere)
    target = v.tricks - tricks_left
    keep = {JOKER, pos.coup_card, *v.roles(pos.trump).values()} if pos.trump is not None else set()
    while pos.trick < target or (pos.trick == target and len(pos.played) < extra):
        moves = pos.legal_moves()
        special = [m for m in moves if _interesting(pos, m)]
        # at the trick the position stops in, lead the state-setting moves most of the time
        bias = 0.8 if pos.trick == target and not pos.played else 0.35
        if special and rng.random() < bias:
            move = rng.choice(special)
        elif pos.trick < target and rng.random() < 0.8 and \
                [m for m in moves if m.card not in keep]:
            move = rng.choice([m for m in moves if m.card not in keep])   # keep roles for later
        else:
            move = rng.choice(moves)
        pos = pos.play(move)
    return pos


def positions(preset: str, count: int, seed: int, max_tricks: int = 4):
    """``count`` seeded positions of ``preset`` across its option configs, 2..max_tricks
    tricks left, at trick start and mid-trick; Nap half Misère."""
    rng = random.Random(f"{preset}:{seed}")
    configs = [c for c in CONFIGS if c[0] == preset]
    out = []
    for i in range(count):
        _, options = configs[i % len(configs)]
        v = get_variant(preset, options)
        most = v.tricks if v.players * v.tricks <= 15 else min(max_tricks, v.tricks)
        tricks_left = rng.randint(2, most)
        extra = rng.choice([0, 0, rng.randrange(1, v.players)])
        misere = preset == "nap" and i % 2 == 1
        pos = random_position(preset, options, rng, tricks_left, extra, misere)
        # every third position: retry for one with variant state (where the preset has any)
        for _ in range(60 if i % 3 == 2 and preset in STATEFUL else 0):
            if has_state(pos):
                break
            extra = rng.randrange(0, v.players) if preset != "nap" else 0
            tl = v.tricks if preset == "nap" and v.players * v.tricks <= 15 else tricks_left
            pos = random_position(preset, options, rng, tl, extra, misere)
        out.append(pos)
    return out


def compare(pos, solve) -> str | None:
    """None when the fast solver agrees with the reference on the value and every card's
    value; else a description of the difference."""
    want_value, want_plays = reference.solve(pos)
    got = solve(pos)
    if got.value != want_value or got.plays != want_plays:
        return (f"reference {want_value} {want_plays} vs solver {got.value} {got.plays} "
                f"for {pos.dumps()}")
    return None
