"""Answers read from the ruling's own decisions on the point, never from the general rule
beside them (set I, I-judgement-part1.md and part2.md; ruling/answers.py):

- K1 (part 1): ``who deals next`` is the dealer the ruling's decision names for the new
  deal where it ends the deal in dispute (Peel 10, 12: "a new deal by the same dealer"),
  silent where that decision does not say who deals it, and silent where the book is
  silent on whether the deal in dispute stands (Hoffmann, p. 121's order holding only if
  it does); the rotation answers only a deal that stands.
- K1 (part 2): ``what must X put in``, where that needs more than his funds, is the book's
  law for a player short of funds (the act tried, as ``may`` tries it): what he has where
  the book lets him put in only that (Peel 60; Hoffmann p. 133 at table stakes), silent
  where it is silent (Hoffmann without table stakes; Foster), never the full call.
"""

from __future__ import annotations

import re
from pathlib import Path

from arbiter import Rulebook
from arbiter.ruling.judge import Ruling, judge
from arbiter.table.cases import load_case

ROOT = Path(__file__).resolve().parent.parent


def asking(name: str, question: str, book: Rulebook, tmp_path: Path) -> Ruling:
    """The shipped case ``name`` with its question replaced by ``question``."""
    text = (ROOT / "cases" / f"{name}.yaml").read_text(encoding="utf-8")
    if re.search(r"(?m)^  asks: ", text):
        text = re.sub(r"(?m)^  asks: .*$", f"  asks: {question}", text)
    else:  # a dispute that asks nothing: the question is put after its words
        text = re.sub(r"(?m)^(  question: .*)$", rf"\1\n  asks: {question}", text, count=1)
    return judge(load_case(tmp_path / f"{name}.yaml", text), book)


# --- K1: who deals next, from the decision on the deal ---------------------------------

def test_after_a_misdeal_by_the_same_dealer_he_deals_next(books: dict[str, Rulebook],
                                                         tmp_path: Path) -> None:
    """Peel 12: "it is a misdeal, and there shall be a new deal by the same dealer": the
    next deal is A's again, on law 12, not B's on law 18's rotation."""
    for name in ("f02-six-cards-unlifted", "g04-six-and-four"):
        a = asking(name, "who deals next", books["peel"], tmp_path).answer
        assert a is not None and a.answer == "A" and a.cites == ["12"], a and a.line()
        assert not a.silent


