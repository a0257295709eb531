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
