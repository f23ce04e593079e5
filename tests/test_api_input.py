"""The Python API used as a library: what a caller passes in Python (text where the engine
keeps numbers, a finished hand, a deal of a variant with options) is read or refused with a
``NapoleonError`` naming the problem, never a wrong game or a TypeError (review s19)."""

import dataclasses
import re

import pytest

import napoleon_rules
import solver
import solver.api
from napoleon_rules import (NT, AuctionError, Bid, CardParseError, Choices, Deal, DealError,
                            IllegalPlayError, Move, NapoleonError, Position, PositionError, Suit,
                            card_name, card_rank, card_suit, get_variant, make_card, mask_of,
                            parse_bid, parse_card, parse_cards, parse_deal, random_deal, reference)
from napoleon_rules.auction import Auction
from napoleon_rules.deal import hand_str

#: Japanese, hearts trump, trick 8: seat 1 led KC; then 3H 9H 4C 5H: seat 3's 9H wins.
LATE = {"variant": "japanese", "trump": "H", "declarer": 0, "partner": 2,
        "hands": [["AS", "5H", "TD"], ["QH", "AC"], ["JD", "KS", "3H"], ["9H", "QS", "KD"],
                  ["AD", "TS", "4C"]],
        "leader": 1, "trick": 7, "played": ["KC"]}


def late() -> Position:
    return Position.from_json(LATE)


def finish(pos: Position, cards: str) -> tuple:
    result = None
    for c in cards.split():
        pos, result = pos.play_trick(c)
    return result


# ---- a trump given as text ------------------------------------------------------------------
@pytest.mark.parametrize("text,want", [("H", Suit.HEARTS), ("h", Suit.HEARTS),
                                       ("\u2665", Suit.HEARTS), (" s ", Suit.SPADES),
                                       ("NT", NT), ("nt", NT)])
def test_a_position_reads_a_text_trump(text, want):
    pos = dataclasses.replace(late(), trump=text)
    assert pos.trump == want and type(pos.trump) is type(want)
    if want is NT:
        assert pos.trump is NT


def test_a_text_trump_plays_the_same_game():
    """Bug: trump "H" was compared with Suit members and played as no trump: KC won."""
    pos = late()
    text = dataclasses.replace(pos, trump="H")
    assert finish(text, "3H 9H 4C 5H") == finish(pos, "3H 9H 4C 5H") == (3, 1)
    assert text == pos
    assert solver.solve(text).value == reference.value(pos)


def test_an_unknown_trump_is_a_position_error():
    with pytest.raises(PositionError, match="trump must be S, H, D, C, NT or null, not 'X'"):
        dataclasses.replace(late(), trump="X")


@pytest.mark.parametrize("junk", [7, -1, True, 1.0])
def test_a_trump_that_is_not_a_suit_is_refused_by_the_rules(junk):
    """A number passed ``trump in variant.trumps`` (IntEnum members equal ints) and was
    played as no trump by the Japanese rules."""
    pos = dataclasses.replace(late(), trump=junk)
    with pytest.raises(PositionError, match="trump must be a Suit, NT or None"):
        pos.check_rules()


def test_a_suit_number_is_read_as_its_suit():
    """Suit is an IntEnum, so 1 is how a program may hold hearts: read as Suit.HEARTS (it was
    played as no trump)."""
    assert dataclasses.replace(late(), trump=1).trump is Suit.HEARTS
    v = get_variant("japanese")
    cards = parse_cards("KC 3H 9H 4C 5H")
    assert v.trick_winner(cards, trump=1, trick=7) == v.trick_winner(cards, trump=Suit.HEARTS,
                                                                      trick=7) == 2


@pytest.mark.parametrize("name", ["japanese", "japoleon", "mighty"])
def test_variant_methods_read_a_text_trump(name):
    v = get_variant(name)
    assert v.roles("H") == v.roles(Suit.HEARTS)
    assert v.roles("s") == v.roles(Suit.SPADES)
    cards = parse_cards("KC 3H 9H 4C 5H")
    assert v.trick_winner(cards, trump="H", trick=7) == \
        v.trick_winner(cards, trump=Suit.HEARTS, trick=7)
    with pytest.raises(CardParseError, match="a trump is a Suit, NT or None"):
        v.trick_winner(cards, trump=7, trick=7)
    with pytest.raises(CardParseError):
        v.roles("X")


