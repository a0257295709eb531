"""The rulings: from a replayed table and a rulebook's provisions to the decisions.

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
from typing import Any

from msgspec import Struct, field

from ..errors import EXIT_NOT_RULED, ArbiterError
from ..law.laws import Law, Rulebook
from ..law.params import assumption, engine_defaults, voice
from ..law.provisions import Decision, Match, fill, match
from ..table.acts.accounts import accounts_given, on_each_account
from ..table.cases import Case
from ..table.place import began, place
from ..table.replay import Replay
from ..terms.findings import Finding
from ..terms.vocabulary import (
    ACTS,
    EFFECTS,
    FINDINGS,
    PERMITS,
    UNSAID_EFFECT,
    VOIDS,
    Kind,
    Question,
    Undoes,
    facts_of,
)
from .assumptions import Assumptions, played_on, say_kept, void_undoes
from .facts import TableFacts
from .procedures import Procedures


class RulebookConflict(ArbiterError):
    """Two provisions apply to the same point and disagree: the rulebook must say which wins.

    The case is sound but cannot be ruled, so the exit status is 1, not 2.
    """

    exit_code = EXIT_NOT_RULED


class Citation(Struct, frozen=True):
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


class Reading(Struct, frozen=True):
    """One reading of a point the text admits more than one of (a provision's or an
    answer's ``readings``): the doubtful words as quoted, what follows on it, its laws."""

    words: str
    gives: str
    cites: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"words": self.words, "gives": self.gives, "cites": list(self.cites)}


def readings_of(book: Rulebook, data: dict[str, Any], values: dict[str, Any]) -> list[Reading]:
    """The readings a provision or an answer gives, filled in on these facts: those whose
    ``when`` holds on them, and none where fewer than two do (the text then reads one way
    here)."""
    out = [Reading(r["words"], fill(r["gives"], values),
                   tuple(_ref(book, c) for c in r["cites"]))
           for r in data.get("readings", [])
           if match(r.get("when", {}), values).result is True]
    return out if len(out) > 1 else []


class Decided(Struct):
    finding: Finding
    provision: str
    decision: Decision
    says: str
    remedy: str | None
    penalties: list[dict[str, Any]]
    settled_by: str | None
    cites: list[str]
    condition: dict[str, Any] = field(default_factory=dict)
    assumes: list[str] = field(default_factory=list)  # the engine's, in plain sentences
    # A void act: what of it is undone on the table (``Undoes``), and whether that is the
    # engine's assumption (the provision not saying).
    undoes: str | None = None
    undoes_assumed: bool = False
    # Where each counter of the act, the fine or the refund went, in words (counters.py).
    counters: list[str] = field(default_factory=list)
    # Who settles the point by the provision's procedure: the witness whose evidence its law
    # of evidence takes (the one who gave it, else the first in its order), or the referee
    # it names. Not part of the JSON: the words are in ``settled_by``.
    witness: str | None = None
    referee: str | None = None
    # Where the text admits more than one reading of the point: each, the first being the
    # one the decision gives (the provision's ``readings``).
    readings: list[Reading] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"finding": str(self.finding.kind), "step": self.finding.step,
                "player": self.finding.player, "provision": self.provision,
                "decision": str(self.decision), "says": self.says, "remedy": self.remedy,
                "penalties": self.penalties, "settled_by": self.settled_by,
                "cites": self.cites, "if": self.condition or None,
                "assumes": self.assumes,
                **({"undoes": self.undoes} if self.undoes else {}),
                **({"readings": [r.to_dict() for r in self.readings]} if self.readings
                   else {}),
                "counters": self.counters}


class Silence(Struct):
    finding: Finding
    outside_extract: bool
    says: str
    nearest: list[str]
    catch_all: str | None
    cites: list[str]
    condition: dict[str, Any] = field(default_factory=dict)  # silent only on this branch
    assumes: list[str] = field(default_factory=list)
    # An outcome not ruled because it turns on an act the book does not rule on (a player's
    # throwing in at the show): that act's finding. Not part of the JSON: ``says`` has it.
    turns_on: Finding | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"finding": str(self.finding.kind), "step": self.finding.step,
                "player": self.finding.player, "outside_extract": self.outside_extract,
                "says": self.says, "nearest": self.nearest, "catch_all": self.catch_all,
                "cites": self.cites, "if": self.condition or None,
                "assumes": self.assumes}


