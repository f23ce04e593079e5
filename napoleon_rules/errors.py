"""Error types. Every error a user can cause is a ``NapoleonError`` (a ``ValueError``)
whose message names the problem in one line."""


def plural(n: int, word: str) -> str:
    """A count in a message: ``1 card``, ``2 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class NapoleonError(ValueError):
    """Base class of every user-facing error of the rules engine.

    A message whose advice is Python to write (``get_variant('nap', {'players': 3})``) may
    carry ``command_line``: the same message with the advice as the command line takes it
    (``-o players=3``), which the ``napoleon`` command prints instead."""

    command_line: str | None = None


class UnknownVariantError(NapoleonError):
    pass


class OptionError(NapoleonError):
    """An unknown option name, or a value of the wrong type or out of range."""


class DealError(NapoleonError):
    """A malformed deal: bad notation, missing, extra or duplicated cards, wrong hand sizes."""


class PositionError(NapoleonError):
    """A malformed or inconsistent position."""


class IllegalPlayError(NapoleonError):
    """A card (or bid, call, discard) that the rules do not allow here."""


class AuctionError(IllegalPlayError):
    pass