def test_japanese_trick_winner_with_a_text_trump():
    jp = get_variant("japanese")
    assert jp.trick_winner(parse_cards("KC 3H 9H 4C 5H"), trump="H", trick=7) == 2
    assert jp.roles("H")["right_jack"] == parse_card("JH")
    assert get_variant("mighty").roles("nt") == get_variant("mighty").roles(NT)
    assert get_variant("bridge").trick_winner(parse_cards("KC 3H 9H 4C"), trump="NT",
                                              trick=3) == 0


# ---- a finished hand --------------------------------------------------------------------------
def finished_nap() -> Position:
    nap = get_variant("nap", {"players": 3})
    _, pos = nap.declare(random_deal(nap, 5), 1, parse_bid("3"), Choices())
    while not pos.is_over:
        pos = pos.play(pos.legal_moves()[0])
    return pos


def test_a_finished_hand_is_solved_as_zero():
    """Bug: 'trick' must be 0..4, not 5: solve, bounds and reaches refused a finished hand."""
    pos = finished_nap()
    assert pos.trick == pos.variant.tricks
    result = solver.solve(pos)
    assert (result.value, result.plays, result.line) == (0, {}, [])
    assert solver.solve(pos, mode="value").value == 0
    assert solver.bounds(pos, 1) == (0, 0) and solver.bounds(pos, 0) == (0, 0)
    assert solver.reaches(pos, 0) and not solver.reaches(pos, 1)
    assert solver.api.bounds_prepared(solver.api.Prepared(pos), 1) == (0, 0, 0)
    assert reference.solve(pos) == (0, {})


def test_a_finished_hand_round_trips_through_json():
    pos = finished_nap()
    assert Position.from_json(pos.to_json()) == pos
    assert Position.from_json(pos.dumps()) == pos
    with pytest.raises(IllegalPlayError, match="the hand is over"):
        pos.play("AS")


def test_only_an_empty_hand_may_be_at_the_last_trick_number():
    data = dict(LATE, trick=10)
    with pytest.raises(PositionError, match=r"'trick' must be 0\.\.9 for japanese, not 10 "
                                            r"\(10 only once the hand is over"):
        Position.from_json(data)
    over = finished_nap()
    with pytest.raises(PositionError, match="'trick' must be 0..4"):
        solver.solve(dataclasses.replace(over, trick=6))
    with pytest.raises(PositionError, match="must be 0..4"):
        Position.from_json(dict(over.to_json(), trick=6))


# ---- deal text and options ----------------------------------------------------------------------
def test_a_deal_with_options_reads_back_with_its_variant():
    v = get_variant("nap", {"players": 3})
    d = random_deal(v, 5)
    text = str(d)
    assert text.startswith("nap:")
    assert parse_deal(text, v) == d and Deal.from_str(text, d.variant) == d
    body = text.partition(":")[2]
    assert parse_deal(body, v) == d                         # the prefix may be left out
    with pytest.raises(DealError, match=re.escape("get_variant('nap', {'players': 3}))")) as err:
        parse_deal(text)                                    # the options are not in the text
    assert "-o players" not in str(err.value)               # the command line's words: its own
    with pytest.raises(DealError, match="the deal is for 'japanese'"):
        parse_deal("japanese:" + body, v)


def test_a_deal_without_prefix_reads_with_a_variant_name():
    d = random_deal(get_variant("japanese"), 4)
    body = str(d).partition(":")[2]
    assert parse_deal(body, "japanese") == d
    with pytest.raises(DealError, match=re.escape("parse_deal(text, variant)")):
        parse_deal(body)


def test_the_deal_docstrings_say_how_to_read_options_back():
    assert "d.variant" in Deal.from_str.__doc__
    assert "prefix out" in parse_deal.__doc__


# ---- names the messages point to ---------------------------------------------------------------
def test_parse_hand_is_exported():
    """The advisor's message names ``napoleon_rules.parse_hand``."""
    text = "AKQ.JT9.2.AK3"
    assert napoleon_rules.parse_hand(text) == napoleon_rules.deal.parse_hand(text)
    assert hand_str(napoleon_rules.parse_hand("AKQ.JT9.2.AK3")) == "AKQ.JT9.2.AK3"


def test_parse_bid_docstring_names_real_methods():
    names = re.findall(r"``(\w+)``", parse_bid.__doc__.split("business")[1])
    assert names and "check_bid" not in parse_bid.__doc__
    for name in names:
        assert hasattr(napoleon_rules.Variant, name) or hasattr(Auction, name), name


