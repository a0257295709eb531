"""`arbiter diff`: two books (or more) topic by topic, from the books' own `topics:` data."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from casecheck import BOOKS
from click.testing import CliRunner
from conftest import ROOT

from arbiter import Library, Rulebook
from arbiter.cli import cli
from arbiter.law.alike import compare_finding
from arbiter.law.topics import topic_ids, topics_of, untopical_laws


def run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def test_every_shipped_law_stands_under_a_topic_and_the_books_share_their_topics() -> None:
    lib = Library()
    ids = [[t.id for t in topics_of(lib, lib.get(b))] for b in BOOKS]
    assert ids[0] == ids[1] == ids[2]
    assert len(ids[0]) == 13
    for b in BOOKS:
        assert untopical_laws(lib, lib.get(b)) == [], f"{b} has laws under no topic"


@pytest.mark.parametrize("other", ["foster", "hoyle"])
def test_diff_prints_every_topic_with_each_books_laws(other: str) -> None:
    lib = Library()
    peel, book = lib.get("peel"), lib.get(other)
    result = run("diff", "peel", other)
    assert result.exit_code == 0, result.output
    topics = {t.id: t for t in topics_of(lib, book)}
    for tid in topic_ids(lib, [peel, book]):
        title = topics[tid].title
        assert f"== {title} ({tid}) " in result.output
    data = json.loads(run("diff", "peel", other, "--format", "json").output)
    for t in data["topics"]:
        for side, b in zip(t["laws"], (peel, book), strict=True):
            want = next(x for x in topics_of(lib, b) if x.id == t["id"])
            assert [law["ref"] for law in side["laws"]] == list(want.laws)
            assert side["pinned"] == want.pinned


def test_fosters_topics_outside_the_extract_are_marked_not_pinned() -> None:
    lib = Library()
    unpinned = [t for t in topics_of(lib, lib.get("foster")) if not t.pinned]
    assert unpinned, "the Foster rulebook marks no topic outside its extract"
    for t in unpinned:
        out = run("diff", "peel", "foster", "--topic", t.id).output
        assert "Foster's laws on this are" in out
        side = json.loads(run("diff", "peel", "foster", "--topic", t.id, "--format",
                              "json").output)["topics"][0]["laws"][1]
        assert side["pinned"] is False and side["laws"] == []
    pinned = next(t for t in topics_of(lib, lib.get("foster")) if t.pinned and t.laws)
    out = run("diff", "peel", "foster", "--topic", pinned.id).output
    assert "Foster's laws on this are" not in out


def test_the_three_straddle_rules_with_their_limits() -> None:
    lib = Library()
    books = [lib.get(b) for b in BOOKS]
    result = run("diff", *BOOKS, "--topic", "straddling")
    assert result.exit_code == 0
    data = json.loads(run("diff", *BOOKS, "--topic", "straddling",
                          "--format", "json").output)["topics"][0]
    shown = {(side["book"], law["ref"]): law["text"] for side in data["laws"]
             for law in side["laws"]}
    row = next(ln for ln in result.output.splitlines() if "straddle.max_of_limit" in ln)
    for b in books:
        limit = Fraction(b.parameters["straddle"]["max_of_limit"]).limit_denominator(100)
        words = "the whole limit" if limit == 1 else f"{limit} of the limit"
        assert words in row, f"{b.id}'s straddle limit ({words}) missing: {row}"
        for t in topics_of(lib, b):
            if t.id == "straddling":
                for ref in t.laws:
                    law = b.law(ref)
                    assert law is not None
                    # With one topic, each law is given in full, under its reference.
                    assert shown[(b.id, law.ref)] == " ".join(law.text.split())
    assert row.lstrip().startswith("*")  # the books differ on it


def test_decide_alike_is_computed_from_the_provisions() -> None:
    def book(bid: str, provisions: list[dict[str, Any]], extract: bool = False) -> Rulebook:
        return Rulebook(id=bid, title=bid, file="", provisions=tuple(provisions),
                        extract=extract)

    foul = {"id": "x-foul", "finding": "k", "when": {"lifted": True}, "decision": "foul_hand",
            "cites": []}
    take = {"id": "x-take", "finding": "k", "when": {"lifted": False},
            "decision": "must_take", "cites": []}
    a = book("a", [foul, take])
    same = compare_finding("k", a, book("b", [dict(foul, id="y-foul"), dict(take, id="y")]))
    assert same.alike and same.combinations == 2
    # b rules a foul hand only past the first bet: the two part where no bet was made.
    later = dict(foul, id="y-foul", when={"lifted": True, "bet_made": True})
    parted = compare_finding("k", a, book("b", [later, dict(take, id="y")], extract=True))
    assert not parted.alike
    assert parted.differing == 1
    facts, va, vb = parted.examples[0]
    assert facts == {"bet_made": False, "lifted": True}
    assert va.words() == "foul hand" and vb.words() == "not in the pinned text"
    # An exception is honoured, as the judge honours it.
    exc = {"id": "x-exc", "finding": "k", "when": {"lifted": True, "bet_made": True},
           "decision": "new_deal", "exception_to": ["x-foul"], "cites": []}
    one = compare_finding("k", book("a", [foul, exc]), book("b", [foul]))
    assert one.differing == 1 and one.examples[0][1].words() == "new deal"


def test_shipped_books_decide_alike_where_their_provisions_cannot_part() -> None:
    """For each finding kind on which both books rule unconditionally, `alike` is exactly
    whether their decisions are the same."""
    lib = Library()
    a, b = lib.get("peel"), lib.get("hoyle")
    checked = 0
    for kind in {p["finding"] for p in a.provisions} & {p["finding"] for p in b.provisions}:
        pa = [p for p in a.provisions if p["finding"] == kind]
        pb = [p for p in b.provisions if p["finding"] == kind]
        if len(pa) == len(pb) == 1 and not pa[0].get("when") and not pb[0].get("when"):
            result = compare_finding(kind, a, b)
            assert result.alike == (pa[0]["decision"] == pb[0]["decision"]), kind
            checked += 1
    assert checked


def test_a_house_books_topics_follow_its_parents() -> None:
    lib = Library([ROOT / "rulebooks" / "examples"])
    house, foster = lib.get("house"), lib.get("foster")
    mine = {t.id: t for t in topics_of(lib, house)}
    theirs = {t.id: t for t in topics_of(lib, foster)}
    assert list(mine) == list(theirs)
    for tid, t in theirs.items():
        assert mine[tid].laws[: len(t.laws)] == t.laws
    added = {ref for tid in mine for ref in mine[tid].laws} - {
        ref for tid in theirs for ref in theirs[tid].laws}
    assert added == {law.ref for law in house.laws if law.book == "house"}
    out = run("diff", "foster", "house", "--rulebooks", str(ROOT / "rulebooks" / "examples"),
              "--topic", "straddling").output
    assert "H1" in out


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run the command as a user's shell would (errors turned into one line by main)."""
    from arbiter.cli import main

    with pytest.raises(SystemExit) as exc:
        main(args)
    return int(exc.value.code or 0), capsys.readouterr().err


def test_an_unknown_topic_answers_with_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run_main(["diff", "peel", "foster", "--topic", "stradling"], capsys)
    assert code == 2
    assert "did you mean 'straddling'" in err and len(err.strip().splitlines()) == 1


def test_a_topic_naming_a_missing_law_is_bad_input_with_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = tmp_path / "club.yaml"
    club.write_text("id: club\ntitle: Club\nextends: peel\ntopics:\n"
                    "  - {id: straddling, laws: [21, 99]}\n", encoding="utf-8")
    checked = CliRunner().invoke(cli, ["check", str(club)])
    assert checked.exit_code == 2
    line = checked.stderr.strip()
    assert line.startswith(f"{club}:5:") and "topics[0].laws" in line and "99" in line
    code, err = run_main(["diff", "peel", "club", "--rulebooks", str(tmp_path)], capsys)
    assert code == 2 and f"{club}:5:" in err and "99" in err
