"""The judge: from a replayed table and a rulebook's provisions to a ruling.

For every finding of the replay the judge tries each provision written for
that kind of finding. Provisions that match are sorted by the precedence the
rulebook declares (``exception_to``); two that still both apply to the same
point and decide it differently are a rulebook error, reported with both
locations. Where a fact the decision turns on is unknown, the judge rules on
each possibility. Where no provision applies, the ruling says the book is
silent (or that the point lies outside the pinned text), names the nearest
laws, and applies the book's own catch-all if it has one. It never invents law.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from .cases import Case
from .errors import EXIT_NOT_RULED, ArbiterError
from .facts import TableFacts
from .findings import Finding, Kind
from .laws import Law, Rulebook
from .provisions import Decision, Match, fill, match
from .replay import Replay, replay
from .vocabulary import FINDINGS


class RulebookConflict(ArbiterError):
    """Two provisions apply to the same point and disagree: the rulebook must say which wins.

    The case is sound but cannot be ruled, so the exit status is 1, not 2.
    """

    exit_code = EXIT_NOT_RULED


@dataclass(frozen=True)
class Citation:
    book: str
    ref: str
    label: str
    heading: str | None
    page: int | None
    pages: str | None
    quote: str
    footnotes: tuple[str, ...] = ()
    cited_as: str = ""
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"book": self.book, "cited_as": self.cited_as, "ref": self.ref,
                "label": self.label,
                "heading": self.heading, "page": self.page, "pages": self.pages,
                "quote": self.quote, "footnotes": list(self.footnotes)}


@dataclass
class Decided:
    finding: Finding
    provision: str
    decision: Decision
    says: str
    remedy: str | None
    penalties: list[dict[str, Any]]
    settled_by: str | None
    cites: list[str]
    condition: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"finding": str(self.finding.kind), "step": self.finding.step,
                "player": self.finding.player, "provision": self.provision,
                "decision": str(self.decision), "says": self.says, "remedy": self.remedy,
                "penalties": self.penalties, "settled_by": self.settled_by,
                "cites": self.cites, "if": self.condition or None}


@dataclass
class Silence:
    finding: Finding
    outside_extract: bool
    says: str
    nearest: list[str]
    catch_all: str | None
    cites: list[str]
    condition: dict[str, Any] = field(default_factory=dict)  # silent only on this branch

    def to_dict(self) -> dict[str, Any]:
        return {"finding": str(self.finding.kind), "step": self.finding.step,
                "player": self.finding.player, "outside_extract": self.outside_extract,
                "says": self.says, "nearest": self.nearest, "catch_all": self.catch_all,
                "cites": self.cites, "if": self.condition or None}


@dataclass
class TraceEntry:
    finding: Finding
    provision: str
    result: str  # applied | set aside | overridden | unknown
    tested: dict[str, Any]
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {"finding": str(self.finding.kind), "step": self.finding.step,
                "provision": self.provision, "result": self.result,
                "tested": self.tested, "why": self.why}


@dataclass
class Ruling:
    rulebook: Rulebook
    replay: Replay
    decisions: list[Decided]
    silences: list[Silence]
    trace: list[TraceEntry]
    citations: list[Citation]
    fact_referee: str | None = None
    answer: Any = None  # the answer to the case's question (arbiter/answers.py), if it asks

    @property
    def case(self) -> Case:
        return self.replay.case

    def to_dict(self, explain: bool = False) -> dict[str, Any]:
        d = self.case.dispute
        out: dict[str, Any] = {
            "rulebook": self.rulebook.id,
            "authority": {"citation": self.rulebook.name, "title": self.rulebook.title,
                          "author": self.rulebook.author, "year": self.rulebook.year},
            "case": self.case.file,
            "title": self.case.title,
            "dispute": {"raised_by": d.raised_by, "about": d.about,
                        "question": d.question} if d else None,
            "answer": self.answer.to_dict() if self.answer else None,
            "findings": [f.to_dict() for f in self.replay.findings],
            "decisions": [x.to_dict() for x in self.decisions],
            "silent": [s.to_dict() for s in self.silences],
            "outcome": self.replay.outcome,
            "questions_of_fact": self.fact_referee,
            "citations": [c.to_dict() for c in self.citations],
        }
        if explain:
            out["trace"] = [t.to_dict() for t in self.trace]
            out["assumed"] = list(self.replay.assumed)
        return out


def judge(case: Case, book: Rulebook) -> Ruling:
    """Replay ``case`` under ``book``, rule on everything the replay found, and answer the
    case's question."""
    from .answers import answer_for

    ruling = rule_on(replay(case, book), book)
    ruling.answer = answer_for(ruling)
    return ruling


