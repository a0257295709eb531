"""``arbiter check``: every fault of each rulebook or case file, one line each."""

from __future__ import annotations

import gc
import sys

import click

from ..cli import CONTEXT, JsonStream, emit, help_option, progress, rulebooks_option
from ..errors import EXIT_BAD_INPUT


@click.command("check", context_settings=CONTEXT, add_help_option=False)
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
    from ..load.cache import Bypassed
    from ..ruling.checking import check_file, error_lines
    from ..table.batch import expand

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
                    emit(line, err=True)
    if stream:
        stream.close()
    if bad:
        sys.exit(EXIT_BAD_INPUT)
