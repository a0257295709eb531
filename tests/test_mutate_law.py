"""The mutation check's own machinery (the full run is in .ci/run: benchmarks/mutate_law.py).

The shipped books pass their cases; a mutant that drops a law the cases pin is caught;
every listed equivalent mutant names a mutant the script really makes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import mutate_law  # noqa: E402

from arbiter import Library  # noqa: E402
from arbiter.table.cases import load_case  # noqa: E402


def _suite(book: str) -> list:  # type: ignore[type-arg]
    out = []
    for p in sorted((ROOT / "cases").glob("*.yaml")):
        case = load_case(p)
        exp = mutate_law._expectations(case, book)
        if exp is not None:
            out.append((case, *exp))
    return out


def test_the_shipped_book_survives_its_own_cases() -> None:
    assert mutate_law.killed_by(Library().get("peel"), _suite("peel")) == ""


def test_dropping_peel_45_is_caught_by_a_case() -> None:
    rb = Library().get("peel")
    mutants = dict(mutate_law.mutants(rb))
    assert mutate_law.killed_by(mutants["drop peel-45-wrong-draw-foul"], _suite("peel"))


def test_every_listed_equivalent_is_a_real_mutant() -> None:
    lib = Library()
    names = {f"{b}: {name}" for b in mutate_law.BOOKS for name, _ in mutate_law.mutants(lib.get(b))}
    assert set(mutate_law.EQUIVALENT) <= names
