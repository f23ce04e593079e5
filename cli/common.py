"""What every command shares: one-line errors with exit code 2, ``--option name=value``
parsing, reading a position file, and card text for people."""

from __future__ import annotations

import codecs
import functools
import json
import os
import re
import sys
import unicodedata
from contextlib import contextmanager
from typing import Any, Callable, Iterable

import typer
from typer.core import TyperCommand, TyperGroup

from napoleon_rules import NapoleonError, Variant, get_variant
from napoleon_rules.cards import SUIT_LETTERS, SUIT_SYMBOLS, Suit, card_rank, card_suit, cards_of
from napoleon_rules.errors import plural  # noqa: F401  (the commands import it from here)

#: Exit codes: 2 for anything the user can fix (bad input), 3 for a search limit reached,
#: 1 for a bug in the program.
EXIT_BAD_INPUT = 2
EXIT_LIMIT = 3
EXIT_INTERNAL = 1


class UsageError(NapoleonError):
    """Bad command-line input that the rules engine does not see (a malformed --option)."""


def fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    """Print ``error: message`` (one line) on stderr and stop with ``code``."""
    first_line = " ".join(str(message).split()) or "unknown error"
    typer.echo(f"error: {first_line}", err=True)
    raise typer.Exit(code)


def _untyped_flags(params: list) -> list:
    """Typer's help prints every option's type, ``<bool>`` for a flag too (``--json
    <bool>``), which reads as if the flag took a value: flags get an empty one."""
    for param in params:
        if getattr(param, "is_flag", False) and getattr(param, "metavar", None) is None:
            param.metavar = ""
    return params


class FlagsGroup(TyperGroup):
    """A command group whose help shows its flags (``--help``, ``--version``) without a type,
    and that refuses an argument that is not UTF-8 text before any command reads it."""

    def get_params(self, ctx):
        return _untyped_flags(super().get_params(ctx))

    def parse_args(self, ctx, args):
        for arg in args:
            check_utf8_argument(arg)
        return super().parse_args(ctx, args)


def check_utf8_argument(arg: str) -> None:
    """Python decodes the command line with the file system's encoding and keeps the bytes
    that are not text as lone surrogates (``'\\udcff'``), which a parser would name as a
    character: such an argument is refused as a whole, its bad bytes shown as ``\\xff``."""
    if not any("\udc80" <= ch <= "\udcff" for ch in arg):
        return
    try:
        shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeError:            # a surrogate no byte stands for: said as it is
        shown = arg.encode("utf-8", "backslashreplace").decode("ascii")
    fail(f"the argument '{shown}' is not UTF-8 text")


class OnceCommand(TyperCommand):
    """A command whose options may each be given once (``-o``, ``-c`` and the other
    repeatable ones aside): the parser would keep the last of ``--seed 1 --seed 2`` and
    silently drop the other, so a repeated option is an error naming it. A plain flag said
    twice (``--json --json``) says the same thing and is let through."""

    def make_parser(self, ctx):
        parser = super().make_parser(ctx)
        parse = parser.parse_args

        def parse_args(args):
            result = parse(args=args)
            try:
                opts, largs, order = result
            except (TypeError, ValueError):     # another click's parser: no check, no harm
                return result
            seen = set()
            for param in order:
                if getattr(param, "is_flag", None) is None or param.multiple or \
                        getattr(param, "count", False) or \
                        (param.is_flag and not param.secondary_opts):
                    continue        # an argument, a repeatable option or a plain flag
                if param.name in seen:
                    ctx.fail(f"{' / '.join(param.opts + param.secondary_opts)} is given twice")
                seen.add(param.name)
            return opts, largs, order

        parser.parse_args = parse_args
        return parser

    def get_params(self, ctx):
        return _untyped_flags(super().get_params(ctx))


#: Set by ``napoleon --debug`` (the app's callback runs before every command, so each
#: invocation sets it afresh).
DEBUG = {"on": False}


def debug_enabled() -> bool:
    return DEBUG["on"]


