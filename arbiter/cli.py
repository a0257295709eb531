"""The ``arbiter`` command: a thin layer of click over the library.

This is the only module that imports click. Every command takes
``--format``; every error is one line on stderr with a meaningful exit status
(0 done, 1 could not rule, 2 bad input); no traceback reaches a user unless
``ARBITER_DEBUG`` is set.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from .errors import EXIT_BAD_INPUT, ArbiterError, InputError, did_you_mean
from .files import stem
from .rulebooks import Library, book_for

F = TypeVar("F", bound=Callable[..., Any])

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _show_help(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("poker-arbiter")
    except PackageNotFoundError:  # run from a source tree that was never installed
        from . import __version__ as number
    click.echo(f"arbiter, version {number}", color=ctx.color)
    ctx.exit()


version_option = click.option("-V", "--version", is_flag=True, expose_value=False,
                              is_eager=True, callback=_show_version,
                              help="Show the version and exit.")

# -V/--version and each command's -h/--help, given here rather than by click: click words
# its own through gettext, whose first use imports the locale module, a share of every start.
help_option = click.option("-h", "--help", is_flag=True, expose_value=False, is_eager=True,
                           callback=_show_help, help="Show this message and exit.")


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


class _Text(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """A value taken as written, checked where it is used; only its completion differs."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        return str(value)


class DirArg(_Text):
    """A directory (checked where it is used: ``library``), completed as one by the shell."""

    name = "directory"

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(incomplete, type="dir")]


DIR = DirArg()
rulebooks_option = click.option(
    "--rulebooks",
    "rulebook_dirs",
    multiple=True,
    type=DIR,
    metavar="DIR",
    help="A further directory of rulebooks (house rules); may be repeated. "
    "Also read from ARBITER_RULEBOOKS.",
)


def library(dirs: tuple[str, ...]) -> Library:
    for d in dirs:
        if not os.path.isdir(d):
            raise InputError("not a directory: expected a directory of rulebooks"
                             if os.path.exists(d) else "no such rulebook directory", file=d)
    return Library(dirs)


def emit(text: str) -> None:
    click.echo(text)


def fail_line(text: str) -> None:
    click.echo(f"arbiter: error: {text}", err=True)


def progress(items: list[Any], label: str, held: bool = False) -> Any:
    """A progress bar on stderr for a long run when stderr is a terminal (and, when output
    streams to the same terminal, not at all); otherwise the items as they are."""
    long_run = len(items) >= 50 and sys.stderr.isatty()
    if long_run and (held or not sys.stdout.isatty()):
        return click.progressbar(items, label=label, file=sys.stderr)
    return _Plain(items)


class _Plain:
    def __init__(self, items: list[Any]) -> None:
        self.items = items

    def __enter__(self) -> list[Any]:
        return self.items

    def __exit__(self, *exc: object) -> None:
        return None


class JsonStream:
    """One object per case: a JSON list (``json``) or one line each (``jsonl``), written as
    it comes so a long run never holds its results."""

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt
        self.count = 0

    def put(self, obj: Any) -> None:
        import json

        if self.fmt == "jsonl":
            click.echo(json.dumps(obj, ensure_ascii=False))
        else:
            text = json.dumps(obj, indent=2, ensure_ascii=False)
            click.echo(("[\n" if not self.count else ",\n") + "  " + text.replace("\n", "\n  "),
                       nl=False)
        self.count += 1

    def close(self) -> None:
        if self.fmt == "json":
            click.echo("[]" if not self.count else "\n]")


def error_object(name: str, exc: ArbiterError) -> dict[str, Any]:
    return {"case": name, "error": str(exc), "exit_status": exc.exit_code}


class CaseArg(_Text):
    """A case file, a directory of them, - for standard input, or the name of a case shipped
    with arbiter (see `arbiter examples`). The name is resolved as each case is read (see
    batch.expand), so that one bad name among many does not stop the others."""

    name = "case"

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        from .examples import names

        return [CompletionItem(n) for n in names() if n.startswith(incomplete)] + [
            CompletionItem(incomplete, type="file")]


