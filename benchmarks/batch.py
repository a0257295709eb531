"""Many cases in one process: cases per second and peak memory at 1,000 and 10,000 cases.

A benchmark script, not a test::

    python benchmarks/batch.py                  # 10,000 cases under peel, foster and hoyle
    python benchmarks/batch.py -n 2000 --every 500

The cases are the shipped ones (``cases/*.yaml``), varied: each copy gets, in turn, a
larger limit, a pool carried from the deal before, and a larger blind (in its one-line
table), and is given as YAML text, so every one is parsed, validated, replayed and ruled
afresh, as ``arbiter rule cases/ --rulebook all --format jsonl`` would (a variation
the events cannot bear is an error in its place, as in a real run). Each ruling is turned
into its JSON line and dropped: nothing is held between cases, so time should grow
linearly and peak memory stay flat.

Two passes over the same cases: the first times them; the second, under tracemalloc
(which slows everything it watches), records the peak memory traced in each stretch
between checkpoints (the free lists CPython keeps are emptied at each checkpoint, as they
hold memory arbiter has given back).
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arbiter import Library  # noqa: E402
from arbiter.errors import ArbiterError  # noqa: E402
from arbiter.ruling.judge import judge  # noqa: E402
from arbiter.table.batch import Source, cases  # noqa: E402

BOOKS = ("peel", "foster", "hoyle")


def shipped() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((ROOT / "cases").glob("*.yaml"))]


_TABLE = re.compile(r"^table: \{(.*)\}$", re.M)


def vary(text: str, k: int) -> str:
    """Copy ``k`` of a case: in turn a larger limit, a pool carried from the deal before
    and a larger blind, changed in the case's one-line table."""
    def table(m: re.Match[str]) -> str:
        inner = m.group(1)
        if k % 3 == 1:
            inner = re.sub(r"limit: (\d+)", lambda x: f"limit: {int(x.group(1)) * 2}", inner)
        if k % 4 == 2 and "pool:" not in inner:
            inner += ", pool: 2"
        if k % 5 == 3:
            inner = re.sub(r"blind: (\d+)", lambda x: f"blind: {int(x.group(1)) * 2}", inner)
        return "table: {" + inner + "}"

    return f"# variant {k}\n" + _TABLE.sub(table, text, count=1)


def varied(n: int, base: list[str]) -> Iterator[Source]:
    """``n`` cases made one at a time from the shipped ones, each a little different."""
    for i in range(n):
        yield Source(f"variant-{i}.yaml", vary(base[i % len(base)], i // len(base)))


def run(n: int, every: int, books: list[Any], base: list[str],
        trace: bool) -> list[tuple[int, float, int, int, int]]:
    """Rule ``n`` cases under every book: at each checkpoint (cases, seconds, peak bytes,
    rulings, errors)."""
    marks = []
    rulings = errors = 0
    if trace:
        tracemalloc.start()
    start = time.perf_counter()
    for i, (_, case) in enumerate(cases(varied(n, base)), 1):
        if isinstance(case, ArbiterError):
            errors += 1
        else:
            for book in books:
                try:
                    line = json.dumps(judge(case, book).to_dict(), ensure_ascii=False)
                except ArbiterError:
                    errors += 1
                    continue
                rulings += len(line) > 0
        if i % every == 0 or i == n:
            peak = 0
            if trace:
                peak = tracemalloc.get_traced_memory()[1]
                # CPython keeps freed tuples, lists and dicts on free lists, which tracemalloc
                # still counts; a full collection empties them, so each interval's peak is
                # the working set of that interval alone.
                gc.collect()
                tracemalloc.reset_peak()
            marks.append((i, time.perf_counter() - start, peak, rulings, errors))
    if trace:
        tracemalloc.stop()
    return marks


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--cases", type=int, default=10_000, help="cases (10000)")
    ap.add_argument("--every", type=int, default=1000, help="checkpoint every N (1000)")
    ap.add_argument("--no-trace", action="store_true", help="skip the tracemalloc pass")
    args = ap.parse_args(argv)
    lib = Library()
    books = [lib.get(b) for b in BOOKS]
    base = shipped()
    print(f"{args.cases} cases (from {len(base)} shipped, varied) x {len(books)} books, "
          "in one process")
    timed = run(args.cases, args.every, books, base, trace=False)
    traced = run(args.cases, args.every, books, base, trace=True) if not args.no_trace \
        else [(m[0], 0.0, 0, 0, 0) for m in timed]
    print(f"{'cases':>7}  {'seconds':>8}  {'cases/s':>8}  {'rulings':>8}  {'errors':>6}  "
          f"{'peak memory (this stretch)':>26}")
    prev_n, prev_t = 0, 0.0
    for (n, t, _, rulings, errors), (_, _, peak, _, _) in zip(timed, traced, strict=True):
        rate = (n - prev_n) / (t - prev_t) if t > prev_t else 0.0
        memory = f"{peak / 1024:>22.0f} KiB" if not args.no_trace else f"{'-':>26}"
        print(f"{n:>7}  {t:>8.2f}  {rate:>8.0f}  {rulings:>8}  {errors:>6}  {memory}")
        prev_n, prev_t = n, t
    n, t = timed[-1][0], timed[-1][1]
    first = timed[0]
    print(f"overall {n / t:.0f} cases/s ({n * len(books) / t:.0f} rulings/s); the first "
          f"{first[0]} at {first[0] / first[1]:.0f} cases/s")
    if not args.no_trace:
        print(f"peak memory in the first {traced[0][0]} cases {traced[0][2] / 1024:.0f} KiB, "
              f"in the stretch to {traced[-1][0]} {traced[-1][2] / 1024:.0f} KiB, at most "
              f"{max(m[2] for m in traced) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