def test_a_new_deal_whose_dealer_the_law_does_not_name_leaves_who_deals_unsaid(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """Foster 15: "If a bet has been made, there must be a new deal", by whom law 15 does
    not say: who deals next is not in the pinned text, on law 15, not law 20's rotation."""
    a = asking("dealt-four-and-noticed-after-a-raise", "who deals next", books["foster"],
               tmp_path).answer
    assert a is not None and a.silent and a.answer == "not in the pinned text", a and a.line()
    assert "15" in a.cites, a.line()


def test_where_the_book_is_silent_on_whether_the_deal_stands_so_is_who_deals_next(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """Hoffmann gives no rule on an uncut pack, or a card faced or exposed in the deal:
    "The deal passes from A to B" (p. 121) names B only if the deal stands, which he does
    not say; under Peel, whose law 9 lets the uncut deal stand, B deals next (18)."""
    for name in ("dealt-without-a-cut", "card-faced-in-the-pack-during-the-deal",
                 "card-exposed-in-the-deal"):
        a = asking(name, "who deals next", books["hoyle"], tmp_path).answer
        assert a is not None and a.silent and a.answer == "silent", (name, a and a.line())
    stands = asking("i01-uncut-pack-noticed-late", "who deals next", books["peel"],
                    tmp_path).answer
    assert stands is not None and stands.answer == "B" and stands.cites == ["18"]


# --- K1 (part 2): what must he put in, short of funds ------------------------------------

def _short(tmp_path: Path, table_stakes: bool, question: str) -> Path:
    text = (ROOT / "cases" / "i23b-short-of-table-money-at-his-call.yaml").read_text(
        encoding="utf-8")
    if not table_stakes:
        text = re.sub(r"(?m)^agreed: .*\n", "", text)
    text = re.sub(r"(?m)^  asks: .*$", f"  asks: {question}", text)
    path = tmp_path / "short.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_player_short_of_funds_is_told_the_law_for_it_not_the_full_call(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """C has 4 left and E's raise needs 10: Peel 60 lets him put in what he has, with or
    without table stakes; Hoffmann p. 133 only at table stakes, and is silent without
    them; Foster's extracts say nothing of a player's funds."""
    for stakes in (True, False):
        path = _short(tmp_path, stakes, "what must C put in")
        peel = judge(load_case(path, path.read_text()), books["peel"]).answer
        assert peel is not None and peel.answer == "4" and "60" in peel.cites, peel
        hoyle = judge(load_case(path, path.read_text()), books["hoyle"]).answer
        assert hoyle is not None
        if stakes:
            assert hoyle.answer == "4" and hoyle.cites == ["table-stakes"], hoyle.line()
        else:
            assert hoyle.silent and "table-stakes" in hoyle.cites, hoyle.line()
        foster = judge(load_case(path, path.read_text()), books["foster"]).answer
        assert foster is not None and foster.silent, foster.line()


# --- K3 (part 2): a worked example's seat, where that seat is out --------------------------

def test_the_first_to_declare_after_the_age_is_the_next_player_still_in(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """Hoffmann p. 127: "C, therefore, is the first to declare" is his example's table, C
    in; where C passed before the draw, the first to declare when B holds the age is D,
    whether B has held it or not yet."""
    text = (ROOT / "cases" / "i17-age-wants-first-bet.yaml").read_text(encoding="utf-8")
    path = tmp_path / "held.yaml"
    path.write_text(text.replace("  - B says he will bet 3", "  - B holds the age"),
                    encoding="utf-8")
    held = judge(load_case(path, path.read_text()), books["hoyle"]).answer
    assert held is not None and held.answer == "D", held and held.line()
    assert "C is" not in held.line()
    before = asking("i17-age-wants-first-bet", "who bets first", books["hoyle"],
                    tmp_path).answer
    assert before is not None and before.answer == "B", before and before.line()
    assert "holds it D" in before.line() and "C is the first" not in before.line()


# --- K5 (part 1): the law the dispute turns on, not the law of the topic ------------------

def test_a_straddle_after_a_refusal_is_answered_on_the_extinguished_right(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """Hoffmann p. 131: "Should any player, however, omit to exercise the right in his
    turn, it is thereby extinguished, and cannot be exercised by any subsequent player".
    Where the straddle is not recognised (pp. 131-132) the dispute still turns on that
    rule: no, on it first, whoever refused and whoever would straddle after him."""
    text = (ROOT / "cases" / "i06-straddle-after-a-refusal.yaml").read_text(encoding="utf-8")
    later = text.replace("  - D declines to straddle",
                         "  - D straddles 4\n  - E declines to straddle").replace(
        "asks: may E straddle", "asks: may A straddle")
    for name, body, who in (("i06.yaml", text, "D"), ("later.yaml", later, "E")):
        path = tmp_path / name
        path.write_text(body, encoding="utf-8")
        a = judge(load_case(path, body), books["hoyle"]).answer
        assert a is not None and a.answer == "no", a and a.line()
        assert a.cites[0] == "straddle-extinguished", a.cites
        assert a.line().startswith(f"No: {who} omitted"), a.line()


# --- K4 (part 2): a late act out of turn is ruled on the turn, not the first bet ----------

def _out_of_turn(ruling: Ruling) -> list[str]:
    return [d.says for d in ruling.decisions if str(d.finding.kind) == "out_of_turn"]


def test_an_act_out_of_turn_after_the_first_bet_is_ruled_on_the_turn_passing(
        books: dict[str, Rulebook], tmp_path: Path) -> None:
    """i-20: C bet first, and E raised before D's say. The law is the turn passing in
    order (Peel 53's second sentence, Foster CH8c, Hoffmann's rotation), and D is not named
    the first bettor; where D bets first before C, the first bet's law still rules it."""
    text = (ROOT / "cases" / "i20-raise-out-of-turn-taken-back.yaml").read_text(
        encoding="utf-8")
    late = tmp_path / "late.yaml"
    late.write_text(text, encoding="utf-8")
    first = tmp_path / "first.yaml"
    first.write_text(text.replace("  - C bets 2\n", "").replace(
        "  - E raises 5", "  - D bets 5"), encoding="utf-8")
    for book in ("peel", "foster", "hoyle"):
        said = _out_of_turn(judge(load_case(late, late.read_text()), books[book]))
        assert said and all("first" not in s.split(":")[0] or "after the first" in s
                            for s in said), (book, said)
        assert any("it was D's turn, not E's" in s for s in said), (book, said)
        early = _out_of_turn(judge(load_case(first, first.read_text()), books[book]))
        assert early and any("first" in s for s in early), (book, early)