CASE = CaseArg()
inputs_argument = click.argument("inputs", nargs=-1, required=True, metavar="CASE...",
                                 type=CASE)


# The distribution is poker-arbiter (the name arbiter on the package index is another
# project's); the command is arbiter.
@click.group(context_settings=CONTEXT, add_help_option=False)
@version_option
@help_option
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


@cli.command("rulebooks", context_settings=CONTEXT, add_help_option=False)
@rulebooks_option
@format_option()
@help_option
def rulebooks_cmd(rulebook_dirs: tuple[str, ...], fmt: str) -> None:
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


@cli.command("law", context_settings=CONTEXT, add_help_option=False)
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


@cli.command("laws", context_settings=CONTEXT, add_help_option=False)
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
    from .render import law_markdown, law_text, to_json

    rb = library(rulebook_dirs).get(book)
    if fmt == "json":
        emit(to_json([law.to_dict() for law in rb.laws]))
    elif fmt == "markdown":
        emit("\n\n".join(law_markdown(rb, law) for law in rb.laws))
    else:
        emit("\n\n".join(law_text(rb, law) for law in rb.laws))


@cli.command("search", context_settings=CONTEXT, add_help_option=False)
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


@cli.command("check", context_settings=CONTEXT, add_help_option=False)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@rulebooks_option
@click.option("--format", "fmt", type=click.Choice(["text", "json", "jsonl"]), default="text",
              show_default=True, help="Output for people (text), scripts (json: a list; jsonl: "
              "one object per line).")
@help_option
def check_cmd(files: tuple[str, ...], rulebook_dirs: tuple[str, ...], fmt: str) -> None:
    """Validate rulebook and case files; exit 2 if any is bad.

    Each file is checked in full: YAML syntax, unknown or duplicate keys,
    types, and for rulebooks, duplicated laws, topics and (where the sources
    are present) that every quotation is verbatim. FILE may be a directory
    (its *.yaml and *.yml files) or - for a case on standard input.

    Every fault found in a file is reported at once, one line each (up to 20).

    \b
    Examples:
      arbiter new my-case.yaml && arbiter check my-case.yaml
      arbiter examples peel-the-say > say.yaml && arbiter check say.yaml
      arbiter new > a.yaml && arbiter new > b.yaml && arbiter check . --format jsonl
    """
    from .batch import expand
    from .cache import Bypassed
    from .checking import check_file, error_lines

    stream = JsonStream(fmt) if fmt != "text" else None
    bad = False
    sources = expand(files)
    if len(sources) > 1:
        gc.enable()  # many files make garbage as they go: collect it (see main)
    with Bypassed(), progress(sources, "checking") as items:
        for s in items:
            r = ({"file": s.name, "ok": False, "error": str(s.error), **{
                k: v for k, v in s.error.to_dict().items() if k != "error"},
                  "errors": [s.error.to_dict()], "capped": False}
                 if s.error else check_file(s.name, rulebook_dirs, s.text))
            bad = bad or not r["ok"]
            if stream:
                stream.put(r)
            elif r["ok"]:
                emit(f"{r['file']}: ok ({r['summary']})")
            else:
                for line in error_lines(r):
                    click.echo(line, err=True)
    if stream:
        stream.close()
    if bad:
        sys.exit(EXIT_BAD_INPUT)


BATCH_HELP = (
    "CASE may be several files, a directory (its *.yaml and *.yml files) or - for standard "
    "input. With more than one case, --format json prints a list with one object per case "
    "(per ruling, for rule), and --format jsonl one object per line as each is made; a file "
    "that cannot be read gives its one-line error (and an object with 'error' in JSON) and "
    "the others still run. The exit status is the worst of the cases'."
)


def batch_formats(*choices: str) -> Callable[[F], F]:
    return click.option(
        "--format", "fmt", type=click.Choice(choices), default="text", show_default=True,
        help="Output for people (text), scripts (json: a list when several cases; jsonl: "
        "one object per line)" + (" or a club's minutes (markdown)." if "markdown" in choices
                                 else "."))


