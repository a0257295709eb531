"""The question a case asks (dispute.asks): read from the documented forms, refused with
the forms listed, answered first under each book's heading; and every act of the
vocabulary, at every point of a deal, is found or ruled, never refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from casecheck import BOOKS

from arbiter import Library
from arbiter.render.ruling import ruling_text
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case
from arbiter.table.questions import forms
from arbiter.terms.vocabulary import ACTS, QUESTIONS, Act

ROOT = Path(__file__).resolve().parent.parent
TABLE = "table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 12}\n"


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbiter", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def test_check_refuses_a_question_it_cannot_read_and_lists_the_forms(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(TABLE + "events: [deal]\ndispute: {asks: can C have a go}\n",
                   encoding="utf-8")
    done = _run("check", str(bad), cwd=ROOT)
    assert done.returncode == 2
    line = done.stderr.strip()
    assert "\n" not in line and "bad.yaml:3:" in line and "dispute.asks" in line
    for spec in QUESTIONS.values():
        assert spec.form in line


def test_a_may_question_whose_act_is_not_an_act_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(TABLE + "events: [deal]\ndispute: {asks: may C whistle}\n",
                   encoding="utf-8")
    done = _run("check", str(bad), cwd=ROOT)
    assert done.returncode == 2 and "may C whistle" in done.stderr and forms() in done.stderr


def test_rule_help_lists_every_question_form() -> None:
    done = _run("rule", "--help", cwd=ROOT)
    text = " ".join(done.stdout.split())
    for spec in QUESTIONS.values():
        assert spec.form in text


@pytest.mark.parametrize("book", BOOKS)
def test_the_first_line_under_each_heading_is_the_answer(book: str) -> None:
    for path in sorted((ROOT / "cases").glob("*.yaml")):
        case = load_case(path)
        if case.dispute is None or case.dispute.asks is None:
            continue
        ruling = judge(case, Library().get(book))
        book_ = ruling.rulebook
        heading = f"RULING under {book_.name}: {book_.title} ({book_.author}, {book_.year})"
        flat = " ".join(ruling_text(ruling).split())  # the heading may wrap to two lines
        assert ruling.answer is not None and flat.startswith(heading)
        after = flat[len(heading):].strip()
        assert after.startswith(" ".join(ruling.answer.line().split())), path.name
        assert not after.startswith("Case:"), path.name


def test_peel_27_a_passed_player_may_not_come_in_but_the_age_in_turn_may() -> None:
    case = load_case(ROOT / "cases" / "passed-player-wants-his-cards-back.yaml")
    assert judge(case, Library().get("peel")).answer.answer == "no"
    asked = load_case("x.yaml", TABLE + "events: [B blinds 1, deal, C comes in]\n"
                      "dispute: {asks: may D come in}\n")
    assert judge(asked, Library().get("peel")).answer.answer == "yes"


# A short deal to each point: before the deal, the say, the draw, after it, the show, over.
POINTS = {
    "before the deal": [],
    "the say": ["B blinds 1", "deal"],
    "the draw": ["B blinds 1", "deal", "C comes in", "D comes in", "E passes", "A passes",
                 "B passes"],
    "after the draw": ["B blinds 1", "deal", "C comes in", "D comes in", "E passes",
                       "A passes", "B passes", "C draws 2", "D draws 1"],
    "the show": ["B blinds 1", "deal", "C comes in", "D comes in", "E passes", "A passes",
                 "B passes", "C draws 2", "D draws 1", "C bets 1", "D calls"],
    "over": ["B blinds 1", "deal", "C passes", "D passes", "E passes", "A passes",
             "B passes"],
}
# One line for each act, done by C (who is still in at every point but 'over') and by E,
# who has passed from the draw on.
LINES = {
    Act.DEALS: "A deals", Act.BLINDS: "{p} blinds 1", Act.STRADDLES: "{p} straddles",
    Act.DECLINES: "{p} declines to straddle", Act.COMES_IN: "{p} comes in",
    Act.RAISES: "{p} raises 2", Act.PASSES: "{p} passes", Act.OPENS: "{p} opens 2",
    Act.DISCARDS: "{p} discards 1", Act.ASKS: "{p} asks for 1", Act.GIVES: "A gives {p} 1",
    Act.DRAWS: "{p} draws 1", Act.STANDS_PAT: "{p} stands pat", Act.EXPOSES: "A exposes {p}",
    Act.LETS_DRAW_GO_BY: "{p} lets his turn to draw go by",
    Act.FACED: "faced card", Act.LOOKS: "{p} looks", Act.LIFTS: "{p} lifts",
    Act.BETS: "{p} bets 1", Act.CALLS: "{p} calls", Act.HOLDS: "{p} holds the age",
    Act.STANDS: "{p} stands", Act.SHOWS: "{p} shows", Act.CLAIMS: "{p} claims D asked for 2",
    Act.SPEAKS: "{p} speaks to the dealer", Act.INQUIRES: "{p} asks how many D drew",
    Act.WINS: "{p} wins", Act.RETAKES: "{p} takes back a discard",
    Act.STATES: "{p} says he will pass", Act.BORROWS: "{p} borrows 5",
    Act.DIVULGES: "{p} divulges", Act.WITHDRAWS: "{p} takes back his bet",
    Act.POINTS_OUT: "{p} points out the error", Act.NOT_LOOKED: "{p} has not looked",
    Act.CUTS: "{p} cuts the pack", Act.CUTS_FOR_DEAL: "{p} cuts for the deal 7h",
    Act.ADDS: "{p} adds 5",
    Act.DISPUTES: "{p} disputes that D passed", Act.RETRIEVES: "{p} takes up his thrown hand",
    Act.DEMANDS_JACK: "{p} demands a jack", Act.NEXT_DEAL: "next deal",
    Act.LETS_SAY_GO_BY: "{p} lets his turn to bet go by",
}
# What cannot physically happen: taking back a discard where none was made.
IMPOSSIBLE = {Act.RETAKES}


def test_every_act_of_the_vocabulary_has_a_line_here() -> None:
    assert set(LINES) == set(ACTS)


@pytest.mark.parametrize("point", sorted(POINTS))
def test_every_act_at_every_point_is_ruled_or_found_never_refused(point: str,
                                                                  tmp_path: Path) -> None:
    for act, line in LINES.items():
        if act in IMPOSSIBLE:
            continue
        for who in ("C", "E"):
            events = [*POINTS[point], line.format(p=who)]
            text = TABLE + "events:\n" + "".join(f"  - {e}\n" for e in events)
            case = load_case(tmp_path / "x.yaml", text)
            for book in BOOKS:
                ruling = judge(case, Library().get(book))  # raises on a refusal
                assert ruling is not None, (point, line)


def test_what_may_tries_the_acts_the_vocabulary_gives_for_the_point() -> None:
    from arbiter.ruling.answers import choices
    from arbiter.terms.vocabulary import ACTS

    for phase in ("before the deal", "before the draw", "the draw", "after the draw",
                  "the show"):
        tried = {w for bet in (False, True) for _, w in choices(phase, bet)}
        assert tried == {s.choice_words for s in ACTS.values() if phase in s.choice_at}
    after_a_bet = {w for _, w in choices("after the draw", True)}
    assert "call" in after_a_bet and "bet 1" not in after_a_bet
    assert "demand a jack" in {w for _, w in choices("before the draw", False)}
    assert choices("over", False) == []
