"""Seeded fuzzing of the command line: every command's arguments and options other than the
deal and position texts themselves (``tests/test_fuzz_input.py`` fuzzes those).

Valid, quick invocations of every command (``variants``, ``rules``, ``deal``, ``show``,
``solve``, ``analyse``, ``bench``, ``advise bid/call/discard/play``; small games, few samples,
small node limits) are corrupted at random: an option set to junk (negative, zero, 2**70,
floats, 'nan', 'inf', empty, unicode, very long text, wrong or duplicated cards, cards of
another variant, hands of the wrong size, contradictory constraints, illegal auctions,
seats out of range, trumps the variant lacks ...), an option given twice, an unknown option,
an option dropped, an extra or corrupted positional argument, contradictory combinations.
Each invocation runs in process through the console entry point ``cli.main.main`` (so the
parser's own errors go through the same path as the real command) and must be one of:

* refused: exit code 2 and exactly one ``error: ...`` line on stderr (no traceback, not the
  internal-error message);
* accepted: exit code 0, or 3 when a search limit stopped it (with its one ``error:`` line),
  output on stdout and nothing else on stderr (``seed: N`` aside);

and never a traceback, exit code 1, or a case slower than ``CASE_SECONDS``. Corruptions that
are wrong whatever else is given (a value the option cannot take, an option given twice, an
unknown option, a known contradiction) must be refused: accepting one means an option was
silently ignored or misread. Then one regression test per bug the campaigns found.

``N_CASES`` invocations (seed ``SEED``) and the regression tests take about 15 s.
``python tests/test_fuzz_cli.py COUNT [SEED]`` runs a larger campaign and prints every bug.
"""

from __future__ import annotations

import io
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cli.main import main  # noqa: E402
from cli.solve_deal import position_from_deal  # noqa: E402
from napoleon_rules import deal_str, get_variant, random_deal  # noqa: E402
from napoleon_rules.cards import card_name, cards_of  # noqa: E402
from napoleon_rules.deal import hand_str  # noqa: E402

N_CASES = 400
SEED = 11
#: An invocation slower than this is a hang (every base is quick: small limits).
CASE_SECONDS = 10.0

TWO70 = str(2 ** 70)
#: Values no option of that kind may take (must be refused).
BAD_INT = ["abc", "", " ", "1.5", "nan", "inf", "\u2660", "x" * 3000, "0x10", "1 2", "\x00"]
BAD_COUNT = BAD_INT + ["0", "-1", TWO70, "-" + TWO70]          # --samples, --jobs, --count ...
BAD_SEED = BAD_INT + ["-1", "-" + TWO70]
BAD_SECONDS = ["0", "-1", "-2.5", "nan", "inf", "-inf", "1e400", "abc", "", "\u2660"]
BAD_LIMIT = BAD_INT + ["0", "-1", TWO70]                      # --node-limit
BAD_SEAT = BAD_INT + ["-1", "99", TWO70]
BAD_CARDS = ["ZZ", "1S", "A\u2660", "AS!", "+JO", "AKQ.JT9.2", "AKQ.JT9.2.AK3.5", "KX", "T",
             "AS AS", "2C 2C 3C"]
BAD_OPTION = ["players=99", f"players={TWO70}", "players=nan", "players=", "=5", "players",
              "yoromeki=maybe", "bogus=1", "players=4.0", "pack=33", "min_bid=0", "min_bid=21",
              "scoring=x", "players=-1", "players=\u00b2", "PLAYERS=5"]
BAD_CONSTRAINT = ["9:S>=4", "blind:S>=99", "2:X", "-1:AS", "2:S>=1000", "2:S=>4", "2:S>4",
                  "2:", ":AS", "2:S>=4:1", "\u00b2:AS", "b:H<=-1", "99999:AS", "1:S>=13",
                  "blind:!JO", "2:JO"]       # (no Joker in the games of the advise bases below)
BAD_VARIANT = ["whist", "", "nap:", "\u2660", "bridge2"]
BAD_TRUMP = ["X", "", "S S", "\u2660\u2665", "spades", "JO", "1", "leads"]
BAD_BID = ["99", "-1", "14.5", TWO70, "", "15X", "pass"]
#: Values that may or may not fit: any clean outcome will do.
MAYBE = ["0", "1", "2", "3", "-0", "1_0", "\u0663", "1.0", TWO70, "S", "NT", "AS", "JO"]

