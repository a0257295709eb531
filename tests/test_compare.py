"""`arbiter compare`: the shipped cases on which the books differ, compared side by side.

The expected differences are derived from each book's expected ruling carried in the case
(its `expect:` blocks, written from the law), not from the engine's output: a book expected
to decide shows those decisions and cites those laws; a book expected silent shows its
silence ("not in the pinned text" for a book known only from an extract); and a book whose
expected ruling no other book shares is marked as parting from the others.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from casecheck import BOOKS
from click.testing import CliRunner
from conftest import ROOT

from arbiter import Library
from arbiter.cli import cli
from arbiter.table.cases import load_case

CASES = ROOT / "cases"

# The straddle, a card exposed in the draw, incorrect draws, who bets first, the ranking of
# hands, a card exposed in the deal, a wrong number dealt, table stakes.
DIFFERING = [
    "four-straddles-with-a-limit-of-eight",
    "card-exposed-by-the-dealer-in-the-draw",
    "dealer-takes-two-after-discarding-three",
    "asked-for-three-after-discarding-two",
    "the-age-passed-out-who-bets-first",
    "ace-king-queen-knave-ten",
    "card-exposed-in-the-deal",
    "dealt-four-and-noticed-at-once",
    "calls-beyond-his-table-stakes",
]


def run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(cli, list(args), input=input)


def expected(case_stem: str, book: str) -> dict[str, Any]:
    """The ruling and outcome the case expects of ``book`` (its own block over ``all``)."""
    case = load_case(CASES / f"{case_stem}.yaml")
    out: dict[str, Any] = dict(case.expect.get("all", {}).get("ruling", {}))
    out.update(case.expect.get(book, {}).get("ruling", {}))
    outcome = dict(case.expect.get("all", {}).get("outcome", {}))
    outcome.update(case.expect.get(book, {}).get("outcome", {}))
    out["outcome"] = outcome
    return out


def expected_key(e: dict[str, Any], extract: bool) -> tuple[Any, ...]:
    decided = frozenset((d["finding"], d["decision"]) for d in e.get("decisions", []))
    tag = "not pinned" if extract else "silent"
    silent = frozenset((k, tag) for k in e.get("silent", []))
    winner = e["outcome"].get("winner") if decided else None
    return decided, silent, winner


@pytest.mark.parametrize("stem", DIFFERING)
def test_compare_shows_each_books_expected_ruling_and_marks_the_books_that_part(
        stem: str) -> None:
    lib = Library()
    result = run("compare", str(CASES / f"{stem}.yaml"), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    rows = {r["rulebook"]: r for r in data["rows"]}
    assert sorted(rows) == BOOKS
    keys = {}
    for book in BOOKS:
        e = expected(stem, book)
        assert "decisions" in e, f"{stem} carries no expected ruling for {book}"
        rb = lib.get(book)
        row = rows[book]
        decision_text = " ".join(row["decision"]).lower()
        if not e["decisions"]:
            tag = "not in the pinned text" if rb.extract else "silent"
            assert row["status"] == tag, f"{book} should be shown {tag}"
            assert tag in decision_text
        for d in e["decisions"]:
            assert d["decision"].replace("_", " ") in decision_text, (book, d)
            for ref in d.get("cites", []):
                law = rb.law(ref)
                assert law is not None
                label = f"{rb.name} {law.ref}" if law.numbered else f"{rb.name} {law.label()}"
                assert label in row["laws"], f"{book} should cite {label}: {row['laws']}"
        winner = e["outcome"].get("winner")
        if winner and e["decisions"]:
            assert any(p.startswith(f"{winner} takes the pool") for p in row["pays"]), row
        keys[book] = expected_key(e, rb.extract)
    if len(set(keys.values())) > 1:
        assert data["agree"] is False
        text = run("compare", str(CASES / f"{stem}.yaml")).output
        for book, key in keys.items():
            if list(keys.values()).count(key) == 1:  # no other book is expected to rule so
                assert "decision" in rows[book]["differs"] or "pays" in rows[book]["differs"]
                name = lib.get(book).name
                first = next(ln for ln in text.splitlines() if ln.startswith(name + " "))
                assert "| * " in first, f"{name}'s row is not marked:\n{text}"


def test_markdown_comparison_is_a_table_to_paste() -> None:
    # Hoffmann is silent on a player who stands after a bet (the case's expect: says so).
    assert expected("stands-after-a-bet", "hoyle")["silent"] == ["stood_without_right"]
    out = run("compare", str(CASES / "stands-after-a-bet.yaml"), "--format", "markdown").output
    lines = [ln for ln in out.splitlines() if ln.startswith("|")]
    assert lines[0].startswith("| Book | Decision")
    assert len(lines) == 2 + len(BOOKS)
    cols = lines[0].count("|")
    assert all(ln.count("|") - ln.count("\\|") == cols for ln in lines)
    hoffmann = next(ln for ln in lines if ln.startswith("| Hoffmann"))
    assert "silent" in hoffmann


def test_the_rulebook_option_picks_the_books() -> None:
    out = json.loads(run("compare", str(CASES / "ace-king-queen-knave-ten.yaml"),
                         "--rulebook", "peel", "--rulebook", "hoyle", "--format", "json").output)
    assert [r["rulebook"] for r in out["rows"]] == ["peel", "hoyle"]
    assert out["agree"] is False  # D by Peel's ranking (ace low), C by Hoffmann's


def test_matrix_over_the_shipped_cases_counts_agreement() -> None:
    cases = sorted(CASES.glob("*.yaml"))
    result = run("compare", str(CASES))
    assert result.exit_code == 0
    lines = result.output.splitlines()
    m = re.search(r"(\d+) cases under Foster, Hoffmann and Peel: the books agree on (\d+) "
                  r"and part on (\d+)\.", result.output)
    assert m, result.output[-300:]
    total, agree, part = map(int, m.groups())
    assert total == len(cases) == agree + part
    assert part > 0
    # A row per case; the four-straddle row marks every book (three different rulings).
    row = next(ln for ln in lines if ln.startswith("four-straddles-with-a-limit-of-eight"))
    assert row.count("* ") == 3
    data = [json.loads(ln) for ln in run("compare", str(CASES), "--format", "jsonl")
            .output.splitlines()]
    assert len(data) == len(cases)
    assert sum(d["agree"] for d in data) == agree


def test_the_docs_where_the_books_disagree_is_what_compare_prints(
        monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (ROOT / "docs" / "disagreements.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- generated by: (arbiter [^>]*?) -->\n(.*?)\n<!-- end of generated",
                  readme, re.S)
    assert m, "docs/disagreements.md has no generated 'Where the books disagree' table"
    monkeypatch.chdir(ROOT)
    printed = run(*m.group(1).split()[1:]).output.strip("\n")
    assert printed == m.group(2).strip("\n"), (
        "docs/disagreements.md is stale: regenerate it with " + m.group(1))
    for stem in ("four-straddles-with-a-limit-of-eight", "the-age-passed-out-who-bets-first",
                 "ace-king-queen-knave-ten", "card-exposed-by-the-dealer-in-the-draw"):
        assert f"`{stem}`" in m.group(2)


# --- many cases in one process ----------------------------------------------------------

def test_rule_a_directory_in_one_process_gives_a_json_list() -> None:
    result = run("rule", str(CASES), "--format", "json")
    assert result.exit_code == 0
    assert result.stderr == ""  # no progress bar when stderr is not a terminal
    data = json.loads(result.output)
    assert len(data) == len(list(CASES.glob("*.yaml")))
    assert {d["case"] for d in data} == {str(p) for p in CASES.glob("*.yaml")}


def test_a_bad_file_gives_its_line_and_the_others_still_run(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\ntable: {seats: [A, B], dealer: Z, blind: 1, limit: 2}\n"
                   "events: [deal]\n", encoding="utf-8")
    good = CASES / "peel-the-say.yaml"
    result = CliRunner().invoke(cli, ["rule", str(good), str(bad), str(good), "--format",
                                      "jsonl"])
    assert result.exit_code == 2
    lines = [json.loads(ln) for ln in result.stdout.splitlines()]
    assert [("error" in x) for x in lines] == [False, True, False]
    assert lines[1]["case"] == str(bad) and lines[1]["exit_status"] == 2
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and str(bad) in errors[0] and ":2:" in errors[0]


def test_rule_the_same_case_under_all_books_streams_one_object_per_ruling() -> None:
    one = CASES / "card-exposed-by-the-dealer-in-the-draw.yaml"
    out = run("rule", str(one), str(one), "--rulebook", "all", "--format", "jsonl").output
    books = [json.loads(ln)["rulebook"] for ln in out.splitlines()]
    assert books == BOOKS * 2


def test_standard_input_is_a_case() -> None:
    text = (CASES / "peel-the-say.yaml").read_text(encoding="utf-8")
    out = run("rule", "-", "--format", "json", input=text)
    assert out.exit_code == 0
    assert json.loads(out.output)[0]["title"] == load_case(CASES / "peel-the-say.yaml").title
    checked = run("check", "-", input=text)
    assert checked.exit_code == 0 and checked.output.startswith("<stdin>: ok (case")
    replayed = run("replay", "-", "--format", "jsonl", input=text)
    first = json.loads(replayed.output.splitlines()[0])
    assert first["case"] == "<stdin>" and len(first["steps"]) > 20


def test_replay_and_check_take_directories() -> None:
    out = run("replay", str(CASES), "--format", "jsonl").output.splitlines()
    assert len(out) == len(list(CASES.glob("*.yaml")))
    checked = run("check", str(ROOT / "rulebooks"), "--format", "json")
    assert checked.exit_code == 0
    assert [Path(r["file"]).name for r in json.loads(checked.output)] == [
        "foster.yaml", "hoyle.yaml", "peel.yaml"]


def test_an_empty_directory_is_bad_input(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["rule", str(tmp_path)])
    assert result.exit_code == 2
    assert "holds no *.yaml" in result.stderr


def test_a_progress_bar_only_for_a_long_run_on_a_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from arbiter.cli import progress

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)
    with progress(list(range(60)), "ruling") as items:
        assert not isinstance(items, list)  # a click progress bar
        assert sum(1 for _ in items) == 60
    with progress(list(range(10)), "ruling") as items:
        assert items == list(range(10))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    with progress(list(range(60)), "ruling") as items:
        assert items == list(range(60))


def test_a_club_compares_its_house_rules_with_the_book_they_amend() -> None:
    """The house book lets a straddle reach half the limit (H1) where Foster 17 stops it at a
    quarter: on a limit of eight, D's straddle of four stands under the house rules."""
    lib = Library([ROOT / "rulebooks" / "examples"])
    house, foster = lib.get("house"), lib.get("foster")
    assert house.parameters["straddle"]["max_of_limit"] > foster.parameters["straddle"][
        "max_of_limit"]
    out = json.loads(run("compare", str(CASES / "four-straddles-with-a-limit-of-eight.yaml"),
                         "--rulebooks", str(ROOT / "rulebooks" / "examples"),
                         "--rulebook", "foster", "--rulebook", "house",
                         "--format", "json").output)
    rows = {r["rulebook"]: r for r in out["rows"]}
    assert not out["agree"]
    assert "decision" in rows["house"]["differs"] and "decision" in rows["foster"]["differs"]
    assert any("H1" in law for law in rows["house"]["laws"])
    assert not any("D's straddle" in d for d in rows["house"]["decision"])
    assert any("D's straddle" in d for d in rows["foster"]["decision"])


