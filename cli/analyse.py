"""``napoleon analyse``: who should be Napoleon, with which trump, partner and discard."""

from __future__ import annotations

import os
import re
import sys
from contextlib import nullcontext
from typing import Annotated, Optional

import typer

from napoleon_rules import Deal, get_variant, parse_deal
from napoleon_rules.deal import parse_hand
from napoleon_rules.errors import DealError

from .common import (EXIT_LIMIT, UsageError, amount, card_text, check_node_limit, default_jobs,
                     dumps, fail, hand_text, message_of, options_named_as_typed,
                     nodes_text, parse_options, plural, read_seat, read_text, seat_text,
                     user_errors)
from .progress import ProgressFlag, elapsed_ticker, progress_bar


def read_deal_text(deal: str) -> str:
    """The deal argument: notation, a file holding it (first line that is not a comment), or
    ``-`` for standard input."""
    if deal == "-" or (":" not in deal and os.path.isfile(deal)) or looks_like_a_file_name(deal):
        return first_deal_line(read_text(deal), deal)     # a missing file: 'no such file'
    return not_json(deal.strip(), "the DEAL argument")


def not_json(text: str, source: str) -> str:
    """``text``, unless it is JSON (a position, or the output of a --json), which the
    notation would read as a variant named '{"variant"'."""
    if text.startswith(("{", "[")):
        raise DealError(f"{source} holds JSON, not a deal in the one-line notation "
                        "('<variant>:<hand 0> <hand 1> ... | <rest>'): a position goes to "
                        "'napoleon solve --position FILE', and 'napoleon deal --json' has the "
                        "notation in its \"deal\" field")
    return text


def looks_like_a_file_name(text: str) -> bool:
    """One word with no 'V:' prefix is no deal (its hands are separated by spaces), so it is
    taken as a file name, mistyped when the file is missing; unless it reads as a hand
    (``AKQ.JT9.2.AK3``), which gets the deal's error."""
    word = text.strip()
    return bool(word) and word.isprintable() and ":" not in word and \
        not any(ch.isspace() for ch in word) and \
        not re.fullmatch(r"[2-9TJQKA.]*(\+JO)?", word, re.IGNORECASE)