#: Options that may each be given once (a second one must be refused).
ONCE = {"--seed", "--count", "--samples", "--jobs", "--time-limit", "--node-limit", "--tt-mb",
        "--seat", "--dealer", "--declarer", "--partner", "--call", "--discard", "--discards",
        "--earlier", "--target", "--within", "--bid", "--variant", "--engine", "--play",
        "--candidates", "--deals", "--cards", "--mode", "--auction", "--position",
        "--deal-file"}
UNKNOWN = ["--bogus", "-Z", "--json=1", "--help-me", "--samplez"]


@dataclass
class Base:
    """A valid, quick invocation: the command, positional arguments and options (value True
    for a flag), and per option the values that must be refused."""

    cmd: list[str]
    pos: list[str]
    opts: list[tuple[str, object]]
    bad: dict[str, list[str]]
    #: options the mutations never drop (the limits that keep the case quick)
    pinned: set[str] = field(default_factory=set)
    #: extra options that contradict the base (must be refused)
    contradictions: list[list[tuple[str, object]]] = field(default_factory=list)

    def argv(self, pos=None, opts=None) -> list[str]:
        out = list(self.cmd) + list(self.pos if pos is None else pos)
        for k, v in (self.opts if opts is None else opts):
            out += [k] if v is True else [k, v]
        return out


@dataclass
class Result:
    code: object
    out: str
    err: str
    seconds: float


def invoke(argv: list[str], stdin: str = "") -> Result:
    """``napoleon ARGV`` in process, through the console entry point."""
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    out, err = io.StringIO(), io.StringIO()
    sys.argv = ["napoleon", *argv]
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    start = time.perf_counter()
    try:
        main()
        code: object = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException as e:  # noqa: BLE001 - escaping main() at all is a bug
        import traceback
        err.write("Traceback (escaped main):\n" + traceback.format_exc())
        code = "escaped"
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved
    return Result(code, out.getvalue(), err.getvalue(), time.perf_counter() - start)


def problem(r: Result, must_refuse: bool) -> str | None:
    """What is wrong with an outcome, or None."""
    lines = [ln for ln in r.err.splitlines() if ln.strip()]
    if "Traceback" in r.err + r.out:
        return "traceback"
    if r.seconds > CASE_SECONDS:
        return f"took {r.seconds:.1f} s"
    if r.code == 2:
        if len(lines) != 1 or not lines[0].startswith("error: ") or "internal error" in lines[0]:
            return "a refusal that is not exactly one 'error:' line"
        return None
    if must_refuse:
        return f"accepted (exit {r.code}) what must be refused"
    if r.code == 0:
        if not r.out.strip():
            return "exit 0 without output"
        if any(not ln.startswith("seed: ") for ln in lines):
            return "exit 0 with stderr"
        return None
    if r.code == 3:
        if len(lines) != 1 or not lines[0].startswith("error: "):
            return "exit 3 without its one 'error:' line"
        return None
    return f"exit code {r.code}"


# ---- the valid invocations ----------------------------------------------------------------------
NAP3 = "nap:KJ.7.A.6 ..Q3.AKQ .A.84.J3 | AQT98765432.KQJT9865432.KJT97652.T987542"
SHORT = "japanese:5.82.4. .J.52.A Q8..Q8. K.6.9.J 3.K7.7. | 74..."
LIMITS = [("--samples", "2"), ("--seed", "1"), ("--node-limit", "20000"), ("--time-limit", "1")]
ADVISE_BAD = {"--samples": BAD_COUNT, "-n": BAD_COUNT, "--seed": BAD_SEED, "--jobs": BAD_COUNT,
              "-j": BAD_COUNT, "--time-limit": BAD_SECONDS, "--node-limit": BAD_LIMIT,
              "-c": BAD_CONSTRAINT, "--constraint": BAD_CONSTRAINT, "--seat": BAD_SEAT,
              "--variant": BAD_VARIANT, "-v": BAD_VARIANT, "-o": BAD_OPTION}
ADVISE_PINNED = {"--node-limit", "--samples"}


