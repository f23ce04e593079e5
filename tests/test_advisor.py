"""The hand advisor: with every card known the advice is the double-dummy answer; fixed seeds
give identical advice, whatever --jobs is; the fast policy does what the README says; the
``napoleon advise`` commands print tables and JSON and reject bad input in one line."""

from __future__ import annotations

import json
import time
from dataclasses import replace

import pytest
from typer.testing import CliRunner

import solver
from cli.main import app
from cli.solving import EXAMPLE_POSITION
from napoleon_rules import NT, Position, Suit, get_variant, random_deal
from napoleon_rules.cards import card_name, cards_of, parse_card, parse_cards, mask_of
from napoleon_rules.deal import parse_hand
from napoleon_rules.moves import Bid
from solver.advice_core import SearchBudget, policy_call, policy_discard, power_ladder
from solver.advice_plan import STOP_EVERY
from solver.advisor import advise_bid, advise_call, advise_discard, advise_play, declare, Plan
from solver.sampling import HoldsCard
from cli_runner import run


BUDGET = SearchBudget(time_limit=30.0)
#: Node limits make a stopped search deterministic (a time limit is not): used where the same
#: output is expected from different --jobs on deals that might not finish.
NODE_BUDGET = SearchBudget(time_limit=None, node_limit=30_000)


def pin_everything(variant, deal, seat):
    """Constraints that place every card the seat cannot see: one consistent deal is left."""
    out = []
    places = list(deal.hands) + [deal.rest]
    for p, mask in enumerate(places):
        if p == seat:
            continue
        place = "blind" if p == variant.players else p
        out += [HoldsCard(place, c) for c in cards_of(mask)]
    return out


def missing_cards(pos) -> int:
    """The cards a position lacks: the complete tricks' and the rest (put away, or a stock)."""
    gone = pos.variant.deck & ~mask_of(pos.played)
    for h in pos.hands:
        gone &= ~h
    return gone


#: Two of the example's 37 missing cards, taken as the ones Napoleon put away: the General
#: (seat 2, to move) cannot see them, and the position alone cannot say which they are.
EXAMPLE_AWAY = mask_of(list(cards_of(missing_cards(Position.from_json(EXAMPLE_POSITION))))[:2])
EXAMPLE_AWAY_TEXT = " ".join(card_name(c) for c in cards_of(EXAMPLE_AWAY))


def test_play_advice_with_every_card_known_equals_the_solver():
    pos = Position.from_json(EXAMPLE_POSITION)
    seat = pos.to_move
    pins = [HoldsCard(s, c) for s, h in enumerate(pos.hands) if s != seat for c in cards_of(h)]
    pins += [HoldsCard("blind", c) for c in cards_of(EXAMPLE_AWAY)]
    advice = advise_play(pos, seat, constraints=pins, discards=EXAMPLE_AWAY, samples=5, seed=1,
                         budget=BUDGET)
    exact = solver.solve(pos).plays
    assert {c: e.mean for c, e in advice.cards.items()} == exact
    assert all(e.low == e.high == e.mean for e in advice.cards.values())
    assert advice.best() in {c for c, v in exact.items() if v == max(exact.values())}


def test_play_advice_samples_the_hidden_hands_and_is_reproducible():
    pos = Position.from_json(EXAMPLE_POSITION)
    a = advise_play(pos, pos.to_move, samples=30, seed=5, budget=BUDGET, target=8,
                    discards=EXAMPLE_AWAY)
    b = advise_play(pos, pos.to_move, samples=30, seed=5, budget=BUDGET, target=8, jobs=2,
                    discards=EXAMPLE_AWAY)
    assert a.to_json() == b.to_json()
    assert a.dropped == 0 and set(a.cards) == {m.card for m in pos.legal_moves()}
    # Hidden hands vary, so some card's value varies between samples.
    assert any(e.high > e.low for e in a.cards.values())


def test_play_advice_rejects_a_seat_not_to_move():
    pos = Position.from_json(EXAMPLE_POSITION)
    with pytest.raises(solver.advisor.AdviceError, match="not to move"):
        advise_play(pos, (pos.to_move + 1) % 5, samples=2)


def test_play_advice_checks_the_call_and_the_discards():
    pos = Position.from_json(EXAMPLE_POSITION)          # Japanese, trick 7
    seat, v, err = pos.to_move, pos.variant, solver.advisor.AdviceError
    with pytest.raises(err, match="JO is not a card of the japanese deck"):
        advise_play(pos, seat, call=52, samples=2)
    with pytest.raises(err, match=r"\(earlier=, a card mask\)") as e:   # put away or played?
        advise_play(pos, seat, call=parse_card("2C"), samples=2)
    # Python words for Python; the command line's wording rides along as command_line
    assert "--" not in str(e.value) and "(discards=, a card mask)" in str(e.value)
    assert e.value.command_line.endswith("(--earlier CARDS) or the cards put away "
                                         "(--discards CARDS)")
    with pytest.raises(err, match="2C is in no hand"):        # played in an earlier trick
        advise_play(pos, seat, call=parse_card("2C"), discards=EXAMPLE_AWAY, samples=2)
    with pytest.raises(err, match="^seat must be"):
        advise_play(pos, str(seat), samples=2)
    seen = mask_of(pos.played)
    for h in pos.hands:
        seen |= h
    away = [c for c in cards_of(v.deck & ~seen)][:v.blind_size + 1]
    with pytest.raises(err, match=f"puts away {v.blind_size} cards"):
        advise_play(pos, seat, discards=mask_of(away), samples=2)
    with pytest.raises(err, match="not in the japanese deck"):
        advise_play(pos, seat, discards=mask_of(away[:v.blind_size - 1]) | 1 << 52, samples=2)
    # The called card among the discards: Napoleon plays alone in every sample.
    ok = advise_play(pos, seat, call=away[0], discards=mask_of(away[:v.blind_size]), samples=2,
                     seed=1, budget=BUDGET)
    assert ok.dropped == 0
    bridge = Position.from_json({"variant": "bridge", "declarer": 0, "trump": "NT", "leader": 1,
                                 "hands": [["AS"], ["KS"], ["QS"], ["JS"]], "trick": 12})
    with pytest.raises(err, match="bridge has no blind"):
        advise_play(bridge, 1, discards=mask_of([parse_card("2C")]), samples=2)
    with pytest.raises(err, match="bridge has no card to call"):
        advise_play(bridge, 1, call=parse_card("AS"), samples=2)


def test_play_advice_on_a_secretary_start_follows_the_coup_card():
    """Solve's own JSON of a Secretary deal carries the coup card: in each sample its holder
    is the Secretary, and no sample gives it to Napoleon."""
    from test_position import SECRETARY_START      # (tests/ is on the path: no package)
    pos = Position.from_json(SECRETARY_START)
    for seat in (0,):
        advice = advise_play(pos, seat, samples=6, seed=2, budget=BUDGET)
        assert advice.dropped == 0 and set(advice.cards) == {m.card for m in pos.legal_moves()}
    with pytest.raises(solver.advisor.AdviceError, match="coup card is AH"):
        advise_play(pos, 0, call=parse_card("KS"), samples=2)


