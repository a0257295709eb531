"""The answer to ``may X do Y`` and ``what may X do`` is read from the ruling on the table
as the law left it, never worked out apart from it (ruling/answers.py):

- Fc: where the ruling has ended the deal (a misdeal) or put the player out of it (a foul
  hand, he retires), the acts of that deal are not offered to him: the answer says so, on
  the decision's law, with what the decision says follows (the new deal, by whom).
- Fb: a player whose draw has begun (he has discarded and asked) is being helped: he is not
  offered the draw's acts again (standing pat, drawing), and what his draw comes to is read
  from the ruling's decision on it (a card exposed in helping him: when he gets another).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casecheck import BOOKS

from arbiter import Rulebook
from arbiter.ruling.answers import closed_by, of_the_deal
from arbiter.ruling.judge import Ruling, judge
from arbiter.table.cases import load_case
from arbiter.terms.vocabulary import ACTS

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))


def asking(name: str, question: str, book: Rulebook, tmp_path: Path) -> Ruling:
    """The shipped case ``name`` with its question replaced by ``question``."""
    text = (ROOT / "cases" / f"{name}.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^  asks: .*$", f"  asks: {question}", text)
    return judge(load_case(tmp_path / f"{name}.yaml", text), book)


# --- Fc: the deal over, the player out ----------------------------------------------------

def test_after_a_misdeal_no_act_of_the_dead_deal_is_offered(books: dict[str, Rulebook],
                                                            tmp_path: Path) -> None:
    """Peel 12: "it is a misdeal, and there shall be a new deal by the same dealer": D is
    not told he may come in, raise or hold the age in the deal that is over."""
    for name, who in (("f02-six-cards-unlifted", "D"), ("g04-six-and-four", "C")):
        a = asking(name, f"what may {who} do", books["peel"], tmp_path).answer
        assert a.answer == "nothing" and a.cites == ["12"], a.line()
        assert "the deal is over" in a.line() and "come in" not in a.line()
        assert "new deal by the same dealer, A" in (a.follows() or "")
        one = asking(name, f"may {who} come in", books["peel"], tmp_path).answer
        assert one.answer == "no" and one.cites == ["12"], one.line()


def test_a_player_ruled_out_has_no_act_open_and_is_not_said_to_have_passed(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """Peel 13: B's hand, raised with four cards, is foul, and he retires: he never passed,
    and none of the say's acts is his."""
    a = asking("g03-talker-pays-blind-back", "what may B do", books["peel"], tmp_path).answer
    assert a.answer == "nothing" and "13" in a.cites, a.line()
    assert "B passed" not in a.line() and "B passed" not in (a.follows() or "")
    assert "retires" in (a.follows() or "")
    one = asking("g03-talker-pays-blind-back", "may B come in", books["peel"], tmp_path).answer
    assert one.answer == "no" and "13" in one.cites and "B passed" not in one.line()


@pytest.mark.parametrize("book", BOOKS)
def test_where_a_ruling_closes_the_deal_to_a_player_no_act_of_it_is_his(
        book: str, books: dict[str, Rulebook], tmp_path: Path) -> None:
    """Over every shipped case: wherever a decision ends the deal, or retires a player, by
    the end of the events, ``what may P do`` is "nothing" on that decision's law, and no
    choice of the deal he has not made is answered "yes" to ``may P ...``."""
    rb = books[book]
    seen = 0
    for path in CASES:
        ruling = judge(load_case(path), rb)
        for who in ruling.case.table.seats:
            closed = closed_by(ruling, who)
            if closed is None:
                continue
            seen += 1
            a = asking(path.stem, f"what may {who} do", rb, tmp_path).answer
            if a is None:
                break  # a case that asks no question: its dispute has no asks to replace
            assert a.answer == "nothing", (path.name, who, a.line())
            assert set(closed[0].cites) <= set(a.cites), (path.name, who, a.cites)
            made = {ev.act for ev in ruling.case.events if ev.player == who}
            for act, spec in ACTS.items():  # an act he made is answered on the act made
                if spec.choice_words and of_the_deal(act) and act not in made:
                    one = asking(path.stem, f"may {who} {spec.choice_words}", rb,
                                 tmp_path).answer
                    assert one.answer != "yes", (path.name, who, one.line())
            break  # one player of each case is enough to show it
    assert seen or book == "hoyle"


# --- Fb: the draw begun --------------------------------------------------------------------

