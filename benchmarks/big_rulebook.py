"""How a very large rulebook fares: ``arbiter rulebooks`` on a book of 10,000 laws.

A benchmark script, not a test::

    python benchmarks/big_rulebook.py              # 10,000 laws, 200 provisions
    python benchmarks/big_rulebook.py -n 50000

A club's book of N numbered laws (its own words, so no source to check) and a
provision citing every fiftieth law is written to a temporary directory. Then
``arbiter rulebooks --rulebooks DIR`` is run as a user runs it, in a fresh
process: once with an empty cache of parsed rulebooks (parse and validate the
YAML), then three times with the cache filled. The target is under a second
for the cached run. In this process it also times ``Rulebook.summary()`` and
a thousand ``Rulebook.law()`` lookups, which were quadratic and linear in the
number of laws before.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cold_start import arbiter_command

TARGET = 1.0  # seconds, for the cached `arbiter rulebooks`


def book_text(laws: int) -> str:
    out = ["id: big", "title: A club's very long book", "author: The committee", "laws:"]
    for n in range(1, laws + 1):
        out.append(f"  - {{ref: {n}, heading: Rule {n}, text: 'The {n}th rule of the club.'}}")
    out.append("provisions:")
    for n in range(1, laws + 1, 50):
        out.append(f"  - {{id: rule-{n}, finding: spoke_to_dealer, point: p{n}, "
                   f"decision: penalty, says: 'a fine', cites: [{n}]}}")
    return "\n".join(out) + "\n"


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.decode()}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--laws", type=int, default=10_000, help="laws in the book (10000)")
    ap.add_argument("--arbiter", help="path of the arbiter executable to time")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="arbiter-big-") as tmp:
        books, cache = Path(tmp) / "books", Path(tmp) / "cache"
        books.mkdir()
        (books / "big.yaml").write_text(book_text(args.laws), encoding="utf-8")
        env = dict(os.environ, ARBITER_CACHE_DIR=str(cache))
        env.pop("ARBITER_NO_CACHE", None)
        cmd = [*arbiter_command(args.arbiter), "rulebooks", "--rulebooks", str(books)]
        uncached = timed(cmd, env)
        cached = statistics.median(timed(cmd, env) for _ in range(3))

        os.environ["ARBITER_CACHE_DIR"] = str(cache)
        from arbiter import Library

        book = Library([books]).get("big")
        start = time.perf_counter()
        summary = book.summary()
        summarised = time.perf_counter() - start
        start = time.perf_counter()
        for n in range(1, 1001):
            book.law(n * (args.laws // 1000 or 1))
        looked_up = time.perf_counter() - start

    verdict = "within" if cached < TARGET else "OVER"
    print(f"a rulebook of {args.laws} laws and {len(book.provisions)} provisions "
          f"({summary['executable_laws']} laws executable)")
    print(f"arbiter rulebooks, cache empty  {uncached:7.3f} s  (parse + validate the YAML)")
    print(f"arbiter rulebooks, cached       {cached:7.3f} s  ({verdict} the target of "
          f"{TARGET:.0f} s)")
    print(f"Rulebook.summary()              {summarised * 1000:7.1f} ms")
    print(f"1,000 Rulebook.law() lookups    {looked_up * 1000:7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