def one_case(name: str) -> Any:
    """The one case a command was given: its file, or the shipped example it names."""
    from .batch import expand, load

    return load(expand([name], shipped=True)[0])


def run_cases(inputs: tuple[str, ...], fmt: str, label: str,
              each: Callable[[Any], tuple[list[Any], list[str]]],
              held: bool = False) -> tuple[int, int]:
    """Load each case in turn and hand it to ``each``, which gives the JSON objects and the
    texts to print; errors are one line each and the run goes on. Returns the worst status
    and the number of cases that failed."""
    from .batch import cases, expand

    sources = expand(inputs, shipped=True)
    if len(sources) > 1:
        gc.enable()  # many cases make garbage as they go: collect it (see main)
    stream = JsonStream(fmt) if fmt in ("json", "jsonl") else None
    worst = failed = 0
    printed = 0
    with progress(sources, label, held) as items:
        for source, case in cases(items):
            try:
                if isinstance(case, ArbiterError):
                    raise case
                objects, texts = each(case)
            except ArbiterError as exc:
                fail_line(str(exc))
                worst, failed = max(worst, exc.exit_code), failed + 1
                if stream:
                    stream.put(error_object(source.name, exc))
                continue
            if stream:
                for obj in objects:
                    stream.put(obj)
            else:
                for text in texts:
                    emit(("\n" + ("=" * 78 + "\n\n" if fmt == "text" else "")
                          if printed else "") + text)
                    printed += 1
    if stream:
        stream.close()
    return worst, failed


@cli.command("replay", context_settings=CONTEXT, epilog=BATCH_HELP,
             add_help_option=False)
@inputs_argument
@click.option("--rulebook", "book", metavar="ID",
              help="Replay under this rulebook's mechanics (default: the case's own, else peel).")
@rulebooks_option
@batch_formats("text", "json", "jsonl")
@help_option
def replay_cmd(inputs: tuple[str, ...], book: str | None, rulebook_dirs: tuple[str, ...],
               fmt: str) -> None:
    """Replay CASE step by step: each event, whose turn, stakes, cards, pool and findings.

    CASE is a case file, or the name of a shipped example (see `arbiter examples`).

    \b
    Examples:
      arbiter replay foster-betting-up-the-hands
      arbiter replay hoyle-going-better --rulebook peel --format json
      arbiter replay peel-the-say hoyle-going-better --format jsonl
    """
    from .batch import is_batch
    from .render import to_json
    from .replay import replay
    from .report import replay_text

    lib = library(rulebook_dirs)
    if not is_batch(inputs) and fmt != "jsonl":
        case = one_case(inputs[0])
        r = replay(case, book_for(case, lib, book))
        emit(to_json(r.to_dict()) if fmt == "json" else replay_text(r))
        return

    def each(case: Any) -> tuple[list[Any], list[str]]:
        r = replay(case, book_for(case, lib, book))
        return ([r.to_dict()], []) if fmt != "text" else ([], [replay_text(r)])

    sys.exit(run_cases(inputs, fmt, "replaying", each)[0])


def chosen_books(lib: Library, books: tuple[str, ...]) -> list[Any] | None:
    """The books asked for with --rulebook ('all': every one), or None for the case's own."""
    if "all" in books:
        return [lib.get(i) for i in lib.ids()]
    if books:
        return [lib.get(i) for i in books]
    return None


@cli.command("rule", context_settings=CONTEXT, epilog=BATCH_HELP,
             add_help_option=False)
@inputs_argument
@click.option("--rulebook", "books", metavar="ID", multiple=True,
              help="Rule under this rulebook (repeat it, or 'all', to compare editions).")
@click.option("--explain", is_flag=True, help="Add the trace: which provisions were tried, "
              "on which facts, and why each was applied or set aside.")
