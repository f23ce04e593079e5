"""``napoleon solve``: the double-dummy value of a position and of each legal card."""

from __future__ import annotations

import enum
import json
from typing import Annotated, Any, Optional

import typer

from napoleon_rules import Deal, Position, get_variant, parse_deal, reference
from napoleon_rules.cards import card_name, cards_of, parse_card, sort_cards
from napoleon_rules.position import loads_json

from .analyse import first_deal_line, read_deal_text, with_variant
from .common import (EXIT_LIMIT, UsageError, amount, card_text, check_node_limit, check_tt_mb,
                     dumps, fail, hand_text, options_named_as_typed,
                     parse_options, plural, read_text, seat_text, trump_text, user_errors)
from .progress import elapsed_ticker
from .solve_deal import DealStart, line_by_trick, position_from_deal, trick_so_far

#: The fast engine's transposition table, in MB, when --tt-mb is not given.
DEFAULT_TT_MB = 64

#: The reference minimax tries every line: past these sizes it could run for minutes.
REFERENCE_MAX_TRICKS = 4
REFERENCE_MAX_CARDS = 21

#: An endgame of Japanese Napoleon: hearts are trump, so J♦ is the left Jack and A♠ the
#: Mighty; Q♥ (seat 1) is the Yoromeki that beats the Mighty. Seven tricks are done, seat 1
#: has led K♣ and the General (seat 2), void in clubs, chooses between J♦, K♠ and 3♥.
EXAMPLE_POSITION: dict[str, Any] = {
    "variant": "japanese",
    "trump": "H",
    "declarer": 0,
    "partner": 2,
    "hands": [["AS", "5H", "TD"], ["QH", "AC"], ["JD", "KS", "3H"], ["9H", "QS", "KD"],
              ["AD", "TS", "4C"]],
    "leader": 1,
    "trick": 7,
    "played": ["KC"],
}


class Engine(str, enum.Enum):
    auto = "auto"
    fast = "fast"
    reference = "reference"


def read_engine(text: str) -> Engine:
    """--engine's value, in any case: read here so that a wrong one is a plain sentence, not
    the option parser's wording."""
    try:
        return Engine(text.strip().lower())
    except ValueError:
        raise typer.BadParameter(f"the engines are auto, fast and reference, not {text!r}") \
            from None


def fast_solver():
    """``solver.solve`` if the Cython extension is built, else None."""
    try:
        from solver import solve
    except ImportError:
        return None
    return solve


def check_reference_size(pos: Position) -> None:
    cards = sum(bin(h).count("1") for h in pos.hands) + len(pos.played)
    if pos.tricks_left > REFERENCE_MAX_TRICKS or cards > REFERENCE_MAX_CARDS:
        raise UsageError(f"the reference engine only solves endgames of at most "
                         f"{REFERENCE_MAX_TRICKS} tricks and {REFERENCE_MAX_CARDS} cards "
                         f"(this one has {plural(pos.tricks_left, 'trick')}, "
                         f"{plural(cards, 'card')}): use --engine fast")


def solve_reference(pos: Position) -> dict:
    check_reference_size(pos)
    value, plays = reference.solve(pos)
    return {"value": value, "unit": pos.variant.unit,
            "plays": {card_name(c): v for c, v in sorted(plays.items())}}


def proved_text(result: dict, unit: str | None) -> str:
    """What a solve stopped by a limit proved: ``between 4 and 9 points``, or, when it found
    the value but not every card's, ``6 points, but not every card's value``."""
    lo, hi = result["lower"], result["upper"]
    if lo == hi:
        return (amount(lo, unit) if unit else str(lo)) + ", but not every card's value"
    return f"between {lo} and {hi}" + (f" {unit}" if unit else "")


def solve_fast(pos: Position, node_limit: int | None, time_limit: float | None,
               tt_mb: int | None) -> dict:
    """The fast engine's JSON, or when a limit stops it the bounds it proved, with a null
    value (as ``analyse`` reports a stopped cell), so that the output still shows what was
    learnt."""
    solve = fast_solver()
    if solve is None:
        raise UsageError("the fast engine is not built (run 'pip install -e .' in the project); "
                         "use --engine reference for small endgames")
    from solver import SearchLimitError
    try:
        with options_named_as_typed(), elapsed_ticker("solving"):
            # (options_named_as_typed: time_limit, tt_mb named as --time-limit, --tt-mb)
            return solve(pos, node_limit=node_limit, time_limit=time_limit,
                         tt_mb=DEFAULT_TT_MB if tt_mb is None else tt_mb).to_json()
    except SearchLimitError as e:
        return {"value": None, "unit": pos.variant.unit, "lower": e.lower, "upper": e.upper,
                "plays": {}, "line": [], "stats": dict(e.stats), "limit_reached": str(e)}


