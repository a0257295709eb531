"""A few laws pinned by name: where the books agree, and where the editions part.

Each test rules a case from cases/ and checks the point the law decides, so a reader
can find the law's behaviour by the law's number.
"""

from __future__ import annotations

from conftest import ROOT

from arbiter import Library
from arbiter.ruling.judge import Ruling, judge
from arbiter.table.cases import load_case

LIB = Library()


def ruled(case: str, book: str) -> Ruling:
    return judge(load_case(ROOT / "cases" / f"{case}.yaml"), LIB.get(book))


def decisions(r: Ruling) -> set[tuple[str, str]]:
    return {(str(d.finding.kind), str(d.decision)) for d in r.decisions}


def test_peel_45_wrong_draw_is_foul_raised_or_not() -> None:
    r = ruled("asked-for-three-after-discarding-two", "peel")
    assert ("asked_wrong_number", "foul_hand") in decisions(r)
    assert any("45" in d.cites for d in r.decisions)


def test_foster_24_wrong_ask_found_before_the_next_is_helped_may_be_corrected() -> None:
    early = ruled("asked-for-three-after-discarding-two", "foster")
    late = ruled("asked-for-three-after-discarding-two-found-late", "foster")
    assert ("asked_wrong_number", "corrected") in decisions(early)
    assert ("asked_wrong_number", "must_take") in decisions(late)


def test_peel_46_the_evidence_of_the_person_on_the_dealers_right() -> None:
    r = ruled("asked-for-three-or-four", "peel")
    settled = [d.settled_by for d in r.decisions if d.settled_by]
    assert any("E (on the dealer's right), who says 4, is conclusive" in s for s in settled)


def test_peel_46_conclusive_evidence_leaves_no_question_of_fact_open() -> None:
    # B, on the dealer's left, heard C ask for two: 46 decides it, so the draw is ruled on
    # that account alone (42), not "if he asked for 3", and no referee is left to decide it.
    settled = ruled("who-heard-c-ask", "peel").to_dict()
    assert settled["questions_of_fact"] is None
    assert [(d["decision"], d["if"]) for d in settled["decisions"]
            if d["finding"] in ("given_more_than_asked", "asked_wrong_number")] == [
        ("corrected", None)]
    # Nobody the law names has spoken: which account holds is still a question of fact.
    open_ = ruled("peel-46-each-account-of-the-demand", "peel").to_dict()
    assert open_["questions_of_fact"]
    assert {str(d["if"]) for d in open_["decisions"] if d["if"]} == {
        "{'asked': 2}", "{'asked': 3}"}


def test_peel_71_ace_may_not_end_a_sequence_but_hoffmann_allows_it() -> None:
    peel = ruled("ace-king-queen-knave-ten", "peel")
    hoyle = ruled("ace-king-queen-knave-ten", "hoyle")
    assert peel.replay.outcome["winner"] != hoyle.replay.outcome["winner"]


def test_straddle_limits_differ_foster_17_peel_22_hoffmann_p131() -> None:
    steps = {
        book: {d.finding.step for d in ruled("four-straddles-with-a-limit-of-eight", book).decisions
               if str(d.finding.kind) == "straddle_over_limit"}
        for book in ("foster", "peel", "hoyle")
    }
    assert steps["foster"] and steps["peel"]
    assert min(steps["foster"]) < min(steps["peel"])  # a quarter of the limit bites first


def test_hoffmann_p127_the_age_may_hold_but_peel_53_gives_him_no_such_right() -> None:
    assert not ruled("hoyle-going-better", "hoyle").silences
    assert ("held_without_right", "action_void") in decisions(ruled("hoyle-going-better", "peel"))


def test_peel_53_first_bet_after_the_draw_when_the_age_has_passed_out() -> None:
    """B (the age) passed out: C, on his left, still bets first; D's bet stands (55)."""
    peel = ruled("the-age-passed-out-who-bets-first", "peel")
    [d] = peel.decisions
    assert d.finding.facts["expected"] == "C"
    assert (str(d.decision), d.cites) == ("action_stands", ["53", "55"])
    foster = ruled("the-age-passed-out-who-bets-first", "foster")
    assert [str(d.decision) for d in foster.decisions] == ["out_of_order"]  # CH7–8


def test_foster_outside_the_pinned_text_is_never_called_silent() -> None:
    r = ruled("card-faced-in-the-pack-during-the-deal", "foster")
    assert r.silences and all(s.outside_extract for s in r.silences)
    assert all("not in the pinned text" in s.says for s in r.silences)


def test_peel_77_78_a_question_of_fact_goes_to_the_dealer_or_his_neighbours() -> None:
    r = ruled("dealt-without-a-cut", "peel")
    assert r.fact_referee and "decision is final" in r.fact_referee
    assert {str(d.decision) for d in r.decisions} == {"misdeal", "deal_stands"}


def test_peel_33_opener_without_openers_pays_double_the_ante() -> None:
    r = ruled("jack-pot-opened-on-tens", "peel")
    fines = [p for d in r.decisions for p in d.penalties if "pays" in p]
    assert fines == [{"player": "C", "pays": 2, "to": "the pool"}]