def _positions(tmp: Path):
    """``advise play`` positions: trick 0 and one trick later, with the cards played."""
    out = []
    specs = [("nap", {"players": 3}, dict(declarer=1, trump=None, call=None, partner=None,
                                          alone=False, discard=None, bid=None)),
             ("japanese", {"players": 7}, None), ("bridge", {}, dict(
                 declarer=0, trump="S", call=None, partner=None, alone=False, discard=None,
                 bid=None))]
    for k, (name, opts, decl) in enumerate(specs):
        v = get_variant(name, opts or None)
        d = random_deal(v, random.Random(100 + k))
        if decl is None:
            pool = sorted(cards_of(d.hands[0] | d.rest))
            decl = dict(declarer=0, trump="S", call=None, partner=2, alone=False,
                        discard=" ".join(card_name(c) for c in pool[:v.blind_size]), bid=None)
        pos = position_from_deal(d, **decl).position
        rng = random.Random(k)
        played = []
        for depth in range(v.players + 2):
            if depth in (0, v.players + 1):
                path = tmp / f"{name}_{depth}.json"
                path.write_text(json.dumps(pos.to_json()), encoding="utf-8")
                out.append((v, str(path), pos, played[:pos.trick * v.players]))
            move = rng.choice(pos.legal_moves())
            played.append(move.card)
            pos = pos.play(move)
    return out


