"""Properties of the replay, over generated hands (hypothesis), under every rulebook.

- Replay never crashes: it returns a Replay, or raises InputError naming the
  file, line and step of the event that cannot happen; never anything else.
- Counters are conserved at every step: the pool is what was carried in plus
  the players' stakes; a stake never goes down, nor moves once its player has
  passed; nobody stakes more than his table stakes.
- The 52 cards are all accounted for at every step (hands, pack, discards,
  abandoned, exposed), and no card is named in two hands.
- Replay is a pure function of the case: the same file, the same replay, and
  the same JSON byte for byte.
- Every replay can be ruled under every book: no two provisions contradict each
  other on generated play, and every finding is either decided or declared silent.

Hands come from ``handgen``: plausible ones (blind, straddles, deal, say,
draw, betting, show, with the irregularities players commit) with junk events
scattered through some of them, and tables of pure junk.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from handgen import dump, generate_chaos, generate_document
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from arbiter import InputError, Rulebook
from arbiter.render.laws import to_json
from arbiter.render.ruling import ruling_markdown, ruling_text
from arbiter.ruling.facts import TableFacts
from arbiter.ruling.judge import rule_on
from arbiter.table.cases import Case, load_case
from arbiter.table.replay import Replay, replay
from arbiter.terms.vocabulary import EFFECTS, FINDINGS, VOIDS, facts_of

FILE = "generated.yaml"
PROPERTY = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class DataChooser:
    """The generator's choices, drawn by hypothesis (so failures shrink to plain hands)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def integer(self, lo: int, hi: int) -> int:
        return self.data.draw(st.integers(lo, hi))

    def chance(self, percent: int) -> bool:
        # Shrinks towards 0, that is towards the ordinary course of play.
        return self.data.draw(st.integers(0, 99)) >= 100 - percent


def check_conserved(r: Replay, case: Case) -> None:
    """Counters and cards at every step."""
    t = case.table
    n = len(r.seats)
    funds = dict(t.stakes)
    assert r.steps[0].pool == t.pool
    carried = [s.pool - sum(s.stakes) for s in r.steps]
    for i, s in enumerate(r.steps):
        assert s.index == i
        if i:
            prev = r.steps[i - 1]
            dealt_now = prev.phase == "before the deal" and s.phase != "before the deal"
            if dealt_now and t.jackpot:
                # A jack-pot: everybody antes into the pool as the cards are dealt.
                assert carried[i] > carried[i - 1]
                # n antes of a blind each (n - 1 where the age's blind stands for his).
                assert (carried[i] - carried[i - 1]) % t.blind == 0
                assert (carried[i] - carried[i - 1]) // t.blind in (n - 1, n)
            else:
                assert carried[i] == carried[i - 1], f"counters appeared at step {i}"
            for j, name in enumerate(r.seats):
                assert s.stakes[j] >= prev.stakes[j], f"{name}'s stake went down at step {i}"
                if prev.statuses[j] == "passed":
                    assert s.statuses[j] == "passed"
                    assert s.stakes[j] == prev.stakes[j], f"{name} staked after passing"
        else:
            assert carried[0] == t.pool
        for j, name in enumerate(r.seats):
            if name in funds:
                assert s.stakes[j] <= funds[name], f"{name} staked beyond his table stakes"
        where = dict(s.cards)
        assert sum(where.values()) == 52, f"step {i}: {where}"
        assert where["hands"] == sum(len(h) for h in s.hands)
        assert all(v >= 0 for v in where.values())
        named = [c for h in s.hands for c in h if c]
        assert len(named) == len(set(named)), f"step {i}: a card in two hands: {named}"
    listed = [k for s in r.steps for k in s.findings]
    assert sorted(listed) == list(range(len(r.findings))), "every finding at exactly one step"
    for s in r.steps:
        for k in s.findings:
            assert r.findings[k].step == s.index


