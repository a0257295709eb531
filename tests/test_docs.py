"""The README and every page of docs/ are tested: each shown command prints what the page
shows, each Python example runs as a doctest, each file named exists, and the lists
written from the registry are the registry's (tests/test_vocabulary.py)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from conftest import ROOT, sources_or_skip
from docs_examples import pages, printed, shown
from regen import GENERATED, generated, generated_blocks, stale

from arbiter.law.verbatim import sources_dir

PAGES = pages()
EXAMPLES = [(page, command, output) for page in PAGES
            for command, output in shown(page.read_text(encoding="utf-8"))]


def _id(v: object) -> str:
    return v.name if isinstance(v, Path) else str(v)[:40]


def test_the_reference_is_in_docs_and_the_readme_is_short_with_contents() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 500
    contents = readme.split("## Contents", 1)[1].split("\n## ", 1)[0]
    for heading in re.findall(r"^## (.+)$", readme, re.M)[1:]:
        anchor = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        assert f"(#{anchor})" in contents, f"the contents list lacks {heading!r}"
    for page in ("cases", "rulebooks", "house-rules", "adding", "defaults", "checking",
                 "speed", "design", "sources", "api", "commands", "limits"):
        assert f"(docs/{page}.md)" in readme, f"the README does not link docs/{page}.md"
        if page != "limits":  # written by another hand; linked here all the same
            assert (ROOT / "docs" / f"{page}.md").is_file()


@pytest.mark.parametrize(("page", "command", "output"), EXAMPLES, ids=_id)
def test_each_page_shows_what_the_command_prints(page: Path, command: str, output: str) -> None:
    if "every quotation verbatim" in output:
        sources_or_skip()  # without the sources, check says it could not compare quotations
    assert printed(command) == output, (
        f"{page.name} shows stale output for: {command} "
        "(COLUMNS=100 python tests/docs_examples.py --write)")


@pytest.mark.parametrize("page", PAGES, ids=_id)
def test_each_pages_python_examples_run(page: Path) -> None:
    """Each ```python block of the page, run as a doctest (the fences are no output)."""
    text = page.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", text, re.S | re.M)
    if not blocks:
        return
    test = doctest.DocTestParser().get_doctest("\n\n".join(blocks), {}, page.name,
                                               str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{page.name}: {runner.failures} Python examples failed"


def test_the_api_page_has_an_example_of_each_function() -> None:
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for name in ("load_case", "load_rulebook", "replay", "rule"):
        assert ">>> " in api and re.search(rf">>> .*arbiter\.{name}\(", api), name


@pytest.mark.parametrize("page", PAGES, ids=_id)
def test_each_page_names_files_that_exist(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for path in re.findall(r"\b((?:cases|rulebooks|benchmarks|arbiter|tests)/[\w./-]+"
                           r"\.(?:yaml|py|json))", text):
        assert (ROOT / path).is_file(), f"{page.name} names {path}, which does not exist"
    for link in re.findall(r"\]\(((?:\.\./|docs/)?[\w-]+\.md)(?:#[\w-]+)?\)", text):
        target = (page.parent / link).resolve()
        if target.name != "limits.md":
            assert target.is_file(), f"{page.name} links {link}, which does not exist"


def test_the_docs_name_every_finding_kind_act_decision_and_fact() -> None:
    from arbiter.law.provisions import Decision
    from arbiter.terms.findings import Kind
    from arbiter.terms.vocabulary import Act, all_facts

    text = "".join(p.read_text(encoding="utf-8") for p in PAGES)
    for word in [*Kind, *Decision, *Act, *sorted(all_facts())]:
        assert f"`{word}`" in text, f"the docs do not document {word}"


ABRIDGED = [(page, command, output) for page in PAGES
            for command, output in shown(page.read_text(encoding="utf-8"), abridged=True)]


@pytest.mark.parametrize(("page", "command", "output"), ABRIDGED, ids=_id)
def test_each_abridged_example_shows_what_the_command_prints(page: Path, command: str,
                                                             output: str) -> None:
    """An example cut short (``...``) shows, between its cuts, what the command prints."""
    got = " ".join(printed(command).split())
    for piece in re.split(r"\.\.\.", output):
        said = " ".join(piece.split())
        assert said in got, f"{page.name} shows stale output for: {command}: {said[:80]!r}"


def test_every_part_written_from_the_code_is_fresh() -> None:
    """The schemas, the registry's lists, the generated blocks and the examples: one
    command (python tests/regen.py) writes them all, and this names each stale one."""
    found = stale()
    if sources_dir() is None:  # check's examples say "every quotation verbatim" only with the
        # sources; without them each such example is skipped by its own test above
        found = [f for f in found if not f.endswith(": examples")]
    assert not found, "stale, run python tests/regen.py: " + "; ".join(found)


def test_a_stale_generated_block_is_seen_and_written_again() -> None:
    page = ROOT / "docs" / "disagreements.md"
    text = page.read_text(encoding="utf-8")
    assert generated_blocks(text), "docs/disagreements.md has no generated block"
    m = GENERATED.search(text)
    assert m
    cut = text.replace(m.group(3), m.group(3).split("\n", 1)[0], 1)  # its rows dropped
    assert cut != text and generated(cut) == text