def test_play_advice_call_must_agree_with_what_the_seat_sees():
    pos = Position.from_json(dict(EXAMPLE_POSITION, partner=3))   # seat 2 holds K\u2660
    with pytest.raises(solver.advisor.AdviceError, match="seat 2 is the partner"):
        advise_play(pos, 2, call=parse_card("KS"), samples=2)
    with pytest.raises(solver.advisor.AdviceError, match="seat 1 is the partner"):
        advise_play(Position.from_json(EXAMPLE_POSITION), 2, call=parse_card("KC"), samples=2)


def test_secretary_call_and_discard_advice_return_a_held_coup_card():
    v = get_variant("secretary")
    hand = parse_hand("Q5.J82.Q542.A")
    for seed in (1, 2):          # some samples bring the candidate cards in the warchest
        advice = advise_call(v, hand, trump=NT, samples=3, seed=seed, budget=BUDGET)
        assert all(r["n"] == 3 for r in advice.rows)
    pool = parse_hand("Q5.J842.KQ542.A")
    advice = advise_discard(v, pool, trump=Suit.HEARTS, call=parse_card("4H"), samples=2,
                            seed=1, budget=BUDGET, candidates=3)
    assert all("4H" in r["option"].split() for r in advice.rows)


def test_advice_api_checks_its_arguments():
    v = get_variant("japanese")
    hand = parse_hand("AKQ.JT9.2.AK3")
    err = solver.advisor.AdviceError
    with pytest.raises(err, match="must be a mask of cards"):
        advise_bid(v, "AKQ.JT9.2.AK3", samples=2)
    with pytest.raises(err, match="expected a variant"):
        advise_bid(5, hand, samples=2)
    for bad in (dict(samples=0), dict(samples=-1), dict(seed=-1), dict(jobs=0)):
        with pytest.raises(err, match=next(iter(bad))):
            advise_bid(v, hand, **bad)
    with pytest.raises(err, match="time_limit"):
        SearchBudget(time_limit=-1)
    with pytest.raises(err, match="a constraint is text"):
        advise_bid(v, hand, constraints=[3], samples=2)
    with pytest.raises(solver.sampling.ConstraintError, match="bad constraint"):
        advise_bid(v, hand, constraints=["2:S>>4"], samples=2)
    with pytest.raises(err, match="99S is not a bid"):      # the trump given as text is read
        advise_call(v, hand, trump="S", bid_level=99, samples=2)


def small_nap():
    v = get_variant("nap", {"pack": 28})
    return v, random_deal(v, 11)


def test_bid_advice_with_every_card_known_equals_the_solver():
    v, deal = small_nap()
    pins = pin_everything(v, deal, 0)
    advice = advise_bid(v, deal.hands[0], constraints=pins, samples=3, seed=0, budget=BUDGET,
                        exact_points=True)
    for row, plan in zip(advice.rows, (Plan(None), Plan(None, misere=True))):
        _, pos = declare(v, tuple(deal.hands) + (deal.rest,), 0, plan)
        value = solver.solve(pos).value
        assert row["histogram"] == {str(value): 3}
        for b in row["bids"]:
            made = (value == 0) if b["bid"].name == "misere" else value >= v.tricks_bid(b["bid"])
            assert b["p_make"].mean == (1.0 if made else 0.0)
            assert b["p_make"].low == b["p_make"].high == b["p_make"].mean
            from napoleon_rules.game import Contract
            contract = Contract(0, b["bid"], None, None)
            assert b["score"].mean == v.score(contract, value)[0]


def test_bid_advice_fixed_seed_and_jobs_give_identical_output():
    v, deal = small_nap()
    kwargs = dict(samples=40, seed=3, budget=BUDGET)
    a = advise_bid(v, deal.hands[1], seat=1, **kwargs).to_json()
    assert a == advise_bid(v, deal.hands[1], seat=1, **kwargs).to_json()
    assert a == advise_bid(v, deal.hands[1], seat=1, jobs=2, **kwargs).to_json()
    assert a != advise_bid(v, deal.hands[1], seat=1, samples=40, seed=4, budget=BUDGET).to_json()
    assert a["recommended"] in {"pass"} | {str(b) for b in v.all_bids()}


def test_bid_advice_japanese_with_node_limits_is_the_same_on_two_jobs():
    v = get_variant("japanese", {"players": 7})
    hand = random_deal(v, 2).hands[0]
    kwargs = dict(samples=4, seed=9, budget=NODE_BUDGET, trumps=[Suit.SPADES])
    a = advise_bid(v, hand, **kwargs)
    assert a.to_json() == advise_bid(v, hand, jobs=2, **kwargs).to_json()
    row = a.rows[0]
    assert sum(row["histogram"].values()) == 4 and sum(row["calls"].values()) == 4


def test_the_auction_limits_the_recommendation():
    v, deal = small_nap()
    advice = advise_bid(v, deal.hands[0], seat=2, auction=["4", "pass"], samples=10, seed=1,
                        budget=BUDGET)
    legal = {str(b["bid"]) for r in advice.rows for b in r["bids"] if b["legal"]}
    assert "3" not in legal and "nap" in legal
    assert advice.recommended in legal | {"pass"}
    with pytest.raises(solver.advisor.AdviceError, match="not to bid"):
        advise_bid(v, deal.hands[0], seat=0, auction=["4", "pass"], dealer=0, samples=2)


def test_bid_advice_on_an_auction_already_over_says_why():
    v, deal = small_nap()
    hand, err = deal.hands[0], solver.advisor.AdviceError
    with pytest.raises(err, match=r"has already ended \(each of the 5 seats has made its one call\)"):
        advise_bid(v, hand, seat=0, auction=["3"] + ["pass"] * 4, samples=2)
    with pytest.raises(err, match=r"already ended \(everybody passed, so the cards are dealt again\)"):
        advise_bid(v, hand, seat=0, auction=["pass"] * 5, dealer=1, samples=2)


def test_fast_policy_calls_the_strongest_missing_card_and_keeps_trumps():
    v = get_variant("japanese")
    ladder = power_ladder(v, Suit.HEARTS)   # hearts: Mighty, right J (J♥), left J (J♦), then A♥ ...
    assert [card_name(c) for c in ladder[:4]] == ["AS", "JH", "JD", "AH"]
    held = mask_of(parse_cards("AS JH 2C"))
    assert card_name(policy_call(v, Suit.HEARTS, held)) == "JD"
    pool = parse_hand("A.KQ9842.3.T75")
    pool |= mask_of(parse_cards("6C 4C"))
    put_away = {card_name(c) for c in policy_discard(v, Suit.HEARTS, pool, 2)}
    assert put_away == {"3D", "4C"}   # shortest side suit first, then a low club; no point card


