"""Progress on stderr for the long commands: one bar for counted work (advice searches,
analysed cells, benchmark deals) and a ticker for a single search, which cannot count.

Both draw on one line with carriage returns and only where someone watches (a terminal,
unless the command was told otherwise), so piped output and ``--json`` stay clean."""

from __future__ import annotations

import sys
import threading
import time
from contextlib import contextmanager
from typing import Annotated, Iterable, Iterator, Optional, TypeVar

import typer

T = TypeVar("T")

#: The long commands' ``--progress/--no-progress`` (None, the default: a bar when stderr is a
#: terminal).
ProgressFlag = Annotated[Optional[bool], typer.Option(
    "--progress/--no-progress", help="Progress bar on stderr (default: when stderr is a "
                                     "terminal).", show_default=False)]

#: Redraws closer together than this are skipped (the last step is always drawn): a fast
#: loop of thousands of steps would otherwise spend its time writing to the terminal.
REDRAW_SECONDS = 0.1
BAR_WIDTH = 30


def _seconds_text(s: float) -> str:
    s = int(s + 0.5)
    return f"{s // 60}:{s % 60:02d}" if s >= 60 else f"{s} s"


class ProgressBar:
    """``label [#########.....] 12/40  30%  eta 14 s`` on one line of ``stream``.

    The three ways the commands report progress all go through it: ``bar(k)`` after k more
    steps and ``bar.expect(total)`` once the true number of steps is known (the advisor's
    callback), ``bar.at(done, total)`` (the analysis's), and ``bar.over(items)`` around a
    loop (the benchmark's). A bar that is not shown accepts the same calls and draws
    nothing, so callers need no branches."""

    def __init__(self, total: int, label: str, *, shown: Optional[bool] = None, stream=None):
        self.stream = sys.stderr if stream is None else stream
        self.shown = self.stream.isatty() if shown is None else shown
        self.label = label
        self.total = max(1, total)
        self.done = 0
        self.start = time.monotonic()
        self._drawn_at: Optional[float] = None   # when the line was last drawn (None: never)
        self._drawn_done = -1                      # and the count it showed
        self._width = 0

    def __call__(self, k: int = 1) -> None:
        self.done += k
        self._draw()

    def expect(self, total: int) -> None:
        """The number of steps, once known better than the first guess."""
        if total > 0:
            self.total = total
            self._draw(force=True)

    def at(self, done: int, total: int) -> None:
        self.done = done
        if total > 0:
            self.total = total
        self._draw()

    def over(self, items: Iterable[T]) -> Iterator[T]:
        """``items``, one step after each (a list's length is the total)."""
        if hasattr(items, "__len__"):
            self.expect(len(items))
        for item in items:
            yield item
            self(1)

    def text(self) -> str:
        done = min(self.done, self.total)
        filled = done * BAR_WIDTH // self.total
        line = (f"{self.label} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] "
                f"{done}/{self.total} {100 * done // self.total:3d}%")
        elapsed = time.monotonic() - self.start
        if 0 < done < self.total:
            line += f"  eta {_seconds_text(elapsed * (self.total - done) / done)}"
        elif done >= self.total:
            line += f"  {_seconds_text(elapsed)}"
        return line

    def _draw(self, force: bool = False) -> None:
        if not self.shown:
            return
        now = time.monotonic()
        if not force and self.done < self.total and self._drawn_at is not None \
                and now - self._drawn_at < REDRAW_SECONDS:
            return
        line = self.text()
        # pad over a longer line drawn before (the eta's text shrinks)
        self.stream.write("\r" + line.ljust(self._width))
        self.stream.flush()
        self._width = max(self._width, len(line))
        self._drawn_at, self._drawn_done = now, self.done

    def close(self) -> None:
        """Draw the final state and end the line (the bar stays as a record)."""
        if self.shown and self._drawn_at is not None:
            if self._drawn_done != self.done:
                self._draw(force=True)
            self.stream.write("\n")
            self.stream.flush()


@contextmanager
def progress_bar(total: int, label: str, *, shown: Optional[bool] = None,
                 stream=None) -> Iterator[ProgressBar]:
    """A :class:`ProgressBar` for the block, its line ended when the block ends."""
    bar = ProgressBar(total, label, shown=shown, stream=stream)
    try:
        yield bar
    finally:
        bar.close()


@contextmanager
def elapsed_ticker(label: str, after: float = 1.0, stream=None):
    """While the block runs (a search that releases the GIL), on a terminal only: after
    ``after`` seconds, ``label... N s`` on stderr, redrawn each second and erased at the
    end. A single solve cannot tell how far it has got, but a user facing a silent
    terminal for half a minute should see that it is working and how to stop it."""
    stream = sys.stderr if stream is None else stream
    if not stream.isatty():
        yield
        return
    done = threading.Event()
    width = [0]

    def tick() -> None:
        start = time.monotonic()
        if done.wait(after):
            return
        while True:
            text = f"{label}... {int(time.monotonic() - start)} s (Ctrl-C stops)"
            stream.write("\r" + text)
            stream.flush()
            width[0] = max(width[0], len(text))
            if done.wait(1.0):
                return

    ticker = threading.Thread(target=tick, name="elapsed-ticker", daemon=True)
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        if width[0]:
            stream.write("\r" + " " * width[0] + "\r")
            stream.flush()