def bases(tmp: Path) -> list[Base]:
    out = [Base(["variants"], [], [("--json", True)], {})]
    (tmp / "deal.txt").write_text("# a deal\n" + NAP3 + "\n", encoding="utf-8")
    for name, o in [("japanese", "players=4"), ("mighty", "joker_any_time=false"),
                    ("nap", "pack=32"), ("secretary", "reveal=false")]:
        out.append(Base(["rules"], [name], [("-o", o)], {"-o": BAD_OPTION}))
    for name, o in [("nap", {"players": 3}), ("mighty", {"players": 7}), ("bridge", {})]:
        o_args = [("-o", f"{a}={b}") for a, b in o.items()]
        out.append(Base(["deal"], [], [("--variant", name), ("--seed", "3"), ("--count", "2")]
                        + o_args, {"--variant": BAD_VARIANT, "-v": BAD_VARIANT,
                                   "--seed": BAD_SEED, "--count": BAD_COUNT, "-n": BAD_COUNT,
                                   "-o": BAD_OPTION}))
        d = deal_str(random_deal(get_variant(name, o or None), random.Random(7)))
        out.append(Base(["show"], [d], o_args, {"-o": BAD_OPTION, "--variant": BAD_VARIANT,
                                                 "-v": BAD_VARIANT}))
    solve_bad = {"--declarer": BAD_SEAT, "--trump": BAD_TRUMP, "--call": BAD_CARDS,
                 "--partner": BAD_SEAT + ["alone!"], "--discard": BAD_CARDS, "--bid": BAD_BID,
                 "-o": BAD_OPTION, "--variant": BAD_VARIANT, "--node-limit": BAD_LIMIT,
                 "--time-limit": BAD_SECONDS, "--tt-mb": BAD_LIMIT + [str(1 << 21)],
                 "--play": BAD_CARDS + ["", "JO:X"], "--engine": ["quick", "", "auto fast"],
                 "--deal-file": ["", "/nonexistent/deal.txt", str(tmp)],
                 "--position": ["", "/nonexistent/pos.json", str(tmp)]}
    out.append(Base(["solve"], [NAP3], [("-o", "players=3"), ("--declarer", "1"),
                                       ("--node-limit", "20000")], solve_bad,
                    pinned={"--node-limit"},
                    contradictions=[[("--trump", "S")], [("--alone", True)], [("--example", True)],
                                    [("--deal-file", str(tmp / "deal.txt"))],
                                    [("--call", "AS")], [("--discard", "2C")]]))
    out.append(Base(["solve"], [], [("--example", True), ("--play", "3H"), ("--json", True)],
                    solve_bad, contradictions=[[("--declarer", "0")], [("-o", "players=5")],
                                               [("--position", str(tmp / "deal.txt"))],
                                               [("--engine", "reference"), ("--tt-mb", "8")]]))
    v = get_variant("japanese", {"players": 7})
    d = random_deal(v, random.Random(11))
    pool = sorted(cards_of(d.hands[0] | d.rest))
    out.append(Base(["solve"], [deal_str(d)], [
        ("-o", "players=7"), ("--declarer", "0"), ("--trump", "S"), ("--partner", "2"),
        ("--discard", " ".join(card_name(c) for c in pool[:3])), ("--node-limit", "20000")],
        solve_bad, pinned={"--node-limit"},
        contradictions=[[("--alone", True)], [("--call", "AS")], [("--trump", "NT")],
                        [("--bid", "nap")], [("--partner", "0")]]))
    analyse_bad = {"--variant": BAD_VARIANT, "-o": BAD_OPTION, "--declarer": BAD_SEAT,
                   "--trump": BAD_TRUMP, "--partner": BAD_SEAT, "--dealer": BAD_SEAT,
                   "--jobs": BAD_COUNT, "-j": BAD_COUNT, "--time-limit": BAD_SECONDS,
                   "--node-limit": BAD_LIMIT, "--tt-mb": BAD_LIMIT + ["70000"]}
    out.append(Base(["analyse"], [SHORT], [("--short-hands", True), ("-o", "min_bid=2"),
                                          ("--declarer", "1"), ("--trump", "S"),
                                          ("--node-limit", "20000")], analyse_bad,
                    pinned={"--node-limit", "--short-hands", "--declarer", "--trump"},
                    contradictions=[[("--dealer", "1")], [("--partner", "1")]]))
    out.append(Base(["analyse"], [NAP3], [("-o", "players=3"), ("--node-limit", "20000")],
                    analyse_bad, pinned={"--node-limit"},
                    contradictions=[[("--partner", "1")], [("--trump", "S")],
                                    [("--dealer", "0"), ("--declarer", "0")]]))
    out.append(Base(["bench"], [], [("--variant", "nap"), ("--deals", "2"), ("--cards", "3"),
                                    ("--node-limit", "20000")],
                    {"--variant": BAD_VARIANT, "-v": BAD_VARIANT, "--deals": BAD_COUNT,
                     "--seed": BAD_SEED, "--node-limit": BAD_LIMIT, "--time-limit": BAD_SECONDS,
                     "--cards": BAD_COUNT + ["6"], "--mode": ["x", "", "cards value"]},
                    pinned={"--node-limit", "--cards", "--deals", "--variant"},
                    contradictions=[[("--vs-dds", True)], [("--analyse", True)],
                                    [("--jobs", "2")]]))
    out.append(Base(["bench"], [], [("--analyse", True), ("--variant", "nap"), ("--deals", "1"),
                                    ("--jobs", "1"), ("--node-limit", "20000")],
                    {"--variant": BAD_VARIANT, "--deals": BAD_COUNT, "--seed": BAD_SEED,
                     "--jobs": BAD_COUNT, "-j": BAD_COUNT, "--node-limit": BAD_LIMIT,
                     "--time-limit": BAD_SECONDS, "--tt-mb": BAD_LIMIT + ["70000"]},
                    pinned={"--analyse", "--node-limit", "--deals", "--variant"},
                    contradictions=[[("--cards", "3")], [("--mode", "value")],
                                    [("--vs-dds", True)]]))
    for name, o, seat, trump in [("nap", "players=3", "0", "lead"),
                                 ("japanese", "players=7", "2", "S")]:
        v = get_variant(name, {"players": int(o.split("=")[1])})
        d = random_deal(v, random.Random(21))
        bad = dict(ADVISE_BAD, **{"--auction": ["99S", "14X", "13S 12S", "pass " * 9, "21S",
                                                "11NT", "nap nap"],
                                  "--dealer": BAD_SEAT, "--trump": BAD_TRUMP,
                                  "--within": BAD_SECONDS})
        out.append(Base(["advise", "bid"], [hand_str(d.hands[int(seat)])],
                        [("-v", name), ("-o", o), ("--seat", seat), ("--trump", trump),
                         ("--all-samples", True)] + LIMITS,
                        bad, pinned=ADVISE_PINNED | {"--trump"},
                        contradictions=[[("--auction", "pass " * 8)]]))
    v = get_variant("japanese", {"players": 7})
    d = random_deal(v, random.Random(31))
    call_bad = dict(ADVISE_BAD, **{"--trump": BAD_TRUMP + ["NT", "lead"], "--bid": BAD_BID})
    out.append(Base(["advise", "call"], [hand_str(d.hands[0])],
                    [("-v", "japanese"), ("-o", "players=7"), ("--trump", "S"), ("--bid", "11"),
                     ("--all-samples", True)] + LIMITS, call_bad, pinned=ADVISE_PINNED,
                    contradictions=[[("--bid", "11H")]]))
    pool = d.hands[0] | d.rest
    call = next(c for c in (12, 25, 38, 51) if not pool >> c & 1)
    out.append(Base(["advise", "discard"], [hand_str(pool)],
                    [("-v", "japanese"), ("-o", "players=7"), ("--trump", "S"),
                     ("--call", card_name(call)), ("--candidates", "2")] + LIMITS,
                    dict(call_bad, **{"--call": BAD_CARDS + ["JO", ""],
                                      "--candidates": BAD_INT + ["0", "-1"]}),
                    pinned=ADVISE_PINNED | {"--candidates"},
                    contradictions=[[("--bid", "11D")]]))
    for v, path, pos, earlier in _positions(tmp):
        seat = pos.to_move
        opts = [("-p", path), ("--seat", str(seat))]
        if earlier:
            opts.append(("--earlier", " ".join(card_name(c) for c in earlier)))
        mine = " ".join(card_name(c) for c in cards_of(pos.hands[seat]))
        bad = {k: x for k, x in ADVISE_BAD.items() if k not in ("-v", "--variant", "-o")}
        bad.update({"--call": BAD_CARDS + ["JO", ""], "--discards": BAD_CARDS + ["", mine],
                    "--earlier": BAD_CARDS + [mine], "--target": BAD_INT + ["-1", "999"],
                    "--within": BAD_SECONDS,
                    "-p": ["", "/nonexistent/pos.json", str(tmp), str(tmp / "deal.txt")],
                    "--seat": BAD_SEAT + [str((seat + 1) % v.players)]})
        out.append(Base(["advise", "play"], [], opts + LIMITS, bad,
                        pinned=ADVISE_PINNED | {"-p"},
                        contradictions=[[("--variant", v.name)], [("--bogus-opt", "1")]]))
    return out


