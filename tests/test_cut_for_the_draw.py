"""A cut of the pack after the deal, nothing gathered (kind E-fh1): at whatever point of the
draw, or of the say before it, and by whomever, it is found and tried against each book's
law of the draw. Foster: no (CH2a, "the pack is not cut again"; 22). Peel: no law gives it
(4, "before every deal"; 17; 39, "from the top of the pack"), no consequence named.
Hoffmann: silent, naming the passages nearest the point (p. 121, the cut before the deal;
p. 123, the draw). The cut before the deal is not touched by it."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter import Library
from arbiter.ruling.answers import answer_for
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

TABLE = "table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 12}\n"
SAY = ["B blinds 1", "deal", "C comes in 2", "D comes in 2", "E passes", "A passes"]
# Points after the deal, before the dealer has given every player his draw.
POINTS = {
    "in the say, before all have spoken": ["B blinds 1", "deal", "C comes in 2"],
    "the say over, before anyone discards": [*SAY, "B makes good"],
    "after B is helped, before C is": [*SAY, "B makes good", "B discards 2", "A gives B 2",
                                       "C discards 1"],
    "after B and C are helped, before D is": [*SAY, "B makes good", "B discards 2",
                                              "A gives B 2", "C discards 1", "A gives C 1",
                                              "D discards 3"],
}
# Under each book: the answer to "may X cut", a law it must cite, and the made cut's decision.
RULES = {"foster": ("no", "CH2a", "out_of_order"), "peel": ("no", "4", "out_of_order"),
         "hoyle": ("silent", "deal-and-age", None)}


def _case(tmp_path: Path, events: list[str], asks: str | None = None):  # type: ignore[no-untyped-def]
    text = TABLE + "events:\n" + "".join(f"  - {e}\n" for e in events)
    if asks:
        text += f"dispute: {{raised_by: C, asks: {asks}}}\n"
    return load_case(tmp_path / "cut.yaml", text)


@pytest.mark.parametrize("book", sorted(RULES))
@pytest.mark.parametrize("point", sorted(POINTS))
@pytest.mark.parametrize("who", ["E", "D"])  # the pone, and another
def test_may_he_cut_for_the_draw_is_answered_by_the_law_of_the_draw(
        book: str, point: str, who: str, tmp_path: Path) -> None:
    answer, cite, _ = RULES[book]
    got = answer_for(judge(_case(tmp_path, POINTS[point], f"may {who} cut"),
                           Library().get(book)))
    assert got is not None
    assert got.answer == answer, (point, got.because)
    assert cite in got.cites, (point, got.cites)
    assert "nothing in it is irregular" not in got.because


@pytest.mark.parametrize("book", sorted(RULES))
@pytest.mark.parametrize("point", sorted(POINTS))
def test_a_cut_made_for_the_draw_is_found_and_ruled(book: str, point: str,
                                                    tmp_path: Path) -> None:
    _, cite, decision = RULES[book]
    ruling = judge(_case(tmp_path, [*POINTS[point], "E cuts the pack"]), Library().get(book))
    found = [f for f in ruling.replay.findings if str(f.kind) == "cut_in_draw"]
    assert [f.player for f in found] == ["E"] and found[0].facts["is_pone"] is True
    made = [d for d in ruling.decisions if d.finding is found[0]]
    if decision is None:
        assert not made and [s.finding for s in ruling.silences] == found
    else:
        assert [str(d.decision) for d in made] == [decision] and cite in made[0].cites


@pytest.mark.parametrize("book", sorted(RULES))
def test_the_pones_cut_before_the_deal_is_still_no_finding(book: str, tmp_path: Path) -> None:
    ruling = judge(_case(tmp_path, ["E cuts the pack", "B blinds 1", "deal"]),
                   Library().get(book))
    assert not ruling.replay.findings and not ruling.decisions
