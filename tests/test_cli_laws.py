"""The law-lookup commands: ``rulebooks``, ``law``, ``laws``, ``search``, and their errors.

Output is tested through click's CliRunner on ``arbiter.cli.cli``; exit
statuses and the one-line error on stderr are tested through a real process,
``python -m arbiter``, which runs ``arbiter.cli.main`` exactly as the console
script does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from casecheck import BOOKS
from click.testing import CliRunner, Result
from conftest import ROOT

from arbiter.cli import COMMANDS, cli

PEEL_HEADINGS = [
    "The Deal",
    "The Ante",
    "The Play",
    "The Jack-pot",
    "The Draw",
    "The Betting",
    "The Hands",
    "Disputes",
]


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)
    assert result.exit_code == 0, f"arbiter {' '.join(args)} -> {result.exit_code}: {result.output}"
    return result


def run_json(*args: str, env: dict[str, str] | None = None) -> Any:
    return json.loads(run(*args, "--format", "json", env=env).stdout)


def arbiter_process(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbiter", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ, **env),
        cwd=ROOT,
        timeout=60,
    )


def assert_one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    """Exit 2, nothing on stdout, one line on stderr, no traceback; returns the line."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def needs_book(book: str) -> None:
    if not (ROOT / "rulebooks" / f"{book}.yaml").is_file():
        pytest.skip(f"rulebooks/{book}.yaml is not written yet")


# --- arbiter laws / arbiter law: Peel ----------------------------------------------------------


@pytest.fixture  # function scope: the autouse cache isolation must come first
def peel_laws() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(
        CliRunner().invoke(cli, ["laws", "peel", "--format", "json"]).stdout
    )
    return data


PEEL_PASSAGES = ["straddle-before-the-deal", "straddling-ceases", "straddle-term",
                 "opening-the-game", "the-limit", "standing", "stood-must-bet",
                 "suit-of-hearts", "the-ante", "the-stakes", "ace-lowest-in-sequences",
                 "highest-sequence", "show-example", "player-term",
                 "blaze", "joker", "opening-over-a-straddle"]


def test_peel_laws_json_lists_81_laws_numbered_1_to_81(peel_laws: list[dict[str, Any]]) -> None:
    # The numbered Rules, in order, then the passages of the description quoted by page.
    assert isinstance(peel_laws, list)
    assert [law["ref"] for law in peel_laws] == [str(n) for n in range(1, 82)] + PEEL_PASSAGES


def test_peel_passages_outside_the_rules_are_cited_by_page_and_title(
    peel_laws: list[dict[str, Any]],
) -> None:
    passages = {law["ref"]: law for law in peel_laws if law["ref"] in PEEL_PASSAGES}
    assert [(passages[r]["page"], passages[r]["heading"]) for r in PEEL_PASSAGES] == [
        (32, "Description"), (32, "Description"), (44, "Technical Terms"), (33, "Description"),
        (31, "Description"),
        (36, "Description"), (37, "Description"), (31, "Description"), (32, "Description"),
        (44, "The Stakes"), (38, "Value of the Hands"), (39, "Value of the Hands"),
        (38, "Description"), (43, "Technical Terms"),
        (41, "Modifications"), (41, "Modifications"), (34, "Description")]
    out = run("law", "peel", "straddle-before-the-deal").stdout
    assert out.splitlines()[0] == 'Peel, p. 32 "Straddling before the deal" — Description'


def test_every_peel_law_has_ref_heading_page_and_text(peel_laws: list[dict[str, Any]]) -> None:
    for law in (x for x in peel_laws if x["ref"] not in PEEL_PASSAGES):
        assert {"ref", "heading", "page", "text"} <= law.keys()
        assert law["book"] == "peel"
        assert law["heading"] in PEEL_HEADINGS, law
        assert 47 <= law["page"] <= 58, law
        assert law["text"].strip(), law


def test_peel_headings_stand_in_the_books_order(peel_laws: list[dict[str, Any]]) -> None:
    peel_laws = [law for law in peel_laws if law["ref"] not in PEEL_PASSAGES]
    order = [
        h
        for i, h in enumerate(law["heading"] for law in peel_laws)
        if i == 0 or peel_laws[i - 1]["heading"] != h
    ]
    assert order == PEEL_HEADINGS
    pages = [law["page"] for law in peel_laws]
    assert pages == sorted(pages) and pages[0] == 47 and pages[-1] == 58


def test_peel_45_begins_on_52_runs_onto_53(peel_laws: list[dict[str, Any]]) -> None:
    law = peel_laws[44]
    assert law["ref"] == "45"
    assert law["heading"] == "The Draw"
    assert (law["page"], law["page_end"]) == (52, 53)
    assert law["text"].startswith("If the dealer give to a player the number of cards demanded")


