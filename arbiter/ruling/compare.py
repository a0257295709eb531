"""One case ruled under several books, side by side: a row per book, and which cells part.

Built only on the public ruling: each book's decisions, silences and citations. A cell is
*marked* when its book parts from the others on that column: from the value most books
share, or, when no two books share one, every cell. The decision column is compared on
substance (which finding, whose, decided how, on which condition), not on wording; the
payments on who pays whom how much; the remedy on its words. Laws are each book's own and
are never marked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from msgspec import Struct, field

from ..errors import ArbiterError
from ..law.laws import Rulebook
from ..table.cases import Case
from ..table.place import began, place
from ..terms.words import condition_words
from ..terms.words import sentence as _sentence
from .judge import Ruling, judge

# What the books are compared on: the decision, who pays, and the answer to the question.
_SUBSTANCE = ("decision", "pays", "answer")
COLUMNS = ("answer", "decision", "remedy", "pays", "laws")
HEADINGS = {"answer": "Answer", "decision": "Decision", "remedy": "Remedy or penalty",
            "pays": "Who takes or pays", "laws": "Laws cited"}
NOT_PINNED = "not in the pinned text"


class Row(Struct):
    """What one book rules on the case, cell by cell."""

    book: str
    name: str
    status: str  # decides | silent | not in the pinned text | nothing to rule | error
    cells: dict[str, list[str]]
    keys: dict[str, tuple[Any, ...]]
    short: str  # one short decision, for the matrix
    answered: bool = False  # the case asks a question, and the book does not fall silent

    def to_dict(self, marked: set[str]) -> dict[str, Any]:
        return {"rulebook": self.book, "name": self.name, "status": self.status,
                **{c: self.cells[c] for c in COLUMNS}, "short": self.short,
                "differs": sorted(c for c in COLUMNS if c in marked)}


class Comparison(Struct):
    file: str
    title: str
    question: str | None
    rows: list[Row]
    marks: dict[str, set[str]] = field(default_factory=dict)  # column -> books marked

    @property
    def agree(self) -> bool:
        """The books decide the case alike: no mark on the decision, on who pays, or on the
        answer to the case's question (a case that only asks parts where the answers do)."""
        return not any(self.marks.get(c) for c in _SUBSTANCE)

    @property
    def disagree(self) -> bool:
        """Two or more books rule on the case, or answer its question, and do so
        differently (silence apart)."""
        ruling = [r for r in self.rows if r.status == "decides" or r.answered]
        return len({(r.keys["decision"], r.keys["pays"],
                     r.keys["answer"] if r.answered else ()) for r in ruling}) > 1

    def parting(self) -> set[str]:
        """The books that part from the others on the decision, on who pays, or on the
        answer."""
        return set().union(*(self.marks.get(c, set()) for c in _SUBSTANCE))

    def marked(self, book: str) -> set[str]:
        return {c for c, books in self.marks.items() if book in books}

    def to_dict(self) -> dict[str, Any]:
        return {"case": self.file, "title": self.title, "question": self.question,
                "agree": self.agree, "disagree": self.disagree,
                "rows": [r.to_dict(self.marked(r.book)) for r in self.rows]}


def compare_case(case: Case, books: Iterable[Rulebook]) -> Comparison:
    """Rule ``case`` under each book and line the rulings up."""
    rows = []
    for book in books:
        try:
            rows.append(row_of(judge(case, book)))
        except ArbiterError as exc:
            rows.append(_error_row(book, str(exc)))
    c = Comparison(case.file, case.title, case.dispute.question if case.dispute else None, rows)
    c.marks = mark(rows)
    return c


def mark(rows: list[Row]) -> dict[str, set[str]]:
    """Per column, the books whose cell parts from the value the most books share."""
    out: dict[str, set[str]] = {}
    for col in ("answer", "decision", "remedy", "pays"):
        counts = Counter(r.keys.get(col, ()) for r in rows)
        if len(counts) <= 1:
            continue
        top, n = counts.most_common(1)[0]
        shared = n > 1 and list(counts.values()).count(n) == 1
        out[col] = {r.book for r in rows if not shared or r.keys.get(col, ()) != top}
    return out


