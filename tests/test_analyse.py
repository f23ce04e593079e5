"""``solver.analyse`` and ``napoleon analyse``: the pruned whole-deal table against brute force
over every called card and every discard (through each variant's own ``declare`` and a
plain ``solver.solve`` per declaration), on reduced deals of every preset; bids and scores
against the variants' scoring; the par auction; limits; bad input."""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from cli.main import app
from napoleon_rules import (Bid, Choices, Contract, Deal, DealError, NapoleonError, get_variant,
                            random_deal)
from napoleon_rules.cards import JOKER, NT, Suit, card_name, cards_of, count, mask_of, parse_cards
from napoleon_rules.deal import deal_str
from solver import solve
from solver.analyse import (ALONE, AnalysisOptionError, Cell, PartnerChoice, _tasks, analyse,
                            analyse_cards, strains)
from solver.declarations import Setup, declare
from solver.par import LEAD, MISERE, bid_floor, cell_bids, par
from cli_runner import runner


# ---- reduced deals ------------------------------------------------------------------------------
def short_deal(name: str, options: dict, cards: int, rest: int, seed: int, need=()):
    """Seeded hands of ``cards`` cards and a rest of ``rest`` cards; ``need``: cards that
    must be dealt (to a hand or the rest), so role cards such as the Joker take part."""
    v = get_variant(name, options)
    rng = random.Random(seed)
    pack = list(cards_of(v.deck))
    rng.shuffle(pack)
    wanted = [c for c in need if c in pack]
    pack = wanted + [c for c in pack if c not in wanted]
    size = v.players * cards + rest
    dealt = pack[:size]
    rng.shuffle(dealt)
    hands = [mask_of(dealt[i * cards:(i + 1) * cards]) for i in range(v.players)]
    return v, hands, mask_of(dealt[v.players * cards:])


def declarations(v, hands, rest, declarer, strain):
    """Every declaration the rules allow for this declarer and column: every card of the
    deck as the call (Mighty also 'no friend'), every discard, no merging of anything."""
    deal = Deal(v, tuple(hands), rest)
    pool = hands[declarer] | rest
    blind = v.name not in ("nap", "bridge")
    discards = list(itertools.combinations(cards_of(pool), count(rest))) if blind else [()]
    deck = list(cards_of(v.deck))
    for discard in discards:
        if v.name in ("japanese", "japanese-stakes", "japoleon"):
            for call in deck:
                yield v.declare(deal, declarer, Bid(v.opt("min_bid"), strain),
                                Choices(call=call, discard=discard))
        elif v.name == "mighty":
            yield v.declare(deal, declarer, Bid(v.opt("min_bid"), strain),
                            Choices(discard=discard, friend="none"))
            for call in deck:
                yield v.declare(deal, declarer, Bid(v.opt("min_bid"), strain),
                                Choices(call=call, discard=discard))
        elif v.name == "secretary":
            kept = pool & ~mask_of(discard)
            for call in deck:
                if not kept >> call & 1:
                    yield v.declare(deal, declarer, Bid(1),
                                    Choices(call=call, discard=discard, trump=strain))
        elif v.name == "nap":
            bid = Bid(0, None, "misere") if strain == MISERE else Bid(3)
            yield v.declare(deal, declarer, bid, Choices())
        else:
            yield v.declare(deal, declarer, Bid(1, strain), Choices())


def brute_force(v, hands, rest):
    """{(declarer, column): {partner: (best value, [all contracts reaching it])}}."""
    start = v.tricks - count(hands[0])
    memo: dict = {}
    out = {}
    for declarer in range(v.players):
        for strain in strains(v):
            best: dict = {}
            for contract, pos in declarations(v, hands, rest, declarer, strain):
                if start:
                    pos = replace(pos, trick=start)
                if pos not in memo:
                    memo[pos] = solve(pos, tt_mb=1).value
                value = v.credited(contract, memo[pos])
                if contract.partner not in best or value > best[contract.partner][0]:
                    best[contract.partner] = (value, [contract])
                elif value == best[contract.partner][0]:
                    best[contract.partner][1].append(contract)
            out[(declarer, strain)] = best
    return out


def made_by_score(v, contract, value) -> bool:
    """Made or not, read from the variant's own scoring (Mighty: the bid against the take)."""
    if v.name == "mighty":
        return value >= contract.bid.level
    if v.name == "bridge":
        return value >= contract.bid.level + 6
    return v.score(contract, value)[contract.declarer] > 0


def par_but_discard(par_json):
    """A par's JSON without its discard (an equally good one may be named instead)."""
    return par_json and {k: x for k, x in par_json.items() if k != "discard"}


