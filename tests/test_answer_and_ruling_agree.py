"""The answer printed first is read from the ruling printed under it, never worked out apart
(issue 19): ``may X do Y`` is the act checked and ruled on the table at that moment, citing
the law that allows it, forbids it, or is silent on it; the answer never contradicts a
decision printed under it; the law the dispute turns on is cited first. The kinds of fault
of reading set H, part 2 (tests/readings/pending-H2.md):

- H1: ``whose word settles it`` is the witness the book's law of evidence makes conclusive
  (Peel 46), as the ruling's decision on the dispute says, not the general referee (77, 78).
- H3: a ruling that says the book does not say what becomes of an act carries that silence
  to a later answer that turns on the act's effect (Hoffmann p. 127).
- H4: where the answer turns on an earlier act being lawful (a stand, Peel p. 36-37), it
  rests first on the law that makes it so.
- Hd: the facts an answer or decision states are the events', not a law's wording (law 20's
  "without showing", said of a player who showed).
- He: a plain deal is not called a Jack-pot (Peel 27's decision).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casecheck import BOOKS

from arbiter import Rulebook
from arbiter.ruling.judge import Ruling, judge
from arbiter.table.cases import load_case
from arbiter.terms.vocabulary import Kind

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))
PENDING = ROOT / "tests" / "readings" / "pending"


def asking(path: Path, question: str, book: Rulebook, tmp_path: Path) -> Ruling:
    """The case at ``path`` with its question replaced by ``question``."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^  asks: .*$", f"  asks: {question}", text)
    if "  asks: " not in text:
        text = re.sub(r"(?m)^dispute:\n", f"dispute:\n  asks: {question}\n", text)
    return judge(load_case(tmp_path / path.name, text), book)


def written(lines: list[str], asks: str, tmp_path: Path, table: str = "") -> Path:
    head = table or "{seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 10}"
    body = "\n".join(f"  - {x}" for x in lines)
    path = tmp_path / "case.yaml"
    path.write_text(f"title: t\ntable: {head}\nevents:\n{body}\n"
                    f"dispute: {{raised_by: D, about: C, asks: {asks}}}\n", encoding="utf-8")
    return path


# --- H1: whose word settles it -------------------------------------------------------------