def row_of(r: Ruling) -> Row:
    book = r.rulebook
    decision: list[str] = []
    remedy: list[str] = []
    pays: list[str] = []
    items: list[tuple[int, int, str, str, str | None, list[str], tuple[Any, ...]]] = []
    for d in r.decisions:
        cond = _condition(d.condition, d.finding.player)
        items.append((began(d.finding), len(items), _words(str(d.decision)) + cond,
                      _sentence(d.says), d.remedy, [_payment(p) for p in d.penalties],
                      (str(d.finding.kind), d.finding.player, str(d.decision),
                       tuple(sorted(d.condition.items())))))
    for s in r.silences:
        tag = NOT_PINNED if s.outside_extract else "silent"
        cond = _condition(s.condition, s.finding.player)
        items.append((began(s.finding), len(items), tag + cond, _sentence(s.says),
                      f"the book's own rule for such cases: {s.catch_all}" if s.catch_all
                      else None, [],
                      (str(s.finding.kind), s.finding.player, tag,
                       tuple(sorted(s.condition.items())))))
    items.sort()
    keys_d: list[tuple[Any, ...]] = []
    keys_r: list[str] = []
    for step, _, head, says, rem, payments, key in items:
        decision.append(f"{head} ({place(r.replay, step)}): {says}")
        if rem:
            remedy.append(_sentence(rem))
            keys_r.append(" ".join(rem.lower().split()))
        pays += [p for p in payments if p not in pays]
        if key not in keys_d:
            keys_d.append(key)
    for d in r.decisions:  # a decided show: who takes the pool
        taker = _taker(d.finding.facts)
        if taker and taker not in pays:
            pays.append(taker)
    laws = [_law_label(c.cited_as or book.name, c.ref, c.label) for c in r.citations]
    nearest = [n for s in r.silences for n in s.nearest if n not in
               {c.ref for c in r.citations}]
    if nearest:
        laws.append("nearest: " + ", ".join(dict.fromkeys(nearest)))
    if not items:
        status = "nothing to rule"
        decision = ["nothing irregular: no ruling is needed"]
    elif r.decisions:
        status = "decides"
    else:
        status = NOT_PINNED if all(s.outside_extract for s in r.silences) else "silent"
    answer, answer_key = _answer(r)
    return Row(book.id, book.name, status,
               {"answer": answer, "decision": decision, "remedy": remedy, "pays": pays,
                "laws": laws},
               {"answer": answer_key, "decision": tuple(sorted(keys_d, key=repr)),
                "remedy": tuple(keys_r), "pays": tuple(sorted(pays))},
               _short(items, keys_d, pays) if items else
               f"answer: {_said(r)}" if r.answer else "no irregularity",
               answered=bool(r.answer) and not r.answer.silent)


def _answer(r: Ruling) -> tuple[list[str], tuple[Any, ...]]:
    """The book's answer to the case's question, as its ruling opens; compared on the answer
    itself (yes, no, a name, silent), not on its wording."""
    a = r.answer
    if a is None:
        return [], ()
    paras = [a.line()]
    follows = a.follows()
    if follows:
        paras.append(follows)
    word = NOT_PINNED if a.outside_extract else a.answer
    return paras, (" ".join(str(word).lower().split()),)


def _said(r: Ruling) -> str:
    """The answer's own word, for the matrix (``not pinned`` outside an extract)."""
    a = r.answer
    return "not pinned" if a is None or a.outside_extract else " ".join(str(a.answer).split())


def _error_row(book: Rulebook, message: str) -> Row:
    return Row(book.id, book.name, "error",
               {"answer": [], "decision": [f"could not rule: {message}"], "remedy": [],
                "pays": [], "laws": []},
               {"answer": (), "decision": ("error",), "remedy": (), "pays": ()},
               "could not rule")


def _short(items: list[Any], keys: list[tuple[Any, ...]], pays: list[str]) -> str:
    """``action void ×3``, ``foul hand / misdeal``, ``wins pool: D``: each decision once,
    with the number of findings it is made on, and who takes the pool."""
    counts: Counter[str] = Counter()
    seen: set[tuple[Any, ...]] = set()
    for item in items:
        if item[6] not in seen:
            seen.add(item[6])
            counts[item[2].split(" if ")[0].replace(NOT_PINNED, "not pinned")] += 1
    text = " / ".join(f"{h} ×{n}" if n > 1 else h for h, n in counts.items())
    takers = [p.split(" take")[0] for p in pays if " take" in p]
    return text + (f": {', '.join(takers)}" if takers else "")


def _taker(facts: dict[str, Any]) -> str | None:
    """``D takes the pool of 13``, from the facts of a show the book decided."""
    winners = facts.get("winners") or ([facts["winner"]] if facts.get("winner") else [])
    if not winners:
        return None
    pool = f" of {facts['pool']}" if facts.get("pool") is not None else ""
    if len(winners) == 1:
        return f"{winners[0]} takes the pool{pool}"
    return f"{' and '.join(winners)} take the pool{pool} between them"


def _words(decision: str) -> str:
    return decision.replace("_", " ")


def _condition(cond: dict[str, Any], who: str | None) -> str:
    return " if " + condition_words(cond, who) if cond else ""


def _payment(p: dict[str, Any]) -> str:
    if "forfeits" in p:
        if not p["forfeits"]:
            return f"{p['player']} has nothing in the pool to forfeit"
        return f"{p['player']} forfeits {p['forfeits']} (it stays in {p.get('to', 'the pool')})"
    return f"{p['player']} pays {p.get('pays')} to {p.get('to')}"


def _law_label(name: str, ref: str, label: str) -> str:
    return f"{name} {ref}" if ref.isdigit() else f"{name} {label}"