def first_deal_line(text: str, source: str) -> str:
    """The deal in ``text`` read from the file ``source`` (``-``: standard input): its first
    line that is not blank or a ``#`` comment."""
    lines = [ln.strip() for ln in text.splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    name = 'standard input' if source == '-' else source
    if not lines:
        raise DealError(f"{name} holds no deal")
    return not_json(lines[0], name)


def with_variant(text: str, variant: Optional[str]) -> str:
    """The deal ``text`` with its ``V:`` prefix: taken from ``--variant`` when the text leaves
    it out, checked against it when both are given."""
    if ":" not in text:
        if variant is None:
            raise DealError("a deal is written '<variant>:<hand 0> <hand 1> ... | <rest>' "
                            "(or give --variant and the hands alone)")
        text = f"{variant}:{text}"
    prefix = text.partition(":")[0].strip().lower()
    if variant is not None and get_variant(variant).name != get_variant(prefix).name:
        raise DealError(f"the deal is for {prefix!r} but --variant is {variant!r}")
    return text


def load(deal: str, variant: Optional[str], option: Optional[list[str]], short_hands: bool):
    """``(variant, hands, rest, full Deal or None)`` from the command line."""
    text = with_variant(read_deal_text(deal), variant)
    prefix = text.partition(":")[0].strip().lower()
    v = get_variant(prefix, parse_options(option) or None)
    hands_text, _, rest_text = text.partition(":")[2].partition("|")
    if not short_hands:
        try:
            d = parse_deal(text, v)
        except DealError as e:
            hands = hands_text.split()
            sizes = {bin(parse_hand(h)).count("1") for h in hands}
            # (short hands help only a deal with a hand per player: other counts are fixed
            # by -o players, which the error says)
            if len(sizes) == 1 and 0 < min(sizes) < v.tricks and len(hands) == v.players:
                raise DealError(f"{message_of(e)} (for hands of {plural(min(sizes), 'card')} "
                                "add --short-hands)") from None
            raise
        return v, d.hands, d.rest, d
    hands = [parse_hand(h) for h in hands_text.split()]
    rest = parse_hand(rest_text) if rest_text.strip() else 0
    return v, hands, rest, None


def partner_letter(v) -> str:
    return "P" if v.fixed_partnership else v.partner_name[0].upper()


def cell_text(v, cell) -> str:
    """``15 G2 15♠ +2``: value, partner (``-`` alone), highest makeable bid and its score for
    the declarer; bounds if inexact."""
    from solver.par import bid_text
    if not cell.exact:
        return f"{cell.lower}..{cell.upper}?"
    best = cell.best
    bid = bid_text(cell.bid) if cell.bid else ""
    if cell.bid and cell.score is not None and not v.fixed_partnership:   # bridge: no scoring here
        bid += f" {cell.score:+g}"
    if v.name == "nap":
        return f"{best.value:>2} {bid}".rstrip()
    who = "-" if best.partner is None else f"{partner_letter(v)}{best.partner}"
    return f"{best.value:>2} {who:<2} {bid}".rstrip()


def table_text(analysis) -> list[str]:
    from solver.par import strain_symbol
    v = analysis.variant
    columns = list(dict.fromkeys(c.trump for c in analysis.cells))
    seats = list(dict.fromkeys(c.declarer for c in analysis.cells))
    texts = {(c.declarer, c.trump): cell_text(v, c) for c in analysis.cells}
    width = max([len(t) for t in texts.values()] + [6]) + 2
    lines = ["declarer  " + "".join(f"{strain_symbol(s):<{width}}" for s in columns).rstrip()]
    for seat in seats:
        lines.append(f"seat {seat:<4} " + "".join(f"{texts[(seat, s)]:<{width}}"
                                                 for s in columns).rstrip())
    return lines


def cards(cs) -> str:
    """A discard (already in display order: ``PartnerChoice``), for people."""
    return " ".join(card_text(c) for c in cs) or "none"


def note_text(analysis) -> str:
    """Why the analysis has no par, in the command line's words (its options)."""
    return analysis.command_line_note or analysis.note


def par_text(analysis) -> str:
    from solver.par import bid_text
    v, p = analysis.variant, analysis.par
    if p is None:
        return note_text(analysis)
    auction = "seat:call " + " ".join(f"{s}:{'pass' if b is None else bid_text(b)}"
                                      for s, b in p.calls)
    if p.declarer is None:
        return f"par: everybody passes ({auction}); seat {p.redeal_by} deals again"
    who = "alone" if p.partner is None else f"seat {p.partner} as {v.partner_name}"
    text = f"par: seat {p.declarer} wins the auction with {bid_text(p.bid)} ({auction})"
    if v.name != "nap":
        text += f", plays with {who}" + (f", discards {cards(p.discard)}" if p.discard else "")
    scores = " ".join(f"{s:+g}" for s in p.scores)
    return text + f"; takes {amount(p.value, v.unit)}; scores by seat: {scores}"


def legend(v) -> str:
    what = {"points": "points", "tricks": "tricks"}[v.unit]
    if v.name == "nap":
        return (f"each cell: {what} the bidder takes (misère: tricks it cannot avoid), the "
                "highest makeable bid and the bidder's score for it")
    if v.fixed_partnership:
        return f"each cell: {what} for the declarer's side, the partner (P), the highest contract made"
    return (f"each cell: {what} for the declarer's side with the best {v.partner_name} and "
            f"discard, the {v.partner_name} ({partner_letter(v)}k = seat k, - = alone), "
            "the highest makeable bid and the declarer's score for it")


def single_cell_text(analysis) -> list[str]:
    from solver.analyse import describe_choice
    from solver.par import bid_text, strain_symbol
    v = analysis.variant
    cell = analysis.cells[0]
    lines = [f"declarer seat {cell.declarer}, trump {strain_symbol(cell.trump)}"]
    for ch in cell.choices:
        if ch.exact:
            value = amount(ch.value, v.unit)
        elif cell.exact:    # bounded on purpose: its exact value decides nothing
            value = f"≤{amount(ch.upper, v.unit)}"
        else:
            value = f"{ch.lower}..{ch.upper}? {v.unit}"
        extra = f", discard {cards(ch.discard)}" if ch.discard else ""
        if ch.call is not None and v.name == "secretary":
            extra += f", coup card {card_text(ch.call)}"
        lines.append(f"  {describe_choice(v, ch):<12} {value}{extra}")
    if cell.exact:
        best = cell.best
        lines.append(f"best: {describe_choice(v, best)}" +
                     (f", discard {cards(best.discard)}" if best.discard else "") +
                     f": {amount(best.value, v.unit)}; "
                     f"{'highest contract made' if v.fixed_partnership else 'highest makeable bid'} "
                     f"{bid_text(cell.bid)}" +
                     (f", score {cell.score:+g}" if cell.score is not None else ""))
        if cell.line:
            from solver.declarations import Setup, declare
            from .solve_deal import line_by_trick
            setup = Setup(v, tuple(analysis.hands), analysis.rest, analysis.start_trick)
            _, start = declare(setup, cell.declarer, cell.trump, best.partner, best.call,
                               best.discard)
            lines.append("best line, trick by trick (credit to the declarer's side):")
            lines.extend(line_by_trick(start, cell.line))
    return lines


@user_errors
def analyse(
    deal: Annotated[str, typer.Argument(
        metavar="DEAL", help="The deal in the one-line notation (quote it), a file holding it, "
                             "or '-' for standard input.", show_default=False)],
    variant: Annotated[Optional[str], typer.Option(
        "--variant", "-v", help="Preset; needed when DEAL has no 'variant:' prefix, and must "
                                "match it otherwise.", show_default=False)] = None,
    option: Annotated[Optional[list[str]], typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="A variant option (repeatable).")] = None,
    declarer: Annotated[Optional[str], typer.Option(
        metavar="SEAT", help="Only this declarer's row (a seat; bridge also N E S W).",
        show_default=False)] = None,
    trump: Annotated[Optional[str], typer.Option(
        help="Only this column: S H D C NT (nap: lead, misere).", show_default=False)] = None,
    partner: Annotated[Optional[str], typer.Option(
        metavar="SEAT", help="Only this partner choice: a seat, or 'alone'.",
        show_default=False)] = None,
    dealer: Annotated[Optional[str], typer.Option(
        metavar="SEAT",
        help="The dealer of the par auction [default: 0]: the seat on its left opens (in "
             "mighty the dealer opens). The whole table only: a single row, column or "
             "partner has no par.", show_default=False)] = None,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", help="Worker threads; one with no cell left to start helps those "
                             "still running (the table does not depend on it) [default: every "
                             "core].", show_default=False)] = default_jobs(),
    time_limit: Annotated[Optional[float], typer.Option(
        help="Seconds for the whole analysis; cells not finished show bounds (exit code 3).",
        show_default=False)] = None,
    node_limit: Annotated[Optional[int], typer.Option(
        help="Nodes per search; a search stopped by it leaves bounds (exit code 3).",
        show_default=False)] = None,
    tt_mb: Annotated[Optional[int], typer.Option(
        help="Transposition table per job, MB (default 64, 8 for hands under 8 cards).",
        show_default=False)] = None,
    short_hands: Annotated[bool, typer.Option(
        "--short-hands", help="Accept hands shorter than the variant deals (all the same size "
                              "k): play starts k tricks before the end. Quick and exact.")] = False,
    progress: ProgressFlag = None,
    exact_choices: Annotated[bool, typer.Option(
        "--exact-choices", help="Every partner choice's exact value (--json 'choices'). By "
                                "default a table bounds the choices whose value decides "
                                "nothing (value null, 'lower'..'upper'): below the lowest "
                                "bid, or unable to beat the cell's best choice; solving them "
                                "can cost more than the rest of the cell.")] = False,
    json_out: Annotated[bool, typer.Option(
        "--json", help='Print one JSON object: {"variant", "cells": [...], "par", "complete", '
                       '"stats", ...}.')] = False,
) -> None:
    """Analyse a whole deal double dummy: for every declarer and every trump, the best
    partner choice and discard, the exact points (or tricks), the highest makeable bid and
    its score; then the par outcome, the contract a perfect-information auction settles on:
    each seat in turn makes the cheapest bid it can make (Nap: its highest) or passes, so of
    the seats that can make the highest bid, the first to need it as the bidding climbs
    wins it, not necessarily the first of them to speak.

    Partner choices are seats: calling any card of seat k makes seat k the partner; 'alone'
    is calling your own or a blind card (Mighty: no friend). With --declarer, --trump and
    --partner, only that cell, with its best discard and a best line of play.

    A full 10-card Japanese table takes about 7-14 s on 2 cores (a single cell from under
    a second to half a minute), a hard deal a minute or more; a Mighty table about half a
    minute. It uses every core unless --jobs says otherwise; --time-limit bounds the time,
    and --short-hands analyses a smaller deal.

    Examples:

        napoleon analyse "japanese:5.82.4. .J.52.A Q8..Q8. K.6.9.J 3.K7.7. | 74..." --short-hands -o min_bid=2
        napoleon analyse "$(napoleon deal -v nap -o players=3 --seed 5)" -o players=3
        napoleon analyse deal.txt --jobs 2 --time-limit 600 --json
        napoleon analyse deal.txt --declarer 0 --trump S --partner alone
    """
    from solver.analyse import ALONE, analyse_cards
    from solver.analyse import analyse as analyse_deal
    from solver.declarations import has_partner_choice

    v, hands, rest, full = load(deal, variant, option, short_hands)
    check_node_limit(node_limit)
    if dealer is not None:
        if v.fixed_partnership:
            raise UsageError(f"--dealer: {v.name} has no auction here, so no par to deal for")
        if declarer is not None or trump is not None or partner is not None:
            opener = "the dealer" if v.first_bidder(0) == 0 else "the dealer's left"
            raise UsageError(f"--dealer sets who deals the par auction ({opener} opens it in "
                             f"{v.name}), which needs the whole table: drop --declarer, "
                             "--trump and --partner, or --dealer")
    dealer = 0 if dealer is None else read_seat(dealer, v, "--dealer")
    if declarer is not None:
        declarer = read_seat(declarer, v, "--declarer")
    show = progress if progress is not None else sys.stderr.isatty()
    # (Nap and bridge have no partner choice: the API says so, whatever --partner holds.)
    if partner is not None and partner.strip().lower() != ALONE and has_partner_choice(v):
        partner = read_seat(partner, v, "--partner", others=" or 'alone'")
    # One cell has no progress to show until it ends: on a terminal its elapsed time instead.
    one_cell = declarer is not None and trump is not None and show and sys.stderr.isatty()
    kwargs = dict(declarers=None if declarer is None else [declarer],
                  trumps=None if trump is None else [trump], partner=partner,
                  jobs=jobs, time_limit=time_limit, node_limit=node_limit, tt_mb=tt_mb,
                  dealer=dealer,
                  exact_choices=exact_choices)
    with options_named_as_typed(), \
            progress_bar(0, "cells", shown=show and not one_cell) as bar, \
            (elapsed_ticker("analysing the cell") if one_cell else nullcontext()):
        kwargs["progress"] = bar.at     # (done cells, all cells) after each cell
        # (options_named_as_typed: jobs, time_limit, tt_mb named as --jobs, --time-limit, ...)
        if isinstance(full, Deal):
            result = analyse_deal(full, **kwargs)
        else:
            result = analyse_cards(v, hands, rest, **kwargs)
    if json_out:
        typer.echo(dumps({**result.to_json(), "note": note_text(result)}))
    else:
        typer.echo(report(result))
    if not result.complete:
        stopped = sum(not c.exact for c in result.cells)
        fail(f"a search limit stopped {plural(stopped, 'cell')}: "
             f"{'they show' if stopped > 1 else 'it shows'} bounds only (raise "
             "--time-limit/--node-limit)", EXIT_LIMIT)


