"""Whole workflows as a player or a program runs them: play advice on a trick in progress
whatever was played to it, the output of one command taken as the input of the next."""

from __future__ import annotations

import json

import pytest

from napoleon_rules import Position, get_variant
from napoleon_rules.cards import JOKER, Suit, cards_of, mask_of, parse_cards, suit_mask
from solver.advice_core import SearchBudget
from solver.advice_play import play_knowledge, trick_replays
from solver.advisor import advise_play
from solver.sampling import DealSampler
from cli_runner import error_line, run

NODE_BUDGET = SearchBudget(time_limit=None, node_limit=200_000)


def earlier_tricks(pos: Position, away: int) -> int:
    """The cards of the complete tricks, taking ``away`` of the missing cards as the rest."""
    held = mask_of(pos.played)
    for h in pos.hands:
        held |= h
    missing = list(cards_of(pos.variant.deck & ~held))
    return mask_of(missing[:len(missing) - away])


#: After a Ripper's Joker call the Joker holder must play it (or the Mighty): seat 1, who
#: played 7♠, does not hold it, nor does the leader (a call needs the Joker in another
#: hand) nor the kitty. Seat 2 asks for advice; the Joker is really seat 4's.
RIPPER_CALLED = {"variant": "mighty", "trump": "H", "declarer": 0, "partner": 2,
                 "hands": [["AH", "KS"], ["2D", "9D"], ["KH", "4D", "QC"], ["5S", "6S", "TC"],
                           ["JO", "8S", "KC"]],
                 "leader": 0, "trick": 7, "played": ["3C", "7S"],
                 "state": {"joker_called": True}}

#: The same with the Mighty (A♠, trump ♦) not free: seat 2 played it on the call, so it
#: holds the Joker (the call let it play the Mighty instead) or no club; either may be.
MIGHTY_ON_A_CALL = {"variant": "mighty", "options": {"mighty_any_time": False}, "trump": "D",
                    "declarer": 1, "partner": 2,
                    "hands": [["8H", "AD", "8C", "7C", "QH"], ["JS", "8S", "TD", "9D"],
                              ["JO", "JC", "4C", "2C"], ["QS", "6S", "3S", "KH", "9H"],
                              ["KS", "TS", "9S", "JD", "5D"]],
                    "leader": 1, "trick": 5, "played": ["3C", "AS"],
                    "state": {"joker_called": True}}


def samples_of(pos: Position, seat: int, earlier: int, count: int, with_check: bool):
    """``count`` deals of what ``seat`` cannot see, as play advice draws them (with its
    check that the trick replays, or on the card-level facts alone)."""
    n = pos.players
    knowledge = play_knowledge(pos, seat, None, 0, (), earlier)
    accept = (lambda places: trick_replays(pos, places[:n])) if with_check else None
    return DealSampler(knowledge, accept=accept).draw_many(count, 7)


def test_play_advice_after_a_joker_call_deals_the_joker_to_a_seat_still_to_play():
    """A sample that put the Joker in the kitty, with the leader or with a seat that played
    another card made the trick illegal: the advice stopped with "illegal card in
    'played'", blaming a position that was legal."""
    pos = Position.from_json(RIPPER_CALLED)
    earlier = earlier_tricks(pos, away=3)
    for places in samples_of(pos, 2, earlier, 300, with_check=False):
        assert trick_replays(pos, places[:5])
        assert places[3] >> JOKER & 1 or places[4] >> JOKER & 1
    advice = advise_play(pos, 2, earlier=earlier, samples=20, seed=1, budget=NODE_BUDGET)
    assert advice.dropped == 0 and advice.best() is not None


