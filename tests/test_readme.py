"""The README is the front door: every command appears in it with an example (what the
examples print, here and in docs/, is tested in tests/test_docs.py)."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

from arbiter.cli import COMMANDS, cli

README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_has_an_example_in_the_readme(command: str) -> None:
    assert re.search(rf"^\$? ?arbiter {command}\b", README, re.M), f"no example of {command}"


def test_readme_gives_the_two_setup_commands_and_ci_runs_the_same_tests() -> None:
    assert "pip install . && arbiter rule" in README
    assert "pip install -e '.[test]' && python -m pytest" in README
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install --quiet -e '.[test]'" in ci
    assert "python -m pytest" in ci


@pytest.mark.parametrize("command", [None, *sorted(COMMANDS)])
def test_help_examples_name_files_that_exist(command: str | None) -> None:
    from click.testing import CliRunner

    args = [command, "--help"] if command else ["--help"]
    text = CliRunner().invoke(cli, args).output
    for path in re.findall(r"\b((?:cases|rulebooks)/[\w./-]+\.yaml)\b", text):
        assert (ROOT / path).is_file(), f"{' '.join(args)} names {path}, which does not exist"


def test_the_case_shown_in_the_docs_replays_as_the_ruling_the_readme_shows() -> None:
    from arbiter import Library
    from arbiter.ruling.judge import judge
    from arbiter.table.cases import load_case

    cases_page = (ROOT / "docs" / "cases.md").read_text(encoding="utf-8")
    block = cases_page.split("# Cases", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    ruling = judge(load_case("docs/cases.md", block), Library().get("peel"))
    assert [(str(d.finding.kind), d.finding.step) for d in ruling.decisions] == [
        ("given_more_than_asked", 9)
    ]
    assert "cases/given-four-after-discarding-three-and-lifted.yaml --rulebook peel" in README