# ---- cards, choices, auctions and declarations given the wrong types ---------------------------
@pytest.mark.parametrize("call", [lambda: card_name("AS"), lambda: card_name(None),
                                  lambda: card_suit(60), lambda: card_suit("AS"),
                                  lambda: card_suit(-1), lambda: make_card(0, 15),
                                  lambda: make_card(5, 2), lambda: make_card("H", 14),
                                  lambda: mask_of(["AS"]), lambda: mask_of(5),
                                  lambda: mask_of([-1]), lambda: parse_cards(None),
                                  lambda: parse_cards(5)])
def test_card_helpers_refuse_what_is_no_card(call):
    with pytest.raises(CardParseError) as e:
        call()
    assert str(e.value).strip()


@pytest.mark.parametrize("call, shown", [
    (lambda: card_rank("AS"), "'AS'"), (lambda: card_rank(53), "53"),
    (lambda: card_rank(-1), "-1"), (lambda: card_rank(1.5), "1.5"),
    (lambda: card_rank(True), "True"),
    (lambda: make_card(0.0, 14.0), "0.0"), (lambda: make_card(True, 14), "True"),
    (lambda: make_card(0, True), "True"),
    (lambda: mask_of([53]), "53"), (lambda: mask_of([True]), "True"),
    (lambda: mask_of([1.0]), "1.0")])
def test_card_numbers_are_whole_numbers_in_range(call, shown):
    # A float, a bool or a number past the Joker was taken as a card (card_rank(53) == 3,
    # make_card(True, 14) == 25, mask_of([53]) a bit of no card): refused, naming the value.
    with pytest.raises(CardParseError, match=re.escape(shown)):
        call()


def test_card_helpers_still_work():
    assert make_card(Suit.HEARTS, 14) == parse_card("AH") and make_card(0, 2) == 0
    assert card_suit(parse_card("AH")) is Suit.HEARTS and card_suit(52) is None
    assert card_name(parse_card("TD")) == "TD"
    assert card_rank(parse_card("AH")) == 14 and card_rank(0) == 2 and card_rank(52) == 0
    assert mask_of([52, 0]) == (1 << 52) | 1 and make_card(Suit.CLUBS, 2) == 39
    assert mask_of(c for c in (0, 1)) == 3 and parse_cards(c for c in ["AS"]) == [12]
    assert "parse_card('AS')" in str(pytest.raises(CardParseError, card_name, "AS").value)


def test_a_deal_takes_its_variant_by_name():
    # Deal('nap', ...).check() raised "AttributeError: 'str' object has no attribute 'players'".
    d = random_deal(get_variant("nap"), 1)
    named = Deal("nap", d.hands, d.rest)
    assert named.variant == get_variant("nap") and named.check() == d
    with pytest.raises(NapoleonError, match="unknown variant 'napx'"):
        Deal("napx", d.hands, d.rest)
    with pytest.raises(DealError, match="variant must be a Variant or a preset's name"):
        Deal(None, d.hands, d.rest)


def test_parse_hand_refuses_what_is_not_text():
    with pytest.raises(DealError, match="a hand is text"):
        napoleon_rules.parse_hand(5)


def jp7_declaration():
    v = get_variant("japanese", {"players": 7})
    d = random_deal(v, 11)
    pool = sorted(napoleon_rules.cards_of(d.hands[1] | d.rest))
    return v, d, pool[:v.blind_size]


def test_choices_take_a_discard_mask_and_a_text_trump():
    v, d, discard = jp7_declaration()
    by_tuple = v.declare(d, 1, Bid(13, Suit.SPADES), Choices(call=parse_card("AS"),
                                                            discard=tuple(discard)))
    by_mask = v.declare(d, 1, Bid(13, Suit.SPADES), Choices(call=parse_card("AS"),
                                                           discard=mask_of(discard)))
    assert by_tuple == by_mask
    assert Choices(discard=mask_of(discard)).discard == tuple(discard)
    assert Choices(trump="h").trump is Suit.HEARTS and Choices(trump="NT").trump is NT


def test_choices_with_card_text_name_the_way_to_card_numbers():
    v, d, discard = jp7_declaration()
    with pytest.raises(IllegalPlayError, match=re.escape("parse_card('AS') reads card text")):
        v.declare(d, 1, Bid(13, Suit.SPADES), Choices(call="AS", discard=tuple(discard)))
    texts = tuple(card_name(c) for c in discard)
    for bad in (texts, " ".join(texts), -1, None):
        with pytest.raises(IllegalPlayError, match=re.escape("tuple(parse_cards('4H 6H'))")):
            v.declare(d, 1, Bid(13, Suit.SPADES), Choices(call=parse_card("AS"), discard=bad))