class TraceEntry(Struct):
    finding: Finding
    provision: str
    result: str  # applied | set aside | overridden | unknown | not ruled
    tested: dict[str, Any]
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {"finding": str(self.finding.kind), "step": self.finding.step,
                "provision": self.provision, "result": self.result,
                "tested": self.tested, "why": self.why}


class Ruling(Struct):
    rulebook: Rulebook
    replay: Replay
    decisions: list[Decided]
    silences: list[Silence]
    trace: list[TraceEntry]
    citations: list[Citation]
    fact_referee: str | None = None
    assumes: list[str] = field(default_factory=list)  # relied on, but by no finding
    answer: Any = None  # the answer to the case's question (arbiter/answers.py), if it asks
    answers: list[Any] = field(default_factory=list)  # to each question asked, in order

    @property
    def case(self) -> Case:
        return self.replay.case

    def _outcome(self) -> dict[str, Any]:
        """How the hand ended; where who wins rests on the engine's assumptions (the book
        giving no order of the hands), ``assumed`` names them and ``assumes`` says them."""
        out = dict(self.replay.outcome)
        if out.get("assumed"):
            out["assumes"] = [assumption(n, voice(self.rulebook)) for n in out["assumed"]]
        return out

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
            **({"answers": [a.to_dict() for a in self.answers]} if len(self.answers) > 1
               else {}),
            "findings": [dict(f.to_dict(), where=place(self.replay, began(f)))
                         for f in self.replay.findings],
            "decisions": [x.to_dict() for x in self.decisions],
            "silent": [s.to_dict() for s in self.silences],
            "outcome": self._outcome(),
            "questions_of_fact": self.fact_referee,
            "citations": [c.to_dict() for c in self.citations],
            "assumes": self.assumes,
        }
        if explain:
            out["trace"] = [t.to_dict() for t in self.trace]
            out["assumed"] = list(self.replay.assumed)
            out["ruled_on_cause"] = [
                {"finding": str(f.kind), "step": f.step, "player": f.player,
                 "cause": str(c.kind), "cause_step": c.step, "precedence": rule["id"]}
                for f, c, rule in self.replay.merged]
        return out


def rule_on(r: Replay, book: Rulebook, only: set[int] | None = None) -> Ruling:
    """The ruling on every finding of ``r`` under ``book`` (``only``: on those findings
    alone, by their ids: what is complete at one moment of the walk, ruling.course)."""
    return _Judge(r, book).rule(only)


def decide_alone(r: Replay, book: Rulebook, f: Finding) -> list[Decided]:
    """How the book decides one finding by itself: one the ruling did not reach because
    another finding of the same act had already voided it (what a "may" answer weighs)."""
    j = _Judge(r, book)
    return j.decide_all(f, j.table.of(f), j.provisions_for(f))[0]


# A book's provisions by the kind of finding they rule, by the identity of its provisions
# (kept with them, so the identity is not reused): the course of a deal rules at several
# moments of one walk, each under the same book.
_BY_KIND: dict[int, tuple[Any, dict[str, list[dict[str, Any]]]]] = {}


def by_kind(book: Rulebook) -> dict[str, list[dict[str, Any]]]:
    """The book's provisions by the kind of finding they rule (kept per book)."""
    provs = book.provisions
    hit = _BY_KIND.get(id(provs))
    if hit is not None and hit[0] is provs:
        return hit[1]
    out: dict[str, list[dict[str, Any]]] = {}
    for p in provs:
        out.setdefault(p["finding"], []).append(p)
    if len(_BY_KIND) >= 64:  # a benchmark that mutates the law makes many books
        _BY_KIND.clear()
    _BY_KIND[id(provs)] = (provs, out)
    return out


