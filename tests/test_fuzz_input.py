"""Seeded fuzzing of the input checking: positions, deals and the command line.

Valid positions of every preset (``solver.checking.positions``, plus first-trick ones) are
corrupted at random: cards moved, deleted, duplicated or swapped, cards from outside the
deck and card text that is not a card, junk trump, seats, trick counts, ``played`` cards and
``state`` values, unknown or ill-typed options, missing and extra fields, hands of the wrong
shape; several corruptions at once. Each mutated position is read (``Position.from_json``,
as a dict or as JSON text) and solved (``solver.solve`` in both modes, ``bounds``/``reaches``
with sound and junk targets, junk limits); other cases build a ``Position`` directly with a
junk field, which only ``solver.api._check_position`` stands between and the C search.

What is checked, in a subprocess so that a segfault or a hang is a failure that prints the
input rather than the end of pytest:

* every call either returns or raises a ``NapoleonError`` with a message (a search limit is
  a ``SearchLimitError``); any other exception is a bug, and so is a case that takes longer
  than ``CASE_SECONDS``;
* a position that is accepted round-trips through its JSON, is accepted by the solver when
  read from JSON and when built directly alike, and when small (at most
  ``REFERENCE_TRICKS`` tricks left) its value and every card's value equal the reference
  minimax's; ``bounds`` brackets the value and ``reaches`` agrees with it;
* the command line (``napoleon solve --position FILE --json``, ``napoleon solve DEAL``,
  ``napoleon analyse DEAL``) on a few mutated files and corrupted one-line deals exits 2 (the
  project's code for bad input; 1 is an internal error) with one ``error:`` line on stderr
  for bad input, never with a traceback, and 0 (or 3 for a search limit) for good input.

In the test process (pure Python, nothing to crash): ``Position.play`` with junk moves and
``parse_deal`` on corrupted deal text and junk variants. Then a regression test for each bug
the campaigns found.

``N_MUTATIONS`` positions in all (seeded) and the rest take about 15 s on two cores.
``python tests/test_fuzz_input.py COUNT [SEED [PRESET,...]]`` runs a larger campaign, COUNT
cases per preset, going on after a crash, and prints every bug found.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import random
import re
import subprocess
import sys
import time
import traceback
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from napoleon_rules import (Move, NapoleonError, OptionError, Position, PositionError,  # noqa: E402
                            Suit, get_variant, random_deal, reference)
from napoleon_rules.cards import JOKER, NT, card_name, cards_of  # noqa: E402
from napoleon_rules.deal import deal_str, parse_deal  # noqa: E402

PRESETS = ("japanese", "japanese-stakes", "mighty", "japoleon", "secretary", "nap", "bridge")

#: Mutated positions fuzzed by the test, spread over the presets.
N_MUTATIONS = 700
SEED = 7
#: Node limit of each search (small: a mutated position is often a whole hand).
NODE_LIMIT = 200_000
#: Accepted positions with at most this many tricks (and REFERENCE_CARDS cards) left are
#: checked against the reference minimax.
REFERENCE_TRICKS = 3
REFERENCE_CARDS = 16
#: A case slower than this is a hang.
CASE_SECONDS = 20.0
#: Corrupted position files and deals given to the command line.
N_CLI_POSITIONS = 16
N_CLI_DEALS = 12

ALL_CARDS = [card_name(c) for c in range(53)]
JUNK_CARDS = ["JO", "1S", "ZZ", "as", "10h", "10S", "", " ", "A", "ASS", "XS", "AX", "A\u2660",
              "JOKER", "  KD ", "0C", "11H", 5, 52, -1, None, 2 ** 70, 1.5, True, [], {},
              ["AS"], float("nan")]
JUNK_SCALARS = [-1, -2, 2 ** 70, -2 ** 70, 2 ** 63, 2 ** 31, 7, 13, 53, True, False, "0", "1",
                " 2", 1.0, 0.5, float("nan"), float("inf"), None, [], {}, [0], "", "x" * 300]
JUNK_TRUMPS = ["S", "H", "D", "C", "NT", None, "nt", "s", " H ", "N", "NOTRUMP", "null", "",
               "X", "SH", "JO", "\u2660", 0, 1, 4, True, 1.5, [], {"S": 1}, "NONE"]
JUNK_OPTION_VALUES = [True, False, "true", "no", "yes", 0, 1, 2, 3, 4, 5, 6, 7, 8, 28, 32, 52,
                      -1, 2 ** 70, 1.5, "4", "abc", "1" * 5000, None, [], {}, float("nan")]
STATE_VALUES = {
    "joker_suit": ["S", "H", "D", "C", "s", "X", "NT", "", 0, 1, True, None, [], "JO"],
    "joker_called": [True, False, 1, 0, "true", None],
    "coup_card": ALL_CARDS + ["ZZ", 5, None, True, "", "1S"],
    "reveal_used": [True, False, 1, "false", None],
    "contract": ["misere", "tricks", "MISERE", "nap", "", 1, None, True, ["misere"]],
}
OPTION_NAMES = ["players", "yoromeki", "same_two", "first_trick_plain", "min_bid",
                "all_pass_same_dealer", "alone_doubles", "joker_any_time", "mighty_any_time",
                "joker_powerless_first_last", "led_joker_wins_unfollowed", "minor_jack_free",
                "key_lead_when_only_key", "joker_names_suit", "reveal", "pack", "seven_card",
                "two", "misere", "wellington", "blucher", "bogus", "", "Players"]
FIELDS = ["variant", "options", "trump", "declarer", "partner", "hands", "leader", "trick",
          "played", "state"]


# ---- mutations of a position's JSON dict ------------------------------------------------------


def _hands(d):
    """The hands as a list of lists, or None when an earlier mutation broke that shape."""
    h = d.get("hands") if isinstance(d, dict) else None
    if isinstance(h, list) and h and all(isinstance(x, list) for x in h):
        return h
    return None


def _held(d):
    h = _hands(d) or []
    out = [c for hand in h for c in hand]
    if isinstance(d.get("played"), list):
        out += d["played"]
    return out


def m_move_card(d, rng):
    h = _hands(d)
    if not h or len(h) < 2:
        return "no hands"
    src = rng.choice([i for i, x in enumerate(h) if x] or [0])
    if not h[src]:
        return "empty"
    dst = rng.choice([i for i in range(len(h)) if i != src])
    h[dst].append(h[src].pop(rng.randrange(len(h[src]))))
    return f"move a card {src}->{dst}"


def m_swap_cards(d, rng):
    h = _hands(d)
    if not h or len(h) < 2:
        return "no hands"
    full = [i for i, x in enumerate(h) if x]
    if len(full) < 2:
        return "too few"
    a, b = rng.sample(full, 2)
    i, j = rng.randrange(len(h[a])), rng.randrange(len(h[b]))
    h[a][i], h[b][j] = h[b][j], h[a][i]
    return f"swap cards {a}<->{b}"


def m_delete_card(d, rng):
    h = _hands(d)
    if not h:
        return "no hands"
    full = [x for x in h if x]
    if full:
        hand = rng.choice(full)
        hand.pop(rng.randrange(len(hand)))
    return "delete a card"


def m_duplicate_card(d, rng):
    h = _hands(d)
    cards = _held(d)
    if not h or not cards:
        return "no hands"
    where = rng.choice(["hand", "hand", "played", "replace"])
    c = rng.choice(cards)
    if where == "played" and isinstance(d.get("played"), list):
        d["played"].append(c)
    elif where == "replace":
        hand = rng.choice([x for x in h if x] or [h[0]])
        if hand:
            hand[rng.randrange(len(hand))] = c
    else:
        rng.choice(h).append(c)
    return f"duplicate {c!r} ({where})"


def m_foreign_card(d, rng):
    h = _hands(d)
    junk = rng.choice(JUNK_CARDS + [c for c in ALL_CARDS if c not in _held(d)])
    if not h:
        return "no hands"
    hand = rng.choice(h)
    if hand and rng.random() < 0.5:
        hand[rng.randrange(len(hand))] = junk
    else:
        hand.append(junk)
    return f"foreign card {junk!r}"


def m_trump(d, rng):
    d["trump"] = rng.choice(JUNK_TRUMPS)
    return f"trump {d['trump']!r}"


def m_seat(d, rng):
    field = rng.choice(["declarer", "partner", "leader"])
    n = len(d["hands"]) if isinstance(d.get("hands"), list) else 5
    d[field] = rng.choice(JUNK_SCALARS + list(range(-1, n + 2)) + [None])
    return f"{field} {d[field]!r}"


def m_trick(d, rng):
    t = d.get("trick", 0)
    choices = JUNK_SCALARS + list(range(0, 14))
    if isinstance(t, int) and not isinstance(t, bool):
        choices += [t - 1, t + 1, t + 1, t - 1]
    d["trick"] = rng.choice(choices)
    return f"trick {d['trick']!r}"


def m_played(d, rng):
    played = d.get("played")
    if not isinstance(played, list):
        played = d["played"] = []
    h = _hands(d)
    kind = rng.choice(["from_hand", "from_hand", "copy", "clear", "pop", "junk", "too_many",
                       "shuffle", "wrong_seat", "string"])
    if kind == "from_hand" and h:
        # the next seat plays a card of its hand (perhaps illegally)
        n = len(h)
        leader = d.get("leader", 0)
        whole = isinstance(leader, int) and not isinstance(leader, bool)
        seat = (leader + len(played)) % n if whole else 0
        if 0 <= seat < n and h[seat]:
            played.append(h[seat].pop(rng.randrange(len(h[seat]))))
    elif kind == "wrong_seat" and h:
        hand = rng.choice([x for x in h if x] or [h[0]])
        if hand:
            played.append(hand.pop(rng.randrange(len(hand))))
    elif kind == "copy" and _held(d):
        played.append(rng.choice(_held(d)))
    elif kind == "clear":
        played.clear()
    elif kind == "pop" and played:
        played.pop()
    elif kind == "junk":
        played.append(rng.choice(JUNK_CARDS))
    elif kind == "too_many":
        played.extend(rng.sample(ALL_CARDS, rng.randrange(3, 9)))
    elif kind == "shuffle":
        rng.shuffle(played)
    elif kind == "string":
        d["played"] = " ".join(str(c) for c in played) or "AS"
    return f"played {kind}"


def m_state(d, rng):
    state = d.get("state")
    if not isinstance(state, dict):
        state = d["state"] = {}
    kind = rng.random()
    if kind < 0.1:
        state[rng.choice(["bogus", "Joker_suit", "", "trick", 1, None])] = rng.choice(JUNK_SCALARS)
    elif kind < 0.15:
        d["state"] = rng.choice(["x", [], 1, None, True])
    elif kind < 0.25 and state:
        del state[rng.choice(sorted(state, key=repr))]
    else:
        key = rng.choice(sorted(STATE_VALUES))
        state[key] = rng.choice(STATE_VALUES[key] + JUNK_SCALARS[:6])
    return f"state {d['state']!r}"


def m_options(d, rng):
    opts = d.get("options")
    if not isinstance(opts, dict):
        opts = d["options"] = {}
    kind = rng.random()
    if kind < 0.1:
        d["options"] = rng.choice(["players=4", [], 1, True, None, [["players", 4]]])
    elif kind < 0.3:      # another rule configuration of the preset (valid options)
        from solver.checking import CONFIGS
        d["options"] = dict(rng.choice([o for p, o in CONFIGS if p == d.get("variant")]
                                       or [{}]))
    elif kind < 0.4 and opts:
        del opts[rng.choice(sorted(opts, key=repr))]
    else:
        opts[rng.choice(OPTION_NAMES + [1, None, True])] = rng.choice(JUNK_OPTION_VALUES)
    return f"options {d['options']!r}"


def m_variant(d, rng):
    d["variant"] = rng.choice(list(PRESETS) + ["JAPANESE", " nap ", "napoleon", "", None, 5, [],
                                               {"name": "nap"}, "bridge\x00", "mighty:", True])
    return f"variant {d['variant']!r}"


def m_delete_field(d, rng):
    key = rng.choice(FIELDS)
    d.pop(key, None)
    return f"delete {key}"


def m_null_field(d, rng):
    key = rng.choice(FIELDS)
    d[key] = rng.choice([None, None, [], {}, "", 0, True, "x"])
    return f"{key} = {d[key]!r}"


def m_extra_field(d, rng):
    key = rng.choice(["bogus", "Variant", "hand", "tricks", "dealer", "value", "", " x\n", 1,
                      None, False])
    d[key] = rng.choice(JUNK_SCALARS)
    return f"extra {key}"


def m_hands_shape(d, rng):
    h = d.get("hands")
    kind = rng.choice(["string", "drop", "add", "hand_string", "nest", "dict", "empty",
                       "cards_flat", "tuple_like"])
    if kind == "string":
        d["hands"] = json.dumps(h)
    elif kind == "drop" and _hands(d):
        h.pop(rng.randrange(len(h)))
    elif kind == "add" and _hands(d):
        h.insert(rng.randrange(len(h) + 1), rng.choice([[], list(h[0]), ["ZZ"]]))
    elif kind == "hand_string" and _hands(d):
        i = rng.randrange(len(h))
        h[i] = " ".join(map(str, h[i]))
    elif kind == "nest" and _hands(d):
        i = rng.randrange(len(h))
        h[i] = [h[i]]
    elif kind == "dict" and _hands(d):
        d["hands"] = {str(i): x for i, x in enumerate(h)}
    elif kind == "empty":
        d["hands"] = rng.choice([[], [[]], None])
    elif kind == "cards_flat" and _hands(d):
        d["hands"] = [c for x in h for c in x]
    elif kind == "tuple_like" and _hands(d):
        d["hands"] = [x for x in h] + [None]
    return f"hands {kind}"


def m_whole(d, rng):
    """Rarely: the position replaced by something that is not an object."""
    return rng.choice([[d], "position", 5, None, [], True])


MUTATIONS = [m_move_card, m_swap_cards, m_swap_cards, m_delete_card, m_duplicate_card,
             m_foreign_card, m_trump, m_trump, m_seat, m_seat, m_trick, m_played, m_played,
             m_played, m_state, m_state, m_state, m_options, m_options, m_variant,
             m_delete_field, m_null_field, m_extra_field, m_hands_shape]


def mutate(data: dict, rng: random.Random):
    """A mutated deep copy of ``data`` and the mutations applied."""
    d = copy.deepcopy(data)
    steps = []
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4])):
        if rng.random() < 0.01:
            return m_whole(d, rng), steps + ["whole"]
        m = rng.choice(MUTATIONS)
        steps.append(m(d, rng))
    return d, steps


# ---- junk fields of a Position built directly --------------------------------------------------


def direct_junk(pos, rng: random.Random):
    """``(field, value)`` pairs to put in ``pos`` with ``dataclasses.replace``."""
    from solver.checking import CONFIGS
    n, tricks = len(pos.hands), pos.variant.tricks
    held = [c for h in pos.hands for c in cards_of(h)]
    other = get_variant(rng.choice(PRESETS))
    junk = {
        "trump": [None, NT, "S", 0, 4, -1, Suit.HEARTS, Suit.CLUBS, "nt", 1.0, True, 2 ** 70],
        "declarer": [-1, n, 2 ** 70, True, 1.0, "0", None, *range(n)],
        "partner": [-1, n, 2 ** 70, True, 1.0, "0", None, pos.declarer, *range(n)],
        "leader": [-1, n, 2 ** 70, True, 1.0, "0", None, *range(n)],
        "trick": [-1, tricks, tricks - 1, 2 ** 70, True, 1.0, "3", None, pos.trick + 1,
                  pos.trick - 1],
        "hands": [list(pos.hands), pos.hands[:-1], pos.hands + (0,), pos.hands[:1] * n,
                  (-1,) + pos.hands[1:], (1 << 70,) + pos.hands[1:],
                  (pos.hands[0] | 1 << JOKER,) + pos.hands[1:], (True,) + pos.hands[1:],
                  (float(pos.hands[0]),) + pos.hands[1:], "hands", None,
                  tuple(reversed(pos.hands)), (pos.hands[0] | 1 << 63,) + pos.hands[1:],
                  (pos.hands[0] | 1 << 60,) + pos.hands[1:], (0,) * 8, ()],
        "played": [list(pos.played), pos.played + (rng.choice(held),) if held else (),
                   (JOKER,), (53,), (-1,), (2 ** 70,), (True,), ("AS",), tuple(range(8)),
                   None, pos.played[:-1], pos.played * 2, (1.0,), (63,), (64,)],
        "joker_suit": [0, 1, 3, Suit.SPADES, 4, -1, True, "S", 2 ** 70, None, 1.0],
        "joker_called": [True, False, 1, 0, "yes", None],
        "coup_card": [rng.randrange(53), 52, 53, -1, 2 ** 70, True, "AS", 63, 64, None,
                      rng.choice(held) if held else 0],
        "reveal_used": [True, False, 1, None, "true"],
        "contract": ["misere", "tricks", "MISERE", 1, None, "", ["misere"]],
        "variant": [other, get_variant(pos.variant.name), "japanese", None, 5,
                    *[get_variant(p, o) for p, o in CONFIGS if p == pos.variant.name]],
    }
    out = []
    for _ in range(rng.choice([1, 1, 2])):
        field = rng.choice(sorted(junk))
        out.append((field, rng.choice(junk[field])))
    return out


# ---- one case, in the worker -------------------------------------------------------------------

JUNK_TARGETS = [1.5, "3", None, True, [], float("nan"), float("inf"), 2 ** 70, -2 ** 70, 10 ** 30]
JUNK_LIMITS = [
    {"mode": "card"}, {"mode": "CARDS!"}, {"mode": ""}, {"mode": None}, {"mode": 1},
    {"mode": "values"},
    {"node_limit": 0}, {"node_limit": -1}, {"node_limit": 1.5}, {"node_limit": True},
    {"node_limit": "100"}, {"node_limit": 2 ** 70}, {"node_limit": 1},
    {"time_limit": 0}, {"time_limit": -1}, {"time_limit": float("nan")},
    {"time_limit": float("inf")}, {"time_limit": "1"}, {"time_limit": True},
    {"tt_mb": 0}, {"tt_mb": -1}, {"tt_mb": 2 ** 70}, {"tt_mb": 1.5}, {"tt_mb": True},
    {"tt_mb": "64"}, {"table": "x"}, {"table": 1},
]


class Bug(Exception):
    pass


def _call(f, *args, **kw):
    """``("ok", result)``, ``("limit", error)`` or ``("error", error)``; raises ``Bug`` for
    anything that is not a ``NapoleonError`` with a message."""
    from solver import SearchLimitError
    try:
        return "ok", f(*args, **kw)
    except SearchLimitError as e:
        return "limit", e
    except NapoleonError as e:
        if not str(e).strip():
            raise Bug(f"{type(e).__name__} with an empty message") from None
        return "error", e
    except Exception:       # noqa: BLE001 - that is the bug being looked for
        raise Bug(traceback.format_exc(limit=-4).strip()) from None


def _small(pos) -> bool:
    cards = sum(bin(h).count("1") for h in pos.hands) + len(pos.played)
    return pos.tricks_left <= REFERENCE_TRICKS and cards <= REFERENCE_CARDS


def _same_but_a_spent_reveal(back, pos) -> bool:
    """``pos`` built directly says the Secretary's reveal is unspent where the coup card,
    played to the current trick off-suit, spent it (the JSON replay says so): harmless, the
    reveal only ever frees the coup card, which no hand holds any more."""
    return (dataclasses.replace(back, reveal_used=pos.reveal_used) == pos
            and not any(h >> pos.coup_card & 1 for h in pos.hands))


def check_accepted(pos, rng: random.Random, how: str) -> str:
    """The checks on a position that was accepted (read from JSON or built directly)."""
    import solver
    from solver.api import bounds

    kind, back = _call(lambda: Position.from_json(json.loads(json.dumps(pos.to_json()))))
    if kind != "ok":
        raise Bug(f"accepted ({how}) but its JSON is refused: {back}")
    if back != pos and not _same_but_a_spent_reveal(back, pos):
        raise Bug(f"accepted ({how}) but its JSON reads back differently: {back!r} != {pos!r}")
    mode = rng.choice(["cards", "cards", "value"])
    tt = rng.choice([1, 2, 4])
    kind, res = _call(solver.solve, pos, mode=mode, node_limit=NODE_LIMIT, tt_mb=tt)
    if kind == "error":
        raise Bug(f"accepted ({how}), refused by solve: {res}")
    outcome = f"{how}:{kind}"
    if kind == "ok" and _small(pos):
        kind_r, ref = _call(reference.solve, pos)
        if kind_r != "ok":
            raise Bug(f"reference refuses an accepted position: {ref}")
        value, plays = ref
        if res.value != value or (mode == "cards" and res.plays != plays):
            raise Bug(f"solver {res.value} {res.plays} vs reference {value} {plays}")
        outcome += ":ref"
        for t in (value - 1, value, value + 1, rng.randrange(-3, 25)):
            kind_b, b = _call(bounds, pos, t, node_limit=NODE_LIMIT, tt_mb=tt)
            if kind_b == "error":
                raise Bug(f"bounds refuses an accepted position: {b}")
            if kind_b == "ok":
                lo, hi = b
                if not lo <= value <= hi or (lo >= t) != (value >= t) or (hi < t) == (value >= t):
                    raise Bug(f"bounds({t}) = {b} for value {value}")
        kind_r2, r = _call(solver.reaches, pos, value, node_limit=NODE_LIMIT, tt_mb=tt)
        if kind_r2 == "ok" and r is not True:
            raise Bug(f"reaches(value {value}) is {r}")
    if rng.random() < 0.3:
        target = rng.choice(JUNK_TARGETS)
        kind_t, r = _call(solver.reaches, pos, target, node_limit=NODE_LIMIT, tt_mb=tt)
        int_target = isinstance(target, int) and not isinstance(target, bool)
        if kind_t == "error" and int_target:
            raise Bug(f"reaches refuses the whole-number target {target}: {r}")
        if kind_t == "ok" and not int_target:
            raise Bug(f"reaches accepts the target {target!r}")
        if kind_t == "ok" and abs(target) > 1000 and r != (target < 0):
            raise Bug(f"reaches({target}) is {r}")
    if rng.random() < 0.2:
        junk = rng.choice(JUNK_LIMITS)
        kw = {"node_limit": NODE_LIMIT, "tt_mb": 1, **junk}
        kind_j, r = _call(solver.solve, pos, **kw)
        node_limit, tt_mb = junk.get("node_limit", 1), junk.get("tt_mb", 1)
        valid = (type(node_limit) is int and node_limit == 1 and type(tt_mb) is int
                 and 1 <= tt_mb <= 1 << 20
                 and "time_limit" not in junk and "table" not in junk
                 and junk.get("mode", "cards") in ("cards", "value"))
        if kind_j == "error" and valid:
            raise Bug(f"solve refuses the valid {junk}: {r}")
        if kind_j != "error" and not valid and not junk.get("time_limit") == float("inf"):
            raise Bug(f"solve accepts {junk}")
    return outcome


def run_json_case(data, rng: random.Random, as_text: bool) -> str:
    arg = json.dumps(data) if as_text else data
    kind, pos = _call(Position.from_json, arg)
    if kind == "error":
        return "rejected"
    return check_accepted(pos, rng, "json")


def run_direct_case(base, changes, rng: random.Random) -> str:
    import solver
    try:
        pos = dataclasses.replace(base, **dict(changes))
    except Exception as e:      # noqa: BLE001 - a frozen dataclass takes anything
        raise Bug(f"replace failed: {e!r}") from None
    kind, res = _call(solver.solve, pos, mode=rng.choice(["cards", "value"]),
                      node_limit=NODE_LIMIT, tt_mb=1)
    if kind == "error":
        if rng.random() < 0.5:
            kind_b, b = _call(solver.reaches, pos, rng.randrange(-2, 20), node_limit=NODE_LIMIT,
                              tt_mb=1)
            if kind_b != "error":
                raise Bug(f"solve refuses ({res}) but reaches accepts")
        return "rejected"
    return check_accepted(pos, rng, "direct")


def base_positions(preset: str, seed: int, count: int):
    """Valid positions of ``preset``: ``checking.positions`` and some at the first trick."""
    from solver.checking import CONFIGS, positions, random_position
    out = list(positions(preset, count, seed=seed, max_tricks=4))
    rng = random.Random(f"first:{preset}:{seed}")
    configs = [o for p, o in CONFIGS if p == preset]
    for i in range(max(2, count // 4)):
        opts = configs[i % len(configs)]
        v = get_variant(preset, opts)
        pos = random_position(preset, opts, rng, v.tricks, rng.choice([0, 0, 1, 2]),
                              misere=preset == "nap" and i % 2 == 1)
        out.append(pos)
    return out


def make_cases(preset: str, seed: int, count: int):
    """``count`` seeded cases: ``(description, run)`` pairs."""
    rng = random.Random(f"fuzz:{preset}:{seed}")
    bases = base_positions(preset, seed, max(4, min(40, count // 6)))
    for i in range(count):
        base = rng.choice(bases)
        case_rng = random.Random(f"{preset}:{seed}:{i}")
        r = rng.random()
        if r < 0.2:
            if case_rng.random() < 0.3:
                # stale state: a few legal cards later, with a field from before them
                later = base
                for _ in range(case_rng.randint(1, 3)):
                    if not later.is_over:
                        later = later.play(case_rng.choice(later.legal_moves()))
                field = case_rng.choice(["trump", "joker_suit", "joker_called", "reveal_used",
                                         "leader", "trick", "played"])
                changes = [(field, getattr(base, field))]
                base = later
            else:
                changes = direct_junk(base, case_rng)
            desc = f"direct {base.dumps()} with {changes!r}"
            yield desc, (lambda b=base, c=changes, g=case_rng: run_direct_case(b, c, g))
        else:
            data, steps = mutate(base.to_json(), case_rng) if r > 0.25 else (base.to_json(), [])
            as_text = case_rng.random() < 0.3
            # as text: the JSON given; as a dict: its repr (JSON would turn a key None to "null")
            desc = f"text {steps} {json.dumps(data)}" if as_text else f"dict {steps} {data!r}"
            yield desc, (lambda d=data, g=case_rng, t=as_text: run_json_case(d, g, t))


def worker_main(preset: str, seed: int, count: int, first: int = 0) -> None:
    """Run the cases (from case ``first`` on), one JSON line before each (its input) and one
    after (its outcome)."""
    out = sys.stdout
    for i, (desc, run) in enumerate(make_cases(preset, seed, count)):
        if i < first:
            continue
        if os.environ.get("NAPOLEON_FUZZ_CRASH_AT") == str(i):     # the harness's own test
            out.write(json.dumps({"case": i, "input": "a deliberate segfault"}) + "\n")
            out.flush()
            import ctypes
            ctypes.string_at(0)
        out.write(json.dumps({"case": i, "input": desc}) + "\n")
        out.flush()
        start = time.perf_counter()
        try:
            outcome, bug = run(), None
        except Bug as e:
            outcome, bug = "bug", str(e)
        except RecursionError:
            outcome, bug = "bug", "RecursionError"
        took = time.perf_counter() - start
        if took > CASE_SECONDS and bug is None:
            outcome, bug = "bug", f"took {took:.1f} s"
        out.write(json.dumps({"done": i, "outcome": outcome, "bug": bug,
                              "seconds": round(took, 3)}) + "\n")
        out.flush()


WORKER = ("import importlib.util, sys\n"
          "spec = importlib.util.spec_from_file_location('fuzz_input_worker', sys.argv[1])\n"
          "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
          "m.worker_main(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))\n")


def run_worker(preset: str, seed: int, count: int, timeout: float, first: int = 0):
    """Run cases ``first..count-1`` of ``preset`` in a subprocess: ``(outcomes, problems,
    resume)``, where a problem is a bug a case reported, or the case a crash or a timeout
    stopped in, and ``resume`` the case to go on from after such a stop (None: all ran)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cmd = [sys.executable, "-c", WORKER, str(Path(__file__).resolve()), preset, str(seed),
           str(count), str(first)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                              env=env)
        stdout, stderr, code = done.stdout, done.stderr, done.returncode
    except subprocess.TimeoutExpired as e:
        stdout = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        stderr = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
        code = f"timeout after {timeout} s"
    inputs, outcomes, problems = {}, {}, []
    for line in stdout.splitlines():
        msg = json.loads(line)
        if "case" in msg:
            inputs[msg["case"]] = msg["input"]
        else:
            outcomes[msg["done"]] = msg["outcome"]
            if msg["bug"]:
                problems.append(f"{preset} case {msg['done']}: {msg['bug']}\n  input: "
                                f"{inputs[msg['done']]}")
    resume = None
    if code != 0 or len(outcomes) < count - first:
        stuck = [i for i in inputs if i not in outcomes]
        where = f"\n  input: {inputs[stuck[0]]}" if stuck else ""
        problems.append(f"{preset}: the worker stopped ({code}) after {len(outcomes)} of "
                        f"{count - first} cases{where}\n  stderr: {stderr[-2000:]}")
        if stuck and stuck[0] + 1 < count:
            resume = stuck[0] + 1
    return outcomes, problems, resume