def test_play_advice_reads_a_void_from_a_joker_that_was_not_free():
    """Japoleon: the Joker may be played only on lead or when void in the suit led (by
    default), so a seat that followed with it is void; samples dealing it the suit led made
    the trick illegal."""
    v = get_variant("japoleon")
    # trump ♠; seat 0 (Napoleon) leads 2♥, seat 1 (no heart) plays the Joker
    spades_clubs = list(cards_of(suit_mask(Suit.SPADES) | suit_mask(Suit.CLUBS)))
    hearts = list(cards_of(suit_mask(Suit.HEARTS)))
    diamonds = list(cards_of(suit_mask(Suit.DIAMONDS)))
    seat0 = [hearts[0]] + diamonds[:9]
    seat1 = [JOKER] + spades_clubs[:9]
    seat2 = hearts[1:11]
    seat3 = spades_clubs[9:19]
    seat4 = spades_clubs[19:26] + hearts[11:13] + diamonds[9:10]
    hands = tuple(mask_of(h) for h in (seat0, seat1, seat2, seat3, seat4))
    pos = Position(v, Suit.SPADES, 0, 3, hands, leader=0).play(hearts[0]).play(JOKER)
    for places in samples_of(pos, 2, 0, 300, with_check=False):
        assert trick_replays(pos, places[:5])
        assert not places[1] & suit_mask(Suit.HEARTS)


def test_play_advice_reads_the_first_trick_lead_rules():
    """The Mighty: a trump may open trick 1 only from a hand of trumps (and the Joker or the
    Ripper), so Napoleon's other cards are all trumps in every sample."""
    v = get_variant("mighty")
    hearts = list(cards_of(suit_mask(Suit.HEARTS)))
    others = [c for c in cards_of(v.deck & ~suit_mask(Suit.HEARTS)) if c != JOKER]
    seat0 = hearts[3:13]                                    # ten trumps
    rest = others[:3]
    hands = [seat0, others[3:13], others[13:23], others[23:32] + [JOKER],
             others[32:39] + hearts[:3]]
    pos = Position(v, Suit.HEARTS, 0, 3, tuple(mask_of(h) for h in hands), leader=0)
    pos = pos.play(hearts[12])                              # A♥ led
    pos = pos.play(pos.legal_moves()[0])
    assert len(rest) == v.blind_size
    for places in samples_of(pos, 2, 0, 200, with_check=False):
        assert trick_replays(pos, places[:5])
        ripper = mask_of(parse_cards("3C"))
        assert not places[0] & ~suit_mask(Suit.HEARTS) & ~(1 << JOKER) & ~ripper


def test_a_mighty_played_on_a_joker_call_leaves_both_readings_open():
    """With the Mighty not free, seat 2's Mighty on the call means the Joker or a void in
    clubs: no single card's absence says which, so the trick's check sorts the samples, and
    both kinds of deal come out (never one with neither)."""
    pos = Position.from_json(MIGHTY_ON_A_CALL)
    earlier = earlier_tricks(pos, away=3)
    kinds = set()
    for places in samples_of(pos, 3, earlier, 400, with_check=True):
        joker = bool(places[2] >> JOKER & 1)
        clubs = bool(places[2] & suit_mask(Suit.CLUBS))
        assert joker or not clubs
        kinds.add((joker, clubs))
    assert {(True, True), (False, False)} <= kinds
    advice = advise_play(pos, 3, earlier=earlier, samples=12, seed=1, budget=NODE_BUDGET)
    assert advice.dropped == 0 and advice.best() is not None
    # without the check the card-level facts alone would give deals the trick refutes
    loose = samples_of(pos, 3, earlier, 400, with_check=False)
    assert not all(trick_replays(pos, places[:5]) for places in loose)


# ---- one command's output given to another -----------------------------------------------------


@pytest.mark.parametrize("command", [["solve", "-", "--declarer", "0"], ["analyse", "-"],
                                     ["show", "-"]])
def test_json_where_a_deal_is_read_says_so(command):
    """'napoleon deal --json' piped to a command that reads the notation (or a position
    file given as DEAL) was read as a deal of a variant named '{"variant"'."""
    dealt = run("deal", "-v", "nap", "--seed", "5", "--json")
    assert dealt.exit_code == 0
    line = error_line(run(*command, input=dealt.stdout))
    assert "standard input holds JSON, not a deal in the one-line notation" in line
    assert '"deal" field' in line and "unknown variant" not in line


