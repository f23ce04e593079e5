"""Rules compilation: a ``napoleon_rules`` position's variant, options and sides turned into
the plain numbers of the C ``Rules`` struct (see ``_rules.pxd`` for what each field means).

Runs once per solve, in Python; the search never calls back into Python. Each preset is
read from its Python class in ``napoleon_rules/variants`` (the specification): when a
preset changes there, change the matching function here and run
``tests/test_solver_vs_reference.py``.
"""

from __future__ import annotations

import functools
import hashlib
import os

from napoleon_rules.cards import (ACE, JACK, JOKER, NT, POINT_CARDS, QUEEN, TWO, Suit, make_card,
                                  suit_mask)
from napoleon_rules.errors import NapoleonError
from napoleon_rules.variants import Bridge, Japanese, JapaneseStakes, Japoleon, Mighty, Nap, Secretary
from napoleon_rules.variants.japoleon import japoleon_roles
from napoleon_rules.variants.mighty import mighty_card, ripper_card

ALL_BITS = (1 << 64) - 1
PART_PLAIN, PART_ROLES = 1, 2   # Rules.partition (see _rules.pxd)
# Partition search for the variants with role cards or points (``_part.pxd``, PART_ROLES);
# NAPOLEON_EXACT_KEYS=1 in the environment keeps their exact keys (for comparisons).
ROLE_PARTITION = os.environ.get("NAPOLEON_EXACT_KEYS", "") != "1"
# Under PART_ROLES in the point games, point cards below every relevant card of their suit
# are re-dealt too, each hand keeping its count of them (``_part.pxd``);
# NAPOLEON_POINTS_KEPT=1 keeps every point card's holder instead (for comparisons).
POINT_PARTITION = os.environ.get("NAPOLEON_POINTS_KEPT", "") != "1"
# Role cards whose role is gone for good are searched as ordinary cards (``roles_dead`` in
# ``_rules.pxd``); NAPOLEON_LIVE_ROLES=1 keeps them role cards to the end (for comparisons).
DEAD_ROLES = os.environ.get("NAPOLEON_LIVE_ROLES", "") != "1"
TWOS = sum(1 << make_card(s, TWO) for s in Suit)
JOKER_BIT = 1 << JOKER
JOKER_NO_POWER, JOKER_POWER_ANYWHERE, JOKER_POWER_LED = 0, 1, 2
TRUMP_INDEXES = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, NT)


class UnsupportedVariantError(NapoleonError):
    """The fast solver has no compiled rules for this variant class."""


def trump_index(trump) -> int:
    """State.trump: suit 0..3, 4 No Trump, 5 not fixed yet."""
    if trump is None:
        return 5
    if trump == NT:
        return 4
    return int(trump)


def _trump_table(trump, top=(), pair=None, free=0, lead0_ban1=0, lead0_ban2=ALL_BITS, special=0,
                 mighty=-1, ripper=-1, joker_power=0) -> dict:
    trump_bits = suit_mask(trump) if isinstance(trump, Suit) else 0
    top = list(top)[:3]
    power = []
    for c in range(53):
        if c == JOKER:
            p = joker_power
        elif trump_bits >> c & 1:
            p = 30 + c % 13
        else:
            p = c % 13
        if c in top:
            p = 60 - top.index(c)
        if pair is not None and c == pair[1]:
            p = 61
        power.append(p)
    special |= sum(1 << c for c in top)
    if pair is not None:
        special |= (1 << pair[0]) | (1 << pair[1])
    return {
        "trump_mask": trump_bits,
        "free_mask": free,
        "lead0_ban1": lead0_ban1 & ALL_BITS,
        "lead0_ban2": lead0_ban2 & ALL_BITS,
        "special_mask": special,
        "top": top + [-1] * (3 - len(top)),
        "pair_trigger": pair[0] if pair else -1,
        "pair_winner": pair[1] if pair else -1,
        "mighty": mighty,
        "ripper": ripper,
        "power": power,
    }


def _japanese(v, rules: dict) -> list[dict]:
    mighty = make_card(Suit.SPADES, ACE)
    yoromeki = v.opt("yoromeki")
    rules.update(first_trick_plain=int(v.opt("first_trick_plain")), same_two=int(v.opt("same_two")),
                 pair_from_second_trick=1)   # Yoromeki: from the second trick only
    out = []
    for t in TRUMP_INDEXES:
        top = [mighty]
        if isinstance(t, Suit):
            top += [make_card(t, JACK), make_card(t.partner_suit, JACK)]
        pair = (mighty, make_card(Suit.HEARTS, QUEEN)) if yoromeki else None
        out.append(_trump_table(t, top, pair, special=TWOS if v.opt("same_two") else 0))
    return out


def _mighty(v, rules: dict) -> list[dict]:
    rules.update(joker_mode=JOKER_POWER_ANYWHERE,
                 joker_powerless_first_last=int(v.opt("joker_powerless_first_last")),
                 # off: the first card after the Joker stands in for the lead
                 led_joker_wins_unfollowed=1 if v.opt("led_joker_wins_unfollowed") else 2,
                 joker_names_suit=1)
    out = []
    for t in TRUMP_INDEXES:
        m, rip = mighty_card(t), ripper_card(t)
        free = (JOKER_BIT if v.opt("joker_any_time") else 0) | ((1 << m) if v.opt("mighty_any_time") else 0)
        trumps = suit_mask(t) if isinstance(t, Suit) else 0
        banned = JOKER_BIT | (1 << rip)
        out.append(_trump_table(t, [m], None, free=free, lead0_ban1=banned | trumps,
                                lead0_ban2=banned, special=JOKER_BIT | (1 << rip) | (1 << m),
                                mighty=m, ripper=rip, joker_power=55))
    return out