def check_ruled(r: Replay, book: Rulebook) -> None:
    """Every replay can be ruled: the book's provisions never contradict each other, every
    finding gets a decision or a plain statement of silence, and every format renders."""
    ruling = rule_on(r, book)
    table = TableFacts(r)
    for f in r.findings:  # the facts `arbiter check` lets a provision test, kind by kind
        carried = set(facts_of(f.kind))
        assert set(table.of(f)) <= carried, f"{f.kind}: {set(table.of(f)) - carried}"
    ruled = {id(d.finding) for d in ruling.decisions} | {id(s.finding) for s in ruling.silences}
    # A finding in an act another decision voided is not ruled again (the trace says so).
    voided = {(d.finding.step, d.finding.player) for d in ruling.decisions
              if d.decision in VOIDS and d.finding.player is not None}
    passed_over = {id(t.finding) for t in ruling.trace if t.result == "not ruled"}
    # Or a finding later in a deal a decision made void (a misdeal: the deal does not stand).
    ended = {(d.finding.facts.get("deal", 1), d.finding.step) for d in ruling.decisions
             if not d.condition and str(FINDINGS[d.finding.kind].effects.get(str(d.decision))
                                        or EFFECTS.get(d.decision) or "").startswith("deal_ends")}
    # Or an act found out of turn that was in turn among the players the ruling leaves in
    # the game (``in_turn_among``: one before it, or he, put out by an earlier decision).
    out = {d.finding.player for d in ruling.decisions if not d.condition and (
        FINDINGS[d.finding.kind].effects.get(str(d.decision)) or EFFECTS.get(d.decision))
        in ("retire", "retire_when_found")}
    for f in r.findings:
        quiet = f.kind == "showdown" and not f.facts.get("winner") and not f.facts.get("winners")
        if id(f) in passed_over:
            in_turn = FINDINGS[f.kind].in_turn_among is not None and bool(
                out & {f.player, *(f.facts.get(FINDINGS[f.kind].in_turn_among[1]) or [])})
            void_deal = any(deal == f.facts.get("deal", 1) and step < f.step
                            for deal, step in ended)
            assert (f.step, f.player) in voided or in_turn or void_deal, \
                f"{f.kind} at step {f.step} passed over"
            continue
        assert quiet or id(f) in ruled, f"{book.id}: nothing said of {f.kind} at step {f.step}"
    assert all(d.cites for d in ruling.decisions)
    assert ruling_text(ruling, explain=True) and ruling_markdown(ruling)
    assert to_json(ruling.to_dict(explain=True))


def replay_or_error(case: Case, book: Rulebook) -> Replay | InputError:
    try:
        return replay(case, book)
    except InputError as exc:
        m = re.match(r"step (\d+) \(.*\) cannot happen: \S", exc.message)
        assert m, f"the error does not name the step: {exc}"
        step = int(m.group(1))
        assert 1 <= step <= len(case.events)
        assert exc.file == FILE
        assert exc.line == case.events[step - 1].line is not None
        assert exc.path == f"events[{step - 1}]"
        assert "\n" not in str(exc)
        return exc


def check_case(text: str, books: dict[str, Rulebook]) -> list[Replay]:
    case = load_case(FILE, text)  # the generator writes only well-formed cases
    again = load_case(FILE, text)
    done = []
    for book in books.values():
        first = replay_or_error(case, book)
        second = replay_or_error(again, book)
        event("cannot happen" if isinstance(first, InputError) else first.outcome["kind"])
        if isinstance(first, InputError):
            assert isinstance(second, InputError)
            assert str(first) == str(second)
            continue
        assert isinstance(second, Replay)
        check_conserved(first, case)
        check_ruled(first, book)
        assert first.to_dict() == second.to_dict()
        assert to_json(first.to_dict()) == to_json(second.to_dict())
        done.append(first)
    return done


@PROPERTY
@given(data=st.data(), junk=st.booleans())
def test_generated_hands_replay_conserving_counters_and_cards(
    data: st.DataObject, junk: bool, books: dict[str, Rulebook]
) -> None:
    check_case(dump(generate_document(DataChooser(data), junk=junk)), books)


@settings(PROPERTY, max_examples=100)
@given(data=st.data())
def test_pure_junk_never_crashes(data: st.DataObject, books: dict[str, Rulebook]) -> None:
    check_case(dump(generate_chaos(DataChooser(data))), books)


def test_most_generated_hands_replay_to_the_end(books: dict[str, Rulebook]) -> None:
    """The generator is plausible: without junk, nearly every hand replays."""
    from handgen import RandomChooser

    results: list[Any] = []
    for seed in range(60):
        text = dump(generate_document(RandomChooser(seed), junk=False))
        case = load_case(FILE, text)
        results += [replay_or_error(case, b) for b in books.values()]
    replayed = [r for r in results if isinstance(r, Replay)]
    assert len(replayed) >= 0.8 * len(results)
    assert any(r.outcome.get("kind") == "show" for r in replayed)
    assert any(r.findings for r in replayed)


@pytest.mark.parametrize("blind", [0, 2])
def test_a_blind_put_up_in_a_jack_pot_does_not_change_the_antes(
    blind: int, books: dict[str, Rulebook]
) -> None:
    """Found once in 25 random runs: 'A blinds 0' in a jack-pot made every ante zero."""
    text = ("table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 2, jackpot: 1}\n"
            f"events: [A blinds {blind}, deal, B opens 1, C calls, D calls, E calls, A calls]\n")
    case = load_case(FILE, text)
    for book in books.values():
        r = replay(case, book)
        check_conserved(r, case)
        check_ruled(r, book)
        blinds = [f for f in r.findings if f.facts.get("act") == "blinds"]
        assert blinds and blinds[0].player == "A"
        assert r.steps[2].pool - sum(r.steps[2].stakes) >= 4  # the antes went in
