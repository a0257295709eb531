"""How fast a deal is walked with the law acting on it: ``ruling.course`` over cases.

A benchmark script, not a test::

    python benchmarks/course_speed.py              # the shipped cases, every book, best of 3
    python benchmarks/course_speed.py --hands 1000 --repeat 5

``course`` is the replay and the rulings together: one walk through the events, the
findings complete at each step ruled there and their consequences applied to the table,
then everything found ruled on the table as the law left it. (``judge_speed.py`` times the
rulings alone, on replays made beforehand; ``replay_speed.py`` the replay alone.) The
figure is processor time, the best of the repeats, so that other work on a shared machine
counts for less; ``--hands`` adds generated hands (``tests/handgen.py``, seeded) to the
shipped cases.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from handgen import RandomChooser, dump, generate_document  # noqa: E402

from arbiter import InputError, Library  # noqa: E402
from arbiter.law.laws import Rulebook  # noqa: E402
from arbiter.ruling.course import course  # noqa: E402
from arbiter.table.cases import Case, load_case  # noqa: E402


def walk_all(cases: list[Case], books: list[Rulebook]) -> tuple[int, int]:
    """Every case under every book: (courses walked, consequences applied)."""
    done = applied = 0
    for case in cases:
        for book in books:
            try:
                r, _ = course(case, book)
            except InputError:
                continue
            done += 1
            applied += len(r.obeyed)
    return done, applied


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=0, help="generated hands to add (0)")
    ap.add_argument("--seed", type=int, default=1, help="first seed of the hands (1)")
    ap.add_argument("--repeat", type=int, default=3, help="runs, the best taken (3)")
    args = ap.parse_args(argv)
    lib = Library([ROOT / "rulebooks" / "examples"])
    books = [lib.get(b) for b in lib.ids()]
    cases = [load_case(p) for p in sorted((ROOT / "cases").glob("*.yaml"))]
    for i in range(args.hands):
        text = dump(generate_document(RandomChooser(args.seed + i)))
        try:
            cases.append(load_case(f"hand-{args.seed + i}.yaml", text))
        except InputError:
            continue
    walk_all(cases, books)  # warm: each book's nearest laws and mechanics worked out once
    best = float("inf")
    for _ in range(args.repeat):
        t0 = time.process_time()
        done, applied = walk_all(cases, books)
        best = min(best, time.process_time() - t0)
    print(f"{len(cases)} cases under {len(books)} books: {done} courses, {applied} "
          f"consequences applied, {best:.2f} s ({done / best:.0f} courses/s, best of "
          f"{args.repeat})")


if __name__ == "__main__":
    main()
