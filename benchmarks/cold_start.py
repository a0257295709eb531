"""Cold start of ``arbiter law peel 45`` against ``python -c "import click, yaml"``.

A benchmark script, not a test: run it on the machine you care about::

    python benchmarks/cold_start.py            # 20 runs of each, interleaved
    python benchmarks/cold_start.py -n 50 --check

Each run is a fresh process. The two commands are run alternately, N times
each, after one warm-up run of each (the warm-up fills arbiter's cache of
parsed rulebooks, kept in a temporary directory so your own cache is neither
used nor touched), and the medians are compared. The target is a ratio of at
most 1.25. The time without the cache (``ARBITER_NO_CACHE=1``: parse and
validate the YAML) is measured in the same loop and printed beside them.

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
LAW = ["law", "peel", "45"]


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


def run_once(cmd: Sequence[str], env: dict[str, str]) -> float:
    """Wall time of one process, in seconds; fails loudly if the command fails."""
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(
            f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.decode(errors='replace')}"
        )
    return elapsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=20, help="runs of each (default 20)")
    parser.add_argument("--arbiter", help="path of the arbiter executable to time")
    parser.add_argument(
        "--check", action="store_true", help=f"exit 1 if the ratio is over {TARGET}"
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    arbiter = [*arbiter_command(args.arbiter), *LAW]
    baseline = [sys.executable, "-c", "import click, yaml"]

    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as cache:
        env = dict(os.environ, ARBITER_CACHE_DIR=cache)
        env.pop("ARBITER_NO_CACHE", None)
        env.pop("ARBITER_DEBUG", None)
        uncached_env = dict(env, ARBITER_NO_CACHE="1")

        # Warm-up: fills the rulebook cache and the OS's file cache for both sides.
        run_once(arbiter, env)
        run_once(baseline, env)
        run_once(arbiter, uncached_env)

        cached_times: list[float] = []
        baseline_times: list[float] = []
        uncached_times: list[float] = []
        for _ in range(args.runs):
            cached_times.append(run_once(arbiter, env))
            baseline_times.append(run_once(baseline, env))
            uncached_times.append(run_once(arbiter, uncached_env))

    cached = statistics.median(cached_times) * 1000
    base = statistics.median(baseline_times) * 1000
    uncached = statistics.median(uncached_times) * 1000
    ratio = cached / base
    verdict = "within" if ratio <= TARGET else "OVER"
    print(f"python {sys.version.split()[0]} on {sys.platform}; {args.runs} runs each, interleaved")
    print(f"{' '.join(arbiter):<60} median {cached:7.1f} ms  (cached rulebooks)")
    print(f"{' '.join(baseline):<60} median {base:7.1f} ms")
    print(f"{'  ... with ARBITER_NO_CACHE=1':<60} median {uncached:7.1f} ms  (parse + validate)")
    print(
        f"ratio {ratio:.2f} ({verdict} the target of {TARGET}); "
        f"uncached ratio {uncached / base:.2f}"
    )
    return 1 if args.check and ratio > TARGET else 0


if __name__ == "__main__":
    sys.exit(main())
