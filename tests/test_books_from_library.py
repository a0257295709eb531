"""The books come from the library: a fourth rulebook dropped beside the shipped ones is
taken up by every test of "each book", with no test edit.

The tests that mean every book take them from ``casecheck.published_books`` (the library's
books that extend no other). Here a shipped book is copied under a new id into a
temporary rulebooks directory, and the book-generic tests are run again with it
(``ARBITER_TEST_RULEBOOKS``, see conftest.py), on it alone (``-k``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from casecheck import BOOKS
from conftest import ROOT

# The tests that run once for each book (by parameter), or for each case a book is
# expected to rule. Left out: the sources page (docs/sources.md), which names each book's
# text by hand: writing it is a step of the recipe for adding a book (docs/adding.md).
GENERIC = ["test_cases_rulings.py", "test_cases_replay.py", "test_ruling_consistency.py",
           "test_questions.py", "test_sitting.py", "test_replay_mechanics.py",
           "test_table_words.py", "test_metamorphic.py", "test_both_sides.py",
           "test_hostile_corpus.py", "test_secretary_and_historian.py"]
NEW = "parlour"


def test_the_books_are_the_librarys_published_codes() -> None:
    shipped = sorted(p.stem for p in (ROOT / "rulebooks").glob("*.yaml"))
    assert shipped == BOOKS and len(BOOKS) >= 3


def test_a_fourth_book_is_run_by_every_book_generic_test(tmp_path: Path) -> None:
    books = tmp_path / "rulebooks"
    books.mkdir()
    text = (ROOT / "rulebooks" / "peel.yaml").read_text(encoding="utf-8")
    (books / f"{NEW}.yaml").write_text(re.sub(r"^id: peel$", f"id: {NEW}", text, count=1,
                                              flags=re.M), encoding="utf-8")
    env = dict(os.environ, ARBITER_TEST_RULEBOOKS=str(books))
    env.pop("PYTEST_XDIST_WORKER", None)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider",
         "-k", f"{NEW} and not sources_page", *(f"tests/{f}" for f in GENERIC)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    tail = done.stdout[-3000:]
    assert done.returncode == 0, tail
    passed = re.search(r"(\d+) passed", tail)
    assert passed and int(passed.group(1)) >= 40, tail  # each case under 'all:', and more
    assert not re.search(r"\d+ (failed|error)", tail), tail