def rule_on(r: Replay, book: Rulebook) -> Ruling:
    decisions: list[Decided] = []
    silences: list[Silence] = []
    trace: list[TraceEntry] = []
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for p in book.provisions:
        by_kind.setdefault(p["finding"], []).append(p)
    table = TableFacts(r)
    accounts = {f.player: f.facts.get("accounts") or {} for f in r.findings
                if f.kind == Kind.CONFLICTING_CLAIMS}
    for found in _ordered(r):
        if _quiet(found):
            continue
        for f, account in _on_each_account(found, accounts):
            facts = table.of(f)
            provs = by_kind.get(str(f.kind), [])
            made, silent_branches = _decide(r, book, f, facts, provs, trace)
            for d in made:
                d.condition = {**account, **d.condition}
            decisions += made
            if not made:
                silences.append(_silence(book, f, provs, account or None))
            else:  # a possibility the book rules on only one way: say it is silent on the other
                silences += [_silence(book, f, provs, {**account, **cond})
                             for cond in silent_branches]
    _forfeit_once(decisions)
    referee = None
    open_facts = [d for d in decisions if d.condition]
    if open_facts and book.questions_of_fact:
        q = book.questions_of_fact
        first = open_facts[0]
        spec = {"referee": q["referee"], "referee_says": q.get("says", "{referee} decides")}
        values: dict[str, Any] = {"facts": ", ".join(sorted(first.condition))}
        referee = _settled_by(r, first.finding, spec, values)
        decisions_cites = [_ref(book, c) for c in q["cites"]]
    else:
        decisions_cites = []
    cited: list[str] = []
    for x in decisions:
        cited += [c for c in x.cites if c not in cited]
    for s in silences:
        cited += [c for c in s.cites if c not in cited]
    cited += [c for c in decisions_cites if c not in cited]
    return Ruling(book, r, decisions, silences, trace, [_citation(book, c) for c in cited],
                  referee)


_DRAW_KINDS = (Kind.ASKED_WRONG_NUMBER, Kind.GIVEN_MORE_THAN_ASKED, Kind.GIVEN_FEWER_THAN_ASKED)


def _on_each_account(f: Finding, accounts: dict[str | None, dict[str, Any]],
                     ) -> list[tuple[Finding, dict[str, Any]]]:
    """A claim is not a fact. Where what a player asked for is disputed, the draw is ruled
    on each account given of it: what he discarded and was given are facts, and on each
    account the finding is what that number makes of them (a wrong ask, too many or too
    few given, or nothing irregular at all)."""
    told = accounts.get(f.player) or {}
    if f.kind not in _DRAW_KINDS or not f.facts.get("asked_disputed") or not told:
        return [(f, {})]
    discarded, given = f.facts.get("discarded"), f.facts.get("given")
    out: list[tuple[Finding, dict[str, Any]]] = []
    for asked in sorted({v for v in told.values() if isinstance(v, int)}):
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
        out.append((Finding(kind, f.step, f.line, f.player,
                            f"on the account that {f.player} asked for {asked}: {f.message}",
                            facts), {"asked": asked}))
    return out or [(f, {})]


def _forfeit_once(decisions: list[Decided]) -> None:
    """A stake is forfeited once, however many laws forfeit it: a later decision on the same
    account keeps its words but not a second copy of the penalty."""
    forfeited: set[tuple[Any, ...]] = set()
    for d in decisions:
        account = tuple(sorted(d.condition.items()))
        kept = []
        for p in d.penalties:
            key = (p.get("player"), account)
            if "forfeits" in p and key in forfeited:
                continue
            if "forfeits" in p:
                forfeited.add(key)
            kept.append(p)
        d.penalties = kept


def _quiet(f: Finding) -> bool:
    """A finding ruled only when one of the facts its kind names is set (a show whose
    winner the events cannot tell needs no ruling of its own)."""
    needs = FINDINGS[f.kind].ruled_if
    return bool(needs) and not any(f.facts.get(k) for k in needs)


def _ordered(r: Replay) -> list[Finding]:
    """The findings in the order they arose at the table."""
    return sorted(r.findings, key=lambda f: f.step)


def _decide(r: Replay, book: Rulebook, f: Finding, facts: dict[str, Any],
            provs: list[dict[str, Any]], trace: list[TraceEntry],
            ) -> tuple[list[Decided], list[dict[str, Any]]]:
    matches = {p["id"]: match(p.get("when", {}), facts) for p in provs}
    # Only a yes-or-no fact can be ruled on both ways; any other unknown fact leaves
    # the provisions that need it unapplied (the trace names the fact).
    unknown = sorted({u for m in matches.values() if m.result is None for u in m.unknown
                      if all(isinstance(p.get("when", {}).get(u, True), bool) for p in provs)})
    if not unknown:
        return _apply(r, book, f, facts, provs, matches, trace, {}), []
    out: list[Decided] = []
    silent: list[dict[str, Any]] = []
    for values in itertools.product([True, False], repeat=len(unknown)):
        cond = dict(zip(unknown, values, strict=True))
        f2 = dict(facts, **cond)
        m2 = {p["id"]: match(p.get("when", {}), f2) for p in provs}
        branch = _apply(r, book, f, f2, provs, m2, trace, cond)
        out += branch
        if not branch:
            silent.append(cond)
    return out, silent


