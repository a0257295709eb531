"""The ``arbiter`` command: a thin layer of click over the library.

This module and the commands' own (``arbiter.commands``, each imported only when its
command is run, listed or completed) are the only ones that import click. Every command takes
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

from .commands import read_afresh
from .commands.faults import reworded
from .errors import EXIT_BAD_INPUT, ArbiterError, InputError
from .law.library import Library

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
        if not os.access(d, os.R_OK | os.X_OK):
            raise InputError("cannot read the rulebook directory: permission denied", file=d)
    return Library(dirs, afresh=read_afresh)


def emit(text: str, nl: bool = True, err: bool = False, safe: bool = True) -> None:
    """Write ``text`` as it is safe to print (see arbiter.render.safe); ``safe=False``:
    text already made safe, with arbiter's own marks for the terminal in it."""
    from .render.safe import visible

    click.echo(visible(text) if safe else text, nl=nl, err=err)


def fail_line(text: str) -> None:
    from .errors import clip

    emit(clip(f"arbiter: error: {text}", 1200), err=True)


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

        from .render.safe import json_safe

        if self.fmt == "jsonl":
            emit(json_safe(json.dumps(obj, ensure_ascii=False)))
        else:
            text = json_safe(json.dumps(obj, indent=2, ensure_ascii=False))
            emit(("[\n" if not self.count else ",\n") + "  " + text.replace("\n", "\n  "),
                 nl=False)
        self.count += 1

    def close(self) -> None:
        if self.fmt == "json":
            click.echo("[]" if not self.count else "\n]")


def error_object(name: str, exc: ArbiterError) -> dict[str, Any]:
    return {"case": name, "error": str(reworded(exc)), "exit_status": exc.exit_code}


class CaseArg(_Text):
    """A case file, a directory of them, - for standard input, or the name of a case shipped
    with arbiter (see `arbiter examples`). The name is resolved as each case is read (see
    batch.expand), so that one bad name among many does not stop the others."""

    name = "case"

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        from .load.examples import names

        return [CompletionItem(n) for n in names() if n.startswith(incomplete)] + [
            CompletionItem(incomplete, type="file")]


CASE = CaseArg()
inputs_argument = click.argument("inputs", nargs=-1, required=True, metavar="CASE...",
                                 type=CASE)


# Each command's module (in arbiter.commands) and its function there. A command is built
# when it is run, listed or completed, never before: building all eleven (their options,
# their help) would cost each start more than the one that is run.
COMMANDS: dict[str, tuple[str, str]] = {
    "rulebooks": ("books", "rulebooks_cmd"), "law": ("books", "law_cmd"),
    "laws": ("books", "laws_cmd"), "search": ("books", "search_cmd"),
    "check": ("check", "check_cmd"), "replay": ("replay", "replay_cmd"),
    "rule": ("rule", "rule_cmd"), "compare": ("compare", "compare_cmd"),
    "diff": ("compare", "diff_cmd"), "examples": ("start", "examples_cmd"),
    "new": ("start", "new_cmd"),
}


class _Commands(click.Group):
    """The group of arbiter's commands, each imported from its module when first asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            from importlib import import_module

            module, name = COMMANDS[cmd_name]
            self.add_command(getattr(import_module(f"arbiter.commands.{module}"), name))
        return self.commands.get(cmd_name)


# The distribution is poker-arbiter (the name arbiter on the package index is another
# project's); the command is arbiter.
@click.group(cls=_Commands, context_settings=CONTEXT, add_help_option=False)
@version_option
@help_option
@click.option("-v", "--verbose", is_flag=True,
              help="Say on stderr what arbiter does that is not its output: that it runs "
              "without a cache, and why.")
def cli(verbose: bool) -> None:
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
    from .load import cache

    cache.verbose(verbose)












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
    from .table.batch import expand, load

    return load(expand([name], shipped=True)[0])


def run_cases(inputs: tuple[str, ...], fmt: str, label: str,
              each: Callable[[Any], tuple[list[Any], list[str]]],
              held: bool = False) -> tuple[int, int]:
    """Load each case in turn and hand it to ``each``, which gives the JSON objects and the
    texts to print; errors are one line each and the run goes on. Returns the worst status
    and the number of cases that failed."""
    from .table.batch import cases, expand

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
                    emit(("\n" + ("=" * _rule_width() + "\n\n" if fmt == "text" else "")
                          if printed else "") + text)
                    printed += 1
    if stream:
        stream.close()
    return worst, failed




def _rule_width() -> int:
    from .render.width import columns

    return columns(78)


def chosen_books(lib: Library, books: tuple[str, ...]) -> list[Any] | None:
    """The books asked for with --rulebook ('all': every one), or None for the case's own."""
    if "all" in books:
        return [lib.get(i) for i in lib.ids()]
    if books:
        return [lib.get(i) for i in books]
    return None












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
            from .errors import clip
            from .render.safe import visible

            print(visible(clip(" ".join(line.split()), 1200)), file=sys.stderr, flush=True)
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
    except click.exceptions.Abort:  # Ctrl-C where arbiter.entry has not set itself up
        _say("arbiter: interrupted")
        return 130
    except ArbiterError as exc:
        if os.environ.get("ARBITER_DEBUG"):
            raise
        _say(f"arbiter: error: {reworded(exc)}")
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
