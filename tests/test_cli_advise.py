"""``napoleon advise`` as a user meets it: the same option names as the other commands, the
hand + blind written as the help shows, the ties and open samples said, cards with suit
symbols in every table, the variant's options and the partner in the JSON, one-line errors
that say things once, and the blind called by the variant's own name."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from cli.common import UsageError
from cli.main import app
from cli.solving import EXAMPLE_POSITION
from napoleon_rules import get_variant, random_deal
from napoleon_rules.cards import JOKER, card_name, cards_of, parse_cards
from napoleon_rules.deal import parse_hand
from solver.advice_core import SearchBudget
from solver.advice_plan import STOP_EVERY
from solver.advisor import Plan, advise_bid, advise_discard, declare
from solver.sampling import HoldsCard
from cli_runner import WIDE, error_line, runner


#: A 7-player Japanese hand (7 cards) and its 3-card blind: quick to advise.
HAND7, BLIND7 = "5.6.AQT.A4", ".5..T2"
#: Node limits keep stopped searches deterministic.
QUICK = ["-n", "2", "--seed", "1", "--node-limit", "100000"]


def run(*args: str):
    return runner.invoke(app, list(args), env=WIDE)


def refused(*args: str) -> str:
    return error_line(run(*args))


@pytest.fixture
def example_position(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(EXAMPLE_POSITION))
    return str(path)


def nap_position_with_a_tie(tmp_path):
    """A 3-player Nap start where two cards of the seat to move are worth the same double
    dummy, with -c pins that leave one deal (so the values are exact)."""
    v = get_variant("nap", {"players": 3})
    deal = random_deal(v, 3)
    _, pos = declare(v, list(deal.hands) + [deal.rest], 0, Plan(None))
    path = tmp_path / "nap.json"
    path.write_text(json.dumps(pos.to_json()))
    pins = [x for s in (1, 2) for c in cards_of(pos.hands[s]) for x in ("-c", f"{s}:{card_name(c)}")]
    return str(path), pins


# ---- 1. --discard as in 'napoleon solve' ------------------------------------------------------------
def test_play_takes_discard_like_solve(example_position):
    base = ["advise", "play", "-p", example_position, "--seat", "2", "-n", "4", "--seed", "3"]
    one = run(*base, "--discard", "2S 3S", "--json")
    other = run(*base, "--discards", "2S 3S", "--json")
    assert one.exit_code == 0, one.stderr
    assert json.loads(one.stdout) == json.loads(other.stdout)
    help_text = run("advise", "play", "--help").stdout
    assert "--discards" in help_text and re.search(r"--discard\b(?!s)", help_text)
    twice = run(*base, "--discard", "2S 3S", "--discards", "2S 3S")
    assert twice.exit_code == 2 and "given twice" in twice.stderr


# ---- 2. hand + blind as the help shows it ----------------------------------------------------------
def test_discard_reads_the_pool_in_each_written_form():
    from cli.advise import read_pool
    pool = parse_hand(HAND7) | parse_hand(BLIND7)
    assert read_pool(HAND7, BLIND7) == pool                        # HAND BLIND
    assert read_pool(f"{HAND7}+{BLIND7}", None) == pool           # HAND+BLIND
    assert read_pool(" ".join(card_name(c) for c in cards_of(pool)), None) == pool
    assert read_pool(HAND7, "5H TC 2C") == pool
    # '+JO' is the Joker of the hand before it, wherever the hands are joined
    mighty = parse_hand("AK.QJT9.A.K3") | 1 << JOKER | parse_hand("2.3.4.")
    assert read_pool("AK.QJT9.A.K3+JO+2.3.4.", None) == mighty
    assert read_pool("AK.QJT9.A.K3+2.3.4.+JO", None) == mighty
    assert read_pool("AK.QJT9.A.K3+JO", None) == mighty & ~parse_hand("2.3.4.")
    with pytest.raises(UsageError, match="both in the hand and in the blind"):
        read_pool(HAND7, "AD")
    with pytest.raises(UsageError, match="HAND BLIND as two arguments"):
        read_pool(f"{HAND7}+{BLIND7}+", None)


def test_discard_cli_takes_hand_and_blind_apart_or_joined():
    common = ["-o", "players=7", "--trump", "D", "--call", "AS", "--candidates", "2", *QUICK,
              "--json"]
    outputs = [run("advise", "discard", *pool, *common)
               for pool in ([HAND7, BLIND7], [f"{HAND7}+{BLIND7}"])]
    for r in outputs:
        assert r.exit_code == 0, r.stderr
    assert json.loads(outputs[0].stdout) == json.loads(outputs[1].stdout)
    usage = run("advise", "discard", "--help").stdout
    assert "[blind]" in usage and "HAND+BLIND" not in usage and "KJ74.J8.AKJ.Q+T..Q." in usage
    # an empty argument is refused, not read as "no cards" (found by tests/test_fuzz_cli.py)
    for pool in (f"{HAND7}+{BLIND7}", HAND7):
        r = run("advise", "discard", pool, "", *common)
        assert r.exit_code != 0 and "the blind is empty" in r.stderr, (pool, r.stderr)


# ---- 3. speed note, quick example first, a progress bar that ends at 100% --------------------------
def test_bid_help_says_how_long_and_starts_with_a_quick_example():
    text = run("advise", "bid", "--help").stdout
    assert "Speed" in text and "0.3 s a sample" in text
    examples = [line.strip() for line in text.splitlines()
                if line.strip().startswith("napoleon advise bid")]
    assert "-v nap" in examples[0], examples


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_takes_the_advisors_count(monkeypatch):
    """The command's first guess (Nap's four suits, or the discards before halving) was wrong,
    so the bar stopped at 50 % or less: the advisor now says how many searches come."""
    from cli.progress import progress_bar
    monkeypatch.setattr(sys, "stderr", FakeTerminal())
    with progress_bar(40, "solving") as step:
        step.expect(4)
        for _ in range(4):
            step(1)
    assert "100%" in sys.stderr.getvalue()


def test_advisor_announces_exactly_the_searches_it_runs():
    class Count:
        def __init__(self):
            self.expected, self.done = None, 0

        def __call__(self, k):
            self.done += k

        def expect(self, total):
            self.expected = total

    nap = get_variant("nap", {"players": 3})
    step = Count()
    advise_bid(nap, parse_hand("AK.2.Q.A"), samples=5, seed=1, progress=step)
    assert step.expected == step.done == 10            # lead and misere, not four suits
    step = Count()
    advise_bid(nap, parse_hand("AK.2.Q.A"), samples=40, seed=7, progress=step)
    assert step.expected == step.done == 40 + STOP_EVERY   # misere stopped at the first check
    v7 = get_variant("japanese", {"players": 7})
    for candidates in (2, 5, 12):
        step = Count()
        advise_discard(v7, parse_hand(HAND7) | parse_hand(BLIND7), trump="D",
                       call=parse_cards("AS")[0], samples=8, seed=1, candidates=candidates,
                       budget=SearchBudget(time_limit=None, node_limit=2000), progress=step)
        assert step.expected == step.done, (candidates, step.expected, step.done)


# ---- 4. ties --------------------------------------------------------------------------------------
def test_bid_ties_are_listed_and_said():
    """7-player Japanese pays the same for every bid made: ties are the rule there."""
    v = get_variant("japanese", {"players": 7})
    deal = random_deal(v, 4)
    pins = [HoldsCard("blind" if p == v.players else p, c)
            for p, mask in enumerate(list(deal.hands) + [deal.rest]) if p != 0
            for c in cards_of(mask)]
    advice = advise_bid(v, deal.hands[0], constraints=pins, samples=1, seed=0, trumps=["S"],
                        budget=SearchBudget(time_limit=60))
    best = advice.best["score"].mean
    assert advice.tied[0] is advice.best
    assert [str(b["bid"]) for b in advice.tied] == \
        [str(b["bid"]) for b in advice.rows[0]["bids"] if b["legal"] and b["score"].mean == best]
    assert len(advice.tied) > 1


def test_bid_output_names_the_tied_bids():
    args = ["advise", "bid", HAND7, "-o", "players=7", "--trump", "D", *QUICK]
    data = json.loads(run(*args, "--json").stdout)
    text = run(*args).stdout
    assert data["best_tied"][0] == data["best"]["bid"] and len(data["best_tied"]) > 1
    assert f"tied with {', '.join(data['best_tied'][1:])}: ties go to the first" in text
    assert "ties go to the first" in run("advise", "bid", "--help").stdout


def test_secretary_bids_name_the_trump_of_their_row():
    """A Secretary bid is a number of tricks, the trump declared after the auction: the same
    bid in every row, so the advice names the row's trump with it."""
    args = ["advise", "bid", "AKQJ.K843..32", "-v", "secretary", "-n", "16", "-j", "1",
            "--seed", "1"]
    data = json.loads(run(*args, "--json").stdout)
    best = data["best"]
    assert best["trump"] == "S" and data["recommended"] == best["bid"] == "1"
    assert data["best_tied"][0] == "1 S" and "1 H" in data["best_tied"]
    text = run(*args).stdout
    assert "best bid: 1 (then declare S)" in text and "tied with 2 S, 3 S" in text
    assert "recommended: 1 (then declare S)" in text
    # the call advice says the trump too, and which choice it advises
    call = ["advise", "call", "AKQJ.K843..32", "-v", "secretary", "--trump", "H", "--bid", "7",
            "-n", "16", "-j", "1", "--seed", "2"]
    data = json.loads(run(*call, "--json").stdout)
    assert data["trump"] == "H" and data["best"] == data["choices"][0]["choice"]
    assert not any(c["stopped"] for c in data["choices"])
    assert "bid 7, trump H, 16 samples" in run(*call).stdout

