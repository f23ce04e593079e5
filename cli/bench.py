"""``napoleon bench``: time the fast solver on fixed seeded full deals (and DDS on bridge).

The deals are drawn one after another from ``random.Random(seed)``, so the first ten deals of
``--deals 200`` are the deals of ``--deals 10``. Bridge deals are solved with declarer seat 0
(seat 1 leads) and the trump cycling S, H, D, C, NT over the deals. Points variants follow a
fixed, plausible declaration (see :func:`declared_position`) and the declarer leads trick 1.
"""

from __future__ import annotations

import enum
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Annotated, Any, Iterator, Optional

import typer

from napoleon_rules import Choices, Deal, Position, Variant, random_deal
from napoleon_rules.cards import JOKER, NT, POINT_CARDS, Suit, cards_of, count

from .bench_analyse import analyse_report_text, run_analyse
from .common import (EXIT_INTERNAL, EXIT_LIMIT, UsageError, check_node_limit, check_seed,
                     check_tt_mb, default_jobs, dumps, fail, options_named_as_typed, plural,
                     user_errors, variant_from)
from .progress import ProgressFlag, progress_bar
from .solving import DEFAULT_TT_MB

BRIDGE_TRUMPS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, NT)


# ---- the deals --------------------------------------------------------------------------------
def seeded_deals(variant: Variant, count_: int, seed: int) -> Iterator[Deal]:
    """``count_`` deals of ``variant`` drawn in turn from one ``Random(seed)``."""
    rng = random.Random(seed)
    for _ in range(count_):
        yield random_deal(variant, rng)


def bridge_position(deal: Deal, trump, declarer: int = 0) -> Position:
    """The opening lead of a bridge deal: the declarer's left-hand opponent is on lead."""
    v = deal.variant
    return Position(v, trump, declarer, (declarer + 2) % 4, deal.hands,
                    leader=v.first_leader(declarer))