@rulebooks_option
@batch_formats("text", "json", "jsonl", "markdown")
@help_option
def rule_cmd(inputs: tuple[str, ...], books: tuple[str, ...], explain: bool,
             rulebook_dirs: tuple[str, ...], fmt: str) -> None:
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
      arbiter examples peel-the-say | arbiter rule - hoyle-going-better --format jsonl
    """
    from .batch import is_batch
    from .judge import judge
    from .render import to_json
    from .ruling_render import ruling_markdown, ruling_text

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
            emit("\n".join(ruling_markdown(x) for x in found))
        else:
            emit(("\n\n" + "=" * 78 + "\n\n").join(ruling_text(x, explain) for x in found))
        return

    def each(case: Any) -> tuple[list[Any], list[str]]:
        found = rulings(case)
        if fmt in ("json", "jsonl"):
            return [x.to_dict(explain) for x in found], []
        if fmt == "markdown":
            return [], [ruling_markdown(x) for x in found]
        return [], [ruling_text(x, explain) for x in found]

    sys.exit(run_cases(inputs, fmt, "ruling", each)[0])


@cli.command("compare", context_settings=CONTEXT, add_help_option=False)
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
    from .batch import is_batch
    from .compare import compare_case
    from .compare_render import (
        comparison_markdown,
        comparison_text,
        matrix_cells,
        matrix_markdown,
        matrix_text,
        tally,
    )

    lib = library(rulebook_dirs)
    chosen = chosen_books(lib, books) or lib.all()
    if not is_batch(inputs) and fmt != "jsonl":
        from .render import to_json

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
        if not (differences and c.agree) and not (disagreements and not c.disagree):
            rows.append((stem(c.file), matrix_cells(c)))
        return [c.to_dict()], []

    worst, failed = run_cases(inputs, fmt, "comparing", each, held=fmt not in ("json", "jsonl"))
    if fmt not in ("json", "jsonl"):
        names = [b.name for b in chosen]
        summary = tally(tally_of["agree"], tally_of["part"], failed, names)
        emit(matrix_markdown(rows, names, summary).rstrip("\n") if fmt == "markdown"
             else matrix_text(rows, names, summary))
    sys.exit(max(worst, 1 if tally_of["unruled"] else 0))


@cli.command("diff", context_settings=CONTEXT, add_help_option=False)
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
    from .compare_render import diff_markdown, diff_text
    from .diff import diff_books, diff_dict
    from .render import to_json

    lib = library(rulebook_dirs)
    full = full or topic is not None
    d = diff_books(lib, [lib.get(b) for b in (book_a, book_b, *more)], topic)
    if fmt == "json":
        emit(to_json(diff_dict(d, full)))
    elif fmt == "markdown":
        emit(diff_markdown(d, full).rstrip("\n"))
    else:
        emit(diff_text(d, full))


@cli.command("examples", context_settings=CONTEXT, add_help_option=False)
@click.argument("name", required=False)
@format_option()
@help_option
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


@cli.command("new", context_settings=CONTEXT, add_help_option=False)
@click.argument("file", required=False)
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@format_option()
@help_option
def new_cmd(file: str | None, force: bool, fmt: str) -> None:
    """Write a new case to start from: a commented template, to FILE or standard output.

    The template shows the seats, dealer, blind and limit, the forms an event takes
    and a dispute, and passes `arbiter check` as it stands. An existing FILE is never
    replaced without --force.

    \b
    Examples:
      arbiter new my-case.yaml
      arbiter new > my-case.yaml
    """
    from pathlib import Path

    from .render import to_json
    from .template import TEMPLATE, write_template

    to_file = file is not None and file != "-"
    if to_file and file is not None:
        write_template(Path(file), force)
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
    # One ruling makes little garbage, and the process ends at once: collecting it while
    # the modules load costs a cold start more than most of them take to load. A run over
    # many cases turns the collector on again (run_cases).
    collecting = gc.isenabled()
    gc.disable()
    try:
        code = _run(argv)
    finally:
        if collecting:
            gc.enable()
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
