"""The recipes of docs/adding.md, followed step by step in a temporary copy of the project.

Each recipe's numbered steps are read from the page, and each is done here, in the page's
order, by the function of the same name: a step the page leaves out, or one it names that
is not done, fails the test; so does a step done that leaves a test it touches red. The
act added is a small one (a player yawns at the table); the book, a small fourth code
quoting two of Peel's laws from Peel's pinned text.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import ROOT, sources_or_skip

PAGE = ROOT / "docs" / "adding.md"
COPIED = ("arbiter", "rulebooks", "cases", "docs", "tests", "benchmarks", "README.md",
          "CHANGELOG.md", "LICENSE", "pyproject.toml")


def steps(section: str) -> list[str]:
    """The bold names of a recipe's numbered steps (``1. **The registry**``), in order."""
    text = PAGE.read_text(encoding="utf-8").split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\d+\. \*\*(.+?)\.?\*\*", text, re.M)


def copy_project(tmp: Path) -> Path:
    root = tmp / "project"
    for name in COPIED:
        src = ROOT / name
        if not src.exists():
            continue
        if src.is_dir():
            shutil.copytree(src, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, root / name)
    return root


def run(root: Path, *args: str, env: dict[str, str] | None = None,
        timeout: int = 900) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ, PYTHONPATH=str(root), **(env or {}))
    full.pop("ARBITER_TEST_RULEBOOKS", None)
    return subprocess.run([sys.executable, *args], cwd=root, env=full, capture_output=True,
                          text=True, timeout=timeout)


def insert(path: Path, after: str, text: str, before_close: bool = False) -> None:
    """Put ``text`` after the line ``after`` (or, with ``before_close``, before the first
    line ``}`` that follows it: the end of the registry's dict)."""
    s = path.read_text(encoding="utf-8")
    at = s.index(after) + len(after)
    if before_close:
        at = s.index("\n}\n", at) + 1
    path.write_text(s[:at] + text + s[at:], encoding="utf-8")


