"""Every quoted law is word for word in its pinned source, and the source is the pinned one.

The comparison folds whitespace, drops page markers (``[53]``, ``{125}``),
footnote marks and italics underscores, and treats curly and straight quotes
alike (``arbiter.law.quotes.normalise``); nothing else is forgiven. Where
``../shared/sources`` is absent (a user's machine) these tests are skipped with
a reason; everywhere else they run.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, sources_or_skip
from msgspec.structs import replace

from arbiter.law.laws import Rulebook
from arbiter.law.quotes import normalise
from arbiter.law.rulebooks import load_rulebook
from arbiter.law.verbatim import check_book, source_body, sources_dir

BOOK_FILES = sorted((ROOT / "rulebooks").glob("*.yaml")) + sorted(
    (ROOT / "rulebooks" / "examples").glob("*.yaml")
)


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "rulebooks").with_suffix(""))


@pytest.fixture
def sources() -> Path:
    return sources_or_skip()


@pytest.fixture  # function scope: the autouse cache isolation must come first
def peel() -> Rulebook:
    return load_rulebook(ROOT / "rulebooks" / "peel.yaml")


def test_the_three_authorities_are_present() -> None:
    ids = {p.stem for p in BOOK_FILES}
    assert "peel" in ids
    missing = {"foster", "hoyle"} - ids
    if missing:
        pytest.skip(f"not written yet: {', '.join(sorted(missing))}")


@pytest.mark.parametrize("path", BOOK_FILES, ids=_id)
def test_every_quotation_is_verbatim_in_its_pinned_source(path: Path, sources: Path) -> None:
    book = load_rulebook(path)
    own = [law for law in book.laws if law.book == book.id]
    if not book.source_file:
        assert book.extends, f"{book.id}: a rulebook without a source must extend one that has"
        pytest.skip(f"{book.id} is house rules with no source of its own")
    assert own, f"{book.id} pins a source but quotes no law from it"
    bad = check_book(book, sources)
    report = "\n".join(
        f"{m.book} law {m.ref}: {m.what} not found verbatim in {book.source_file}: "
        f"{normalise(m.quote)[:120]!r}"
        for m in bad
    )
    assert not bad, f"{len(bad)} quotation(s) of {book.id} not in the source:\n{report}"


@pytest.mark.parametrize("path", BOOK_FILES, ids=_id)
def test_pinned_sha256_matches_the_source_file(path: Path, sources: Path) -> None:
    book = load_rulebook(path)
    if not book.source_file:
        pytest.skip(f"{book.id} is house rules with no source of its own")
    source = sources / book.source_file
    assert source.is_file(), f"{book.id} pins {book.source_file}, which is not in {sources}"
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    assert digest == book.source_sha256, (
        f"{book.id}: {book.source_file} has sha256 {digest}, the rulebook pins {book.source_sha256}"
    )


@pytest.mark.parametrize("path", BOOK_FILES, ids=_id)
def test_inherited_laws_are_checked_against_their_own_book(path: Path, sources: Path) -> None:
    book = load_rulebook(path)
    for parent_id in sorted({law.book for law in book.laws} - {book.id}):
        parent = load_rulebook(parent_id)
        assert not check_book(parent, sources), f"{book.id} inherits bad quotations of {parent_id}"


# --- the normaliser forgives layout, never words ------------------------------------------------


def test_normalise_folds_layout_markers_italics_and_quotes() -> None:
    printed = "the  _age_ [53]\n may “straddle”{125} the blind¹ ,  by ‘doubling’"
    assert normalise(printed) == "the age may \"straddle\" the blind, by 'doubling'"


@pytest.mark.parametrize(
    "changed",
    [
        "The cards shall be the ordinary pack of fifty-three cards.",  # a changed word
        "The cards shall be the pack of fifty-two cards.",  # a dropped word
        "The cards shall be the ordinary pack of fifty-two cards!",  # changed punctuation
        "the cards shall be the ordinary pack of fifty-two cards.",  # changed case
        "The cards shall be the ordinary deck of fifty-two cards.",  # a modernised word
    ],
)
def test_a_changed_quotation_of_peel_1_is_caught(
    changed: str, peel: Rulebook, sources: Path
) -> None:
    law = peel.law(1)
    assert law is not None
    assert normalise(law.text) == "The cards shall be the ordinary pack of fifty-two cards."
    altered = replace(
        peel,
        laws=tuple(replace(x, text=changed) if x.ref == law.ref else x for x in peel.laws)
    )
    bad = check_book(altered, sources)
    assert [(m.ref, m.what) for m in bad] == [("1", "text")]


def test_a_rewrapped_quotation_with_curly_quotes_is_still_verbatim(
    peel: Rulebook, sources: Path
) -> None:
    # Layout and quote style may differ from the printed page; the words may not.
    altered = replace(
        peel,
        laws=tuple(
            replace(law, text="\n   ".join(law.text.replace('"', "“").split(" ")))
            for law in peel.laws
        ),
    )
    assert check_book(altered, sources) == []


def test_a_changed_footnote_is_caught(peel: Rulebook, sources: Path) -> None:
    law = next((x for x in peel.laws if x.footnotes), None)
    if law is None:
        pytest.skip("peel.yaml keeps no footnotes")
    wrong = law.footnotes[0].replace(" the ", " a ", 1)
    assert wrong != law.footnotes[0]
    altered = replace(
        peel,
        laws=tuple(
            replace(x, footnotes=(wrong, *x.footnotes[1:])) if x.ref == law.ref else x
            for x in peel.laws
        ),
    )
    assert [(m.ref, m.what) for m in check_book(altered, sources)] == [(law.ref, "footnote 1")]


def test_a_quotation_from_the_provenance_header_is_not_accepted(
    peel: Rulebook, sources: Path
) -> None:
    # The header (where the text came from) is not the book: only the body after '---' counts.
    assert peel.source_file is not None
    raw = (sources / peel.source_file).read_text(encoding="utf-8")
    header_line = raw.splitlines()[0]
    assert header_line not in source_body(raw)
    altered = replace(peel, laws=(replace(peel.laws[0], text=header_line),))
    assert [m.ref for m in check_book(altered, sources)] == ["1"]


def test_a_source_that_differs_from_the_pinned_one_is_caught(
    peel: Rulebook, sources: Path, tmp_path: Path
) -> None:
    assert peel.source_file is not None
    copy = tmp_path / peel.source_file
    shutil.copy(sources / peel.source_file, copy)
    copy.write_bytes(copy.read_bytes() + b"\n")
    bad = check_book(peel, tmp_path)
    assert [(m.ref, m.what) for m in bad] == [("-", "sha256")]


def test_a_missing_source_file_is_reported_not_raised(peel: Rulebook, tmp_path: Path) -> None:
    bad = check_book(peel, tmp_path)
    assert [m.what for m in bad] == ["source"]


def test_sources_dir_is_none_when_absent(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ARBITER_SOURCES", str(tmp_path / "nowhere"))
    assert sources_dir() is None
    monkeypatch.setenv("ARBITER_SOURCES", str(tmp_path))
    assert sources_dir() == tmp_path