def test_declare_checks_its_arguments():
    v, d, discard = jp7_declaration()
    choices = Choices(call=parse_card("AS"), discard=tuple(discard))
    want = v.declare(d, 1, Bid(13, Suit.SPADES), choices)
    assert v.declare(d, 1, "13S", choices) == want
    assert v.declare(d, 1, Bid(13, "S"), choices) == want
    for declarer in (9, -1, "1", True, None):
        with pytest.raises(IllegalPlayError, match="the declarer must be a seat 0..6"):
            v.declare(d, declarer, "13S", choices)
    for bid, words in ((5, "the bid is a Bid or bid text"), ("pass", "a pass declares nothing"),
                       ("13X", "bad bid"), ("13NT", "a japanese bid is a number and a suit")):
        with pytest.raises(IllegalPlayError, match=words):
            v.declare(d, 1, bid, choices)
    with pytest.raises(IllegalPlayError, match="Choices"):
        v.declare(d, 1, "13S", {"call": 12})
    with pytest.raises(DealError, match="expected a Deal"):
        v.declare(str(d), 1, "13S", choices)
    nap = get_variant("nap")
    with pytest.raises(DealError,
                       match=re.escape("the deal is for get_variant('japanese', {'players': 7}), "
                                       "not get_variant('nap')")):
        nap.declare(d, 1, "3", Choices())
    assert nap.declare(random_deal(nap, 1), 0, "5", Choices())[0].bid == Bid(0, None, "nap")


def test_auction_checks_its_arguments():
    jp = get_variant("japanese")
    a = Auction("japanese", 0)                  # a name, as random_deal and parse_deal take
    assert a.variant == jp and a.to_act == 1
    a.call(Bid(13, "S"))                        # a Bid with a text trump
    assert a.high == Bid(13, Suit.SPADES)
    for junk in (5, 13.5, ["13S"], Suit.HEARTS):
        with pytest.raises(AuctionError, match="a call is a Bid, bid text"):
            a.call(junk)
    for dealer in (9, -1, "x", None, True):
        with pytest.raises(AuctionError, match="the dealer must be a seat 0..4"):
            Auction(jp, dealer)
    with pytest.raises(AuctionError, match="the first must be a seat 0..4"):
        Auction(jp, 0, first=5)
    with pytest.raises(NapoleonError, match="unknown variant"):
        Auction(None, 0)


@pytest.mark.parametrize("args,words", [(("15S",), "parse_bid('15S') reads bid text"),
                                        ((True,), "level is a whole number"),
                                        ((13, "X"), "trump is a Suit, NT or None"),
                                        ((13, 9), "trump is a Suit, NT or None"),
                                        ((0, None, "napp"), "name is None or one of")])
def test_a_bid_of_the_wrong_types_is_refused(args, words):
    with pytest.raises(IllegalPlayError, match=re.escape(words)):
        Bid(*args)


def test_a_bid_reads_a_text_trump():
    assert Bid(13, "s") == Bid(13, Suit.SPADES) and Bid(13, "NT").trump is NT


def test_moves_of_the_wrong_types_are_refused_at_play():
    pos = late()
    with pytest.raises(IllegalPlayError, match=re.escape("Move.from_str('3H') reads card text")):
        pos.play(Move("3H"))
    with pytest.raises(IllegalPlayError, match="a move is card text"):
        pos.play(Suit.HEARTS)                   # an IntEnum, not the card 1 (3S)
    with pytest.raises(IllegalPlayError, match="no card has number"):
        pos.play(Move(Suit.HEARTS))
    assert pos.play("3H") == pos.play(parse_card("3H")) == pos.play(Move(parse_card("3H")))


def test_played_given_as_a_list_names_the_type():
    pos = late()
    with pytest.raises(PositionError, match="'played' must be a tuple of card numbers, not a list"):
        solver.solve(dataclasses.replace(pos, played=list(pos.played)))


