"""Turns and closings are the books' data (``turns``, ``funds`` in the parameter registry):
who may still act after a player puts in all he has and demands a show (Peel 60-61),
whether a dealer who passed still gives the draw (Peel 18, Hoffmann p. 123), who has the say
after a player retires, and what a player short of funds puts in where table stakes were not
agreed. Where a book gives none of these, the ruling says what it assumed."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT

from arbiter import Library
from arbiter.law.laws import Rulebook
from arbiter.render.ruling import ruling_text
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case
from arbiter.table.replay import replay

SHORT_CALL = ROOT / "cases" / "peel-61-short-call-the-others-bet-on.yaml"
GOING_BETTER = ROOT / "cases" / "hoyle-going-better.yaml"  # A passes, and gives the draw
STOPS = ("whether a player who puts in all he has and demands a show for it stops the "
         "betting; this ruling assumes he does not")
SHORT = ("what a player does whose act costs more than he has, table stakes not having been "
         "agreed; this ruling assumes he puts in what he has")
DEALS_ON = ("whether a dealer who has passed still gives the cards in the draw; this ruling "
            "assumes he does")


def _flat(text: str) -> str:
    return " ".join(text.split())


def _house(tmp_path: Path, extends: str, parameters: str) -> Rulebook:
    (tmp_path / "club.yaml").write_text(
        f"id: club\ntitle: Club rules\nextends: {extends}\nparameters:\n{parameters}",
        encoding="utf-8")
    return Library([tmp_path]).get("club")


def test_after_a_short_call_the_others_bet_on_and_he_is_not_asked_again() -> None:
    r = replay(load_case(SHORT_CALL), Library().get("peel"))
    turns = {s.index: s.turn for s in r.steps}
    assert (turns[16], turns[18], turns[19]) == ("D", "B", "D")  # never C, after his call
    assert r.final.phase == "the show" and r.final.pool == 57
    assert not [f for f in r.findings if f.kind == "out_of_turn"]


def test_a_book_whose_short_call_stops_the_game_shows_the_hands_at_once(
        tmp_path: Path) -> None:
    book = _house(tmp_path, "peel", "  turns: {after_short_call: stops_the_game, "
                                    "cites: {after_short_call: [61]}}\n")
    r = replay(load_case(SHORT_CALL), book)
    assert r.steps[16].phase == "the show"  # C's demand closed the betting
    late = [(f.step, f.player) for f in r.findings if f.kind == "out_of_turn"]
    assert late and late[0] == (17, "D")  # D's call came after the betting had closed


@pytest.mark.parametrize(("book", "says"), [("peel", False), ("foster", True), ("hoyle", True)])
def test_the_short_call_rests_on_the_book_or_on_an_assumption_said_so(
        book: str, says: bool) -> None:
    # Peel 60 and 61 give both; Foster's pinned text and Hoffmann (save at table stakes,
    # not agreed here) give neither, and the ruling says what it assumed.
    text = _flat(ruling_text(judge(load_case(SHORT_CALL), Library().get(book))))
    assert (STOPS in text) is says and (SHORT in text) is says, book


@pytest.mark.parametrize(("book", "says"), [("peel", False), ("foster", True), ("hoyle", False)])
def test_a_dealer_who_passed_gives_the_draw_by_the_book_or_by_a_stated_assumption(
        book: str, says: bool) -> None:
    # Peel 18 and Hoffmann p. 123 say he does; Foster's pinned text speaks only of "the
    # dealer" giving the draw.
    text = _flat(ruling_text(judge(load_case(GOING_BETTER), Library().get(book))))
    assert (DEALS_ON in text) is says, book


def test_a_book_whose_dealer_who_passed_gives_no_draw_finds_his_giving(
        tmp_path: Path) -> None:
    book = _house(tmp_path, "hoyle", "  turns: {passed_dealer_gives: false, "
                                     "cites: {passed_dealer_gives: [dealer-passes]}}\n")
    r = replay(load_case(GOING_BETTER), book)
    after = {f.step for f in r.findings if f.kind == "acted_after_passing" and f.player == "A"}
    assert after, [(f.kind, f.step) for f in r.findings]
    own = replay(load_case(GOING_BETTER), Library().get("hoyle"))
    assert not [f for f in own.findings if f.kind == "acted_after_passing"]



# --- a turn to draw let go by (Peel 38, p. 35), and one the dealer skipped -------------

_DRAW = ("table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 12}\n"
         "events: [B blinds 1, deal, C comes in, D comes in, E passes, A passes, B passes, "
         "LET D draws 2, C draws 2]\n")


def _draw(let: str, end: str = ", C draws 2]") -> str:
    return _DRAW.replace("LET ", let + ", " if let else "").replace(", C draws 2]", end)


@pytest.mark.parametrize("book", ["peel", "foster", "hoyle"])
def test_a_turn_to_draw_let_go_by_makes_a_later_draw_late_where_a_skipped_one_does_not(
        book: str) -> None:
    """The same draws, told with and without C's letting his turn go by: with it, D is
    helped in his turn and C's draw is late (Peel 38: he forfeits it, not helped); without
    it the dealer skipped C, D's draw is out of turn and C's own draw in order (B14)."""
    rules = Library().get(book)
    let = replay(load_case("x.yaml", _draw("C lets his turn to draw go by")), rules)
    skipped = replay(load_case("x.yaml", _draw("")), rules)
    assert [(f.kind, f.step, f.player) for f in let.findings] == [
        ("drew_after_his_turn", 10, "C")]
    assert len(let.final.hands[2]) == 5 and let.final.phase == "after the draw"
    assert [(f.kind, f.player) for f in skipped.findings] == [("drew_out_of_turn", "D")]
    assert skipped.final.phase == "after the draw"


@pytest.mark.parametrize("line", ["C lets his turn go by", "C does not discard",
                                  "{act: lets_draw_go_by, player: C}"])
def test_every_form_of_the_act_lets_the_turn_go_by(line: str) -> None:
    r = replay(load_case("x.yaml", _draw(line)), Library().get("peel"))
    assert [(f.kind, f.player) for f in r.findings] == [("drew_after_his_turn", "C")]


def test_a_turn_to_draw_cannot_be_let_go_by_once_it_is_had() -> None:
    text = _draw("C draws 1, C lets his turn to draw go by", end="]")
    r = replay(load_case("x.yaml", text), Library().get("peel"))
    assert [(f.kind, f.step, f.player) for f in r.findings] == [("out_of_place", 9, "C")]
    assert r.final.phase == "after the draw"


# --- a late draw is one act: its discard and its demand found once (H2) -----------------

@pytest.mark.parametrize("book", ["peel", "foster", "hoyle"])
@pytest.mark.parametrize("parts", ["C discards 1, C asks for 1", "C asks for 1, C discards 1",
                                   "C asks for 1", "C discards 1"])
def test_a_demand_after_a_late_draw_is_part_of_it_not_a_wrong_number(
        book: str, parts: str) -> None:
    """C stands pat, D is helped, and C then throws out a card and asks for one (h-17): the
    late draw is found once, as it stood (C had stood pat, the next player helped); the
    demand is part of it, not a demand of 1 against the pat's 0 discarded, with the next
    player not helped (Peel 38; Foster 24)."""
    text = _DRAW.replace("LET D draws 2, C draws 2", f"C stands pat, D draws 2, {parts}")
    r = replay(load_case("x.yaml", text), Library().get(book))
    assert [(f.kind, f.player) for f in r.findings] == [("drew_after_his_turn", "C")]
    late = r.findings[0]
    assert late.facts["stood_pat"] is True and late.facts["next_helped"] is True


# --- a hand thrown down in the betting after the draw, and taken up again (H5) -----------

_THROWN = ("table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 10}\n"
           "events: [B blinds 1, deal, C comes in 2, D comes in 2, E passes, A passes, "
           "B makes good 1, B draws 1, C draws 2, D draws 3, C bets 2, D throws in, "
           "B raises 2, D takes up his thrown hand, D calls 4]\n")


def test_foster_a_hand_thrown_after_the_draw_ends_the_players_part() -> None:
    """Foster CH8b (bet "or throw his hand face downward") and CH9 ("If B throws down his
    cards he loses all claim to what he has already staked in the pool") reach the betting
    after the draw: D's taking his hand up again and calling are ruled on them, not left
    "not in the pinned text" as the draw's provisions (22) left them."""
    ruling = judge(load_case("x.yaml", _THROWN), Library().get("foster"))
    got = {(d.finding.kind, d.decision, tuple(d.cites)) for d in ruling.decisions}
    assert ("thrown_hand_retaken", "action_void", ("CH8b", "CH9")) in got
    assert ("acted_after_passing", "action_void", ("CH8b", "CH9")) in got
    assert not ruling.silences


def test_foster_a_hand_thrown_before_the_draw_is_not_ruled_on_the_betting_after_it() -> None:
    """The same acts after a pass in the say before the draw: the facts carry where he
    threw his hand (passed_in), and CH8b's choice is the betting's, not the say's."""
    text = _THROWN.replace("C bets 2, D throws in, ", "C bets 2, ").replace(
        "D comes in 2, E passes", "D passes, E passes").replace("D draws 3, ", "")
    r = replay(load_case("x.yaml", text), Library().get("foster"))
    taken = [f for f in r.findings if f.kind == "thrown_hand_retaken"]
    assert [f.facts["passed_in"] for f in taken] == ["before the draw"]
    ruling = judge(load_case("x.yaml", text), Library().get("foster"))
    assert not [d for d in ruling.decisions if "CH8b" in d.cites]