def _japoleon(v, rules: dict) -> list[dict]:
    rules.update(joker_mode=JOKER_POWER_LED, joker_names_suit=int(v.opt("joker_names_suit")),
                 same_two=1)
    out = []
    for t in TRUMP_INDEXES:
        if not isinstance(t, Suit):   # Japoleon has no No Trump: a harmless plain table
            out.append(_trump_table(t, special=JOKER_BIT | TWOS))
            continue
        r = japoleon_roles(t)
        key = suit_mask(t)
        free = ((1 << r["minor_jack"]) if v.opt("minor_jack_free") else 0) | \
            (JOKER_BIT if v.opt("joker_any_time") else 0)
        ban2 = (ALL_BITS & ~key) if v.opt("key_lead_when_only_key") else ALL_BITS
        out.append(_trump_table(t, [r["mighty"], r["major_jack"], r["minor_jack"]],
                                (r["mighty"], r["killer"]), free=free,
                                lead0_ban1=key | JOKER_BIT, lead0_ban2=ban2,
                                special=JOKER_BIT | TWOS | (1 << r["killer"])))
    return out


def _plain(v, rules: dict) -> list[dict]:
    # No role cards: suit and rank decide every trick, which sure-trick counts and partition
    # search rely on.
    rules.update(quick_tricks=1, partition=PART_PLAIN)
    return [_trump_table(t) for t in TRUMP_INDEXES]


def _secretary(v, rules: dict) -> list[dict]:
    coup = rules["coup_card"]
    rules.update(reveal=int(v.opt("reveal")))
    special = (1 << coup) if coup >= 0 else 0
    return [_trump_table(t, special=special) for t in TRUMP_INDEXES]


COMPILERS = {Japanese: _japanese, JapaneseStakes: _japanese, Mighty: _mighty,
             Japoleon: _japoleon, Secretary: _secretary, Nap: _plain, Bridge: _plain}


def compile_rules(pos) -> dict:
    """The ``Rules`` struct for ``pos`` as a dict (field name -> value), plus ``fingerprint``:
    a 64-bit hash of everything in it (a Table is cleared when it changes). Cached: the
    advisor and the deal analysis ask thousands of questions under the same rules, and
    compiling costs more than a small search. Do not modify the returned dict."""
    return _compile_cached(pos.variant, len(pos.hands), pos.declarer, pos.partner,
                           pos.contract, pos.coup_card)


@functools.lru_cache(maxsize=256)
def _compile_cached(v, n: int, declarer: int, partner, contract, coup_card) -> dict:
    compiler = COMPILERS.get(type(v))
    if compiler is None:
        raise UnsupportedVariantError(f"the fast solver has no rules for variant {v.name!r} "
                                      f"({type(v).__name__})")
    side = {declarer} | ({partner} if partner is not None else set())
    misere = contract == "misere"
    rules = {
        "n_seats": n,
        "n_tricks": v.tricks,
        "unit_points": 1 if v.unit == "points" else 0,
        "point_mask": POINT_CARDS,
        "side_mask": sum(1 << s for s in side),
        "max_mask": sum(1 << s for s in range(n) if (s in side) != misere),
        "first_trick_plain": 0,
        "same_two": 0,
        "joker_mode": JOKER_NO_POWER,
        "joker_powerless_first_last": 0,
        "led_joker_wins_unfollowed": 0,
        "pair_from_second_trick": 0,
        "joker_names_suit": 0,
        "reveal": 0,
        "coup_card": coup_card if coup_card is not None else -1,
        "partner": partner if partner is not None else -1,
        "quick_tricks": 0,
        "partition": 0,
        "part_points": 0,
        "dead_roles": int(DEAD_ROLES),
    }
    rules["tr"] = compiler(v, rules)
    # The search treats some role cards as ordinary once their role is gone for good
    # (``State.dead``): a Same-two 2 once a seat is void in its suit, the pair's winner once
    # its trigger is out of play, the Ripper once the Joker is. Sound only when such a card
    # has no other role.
    twos = [c for c in range(52) if (1 << c) & TWOS] if rules["same_two"] else []
    for t in rules["tr"]:
        roles = [c for c in (*t["top"], t["mighty"], t["pair_trigger"], t["pair_winner"],
                             t["ripper"], rules["coup_card"]) if c >= 0] + twos
        dying = [("a 2 under Same-two", c) for c in twos] + \
            [("the pair's winner", t["pair_winner"]), ("the Ripper", t["ripper"])]
        for name, card in dying:
            if card >= 0 and roles.count(card) > 1:
                raise UnsupportedVariantError(f"{v.name}: {name} has another role")
    if not rules["reveal"]:
        # The partner's seat matters to the C rules only for a reveal (Secretary); elsewhere
        # the side masks say all, so the declarer and the partner of one side compile to the
        # same rules and a Table keeps its entries between their solves (bridge's N and S).
        rules["partner"] = -1
    # Partition keys pack three suit lengths of at most 10 cards (radix 11) beside the Joker.
    if not rules["partition"] and ROLE_PARTITION and v.tricks <= 10:
        rules["partition"] = PART_ROLES
    if rules["partition"] == PART_ROLES and rules["unit_points"] and POINT_PARTITION:
        rules["part_points"] = 1
    digest = hashlib.blake2b(repr(sorted(rules.items())).encode(), digest_size=8).digest()
    rules["fingerprint"] = int.from_bytes(digest, "little")
    return rules
