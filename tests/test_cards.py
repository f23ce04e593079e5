"""Cards and their text (RULES.md "Common to all", POSITION.md card text).

Card numbers are ``suit * 13 + rank - 2`` with suits S=0 H=1 D=2 C=3 and the Joker 52; the
expected numbers below are worked out from that formula by hand.
"""

from __future__ import annotations

import pytest

from napoleon_rules import JOKER, NT, CardParseError, NapoleonError, Suit, Move
from napoleon_rules.cards import (FULL_DECK, FULL_DECK_WITH_JOKER, POINT_CARDS, card_name,
                                  card_rank, card_symbol, card_suit, cards_of, count, is_point_card, make_card,
                                  mask_of, parse_card, parse_cards, parse_suit, parse_trump,
                                  points_of, short_deck, sort_cards, suit_mask, trump_name)
from napoleon_rules.errors import IllegalPlayError

RANKS = "AKQJT98765432"


# ---- card text ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, number", [
    ("2S", 0), ("AS", 12), ("2H", 13), ("TH", 21), ("AH", 25), ("2D", 26), ("JD", 35),
    ("2C", 39), ("QC", 49), ("AC", 51), ("JO", 52),
])
def test_card_numbers(text, number):
    assert parse_card(text) == number
    assert card_name(number) == text


def test_every_rank_and_suit_reads_and_writes():
    seen = set()
    for s, suit_letter in enumerate("SHDC"):
        for r, rank_letter in zip(range(14, 1, -1), RANKS):
            card = parse_card(rank_letter + suit_letter)
            assert card_suit(card) == Suit(s)
            assert card_rank(card) == r
            assert card_name(card) == rank_letter + suit_letter
            seen.add(card)
    assert seen == set(range(52))


@pytest.mark.parametrize("text, canonical", [
    ("as", "AS"), ("Ks", "KS"), ("qH", "QH"), ("td", "TD"), ("tD", "TD"), ("10h", "TH"),
    ("10H", "TH"), ("10c", "TC"), (" 7d ", "7D"), ("jo", "JO"), ("Jo", "JO"), ("JOKER", "JO"),
    ("joker", "JO"),
])
def test_input_is_case_insensitive_and_output_canonical(text, canonical):
    assert card_name(parse_card(text)) == canonical


def test_cards_as_the_output_prints_them_read_back():
    # The text output writes cards with suit symbols (T♦): pasted back as input they were
    # refused ("unknown suit '♦'"), though parse_suit took the symbols.
    for card in range(52):
        assert parse_card(card_symbol(card)) == card
    for text, canonical in [("10\u2666", "TD"), ("a\u2660", "AS"), ("Q\u2663\ufe0f", "QC"),
                            ("2\u2661", "2H"), ("K\u2664", "KS"), ("9\u2662", "9D"),
                            ("J\u2667", "JC")]:
        assert card_name(parse_card(text)) == canonical
    assert parse_cards("T\u2666 3D 2\u2666") == [parse_card("TD"), parse_card("3D"), parse_card("2D")]
    assert parse_suit("\u2667") == Suit.CLUBS and parse_trump("\u2661") == Suit.HEARTS
    assert Move.from_str("JO:\u2665").joker_suit == Suit.HEARTS
    with pytest.raises(CardParseError, match="unknown suit '\u2605'"):
        parse_card("A\u2605")


def test_ten_is_written_t_never_10():
    for s in "SHDC":
        assert card_name(parse_card("10" + s)) == "T" + s
    assert all("10" not in card_name(c) for c in range(53))


@pytest.mark.parametrize("text, named", [
    ("1H", "1"), ("XS", "X"), ("AX", "X"), ("10X", "X"), ("ZZ", "Z"), ("", "''"), ("A", "'A'"),
    ("ASS", "'ASS'"), ("11H", "'11H'"), ("J0", "'J0'"), ("JOK", "'JOK'"), ("2 S", "'2 S'"),
])
def test_bad_card_text_is_a_card_parse_error_naming_it(text, named):
    with pytest.raises(CardParseError) as err:
        parse_card(text)
    assert isinstance(err.value, ValueError)
    assert named in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("value", [None, 12, ["AS"]])
def test_non_text_card_is_refused(value):
    with pytest.raises(CardParseError):
        parse_card(value)


@pytest.mark.parametrize("number", [-1, 53, 64])
def test_card_name_of_a_number_that_is_no_card(number):
    with pytest.raises(CardParseError):
        card_name(number)


def test_parse_cards_list_or_text():
    assert parse_cards("AS, 10h jo") == [12, 21, 52]
    assert parse_cards(["as", "2c"]) == [12, 39]
    assert parse_cards("") == []
    with pytest.raises(CardParseError, match="QX"):
        parse_cards("AS QX")