def test_play_marks_every_tied_best_card(tmp_path):
    path, pins = nap_position_with_a_tie(tmp_path)
    args = ["advise", "play", "-p", path, "--seat", "0", "-n", "2", "--seed", "1", *pins]
    data = json.loads(run(*args, "--json").stdout)
    assert data["best_tied"] == ["2H", "8H"] and data["best"] == "2H"
    text = run(*args).stdout
    starred = [line.split()[0] for line in text.splitlines() if line.endswith("*")]
    assert starred == ["2♥", "8♥"], text
    assert "2 cards tie" in text


# ---- 5. suit symbols in the call and discard tables ------------------------------------------------
def test_call_and_discard_tables_show_suit_symbols():
    r = run("advise", "call", HAND7, "-o", "players=7", "--trump", "D", *QUICK)
    assert r.exit_code == 0, r.stderr
    options = [line.split()[0] for line in r.stdout.splitlines()[2:]]
    assert options and all(o == "alone" or o[-1] in "♠♥♦♣" or o == "Jo" for o in options), options
    data = json.loads(run("advise", "call", HAND7, "-o", "players=7", "--trump", "D", *QUICK,
                          "--json").stdout)
    assert all(o["choice"] == "alone" or o["choice"][-1] in "SHDC" for o in data["choices"])
    r = run("advise", "discard", HAND7, BLIND7, "-o", "players=7", "--trump", "D", "--call",
            "AS", "--candidates", "2", *QUICK)
    rows = [line.split("  ")[1] for line in r.stdout.splitlines()[2:]]
    assert rows and all(re.fullmatch(r"([2-9TJQKA][♠♥♦♣] ?)+", x.strip()) for x in rows), rows


