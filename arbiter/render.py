"""Turning laws and rulebooks into text, JSON or Markdown for people and scripts."""

from __future__ import annotations

import json
import textwrap
from typing import Any

from .laws import Law, Rulebook

WIDTH = 78


def to_json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


def wrap(text: str, indent: str = "  ") -> str:
    return textwrap.fill(
        " ".join(text.split()),
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent,
        break_on_hyphens=False,
        break_long_words=False,
    )


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
    lines = [citation_line(book, law), wrap(body if body is not None else law.text)]
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


def rulebooks_table(books: list[Rulebook]) -> str:
    rows = [("ID", "AUTHOR", "TITLE", "YEAR", "LAWS", "DECIDING", "EXECUTABLE")]
    for b in books:
        s = b.summary()
        cov = f"{s['executable_laws']} ({s['coverage']:.0%})" if s["coverage"] is not None else "-"
        rows.append(
            (
                b.id,
                (b.author or "")[:28],
                b.title[:34],
                str(b.year or ""),
                str(s["laws"]),
                str(s["deciding_laws"]),
                cov,
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    table = "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in rows
    )
    missing = [(b.id, b.summary()["not_executable"]) for b in books]
    notes = [f"  {book}: {', '.join(refs)}" for book, refs in missing if refs]
    if notes:
        table += ("\n\nDeciding laws no provision or parameter decides with yet:\n"
                  + "\n".join(notes))
    return table


def sentence(text: str) -> str:
    """A clause as a sentence: one line, a capital first, a full stop last."""
    text = " ".join(text.split())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