# ---- suits and trumps -----------------------------------------------------------------------------
@pytest.mark.parametrize("text, suit", [("s", Suit.SPADES), ("H", Suit.HEARTS), (" d", Suit.DIAMONDS),
                                        ("C", Suit.CLUBS), ("\u2660", Suit.SPADES),
                                        ("\u2663", Suit.CLUBS)])
def test_parse_suit(text, suit):
    assert parse_suit(text) is suit
    assert Suit.from_str(text) is suit


@pytest.mark.parametrize("text", ["X", "", "SH", "NT", None])
def test_bad_suit(text):
    with pytest.raises(CardParseError):
        parse_suit(text)


def test_partner_suits_are_same_colour():
    assert Suit.SPADES.partner_suit is Suit.CLUBS
    assert Suit.CLUBS.partner_suit is Suit.SPADES
    assert Suit.HEARTS.partner_suit is Suit.DIAMONDS
    assert Suit.DIAMONDS.partner_suit is Suit.HEARTS
    assert [str(s) for s in Suit] == ["S", "H", "D", "C"]


@pytest.mark.parametrize("text, trump", [("S", Suit.SPADES), ("c", Suit.CLUBS), ("NT", NT),
                                         ("nt", NT), (None, None), ("null", None)])
def test_parse_trump(text, trump):
    assert parse_trump(text) == trump
    if trump is not None:
        assert parse_trump(trump_name(trump)) == trump


@pytest.mark.parametrize("text", ["X", "SS", 3, True])
def test_bad_trump(text):
    with pytest.raises(CardParseError, match="trump"):
        parse_trump(text)


# ---- masks and points -----------------------------------------------------------------------------
def test_masks():
    cards = parse_cards("AS 2C JO TH")
    m = mask_of(cards)
    assert sorted(cards_of(m)) == sorted(cards)
    assert list(cards_of(m)) == sorted(cards)   # lowest number first
    assert count(m) == 4
    assert count(FULL_DECK) == 52 and count(FULL_DECK_WITH_JOKER) == 53
    assert not FULL_DECK >> JOKER & 1
    for s in Suit:
        assert count(suit_mask(s)) == 13
        assert all(card_suit(c) == s for c in cards_of(suit_mask(s)))
    assert suit_mask(Suit.SPADES) | suit_mask(Suit.HEARTS) | suit_mask(Suit.DIAMONDS) | \
        suit_mask(Suit.CLUBS) == FULL_DECK


def test_twenty_point_cards_are_a_k_q_j_t():
    assert count(POINT_CARDS) == 20
    assert points_of(FULL_DECK_WITH_JOKER) == 20
    expected = {parse_card(r + s) for r in "AKQJT" for s in "SHDC"}
    assert set(cards_of(POINT_CARDS)) == expected
    assert not is_point_card(JOKER)
    assert not any(is_point_card(parse_card(r + "S")) for r in "98765432")
    assert points_of(mask_of(parse_cards("AS KH QD JC TS 9S 2H JO"))) == 5
    assert points_of(0) == 0


def test_sort_cards_display_order():
    cards = parse_cards("2C AS JO TH KS 3D AH")
    assert [card_name(c) for c in sort_cards(cards)] == ["JO", "AS", "KS", "AH", "TH", "3D", "2C"]


@pytest.mark.parametrize("size, lowest", [(28, "8"), (32, "7"), (36, "6"), (40, "5"), (52, "2")])
def test_short_packs_keep_the_top_ranks(size, lowest):
    m = short_deck(size)
    assert count(m) == size
    for s in "SHDC":
        assert m >> parse_card(lowest + s) & 1
        if lowest != "2":
            below = RANKS[RANKS.index(lowest) + 1]
            assert not m >> parse_card(below + s) & 1


def test_make_card():
    assert make_card(Suit.HEARTS, 12) == parse_card("QH")
    assert card_rank(JOKER) == 0 and card_suit(JOKER) is None


# ---- move text ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, card, joker_suit, call", [
    ("AS", "AS", None, False), ("jo:h", "JO", Suit.HEARTS, False), ("3C!", "3C", None, True),
    ("10d", "TD", None, False),
])
def test_move_text(text, card, joker_suit, call):
    m = Move.from_str(text)
    assert m == Move(parse_card(card), joker_suit, call)
    assert Move.from_str(str(m)) == m


def test_move_text_errors_are_napoleon_errors():
    with pytest.raises(IllegalPlayError, match="AS"):
        Move.from_str("AS:H")
    with pytest.raises(ValueError):
        Move.from_str("JO:X")
    assert issubclass(IllegalPlayError, NapoleonError)