def _apply(r: Replay, book: Rulebook, f: Finding, facts: dict[str, Any],
           provs: list[dict[str, Any]], matches: dict[str, Match],
           trace: list[TraceEntry], cond: dict[str, Any]) -> list[Decided]:
    applying = [p for p in provs if matches[p["id"]].result is True]
    overridden = {x for p in applying for x in p.get("exception_to", [])}
    for p in provs:
        m = matches[p["id"]]
        if m.result is True and p["id"] in overridden:
            by = [q["id"] for q in applying if p["id"] in q.get("exception_to", [])]
            trace.append(TraceEntry(f, p["id"], "overridden", m.tested,
                                    f"an exception applies: {', '.join(by)}"))
        elif m.result is True:
            trace.append(TraceEntry(f, p["id"], "applied", m.tested,
                                    "every condition holds" + _cond_text(cond)))
        elif m.result is False:
            trace.append(TraceEntry(f, p["id"], "set aside", m.tested,
                                    "does not hold: " + ", ".join(
                                        f"{k} is {_said(m.tested[k])}" for k in m.failed)))
        else:
            trace.append(TraceEntry(f, p["id"], "unknown", m.tested,
                                    "not settled by the events: " + ", ".join(m.unknown)))
    winners = [p for p in applying if p["id"] not in overridden]
    points: dict[str, list[dict[str, Any]]] = {}
    for p in winners:
        points.setdefault(p.get("point", p["finding"]), []).append(p)
    out = []
    for group in points.values():
        decisions = {p["decision"] for p in group}
        if len(decisions) > 1:
            a = group[0]
            b = next(q for q in group if q["decision"] != a["decision"])
            raise RulebookConflict(
                f"{a['file']}:{a.get('line')}: provisions {a['id']!r} and {b['id']!r} "
                f"({b['file']}:{b.get('line')}) both apply to step {f.step} ({f.kind}) and "
                f"decide it differently ({a['decision']} / {b['decision']}); declare which "
                "is the exception with 'exception_to'")
        for p in group:
            out.append(_decided(r, book, f, facts, p, cond))
    return out


def _said(v: Any) -> str:
    return {None: "unknown", True: "yes", False: "no"}.get(v, str(v)) if not isinstance(
        v, (dict, list)) else str(v)


def _cond_text(cond: dict[str, Any]) -> str:
    return "" if not cond else " (if " + ", ".join(
        f"{k} is {_said(v)}" for k, v in cond.items()) + ")"


def _decided(r: Replay, book: Rulebook, f: Finding, facts: dict[str, Any],
             p: dict[str, Any], cond: dict[str, Any]) -> Decided:
    values = dict(facts)
    penalties = _penalties(r, f, p.get("penalty", {}), values)
    settled = _settled_by(r, f, p, values)
    return Decided(
        finding=f,
        provision=p["id"],
        decision=Decision(p["decision"]),
        says=fill(p.get("says", p["decision"].replace("_", " ")), values),
        remedy=fill(p["remedy"], values) if p.get("remedy") else None,
        penalties=penalties,
        settled_by=settled,
        cites=[_ref(book, c) for c in p["cites"]],
        condition=cond,
    )