@pytest.mark.parametrize("name", ["f09-card-exposed-in-draw", "g08-card-shown-in-the-draw"])
def test_a_player_being_helped_is_told_what_his_draw_comes_to_from_the_decision(
        name: str, books: dict[str, Rulebook], tmp_path: Path) -> None:
    """C has discarded three and asked for three, and a card is exposed in helping him: he
    is not offered to stand pat (Peel 36: he "shall discard as many cards, and no more, as
    he intends to draw"), and when he gets his card is the decision's: Foster 23, CH2e, "does
    not receive another in its place until all the other players, including the dealer,
    have been helped"; Peel 40, "shall not be given to the player"; Hoffmann silent."""
    foster = asking(name, "what may C do", books["foster"], tmp_path).answer
    assert "stand pat" not in foster.answer and "Foster is silent" not in foster.line()
    assert "until all the other players, the dealer included, have been helped" \
        in foster.line()
    assert foster.cites[:2] == ["23", "CH2e"], foster.cites
    peel = asking(name, "what may C do", books["peel"], tmp_path).answer
    assert "stand pat" not in peel.answer and "not given to C" in peel.line()
    assert peel.cites[0] == "40", peel.cites
    hoyle = asking(name, "what may C do", books["hoyle"], tmp_path).answer
    assert "stand pat" not in hoyle.answer and "Hoffmann is silent on it" in hoyle.line()
    for book in books.values():
        for act in ("stand pat", "draw 1"):
            one = asking(name, f"may C {act}", book, tmp_path).answer
            assert one.answer == "no" and "is being helped" in one.line(), one.line()


@pytest.mark.parametrize("book", BOOKS)
def test_no_player_whose_draw_has_begun_is_offered_the_draw_again(
        book: str, books: dict[str, Rulebook], tmp_path: Path) -> None:
    """Over every shipped case that asks what a player may do in the draw: a player who has
    discarded or asked, and is not yet helped, is offered neither standing pat nor a draw."""
    for path in CASES:
        case = load_case(path)
        d = case.dispute
        if d is None or d.asks is None or str(d.asks.kind) != "what_may":
            continue
        ruling = judge(case, books[book])
        if d.asks.player not in ruling.replay.facts.get("drawing", {}):
            continue
        a = ruling.answer
        assert "stand pat" not in a.answer and "draw" not in a.answer.split(", "), a.line()
        assert "is being helped" in a.line() and a.cites, a.line()


# --- G1: a right granted only under an agreement the table has not stated -------------------

def _with_jackpots(name: str, agreed: str | None, question: str, book: Rulebook,
                   tmp_path: Path) -> Ruling:
    text = (ROOT / "cases" / f"{name}.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^agreed: .*\n", "", text)
    if agreed is not None:
        text = text.replace("\nevents:", f"\nagreed: {{jackpots: {agreed}}}\nevents:", 1)
    text = re.sub(r"(?m)^  asks: .*$", f"  asks: {question}", text)
    return judge(load_case(tmp_path / f"{name}.yaml", text), book)


def test_foster_s_only_two_in_jack_is_given_on_both_readings_where_the_table_is_silent(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """Foster 20: "the player who has come in wins the blind, unless jack pots are played";
    21's jack is the age's where they are played. A table that does not say is ruled both
    ways, each on its law, and the may answer gives each reading's word, not one of them."""
    foster = books["foster"]
    r = _with_jackpots("g16-only-one-came-in", None, "may B demand a jack", foster, tmp_path)
    got = {(str(d.decision), tuple(d.condition.items())) for d in r.decisions}
    assert got == {("jackpot_next", (("jackpots", True),)),
                   ("action_void", (("jackpots", False),))}
    a = r.answer
    assert a.answer == "yes if the table plays jack pots; no if the table does not play " \
        "jack pots", a.answer
    assert {"20", "21"} <= set(a.cites) and not a.silent
    assert "if the table plays jack pots, yes" in a.line().lower()
    assert "if the table does not play jack pots, no" in a.line()
    for agreed, word, law in (("true", "yes", "21"), ("false", "no", "20")):
        one = _with_jackpots("g16-only-one-came-in", agreed, "may B demand a jack", foster,
                             tmp_path).answer
        assert one.answer == word and law in one.cites and not one.branches, one.line()


def test_what_may_the_age_do_names_the_jack_with_the_reading_it_needs(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    foster = books["foster"]
    a = _with_jackpots("what-may-the-age-do-with-one-come-in", None, "what may B do", foster,
                       tmp_path).answer
    assert "demand a jack if the table plays jack pots" in a.answer.split(", "), a.answer
    assert {"20", "21"} <= set(a.cites), a.cites
    flat = _with_jackpots("what-may-the-age-do-with-one-come-in", "true", "what may B do",
                          foster, tmp_path).answer
    assert "demand a jack" in flat.answer.split(", "), flat.answer
    without = _with_jackpots("what-may-the-age-do-with-one-come-in", "false", "what may B do",
                             foster, tmp_path).answer
    assert "demand a jack" not in without.answer, without.answer
