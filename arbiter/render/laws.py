"""Turning laws and rulebooks into text, JSON or Markdown for people and scripts."""

from __future__ import annotations

from typing import Any

from ..law.laws import Law, Rulebook
from .width import columns

WIDTH = 78  # a ruling's widest line, where the terminal is as wide (see ``columns``)


def to_json(value: Any) -> str:
    import json  # here, not above: a ruling in text never needs it

    from .safe import json_safe

    return json_safe(json.dumps(value, indent=2, ensure_ascii=False))


def wrap(text: str, indent: str = "  ", width: int | None = None) -> str:
    """The words of ``text`` filled into lines of at most ``WIDTH`` characters (or the
    terminal's width, if less), each begun with ``indent``; a word longer than a line
    stands alone on its own, unbroken.

    The same lines as ``textwrap.fill(" ".join(text.split()), WIDTH, initial_indent=indent,
    subsequent_indent=indent, break_on_hyphens=False, break_long_words=False)`` (a test
    holds them to it): importing textwrap compiles its patterns, a share of every start.
    """
    room = (width or columns(WIDTH)) - len(indent)
    lines: list[str] = []
    line: list[str] = []
    used = 0
    for word in text.split():
        if line and used + 1 + len(word) > room:
            lines.append(indent + " ".join(line))
            line, used = [word], len(word)
        else:
            used += len(word) + (1 if line else 0)
            line.append(word)
    if line:
        lines.append(indent + " ".join(line))
    return "\n".join(lines)


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


def rulebooks_table(books: list[Rulebook]) -> str:
    from .width import table

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


def sentence(text: str) -> str:
    """A clause as a sentence: one line, a capital first, a full stop last."""
    text = " ".join(text.split())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


# How a fact the events leave open reads in a ruling: (if true, if false); a fact with a
# value, how it reads with the value. A fact not listed reads by its name with the
# underscores dropped (tests/test_table_words.py fails if one shows in a shipped ruling).
FACT_WORDS: dict[str, tuple[str, str]] = {
    "lifted": ("he had raised the cards from the table", "he had not raised the cards"),
    "looked": ("he had looked at them", "he had not looked at them"),
    "seen": ("he had taken up or looked at the cards", "he had neither taken up nor looked "
             "at the cards"),
    "next_helped": ("the next player had been helped", "the next player had not yet been "
                    "helped"),
    "noticed_before_deal_finished": ("it was pointed out before the deal was finished",
                                     "it was not pointed out before the deal was finished"),
    "bet_made": ("a bet had been made", "no bet had been made"),
    "made_good": ("the deficiency was made good", "the deficiency was not made good"),
}
VALUE_WORDS: dict[str, str] = {
    "asked": "he asked for {value}",
}


def condition_words(condition: dict[str, Any]) -> str:
    """The facts a decision turns on, as the table says them: ``he had raised the cards
    from the table and he asked for 3``."""
    bits = []
    for fact, value in condition.items():
        words = FACT_WORDS.get(fact)
        if words and isinstance(value, bool):
            bits.append(words[0] if value else words[1])
        elif fact in VALUE_WORDS:
            bits.append(VALUE_WORDS[fact].format(value=value))
        else:
            name = fact.replace("_", " ")
            bits.append(name if value is True else f"not {name}" if value is False
                        else f"{name} is {value}")
    return " and ".join(bits)
