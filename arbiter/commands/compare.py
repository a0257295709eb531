"""Comparing editions: ``compare`` (cases under several books) and ``diff`` (books side by side)."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..cli import (
    CONTEXT,
    batch_formats,
    chosen_books,
    emit,
    format_option,
    help_option,
    inputs_argument,
    library,
    one_case,
    rulebooks_option,
    run_cases,
)
from ..load.files import stem


@click.command("compare", context_settings=CONTEXT, add_help_option=False)
@inputs_argument
@click.option("--rulebook", "books", metavar="ID", multiple=True,
              help="Compare these rulebooks (repeat it; default: all).")
@click.option("--differences", is_flag=True,
              help="With several cases, list only the cases where the books part.")
@click.option("--disagreements", is_flag=True,
              help="With several cases, list only those where two or more books rule and "
              "rule differently (a book's silence apart).")
@rulebooks_option
@batch_formats("text", "json", "jsonl", "markdown")
@help_option
def compare_cmd(inputs: tuple[str, ...], books: tuple[str, ...], differences: bool,
                disagreements: bool, rulebook_dirs: tuple[str, ...], fmt: str) -> None:
    """Rule CASE under several books and show them side by side, differences marked.

    One case: a table whose rows are the books (the decision, the remedy or penalty, who
    takes or pays what, the laws cited); a cell marked * (in Markdown, ≠) parts from the
    other books. Silence, and "not in the pinned text" for a book known only from an
    extract, are shown as such. Several cases or a directory: a matrix of case by book,
    one short decision per cell, and how many cases the books agree and part on.
    JSON: one object per case (a list, or with jsonl one per line).

    \b
    Examples:
      arbiter compare straddle-after-a-refusal
      arbiter compare straddle-after-a-refusal peel-the-say two-sequences-at-the-show --differences
      arbiter compare two-sequences-at-the-show --rulebook peel --rulebook hoyle --format json
    """
    from ..render.compare import (
        comparison_markdown,
        comparison_text,
        matrix_cells,
        matrix_markdown,
        matrix_text,
        tally,
    )
    from ..ruling.compare import compare_case
    from ..table.batch import is_batch

    lib = library(rulebook_dirs)
    chosen = chosen_books(lib, books) or lib.all()
    if not is_batch(inputs) and fmt != "jsonl":
        from ..render.laws import to_json

        c = compare_case(one_case(inputs[0]), chosen)
        emit(to_json(c.to_dict()) if fmt == "json" else comparison_markdown(c).rstrip("\n")
             if fmt == "markdown" else comparison_text(c))
        sys.exit(1 if any(r.status == "error" for r in c.rows) else 0)
    rows: list[tuple[str, list[tuple[str, bool]]]] = []
    tally_of = {"agree": 0, "part": 0, "unruled": 0}

    def each(case: Any) -> tuple[list[Any], list[str]]:
        c = compare_case(case, chosen)
        tally_of["agree" if c.agree else "part"] += 1
        tally_of["unruled"] += any(r.status == "error" for r in c.rows)
        if (differences and c.agree) or (disagreements and not c.disagree):
            return [], []  # filtered out, in every format
        rows.append((stem(c.file), matrix_cells(c)))
        return [c.to_dict()], []

    worst, failed = run_cases(inputs, fmt, "comparing", each, held=fmt not in ("json", "jsonl"))
    if fmt not in ("json", "jsonl"):
        names = [b.name for b in chosen]
        summary = tally(tally_of["agree"], tally_of["part"], failed, names)
        emit(matrix_markdown(rows, names, summary).rstrip("\n") if fmt == "markdown"
             else matrix_text(rows, names, summary))
    sys.exit(max(worst, 1 if tally_of["unruled"] else 0))


@click.command("diff", context_settings=CONTEXT, add_help_option=False)
@click.argument("book_a")
@click.argument("book_b")
@click.argument("more", nargs=-1, metavar="[BOOK...]")
@click.option("--topic", metavar="TOPIC", help="Only this topic (e.g. straddling); its laws "
              "are then given in full.")
@click.option("--full", is_flag=True, help="Each law's whole text, not its first sentence.")
@rulebooks_option
@format_option("text", "json", "markdown")
@help_option
def diff_cmd(book_a: str, book_b: str, more: tuple[str, ...], topic: str | None, full: bool,
             rulebook_dirs: tuple[str, ...], fmt: str) -> None:
    """Set two rulebooks (or more) side by side, topic by topic.

    For each topic (the deal, the ante and blind, straddling, ... disputes: the topics the
    books' own `topics:` sections give): each book's laws (reference and first sentence;
    --full for the whole text), the settings the table takes from each book with the laws
    they rest on, and whether the books decide alike: their provisions on each finding give
    the same decision on every combination of the facts either tests. With more than two
    books, each is compared with the first.

    \b
    Examples:
      arbiter diff peel foster
      arbiter diff peel hoyle --topic straddling
      arbiter diff peel foster hoyle --topic straddling
      arbiter diff peel foster --format json
    """
    from ..render.compare import diff_markdown, diff_text
    from ..render.laws import to_json
    from ..ruling.diff import diff_books, diff_dict

    lib = library(rulebook_dirs)
    full = full or topic is not None
    d = diff_books(lib, [lib.get(b) for b in (book_a, book_b, *more)], topic)
    if fmt == "json":
        emit(to_json(diff_dict(d, full)))
    elif fmt == "markdown":
        emit(diff_markdown(d, full).rstrip("\n"))
    else:
        emit(diff_text(d, full))
