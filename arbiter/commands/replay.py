"""``arbiter replay``: a case step by step."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..cli import (
    BATCH_HELP,
    CONTEXT,
    batch_formats,
    emit,
    help_option,
    inputs_argument,
    library,
    one_case,
    rulebooks_option,
    run_cases,
)
from ..law.library import book_for


@click.command("replay", context_settings=CONTEXT, epilog=BATCH_HELP,
             add_help_option=False)
@inputs_argument
@click.option("--rulebook", "book", metavar="ID",
              help="Replay under this rulebook's mechanics (default: the case's own, else peel).")
@click.option("--picture", is_flag=True, help="Draw the table at the disputed moment (the "
              "last step, or --at N): the seats round it, the dealer, the age, who is out, "
              "each stake and the pool; in text, or SVG with --format svg.")
@click.option("--at", "at", type=int, metavar="N", help="With --picture: the table after step "
              "N (0: before the deal).")
@rulebooks_option
@batch_formats("text", "json", "jsonl", "svg")
@help_option
def replay_cmd(inputs: tuple[str, ...], book: str | None, picture: bool, at: int | None,
               rulebook_dirs: tuple[str, ...], fmt: str) -> None:
    """Replay CASE step by step: each event, whose turn, stakes, cards, pool and findings.

    CASE is a case file, or the name of a shipped example (see `arbiter examples`).

    \b
    Examples:
      arbiter replay foster-betting-up-the-hands
      arbiter replay hoyle-going-better --picture
      arbiter replay peel-the-say --picture --at 12 --format svg > table.svg
      arbiter replay hoyle-going-better --rulebook peel --format json
      arbiter replay peel-the-say hoyle-going-better --format jsonl
    """
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..render.laws import to_json
    from ..render.replay import replay_text
    from ..ruling.course import course
    from ..table.batch import is_batch

    lib = library(rulebook_dirs)
    if picture or at is not None or fmt == "svg":
        _picture(inputs, book, lib, at, fmt)
        return
    if not is_batch(inputs) and fmt != "jsonl":
        case = one_case(inputs[0])
        r = course(case, book_for(case, lib, book))[0]  # the table as its rulings leave it
        emit(to_json(r.to_dict()) if fmt == "json" else replay_text(r))
        return

    def each(case: Any) -> tuple[list[Any], list[str]]:
        r = course(case, book_for(case, lib, book))[0]
        return ([r.to_dict()], []) if fmt != "text" else ([], [replay_text(r)])

    sys.exit(run_cases(inputs, fmt, "replaying", each)[0])


def _picture(inputs: tuple[str, ...], book: str | None, lib: Any, at: int | None,
             fmt: str) -> None:
    """``--picture``: the table of one case at one step, in text or SVG."""
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..errors import InputError
    from ..render.picture import picture_svg, picture_text, step_at
    from ..ruling.course import course
    from ..table.batch import is_batch

    if is_batch(inputs):
        raise InputError("--picture draws one case: give one CASE")
    if fmt not in ("text", "svg"):
        raise InputError(f"--picture is drawn in text or svg, not {fmt}")
    case = one_case(inputs[0])
    r = course(case, book_for(case, lib, book))[0]  # the table as its rulings leave it
    s = step_at(r, at)
    emit(picture_svg(r, s) if fmt == "svg" else picture_text(r, s))
