"""The one-line deal notation (napoleon_rules/deal.py): exact round trips for every preset and
option set, and errors that name the problem."""

from __future__ import annotations

import random

import pytest

from napoleon_rules import Deal, DealError, NapoleonError, get_variant, parse_deal, deal_str, random_deal
from napoleon_rules.cards import count, mask_of, parse_cards, points_of
from napoleon_rules.deal import hand_str, parse_hand
from napoleon_rules.errors import UnknownVariantError
from napoleon_rules.variant import variant_names

PRESETS = ("japanese", "japanese-stakes", "mighty", "japoleon", "secretary", "nap", "bridge")

# (preset, options, players, cards each, cards in the rest) from RULES.md sections 1-8.
VARIANT_SETS = [
    ("japanese", {}, 5, 10, 2),
    ("japanese-stakes", {}, 5, 10, 2),
    ("mighty", {}, 5, 10, 3),
    ("japoleon", {}, 5, 10, 3),
    ("secretary", {}, 5, 10, 2),
    ("nap", {}, 5, 5, 27),
    ("bridge", {}, 4, 13, 0),
    *[("japanese", {"players": p}, p, k, b)
      for p, k, b in [(3, 16, 4), (4, 12, 4), (5, 10, 2), (6, 8, 4), (7, 7, 3)]],
    *[("japanese-stakes", {"players": p}, p, k, b) for p, k, b in [(3, 16, 4), (6, 8, 4)]],
    # With a Joker the blind grows by one (RULES.md section 7).
    *[("mighty", {"players": p}, p, k, b) for p, k, b in [(3, 16, 5), (4, 12, 5), (7, 7, 4)]],
    *[("japoleon", {"players": p}, p, k, b) for p, k, b in [(4, 12, 5), (6, 8, 5)]],
    *[("nap", {"pack": n, "players": p}, p, 5, n - 5 * p)
      for n, p in [(28, 5), (32, 4), (36, 6), (40, 2), (52, 6)]],
    ("nap", {"seven_card": True}, 5, 7, 17),
    ("nap", {"seven_card": True, "pack": 36, "players": 4}, 4, 7, 8),
    ("nap", {"seven_card": True, "pack": 28, "players": 4}, 4, 7, 0),
]


def vid(item):
    name, opts, *_ = item
    return name + "".join(f"-{k}={v}" for k, v in opts.items())


def test_every_preset_is_covered():
    assert set(variant_names()) == set(PRESETS)


@pytest.mark.parametrize("item", VARIANT_SETS, ids=vid)
def test_random_deals_round_trip_exactly(item):
    name, options, players, hand, rest = item
    v = get_variant(name, options)
    assert (v.players, v.hand_size, v.blind_size) == (players, hand, rest)
    for seed in range(6):
        d = random_deal(v, seed).check()
        assert [count(h) for h in d.hands] == [hand] * players and count(d.rest) == rest
        text = deal_str(d)
        assert text.startswith(name + ":")
        back = parse_deal(text, v)
        assert back == d
        assert deal_str(back) == text
        assert str(back) == text
        if not options:
            assert parse_deal(text) == d      # the prefix alone names a default preset


def test_deal_with_options_needs_the_variant_to_read_back():
    """The notation writes the preset's name, not its options: a 4-player Japanese deal is read
    with the 4-player variant; with the 5-player default the hand count is wrong."""
    v = get_variant("japanese", {"players": 4})
    text = deal_str(random_deal(v, 3))
    with pytest.raises(DealError, match="5 hands.*4"):
        parse_deal(text)
    assert parse_deal(text, v).variant == v


