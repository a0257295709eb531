"""A ruling for the table speaks the table's words: no engine names in text or Markdown.

Every shipped case is ruled under every book, in text and in Markdown, and the output
must not name a finding kind (as written in the vocabulary, or with its underscores
dropped, "won uncalled"), a fact (``is_age``, ``acted_after_passing``), nor say "replay"
or "finding". The law quoted is left out (its words are the book's), and so is the
``--explain`` trace, which is for those who want the engine's working. JSON keeps the
engine's names: scripts read them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casecheck import BOOKS

from arbiter import Library
from arbiter.render.ruling import ruling_markdown, ruling_text
from arbiter.ruling.judge import judge
from arbiter.ruling.rulings import Ruling
from arbiter.table.cases import load_case
from arbiter.table.place import where
from arbiter.terms.vocabulary import QUESTION_FACTS, Kind, all_facts

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))

# Kinds whose names, with the underscores dropped, are the table's own phrases ("D bets
# out of turn", "the jack-pot was not opened", "he divulged his hand").
PLAIN_PHRASES = {"out of turn", "not opened", "divulged"}

ENGINE_WORDS = sorted(
    {str(k) for k in Kind} | {str(k).replace("_", " ") for k in Kind}
    | {f for f in (*all_facts(), *QUESTION_FACTS) if "_" in f} | {"replay", "finding"},
    key=len, reverse=True)
ENGINE = re.compile(r"\b(" + "|".join(re.escape(w) for w in ENGINE_WORDS
                                       if w not in PLAIN_PHRASES) + r")(?:s|ed|ing)?\b",
                    re.I)
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _own_words(text: str) -> list[str]:
    """The lines of a ruling that are the arbiter's, not the law's own words: in text, the
    quotation under THE LAW is indented four spaces (a note under it, six); in Markdown it
    is a block quote."""
    head, _, law = text.partition("\nTHE LAW\n")
    quoted = re.compile(r"^    \S")
    return [line for line in (*head.splitlines(), *law.splitlines())
            if not line.startswith("> ") and not (law and line in law.splitlines()
                                                   and quoted.match(line))]


@pytest.mark.parametrize("book", BOOKS)
def test_no_engine_names_in_text_or_markdown_rulings(book: str) -> None:
    rb = Library().get(book)
    bad = []
    for path in CASES:
        ruling = judge(load_case(path), rb)
        for fmt, text in (("text", ruling_text(ruling)), ("markdown", ruling_markdown(ruling))):
            for line in _own_words(text):
                for m in [*ENGINE.finditer(line), *SNAKE.finditer(line),
                          *re.finditer(r"\['|\{'", line)]:  # a Python list or dict
                    bad.append(f"{path.name} ({fmt}): {m.group(0)!r} in {line.strip()[:90]!r}")
    assert not bad, f"under {book}, engine names in rulings:\n  " + "\n  ".join(bad[:20])


def test_the_check_catches_an_engine_name() -> None:
    assert ENGINE.search("The point (won uncalled) is not in the pinned text")
    assert ENGINE.search("If is_age: the replay found no irregularity")
    assert SNAKE.search("the finding acted_after_passing")
    assert not ENGINE.search("D bets out of turn; it was C's say.")


def test_json_keeps_the_engine_names() -> None:
    case = load_case(ROOT / "cases" / "passed-player-wants-his-cards-back.yaml")
    data = judge(case, Library().get("peel")).to_dict()
    assert data["answer"]["form"] == "may"
    assert "findings" in data


def _own_antecedent(ruling: Ruling) -> list[str]:
    """Each place that names as the act before a finding an act its own words tell ("after
    B discarded 2, B discarded 2 and asked for 3")."""
    r = ruling.replay
    out = []
    for f in r.findings:
        told = where(r, f)
        before = told.split(", after ", 1)[1] if ", after " in told else ""
        if before.split(" ")[0] in r.seats and before in f.message:
            out.append(f"{told}, {f.message}")
    return out


@pytest.mark.parametrize("book", BOOKS)
def test_what_happened_never_names_the_act_as_its_own_antecedent(book: str) -> None:
    """Hc (h-13): a demand found wrong is told with the discard before it; its place is
    told from before the discard, the first act its words tell, and so for a short or
    excess giving told with the demand, and the dealer's drawing told with his discard."""
    rb = Library().get(book)
    bad = [f"{p.stem}: {line}" for p in CASES for line in _own_antecedent(
        judge(load_case(p), rb))]
    assert not bad, bad[:5]


def test_a_demand_found_wrong_is_placed_before_its_discard() -> None:
    ruling = judge(load_case(ROOT / "cases" / "h13-asked-three-threw-two.yaml"),
                   Library().get("peel"))
    text = " ".join(ruling_text(ruling).split())
    assert "after B made good 1, B discarded 2 and asked for 3" in text