# ---- mutations ------------------------------------------------------------------------------------
def mutate(b: Base, rng: random.Random) -> tuple[list[str], list[str], bool]:
    """A corrupted invocation of ``b``: argv, what was done, and whether it must be refused."""
    pos, opts = list(b.pos), list(b.opts)
    notes, must = [], False
    touched: set[str] = set()
    for _ in range(rng.choice((1, 1, 2, 2, 3))):
        kind = rng.choice(("bad", "bad", "bad", "maybe", "dup", "drop", "unknown", "pos",
                           "contradiction"))
        free = [i for i, (k, _) in enumerate(opts) if k not in touched]
        if kind == "bad" and b.bad:
            k = rng.choice(sorted(b.bad))
            val = rng.choice(b.bad[k])
            same = [i for i, (kk, _) in enumerate(opts) if kk == k]
            if same and k not in ("-o", "-c", "--constraint"):
                opts[same[0]] = (k, val)
            else:
                opts.insert(rng.randrange(len(opts) + 1), (k, val))
            touched.add(k)
            notes.append(f"bad {k}={val[:40]!r}")
            must = True
        elif kind == "maybe" and free:
            i = rng.choice(free)
            k, v = opts[i]
            if v is True or k in b.pinned:
                continue
            opts[i] = (k, rng.choice(MAYBE))
            touched.add(k)
            notes.append(f"maybe {k}={opts[i][1]!r}")
        elif kind == "dup" and free:
            k, v = opts[rng.choice(free)]
            if k.lstrip("-") in ("o", "c", "constraint", "option", "trump") or v is True:
                continue
            opts.append((k, v))
            touched.add(k)
            notes.append(f"dup {k}")
            must = must or k in ONCE or k in ("-p", "-n", "-j", "-v")
        elif kind == "drop" and free:
            i = rng.choice(free)
            if opts[i][0] in b.pinned:
                continue
            notes.append(f"drop {opts[i][0]}")
            touched.add(opts[i][0])
            del opts[i]
        elif kind == "unknown":
            flag = rng.choice(UNKNOWN)
            opts.insert(rng.randrange(len(opts) + 1), (flag, True))
            touched.add(flag)
            notes.append(f"unknown {flag}")
            must = True
        elif kind == "pos":
            junk = rng.choice(BAD_CARDS + ["", "x" * 2000, "\u2660"])
            if pos and rng.random() < 0.5:
                i = rng.randrange(len(pos))
                pos[i] = junk
                notes.append(f"pos[{i}]={junk[:30]!r}")
            else:
                pos.append(junk)
                notes.append(f"pos+{junk[:30]!r}")
            must = True         # junk as the DEAL, HAND or VARIANT, or an extra argument
        elif kind == "contradiction" and b.contradictions:
            extra = rng.choice(b.contradictions)
            if any(k in touched for k, _ in extra):
                continue
            for k, v in extra:
                same = [i for i, (kk, _) in enumerate(opts) if kk == k]
                if same:
                    opts[same[0]] = (k, v)
                else:
                    opts.append((k, v))
                touched.add(k)
            notes.append("contradiction " + " ".join(f"{k} {v}" for k, v in extra))
            must = True
    return b.argv(pos, opts), notes, must


