"""What a club's secretary and a historian need: a house book to start from that checks,
the example books and every book by id, a club's laws under no topic shown in diff, the
disagreements alone in every format, and where each text comes from."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from casecheck import BOOKS
from conftest import ROOT, sources_or_skip
from inproc import run

from arbiter import Library


@pytest.mark.parametrize("parent", BOOKS)
def test_new_house_writes_a_commented_house_book_that_checks(parent: str,
                                                             tmp_path: Path) -> None:
    club = tmp_path / "crown.yaml"
    made = run("new", "--house", str(club), "--on", parent)
    assert made.code == 0, made.err
    text = club.read_text(encoding="utf-8")
    assert f"extends: {parent}" in text and "id: crown" in text
    assert sum(line.lstrip().startswith("#") for line in text.splitlines()) >= 20
    checked = run("check", str(club))
    assert checked.code == 0, checked.err
    assert checked.out.startswith(f"{club}: ok (rulebook crown")
    ruled = run("rule", "given-four-after-discarding-three-and-lifted", "--rulebooks",
                str(tmp_path), "--rulebook", "crown", "--format", "json")
    mine = json.loads(ruled.out)
    theirs = json.loads(run("rule", "given-four-after-discarding-three-and-lifted",
                            "--rulebook", parent, "--format", "json").out)
    assert [d["decision"] for d in mine["decisions"]] == [
        d["decision"] for d in theirs["decisions"]]  # nothing changed until the club edits


def test_the_house_template_with_its_examples_uncommented_checks_and_rules(
        tmp_path: Path) -> None:
    club = tmp_path / "crown.yaml"
    assert run("new", "--house", str(club), "--on", "peel").code == 0
    opened = [re.sub(r"^( *)# ((?:  )*(?:- |[a-z_]+:)|    )", r"\1\2", line)
              for line in club.read_text(encoding="utf-8").splitlines()]
    assert sum(a != b for a, b in zip(opened, club.read_text(encoding="utf-8").splitlines(),
                                      strict=True)) >= 15
    club.write_text("\n".join(opened).replace("cites: [H3]", "cites: [H1]") + "\n",
                    encoding="utf-8")
    checked = run("check", str(club))
    assert checked.code == 0, checked.err
    ruled = json.loads(run("rule", "spoke-to-the-dealer-during-the-deal", "--rulebooks",
                           str(tmp_path), "--rulebook", "crown", "--format", "json").out)
    fines = [d for d in ruled["decisions"] if d["provision"] == "house-h2-speaking"]
    assert fines and fines[0]["decision"] == "penalty"


def test_a_house_books_file_is_named_after_its_id(tmp_path: Path) -> None:
    bad = run("new", "--house", str(tmp_path / "Crown Club.yaml"))
    assert bad.code == 2 and "named after its id" in bad.err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("book", [*BOOKS, "house", "hoyle-straddle"])
def test_check_takes_a_rulebook_by_its_id(book: str, tmp_path: Path) -> None:
    done = run("check", book, env={"ARBITER_SOURCES": str(tmp_path / "none")})
    assert done.code == 0, done.err
    assert done.out.startswith(f"{book}: ok (rulebook {book},")


def test_check_of_a_name_that_is_neither_file_nor_book_says_so() -> None:
    done = run("check", "pele")
    assert done.code == 2
    assert "no such file, and no rulebook 'pele'; did you mean 'peel'?" in done.err


def test_the_shipped_example_books_are_reached_by_name_from_an_installed_copy(
        tmp_path: Path) -> None:
    """From a directory with no rulebooks/ in it, and no --rulebooks."""
    env = dict(os.environ)
    env.pop("ARBITER_RULEBOOKS", None)
    done = subprocess.run([sys.executable, "-m", "arbiter", "rule", "straddles-doubled-to-eight",
                           "--rulebook", "house", "--format", "json"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rulebook"] == "house"
    assert "house" not in Library().ids()  # 'all' is still the published books


def test_a_club_law_under_no_topic_shows_under_other_in_diff(tmp_path: Path) -> None:
    assert run("new", "--house", str(tmp_path / "crown.yaml"), "--on", "peel").code == 0
    text = run("diff", "peel", "crown", "--rulebooks", str(tmp_path)).out
    other = text.split("== Other laws (other) ", 1)
    assert len(other) == 2, "no topic 'other' in the diff"
    assert "H1" in other[1] and "committee" in other[1]
    data = json.loads(run("diff", "peel", "crown", "--rulebooks", str(tmp_path),
                          "--format", "json").out)
    topic = next(t for t in data["topics"] if t["id"] == "other")
    assert [law["ref"] for law in topic["laws"][1]["laws"]] == ["H1"]
    only = run("diff", "peel", "crown", "--rulebooks", str(tmp_path), "--topic", "other")
    assert only.code == 0 and "H1" in only.out
    plain = run("diff", "peel", "foster").out
    assert "(other)" not in plain  # the published books file every law under a topic


@pytest.mark.parametrize("fmt", ["json", "jsonl", "text", "markdown"])
def test_disagreements_filters_every_format(fmt: str) -> None:
    every = [json.loads(line) for line in run("compare", str(ROOT / "cases"), "--format",
                                              "jsonl").out.splitlines()]
    parting = sorted(Path(c["case"]).stem for c in every if c["disagree"])
    assert 0 < len(parting) < len(every)
    out = run("compare", str(ROOT / "cases"), "--disagreements", "--format", fmt,
              env={"COLUMNS": "300"}).out  # the matrix on one line to a case
    if fmt == "json":
        shown = sorted(Path(c["case"]).stem for c in json.loads(out))
    elif fmt == "jsonl":
        shown = sorted(Path(json.loads(x)["case"]).stem for x in out.splitlines())
    else:
        names = {Path(c["case"]).stem for c in every}
        shown = sorted(n for n in names if re.search(rf"(^|`){re.escape(n)}(`|\s)", out, re.M))
    assert shown == parting


SOURCES = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("book", BOOKS)
def test_the_sources_page_gives_each_texts_file_sha256_and_where_it_comes_from(
        book: str) -> None:
    b = Library().get(book)
    part = SOURCES.split(f"(`{book}`)", 1)[1].split("\n\n", 1)[0]
    assert f"`{b.source_file}`" in part and f"`{b.source_sha256}`" in " ".join(part.split())
    assert re.search(r"pp?\. \d+", part) or "no page numbers are known" in part
    numbers = re.findall(r"#(\d+)", b.edition or "")
    assert numbers, f"{book}: its edition names no eBook"
    assert all(f"#{n}" in part for n in numbers), f"{book}: the page lacks eBook {numbers}"
    if b.extract:
        assert "not in the pinned text" in part
    assert "ARBITER_SOURCES=" in SOURCES


@pytest.mark.parametrize("book", BOOKS)
def test_the_sources_page_says_what_each_texts_header_says(book: str) -> None:
    sources = sources_or_skip()
    b = Library().get(book)
    head = (sources / str(b.source_file)).read_text(encoding="utf-8").split("\n---\n")[0]
    part = " ".join(SOURCES.split(f"(`{book}`)", 1)[1].split("\n\n", 1)[0].split())
    for number in re.findall(r"eBook #(\d+)", head):
        assert f"#{number}" in part, f"{book}: the header names eBook #{number}"


def test_a_text_the_reader_fetched_is_checked_quotation_by_quotation(tmp_path: Path) -> None:
    sources = sources_or_skip()
    peel = Library().get("peel")
    assert peel.source_file is not None
    mine = tmp_path / "texts"
    mine.mkdir()
    body = (sources / peel.source_file).read_text(encoding="utf-8").split("\n---\n", 1)[1]
    (mine / peel.source_file).write_text(body, encoding="utf-8")  # no header: not pinned
    ok = run("check", "peel", env={"ARBITER_SOURCES": str(mine)})
    assert ok.code == 0, ok.err
    assert "every quotation verbatim in" in ok.out and "not the pinned copy" in ok.out
    law = peel.law("45")
    assert law is not None
    words = ["prove", "to", "be", "more", "or", "less", "than", "the", "number", "of",
             "cards", "discarded"]
    assert " ".join(words) in " ".join(law.text.split())
    damaged = re.sub(r"\s+".join(map(re.escape, words)), "prove other than the discard",
                     body, count=1)
    assert damaged != body
    (mine / peel.source_file).write_text(damaged, encoding="utf-8")
    bad = run("check", "peel", env={"ARBITER_SOURCES": str(mine)})
    assert bad.code == 2
    assert "law 45 is not found verbatim" in bad.err and "not the pinned copy" in bad.err
    shutil.rmtree(mine)
