"""`napoleon solve DEAL --declarer ...`: a deal solved from its first lead after the declaration
built by the variant's own ``declare``, and the best line shown trick by trick.

A whole 10-card deal takes about a second, the odd one much longer, so the solving tests use
small games (three-player Nap, seven-player Japanese Napoleon and Mighty on deals that solve in
well under a second); the other variants are checked on the position built, without solving.
"""

from __future__ import annotations

import json
import re

import pytest

from cli.main import app
from cli.solve_deal import highest_card, position_from_deal
from napoleon_rules import Choices, get_variant, random_deal
from napoleon_rules.cards import NT, Suit, card_name, count, parse_card, parse_cards
from napoleon_rules.deal import deal_str
from napoleon_rules.moves import Bid
from cli_runner import error_line, run, runner

solver = pytest.importorskip("solver")


NAP3 = get_variant("nap", {"players": 3})
JAPANESE7 = get_variant("japanese", {"players": 7})
MIGHTY7 = get_variant("mighty", {"players": 7})
LIMIT = ("--time-limit", "20")

#: (variant, -o options, seed, CLI declaration, the same as declare() arguments): small deals
#: whose whole search takes well under a second.
SMALL_DECLARATIONS = [
    (NAP3, ["players=3"], 4, ["--declarer", "1"], (1, Bid(3), Choices())),
    (NAP3, ["players=3"], 6, ["--declarer", "2", "--bid", "misere"],
     (2, Bid(0, None, "misere"), Choices())),
    (JAPANESE7, ["players=7"], 5, ["--declarer", "0", "--trump", "C", "--partner", "2",
                                   "--discard", "JS KS 5H"],
     (0, Bid(11, Suit.CLUBS), "partner 2")),
    (MIGHTY7, ["players=7"], 11, ["--declarer", "0", "--trump", "S", "--bid", "14",
                                  "--call", "QS", "--discard", "2H 4H JH 2D"],
     (0, Bid(14, Suit.SPADES), Choices(call=parse_card("QS"),
                                       discard=tuple(parse_cards("2H 4H JH 2D"))))),
]


def declared(variant, seed, how):
    deal = random_deal(variant, seed)
    declarer, bid, choices = how
    if choices == "partner 2":  # the CLI calls the partner's highest card
        choices = Choices(call=highest_card(deal.hands[2], bid.trump),
                          discard=tuple(parse_cards("JS KS 5H")))
    return deal, variant.declare(deal, declarer, bid, choices)[1]


@pytest.mark.parametrize("variant,opts,seed,args,how", SMALL_DECLARATIONS,
                         ids=["nap", "nap-misere", "japanese7-partner", "mighty7-call"])
