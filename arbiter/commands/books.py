"""The commands that read the rulebooks themselves: ``rulebooks``, ``law``, ``laws``,
``search``."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from ..cli import CONTEXT, emit, format_option, help_option, library, rulebooks_option
from ..errors import InputError, clip, did_you_mean


@click.command("rulebooks", context_settings=CONTEXT, add_help_option=False)
@click.option("--cases", "by_cases", is_flag=True,
              help="Per book, how many deciding laws have two shipped cases or more "
                   "(the `cases` of `arbiter laws BOOK --format json`), and those with fewer.")
@rulebooks_option
@format_option("text", "json", "markdown")
@help_option
def rulebooks_cmd(by_cases: bool, rulebook_dirs: tuple[str, ...], fmt: str) -> None:
    """List the rulebooks available, with author, year and how many laws each holds.

    \b
    Examples:
      arbiter rulebooks --format json
      arbiter rulebooks --cases --format markdown
    """
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..render.laws import cases_coverage, rulebooks_table, to_json

    books = library(rulebook_dirs).all()
    if by_cases:
        rows = [_coverage(b, rulebook_dirs) for b in books]
        emit(to_json(rows) if fmt == "json" else cases_coverage(rows, fmt == "markdown"))
        return
    if fmt == "json":
        emit(to_json([b.summary() for b in books]))
    else:
        emit(rulebooks_table(books))


@click.command("law", context_settings=CONTEXT, add_help_option=False)
@click.argument("book")
@click.argument("ref")
@rulebooks_option
@format_option("text", "json", "markdown")
@help_option
def law_cmd(book: str, ref: str, rulebook_dirs: tuple[str, ...], fmt: str) -> None:
    """Print one law of BOOK as a citation: book, number, heading, page and text.

    REF is the law's number, or for books without numbers its short name
    (see `arbiter laws BOOK`).

    \b
    Examples:
      arbiter law peel 45
      arbiter law hoyle straddle --format json
    """
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..render.laws import law_markdown, law_text, to_json, wrap

    rb = library(rulebook_dirs).get(book)
    law = rb.law(ref)
    if law is None:
        raise InputError(
            f"{rb.name} has no law {clip(ref, 80)!r}; {did_you_mean(ref, rb.refs())}"
            + (f" ({clip(' '.join(rb.extent.split()), 500)})" if rb.extent else "")
        )
    cases = _cases_citing(rb, rulebook_dirs).get(law.ref, [])
    if fmt == "json":
        emit(to_json({**law.to_dict(), "cases": cases}))
    elif fmt == "markdown":
        emit(law_markdown(rb, law) + (f"\n\nCases: {', '.join(cases)}" if cases else ""))
    else:
        emit(law_text(rb, law) + (f"\n{wrap('Cases: ' + ', '.join(cases))}" if cases else ""))


@click.command("laws", context_settings=CONTEXT, add_help_option=False)
@click.argument("book")
@rulebooks_option
@format_option("text", "json", "markdown")
@help_option
def laws_cmd(book: str, rulebook_dirs: tuple[str, ...], fmt: str) -> None:
    """Print every law of BOOK, in the book's order.

    \b
    Examples:
      arbiter laws peel
      arbiter laws foster --format json
    """
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..render.laws import law_markdown, law_text, to_json

    rb = library(rulebook_dirs).get(book)
    if fmt == "json":
        cited = _cases_citing(rb, rulebook_dirs)
        emit(to_json([{**law.to_dict(), "cases": cited.get(law.ref, [])} for law in rb.laws]))
    elif fmt == "markdown":
        emit("\n\n".join(law_markdown(rb, law) for law in rb.laws))
    else:
        emit("\n\n".join(law_text(rb, law) for law in rb.laws))


def _coverage(rb: Any, rulebook_dirs: tuple[str, ...]) -> dict[str, Any]:
    """How many of the book's deciding laws have two cases or more, and which have fewer
    (each with its count of cases)."""
    cited = _cases_citing(rb, rulebook_dirs)
    deciding = [law for law in rb.laws if law.effect == "decides"]
    fewer = {law.ref: len(cited.get(law.ref, [])) for law in deciding
             if len(cited.get(law.ref, [])) < 2}
    return {"book": rb.id, "deciding": len(deciding),
            "two_or_more": len(deciding) - len(fewer), "fewer": fewer}


def _cases_citing(rb: object, rulebook_dirs: tuple[str, ...]) -> dict[str, list[str]]:
    """Law ref -> the shipped cases whose expected ruling under the book cites it, and
    under a shipped example house book built on it, for the laws that book holds from it
    unchanged (Hoffmann's straddle is ruled on only where a house book plays it)."""
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..law.library import builtin_dir, example_ids
    from ..load.citing import cases_citing

    lib = library(rulebook_dirs)
    builtin = os.path.realpath(builtin_dir())
    shipped = tuple(i for i, f in lib.files().items()
                    if os.path.dirname(os.path.realpath(f)) == builtin)
    book = str(getattr(rb, "id", ""))
    cited = cases_citing(book, shipped)
    if book not in shipped:
        return cited
    # Only the heirs are built (its entry says what a book extends): building each example
    # house book took `law peel 45` 262 M -> 246 M instructions (docs/speed.md).
    heirs = [i for i in example_ids() if lib.data(lib.path_of(i)).get("extends") == book]
    for heir in (lib.get(i) for i in heirs):
        for ref, names in cases_citing(heir.id).items():
            law = heir.law(ref)
            if law is not None and law.book == book:
                have = cited.setdefault(ref, [])
                have += [n for n in names if n not in have]
    return cited


@click.command("search", context_settings=CONTEXT, add_help_option=False)
@click.argument("words", nargs=-1, required=True)
@click.option("--book", "books", multiple=True, metavar="BOOK", help="Search only this book.")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(min=1),
              help="Most laws to show.")
@rulebooks_option
@format_option()
@help_option
def search_cmd(
    words: tuple[str, ...],
    books: tuple[str, ...],
    limit: int,
    rulebook_dirs: tuple[str, ...],
    fmt: str,
) -> None:
    """Find laws whose text matches WORDS, best first, with the matches marked.

    \b
    Examples:
      arbiter search straddle
      arbiter search foul hand --book peel
    """
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..law.search import marked, search
    from ..render.laws import law_text, to_json

    lib = library(rulebook_dirs)
    selected = [lib.get(b) for b in books] if books else lib.all()
    if not " ".join(words).strip():
        raise InputError("nothing to search for: expected one or more words, e.g. "
                         "'arbiter search straddle'")
    hits = search(selected, list(words))[:limit]
    if fmt == "json":
        emit(
            to_json(
                [
                    dict(h.law.to_dict(), score=h.score, matches=[list(s) for s in h.spans])
                    for h in hits
                ]
            )
        )
        return
    if not hits:
        asked = " ".join(words)
        emit(f"No law matches {asked if len(asked) <= 80 else asked[:77] + '...'!r}.")
        return
    from ..render.safe import visible

    color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    # The matches are marked by two private-use characters, the text made safe to print,
    # and only then are the marks made the terminal's bold yellow (or « and »).
    text = visible("\n\n".join(
        law_text(lib.get(h.law.book), h.law, marked(h.law.text, h.spans, "\ue000", "\ue001"))
        for h in hits))
    left, right = ("\x1b[1;33m", "\x1b[0m") if color else ("«", "»")
    emit(text.replace("\ue000", left).replace("\ue001", right), safe=False)