class _Judge:
    """Matches each finding against the provisions for its kind, and fills in templates.

    Everything a ruling says comes from the rulebook (or the engine's stated
    assumptions); this class knows no finding kind, decision or book by name. It is
    linear in the findings: table facts and procedures are worked out once per replay.
    """

    def __init__(self, r: Replay, book: Rulebook) -> None:
        self.r, self.book = r, book
        self.by_kind = by_kind(book)
        self.table = TableFacts(r)
        self.procedures = Procedures(book, self.table)
        self.trace: list[TraceEntry] = []
        self.assumptions = Assumptions(r, book)
        self._heard: dict[str | None, tuple[str, Any, dict[str, Any]]] | None = None

    def rule(self, only: set[int] | None = None) -> Ruling:
        decisions: list[Decided] = []
        silences: list[Silence] = []
        accounts = accounts_given(self.r.findings)
        settled = self.settled_accounts()
        voided: dict[tuple[Any, ...], Decided] = {}  # an act voided (on an account) -> why
        ended: dict[Any, Decided] = {}  # a deal the ruling makes void (a misdeal) -> why
        # a deal -> the book's silence on an act that took a player out of it
        gone: dict[Any, Silence] = {}
        for found in _ordered(self.r):
            if _quiet(found) or (only is not None and id(found) not in only):
                continue
            end = ended.get(found.facts.get("deal", 1))
            if end is not None and found.step > end.finding.step:
                self.trace.append(_deal_void(found, end))
                continue
            out = gone.get(found.facts.get("deal", 1))
            if out is not None and FINDINGS[found.kind].outcome:
                silences.append(_turns_on_one_gone(self, found, out))
                continue
            turn = self.in_turn(found, decisions)
            if turn is None:
                continue
            for f, account in on_each_account(found, accounts, settled):
                act = (f.step, f.player, tuple(sorted(account.items())))
                if f.player is not None and act in voided:
                    self.trace.append(_another_ground(self, f, voided[act], turn))
                    continue
                provs = self.provisions_for(f)
                facts = {**self.table.of(f), **turn}
                made, silent_branches = self.decide_all(f, facts, provs)
                if _barred(self.trace, f, act, made, silent_branches, voided):
                    continue
                for d in made:
                    d.condition = {**account, **d.condition}
                    if _ends_deal(d):
                        ended.setdefault(f.facts.get("deal", 1), d)
                decisions += made
                if not made:
                    silences.append(self.silence(f, provs, facts, account or None))
                    if not account and _took_out(self.r, f):
                        gone.setdefault(f.facts.get("deal", 1), silences[-1])
                else:  # a possibility the book rules on only one way: say it is silent on it
                    silences += [self.silence(f, provs, {**facts, **cond}, {**account, **cond})
                                 for cond in silent_branches]
        silences += what_follows(self.r, self.book, decisions, silences)
        _forfeit_once(decisions)
        referee, referee_cites = self.fact_referee(decisions)
        cited: list[str] = []
        said: list[Decided | Silence] = [*decisions, *silences]
        for x in said:
            cited += [c for c in x.cites if c not in cited]
        for d in decisions:  # the laws of the other readings, after the decisions' own
            cited += [c for rd in d.readings for c in rd.cites if c not in cited]
        cited += [c for c in referee_cites if c not in cited]
        assumes = self.assumptions.unattached([x.assumes for x in said])
        return Ruling(self.book, self.r, decisions, silences, self.trace,
                      [_citation(self.book, c) for c in cited], referee, assumes)

    def in_turn(self, f: Finding, decided: list[Decided]) -> dict[str, Any] | None:
        """For a finding that an act came before another player's turn (its kind's
        ``in_turn_among``): whose turn it was among the players still in the game by the
        decisions made so far (a player they put out, though the table had not seen it, is
        none of them). The fact to set, if it differs from the table's; None where the act
        was no act out of turn once they are left out (the trace says why)."""
        spec = FINDINGS[f.kind].in_turn_among
        if spec is None:
            return {}
        now = f.facts.get("deal", 1)
        out: dict[str, Decided] = {}
        for d in decided:
            g = d.finding
            effect = FINDINGS[g.kind].effects.get(str(d.decision)) or EFFECTS.get(d.decision)
            if (g.player and not d.condition and g.step <= f.step and g.facts.get("deal", 1) == now
                    and effect in ("retire", "retire_when_found")):
                out.setdefault(g.player, d)
        expected, order = spec
        still = [n for n in f.facts.get(order) or [] if n not in out]
        if f.player in out or (still and still[0] == f.player):
            who = str(f.player if f.player in out else f.facts.get(expected))
            by = out[who]
            self.trace.append(TraceEntry(
                f, by.provision, "not ruled", {},
                f"{who} was out of the game by the ruling on step {by.finding.step} "
                f"({by.finding.kind}), and those who are out are not among the players in "
                f"turn: {f.player}'s act was in turn among the rest"))
            return None
        if still and still[0] != f.facts.get(expected):
            return {expected: still[0]}
        return {}

    def provisions_for(self, f: Finding) -> list[dict[str, Any]]:
        """The provisions on the finding's kind, and where the table's agreement covers it
        the book's provisions on a waived rule: beside them where it was waived on an earlier
        occasion only, instead of them where it is waived now. A book that says nothing of
        a rule waived by the table is silent on the act the table agreed to: the rule it set
        aside does not decide it (the readers of Foster find the players' altering the limit
        not in the pinned text, rather than ruled by the limit they set aside)."""
        own = self.by_kind.get(str(f.kind), [])
        facts = f.facts
        if not any(facts.get(k) for k in ("waived", "waived_before_play", "waived_earlier")):
            return own
        waiver = self.by_kind.get(str(Kind.RULE_WAIVED), [])
        return waiver if facts.get("waived") else [*own, *waiver]

    def settled_accounts(self) -> dict[str | None, tuple[str, Any]]:
        """By player, the account of his demand that the book's evidence makes conclusive
        (Peel 46: the evidence of the person on the dealer's left, failing him ...), with
        the witness who gave it. A fact so settled is no longer a question of fact."""
        return {k: v[:2] for k, v in self.evidence_heard().items()}

    def evidence_heard(self) -> dict[str | None, tuple[str, Any, dict[str, Any]]]:
        """By player, the witness whose evidence settles his demand, the account, and the
        provision whose law of evidence makes it conclusive (worked out once)."""
        if self._heard is not None:
            return self._heard
        out: dict[str | None, tuple[str, Any, dict[str, Any]]] = {}
        for f in self.r.findings:
            for p in self.by_kind.get(str(f.kind), []):
                if "evidence" not in p or f.player in out:
                    continue
                if match(p.get("when", {}), self.table.of(f)).result is not True:
                    continue
                heard = self.procedures.heard(f, p)
                if heard:
                    out[f.player] = (heard[0], heard[2], p)
        self._heard = out
        return out

    def fact_referee(self, decisions: list[Decided]) -> tuple[str | None, list[str]]:
        """Who settles the first fact the events left open, if the book names one."""
        open_facts = [d for d in decisions if d.condition]
        q = self.book.questions_of_fact
        if not open_facts or not q:
            return None, []
        first = open_facts[0]
        spec = {"referee": q["referee"], "referee_says": q.get("says")}
        values: dict[str, Any] = {"facts": ", ".join(sorted(first.condition))}
        return (self.procedures.settled_by(first.finding, spec, values),
                [_ref(self.book, c) for c in q["cites"]])

    def decide_all(self, f: Finding, facts: dict[str, Any], provs: list[dict[str, Any]],
                   ) -> tuple[list[Decided], list[dict[str, Any]]]:
        """The book's provisions on the finding's kind; where none applies and the kind is a
        choice made at the say (its ``tried_by``), the book's general law of the turn it was
        made in, before the book is found silent on it."""
        made, silent = self.decide(f, facts, provs)
        general = FINDINGS[f.kind].tried_by
        law = self.by_kind.get(str(general), []) if general is not None and not made else []
        if not law:
            return made, silent
        tried = self.decide(f, {**facts, "found": str(f.kind)}, law)
        return tried if tried[0] else (made, silent)

    def decide(self, f: Finding, facts: dict[str, Any], provs: list[dict[str, Any]],
               ) -> tuple[list[Decided], list[dict[str, Any]]]:
        matches = {p["id"]: match(p.get("when", {}), facts) for p in provs}
        # Only a yes-or-no fact this kind carries can be ruled on both ways, and only
        # where every provision tests it as one; any other unknown fact leaves the
        # provisions that need it unapplied (the trace names the fact).
        types = facts_of(f.kind)
        unknown = sorted({u for m in matches.values() if m.result is None for u in m.unknown
                          if types.get(u) == "bool" and all(
                              isinstance(p.get("when", {}).get(u, True), bool) for p in provs)})
        if not unknown:
            return self.apply(f, facts, provs, matches, {}), []
        out: list[Decided] = []
        silent: list[dict[str, Any]] = []
        for values in itertools.product([True, False], repeat=len(unknown)):
            cond = dict(zip(unknown, values, strict=True))
            f2 = dict(facts, **cond)
            m2 = {p["id"]: match(p.get("when", {}), f2) for p in provs}
            branch = self.apply(f, f2, provs, m2, cond)
            out += branch
            if not branch:
                silent.append(cond)
        return out, silent

    def apply(self, f: Finding, facts: dict[str, Any], provs: list[dict[str, Any]],
              matches: dict[str, Match], cond: dict[str, Any]) -> list[Decided]:
        applying = [p for p in provs if matches[p["id"]].result is True]
        overridden = {x for p in applying for x in p.get("exception_to", [])}
        for p in provs:
            self.trace.append(_traced(f, p, matches[p["id"]], applying, overridden, cond))
        points: dict[str, list[dict[str, Any]]] = {}
        for p in applying:
            if p["id"] not in overridden:
                points.setdefault(p.get("point", p["finding"]), []).append(p)
        out = []
        # The law in dispute first: a general law (the show) comes after it, not instead.
        for group in sorted(points.values(), key=lambda g: bool(g[0].get("general"))):
            _agree(f, group)
            out += [self.decided(f, facts, p, cond) for p in group]
        return out

    def decided(self, f: Finding, facts: dict[str, Any], p: dict[str, Any],
                cond: dict[str, Any]) -> Decided:
        values = dict(facts)
        penalties = self.procedures.penalties(f, p.get("penalty", {}), values)
        settled = self.procedures.settled_by(f, p, values)
        referee = values.get("referee") if "referee" in p and settled else None
        heard = self.evidence_heard().get(f.player) if referee else None
        if heard is not None and heard[0] != referee:
            # The fact is settled by the law of evidence: the referee takes that evidence as
            # deciding the matter, and does not decide the fact over again (Peel 46, 77).
            taken = heard[2]["evidence"].get("taken_by_referee")
            if taken:
                settled = str(settled) + fill(taken, {**values, "witness": heard[0],
                                                      "account": heard[1]})
        void = Decision(p["decision"]) in VOIDS
        undoes = (p.get("undoes") or void_undoes()) if void else None
        assumes = self.assumptions.of(f, p)
        if undoes == Undoes.TURN and not say_kept(self.r.case.events, f.step):
            undoes = str(Undoes.COUNTERS)  # the others played on: the say as they played it
            assumes.append(played_on(self.book))
        return Decided(
            finding=f,
            provision=p["id"],
            decision=Decision(p["decision"]),
            says=fill(p.get("says", p["decision"].replace("_", " ")), values),
            remedy=fill(p["remedy"], values) if p.get("remedy") else None,
            penalties=penalties,
            settled_by=settled,
            cites=[_ref(self.book, c) for c in p["cites"]],
            condition=cond,
            assumes=assumes,
            undoes=undoes,
            undoes_assumed=void and (not p.get("undoes") or undoes != p.get("undoes")),
            witness=values.get("witness_heard") or values.get("witness")
            if "evidence" in p else None,
            referee=referee,
            readings=readings_of(self.book, p, values),
        )

    def nearest(self, provs: list[dict[str, Any]], facts: dict[str, Any]) -> list[str]:
        """The laws nearest a point the book does not decide: those of its provisions on
        the finding's kind that bear on this point, nearest first (set aside on the fewest
        of their conditions, then holding on the most). A provision bears on it unless it
        was set aside on another act than the one found (``act``), or, holding on none of
        its conditions, on a circumstance it requires that is absent here (a yes-or-no fact
        it requires, which is no: a foul hand that voids a bet, money borrowed to raise):
        that provision is on that act or that circumstance, not on this point, and its laws
        are beside it (Foster CH4c, a foul hand, is no law on a bet taken back, nor on who
        wins a show of sound hands). One set aside only on when it happened, or on a
        measure, or that holds in part, is the same point at its edge, and near. No law is
        named for its words alone: a search by the kind's name finds laws that share a word
        with it, not a subject (Hoffmann's "rule of not showing", p. 129, for a card
        exposed in the draw; Foster CH2e, a card exposed, for a pool claimed "out of
        place")."""
        near: list[tuple[int, int, int, list[str]]] = []
        for i, p in enumerate(provs):
            when = p.get("when", {})
            m = match(when, facts)
            held = len(when) - len(m.failed) - len(m.unknown)
            if "act" in m.failed or (not held and any(
                    when[k] is True and m.tested.get(k) is False for k in m.failed)):
                continue
            near.append((len(m.failed), -held, i, [_ref(self.book, c) for c in p["cites"]]))
        out: list[str] = []
        for *_, refs in sorted(near, key=lambda x: x[:3]):
            out += [c for c in refs if c not in out]
        return out[:3]

    def silence(self, f: Finding, provs: list[dict[str, Any]], facts: dict[str, Any],
                cond: dict[str, Any] | None = None) -> Silence:
        book = self.book
        near = self.nearest(provs, facts)
        name = book.name
        if book.extract:
            says = (f"This point is not in the pinned text of {book.pinned_name}: {name}'s "
                    "ruling on it is unknown, not silent.")
        else:
            says = f"{name} is silent on this point."
        catch = book.catch_all
        cites = list(catch.get("cites", [])) if catch else []
        return Silence(f, bool(book.extract), says, list(near),
                       catch.get("says") if catch else None,
                       [_ref(book, c) for c in cites] + list(near), cond or {},
                       self.assumptions.of(f, None))


