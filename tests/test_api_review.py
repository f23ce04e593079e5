"""The Python API as a library user meets it (review s32): value objects pickle and copy, so
a position can go to a worker process; a declared bid must be one of the game; a card mask
is a set of cards (a negative int would loop forever); advice never holds the caller beyond
its own limits; a stopped search's error carries its bounds across processes; a finished
hand's arguments are checked like any other's."""

import copy
import pickle
import time

import pytest

import solver
from cli.bench import bench_positions
from napoleon_rules import (Choices, IllegalPlayError, NapoleonError, get_variant, parse_card,
                            parse_hand, play_out, random_deal)
from napoleon_rules.cards import CardParseError, cards_of, count, points_of
from napoleon_rules.deal import hand_str
from solver.advice_plan import MAX_SAMPLES
from solver.advisor import advise_bid


def japanese_start():
    v = get_variant("japanese")
    deal = random_deal(v, 5)
    pool = sorted(cards_of(deal.hands[0] | deal.rest))
    return v, deal, Choices(call=parse_card("AH"), discard=tuple(pool[:2]))


@pytest.mark.parametrize("name, options", [("japanese", {}), ("nap", {"players": 3}),
                                           ("mighty", {}), ("bridge", {})])
def test_variants_deals_and_positions_pickle_and_copy(name, options):
    v = get_variant(name, options)
    deal = random_deal(v, 2)
    pos = bench_positions(v, 1, 2)[0]
    for thing in (v, deal, pos):
        assert pickle.loads(pickle.dumps(thing)) == thing
        assert copy.deepcopy(thing) == thing and copy.copy(thing) == thing
    # the copy solves as the original
    if name != "bridge":
        small = bench_positions(v, 1, 2, 3)[0]
        assert solver.solve(pickle.loads(pickle.dumps(small))).value == solver.solve(small).value


def test_a_declared_bid_must_be_one_of_the_game():
    v, deal, choices = japanese_start()
    assert str(v.declare(deal, 0, "13S", choices)[0].bid) == "13S"
    for bid in ("99S", "5S", "21S"):
        with pytest.raises(IllegalPlayError, match=f"{bid} is not a bid of japanese"):
            v.declare(deal, 0, bid, choices)
    nap = get_variant("nap")
    nap_deal = random_deal(nap, 5)
    for bid in ("9", "wellington", "2"):      # wellington and two (2): options that are off
        with pytest.raises(IllegalPlayError, match="is not a bid of nap"):
            nap.declare(nap_deal, 0, bid, Choices())
    with_wellington = get_variant("nap", {"wellington": True})
    assert with_wellington.declare(random_deal(with_wellington, 5), 0, "wellington",
                                   Choices())[0].bid.name == "wellington"
    bridge = get_variant("bridge")
    with pytest.raises(IllegalPlayError, match="level 1..7"):
        bridge.declare(random_deal(bridge, 1), 0, "9S", Choices())
    assert bridge.declare(random_deal(bridge, 1), 0, "4S", Choices())[0].bid.level == 4


@pytest.mark.parametrize("mask", [-1, ~0b1011, 1 << 53, 1 << 60])
def test_a_card_mask_is_a_set_of_cards(mask):
    for call in (lambda: list(cards_of(mask)), lambda: count(mask), lambda: points_of(mask),
                 lambda: hand_str(mask)):
        with pytest.raises(CardParseError, match="bits 0..52"):
            call()
    assert list(cards_of((1 << 52) | 5)) == [0, 2, 52] and points_of(1 << 12) == 1


def test_advice_is_bounded_by_its_samples_and_within():
    hand = parse_hand("AK.2.Q.A")
    with pytest.raises(NapoleonError, match="samples must be at most 100,000"):
        advise_bid("nap", hand, samples=MAX_SAMPLES + 1)
    start = time.monotonic()
    advice = advise_bid("nap", hand, samples=MAX_SAMPLES, within=0.3)
    # drawing 100,000 samples alone takes seconds: within stops the drawing too
    assert time.monotonic() - start < 2.0 and advice.asked == MAX_SAMPLES
    again = advise_bid("nap", hand, samples=advice.samples)
    assert again.to_json()["trumps"] == advice.to_json()["trumps"]   # the first ones


def test_a_stopped_search_pickles_with_its_bounds():
    pos = bench_positions(get_variant("japanese"), 1, 1)[0]
    with pytest.raises(solver.SearchLimitError) as info:
        solver.solve(pos, node_limit=10)
    back = pickle.loads(pickle.dumps(info.value))
    assert (str(back), back.lower, back.upper, back.stats) == \
        (str(info.value), info.value.lower, info.value.upper, info.value.stats)


def test_play_out_takes_a_seed():
    v, deal, choices = japanese_start()
    _, pos = v.declare(deal, 0, "13S", choices)
    assert play_out(pos, rng=5) == play_out(pos, rng=5)
    assert play_out(pos) == play_out(pos, rng=0)
    with pytest.raises(NapoleonError, match="rng must be"):
        play_out(pos, rng="5")


def test_a_finished_hands_arguments_are_checked():
    nap = get_variant("nap", {"players": 2})
    pos = bench_positions(nap, 1, 1)[0]
    while not pos.is_over:
        pos = pos.play(pos.legal_moves()[0])
    assert solver.solve(pos).value == 0
    for kwargs, words in (({"node_limit": "x"}, "node_limit"), ({"tt_mb": -5}, "tt_mb"),
                          ({"table": 5}, "table"), ({"time_limit": -1}, "time_limit"),
                          ({"table": solver.Table(1), "tt_mb": "x"}, "tt_mb")):
        with pytest.raises(NapoleonError, match=words):
            solver.solve(pos, **kwargs)
        with pytest.raises(NapoleonError, match=words):
            solver.bounds(pos, 1, **kwargs)