def test_deal_value_is_the_solver_value_of_the_declared_position(variant, opts, seed, args, how):
    deal, pos = declared(variant, seed, how)
    options = [x for o in opts for x in ("-o", o)]
    res = run("solve", deal_str(deal), *options, *args, *LIMIT, "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    want = solver.solve(pos, time_limit=20)
    assert out["position"] == pos.to_json()
    assert (out["value"], out["unit"]) == (want.value, variant.unit)
    assert out["plays"] == want.to_json()["plays"]
    assert set(out) == {"value", "unit", "plays", "line", "stats", "position", "declaration",
                        "result"}


@pytest.mark.parametrize("variant,opts,seed,args,how", SMALL_DECLARATIONS,
                         ids=["nap", "nap-misere", "japanese7-partner", "mighty7-call"])
def test_deal_json_has_the_declaration_and_the_result(variant, opts, seed, args, how):
    """The JSON of a deal says what the readable output says: the declaration (which the
    position format cannot hold: the called card, the discards) and the bid made or not."""
    from solver.par import made
    deal, pos = declared(variant, seed, how)
    options = [x for o in opts for x in ("-o", o)]
    res = run("solve", deal_str(deal), *options, *args, *LIMIT, "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    declaration = out["declaration"]
    declarer, bid, choices = how
    assert (declaration["declarer"], declaration["bid"]) == (declarer, str(bid))
    # a Misère's trump is named "misere" as --trump, analyse and advise bid name it; the
    # position keeps POSITION.md's "NT" (and its state's contract)
    trump = "misere" if bid.name == "misere" else pos.to_json()["trump"]
    assert (declaration["partner"], declaration["trump"]) == (pos.partner, trump)
    assert out["position"]["trump"] == pos.to_json()["trump"]
    assert declaration["alone"] == (pos.partner is None)
    if variant is MIGHTY7:
        assert declaration["call"] == "QS"
        assert sorted(declaration["discard"]) == sorted("2H 4H JH 2D".split())
    if variant is JAPANESE7:    # --partner 2 calls seat 2's highest card
        assert declaration["call"] == card_name(highest_card(deal.hands[2], bid.trump))
        assert sorted(declaration["discard"]) == sorted("JS KS 5H".split())
    if variant is NAP3:
        assert (declaration["call"], declaration["discard"]) == (None, [])
    result = out["result"]
    total = result["total"]
    assert total - result["from_discards"] == out["value"]
    assert result["made"] == made(variant, bid, total)
    assert result["by"] == abs(total - result["needs"])
    assert result["siberian"] == (not result["made"] and total >= result["needs"]
                                  and not out["position"]["state"].get("contract"))
    res = run("solve", deal_str(deal), *options, *args, *LIMIT)
    word = "made" if result["made"] else "the best play takes all" if result["siberian"] \
        else "failed"
    assert f"the bid {bid}: {word}" in res.stdout
    assert ("; trump none (Misère);" in res.stdout.splitlines()[0]) == pos.misere
    if not pos.misere:
        assert f"(needs {result['needs']})" in res.stdout or \
            f"needs {result['needs']})" in res.stdout


@pytest.mark.parametrize("variant,opts,seed,args,how", SMALL_DECLARATIONS,
                         ids=["nap", "nap-misere", "japanese7-partner", "mighty7-call"])
def test_trick_by_trick_credits_add_up_to_the_value(variant, opts, seed, args, how):
    deal, pos = declared(variant, seed, how)
    options = [x for o in opts for x in ("-o", o)]
    res = run("solve", deal_str(deal), *options, *args, *LIMIT)
    assert res.exit_code == 0, res.output
    value = int(re.search(r"^value: (\d+)", res.stdout, re.M).group(1))
    tricks = re.findall(r"^  trick +(\d+), seat (\d) leads: (.*) -> seat (\d) \(([^)]*)\) "
                        r"\+(\d+), total (\d+)$", res.stdout, re.M)
    assert [int(t[0]) for t in tricks] == list(range(1, variant.tricks + 1))
    assert sum(int(t[5]) for t in tricks) == value == int(tricks[-1][6])
    # The first trick is led by the variant's first leader, each later one by the last winner;
    # every trick has one card per seat, the leader's first.
    assert int(tricks[0][1]) == pos.leader
    for before, after in zip(tricks, tricks[1:]):
        assert after[1] == before[3]
    for t in tricks:
        seats = re.findall(r"\(seat (\d)\)", t[2])
        assert len(seats) == variant.players and seats[0] == t[1]
        side = "declarer's side" if pos.on_declarer_side(int(t[3])) else "defenders"
        assert t[4] == side and (side == "defenders") <= (t[5] == "0")
    assert res.stdout.startswith(f"{variant.title} ({variant.name});")
    assert "declaration: seat " in res.stdout


def test_the_deal_can_come_from_a_file_or_standard_input(tmp_path):
    deal = deal_str(random_deal(NAP3, 4))
    path = tmp_path / "deal.txt"
    path.write_text(f"# a three-player Nap deal\n\n{deal}\n", encoding="utf-8")
    args = ["-o", "players=3", "--declarer", "1", *LIMIT, "--json"]

    def solved(*source, **kwargs):
        res = run("solve", *source, *args, **kwargs)
        assert res.exit_code == 0, res.output
        out = json.loads(res.stdout)
        del out["stats"]  # times differ
        return out

    direct = solved(deal)
    assert solved("--deal-file", str(path)) == direct
    assert solved(str(path)) == direct
    assert solved("-", input=deal + "\n") == direct
    assert solved("--deal-file", "-", input="# from stdin\n" + deal + "\n") == direct


def deal_and_discard(variant, seed):
    deal = random_deal(variant, seed)
    pool = sorted(c for c in range(64) if (deal.hands[0] | deal.rest) >> c & 1)
    return deal, tuple(pool[:count(deal.rest)])


def build(deal, **kw):
    base = dict(declarer=0, trump=None, call=None, partner=None, alone=False, discard=None,
                bid=None)
    return position_from_deal(deal, **{**base, **kw}).position


@pytest.mark.parametrize("name", ["japanese", "japanese-stakes", "japoleon", "mighty",
                                  "secretary"])
def test_every_blind_variant_builds_its_own_declaration(name):
    """No solving: the position is the variant's declare() with the choices the options say."""
    v = get_variant(name)
    deal, discard = deal_and_discard(v, 3)
    text = " ".join(card_name(c) for c in discard)
    trump = "NT" if NT in v.trumps else "H"
    want_trump = NT if trump == "NT" else Suit.HEARTS
    secretary = name == "secretary"
    bid = v.all_bids()[0] if secretary else next(b for b in v.all_bids() if b.trump == want_trump)
    # --call: the holder of the card is the partner.
    card = highest_card(deal.hands[3], want_trump)
    got = build(deal, trump=trump, call=card_name(card), discard=text)
    _, want = v.declare(deal, 0, bid, Choices(call=card, discard=discard,
                                              trump=want_trump if secretary else None))
    assert got == want and got.partner == 3 and got.trump == want_trump
    # --partner 3 is the same (except in Secretary, where the coup card matters).
    if not secretary:
        assert build(deal, trump=trump, partner=3, discard=text) == want
    # --alone: nobody is the partner; the declarer leads with the blind taken, discards out.
    alone = build(deal, trump=trump, alone=True, discard=text)
    assert alone.partner is None and alone.leader == 0
    assert alone.hands[0] == (deal.hands[0] | deal.rest) & ~sum(1 << c for c in discard)
    # --bid changes the contract only, never the position.
    top = str(v.all_bids()[-1].level)
    assert build(deal, trump=trump, call=card_name(card), discard=text, bid=top) == want


def test_bridge_and_nap_positions():
    bridge = random_deal(get_variant("bridge"), 2)
    pos = build(bridge, declarer=1, trump="NT", bid="3")
    assert (pos.partner, pos.leader, pos.trump, pos.hands) == (3, 2, NT, bridge.hands)
    nap = random_deal(NAP3, 2)
    pos = build(nap, declarer=2)
    assert (pos.partner, pos.leader, pos.trump, pos.misere) == (None, 2, None, False)
    assert build(nap, declarer=2, bid="misere").misere


def test_deal_json_keeps_the_position_file_shape(tmp_path):
    """A position file's --json is unchanged: no "position" (it is the file); --example gives
    its position, to save and play on."""
    res = run("solve", "--example", "--json")
    assert res.exit_code == 0
    example = json.loads(res.stdout)["position"]
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(example))
    res = run("solve", "-p", str(path), "--json")
    assert res.exit_code == 0 and "position" not in json.loads(res.stdout)


JAPANESE = get_variant("japanese")
JAPANESE_DEAL, JAPANESE_DISCARD = deal_and_discard(JAPANESE, 1)
GOOD_DISCARD = " ".join(card_name(c) for c in JAPANESE_DISCARD)
NOT_HELD = next(card_name(c) for c in range(52) if (JAPANESE_DEAL.hands[1] >> c) & 1)


@pytest.mark.parametrize("args,fragments", [
    ([], ["needs --declarer"]),
    (["--declarer", "5"], ["--declarer must be a seat 0..4, not 5"]),
    (["--declarer", "0"], ["needs --trump"]),
    (["--declarer", "0", "--trump", "NT", "--alone", "--discard", GOOD_DISCARD],
     ["trump is one of S H D C", "'NT'"]),
    (["--declarer", "0", "--trump", "Q"], ["--trump"]),
    (["--declarer", "0", "--trump", "S", "--call", "AS"],
     ["give --discard with 2 cards", "napoleon analyse"]),
    (["--declarer", "0", "--trump", "S", "--call", "AS", "--discard", "2C"],
     ["2 cards", "not 1"]),
    (["--declarer", "0", "--trump", "S", "--call", "AS", "--discard",
      f"{NOT_HELD} {card_name(JAPANESE_DISCARD[0])}"],
     [f"cannot discard {NOT_HELD}", "not in the declarer's hand or the blind"]),
    (["--declarer", "0", "--trump", "S", "--call", "AS", "--discard", "2Z 3C"],
     ["--discard", "2Z"]),
    (["--declarer", "0", "--trump", "S", "--discard", GOOD_DISCARD], ["--call CARD", "--alone"]),
    (["--declarer", "0", "--trump", "S", "--call", "JO", "--discard", GOOD_DISCARD],
     ["called card must be a card of the deck", "JO"]),
    (["--declarer", "0", "--trump", "S", "--call", "XX", "--discard", GOOD_DISCARD], ["--call"]),
    (["--declarer", "0", "--trump", "S", "--call", "AS", "--alone", "--discard", GOOD_DISCARD],
     ["only one of --call CARD, --partner SEAT and --alone"]),
    (["--declarer", "0", "--trump", "S", "--partner", "0", "--discard", GOOD_DISCARD],
     ["own seat", "--alone"]),
    (["--declarer", "0", "--trump", "S", "--partner", "9", "--discard", GOOD_DISCARD],
     ["--partner must be a seat"]),
    (["--declarer", "0", "--trump", "S", "--alone", "--discard", GOOD_DISCARD, "--bid", "25"],
     ["--bid", "from 11 to 20", "25"]),
    (["--declarer", "0", "--trump", "S", "--alone", "--discard", GOOD_DISCARD, "--bid", "13H"],
     ["--bid", "13H"]),
    (["--declarer", "0", "--example"], ["only one"]),
    (["--declarer", "0", "-p", "x.json"], ["only one"]),
    (["--declarer", "0", "--deal-file", "x.txt"], ["DEAL or with --deal-file, not both"]),
    (["--declarer", "0", "-o", "yoromeki=maybe"], ["yoromeki"]),
])
def test_bad_japanese_deal_input_is_one_line_with_exit_code_2(args, fragments):
    error_line(run("solve", deal_str(JAPANESE_DEAL), *args, *LIMIT), *fragments)


def test_bad_input_of_the_other_variants():
    nap = deal_str(random_deal(NAP3, 1))
    error_line(run("solve", nap, "-o", "players=3", "--declarer", "0", "--trump", "S"),
                   "nap: give only --declarer and --bid")
    error_line(run("solve", nap, "-o", "players=3", "--declarer", "0", "--bid", "9"),
                   "--bid", "3 misere 4 nap", "'9'")
    error_line(run("solve", nap, "--declarer", "0"), "hand")  # wrong size for 5 players
    bridge = deal_str(random_deal(get_variant("bridge"), 1))
    error_line(run("solve", bridge, "--declarer", "0", "--trump", "S", "--call", "AS"),
                   "fixed partnership")
    error_line(run("solve", bridge, "--declarer", "0", "--trump", "S", "--bid", "8"),
                   "1..7")
    sec_deal, sec_discard = deal_and_discard(get_variant("secretary"), 1)
    sec = deal_str(sec_deal)
    discard = " ".join(card_name(c) for c in sec_discard)
    error_line(run("solve", sec, "--declarer", "0", "--trump", "S", "--partner", "2",
                       "--discard", discard), "coup card itself matters", "--call")
    own = card_name(max(c for c in range(52) if (sec_deal.hands[0] >> c) & 1
                        and c not in sec_discard))
    error_line(run("solve", sec, "--declarer", "0", "--trump", "S", "--call", own,
                       "--discard", discard), "coup card must not be in Napoleon's hand")
    error_line(run("solve", "japanese AKQ", "--declarer", "0"), "a deal is written")
    error_line(run("solve", "--deal-file", "no/such/file.txt", "--declarer", "0"),
                   "no such file")


def test_deal_options_need_a_deal():
    for extra in (["--declarer", "0"], ["--alone"], ["--partner", "1"], ["--bid", "3"]):
        error_line(run("solve", "--example", *extra), "go with a deal")


def test_the_line_shows_the_jokers_suit_and_the_joker_call(tmp_path):
    """A led Joker names a suit ('JO:H') and Mighty's Ripper may call the Joker ('3C!'): the
    trick-by-trick text says so, and the credits follow the replayed tricks."""
    from napoleon_rules import Position

    from napoleon_rules.cards import JOKER
    from napoleon_rules.moves import Move

    from cli.solve_deal import line_by_trick, trick_so_far

    def mighty(hands, trick):
        return Position.from_json({"variant": "mighty", "trump": "S", "declarer": 0,
                                   "partner": 2, "hands": hands, "leader": 0, "trick": trick})

    ripper = mighty([["3C", "2H"], ["JO", "4C"], ["AC", "5H"], ["KC", "6H"], ["QC", "7H"]], 8)
    text = line_by_trick(ripper, ["3C!", "JO", "AC", "KC", "QC", "5H", "6H", "7H", "2H", "4C"])
    assert text == [
        "  trick  9, seat 0 leads: 3♣ calling the Joker (seat 0), Jo (seat 1), A♣ (seat 2), "
        "K♣ (seat 3), Q♣ (seat 4) -> seat 2 (declarer's side) +3, total 3",
        "  trick 10, seat 2 leads: 5♥ (seat 2), 6♥ (seat 3), 7♥ (seat 4), 2♥ (seat 0), "
        "4♣ (seat 1) -> seat 4 (defenders) +0, total 3"]
    joker = mighty([["JO", "2H"], ["3C", "4H"], ["AC", "5H"], ["KC", "6H"], ["QC", "7H"]], 8)
    text = line_by_trick(joker, ["JO:H", "4H", "5H", "6H", "7H", "2H", "3C", "AC", "KC", "QC"])
    assert text[0].startswith("  trick  9, seat 0 leads: Jo naming ♥ (seat 0), 4♥ (seat 1)")
    assert text[1].endswith("-> seat 0 (declarer's side) +3, total 3")
    # The same leads already in the position's current trick read the same, in the line and
    # in the position's own "current trick" line.
    for pos, moves, lead in ((ripper, ["3C!", "JO"], "3♣ calling the Joker (seat 0), Jo (seat 1)"),
                             (joker, ["JO:H", "4H"], "Jo naming ♥ (seat 0), 4♥ (seat 1)")):
        for m in moves:
            pos = pos.play(Move.from_str(m))
        assert trick_so_far(pos) == lead.split(", ")
        assert line_by_trick(pos, ["AC", "KC", "QC"] if pos.played[0] != JOKER else
                          ["5H", "6H", "7H"])[0].startswith(f"  trick  9, seat 0 leads: {lead}")
        path = tmp_path / "pos.json"
        path.write_text(json.dumps(pos.to_json()))
        shown = run("solve", "-p", str(path))
        assert shown.exit_code == 0 and f"current trick: {lead}\n" in shown.stdout


def test_play_moves_then_solve_gives_a_position_for_advise_play(tmp_path):
    """--play takes a deal on card by card: the JSON's position is the one reached, the
    readable output counts the tricks it completed against the bid, and that position with
    the complete trick's cards (--earlier) gives a defender's play advice."""
    from napoleon_rules import Position
    deal = deal_str(random_deal(NAP3, 4))
    args = [deal, "-o", "players=3", "--declarer", "1"]
    start = Position.from_json(json.loads(runner.invoke(app, ["solve", *args, "--json"]).stdout)
                               ["position"])
    pos, cards = start, []
    for _ in range(4):                       # one complete trick and a lead
        move = pos.legal_moves()[0]
        cards.append(str(move))
        pos = pos.play(move)
    r = runner.invoke(app, ["solve", *args, "--play", " ".join(cards), "--json"])
    assert r.exit_code == 0, r.stderr
    out = json.loads(r.stdout)
    reached = Position.from_json(out["position"])
    assert reached == pos and out["value"] == solver.solve(pos).value
    text = runner.invoke(app, ["solve", *args, "--play", " ".join(cards)]).stdout
    assert "the bid 3: " in text and "trick  2" in text
    bad = runner.invoke(app, ["solve", *args, "--play", f"{cards[0]} {cards[0]}"])
    assert bad.exit_code == 2 and "--play: card 2" in bad.stderr
    line = json.loads(runner.invoke(app, ["solve", *args, "--json"]).stdout)["line"]
    for engine in ("fast", "reference"):      # the whole hand: nothing left to solve
        end = runner.invoke(app, ["solve", *args, "--play", " ".join(line), "--engine", engine])
        assert end.exit_code == 2 and "end the hand" in end.stderr, end.stderr
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(out["position"]))
    seat = reached.to_move
    advise = ["advise", "play", "-p", str(path), "--seat", str(seat), "--samples", "4",
              "--seed", "1"]
    r = runner.invoke(app, advise)
    assert r.exit_code == 2 and "--earlier CARDS" in r.stderr     # the stock is unseen
    r = runner.invoke(app, advise + ["--earlier", " ".join(cards[:2])])
    # (it said "1 complete trick of 3 cards hold 3 cards, not 2")
    error_line(r, "--earlier: 2 cards given, but the complete trick holds 3")
    r = runner.invoke(app, advise + ["--earlier", " ".join(cards[:3])])
    assert r.exit_code == 0, r.stderr
    assert f"{52 - count(reached.hands[seat]) - 4} unseen cards" in r.stdout