def _took_out(r: Replay, f: Finding) -> bool:
    """Whether the act of the finding took its player out of the show: he was in when
    the betting had closed and the hands were to be shown, and is not after it (a
    throwing in at the show)."""
    p = f.player
    if p is None or p not in r.seats or not 0 < f.step < len(r.steps):
        return False
    i = r.seats.index(p)
    before, after = r.steps[f.step - 1], r.steps[f.step]
    return (before.phase == after.phase == "the show" and before.statuses[i] == "in"
            and after.statuses[i] != "in")


def _turns_on_one_gone(judge: _Judge, f: Finding, out: Silence) -> Silence:
    """The show, where a player in it when the betting closed went out of it by an act
    the book does not rule on: who is left to take the pool turns on what became of
    that act, so the book is silent on it too, not the table as the act left it ruled
    on as the book's (Foster, k-18: a throw-in at the show, and then "the only player
    left holding a hand"; set K, judged K2)."""
    g, book = out.finding, judge.book
    provs = judge.provisions_for(f)
    facts = judge.table.of(f)
    said = judge.silence(f, provs, facts)
    head = (f"not in the pinned text of {book.pinned_name}" if book.extract else
            f"what {book.name} is silent on")
    said.says = (f"How the deal ends turns on what became of {g.player}'s act at step "
                 f"{g.step} ({g.message}), which is {head}: who is left to take the "
                 "pool is not settled either.")
    said.turns_on = g
    judge.trace.append(TraceEntry(f, "", "not ruled", {},
                                 f"{g.player} went out at step {g.step} by an act the "
                                 "book does not rule on"))
    return said