# ---- 6. open ranges in the bid histogram ----------------------------------------------------------
def test_bid_histogram_marks_open_ranges_and_says_the_advice_rests_on_them():
    args = ["advise", "bid", "AK.2.Q.A", "-v", "nap", "-o", "players=3", "-n", "4", "--seed", "1",
            "--node-limit", "50"]
    text = run(*args).stdout
    assert "3-4 (open):1" in text and "(open) = a search limit" in text
    assert "1-5:4" in text and "1-5 (open)" not in text     # settles misère: not open
    assert "note: 1 sample left bids open" in text
    data = json.loads(run(*args, "--json").stdout)
    assert data["open_samples"] == 1 and data["trumps"][0]["points_open"] == {"3-4": 1}
    assert data["trumps"][0]["points"] == {"3": 1, "3-4": 1, "4": 2}   # unchanged
    settled = run("advise", "bid", "AK.2.Q.A", "-v", "nap", "-o", "players=3", "-n", "4",
                  "--seed", "1").stdout
    assert "(open)" not in settled and "note:" not in settled


# ---- 7. the JSON says the variant's options, the unit and the partner ------------------------------
def test_advise_json_records_the_variant_options(example_position):
    bid = json.loads(run("advise", "bid", "AK.2.Q.A", "-v", "nap", "-o", "players=3", "-n", "2",
                         "--seed", "1", "--json").stdout)
    assert bid["options"] == {"players": 3}
    call = json.loads(run("advise", "call", HAND7, "-o", "players=7", "--trump", "D", *QUICK,
                          "--json").stdout)
    assert call["options"] == {"players": 7}
    discard = json.loads(run("advise", "discard", HAND7, BLIND7, "-o", "players=7", "--trump",
                             "D", "--call", "AS", "--candidates", "2", *QUICK, "--json").stdout)
    assert discard["options"] == {"players": 7}
    play = json.loads(run("advise", "play", "-p", example_position, "--seat", "2", "-n", "2",
                          "--seed", "1", "--discard", "2S 3S", "--json").stdout)
    assert play["options"] == {} and play["unit"] == "points" and play["partner"] == 2
    assert play["partner_known"] is True


