"""``napoleon variants`` and ``napoleon rules VARIANT``: what the engine knows."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from napoleon_rules import Option, Variant, get_variant, variant_names
from napoleon_rules.cards import trump_name

from .common import dumps, plural, user_errors, variant_from

#: What each preset calls the cards not dealt to a hand.
REST_NAMES = {"japanese": "blind", "japanese-stakes": "blind", "mighty": "kitty",
              "japoleon": "open cards", "secretary": "warchest", "nap": "undealt stock",
              "bridge": "none"}


def rest_name(variant: Variant) -> str:
    return REST_NAMES.get(variant.name, "blind")


def rest_size_text(variant: Variant) -> str:
    """How many cards no hand gets, in the rules' words: ``2 in the blind``, ``3 open cards``
    (a name that is itself a kind of card is not a place cards are "in")."""
    name, size = rest_name(variant), variant.blind_size
    if name.endswith(" cards"):
        return plural(size, name[:-1])
    return f"{size} in the {name}"


def the_rest_text(variant: Variant) -> str:
    """The cards no hand gets with their number: ``the 2-card blind``, ``the 3 open cards``."""
    name, size = rest_name(variant), variant.blind_size
    if name.endswith(" cards"):
        return f"the {plural(size, name[:-1])}"
    return f"the {size}-card {name}"


def option_range(o: Option) -> str:
    """The values an option takes, in words."""
    if o.choices is not None:
        return " | ".join(map(str, o.choices))
    if isinstance(o.default, bool):
        return "true | false"
    if isinstance(o.default, int):
        return f"{o.minimum}..{o.maximum}" if o.minimum is not None else "whole number"
    return "text"


def show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@user_errors
def variants(
    json_out: Annotated[bool, typer.Option("--json", help="Print a JSON list instead.")] = False,
) -> None:
    """List the presets: name, title and a one-line summary.

    Use a name with 'napoleon rules NAME' to see its options.
    """
    rows = [get_variant(n) for n in variant_names()]
    if json_out:
        typer.echo(dumps([{"name": v.name, "title": v.title, "summary": v.summary} for v in rows]))
        return
    width = max(len(v.name) for v in rows)
    for v in rows:
        typer.echo(f"{v.name:<{width}}  {v.title}: {v.summary}")


def rules_data(v: Variant) -> dict:
    # The one-line summary is fixed text about the preset as it comes: once an option is
    # changed it may no longer hold ("5 players" beside "players": 3), so "summary" is then
    # null and "default_summary" (always there) says whose it is.
    return {
        "name": v.name, "title": v.title,
        "summary": None if v.changed_options() else v.summary, "default_summary": v.summary,
        "unit": v.unit,
        "players": v.players, "hand_size": v.hand_size, "tricks": v.tricks,
        "rest": {"name": rest_name(v), "size": v.blind_size},
        "joker": v.has_joker,
        "trumps": [trump_name(t) for t in v.trumps],
        "partner": None if v.fixed_partnership or v.trump_from_first_lead else v.partner_name,
        "options": [{"name": o.name, "value": v.options[o.name], "default": o.default,
                     "values": option_range(o), "doc": o.doc, "decision": o.decision}
                    for o in v.OPTIONS],
    }


@user_errors
def rules(
    variant: Annotated[str, typer.Argument(help="A preset name (see 'napoleon variants').",
                                           show_default=False)],
    option: Annotated[Optional[list[str]], typer.Option(
        "--option", "-o", metavar="NAME=VALUE",
        help="Set an option first (repeatable), e.g. -o players=4 to see the 4-player deal.")] = None,
    json_out: Annotated[bool, typer.Option(
        "--json", help='Print the same as JSON; "summary" is null once an option is changed '
                       '(the preset\'s line is "default_summary").')] = False,
) -> None:
    """Show a preset's deal, trumps, unit and every option with its default.

    Options marked [decision] settle a point the rule texts leave open (RULES.md);
    each can be switched with --option NAME=VALUE wherever a variant is given.

    Example:

        napoleon rules mighty -o joker_any_time=false
    """
    v = variant_from(variant, option)
    data = rules_data(v)
    if json_out:
        typer.echo(dumps(data))
        return
    typer.echo(f"{v.name}: {v.title}")
    if v.changed_options():
        # The summary describes the preset as it comes; the lines below are this game's.
        typer.echo(f"  by default: {v.summary}; with the options changed below:")
    else:
        typer.echo(f"  {v.summary}")
    deck = 53 if v.has_joker else bin(v.deck).count("1")
    rest = f", {rest_size_text(v)}" if v.blind_size else ""
    typer.echo(f"deal:    {v.players} players x {v.hand_size} cards{rest}; "
               f"{deck}-card pack{' with the Joker' if v.has_joker else ''}")
    typer.echo(f"tricks:  {v.tricks}; the declarer's side counts {v.unit}")
    typer.echo(f"trumps:  {' '.join(data['trumps'])}"
               + ("  (the suit of the first lead)" if v.trump_from_first_lead else ""))
    if data["partner"]:
        typer.echo(f"partner: the {v.partner_name}")
    if not v.OPTIONS:
        typer.echo("options: none")
        return
    typer.echo("options (name = value  [values]):")
    for o in v.OPTIONS:
        mark = "  [decision]" if o.decision else ""
        changed = "" if v.options[o.name] == o.default else f" (default {show(o.default)})"
        typer.echo(f"  {o.name} = {show(v.options[o.name])}{changed}  [{option_range(o)}]{mark}")
        typer.echo(f"      {o.doc}")