def _another_ground(j: _Judge, f: Finding, void: Decided,
                    turn: dict[str, Any]) -> TraceEntry:
    """A finding in an act already voided on another: the act is not undone twice, but
    where the book rules this ground too against the act, on every reading, the ground
    is said in the decision on the act, with its laws (set K, k-05, judged M3: D's
    straddle ruled only as made after the deal, a reading the readers leave open, and
    not also as 4 where 3 was due, Peel 21, which they give whatever the timing).
    The trace's entry on it."""
    kept = len(j.trace)
    made, silent = j.decide_all(f, {**j.table.of(f), **turn}, j.provisions_for(f))
    del j.trace[kept:]  # ruled only as a ground of the decision on the act
    barring = [d for d in made if not d.condition and not PERMITS.get(d.decision)]
    if silent or not made or len(barring) != len(made):
        return _not_ruled(f, void)
    for d in barring:
        void.says = f"{void.says.rstrip('. ')}; and on another ground: {d.says}"
        void.cites += [c for c in d.cites if c not in void.cites]
    return _not_ruled(f, void, ground=True)


def what_follows(r: Replay, book: Rulebook, decided: list[Decided],
                 silent: list[Silence]) -> list[Silence]:
    """A silence on what follows each act the book rules out of its order without a
    consequence (``UNSAID_EFFECT``), where a later act of the same player turns on what
    became of it (``fate_of_earlier``: a bet taken back): the book gives the order, not the
    act's fate, and the ruling says it is silent on that, the table going on by the
    engine's stated assumption, rather than file the silence as part of a decision."""
    out: list[Silence] = []
    said = {id(s.finding) for s in silent}
    asking = _asked_undoing(r.case)
    for d in decided:
        f = d.finding
        if d.decision not in UNSAID_EFFECT or d.condition or id(f) in said:
            continue
        if not any(FINDINGS[g.kind].fate_of_earlier and g.player == f.player
                   and g.step > f.step for g in r.findings) and f.player not in asking:
            continue
        said.add(id(f))
        out.append(_silent_on_what_follows(book, f, list(d.cites)))
    return out