def report(result) -> str:
    v = result.variant
    lines = [f"{v.title} ({v.name}), {v.players} players"
             + (f", from trick {result.start_trick + 1} (short hands)" if result.start_trick else "")]
    for s, h in enumerate(result.hands):
        lines.append(f"  {seat_text(v, s)}: {hand_text(h)}")
    if result.rest:
        from .info import rest_name
        lines.append(f"  {rest_name(v)}: {hand_text(result.rest)}")
    lines.append("")
    if len(result.cells) == 1:
        lines += single_cell_text(result)
    else:
        lines.append(legend(v))
        lines += table_text(result)
    lines.append("")
    lines.append(par_text(result))
    st = result.stats
    lines.append(f"searched {plural(st['candidates'], 'declaration')}: "
                 f"{st['skipped_by_bound']} skipped by "
                 f"bound, {st['refuted']} refuted by one zero-window test, {st['solved']} solved"
                 + (f", {st['stopped']} stopped by a limit" if st['stopped'] else "")
                 + f"; {plural(st['tests'], 'test')}"
                 + (f", {nodes_text(st['nodes'])}" if st.get("nodes") else "")
                 + f" in {st['time_s']:.2f} s "
                 f"({plural(st['jobs'], 'job')})")
    return "\n".join(lines)