def test_call_and_discard_advice_on_the_same_samples():
    v = get_variant("japanese", {"players": 7})
    deal = random_deal(v, 4)
    call = advise_call(v, deal.hands[0], trump=Suit.SPADES, bid_level=11, samples=3, seed=2,
                       budget=NODE_BUDGET)
    options = [r["option"] for r in call.rows]
    assert "alone" in options and len(options) == 7
    assert all(r["n"] == 3 for r in call.rows)
    pool = deal.hands[0] | deal.rest
    disc = advise_discard(v, pool, trump=Suit.SPADES, call=parse_card("JS"), candidates=4, samples=4,
                          seed=2, budget=NODE_BUDGET, by_score=True, bid_level=11)
    # Successive halving: the best two go on to all 4 samples, the others stop after 2,
    # behind the option that led that round (one of the two kept)
    assert sorted(r["n"] for r in disc.rows) == [2, 2, 4, 4]
    choices = disc.to_json()["choices"]
    assert choices[0]["samples"] == 4
    kept = [c["choice"] for c in choices[:2]]
    assert [(c["samples"], c["stopped"], c["stopped_behind"]) for c in choices] == \
        [(4, False, None)] * 2 + [(2, True, choices[2]["stopped_behind"])] * 2
    assert choices[2]["stopped_behind"] in kept


# ---- the command line -----------------------------------------------------------------------------
def test_cli_bid_json_and_table():
    v, deal = small_nap()
    from napoleon_rules.deal import hand_str
    hand = hand_str(deal.hands[0])
    r = run("advise", "bid", hand, "-v", "nap", "-o", "pack=28", "--samples", "10", "--seed", "1",
            "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["samples"] == 10 and data["seed"] == 1 and data["recommended"]
    r = run("advise", "bid", hand, "-v", "nap", "-o", "pack=28", "--samples", "10", "--seed", "1",
            "-j", "2")
    assert r.exit_code == 0 and "recommended:" in r.stdout and "P(make)" in r.stdout


def test_cli_play_table(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(EXAMPLE_POSITION))
    r = run("advise", "play", "-p", str(path), "--seat", "2", "--samples", "8", "--seed", "3",
            "--discards", EXAMPLE_AWAY_TEXT)
    assert r.exit_code == 0, r.stderr
    assert "expected value" in r.stdout and "*" in r.stdout
    assert "seat 2 (partner)" in r.stdout and "13 unseen cards" in r.stdout
    # without the put-away cards the General's view cannot be made: it says what to give
    r = run("advise", "play", "-p", str(path), "--seat", "2", "--samples", "8")
    assert r.exit_code == 2 and "--earlier CARDS" in r.stderr and "37 missing" in r.stderr


def test_play_advice_deals_again_what_the_seat_cannot_see():
    """The seat's view: the cards no hand plays are unseen unless the seat put them away
    (the declarer), and Nap's stock is unseen to everyone; what the position cannot tell
    (the complete tricks' cards against the rest) comes from --earlier or --discards."""
    from solver.advisor import play_knowledge
    v = get_variant("japanese")
    deal = random_deal(v, 3)
    contract, pos = declare(v, list(deal.hands) + [deal.rest], 0, Plan(Suit.SPADES))
    away = missing_cards(pos)                              # trick 0: the put-away cards
    assert count_of(away) == 2
    k = play_knowledge(pos, 1, None, 0, ())                # a defender: 40 + 2 unseen
    assert k.unseen == v.deck & ~pos.hands[1] and k.sizes[5] == 2
    k = play_knowledge(pos, 0, None, 0, ())                # Napoleon saw them
    assert k.known[5] == away and count_of(k.unseen) == 40
    # after a trick: the defender needs the complete trick's cards (or the put-away ones)
    trick = []
    while pos.trick == 0:
        m = pos.legal_moves()[0]
        trick.append(m.card)
        pos = pos.play(m)
    with pytest.raises(solver.advisor.AdviceError, match="earlier=, a card mask"):
        play_knowledge(pos, 1, None, 0, ())
    k = play_knowledge(pos, 1, None, 0, (), earlier=mask_of(trick))
    assert k.sizes[5] == 2 and k.unseen & away == away and not k.unseen & mask_of(trick)
    assert k == play_knowledge(pos, 1, None, away, ())
    with pytest.raises(solver.advisor.AdviceError, match="4 cards given, but the complete trick holds 5"):
        play_knowledge(pos, 1, None, 0, (), earlier=mask_of(trick[:4]))
    with pytest.raises(solver.advisor.AdviceError, match="still in play"):
        play_knowledge(pos, 1, None, 0, (),
                       earlier=mask_of(trick[:4]) | pos.hands[2] & -pos.hands[2])
    assert play_knowledge(pos, 0, None, 0, ()).sizes[5] == 0    # Napoleon: all out of play
    # Nap: nobody sees the stock, the bidder included
    nap = get_variant("nap", {"players": 3})
    nd = random_deal(nap, 1)
    _, npos = declare(nap, list(nd.hands) + [nd.rest], 0, Plan(None))
    k = play_knowledge(npos, 0, None, 0, ())
    assert k.sizes[3] == 52 - 15 and count_of(k.unseen) == 52 - 5


def count_of(mask: int) -> int:
    return bin(mask).count("1")


@pytest.mark.parametrize("args,fragment", [
    (["bid", "AKQ.JT9.2.AK"], "needs 10"),
    (["bid", "AKQ.JT9.2.AKK3"], "twice"),
    (["bid", "AS AS KS QS JS TS 9S 8S 7S 6S"], "twice"),
    (["bid", "AKQ.JT9.2.AK3+JO"], "not in the japanese deck"),
    (["bid", "AKQ.JT9.2.AK3", "-c", "2:S>>4"], "bad constraint"),
    (["bid", "AKQ.JT9.2.AK3", "-c", "2:S>=11"], "can hold only"),
    # said 'no place can hold AH given 0:AH'
    (["bid", "AK.2.Q.A", "-v", "nap", "-c", "0:AH"], "0:AH: seat 0 is the adviser's own hand"),
    # Possible but so rare that the bounded rejection sampler gives up (seeded below).
    (["bid", "AKQ.JT9.2.AK3", "-c", "1:S>=5", "-c", "2:S>=5", "-c", "3:H>=7"], "nearly"),
    (["bid", "AKQ.JT9.2.AK3", "--auction", "13S 12H"], "bad --auction: 12H does not beat 13S"),
    (["bid", "AKQ.JT9.2.AK3", "--auction", "13X"], "bad --auction: bad bid '13X'"),
    (["bid", "AKQ.JT9.2.AK3", "--auction", "13S pass", "--dealer", "0"], "not to bid"),
    # an auction already over says so, and why (it said "seat 0 is not to bid whoever dealt")
    (["bid", "8.AKQ.KQ.J", "-o", "players=7", "--auction", "20S"],
     "the auction 20S has already ended (nothing beats 20S, the top bid)"),
    (["bid", "8.AKQ.KQ.J", "-o", "players=7", "--auction", "11S " + "pass " * 6],
     "has already ended (every other seat has passed, so 11S stands)"),
    (["bid", "AKQ.JT9.2.AK3", "--dealer", "9"], "--dealer must be a seat"),
    (["bid", "AKQ.JT9.2.AK3", "--trump", "NT"], "NT is not allowed in japanese"),
    (["bid", "AK.2.Q.A", "-v", "nap", "--trump", "S"], "is 'lead' or 'misere'"),
    (["bid", "AK.2.Q.A", "-v", "nap", "-o", "misere=false", "--trump", "misere"],
     "option misere is off"),
    (["bid", "AKQ.JT9.2.AK3", "-c", "\u00b2:AS"], "bad place"),
    (["bid", "AKQ.JT9.2.AK3", "-c", "1:S>=" + "9" * 5000], "bad constraint"),
    (["discard", "AKQ2.JT9.32.AK3", "--trump", "S", "--call", "JH JD"], "one card, not 2"),
    (["discard", "AKQ2.JT9.32.AK3", "--trump", "S", "--call", "JH", "--candidates", "0"],
     "--candidates"),
    (["bid", "AKQ.JT9.2.AK3", "-v", "bridge"], "no auction"),
    (["call", "AKQ.JT9.2.AK3", "--trump", "NT"], "not allowed"),
    (["call", "AKQ.JT9.2.AK3", "--trump", "S", "--bid", "14H"], "not the trump given"),
    (["discard", "AKQ2.JT9.32.AK3", "--trump", "S", "--call", "JS", "--bid", "x"],
     "a level such as 14"),
    (["discard", "AKQ.JT9.2.AK3", "--trump", "S", "--call", "JS"], "needs 12"),
    (["play", "-p", "missing.json", "--seat", "1"], "no such file"),
    (["bid", "AKQ.JT9.2.AK3", "--samples", "0"], "--samples"),
])
def test_cli_bad_input_is_one_line_with_exit_code_2(args, fragment):
    r = run("advise", *args, "--samples" if "--samples" not in args else "--seed", "2",
            *([] if "--seed" in args or "--samples" in args else ["--seed", "1"]))
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], r.stderr