def campaign(tmp: Path, count: int, seed: int):
    """``count`` invocations, spread over the bases: (argv, notes, result, problem)."""
    rng = random.Random(seed)
    bs = bases(tmp)
    cases = [(b.argv(), ["valid"], False) for b in bs]
    while len(cases) < count:
        cases.append(mutate(bs[len(cases) % len(bs)], rng))
    for argv, notes, must in cases:
        r = invoke(argv)
        yield argv, notes, r, problem(r, must) or (
            "a valid invocation was refused: " + r.err.strip() if notes == ["valid"]
            and r.code not in (0, 3) else None)


def test_every_command_line_corruption_is_refused_cleanly_or_accepted(tmp_path):
    bad = []
    seen_commands = set()
    for argv, notes, r, what in campaign(tmp_path, N_CASES, SEED):
        seen_commands.add(" ".join(argv[:2]) if argv[0] == "advise" else argv[0])
        if what:
            bad.append(f"{what}: napoleon {argv!r} ({'; '.join(notes)}) -> exit {r.code}, "
                       f"stderr {r.err[-300:]!r}")
    assert not bad, "\n".join(bad[:10])
    assert seen_commands == {"variants", "rules", "deal", "show", "solve", "analyse", "bench",
                             "advise bid", "advise call", "advise discard", "advise play"}


# ---- regression tests: one per bug the campaigns found ---------------------------------------------
def refused(argv: list[str], *fragments: str) -> str:
    r = invoke(argv)
    lines = r.err.strip().splitlines()
    assert r.code == 2 and len(lines) == 1 and lines[0].startswith("error: "), (r.code, r.err)
    assert "Traceback" not in r.err + r.out
    for f in fragments:
        assert f in lines[0], (f, lines[0])
    return lines[0]


@pytest.fixture(scope="module")
def nap_late(tmp_path_factory):
    """A Nap (3 players) position one trick in, the tricks' cards, and the seat to move."""
    tmp = tmp_path_factory.mktemp("fuzz_cli")
    v, path, pos, earlier = _positions(tmp)[1]
    assert v.name == "nap" and pos.trick == 1
    return path, " ".join(card_name(c) for c in earlier), str(pos.to_move), tmp


@pytest.mark.parametrize("argv,name", [
    (["deal", "-v", "nap", "--seed", "1", "--seed", "2"], "--seed"),
    (["deal", "-v", "nap", "-n", "2", "--count", "3"], "--count"),
    (["rules", "nap", "--json"], None),                       # a plain flag once: fine
    (["solve", "--example", "--engine", "fast", "--engine", "reference"], "--engine"),
    (["analyse", SHORT, "--short-hands", "--trump", "S", "--declarer", "1", "--progress",
      "--no-progress"], "--progress"),
    (["advise", "bid", "KJ.7.A.6", "-v", "nap", "-o", "players=3", "--samples", "2", "-n", "3"],
     "--samples"),
])
def test_an_option_given_twice_is_refused_not_overridden(argv, name):
    # The parser kept the last value: '--samples 0 ... --samples 2' ran with 2 samples and
    # '--seed 1 --seed 2' with seed 2, silently ignoring the first.
    if name is None:
        assert invoke(argv).code == 0
        assert invoke(argv + ["--json"]).code == 0       # the same flag twice says the same
        return
    refused(argv, name, "given twice")


def test_play_advice_refuses_empty_discards(nap_late):
    tmp = nap_late[3]
    pos_path = str(tmp / "japanese_0.json")     # the declarer to lead trick 1 (3-card blind)
    # '--discards ""' (or '...') read as no card and was taken as "not given".
    refused(["advise", "play", "-p", pos_path, "--seat", "0", "--samples", "2",
             "--node-limit", "2000", "--discards", ""], "--discards", "no card")
    refused(["advise", "play", "-p", pos_path, "--seat", "0", "--samples", "2",
             "--node-limit", "2000", "--discards", "..."], "--discards")


