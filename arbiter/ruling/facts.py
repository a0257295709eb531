"""The facts a finding is ruled on: its own, the table's, and a few worked out from them.

Which facts a kind carries, and which derived ones apply to it, is declared in
the vocabulary; this module only does the arithmetic, so a provision can test
"too many" without an expression language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..terms.vocabulary import FINDINGS, Kind

if TYPE_CHECKING:
    from ..table.replay import Replay
    from ..terms.findings import Finding


class TableFacts:
    """What every finding of one replay shares, worked out once."""

    def __init__(self, r: Replay) -> None:
        self.r = r
        seats = r.seats
        d = seats.index(r.dealer)
        self.blind = int(r.facts.get("blind") or r.case.table.blind)
        self.straddles = {p: int(amt) for p, amt in r.facts.get("straddles", [])}
        # Peel 16: only one who speaks "while the cards are being dealt".
        speakers = [x.player for x in r.findings if FINDINGS[x.kind].distracts_dealer
                    and x.facts.get("during_deal", True)]
        self.common: dict[str, Any] = {
            "jackpot": r.case.table.jackpot,
            "blind": self.blind, "limit": r.case.table.limit,
            "left_of_dealer": seats[(d + 1) % len(seats)], "right_of_dealer": seats[d - 1],
            "dealer_distracted_by": speakers[0] if speakers else None,
            "distracted": bool(speakers),
            "straddled": bool(self.straddles),  # the ante was straddled (Peel 23, 24)
        }

    def blind_or_straddle(self, who: str) -> int:
        if who in self.straddles:
            return self.straddles[who]
        return self.blind if who == self.r.age else 0

    def of(self, f: Finding) -> dict[str, Any]:
        """Every fact ``f`` carries, in the order the judge has always given them."""
        p = f.player
        facts: dict[str, Any] = {
            "player": p, "dealer": self.r.dealer, "age": self.r.age,
            "is_dealer": p == self.r.dealer if p else None,
            "is_age": p == self.r.age if p else None,
            "stake": self.r.stake(p) if p else None,
            **self.common,
        }
        facts.update(f.facts)
        facts.update(derived(f.kind, facts))
        if "bet_before" in FINDINGS[f.kind].derived:
            facts["bet_before"] = self.bet_before(f.step)
        if "age_in" in FINDINGS[f.kind].derived:
            facts["age_in"] = self.age_in(f.step)
            seats = self.r.seats
            facts["next_to_age"] = p == seats[(seats.index(self.r.age) + 1) % len(seats)]
        if p:
            facts["blind_or_straddle"] = self.blind_or_straddle(p)
        return facts


    def age_in(self, step: int) -> bool:
        """Whether the Age still held his cards when the act at ``step`` was made."""
        steps, i = self.r.steps, self.r.seats.index(self.r.age)
        at = steps[step - 1] if 0 < step <= len(steps) else steps[-1]
        return at.statuses[i] == "in"

    def bet_before(self, step: int) -> bool:
        """Whether, in the betting after the draw, a bet had been made in the round before
        the act at ``step``: some stake had risen since the betting began (the act is then
        late in the round, and the law of who bets first is behind it)."""
        steps = self.r.steps
        if not 0 < step <= len(steps) - 1 or steps[step - 1].phase != "after the draw":
            return False
        j = step - 1
        while j > 0 and steps[j - 1].phase == "after the draw":
            j -= 1
        return any(a > b for a, b in zip(steps[step - 1].stakes, steps[j].stakes, strict=True))


def derived(kind: Kind, facts: dict[str, Any]) -> dict[str, Any]:
    """The derived facts the vocabulary gives ``kind``, from its facts."""
    spec = FINDINGS[kind]
    out: dict[str, Any] = {}
    if spec.compare:
        done, wanted = facts.get(spec.compare[0]), facts.get(spec.compare[1])
        if isinstance(done, int) and isinstance(wanted, int):
            out.update(too_many=done > wanted, too_few=done < wanted,
                       excess=abs(done - wanted))
    asked, given = facts.get("asked"), facts.get("given")
    if "given_as_asked" in spec.derived and isinstance(asked, int):
        out["given_as_asked"] = None if given is None else given == asked
    lifted, looked = facts.get("lifted"), facts.get("looked")
    if "seen" in spec.derived and (lifted is not None or looked is not None):
        out["seen"] = bool(lifted or looked)
    if "tie" in spec.derived:
        winners = facts.get("winners") or []
        out["tie"] = len(winners) > 1 if winners else None
    if "same_category" in spec.derived:
        values = [h["value"] for h in (facts.get("hands") or {}).values()]
        out["same_category"] = values.count(facts.get("best")) > 1
    if "alike" in spec.derived:
        best = facts.get("best")
        values = [h["value"] for h in (facts.get("hands") or {}).values()]
        out["alike"] = best if best is not None and values.count(best) > 1 else "none"
    if "ace_low" in spec.derived:
        out["ace_low"] = _ace_low(facts)
    return out


def _ace_low(facts: dict[str, Any]) -> bool:
    """The one best hand shown is a sequence the ace begins: ace, two, three, four, five."""
    winners = facts.get("winners") or []
    if len(winners) != 1 or facts.get("best") not in ("a sequence", "a sequence flush"):
        return False
    cards = ((facts.get("hands") or {}).get(winners[0]) or {}).get("cards") or []
    return {str(c)[:-1].upper() for c in cards} == {"A", "2", "3", "4", "5"}