def _silent_on_what_follows(book: Rulebook, f: Finding, near: list[str]) -> Silence:
    """The book's silence on what becomes of the act of ``f`` once done out of its order:
    the laws nearest it are those of the order it broke (``near``)."""
    if book.extract:
        says = (f"What becomes of the act once done out of its order is not in the pinned "
                f"text of {book.pinned_name}: {book.name}'s ruling on it is unknown, not "
                "silent.")
    else:
        says = f"{book.name} is silent on what becomes of the act once done out of its order."
    catch = book.catch_all
    cites = [_ref(book, c) for c in (catch.get("cites", []) if catch else [])]
    return Silence(f, bool(book.extract), says, near, catch.get("says") if catch else None,
                   cites + near, {},
                   [_fill_book(engine_defaults()["out_of_order"]["assumes"], book)])


def _fill_book(text: str, book: Rulebook) -> str:
    return text.replace("{book}", voice(book))


def _asked_undoing(case: Case) -> set[str | None]:
    """The players the dispute asks whether they may undo an earlier act of theirs
    (``undoes_earlier``: "may B take back his bet"), after the last of the events."""
    d = case.dispute
    asks = [a for a in ([d.asks] if d and d.asks else []) + list(d.more_asks if d else ())]
    return {a.player for a in asks if a.kind == Question.MAY and a.act is not None
            and ACTS[a.act.act].undoes_earlier}


