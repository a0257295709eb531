"""Comparisons for people: one case as a table of books, many cases as a matrix, and two
books topic by topic; in text for a terminal or Markdown for a club's minutes."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from ..law.laws import Rulebook
from ..law.topics import Topic
from ..ruling.compare import COLUMNS, HEADINGS, Comparison
from ..ruling.diff import BookDiff, Setting, TopicDiff, law_summary
from ..terms.words import hyphenated
from .width import columns, table

WIDTH = 100  # the widest a comparison is laid out, where the terminal is as wide
MARK = "*"
MD_MARK = "**≠**"


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False,
                         break_long_words=True) or [""]


def grid(headers: Sequence[str], rows: Sequence[Sequence[list[str]]],
         widths: Sequence[int], rules: bool = True) -> str:
    """A plain table: each cell a list of paragraphs, wrapped to its column."""
    def line(cells: Sequence[str]) -> str:
        return " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    heads = [_wrap(h, w) for h, w in zip(headers, widths, strict=True)]
    out = [line([c[k] if k < len(c) else "" for c in heads])
           for k in range(max(len(c) for c in heads))]
    out.append("-+-".join("-" * w for w in widths))
    for i, row in enumerate(rows):
        if i and rules:
            out.append("-+-".join("-" * w for w in widths))
        wrapped = [[ln for para in cell for ln in _wrap(para, w)] if cell else [""]
                   for cell, w in zip(row, widths, strict=True)]
        for k in range(max(len(c) for c in wrapped)):
            out.append(line([c[k] if k < len(c) else "" for c in wrapped]))
    return "\n".join(out)


def _columns(c: Comparison) -> list[str]:
    """The columns worth showing: the decision always, the others where some book has one."""
    return [col for col in COLUMNS
            if col == "decision" or any(r.cells[col] for r in c.rows)]


def comparison_text(c: Comparison) -> str:
    cols = _columns(c)
    name_w = max(len(r.name) for r in c.rows) + 2
    share = {"answer": 4, "decision": 5, "remedy": 3, "pays": 2, "laws": 2}
    width = columns(WIDTH)
    room = width - name_w - 3 * len(cols)
    total = sum(share[col] for col in cols)
    widths = [max(room * share[col] // total, min(len(HEADINGS[col]), 8)) for col in cols]
    widths[0] -= sum(widths) - room  # the first column gives way to the headings
    widths = [name_w, *widths]
    if min(widths[1:]) < 8:  # too narrow for a table of books: a paragraph to each
        return _comparison_blocks(c, cols, width)
    rows = []
    for r in c.rows:
        marked = c.marked(r.book)
        cells = [[r.name]]
        for col in cols:
            paras = list(r.cells[col])
            if col in marked and paras:
                paras[0] = f"{MARK} {paras[0]}"
            elif col in marked:
                paras = [f"{MARK} (none)"]
            cells.append(paras)
        rows.append(cells)
    out = _wrap(f"{c.title or c.file} ({c.file})", width)
    if c.question:
        out += _wrap(f"Question: {c.question}", width)
    out += ["", grid(["Book", *[HEADINGS[col] for col in cols]],
                     [[[h[:w] for h in cell] if i == 0 else cell for i, (cell, w) in
                       enumerate(zip(row, widths, strict=True))] for row in rows], widths), ""]
    parted = [HEADINGS[col].lower() for col in COLUMNS if c.marks.get(col)]
    if parted:
        out += _wrap(f"The books part on: {', '.join(parted)} ({MARK} marks a cell that "
                     "parts from the other books).", width)
    else:
        out.append("The books decide alike.")
    return "\n".join(out)


def _comparison_blocks(c: Comparison, cols: list[str], width: int) -> str:
    """One case under each book, a paragraph to a book, where a table will not fit."""
    out = _wrap(f"{c.title or c.file} ({c.file})", width)
    if c.question:
        out += _wrap(f"Question: {c.question}", width)
    for r in c.rows:
        marked = c.marked(r.book)
        out += ["", r.name]
        for col in cols:
            for para in r.cells[col]:
                mark = f"{MARK} " if col in marked else ""
                out += textwrap.wrap(f"{mark}{HEADINGS[col]}: {para}", width,
                                     initial_indent="  ", subsequent_indent="    ",
                                     break_on_hyphens=False)
    parted = [HEADINGS[col].lower() for col in COLUMNS if c.marks.get(col)]
    out.append("")
    out += textwrap.wrap(f"The books part on: {', '.join(parted)} ({MARK} marks what parts "
                         "from the other books)." if parted else "The books decide alike.",
                         width)
    return "\n".join(out)


def _md(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def comparison_markdown(c: Comparison) -> str:
    cols = _columns(c)
    out = [f"**{_md(c.title or c.file)}** (`{c.file}`)", ""]
    if c.question:
        out += [f"*Question:* {_md(c.question)}", ""]
    out.append("| Book | " + " | ".join(HEADINGS[col] for col in cols) + " |")
    out.append("|" + "---|" * (len(cols) + 1))
    for r in c.rows:
        marked = c.marked(r.book)
        cells = []
        for col in cols:
            text = "<br>".join(_md(p) for p in r.cells[col])
            cells.append(f"{MD_MARK} {text}".rstrip() if col in marked else text)
        out.append(f"| {r.name} | " + " | ".join(cells) + " |")
    out.append("")
    parted = [HEADINGS[col].lower() for col in COLUMNS if c.marks.get(col)]
    out.append(f"{MD_MARK} marks a cell that parts from the other books ("
               + ", ".join(parted) + ")." if parted else "The books decide alike.")
    return "\n".join(out) + "\n"


def matrix_cells(c: Comparison) -> list[tuple[str, bool]]:
    marked = c.parting()
    return [(r.short, r.book in marked) for r in c.rows]


def tally(agree: int, part: int, errors: int, books: Sequence[str]) -> str:
    n = agree + part
    names = ", ".join(books[:-1]) + f" and {books[-1]}" if len(books) > 1 else books[0]
    text = (f"{n} case{'s' if n != 1 else ''} under {names}: the books agree on {agree} "
            f"and part on {part}.")
    if errors:
        text += f" {errors} file{'s' if errors != 1 else ''} could not be read."
    return text


def matrix_text(rows: list[tuple[str, list[tuple[str, bool]]]], books: Sequence[str],
                summary: str) -> str:
    width = columns(10_000)  # as wide as the terminal; to a file or a pipe, unbounded
    cells = [["Case", *(f"  {b}" for b in books)]]
    cells += [[name, *((f"{MARK} {text}" if marked else f"  {text}") for text, marked in row)]
              for name, row in rows]
    out = table(cells, width, flexible=tuple(range(1, len(books) + 1)), hyphens=(0,))
    if out is None:  # too narrow for the matrix: the books under each case
        out = []
        for name, row in rows:
            out += hyphenated(name, width)
            for b, (text, marked) in zip(books, row, strict=True):
                out += textwrap.wrap(f"{MARK if marked else ' '} {b}: {text}", width,
                                     initial_indent="  ", subsequent_indent="      ")
    legend = (f"{MARK} marks a book that parts from the others on the case; 'not pinned': "
              "the point is not in the book's pinned text.")
    out += ["", *textwrap.wrap(legend, width), *textwrap.wrap(summary, width)]
    return "\n".join(out)


def matrix_markdown(rows: list[tuple[str, list[tuple[str, bool]]]], books: Sequence[str],
                    summary: str) -> str:
    out = ["| Case | " + " | ".join(books) + " |", "|" + "---|" * (len(books) + 1)]
    for name, cells in rows:
        out.append(f"| `{name}` | " + " | ".join(
            f"{MD_MARK} {_md(text)}" if marked else _md(text) for text, marked in cells) + " |")
    out += ["", f"{MD_MARK} marks a book that parts from the others on the case; *not pinned*: "
            f"the point is not in the book's pinned text. {summary}"]
    return "\n".join(out) + "\n"


# --- books side by side, topic by topic ------------------------------------------------

_NOT_PINNED = "not in the pinned text"


def _law_paras(book: Rulebook, refs: tuple[str, ...], full: bool) -> list[str]:
    out = []
    for ref in refs:
        law = book.law(ref)
        if law is None:
            continue
        where = law.label() if not law.numbered else f"law {law.ref}"
        if law.numbered and law.page:
            where += f", p. {law.page}"
        out.append(f"{where}: {law_summary(law, full)}")
    return out


def _topic_laws(book: Rulebook, topic: Topic | None, full: bool) -> list[str]:
    if topic is None:
        return [f"{book.name} has no such topic: no law on it."]
    head = []
    if not topic.pinned:
        head.append(f"{book.name}'s laws on this are {_NOT_PINNED}: the book's rule is unknown, "
                    "not silent.")
    elif not topic.laws:
        head.append(f"{book.name} gives no law on this: silent.")
    if topic.note:
        head.append(f"Note: {topic.note}")
    return head + _law_paras(book, topic.laws, full)


def _alike_lines(d: BookDiff, t: TopicDiff) -> list[str]:
    first = d.books[0].name
    if not t.findings:
        return ["No provision of these books rests on this topic's laws: nothing to compare."]
    out = []
    for i, f in t.findings:
        other = d.books[i].name
        kind = f.finding.replace("_", " ")
        pair = f"{first}, {other}" if len(d.books) > 2 else ""
        lead = f"{kind}{' (' + pair + ')' if pair else ''}"
        n = f.combinations
        tested = f"{n} combination{'s' if n > 1 else ''} of the facts tested"
        if f.alike:
            both = f"both {f.same.words()}; " if f.same else ""
            out.append(f"{lead}: alike ({both}{tested}).")
            continue
        out.append(f"{lead}: they part on {f.differing} of {tested}, e.g.")
        for facts, va, vb in f.examples:
            where = ", ".join(f"{k.replace('_', ' ')} {_fact(v)}" for k, v in facts.items())
            out.append(f"  - {'where ' + where if where else 'always'}: {first} "
                       f"{va.words()}; {other} {vb.words()}")
    return out


def _fact(v: object) -> str:
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if v is None:
        return "unknown"
    return str(v)


def _differs(values: list[Setting]) -> bool:
    return len({repr(x.value) for x in values}) > 1


def diff_text(d: BookDiff, full: bool = False) -> str:
    books = d.books
    n = len(books)
    width = columns(WIDTH)
    col = (width - 3 * (n - 1)) // n
    names = [b.name for b in books]
    out = textwrap.wrap(" and ".join([", ".join(f"{b.name} ({b.year})" for b in books[:-1]),
                                      f"{books[-1].name} ({books[-1].year})"])
                        + ", topic by topic", width)
    for book in books:
        if book.extract:
            out += textwrap.wrap(f"{book.name} is known only from an extract: where a topic "
                                 f"is marked {_NOT_PINNED}, the book's rule is unknown, "
                                 "not silent.",
                                 width)
    for t in d.topics:
        out += ["", f"== {t.title} ({t.id}) ".ljust(width, "=")]
        out.append(grid(names, [[_topic_laws(b, x, full)
                                 for b, x in zip(books, t.topics, strict=True)]],
                        [col] * n))
        if t.settings:
            out += ["", f"Settings ({MARK}: the books differ), and the laws they rest on:"]
            name_w = max(len(name) for name, _ in t.settings) + 2
            w = (width - name_w - 3 * n) // n
            rows = [[[f"{MARK} {name}" if _differs(values) else f"  {name}"],
                     *[[x.words()] for x in values]] for name, values in t.settings]
            groups: dict[str, list[Setting]] = {}
            for name, values in t.settings:
                groups.setdefault(name.split(".")[0], values)
            for group, values in groups.items():
                rows.append([[f"  {group}: laws"],
                             *[[", ".join(x.cites) or "-"] for x in values]])
            out.append(grid(["setting", *names], rows, [name_w] + [w] * n, rules=False))
        out += ["", "Do they decide alike?"]
        for ln in _alike_lines(d, t):
            indent = "    " if ln.startswith("  - ") else "  "
            out += textwrap.wrap(ln.strip(), width, initial_indent=indent,
                                 subsequent_indent=indent + "    ", break_on_hyphens=False)
    return "\n".join(out)


def diff_markdown(d: BookDiff, full: bool = False) -> str:
    books = d.books
    names = [b.name for b in books]
    out = [f"## {' and '.join(names)}, topic by topic", ""]
    for t in d.topics:
        out += [f"### {t.title}", "", "| " + " | ".join(names) + " |",
                "|" + "---|" * len(books),
                "| " + " | ".join("<br>".join(_md(p) for p in _topic_laws(b, x, full))
                                  for b, x in zip(books, t.topics, strict=True)) + " |", ""]
        if t.settings:
            out += ["| Setting | " + " | ".join(names) + " |", "|" + "---|" * (len(books) + 1)]
            out += [f"| {MD_MARK + ' ' if _differs(values) else ''}`{name}` | "
                    + " | ".join(_md(x.words()) for x in values) + " |"
                    for name, values in t.settings]
            out.append("")
        out += [("  - " if ln.startswith("  - ") else "- ") + _md(ln.strip().lstrip("- "))
                for ln in _alike_lines(d, t)]
        out.append("")
    return "\n".join(out)