def test_law_peel_45_prints_citation_with_heading_and_pages() -> None:
    out = run("law", "peel", "45").stdout
    first, *body = out.splitlines()
    assert first == "Peel, law 45 — The Draw, pp. 52–53"
    assert "shall be a foul hand" in " ".join(" ".join(body).split())


def test_law_peel_45_json_matches_laws_listing(peel_laws: list[dict[str, Any]]) -> None:
    assert run_json("law", "peel", "45") == peel_laws[44]


@pytest.mark.parametrize("ref", ["45", "law 45", "Law45", "no. 45"])
def test_law_reference_may_be_written_as_people_write_it(ref: str) -> None:
    assert run_json("law", "peel", ref)["ref"] == "45"


def test_law_peel_1_on_a_single_page_says_p_not_pp() -> None:
    assert run("law", "peel", "1").stdout.splitlines()[0] == "Peel, law 1 — The Deal, p. 47"


def test_law_markdown_quotes_the_text() -> None:
    out = run("law", "peel", "45", "--format", "markdown").stdout
    assert out.startswith("**Peel, law 45 — The Draw, pp. 52–53**")
    assert "\n> If the dealer give" in out


def test_laws_peel_text_prints_all_81_citations() -> None:
    out = run("laws", "peel").stdout
    citations = [line for line in out.splitlines() if line.startswith("Peel, law ")]
    assert len(citations) == 81


# --- arbiter laws foster / hoyle -----------------------------------------------------------------


def test_laws_foster_prints_laws_15_to_24_and_the_complete_hoyle_passages() -> None:
    needs_book("foster")
    laws = run_json("laws", "foster")
    refs = [law["ref"] for law in laws]
    assert [r for r in refs if r.isdigit()] == [str(n) for n in range(15, 25)]
    assert len(refs) > 10, "the Complete Hoyle passages are missing"
    assert len(set(refs)) == len(refs)
    assert all(law["book"] == "foster" and law["text"].strip() for law in laws)
    out = run("laws", "foster").stdout
    assert sum(line.startswith("Foster, ") for line in out.splitlines()) == len(laws)


def test_laws_hoyle_prints_passages_cited_by_page_and_section_name() -> None:
    needs_book("hoyle")
    laws = run_json("laws", "hoyle")
    assert laws, "hoyle.yaml holds no passages"
    for law in laws:
        assert law["book"] == "hoyle"
        assert isinstance(law["page"], int) and 120 <= law["page"] <= 136, law
        assert law["title"], law
        assert law["text"].strip(), law
    out = run("laws", "hoyle").stdout
    cites = [line for line in out.splitlines() if line.startswith("Hoffmann, p")]
    assert len(cites) == len(laws)


def test_hoyle_citation_names_the_page_once() -> None:
    needs_book("hoyle")
    first = run("laws", "hoyle").stdout.splitlines()[0]
    assert first.count("p. ") + first.count("pp. ") == 1, first


def test_hoyle_p_133_refers_the_reader_to_other_codes() -> None:
    needs_book("hoyle")
    assert any(law["page"] == 133 for law in run_json("laws", "hoyle"))


# --- arbiter search ------------------------------------------------------------------------------


def hits(*args: str) -> list[tuple[str, str]]:
    return [(h["book"], h["ref"]) for h in run_json("search", *args)]


def test_search_straddle_finds_peel_21_and_22() -> None:
    found = hits("straddle")
    assert ("peel", "21") in found
    assert ("peel", "22") in found


def test_search_straddle_finds_foster_17() -> None:
    needs_book("foster")
    assert ("foster", "17") in hits("straddle")


def test_search_straddle_finds_hoffmanns_straddle_on_p_131() -> None:
    needs_book("hoyle")
    found = [h for h in run_json("search", "straddle") if h["book"] == "hoyle"]
    assert any(h["page"] == 131 and "straddle" in (h["title"] or "").lower() for h in found), found


def test_search_ranks_best_first_and_marks_matched_words() -> None:
    found = run_json("search", "straddle")
    scores = [h["score"] for h in found]
    assert scores == sorted(scores, reverse=True)
    for h in found:
        for a, b in h["matches"]:
            assert h["text"][a:b].lower().startswith("straddl"), (h["ref"], h["text"][a:b])
    out = run("search", "straddle", "--book", "peel").stdout
    assert "«straddle»" in out


def test_search_book_option_keeps_to_that_book() -> None:
    found = hits("straddle", "--book", "peel")
    assert found and {book for book, _ in found} == {"peel"}
    assert ("peel", "21") in found


def test_search_several_words_needs_them_all() -> None:
    found = hits("foul", "hand", "--book", "peel")
    assert ("peel", "45") in found
    for book, ref in found:
        law = run_json("law", book, ref)
        where = " ".join(str(law[k]) for k in ("text", "title", "heading")).lower()
        assert "foul" in where and "hand" in where, (book, ref)


