"""How fast the replay runs: generated hands replayed per second, and peak memory.

A benchmark script, not a test::

    python benchmarks/replay_speed.py                 # 2,000 hands, seed 1, every rulebook
    python benchmarks/replay_speed.py -n 5000 --seed 7 --rulebook peel --junk

The hands are the property tests' own (``tests/handgen.py``), drawn from a
seeded ``random.Random``, so a seed always gives the same hands: a blind,
straddles, the deal, the say, the draw with its irregularities, the betting
and the show, written as case files and loaded as a user's would be. With
``--junk`` some events are scattered out of place, so more hands end in
"cannot happen".

Three figures are printed: loading (YAML, schema, the one-line events),
replaying (the table step by step, findings and all), and the peak memory
traced while replaying the whole batch one hand at a time, measured in a
second pass because tracemalloc slows everything it watches.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from handgen import RandomChooser, dump, generate_document  # noqa: E402

from arbiter import InputError, Library  # noqa: E402
from arbiter.law.laws import Rulebook  # noqa: E402
from arbiter.table.cases import Case, load_case  # noqa: E402
from arbiter.table.replay import replay  # noqa: E402

BOOKS = ("peel", "foster", "hoyle")


def replay_all(cases: list[Case], books: list[Rulebook]) -> tuple[int, int, int, int]:
    """Replay every case under every book: (replays, cannot-happen, steps, findings)."""
    done = errors = steps = findings = 0
    for case in cases:
        for book in books:
            try:
                r = replay(case, book)
            except InputError:
                errors += 1
                continue
            done += 1
            steps += len(r.steps)
            findings += len(r.findings)
    return done, errors, steps, findings


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--hands", type=int, default=2000, help="hands to generate (2000)")
    ap.add_argument("--seed", type=int, default=1, help="first seed; hand i uses seed+i (1)")
    ap.add_argument("--rulebook", choices=BOOKS, action="append",
                    help="replay under this book only (may be repeated; default all three)")
    ap.add_argument("--junk", action="store_true", help="scatter out-of-place events")
    args = ap.parse_args(argv)
    if args.hands < 1000:
        print("note: fewer than 1,000 hands; the figures will be noisy", file=sys.stderr)

    lib = Library()
    books = [lib.get(b) for b in (args.rulebook or BOOKS)]

    t0 = time.perf_counter()
    texts = [dump(generate_document(RandomChooser(args.seed + i), junk=args.junk))
             for i in range(args.hands)]
    t1 = time.perf_counter()
    cases = [load_case(f"hand-{args.seed + i}.yaml", t) for i, t in enumerate(texts)]
    t2 = time.perf_counter()
    done, errors, steps, findings = replay_all(cases, books)
    t3 = time.perf_counter()

    tracemalloc.start()
    replay_all(cases, books)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    replays = len(cases) * len(books)
    events = sum(len(c.events) for c in cases)
    print(f"{len(cases)} generated hands (seed {args.seed}, {'with' if args.junk else 'no'} "
          f"junk), {events / len(cases):.1f} events a hand; "
          f"rulebooks: {', '.join(b.id for b in books)}")
    print(f"generate  {t1 - t0:8.3f} s")
    print(f"load      {t2 - t1:8.3f} s  {len(cases) / (t2 - t1):10.0f} hands/s")
    print(f"replay    {t3 - t2:8.3f} s  {replays / (t3 - t2):10.0f} hands/s "
          f"({replays} replays: {done} to the end, {errors} 'cannot happen'; "
          f"{steps / max(done, 1):.1f} steps and {findings / max(done, 1):.2f} findings each)")
    print(f"          {(t3 - t2) / replays * 1e6:8.0f} µs a hand")
    print(f"peak memory while replaying (tracemalloc): {peak / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