def _ends_deal(d: Decided) -> bool:
    """Whether the decision, made on every reading, makes its deal void (a misdeal, a new
    deal: ``EFFECTS``)."""
    f = d.finding
    effect = FINDINGS[f.kind].effects.get(str(d.decision)) or EFFECTS.get(d.decision)
    return not d.condition and bool(effect) and str(effect).startswith("deal_ends")


def _deal_void(f: Finding, end: Decided) -> TraceEntry:
    """A finding later in a deal the ruling has made void: the book's law on it holds only
    while the deal stands (Peel 11's exposed card, beside 10's misdeal), so it is not
    ruled."""
    return TraceEntry(f, end.provision, "not ruled", {},
                      f"the deal does not stand ({end.provision} on {end.finding.kind}, step "
                      f"{end.finding.step}): what happened later in it is not ruled")


def _barred(trace: list[TraceEntry], f: Finding, act: tuple[Any, ...], made: list[Decided],
            branches: list[dict[str, Any]], against: dict[tuple[Any, ...], Decided]) -> bool:
    """Whether ``made`` would rule an act to stand that an earlier finding of the same act
    ruled against with its fate unsaid (``UNSAID_EFFECT``): that would settle what the book
    left open, and it is not ruled (traced). Else the act's fate is noted in ``against``
    for the findings after: voided on every possibility the events leave open (the act is
    gone), or ruled against with its fate unsaid (under a key of its own: not voided)."""
    key = (*act, Decision.OUT_OF_ORDER)
    if f.player is not None and made and key in against and all(
            d.decision == Decision.ACTION_STANDS for d in made):
        trace.append(_not_ruled(f, against[key]))
        return True
    void = [d for d in made if d.decision in VOIDS]
    if void and not branches and all(d.decision in VOIDS for d in made):
        against[act] = void[0]
    if f.player is not None and made and not branches and all(
            d.decision in UNSAID_EFFECT for d in made):
        against.setdefault(key, made[0])
    return False