def test_call_advice_refuses_an_empty_blind():
    # An empty BLIND argument was taken as "no blind given".
    refused(["advise", "call", "63.954.9.K", "", "-o", "players=7", "--trump", "S",
             "--samples", "2", "--node-limit", "2000"], "blind holds 0 cards")


@pytest.mark.parametrize("variant,constraint", [("bridge", "blind:!JO"), ("bridge", "2:JO"),
                                                 ("japanese", "1:!JO")])
def test_a_constraint_on_a_card_outside_the_deck_is_refused(tmp_path, variant, constraint):
    # 'blind:!JO' where there is no Joker was accepted as a true fact; '2:JO' said
    # "contradicts what is known" instead of naming the card as not in the deck.
    if variant == "bridge":
        path = next(p for v, p, pos, e in _positions(tmp_path) if v.name == "bridge")
        argv = ["advise", "play", "-p", path, "--seat", "1", "--samples", "2"]
    else:
        argv = ["advise", "bid", "5.6.AQT.A4", "-o", "players=7", "--seat", "2", "--trump",
                "S", "--samples", "2"]
    refused(argv + ["--node-limit", "2000", "-c", constraint], "JO is not in the",
            f"{variant} deck")


@pytest.mark.parametrize("target", ["-1", "6", TWO70])
def test_play_advice_refuses_a_target_out_of_range(nap_late, target):
    # --target -1 gave 100% and --target 99 0% for every card, without a word.
    path, earlier, seat, _ = nap_late
    argv = ["advise", "play", "-p", path, "--seat", seat, "--earlier", earlier,
            "--samples", "2", "--seed", "1"]
    refused(argv + ["--target", target], "--target must be 0..4")
    r = invoke(argv + ["--target", "4", "--json"])
    assert r.code == 0, r.err
    assert set(json.loads(r.out)["reach"]) == set(json.loads(r.out)["cards"])


def test_a_nap_pass_bid_is_named_once():
    line = refused(["solve", NAP3, "-o", "players=3", "--declarer", "1", "--bid", "pass"],
                   "must bid, not pass")
    assert line.count("--bid") == 1, line          # was '--bid: --bid: ...'


@pytest.mark.parametrize("trump", ["", "none"])
def test_analyse_names_the_trump_given(trump):
    # '--trump ""' said "japanese has no trump 'None'".
    refused(["analyse", SHORT, "--short-hands", "--trump", trump], f"has no trump {trump!r}")


@pytest.mark.parametrize("argv", [
    ["solve", "--example"], ["analyse", SHORT, "--short-hands"],
    ["bench", "--variant", "nap", "--deals", "1", "--cards", "2"],
    ["advise", "bid", "KJ.7.A.6", "-v", "nap", "-o", "players=3", "--samples", "2"]])
def test_a_node_limit_too_large_for_the_search_is_named(argv):
    # '--node-limit 2**70' said "node_limit must be a positive whole number, not 2**70".
    refused(argv + ["--node-limit", TWO70], "--node-limit must be 1..9223372036854775807")
    assert invoke(argv + ["--node-limit", str((1 << 63) - 1)]).code == 0


def test_debug_keeps_bad_input_to_one_line():
    # 'napoleon --debug' printed a traceback with exit code 1 for a user error; its help says
    # it shows the tracebacks of unexpected errors (tests/test_cli.py checks those).
    refused(["--debug", "deal", "-v", "nap", "--seed", "-1"], "--seed must be 0 or more")
    refused(["--debug", "advise", "bid", "AS", "-v", "nap"], "holds 1 card;")


if __name__ == "__main__":
    import tempfile
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    found, per_command, start = 0, {}, time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for argv, notes, r, what in campaign(Path(tmp), count, seed):
            name = " ".join(argv[:2]) if argv[0] == "advise" else argv[0]
            per_command[name] = per_command.get(name, 0) + 1
            if what:
                found += 1
                print(f"BUG {what}: {argv!r} ({'; '.join(notes)}) -> exit {r.code}: "
                      f"{r.err[-300:]!r}", flush=True)
    print(f"{sum(per_command.values())} invocations in {time.perf_counter() - start:.0f} s: "
          f"{per_command}; {found} bug(s)")
    sys.exit(1 if found else 0)