def test_search_nothing_found_says_so() -> None:
    out = run("search", "xylophone").stdout
    assert out.strip() == "No law matches 'xylophone'."
    assert run_json("search", "xylophone") == []


def test_search_limit_caps_the_hits() -> None:
    assert len(run_json("search", "player", "--limit", "3")) == 3


# --- arbiter rulebooks, house rules --------------------------------------------------------------


def test_rulebooks_json_counts_the_laws_of_each_book() -> None:
    books = {b["id"]: b for b in run_json("rulebooks")}
    assert books["peel"]["laws"] == 98  # 81 Rules and 17 passages of the description
    assert books["peel"]["author"].startswith("W. H. Peel")
    assert books["peel"]["year"] == 1891
    assert books["peel"]["title"]
    for book_id in ("foster", "hoyle"):
        if book_id in books:
            assert books[book_id]["laws"] == len(run_json("laws", book_id))
            assert books[book_id]["year"] and books[book_id]["author"]


def test_rulebooks_text_is_a_table_with_a_row_per_book() -> None:
    lines = run("rulebooks").stdout.splitlines()
    assert lines[0].split()[:3] == ["ID", "AUTHOR", "TITLE"]
    peel = next(line for line in lines if line.startswith("peel "))
    assert "1891" in peel and " 98 " in f"{peel} "


def test_rulebooks_cases_counts_the_deciding_laws_with_two_cases_from_laws_json() -> None:
    """The coverage is read from each law's ``cases`` in ``laws BOOK --format json``: a
    deciding law with fewer than two is named, with how many it has."""
    rows = {r["book"]: r for r in json.loads(run("rulebooks", "--cases", "--format",
                                                 "json").stdout)}
    for book, row in rows.items():
        laws = json.loads(run("laws", book, "--format", "json").stdout)
        deciding = [law for law in laws if law["effect"] == "decides"]
        fewer = {law["ref"]: len(law["cases"]) for law in deciding if len(law["cases"]) < 2}
        assert row["deciding"] == len(deciding)
        assert row["fewer"] == fewer
        assert row["two_or_more"] == len(deciding) - len(fewer)


def test_every_law_a_case_expects_cited_lists_that_case() -> None:
    """A law's cases are every shipped case whose expected ruling under the book cites it,
    wherever the expectation says so: the exact decisions, the decisions it must hold
    (``decides``), the answer, each of several answers, and the laws it must quote."""
    import yaml

    for book in BOOKS:
        laws = {law["ref"]: law for law in json.loads(run("laws", book, "--format",
                                                          "json").stdout)}
        pinned: set[tuple[str, str]] = set()
        for path in sorted((ROOT / "cases").glob("*.yaml")):
            expect = yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}
            for key in (book, "all"):
                ruling = (expect.get(key) or {}).get("ruling") or {}
                items = [*ruling.get("decisions", []), *ruling.get("decides", []),
                         *ruling.get("answers", []), ruling.get("answer") or {}]
                refs = [r for d in items if isinstance(d, dict) for r in d.get("cites", [])]
                refs += [*ruling.get("cites_first", []), *ruling.get("cites_all", [])]
                pinned.update((str(r), path.stem) for r in refs if str(r) in laws)
        assert pinned, book
        missing = sorted((ref, case) for ref, case in pinned
                         if case not in laws[ref]["cases"])
        assert not missing, (book, missing[:10])


def test_a_law_lists_the_cases_ruled_on_it_under_a_house_book_that_holds_it() -> None:
    """A case pinned under an example house book that inherits a law unchanged is one of
    that law's cases (Hoffmann's straddle is ruled on only where a house book plays it)."""
    import yaml

    heirs = {}
    for path in sorted((ROOT / "rulebooks" / "examples").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        heirs[data["id"]] = data.get("extends")
    laws = {law["ref"]: law for law in json.loads(run("laws", "hoyle", "--format",
                                                      "json").stdout)}
    under_heir = set()
    for path in sorted((ROOT / "cases").glob("*.yaml")):
        expect = yaml.safe_load(path.read_text(encoding="utf-8")).get("expect", {})
        for heir, parent in heirs.items():
            if parent != "hoyle" or heir not in expect:
                continue
            for d in expect[heir].get("ruling", {}).get("decisions", []):
                for ref in d.get("cites", []):
                    if str(ref) in laws:
                        under_heir.add((str(ref), path.stem))
    assert ("straddle", "four-straddles-with-a-limit-of-eight") in under_heir
    for ref, case in under_heir:
        assert case in laws[ref]["cases"], (ref, case)


def test_the_coverage_table_in_the_docs_is_what_the_command_prints() -> None:
    import re

    page = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- generated by: (arbiter [^>]*?) -->\n(.*?)\n<!-- end of generated",
                  page, re.S)
    assert m, "docs/coverage.md has no generated coverage table"
    printed = run(*m.group(1).split()[1:]).stdout.strip("\n")
    assert printed == m.group(2).strip("\n"), (
        "docs/coverage.md is stale: regenerate it with " + m.group(1))
    assert "| peel |" in printed and "| hoyle |" in printed and "| foster |" in printed