def test_cli_call_takes_a_bid_with_its_suit():
    r = run("advise", "call", "AKQ.JT9.2.AK3", "--trump", "S", "--bid", "14S", "--samples", "2",
            "--seed", "1", "--node-limit", "20000")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.startswith("Japanese Napoleon: call advice for seat 0, bid 14S")


def test_siberian_samples_are_solved_again_with_a_point_card_put_away():
    """Japanese: all 20 without bidding 20 fails. A sample whose policy declaration takes
    every point is solved again with a point card put away (it then goes to the opponents,
    so the side cannot take them all), and the bids below 20 score the better of the two."""
    from solver.advisor import _bid_stats, _settle, _held_back
    from solver.sampling import DealSampler, knowledge_for_hand
    v = get_variant("japanese")
    hand = parse_hand("AKQJ.T9.2.AK3")
    bids = [b for b in v.all_bids() if b.trump == Suit.SPADES]
    plan = Plan(Suit.SPADES)
    table = solver.Table(16)
    deals = DealSampler(knowledge_for_hand(v, 0, hand, ())).draw_many(10, 1)
    checked = 0
    for places in deals:
        table.clear()
        contract, lo, hi, alt = _settle(v, places, 0, plan, bids, BUDGET, table, True)
        if lo != 20:
            assert alt is None
            continue
        assert alt is not None and lo == hi
        c2, lo2, hi2 = alt
        assert lo2 == hi2 <= 19 and c2.discard_points == 1
        # the alternative's total, solved on its own
        shed = _held_back(v, places, 0, plan, contract)
        _, p2 = declare(v, places, 0, shed)
        assert solver.solve(p2, mode="value").value + v.credited(c2, 0) == lo2
        stats = _bid_stats(v, [(contract, lo, hi)], bids, 0, alts=[alt])
        for b, row in zip(bids, stats):
            assert row["p_make"].mean == (1.0 if b.level <= lo2 or b.level == 20 else 0.0)
        checked += 1
    assert checked >= 2


def test_play_advice_at_trick_0_takes_a_call_among_the_put_away_cards():
    """Before the first trick is complete a card the position lacks was put away, not played:
    called, it makes Napoleon play alone in the samples that put it in the rest."""
    v = get_variant("japanese")
    deal = random_deal(v, 3)
    _, pos = declare(v, list(deal.hands) + [deal.rest], 0, Plan(Suit.SPADES))
    away = next(cards_of(v.deck & ~mask_of([c for h in pos.hands for c in cards_of(h)])))
    pos = replace(pos, partner=None)      # the called card put away: alone
    advice = advise_play(pos, 0, call=away, samples=2, seed=1, budget=NODE_BUDGET)
    assert advice.partner_known           # Napoleon put it away himself: he knows
    # a defender cannot tell: the samples that deal it to a hand make that seat the partner
    led = pos.play(pos.legal_moves()[0])
    advice = advise_play(led, led.to_move, call=away, samples=2, seed=1, budget=NODE_BUDGET)
    assert not advice.partner_known and advice.unseen == 52 - 10 - 1    # 39 in hands, 2 away