def test_a_hand_by_hand_deal():
    # Japanese: seat i holds the ten top cards of one suit (seat 4: the low cards), blind 3C 2C.
    text = ("japanese:AKQJT98765... .AKQJT98765.. ..AKQJT98765. ...AKQJT98765 "
            "432.432.432.4 | ...32")
    d = parse_deal(text)
    assert d.hands[0] == mask_of(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S"))
    assert d.hands[4] == mask_of(parse_cards("4S 3S 2S 4H 3H 2H 4D 3D 2D 4C"))
    assert d.rest == mask_of(parse_cards("3C 2C"))
    assert deal_str(d) == text
    assert sum(points_of(h) for h in d.hands) == 20


def test_joker_and_ten_and_void_input_forms():
    assert parse_hand("A10.-.K.+jo") == mask_of(parse_cards("AS TS KD JO"))
    assert hand_str(mask_of(parse_cards("AS TS KD JO"))) == "AT..K.+JO"
    assert parse_hand("at.Kq..") == mask_of(parse_cards("AS TS KH QH"))
    assert hand_str(0) == "..."
    # Lower-case prefix, extra spaces, input 10 and '-' voids read to the canonical text.
    v = get_variant("mighty")
    d = random_deal(v, 11)
    canonical = deal_str(d)
    sloppy = "  MIGHTY :  " + "   ".join(canonical.split(":", 1)[1].split()).lower().replace("t", "10")
    assert deal_str(parse_deal(sloppy)) == canonical


def test_deal_class_helpers():
    d = random_deal("secretary", random.Random(5))
    assert Deal.from_str(str(d)) == d
    assert random_deal("secretary", 5) == d
    assert random_deal("secretary", 6) != d


# ---- errors -----------------------------------------------------------------------------------------
def deal_text(name="japanese", seed=1, **options):
    return deal_str(random_deal(get_variant(name, options), seed))


def swap_hands(text: str, i: int, j: int) -> str:
    prefix, body = text.split(":", 1)
    hands_part, rest = body.split("|")
    hands = hands_part.split()
    hands[i], hands[j] = hands[j], hands[i]
    return f"{prefix}:{' '.join(hands)} |{rest}"


def test_missing_cards_are_listed():
    # A correct deal with the blind (3C 2C) left out: both cards are named.
    good = ("japanese:AKQJT98765... .AKQJT98765.. ..AKQJT98765. ...AKQJT98765 "
            "432.432.432.4 | ...32")
    no_blind = good.split("|")[0] + "| ..."
    with pytest.raises(DealError) as err:
        parse_deal(no_blind)
    msg = str(err.value)
    assert "missing 2" in msg and "3C" in msg and "2C" in msg
    with pytest.raises(DealError, match="missing 1 card.*: 2C$"):
        parse_deal(good.replace("...32", "...3"))


def test_duplicated_card_is_named():
    good = ("japanese:AKQJT98765... .AKQJT98765.. ..AKQJT98765. ...AKQJT98765 "
            "432.432.432.4 | ...32")
    with pytest.raises(DealError, match=r"\bAS\b.*twice"):
        parse_deal(good.replace("...32", "A...3"))
    with pytest.raises(DealError, match="KS.*twice"):
        parse_hand("AKK...")


@pytest.mark.parametrize("name", ["japanese", "secretary", "nap", "bridge", "japanese-stakes"])
def test_joker_is_not_in_a_52_card_deck(name):
    text = deal_text(name)
    with pytest.raises(DealError, match="JO .*not in the " + name + " deck"):
        parse_deal(text.replace(" |", "+JO |", 1))


def test_card_outside_a_short_pack():
    v = get_variant("nap", {"pack": 32})
    text = deal_str(random_deal(v, 4))
    prefix, body = text.split(":", 1)
    first, others = body.split(" ", 1)
    spades, rest_of_hand = first.split(".", 1)
    bad = f"{prefix}:{spades}2.{rest_of_hand} {others}"
    with pytest.raises(DealError, match="2S .*not in the nap deck"):
        parse_deal(bad, v)


def test_wrong_hand_sizes():
    good = ("japanese:AKQJT98765... .AKQJT98765.. ..AKQJT98765. ...AKQJT98765 "
            "432.432.432.4 | ...32")
    # 5S moves from hand 0 to hand 4: every card once, hand 0 holds 9, hand 4 holds 11.
    moved = good.replace("AKQJT98765... ", "AKQJT9876... ", 1).replace("432.432", "5432.432")
    with pytest.raises(DealError, match="hand 0 holds 9 cards; japanese deals 10"):
        parse_deal(moved)


@pytest.mark.parametrize("name, drop", [("japanese", 1), ("mighty", 1), ("bridge", 1)])
def test_wrong_number_of_hands(name, drop):
    text = deal_text(name)
    prefix, body = text.split(":", 1)
    hands_part, rest = body.split("|")
    hands = hands_part.split()
    v = get_variant(name)
    short = f"{prefix}:{' '.join(hands[:-drop])} |{rest}"
    with pytest.raises(DealError, match=f"needs {v.players} hands, the deal has {v.players - drop}"):
        parse_deal(short)
    extra = f"{prefix}:{' '.join(hands)} ... |{rest}"
    with pytest.raises(DealError, match=f"has {v.players + 1}"):
        parse_deal(extra)


@pytest.mark.parametrize("text, words", [
    ("japanese", "variant"),                          # no colon
    ("", "variant"),
    ("japanese:AKQ.JT9 | ...", "four suits"),
    ("japanese:A.B.C.D | ...", "unknown rank 'B'"),
    ("japanese:AKQ+J.JT9.. | ...", "+JO"),
    ("japanese:AKQ..+JO+JO. | ...", "+JO"),
    ("japanese:AXQ... | ...", "unknown rank 'X'"),
    ("japanese: | ...", "needs 5 hands"),
])
def test_malformed_text(text, words):
    with pytest.raises(DealError) as err:
        parse_deal(text)
    assert words in str(err.value)
    assert "\n" not in str(err.value)


def test_non_text_is_refused():
    with pytest.raises(DealError):
        parse_deal(None)  # type: ignore[arg-type]


def test_unknown_variant_prefix():
    with pytest.raises(UnknownVariantError, match="chess"):
        parse_deal("chess:... ... | ...")


def test_variant_mismatch():
    text = deal_text("japanese")
    with pytest.raises(DealError, match="'japanese'.*'japanese-stakes'"):
        parse_deal(text, "japanese-stakes")
    with pytest.raises(DealError, match="'japanese'.*'mighty'"):
        parse_deal(text, get_variant("mighty"))
    assert parse_deal(text, "japanese") == parse_deal(text)


def test_every_error_is_a_napoleon_error():
    for text in ["x", "japanese:A.B", "chess:...|"]:
        with pytest.raises(NapoleonError):
            parse_deal(text)


def test_check_on_a_hand_built_deal():
    v = get_variant("bridge")
    d = random_deal(v, 0)
    swapped = Deal(v, (d.hands[0] | d.hands[1], 0, d.hands[2], d.hands[3]), 0)
    with pytest.raises(DealError, match="hand 0 holds 26 cards"):
        swapped.check()
    with pytest.raises(DealError, match="twice"):
        Deal(v, (d.hands[0], d.hands[0], d.hands[2], d.hands[3]), d.hands[1]).check()