def _suit_cards(mask: int, suit: int) -> list[int]:
    return [c for c in cards_of(mask) if c != JOKER and c // 13 == suit]


def declared_position(deal: Deal, declarer: int = 0) -> Position:
    """A fixed declaration for seat ``declarer`` of a points (or Nap/Secretary) deal.

    Trump: the suit in which the declarer's hand and the blind hold most cards (ties: the
    lower suit index). Bid: the variant's lowest bid in that suit (or its lowest plain bid
    when bids carry no suit). Call (partner card, coup card): the highest card of the trump
    suit not in the declarer's hand or the blind. Discard: the lowest cards, plain-suit
    non-point cards first, never the Joker.
    """
    v = deal.variant
    if v.name == "bridge":
        return bridge_position(deal, BRIDGE_TRUMPS[0], declarer)
    pool = deal.hands[declarer] | deal.rest
    trump = max(range(4), key=lambda s: (len(_suit_cards(pool, s)), -s))
    bids = [b for b in v.all_bids() if b.name is None]
    bid = next((b for b in bids if b.trump == trump), None) or \
        next(b for b in bids if b.trump is None)
    call = next((c for c in sorted(_suit_cards(v.deck, trump), reverse=True)
                 if not pool >> c & 1), None)
    if call is None:  # the declarer holds the whole trump suit: call the best other ace
        call = next(c for s in range(4) for c in [s * 13 + 12] if not pool >> c & 1)
    # Nap's ``rest`` is the undealt stock and its declaration ignores the discard.
    lowest_first = sorted(cards_of(pool), key=lambda c: (
        c == JOKER, c != JOKER and c // 13 == trump, bool(POINT_CARDS >> c & 1), c % 13))
    discard = tuple(lowest_first[:count(deal.rest)]) if v.name != "nap" else ()
    choices = Choices(call=call, discard=discard,
                      trump=Suit(trump) if v.name == "secretary" else None, friend="card")
    _contract, pos = v.declare(deal, declarer, bid, choices)
    return pos


def bench_positions(variant: Variant, deals: int, seed: int,
                    cards: Optional[int] = None) -> list[Position]:
    """The opening positions of the seeded deals; with ``cards``, each played on by seeded
    random legal play until every hand holds ``cards`` cards (at a trick start)."""
    if variant.name == "bridge":
        out = [bridge_position(d, BRIDGE_TRUMPS[i % len(BRIDGE_TRUMPS)])
               for i, d in enumerate(seeded_deals(variant, deals, seed))]
    else:
        out = [declared_position(d) for d in seeded_deals(variant, deals, seed)]
    if cards is None:
        return out
    played_on = []
    for i, pos in enumerate(out):
        rng = random.Random(f"bench-play-{seed}-{i}")
        while pos.tricks_left > cards or pos.played:
            pos = pos.play(rng.choice(pos.legal_moves()))
        played_on.append(pos)
    return played_on


# ---- DDS (bridge only; lives in the project checkout's benches/) -------------------------------
def load_dds():
    """The ``benches.dds`` module (DDS through cffi), or a UsageError saying what is missing."""
    try:
        from benches import dds  # type: ignore[import-not-found]
    except ImportError:
        path = Path(__file__).resolve().parent.parent / "benches" / "dds.py"
        if not path.is_file():
            raise UsageError("--vs-dds needs the project checkout (benches/dds.py): run it from "
                             "a source install ('pip install -e \".[test]\"')") from None
        spec = importlib.util.spec_from_file_location("benches.dds", path)
        dds = importlib.util.module_from_spec(spec)
        sys.modules["benches.dds"] = dds
        spec.loader.exec_module(dds)  # type: ignore[union-attr]
    reason = dds.unavailable_reason()
    if reason is not None:
        raise UsageError(f"--vs-dds: DDS is not available: {reason}")
    return dds


class Mode(str, enum.Enum):
    """What each timed solve computes (``solver.Mode``)."""

    cards = "cards"
    value = "value"


def progress_over(shown: Optional[bool]):
    """``over(items, label)``: ``items`` with a progress bar on stderr (``shown`` None: when
    stderr is a terminal)."""
    def over(items, label):
        with progress_bar(0, label, shown=shown) as bar:
            yield from bar.over(items)
    return over


def fast_solve():
    try:
        from solver import solve
    except ImportError:
        return None
    return solve


# ---- timing -------------------------------------------------------------------------------------
def summary(times: list[float]) -> dict[str, float]:
    if not times:
        return {"median_s": None, "mean_s": None, "max_s": None}
    return {"median_s": statistics.median(times), "mean_s": statistics.fmean(times),
            "max_s": max(times)}


def _timed(solve, pos, mode, node_limit, time_limit, tt_mb) -> tuple:
    """One timed solve: (seconds, stats, value or None when a limit stopped it)."""
    start = time.perf_counter()
    try:
        result = solve(pos, mode=mode, node_limit=node_limit, time_limit=time_limit, tt_mb=tt_mb)
    except Exception as e:  # noqa: BLE001 - a search limit counts, anything else is a bug
        if type(e).__name__ != "SearchLimitError":
            raise
        return time.perf_counter() - start, e.stats, None
    return time.perf_counter() - start, result.stats, result.value


def _tally(runs: list[tuple]) -> dict[str, Any]:
    """The bench's summary of timed solves (``_timed``'s, in deal order): the times of the
    completed solves; nodes per second over every solve, the limited ones too; and each
    deal's value, nodes and seconds, for finding the hard deals."""
    times = [t for t, _, v in runs if v is not None]
    total = sum(t for t, _, _ in runs)
    nodes = sum(st.get("nodes", 0) for _, st, _ in runs)
    out = summary(times)
    out.update(solved=len(times), stopped=len(runs) - len(times), nodes=nodes,
               nodes_per_s=nodes / total if total > 0 else None,
               values=[v for _, _, v in runs],
               deal_nodes=[st.get("nodes", 0) for _, st, _ in runs],
               deal_seconds=[t for t, _, _ in runs])
    return out


def run_solver(positions: list[Position], node_limit, time_limit, progress,
               mode: str = "cards", tt_mb: int = DEFAULT_TT_MB) -> dict[str, Any]:
    solve = fast_solve()
    return _tally([_timed(solve, pos, mode, node_limit, time_limit, tt_mb)
                   for pos in progress(positions, "fast solver")])


def run_vs_plain(positions: list[Position], node_limit, time_limit, progress,
                 mode: str, tt_mb: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """``run_solver``'s summary twice (``--vs-plain``): as solved (by a specialised build of
    the search where the rules fit one) and on the plain build. Each deal is solved by both
    in turn, the first of the two alternating from deal to deal, after one untimed solve,
    so that a slower minute or the first solve's set-up falls on both alike."""
    from solver import _search
    solve = fast_solve()
    _timed(solve, positions[0], mode, node_limit, time_limit, tt_mb)     # (a limit may stop it)
    runs: dict[bool, list] = {True: [], False: []}
    try:
        for i, pos in enumerate(progress(positions, "fast solver, both builds")):
            for specialised in ((True, False) if i % 2 == 0 else (False, True)):
                _search.use_specialised(specialised)
                runs[specialised].append(_timed(solve, pos, mode, node_limit, time_limit,
                                                tt_mb))
    finally:
        _search.use_specialised(True)
    return _tally(runs[True]), _tally(runs[False])


def run_dds(dds, positions: list[Position], progress) -> dict[str, Any]:
    dds.set_threads(1)
    out: dict[str, Any] = {"version": dds.dds_version()}
    # Value only (DDS's one-card search) and every card's value (what solve() computes).
    for key, fn in (("value_only", dds.dds_value), ("all_cards", lambda p: dds.dds_solve(p)[0])):
        times, values = [], []
        for pos in progress(positions, f"DDS {key.replace('_', ' ')}"):
            start = time.perf_counter()
            values.append(fn(pos))
            times.append(time.perf_counter() - start)
        out[key] = summary(times) | {"values": values}
    return out


def _ms(seconds: Optional[float]) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.2f} ms"


def _ratio(a: Optional[float], b: Optional[float]) -> Optional[float]:
    return a / b if a is not None and b else None


def report_text(result: dict) -> str:
    what = "every card's value" if result["mode"] == "cards" else "the value only"
    lines = [f"bench: {result['variant']}, {plural(result['deals'], 'deal')} (seed "
             f"{result['seed']}), {plural(result['cards'], 'card')} per hand, {what}, 1 thread"
             + (f", {result['tt_mb']} MB table" if "tt_mb" in result else "")]
    s = result.get("solver")
    if s is None:
        lines.append("fast solver: not built (only DDS timed)")
    else:
        nps = s["nodes_per_s"]
        lines.append(f"fast solver: median {_ms(s['median_s'])}, mean {_ms(s['mean_s'])}, "
                     f"max {_ms(s['max_s'])}; {plural(s['nodes'], 'node')}"
                     + (f", {nps / 1e6:.2f} M nodes/s" if nps else ""))
        if s["stopped"]:
            lines.append(f"  {s['stopped']} of {plural(result['deals'], 'deal')} reached the node/time "
                         "limit (left out of the times)")
        # The slowest of the deals the times count (a stopped deal is left out of them, so
        # naming it "slowest" would contradict the max above).
        solved = [k for k, v in enumerate(s.get("values") or ()) if v is not None]
        if len(s.get("deal_seconds") or ()) > 1 and solved:
            k = max(solved, key=s["deal_seconds"].__getitem__)
            lines.append(f"  slowest: deal {k} ({_ms(s['deal_seconds'][k])}, "
                         f"{plural(s['deal_nodes'][k], 'node')}; --json lists every deal's)")
    p = result.get("plain")
    if p is not None:
        lines.append(f"plain build: median {_ms(p['median_s'])}, mean {_ms(p['mean_s'])}, "
                     f"max {_ms(p['max_s'])}; {plural(p['nodes'], 'node')}")
        r = result.get("ratio_plain")
        if r:
            lines.append(f"time ratio fast/plain build: median {r['median']:.2f}x, "
                         f"mean {r['mean']:.2f}x (where no build is specialised for the "
                         "rules, both runs use the plain one: the ratio is noise)")
    d = result.get("dds")
    if d is not None:
        for key in ("all_cards", "value_only"):
            t = d[key]
            lines.append(f"DDS {d['version']} ({key.replace('_', ' ')}): median {_ms(t['median_s'])}, "
                         f"mean {_ms(t['mean_s'])}, max {_ms(t['max_s'])}")
        r = result.get("ratio")
        if r:
            lines.append(f"time ratio fast/DDS ({'all cards' if result['mode'] == 'cards' else 'value only'}): median {r['median']:.2f}x, "
                         f"mean {r['mean']:.2f}x")
        if result.get("disagreements"):
            lines.append(f"WARNING: the fast solver and DDS disagree on deals "
                         f"{result['disagreements']}")
    return "\n".join(lines)


@user_errors
def bench(
    variant: Annotated[str, typer.Option(
        "--variant", "-v", help="The variant whose deals are solved.")] = "bridge",
    deals: Annotated[int, typer.Option(
        "--deals", "-n", help="How many fixed seeded deals.", min=1)] = 20,
    seed: Annotated[int, typer.Option(help="Seed of the deals.")] = 1,
    vs_dds: Annotated[bool, typer.Option(
        "--vs-dds", help="Bridge only: solve the same deals with DDS (the endplay package) "
                         "and print the time ratio.")] = False,
    vs_plain: Annotated[bool, typer.Option(
        "--vs-plain", help="Solve the same deals with the search's plain build too and print "
                           "the time ratio: Japanese Napoleon's, The Mighty's and "
                           "Japoleon's default rules have a build of their own, their "
                           "rules' fields constants (solver/README.md, 'Specialised "
                           "builds'); the two must agree node for node.")] = False,
    node_limit: Annotated[Optional[int], typer.Option(
        help="Stop a solve after this many nodes (the deal is counted as limited; exit code 3).",
        show_default=False)] = None,
    time_limit: Annotated[Optional[float], typer.Option(
        help="Stop a solve after this many seconds (the deal is counted as limited; exit code 3).",
        show_default=False)] = None,
    cards: Annotated[Optional[int], typer.Option(
        help="Solve smaller positions: play each deal on (seeded random legal play) until "
             "every hand holds this many cards. Default: the full deal.",
        min=1, show_default=False)] = None,
    mode: Annotated[Optional[Mode], typer.Option(
        help="cards: the value and every legal card's value (what 'napoleon solve' prints; "
             "DDS's all-cards search); value: the value and a line only (DDS's one-card "
             "search), about half the work. Default: cards.", show_default=False)] = None,
    tt_mb: Annotated[Optional[int], typer.Option(
        help="Transposition table of each solve, in MB, as for 'napoleon solve' (default "
             "64). A solve touches only the part it uses: of the full deals only the "
             "hardest (The Mighty's) fill 64. With --analyse: per job, as for 'napoleon "
             "analyse'.", show_default=False)] = None,
    analyse: Annotated[bool, typer.Option(
        "--analyse", help="Time 'napoleon analyse' instead: the whole table of deal k = "
                          "'napoleon deal -v VARIANT --seed SEED+k', with fresh tables each; "
                          "prints the median, mean and max time a table, the tests and "
                          "nodes. --time-limit and --node-limit then mean what they mean "
                          "for 'napoleon analyse'.")] = False,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", help="With --analyse: worker threads, as for 'napoleon analyse' "
                             "(default: every core). The solver bench is single-threaded.",
        show_default=False)] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    progress: ProgressFlag = None,
) -> None:
    """Time the fast solver on N fixed seeded deals (or positions played on), single-threaded.

    Prints the median, mean and max solve time and nodes per second; with --vs-dds (bridge)
    also DDS's times on the same deals and the ratio, with --vs-plain the plain build's. Bridge deals cycle the trump S H D C
    NT with seat 1 on lead; other variants use a fixed declaration by seat 0 (trump: its
    longest suit; call: the highest trump it lacks; discard: its lowest cards), seat 0 leads.
    With --analyse it times whole-table analyses ('napoleon analyse') of seeded deals
    instead, on --jobs threads.

    Examples:

        napoleon bench --deals 50 --vs-dds
        napoleon bench --variant japanese --deals 5 --time-limit 60
        napoleon bench --variant japanese --cards 7 --deals 20
        napoleon bench --variant japanese --deals 5 --mode value
        napoleon bench --variant japanese --deals 20 --mode value --vs-plain
        napoleon bench --cards 9 --deals 20 --vs-dds
        napoleon bench --variant japanese --analyse --seed 0 --deals 6 --jobs 2
    """
    v = variant_from(variant, None)
    check_seed(seed)
    check_node_limit(node_limit)
    if tt_mb is not None:
        check_tt_mb(tt_mb)
    if deals > 100_000:
        raise UsageError(f"--deals must be 1..100000, not {deals}")
    over = progress_over(progress)
    if analyse:
        _bench_analyse(v, deals, seed, jobs, time_limit, node_limit, tt_mb, vs_dds, cards, mode,
                       json_out, vs_plain, over)
        return
    if jobs is not None:
        raise UsageError("--jobs applies to --analyse only: the solver bench times one thread")
    mode = Mode.cards if mode is None else mode
    tt_mb = DEFAULT_TT_MB if tt_mb is None else tt_mb
    if vs_dds and v.name != "bridge":
        raise UsageError(f"--vs-dds compares with DDS, a bridge solver: use --variant bridge, "
                         f"not {v.name}")
    solve = fast_solve()
    if solve is None and not vs_dds:
        raise UsageError("the fast solver is not built (run 'pip install -e .' in the project)")
    dds = load_dds() if vs_dds else None
    if cards is not None and cards > v.tricks:
        raise UsageError(f"--cards: a {v.name} hand holds at most {v.tricks} cards, not {cards}")
    positions = bench_positions(v, deals, seed, cards)

    result: dict[str, Any] = {"variant": v.name, "deals": deals, "seed": seed,
                              "cards": cards if cards is not None else v.tricks,
                              "mode": mode.value, "tt_mb": tt_mb}
    if solve is not None:
        with options_named_as_typed():      # a table too large: "(--tt-mb)"
            if vs_plain:
                result["solver"], result["plain"] = run_vs_plain(
                    positions, node_limit, time_limit, over, mode.value, tt_mb)
            else:
                result["solver"] = run_solver(positions, node_limit, time_limit, over,
                                              mode.value, tt_mb)
        if vs_plain:
            s, p = result["solver"], result["plain"]
            result["ratio_plain"] = None if s["stopped"] or p["stopped"] else \
                {"median": _ratio(s["median_s"], p["median_s"]),
                 "mean": _ratio(s["mean_s"], p["mean_s"])}
            if (s["values"], s["deal_nodes"]) != (p["values"], p["deal_nodes"]) and \
                    not (s["stopped"] or p["stopped"]):
                fail("the specialised and the plain build of the search disagree: a bug, "
                     "please report it", EXIT_INTERNAL)
    if dds is not None:
        result["dds"] = run_dds(dds, positions, over)
    if solve is not None and dds is not None:
        s = result["solver"]
        d = result["dds"]["all_cards" if mode is Mode.cards else "value_only"]
        result["ratio"] = {"median": _ratio(s["median_s"], d["median_s"]),
                           "mean": _ratio(s["mean_s"], d["mean_s"])}
        if s["stopped"]:
            result["ratio"] = None  # the solver's times leave out its hardest deals
        result["disagreements"] = [i for i, (a, b) in enumerate(zip(s["values"], d["values"]))
                                   if a is not None and a != b]
    if json_out:
        typer.echo(dumps(result))
    else:
        typer.echo(report_text(result))
    if result.get("disagreements"):
        fail(f"the fast solver and DDS disagree on deals {result['disagreements']}: a bug, "
             "please report it", EXIT_INTERNAL)
    limited = result.get("solver", {}).get("stopped", 0)
    if limited:
        fail(f"a limit stopped {limited} of {plural(deals, 'solve')}: the times above leave "
             f"{'it' if limited == 1 else 'them'} out (raise --node-limit/--time-limit)",
             EXIT_LIMIT)


def _bench_analyse(v, deals, seed, jobs, time_limit, node_limit, tt_mb, vs_dds, cards, mode,
                   json_out, vs_plain: bool, over) -> None:
    """``bench --analyse`` (``cli/bench_analyse.py``): the checks, the run, the report."""
    for given, flag in ((vs_dds, "--vs-dds"), (vs_plain, "--vs-plain"),
                        (cards is not None, "--cards"), (mode is not None, "--mode")):
        if given:
            raise UsageError(f"{flag} does not apply to --analyse (whole tables of full deals)")
    if fast_solve() is None:
        raise UsageError("the fast solver is not built (run 'pip install -e .' in the project)")
    if jobs is None:
        jobs = default_jobs()
    # (the analysis checks --jobs and --time-limit: options_named_as_typed names them so)
    with options_named_as_typed():      # a table too large: "(--tt-mb)"
        stats = run_analyse(v, deals, seed, jobs, time_limit, node_limit, tt_mb, over)
    result = {"variant": v.name, "deals": deals, "seed": seed, "mode": "analyse", "jobs": jobs,
              "tt_mb": tt_mb, "analyse": stats}
    typer.echo(dumps(result) if json_out else analyse_report_text(result))
    if stats["stopped"]:
        fail(f"a limit stopped {stats['stopped']} of {plural(deals, 'table')}: the times above leave "
             "them out (raise --node-limit/--time-limit)", EXIT_LIMIT)
