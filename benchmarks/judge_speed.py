"""How fast the judge rules: findings ruled per second under every rulebook.

A benchmark script, not a test::

    python benchmarks/judge_speed.py              # 1,000 findings a book, seed 1
    python benchmarks/judge_speed.py -f 4000 --seed 7

Generated hands (the property tests' own, ``tests/handgen.py``, seeded) are
replayed under each book until the replays hold at least the number of
findings asked for; then only the judging is timed: matching every finding
against the book's provisions, the procedures, the nearest laws for each
silence, the assumptions. The judge does its per-replay work once (table
facts, procedures) and its search for nearest laws once per kind of finding,
so the time grows with the findings and no faster: the script prints it for
a quarter, a half and the whole of the findings to show that.
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
from arbiter.ruling.judge import rule_on  # noqa: E402
from arbiter.table.cases import load_case  # noqa: E402
from arbiter.table.replay import Replay, replay  # noqa: E402

BOOKS = ("peel", "foster", "hoyle")


def replays_with(book: Rulebook, findings: int, seed: int) -> list[Replay]:
    """Replays of generated hands under ``book`` holding at least ``findings`` findings."""
    out: list[Replay] = []
    total, i = 0, 0
    while total < findings:
        text = dump(generate_document(RandomChooser(seed + i)))
        i += 1
        try:
            r = replay(load_case(f"hand-{seed + i}.yaml", text), book)
        except InputError:
            continue
        out.append(r)
        total += len(r.findings)
    return out


def time_rulings(replays: list[Replay], book: Rulebook) -> float:
    t0 = time.perf_counter()
    for r in replays:
        rule_on(r, book)
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--findings", type=int, default=1000,
                    help="findings to rule under each book (1000)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (1)")
    args = ap.parse_args(argv)
    lib = Library()
    grand = found = 0.0
    for book in (lib.get(b) for b in BOOKS):
        replays = replays_with(book, args.findings, args.seed)
        n = sum(len(r.findings) for r in replays)
        first = time_rulings(replays, book)  # cold: each kind's nearest laws searched once
        parts = []
        for share in (4, 2, 1):
            chosen = replays[: max(1, len(replays) // share)]
            parts.append((sum(len(r.findings) for r in chosen), time_rulings(chosen, book)))
        whole = parts[-1][1]
        grand += first
        found += n
        scaling = ", ".join(f"{k} in {t * 1000:.0f} ms" for k, t in parts)
        print(f"{book.id:7} {n:6d} findings in {len(replays):4d} replays: first {first:6.3f} s, "
              f"again {whole:6.3f} s ({n / whole:6.0f} findings/s; {scaling})")
    print(f"all     {int(found):6d} findings under all three books, first pass: {grand:6.3f} s "
          f"(target: {args.findings} a book in under 1 s in all)")


if __name__ == "__main__":
    main()
