"""Work on large or hostile input stays bounded: wall time of each, in a fresh process.

A benchmark script, not a test::

    python benchmarks/bounded_work.py

- ``check`` on a house book of 3,000 provisions (told apart by the values they test);
- ``search`` for 10,000 words, all different, and for one word 10,000 times;
- ``rule --rulebook all`` on a case of 500 irregular events (the most a case may hold);
- a case of 50 MB, and ``/dev/zero``, refused before they are read.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ARBITER = [sys.executable, "-m", "arbiter"]


def timed(label: str, *args: str) -> None:
    start = time.perf_counter()
    done = subprocess.run([*ARBITER, *args], capture_output=True, env=dict(
        os.environ, ARBITER_NO_CACHE="1"))
    took = time.perf_counter() - start
    print(f"{label:<58} {took * 1000:8.0f} ms  (exit {done.returncode})")


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="arbiter-bounded-") as tmp:
        d = Path(tmp)
        decisions = ["foul_hand", "corrected", "must_take"]
        provisions = [{"id": f"p{i}", "finding": "wrong_number_dealt",
                       "when": {"count": i, "lifted": i % 2 == 0},
                       "decision": decisions[i % 3], "cites": [1]} for i in range(3000)]
        book = d / "big.yaml"
        book.write_text(yaml.safe_dump({"id": "big", "title": "Big", "laws": [
            {"ref": 1, "text": "A law."}], "provisions": provisions}), encoding="utf-8")
        events = ["deal"] + ["C bets 50" if i % 2 else "B raises 99" for i in range(499)]
        case = d / "irregular.yaml"
        case.write_text(yaml.safe_dump({"table": {"seats": list("ABCDE"), "dealer": "A",
                                                  "blind": 1, "limit": 12},
                                        "events": events}), encoding="utf-8")
        huge = d / "huge.yaml"
        with huge.open("wb") as fh:
            fh.write(b"table: {seats: [A, B], dealer: A, blind: 1, limit: 2}\nevents: [deal]\n")
            fh.truncate(50 * 1024 * 1024)

        timed("check, 3,000 provisions", "check", str(book))
        timed("search, 10,000 different words", "search",
              *(f"w{i}x" for i in range(10_000)))
        timed("search, one word 10,000 times", "search", *(["straddle"] * 10_000))
        timed("rule --rulebook all, 500 irregular events", "rule", str(case), "--rulebook",
              "all")
        timed("rule, a 50 MB case (refused)", "rule", str(huge))
        timed("rule, /dev/zero (refused)", "rule", "/dev/zero")
        timed("for comparison: law peel 45", "law", "peel", "45")
    return 0


if __name__ == "__main__":
    sys.exit(main())
