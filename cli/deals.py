"""``napoleon deal``: reproducible random deals in the one-line notation."""

from __future__ import annotations

import random
import secrets
from typing import Annotated, Optional

import typer

from napoleon_rules import Deal, deal_str, random_deal
from napoleon_rules.cards import card_name, cards_of, sort_cards

from .common import UsageError, check_seed, dumps, user_errors, variant_from

MAX_COUNT = 100_000


def cards_list(mask: int) -> list[str]:
    return [card_name(c) for c in sort_cards(cards_of(mask))]


def deal_json(deal: Deal) -> dict:
    return {"deal": deal_str(deal), "hands": [cards_list(h) for h in deal.hands],
            "rest": cards_list(deal.rest)}


@user_errors
def deal(
    variant: Annotated[str, typer.Option("--variant", "-v", help="Preset name (see 'napoleon variants').",
                                         show_default=False)],
    seed: Annotated[Optional[int], typer.Option(
        help="Random seed: the same seed, variant and options give the same deals. "
             "Without it a seed is chosen and printed on stderr.", show_default=False)] = None,
    count: Annotated[int, typer.Option("--count", "-n", help="How many deals (deal k of a run is "
                                       "the same whatever --count is).")] = 1,
    option: Annotated[Optional[list[str]], typer.Option(
        "--option", "-o", metavar="NAME=VALUE",
        help="A variant option (repeatable), e.g. -o players=4.")] = None,
    json_out: Annotated[bool, typer.Option(
        "--json", help='Print one JSON object: {"variant", "options", "seed", "deals": '
                       '[{"deal", "hands", "rest"}]}.')] = False,
) -> None:
    """Deal random hands, printed one deal per line in the one-line notation.

    The notation is `VARIANT:HAND0 HAND1 ... | REST`. Each hand is spades.hearts.diamonds.clubs, ranks high to low (T = ten), '+JO' adds
    the Joker; REST holds the cards not dealt to a hand (blind, kitty, ...).

    Example:

        napoleon deal --variant japanese --seed 7 --count 3
    """
    v = variant_from(variant, option)
    if not 1 <= count <= MAX_COUNT:
        raise UsageError(f"--count must be 1..{MAX_COUNT}, not {count}")
    check_seed(seed)
    if seed is None:
        seed = secrets.randbelow(2 ** 32)
        typer.echo(f"seed: {seed}", err=True)
    rng = random.Random(seed)
    deals = [random_deal(v, rng) for _ in range(count)]
    if json_out:
        typer.echo(dumps({"variant": v.name, "options": v.changed_options(),
                          "seed": seed, "deals": [deal_json(d) for d in deals]}))
        return
    for d in deals:
        typer.echo(deal_str(d))


@user_errors
def show(
    notation: Annotated[str, typer.Argument(
        metavar="DEAL", help="A deal in the one-line notation (quote it: it holds spaces), a "
        "file holding it, or '-' for standard input.", show_default=False)],
    option: Annotated[Optional[list[str]], typer.Option(
        "--option", "-o", metavar="NAME=VALUE",
        help="A variant option (repeatable), e.g. -o players=4 for a 4-hand deal.")] = None,
    json_out: Annotated[bool, typer.Option(
        "--json", help='Print {"variant", "options", "deal", "hands", "rest"} with cards as '
                       'text (options: those changed from the preset\'s).')] = False,
    variant: Annotated[Optional[str], typer.Option(
        "--variant", "-v", help="The deal's variant, so that the notation may leave out its "
        "'V:' prefix (checked against it when both are given).", show_default=False)] = None,
) -> None:
    """Check a deal in the one-line notation and show it hand by hand. The deal may be read
    from a file (its first line that is not a '#' comment) or standard input ('-'), as in
    'napoleon solve' and 'napoleon analyse'.

    Every card of the variant's pack must appear exactly once and each hand must hold the
    variant's number of cards; the error names the first card or hand that is wrong.

    Example (each bridge hand one whole suit):

        napoleon show "bridge:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 |"
    """
    from napoleon_rules import get_variant, parse_deal

    from .common import hand_text, parse_options, seat_text
    from .info import rest_name

    from .analyse import read_deal_text, with_variant
    notation = with_variant(read_deal_text(notation), variant)
    name = notation.partition(":")[0].strip().lower()
    d = parse_deal(notation, get_variant(name, parse_options(option) or None))
    if json_out:
        v = d.variant
        typer.echo(dumps({"variant": v.name, "options": v.changed_options(), **deal_json(d)}))
        return
    typer.echo(deal_str(d))
    for i, h in enumerate(d.hands):
        typer.echo(f"  {seat_text(d.variant, i)}: {hand_text(h)}")
    if d.variant.blind_size:
        typer.echo(f"  {rest_name(d.variant)}: {hand_text(d.rest)}")