def test_json_deal_argument_and_file_say_so(tmp_path):
    solved = run("solve", "--example", "--json")
    path = tmp_path / "solved.json"
    path.write_text(solved.stdout)
    assert f"{path} holds JSON" in error_line(run("solve", str(path), "--declarer", "0"))
    assert f"{path} holds JSON" in error_line(run("solve", "--deal-file", str(path),
                                                      "--declarer", "0"))
    assert "the DEAL argument holds JSON" in error_line(run("show", '{"variant": "nap"}'))


def test_a_command_output_given_as_a_position_says_where_the_position_is():
    solved = run("solve", "--example", "--json")
    line = error_line(run("solve", "-p", "-", input=solved.stdout))
    assert "its position is the \"position\" field" in line
    position = json.dumps(json.loads(solved.stdout)["position"])
    assert run("solve", "-p", "-", input=position).exit_code == 0
    dealt = run("deal", "-v", "nap", "--seed", "5", "--json")
    line = error_line(run("advise", "play", "-p", "-", "--seat", "0", input=dealt.stdout))
    assert "'napoleon deal --json'" in line


def test_analyse_and_solve_list_a_discard_alike():
    """A cell's discard taken into 'napoleon solve --discard' comes back in the declaration
    as the same list (analyse listed it by card number, 8♠ 4♥ 6♥, solve high card first)."""
    deal = run("deal", "-v", "japanese", "-o", "players=7", "--seed", "3").stdout.strip()
    args = [deal, "-o", "players=7", "--declarer", "1", "--trump", "D"]
    table = run("analyse", *args, "--partner", "5", "--jobs", "1", "--json")
    cell = json.loads(table.stdout)["cells"][0]
    assert cell["discard"] == ["8S", "6H", "4H"] and cell["call"] == "2S"
    solved = run("solve", *args, "--call", cell["call"],
                 "--discard", " ".join(reversed(cell["discard"])), "--json")
    assert json.loads(solved.stdout)["declaration"]["discard"] == cell["discard"]
    assert json.loads(solved.stdout)["value"] == cell["value"]
    text = run("analyse", *args, "--partner", "5", "--jobs", "1").stdout
    assert "discard 8♠ 6♥ 4♥" in text
    said = run("solve", *args, "--call", "2S", "--discard", "4H 8S 6H").stdout
    assert "puts away 8♠ 6♥ 4♥" in said


def test_every_advice_json_names_the_game_the_seat_and_the_unit(tmp_path):
    """A program reading the four advice commands finds the same keys for the same things
    (call and discard advice had no "seat" and no "unit")."""
    common = {"variant", "options", "unit", "seat", "samples", "seed"}
    hand = ["KQ8.J6.Q8.", "-v", "japanese", "-o", "players=7", "--seat", "1"]
    limits = ["--samples", "2", "--seed", "1", "--node-limit", "20000", "--json"]
    outputs = {
        "bid": run("advise", "bid", *hand, *limits),
        "call": run("advise", "call", *hand, ".4.KT.", "--trump", "D", *limits),
        "discard": run("advise", "discard", *hand, ".4.KT.", "--trump", "D", "--call", "AS",
                       *limits),
    }
    deal = run("deal", "-v", "japanese", "-o", "players=7", "--seed", "3").stdout.strip()
    solved = run("solve", deal, "-o", "players=7", "--declarer", "1", "--trump", "D",
                 "--call", "AS", "--discard", "8S 6H 4H", "--json")
    path = tmp_path / "position.json"
    path.write_text(json.dumps(json.loads(solved.stdout)["position"]))
    outputs["play"] = run("advise", "play", "-p", str(path), "--seat", "1", "--call", "AS",
                          "--discard", "8S 6H 4H", *limits)
    for kind, result in outputs.items():
        assert result.exit_code in (0, 3), (kind, result.stderr)
        data = json.loads(result.stdout)
        assert common <= set(data), (kind, common - set(data))
        assert data["seat"] == 1 and data["unit"] == "points" and data["variant"] == "japanese"


#: The README's bridge ending: East has led K♠ to the twelfth trick, South to play.
BRIDGE_ENDING = {"variant": "bridge", "trump": "NT", "declarer": 0, "partner": 2,
                 "hands": [["2S", "KD"], ["2D"], ["AS", "3S"], ["4S", "AD"]],
                 "leader": 1, "trick": 11, "played": ["KS"]}


