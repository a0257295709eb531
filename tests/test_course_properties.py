"""The table obeys its rulings, and the answer is read from them (ruling/course.py,
ruling/answers.py): over every shipped case under every book, and over generated hands.

- A player a ruling retires never acts again without a finding at that act.
- After a ruling ends the deal (a misdeal, a new deal), nothing of that deal is played,
  and nothing later in it is found or ruled: no remedy of the voided deal is imposed.
- A retired player's stake stays what it was when he retired (it is in the pool, forfeited,
  and grows no more); the pool is conserved through it (test_replay_properties checks the
  counters of every step).
- Every answer cites the law it rests on, or says the book is silent (not in the pinned
  text, for an extract): there is no third kind.
- The answer never contradicts a decision printed under it: "is his hand foul" is yes
  exactly where a decision makes it foul; "may X do Y", where the events end with that
  act, is not yes where the ruling printed does not let it stand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from casecheck import BOOKS
from handgen import dump, generate_document
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_replay_properties import FILE, DataChooser

from arbiter import InputError, Library, Rulebook
from arbiter.ruling.course import course
from arbiter.ruling.judge import Ruling, judge
from arbiter.table.cases import Case, load_case
from arbiter.table.replay import Replay
from arbiter.terms.vocabulary import ACTS, PERMITS, QUESTIONS, Act, Decision, Question

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))


@pytest.fixture(scope="module")
def books() -> dict[str, Rulebook]:
    lib = Library()
    return {b: lib.get(b) for b in BOOKS}


def check_obeyed(case: Case, r: Replay, ruling: Ruling) -> None:
    found_at = {(f.step, f.player) for f in r.findings}
    for c in r.obeyed:
        if c.effect == "retire" and c.player is not None:
            i = r.seats.index(c.player)
            kept = r.steps[c.step].stakes[i]
            for s in r.steps[c.step:]:
                assert s.statuses[i] == "passed", f"{c.player} still in at step {s.index}"
            for k, ev in enumerate(case.events[c.step:], c.step + 1):
                if ev.player == c.player and not ACTS[ev.act].when_out \
                        and not ACTS[ev.act].by_dealer_when_out and ev.act != Act.PASSES:
                    assert (k, c.player) in found_at, (
                        f"{c.player}, retired at step {c.step}, {ev.describe()} at step {k} "
                        "and nothing is found")
                if (k, c.player) not in found_at:
                    assert r.steps[k].stakes[i] == kept, f"{c.player}'s stake moved at {k}"
        if c.effect == "deal_ends":
            last = r.steps[c.step]
            for s in r.steps[c.step:]:
                assert s.stakes == last.stakes and s.pool == last.pool
            late = [f for f in r.findings if f.step > c.step]
            assert not late, f"found after the deal ended at step {c.step}: {late}"
            ruled = [x for x in [*ruling.decisions, *ruling.silences] if x.finding.step > c.step]
            assert not ruled, f"ruled after the deal ended at step {c.step}"


def check_answer(ruling: Ruling) -> None:
    a = ruling.answer
    if a is None:
        return
    assert a.cites or a.silent, f"the answer cites no law and is not silent: {a.line()}"
    if a.silent and ruling.rulebook.extract:
        assert "not in the pinned text" in a.line() or a.cites, a.line()
    asked = ruling.case.dispute.asks if ruling.case.dispute else None
    assert asked is not None
    mine = [d for d in ruling.decisions if d.finding.player == a.player and not d.condition]
    if asked.kind == Question.HAND_FOUL and not a.silent:
        foul = [d for d in ruling.decisions if d.finding.player == a.player
                and d.decision in QUESTIONS[Question.HAND_FOUL].yes_by]
        assert a.answer.startswith("yes") == bool(foul), (a.answer, [d.says for d in foul])
    events = ruling.case.events
    if asked.kind == Question.MAY and events and asked.act is not None \
            and events[-1].act == asked.act.act and events[-1].player == asked.act.player:
        at_act = [d for d in mine if d.finding.step == len(events)]
        if any(not PERMITS.get(d.decision, False) and d.decision != Decision.OUT_OF_ORDER
               for d in at_act):
            assert a.answer != "yes", (a.line(), [d.says for d in at_act])


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_every_case_obeys_its_rulings_and_answers_from_them(
        path: Path, books: dict[str, Rulebook]) -> None:
    case = load_case(path)
    for book in books.values():
        r, ruling = course(case, book)
        check_obeyed(case, r, ruling)
        check_answer(judge(case, book))


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), junk=st.booleans())
def test_generated_hands_obey_their_rulings(
        data: st.DataObject, junk: bool, books: dict[str, Rulebook]) -> None:
    case = load_case(FILE, dump(generate_document(DataChooser(data), junk=junk)))
    for book in books.values():
        try:
            r, ruling = course(case, book)
        except InputError:
            continue
        check_obeyed(case, r, ruling)


def test_a_foul_hand_pointed_out_retires_its_player_who_has_no_say_after(
        books: dict[str, Rulebook]) -> None:
    """Peel 47: the dealer who draws more than he discarded "shall retire from the game":
    once it is pointed out he has no say, so the betting closes between B and C without
    him, and B's bet after the draw is not out of turn for A's sake."""
    text = """
title: The dealer's six cards pointed out before the betting
table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 10}
events:
  - B blinds 1
  - deal
  - C comes in
  - D passes
  - E passes
  - A comes in
  - B makes good
  - B draws 1
  - C draws 2
  - A discards 1
  - A gives A 2
  - A lifts
  - C points out A
  - C bets 2
  - B calls
"""
    case = load_case(FILE, text)
    r, _ = course(case, books["peel"])
    assert [(c.step, c.effect, c.player) for c in r.obeyed] == [(13, "retire", "A")]
    assert r.status("A") == "passed" and r.stake("A") == 2
    assert not [f for f in r.findings if str(f.kind) == "out_of_turn"]
    assert r.outcome["kind"] == "show" and r.outcome["players"] == ["B", "C"]
    unruled, _ = course(case, books["hoyle"])  # Hoffmann is silent on the hand: A plays on
    assert unruled.status("A") == "in" and not unruled.obeyed