def passes(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, (done.stdout[-4000:] + done.stderr[-2000:])


# --- adding an act ---------------------------------------------------------------------

def act_registry(root: Path) -> None:
    vocabulary = root / "arbiter" / "terms" / "vocabulary.py"
    insert(vocabulary, '    NEXT_DEAL = "next_deal"\n', '    YAWNS = "yawns"\n')
    insert(vocabulary, '    WRONG_DEALER = "wrong_dealer"\n', '    YAWNED = "yawned"\n')
    insert(vocabulary, "ACTS: dict[Act, ActSpec] = {",
           '    Act.YAWNS: ActSpec("yawns at the table", ("yawns",), after_hand=True,\n'
           "                       when_out=True),\n", before_close=True)
    insert(vocabulary, "FINDINGS: dict[Kind, FindingSpec] = {",
           '    Kind.YAWNED: FindingSpec("yawned at the table", {}),\n', before_close=True)


def act_handler(root: Path) -> None:
    with (root / "arbiter" / "table" / "acts" / "say.py").open("a", encoding="utf-8") as fh:
        fh.write('\n\n@checks(Act.YAWNS)\ndef check_yawns(game: Game, ev: Event) -> None:\n'
                 '    p = player(ev)\n'
                 '    game.find(Kind.YAWNED, p, f"{p} yawned at the table")\n')


def act_provision(root: Path) -> None:
    insert(root / "rulebooks" / "peel.yaml", "\nprovisions:\n",
           "  - id: peel-yawning\n    finding: yawned\n    decision: no_remedy\n"
           "    says: \"{player} yawned; nothing is ruled on it\"\n    cites: [27]\n")


def act_lists_and_schemas(root: Path) -> None:
    passes(run(root, "tests/regen.py"))


def act_case(root: Path) -> None:
    (root / "cases" / "yawns-at-the-table.yaml").write_text(
        "title: D yawns at the table\n"
        "table: {seats: [A, B, C, D], dealer: A, blind: 1, limit: 10}\n"
        "events: [B blinds 1, deal, C comes in, D yawns]\n"
        "expect:\n  all:\n    findings:\n      - {kind: yawned, step: 4, player: D}\n"
        "  peel:\n    ruling:\n      decisions:\n"
        "        - {finding: yawned, decision: no_remedy, cites: [27]}\n      silent: []\n",
        encoding="utf-8")


def act_example_line(root: Path) -> None:
    insert(root / "tests" / "test_questions.py", "LINES = {\n", '    Act.YAWNS: "{p} yawns",\n')


ACT_STEPS: dict[str, Callable[[Path], None]] = {
    "The registry": act_registry, "The handler": act_handler,
    "The provision": act_provision, "The lists and the schemas": act_lists_and_schemas,
    "The case": act_case, "The example line": act_example_line,
}


def test_the_act_recipe_names_the_steps_done_here() -> None:
    assert steps("Adding an act") == list(ACT_STEPS)


def test_adding_an_act_as_the_recipe_says_leaves_the_tests_it_touches_green(
        tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    for name in steps("Adding an act"):
        ACT_STEPS[name](root)
    done = run(root, "-m", "arbiter", "rule", "cases/yawns-at-the-table.yaml")
    assert done.returncode == 0 and "yawned" in done.stdout, done.stdout + done.stderr
    passes(run(root, "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider", "-x",
               "tests/test_vocabulary.py", "tests/test_questions.py",
               "tests/test_structure.py", "tests/test_provision_coverage.py"))
    passes(run(root, "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider", "-x",
               "-k", "yawns", "tests/test_cases_rulings.py", "tests/test_cases_replay.py"))


# --- adding a book ---------------------------------------------------------------------

NEW = "tiny"


def _peel_law(ref: int) -> str:
    text = (ROOT / "rulebooks" / "peel.yaml").read_text(encoding="utf-8")
    block = text.split(f"\n  - ref: {ref}\n", 1)[1].split("\n  - ref:", 1)[0]
    return block.split("text: >-\n", 1)[1].split("\n    [a-z]", 1)[0]


def book_text(root: Path) -> None:
    peel = (ROOT / "rulebooks" / "peel.yaml").read_text(encoding="utf-8")
    source = peel.split("\nsource:\n", 1)[1].split("\n", 2)[:2]
    (root / "rulebooks" / f"{NEW}.yaml").write_text(
        f"id: {NEW}\ntitle: A tiny code\nauthor: W. H. Peel\n"
        "published: {place: London, year: 1891}\n"
        "edition: \"two of Peel's rules, from Project Gutenberg eBook #27819\"\n"
        "source:\n" + "\n".join(source) + "\n", encoding="utf-8")
    sources = root / "docs" / "sources.md"
    sha = source[1].split(":", 1)[1].strip()
    insert(sources, "## Where each text comes from\n\n",
           f"**Tiny** (`{NEW}`). Two of Peel's rules, p. 47, from Project Gutenberg eBook "
           f"**#27819**. File `peel-round-games-1891-poker.txt`, sha256 `{sha}`.\n\n")


def book_laws(root: Path) -> None:
    with (root / "rulebooks" / f"{NEW}.yaml").open("a", encoding="utf-8") as fh:
        fh.write("laws:\n")
        for ref, effect in ((1, "describes"), (18, "decides")):
            fh.write(f"  - ref: {ref}\n    heading: The Deal\n    page: 47\n"
                     f"    effect: {effect}\n    text: >-\n{_peel_law(ref)}\n")


def book_topics(root: Path) -> None:
    with (root / "rulebooks" / f"{NEW}.yaml").open("a", encoding="utf-8") as fh:
        fh.write("topics:\n  - {id: the-deal, title: The deal, laws: [1, 18], "
                 "parameters: [deal]}\n")


def book_parameters(root: Path) -> None:
    with (root / "rulebooks" / f"{NEW}.yaml").open("a", encoding="utf-8") as fh:
        fh.write("parameters:\n  deal: {passes: left_of_dealer, cites: {passes: [18]}}\n")


def book_provisions(root: Path) -> None:
    with (root / "rulebooks" / f"{NEW}.yaml").open("a", encoding="utf-8") as fh:
        fh.write("provisions:\n  - id: tiny-18-wrong-dealer\n    finding: wrong_dealer\n"
                 "    decision: out_of_order\n    cites: [18]\n")


def book_check(root: Path) -> None:
    passes(run(root, "-m", "arbiter", "check", NEW))


BOOK_STEPS: dict[str, Callable[[Path], None]] = {
    "The text": book_text, "The laws": book_laws, "The topics": book_topics,
    "The parameters": book_parameters, "The provisions": book_provisions,
    "The check": book_check,
}


def test_the_book_recipe_names_the_steps_done_here() -> None:
    assert steps("Adding a book") == list(BOOK_STEPS)


def test_adding_a_book_as_the_recipe_says_leaves_the_tests_on_books_green(
        tmp_path: Path) -> None:
    """The tests on a book's file, its text, its topics and the sources page; each case's
    expected ruling under the new book is the recipe's last step, written from its law,
    and not done here."""
    sources_or_skip()
    root = copy_project(tmp_path)
    for name in steps("Adding a book"):
        BOOK_STEPS[name](root)
    env = {"ARBITER_SOURCES": str(sources_or_skip())}
    done = run(root, "-m", "arbiter", "diff", "peel", NEW, "--topic", "the-deal", env=env)
    assert done.returncode == 0 and "deal.passes" in done.stdout, done.stdout + done.stderr
    passes(run(root, "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider", "-k",
               f"{NEW} or topics", "tests/test_rulebooks_verbatim.py",
               "tests/test_secretary_and_historian.py", "tests/test_diff.py", env=env))


@pytest.mark.parametrize("section", ["Adding an act", "Adding a book"])
def test_each_recipe_has_its_steps(section: str) -> None:
    assert len(steps(section)) >= 5
