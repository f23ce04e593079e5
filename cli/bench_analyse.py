"""``napoleon bench --analyse``: time ``napoleon analyse`` on whole tables of seeded deals.

Deal k is the deal of ``napoleon deal -v VARIANT --seed SEED+k`` (one deal per seed, as the
project's measurements of the deal analysis have always been taken), analysed as
``napoleon analyse DEAL --jobs N`` would: every declarer and trump, every partner and discard,
then par. Each table gets fresh transposition tables, so a table's time does not depend on
the tables before it. Reported per table: wall time, CPU time (every thread), the
zero-window tests and the nodes they searched. The node counts are exact and repeatable for
any ``--jobs`` (``solver/analyse_threads.py``), the measure to compare changes of the search
by; the nodes helper threads searched from inputs that went stale are counted apart.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any, Callable, Iterable, Optional

from napoleon_rules import Variant, random_deal

from .common import nodes_text, plural


def analyse_deals(variant: Variant, count: int, seed: int) -> list:
    """The deals of ``napoleon deal -v VARIANT --seed S`` for S = seed .. seed + count - 1."""
    return [random_deal(variant, random.Random(seed + k)) for k in range(count)]


def run_analyse(variant: Variant, count: int, seed: int, jobs: int,
                time_limit: Optional[float], node_limit: Optional[int], tt_mb: Optional[int],
                progress: Callable[[Iterable, str], Iterable]) -> dict[str, Any]:
    """Analyse each seeded deal's whole table; the times (of the complete tables only, as
    the solver bench leaves out stopped solves), the totals and one record per table."""
    from solver.analyse import analyse

    tables = []
    deals = analyse_deals(variant, count, seed)
    for k, deal in progress(list(enumerate(deals)), "analyse"):
        wall0, cpu0 = time.perf_counter(), time.process_time()
        result = analyse(deal, jobs=jobs, time_limit=time_limit, node_limit=node_limit,
                         tt_mb=tt_mb)
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        st = result.stats
        tables.append({"seed": seed + k, "seconds": round(wall, 3), "cpu_s": round(cpu, 3),
                       "tests": st["tests"], "nodes": st["nodes"],
                       "discarded_nodes": st.get("discarded_nodes", 0),
                       "complete": result.complete})
    done = [t["seconds"] for t in tables if t["complete"]]
    nodes = sum(t["nodes"] for t in tables)
    wall = sum(t["seconds"] for t in tables)
    cpu = sum(t["cpu_s"] for t in tables)
    discarded = sum(t["discarded_nodes"] for t in tables)
    return {"median_s": statistics.median(done) if done else None,
            "mean_s": statistics.fmean(done) if done else None,
            "max_s": max(done) if done else None,
            "under_10_s": sum(s < 10 for s in done),
            "tests": sum(t["tests"] for t in tables), "nodes": nodes,
            "discarded_nodes": discarded, "cpu_s": round(cpu, 3),
            # (the CPU time also searched the thrown-away nodes)
            "nodes_per_cpu_s": (nodes + discarded) / cpu if cpu > 0 else None,
            "nodes_per_s": nodes / wall if wall > 0 else None,
            "stopped": sum(not t["complete"] for t in tables), "tables": tables}


def _s(seconds: Optional[float]) -> str:
    return "-" if seconds is None else f"{seconds:.2f} s"


def analyse_report_text(result: dict) -> str:
    a = result["analyse"]
    last = result["seed"] + result["deals"] - 1
    seeds = str(result["seed"]) if last == result["seed"] else f"{result['seed']}..{last}"
    tables = f"{result['tt_mb']} MB tables" if result.get("tt_mb") else \
        "tables of the default size"
    lines = [f"bench: {result['variant']}, whole-table analysis of "
             f"{plural(result['deals'], 'deal')} (napoleon deal -v {result['variant']} "
             f"--seed {seeds}), {plural(result['jobs'], 'job')}, {tables}"]
    done = len(a["tables"]) - a["stopped"]
    lines.append(f"analyse: median {_s(a['median_s'])}, mean {_s(a['mean_s'])}, "
                 f"max {_s(a['max_s'])} a table; {a['under_10_s']} of {done} under 10 s")
    rate = a["nodes_per_cpu_s"]
    lines.append(f"  {plural(a['tests'], 'test')}, {nodes_text(a['nodes'])}, {a['cpu_s']:.1f} s of CPU"
                 + (f" ({rate / 1e6:.2f} M nodes per CPU second)" if rate else ""))
    if a["discarded_nodes"]:
        lines.append(f"  and {nodes_text(a['discarded_nodes'])} searched by helper threads "
                     "from inputs that went stale (thrown away; in the CPU time only)")
    if a["stopped"]:
        lines.append(f"  {a['stopped']} of {plural(result['deals'], 'table')} stopped by a limit "
                     "(left out of the times)")
    if len(a["tables"]) > 1 and done:
        t = max((t for t in a["tables"] if t["complete"]), key=lambda t: t["seconds"])
        lines.append(f"  slowest: seed {t['seed']} ({_s(t['seconds'])}, {plural(t['tests'], 'test')}, "
                     f"{nodes_text(t['nodes'])}; --json lists every table's)")
    return "\n".join(lines)