def test_calibration_script_reports_bins_and_brier(capsys):
    """scripts/calibrate_advisor.py on a few small deals: every deal used or skipped, the
    bins' counts add up, the Brier score is the mean squared error of what it records."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "scripts" / "calibrate_advisor.py"
    spec = importlib.util.spec_from_file_location("calibrate_advisor", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--variant", "japanese", "-o", "players=7", "--deals", "3", "--samples",
                     "4", "--jobs", "1", "--time-limit", "5", "--fresh", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["used"] + report["skipped"] == 3
    assert sum(b["count"] for b in report["bins"]) == report["used"] == report["records"]
    for c in (report, report["fresh"], report["every_bid"]):
        assert sum(b["count"] for b in c["bins"]) == c["records"]
        if c["records"]:
            assert 0 <= c["brier"] <= 1
            assert all(0 <= b["predicted"] <= 1 and 0 <= b["observed"] <= 1 for b in c["bins"])
    # every bid of every trump: 4 trumps x the levels 11..20 a deal, less the open ones
    assert report["records"] <= report["every_bid"]["records"] <= 3 * 4 * 10
    assert report["every_bid"]["records"] > report["records"]
    # the Brier score is the mean squared error of the records
    records = [(0.2, False), (0.9, True), (0.5, True)]
    assert mod.calibration(records, 5)["brier"] == pytest.approx((0.04 + 0.01 + 0.25) / 3)


def test_run_samples_starts_items_in_the_order_given_and_keeps_results_in_item_order():
    from solver.advice_core import run_samples
    started = []
    items = list(range(10))
    order = [9, 3, 0, 1, 2, 4, 5, 6, 7, 8]

    def work(x, table):
        started.append(x)
        return x * x

    assert run_samples(items, work, jobs=2, order=order) == [x * x for x in items]
    assert started[0] in (9, 3) and set(started) == set(items)


def test_within_stops_after_whole_samples_and_equals_asking_for_that_many():
    """--within: once the time is up no sample starts (the first always runs); the advice is
    that of the first samples, the same as asking for that many."""
    from solver.advice_core import run_samples
    items = list(range(12))
    for jobs in (1, 2):
        out = run_samples(items, lambda x, table: x * x, jobs=jobs, group=3,
                          deadline=time.monotonic() - 1)
        assert len(out) >= 3 and len(out) % 3 == 0 and out == [x * x for x in items[:len(out)]]
        assert run_samples(items, lambda x, table: x * x, jobs=jobs, group=3,
                           deadline=time.monotonic() + 60) == [x * x for x in items]
    v = get_variant("japanese", {"players": 7})
    hand = parse_hand("AK.AK.QJ.5")
    quick = advise_bid(v, hand, samples=40, seed=3, budget=NODE_BUDGET, within=1e-9)
    assert quick.samples >= 1 and quick.asked == 40
    again = advise_bid(v, hand, samples=quick.samples, seed=3, budget=NODE_BUDGET)
    a, b = quick.to_json(), again.to_json()
    assert a.pop("samples_asked") == 40 and a.pop("within") == 1e-9
    b.pop("samples_asked"), b.pop("within")
    assert a == b
    with pytest.raises(solver.advisor.AdviceError, match="^within must be a positive"):
        advise_bid(v, hand, samples=2, within=0)


def test_secretary_play_advice_deals_a_returned_coup_card_and_no_void_from_the_reveal():
    """Secretary: a coup card put back with the warchest is unseen to the defenders (a
    sample that deals it to a hand makes that seat the Secretary), and the coup card played
    off suit in the current trick shows no void (it may have been the reveal)."""
    from solver.advisor import play_knowledge
    from napoleon_rules.game import Choices
    from napoleon_rules.moves import Bid
    v = get_variant("secretary")
    deal = random_deal(v, 5)
    coup = next(cards_of(deal.rest))            # named from the warchest and put back: alone
    _, pos = v.declare(deal, 0, Bid(5), Choices(call=coup, trump=Suit.SPADES,
                                                discard=(coup, next(cards_of(deal.hands[0])))))
    pos = pos.play(pos.legal_moves()[0])
    advice = advise_play(pos, 1, samples=5, seed=1, budget=NODE_BUDGET)
    assert not advice.partner_known      # (a crash before: a defender dealt the coup card)
    hands = tuple(mask_of(parse_cards(h)) for h in ("AH 2S", "KH QC", "3H 4D", "5H 6D", "7H 8D"))
    held = 0
    for h in hands:
        held |= h
    earlier = mask_of(list(cards_of(v.deck & ~held))[:40])
    pos = Position(v, Suit.SPADES, 0, 1, hands, leader=0, trick=8, coup_card=parse_card("QC"))
    pos = pos.play("AH").play("QC")             # seat 1 reveals, holding K♥
    assert pos.reveal_used and not play_knowledge(pos, 2, None, 0, (), earlier).constraints


def test_play_advice_names_an_earlier_card_outside_the_deck():
    pos = Position.from_json(EXAMPLE_POSITION)
    with pytest.raises(solver.advisor.AdviceError, match="^earlier: JO is not in the japanese"):
        advise_play(pos, pos.to_move, earlier=1 << 52, samples=2)


# ---- the Python API as a library user calls it (review s19) ----------------------------------------
NAP_HAND = parse_hand("AK.2.Q.A")


def test_advice_takes_a_variant_name():
    # advise_bid("nap", ...) said "expected a variant", while analyse_cards, random_deal and
    # parse_deal take a name.
    nap = get_variant("nap")
    by_name = advise_bid("nap", NAP_HAND, samples=3, seed=2)
    assert by_name.to_json() == advise_bid(nap, NAP_HAND, samples=3, seed=2).to_json()
    from napoleon_rules.errors import UnknownVariantError
    with pytest.raises(UnknownVariantError, match="no-such-game"):
        advise_bid("no-such-game", NAP_HAND, samples=2)
    # call and discard read the name too (the seat check comes after the variant's)
    hand = parse_hand("AKQ.JT9.2.AK3")
    with pytest.raises(solver.advisor.AdviceError, match="^seat must be 0..4"):
        advise_call("japanese", hand, trump="S", seat=9, samples=2)
    with pytest.raises(solver.advisor.AdviceError, match="^seat must be 0..4"):
        advise_discard("japanese", hand, trump="S", call="JS", seat=9, samples=2)


def test_one_item_where_a_list_is_taken_is_a_list_of_one():
    # trumps="lead" was read letter by letter ("not 'l'").
    nap = get_variant("nap")
    one = advise_bid(nap, NAP_HAND, samples=3, seed=1, trumps="lead", constraints="1:S>=2")
    listed = advise_bid(nap, NAP_HAND, samples=3, seed=1, trumps=["lead"],
                        constraints=["1:S>=2"])
    assert one.to_json() == listed.to_json() and [r["label"] for r in one.rows] == ["lead"]
    v7 = get_variant("japanese", {"players": 7})
    hand = parse_hand("5.6.AQT.A4")
    one = advise_bid(v7, hand, seat=2, trumps=Suit.SPADES, samples=2, seed=1, budget=NODE_BUDGET)
    assert [r["label"] for r in one.rows] == ["S"]
    with pytest.raises(solver.advisor.AdviceError, match="^trumps must be a list"):
        advise_bid(nap, NAP_HAND, samples=2, trumps=5)
    with pytest.raises(solver.advisor.AdviceError, match="^auction must be a list"):
        advise_bid(nap, NAP_HAND, samples=2, seat=1, auction=3)
    with pytest.raises(solver.advisor.AdviceError, match="^constraints must be a list"):
        advise_bid(nap, NAP_HAND, samples=2, constraints=5)


def test_cards_and_levels_are_taken_as_text():
    # call="AS" said "the called card must be a card of the deck, not 'AS'", candidates=["AS"]
    # and bid_level="15" raised TypeError.
    v7 = get_variant("japanese", {"players": 7})
    hand, blind = parse_hand("5.6.AQT.A4"), parse_hand(".5..T2")
    kw = dict(trump="S", samples=2, seed=1, budget=NODE_BUDGET)
    as_int = advise_call(v7, hand, blind, candidates=[parse_card("AS")], bid_level=12, **kw)
    for candidates, level in ((["AS"], "12"), ("AS", 12), (parse_card("AS"), " 12 ")):
        assert advise_call(v7, hand, blind, candidates=candidates, bid_level=level,
                           **kw).to_json() == as_int.to_json()
    err = solver.advisor.AdviceError
    with pytest.raises(err, match="^bid_level must be a whole number .*not '12S'"):
        advise_call(v7, hand, blind, bid_level="12S", **kw)
    with pytest.raises(err, match="^bid_level must be a whole number"):
        advise_call(v7, hand, blind, bid_level=12.0, **kw)
    with pytest.raises(err, match="^candidates: bad card 'XS'"):
        advise_call(v7, hand, blind, candidates=["AS", "XS"], **kw)
    with pytest.raises(err, match="^candidates: JO is not a card of the japanese deck"):
        advise_call(v7, hand, blind, candidates=[52], **kw)
    kw.update(candidates=2)
    by_text = advise_discard(v7, hand | blind, call="AS", **kw)
    assert by_text.call == parse_card("AS")
    assert by_text.to_json() == advise_discard(v7, hand | blind, call=parse_card("AS"),
                                               **kw).to_json()
    with pytest.raises(err, match="^call: bad card 'A'"):
        advise_discard(v7, hand | blind, call="A", **kw)
    pos = Position.from_json(dict(EXAMPLE_POSITION, partner=3))   # seat 2 holds K♠
    with pytest.raises(err, match="^call: seat 2 sees KS, so seat 2 is the partner"):
        advise_play(pos, 2, call="KS", samples=2)


def test_discard_advice_takes_the_blind_apart():
    # advise_call takes (hand, blind), advise_discard only the pool: both forms now.
    v7 = get_variant("japanese", {"players": 7})
    hand, blind = parse_hand("5.6.AQT.A4"), parse_hand(".5..T2")
    kw = dict(trump="D", call="AS", candidates=2, samples=2, seed=1, budget=NODE_BUDGET)
    apart = advise_discard(v7, hand, blind, **kw)
    assert apart.to_json() == advise_discard(v7, hand | blind, **kw).to_json()
    err = solver.advisor.AdviceError
    with pytest.raises(err, match="the blind holds 2 cards; japanese needs 3"):
        advise_discard(v7, hand, blind & (blind - 1), **kw)
    with pytest.raises(err, match="the hand holds 10 cards; japanese needs 7"):
        advise_discard(v7, hand | blind, blind, **kw)
    with pytest.raises(err, match="5S is both in the hand and in the blind"):
        advise_discard(v7, hand, blind & ~(blind & -blind) | parse_hand("5..."), **kw)


@pytest.mark.parametrize("call,message", [
    (dict(seat=9), "seat must be 0..4, not 9"),
    (dict(within=0), "within must be a positive number of seconds"),
    (dict(dealer=9), "dealer must be a seat 0..4"),
    (dict(seat=1, auction="3 2"), "bad auction: "),
    (dict(trumps=["S"]), "trumps: in nap the first lead names trump"),
])
def test_bid_advice_errors_name_the_arguments_not_the_options(call, message):
    # The API said "--seat must be 0..4", naming the command line's flags.
    with pytest.raises(solver.advisor.AdviceError) as e:
        advise_bid(get_variant("nap"), NAP_HAND, samples=2, **call)
    assert str(e.value).startswith(message) and "--" not in str(e.value)


def test_progress_and_boolean_keywords_are_checked_before_any_search():
    # progress=5 raised "'int' object is not callable" after the first search, and text for
    # a boolean ('no') was taken as True, as Table(keep_memory='no') is not.
    v, hand, err = get_variant("nap"), NAP_HAND, solver.advisor.AdviceError
    v7 = get_variant("japanese", {"players": 7})
    pool = parse_hand("5.6.AQT.A4") | parse_hand(".5..T2")
    pos = Position.from_json(EXAMPLE_POSITION)
    calls = [
        (lambda **kw: advise_bid(v, hand, samples=2, **kw), ("stop_early", "exact_points")),
        (lambda **kw: advise_call(v7, parse_hand("5.6.AQT.A4"), trump="S", samples=2, **kw),
         ("stop_early",)),
        (lambda **kw: advise_discard(v7, pool, trump="S", call="AS", samples=2, **kw),
         ("by_score",)),
        (lambda **kw: advise_play(pos, pos.to_move, discards=EXAMPLE_AWAY, samples=2, **kw), ()),
    ]
    for call, flags in calls:
        with pytest.raises(err, match="^progress must be a function .*, not 5$"):
            call(progress=5)
        for flag in flags:
            for bad in ("no", 1, None):
                with pytest.raises(err, match=f"^{flag} must be True or False, not {bad!r}$"):
                    call(**{flag: bad})


def test_play_and_discard_advice_errors_name_the_arguments():
    pos = Position.from_json(EXAMPLE_POSITION)
    seat, err = pos.to_move, solver.advisor.AdviceError
    gone = list(cards_of(missing_cards(pos)))     # the first two: EXAMPLE_AWAY
    cases = [
        (dict(target=99), "target must be 0.."),
        (dict(call=52), "call: JO is not a card of the japanese deck"),
        (dict(earlier=1 << 52), "earlier: JO is not in the japanese deck"),
        (dict(discards=1 << 52 | 1), "discards: JO is not in the japanese deck"),
        (dict(discards=pos.hands[0] & -pos.hands[0] | EXAMPLE_AWAY & -EXAMPLE_AWAY),
         "discards: "),
        (dict(discards=mask_of([gone[0], gone[2]]), earlier=mask_of(gone[2:])),
         "discards and earlier disagree"),
    ]
    for kwargs, message in cases:
        with pytest.raises(err) as e:
            advise_play(pos, seat, samples=2, **kwargs)
        assert str(e.value).startswith(message) and "--" not in str(e.value), (kwargs, e.value)
    v7 = get_variant("japanese", {"players": 7})
    with pytest.raises(err, match="^candidates must be 1 or more, not 0"):
        advise_discard(v7, parse_hand("5.6.AQT.A4") | parse_hand(".5..T2"), trump="S",
                       call="AS", candidates=0, samples=2)
    with pytest.raises(err, match="^call: japanese needs the card called"):
        advise_discard(v7, parse_hand("5.6.AQT.A4") | parse_hand(".5..T2"), trump="S",
                       call=None, samples=2)


# ---- bid advice: bids that cannot be the advice stop early, and trumps with none left ----------
def _same_stats(a: dict, b: dict) -> bool:
    return (a["bid"], a["p_make"], a["score"]) == (b["bid"], b["p_make"], b["score"])


def test_a_trump_behind_the_leading_bid_stops_early_and_the_advice_stands():
    nap = get_variant("nap")
    early = advise_bid(nap, NAP_HAND, samples=100, seed=7)
    full = advise_bid(nap, NAP_HAND, samples=100, seed=7, stop_early=False)
    lead, misere = early.rows
    assert lead["samples"] == 100 and lead["stopped_behind"] is None and not lead["stopped"]
    # Misère with A K of spades and an ace in each other suit: hopeless from the first check
    assert misere["samples"] == STOP_EVERY and misere["stopped_behind"] == "3"
    assert misere["stopped"] and sum(misere["histogram"].values()) == STOP_EVERY
    assert [r["samples"] for r in full.rows] == [100, 100]
    assert all(r["stopped_behind"] is None and not r["stopped"] for r in full.rows)
    assert all(b["samples"] == 100 and b["stopped"] is None for r in full.rows for b in r["bids"])
    assert early.recommended == full.recommended == "3"
    # the bids that went on: the same as with every sample; each bid that stopped: the same as
    # the first samples of the full run, as many as it had
    went_on = [b for b in lead["bids"] if b["stopped"] is None]
    assert [str(b["bid"]) for b in went_on] == ["3"]
    assert all(b["samples"] == 100 for b in went_on)
    shorter = {}
    for row, row_full in zip(early.rows, full.rows):
        for b, b_full in zip(row["bids"], row_full["bids"]):
            if b["stopped"] is None:
                assert _same_stats(b, b_full)
                continue
            assert b["stopped"] == "below" and b["ahead"] == "3"   # Nap pays more for more
            assert b["samples"] % STOP_EVERY == 0 and b["samples"] < 100
            if b["samples"] not in shorter:
                shorter[b["samples"]] = advise_bid(nap, NAP_HAND, samples=b["samples"], seed=7,
                                                   stop_early=False)
            first = [x for r in shorter[b["samples"]].rows for x in r["bids"]
                     if str(x["bid"]) == str(b["bid"])]
            assert len(first) == 1 and _same_stats(b, first[0])
    # the stopped row's samples are the first of the full run's
    assert misere["histogram"] == shorter[STOP_EVERY].rows[1]["histogram"]
    js = early.to_json()
    assert [(t["samples"], t["stopped_behind"]) for t in js["trumps"]] == \
        [(100, None), (STOP_EVERY, "3")]
    assert js["trumps"][1]["bids"][0]["stopped"] == {"reason": "below", "bid": "3"}
    assert js["trumps"][0]["bids"][0]["stopped"] is None


def test_a_bid_that_scores_no_more_than_a_lower_one_stops_at_the_first_check():
    """Japanese pays +2 for any bid of 11-19 made: 12 and above can at best tie 11 of the same
    trump in every sample, so from the first check the samples settle only 11 and 20 (and the
    bids surely behind the leader); the advice and the bids that went on are those of the
    full run."""
    v7 = get_variant("japanese", {"players": 7})
    hand = random_deal(v7, 3).hands[0]
    # (no node limit: a limit can leave other samples open when fewer questions are asked)
    kwargs = dict(trumps=["S", "H"], samples=40, seed=2, budget=SearchBudget(time_limit=None))
    early = advise_bid(v7, hand, **kwargs)
    full = advise_bid(v7, hand, stop_early=False, **kwargs)
    shorter = {n: advise_bid(v7, hand, stop_early=False, **{**kwargs, "samples": n})
               for n in range(STOP_EVERY, 40, STOP_EVERY)}
    assert early.recommended == full.recommended
    reasons = set()
    for k, row in enumerate(early.rows):
        for j, b in enumerate(row["bids"]):
            if b["stopped"] is None:
                assert b["samples"] == 40 and _same_stats(b, full.rows[k]["bids"][j])
            else:
                reasons.add(b["stopped"])
                assert _same_stats(b, shorter[b["samples"]].rows[k]["bids"][j])
                if b["stopped"] == "at_most":
                    assert b["samples"] == STOP_EVERY       # at the first check
                if b["stopped"] == "at_most":
                    # deferred to a lower bid of the same trump, still in at the check
                    assert b["ahead"][-1] == str(b["bid"])[-1] and b["ahead"] < str(b["bid"])
    assert "at_most" in reasons
    assert all(str(b["bid"]).startswith(("11", "20")) or b["stopped"] is not None
               for r in early.rows for b in r["bids"])


def test_bids_not_legal_stop_at_the_first_check_and_exact_points_keeps_every_bid():
    v7 = get_variant("japanese", {"players": 7})
    hand = parse_hand("8.AKQ.KQ.J")
    kwargs = dict(seat=2, auction="12S pass", trumps=["H"], samples=40, seed=3,
                  budget=SearchBudget(time_limit=None))
    early = advise_bid(v7, hand, **kwargs)
    bids = {str(b["bid"]): b for b in early.rows[0]["bids"]}
    assert (bids["11H"]["stopped"], bids["11H"]["samples"], bids["11H"]["legal"]) == \
        ("not_legal", STOP_EVERY, False)
    assert (bids["14H"]["stopped"], bids["14H"]["ahead"]) == ("at_most", "13H")
    assert (bids["13H"]["stopped"], bids["13H"]["samples"]) == (None, 40)
    assert not early.rows[0]["stopped"]          # the leader's trump goes on
    # exact totals settle every bid anyway: no bid of a trump that goes on stops
    exact = advise_bid(v7, hand, exact_points=True, **kwargs)
    assert all(b["samples"] == 40 and b["stopped"] is None for b in exact.rows[0]["bids"])
    assert exact.rows[0]["mean"] is not None and early.rows[0]["mean"] is None
    assert exact.recommended == early.recommended
    assert _same_stats([b for b in exact.rows[0]["bids"] if str(b["bid"]) == "13H"][0],
                       bids["13H"])
    out = CliRunner().invoke(app, ["advise", "bid", "8.AKQ.KQ.J", "-o", "players=7",
                                   "--auction", "12S pass", "--seat", "2", "-n", "40",
                                   "--seed", "3", "--trump", "H", "-j", "1"])
    assert out.exit_code == 0, out.output
    assert f"(not legal now; {STOP_EVERY} samples)" in out.output
    assert f"({STOP_EVERY} samples: never above 13H)" in out.output
    assert "once bids stop, a sample settles only the bids still asked" in out.output


def test_never_above_reads_the_scoring_at_every_total():
    from solver.advice_bid import _never_above

    v = get_variant("japanese")
    deal = random_deal(v, 5)
    contract, _ = declare(v, list(deal.hands) + [deal.rest], 0, Plan(Suit.SPADES))
    sample = [(contract, 14, 14, None)]
    b11, b12, b20 = (Bid(n, Suit.SPADES) for n in (11, 12, 20))
    assert _never_above({}, v, sample, 0, b12, b11, 0)
    assert not _never_above({}, v, sample, 0, b20, b11, 0)      # all 20 pays +4 bid so
    assert not _never_above({}, v, sample, 0, b11, b12, 0)      # 11 made where 12 fails
    nap = get_variant("nap")
    n_deal = random_deal(nap, 5)
    n_contract, _ = declare(nap, list(n_deal.hands) + [n_deal.rest], 0, Plan(None))
    three, four = Bid(3), Bid(4)
    assert not _never_above({}, nap, [(n_contract, 4, 4, None)], 0, four, three, 0)


def test_stopping_early_needs_every_legal_bid_surely_behind(monkeypatch):
    """``_stopped_bids`` on made-up per-sample scores: a legal bid stops only when it is below
    the leader by STOP_Z standard errors of the paired differences, a pseudo-sample at the most it
    could beat the leader by included; an open score counts at its highest for the bid
    judged (and at its lowest for the leader); a bid not legal stops at once, but nothing
    stops while no bid is legal."""
    from solver import advice_bid as ab

    # per_row[k][i] = (row k, sample i); the fake score of bid b there is table[k][b][i],
    # and every bid could score from 0 to 12 whatever the total
    table = {0: {"A": [10.0, 11.0] * 16},                       # the leader: mean 10.5
             1: {"B": [0.0, 1.0] * 16, "C": [9.0, 11.5] * 16},  # C is close: goes on
             2: {"D": [0.0, 0.5] * 16},                          # far behind: stops
             3: {"E": [0.0] * 31 + [None]},                      # open up to 1000: goes on
             4: {"F": [0.0] * 32},                               # not legal: stops
             5: {"G": [9.0, 11.5] * 16, "H": [9.0, 11.5] * 16}}  # (the last check's)

    def fake_range(memo, key, variant, outcome, alt, bid, seat):
        v = table[outcome[1]][bid][outcome[2]]
        return (0.0, 1000.0, 0.0, 1000.0) if v is None else (v, v, 0.0, 12.0)

    monkeypatch.setattr(ab, "_score_range", fake_range)
    monkeypatch.setattr(ab, "_never_above", lambda *a: False)
    per_row = [[(None, k, i, None) for i in range(32)] for k in table]
    live = {k: list(table[k]) for k in table if k != 5}
    legal = {"A", "B", "C", "D", "E"}
    jp, trumps = get_variant("japanese"), ["S", "H", "D", "C", "NT", "S"]
    assert ab._stopped_bids(jp, per_row, live, legal, 0, {}, trumps) == (
        "A", {(1, "B"): ("below", "A"), (2, "D"): ("below", "A"), (4, "F"): ("not_legal", None)})
    # without C, the leader is still A; with row 0 gone, the leader is C
    legal.discard("C")
    assert ab._stopped_bids(jp, per_row, live, legal, 0, {}, trumps)[1][(1, "C")] == \
        ("not_legal", None)
    legal.add("C")
    del live[0]
    leader, stops = ab._stopped_bids(jp, per_row, live, legal, 0, {}, trumps)
    assert leader == "C" and set(stops) == {(1, "B"), (2, "D"), (4, "F")}
    assert ab._stopped_bids(jp, per_row, live, set(), 0, {}, trumps) == (None, {})
    # a bid never above an earlier bid of its row stops as "at most" that one (not the
    # other way round: ties go to the first)
    monkeypatch.setattr(ab, "_never_above", lambda memo, v, s, k, bid, other, seat:
                        {bid, other} == {"G", "H"})
    assert ab._stopped_bids(jp, per_row, {5: ["G", "H"]}, {"G", "H"}, 0, {}, trumps) == \
        ("G", {(5, "H"): ("at_most", "G")})
    # Secretary's bids are trick counts, the same in every row: named with their row's trump
    assert ab._stopped_bids(get_variant("secretary"), per_row, {0: ["A"], 1: ["B", "C"]},
                            {"A", "B", "C"}, 0, {}, trumps) == \
        ("A S", {(1, "B"): ("below", "A S")})


def test_the_declaration_with_a_point_card_put_away_is_asked_before_all_20():
    """Once only 11 is asked about, the Siberian rule's "all 20?" is its only question above
    11. ``_settle`` asks the declaration with a point card put away first (within
    HELD_BACK_PROBE nodes): where that makes 11, the sample is settled without knowing
    whether the policy's declaration takes every point, and the score is the one the exact
    totals give (the better of the two declarations)."""
    from solver import Table
    from solver.advice_plan import _sample_scores, _settle
    from solver.sampling import DealSampler, knowledge_for_hand

    v7 = get_variant("japanese", {"players": 7})
    hand = parse_hand("AKQJ.KQ.A.")
    bid = next(b for b in v7.all_bids() if str(b) == "11S")
    deals = DealSampler(knowledge_for_hand(v7, 0, hand, ())).draw_many(10, 4)
    exact_budget = SearchBudget(time_limit=None)
    routes = set()
    for places in (deals[0], deals[9]):
        quick = _settle(v7, places, 0, Plan(Suit.SPADES), [bid], exact_budget, Table(16), False)
        full = _settle(v7, places, 0, Plan(Suit.SPADES), [bid], exact_budget, Table(16), True)
        assert full[1] == full[2]                                   # exact: the total itself
        got = _sample_scores(v7, quick[:3], quick[3], bid, 0)
        assert len(got) == 1 and got == _sample_scores(v7, full[:3], full[3], bid, 0)
        routes.add("put away first" if quick[3] is not None and quick[1] != quick[2]
                   else "plain" if quick[3] is None else "all 20 first")
        if quick[3] is not None:
            assert full[1] == 20 and full[3] is not None            # it does take every point
    assert routes == {"plain", "put away first"}


def test_the_early_stop_counts_what_a_rare_outcome_could_pay():
    """A bid that now and then pays far more (a high bid made) but was not seen to yet, given
    the same mean as the leader, is not stopped: the pseudo-sample at the most it could beat
    the leader by keeps it; the plain test would stop it."""
    from solver.advice_plan import _surely_below

    lead = [2.0] * 32
    rare = [1.0] * 32                   # in truth 1 in 20 samples pays 21: mean 2
    assert not _surely_below(rare, lead, most=19.0)
    assert _surely_below(rare, lead, most=-1.0)          # (without a chance of more: stops)
    # well behind: stops anyway, with more samples than a bid that cannot do better
    assert not _surely_below([1.0, 0.0] * 16, lead, most=19.0)
    assert _surely_below([1.0, 0.0] * 32, lead * 2, most=19.0)
    assert not _surely_below(lead, lead, most=0.0)


def test_a_call_surely_behind_stops_early_and_the_others_are_unchanged():
    v7 = get_variant("japanese", {"players": 7})
    hand = random_deal(v7, 3).hands[0]
    kwargs = dict(trump="S", samples=40, seed=2, budget=NODE_BUDGET)
    early = advise_call(v7, hand, **kwargs)
    full = advise_call(v7, hand, stop_early=False, **kwargs)
    assert all(r["n"] == 40 for r in full.rows)
    stopped = [r for r in early.rows if r["n"] != 40]
    assert [(r["option"], r["n"]) for r in stopped] == [("alone", STOP_EVERY)]
    assert early.rows[-1] is stopped[0]                   # fewer samples: listed last
    by_option = {r["option"]: r for r in full.rows}
    for r in early.rows[:-1]:                             # the ones that went on: the same
        assert r["score"] == by_option[r["option"]]["score"]
    assert early.rows[0]["option"] == full.rows[0]["option"]
    assert early.to_json() == advise_call(v7, hand, jobs=2, **kwargs).to_json()
    js = early.to_json()
    assert js["best"] == full.rows[0]["option"] and js["trump"] == "S"
    assert [c["choice"] for c in js["choices"] if c["stopped"]] == ["alone"]
    # the stopped row names the option that led when it stopped, the others none
    assert [(c["choice"], c["stopped_behind"]) for c in js["choices"] if c["stopped_behind"]] \
        == [("alone", _leader_after(v7, hand, STOP_EVERY, **kwargs))]


def _leader_after(variant, hand, n, samples, **kwargs) -> str:
    """The option of best mean score over the first ``n`` samples of every option."""
    rows = advise_call(variant, hand, stop_early=False, samples=n, **kwargs).rows
    return max(rows, key=lambda r: r["score"].mean)["option"]