def test_play_shows_what_each_side_has_won():
    """The value counts the cards still in play: the points of the tricks --play completed
    are shown apart (readable and JSON), and the bid's total adds the declarer's side's."""
    deal = deal_str(random_deal(JAPANESE7, 5))
    args = ["solve", deal, "-o", "players=7", "--declarer", "0", "--trump", "C", "--partner",
            "2", "--discard", "JS KS 5H", "--play", "AD 8D 4D 2D JD 6D 5D", *LIMIT]
    res = run(*args)
    assert res.exit_code == 0, res.stderr
    assert "won in the 1 trick played: declarer's side 2 points, defenders 0" in res.stdout
    out = json.loads(run(*args, "--json").stdout)
    assert out["won"] == {"tricks": 1, "declarer_side": 2, "defenders": 0}
    assert out["result"]["total"] == out["value"] + 2
    # A trick the defenders win: its points are theirs. Without --play, no "won".
    lost = run(*args[:-4], "--play", "3D QD 4D TD KD 6D 9D", *LIMIT, "--json")
    assert json.loads(lost.stdout)["won"] == {"tricks": 1, "declarer_side": 0, "defenders": 3}
    assert "won" not in json.loads(run(*args[:-4], *LIMIT, "--json").stdout)


def test_one_point_is_singular():
    deal = deal_str(random_deal(MIGHTY7, 11))
    res = run("solve", deal, "-o", "players=7", "--declarer", "0", "--trump", "S", "--bid", "14",
              "--alone", "--discard", "2H 4H JH 2D", *LIMIT)
    assert res.exit_code == 0, res.stderr
    assert "the bid 14S: failed by 13 (1 point, 1 from the discards, needs 14)" in res.stdout