# ---- the tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_fuzzed_positions(preset):
    count = N_MUTATIONS // len(PRESETS)
    outcomes, problems, _ = run_worker(preset, SEED, count, timeout=120)
    assert not problems, "\n".join(problems[:5])
    seen = set(outcomes.values())
    # the campaign must reach both sides: positions refused and positions solved
    assert "rejected" in seen and any(o.startswith("json:") for o in seen), seen


def test_harness_reports_a_crash_with_its_input(monkeypatch):
    """A worker that dies (here a deliberate segfault at case 2) is a problem that names the
    case's input, and the campaign can go on from the case after it."""
    monkeypatch.setenv("NAPOLEON_FUZZ_CRASH_AT", "2")
    outcomes, problems, resume = run_worker("nap", SEED, 5, timeout=60)
    assert sorted(outcomes) == [0, 1] and resume == 3
    assert len(problems) == 1 and "a deliberate segfault" in problems[0], problems
    assert "the worker stopped (-11)" in problems[0], problems     # SIGSEGV


def _cli(*args, input=None, timeout=60):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=timeout, input=input)


def _assert_cli_error(r, what):
    assert r.returncode == 2, (what, r.returncode, r.stdout[-500:], r.stderr[-2000:])
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) > 8, \
        (what, r.stderr[-2000:])
    assert "Traceback" not in r.stderr + r.stdout, (what, r.stderr[-2000:])


