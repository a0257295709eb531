"""The README is the front door: every command appears in it with an example."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT, sources_or_skip

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


def test_readme_names_every_finding_kind_and_decision() -> None:
    from arbiter.law.provisions import Decision
    from arbiter.table.cases import Act
    from arbiter.terms.findings import Kind
    from arbiter.terms.vocabulary import all_facts

    for word in [*Kind, *Decision, *Act, *sorted(all_facts())]:
        assert f"`{word}`" in README, f"README does not document {word}"


@pytest.mark.parametrize("command", [None, *sorted(COMMANDS)])
def test_help_examples_name_files_that_exist(command: str | None) -> None:
    from click.testing import CliRunner

    args = [command, "--help"] if command else ["--help"]
    text = CliRunner().invoke(cli, args).output
    for path in re.findall(r"\b((?:cases|rulebooks)/[\w./-]+\.yaml)\b", text):
        assert (ROOT / path).is_file(), f"{' '.join(args)} names {path}, which does not exist"


def test_readme_names_files_that_exist() -> None:
    for path in re.findall(r"\b((?:cases|rulebooks|benchmarks|arbiter)/[\w./-]+\.(?:yaml|py|json))",
                           README):
        assert (ROOT / path).is_file(), f"the README names {path}, which does not exist"


def test_the_readme_case_example_replays_as_the_ruling_it_shows() -> None:
    from arbiter import Library
    from arbiter.ruling.judge import judge
    from arbiter.table.cases import load_case

    block = README.split("## Cases", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    ruling = judge(load_case("README.md", block), Library().get("peel"))
    assert [(str(d.finding.kind), d.finding.step) for d in ruling.decisions] == [
        ("given_more_than_asked", 9)
    ]


def _shown_outputs() -> list[tuple[str, str]]:
    """Each `$ arbiter ...` line in a README code block, with the output shown under it."""
    shown = []
    for block in re.findall(r"^```[a-z]*\n(.*?)^```$", README, re.S | re.M):
        parts = re.split(r"^\$ (arbiter [^\n]*)\n", block, flags=re.M)
        for command, output in zip(parts[1::2], parts[2::2], strict=True):
            if "|" in command or "..." in output or re.search(r"club|my-case", command):
                continue  # piped, abridged, or about a file of the reader's own
            shown.append((command, output.strip("\n")))
    return shown


@pytest.mark.parametrize(("command", "output"), _shown_outputs(), ids=lambda v: v[:40])
def test_the_readme_shows_what_the_command_prints(command: str, output: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import glob
    import shlex

    from click.testing import CliRunner

    if "every quotation verbatim" in output:
        sources_or_skip()  # without the sources, check says it could not compare quotations
    monkeypatch.chdir(ROOT)
    args = []
    for word in shlex.split(command)[1:]:
        args += sorted(glob.glob(word)) if "*" in word else [word]
    printed = CliRunner().invoke(cli, args).output.strip("\n")
    assert printed == output, f"README shows stale output for: {command}"