def user_errors(command: Callable) -> Callable:
    """Decorator: turn every ``NapoleonError`` (and a missing file) into a one-line error
    with exit code 2; any other exception is a bug: one line and exit 1, the traceback
    only with ``napoleon --debug``."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except BrokenPipeError:
            # The reader went away (`napoleon deal ... | head`): stop quietly, as Unix tools do.
            _silence_stdout()
            raise typer.Exit(1) from None
        except Exception as e:  # noqa: BLE001 - the one place that decides what users see
            limit = _search_limit_error()
            if limit is not None and isinstance(e, limit):
                fail(f"{e} (raise --node-limit/--time-limit)", EXIT_LIMIT)
            if isinstance(e, NapoleonError):
                fail(message_of(e))
            if isinstance(e, OSError):
                fail(f"{e.strerror or e}: {e.filename}" if e.filename else str(e))
            if debug_enabled():     # --debug: the traceback of an unexpected error, not of
                raise               # bad input, which is still one line with exit code 2
            fail(f"internal error ({type(e).__name__}: {e}); rerun with 'napoleon --debug ...' "
                 "and report it", EXIT_INTERNAL)

    return wrapper


def message_of(error: NapoleonError) -> str:
    """An error's message as the command line says it: its ``command_line`` wording when its
    advice is Python to write (``-o players=4`` for ``get_variant(..., {'players': 4})``)."""
    return error.command_line or str(error)


def seat_text(v: Variant, seat: int) -> str:
    """``seat 2``; in bridge ``seat 2 (S)``: seat i is the compass hand N E S W clockwise from
    North (DDS's hand i), so that a deal can be matched to a bridge diagram."""
    return f"seat {seat} ({'NESW'[seat]})" if v.fixed_partnership and v.players == 4 \
        else f"seat {seat}"


#: What the text output's symbols become on a console that cannot show them: suits as their
#: letters, the signs as the ASCII that says the same.
_ASCII_FOR = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C",
              "\u2264": "<=", "\u2265": ">=", "\u2026": "...", "\u2212": "-", "\u00d7": "x",
              "\u2013": "-", "\u2014": "-"}


def _ascii_of(ch: str) -> str:
    """``ch`` in ASCII: from the table, else its letter without the accent (``è`` as ``e``),
    else ``?``."""
    if ch in _ASCII_FOR:
        return _ASCII_FOR[ch]
    if unicodedata.category(ch).startswith("L"):    # (not a sign: NFKD makes '½' '12')
        bare = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
        if bare:
            return bare
    return "?"


def _symbols_as_ascii(err: UnicodeEncodeError) -> tuple[str, int]:
    """Codec error handler: each character the console cannot show as its ASCII stand-in."""
    bad = err.object[err.start:err.end]
    return "".join(_ascii_of(ch) for ch in bad), err.end


def console_fallback() -> None:
    """On a console that cannot show the suit symbols or the signs (a Windows code page, for
    one), print them as letters and ASCII instead of failing or printing '?': the output is
    made for reading, the JSON is ASCII-safe the same way."""
    codecs.register_error("napoleon-ascii", _symbols_as_ascii)
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            "".join(_ASCII_FOR).encode(encoding)
        except (UnicodeEncodeError, LookupError):
            try:
                stream.reconfigure(errors="napoleon-ascii")
            except (AttributeError, ValueError):
                pass


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (tests)
        pass


def _search_limit_error():
    mod = sys.modules.get("solver.api")
    return getattr(mod, "SearchLimitError", None)


def parse_options(pairs: Iterable[str] | None) -> dict[str, str]:
    """``["players=4", "yoromeki=false"]`` -> ``{"players": "4", "yoromeki": "false"}``;
    the variant checks names and converts values."""
    out: dict[str, str] = {}
    for item in pairs or ():
        name, eq, value = item.partition("=")
        name = name.strip()
        if not eq or not name:
            raise UsageError(f"--option takes name=value (e.g. players=4), not {item!r}")
        if name in out:
            raise UsageError(f"option {name!r} is given twice")
        out[name] = value.strip()
    return out