def check_against_brute_force(v, hands, rest, exact_choices=True):
    """The analysis against brute force. Without ``exact_choices`` a partner choice may come
    back bounded only (its exact value would change no bid, score or par): its bounds must
    hold the truth and not exceed the cell's value; the bids, scores and par are checked
    against every choice's true value."""
    analysis = analyse_cards(v, hands, rest, exact_choices=exact_choices)
    truth = brute_force(v, hands, rest)
    assert analysis.complete
    for cell in analysis.cells:
        want = truth[(cell.declarer, cell.trump)]
        values = {p: vc[0] for p, vc in want.items()}
        assert cell.exact and cell.value == max(values.values())
        assert sorted(values, key=str) == sorted((c.partner for c in cell.choices), key=str)
        for choice in cell.choices:
            truth_value = values[choice.partner]
            where = (cell.declarer, cell.trump, choice, truth_value)
            if choice.exact:
                assert choice.value == truth_value, where
            else:
                assert not exact_choices, where
                assert choice.lower <= truth_value <= choice.upper <= cell.value, where
        # each reported discard (and call) really reaches the reported value
        for choice in cell.choices:
            if not choice.exact:
                continue
            assert any(tuple(sorted(cards_of(k.discards))) == tuple(sorted(choice.discard))
                       and (v.name != "secretary" or k.called == choice.call)
                       for k in want[choice.partner][1]), (cell.declarer, cell.trump, choice)
        # highest makeable bid and its best score, from the variant's own scoring
        best_bid, best_score = None, None
        for bid in cell_bids(v, cell.trump):
            for partner, (value, contracts) in want.items():
                contract = replace(contracts[0], bid=bid)
                if made_by_score(v, contract, value):
                    score = v.score(contract, value)[cell.declarer]
                    # bids ascend: the last one made is the highest; keep its best score
                    if best_bid != bid:
                        best_bid, best_score = bid, score
                    else:
                        best_score = max(best_score, score)
        assert cell.bid == best_bid, (cell.declarer, cell.trump, cell.bid, best_bid)
        # bridge is card play only: a contract made, but no scoring (its score was always 0)
        assert cell.score == (None if v.name == "bridge" else best_score)
    if not exact_choices:
        # the bounded choices change no cell's best choice and no par (an equally good
        # discard may be named instead: each one named is checked above)
        full = analyse_cards(v, hands, rest, exact_choices=True)
        assert [(c.value, c.bid, c.score, c.best.partner) for c in analysis.cells] == \
            [(c.value, c.bid, c.score, c.best.partner) for c in full.cells]

        assert par_but_discard(analysis.par and analysis.par.to_json()) == \
            par_but_discard(full.par and full.par.to_json())
    return analysis


CASES = [
    # preset, options, cards per hand, rest, seed, cards that must be in play
    ("japanese", {"min_bid": 2}, 3, 2, 1, parse_cards("AS JS JC QH")),
    ("japanese", {"players": 3, "min_bid": 2}, 3, 3, 2, parse_cards("AS JH JD QH")),
    ("japanese-stakes", {"min_bid": 2}, 3, 2, 3, parse_cards("AS JD")),
    ("mighty", {"min_bid": 2}, 3, 3, 4, [JOKER] + parse_cards("AS AD 3C")),
    ("japoleon", {"min_bid": 2}, 3, 3, 5, [JOKER] + parse_cards("AS AH 4C JS")),
    ("secretary", {}, 2, 2, 6, ()),
    ("bridge", {}, 3, 0, 7, ()),
]


