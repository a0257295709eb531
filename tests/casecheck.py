"""Comparing a replay (and later a ruling) with the expectations a case carries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec.structs import replace

from arbiter import Library
from arbiter.table.cases import Case
from arbiter.table.replay import Replay
from arbiter.terms.vocabulary import FINDINGS, Question

OUTCOME_KINDS = {kind for kind, spec in FINDINGS.items() if spec.outcome}

ROOT = Path(__file__).resolve().parent.parent


# Provisions whose case waits in tests/readings/pending/ for the lead to encode its events
# with the act the provision rules (the case's file, and what its events lack): the tests
# that want every provision applied by a case in cases/ pass over them, and fail once a
# case there applies one, so that it comes off this list.
AWAITING_PENDING: dict[str, tuple[str, str]] = {
    "peel-54-turn-gone-by": (
        "w01-silent-then-raises-late.yaml",
        "B's silence after A's bet, written as a comment, not as `B lets his turn to bet go "
        "by`"),
}


def tried(case: Case) -> list[Case]:
    """The case with each act a ``may`` question asks of done after its events, as the
    answer tries it (ruling/answers.py): a provision that rules an act only a case's pinned
    question puts (Peel 36 on a raise once the say has closed, k09) is applied by it."""
    d = case.dispute
    asks = [] if d is None or d.asks is None else [d.asks, *d.more_asks]
    return [replace(case, events=(*case.events, replace(a.act, line=None, column=None)))
            for a in asks if a.kind == Question.MAY and a.act is not None]


def published_books() -> list[str]:
    """The published codes the library holds, by id (rulebooks/*.yaml that extend no other
    book; with ARBITER_TEST_RULEBOOKS, that directory's too: see conftest.py). Every test
    that means "each book" takes them from here, so a fourth rulebook dropped into
    rulebooks/ is run by those tests with no test edit."""
    lib = Library()
    return [b for b in lib.ids() if not lib.get(b).extends]


BOOKS = published_books()
# The shipped example house books (rulebooks/examples): a case may carry an expected ruling
# under one of them by its id, and a provision of a shipped book that applies only under a
# parameter a house book sets (Hoffmann's straddle, recognised) is exercised there.
EXAMPLES = ROOT / "rulebooks" / "examples"


def library() -> Library:
    """The shipped books and the example house books built on them."""
    return Library([EXAMPLES])


def house_books() -> dict[str, str]:
    """Each example house book's id -> the shipped book it extends."""
    lib = library()
    out = {}
    for book_id, path in lib.files().items():
        if Path(path).resolve().parent == EXAMPLES.resolve():
            parent = lib.get(book_id).extends
            if parent in BOOKS:
                out[book_id] = parent
    return out


def expected_books(expect: dict[str, Any]) -> list[str]:
    """The books a case's ``expect:`` names: ``all`` is every shipped book (not the house
    books, which differ from their parents by design)."""
    houses = house_books()
    out: list[str] = []
    for key in expect:
        if key == "all":
            out += BOOKS
        elif key in BOOKS or key in houses:
            out.append(key)
    return out


def irregularities(r: Replay) -> list[dict[str, Any]]:
    return [
        {"kind": str(f.kind), "step": f.step, "player": f.player}
        for f in r.findings
        if f.kind not in OUTCOME_KINDS
    ]


def replay_differences(r: Replay, expect: dict[str, Any]) -> list[str]:
    """Every way the replay differs from ``expect``; empty when it agrees."""
    diffs = []
    for key, got in (("dealer", r.dealer), ("jackpot", r.facts.get("jackpot")),
                     ("deal", r.facts.get("deal"))):  # the deal the sitting has reached
        if key in expect and got != expect[key]:
            diffs.append(f"{key}: expected {expect[key]!r}, replay has {got!r}")
    if "pool" in expect and r.final.pool != expect["pool"]:
        diffs.append(f"pool: expected {expect['pool']}, replay has {r.final.pool}")
    for who, stake in expect.get("stakes", {}).items():
        if r.stake(who) != stake:
            diffs.append(f"{who}'s stake: expected {stake}, replay has {r.stake(who)}")
    for who, status in expect.get("statuses", {}).items():
        if r.status(who) != status:
            diffs.append(f"{who}'s status: expected {status}, replay has {r.status(who)}")
    for key, value in expect.get("outcome", {}).items():
        if r.outcome.get(key) != value:
            diffs.append(f"outcome {key}: expected {value!r}, replay has {r.outcome.get(key)!r}")
    for want in expect.get("steps", []):
        step = r.steps[want["step"]]
        if "pool" in want and step.pool != want["pool"]:
            diffs.append(f"step {want['step']} pool: expected {want['pool']}, got {step.pool}")
        for who, stake in want.get("stakes", {}).items():
            got = step.stakes[r.seats.index(who)]
            if got != stake:
                diffs.append(f"step {want['step']} {who}'s stake: expected {stake}, got {got}")
        if "turn" in want and step.turn != want["turn"]:
            diffs.append(f"step {want['step']} turn: expected {want['turn']}, got {step.turn}")
    for key, after in (("no_finding_at", False), ("no_finding_after", True)):
        rules = expect.get(key, [])
        for rule in [rules] if isinstance(rules, dict) else rules:
            hit = [f for f in r.findings if str(f.kind) == rule["kind"]
                   and (f.step > rule["step"] if after else f.step == rule["step"])]
            if hit:
                diffs.append(f"{key} {rule}: the replay has {[(f.step, f.player) for f in hit]}")
    got = irregularities(r)
    wanted = [
        {"kind": f["kind"], "step": f["step"], "player": f.get("player")}
        for f in expect.get("findings", [])
    ]
    if "findings_include" in expect:  # these at least; the rest left open (two readings)
        diffs += [f"missing finding {w}; the replay has {got}"
                  for w in expect["findings_include"]
                  if {k: w.get(k) for k in ("kind", "step", "player")} not in got]
    else:
        diffs += _both_ways(wanted, got, "finding")
    for f in [*expect.get("findings", []), *expect.get("findings_include", [])]:
        for fact, value in f.get("facts", {}).items():
            match = [x for x in r.findings if str(x.kind) == f["kind"] and x.step == f["step"]
                     and x.player == f.get("player")]
            if match and match[0].facts.get(fact) != value:
                diffs.append(
                    f"finding {f['kind']} at step {f['step']}: fact {fact} expected {value!r}, "
                    f"got {match[0].facts.get(fact)!r}"
                )
    return diffs


def answer_differences(ruling: Any, expect: dict[str, Any], got: Any = None) -> list[str]:
    """Every way the ruling's answer to the case's question differs from ``expect``
    (``answer:``: the answer, the laws it must cite, whether the book is silent)."""
    got = ruling.answer if got is None else got
    if got is None:
        return ["the case asks no question the ruling answers"]
    diffs = []
    if got.form == "what_may":  # a list of acts: the order is not the law's
        same = (sorted(got.answer.lower().split(", "))
                == sorted(str(expect.get("answer", "")).lower().split(", ")))
    else:
        same = got.answer.lower() == str(expect.get("answer", "")).lower()
    if "answer" in expect and not same:
        diffs.append(f"answer: expected {expect['answer']!r}, got {got.answer!r} "
                     f"({got.because})")
    refs = [str(c) for c in expect.get("cites", [])]
    if not all(r in got.cites for r in refs):
        diffs.append(f"answer: expected to cite {refs}, cites {got.cites}")
    if "silent" in expect and got.silent != expect["silent"]:
        diffs.append(f"answer: silent expected {expect['silent']}, got {got.silent}")
    return diffs


def ruling_differences(ruling: Any, expect: dict[str, Any]) -> list[str]:
    """Every way a ruling differs from ``expect`` (the ``ruling:`` block of a case)."""
    diffs = answer_differences(ruling, expect["answer"]) if "answer" in expect else []
    if "answers" in expect:  # several questions, each answered in turn
        if len(ruling.answers) != len(expect["answers"]):
            diffs.append(f"expected {len(expect['answers'])} answers, got {len(ruling.answers)}")
        for i, (want, have) in enumerate(zip(expect["answers"], ruling.answers, strict=False)):
            diffs += [f"answers[{i}]: {d}" for d in answer_differences(ruling, want, have)]
    got = [
        {"finding": str(d.finding.kind), "decision": str(d.decision),
         **({"if": d.condition} if d.condition else {})}
        for d in ruling.decisions
    ]
    want = [
        {"finding": w["finding"], "decision": w["decision"],
         **({"if": w["if"]} if "if" in w else {})}
        for w in expect.get("decisions", [])
    ]
    if "decisions" in expect:  # a case that expects only an answer leaves the rest open
        diffs += _both_ways(want, got, "decision")
    for w in expect.get("decisions", []):
        if "cites" not in w:
            continue
        cited = [d.cites for d in ruling.decisions
                 if str(d.finding.kind) == w["finding"] and str(d.decision) == w["decision"]]
        refs = [str(c) for c in w["cites"]]
        if cited and not any(all(r in c for r in refs) for c in cited):
            diffs.append(f"{w['finding']}/{w['decision']}: expected to cite {refs}, cites {cited}")
    made = [(str(d.finding.kind), str(d.decision), d.cites) for d in ruling.decisions]
    for w in expect.get("decides", []):  # these decisions at least (the rest left open)
        if not any(k == w["finding"] and dec == w["decision"]
                   and all(str(c) in cites for c in w.get("cites", [])) for k, dec, cites in made):
            diffs.append(f"missing decision {w}; the ruling has {made}")
    for w in expect.get("never_decides", []):  # a decision no reading of the law makes
        bad = [m for m in made if all(v == {"finding": m[0], "decision": m[1]}[k]
                                      for k, v in w.items())]
        if bad:
            diffs.append(f"decision {w} must not be made; the ruling has {bad}")
    diffs += citation_differences([c.ref for c in ruling.citations], expect)
    silent = sorted(str(s.finding.kind) for s in ruling.silences)
    for kind in expect.get("silent_on", []):  # silent on these at least
        if kind not in silent:
            diffs.append(f"expected the ruling to be silent on {kind}; silent on {silent}")
    if "silent" in expect and silent != sorted(expect["silent"]):
        diffs.append(f"silent on {silent}, expected {sorted(expect['silent'])}")
    if "outside_extract" in expect:
        flags = {s.outside_extract for s in ruling.silences}
        if flags != {expect["outside_extract"]}:
            diffs.append(f"outside_extract: expected {expect['outside_extract']}, got {flags}")
    pens = [p for d in ruling.decisions for p in d.penalties]
    for p in expect.get("penalties", []):
        if p not in pens:
            diffs.append(f"missing penalty {p}; the ruling has {pens}")
    if "says" in expect or "never_says" in expect:
        from arbiter.render.ruling import ruling_text

        # What the ruling itself says: not the question asked, nor the laws it quotes.
        printed = ruling_text(ruling).split("\nTHE LAW")[0]
        printed = printed[printed.find("What happened"):] if "What happened" in printed else ""
        printed = " ".join(printed.split())
        for text in expect.get("says", []):
            if text not in printed:
                diffs.append(f"the ruling does not say {text!r}")
        for text in expect.get("never_says", []):
            if text in printed:
                diffs.append(f"the ruling says {text!r}, which it must not")
    for text in expect.get("settled_by", []):
        if not any(d.settled_by and text in d.settled_by for d in ruling.decisions):
            diffs.append(f"no decision is settled by {text!r}")
    return diffs


def citation_differences(quoted: list[str], expect: dict[str, Any]) -> list[str]:
    """The laws the ruling quotes, in its order, against ``cites_first`` (the law in
    dispute comes first), ``cites_all`` (each is quoted) and ``never_cites`` (none is)."""
    diffs = []
    first = [str(c) for c in expect.get("cites_first", [])]
    if first and quoted[:len(first)] != first:
        diffs.append(f"the ruling should quote {first} first; it quotes {quoted}")
    missing = [str(c) for c in expect.get("cites_all", []) if str(c) not in quoted]
    if missing:
        diffs.append(f"the ruling does not quote {missing}; it quotes {quoted}")
    extra = [str(c) for c in expect.get("never_cites", []) if str(c) in quoted]
    if extra:
        diffs.append(f"the ruling quotes {extra}, which the shown hands do not need; it "
                     f"quotes {quoted}")
    return diffs


def _both_ways(wanted: list[Any], got: list[Any], noun: str) -> list[str]:
    """What was expected and is missing, and what is there and was not expected, counted:
    a decision made twice where the case expects it once is a difference too."""
    out = [f"missing {noun} {w}; the replay or ruling has {got}" for w in wanted if w not in got]
    out += [f"unexpected {noun} {g}" for g in got if g not in wanted]
    for item in [x for i, x in enumerate(wanted + got) if x not in (wanted + got)[:i]]:
        if item in wanted and item in got and wanted.count(item) != got.count(item):
            out.append(f"{noun} {item}: expected {wanted.count(item)} times, "
                       f"made {got.count(item)} times")
    return out
