"""Precedence across finding kinds, as the rulebook declares it.

A rulebook's ``precedence:`` says that one finding is ruled on its cause and is
not found twice: a hand of six after the draw, when the player was given four
for three, is ruled as the give in excess, not again as a wrong-sized hand. The
engine applies what the book says and nothing else; a house book may change it.
"""

from __future__ import annotations

from typing import Any

from ..terms.findings import Finding
from .provisions import match


def cause_of(rules: tuple[dict[str, Any], ...], found: list[Finding],
             new: Finding) -> tuple[Finding, dict[str, Any]] | None:
    """The finding already recorded that ``new`` is ruled on, if the book says so, with
    the precedence rule that says it."""
    if new.player is None:
        return None
    for rule in rules:
        if rule["finding"] != new.kind:
            continue
        if "when" in rule and match(rule["when"], new.facts).result is not True:
            continue
        causes = rule["ruled_on_cause"]
        for f in found:
            if f.player == new.player and f.kind in causes:
                return f, rule
    return None
