"""The deal analysis's threads (``solver.analyse_threads``): a cell's steps searched side by
side give what one thread gives, in the same order; errors reach the caller."""

import random
import threading
import time

import pytest

from solver.analyse_threads import Cancelled, Workers, run_steps


def make_cell(seed: int, count: int, stop_at: int | None, ready_gap: int = 0):
    """A fake cell: step k's result depends on its inputs (the best so far), some results
    raise the best (so that later speculative steps go stale), ``stop_at`` ends the
    sequence early, and with ``ready_gap`` step k waits for step k - ready_gap (as the
    top-down levels wait for their choice's level above)."""
    state = {"best": 0, "log": [], "accepted": 0}
    rng = random.Random(seed)
    gains = [rng.choice([0, 0, 0, 1, 2]) for _ in range(count)]
    waits = [rng.random() * 0.004 for _ in range(count)]

    def inputs_of(k):
        if ready_gap and k >= ready_gap and state["accepted"] <= k - ready_gap:
            return None
        return (state["best"],)

    def prepare(k):
        return {"k": k}

    def search(k, inputs, private, table, run):
        assert private == {"k": k} and table is not None
        for _ in range(3):          # three "tests", each checking for cancellation
            if run is not None and run.cancelled:
                raise Cancelled(7)
            time.sleep(waits[k])
        return (k, inputs[0], inputs[0] + gains[k]), 10 + k

    def accept(k, result):
        assert result[0] == k == state["accepted"]
        state["accepted"] += 1
        state["log"].append(result)
        state["best"] = max(state["best"], result[2])
        return stop_at is not None and k == stop_at

    return state, (inputs_of, prepare, search, accept)


@pytest.mark.parametrize("jobs", [2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_steps_on_threads_give_the_one_thread_results(jobs, seed):
    specs = [(seed * 10 + i, 12, [None, 5, 9][i % 3], [0, 0, 3][i % 3]) for i in range(5)]
    expected = []
    for s, count, stop, gap in specs:
        state, calls = make_cell(s, count, stop, gap)
        run_steps(None, "table", count, *calls)
        expected.append(state["log"])
    got = {}

    def do_task(task):
        s, count, stop, gap = task
        state, calls = make_cell(s, count, stop, gap)
        run_steps(workers, workers.table(), count, *calls)
        return state["log"]

    workers = Workers(jobs, lambda: object())
    workers.run(specs, do_task, lambda task, log: got.__setitem__(task, log))
    assert [got[t] for t in specs] == expected
    assert any(len(log) < 12 for log in expected)       # the stops were exercised


def test_an_error_in_a_task_or_a_helper_reaches_the_caller():
    def do_task(task):
        if task == 3:
            raise ValueError("cell 3 is broken")
        return task

    with pytest.raises(ValueError, match="cell 3 is broken"):
        Workers(2, lambda: None).run(list(range(6)), do_task, lambda task, result: None)

    def search(k, inputs, private, table, run):
        if k == 2:
            raise RuntimeError("step 2 failed")
        time.sleep(0.01)
        return k, 1

    def do_steps(task):
        run_steps(workers, workers.table(), 4, lambda k: (), lambda k: None, search,
                  lambda k, result: False)

    workers = Workers(2, lambda: None)
    with pytest.raises(RuntimeError, match="step 2 failed"):
        workers.run([0], do_steps, lambda task, result: None)
    assert threading.active_count() < 10        # the threads ended


def test_an_error_stops_the_searches_of_the_other_cells():
    rounds = []

    def search(k, inputs, private, table, run):
        for i in range(500):        # a long search, checking for cancellation as tests do
            if run is not None and run.cancelled:
                rounds.append(i)
                raise Cancelled(0)
            time.sleep(0.01)
        rounds.append(500)
        return k, 1

    def do_task(task):
        if task == "bad":
            time.sleep(0.2)
            raise ValueError("a bad cell")
        run_steps(workers, workers.table(), 3, lambda k: (), lambda k: None, search,
                  lambda k, result: False)

    workers = Workers(2, lambda: None)
    with pytest.raises(ValueError, match="a bad cell"):
        workers.run(["slow", "bad"], do_task, lambda task, result: None)
    assert rounds and max(rounds) < 500         # stopped, not run to the end


@pytest.mark.parametrize("jobs", [2, 3])
def test_a_task_waits_for_the_task_it_is_ready_after(jobs):
    # Tasks (row, column) in rows; (r, c) may start only once (r - 1, c) has ended, as a
    # declarer's cell waits for its cell in the trump before. The first row's tasks are
    # slow and the later ones quick, so a thread finding the next row's task not ready
    # must take a later one that is, or help, or wait.
    ended: dict = {}
    started: dict = {}
    lock = threading.Lock()
    tasks = [(r, c) for r in range(3) for c in range(4)]

    def do_task(task):
        r, c = task
        with lock:
            started[task] = time.monotonic()
            assert r == 0 or (r - 1, c) in ended, f"{task} started before {(r - 1, c)} ended"
        time.sleep(0.03 if r == 0 and c == 0 else 0.002)
        with lock:
            ended[task] = time.monotonic()
        return task

    workers = Workers(jobs, lambda: None)
    got = []
    workers.run(tasks, do_task, lambda task, result: got.append(result),
                ready=lambda task: task[0] == 0 or (task[0] - 1, task[1]) in ended)
    assert sorted(got) == tasks
    # (1, 0) waited for the slow (0, 0) while later tasks that were ready went first
    assert started[(1, 0)] >= ended[(0, 0)]
    assert any(started[t] < started[(1, 0)] for t in tasks if t[0] == 1 and t[1] > 0)