def check_seed(seed: int | None) -> None:
    """Python's generator seeds -s as s, so a negative seed would silently repeat another."""
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be 0 or more, not {seed}")


def check_node_limit(node_limit: int | None) -> None:
    """--node-limit against the search's own bound (imported here, when a limit is given, so
    that commands that solve nothing do not load the extension)."""
    if node_limit is None:
        return
    from solver.api import MAX_NODE_LIMIT, valid_node_limit
    if not valid_node_limit(node_limit):
        raise UsageError(f"--node-limit must be 1..{MAX_NODE_LIMIT}, not {node_limit}")


def check_tt_mb(tt_mb: int | None) -> None:
    """--tt-mb against the solver's own bound (imported only when a size is given)."""
    if tt_mb is None:
        return
    from solver.api import MAX_TT_MB, valid_tt_mb
    if not valid_tt_mb(tt_mb):
        raise UsageError(f"--tt-mb must be 1..{MAX_TT_MB}, not {tt_mb}")


def default_jobs() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it), the
    default of ``--jobs``: the results do not depend on the number of threads, so there is
    no reason to leave cores idle."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):          # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(256, cores))


#: Bridge's seats by compass letter, as its output shows them (``seat 2 (S)``).
COMPASS = "NESW"


def read_seat(value: int | str, v: Variant, what: str, others: str = "") -> int:
    """A seat option's value (``--declarer``, ``--partner``, ...): a seat number 0..n-1, in
    bridge also its compass letter N E S W (any case), the letters its output shows.
    ``others`` names the other words the option takes, for the error (``" or 'alone'"``)."""
    compass = v.fixed_partnership and v.players == 4    # as seat_text shows the seats
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
    else:
        text = str(value).strip()
    if compass and len(text) == 1 and text.upper() in COMPASS:
        return COMPASS.index(text.upper())
    if re.fullmatch(r"[0-9]{1,3}", text) and int(text) < v.players:
        return int(text)
    shown = text if re.fullmatch(r"-?[0-9]{1,30}", text) else repr(text)
    letters = " or N E S W" if compass else ""
    raise UsageError(f"{what} must be a seat 0..{v.players - 1}{letters}{others}, not {shown}")


def amount(n: int, unit: str) -> str:
    """``1 point``, ``3 tricks``: a count in a variant's unit (``points`` or ``tricks``)."""
    return plural(n, unit[:-1]) if unit.endswith("s") else f"{n} {unit}"


#: The solver API's parameters and the options that set them: its messages name the
#: parameter (``time_limit must be ...``), an error on the command line names the option.
#: The advisor's (solver/advisor.py) as the ``napoleon advise`` commands name them.
OPTION_OF_PARAMETER = {"time_limit": "--time-limit", "node_limit": "--node-limit",
                       "tt_mb": "--tt-mb", "jobs": "--jobs",
                       "seat": "--seat", "dealer": "--dealer", "auction": "--auction",
                       "trumps": "--trump", "samples": "--samples", "seed": "--seed",
                       "within": "--within", "target": "--target", "call": "--call",
                       "candidates": "--candidates", "bid_level": "--bid",
                       "discards": "--discard", "earlier": "--earlier"}

#: A message that starts with parameters: ``NAME must ...``, ``NAME: ...``, ``bad NAME:
#: ...``, ``NAME and NAME disagree ...``.
_LEADING_PARAMETERS = re.compile(r"(bad )?(\w+)(?: and (\w+))?(?=:| must | disagree)")


def in_option_terms(message: str) -> str:
    """An API message as the command line says it: ``time_limit must be ...`` as
    ``--time-limit must be ...``, ``call: ...`` as ``--call: ...``, a hint ``(tt_mb,
    --tt-mb)`` as ``(--tt-mb)`` and ``(earlier, --earlier CARDS)`` as ``(--earlier CARDS)``."""
    m = _LEADING_PARAMETERS.match(message)
    if m and all(name in OPTION_OF_PARAMETER for name in m.groups()[1:] if name is not None):
        names = " and ".join(OPTION_OF_PARAMETER[name] for name in m.groups()[1:] if name)
        message = (m.group(1) or "") + names + message[m.end():]
    return re.sub(r"\((\w+), (--[\w-]+(?: [A-Z]+)?)\)", r"(\2)", message)