def test_partner_alone_is_the_same_as_alone():
    deal = deal_str(random_deal(JAPANESE7, 5))
    args = ["solve", deal, "-o", "players=7", "--declarer", "0", "--trump", "C", "--discard",
            "JS KS 5H", "--json"]
    a = runner.invoke(app, args + ["--alone"])
    b = runner.invoke(app, args + ["--partner", "alone"])
    assert a.exit_code == b.exit_code == 0
    assert json.loads(a.stdout)["value"] == json.loads(b.stdout)["value"]
    assert json.loads(b.stdout)["position"]["partner"] is None
    bad = runner.invoke(app, args + ["--partner", "x"])
    assert bad.exit_code == 2 and "--partner must be a seat 0..6 or 'alone', not 'x'" in bad.stderr


def test_variant_option_lets_the_notation_leave_out_its_prefix():
    deal = deal_str(random_deal(NAP3, 5))
    bare = deal.partition(":")[2]
    args = ["-o", "players=3", "--declarer", "1", "--json"]
    a = runner.invoke(app, ["solve", deal, *args])
    b = runner.invoke(app, ["solve", bare, "-v", "nap", *args])
    assert a.exit_code == b.exit_code == 0
    ja, jb = json.loads(a.stdout), json.loads(b.stdout)
    assert [ja[k] for k in ("value", "plays", "line", "position")] == \
        [jb[k] for k in ("value", "plays", "line", "position")]
    assert runner.invoke(app, ["show", bare, "-v", "nap", "-o", "players=3"]).exit_code == 0
    bad = runner.invoke(app, ["show", deal, "-v", "bridge"])
    assert bad.exit_code == 2 and "the deal is for 'nap' but --variant is 'bridge'" in bad.stderr


