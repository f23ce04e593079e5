"""Builds the Cython solver: every ``solver/*.pyx`` becomes the extension ``solver.<stem>``.
Everything else about the package is in pyproject.toml."""

import os
import platform
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent


def compile_args() -> list[str]:
    # PGO, -flto, -O2, -funroll-loops, -march=x86-64-v2/v3/native, -mbmi2 and others were
    # measured against this (solver/HISTORY.md, "Build flags and profile-guided
    # optimisation"): none gained more than noise, some lost up to 15 %.
    args = ["-O3"]
    # The search counts cards with popcount all the time; without this flag gcc calls a
    # slow library routine. Every x86-64 CPU since 2008 has the instruction.
    if platform.machine().lower() in ("x86_64", "amd64"):
        args.append("-mpopcnt")
    return args


# Modules built with their own C macros: the search specialised for one preset's rules
# (solver/_spec.h says which rules' fields become constants).
MACROS = {"_search_japanese": [("NAPOLEON_SPEC_JAPANESE", "1")],
          "_search_mighty": [("NAPOLEON_SPEC_MIGHTY", "1")],
          "_search_japoleon": [("NAPOLEON_SPEC_JAPOLEON", "1")]}


def solver_extensions() -> list[Extension]:
    # setuptools wants source paths relative to the project root.
    sources = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "solver").glob("*.pyx"))
    return [
        Extension(
            f"solver.{Path(src).stem}",
            [src],
            include_dirs=["solver"],
            define_macros=MACROS.get(Path(src).stem, []),
            extra_compile_args=compile_args(),
            language="c",
        )
        for src in sources
    ]


# The search is compiled four times (solver/_spec.h): Cython and the C compiler run on
# every core, so the build takes about as long as with one search before (18-19 s of wall
# time from a clean tree on the project's 2-core machine, with three builds or four; 37 s
# on one core, each specialised build about 7 s of it). Not Cython's processes on Windows,
# whose spawned workers would import this file again.
CORES = os.cpu_count() or 1

setup(
    options={"build_ext": {"parallel": CORES}},
    ext_modules=cythonize(
        solver_extensions(),
        include_path=["."],  # so `cimport solver._rules` finds solver/_rules.pxd
        compiler_directives={"language_level": "3"},
        nthreads=0 if os.name == "nt" else CORES,
    ),
)
