"""Cold start of `arbiter rule`, `replay` and `law` against `python -c "import click, yaml"`.

A benchmark script, not a test: run it on the machine you care about::

    python benchmarks/cold_start.py            # 20 runs of each, interleaved
    python benchmarks/cold_start.py -n 50 --check

Each run is a fresh process. The floor (Python starting and importing click and
PyYAML, which every arbiter command needs) and the commands are run in turn, N times
each, after two warm-up runs of each, and the medians compared (paired: each round runs
every row once, so a change in the machine's load falls on all of them alike). The rows,
and the target of each as a ratio to the floor:

- ``arbiter rule CASE`` (1.25) and ``arbiter replay CASE`` (1.25), on
  ``cases/peel-the-say.yaml`` (the whole of the say, the draw and the betting: 25 events);
- ``arbiter rule CASE --rulebook all`` (1.35): the case under every book;
- ``arbiter law peel 45`` (1.25);
- ``rule CASE`` on a first run, with an empty cache (1.6): each run is given a new, empty
  cache directory, so it parses and checks the rulebook's YAML and the case's, and writes
  the entries;
- ``rule CASE`` on a case not read before, the books in the cache (no target: the case's
  own cache entry is what the cached rows above read, so this is a ruling of a case just
  written): each run is given a copy of the case under a new name.

Then, with no target, the measured reasons for the two tricks kept in the start-up:

- the rulebook cache: ``rule CASE --rulebook all`` with ``ARBITER_NO_CACHE=1`` (every
  book parsed and checked from its YAML, nothing written), against the cached run;
- the short exit of ``arbiter/entry.py``: ``rule CASE --rulebook all`` run through
  ``arbiter.cli.main`` as a plain ``python -c`` (the collector off, as entry.py has it, but
  the interpreter's usual teardown at exit), against the console script.

The warm-up fills arbiter's cache of parsed rulebooks, kept in a temporary directory so
your own cache is neither used nor touched, and lets Python write the byte-code of
arbiter's modules as an install would (``PYTHONDONTWRITEBYTECODE`` is lifted for it).

The ``arbiter`` console script is looked for beside the interpreter running
this script (the virtualenv's ``bin/``), then on ``PATH``; failing both,
``python -m arbiter`` is timed instead. Version managers' shims (pyenv) are
shell scripts that re-exec Python and would add their own start-up to the
measurement, so the real script is preferred; ``--arbiter PATH`` overrides.

``--instructions`` counts instructions instead of time, with valgrind's callgrind
(``valgrind --tool=callgrind``, which must be installed), once a row after the warm-up,
with ``PYTHONHASHSEED=0``: a count that a loaded machine does not disturb, and the figures
docs/speed.md gives. ``--keep DIR`` keeps each row's callgrind file there, for
``callgrind_annotate``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

TARGET = 1.25
TARGET_ALL = 1.35  # rule CASE --rulebook all
TARGET_EMPTY = 1.6  # a first run, with an empty cache
CASE = Path(__file__).resolve().parent.parent / "cases" / "peel-the-say.yaml"


def arbiter_command(override: str | None) -> list[str]:
    """How to start arbiter: the installed console script if there is one."""
    if override:
        return [override]
    beside = Path(sysconfig.get_path("scripts")) / ("arbiter.exe" if os.name == "nt" else "arbiter")
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("arbiter")
    if found:
        return [found]
    return [sys.executable, "-m", "arbiter"]


def run_once(cmd: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one process, in seconds; fails loudly if
    the command fails."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(
            f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.decode(errors='replace')}"
        )
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


class Row(NamedTuple):
    label: str
    cmd: list[str]
    env: str  # cached | empty (a new cache directory each run) | uncached | new case
    target: float | None  # at most this ratio to the floor; None: a measured reason
    note: str = "(a reason)"  # said where there is no target


def count_once(cmd: Sequence[str], env: dict[str, str], keep: str | None, name: str) -> int:
    """The instructions one process runs, counted by callgrind (its children not followed)."""
    if keep:
        os.makedirs(keep, exist_ok=True)
    out = os.path.join(keep, f"callgrind.{name.replace(' ', '-')}.out") if keep else os.devnull
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
        env=dict(env, PYTHONHASHSEED="0"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    text = done.stderr.decode(errors="replace")
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {done.returncode} under callgrind: {text}")
    for line in text.splitlines():
        if "Collected :" in line:
            return int(line.rsplit(":", 1)[1])
    sys.exit(f"no count from callgrind for {' '.join(cmd)}: {text}")


def rows(arbiter: list[str], case: str) -> dict[str, Row]:
    floor = [sys.executable, "-c", "import click, yaml"]
    plain = [sys.executable, "-c",  # the CLI without entry.py's short exit
             "import gc, sys; gc.disable(); from arbiter.cli import main; "
             "sys.argv[0] = 'arbiter'; main()"]
    shown = case.replace(str(CASE.parent.parent) + os.sep, "")
    return {
        "floor": Row('python -c "import click, yaml" (the floor)', floor, "cached", None),
        "rule": Row(f"arbiter rule {shown}", [*arbiter, "rule", case], "cached", TARGET),
        "all": Row("  --rulebook all", [*arbiter, "rule", case, "--rulebook", "all"],
                   "cached", TARGET_ALL),
        "replay": Row(f"arbiter replay {shown}", [*arbiter, "replay", case], "cached", TARGET),
        "law": Row("arbiter law peel 45", [*arbiter, "law", "peel", "45"], "cached", TARGET),
        "empty": Row("  rule, first run (cache empty)", [*arbiter, "rule", case], "empty",
                     TARGET_EMPTY),
        "new case": Row("  rule, a case not read before", [*arbiter, "rule", case], "new case",
                        None, "(no target)"),
        "no cache": Row("  --rulebook all, ARBITER_NO_CACHE=1",
                        [*arbiter, "rule", case, "--rulebook", "all"], "uncached", None),
        "no short exit": Row("  --rulebook all, no short exit",
                             [*plain, "rule", case, "--rulebook", "all"], "cached", None),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=20, help="runs of each (default 20)")
    parser.add_argument("--arbiter", help="path of the arbiter executable to time")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if any ratio is over its target")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions with callgrind (one run of each) instead")
    parser.add_argument("--keep", metavar="DIR",
                        help="with --instructions: keep each row's callgrind file in DIR")
    parser.add_argument("--only", metavar="ROW", action="append",
                        help="with --instructions: this row only, and the floor (repeatable)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    case = str(CASE) if CASE.is_file() else "peel-the-say"  # the shipped copy, installed
    table = rows(arbiter_command(args.arbiter), case)
    wall: dict[str, list[float]] = {name: [] for name in table}
    cpu: dict[str, list[float]] = {name: [] for name in table}

    if args.only:
        table = {name: row for name, row in table.items() if name == "floor" or name in args.only}
    if not CASE.is_file():  # installed: the shipped example has no file to copy
        table.pop("new case", None)
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as cache:
        env = dict(os.environ, ARBITER_CACHE_DIR=cache)
        for name in ("ARBITER_NO_CACHE", "ARBITER_DEBUG", "PYTHONDONTWRITEBYTECODE"):
            env.pop(name, None)

        def env_of(row: Row) -> dict[str, str]:
            if row.env == "uncached":
                return dict(env, ARBITER_NO_CACHE="1")
            if row.env == "empty":
                return dict(env, ARBITER_CACHE_DIR=tempfile.mkdtemp(dir=cache))
            return env

        fresh = itertools.count()

        def cmd_of(row: Row) -> list[str]:
            if row.env != "new case":
                return row.cmd
            copy = os.path.join(cache, f"case-{next(fresh)}.yaml")  # a name not read before
            shutil.copyfile(case, copy)
            return [copy if part == case else part for part in row.cmd]

        # Warm-up: fills the rulebook cache, writes byte-code, warms the OS's file cache.
        for row in table.values():
            run_once(cmd_of(row), env_of(row))
            run_once(cmd_of(row), env_of(row))
        if args.instructions:
            return print_counts(table, {name: count_once(cmd_of(row), env_of(row), args.keep,
                                                              name)
                                        for name, row in table.items()}, args.check)
        for _ in range(args.runs):
            for name, row in table.items():
                w, c = run_once(cmd_of(row), env_of(row))
                wall[name].append(w)
                cpu[name].append(c)

    med = {name: statistics.median(t) * 1000 for name, t in wall.items()}
    med_cpu = {name: statistics.median(t) * 1000 for name, t in cpu.items()}
    base, base_cpu = med["floor"], med_cpu["floor"]
    print(f"python {sys.version.split()[0]} on {sys.platform}; {args.runs} runs each, "
          "interleaved; medians of wall-clock time (and of CPU time, user + system, which a "
          "busy machine disturbs less)")
    print(f"{table['floor'].label:<44} {base:7.1f} ms        (cpu {base_cpu:6.1f} ms)")
    over = []
    for name, row in table.items():
        if name == "floor":
            continue
        ratio, ratio_cpu = med[name] / base, med_cpu[name] / base_cpu
        if row.target is not None and ratio > row.target:
            over.append(name)
        goal = f"target {row.target:.2f}" if row.target is not None else row.note
        print(f"{row.label:<44} {med[name]:7.1f} ms  {ratio:4.2f}× (cpu {med_cpu[name]:6.1f} ms"
              f"  {ratio_cpu:4.2f}×)  {goal}")
    print(f"the rulebook cache: --rulebook all takes {med['no cache'] / med['all']:.2f}× as "
          f"long without it; the short exit: {med['no short exit'] / med['all']:.2f}× as long "
          "without it")
    print("targets: " + ("all within" if not over else "OVER for " + ", ".join(over)))
    return 1 if args.check and over else 0


def print_counts(table: dict[str, Row], counts: dict[str, int], check: bool) -> int:
    base = counts["floor"]
    print(f"python {sys.version.split()[0]} on {sys.platform}; instructions counted by "
          "callgrind, one run each, PYTHONHASHSEED=0, byte-code written")
    print(f"{table['floor'].label:<44} {base / 1e6:7.1f} M")
    over = []
    for name, row in table.items():
        if name == "floor":
            continue
        ratio = counts[name] / base
        if row.target is not None and ratio > row.target:
            over.append(name)
        goal = f"target {row.target:.2f}" if row.target is not None else row.note
        print(f"{row.label:<44} {counts[name] / 1e6:7.1f} M  {ratio:4.2f}×  {goal}")
    print("targets: " + ("all within" if not over else "OVER for " + ", ".join(over)))
    return 1 if check and over else 0


if __name__ == "__main__":
    sys.exit(main())