def play_moves(pos: Position, moves: str) -> tuple[Position, dict]:
    """``pos`` after ``moves`` (card texts), and what each side won in the tricks they
    completed: ``{"tricks", "declarer_side", "defenders"}`` (points or tricks, as the
    variant counts)."""
    from napoleon_rules.errors import NapoleonError
    won = {"tricks": 0, "declarer_side": 0, "defenders": 0}
    tokens = moves.replace(",", " ").split()
    if not tokens:
        raise UsageError("--play: no card given")
    for i, text in enumerate(tokens, start=1):
        if pos.is_over:
            raise UsageError(f"--play: the hand is over before card {i} ({text})")
        seat = pos.to_move
        try:
            nxt, done = pos.play_trick(text)
        except NapoleonError as e:
            raise UsageError(f"--play: card {i} ({text}) for seat {seat}: {e}") from None
        if done is not None:
            won["tricks"] += 1
            won["declarer_side" if pos.on_declarer_side(done[0]) else "defenders"] += done[1]
        pos = nxt
    if pos.is_over:
        raise UsageError(f"--play: these {plural(len(tokens), 'card')} end the hand, so nothing "
                         f"is left to solve (the declarer's side took "
                         f"{amount(won['declarer_side'], pos.variant.unit)} in them)")
    return pos, won


def won_text(won: dict, unit: str) -> str:
    """What each side won in the tricks --play completed, which the value (from the cards
    still in play) leaves out."""
    return (f"won in the {plural(won['tricks'], 'trick')} played: declarer's side "
            f"{amount(won['declarer_side'], unit)}, defenders {won['defenders']}")


def contract_result(start: DealStart, value: int) -> dict:
    """The declaration's bid against ``value``, what the declarer's side takes from the first
    lead: ``made``; ``total``, what the scoring counts (discarded points credited where the
    variant credits them, ``from_discards`` of it); ``needs``, the total the bid asks for
    (Misère: 0 tricks); ``by``, how far the total is from it (over when made, short when
    failed); ``siberian``: the total fails only by being everything without a bid of it (the
    Siberian rule; ``by`` is then how far over the bid it is)."""
    from solver.par import made
    v = start.position.variant
    bid = start.contract.bid
    total = v.credited(start.contract, value)
    if start.position.misere:
        need = 0
    else:
        need = v.tricks_bid(bid) if v.trump_from_first_lead else \
            bid.level + 6 if v.fixed_partnership else bid.level
    ok = made(v, bid, total)
    return {"made": ok, "total": total, "needs": need, "by": abs(total - need),
            "siberian": not ok and not start.position.misere and total >= need,
            "from_discards": total - value}


def contract_outcome(start: DealStart, value: int) -> str:
    """``contract_result`` in words."""
    v = start.position.variant
    bid = start.contract.bid
    result = contract_result(start, value)
    total, need = result["total"], result["needs"]
    if start.position.misere:
        return (f"the bid {bid}: {'made' if result['made'] else 'failed'} "
                f"({plural(total, 'trick')} taken)")
    credit = f", {result['from_discards']} from the discards" if result["from_discards"] else ""
    if result["made"]:
        return f"the bid {bid}: made with {amount(total, v.unit)}{credit} (needs {need})"
    if result["siberian"]:
        # The value is the most the side can take; the rule fails only that line. Whether
        # the side could stop between the bid and everything is another question (the
        # bid advice asks it with a point card put away), not solved here.
        return (f"the bid {bid}: the best play takes all {amount(total, v.unit)}, which fails "
                f"a bid of {need} (Siberian rule: taking everything must be bid); whether the "
                f"side could stop between {need} and {total - 1} instead is not solved here")
    return (f"the bid {bid}: failed by {need - total} ({amount(total, v.unit)}{credit}, "
            f"needs {need})")


def declaration_json(start: DealStart) -> dict:
    """The declaration a deal was solved with, beside the position (whose format has no
    place for the called card or the discards): the seats, the bid, the trump (null: the
    first lead sets it; "misere" for a Misère), the card that named the partner and the
    cards put away."""
    c, pos = start.contract, start.position
    # A Misère is the row 'misere' wherever a trump is named (--trump, analyse, advise bid);
    # only the position keeps POSITION.md's "NT" with its state's contract "misere".
    trump = "misere" if c.bid.name == "misere" else pos.to_json()["trump"]
    return {"declarer": c.declarer, "bid": str(c.bid), "trump": trump,
            "partner": pos.partner, "alone": pos.partner is None,
            "call": None if c.called is None else card_name(c.called),
            "discard": [card_name(x) for x in sort_cards(cards_of(c.discards))]}


