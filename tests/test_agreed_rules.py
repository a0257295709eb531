"""A table's agreement to play one of the book's rules otherwise (``agreed:`` with
``rule:``): who made it, when, and a change of players since (``table.joined``); the book's
law on agreements says whether it holds, and the deal is played under the value agreed only
where it does (Peel 80, 81), under the book's own rule elsewhere, and, where the book gives
no rule on agreements, under its own rule by a stated assumption."""

from __future__ import annotations

import pytest

from arbiter.errors import InputError
from arbiter.law.rulebooks import Library
from arbiter.ruling.judge import judge
from arbiter.table.cases import Case, load_case

SHOW = ["B blinds 1", "deal", "C comes in 2", "D comes in 2", "E passes", "A passes",
        "B passes", "C discards 3", "C asks for 3", "A gives C 3", "D stands pat",
        "C bets 2", "D calls", "C shows Kd Kc 7s 4h 2d", "D shows Ah Ks Qs Jc 10h"]
ACE = "{rule: hands.ace_in_sequence, value: high_or_low"


def case(agreed: str, seats: str = "A, B, C, D, E", table: str = "",
         events: list[str] | None = None) -> Case:
    text = (f"table: {{seats: [{seats}], dealer: A, blind: 1, limit: 12{table}}}\n"
            + agreed + "events:\n" + "".join(f"  - {e}\n" for e in events or SHOW)
            + "dispute: {asks: who takes the pool}\n")
    return load_case("x.yaml", text)


def departed(entry: str) -> str:
    return f"agreed:\n  departed:\n    - {entry}\n"


def winner(c: Case, book: str = "peel") -> str:
    a = judge(c, Library().get(book)).answer
    assert a is not None
    return a.answer


def test_a_departure_all_agreed_before_play_is_played_for_the_sitting() -> None:
    """Peel 81: "unless a departure from them has been agreed upon unanimously before play
    begins": ten to ace is a sequence, as the table agreed, and beats a pair."""
    ruling = judge(case(departed(ACE + "}")), Library().get("peel"))
    assert ruling.answer is not None and ruling.answer.answer == "D"
    assert "81" in ruling.answer.cites and "71" not in ruling.answer.cites


@pytest.mark.parametrize("agreed, table, seats", [
    (departed(ACE + ", by: [A, B, C, D]}"), "", "A, B, C, D, E"),  # E did not agree
    (departed(ACE + ", unanimous: false}"), "", "A, B, C, D, E"),
    (departed(ACE + "}"), ", joined: {E: F}", "A, B, C, D, E"),  # F left, E sat in
    (departed(ACE + ", made: earlier_sitting}"), "", "A, B, C, D, E"),
])
def test_a_departure_that_does_not_hold_leaves_the_book_s_rule(agreed: str, table: str,
                                                                seats: str) -> None:
    """Peel 71 decides where 81's conditions fail: C's pair beats D's ace high."""
    ruling = judge(case(agreed, seats, table), Library().get("peel"))
    assert ruling.answer is not None and ruling.answer.answer == "C"
    assert "81" in [c.ref for c in ruling.citations]
    agreement = [d for d in ruling.decisions if d.finding.kind == "rule_agreed"]
    assert [d.decision for d in agreement] == ["corrected"]


def test_a_book_silent_on_agreements_plays_its_own_rule_and_says_it_assumes_so() -> None:
    """Hoffmann lets the ace end a sequence (p. 124); a table that agreed it may only
    begin one departs from him, and he gives no rule on agreements."""
    c = case(departed("{rule: hands.ace_in_sequence, value: low_only}"))
    ruling = judge(c, Library().get("hoyle"))
    assert ruling.answer is not None and ruling.answer.answer == "D"
    silent = [s for s in ruling.silences if s.finding.kind == "rule_agreed"]
    assert len(silent) == 1
    assert any("plays the deal by the book's own rule" in a for a in silent[0].assumes)


def test_an_agreed_value_a_book_does_not_give_takes_the_assumptions_place() -> None:
    """Foster's pinned text gives no rule of the ace in sequences: what the table agreed is
    played, and nothing is found departing from him."""
    c = case(departed("{rule: hands.ace_in_sequence, value: low_only}"))
    ruling = judge(c, Library().get("foster"))
    assert not [f for f in ruling.replay.findings if f.kind == "rule_agreed"]
    assert ruling.replay.outcome.get("winner") == "C"


def test_a_rule_waived_on_one_deal_is_played_on_that_deal_only() -> None:
    """Peel 80: the waiver is for "a particular occasion": deal 2 of the sitting here."""
    first = ["B blinds 1", "deal", "C comes in 2", "D comes in 2", "E passes", "A passes",
             "B passes", "C stands pat", "D stands pat", "C bets 2", "D calls",
             "C shows Kd Kc 7s 4h 2d", "D shows Ah Ks Qs Jc 10h", "next deal"]
    second = ["C blinds 1", "deal", "D comes in 2", "E comes in 2", "A passes", "B passes",
              "C passes", "D stands pat", "E stands pat", "D bets 2", "E calls",
              "D shows Kd Kc 7s 4h 2d", "E shows Ah Ks Qs Jc 10h"]
    c = case("agreed:\n  waived:\n    - {rule: hands.ace_in_sequence, value: high_or_low, "
             "deal: 2}\n", events=[*first, *second])
    ruling = judge(c, Library().get("peel"))
    assert ruling.replay.facts["deals"][0]["winner"] == "C"  # deal 1: the book's rule
    assert ruling.replay.outcome.get("winner") == "E"  # deal 2: as the table agreed


@pytest.mark.parametrize("agreed, table, line, words", [
    (departed("{rule: hands.ace_in_seqence, value: high_or_low}"), "", 4,
     ("not one of the books' parameters", "hands.ace_in_sequence")),
    (departed("{rule: hands.ace_in_sequence, value: round_the_corner}"), "", 4,
     ("not a value of hands.ace_in_sequence", "low_only, high_only, high_or_low")),
    (departed("{rule: hands.ace_in_sequence}"), "", 4, ("expected the value",)),
    (departed("{finding: card_exposed_in_deal, rule: hands.ace_in_sequence}"), "", 4,
     ("one of 'finding' and 'rule'",)),
    (departed("{finding: card_exposed_in_deal, value: true}"), "", 4, ("takes no 'value'",)),
    (departed(ACE + ", by: [A, B, X]}"), "", 4, ("'X' is not at the table",)),
    (departed(ACE + ", by: [A], unanimous: false}"), "", 4, ("not both",)),
    ("", ", joined: {E: C}", 1, ("one who has left the table", "at the table")),
    ("", ", joined: {X: F}", 1, ("'X' is not at the table",)),
])
def test_a_bad_agreement_on_a_rule_is_one_line_with_file_and_line(
        agreed: str, table: str, line: int, words: tuple[str, ...]) -> None:
    with pytest.raises(InputError) as exc:
        case(agreed, table=table)
    err = exc.value
    assert err.file == "x.yaml" and err.line == line, str(err)
    assert "\n" not in str(err)
    for w in words:
        assert w in str(err), str(err)