def _corrupt_text(text: str, rng: random.Random) -> str:
    kind = rng.choice(["truncate", "garbage", "nan", "huge", "deep", "empty", "bom", "dup_key"])
    if kind == "truncate":
        return text[:rng.randrange(len(text))]
    if kind == "garbage":
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(["\x00", "}", "]]", ",", "\ufffd", "'"]) + text[i:]
    if kind == "nan":
        return text.replace('"trick": ', '"trick": NaN, "x": ', 1)
    if kind == "huge":
        return text.replace('"declarer": ', '"declarer": 1' + "0" * 5000 + ', "y": ', 1)
    if kind == "deep":
        return "[" * 100_000 + "]" * 100_000
    if kind == "empty":
        return rng.choice(["", " ", "\n", "null", "{}", "[]"])
    if kind == "bom":
        return "\ufeff" + text
    return text[:-1] + ', "hands": 5}'


def test_cli_position_files(tmp_path):
    """``napoleon solve --position FILE --json`` on mutated positions: exit 2 with one error
    line when ``Position.from_json`` refuses the file, 0 or 3 with the JSON answer when not."""
    rng = random.Random(f"cli:{SEED}")
    bases = [p for preset in PRESETS for p in base_positions(preset, SEED, 2)[:1]]
    for i in range(N_CLI_POSITIONS):
        base = rng.choice(bases)
        if i % 4 == 3:
            text = _corrupt_text(base.dumps(), rng)
        else:
            data, _ = mutate(base.to_json(), rng) if i % 5 else (base.to_json(), [])
            text = json.dumps(data)
        path = tmp_path / f"pos{i}.json"
        path.write_text(text, encoding="utf-8")
        try:
            Position.from_json(text.removeprefix("\ufeff"))     # the CLI drops a leading BOM
            good = True
        except NapoleonError:
            good = False
        r = _cli("solve", "--position", str(path), "--json", "--node-limit", str(NODE_LIMIT),
                 "--tt-mb", "2")
        if good:
            assert r.returncode in (0, 3), (text, r.returncode, r.stderr[-2000:])
            out = json.loads(r.stdout)
            assert "value" in out and "plays" in out, (text, out)
        else:
            _assert_cli_error(r, text[:3000])
    # a file that is not UTF-8, and one that is not there
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00{")
    _assert_cli_error(_cli("solve", "--position", str(tmp_path / "bin.json")), "not utf-8")
    _assert_cli_error(_cli("solve", "--position", str(tmp_path / "none.json")), "missing")


def _corrupt_deal(text: str, rng: random.Random) -> str:
    prefix, _, body = text.partition(":")
    chars = list(body)
    kind = rng.choice(["drop", "dup", "move", "swap", "dot", "joker", "prefix", "bar",
                       "hand", "junk", "ten", "lower", "empty"])
    pos = [i for i, ch in enumerate(chars) if ch not in " .|"]
    dots = [j for j, c in enumerate(chars) if c == "."]
    if len(pos) < 2 or not dots or " " not in chars:
        kind = rng.choice(["prefix", "bar", "hand", "empty", "lower"])
    if kind == "drop":
        del chars[rng.choice(pos)]
    elif kind == "dup":
        i = rng.choice(pos)
        chars.insert(i, chars[i])
    elif kind == "move":
        i = rng.choice(pos)
        ch = chars.pop(i)
        chars.insert(rng.choice([j for j, c in enumerate(chars) if c == "."]), ch)
    elif kind == "swap":
        i, j = rng.sample(pos, 2)
        chars[i], chars[j] = chars[j], chars[i]
    elif kind == "dot":
        del chars[rng.choice(dots)]
    elif kind == "joker":
        chars.insert(rng.choice([j for j, c in enumerate(chars) if c == " "]), "+JO")
    elif kind == "prefix":
        prefix = rng.choice(["", "japanese", "bogus", "NAP", "bridge", "mighty", " "])
    elif kind == "bar":
        chars = [c for c in chars if c != "|"] + rng.choice([[], ["|"] * 2, ["|", "A"]])
    elif kind == "hand":
        chars += rng.choice([" ...", " AKQ...", " .....", " ." * 3])
    elif kind == "junk":
        chars.insert(rng.randrange(len(chars) + 1),
                     rng.choice(["X", "1", "0", "\u2660", "\x00", "+", "++JO", "10", "JOKER"]))
    elif kind == "ten":
        return (prefix + ":" + "".join(chars)).replace("T", "10")
    elif kind == "lower":
        return (prefix + ":" + "".join(chars)).lower()
    elif kind == "empty":
        return rng.choice(["", ":", "nap:", "nap: |", "|", " "])
    return prefix + ":" + "".join(chars)


def test_cli_corrupted_deals():
    """``napoleon solve DEAL`` and ``napoleon analyse DEAL`` on corrupted one-line deals:
    exit 2 with one error line when the notation is refused, never a traceback; a deal that
    still reads is solved (exit 0, or 3 when a limit stops it)."""
    rng = random.Random(f"deals:{SEED}")
    games = [("nap", {"players": "3"}, ["--declarer", "1"]),
             ("japanese", {"players": "7"}, ["--declarer", "0", "--trump", "C", "--call", "AS",
                                              "--discard", "2C 3C 4C"]),
             ("bridge", {}, ["--declarer", "0", "--trump", "NT"])]
    for i in range(N_CLI_DEALS):
        name, opts, extra = games[i % len(games)]
        v = get_variant(name, opts)
        text = deal_str(random_deal(v, rng.randrange(1 << 30)))
        bad = _corrupt_deal(text, rng)
        try:
            parse_deal(bad, v)
            good = True
        except NapoleonError:
            good = False
        o = [a for k, val in opts.items() for a in ("-o", f"{k}={val}")]
        stdin = "\x00" in bad or i % 3 == 2      # (no NUL in a command line: read from stdin)
        arg = "-" if stdin else bad
        if i % 2:
            args = ["analyse", arg, "-v", name, *o, "--node-limit", "20000", "--time-limit", "5",
                    "--declarer", "0", "--json"]
        else:
            args = ["solve", arg, "-v", name, *o, *extra, "--node-limit", "20000", "--json"]
        r = _cli(*args, input=bad if stdin else None)
        if good and r.returncode != 2:
            assert r.returncode in (0, 3), (bad, r.returncode, r.stderr[-2000:])
        else:
            assert not good or "--discard" in args, (bad, r.stderr)   # a swapped card may
            _assert_cli_error(r, bad)                                 # spoil the discard


JUNK_MOVES = ["ZZ", "", " ", "JO:", "JO:X", "AS!!", "AS:S", ":", "!", "JO:S!", "JO:NT", "10S",
              "JOKER:H", 2 ** 70, -1, 52, 53, 1.5, None, True, b"AS", [], Move(2 ** 70),
              Move(-1), Move(0, 7), Move(52, "S"), Move(52, 9), Move("AS"), Move(None),
              Move(0, None, "x"), Move(True), Move(52, True)]


def test_fuzzed_plays():
    """``Position.play`` with junk moves and with every card of the deck (legal or not, with
    and without a Joker suit or call): a new position or a ``NapoleonError`` (an
    ``IllegalPlayError``, a ``CardParseError`` for card text that is no card)."""
    rng = random.Random(f"plays:{SEED}")
    for preset in PRESETS:
        for pos in base_positions(preset, SEED, 3):
            legal = set(pos.legal_moves())
            moves = JUNK_MOVES + [Move(c, rng.choice([None, None, *Suit]), rng.random() < 0.2)
                                  for c in range(53)]
            for move in moves:
                try:
                    pos.play(move)
                    assert move in legal or isinstance(move, (str, int)), (pos.dumps(), move)
                except NapoleonError as e:
                    assert str(e).strip()
                    assert not (isinstance(move, Move) and move in legal), (pos.dumps(), move)


def test_fuzzed_deal_text():
    """``parse_deal`` on corrupted one-line deals, with junk variants: a ``Deal`` (which
    writes back to the same deal) or a ``NapoleonError`` with a message."""
    from solver.checking import CONFIGS
    rng = random.Random(f"deal-text:{SEED}")
    accepted = 0
    for _ in range(N_MUTATIONS * 2):
        preset, options = rng.choice(CONFIGS)
        v = get_variant(preset, options)
        text = deal_str(random_deal(v, rng.randrange(1 << 30)))
        for _ in range(rng.choice([1, 1, 2, 3])):
            text = _corrupt_deal(text, rng)
        variant = rng.choice([None, v, v, preset, get_variant(rng.choice(PRESETS)), 5, "", [],
                              "bogus"])
        if rng.random() < 0.05:
            text = rng.choice([None, 5, b"nap:...", [], text.encode()])
        try:
            deal = parse_deal(text, variant)
        except NapoleonError as e:
            assert str(e).strip(), (text, variant)
            continue
        accepted += 1
        assert parse_deal(deal_str(deal), deal.variant) == deal, (text, variant)
    assert accepted


# ---- regression tests of the bugs the campaign found --------------------------------------------

JAPOLEON_MID_TRICK = {
    "variant": "japoleon", "trump": "S", "declarer": 1, "partner": 3,
    "hands": [["JO", "JS", "9S", "7S", "TH", "4H", "JD", "TD", "5D", "8C"],
              ["AS", "QH", "9H", "8H", "AD", "QD", "JC", "5C", "4C"],
              ["TS", "8S", "JH", "KD", "3D", "AC", "9C", "6C", "2C"],
              ["6S", "4S", "3S", "2S", "AH", "6H", "5H", "9D", "KC", "QC"],
              ["QS", "5S", "KH", "7H", "3H", "7D", "2D", "TC", "7C", "3C"]],
    "leader": 1, "trick": 0, "played": ["4D", "8D"],
}


@pytest.mark.parametrize("trump", ["NT", "nt", "N", "NOTRUMP"])
def test_trump_not_allowed_is_refused_before_the_played_cards_are_replayed(trump):
    """Bug: a Japoleon position with trump NT and cards in 'played' raised ValueError
    (Japoleon's Jacks of trump 'NT', while the trick was replayed before the trump was
    checked); the command line said 'internal error', exit 1."""
    assert Position.from_json(JAPOLEON_MID_TRICK).trump == Suit.SPADES
    with pytest.raises(PositionError, match="trump NT is not allowed in japoleon"):
        Position.from_json({**JAPOLEON_MID_TRICK, "trump": trump})


def test_cli_trump_not_allowed_mid_trick(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({**JAPOLEON_MID_TRICK, "trump": "NT"}))
    _assert_cli_error(_cli("solve", "--position", str(path)), "japoleon NT")


def test_misere_with_trump_none_is_refused():
    """Bug: a Nap Misère position built with trump None (the JSON form turns null into NT)
    was accepted by the solver and solved as if the first lead named trump: a wrong value
    in about a third of 3-player deals."""
    import solver
    v = get_variant("nap", {"players": 3})
    pos = Position(v, NT, 0, None, random_deal(v, 9).hands, leader=0, contract="misere")
    assert solver.solve(pos).value == 3       # (read with trump from the first lead: 2)
    bad = dataclasses.replace(pos, trump=None)
    for call in (solver.solve, lambda p: solver.reaches(p, 1), Position.check_rules):
        with pytest.raises(PositionError, match="Mis.re is played at No Trump"):
            call(bad)
    as_null = {**pos.to_json(), "trump": None}     # null in JSON still means NT
    assert Position.from_json(as_null) == pos


@pytest.mark.parametrize("change,words", [
    ({1: 2}, "unknown position field(s): 1"),
    ({None: 2, "x": 1}, "unknown position field(s): None, x"),
    ({"": 1}, "unknown position field(s): ''"),
    ({"state": {None: True}}, "unknown state key(s): None"),
    ({"state": {" joker_suit": "S"}}, "unknown state key(s): ' joker_suit'"),
    ({"options": {1: True}}, "an option name must be text, not 1"),
    ({"options": {None: 4}}, "an option name must be text, not None"),
])
def test_keys_that_are_not_names(change, words):
    """Bug: a position dict (made in Python) with a key that is not text, in the position,
    its 'state' or its 'options', raised TypeError; an empty key was shown as nothing."""
    data = {**JAPOLEON_MID_TRICK, **change}
    with pytest.raises(NapoleonError) as e:
        Position.from_json(data)
    assert words in str(e.value)
    with pytest.raises(OptionError):
        get_variant("nap", {1: True})


@pytest.mark.parametrize("hands", [[], [[]], [["AS"]] * 4, [[]] * 6])
def test_wrong_number_of_hands_named_before_the_seats(hands):
    """A position with the wrong number of hands said "'declarer' must be a seat 0..-1"."""
    with pytest.raises(PositionError, match=f"played by 5 players, but 'hands' has {len(hands)}"):
        Position.from_json({**JAPOLEON_MID_TRICK, "hands": hands})


@pytest.mark.parametrize("variant", [5, [], {}, 1.5])
def test_deal_with_a_junk_variant(variant):
    """Bug: ``parse_deal(text, variant)`` and ``random_deal(variant)`` with a variant that
    is neither a name nor a Variant raised AttributeError."""
    text = deal_str(random_deal(get_variant("nap"), 1))
    with pytest.raises(NapoleonError, match="unknown variant"):
        parse_deal(text, variant)
    with pytest.raises(NapoleonError, match="unknown variant"):
        random_deal(variant, 1)


@pytest.mark.parametrize("move,words", [
    (None, "a move is card text"), (1.5, "a move is card text"), (b"AS", "a move is card text"),
    (-1, "no card has number -1"), (Move(-1), "no card has number -1"),
    (Move("AS"), "no card has number 'AS'"), (Move(True), "no card has number True"),
    (Move(0, 7), "must be a Suit"), (Move(52, "S"), "must be a Suit"),
    (Move(0, None, "x"), "Joker call is True or False"), (True, "a move is card text"),
])
def test_play_junk_moves(move, words):
    """Bug: ``Position.play`` with a move that is not card text, a card number or a Move of
    a card 0..52 raised AttributeError, TypeError or ValueError ('negative shift count')."""
    from napoleon_rules import IllegalPlayError
    pos = Position.from_json(JAPOLEON_MID_TRICK)
    with pytest.raises(IllegalPlayError, match=re.escape(words)):
        pos.play(move)



@pytest.mark.parametrize("junk", [None, 5, b"AS", ["AS"]])
def test_card_and_bid_readers_refuse_what_is_not_text(junk):
    """``Move.from_str`` and ``parse_bid`` on something that is not text raised
    AttributeError ('strip'); a Python caller gets the same kind of error as for bad text."""
    from napoleon_rules import IllegalPlayError
    from napoleon_rules.moves import parse_bid
    with pytest.raises(IllegalPlayError, match="a move is card text"):
        Move.from_str(junk)
    with pytest.raises(IllegalPlayError, match="a bid is text"):
        parse_bid(junk)

if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    presets = sys.argv[3].split(",") if len(sys.argv) > 3 else PRESETS
    total = 0
    for preset in presets:
        start = time.perf_counter()
        outcomes, problems, first = {}, [], 0
        while first is not None:     # after a crash or a hang, go on from the next case
            got, found, first = run_worker(preset, seed, count, timeout=3600, first=first)
            outcomes.update(got)
            problems += found
        stats = {}
        for o in outcomes.values():
            stats[o] = stats.get(o, 0) + 1
        print(f"{preset}: {len(outcomes)} cases in {time.perf_counter() - start:.0f} s {stats}",
              flush=True)
        for p in problems:
            print("BUG", p, flush=True)
        total += len(problems)
    sys.exit(1 if total else 0)
