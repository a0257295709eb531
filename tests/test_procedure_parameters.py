"""Procedures one book gives and another does not are parameters: each moves the table,
and a club can change it with no Python."""

from __future__ import annotations

from pathlib import Path

from arbiter import Library
from arbiter.table.cases import load_case
from arbiter.table.replay import replay

JACKPOT = """\
title: C opens a fourth jack-pot on a pair of jacks
table: {seats: [A, B, C, D], dealer: A, blind: 1, limit: 10, jackpot: 4, pool: 12}
events:
  - {act: deals, hands: {C: Jh Jd 7c 4s 2d}}
  - C opens 2
  - D passes
  - A passes
  - B passes
"""

WRONG_ASK = """\
title: B discards two, asks for three, and the dealer gives him two
table: {seats: [A, B, C, D], dealer: A, blind: 1, limit: 10}
events:
  - B blinds 1
  - deal
  - C comes in
  - D comes in
  - A passes
  - B makes good
  - B discards 2
  - B asks for 3
  - A gives B 2
"""


def _kinds(text: str, book: str, tmp_path: Path, parameters: str = "") -> list[str]:
    lib = Library([tmp_path])
    if parameters:
        (tmp_path / "club.yaml").write_text(
            f"id: club\ntitle: Club rules\nextends: peel\nparameters:\n{parameters}",
            encoding="utf-8")
        book = "club"
    r = replay(load_case("case.yaml", text), lib.get(book))
    return [str(f.kind) for f in r.findings]


def test_peel_32_repeats_the_series_so_jacks_open_a_fourth_jack_pot(tmp_path: Path) -> None:
    assert "opened_without_openers" not in _kinds(JACKPOT, "peel", tmp_path)
    held = _kinds(JACKPOT, "peel", tmp_path, "  jackpot: {series: hold_last}\n")
    assert "opened_without_openers" in held  # kings, the last of the series, are wanted


def test_peel_44_the_dealer_may_give_the_number_discarded(tmp_path: Path) -> None:
    assert "given_fewer_than_asked" not in _kinds(WRONG_ASK, "peel", tmp_path)
    strict = _kinds(WRONG_ASK, "peel", tmp_path, "  draw: {dealer_may_give_discarded: false}\n")
    assert "given_fewer_than_asked" in strict


def test_openers_judged_on_the_final_hand_when_a_club_says_so(tmp_path: Path) -> None:
    text = JACKPOT.replace("jackpot: 4, pool: 12", "jackpot: 1, pool: 0").replace(
        "  - B passes\n", "  - B comes in\n  - C discards 2 Jh Jd\n  - A gives C 2\n"
        "  - B discards 0\n  - B stands pat\n  - C bets 1\n  - B passes\n")
    # He wins the pool uncalled, so what he opened on must be shown (Peel 33 binds the
    # opener who takes the pool).
    assert "opened_without_openers" not in _kinds(text, "peel", tmp_path)
    final = _kinds(text, "peel", tmp_path, "  jackpot: {judged_on: final_hand}\n")
    assert "opened_without_openers" in final  # his jacks are gone, his new cards unnamed


STRADDLE_IN_THE_DEAL = """\
title: C straddles once the cards are dealt, before anyone has had his say
table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 40}
events:
  - B blinds 1
  - deal
  - C straddles 2
  - D comes in
"""


def test_a_straddle_during_the_deal_moves_the_say_only_where_the_book_allows_it() -> None:
    """Foster 17 lets a straddle wait until the cards are looked at (straddle.when), so the
    say begins on the straddler's left and going in costs twice the straddle (18); Peel has
    straddling end before the deal (p. 32), so the late straddle is found, and C's two, put
    up in his say, are his opening (p. 33; a bet deposited cannot be recalled, 55): D goes in
    for as much, two, and the say is D's in turn, not out of it."""
    case = load_case("straddle.yaml", STRADDLE_IN_THE_DEAL)
    lib = Library()
    foster, peel = replay(case, lib.get("foster")), replay(case, lib.get("peel"))
    assert [s.stakes[3] for s in (foster.final, peel.final)] == [4, 2]
    assert [s.turn for s in (foster.steps[3], peel.steps[3])] == ["D", "D"]
    assert not any(f.kind == "out_of_turn" for f in (*foster.findings, *peel.findings))
    assert any(f.kind == "straddle_after_looking" for f in peel.findings)
