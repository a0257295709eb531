"""A ruling for the table: text, Markdown, or JSON with stable keys."""

from __future__ import annotations

from typing import Any

from ..ruling.judge import Citation, Decided, Ruling, Silence
from ..table.place import where
from ..terms.findings import Finding
from ..terms.words import condition_words, penalty_words, run_on
from ..terms.words import sentence as _sentence
from .laws import WIDTH, wrap
from .width import columns


def _cite_line(c: Citation, book_name: str) -> str:
    pages = f", {'pp.' if c.pages and '–' in c.pages else 'p.'} {c.pages}" if c.pages else ""
    head = f" — {c.heading}" if c.heading else ""
    if c.ref.isdigit():
        return f"{book_name}, law {c.ref}{head}{pages}"
    return f"{book_name}, {c.label}{head}{pages if not c.page else ''}"


def _when(d: Decided) -> str:
    return _when_text(d.condition, d.finding.player)


def _when_text(condition: dict[str, Any], who: str | None) -> str:
    return "If " + condition_words(condition, who) + ": " if condition else ""


_NUMBER = {2: "two", 3: "three", 4: "four"}


def readings_text(readings: list[Any], name: str, refs: dict[str, Citation]) -> str:
    """Every reading the text admits of the point, each on its doubtful words as the law
    has them, with what follows on it: "The text reads two ways. (a) On "...", law 21:
    ...; (b) ..."."""
    parts = []
    for i, r in enumerate(readings):
        laws = ", ".join(_short(name, c, refs) for c in r.cites)
        parts.append(f"({chr(97 + i)}) on \u201c{r.words}\u201d ({laws}), {r.gives.rstrip('. ')}")
    n = len(readings)
    return f"The text reads {_NUMBER.get(n, str(n))} ways: " + "; ".join(parts) + "."


def _decision_lines(d: Decided, name: str, refs: dict[str, Citation],
                    names: tuple[str, ...] = ()) -> list[str]:
    says = _sentence(d.says)
    if d.condition:  # "If ...: it is a misdeal", but "B ...", "Carol ..." as written
        says = run_on(says, names)
    lines = [wrap(f"Decision: {_when(d)}{says}", "  ")]
    lines += [wrap(f"Assumed: {a}", "    ") for a in d.assumes]
    if d.remedy:
        lines.append(wrap(f"Remedy: {_sentence(d.remedy)}", "    "))
    if d.readings:
        lines.append(wrap(readings_text(d.readings, name, refs), "    "))
    for p in d.penalties:
        lines.append(wrap(f"Penalty: {_sentence(penalty_words(p))}", "    "))
    if d.counters:
        lines.append(wrap(f"The counters: {_sentence('; '.join(d.counters))}", "    "))
    if d.settled_by:
        lines.append(wrap(f"Settled by: {_sentence(d.settled_by)}", "    "))
    rests = ", ".join(_short(name, c, refs) for c in d.cites)
    lines.append(wrap(f"Rests on: {rests}", "    "))
    return lines


def _silence_lines(s: Silence, name: str, refs: dict[str, Citation]) -> list[str]:
    says = s.says
    if s.condition:
        says = _when_text(s.condition, s.finding.player) + says  # it starts with the book
    lines = [wrap(says, "  ")]
    lines += [wrap(f"Assumed: {a}", "    ") for a in s.assumes]
    if s.nearest:
        lines.append(wrap("Nearest laws considered: "
                          + ", ".join(_short(name, c, refs) for c in s.nearest), "    "))
    if s.catch_all:
        lines.append(wrap(f"The book's own rule for such cases: {s.catch_all}", "    "))
    return lines


