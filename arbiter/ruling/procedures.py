"""A book's procedures, applied as data: who is a party to a dispute, whose evidence
settles a fact and in what words, who referees, and who pays a penalty or a refund.

Everything a ruling says here comes from the rulebook (a provision's ``evidence``,
``referee`` and ``penalty`` blocks, the book's ``procedures``) or, where the book
gives none, from ``engine_defaults.yaml``, as a stated assumption. The code knows
seats and turns; it knows no book and no kind of finding.
"""

from __future__ import annotations

from typing import Any

from ..law.params import engine_defaults
from ..law.provisions import fill
from ..terms.findings import Finding
from .facts import TableFacts


def book_procedures(book: Any) -> tuple[dict[str, Any], list[str]]:
    """The book's procedures over the engine's, and the names of those assumed."""
    defaults = engine_defaults().get("procedures", {})
    own: dict[str, Any] = dict(book.procedures or {})
    assumed = [k for k in defaults if k not in own]
    return {**{k: v["value"] for k, v in defaults.items()}, **own}, assumed


def _roles(value: Any) -> list[str]:
    return list(value.get("who", [])) if isinstance(value, dict) else list(value)


class Procedures:
    """One book's procedures at one table."""

    def __init__(self, book: Any, table: TableFacts) -> None:
        self.table = table
        self.spec, self.assumed = book_procedures(book)
        r = table.r
        self.seats = list(r.seats)
        self.place = {k: table.common[k] for k in ("left_of_dealer", "right_of_dealer")}
        self.place["dealer"] = r.dealer
        self._parties = _roles(self.spec.get("parties", []))

    def parties(self, f: Finding, extra: list[str]) -> set[str]:
        """The disputing persons: the roles the book names, and the places a provision
        adds (the dealer, in a dispute over what was demanded of him)."""
        d = self.table.r.case.dispute
        roles = {"player": f.player, "raised_by": d.raised_by if d else None,
                 "about": d.about if d else None}
        out = {roles[k] for k in self._parties if roles.get(k)}
        return {x for x in out if x} | {self.place[p] for p in extra if p in self.place}

    def _evidence_parties(self, f: Finding, p: dict[str, Any]) -> set[str]:
        """Whom the evidence passes over: the disputing persons, or those the law names."""
        ev = p["evidence"]
        if "passes_over" not in ev:
            return self.parties(f, list(p.get("parties", [])))
        roles = {"player": f.player}
        return {str(roles[k]) for k in ev["passes_over"] if roles.get(k)} | {
            self.place[x] for x in p.get("parties", []) if x in self.place}

    def _witnesses(self, f: Finding, p: dict[str, Any]) -> list[str]:
        """Whose evidence is taken, in the law's order, each once."""
        order = self._order(f, p["evidence"]["order"])
        parties = self._evidence_parties(f, p)
        return [w for i, w in enumerate(order) if w not in parties and w not in order[:i]]

    def heard(self, f: Finding, p: dict[str, Any]) -> tuple[str, list[str], Any] | None:
        """Where a provision's ``evidence`` is conclusive on the accounts given: the
        witness whose account decides, those passed over before him, and his account.
        None where no one the law's order names has given one (the fact stays open)."""
        if "evidence" not in p:
            return None
        witnesses = self._witnesses(f, p)
        accounts: dict[str, Any] = f.facts.get("accounts") or {}
        heard = [w for w in witnesses if w in accounts]
        if not heard:
            return None
        return heard[0], witnesses[: witnesses.index(heard[0])], accounts[heard[0]]

    def settled_by(self, f: Finding, p: dict[str, Any], values: dict[str, Any]) -> str | None:
        if "evidence" in p:
            return self._evidence(f, p, values)
        parties = self.parties(f, list(p.get("parties", [])))
        for step in p.get("referee", []):
            who = self.place.get(step)
            if who and who not in parties:
                values["referee"] = who
                says = p.get("referee_says") or self.spec.get("referee_says", "{referee}")
                return fill(str(says), values)
        return None

    def _order(self, f: Finding, steps: list[str]) -> list[str]:
        order: list[str] = []
        for step in steps:
            if step in self.place:
                order.append(self.place[step])
            elif step == "round_from_left_of_disputant" and f.player:
                i = self.seats.index(f.player)
                order += [self.seats[(i + k) % len(self.seats)] for k in range(1, len(self.seats))]
        return order

    def _evidence(self, f: Finding, p: dict[str, Any], values: dict[str, Any]) -> str:
        ev = p["evidence"]
        witnesses = self._witnesses(f, p)
        values["witness"] = witnesses[0] if witnesses else None
        heard = self.heard(f, p)
        if heard:
            w, passed, account = heard
            values["witness_heard"] = w
            words = self.spec.get("place_words", {})
            at = next((f"{w} ({words[k]})" for k, who in self.place.items()
                       if who == w and k in words), w)
            text = fill(ev["conclusive"], {**values, "witness_at": at, "account": account})
            if passed:
                text += fill(ev.get("passed_over", ""), {"passed": ", ".join(passed)})
            return text
        listed = ev.get("failing", ", ").join(witnesses[:4])
        if len(witnesses) > 4:
            listed += ev.get("and_so_on", "")
        text = fill(ev["in_order"], {"witnesses": listed})
        if ev.get("fallback"):
            text += "; " + fill(ev["fallback"], values)
        return text

    def penalties(self, f: Finding, spec: dict[str, Any],
                  values: dict[str, Any]) -> list[dict[str, Any]]:
        """What the provision's ``penalty`` makes whom pay, worked out from the facts."""
        out: list[dict[str, Any]] = []
        who = f.player
        if not who:
            return out
        if "forfeits" in spec:
            amount = int(values.get(spec["forfeits"]) or 0)
            values["forfeit"] = amount
            out.append({"player": who, "forfeits": amount, "to": "the pool"})
        if "pays" in spec:
            amount = int(spec["pays"].get("multiple_of_blind", 0) * self.table.blind)
            values["penalty"] = amount
            out.append({"player": who, "pays": amount, "to": "the pool"})
        if "refund" in spec:
            refund = spec["refund"]
            amount = int(values.get(refund.get("amount", "blind_or_straddle")) or 0)
            by = refund.get("by", "dealer")
            payers = [values.get(k) for k in ([by] if isinstance(by, str) else by)]
            payer = next((x for x in payers if x), self.table.r.dealer)
            values["refund"] = amount
            out.append({"player": payer, "pays": amount, "to": who})
        return out