def test_play_json_partner_is_null_while_the_called_card_is_unseen(example_position):
    r = run("advise", "play", "-p", example_position, "--seat", "2", "-n", "2", "--seed", "1",
            "--discard", "2S 3S", "--call", "QS", "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["partner_known"] is False and data["partner"] is None


# ---- 8. an error says "bad hand" once --------------------------------------------------------------
def test_a_bad_hand_is_named_once():
    line = refused("advise", "bid", "KJ74.J8.AKJ")
    assert line.count("bad hand") == 1 and "'KJ74.J8.AKJ'" in line
    assert "bad blind 'TS..Q.'" in refused("advise", "discard", "KJ74.J8.AKJ.Q", "TS..Q.",
                                           "--trump", "S", "--call", "AS")


# ---- 9. the blind by the variant's own name --------------------------------------------------------
def test_constraints_take_the_variants_name_for_the_blind():
    r = run("advise", "bid", "AK.2.Q.A", "-v", "nap", "-o", "players=3", "-n", "2", "--seed",
            "1", "-c", "stock:!KS", "--json")
    assert r.exit_code == 0, r.stderr
    line = refused("advise", "bid", "AK.2.Q.A", "-v", "nap", "-n", "2", "-c", "pile:AS")
    assert "bad place 'pile'" in line and all(n in line for n in ("blind", "kitty", "warchest",
                                                                 "open", "stock"))


# ---- 10. the call in the discard header, and when it means alone ----------------------------------
def test_the_mightys_discard_advice_calls_its_declarer_the_declarer():
    # The Mighty has no Napoleon: its advice said "Napoleon plays alone".
    hand, kitty = "AK.QJT9.A.K3+JO", "2.3.4."
    # (The Mighty's full deals are dearer: QUICK's limit would leave every sample open.)
    common = ["-v", "mighty", "--trump", "H", "--bid", "15", "--candidates", "2", *QUICK[:-1],
              "300000"]
    head = run("advise", "discard", hand, kitty, *common).stdout.splitlines()
    assert "no card called (the declarer plays alone)" in head[0], head
    head = run("advise", "discard", hand, kitty, "--call", "AS", *common).stdout.splitlines()
    assert head[1] == "The declarer plays alone: A♠ is among the declarer's own cards (hand and " \
        "kitty)", head
    assert "Napoleon" not in run("advise", "discard", hand, kitty, *common).stdout


def test_discard_names_the_call_and_says_when_it_means_alone():
    common = ["-o", "players=7", "--trump", "D", "--candidates", "2", *QUICK]
    own = run("advise", "discard", HAND7, BLIND7, "--call", "AD", *common)
    assert own.exit_code == 0, own.stderr
    head = own.stdout.splitlines()
    assert "call A♦" in head[0] and \
        head[1] == "Napoleon plays alone: A♦ is among Napoleon's own cards (hand and blind)"
    data = json.loads(run("advise", "discard", HAND7, BLIND7, "--call", "AD", *common,
                          "--json").stdout)
    assert data["call"] == "AD" and data["alone"] is True
    other = run("advise", "discard", HAND7, BLIND7, "--call", "AS", *common).stdout
    assert "call A♠" in other.splitlines()[0] and "alone" not in other


# ---- 11. the advisor's messages name its arguments, the command line's its options ----------------
def test_in_option_terms_names_the_advise_options():
    from cli.common import in_option_terms
    assert in_option_terms("seat must be 0..4, not 9") == "--seat must be 0..4, not 9"
    assert in_option_terms("call: JO is not a card") == "--call: JO is not a card"
    assert in_option_terms("bad auction: 12H does not beat 13S") == \
        "bad --auction: 12H does not beat 13S"
    assert in_option_terms("discards and earlier disagree: x") == \
        "--discard and --earlier disagree: x"
    assert in_option_terms("give them (earlier, --earlier CARDS)") == "give them (--earlier CARDS)"
    for unchanged in ("seat 2 is not to move (seat 1 is)", "the hand must be a mask",
                      "declarer must be a seat 0..4", "seat and hand: x"):
        assert in_option_terms(unchanged) == unchanged


@pytest.mark.parametrize("args,message", [
    (["bid", "AK.2.Q.A", "-v", "nap", "--seat", "9"], "--seat must be 0..4, not 9"),
    (["bid", "AK.2.Q.A", "-v", "nap", "--within", "0"], "--within must be a positive number"),
    (["bid", "AK.2.Q.A", "-v", "nap", "--trump", "S"], "--trump: in nap the first lead"),
    (["bid", "AK.2.Q.A", "-v", "nap", "--seat", "1", "--auction", "3 2"], "bad --auction: "),
    (["call", HAND7, BLIND7, "-o", "players=7", "--trump", "S", "--seat", "7"],
     "--seat must be 0..6, not 7"),
    (["discard", HAND7, BLIND7, "-o", "players=7", "--trump", "S", "--call", "AS",
      "--candidates", "0"], "--candidates must be 1 or more, not 0"),
    (["discard", HAND7, BLIND7, "-o", "players=7", "--trump", "S"],
     "--call: japanese needs the card called"),
])
def test_advise_errors_name_the_options(args, message):
    # The advisor's Python API names its arguments (seat must be ...): the command line
    # says them as the options typed.
    line = refused("advise", *args, "-n", "2")
    assert line.startswith("error: " + message), line


def test_play_errors_name_the_options(example_position):
    base = ["advise", "play", "-p", example_position, "--seat", "2", "-n", "2"]
    assert refused(*base, "--call", "JO").startswith(
        "error: --call: JO is not a card of the japanese deck")
    assert refused(*base, "--target", "99").startswith("error: --target must be 0..")
    assert refused(*base, "--call", "2C").endswith(
        "give the complete tricks' cards (--earlier CARDS) or the cards put away "
        "(--discards CARDS)")
    assert refused(*base, "--discards", "2S 3S", "--earlier", "2S").startswith(
        "error: --earlier: 1 card given, but the 7 complete tricks hold 35 (5 each)")
    assert refused(*base, "--discards", "2S 3S", "--call", "2C").startswith(
        "error: --call: 2C is in no hand, not in this trick and not among the cards put away")


# ---- no sample settled: no advice, exit code 3, as 'advise play' and a stopped solve ---------------
@pytest.mark.parametrize("args", [
    ["bid", "AK.2.Q.A", "-v", "nap"],
    ["call", "AKQ.JT9.2.AK3", "--trump", "S", "--bid", "14"],
    ["discard", "KJ74.J8.AKJ.Q", "T..Q.", "--trump", "S", "--call", "AS"],
])
def test_no_advice_when_every_sample_hit_the_limit(args):
    base = ["advise", *args, "-n", "4", "--seed", "1", "--node-limit", "1"]
    r = run(*base)
    assert r.exit_code == 3 and r.stdout == ""
    assert r.stderr.strip() == "error: every sample's search hit its limit: no advice " \
        "(raise --time-limit or --node-limit)"
    r = run(*base, "--json")
    assert r.exit_code == 3 and "no advice" in r.stderr
    data = json.loads(r.stdout)        # what is known, the advice null
    assert data["best"] is None and data.get("recommended") is None
    assert run(*base[:-2]).exit_code == 0       # without the limit: advice


def test_play_json_without_advice_still_prints(example_position):
    r = run("advise", "play", "-p", example_position, "--seat", "2", "-n", "2", "--seed", "1",
            "--discard", "2S 3S", "--node-limit", "1", "--json")
    assert r.exit_code == 3 and "no advice" in r.stderr
    data = json.loads(r.stdout)
    assert data["dropped"] == data["samples"] == 2 and data["best"] is None


def test_a_bid_level_may_name_its_suit_as_the_output_prints_it():
    # --bid 14S was read, 14♠ (the suit as the tables print it) was not.
    from cli.advise import read_bid_level
    assert read_bid_level("14\u2660", "S") == read_bid_level("14S", "\u2664") == 14
    with pytest.raises(UsageError, match="its suit is not the trump given"):
        read_bid_level("14\u2665", "S")


def test_node_limit_alone_is_the_only_limit(monkeypatch):
    """--node-limit alone makes the advice independent of the machine: no default time limit
    beside it (the help says so); without either, 2 s a sample; both given, both apply."""
    import solver.advisor
    seen = []
    real = solver.advisor.advise_call

    def spy(*args, budget, **kwargs):
        seen.append((budget.time_limit, budget.node_limit))
        return real(*args, budget=budget, **kwargs)

    monkeypatch.setattr(solver.advisor, "advise_call", spy)
    base = ["advise", "call", "KJ74.J8.AKJ.Q", "--trump", "S", "--samples", "2", "--seed", "1",
            "-j", "1"]
    for extra in (["--node-limit", "5000"], [], ["--node-limit", "5000", "--time-limit", "3"]):
        r = runner.invoke(app, base + extra)
        assert r.exit_code == 0, r.stderr
    assert seen == [(None, 5000), (2.0, None), (3.0, 5000)]
    r = runner.invoke(app, base + ["--time-limit", "0"])
    assert r.exit_code == 2 and "--time-limit must be a positive number" in r.stderr