HOUSE = """\
id: club
title: The Club's House Rules
author: The Secretary
extends: peel
laws:
  - ref: H1
    title: Jackpots
    text: Jack-pots are played only on the last round before midnight.
"""


@pytest.fixture
def house_dir(tmp_path: Path) -> Path:
    d = tmp_path / "house"
    d.mkdir()
    (d / "club.yaml").write_text(HOUSE, encoding="utf-8")
    return d


def test_rulebooks_option_adds_a_house_book(house_dir: Path) -> None:
    books = {b["id"]: b for b in run_json("rulebooks", "--rulebooks", str(house_dir))}
    assert books["club"]["extends"] == "peel"
    assert books["club"]["laws"] == 99
    assert "club" not in {b["id"] for b in run_json("rulebooks")}


def test_house_book_inherits_peel_45_and_cites_it_as_peel(house_dir: Path) -> None:
    out = run("law", "club", "45", "--rulebooks", str(house_dir)).stdout
    assert out.splitlines()[0] == "Peel, law 45 — The Draw, pp. 52–53"
    own = run_json("law", "club", "H1", "--rulebooks", str(house_dir))
    assert own["book"] == "club" and own["title"] == "Jackpots"


def test_arbiter_rulebooks_environment_variable_adds_a_house_book(house_dir: Path) -> None:
    env = {"ARBITER_RULEBOOKS": str(house_dir)}
    assert "club" in {b["id"] for b in run_json("rulebooks", env=env)}
    found = [(h["book"], h["ref"]) for h in run_json("search", "midnight", env=env)]
    assert found == [("club", "H1")]
    line = assert_one_line_error(
        arbiter_process("law", "club", "45", ARBITER_RULEBOOKS=str(house_dir / "nowhere"))
    )
    assert "ARBITER_RULEBOOKS names" in line and "which is not a directory" in line


def test_search_unknown_book_without_the_house_dir_is_refused() -> None:
    line = assert_one_line_error(arbiter_process("search", "midnight", "--book", "club"))
    assert "no rulebook 'club'" in line


def test_missing_rulebooks_directory_is_refused(tmp_path: Path) -> None:
    line = assert_one_line_error(
        arbiter_process("rulebooks", "--rulebooks", str(tmp_path / "nowhere"))
    )
    assert "nowhere" in line


# --- errors: one line, exit 2, the nearest names -------------------------------------------------


def test_unknown_book_exits_2_and_suggests_peel() -> None:
    line = assert_one_line_error(arbiter_process("law", "peal", "45"))
    assert line == "arbiter: error: no rulebook 'peal'; did you mean 'peel'?"


def test_unknown_book_in_laws_and_search_exits_2() -> None:
    assert "'peel'" in assert_one_line_error(arbiter_process("laws", "pele"))
    assert "'peel'" in assert_one_line_error(arbiter_process("search", "ante", "--book", "Peel"))


def test_unknown_peel_law_exits_2_and_names_the_nearest_laws() -> None:
    line = assert_one_line_error(arbiter_process("law", "peel", "82"))
    assert line.startswith("arbiter: error: Peel has no law '82'; did you mean '8'")
    assert "'81'" in line


def test_unknown_foster_law_says_what_the_pinned_text_covers() -> None:
    needs_book("foster")
    line = assert_one_line_error(arbiter_process("law", "foster", "25"))
    assert "Foster has no law '25'" in line
    assert "'24'" in line
    assert "not in the pinned text" in line


def test_misspelt_hoyle_section_suggests_the_straddle() -> None:
    needs_book("hoyle")
    line = assert_one_line_error(arbiter_process("law", "hoyle", "straddel"))
    assert "did you mean 'straddle'" in line


def test_bad_option_value_is_a_usage_error_not_a_traceback() -> None:
    done = arbiter_process("laws", "peel", "--format", "yaml")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "'yaml' is not one of" in done.stderr


def test_python_m_arbiter_prints_what_the_console_script_prints() -> None:
    done = arbiter_process("law", "peel", "45")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == run("law", "peel", "45").stdout


# --- help -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [None, *sorted(COMMANDS)])
def test_every_command_help_shows_an_example(command: str | None) -> None:
    args = [command, "--help"] if command else ["--help"]
    out = run(*args).stdout
    assert "Example" in out, out
    assert "arbiter " in out.split("Example", 1)[1], "the example shows no command"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_takes_format_text_and_json(command: str) -> None:
    out = run(command, "--help").stdout
    assert "--format" in out
    assert "text" in out and "json" in out