def test_a_case_that_asks_shows_each_books_answer_in_its_column() -> None:
    path = str(CASES / "last-say-the-age-passed-out.yaml")
    runner = CliRunner()
    text = runner.invoke(cli, ["compare", path]).output
    header = next(ln for ln in text.splitlines() if ln.startswith("Book "))
    assert [h.strip() for h in header.split("|")][:3] == ["Book", "Answer", "Decision"]
    assert "Nobody: the age, B" in text  # Foster
    assert "* The laws are silent" in text  # Peel is silent, and parts from the others
    rows = json.loads(runner.invoke(cli, ["compare", path, "--format", "json"]).output)["rows"]
    by = {r["rulebook"]: r for r in rows}
    assert by["foster"]["answer"][0].startswith("Nobody")
    assert "answer" in by["peel"]["differs"] and "answer" not in by["foster"]["differs"]
    md = runner.invoke(cli, ["compare", path, "--format", "markdown"]).output
    assert "| Book | Answer | Decision |" in md
    # A case that asks nothing has no answer column.
    plain = runner.invoke(cli, ["compare", str(CASES / "dealt-four-and-noticed-at-once.yaml")])
    assert "Answer" not in plain.output


def test_standard_input_above_the_size_of_a_case_is_refused_in_one_line() -> None:
    from arbiter.load.files import MAX_CASE

    text = (CASES / "peel-the-say.yaml").read_text(encoding="utf-8")
    big = text + "# " + "x" * MAX_CASE + "\n"
    for command in ("rule", "replay", "check"):
        out = run(command, "-", input=big)
        assert out.exit_code == 2, (command, out.output)
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1, lines
        assert lines[0].endswith(f"<stdin>: the case is more than the {MAX_CASE:,} bytes allowed")
    # a case on standard input and a good file: the file is still ruled
    both = run("rule", "-", str(CASES / "peel-the-say.yaml"), "--format", "jsonl", input=big)
    assert both.exit_code == 2 and len(both.stdout.splitlines()) == 2


def test_question_only_cases_whose_answers_part_are_counted_as_parting() -> None:
    """Neither case has an irregularity; Hoffmann's age bets first after the draw (p. 127)
    and may hold (p. 127), where Foster and Peel give the first bet to the age's left."""
    result = run("compare", str(CASES / "who-bets-first-the-age-still-in.yaml"),
                 str(CASES / "may-the-age-hold-after-the-draw.yaml"),
                 str(CASES / "nobody-comes-in.yaml"))
    rows = {ln.split()[0]: ln for ln in result.output.splitlines() if ln.strip()}
    assert "* answer: B" in rows["who-bets-first-the-age-still-in"]
    assert "answer: C" in rows["who-bets-first-the-age-still-in"]
    assert "* answer: yes" in rows["may-the-age-hold-after-the-draw"]
    assert "the books agree on 1 and part on 2" in result.output
