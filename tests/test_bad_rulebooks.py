"""Bad rulebooks are refused with one line: file, line, column, path and what was expected.

Each case is written to ``tmp_path/<id>.yaml`` and given to a real
``python -m arbiter check FILE`` so that the exit status, stderr and the
absence of a traceback are what a user would see.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import ROOT


class Bad(NamedTuple):
    id: str
    yaml: str
    line: int
    column: int
    path: str  # "" where the YAML cannot be parsed far enough to have one
    expected: str  # a part of the message that says what was wrong or expected


CASES = [
    Bad(
        "yaml-syntax",
        """\
        id: yaml-syntax
        title: A colon where none may stand
        laws:
          - ref: 1
            text: The cards: fifty-two.
        """,
        5,
        20,
        "",
        "YAML syntax error: mapping values are not allowed",
    ),
    Bad(
        "unclosed-quote",
        """\
        id: unclosed-quote
        title: A quotation never closed
        laws:
          - ref: 1
            text: "The cards shall be
          - ref: 2
            text: Two.
        """,
        5,
        11,
        "",
        "YAML syntax error: found unexpected end of stream while scanning a quoted scalar",
    ),
    Bad(
        "bad-indent",
        """\
        id: bad-indent
        title: A law out of line
        laws:
          - ref: 1
           text: One.
        """,
        5,
        4,
        "",
        "YAML syntax error: did not find expected '-' indicator",
    ),
    Bad(
        "duplicate-key",
        """\
        id: duplicate-key
        title: A page given twice
        laws:
          - ref: 1
            page: 47
            text: One.
            page: 48
        """,
        7,
        5,
        "laws[0].page",
        "duplicate key 'page' (first given on line 5)",
    ),
    Bad(
        "duplicate-top-key",
        """\
        id: duplicate-top-key
        title: One title
        title: Another title
        """,
        3,
        1,
        "title",
        "duplicate key 'title' (first given on line 2)",
    ),
    Bad(
        "unknown-key",
        """\
        id: unknown-key
        title: A misspelt page
        laws:
          - ref: 1
            heading: The Deal
            pgae: 47
            text: One.
        """,
        6,
        5,
        "laws[0].pgae",
        "unknown key 'pgae'; did you mean 'page'",
    ),
    Bad(
        "unknown-top-key",
        """\
        id: unknown-top-key
        title: A misspelt author
        auther: W. H. Peel
        """,
        3,
        1,
        "auther",
        "unknown key 'auther'; did you mean 'author'",
    ),
    Bad(
        "wrong-type",
        """\
        id: wrong-type
        title: A page in words
        laws:
          - ref: 1
            page: 47
            text: One.
          - ref: 2
            page: fifty
            text: Two.
        """,
        8,
        5,
        "laws[1].page",
        "expected a whole number, got text 'fifty'",
    ),
    Bad(
        "wrong-year",
        """\
        id: wrong-year
        title: A year in words
        published: {place: London, year: eighteen ninety-one}
        """,
        3,
        28,
        "published.year",
        "expected a whole number, got text 'eighteen ninety-one'",
    ),
    Bad(
        "law-without-text",
        """\
        id: law-without-text
        title: A law with no words
        laws:
          - ref: 1
            text: One.
          - ref: 2
            heading: The Deal
            page: 47
        """,
        6,
        5,
        "laws[1]",
        "missing required key 'text'",
    ),
    Bad(
        "empty-text",
        """\
        id: empty-text
        title: An empty quotation
        laws:
          - ref: 1
            text: ""
        """,
        5,
        5,
        "laws[0].text",
        "must not be empty",
    ),
    Bad(
        "blank-text",
        """\
        id: blank-text
        title: A quotation of spaces
        laws:
          - ref: 1
            text: "   "
        """,
        5,
        5,
        "laws[0].text",
        "a law needs its text",
    ),
    Bad(
        "null-text",
        """\
        id: null-text
        title: A text key with nothing after it
        laws:
          - ref: 1
            text:
        """,
        5,
        5,
        "laws[0].text",
        "expected text, got nothing",
    ),
    Bad(
        "duplicate-law",
        """\
        id: duplicate-law
        title: Law 1 twice
        laws:
          - ref: 1
            text: One.
          - ref: 2
            text: Two.
          - ref: "1"
            text: One again.
        """,
        8,
        5,
        "laws[2].ref",
        "law '1' is given twice (first at laws[0])",
    ),
    Bad(
        "id-mismatch",
        """\
        # The file is id-mismatch.yaml but the id says otherwise.

        id: something-else
        title: Misnamed
        """,
        3,
        1,
        "id",
        "expected id 'id-mismatch', the name of the file; got 'something-else'",
    ),
    Bad(
        "bad-extends",
        """\
        id: bad-extends
        title: House rules on a misspelt book
        extends: pele
        """,
        3,
        1,
        "extends",
        "no rulebook 'pele'; did you mean 'peel'?",
    ),
    Bad(
        "bad-effect",
        """\
        id: bad-effect
        title: An effect not in the vocabulary
        laws:
          - ref: 1
            effect: decide
            text: One.
        """,
        5,
        5,
        "laws[0].effect",
        "expected one of advises, decides, describes, procedure; got text 'decide'",
    ),
]


def check(*files: Path, fmt: str = "text") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbiter", "check", *map(str, files), "--format", fmt],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ),
        timeout=60,
    )


def write(tmp_path: Path, name: str, yaml: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(textwrap.dedent(yaml), encoding="utf-8")
    return path


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_bad_rulebook_is_refused_with_file_line_column_and_path(bad: Bad, tmp_path: Path) -> None:
    path = write(tmp_path, bad.id, bad.yaml)
    done = check(path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    where = f"{path}:{bad.line}:{bad.column}: "
    assert lines[0].startswith(where), f"expected {where!r}, got {lines[0]!r}"
    rest = lines[0][len(where) :]
    if bad.path:
        assert rest.startswith(f"{bad.path}: "), rest
    assert bad.expected in rest, rest


def test_the_line_numbers_point_at_the_offending_key() -> None:
    # Not only the reported numbers, but the text there: the line names the key at fault.
    for bad in CASES:
        if not bad.path or "[" in bad.path.rsplit(".", 1)[-1]:
            continue
        key = bad.path.rsplit(".", 1)[-1]
        line = textwrap.dedent(bad.yaml).splitlines()[bad.line - 1]
        assert line[bad.column - 1 :].startswith(key), (bad.id, line)


def test_unknown_key_message_lists_the_allowed_keys(tmp_path: Path) -> None:
    bad = next(c for c in CASES if c.id == "unknown-key")
    line = check(write(tmp_path, bad.id, bad.yaml)).stderr
    assert "(allowed: ref, title, heading, page, page_end, effect, text" in line


def test_bad_rulebook_check_json_reports_line_column_and_path(tmp_path: Path) -> None:
    bad = next(c for c in CASES if c.id == "wrong-type")
    done = check(write(tmp_path, bad.id, bad.yaml), fmt="json")
    assert done.returncode == 2
    (result,) = json.loads(done.stdout)
    assert result["ok"] is False
    assert (result["line"], result["column"], result["path"]) == (8, 5, "laws[1].page")


def test_good_rulebook_passes_check(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "good",
        """\
        id: good
        title: A house rule
        author: The Secretary
        published: {place: London, year: 1925}
        laws:
          - ref: 1
            heading: The Deal
            page: 1
            text: The cards shall be the ordinary pack of fifty-two cards.
        """,
    )
    done = check(path)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith(f"{path}: ok (rulebook good, 1 laws")


def test_house_book_extending_peel_passes_check(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "club",
        """\
        id: club
        title: The Club
        extends: peel
        laws:
          - ref: H1
            title: Jack-pots
            text: Jack-pots only on the last round.
        """,
    )
    done = check(path)
    assert (done.returncode, done.stderr) == (0, "")
    assert "rulebook club, 99 laws" in done.stdout


def test_shipped_rulebooks_pass_check() -> None:
    files = sorted((ROOT / "rulebooks").glob("*.yaml"))
    done = check(*files)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.count(": ok (") == len(files)


def test_one_bad_file_among_good_ones_exits_2_and_names_only_the_bad(tmp_path: Path) -> None:
    bad = next(c for c in CASES if c.id == "duplicate-law")
    bad_path = write(tmp_path, bad.id, bad.yaml)
    done = check(ROOT / "rulebooks" / "peel.yaml", bad_path)
    assert done.returncode == 2
    assert "peel.yaml: ok" in done.stdout
    assert done.stderr.splitlines() == [
        f"{bad_path}:8:5: laws[2].ref: law '1' is given twice (first at laws[0])"
    ]


def test_a_bad_house_book_is_refused_when_used_not_only_when_checked(tmp_path: Path) -> None:
    bad = next(c for c in CASES if c.id == "wrong-type")
    path = write(tmp_path, "club", bad.yaml.replace("id: wrong-type", "id: club"))
    done = subprocess.run(
        [sys.executable, "-m", "arbiter", "law", "club", "1", "--rulebooks", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        f"arbiter: error: {path}:8:5: laws[1].page: expected a whole number, got text 'fifty'"
    ]


def test_a_quotation_changed_from_the_source_is_refused(tmp_path: Path) -> None:
    from conftest import sources_or_skip

    sources_or_skip()
    text = (ROOT / "rulebooks" / "peel.yaml").read_text(encoding="utf-8")
    changed = text.replace("ordinary pack of fifty-two cards", "ordinary pack of fifty-three cards")
    assert changed != text
    path = tmp_path / "peel.yaml"
    path.write_text(changed, encoding="utf-8")
    done = check(path)
    assert done.returncode == 2
    line = text.splitlines().index("      The cards shall be the ordinary pack of fifty-two cards.")
    (message,) = done.stderr.splitlines()
    # The text: key of law 1 stands on the line before its first line of words.
    assert message.startswith(f"{path}:{line}:5: laws[0].text: the text of law 1 is not found")


def _check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbiter", "check", str(path)],
                          capture_output=True, text=True, timeout=60)


def _club(tmp_path: Path, provision: str) -> Path:
    path = tmp_path / "club.yaml"
    path.write_text("id: club\ntitle: Club rules\nextends: peel\nprovisions:\n" + provision,
                    encoding="utf-8")
    return path


def test_a_misspelt_fact_in_when_is_refused_with_its_line(tmp_path: Path) -> None:
    path = _club(tmp_path, "  - id: club-a\n    finding: given_more_than_asked\n"
                 "    when: {liftd: true}\n    decision: foul_hand\n    cites: [48]\n")
    done = _check(path)
    assert done.returncode == 2
    assert f"{path}:7:5: provisions[0].when: tests 'liftd'" in done.stderr
    assert "did you mean 'lifted'" in done.stderr


def test_a_citation_of_a_law_the_book_lacks_is_refused(tmp_path: Path) -> None:
    path = _club(tmp_path, "  - id: club-a\n    finding: given_more_than_asked\n"
                 "    decision: foul_hand\n    cites: [C9]\n")
    done = _check(path)
    assert done.returncode == 2
    assert "provisions[0].cites: cites law 'C9', which club does not hold" in done.stderr


def test_an_unknown_placeholder_and_exception_are_refused(tmp_path: Path) -> None:
    path = _club(tmp_path, "  - id: club-a\n    finding: given_more_than_asked\n"
                 "    decision: foul_hand\n    says: '{playr} is foul'\n    cites: [48]\n")
    done = _check(path)
    assert "names {playr}" in done.stderr and done.returncode == 2
    path = _club(tmp_path, "  - id: club-a\n    finding: given_more_than_asked\n"
                 "    decision: foul_hand\n    exception_to: [peel-42-surplus]\n    cites: [48]\n")
    done = _check(path)
    assert "is an exception to 'peel-42-surplus'" in done.stderr
    assert "did you mean 'peel-42-surplus-returned'" in done.stderr


def test_undoes_on_a_decision_that_voids_nothing_is_refused(tmp_path: Path) -> None:
    """``undoes`` says what a void act undoes: on a decision that lets the act stand it is
    a mistake in the book, named with its line."""
    path = _club(tmp_path, "  - id: club-a\n    finding: over_limit\n"
                 "    decision: out_of_order\n    undoes: counters\n    cites: [25]\n")
    done = _check(path)
    assert done.returncode == 2
    assert f"{path}:8:5: provisions[0].undoes: says what a void act undoes" in done.stderr
    assert "Traceback" not in done.stderr