def _penalties(r: Replay, f: Finding, spec: dict[str, Any],
               values: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    who = f.player
    if spec.get("forfeits") == "stake" and who:
        amount = r.stake(who)
        values["forfeit"] = amount
        out.append({"player": who, "forfeits": amount, "to": "the pool"})
    if "pays" in spec and who:
        amount = int(spec["pays"].get("multiple_of_blind", 0) * _blind(r))
        values["penalty"] = amount
        out.append({"player": who, "pays": amount, "to": "the pool"})
    if "refund" in spec and who:
        refund = _blind_or_straddle(r, who)
        by = spec["refund"].get("by", "dealer")
        # "speaker": whoever spoke to the dealer during the deal (Peel 16).
        payer = r.dealer if by == "dealer" else values.get("dealer_distracted_by") or r.dealer
        values["refund"] = refund
        out.append({"player": payer, "pays": refund, "to": who})
    return out


def _blind_or_straddle(r: Replay, who: str) -> int:
    straddles = {p: amt for p, amt in r.facts.get("straddles", [])}
    if who in straddles:
        return int(straddles[who])
    return _blind(r) if who == r.age else 0


def _blind(r: Replay) -> int:
    """The blind actually put up (it may differ from the table's usual one)."""
    return int(r.facts.get("blind") or r.case.table.blind)


_PLACES = {"dealer", "left_of_dealer", "right_of_dealer"}


def _settled_by(r: Replay, f: Finding, p: dict[str, Any], values: dict[str, Any]) -> str | None:
    seats = list(r.seats)
    d = seats.index(r.dealer)
    place = {"dealer": r.dealer, "left_of_dealer": seats[(d + 1) % len(seats)],
             "right_of_dealer": seats[d - 1]}
    disputants = set(_disputants(r, f))
    if "evidence" in p:
        ev = p["evidence"]
        order: list[str] = []
        for step in ev["order"]:
            if step in _PLACES:
                order.append(place[step])
            elif step == "round_from_left_of_disputant" and f.player:
                i = seats.index(f.player)
                order += [seats[(i + k) % len(seats)] for k in range(1, len(seats))]
        # Peel 46 passes over only "the player who is disputing with the dealer": the one
        # whose demand is in question. Whoever raised the dispute may still give evidence.
        parties = {f.player, r.dealer}
        witnesses = [w for i, w in enumerate(order) if w not in parties and w not in order[:i]]
        values["witness"] = witnesses[0] if witnesses else None
        accounts: dict[str, Any] = f.facts.get("accounts") or {}
        heard = [w for w in witnesses if w in accounts]
        if heard:
            w = heard[0]
            passed = witnesses[: witnesses.index(w)]
            text = (f"the evidence of {w}" + _place_name(w, place) + f", who says {accounts[w]}, "
                    f"is conclusive: {f.player} is held to have demanded {accounts[w]}")
            if passed:
                text += " (" + ", ".join(passed) + " having given no evidence)"
            return text
        text = "The evidence of " + ", failing whom ".join(witnesses[:4])
        if len(witnesses) > 4:
            text += ", and so on round the table"
        if ev.get("fallback"):
            text += "; " + fill(ev["fallback"], values)
        return text
    if "referee" in p:
        for step in p["referee"]:
            who = place.get(step)
            if who and who not in disputants:
                values["referee"] = who
                return fill(p.get("referee_says", "{referee} decides"), values)
    return None


def _place_name(who: str, place: dict[str, str]) -> str:
    names = {"left_of_dealer": "on the dealer's left", "right_of_dealer": "on the dealer's right"}
    for key, words in names.items():
        if place.get(key) == who:
            return f" ({words})"
    return ""


def _disputants(r: Replay, f: Finding) -> list[str]:
    out = []
    if f.player:
        out.append(f.player)
    if f.kind == Kind.CONFLICTING_CLAIMS:
        out.append(r.dealer)  # the others who spoke are witnesses, not parties
    d = r.case.dispute
    if d:
        out += [x for x in (d.raised_by, d.about) if x]
    return out


def _silence(book: Rulebook, f: Finding, provs: list[dict[str, Any]],
             cond: dict[str, Any] | None = None) -> Silence:
    outside = bool(book.extract)
    near: list[str] = []
    for p in provs:
        near += [_ref(book, c) for c in p["cites"] if _ref(book, c) not in near]
    if len(near) < 3:
        from .search import search

        words = str(f.kind).replace("_", " ").split()
        for hit in search([book], words)[:3]:
            if hit.law.ref not in near and hit.law.effect == "decides":
                near.append(hit.law.ref)
    near = near[:3]
    name = book.name
    if outside:
        says = (f"The point ({str(f.kind).replace('_', ' ')}) is not in the pinned text of "
                f"{name}: {name}'s ruling on it is unknown, not silent.")
    else:
        says = f"{name} is silent on this point ({str(f.kind).replace('_', ' ')})."
    catch = book.catch_all
    cites = list(catch.get("cites", [])) if catch else []
    return Silence(f, outside, says, near, catch.get("says") if catch else None,
                   [_ref(book, c) for c in cites] + [n for n in near], cond or {})


def _ref(book: Rulebook, ref: Any) -> str:
    law = book.law(ref)
    return law.ref if law else str(ref)


def _citation(book: Rulebook, ref: str) -> Citation:
    law: Law | None = book.law(ref)
    if law is None:
        raise ArbiterError(f"{book.file}: a provision cites law {ref!r}, which the rulebook "
                           "does not hold")
    return Citation(law.book, law.ref, law.label(), law.heading, law.page, law.pages,
                    law.text, law.footnotes, law.cited_as, law.note)