def test_a_bid_in_another_suit_than_the_trump_is_named():
    deal = deal_str(random_deal(get_variant("japanese", {"players": 7}), 5))
    res = runner.invoke(app, ["solve", deal, "-o", "players=7", "--declarer", "0", "--trump", "S",
                              "--bid", "12H"])
    error_line(res, "--bid 12H is in another suit than --trump", "level alone (12)")


def test_nap_trump_rows_of_analyse_are_read_by_solve():
    """'napoleon analyse' and 'advise bid' name Nap's rows --trump lead / misere: solve reads
    --trump misere as the bid misere, and --trump lead as any other bid."""
    deal = deal_str(random_deal(get_variant("nap", {"players": 3}), 5))
    base = ["solve", deal, "-o", "players=3", "--declarer", "1", "--json"]
    by_bid = json.loads(runner.invoke(app, base + ["--bid", "misere"]).stdout)
    by_row = json.loads(runner.invoke(app, base + ["--trump", "misere"]).stdout)
    assert by_row["value"] == by_bid["value"] and by_row["declaration"]["bid"] == "misere"
    accented = runner.invoke(app, base + ["--bid", "mis\u00e8re"])      # was 'bad bid'
    assert json.loads(accented.stdout)["declaration"] == by_bid["declaration"], accented.stderr
    lead = json.loads(runner.invoke(app, base + ["--trump", "lead"]).stdout)
    assert lead["declaration"]["bid"] != "misere"
    error_line(runner.invoke(app, base + ["--trump", "misere", "--bid", "3"]),
                   "--trump misere and --bid 3 disagree")