def choose_engine(engine: Engine) -> Engine:
    """``auto``: the fast engine when its extension is compiled, else the reference one."""
    if engine is not Engine.auto:
        return engine
    return Engine.fast if fast_solver() is not None else Engine.reference


def load_position(path: Optional[str], example: bool) -> Position:
    if example and path is not None:
        raise UsageError("give either --position or --example, not both")
    if example:
        return Position.from_json(EXAMPLE_POSITION)
    if path is None:
        raise UsageError("nothing to solve: give a DEAL (or --deal-file FILE), --position "
                         "FILE.json ('-' reads stdin) or --example")
    text = read_text(path)
    name = "standard input" if path == "-" else path
    if not text.strip():
        raise UsageError(f"{name} is empty: expected a JSON position")
    return Position.from_json(loads_json(text, name))


def seat_role(pos: Position, seat: int) -> str:
    if seat == pos.declarer:
        return "declarer"
    if seat == pos.partner:
        v = pos.variant
        return "partner" if v.fixed_partnership else v.partner_name
    return ""


def describe(pos: Position, result: dict, engine: Engine, declaration: str | None = None,
             won: dict | None = None) -> str:
    v = pos.variant
    # A Misère is played without trump: named so, as its declaration names it
    trump = "none (Misère)" if pos.misere else trump_text(pos.trump)
    lines = [f"{v.title} ({v.name}); trump {trump}; "
             + (f"all {v.tricks} tricks played" if pos.is_over else
                f"trick {pos.trick + 1} of {v.tricks}")]
    if declaration:
        lines.append(f"declaration: {declaration}")
    if pos.partner is None:
        lines.append(f"declarer: {seat_text(v, pos.declarer)}, playing alone")
    else:
        lines.append(f"declarer: {seat_text(v, pos.declarer)}; "
                     f"{seat_role(pos, pos.partner)}: {seat_text(v, pos.partner)}")
    role_width = max(len(seat_role(pos, s)) for s in range(pos.players))
    for s, h in enumerate(pos.hands):
        marker = ">" if s == pos.to_move and not pos.is_over else " "
        lines.append(f" {marker} {seat_text(v, s)}  {seat_role(pos, s):<{role_width}}  "
                     f"{hand_text(h)}")
    if pos.played:
        lines.append(f"current trick: {', '.join(trick_so_far(pos))}")
    state = pos.to_json()["state"]
    if state:
        lines.append("state: " + ", ".join(f"{k}={json.dumps(val)}" for k, val in state.items()))
    if pos.is_over:
        lines.append("the hand is over")
        return "\n".join(lines)
    whose = f"seat {pos.to_move}" + (f" ({seat_role(pos, pos.to_move)})" if seat_role(pos, pos.to_move) else "")
    lines.append(f"to move: {whose}")
    unit = result["unit"]
    if won is not None and won["tricks"]:
        lines.append(won_text(won, unit))
    if result["value"] is None:     # a limit stopped the search: what it proved
        lines.append(f"value: {proved_text(result, unit)} (a search limit stopped the solve)")
        lines.append(f"engine: {engine.value}, {plural(result['stats'].get('nodes', 0), 'node')}")
        return "\n".join(lines)
    if pos.misere:
        lines.append(f"value: {amount(result['value'], unit)} the bidder is forced to take "
                     "(Misère)")
    else:
        lines.append(f"value: {amount(result['value'], unit)} for the declarer's side from "
                     "the cards still in play")
    best = result["value"]
    plays = "  ".join(f"{card_text(parse_card(c))} {val}{'*' if val == best else ''}"
                      for c, val in result["plays"].items())
    lines.append(f"each card (value after playing it, * = best): {plays}")
    if "line" in result and result["line"]:
        lines.append("best line, trick by trick (credit to the declarer's side):")
        lines.extend(line_by_trick(pos, result["line"]))
    lines.append(f"engine: {engine.value}"
                 + (f", {plural(result['stats'].get('nodes', 0), 'node')}" if "stats" in result
                    else ""))
    return "\n".join(lines)


