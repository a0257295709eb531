"""A sitting of several deals, the table's agreements, the question forms of a sitting,
and refusals that point to the form that fits (issue 21)."""

from __future__ import annotations

import pytest
from casecheck import BOOKS

from arbiter.errors import InputError
from arbiter.law.rulebooks import Library
from arbiter.ruling.judge import judge
from arbiter.table.cases import Case, load_case
from arbiter.table.replay import replay
from arbiter.terms.vocabulary import Question

TABLE = "table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 10}\n"
NOBODY_IN = ["B blinds 1", "deal", "C passes", "D passes", "E passes", "A passes",
             "B passes"]


def case(events: list[str], extra: str = "", name: str = "x.yaml") -> Case:
    text = TABLE + extra + "events:\n" + "".join(f"  - {e}\n" for e in events)
    return load_case(name, text)


def refusal(events: list[str], extra: str = "") -> InputError:
    with pytest.raises(InputError) as exc:
        case(events, extra)
    return exc.value


# --- the sitting -----------------------------------------------------------------------

@pytest.mark.parametrize("book", BOOKS)
def test_the_next_deal_is_dealt_by_the_player_on_the_dealers_left(book: str) -> None:
    r = replay(case(["B blinds 1", "deal", "C comes in", "D passes", "E passes", "A passes",
                     "B passes", "next deal", "deal"]), Library().get(book))
    assert r.dealer == "B" and r.age == "C"
    assert r.facts["deal"] == 2 and r.facts["last_dealer"] == "A"
    assert r.facts["deals"][0]["winner"] == "C"
    assert r.facts["jackpot"] == 0  # a pool taken carries nothing over
    assert r.final.pool == 1  # only the new age's blind


@pytest.mark.parametrize("book", ["hoyle", "peel"])
def test_a_deal_nobody_came_in_carries_its_pool_into_a_jack_pot(book: str) -> None:
    """Peel 29: "the ante and straddles, if any, shall remain in the pool"; Hoffmann p. 132:
    "instead of the Age withdrawing the ante"."""
    r = replay(case([*NOBODY_IN, "next deal", "deal"], "agreed: {jackpots: true}\n"),
               Library().get(book))
    assert r.facts["jackpot"] == 1
    assert r.final.pool > 1  # the blind stayed, and the jack-pot's antes came on it


def test_without_jack_pots_nothing_is_carried() -> None:
    r = replay(case([*NOBODY_IN, "next deal", "deal"], "agreed: {jackpots: false}\n"),
               Library().get("peel"))
    assert r.facts["jackpot"] == 0 and r.final.pool == 1


def test_a_wrong_dealer_is_found_and_the_table_goes_on_with_his_deal() -> None:
    r = replay(case([*NOBODY_IN[:2], "C comes in", "D passes", "E passes", "A passes",
                     "B passes", "next deal by D", "deal"]), Library().get("peel"))
    wrong = [f for f in r.findings if f.kind == "wrong_dealer"]
    assert len(wrong) == 1
    assert wrong[0].player == "D" and wrong[0].facts["expected"] == "B"
    assert r.dealer == "D"


def test_next_deal_before_any_deal_is_found_out_of_place() -> None:
    r = replay(case(["next deal"]), Library().get("peel"))
    assert [f.kind for f in r.findings] == ["out_of_place"]


def test_findings_of_each_deal_carry_that_deals_dealer() -> None:
    r = replay(case(["{act: deals, exposed: {B: 7h}}", "next deal",
                     "{act: deals, exposed: {C: 8h}}"]), Library().get("peel"))
    exposed = [f for f in r.findings if f.kind == "card_exposed_in_deal"]
    assert [(f.facts["deal"], f.facts["dealer"]) for f in exposed] == [(1, "A"), (2, "B")]


# --- the agreements -----------------------------------------------------------------------

@pytest.mark.parametrize("agreed, line, words", [
    ("agreed: {antee: 1}\n", 2, ("unknown key 'antee'", "did you mean 'ante'")),
    ("agreed: {ante: 2}\n", 2, ("agreed an ante of 2", "table.blind is 1")),
    ("agreed: {hands: [blase]}\n", 2, ("not a hand the table can agree", "'blaze'")),
    ("agreed:\n  waived:\n    - {finding: card_exposed_in_dael, deal: 1}\n", 4,
     ("not a finding kind", "card_exposed_in_deal")),
    ("agreed:\n  waived:\n    - {finding: card_exposed_in_deal, deal: 3}\n", 4,
     ("1 to 1", "next deal")),
    ("agreed:\n  departed:\n    - {finding: card_exposed_in_deal, deal: 1}\n", 4,
     ("before play", "Peel 81")),
])
def test_a_bad_agreement_is_one_line_with_file_and_line(agreed: str, line: int,
                                                        words: tuple[str, ...]) -> None:
    err = refusal(["deal"], agreed)
    assert err.file == "x.yaml" and err.line == line, str(err)
    text = str(err)
    assert "\n" not in text
    for w in words:
        assert w in text, text


def test_agreements_reach_the_findings_they_cover() -> None:
    c = case(["{act: deals, exposed: {B: 7h}}", "next deal", "{act: deals, exposed: {C: 8h}}"],
             "agreed:\n  waived:\n    - {finding: card_exposed_in_deal, deal: 1}\n"
             "  hands: [the Blaze]\n")
    r = replay(c, Library().get("peel"))
    first, second = (f for f in r.findings if f.kind == "card_exposed_in_deal")
    assert first.facts["waived"] and not first.facts["waived_earlier"]
    assert not second.facts["waived"] and second.facts["waived_earlier"]
    assert r.facts["agreed"]["hands"] == ["blaze"]