# ---- readable output ---------------------------------------------------------------------------
def test_a_move_shows_its_card_text():
    assert repr(Move(parse_card("3H"))) == "Move.from_str('3H')"
    assert repr(Move(52, Suit.HEARTS)) == "Move.from_str('JO:H')"
    assert repr(Move(parse_card("3C"), None, True)) == "Move.from_str('3C!')"
    for move in (Move(parse_card("3H")), Move(52, Suit.HEARTS), Move(parse_card("3C"), None, True)):
        assert eval(repr(move), {"Move": Move}) == move       # the repr builds the same move
    assert Move.from_str("JO:H") == Move(52, Suit.HEARTS)
    assert sorted([Move(5), Move(3)]) == [Move(3), Move(5)]
    assert "99" in repr(Move(99)) and "'AS'" in repr(Move("AS"))    # junk shown as it is
    line = solver.solve(late()).line
    assert repr(line).startswith("[Move.from_str('")


def test_a_position_shows_its_hands_by_seat():
    text = str(late())
    assert text.splitlines()[0] == \
        "japanese: trump H, trick 8 of 10, declarer seat 0 (partner seat 2)"
    assert "seat 0 (declarer): AS 5H TD" in text and "seat 4: TS AD 4C" in text
    assert "trick led by seat 1: KC; seat 2 to play" in text
    assert "the hand is over" in str(finished_nap())
    junk = dataclasses.replace(late(), hands=(-1,) + late().hands[1:])
    assert str(junk) == repr(junk)


# ---- solver.api ---------------------------------------------------------------------------------
def test_solve_modes_are_read_case_insensitively():
    pos = late()
    assert solver.solve(pos, mode="VALUE").plays == {}
    assert solver.solve(pos, mode="Cards").plays == solver.solve(pos).plays
    with pytest.raises(NapoleonError, match="mode must be one of"):
        solver.solve(pos, mode=3)


def test_bounds_is_exported():
    assert "bounds" in solver.api.__all__
    assert {name for name in solver.api.__all__ if not hasattr(solver.api, name)} == set()


def test_get_variant_takes_options_as_repr_shows_them_or_as_keywords():
    from napoleon_rules import get_variant
    v = get_variant("nap", players=3)
    assert repr(v) == "get_variant('nap', {'players': 3})"
    assert v == get_variant("nap", {"players": 3}) == eval(repr(v))
    assert repr(get_variant("bridge")) == "get_variant('bridge')"
    assert get_variant("japanese", {"players": 7}, min_bid=12).options["min_bid"] == 12


def test_every_entry_point_bounds_the_table_size_alike():
    """The solver, the advisor's budget, the analysis and the command line share one bound."""
    import pytest

    from napoleon_rules import NapoleonError, get_variant, random_deal
    from solver.advice_core import SearchBudget
    from solver.analyse import analyse
    from solver.api import MAX_TT_MB, valid_tt_mb
    assert valid_tt_mb(MAX_TT_MB) and not valid_tt_mb(MAX_TT_MB + 1) and not valid_tt_mb(True)
    SearchBudget(tt_mb=MAX_TT_MB)           # accepted (the analysis used to stop at 2**16)
    deal = random_deal(get_variant("nap", players=3), 5)
    for bad in (0, MAX_TT_MB + 1, 1.5):
        with pytest.raises(NapoleonError, match=f"1..{MAX_TT_MB}"):
            analyse(deal, declarers=[0], tt_mb=bad)
        with pytest.raises(NapoleonError, match=f"1..{MAX_TT_MB}"):
            SearchBudget(tt_mb=bad)


def test_deal_and_contract_reprs_show_cards():
    from napoleon_rules import Bid, Deal, Suit, get_variant, random_deal
    from napoleon_rules.game import Contract
    v = get_variant("japanese", players=7)
    deal = random_deal(v, 5)
    text = repr(deal)
    assert text.startswith("Deal.from_str('japanese:") and \
        text.endswith(", get_variant('japanese', {'players': 7}))")
    # The repr reads back with the package's exports alone: it named the class Japanese, or
    # Nap, which are not among them.
    exported: dict = {}
    exec("from napoleon_rules import *", exported)
    assert eval(text, exported) == deal
    nap = random_deal(get_variant("nap", players=3), 1)
    assert eval(repr(nap), exported) == nap and eval(repr(nap.variant), exported) == nap.variant
    plain = random_deal(get_variant("japanese"), 5)
    assert eval(repr(plain), {"Deal": Deal}) == plain
    c = Contract(0, Bid(11, Suit.SPADES), Suit.SPADES, called=12, discards=0b111)
    assert repr(c).startswith("<Contract ") and "called=AS" in repr(c) and \
        "discards=2S 3S 4S" in repr(c) and "trump=S" in repr(c)