@contextmanager
def options_named_as_typed():
    """Around a call of the solver API with option values: an error of it that names a
    parameter is a UsageError naming the option instead."""
    try:
        yield
    except NapoleonError as e:
        said = message_of(e)            # its command_line wording, when it has one
        text = in_option_terms(said)
        if text == said:
            raise
        raise UsageError(text) from None


def variant_from(name: str, option_pairs: Iterable[str] | None) -> Variant:
    return get_variant(name, parse_options(option_pairs) or None)


#: The most text a position or deal file may hold (both are a few hundred bytes): reading
#: stops there, so that /dev/zero or an endless pipe is an error, not a hang.
MAX_INPUT_CHARS = 1 << 22

#: The byte-order mark some Windows editors put at the start of a UTF-8 file: not text.
BOM = "\ufeff"


def read_text(path: str) -> str:
    """The content of ``path``; ``-`` reads standard input. Either must be UTF-8 text; a
    leading byte-order mark is dropped."""
    name = "standard input" if path == "-" else path
    if not path.strip():
        raise UsageError("the file name is empty")
    try:
        if path == "-":
            text = _read_stdin(MAX_INPUT_CHARS + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_INPUT_CHARS + 1)
        if len(text) > MAX_INPUT_CHARS:
            raise UsageError(f"{name} holds more than {MAX_INPUT_CHARS >> 20} MB of text: not a "
                             "position or a deal")
        return text[len(BOM):] if text.startswith(BOM) else text
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise UsageError(f"{path} is a directory, not a file") from None
    except UnicodeError:
        raise UsageError(f"{name} is not UTF-8 text") from None
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or e}") from None


def _read_stdin(limit: int) -> str:
    """Standard input (at most ``limit`` bytes) decoded as UTF-8 whatever the locale; a
    ``UnicodeError`` when it is not UTF-8. Python's own decoding keeps undecodable bytes as
    lone surrogates in the C locale, which the notation then named as characters
    (``unknown rank '\\udcff'``), so the bytes are read and decoded here."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:                 # a text stream put in its place (tests, embedding)
        text = sys.stdin.read(limit)
        text.encode("utf-8")        # a lone surrogate stands for an undecodable byte
        return text
    data = raw.read(limit)
    if len(data) == limit:          # too much: the caller's size check says so (latin-1
        return data.decode("latin-1")   # keeps the length, and cannot fail mid-character)
    return data.decode("utf-8")


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


# ---- card text for people --------------------------------------------------------------------
def card_text(card: int) -> str:
    """``"T♠"``, ``"Jo"`` for the Joker."""
    from napoleon_rules.cards import card_symbol
    return card_symbol(card)


def hand_text(mask: int) -> str:
    """A hand suit by suit with symbols, ranks high to low: ``♠ AK  ♥ -  ♦ T9  ♣ 2``."""
    from napoleon_rules.cards import JOKER, RANK_CHARS
    parts = []
    for s in Suit:
        ranks = sorted((card_rank(c) for c in cards_of(mask) if card_suit(c) == s), reverse=True)
        parts.append(SUIT_SYMBOLS[s] + " " + ("".join(RANK_CHARS[r - 2] for r in ranks) or "-"))
    text = "  ".join(parts)
    if mask >> JOKER & 1:
        text += "  Jo"
    return text


def trump_text(trump: Any) -> str:
    if trump is None:
        return "not fixed yet (the first lead names it)"
    if trump == "NT":
        return "No Trump"
    return f"{SUIT_SYMBOLS[int(trump)]} ({SUIT_LETTERS[int(trump)]})"


def nodes_text(n: int) -> str:
    """A node count as people read it: ``"812 nodes"``, ``"99.7 M nodes"``."""
    return f"{n / 1e6:.1f} M nodes" if n >= 1_000_000 else plural(n, "node")
