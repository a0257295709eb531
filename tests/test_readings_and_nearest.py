"""Set I's judgements K6 and K8, as mechanisms.

K8: where the text admits more than one reading of a point, the rulebook says so as data (a
provision's or an answer's ``readings``: the doubtful words quoted verbatim from the first
law each reading cites, and what follows on it), and the ruling and the answer give every
reading, the first being the one decided. A reading whose words are not the law's is
refused when the book is loaded.

K6: the nearest laws a silence names bear on the point: never a provision's on another act,
nor one on an absent circumstance that holds in no part (a foul hand), nor a law found by
a word search; the act-list answer in a draw whose point is decided rests on that point's
laws, not the draw's other mechanics.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from arbiter import Library
from arbiter.ruling.judge import Ruling, judge
from arbiter.table.cases import load_case

CASES = ROOT / "cases"


def _rule(path: Path, book: str) -> Ruling:
    return judge(load_case(path, path.read_text(encoding="utf-8")), Library().get(book))


def _readings(x: object) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(r.words, r.gives, tuple(r.cites)) for r in getattr(x, "readings", [])]


# --- K8: two readings, both given ---------------------------------------------------------

def test_peel_21_straddle_after_a_later_refusal_gives_both_readings() -> None:
    r = _rule(CASES / "i06-straddle-after-a-refusal.yaml", "peel")
    assert r.answer is not None and r.answer.answer == "yes"
    words = [w for w, _, _ in _readings(r.answer)]
    assert len(words) == 2 and words[0].startswith("the succeeding players shall have")
    assert words[1].startswith("This may go on round the table")
    assert "may not straddle" in r.answer.readings[1].gives
    assert {"21", "straddle-before-the-deal"} <= {c.ref for c in r.citations}


def test_peel_going_in_over_a_straddle_gives_the_three_readings() -> None:
    """p. 34, the passage on the point, first (set Y's readers: 6); the straddle as a raised
    ante (p. 44: 4) and law 25 read literally (2) beside it (set I's readers)."""
    r = _rule(CASES / "i07-going-in-over-a-straddle.yaml", "peel")
    assert r.answer is not None and r.answer.answer == "6"
    gives = [g for _, g, _ in _readings(r.answer)]
    assert [g.rsplit(" ", 1)[-1] for g in gives[:2]] == ["6", "4"]
    assert "must put in 2" in gives[2]
    assert _readings(r.answer)[2][2][0] == "25"  # the literal reading is law 25's, not the 4


def test_may_he_come_in_for_less_than_the_books_figure_is_no_with_the_readings() -> None:
    r = _rule(CASES / "y03-coming-in-over-one-straddle.yaml", "peel")
    may = r.answers[1]
    assert may.answer == "no" and may.because.startswith("C must put in 6, not 4")
    assert len(may.readings) == 3
    r = _rule(CASES / "y03-coming-in-over-one-straddle.yaml", "foster")
    assert r.answers[1].answer == "yes"  # Foster 18: twice the last straddle, 4


def test_peel_stake_taken_back_before_the_draw_gives_the_reach_of_55() -> None:
    r = _rule(CASES / "i08-out-of-turn-stake-taken-back.yaml", "peel")
    [d] = [d for d in r.decisions if str(d.finding.kind) == "bet_withdrawn"]
    assert [c for _, _, c in _readings(d)] == [("55", "56"), ("53", "55")]
    assert d.provision == "peel-55-bet-not-recalled"
    assert "silent" in d.readings[1].gives
    assert r.answer is not None and r.answer.answer == "no" and len(r.answer.readings) == 2


def test_hoffmann_only_two_in_jack_silent_or_no() -> None:
    r = _rule(CASES / "i10-only-two-in-jack.yaml", "hoyle")
    assert r.answer is not None and r.answer.silent
    assert "No: B may not make the deal a jack" in r.answer.readings[1].gives


def test_hoffmann_pool_after_a_failed_show_silent_or_nobody() -> None:
    r = _rule(CASES / "i11-opener-without-jacks.yaml", "hoyle")
    pool = r.answers[1]
    assert pool.silent and len(pool.readings) == 2
    assert "nobody takes the pool" in pool.readings[1].gives
    [d] = [d for d in r.decisions if d.readings]
    assert d.readings == pool.readings  # the answer reads them from the decision


def test_hoffmann_going_in_over_an_unrecognised_straddle_is_read_from_the_decision() -> None:
    """i-07: the ruling decides C's 2 is no straddle but C's going in; the answer gives the
    readers' silence and, on the decision's own reading, D's going in for 2."""
    r = _rule(CASES / "i07-going-in-over-a-straddle.yaml", "hoyle")
    assert r.answer is not None and r.answer.silent
    assert "C straddled" not in r.answer.because
    assert "no straddle" in r.answer.because
    assert r.answer.readings[1].gives.endswith("must put in 2")
    assert any("no straddle" in d.says for d in r.decisions)


def test_a_ruling_prints_every_reading_in_text_markdown_and_json() -> None:
    from arbiter.render.ruling import ruling_markdown, ruling_text

    r = _rule(CASES / "i06-straddle-after-a-refusal.yaml", "peel")
    assert "The text reads two ways: (a) on \u201cthe succeeding" in ruling_text(r)
    assert "The text reads two ways" in ruling_markdown(r)
    assert r.answer is not None and len(r.answer.to_dict()["readings"]) == 2


def _club(tmp_path: Path, words: str) -> Path:
    path = tmp_path / "club.yaml"
    path.write_text(
        "id: club\ntitle: Club rules\nextends: peel\nprovisions:\n"
        "  - id: club-a\n    finding: given_more_than_asked\n    point: club\n"
        "    decision: foul_hand\n"
        "    readings:\n"
        f"      - {{words: {words!r}, gives: foul, cites: [48]}}\n"
        "      - {words: 'such hand shall be a foul hand', gives: not foul, cites: [48]}\n"
        "    cites: [48]\n", encoding="utf-8")
    return path


def test_a_reading_whose_words_are_not_the_laws_is_refused(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "arbiter", "check",
                           str(_club(tmp_path, "the hand is rotten"))],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "provisions[0].readings: reading 1: its words 'the hand is rotten' are not " \
           "quoted verbatim from law 48" in done.stderr


def test_a_reading_quoting_the_law_with_words_left_out_passes(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "arbiter", "check",
                           str(_club(tmp_path, "If cards drawn ... five cards"))],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


# --- K6: the nearest laws bear on the point ----------------------------------------------

@pytest.mark.parametrize("case", ["i20-raise-out-of-turn-taken-back",
                                  "i22-ace-high-straight-and-a-tie"])
def test_foster_ch4c_a_foul_hand_is_no_nearest_law_for_a_sound_one(case: str) -> None:
    r = _rule(CASES / f"{case}.yaml", "foster")
    assert r.silences and all("CH4c" not in s.nearest for s in r.silences)


def test_no_nearest_law_is_found_by_sharing_a_word() -> None:
    r = _rule(CASES / "i14-seven-turned-in-the-draw.yaml", "hoyle")
    assert all("not-showing-rule" not in s.nearest for s in r.silences)
    r = _rule(CASES / "i24-winner-wants-the-deal.yaml", "foster")
    assert all("CH2e" not in s.cites for s in r.silences)


def test_a_provision_on_the_point_at_its_edge_is_still_near() -> None:
    """Foster 24 (stood pat, the next player helped) holds in part for a player who let his
    turn to draw go by (the next was helped): near, where the book has nothing closer."""
    r = _rule(CASES / "lets-his-turn-to-draw-go-by.yaml", "foster")
    assert any("24" in s.nearest for s in r.silences)


@pytest.mark.parametrize("case", ["i15-age-lets-his-draw-go-by", "j13-missed-turn-to-draw"])
def test_foster_turn_to_draw_let_go_by_reads_two_ways(case: str) -> None:
    """Law 22's "in turn": the order only (not in the pinned text), or the turn in which
    alone he may draw (no): both readers' readings, on 22 and CH1a, not on 24."""
    r = _rule(CASES / f"{case}.yaml", "foster")
    assert r.answer is not None and r.answer.silent and r.answer.cites == ["22", "CH1a"]
    assert "may not draw now" in r.answer.readings[1].gives


@pytest.mark.parametrize(("book", "cites"), [("peel", ["40"]), ("foster", ["23", "CH2e"])])
def test_the_act_list_answer_in_a_decided_draw_rests_on_that_point(book: str,
                                                                  cites: list[str]) -> None:
    r = _rule(CASES / "i14-seven-turned-in-the-draw.yaml", book)
    assert r.answer is not None and r.answer.cites == cites


def test_a_reading_that_does_not_arise_here_is_not_given() -> None:
    """Peel 55's reach is in doubt only before the draw: a bet taken back after it is ruled
    on 55 with no second reading."""
    r = _rule(CASES / "bet-taken-back.yaml", "peel")
    made = [d for d in r.decisions if d.provision == "peel-55-bet-not-recalled"]
    assert made and all(not d.readings for d in made)


def test_peel_after_a_deal_out_of_turn_the_dealer_reads_two_ways() -> None:
    """i-05: "the last dealer" (18) and "the dealer" (77, 78): who dealt, B, or whose deal it
    was, A. Who deals next: C, or A then B; whose word: C, or E."""
    r = _rule(CASES / "i05-dealing-out-of-turn.yaml", "peel")
    deals, word = r.answers
    assert [x.gives.rsplit(" ", 1)[-1] for x in deals.readings] == ["lost", "B"]
    assert "C deals next" in deals.readings[0].gives and "A deals" in deals.readings[1].gives
    assert [x.gives.rsplit(" ", 1)[-1] for x in word.readings] == ["C", "E"]


def test_an_answer_does_not_rest_on_a_law_that_only_advises() -> None:
    """Foster CH2c reports a custom and condemns it ("not a rule a ruling can rest on")."""
    r = _rule(CASES / "peel-10-faced-card-in-pack-at-the-draw.yaml", "foster")
    assert r.answer is not None and "CH2c" not in r.answer.cites
