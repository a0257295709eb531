"""The ``arbiter`` command: a thin layer of click over the library.

This is the only module that imports click. Every command takes
``--format``; every error is one line on stderr with a meaningful exit status
(0 done, 1 could not rule, 2 bad input); no traceback reaches a user unless
``ARBITER_DEBUG`` is set.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from .errors import EXIT_BAD_INPUT, ArbiterError, InputError, did_you_mean
from .rulebooks import Library, book_for

F = TypeVar("F", bound=Callable[..., Any])

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def format_option(*choices: str) -> Callable[[F], F]:
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices or ("text", "json")),
        default="text",
        show_default=True,
        help="Output for people (text), scripts (json)"
        + (" or a club's minutes (markdown)." if "markdown" in choices else "."),
    )


rulebooks_option = click.option(
    "--rulebooks",
    "rulebook_dirs",
    multiple=True,
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="A further directory of rulebooks (house rules); may be repeated. "
    "Also read from ARBITER_RULEBOOKS.",
)


def library(dirs: tuple[Path, ...]) -> Library:
    for d in dirs:
        if not d.is_dir():
            raise InputError("no such rulebook directory", file=str(d))
    return Library(dirs)


def emit(text: str) -> None:
    click.echo(text)


class CaseArg(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """A case file, or the name of a case shipped with arbiter (see `arbiter examples`)."""

    name = "case"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Path:
        if Path(value).exists():
            return Path(value)
        from .examples import resolve_case

        return resolve_case(str(value))

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        from .examples import names

        return [CompletionItem(n) for n in names() if n.startswith(incomplete)] + [
            CompletionItem(incomplete, type="file")]


CASE = CaseArg()


# The distribution is poker-arbiter (the name arbiter on the package index is another
# project's); the command is arbiter.
@click.group(context_settings=CONTEXT)
@click.version_option(None, "-V", "--version", package_name="poker-arbiter",
                      prog_name="arbiter")
def cli() -> None:
    """Settle card-table disputes the way the old authorities did.

    Rulebooks (Peel 1891, Foster, Hoffmann's Hoyle 1909, and any house rules
    built on them) are YAML data that quote the laws word for word. A CASE is a
    file, or the name of a case shipped with arbiter (`arbiter examples`).

    \b
    Examples:
      arbiter rule given-four-after-discarding-three --rulebook all
      arbiter replay peel-the-say
      arbiter new my-case.yaml
      arbiter law peel 45
      arbiter search straddle
    """


@cli.command("rulebooks", context_settings=CONTEXT)
@rulebooks_option
@format_option()
def rulebooks_cmd(rulebook_dirs: tuple[Path, ...], fmt: str) -> None:
    """List the rulebooks available, with author, year and how many laws each holds.

    \b
    Example:
      arbiter rulebooks --format json
    """
    from .render import rulebooks_table, to_json

    books = library(rulebook_dirs).all()
    if fmt == "json":
        emit(to_json([b.summary() for b in books]))
    else:
        emit(rulebooks_table(books))


@cli.command("law", context_settings=CONTEXT)
@click.argument("book")
@click.argument("ref")
@rulebooks_option
@format_option("text", "json", "markdown")
def law_cmd(book: str, ref: str, rulebook_dirs: tuple[Path, ...], fmt: str) -> None:
    """Print one law of BOOK as a citation: book, number, heading, page and text.

    REF is the law's number, or for books without numbers its short name
    (see `arbiter laws BOOK`).

    \b
    Examples:
      arbiter law peel 45
      arbiter law hoyle straddle --format json
    """
    from .render import law_markdown, law_text, to_json

    rb = library(rulebook_dirs).get(book)
    law = rb.law(ref)
    if law is None:
        raise InputError(
            f"{rb.name} has no law {ref!r}; {did_you_mean(ref, rb.refs())}"
            + (f" ({' '.join(rb.extent.split())})" if rb.extent else "")
        )
    if fmt == "json":
        emit(to_json(law.to_dict()))
    elif fmt == "markdown":
        emit(law_markdown(rb, law))
    else:
        emit(law_text(rb, law))


@cli.command("laws", context_settings=CONTEXT)
@click.argument("book")
@rulebooks_option
@format_option("text", "json", "markdown")
def laws_cmd(book: str, rulebook_dirs: tuple[Path, ...], fmt: str) -> None:
    """Print every law of BOOK, in the book's order.

    \b
    Examples:
      arbiter laws peel
      arbiter laws foster --format json
    """
    from .render import law_markdown, law_text, to_json

    rb = library(rulebook_dirs).get(book)
    if fmt == "json":
        emit(to_json([law.to_dict() for law in rb.laws]))
    elif fmt == "markdown":
        emit("\n\n".join(law_markdown(rb, law) for law in rb.laws))
    else:
        emit("\n\n".join(law_text(rb, law) for law in rb.laws))


@cli.command("search", context_settings=CONTEXT)
@click.argument("words", nargs=-1, required=True)
@click.option("--book", "books", multiple=True, metavar="BOOK", help="Search only this book.")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(min=1),
              help="Most laws to show.")
@rulebooks_option
@format_option()
def search_cmd(
    words: tuple[str, ...],
    books: tuple[str, ...],
    limit: int,
    rulebook_dirs: tuple[Path, ...],
    fmt: str,
) -> None:
    """Find laws whose text matches WORDS, best first, with the matches marked.

    \b
    Examples:
      arbiter search straddle
      arbiter search foul hand --book peel
    """
    from .render import law_text, to_json
    from .search import marked, search

    lib = library(rulebook_dirs)
    selected = [lib.get(b) for b in books] if books else lib.all()
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
    color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    left, right = ("\x1b[1;33m", "\x1b[0m") if color else ("«", "»")
    emit(
        "\n\n".join(
            law_text(lib.get(h.law.book), h.law, marked(h.law.text, h.spans, left, right))
            for h in hits
        )
    )


@cli.command("check", context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@rulebooks_option
@format_option()
def check_cmd(files: tuple[Path, ...], rulebook_dirs: tuple[Path, ...], fmt: str) -> None:
    """Validate rulebook and case files; exit 2 if any is bad.

    Each file is checked in full: YAML syntax, unknown or duplicate keys,
    types, and for rulebooks, duplicated laws and (where the sources are
    present) that every quotation is verbatim.

    Every fault found in a file is reported at once, one line each (up to 20).

    \b
    Examples:
      arbiter new my-case.yaml && arbiter check my-case.yaml
      arbiter examples peel-the-say > say.yaml && arbiter check say.yaml
    """
    from .checking import check_file, error_lines
    from .render import to_json

    results = [check_file(f, rulebook_dirs) for f in files]
    if fmt == "json":
        emit(to_json(results))
    else:
        for r in results:
            if r["ok"]:
                emit(f"{r['file']}: ok ({r['summary']})")
            else:
                for line in error_lines(r):
                    click.echo(line, err=True)
    if not all(r["ok"] for r in results):
        sys.exit(EXIT_BAD_INPUT)


@cli.command("replay", context_settings=CONTEXT)
@click.argument("case_file", metavar="CASE", type=CASE)
@click.option("--rulebook", "book", metavar="ID",
              help="Replay under this rulebook's mechanics (default: the case's own, else peel).")
@rulebooks_option
@format_option()
def replay_cmd(case_file: Path, book: str | None, rulebook_dirs: tuple[Path, ...],
               fmt: str) -> None:
    """Replay CASE step by step: each event, whose turn, stakes, cards, pool and findings.

    CASE is a case file, or the name of a shipped example (see `arbiter examples`).

    \b
    Examples:
      arbiter replay foster-betting-up-the-hands
      arbiter replay hoyle-going-better --rulebook peel --format json
    """
    from .cases import load_case
    from .render import to_json
    from .replay import replay
    from .report import replay_text

    case = load_case(case_file)
    rb = book_for(case, library(rulebook_dirs), book)
    r = replay(case, rb)
    emit(to_json(r.to_dict()) if fmt == "json" else replay_text(r))


@cli.command("rule", context_settings=CONTEXT)
@click.argument("case_file", metavar="CASE", type=CASE)
@click.option("--rulebook", "books", metavar="ID", multiple=True,
              help="Rule under this rulebook (repeat it, or 'all', to compare editions).")
@click.option("--explain", is_flag=True, help="Add the trace: which provisions were tried, "
              "on which facts, and why each was applied or set aside.")
@rulebooks_option
@format_option("text", "json", "markdown")
def rule_cmd(case_file: Path, books: tuple[str, ...], explain: bool,
             rulebook_dirs: tuple[Path, ...], fmt: str) -> None:
    """Rule on the dispute in CASE: the answer to its question first, then the
    decision, the remedy, and the law quoted.

    A case asks its question in dispute.asks, in one of these forms:
    who bets first; who has the last say; who takes the pool; must PLAYER
    show; may PLAYER ACT (any act of the events, without the -s: may C come
    in, may D take back his bet, may C ask how many A drew, may B hold the
    age); what may PLAYER do; is PLAYER's hand foul.

    CASE is a case file, or the name of a shipped example (see `arbiter examples`).
    Exit status: 0 a ruling was rendered; 1 the case could not be ruled;
    2 bad input.

    \b
    Examples:
      arbiter rule given-four-after-discarding-three
      arbiter rule four-straddles-with-a-limit-of-eight --rulebook all
      arbiter rule peel-the-say --format json --explain
    """
    from .cases import load_case
    from .judge import judge
    from .render import to_json
    from .ruling_render import ruling_markdown, ruling_text

    case = load_case(case_file)
    lib = library(rulebook_dirs)
    if "all" in books:
        chosen = [lib.get(i) for i in lib.ids()]
    elif books:
        chosen = [lib.get(i) for i in books]
    else:
        chosen = [book_for(case, lib, None)]
    rulings = [judge(case, b) for b in chosen]
    if fmt == "json":
        data = [x.to_dict(explain) for x in rulings]
        emit(to_json(data[0] if len(data) == 1 else data))
    elif fmt == "markdown":
        emit("\n".join(ruling_markdown(x) for x in rulings))
    else:
        emit(("\n\n" + "=" * 78 + "\n\n").join(ruling_text(x, explain) for x in rulings))


@cli.command("examples", context_settings=CONTEXT)
@click.argument("name", required=False)
@format_option()
def examples_cmd(name: str | None, fmt: str) -> None:
    """List the cases shipped with arbiter, or print the one called NAME to start from.

    Any command that takes a CASE also takes the name of one of these.

    \b
    Examples:
      arbiter examples
      arbiter examples peel-the-say > my-case.yaml
    """
    from .examples import example, examples, listing
    from .render import to_json

    if name is not None:
        found = example(name)
        if fmt == "json":
            emit(to_json({"name": found.name, "title": found.title, "text": found.text()}))
        else:
            click.echo(found.text(), nl=False)
    elif fmt == "json":
        emit(to_json([{"name": e.name, "title": e.title} for e in examples()]))
    else:
        emit(listing(examples()))


@cli.command("new", context_settings=CONTEXT)
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@format_option()
def new_cmd(file: Path | None, force: bool, fmt: str) -> None:
    """Write a new case to start from: a commented template, to FILE or standard output.

    The template shows the seats, dealer, blind and limit, the forms an event takes
    and a dispute, and passes `arbiter check` as it stands. An existing FILE is never
    replaced without --force.

    \b
    Examples:
      arbiter new my-case.yaml
      arbiter new > my-case.yaml
    """
    from .render import to_json
    from .template import TEMPLATE, write_template

    to_file = file is not None and str(file) != "-"
    if to_file and file is not None:
        write_template(file, force)
    if fmt == "json":
        emit(to_json({"file": str(file) if to_file else None, "text": TEMPLATE}))
    elif to_file:
        click.echo(f"wrote {file}: edit it, then 'arbiter check {file}'", err=True)
    else:
        click.echo(TEMPLATE, nl=False)


# "arbiter" alone shows the help (click 8.2 and later raise this for it).
_NO_ARGS: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning every expected failure into one line.

    Faults of the surroundings are bad input too (exit 2, one line): no stdout, an output
    that cannot be written (a full disk). Output an encoding cannot hold is written with
    replacement characters. A reader who stops reading (a broken pipe) ends it quietly, 0.
    """
    if sys.stdout is None:  # started with stdout closed ('>&-')
        _say("arbiter: error: standard output is closed; nothing can be written")
        sys.exit(EXIT_BAD_INPUT)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
    code = _run(argv)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = _reader_gone(code)
    except OSError as exc:
        _say(f"arbiter: error: cannot write the output: {exc.strerror or exc}")
        code = EXIT_BAD_INPUT
    sys.exit(code)