def test_peel_46_whose_word_settles_it_is_the_witness_the_law_makes_conclusive(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """h-14: B disputes with the dealer what he asked for; E (on the dealer's right) and C
    cannot say, D says 2. Law 46 makes D's evidence conclusive: D's word settles it, on 46
    first, and the referee of 77-78 (E) is said to take that evidence, not to settle the fact
    over again. So over every shipped case whose dispute 46 settles."""
    peel = books["peel"]
    seen = 0
    for path in CASES:
        ruling = judge(load_case(path), peel)
        heard = [d for d in ruling.decisions if d.witness and not d.condition
                 and d.finding.facts.get("accounts")]
        if not heard or not any(str(d.finding.kind) == str(Kind.CONFLICTING_CLAIMS)
                                for d in heard):
            continue
        seen += 1
        d = heard[0]
        a = asking(path, "whose word settles it", peel, tmp_path).answer
        assert a.answer == d.witness, (path.stem, a.line())
        assert a.cites[0] == "46", (path.stem, a.cites)
        for r in ruling.decisions:
            if r.referee and r.referee != d.witness and r.finding is d.finding:
                assert f"taking the evidence of {d.witness}" in str(r.settled_by), r.settled_by
    assert seen >= 4
    h14 = judge(load_case(ROOT / "cases" / "h14-who-heard-the-number.yaml"), peel).answer
    assert h14.answer == "D" and h14.cites[0] == "46", h14.line()


# --- H3, H4: an answer on a later act of the player's own -----------------------------------

def test_hoffmann_127_a_stand_ruled_out_leaves_a_later_raise_silent(
        books: dict[str, Rulebook]) -> None:
    """h-19: C, not the Age, stood; Hoffmann rules he may not (p. 127, the Age's privilege)
    and does not say what becomes of the stand. Whether C may raise when the turn comes round
    turns on it: silent, not p. 129's worked example read on the table as the engine left it.
    Foster voids the stand, and his text reads two ways on what became of it (CH8b: the
    hand still alive, or the stand a throwing of it; h-19's and k-15's readers give both):
    the answer is given on the table as the say went on, with both readings, not "not in
    the pinned text" as a whole (set K, judged K1)."""
    case = load_case(ROOT / "cases" / "h19-stood-then-raises.yaml")
    hoyle = judge(case, books["hoyle"]).answer
    assert hoyle.answer == "silent" and hoyle.silent, hoyle.line()
    assert "C stood without betting" in hoyle.line()
    assert "bluff-not-shown" not in hoyle.cites and "holding-the-age" in hoyle.cites
    foster = judge(case, books["foster"]).answer
    assert not foster.silent and len(foster.readings) == 2, foster.line()
    assert "CH9" in foster.cites and "CH8b" in foster.cites, foster.cites


def test_peel_p36_a_lawful_stand_is_the_law_a_later_raise_rests_on(
        books: dict[str, Rulebook]) -> None:
    """h-19 under Peel: "He may, if he choose, "stand," decline to bet until the next round"
    (p. 36-37): C's raise when the turn comes round is answered yes on that law first, with
    p. 37's "he would have to do so when the turn came round to him again", then 59 and 53."""
    a = judge(load_case(ROOT / "cases" / "h19-stood-then-raises.yaml"), books["peel"]).answer
    assert a.answer == "yes", a.line()
    assert a.cites[:2] == ["standing", "stood-must-bet"], a.cites
    assert "59" in a.cites and "C might stand as C did" in a.line()


def test_a_raise_with_no_stand_before_it_rests_on_the_laws_of_the_round(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """The law of the stand is the answer's only where the question turns on a stand."""
    path = written(["B blinds 1", "deal", "C comes in 2", "D comes in 2", "E passes",
                    "A passes", "B passes", "C draws 1", "D draws 1", "C bets 2"],
                   "may D raise 2", tmp_path)
    a = judge(load_case(path), books["peel"]).answer
    assert a.answer == "yes" and "standing" not in a.cites, (a.line(), a.cites)


# --- Hd: the facts are the events' -----------------------------------------------------------

_TOOK_UNSHOWN = re.compile(r"\b(took|takes) the [^.;:]*without showing")


@pytest.mark.parametrize("book", BOOKS)
def test_foster_20_a_winner_who_showed_is_not_said_to_take_the_pool_without_showing(
        book: str, books: dict[str, Rulebook], tmp_path: Path) -> None:
    """Law 20: "he takes whatever counters are then in the pool, without showing his hand":
    the law's leave, not what happened. C, whom nobody would equal, shows his cards all the
    same: no decision or answer says he took (or takes) the pool without showing."""
    path = written(["B blinds 1", "deal", "C comes in 2", "D passes", "E passes",
                    "A passes", "B passes", "C shows 10s 10d Qh 4c 2h"],
                   "[who deals next, who takes the pool]", tmp_path)
    ruling = judge(load_case(path), books[book])
    said = [d.says for d in ruling.decisions] + [a.line() for a in ruling.answers]
    assert not [s for s in said if _TOOK_UNSHOWN.search(s)], said
    assert [a.answer for a in ruling.answers] == ["B", "C"]


def test_foster_20_who_deals_after_a_false_opener_showed_says_only_what_happened(
        books: dict[str, Rulebook]) -> None:
    """h-24 under Foster: C opened, nobody would equal him, and C showed (no openers): B
    deals next, on law 20, but the answer does not say C took the pool without showing, which
    the events contradict and the ruling (silent on the jack pot) does not decide."""
    case = load_case(ROOT / "cases" / "h24-false-opener-next-deal.yaml")
    a = judge(case, books["foster"]).answer
    assert a.answer == "B" and a.cites == ["20"], a.line()
    assert "without showing" not in a.line() and "took the pool" not in a.line()


# --- He: a plain deal is no Jack-pot -------------------------------------------------------

def test_peel_27_a_plain_deal_is_not_called_a_jack_pot(books: dict[str, Rulebook],
                                                        tmp_path: Path) -> None:
    """Peel 27 speaks of "that game", and makes no exception for a Jack-pot: a player who
    passed in a plain deal and plays again is ruled on its words, and neither the decision
    nor the answer calls the deal a Jack-pot."""
    path = written(["B blinds 1", "deal", "C comes in 2", "D passes", "E comes in 2",
                    "A passes", "B passes", "D comes in 2"], "may D come in", tmp_path)
    ruling = judge(load_case(path), books["peel"])
    assert ruling.answer.answer == "no" and "27" in ruling.answer.cites
    said = [d.says for d in ruling.decisions] + [ruling.answer.line()]
    assert not [s for s in said if "jack" in s.lower()], said
    jack = judge(load_case(ROOT / "cases" / "peel-27-passed-then-comes-in.yaml"),
                 books["peel"])
    assert any(d.cites == ["27"] and "forfeited unconditionally" in d.says
               for d in jack.decisions)


# --- Ha: a player the ruling puts out is not one of the players at the show ---------------

def _out_by_the_ruling(ruling: Ruling) -> set[str]:
    from arbiter.terms.vocabulary import EFFECTS, FINDINGS

    out = set()
    for d in ruling.decisions:
        f = d.finding
        effect = FINDINGS[f.kind].effects.get(str(d.decision)) or EFFECTS.get(d.decision)
        if f.player and not d.condition and effect in ("retire", "retire_when_found"):
            out.add(f.player)
    return out


@pytest.mark.parametrize("book", BOOKS)
def test_peel_59_a_player_the_ruling_puts_out_is_not_whose_turn_it_was_to_show(
        book: str, books: dict[str, Rulebook]) -> None:
    """Peel 59 and p. 43 ("those who have retired are players no longer"): h-15's dealer A,
    whose hand 47 makes foul (he retires), is not the one who "should have shown first"; B is,
    the show beginning on the left of C, whose call closed the betting. Over every shipped
    case: no show-order decision names, as the one to show or as the one out of turn, a
    player the same ruling puts out of the game."""
    rb = books[book]
    for path in CASES:
        ruling = judge(load_case(path), rb)
        out = _out_by_the_ruling(ruling)
        for d in ruling.decisions:
            if d.finding.kind != Kind.SHOWN_OUT_OF_ORDER:
                continue
            assert d.finding.player not in out, (path.stem, d.says)
            named = re.search(r"so (\w+) should have shown first", d.says)
            assert named is None or named.group(1) not in out, (path.stem, d.says)
    if book == "peel":
        h15 = judge(load_case(ROOT / "cases" / "h15-dealer-shows-six.yaml"), rb)
        shows = [d for d in h15.decisions if d.finding.kind == Kind.SHOWN_OUT_OF_ORDER]
        assert len(shows) == 1 and "so B should have shown first, not C" in shows[0].says
        e17 = judge(load_case(ROOT / "cases" / "e17-six-card-flush.yaml"), rb)
        assert not [d for d in e17.decisions if d.finding.kind == Kind.SHOWN_OUT_OF_ORDER]


@pytest.mark.parametrize("book_id", ["peel", "hoyle"])
def test_a_short_winners_pool_is_told_by_the_ranking_as_at_every_show(
        books: dict[str, Rulebook], book_id: str) -> None:
    """A player who put in all he had and wins the show (Peel 60; Hoffmann p. 133 at table
    stakes) wins it as the better hand: the decision and the pool's answer cite the book's
    order of the hands beside the law of the short call (set I, i-23: the readers rest
    "C's hand is the better" on Peel 65 and Hoffmann pp. 124-125)."""
    book = books[book_id]
    ranking = {"peel": "65", "hoyle": "ranking-of-hands"}[book_id]
    checked = 0
    for name in ("c18-short-of-funds-show.yaml", "i23-short-of-table-money.yaml"):
        ruling = judge(load_case(ROOT / "cases" / name), book)
        won = [d for d in ruling.decisions if d.finding.kind == Kind.SHOWDOWN
               and str(d.decision) == "wins_pool" and d.finding.facts.get("short_of_funds")]
        if not won:
            continue
        assert all(ranking in [str(c) for c in d.cites] for d in won), (name, won)
        pool = [a for a in ruling.answers if a.form == "who_takes_the_pool"]
        assert pool and ranking in [str(c) for c in pool[0].cites], name
        checked += 1
    assert checked, "no short winner's show was ruled"
