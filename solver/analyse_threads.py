"""The deal analysis on several threads: cells shared out, and a cell's partner choices
searched side by side once no cell is left to start.

A table's cells are independent but for the partner their sweep starts from (a
declarer's best partner in the trump before: a cell waits for that one, ``Workers.run``'s
``ready``), so threads take them one by one. At the end, though, the
last cells leave cores idle: a cell can take a tenth of the table's time or more, and how
long one takes cannot be told beforehand (no order by a guess made before the search came
near sharing the work evenly: ``HISTORY.md``, the twenty-fourth session). So a thread with
no cell left to start helps a running cell with its ``Steps``: the first sweep over its
partner choices, and a cell without a bid its levels from the top down.

Those steps are sequential in one thread: each choice is searched knowing the cell's best
value so far (``beat``) and the last best choice's discard (tried first); a level of a
choice knows what its level above proved. Most choices do not beat the best, so a helper
searches a later step *speculatively*, as if the steps before it will not change what it
depends on. A step's result is accepted, in the one-thread order, only when it was
searched from exactly the inputs that order gives it; any other is thrown away (a running
one is stopped before its next test) and searched again. Every step but a cell's first
starts on its table as after a change of rules (``Table.forget``; in the one-thread order
the step before it always searched another partner, i.e. other rules) and changes only a
copy of its choice's candidates, so an accepted result, its bounds, tests and node counts
are the one-thread order's: the table does not depend on ``jobs``. The nodes of the
searches thrown away are counted apart (``discarded_nodes``).
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from typing import Any, Callable


class Cancelled(Exception):
    """A speculative search of a step was made useless by a step before it."""


class Run:
    """One search of step ``index`` from ``inputs``, by whichever thread took it."""

    __slots__ = ("index", "inputs", "private", "cancelled", "done", "result", "nodes")

    def __init__(self, index: int, inputs: Any, private: Any):
        self.index, self.inputs, self.private = index, inputs, private
        self.cancelled = False
        self.done = False
        self.result = None      # what the steps' ``search`` returned
        self.nodes = 0          # the nodes it searched (for the count of discarded ones)


class Steps:
    """A cell's searches that one thread makes in a fixed order (``count`` steps, the
    sequence ending early when ``accept`` says so), shared by the cell's own thread and
    helpers. Callbacks (all but ``search`` called under the pool's lock):

    * ``inputs_of(k)``: what step k's search depends on, as the results accepted so far
      give it (comparable with ``==``), or None when they do not give it yet;
    * ``prepare(k)``: the private copy of the state step k's search may change;
    * ``search(k, inputs, private, table, run)``: the search (outside the lock), returning
      ``(result, nodes)``; it raises ``Cancelled(nodes)`` once ``run.cancelled``;
    * ``accept(k, result)``: takes an accepted result into the cell's state; True ends
      the sequence.

    A result is accepted, in order, only when its inputs equal ``inputs_of`` at that time."""

    def __init__(self, pool: "Workers", count: int, inputs_of: Callable, prepare: Callable,
                 search: Callable, accept: Callable):
        self.pool, self.count = pool, count
        self.inputs_of, self.prepare, self.search, self.accept = (inputs_of, prepare, search,
                                                                  accept)
        self.head = 0                    # the first step not accepted
        self.stopped = False             # ``accept`` ended the sequence
        self.runs: dict[int, Run] = {}   # the live search of each step being searched

    @property
    def finished(self) -> bool:
        return self.stopped or self.head == self.count

    def take(self) -> Run | None:
        """The first step that is not accepted, not being searched and whose inputs are
        known, with its inputs."""
        if self.finished:
            return None
        for k in range(self.head, self.count):
            if k not in self.runs:
                inputs = self.inputs_of(k)
                if inputs is not None:
                    run = self.runs[k] = Run(k, inputs, self.prepare(k))
                    return run
        return None

    def _drop(self, k: int) -> None:
        run = self.runs.pop(k)
        if run.done:
            self.pool.discarded_nodes += run.nodes
        else:
            run.cancelled = True          # its thread stops before its next test

    def finish(self, run: Run, result: Any, nodes: int) -> None:
        run.done, run.result, run.nodes = True, result, nodes
        if run.cancelled:
            self.pool.discarded_nodes += nodes
            return
        while not self.finished:
            head = self.runs.get(self.head)
            if head is None or not head.done:
                break
            if head.inputs != self.inputs_of(self.head):    # stale inputs: search again
                self._drop(self.head)
                continue
            del self.runs[self.head]
            self.stopped = bool(self.accept(self.head, head.result))
            self.head += 1
            for k in list(self.runs):
                if self.stopped or self.runs[k].inputs != self.inputs_of(k):
                    self._drop(k)


def run_steps(workers: "Workers | None", table: Any, count: int, inputs_of: Callable,
              prepare: Callable, search: Callable, accept: Callable) -> None:
    """The steps in order on one thread and ``table`` (no ``workers``), or shared out. The
    first step always runs on the calling thread, on ``table`` as the thread left it; a
    later step may run on any thread's table, so ``search`` must make it start as it would
    after the step before it (``Table.forget``: in the cell's order each step searches
    other rules than the step before, which clears the table)."""
    if workers is not None:
        workers.steps(count, inputs_of, prepare, search, accept)
        return
    for k in range(count):
        inputs = inputs_of(k)
        result, _ = search(k, inputs, prepare(k), table, None)
        if accept(k, result):
            return


class Workers:
    """``jobs`` threads taking tasks (cells) in order, each with its own table
    (``make_table``); a thread with no task it may start helps running ``Steps``. A task
    may wait for an earlier one (``run``'s ``ready``)."""

    def __init__(self, jobs: int, make_table: Callable[[], Any]):
        self.jobs, self.make_table = jobs, make_table
        self.lock = threading.Condition()
        self.tasks: deque = deque()
        self.running_steps: list[Steps] = []     # the steps of the running cells
        self.running_tasks = 0
        self.error: BaseException | None = None
        self.discarded_nodes = 0
        self.local = threading.local()
        self.ready: Callable[[Any], bool] = lambda task: True

    def _fail(self, error: BaseException) -> None:
        """Record the first error (under the lock) and stop every search of a step before
        its next test; the threads then end."""
        if self.error is None:
            self.error = error
        self.tasks.clear()
        for sw in self.running_steps:
            for run in sw.runs.values():
                run.cancelled = True
        self.lock.notify_all()

    def table(self):
        table = getattr(self.local, "table", None)
        if table is None:
            table = self.local.table = self.make_table()
        return table

    # -- the steps of one cell, from its own thread ----------------------------------------
    def steps(self, count: int, inputs_of: Callable, prepare: Callable, search: Callable,
              accept: Callable) -> None:
        """Run a cell's ``Steps`` with help from idle threads."""
        sw = Steps(self, count, inputs_of, prepare, search, accept)
        with self.lock:
            self.running_steps.append(sw)
            run = sw.take()        # the first step is this thread's (see ``run_steps``)
            self.lock.notify_all()
        try:
            while True:
                if run is not None:
                    self._search(sw, run)
                with self.lock:
                    while True:
                        if self.error is not None:
                            raise _Abandoned()
                        if sw.finished:
                            return
                        run = sw.take()
                        if run is not None:
                            break
                        self.lock.wait()
        finally:
            with self.lock:
                self.running_steps.remove(sw)
                self.lock.notify_all()

    def _search(self, sw: Steps, run: Run) -> None:
        try:
            result, nodes = sw.search(run.index, run.inputs, run.private, self.table(), run)
        except Cancelled as e:
            result, nodes = None, e.args[0] if e.args else 0
        except BaseException as e:
            with self.lock:
                self._fail(e)
            raise _Abandoned() from e
        with self.lock:
            sw.finish(run, result, nodes)
            self.lock.notify_all()

    # -- the threads -------------------------------------------------------------------------
    def run(self, tasks: list, do_task: Callable, progress: Callable[[Any, Any], None],
            ready: Callable[[Any], bool] | None = None) -> None:
        """Run every task (``do_task(task)``, from a worker thread); ``progress(task,
        result)`` is called from this thread as each ends. ``ready(task)`` (under the lock):
        whether the task may start, which may depend only on tasks before it having ended
        (their ``do_task`` returned); a thread takes the first task that may. The first error
        stops the others (a running search ends at its next test, or at the same Ctrl-C) and
        is raised."""
        done: queue.Queue = queue.Queue()
        if ready is not None:
            self.ready = ready
        self.tasks.extend(tasks)
        threads = [threading.Thread(target=self._worker, args=(do_task, done), daemon=True)
                   for _ in range(self.jobs)]     # (idle ones help: one cell has helpers too)
        for t in threads:
            t.start()
        try:
            for _ in range(len(tasks)):
                while True:
                    try:
                        item = done.get(timeout=0.1)
                        break
                    except queue.Empty:
                        if self.error is not None:
                            raise self.error
                if item is None:
                    raise self.error if self.error is not None else RuntimeError("worker lost")
                progress(*item)
        except BaseException as e:
            with self.lock:
                self._fail(e)
            for t in threads:
                t.join()
            raise
        for t in threads:
            t.join()

    def _worker(self, do_task: Callable, done: queue.Queue) -> None:
        while True:
            with self.lock:
                while True:
                    if self.error is not None:
                        done.put(None)
                        return
                    task = self._next_task()
                    if task is not None:
                        self.running_tasks += 1
                        job = ("task", task)
                        break
                    helped = None
                    for sw in self.running_steps:
                        run = sw.take()
                        if run is not None:
                            helped = (sw, run)
                            break
                    if helped is not None:
                        job = ("help",) + helped
                        break
                    if self.running_tasks == 0:
                        return
                    self.lock.wait()
            if job[0] == "help":
                try:
                    self._search(job[1], job[2])
                except _Abandoned:
                    pass
                continue
            try:
                result = do_task(job[1])
            except _Abandoned:
                continue
            except BaseException as e:
                with self.lock:
                    self._fail(e)
                continue
            finally:
                with self.lock:
                    self.running_tasks -= 1
                    self.lock.notify_all()
            done.put((job[1], result))

    def _next_task(self) -> Any:
        """The first task that may start (under the lock), taken off the queue; None if none
        may. With no task running the first may (it waits only for tasks before it)."""
        for i, task in enumerate(self.tasks):
            if self.running_tasks == 0 or self.ready(task):
                del self.tasks[i]
                return task
        return None


class _Abandoned(Exception):
    """Another thread's error ends this thread's work (that error is the one raised)."""