# --- questions -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind", [
    ("who deals next", Question.DEALS_NEXT), ("whose deal is next", Question.DEALS_NEXT),
    ("what must D put in", Question.PUT_IN), ("what must D put in to call?", Question.PUT_IN),
    ("whose word settles it", Question.SETTLES), ("who decides", Question.SETTLES),
    ("is B's hand dead", Question.HAND_FOUL), ("is B dead", Question.HAND_FOUL),
    ("who wins", Question.TAKES_POOL),
])
def test_the_new_forms_and_a_players_words_for_them(text: str, kind: Question) -> None:
    c = case(["deal"], f"dispute: {{asks: {text!r}}}\n")
    assert c.dispute is not None and c.dispute.asks is not None
    assert c.dispute.asks.kind == kind


def test_a_question_in_a_list_is_refused_at_its_place_with_the_form_that_fits() -> None:
    err = refusal(["deal"], "dispute:\n  asks:\n    - who deals next\n"
                            "    - how much does D have to pay\n")
    assert err.line == 5 and err.path == "dispute.asks[1]"
    assert "'what must D put in'" in str(err)


def test_two_questions_are_answered_in_order() -> None:
    c = case(["B blinds 1", "deal", "C comes in 2", "D passes", "E passes", "A passes",
              "B passes"], "dispute: {asks: [who deals next, who takes the pool]}\n")
    ruling = judge(c, Library().get("peel"))
    assert [a.answer for a in ruling.answers] == ["B", "C"]
    assert all(a.cites for a in ruling.answers)


def test_who_takes_the_pool_with_hands_unnamed_is_answered_for_each() -> None:
    c = case(["C shows", "D shows"], "dispute: {asks: who takes the pool}\n")
    a = judge(c, Library().get("peel")).answer
    assert a is not None
    assert "if C's hand is the best, C" in a.answer
    assert "if D's hand is the best, D" in a.answer


# --- refusals that point to the form that fits ----------------------------------------------

@pytest.mark.parametrize("line, fits", [
    ("C says he has six cards", "announces"),
    ("C asks A how many he drew", "asks the dealer how many he drew"),
    ("C throws 2", "discards"),
    ("C stays", "comes in"),
])
def test_a_refused_phrasing_names_the_form_that_fits(line: str, fits: str) -> None:
    assert fits in str(refusal(["deal", line]))


def test_did_you_mean_never_proposes_the_word_it_refused() -> None:
    err = refusal(["deal", "C throws"])
    assert "did you mean 'throws'" not in str(err)
    assert "'throws down'" in str(err)


def test_an_old_mapping_key_is_answered_with_what_changed() -> None:
    err = refusal(["deal", "{player: C, act: passes, amount: 2}"])
    assert "takes no 'amount'" in str(err) and "remove it" in str(err)


def test_says_he_will_bet_keeps_the_amount() -> None:
    c = case(["deal", "D says he will bet 10"])
    ev = c.events[1]
    assert ev.about == "bet" and ev.amount == 10


def test_an_agreed_hand_is_quoted_in_the_books_words_where_it_names_it() -> None:
    """Peel p. 41 names the Blaze; Hoffmann p. 136 the Tiger; neither names the other's."""
    c = case(["C shows", "D shows"], "agreed: {hands: [blaze, tiger]}\n"
                                     "dispute: {asks: who takes the pool}\n")
    peel = {x.ref for x in judge(c, Library().get("peel")).citations}
    hoyle = {x.ref for x in judge(c, Library().get("hoyle")).citations}
    assert "blaze" in peel and "the-tiger" not in peel
    assert "the-tiger" in hoyle and "blaze" not in hoyle



# --- a false opener's next game: "as if the previous game had not been opened" (H6) ------

@pytest.mark.parametrize(("jackpot", "need"), [(1, "queens"), (2, "kings"), (3, "knaves")])
def test_peel_33_a_false_openers_next_game_is_opened_as_after_one_not_opened(
        jackpot: int, need: str) -> None:
    """Peel 33 sends the next game to the rule for a Jack-pot nobody opened, and 31 and 32
    say what opens that one: the decision says so, from the book's series of openers (its
    parameters), and cites the laws it comes from (h-24)."""
    text = (TABLE.replace("limit: 10}", f"limit: 10, jackpot: {jackpot}}}")
            + "agreed: {ante: 1, limit: 10, jackpots: true}\nevents:\n" + "".join(
                f"  - {e}\n" for e in ["deal", "B passes", "C opens 3", "D passes",
                                       "E passes", "A passes", "B passes",
                                       "C shows 10s 10d Qh 4c 2h",
                                       "D points out C has not the openers"]))
    ruling = judge(load_case("x.yaml", text), Library().get("peel"))
    false = [f for f in ruling.replay.findings if f.kind == "opened_without_openers"]
    assert [f.facts["next_need"] for f in false] == [need]
    nexts = [d for d in ruling.decisions if d.decision in ("jackpot_next", "penalty")]
    assert len(nexts) == 2
    for d in nexts:
        words = " ".join(f"{d.says} {d.remedy or ''}".split())
        assert f"opened only with two {need} or better" in words
        assert {"33", "31", "32"} <= set(d.cites)