def ruling_text(r: Ruling, explain: bool = False) -> str:
    book = r.rulebook
    case = r.case
    refs = {c.ref: c for c in r.citations}
    out = [wrap(f"RULING under {book.name}: {book.title}"
                + (f" ({book.author}, {book.year})" if book.author else ""), "")]
    out += _answer_lines(r, book.name, refs)
    out.append(wrap(f"Case: {case.title or case.file}", ""))
    if case.dispute:
        who = f" (raised by {case.dispute.raised_by})" if case.dispute.raised_by else ""
        out.append(wrap(f"Question{who}: {case.dispute.question}", ""))
    out.append("")
    if not r.decisions and not r.silences:
        out.append(_nothing_irregular(r))
    # Each finding in the order it arose, with what the book decides of it or its silence.
    said: dict[int, list[str]] = {}
    order: list[Finding] = []
    for d in r.decisions:
        if id(d.finding) not in said:
            order.append(d.finding)
        said.setdefault(id(d.finding), []).extend(
            _decision_lines(d, book.name, refs, (*r.case.table.seats, book.name)))
    for s in r.silences:
        if id(s.finding) not in said:
            order.append(s.finding)
        said.setdefault(id(s.finding), []).extend(_silence_lines(s, book.name, refs))
    for i, f in enumerate(sorted(order, key=lambda x: x.step)):
        if i:
            out.append("")
        out.append(wrap(f"What happened: {where(r.replay, f, explain)}, {f.message}.", ""))
        out += said[id(f)]
    if r.fact_referee:
        out.append("")
        out.append(wrap(f"Which is so is a question of fact: {_sentence(r.fact_referee)}", ""))
    if r.assumes:
        out.append("")
        out += [wrap(f"This ruling also assumes: {a}", "") for a in r.assumes]
    if r.citations:
        out += ["", "THE LAW"]
        for c in r.citations:
            out.append(wrap(_cite_line(c, c.cited_as or book.name), ""))
            out.append(wrap(f"\u201c{' '.join(c.quote.split())}\u201d", "    "))
            if c.note:
                out.append(wrap(f"[Note: {c.note}]", "      "))
    if explain:
        out += ["", "HOW IT WAS DECIDED"]
        for t in r.trace:
            tested = ", ".join(f"{k} {_value(v)}" for k, v in t.tested.items()) or "no conditions"
            out.append(wrap(f"step {t.finding.step} {t.finding.kind}: {t.provision} "
                            f"{t.result} ({tested}): {t.why}", "  "))
        for later, cause, rule in r.replay.merged:
            out.append(wrap(f"step {later.step} {later.kind}: not found apart; ruled on its "
                            f"cause, {cause.kind} at step {cause.step} ({rule['id']})", "  "))
        if r.replay.assumed:
            out.append(wrap("Mechanics the rulebook does not give (engine default used): "
                            + ", ".join(r.replay.assumed), "  "))
    return "\n".join(out)


def summary_lines(rulings: list[Ruling]) -> list[str]:
    """Before the rulings of several books: one line to each book, its name and its answer
    (or, with no question asked, its first decision), cut to the width of a line."""

    width = columns(WIDTH)
    first = rulings[0].case
    out = [f"Under each book{f', to: {first.dispute.question}' if first.dispute else ''}"]
    out = [_cut(out[0], width)]
    name_w = max(len(r.rulebook.name) for r in rulings) + 1
    asked = max(len(r.answers) for r in rulings)
    if asked < 2:
        for r in rulings:
            out.append(_book_line(r, _first_word(r), name_w, width, "  "))
        return out
    for i in range(asked):  # several questions: each book's answer to each, in turn
        question = next(r.answers[i].question for r in rulings if len(r.answers) > i)
        out.append(_cut(f"  {question}?", width))
        for r in rulings:
            said = r.answers[i].line() if len(r.answers) > i else _first_word(r)
            out.append(_book_line(r, str(said), name_w, width, "    "))
    return out


def _book_line(r: Ruling, said: str, name_w: int, width: int, indent: str) -> str:
    return _cut(f"{indent}{(r.rulebook.name + ':').ljust(name_w)} {' '.join(said.split())}",
                width)


def _cut(line: str, width: int) -> str:
    """A line cut to ``width`` between words, an ellipsis marking the cut."""
    if len(line) <= width:
        return line
    return line[:width - 1].rsplit(" ", 1)[0].rstrip(",;:") + "\u2026"


def _first_word(r: Ruling) -> str:
    """What a book answers first: the answer to the question, else its first ruling."""
    if r.answer is not None:
        return str(r.answer.line())
    if r.decisions:
        return _sentence(r.decisions[0].says)
    if r.silences:
        return r.silences[0].says
    return "Nothing irregular happened."


def _value(v: Any) -> str:
    """A fact's value as a reader says it: yes, no, unknown, or the value."""
    if v is None:
        return "unknown"
    if v is True:
        return "yes"
    if v is False:
        return "no"
    return str(v)


def _short(name: str, ref: str, cites: dict[str, Citation] | None = None) -> str:
    c = (cites or {}).get(ref)
    if c is not None and c.cited_as:
        name = c.cited_as
    if ref.isdigit() or c is None:
        return f"{name} {ref}"
    title = c.label.split(" ", 2)[-1] if c.page else c.label
    return f"{name}, p. {c.page} {title}" if c.page else f"{name} {title}"


def _nothing_irregular(r: Ruling) -> str:
    """Nothing out of order in the events; where the answer is about an act not yet done,
    it says so, so that the two read together."""
    a = r.answer
    if a is None:
        return wrap("Nothing irregular happened: nothing in the events is out of order.", "")
    if a.if_done:
        return wrap(f"Nothing irregular has happened so far: {a.player} has not done it yet, "
                    f"and the answer above is what the book rules if {a.player} does.", "")
    return "Nothing irregular has happened so far."