def load_deal(deal: Optional[str], deal_file: Optional[str], option_pairs,
              variant: Optional[str] = None) -> Deal:
    """The deal of the DEAL argument (notation, a file holding it, or '-') or of --deal-file,
    read with the -o options (with ``variant``, the notation may leave out its prefix)."""
    if deal is not None and deal_file is not None:
        raise UsageError("give the deal as DEAL or with --deal-file, not both")
    if deal_file is not None:
        text = first_deal_line(read_text(deal_file), deal_file)   # read once: it may be stdin
    else:
        text = read_deal_text(deal)
    text = with_variant(text, variant)
    name = text.partition(":")[0].strip().lower()
    return parse_deal(text, get_variant(name, parse_options(option_pairs) or None))


DEAL_OPTIONS = ("--declarer, --trump, --call, --partner, --alone, --discard, --bid, -o and "
                "--variant")


@user_errors
def solve(
    deal: Annotated[Optional[str], typer.Argument(
        metavar="DEAL", help="A deal in the one-line notation (quoted), a file holding it, or "
                               "'-' for standard input: solved from the first lead after the "
                               "declaration the options below describe.",
        show_default=False)] = None,
    deal_file: Annotated[Optional[str], typer.Option(
        "--deal-file", metavar="FILE", help="Read the deal from FILE (its first line that is "
        "not a '#' comment) instead of DEAL.", show_default=False)] = None,
    declarer: Annotated[Optional[str], typer.Option(
        metavar="SEAT", help="With a deal: the declarer's seat (0 = the first hand; bridge "
        "also N E S W).", show_default=False)] = None,
    trump: Annotated[Optional[str], typer.Option(
        help="With a deal: the trump, S H D C or NT where the variant allows it (not in Nap: "
             "the first card led sets it).", show_default=False)] = None,
    call: Annotated[Optional[str], typer.Option(
        metavar="CARD", help="With a deal: the card that names the partner (General, friend, "
        "Aid, coup card), e.g. AS; its holder is the partner. A card of the declarer's own "
        "hand or of the blind means alone where the variant says so.", show_default=False)] = None,
    partner: Annotated[Optional[str], typer.Option(
        metavar="SEAT", help="With a deal: make SEAT the partner by calling its highest card "
        "(every card of one seat gives the same play; not in Secretary, where the coup card "
        "itself matters); 'alone' is --alone, as in 'napoleon analyse'.",
        show_default=False)] = None,
    alone: Annotated[bool, typer.Option(
        "--alone", help="With a deal: the declarer plays alone (Mighty: no friend; Secretary: "
        "the coup card is a card put back in the warchest).")] = False,
    discard: Annotated[Optional[str], typer.Option(
        metavar="CARDS", help="With a deal: the cards the declarer puts away after taking the "
        "blind (kitty, open cards, warchest), as many as it holds, e.g. '2C 3D'; "
        "'napoleon analyse' finds the best.", show_default=False)] = None,
    bid: Annotated[Optional[str], typer.Option(
        help="With a deal: the bid's level (default: the lowest for the trump). It changes no "
             "card's play, so not the value; Nap also takes nap or misere (Misère is played "
             "differently).", show_default=False)] = None,
    option: Annotated[Optional[list[str]], typer.Option(
        "--option", "-o", metavar="NAME=VALUE",
        help="With a deal: a variant option (repeatable), e.g. -o players=7.")] = None,
    variant: Annotated[Optional[str], typer.Option(
        "--variant", "-v", help="With a deal: its variant, so that the notation may leave out "
        "its 'V:' prefix (checked against it when both are given).", show_default=False)] = None,
    position: Annotated[Optional[str], typer.Option(
        "--position", "-p", metavar="FILE.json",
        help="The position (JSON, see the README); '-' reads standard input.",
        show_default=False)] = None,
    example: Annotated[bool, typer.Option(
        "--example", help="Solve the built-in example (a Japanese Napoleon endgame).")] = False,
    engine: Annotated[Engine, typer.Option(
        metavar="[auto|fast|reference]", parser=read_engine,
        help="'fast': the Cython solver; 'reference': the plain minimax (small endgames only); "
             "'auto': fast when it is built, else reference.")] = Engine.auto,
    json_out: Annotated[bool, typer.Option(
        "--json", help='Print {"value", "unit", "plays": {card: value}} (the fast engine adds '
                       '"line" and "stats"; a deal, --example or --play adds the "position" '
                       'solved; a deal the "declaration" {"declarer", "bid", "trump", '
                       '"partner", "alone", "call", "discard"} and the "result" {"made", '
                       '"total", "needs", "by", "siberian", "from_discards"}; --play what each side "won" '
                       'in its tricks). When a limit '
                       'stops the search: "value" null, the "lower" and "upper" bounds proved, '
                       'exit code 3.')] = False,
    node_limit: Annotated[Optional[int], typer.Option(
        help="Fast engine: stop after this many nodes (exit code 3).", show_default=False)] = None,
    time_limit: Annotated[Optional[float], typer.Option(
        help="Fast engine: stop after this many seconds (exit code 3).", show_default=False)] = None,
    tt_mb: Annotated[Optional[int], typer.Option(
        help="Fast engine: transposition table size in MB [default: 64].",
        show_default=False)] = None,
    play: Annotated[Optional[str], typer.Option(
        metavar="MOVES", help="Play these cards first, in order from the seat to move (e.g. "
        "'AS 3S 7S'; a led Joker names its suit as 'JO:H'), then solve: with --json the "
        "\"position\" reached, for 'napoleon advise play'.", show_default=False)] = None,
) -> None:
    """Solve a position double dummy (every hand open): its value, each legal card's value and
    a best line of play, trick by trick.

    The value is what the declarer's side takes from the cards still in play, the current
    trick included: points (A K Q J T) or tricks, depending on the variant. In a Nap
    Misère it is the tricks the bidder is forced to take.

    The position is a JSON file (--position), the built-in example (--example), or a whole
    deal in the one-line notation solved from its first lead: the declarer takes the blind
    and puts --discard away, the partner is named by --call, --partner or --alone, and the
    declarer (bridge: the declarer's left-hand opponent) leads. Bridge takes --declarer
    (0..3 or N E S W), --trump and --bid; Nap --declarer and --bid. A whole 10-card deal
    (5-player Japanese) usually takes about a second, every card's value included; the odd
    deal takes ten seconds or more: --time-limit caps it.

    Examples:

        napoleon solve --example

        napoleon solve -p position.json --json

        cat position.json | napoleon solve -p - --engine reference

        napoleon solve "$(napoleon deal -v nap -o players=3 --seed 5)" -o players=3 --declarer 1

        napoleon solve "$(napoleon deal -v japanese -o players=7 --seed 5)" -o players=7 --declarer 0 --trump C --partner 2 --discard "JS KS 5H" --time-limit 60

        napoleon solve --deal-file deal.txt --declarer 2 --trump NT --bid 3 --time-limit 60 --json
    """
    start = None
    if partner is not None and partner.strip().lower() == "alone":
        if alone:
            raise UsageError("give --partner alone or --alone, not both")
        partner, alone = None, True     # any other value: a seat, read with the deal's variant
    if deal is not None or deal_file is not None:
        if position is not None or example:
            raise UsageError("give a deal (DEAL or --deal-file), --position or --example, only one")
        start = position_from_deal(load_deal(deal, deal_file, option, variant), declarer=declarer,
                                   trump=trump, call=call, partner=partner, alone=alone,
                                   discard=discard, bid=bid)
        pos = start.position
    else:
        if any(x is not None for x in (declarer, trump, call, partner, discard, bid, option,
                                       variant)) or alone:
            raise UsageError(f"{DEAL_OPTIONS} go with a deal (DEAL or --deal-file)")
        pos = load_position(position, example)
    won = None                      # what each side won in the --play tricks
    if play is not None:
        pos, won = play_moves(pos, play)
    check_node_limit(node_limit)
    check_tt_mb(tt_mb)
    if engine is Engine.reference and (node_limit is not None or time_limit is not None
                                       or tt_mb is not None):
        raise UsageError("--node-limit, --time-limit and --tt-mb are the fast engine's; the "
                         "reference engine searches without limits or table")
    chosen = choose_engine(engine)
    if chosen is Engine.reference:
        result = solve_reference(pos)
    else:
        result = solve_fast(pos, node_limit, time_limit, tt_mb)
    taken = 0 if won is None else won["declarer_side"]
    if json_out:
        if start is not None or play is not None or example:
            result = dict(result, position=pos.to_json())
        if start is not None:
            result["declaration"] = declaration_json(start)
            result["result"] = None if result["value"] is None else \
                contract_result(start, result["value"] + taken)
        if won is not None:
            result["won"] = won
        typer.echo(dumps(result))
    else:
        text = describe(pos, result, chosen, start.summary if start else None, won)
        if start is not None and result["value"] is not None:
            text += "\n" + contract_outcome(start, result["value"] + taken)
        typer.echo(text)
    if result["value"] is None:
        fail(f"a search limit stopped the solve: the value is {proved_text(result, unit=None)} "
             f"(raise --node-limit/--time-limit)", EXIT_LIMIT)
