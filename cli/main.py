"""The ``napoleon`` command: the Typer app and the console-script entry point."""

from __future__ import annotations

import re
import sys
from typing import Annotated, Optional

import typer

from napoleon_rules import __version__

from . import analyse, bench, common, deals, info, solving
from .advise import advise_app

app = typer.Typer(
    name="napoleon",
    help="Rules engine and double-dummy solver for the Napoleon family of card games.\n\n"
         "Start with 'napoleon variants', then 'napoleon rules VARIANT', "
         "'napoleon deal --variant VARIANT' and 'napoleon solve --example'. "
         "'napoleon analyse DEAL' tells what a whole deal was worth to each declarer; "
         "'napoleon advise bid HAND' advises from one player's view.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
    cls=common.FlagsGroup,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"napoleon-solver {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[Optional[bool], typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = None,
    debug: Annotated[bool, typer.Option(
        "--debug", help="Show Python tracebacks of unexpected errors.")] = False,
) -> None:
    """Rules engine and double-dummy solver for the Napoleon family of card games."""
    common.DEBUG["on"] = debug


app.command("variants", cls=common.OnceCommand)(info.variants)
app.command("rules", cls=common.OnceCommand)(info.rules)
app.command("deal", cls=common.OnceCommand)(deals.deal)
app.command("show", cls=common.OnceCommand)(deals.show)
app.command("solve", cls=common.OnceCommand)(solving.solve)
app.command("bench", cls=common.OnceCommand)(bench.bench)
app.command("analyse", cls=common.OnceCommand)(analyse.analyse)
app.add_typer(advise_app, name="advise")


def parser_message(text: str) -> str:
    """The option parser's message on one line, in plain words: Typer's validation speaks
    of "Value error, ..." and "Input should be ...", which read as the program's internals."""
    text = " ".join(text.split())
    text = re.sub(r": Value error, ", ": ", text)
    return re.sub(r": Input should be ", ": it should be ", text)


def main() -> None:
    """Console-script entry point: the app, with the command line's own mistakes (an unknown
    option, a missing argument, a value of the wrong type) reported like every other bad
    input, on one ``error:`` line with exit code 2."""
    common.console_fallback()
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        typer.echo("aborted", err=True)
        sys.exit(1)
    except typer.TyperException as e:           # the command line parser's own errors
        if type(e).__name__ == "NoArgsIsHelpError":
            e.show()              # 'napoleon' or 'napoleon advise' alone: the help
            sys.exit(e.exit_code)
        where = getattr(getattr(e, "ctx", None), "command_path", None) or "napoleon"
        typer.echo(f"error: {parser_message(e.format_message())} (see '{where} --help')",
                   err=True)
        sys.exit(e.exit_code)
    if code == 130:                 # Ctrl-C: the app's own exit code for it, said in words
        typer.echo("interrupted", err=True)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