def _answer_lines(r: Ruling, name: str, refs: dict[str, Citation]) -> list[str]:
    """The answer to the case's question, first: the answer in the table's words, then
    what follows, then the laws it rests on (quoted under THE LAW). Where the case asks
    several questions, each is answered in turn, under the question."""
    if len(r.answers) > 1:
        out: list[str] = []
        for a in r.answers:  # each answer first, then the question it answers
            one = _one_answer(r, a, name, refs)
            out += [one[0], wrap(f"(The question: {a.question}?)", "  "), *one[1:]]
        return out
    a = r.answer
    if a is None:
        return []
    return _one_answer(r, a, name, refs)


def _one_answer(r: Ruling, a: Any, name: str, refs: dict[str, Citation]) -> list[str]:
    lines = [wrap(a.line(), "")]
    follows = a.follows()
    if follows:
        lines.append(wrap(follows if a.if_done else f"What follows: {follows}", "  "))
    if a.readings:
        lines.append(wrap(readings_text(a.readings, name, refs), "  "))
    if a.cites:
        # A silent answer rests on no law: what it cites are the laws it weighed.
        head = "Nearest laws considered: " if a.silent and a.cites != _catch_all(r) else \
            "Rests on: "
        lines.append(wrap(head + ", ".join(_short(name, c, refs) for c in a.cites), "  "))
    return [*lines, ""]


def _catch_all(r: Ruling) -> list[str]:
    catch = r.rulebook.catch_all
    return [str(c) for c in catch.get("cites", [])] if catch else []


def ruling_markdown(r: Ruling, explain: bool = False) -> str:
    book = r.rulebook
    case = r.case
    refs = {c.ref: c for c in r.citations}
    names = (*case.table.seats, book.name)
    out = [f"# Ruling under {book.name}", ""]
    for a in r.answers or ([r.answer] if r.answer is not None else []):
        asked = f"*{a.question}?* " if len(r.answers) > 1 else ""
        out += [f"{asked}**{a.line()}**"
                + (f" {a.follows()}" if a.consequence else "")
                + (f" {readings_text(a.readings, book.name, refs)}" if a.readings else "")
                + (f" *({', '.join(_short(book.name, c, refs) for c in a.cites)})*"
                   if a.cites else ""), ""]
    out += [f"*{book.title}*" + (f", {book.author}, {book.year}" if book.author else ""), "",
            f"**Case:** {case.title or case.file}", ""]
    if case.dispute:
        out.append(f"**Question:** {case.dispute.question}"
                   + (f" (raised by {case.dispute.raised_by})" if case.dispute.raised_by else ""))
    out.append("")
    items: list[tuple[int, int, str]] = []  # (step, order given, line): by step, as in text
    for d in r.decisions:
        f = d.finding
        items.append((f.step, len(items),
                      f"- **{_sentence(where(r.replay, f, explain))[:-1]}:** {f.message}. "
                      f"**Decision:** {_when(d)}"
                      f"{run_on(_sentence(d.says), names) if d.condition else _sentence(d.says)}"
                      + "".join(f" **Assumed:** {a}" for a in d.assumes)
                      + (f" **Remedy:** {_sentence(d.remedy)}" if d.remedy else "")
                      + (f" {readings_text(d.readings, book.name, refs)}" if d.readings
                         else "")
                      + "".join(f" **Penalty:** {_sentence(penalty_words(p))}"
                                for p in d.penalties)
                      + (f" **The counters:** {_sentence('; '.join(d.counters))}"
                         if d.counters else "")
                      + (f" **Settled by:** {_sentence(d.settled_by)}" if d.settled_by else "")
                      + f" *({', '.join(_short(book.name, c, refs) for c in d.cites)})*"))
    for s in r.silences:
        items.append((s.finding.step, len(items),
                      f"- **{_sentence(where(r.replay, s.finding, explain))[:-1]}:** "
                      f"{s.finding.message}. "
                      f"{_when_text(s.condition, s.finding.player)}{s.says}"
                      + "".join(f" **Assumed:** {a}" for a in s.assumes)
                      + (f" Nearest: {', '.join(_short(book.name, c, refs) for c in s.nearest)}."
                         if s.nearest else "")
                      + (f" {s.catch_all}" if s.catch_all else "")))
    out += [line for _, _, line in sorted(items)]
    if r.fact_referee:
        out += ["", f"**Which is so is a question of fact:** {_sentence(r.fact_referee)}"]
    if r.assumes:
        out += [""] + [f"**This ruling also assumes:** {a}" for a in r.assumes]
    if r.citations:
        out += ["", "## The law", ""]
        for c in r.citations:
            out += [f"**{_cite_line(c, c.cited_as or book.name)}**", "",
                    "> " + " ".join(c.quote.split()), ""]
            if c.note:
                out += [f"*Note: {' '.join(c.note.split())}*", ""]
    return "\n".join(out).rstrip() + "\n"