@pytest.mark.parametrize("name,options,cards,rest,seed,need", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
@pytest.mark.parametrize("exact_choices", [True, False], ids=["every-choice", "bounded"])
def test_table_equals_brute_force(name, options, cards, rest, seed, need, exact_choices):
    v, hands, rest_mask = short_deal(name, options, cards, rest, seed, need)
    check_against_brute_force(v, hands, rest_mask, exact_choices)


@pytest.mark.parametrize("jobs", [1, 2])
def test_bridge_sides_share_a_table_and_agree_with_solving_each_cell(jobs):
    # The two declarers of a side are analysed on one table (solver/analyse.py, _tasks):
    # the second one's search reads the first one's entries; its values must stay those of
    # a solve on a fresh table.
    v, hands, rest = short_deal("bridge", {}, 6, 0, 8, ())
    check_against_brute_force(v, hands, rest)
    tasks = _tasks(v, [(d, s) for d in range(4) for s in ("S", "NT")])
    assert tasks[0] == [(0, "S"), (2, "S")] and [(1, "NT"), (3, "NT")] in tasks

    def cells(**kw):
        return {(c["declarer"], c["trump"]): {k: x for k, x in c.items() if k != "stats"}
                for c in analyse_cards(v, hands, rest, **kw).to_json()["cells"]}

    # the other declarer of each side first: other entries in the table, the same values
    assert cells(jobs=jobs) == cells(jobs=1, declarers=[3, 2, 1, 0])


BOUNDED_CASES = [
    # A lowest bid that many choices miss: only the cell's value and the choices that could
    # change a bid's best choice are exact. The last two: a lowest bid most cells miss, so
    # their values are found from the top down.
    ("japanese", {"min_bid": 5}, 4, 2, 21, parse_cards("AS JS JC QH")),
    ("mighty", {"min_bid": 6}, 4, 3, 22, [JOKER] + parse_cards("AS AD 3C")),
    ("japoleon", {"min_bid": 5}, 4, 3, 23, [JOKER] + parse_cards("AS AH 4C JS")),
    ("japanese", {"min_bid": 9}, 4, 2, 24, parse_cards("AS JS JC QH")),
    ("mighty", {"min_bid": 10}, 4, 3, 25, [JOKER] + parse_cards("AS AD 3C")),
]


@pytest.mark.parametrize("name,options,cards,rest,seed,need", BOUNDED_CASES,
                         ids=[f"{c[0]}-{c[1]['min_bid']}" for c in BOUNDED_CASES])
def test_a_table_bounds_the_choices_that_decide_nothing(name, options, cards, rest, seed, need):
    v, hands, rest_mask = short_deal(name, options, cards, rest, seed, need)
    # against brute force, and the same values, bids, scores and par as every choice exact
    analysis = check_against_brute_force(v, hands, rest_mask, exact_choices=False)
    assert any(not c.exact for cell in analysis.cells for c in cell.choices)
    if options["min_bid"] >= 9:
        assert sum(c.value < bid_floor(v, c.trump) for c in analysis.cells) >= 5


def test_nap_full_deals_equal_brute_force_and_par():
    v = get_variant("nap", {"players": 3})
    for seed in range(3):
        deal = random_deal(v, seed)
        analysis = analyse(deal)
        truth = brute_force(v, deal.hands, deal.rest)
        for cell in analysis.cells:
            assert cell.value == truth[(cell.declarer, cell.trump)][None][0]
        # Nap: one bid each from the dealer's left; each seat bids its highest makeable bid
        # that beats the last, so the winner is the last seat with the best bid.
        p = analysis.par
        spoken = [b for _, b in p.calls if b is not None]
        if spoken:
            assert p.bid == max(spoken, key=v.bid_key) and p.declarer is not None
        else:
            assert p.declarer is None and p.redeal_by is not None


def test_equivalent_low_cards_are_merged_without_changing_the_result():
    # Seat 0 holds 3♠ 4♠ 5♠ (interchangeable: nobody else holds a spade between them) and
    # the blind 6♠ 7♥: the discards of one or two of the run of 3♠..6♠ collapse.
    text = "japanese:543.A.. AK.K.2. .QJ.K.9 QJ..Q.8 T..A.AK | 6.7.."
    hands_text, _, rest_text = text.partition(":")[2].partition("|")
    from napoleon_rules.deal import parse_hand
    hands = [parse_hand(h) for h in hands_text.split()]
    v = get_variant("japanese", {"min_bid": 2})
    analysis = check_against_brute_force(v, hands, parse_hand(rest_text))
    cell = analysis.cell(0, Suit.HEARTS)
    assert cell.stats["discards"] < len(list(itertools.combinations(range(5), 2)))


@pytest.mark.parametrize("name,seed", [("japanese", 1), ("japanese", 2), ("japoleon", 3),
                                       ("mighty", 4), ("mighty", 5)])
def test_a_candidate_made_from_another_equals_the_variants_own_declaration(name, seed):
    # The analysis declares each partner choice once and puts every other discard into
    # that declaration (``_Candidate``'s ``like``): the same position, contract, compiled
    # rules and bounds as the variant's own ``declare`` of that discard, on full deals.
    from solver.analyse import _Candidate, _derivable
    from solver.declarations import discards, partner_options
    v = get_variant(name)
    assert _derivable(v) and not _derivable(get_variant("secretary"))
    deal = random_deal(v, seed)
    setup = Setup(v, tuple(deal.hands), deal.rest, 0)
    checked = 0
    for declarer in (seed % v.players, (seed + 2) % v.players):
        strain = strains(v)[seed % len(strains(v))]
        for seat, coups in partner_options(setup, declarer, None):
            for coup in coups:
                pool = discards(setup, declarer, strain)
                like = _Candidate(setup, declarer, strain, seat, coup, pool[0])
                for d in pool[1:]:
                    own = _Candidate(setup, declarer, strain, seat, coup, d)
                    made = _Candidate(setup, declarer, strain, seat, coup, d, like)
                    assert made.pos.pos == own.pos.pos and made.contract == own.contract
                    assert made.pos.rules == own.pos.rules and made.pos.over == own.pos.over
                    assert (made.credit, made.top, made.upper, made.called) == \
                        (own.credit, own.top, own.upper, own.called)
                    checked += 1
    assert checked > 100


def test_pruning_skips_most_candidates_and_jobs_do_not_change_results():
    v, hands, rest = short_deal("japanese", {"min_bid": 2}, 4, 2, 11, ())
    one = analyse_cards(v, hands, rest)
    two = analyse_cards(v, hands, rest, jobs=2)
    assert one.stats["solved"] < one.stats["candidates"] / 3
    assert [c.to_json()["choices"] for c in one.cells] == [c.to_json()["choices"] for c in two.cells]
    assert one.par.to_json() == two.par.to_json()


@pytest.mark.parametrize("name,options,cards,rest,seed", [
    ("japanese", {}, 5, 3, 21), ("japanese", {}, 5, 3, 22), ("mighty", {}, 5, 3, 23),
    ("japoleon", {}, 5, 3, 24), ("secretary", {"reveal": True}, 4, 2, 25)])
def test_two_jobs_give_the_one_job_table_to_the_node(name, options, cards, rest, seed):
    # With two threads the last cells' partner choices and top-down levels are searched
    # side by side (solver/analyse_threads.py); what is kept must be what one thread finds:
    # every choice's bounds, the tests and the nodes of every cell, the par.
    v, hands, rest_mask = short_deal(name, options, cards, rest, seed)

    def table(jobs, **kw):
        a = analyse_cards(v, hands, rest_mask, jobs=jobs, **kw)
        cells = [c.to_json() for c in a.cells]
        for c in cells:
            c["stats"].pop("time_s")
        return cells, None if a.par is None else a.par.to_json(), a.stats["nodes"]

    one = table(1)
    assert one == table(2) == table(3)
    assert any(c["value"] is not None and c["bid"] is None for c in one[0]) or name != "japanese"
    cell = dict(declarers=[1], trumps=[one[0][4]["trump"]])
    assert table(1, **cell) == table(2, **cell)      # one cell: its line of play as well


def test_fixed_cell_gives_the_line_of_play():
    v, hands, rest = short_deal("mighty", {"min_bid": 2}, 3, 3, 4, [JOKER])
    analysis = analyse_cards(v, hands, rest, declarers=[1], trumps=["NT"], partner=ALONE)
    (cell,) = analysis.cells
    assert [c.partner for c in cell.choices] == [None] and cell.trump == NT
    assert len(cell.line) == 3 * v.players
    assert analysis.par is None and "whole table" in analysis.note


def test_python_messages_name_arguments_and_the_command_line_its_options():
    # The note and the Nap short-hands error said "--declarer" and "-o players=2 or 3" to
    # Python callers; the command line keeps its wording (command_line, command_line_note).
    v, hands, rest = short_deal("japanese", {}, 2, 2, 1, ())
    analysis = analyse_cards(v, hands, rest, declarers=[0])
    assert analysis.note == analysis.to_json()["note"] == \
        "no par: it needs the whole table (declarers, trumps and partner all None)"
    assert analysis.command_line_note == \
        "no par: it needs the whole table (no --declarer, --trump or --partner)"
    with pytest.raises(DealError) as e:
        analyse_cards("nap", [1 << c for c in range(5)], ((1 << 52) - 1) & ~31)
    assert str(e.value).endswith("use fewer players: get_variant('nap', {'players': 3}) (or 2)")
    assert e.value.command_line.endswith("use -o players=2 or 3") and "--" not in str(e.value)
    r = run(SHORT, "--short-hands", "--declarer", "0", "--jobs", "1")
    assert r.exit_code == 0 and r.stdout.rstrip().splitlines()[-2] == analysis.command_line_note
    r = run(SHORT, "--short-hands", "--declarer", "0", "--jobs", "1", "--json")
    assert json.loads(r.stdout)["note"] == analysis.command_line_note


# ---- bids, scores, par --------------------------------------------------------------------------
def synthetic_cell(v, declarer, trump, values: dict):
    choices = [PartnerChoice(p, x, x, x) for p, x in values.items()]
    from solver.par import highest_makeable
    cell = Cell(declarer, trump, choices)
    found = highest_makeable(v, cell)
    if found:
        cell.bid, cell.score, cell.best = found
    return cell


def test_par_auction_cheapest_bids_and_suit_order():
    # Seat 1 makes 15 in hearts, seat 0 makes 13 in spades, nobody else anything. From
    # dealer 0 the auction climbs 11♥ 11♠ 12♥ 12♠ 13♥ 13♠ 14♥ and seat 0 must pass.
    v = get_variant("japanese")
    cells = [synthetic_cell(v, s, t, {(s + 1) % 5: 0}) for s in range(5) for t in Suit]
    cells[0 * 4 + Suit.SPADES] = synthetic_cell(v, 0, Suit.SPADES, {2: 13, None: 9})
    cells[1 * 4 + Suit.HEARTS] = synthetic_cell(v, 1, Suit.HEARTS, {3: 15, None: 15})
    p = par(v, cells, dealer=0)
    assert (p.declarer, str(p.bid), p.partner) == (1, "14H", None)   # alone scores double
    assert p.scores == [-2, 4, -2, -2, -2]
    assert [str(b) for _, b in p.calls if b is not None] == \
        ["11H", "11S", "12H", "12S", "13H", "13S", "14H"]


def test_par_tie_at_the_top_goes_to_the_first_to_need_it_not_the_first_to_speak():
    # Seats 1, 2 and 3 each make 13 in spades and nothing else; seat 0 makes 11 in clubs.
    # From dealer 4 seat 0 opens 11C; seat 1 bids 11S, seat 2 must go to 12S, seat 3 to
    # 13S, and then nobody beats it: seat 3 wins although seats 1 and 2 speak before it.
    v = get_variant("japanese")
    cells = [synthetic_cell(v, s, t, {(s + 1) % 5: 0}) for s in range(5) for t in Suit]
    cells[0 * 4 + Suit.CLUBS] = synthetic_cell(v, 0, Suit.CLUBS, {1: 11})
    for seat in (1, 2, 3):
        cells[seat * 4 + Suit.SPADES] = synthetic_cell(v, seat, Suit.SPADES, {0: 13})
    p = par(v, cells, dealer=4)
    assert (p.declarer, str(p.bid)) == (3, "13S")
    assert [(s, str(b)) for s, b in p.calls if b is not None] == \
        [(0, "11C"), (1, "11S"), (2, "12S"), (3, "13S")]
    # Nap, one call each: seats 1 and 2 make 4 (no Misère: each takes a trick), and the
    # first of them to speak takes it.
    nap = get_variant("nap", {"players": 3})
    nap_cells = [synthetic_cell(nap, s, col, {None: 4 if col == LEAD and s else 1})
                 for s in range(3) for col in (LEAD, MISERE)]
    assert par(nap, nap_cells, dealer=2).declarer == 1


def test_siberian_rule_and_all_pass():
    v = get_variant("japanese")
    cell = synthetic_cell(v, 0, Suit.CLUBS, {1: 20})
    assert str(cell.bid) == "20C" and cell.score == 4      # all 20 only count with a bid of 20
    low = [synthetic_cell(v, s, t, {(s + 1) % 5: 10}) for s in range(5) for t in Suit]
    p = par(v, low, dealer=2)
    assert p.declarer is None and p.redeal_by == 3 and len(p.calls) == 5


def test_mighty_scores_the_take_and_credits_discards():
    v = get_variant("mighty")
    cell = synthetic_cell(v, 0, NT, {1: 16, None: 14})
    assert str(cell.bid) == "16NT" and cell.score == 2 * (16 - 12) and cell.best.partner == 1
    discarded = Contract(0, Bid(13, NT), NT, discards=mask_of(parse_cards("AS KS 9S")))
    assert v.credited(discarded, 10) == 12


# ---- limits -------------------------------------------------------------------------------------
def test_a_time_limit_gives_bounds_never_a_wrong_value():
    v, hands, rest = short_deal("japanese", {"min_bid": 2}, 4, 2, 11, ())
    exact = analyse_cards(v, hands, rest, exact_choices=True)
    partial = analyse_cards(v, hands, rest, time_limit=1e-4)
    assert not partial.complete and partial.par is None and "limit" in partial.note
    for cell, truth in zip(partial.cells, exact.cells):
        if cell.exact:
            assert cell.value == truth.value
        else:
            assert cell.bid is None and cell.lower <= truth.upper and truth.value <= cell.upper
            for c, t in zip(cell.choices, truth.choices):
                assert c.lower <= t.value <= c.upper


@pytest.mark.parametrize("node_limit", [50, 400, 3000])
def test_a_node_limit_leaves_true_bounds_and_exact_cells_right(node_limit):
    # Some searches stop, others finish: a cell called exact must be right (value, bid,
    # score), every bound must hold the true value, and a cell with a stopped choice that
    # could matter must not be called exact.
    v, hands, rest = short_deal("japanese", {"min_bid": 5}, 4, 2, 21, parse_cards("AS JS JC QH"))
    truth = analyse_cards(v, hands, rest, exact_choices=True)
    partial = analyse_cards(v, hands, rest, node_limit=node_limit)
    for cell, want in zip(partial.cells, truth.cells):
        assert cell.lower <= want.value <= cell.upper
        if cell.exact:
            assert (cell.value, cell.bid, cell.score) == (want.value, want.bid, want.score)
        for c, t in zip(cell.choices, want.choices):
            assert c.lower <= t.value <= c.upper, (cell.declarer, cell.trump, c, t)
    assert partial.complete == all(c.exact for c in partial.cells)
    if partial.complete:
        assert partial.par.to_json()["scores"] == truth.par.to_json()["scores"]


# ---- bad input ----------------------------------------------------------------------------------
def test_bad_requests_name_the_problem():
    v, hands, rest = short_deal("japanese", {}, 2, 2, 1, ())
    with pytest.raises(AnalysisOptionError, match="no trump 'NT'"):
        analyse_cards(v, hands, rest, trumps=["NT"])
    with pytest.raises(AnalysisOptionError, match="declarer must be a seat 0..4"):
        analyse_cards(v, hands, rest, declarers=[5])
    with pytest.raises(AnalysisOptionError, match="another seat"):
        analyse_cards(v, hands, rest, declarers=[2], partner=2)
    # A duplicate made a cell twice, an empty list an empty table marked complete, and a
    # partner among several declarers asked for dropped that declarer's row silently.
    for bad, words in ((dict(declarers=[0, 0]), "declarers: seat 0 is given twice"),
                       (dict(trumps=["S", Suit.SPADES]), "trumps: S is given twice"),
                       (dict(declarers=[]), "declarers is empty"),
                       (dict(trumps=()), "trumps is empty"),
                       (dict(declarers=[0, 1, 2], partner=1),
                        "partner 1 is one of the declarers asked for (0 1 2)")):
        with pytest.raises(AnalysisOptionError, match=re.escape(words)):
            analyse_cards(v, hands, rest, **bad)
    # With every declarer (declarers None) the partner's own row is left out, as documented.
    others = analyse_cards(v, hands, rest, partner=1, trumps="S")
    assert [c.declarer for c in others.cells] == [0, 2, 3, 4]
    nap = get_variant("nap", {"players": 3})
    with pytest.raises(AnalysisOptionError, match="nap has no partner"):
        analyse(random_deal(nap, 1), partner=1)
    with pytest.raises(AnalysisOptionError, match="jobs"):
        analyse_cards(v, hands, rest, jobs=0)
    for bad, words in ((dict(declarers=1.5), "declarers must be a list"),
                       (dict(trumps=b"S"), "trumps must be a list"),
                       (dict(trumps="X"), "'X'"),
                       (dict(declarers=True), "declarer must be a seat"),
                       (dict(progress="x"), "progress must be a function"),
                       (dict(exact_choices="no"), "exact_choices must be True or False, not 'no'"),
                       (dict(time_limit=float("inf")), "time_limit must be a positive"),
                       (dict(time_limit=float("nan")), "time_limit must be a positive")):
        with pytest.raises(AnalysisOptionError, match=words):
            analyse_cards(v, hands, rest, **bad)


def test_one_declarer_or_trump_alone_is_a_list_of_one():
    v, hands, rest = short_deal("japanese", {}, 2, 2, 1, ())

    def table(a):
        out = a.to_json()
        out.pop("stats")                      # times and counters
        for c in out["cells"]:
            c.pop("stats", None)
        return out

    listed = table(analyse_cards(v, hands, rest, declarers=[1], trumps=["H"]))
    assert [(c["declarer"], c["trump"]) for c in listed["cells"]] == [(1, "H")]
    assert table(analyse_cards(v, hands, rest, declarers=1, trumps="H")) == listed
    nap = random_deal(get_variant("nap", {"players": 3}), 1)
    lead = table(analyse(nap, trumps="lead", declarers=0))
    assert lead == table(analyse(nap, trumps=["lead"], declarers=[0]))
    with pytest.raises(AnalysisOptionError, match="expected a variant"):
        analyse_cards(5, hands, rest)
    with pytest.raises(DealError, match="hands must be a list"):
        analyse_cards(v, None, rest)
    with pytest.raises(DealError, match="same number of cards"):
        analyse_cards(v, [hands[0] | rest] + hands[1:], 0)
    with pytest.raises(DealError, match="dealt twice"):
        analyse_cards(v, [hands[0]] + [hands[0]] + hands[2:], rest)
    with pytest.raises(DealError, match="needs 5 hands"):
        analyse_cards(v, hands[:4], rest)
    full = random_deal(get_variant("japanese"), 1)
    broken = Deal(full.variant, full.hands, full.rest & (full.rest - 1))
    with pytest.raises(DealError, match="missing 1 card"):
        analyse(broken)


def run(*args):
    return runner.invoke(app, ["analyse", *args])


SHORT = "japanese:5.82.4. .J.52.A Q8..Q8. K.6.9.J 3.K7.7. | 74..."
FULL = "japanese:KJ74.J8.AKJ.Q .QT4.5.AT9632 AQ5.A9.T982.K 832.763.3.875 96.K52.764.J4 | T..Q."


def test_cli_table_json_and_par():
    r = run(SHORT, "--short-hands", "-o", "min_bid=2", "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert "seat 4" in r.stdout and "♠" in r.stdout
    assert "par: seat 4 wins the auction with 7♠" in r.stdout
    data = json.loads(run(SHORT, "--short-hands", "-o", "min_bid=2", "--json", "--jobs", "2").stdout)
    assert data["complete"] and data["par"]["declarer"] == 4 and data["par"]["bid"] == "7S"
    assert len(data["cells"]) == 20 and data["trumps"] == ["S", "H", "D", "C"]
    assert r.stderr == ""


def test_cli_one_cell_and_limits():
    r = run(SHORT, "--short-hands", "--declarer", "2", "--trump", "s", "--partner", "3")
    assert r.exit_code == 0 and "General 3" in r.stdout
    assert "best line, trick by trick" in r.stdout and "trick 10, seat" in r.stdout
    r = run(SHORT, "--short-hands", "--time-limit", "0.0001", "--json")
    assert r.exit_code == 3 and json.loads(r.stdout)["complete"] is False
    assert r.stderr.startswith("error: a search limit stopped")


@pytest.mark.parametrize("args,fragment", [
    ([SHORT], "for hands of 4 cards add --short-hands"),
    ([FULL.replace("KJ74.", "KJT74.").replace("| T..Q.", "| ..Q.")], "hand 0 holds 11 cards"),
    ([FULL.replace("| T..Q.", "| T..Q.K")], "card KC is dealt twice"),
    ([SHORT.replace("| 74...", "| 75..."), "--short-hands"], "dealt twice"),
    ([SHORT.replace("5.82.4.", "5.82.4.2"), "--short-hands"], "same number of cards"),
    ([SHORT, "--short-hands", "--trump", "NT"], "no trump 'NT'"),
    ([SHORT, "--short-hands", "--partner", "9"], "partner must be a seat"),
    ([SHORT, "--short-hands", "-o", "jokers=1"], "no option 'jokers'"),
    (["nap:A... K... Q... J... T... | .AKQJT98765432.AKQJT98765432.AKQJT98765432",
      "--short-hands"], "for a small deal use -o players=2 or 3"),
    ([SHORT, "--variant", "mighty"], "the deal is for 'japanese'"),
    (["nap:KJ.7.A.6 ..Q3.AKQ .A.84.J3 | AQT98765432.KQJT9865432.KJT97652.T987542",
      "-o", "players=3", "--partner", "1"], "nap has no partner"),
    ([SHORT, "--short-hands", "--declarer", "2", "--dealer", "1"],
     "who deals the par auction (the dealer's left opens it in japanese), which needs the whole table"),
    ([SHORT.replace("japanese:", "mighty:"), "--short-hands", "--trump", "S", "--dealer", "0"],
     "(the dealer opens it in mighty)"),
    (["bridge:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
      "--dealer", "1"], "bridge has no auction"),
])
def test_cli_bad_input_is_one_line_exit_2(args, fragment):
    r = run(*args)
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], r.stderr


def test_bridge_cell_shows_the_contract_made_and_no_score():
    deal = deal_str(random_deal(get_variant("bridge"), 1))     # napoleon deal -v bridge --seed 1
    args = (deal, "--declarer", "E", "--trump", "H", "--jobs", "1")
    cell = json.loads(run(*args, "--json").stdout)["cells"][0]
    assert (cell["value"], cell["bid"], cell["score"], cell["scores"]) == (9, "3H", None, None)
    text = run(*args).stdout
    assert "9 tricks; highest contract made 3♥\n" in text and "score" not in text


def test_cli_reads_a_deal_file_and_the_variant_option(tmp_path):
    deal = random_deal(get_variant("nap", {"players": 3}), 4)
    path = tmp_path / "deal.txt"
    path.write_text("# a 3-player Nap deal\n" + deal_str(deal) + "\n", encoding="utf-8")
    r = run(str(path), "-o", "players=3", "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert [c["trump"] for c in data["cells"][:2]] == [LEAD, MISERE]
    bare = deal_str(deal).partition(":")[2]
    again = run(bare, "--variant", "nap", "-o", "players=3", "--json")
    assert [c["choices"] for c in json.loads(again.stdout)["cells"]] == \
        [c["choices"] for c in data["cells"]]


def test_errors_are_napoleon_errors():
    assert issubclass(AnalysisOptionError, NapoleonError)


def test_cli_exact_choices():
    common = [SHORT, "--short-hands", "-o", "min_bid=5", "--json"]
    floored, exact = (json.loads(run(*common, *extra).stdout) for extra in ([], ["--exact-choices"]))
    assert any(ch["value"] is None for c in floored["cells"] for ch in c["choices"])
    assert all(ch["value"] is not None for c in exact["cells"] for ch in c["choices"])
    assert [(c["value"], c["bid"], c["score"]) for c in floored["cells"]] == \
        [(c["value"], c["bid"], c["score"]) for c in exact["cells"]]
    assert floored["complete"] and par_but_discard(floored["par"]) == par_but_discard(exact["par"])
    # one cell: a bounded choice shows as "≤ n", every value with --exact-choices
    cell = [SHORT, "--short-hands", "-o", "min_bid=5", "--declarer", "0", "--trump", "S"]
    bounded, every = run(*cell), run(*cell, "--exact-choices")
    assert bounded.exit_code == every.exit_code == 0
    assert "≤" in bounded.stdout and "≤" not in every.stdout
    assert "best line, trick by trick" in bounded.stdout

    def best(text):     # partner, points and bid (an equally good discard may differ)
        line = next(x for x in text.splitlines() if x.startswith("best:"))
        return line.split(",")[0], line.rpartition(": ")[2]
    assert best(bounded.stdout) == best(every.stdout)


# ---- scripts/test_cost.py (times the tests behind a slow cell) -----------------------------------
def test_test_cost_script_answers_as_the_solver():
    """The diagnostic script's verdicts and bounds agree with the solved value, around it,
    and it names bad arguments."""
    script = Path(__file__).resolve().parents[1] / "scripts" / "test_cost.py"
    v = get_variant("japanese", {"players": 7})
    deal = random_deal(v, random.Random(5))
    setup = Setup(v, tuple(deal.hands), deal.rest, 0)
    discard = tuple(sorted(cards_of(deal.rest)))
    contract, pos = declare(setup, 0, Suit.CLUBS, 2, None, discard)
    value = solve(pos, mode="value").value + v.credited(contract, 0)
    args = [sys.executable, str(script), deal_str(deal), "-o", "players=7", "--declarer", "0",
            "--trump", "C", "--partner", "2", "--discard", " ".join(card_name(c) for c in discard),
            "--targets", str(value + 1), str(value)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("T ")]
    assert "fails" in lines[0] and "reaches" in lines[1], done.stdout
    hi = int(lines[0].split("[")[1].split(",")[1].split("]")[0])
    lo = int(lines[1].split("[")[1].split(",")[0])
    assert lo <= value <= hi
    bad = subprocess.run(args[:-3] + ["--partner", "0", "--targets", "3"], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode != 0 and "two seats" in bad.stderr


def test_solver_analyse_is_there_after_import_solver():
    # The README's "solver.analyse.analyse(deal, ...)" raised AttributeError after
    # 'import solver' (a fresh interpreter: here solver.analyse is imported already).
    code = ("import solver, sys; assert 'solver.analyse' not in sys.modules; "
            "print(solver.analyse.analyse.__name__, solver.analyse.analyse_cards.__name__, "
            "solver.advisor.advise_bid.__name__, hasattr(solver, 'no_such_module'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["analyse", "analyse_cards", "advise_bid", "False"]


def test_cell_takes_the_trump_as_analyse_does():
    # a.cell(0, "S") raised KeyError although analyse took "S" and to_json wrote "S".
    v, hands, rest = short_deal("japanese", {"min_bid": 2}, 2, 2, 1, ())
    a = analyse_cards(v, hands, rest, declarers=[0, 1], trumps=["S", "H"])
    assert a.cell(0, "S") is a.cell(0, Suit.SPADES) is a.cell(0, " s ") is a.cell(0, "\u2660")
    assert a.cell(1, "h").trump == Suit.HEARTS
    for declarer, trump, words in ((0, "X", "unknown trump 'X'"), (0, "NT", "no trump 'NT'"),
                                   (5, "S", "declarer must be a seat 0..4, not 5"),
                                   ("0", "S", "declarer must be a seat"),
                                   (2, "S", "no cell for declarer 2 and trump S"),
                                   (0, "D", "no cell for declarer 0 and trump D")):
        with pytest.raises(AnalysisOptionError, match=words):
            a.cell(declarer, trump)
    nap = analyse(random_deal(get_variant("nap", {"players": 3}), 5), declarers=[1],
                  trumps=["lead"])
    assert nap.cell(1, "LEAD") is nap.cell(1, LEAD)
    with pytest.raises(AnalysisOptionError, match="declarer must be a seat 0..2, not 7"):
        nap.cell(7, "lead")