def test_a_bridge_bid_may_name_its_strain():
    deal = deal_str(random_deal(get_variant("bridge"), 3))
    base = ["solve", deal, "--declarer", "S", "--trump", "NT", "--node-limit", "2000000", "--json"]
    by_level = json.loads(runner.invoke(app, base + ["--bid", "3"]).stdout)
    by_name = json.loads(runner.invoke(app, base + ["--bid", "3nt"]).stdout)
    assert by_name["declaration"] == by_level["declaration"]
    assert by_name["declaration"]["bid"] == "3NT"
    error_line(runner.invoke(app, base + ["--bid", "3S"]), "--bid 3S is in another strain")


def test_cards_and_suits_as_the_output_prints_them_are_read_back():
    # The text output writes T♦, and '--play "T♦ ..."' was refused (unknown suit '♦'); a
    # bridge bid and a trump may be written with the symbols too.
    from napoleon_rules.cards import card_symbol
    deal = deal_str(random_deal(NAP3, 4))
    args = ["solve", deal, "-o", "players=3", "--declarer", "1", "--json"]
    first = json.loads(run(*args).stdout)["line"][:2]
    by_letter = json.loads(run(*args, "--play", " ".join(first)).stdout)
    by_symbol = json.loads(run(*args, "--play", " ".join(
        card_symbol(parse_card(c)) for c in first)).stdout)
    assert by_symbol["position"] == by_letter["position"]
    deal = deal_str(random_deal(get_variant("bridge"), 3))
    base = ["solve", deal, "--declarer", "S", "--node-limit", "2000000", "--json"]
    by_letter = json.loads(run(*base, "--trump", "S", "--bid", "2S").stdout)
    by_symbol = json.loads(run(*base, "--trump", "\u2660", "--bid", "2\u2664").stdout)
    assert by_symbol["declaration"] == by_letter["declaration"]
