"""``arbiter rule``: the ruling on a case's dispute."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..cli import (
    BATCH_HELP,
    CONTEXT,
    batch_formats,
    chosen_books,
    emit,
    help_option,
    inputs_argument,
    library,
    one_case,
    rulebooks_option,
    run_cases,
)
from ..law.library import book_for


@click.command("rule", context_settings=CONTEXT, epilog=BATCH_HELP,
             add_help_option=False)
@inputs_argument
@click.option("--rulebook", "books", metavar="ID", multiple=True,
              help="Rule under this rulebook (repeat it, or 'all', to compare editions).")
@click.option("--explain", is_flag=True, help="Add the trace: which provisions were tried, "
              "on which facts, and why each was applied or set aside.")
@click.option("--picture/--no-picture", default=None, help="Head each ruling with a "
              "picture of the table (default: on a terminal wide enough for it).")
@rulebooks_option
@batch_formats("text", "json", "jsonl", "markdown")
@help_option
def rule_cmd(inputs: tuple[str, ...], books: tuple[str, ...], explain: bool,
             picture: bool | None, rulebook_dirs: tuple[str, ...], fmt: str) -> None:
    """Rule on the dispute in CASE: the answer to its question first, then the
    decision, the remedy, and the law quoted.

    A case asks its question in dispute.asks, in one of these forms:
    who bets first; who has the last say; who takes the pool; must PLAYER
    show; may PLAYER ACT (any act of the events, without the -s: may C come
    in, may D take back his bet, may C ask how many A drew, may B hold the
    age); what may PLAYER do; is PLAYER's hand foul; who deals next; what
    must PLAYER put in (to come in, to stay, to call, to open); whose word
    settles it. dispute.asks may be a list: each question is answered in
    turn, each first with its law.

    CASE is a case file, or the name of a shipped example (see `arbiter examples`).
    Exit status: 0 a ruling was rendered; 1 the case could not be ruled;
    2 bad input.

    \b
    Examples:
      arbiter rule given-four-after-discarding-three
      arbiter rule four-straddles-with-a-limit-of-eight --rulebook all
      arbiter rule peel-the-say --format json --explain
      arbiter examples peel-the-say | arbiter rule - hoyle-going-better --format jsonl
    """
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..render.laws import to_json
    from ..render.ruling import ruling_markdown, ruling_text
    from ..ruling.judge import judge
    from ..table.batch import is_batch

    lib = library(rulebook_dirs)
    fixed = chosen_books(lib, books)

    def rulings(case: Any) -> list[Any]:
        return [judge(case, b) for b in (fixed or [book_for(case, lib, None)])]

    if not is_batch(inputs) and fmt != "jsonl":
        found = rulings(one_case(inputs[0]))
        if fmt == "json":
            data = [x.to_dict(explain) for x in found]
            emit(to_json(data[0] if len(data) == 1 else data))
        elif fmt == "markdown":
            emit("\n".join(ruling_markdown(x, explain) for x in found))
        else:
            emit(_texts(found, explain, picture))
        return

    def each(case: Any) -> tuple[list[Any], list[str]]:
        found = rulings(case)
        if fmt in ("json", "jsonl"):
            return [x.to_dict(explain) for x in found], []
        if fmt == "markdown":
            return [], [ruling_markdown(x, explain) for x in found]
        drawn = _pictures(found) if picture else [""] * len(found)
        return [], [p + ruling_text(x, explain) for p, x in zip(drawn, found, strict=True)]

    sys.exit(run_cases(inputs, fmt, "ruling", each)[0])


def _texts(found: list[Any], explain: bool, picture: bool | None) -> str:
    """The rulings in text: under several books, a line to each book first; each headed by
    the picture of the table where asked for, or where the terminal has room for it."""
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..render.laws import WIDTH
    from ..render.ruling import ruling_text, summary_lines
    from ..render.width import columns

    if picture is None:  # a picture 72 wide, for a person at a terminal with room for it
        picture = sys.stdout.isatty() and columns(72) >= 72
    drawn = _pictures(found) if picture else [""] * len(found)
    texts = [p + ruling_text(x, explain) for p, x in zip(drawn, found, strict=True)]
    rule = "\n\n" + "=" * columns(WIDTH) + "\n\n"
    head = ["\n".join(summary_lines(found))] if len(found) > 1 else []
    return rule.join([*head, *texts])


def _pictures(found: list[Any]) -> list[str]:
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..render.picture import picture_text

    return [picture_text(x.replay, x.replay.steps[-1]) + "\n\n" for x in found]