def test_advise_play_reads_a_bridge_seat_as_solve_does(tmp_path):
    """'napoleon solve' reads bridge seats as N E S W and prints them so; advise play's
    --seat took only a number ("it should be a valid integer")."""
    path = tmp_path / "bridge.json"
    path.write_text(json.dumps(BRIDGE_ENDING))
    args = ["advise", "play", "-p", str(path), "-n", "2", "--seed", "1"]
    by_letter, by_number = run(*args, "--seat", "S"), run(*args, "--seat", "2")
    assert by_letter.exit_code == 0, by_letter.stderr
    assert by_letter.stdout == by_number.stdout
    assert by_letter.stdout.startswith("Bridge, card play only: seat 2 (S, partner) to play")
    assert "--seat must be a seat 0..3 or N E S W, not 'X'" in error_line(
        run(*args, "--seat", "X"))


def test_a_deal_dealt_with_options_read_without_them_names_the_option_only():
    """A 7-player deal analysed without -o players=7 was also told to add --short-hands,
    which would not read it either."""
    deal = run("deal", "-v", "japanese", "-o", "players=7", "--seed", "3").stdout.strip()
    line = error_line(run("analyse", deal))
    assert "add -o players=7" in line and "--short-hands" not in line
    assert "--short-hands" in error_line(
        run("analyse", "japanese:5.82.4. .J.52.A Q8..Q8. K.6.9.J 3.K7.7. | 74..."))


def test_a_joker_call_on_another_lead_is_named_in_the_position_s_words():
    """A position file whose state says joker_called on a trick the Ripper did not lead was
    refused as an illegal '3C!'-style move ("'!' (a Joker call) goes only with ..."), the
    spelling of --play, which the file never used."""
    mighty = dict(RIPPER_CALLED, played=["KS", "7S"],
                  hands=[["AH", "3C"], *RIPPER_CALLED["hands"][1:]])
    line = error_line(run("solve", "-p", "-", input=json.dumps(mighty)))
    assert "'joker_called' needs the current trick led by the Ripper (3C here)" in line
    assert "'!'" not in line
    led_joker = dict(RIPPER_CALLED, played=["JO", "7S"], hands=[["AH", "3C"], ["2D", "9D"],
                     ["KH", "4D", "QC"], ["5S", "6S", "TC"], ["KS", "8S", "KC"]],
                     state={"joker_suit": "S", "joker_called": True})
    assert "led by the Ripper" in error_line(
        run("solve", "-p", "-", input=json.dumps(led_joker)))


def test_the_line_shows_the_reveal_as_it_shows_the_joker_s_choices():
    """The Secretary ruffing with the coup card while holding the suit led is the reveal:
    the line said only '2♠ (seat 2)', a play that reads as illegal."""
    deal = run("deal", "-v", "secretary", "--seed", "2").stdout.strip()
    said = run("solve", deal, "--declarer", "0", "--trump", "S", "--call", "2S",
               "--discard", "2D 5D").stdout
    trick = next(line for line in said.splitlines() if line.startswith("  trick  6"))
    assert "K♥ (seat 0), 7♥ (seat 1), 2♠ (seat 2) by the reveal, A♥ (seat 3)" in trick
    assert said.count("by the reveal") == 1


def test_a_seat_without_the_called_card_is_told_it_defends(tmp_path):
    """Seat 1 does not hold the coup card, so it knows it defends: its table said '(not the
    declarer)' while the partner was unknown to it."""
    deal = run("deal", "-v", "secretary", "--seed", "2").stdout.strip()
    solved = run("solve", deal, "--declarer", "0", "--trump", "S", "--call", "2S",
                 "--discard", "2D 5D", "--play", "AC", "--json")
    path = tmp_path / "secretary.json"
    path.write_text(json.dumps(json.loads(solved.stdout)["position"]))
    said = run("advise", "play", "-p", str(path), "--seat", "1", "-n", "4", "--seed", "1")
    assert said.stdout.startswith("Napoleon with a Secretary: seat 1 (defender) to play")
    assert "partner: unknown until the called card shows" in said.stdout
