"""A claim is not a fact: a draw whose demand is disputed, read on each account given.

What a player discarded and was given are facts of the table; what he asked for, when
the players' accounts differ, is not. The judge rules the draw once for each account,
as the finding that number makes of the facts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...terms.findings import Finding
from ...terms.vocabulary import FINDINGS, Kind


def accounts_given(findings: Iterable[Finding]) -> dict[str | None, dict[str, Any]]:
    """Each disputed player's accounts of what he asked for, by who gave them."""
    return {f.player: f.facts.get("accounts") or {} for f in findings
            if f.kind == Kind.CONFLICTING_CLAIMS}


_DRAW_KINDS = (Kind.ASKED_WRONG_NUMBER, Kind.GIVEN_MORE_THAN_ASKED, Kind.GIVEN_FEWER_THAN_ASKED)


def on_each_account(f: Finding, accounts: dict[str | None, dict[str, Any]],
                    settled: dict[str | None, tuple[str, Any]] | None = None,
                    ) -> list[tuple[Finding, dict[str, Any]]]:
    """A claim is not a fact. Where what a player asked for is disputed, the draw is ruled
    on each account given of it: what he discarded and was given are facts, and on each
    account the finding is what that number makes of them (a wrong ask, too many or too
    few given, or nothing irregular at all).

    ``settled``: by disputed player, the witness whose evidence the book makes conclusive
    and his account. The draw is then ruled on that account alone, as a fact, not a
    possibility (and not at all if on it nothing was irregular)."""
    told = accounts.get(f.player) or {}
    if f.kind not in _DRAW_KINDS or not f.facts.get("asked_disputed") or not told:
        return [(f, {})]
    witness, decided = (settled or {}).get(f.player) or (None, None)
    numbers: list[int] = sorted({v for v in told.values() if isinstance(v, int)})
    if witness and isinstance(decided, int):
        numbers = [decided]
    else:
        witness = None
    discarded, given = f.facts.get("discarded"), f.facts.get("given")
    out: list[tuple[Finding, dict[str, Any]]] = []
    for asked in numbers:
        facts = dict(f.facts, asked=asked, asked_disputed=False)
        if isinstance(discarded, int) and asked != discarded:
            kind = Kind.ASKED_WRONG_NUMBER
            facts.setdefault("gave_discarded", False)
        elif isinstance(given, int) and given > asked:
            kind = Kind.GIVEN_MORE_THAN_ASKED
        elif isinstance(given, int) and given < asked:
            kind = Kind.GIVEN_FEWER_THAN_ASKED
            facts.setdefault("made_good", False)
            facts.setdefault("raised_first", False)
        else:
            continue  # on this account he asked for what he discarded and was given it
        keep = FINDINGS[kind].facts
        facts = {k: v for k, v in facts.items() if k in keep or k == "phase"}
        # The replay's message names one account's number; say only the facts of the table.
        told_facts = (f"{f.player} discarded {discarded} and was given {given}"
                      if isinstance(discarded, int) and isinstance(given, int) else f.message)
        said = (f"on {witness}'s evidence, {f.player} asked for {asked}" if witness else
                f"on the account that {f.player} asked for {asked}")
        out.append((Finding(kind, f.step, f.line, f.player, f"{said}: {told_facts}", facts),
                    {} if witness else {"asked": asked}))
    if witness:
        return out  # on the account the evidence settles, nothing else was irregular
    return out or [(f, {})]
