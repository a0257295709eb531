"""Every case is ruled under every rulebook; cases that carry an expected ruling must get it.

A failure prints the case, the book and the difference. Every quotation in every
ruling is checked verbatim against the sources where they are present.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from casecheck import BOOKS, expected_books, library, ruling_differences
from conftest import sources_or_skip

from arbiter import Library
from arbiter.law.quotes import normalise
from arbiter.law.verbatim import source_body
from arbiter.render.ruling import ruling_markdown, ruling_text
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))


def _expected() -> list[tuple[Path, str]]:
    import yaml

    out = []
    for path in CASES:
        expect = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("expect", {})
        for book in expected_books(expect):
            blocks = [expect.get(book), expect.get("all") if book in BOOKS else None]
            if any(isinstance(b, dict) and "ruling" in b for b in blocks):
                out.append((path, book))
    return sorted(set(out))


@pytest.mark.parametrize(("path", "book"), _expected(), ids=lambda v: getattr(v, "stem", v))
def test_case_gets_its_expected_ruling(path: Path, book: str) -> None:
    case = load_case(path)
    expect = dict(case.expect.get("all", {}).get("ruling", {})) if book in BOOKS else {}
    expect.update(case.expect.get(book, {}).get("ruling", {}))
    ruling = judge(case, library().get(book))
    diffs = ruling_differences(ruling, expect)
    assert not diffs, f"{path.name} under {book}:\n  " + "\n  ".join(diffs)


@pytest.mark.parametrize("book", BOOKS)
def test_every_case_is_ruled_in_every_format_with_verbatim_quotes(book: str) -> None:
    sources = sources_or_skip()
    rb = Library().get(book)
    body = normalise(source_body((sources / rb.source_file).read_text(encoding="utf-8")))
    for path in CASES:
        ruling = judge(load_case(path), rb)
        assert ruling_text(ruling, explain=True)
        assert ruling_markdown(ruling).startswith("# Ruling")
        data = json.loads(json.dumps(ruling.to_dict(explain=True)))
        assert set(data) >= {"rulebook", "findings", "decisions", "citations"}
        for c in data["citations"]:
            assert {"ref", "page", "quote"} <= set(c)
            assert normalise(c["quote"]) in body, f"{path.name}: {book} {c['ref']} not verbatim"


def test_every_decision_cites_law() -> None:
    for book in BOOKS:
        rb = Library().get(book)
        for path in CASES:
            for d in judge(load_case(path), rb).decisions:
                assert d.cites, f"{path.name} under {book}: {d.provision} cites nothing"
