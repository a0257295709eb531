"""A law is cited, and a sum given, only where the condition its sentence states holds at
the point ruled on (set G: Ga, G1, Gc)."""

from __future__ import annotations

from pathlib import Path

from arbiter.law.rulebooks import load_rulebook
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

ROOT = Path(__file__).resolve().parent.parent


def _rule(case: str, book: str):  # type: ignore[no-untyped-def]
    return judge(load_case(ROOT / "cases" / f"{case}.yaml"),
                 load_rulebook(ROOT / "rulebooks" / f"{book}.yaml"))


def _quoted(ruling) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.ref for c in ruling.citations]


def test_the_half_limit_sentence_is_not_quoted_as_the_rule_of_time() -> None:
    # Peel p. 32, "When the sum staked ... reaches one shilling (half the limit), the
    # straddling must cease": said of the limit, quoted where the straddle passes it.
    late = _rule("g05-straddle-after-the-deal", "peel")
    assert "straddle-before-the-deal" in _quoted(late)
    assert "straddling-ceases" not in _quoted(late)
    past = _rule("four-straddles-with-a-limit-of-eight", "peel")
    assert "straddling-ceases" in _quoted(past)


_TABLE = "table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 12}\n"


def _asked(tmp_path: Path, events: str, who: str, book: str):  # type: ignore[no-untyped-def]
    case = tmp_path / "case.yaml"
    case.write_text(_TABLE + f"events: [{events}]\n"
                    f"dispute: {{raised_by: E, about: {who}, asks: what must {who} put in}}\n",
                    encoding="utf-8")
    ruling = judge(load_case(case), load_rulebook(ROOT / "rulebooks" / f"{book}.yaml"))
    return ruling.answers[0]


def test_hoffmann_names_no_sum_over_a_straddle(tmp_path: Path) -> None:
    # p. 122's going in is told of a deal nobody straddled: over a straddle it is not his rule.
    plain = _asked(tmp_path, "B blinds 1, deal", "C", "hoyle")
    assert (plain.answer, plain.silent) == ("2", False)
    over = _asked(tmp_path, "B blinds 1, C straddles 2, deal", "D", "hoyle")
    assert over.silent and over.answer == "silent"
    assert "straddle" in over.cites


def test_peel_gives_both_readings_of_the_sum_over_a_straddle(tmp_path: Path) -> None:
    # p. 34, "double the ante and straddles together" (6), the passage on the point (set Y's
    # readers), with the straddle as a raised ante (p. 44, 25 and 26: 4) and 25 read
    # literally with the blind (2) as the other readings (sets G and I).
    a = _asked(tmp_path, "B blinds 1, C straddles 2, deal", "D", "peel")
    assert a.answer == "6" and not a.silent
    assert [r.gives.rsplit(" ", 1)[-1] for r in a.readings][:2] == ["6", "4"]
    assert {"25", "26", "opening-over-a-straddle"} <= set(a.cites)
    # Once D has opened for 6, both readings have E make good to 6: one answer, on 26.
    b = _asked(tmp_path, "B blinds 1, C straddles 2, deal, D comes in 6", "E", "peel")
    assert b.answer == "6" and "opening-over-a-straddle" not in b.cites


_SHOW = ("B blinds 1, {{act: deals, hands: {{C: {c}, D: {d}}}}}, C comes in, D comes in, "
         "E passes, A passes, B passes, C stands pat, D stands pat, C bets 1, D calls, "
         "C shows, D shows")


def _show(tmp_path: Path, c: str, d: str, book: str):  # type: ignore[no-untyped-def]
    case = tmp_path / "show.yaml"
    case.write_text(_TABLE + "events: [" + _SHOW.format(c=c, d=d) + "]\n"
                    "dispute: {raised_by: C, asks: who takes the pool}\n", encoding="utf-8")
    return judge(load_case(case), load_rulebook(ROOT / "rulebooks" / f"{book}.yaml"))


def test_hoffmann_is_silent_between_two_flushes_not_filled_by_analogy(tmp_path: Path) -> None:
    # He defines the flush and ranks no suit; p. 125 tells apart pairs and sequences only.
    two = _show(tmp_path, "Kh Jh 9h 6h 3h", "As Qs Ts 7s 4s", "hoyle")
    assert two.decisions == [] and [s.finding.kind for s in two.silences] == ["showdown"]
    assert two.answers[0].silent
    # A flush against a lower kind is ruled by his order of the hands.
    over = _show(tmp_path, "Kh Jh 9h 6h 3h", "As Ad Ts Tc 4s", "hoyle")
    assert over.answers[0].answer == "C"
    # Peel has his rule for two flushes (69), and rules on it.
    assert _show(tmp_path, "Kh Jh 9h 6h 3h", "As Qs Ts 7s 4s", "peel").answers[0].answer == "C"
