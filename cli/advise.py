"""``napoleon advise``: bid, call, discard and play advice from one player's view, by dealing
the unseen cards many times and solving each deal double dummy (see solver/advisor.py)."""

from __future__ import annotations

import re
import secrets
from typing import Annotated, Optional

import typer

from napoleon_rules.cards import (SUIT_PATTERN, CardParseError, card_name, count, mask_of,
                                  parse_card, parse_cards, parse_trump)
from napoleon_rules.deal import parse_hand
from napoleon_rules.errors import DealError

from .common import (EXIT_LIMIT, FlagsGroup, OnceCommand, UsageError, card_text, check_node_limit,
                     check_seed, default_jobs, dumps, fail, options_named_as_typed, plural,
                     read_seat, seat_text, user_errors, variant_from)
from .info import rest_name
from .progress import ProgressFlag, progress_bar

advise_app = typer.Typer(
    name="advise", no_args_is_help=True, rich_markup_mode="markdown", cls=FlagsGroup,
    help="Advice from one player's view: the unseen cards are dealt many times consistently "
         "with what the player knows, and each deal is solved double dummy.\n\n"
         "Every command takes --samples, --seed, --jobs, --time-limit (per sample), "
         "--node-limit, -c/--constraint, --progress/--no-progress and --json.")

# ---- options every command shares ------------------------------------------------------------
AllSamples = Annotated[bool, typer.Option(
    "--all-samples", help="Give every option (every bid of every trump, every card to call) "
                          "every sample. By default an option stops (checked every 16 "
                          "samples) once it cannot be the advice: it scores below the "
                          "leading one with high confidence (paired over the same samples, "
                          "2.5 standard errors), or (bids) never more than a lower bid of its "
                          "trump, or is not legal now. It is no longer a candidate, and its "
                          "row shows the samples it had (bids: and why it stopped).")]
Samples = Annotated[int, typer.Option("--samples", "-n", help="How many deals of the unseen cards.")]
Seed = Annotated[Optional[int], typer.Option(
    help="Random seed: the same seed gives the same samples (and the same advice when no "
         "sample hits its limit). Without it one is chosen; the output shows it.",
    show_default=False)]
Jobs = Annotated[int, typer.Option("--jobs", "-j", help="Threads solving samples in parallel "
                                   "(the result does not depend on it) [default: every core].",
                                   show_default=False)]
TimeLimit = Annotated[Optional[float], typer.Option(
    help="Seconds of search per sample; a sample stopped by it is counted as undecided, never "
         "guessed. [default: 2, or none with --node-limit, which is then the only limit]",
    show_default=False)]
Within = Annotated[Optional[float], typer.Option(
    metavar="SECONDS", help="Time for the whole advice: no sample starts after it, and the "
    "advice is that of the samples finished (the first ones, so --samples with that count "
    "and the same --seed gives it again). Default: every sample.", show_default=False)]
NodeLimit = Annotated[Optional[int], typer.Option(
    help="Nodes per search test (deterministic, unlike --time-limit).", show_default=False)]
Constraints = Annotated[Optional[list[str]], typer.Option(
    "--constraint", "-c", metavar="PLACE:FACT",
    help="Something known about the unseen cards (repeatable): 2:S>=4 (seat 2 holds at least 4 "
         "spades), 3:H=0 (void), 1:AS (holds A♠), blind:!JO (the Joker is not in the blind; "
         "the variant's own name for it works too: kitty, warchest, open, stock).")]
