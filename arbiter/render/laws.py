"""Turning laws and rulebooks into text, JSON or Markdown for people and scripts."""

from __future__ import annotations

import textwrap
from typing import Any

from ..law.laws import Law, Rulebook
from .safe import json_safe
from .width import columns, table

WIDTH = 78  # a ruling's widest line, where the terminal is as wide (see ``columns``)


def to_json(value: Any) -> str:
    # Lazy: a ruling in text, which imports this module for its wrapping, never needs json
    # (5 M instructions of a ruling's start).
    import json

    return json_safe(json.dumps(value, indent=2, ensure_ascii=False))


def wrap(text: str, indent: str = "  ", width: int | None = None) -> str:
    """The words of ``text`` filled into lines of at most ``WIDTH`` characters (or the
    terminal's width, if less), each begun with ``indent``; a word longer than a line
    stands alone on its own, unbroken. Its whitespace made single spaces here, textwrap is
    not asked to look for tabs and line ends again (``translate`` over every character:
    2 M instructions of a ruling under every book; docs/speed.md)."""
    return textwrap.fill(" ".join(text.split()), width or columns(WIDTH),
                         initial_indent=indent, subsequent_indent=indent,
                         break_on_hyphens=False, break_long_words=False,
                         expand_tabs=False, replace_whitespace=False)


def citation_line(book: Rulebook, law: Law) -> str:
    """``Peel, law 45 — The Draw, pp. 52–53``."""
    name = law.cited_as or book.name
    pages = law.pages
    pp = f"{'pp.' if pages and '–' in pages else 'p.'} {pages}"
    if pages and not law.numbered:
        # A passage cited by page: ``Hoffmann, p. 131 "The Straddle" — The Straddle``.
        parts = [f'{name}, {pp} "{law.title or law.ref}"']
        if law.heading:
            parts.append(f" — {law.heading}")
        return "".join(parts)
    parts = [f"{name}, {law.label()}"]
    if law.heading:
        parts.append(f" — {law.heading}")
    if pages:
        parts.append(f", {pp}")
    elif law.sourced:
        parts.append(", page not known")
    return "".join(parts)


def law_text(book: Rulebook, law: Law, body: str | None = None) -> str:
    lines = [wrap(citation_line(book, law), ""), wrap(body if body is not None else law.text)]
    for i, note in enumerate(law.footnotes, 1):
        lines.append(wrap(f"[footnote {i}] {note}", "    "))
    if law.note:
        lines.append(wrap(f"Note: {law.note}", "    "))
    return "\n".join(lines)


def law_markdown(book: Rulebook, law: Law) -> str:
    out = [f"**{citation_line(book, law)}**", "", "> " + " ".join(law.text.split())]
    for note in law.footnotes:
        out += [">", "> *Footnote:* " + " ".join(note.split())]
    return "\n".join(out)


def cases_coverage(rows: list[dict[str, Any]], markdown: bool) -> str:
    """Per book: its deciding laws, how many have two cases or more, and the rest (each with
    how many cases it has)."""
    head = ["BOOK", "DECIDING", "TWO CASES OR MORE", "FEWER (CASES)"]
    body = [[r["book"], str(r["deciding"]),
             f"{r['two_or_more']} ({r['two_or_more'] / r['deciding']:.0%})"
             if r["deciding"] else "-",
             ", ".join(f"{ref} ({n})" for ref, n in r["fewer"].items()) or "none"]
            for r in rows]
    if markdown:
        lines = ["| Book | Deciding laws | With two cases or more | With fewer (cases) |",
                 "|---|---|---|---|"]
        return "\n".join([*lines, *("| " + " | ".join(b) + " |" for b in body)])
    laid = table([head, *body], columns(100), flexible=(3,))
    lines = laid if laid is not None else [
        wrap(f"{b[0]}: {b[1]} deciding, {b[2]} with two cases or more; fewer: {b[3]}", "",
             columns(100)) for b in body]
    return "\n".join(lines)


def rulebooks_table(books: list[Rulebook]) -> str:

    rows = [["ID", "AUTHOR", "TITLE", "YEAR", "LAWS", "DECIDING", "EXECUTABLE"]]
    for b in books:
        s = b.summary()
        cov = f"{s['executable_laws']} ({s['coverage']:.0%})" if s["coverage"] is not None else "-"
        rows.append([b.id, b.author or "", b.title, str(b.year or ""), str(s["laws"]),
                     str(s["deciding_laws"]), cov])
    width = columns(100)
    lines = table(rows, width, flexible=(1, 2))
    if lines is None:  # too narrow for columns: each book in a paragraph of its own
        lines = []
        for r in rows[1:]:
            lines += [r[0], wrap(f"{r[2]}, {r[1]}, {r[3]}", "  ", width),
                      wrap(f"{r[4]} laws, {r[5]} deciding, {r[6]} executable", "  ", width)]
    text = "\n".join(lines)
    missing = [(b.id, b.summary()["not_executable"]) for b in books]
    notes = [wrap(f"{book}: {', '.join(refs)}", "  ", width) for book, refs in missing if refs]
    if notes:
        text += ("\n\nDeciding laws no provision or parameter decides with yet:\n"
                 + "\n".join(notes))
    return text