def _not_ruled(f: Finding, void: Decided, ground: bool = False) -> TraceEntry:
    """A finding in an act already voided: not ruled on a second time (``ground``: its
    ruling is said in that decision, as another ground)."""
    return TraceEntry(f, void.provision, "not ruled", {},
                      f"the act at step {f.step} does not stand ({void.provision} on "
                      f"{void.finding.kind}), so it is not ruled on again"
                      + ("; the book's ruling on it is said there, as another ground"
                         if ground else ""))


def _traced(f: Finding, p: dict[str, Any], m: Match, applying: list[dict[str, Any]],
            overridden: set[str], cond: dict[str, Any]) -> TraceEntry:
    if m.result is True and p["id"] in overridden:
        by = [q["id"] for q in applying if p["id"] in q.get("exception_to", [])]
        return TraceEntry(f, p["id"], "overridden", m.tested,
                          f"an exception applies: {', '.join(by)}")
    if m.result is True:
        return TraceEntry(f, p["id"], "applied", m.tested,
                          "every condition holds" + _cond_text(cond))
    if m.result is False:
        return TraceEntry(f, p["id"], "set aside", m.tested, "does not hold: " + ", ".join(
            f"{k} is {_said(m.tested[k])}" for k in m.failed))
    return TraceEntry(f, p["id"], "unknown", m.tested,
                      "not settled by the events: " + ", ".join(m.unknown))


def _agree(f: Finding, group: list[dict[str, Any]]) -> None:
    """Provisions on one point that both apply must decide alike."""
    a = group[0]
    b = next((q for q in group if q["decision"] != a["decision"]), None)
    if b is not None:
        raise RulebookConflict(
            f"{a['file']}:{a.get('line')}: provisions {a['id']!r} and {b['id']!r} "
            f"({b['file']}:{b.get('line')}) both apply to step {f.step} ({f.kind}) and "
            f"decide it differently ({a['decision']} / {b['decision']}); declare which "
            "is the exception with 'exception_to'")


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


def _said(v: Any) -> str:
    return {None: "unknown", True: "yes", False: "no"}.get(v, str(v)) if not isinstance(
        v, (dict, list)) else str(v)


def _cond_text(cond: dict[str, Any]) -> str:
    return "" if not cond else " (if " + ", ".join(
        f"{k} is {_said(v)}" for k, v in cond.items()) + ")"


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