Variant = Annotated[str, typer.Option("--variant", "-v", help="Preset name.")]
Options = Annotated[Optional[list[str]], typer.Option(
    "--option", "-o", metavar="NAME=VALUE", help="A variant option (repeatable), e.g. -o players=7.")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Seat = Annotated[int, typer.Option(help="The player's seat.")]


def read_cards(text: str, what: str) -> int:
    """A hand in the deal notation (``AKQ.JT9.2.AK3``) or a list of cards (``AS KS 2C``)."""
    try:
        if "." in text:
            return parse_hand(text)
        cards = parse_cards(text)
    except (CardParseError, DealError) as e:
        message = str(e)
        # parse_hand's messages start "bad hand 'TEXT': ...": said once, as the `what` asked
        if message.startswith("bad hand "):
            raise UsageError(f"bad {what} {message[len('bad hand '):]}") from None
        raise UsageError(f"bad {what}: {message}") from None
    dup = [c for c in set(cards) if cards.count(c) > 1]
    if dup:
        raise UsageError(f"bad {what}: {card_name(dup[0])} is written twice")
    return mask_of(cards)


JOKER_SUFFIXES = ("JO", "JK", "JOKER")


def read_pool(hand_text: str, blind_text: Optional[str]) -> int:
    """Hand + blind for discard advice: one argument with every card, two (HAND BLIND), or
    two hands joined by '+' (``KJ74.J8.AKJ.Q+T..Q.``). A '+' followed by the Joker is the
    Joker suffix of the hand before it (``...K3+JO+2.3.4.``), so the reading is unambiguous."""
    parts = [(hand_text, "hand")]
    if blind_text is not None:
        if not blind_text.strip():
            # not "no cards": the hand would then be read as hand and blind together
            raise UsageError("the blind is empty: give its cards, or leave the argument out "
                             "(HAND+BLIND in one)")
        parts.append((blind_text, "blind"))
    elif "." in hand_text and "+" in hand_text:
        hands: list[str] = []
        for piece in hand_text.split("+"):
            if hands and piece.strip().upper() in JOKER_SUFFIXES:
                hands[-1] += "+" + piece
            else:
                hands.append(piece)
        if len(hands) > 1:
            if len(hands) > 2 or not all(h.strip() for h in hands):
                raise UsageError(f"bad hand + blind {hand_text!r}: write HAND+BLIND (two hands "
                                 "in the deal notation, e.g. KJ74.J8.AKJ.Q+T..Q.), or HAND "
                                 "BLIND as two arguments")
            parts = [(hands[0], "hand"), (hands[1], "blind")]
    pool = 0
    for text, what in parts:
        cards = read_cards(text, what)
        if pool & cards:
            raise UsageError(f"{card_name((pool & cards).bit_length() - 1)} is both in the hand "
                             "and in the blind")
        pool |= cards
    return pool


def read_one_card(text: str, what: str) -> int:
    """One card (``JS``, ``JO``), as ``read_cards`` reads it."""
    mask = read_cards(text, what)
    if count(mask) != 1:
        raise UsageError(f"bad {what}: one card, not {count(mask)} ({text!r})")
    return mask.bit_length() - 1


def read_trump(text: str):
    try:
        trump = parse_trump(text)
    except CardParseError:
        trump = None
    if trump is None:
        raise UsageError(f"--trump must be S, H, D, C or NT, not {text!r}")
    return trump


#: Seconds of search per sample when neither --time-limit nor --node-limit is given.
DEFAULT_TIME_LIMIT = 2.0


def budget(time_limit: Optional[float], node_limit: Optional[int]):
    """The search limits of one sample. ``--node-limit`` alone is the only limit, so that the
    advice is the same on any machine and under any load (a default time limit would cut
    the samples a slow machine takes longest over)."""
    from solver.advice_core import SearchBudget
    if time_limit is not None and not time_limit > 0:
        raise UsageError(f"--time-limit must be a positive number of seconds, not {time_limit}")
    check_node_limit(node_limit)
    if time_limit is None and node_limit is None:
        time_limit = DEFAULT_TIME_LIMIT
    return SearchBudget(time_limit, node_limit)


def check_counts(samples: int, jobs: int) -> None:
    from solver.advice_plan import MAX_JOBS, MAX_SAMPLES
    if not 1 <= samples <= MAX_SAMPLES:
        raise UsageError(f"--samples must be 1..{MAX_SAMPLES}, not {samples}")
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be 1..{MAX_JOBS}, not {jobs}")


def pick_seed(seed: Optional[int]) -> int:
    # The seed chosen is part of every output (table and JSON), so the advice can be repeated.
    check_seed(seed)
    return secrets.randbelow(2 ** 32) if seed is None else seed


def samples_text(advice) -> str:
    """``200 samples``, or ``37 of 200 samples (--within 10 s ran out)``."""
    if advice.asked is not None and advice.samples < advice.asked:
        return (f"{advice.samples} of {plural(advice.asked, 'sample')} (--within "
                f"{advice.within:g} s ran out)")
    return plural(advice.samples, "sample")


def read_bid_level(text: Optional[str], trump: str) -> Optional[int]:
    """``--bid``: a level (``14``), or a bid whose suit is the trump given (``14S``)."""
    if text is None:
        return None
    m = re.fullmatch(rf"\s*([0-9]{{1,2}})\s*({SUIT_PATTERN}|NT)?\s*", text.upper())
    if not m:
        raise UsageError(f"--bid is a level such as 14 (or 14S), not {text!r}")
    if m.group(2) and read_trump(m.group(2)) != read_trump(trump):
        raise UsageError(f"--bid {text}: its suit is not the trump given ({trump})")
    return int(m.group(1))


def constraints_from(items):
    from solver.sampling import parse_constraints
    return parse_constraints(items)


def est(e, digits: int = 2, percent: bool = False) -> str:
    if e.mean is None:
        return f"- ({e.undecided} open)" if e.undecided else "-"
    if e.n == 1 and e.low == e.high:
        # one sample: its value, and no interval to speak of
        text = (f"{100 * e.mean:3.0f}%" if percent else f"{e.mean:.{digits}f}") + " (1 sample)"
    elif percent:
        text = f"{100 * e.mean:3.0f}% [{100 * e.low:.0f}-{100 * e.high:.0f}]"
    else:
        text = e.text(digits)
    return text + (f" ({e.undecided} open)" if e.undecided else "")


NO_ADVICE = ("every sample's search hit its limit: no advice (raise --time-limit or "
             "--node-limit)")


def settled(estimates) -> bool:
    """Whether any of these estimates (None: not asked) rests on at least one sample."""
    return any(e is not None and e.n > 0 for e in estimates)


def stop_without_advice(payload: dict, json_out: bool) -> None:
    """Every sample was left open by a search limit: no advice, exit code 3 (as a stopped
    solve). The JSON, when asked for, is still printed, its advice null."""
    if json_out:
        typer.echo(dumps(payload))
    fail(NO_ADVICE, EXIT_LIMIT)


# ---- bid ----------------------------------------------------------------------------------------
@advise_app.command("bid", cls=OnceCommand)
@user_errors
def bid(
    hand: Annotated[str, typer.Argument(help="The hand: AKQ.JT9.2.AK3 (S.H.D.C) or 'AS KS ...'; "
                                        "the Joker (Mighty, Japoleon) as +JO after the suits "
                                        "or JO in the list.",
                                        show_default=False)],
    variant: Variant = "japanese", option: Options = None, seat: Seat = 0,
    auction: Annotated[Optional[str], typer.Option(
        help="The calls so far, from the first bidder: '13S pass 14H'.", show_default=False)] = None,
    dealer: Annotated[Optional[int], typer.Option(
        help="The dealer (default: the one that puts --seat to bid).", show_default=False)] = None,
    trump: Annotated[Optional[list[str]], typer.Option(
        metavar="TRUMP", help="Only these trumps (repeatable; Nap: lead or misere); default all.",
        show_default=False)] = None,
    exact_points: Annotated[bool, typer.Option(
        help="Settle every sample's exact total (slower); by default only what the bids need.")] = False,
    all_samples: AllSamples = False,
    samples: Samples = 100, seed: Seed = None, jobs: Jobs = default_jobs(),
    time_limit: TimeLimit = None,
    within: Within = None,
    node_limit: NodeLimit = None, constraint: Constraints = None, json_out: Json = False,
    progress: ProgressFlag = None,
) -> None:
    """For each trump: what the player would take as Napoleon, P(make) and the expected score
    of each bid, and the bid to make (or pass).

    In each sample the fast policy calls the strongest card not held and discards the
    lowest cards (see the README). P(make) counts a bid as made when the variant's scoring
    pays Napoleon (Japanese: all 20 without bidding 20 fails, the Siberian rule: a sample
    that takes every point is solved again with a point card put away, for the lower bids;
    once 20 is no longer asked about, that declaration is asked first, and where it makes
    them the total shows as a range such as 11-20).
    Pass scores 0. The bid to make is the legal bid of highest expected score; ties go to the
    first of them in the table (trumps in the order shown, then the lower bid), and the output
    names the bids it tied with.

    Speed: each sample is one double-dummy search per trump. Every 16 samples the bids
    that cannot be the advice stop (surely below the leading bid, never above a lower bid
    of their trump, or not legal now; marked in the table) and a trump with none left
    stops; later samples settle only the bids still in (--all-samples: never). A full
    10-card Japanese hand takes about 0.3 s a sample on 2 cores while every bid is asked,
    far less once they stop (every core is used unless --jobs says otherwise; 200 samples:
    about 9 s, a minute with --all-samples; --within caps the whole time); a 7-player
    Japanese hand (7 cards) about 0.1 s a sample, a Nap hand a few milliseconds; The
    Mighty, the dearest, about 0.7 s a sample on 2 cores, and some of its samples meet the
    --time-limit (the output counts them as open). On a terminal a bar on stderr shows the
    progress.

    Examples (quickest first; the last takes about 6 s):

        napoleon advise bid AK.2.Q.A -v nap --seed 7
        napoleon advise bid AK.2.3.4 -v nap -c "1:S>=2" --json
        napoleon advise bid "8.AKQ.KQ.J" -o players=7 --auction "12S pass" --seat 2 -n 40 -j 2
        napoleon advise bid KJ74.J8.AKJ.Q --samples 50 --jobs 2 --within 30
    """
    from solver.advisor import advise_bid
    v = variant_from(variant, option)
    check_counts(samples, jobs)
    cards = read_cards(hand, "hand")
    calls = (auction or "").replace(",", " ").split()
    trumps = None
    if trump:   # Nap's two rows are named as in 'napoleon analyse': lead, misere
        trumps = list(trump) if v.name == "nap" else [read_trump(t) for t in trump]
    seed = pick_seed(seed)
    # the advisor names its parameters (seat must be ...): as the options (--seat must be ...)
    with progress_bar(samples * len(trumps or v.trumps), "solving", shown=progress) as step, \
            options_named_as_typed():
        advice = advise_bid(v, cards, seat=seat, auction=calls, dealer=dealer, trumps=trumps,
                            constraints=constraints_from(constraint), samples=samples, seed=seed,
                            jobs=jobs, budget=budget(time_limit, node_limit),
                            exact_points=exact_points, within=within,
                            stop_early=not all_samples, progress=step)
    if not settled(e for row in advice.rows for b in row["bids"] if b["legal"]
                   for e in (b["score"], b["p_make"])):
        stop_without_advice({**advice.to_json(), "recommended": None, "best": None,
                             "best_tied": []}, json_out)
    if json_out:
        typer.echo(dumps(advice.to_json()))
        return
    lines = [f"{v.title}: seat {seat}, {samples_text(advice)}, seed {seed}"]
    legend_shown = ranges_told = False
    for row in advice.rows:
        hist = "  ".join(histogram_entry(k, n, row["open"].get(k, 0))
                         for k, n in row["histogram"].items())
        lines.append(f"trump {row['label']}: total taken (samples) {hist}")
        if row["stopped"]:
            why = "no bid here is legal now" if row["stopped_behind"] is None else \
                f"every legal bid here scores below {row['stopped_behind']}"
            lines.append(f"  stopped after {plural(row['samples'], 'sample')}: {why} (--all-samples goes "
                         "on)")
        # (a range that some sample left so on purpose; not one below every bid, 0-10)
        ranges = [k for k, n in row["histogram"].items() if "-" in k and not k.startswith("0-")
                  and row["open"].get(k, 0) < n]
        if not ranges_told and any(b["samples"] < row["samples"] for b in row["bids"]) and \
                ranges:
            ranges_told = True
            lines.append(f"  (a range such as {ranges[0]}: once bids stop, a sample settles "
                         "only the bids still asked)")
        if row["open"] and not legend_shown:
            legend_shown = True
            lines.append("  (open) = a search limit left the total only bounded, some bids "
                         "unsettled (an unmarked range such as 0-10 settles every bid)")
        if row["calls"]:
            lines.append("  calls " + ", ".join(f"{card_text(parse_card(k))} x{n}"
                                                for k, n in row["calls"].items())
                         + f"; alone in {row['alone']}")
        if row["too_many"]:
            many = row["too_many"]
            lines.append(f"  {plural(many, 'sample')} {'takes' if many == 1 else 'take'} every "
                         "point, which fails the lower bids (Siberian rule): for those bids "
                         f"{'it is' if many == 1 else 'they are'} also solved with a point card "
                         f"put away, which makes them in {row['held_back']}")
        if row.get("put_away"):
            many = row["put_away"]
            lines.append(f"  {plural(many, 'sample')} {'makes' if many == 1 else 'make'} the lower "
                         "bids with a point card put away (Siberian rule), so whether "
                         f"{'it takes' if many == 1 else 'they take'} every point was not "
                         "asked (a range such as 11-20)")
        lines.append(f"  {'bid':<8} {'P(make) [95% CI]':<24} expected score [95% CI]")
        for b in row["bids"]:
            fewer = b["samples"] < row["samples"]       # stopped before its trump did
            if not b["legal"]:
                mark = "  (not legal now" + (f"; {plural(b['samples'], 'sample')})" if fewer
                                             else ")")
            elif fewer:
                mark = (f"  ({plural(b['samples'], 'sample')}: {STOP_WHY[b['stopped']]} "
                        f"{b['ahead']})")
            else:
                mark = ""
            lines.append(f"  {str(b['bid']):<8} {est(b['p_make'], percent=True):<24} "
                         f"{est(b['score'])}{mark}")
    best = advice.best
    # (Secretary's bids are trick counts: the trump, declared after the auction, is the row's)
    declare = "" if best is None or best["name"] == str(best["bid"]) else \
        f" (then declare {best['trump']})"
    if best is not None:
        tied = [b["name"] for b in advice.tied[1:]]
        lines.append(f"best bid: {best['bid']}{declare} (expected score {est(best['score'])}, "
                     f"P(make) {est(best['p_make'], percent=True)})"
                     + (f"; tied with {', '.join(tied)}: ties go to the first in the table"
                        if tied else ""))
    if any(b["legal"] and (b["score"].undecided or b["p_make"].undecided)
           for row in advice.rows for b in row["bids"]):
        lines.append(f"note: {plural(advice.open_samples, 'sample')} left bids open (search "
                     "limit): "
                     "the estimates leave each out where it is open, so the advice rests on "
                     "fewer samples (raise --time-limit or --node-limit)")
    lines.append(f"recommended: {advice.recommended}"
                 + (declare if advice.recommended != "pass" else ""))
    typer.echo("\n".join(lines))


#: Why a legal bid stopped early, in the bid table (followed by the bid it deferred to).
STOP_WHY = {"below": "below", "at_most": "never above"}


def histogram_entry(key: str, n: int, open_n: int) -> str:
    """``16:3``; ``11-19 (open):1`` for a range a search limit left open."""
    if open_n == n:
        return f"{key} (open):{n}"
    return f"{key}:{n}" + (f" ({open_n} open)" if open_n else "")


def option_text(option: str) -> str:
    """An option of call or discard advice for people: its cards with suit symbols
    (``J♥ 8♥``), as every other table shows them; ``alone`` as it is. The JSON keeps
    the letters (``JH 8H``)."""
    return " ".join(word if word == "alone" else card_text(parse_card(word))
                    for word in option.split())


def choice_out(advice, json_out: bool, points: bool, v, seat: int) -> None:
    """Print the call or discard advice (``choice_table`` or its JSON), or stop without
    advice when no sample settled anything."""
    if not settled(r.get(k) for r in advice.rows for k in ("points", "p_make", "score")):
        stop_without_advice({**advice.to_json(), "best": None}, json_out)
    typer.echo(dumps(advice.to_json()) if json_out else choice_table(advice, points, v, seat))


def choice_table(advice, points: bool, v, seat: int) -> str:
    """One row per option, columns padded to their widest entry; options that went through
    more halving rounds (more samples) come first."""
    head = [advice.kind, "samples"] + (["expected total [95% CI]"] if points else []) + \
        ["P(make) [95% CI]", "expected score [95% CI]"]
    rows = [[option_text(r["option"]), str(r["n"])] + ([est(r["points"])] if points else [])
            + [est(r["p_make"], percent=True), est(r["score"])] for r in advice.rows]
    widths = [max(len(x[i]) for x in [head] + rows) for i in range(len(head))]
    call = ""
    if advice.kind == "discard":
        call = (f", call {card_text(advice.call)}" if advice.call is not None
                else f", no card called ({v.declarer_name} plays alone)")
    # (Secretary's bid is a number of tricks: the trump is declared after the auction)
    trump = f", trump {advice.trump}" if v.name == "secretary" and advice.trump else ""
    lines = [f"{v.title}: {advice.kind} advice for seat {seat}, bid {advice.bid}{trump}{call}, "
             f"{plural(advice.samples, 'sample')}, seed {advice.seed}"]
    if advice.kind == "discard" and advice.alone and advice.call is not None:
        who = v.declarer_name
        lines.append(f"{who[0].upper()}{who[1:]} plays alone: {card_text(advice.call)} is among "
                     f"{who}'s own cards (hand and {rest_name(v)})")
    if any(r["n"] != advice.samples for r in advice.rows):
        lines.append("(successive halving: an option dropped after a round keeps that round's "
                     "samples; the ones with every sample come first)" if advice.kind == "discard"
                     else "(a choice surely behind the leading one stopped early and keeps the "
                     "samples it had; the ones with every sample come first)")
    # A stopped option names the one that led when it stopped (JSON "stopped_behind").
    marks = [""] + [("" if r.get("behind") is None else
                     f"  (surely behind {option_text(r['behind'])})" if advice.kind == "call"
                     else f"  (dropped; {option_text(r['behind'])} led)") for r in advice.rows]
    for x, mark in zip([head] + rows, marks):
        lines.append(("  " + "  ".join(c.rjust(w) if i == 1 else c.ljust(w)
                                       for i, (c, w) in enumerate(zip(x, widths))) + mark).rstrip())
    return "\n".join(lines)


# ---- call ---------------------------------------------------------------------------------------
@advise_app.command("call", cls=OnceCommand)
@user_errors
def call(
    hand: Annotated[str, typer.Argument(help="The hand (before taking the blind).", show_default=False)],
    trump: Annotated[str, typer.Option(help="The trump bid: S H D C (NT where allowed).",
                                       show_default=False)],
    blind: Annotated[Optional[str], typer.Argument(
        help="The blind, if it has been seen (Mighty: the kitty is seen before the call).",
        show_default=False)] = None,
    bid_level: Annotated[Optional[str], typer.Option(
        "--bid", help="The level bid, e.g. 14 (or 14S, its suit the trump's; default the "
        "lowest).", show_default=False)] = None,
    variant: Variant = "japanese", option: Options = None, seat: Seat = 0,
    all_samples: AllSamples = False,
    samples: Samples = 100, seed: Seed = None, jobs: Jobs = default_jobs(),
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None, constraint: Constraints = None, json_out: Json = False,
    progress: ProgressFlag = None,
) -> None:
    """Expected score and P(make) of the bid for each sensible card to call (the strongest
    cards not held) and for playing alone (not in Secretary, where the Secretary is whoever
    holds the coup card), compared on the same samples. The first row is the advice. A
    choice surely behind the leading one stops early (checked every 16 samples; its row
    then has fewer samples; --all-samples: never).

    Examples:

        napoleon advise call AKQ.JT9.2.AK3 --trump S --bid 14

        napoleon advise call "AK.QJT9.A.K3+JO" "2.3.4." -v mighty --trump H --bid 15
    """
    from solver.advisor import advise_call
    v = variant_from(variant, option)
    check_counts(samples, jobs)
    cards = read_cards(hand, "hand")
    seen = read_cards(blind, "blind") if blind is not None else None
    seed = pick_seed(seed)
    with progress_bar(samples * 7, "solving", shown=progress) as step, options_named_as_typed():
        advice = advise_call(v, cards, seen, trump=read_trump(trump),
                             bid_level=read_bid_level(bid_level, trump), seat=seat,
                             constraints=constraints_from(constraint), samples=samples, seed=seed,
                             jobs=jobs, budget=budget(time_limit, node_limit),
                             stop_early=not all_samples, progress=step)
    choice_out(advice, json_out, False, v, seat)


# ---- discard ------------------------------------------------------------------------------------
@advise_app.command("discard", cls=OnceCommand)
@user_errors
def discard(
    hand: Annotated[str, typer.Argument(
        help="The hand (10 cards in Japanese) with the blind as the next argument, or every "
        "card, the blind taken, in one (12 in Japanese); hand+blind in the deal notation "
        "(KJ74.J8.AKJ.Q+T..Q.) reads too.", show_default=False)],
    trump: Annotated[str, typer.Option(help="The trump: S H D C (NT where allowed).",
                                       show_default=False)],
    call_card: Annotated[Optional[str], typer.Option(
        "--call", help="The card called (Mighty: omit to play without a friend).",
        show_default=False)] = None,
    blind: Annotated[Optional[str], typer.Argument(
        help="The blind taken (2 cards in Japanese: T..Q. or 'TS QD'), when the hand "
        "does not hold it.", show_default=False)] = None,
    bid_level: Annotated[Optional[str], typer.Option(
        "--bid", help="The level bid, e.g. 14 (or 14S); with --by-score, rank by its expected "
        "score.",
        show_default=False)] = None,
    by_score: Annotated[bool, typer.Option(help="Rank by expected score instead of total taken.")] = False,
    candidates: Annotated[int, typer.Option(
        help="Discards kept after the cheap ranking, then halved round by round.")] = 12,
    variant: Variant = "japanese", option: Options = None, seat: Seat = 0,
    samples: Samples = 100, seed: Seed = None, jobs: Jobs = default_jobs(),
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None, constraint: Constraints = None, json_out: Json = False,
    progress: ProgressFlag = None,
) -> None:
    """The best cards to put away, with the expected total the side takes.

    Every discard is ranked by a cheap key (keep trumps and special cards, keep point cards
    the opponents would score, empty short suits); the best --candidates then go through
    successive halving: each round doubles the samples and keeps the better half.

    A called card among these cards (hand and blind) is the declarer's own: the declarer
    then plays alone (the output says so).

    Examples:

        napoleon advise discard KJ74.J8.AKJ.Q T..Q. --trump S --call AS -n 16

        napoleon advise discard AKQ2.JT9.32.AK3 --trump S --call JS -n 64 -j 2

        napoleon advise discard "AS KS QS 2S JH TH 9H 3D 2D AC KC 3C" --trump S --call JS
    """
    from solver.advisor import advise_discard
    v = variant_from(variant, option)
    check_counts(samples, jobs)
    pool = read_pool(hand, blind)
    call_c = read_one_card(call_card, "--call") if call_card is not None else None
    seed = pick_seed(seed)
    with progress_bar(samples * 2 * min(candidates, 12), "solving", shown=progress) as step, \
            options_named_as_typed():
        advice = advise_discard(v, pool, trump=read_trump(trump), call=call_c,
                                bid_level=read_bid_level(bid_level, trump), seat=seat,
                                candidates=candidates,
                                constraints=constraints_from(constraint), samples=samples,
                                seed=seed, jobs=jobs, budget=budget(time_limit, node_limit),
                                by_score=by_score, progress=step)
    choice_out(advice, json_out, not by_score, v, seat)


# ---- play ---------------------------------------------------------------------------------------
@advise_app.command("play", cls=OnceCommand)
@user_errors
def play(
    position: Annotated[str, typer.Option(
        "--position", "-p", metavar="FILE.json", help="The position (JSON, as for 'napoleon "
        "solve'); only the seat's own hand and the current trick are taken as seen.",
        show_default=False)],
    seat: Annotated[str, typer.Option(
        metavar="SEAT", help="The seat to advise (bridge also N E S W, as 'napoleon solve' "
        "reads seats); it must be to move.", show_default=False)],
    call_card: Annotated[Optional[str], typer.Option(
        "--call", help="The called card, if not yet seen: its holder in each sample is the "
        "partner.", show_default=False)] = None,
    discards: Annotated[Optional[str], typer.Option(
        "--discards", "--discard", metavar="CARDS",
        help="The cards put away (unseen by all but the declarer); either spelling (solve "
        "takes --discard).", show_default=False)] = None,
    earlier: Annotated[Optional[str], typer.Option(
        metavar="CARDS", help="The cards played to the complete tricks. A position lists only "
        "the cards still held, so after trick 1 a seat that did not put the rest away (every "
        "seat in Nap, whose stock nobody sees) needs these or --discards to tell the cards "
        "out of play from the unseen rest.", show_default=False)] = None,
    target: Annotated[Optional[int], typer.Option(
        help="Also give P(the declarer's side takes at least this from here).",
        show_default=False)] = None,
    samples: Samples = 100, seed: Seed = None, jobs: Jobs = default_jobs(),
    time_limit: TimeLimit = None,
    within: Within = None,
    node_limit: NodeLimit = None, constraint: Constraints = None, json_out: Json = False,
    progress: ProgressFlag = None,
) -> None:
    """The expected value of each legal card, from one seat's view: the hands it cannot see
    (and the cards put away, or Nap's stock, unless the seat put them away) are dealt again
    in each sample, keeping the current trick's cards legal plays (the voids they show, a
    Joker call's Joker in a hand still to play; earlier tricks' voids go in with -c, e.g.
    -c 3:H=0). Without --call the position's partner is taken as known.

    The best cards are marked *; cards of the same expected value all get the mark, and the
    first of them in the table is the one --json gives as "best" ("best_tied" lists them all).

    Example:

        napoleon advise play -p position.json --seat 2 --samples 200 -j 2
    """
    from solver.advisor import advise_play
    from .solving import load_position
    pos = load_position(position, False)
    seat = read_seat(seat, pos.variant, "--seat")
    check_counts(samples, jobs)
    call_c = read_one_card(call_card, "--call") if call_card is not None else None
    put_away = read_cards(discards, "--discards") if discards is not None else 0
    if discards is not None and not put_away:
        raise UsageError("--discards: no card given (the cards the declarer put away)")
    seed = pick_seed(seed)
    with progress_bar(samples, "solving", shown=progress) as step, options_named_as_typed():
        advice = advise_play(pos, seat, call=call_c, discards=put_away,
                             earlier=(read_cards(earlier, "--earlier") if earlier is not None
                                      else None),
                             constraints=constraints_from(constraint), target=target,
                             samples=samples, seed=seed, jobs=jobs,
                             budget=budget(time_limit, node_limit), within=within,
                             progress=step)
    if advice.dropped == advice.samples:
        stop_without_advice(advice.to_json(), json_out)
    if json_out:
        typer.echo(dumps(advice.to_json()))
        return
    goal = "highest" if advice.maximise else "lowest"
    # (a seat that does not hold the called card, the partner unknown to it, is still
    # surely a defender: it sees its own hand)
    role = "declarer" if seat == pos.declarer else (
        "partner" if seat == pos.partner and advice.partner_known else "defender")
    partner = ("partner: unknown until the called card shows (its holder in each sample)"
               if not advice.partner_known else "no partner" if pos.partner is None
               else f"partner: {seat_text(pos.variant, pos.partner)}")
    if advice.partner_known and seat != pos.partner and not pos.variant.fixed_partnership \
            and not pos.variant.trump_from_first_lead:
        partner += " (taken as known: give --call CARD while the called card has not shown)"
    # bridge: 'seat 1 (E, defender)', as solve names its seats
    who = seat_text(pos.variant, seat)
    who = f"{who[:-1]}, {role})" if who.endswith(")") else f"{who} ({role})"
    lines = [f"{pos.variant.title}: {who} to play, {samples_text(advice)}, "
             f"seed {seed}"
             + (f", {advice.dropped} dropped (search limit)" if advice.dropped else ""),
             f"{plural(advice.unseen, 'unseen card')} dealt again in each sample; {partner}",
             f"value = the declarer's side's take from the cards still in play; best = {goal}",
             f"  {'card':<5} expected value [95% CI]" + ("   P(reach target)" if target is not None else "")]
    best = advice.best_cards()
    for c, e in advice.cards.items():
        extra = f"   {est(advice.reach[c], percent=True)}" if target is not None else ""
        lines.append(f"  {card_text(c):<5} {est(e):<26}{extra}{'  *' if c in best else ''}")
    if len(best) > 1:
        lines.append(f"* {len(best)} cards tie on expected value: {' '.join(map(card_text, best))} "
                     f"(the first is the one --json gives as \"best\")")
    typer.echo("\n".join(lines))
