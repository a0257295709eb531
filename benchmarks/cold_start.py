"""Cold start of `arbiter rule`, `replay` and `law` against `python -c "import click, yaml"`.

A benchmark script, not a test: run it on the machine you care about::

    python benchmarks/cold_start.py            # 20 runs of each, interleaved
    python benchmarks/cold_start.py -n 50 --check

Each run is a fresh process. The floor (Python starting and importing click and
PyYAML, which every arbiter command needs) and the three commands are run in
turn, N times each, after one warm-up run of each, and the medians compared:

- ``arbiter rule CASE`` and ``arbiter replay CASE``, on ``cases/peel-the-say.yaml``
  (the whole of the say, the draw and the betting: 25 events);
- ``arbiter law peel 45``.

The target is a ratio of at most 1.25 for each. The warm-up fills arbiter's cache
of parsed rulebooks, kept in a temporary directory so your own cache is neither
used nor touched, and lets Python write the byte-code of arbiter's modules as an
install would (``PYTHONDONTWRITEBYTECODE`` is lifted for it). The time of ``rule``
without the cache (``ARBITER_NO_CACHE=1``: parse and validate the rulebook's YAML)
is measured in the same loop and printed beside them.

The ``arbiter`` console script is looked for beside the interpreter running
this script (the virtualenv's ``bin/``), then on ``PATH``; failing both,
``python -m arbiter`` is timed instead. Version managers' shims (pyenv) are
shell scripts that re-exec Python and would add their own start-up to the
measurement, so the real script is preferred; ``--arbiter PATH`` overrides.
"""

from __future__ import annotations

import argparse
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

TARGET = 1.25
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=20, help="runs of each (default 20)")
    parser.add_argument("--arbiter", help="path of the arbiter executable to time")
    parser.add_argument(
        "--check", action="store_true", help=f"exit 1 if any ratio is over {TARGET}"
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    arbiter = arbiter_command(args.arbiter)
    case = str(CASE) if CASE.is_file() else "peel-the-say"  # the shipped copy, installed
    floor = [sys.executable, "-c", "import click, yaml"]
    commands = {
        "floor": floor,
        "rule": [*arbiter, "rule", case],
        "replay": [*arbiter, "replay", case],
        "law": [*arbiter, "law", "peel", "45"],
    }

    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as cache:
        env = dict(os.environ, ARBITER_CACHE_DIR=cache)
        for name in ("ARBITER_NO_CACHE", "ARBITER_DEBUG", "PYTHONDONTWRITEBYTECODE"):
            env.pop(name, None)
        uncached_env = dict(env, ARBITER_NO_CACHE="1")

        # Warm-up: fills the rulebook cache, writes byte-code, warms the OS's file cache.
        for cmd in commands.values():
            run_once(cmd, env)
            run_once(cmd, env)
        run_once(commands["rule"], uncached_env)

        wall: dict[str, list[float]] = {name: [] for name in [*commands, "uncached"]}
        cpu: dict[str, list[float]] = {name: [] for name in wall}
        for _ in range(args.runs):
            for name, cmd in [*commands.items(), ("uncached", commands["rule"])]:
                w, c = run_once(cmd, uncached_env if name == "uncached" else env)
                wall[name].append(w)
                cpu[name].append(c)

    med = {name: statistics.median(t) * 1000 for name, t in wall.items()}
    med_cpu = {name: statistics.median(t) * 1000 for name, t in cpu.items()}
    base, base_cpu = med["floor"], med_cpu["floor"]
    print(f"python {sys.version.split()[0]} on {sys.platform}; {args.runs} runs each, "
          "interleaved; medians of wall-clock time (and of CPU time, user + system, which a "
          "busy machine disturbs less)")
    floor_label = 'python -c "import click, yaml" (the floor)'
    print(f"{floor_label:<44} {base:7.1f} ms        (cpu {base_cpu:6.1f} ms)")
    over = []
    for name in ("rule", "replay", "law", "uncached"):
        ratio, ratio_cpu = med[name] / base, med_cpu[name] / base_cpu
        if name != "uncached" and ratio > TARGET:
            over.append(name)
        if name == "uncached":
            label = "  rule, ARBITER_NO_CACHE=1 (parse rulebook)"
        else:
            words = ["arbiter", *commands[name][len(arbiter):]]
            label = " ".join(words).replace(str(CASE.parent.parent) + os.sep, "")
        print(f"{label:<44} {med[name]:7.1f} ms  {ratio:4.2f}× (cpu {med_cpu[name]:6.1f} ms  "
              f"{ratio_cpu:4.2f}×)")
    print(f"target: each ratio at most {TARGET}: "
          + ("all within" if not over else "OVER for " + ", ".join(over)))
    return 1 if args.check and over else 0


if __name__ == "__main__":
    sys.exit(main())