def _say(line: str) -> None:
    """One line on stderr, if stderr can take it."""
    try:
        if sys.stderr is not None:
            print(" ".join(line.split()), file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _reader_gone(code: int) -> int:
    """The reader stopped reading: nothing more can be written; that is no error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return code


def _run(argv: list[str] | None) -> int:
    try:
        cli.main(args=argv, prog_name="arbiter", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except _NO_ARGS as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else exc.format_message())
        return 0
    except click.UsageError as exc:
        where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
        _say(f"arbiter: error: {exc.format_message()}{where}")
        return exc.exit_code
    except click.ClickException as exc:
        _say(f"arbiter: error: {exc.format_message()}")
        return exc.exit_code
    except click.exceptions.Abort:
        _say("arbiter: aborted")
        return 130
    except ArbiterError as exc:
        if os.environ.get("ARBITER_DEBUG"):
            raise
        _say(f"arbiter: error: {exc}")
        return exc.exit_code
    except BrokenPipeError:
        return _reader_gone(0)
    except SystemExit as exc:  # a command's own exit status (check: 2 if a file is bad)
        if "PacifyFlushWrapper" in type(sys.stdout).__name__:  # click wraps stdout so
            return _reader_gone(0)  # click's answer to a broken pipe is exit 1; it is no error
        return exc.code if isinstance(exc.code, int) else 0
    except OSError as exc:  # the surroundings: a full disk, a device that fails
        if os.environ.get("ARBITER_DEBUG"):
            raise
        where = f"{exc.filename}: " if exc.filename else "cannot write the output: "
        _say(f"arbiter: error: {where}{exc.strerror or exc}")
        return EXIT_BAD_INPUT
    except Exception as exc:  # pragma: no cover - the last line of defence
        if os.environ.get("ARBITER_DEBUG"):
            raise
        _say(f"arbiter: internal error: {type(exc).__name__}: {exc} "
             "(please report it; ARBITER_DEBUG=1 shows the traceback)")
        return 3
    return 0
