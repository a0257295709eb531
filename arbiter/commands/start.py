"""A first case: ``examples`` (the shipped cases) and ``new`` (a commented template)."""

from __future__ import annotations

from pathlib import PurePath

import click

from ..cli import CONTEXT, emit, format_option, help_option, library, rulebooks_option


@click.command("examples", context_settings=CONTEXT, add_help_option=False)
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
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..load.examples import example, examples, listing
    from ..render.laws import to_json

    if name is not None:
        found = example(name)
        if fmt == "json":
            emit(to_json({"name": found.name, "title": found.title, "text": found.text()}))
        else:
            emit(found.text(), nl=False)
    elif fmt == "json":
        emit(to_json([{"name": e.name, "title": e.title} for e in examples()]))
    else:
        from ..render.width import columns

        emit(listing(examples(), columns(10_000)))


@click.command("new", context_settings=CONTEXT, add_help_option=False)
@click.argument("file", required=False)
@click.option("--house", is_flag=True, help="Write a club's house book instead of a case: "
              "a commented rulebook built on a published one (its id is FILE's name).")
@click.option("--on", "parent", metavar="ID", default="peel", show_default=True,
              help="With --house: the rulebook the house book extends.")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@rulebooks_option
@format_option()
@help_option
def new_cmd(file: str | None, house: bool, parent: str, force: bool,
            rulebook_dirs: tuple[str, ...], fmt: str) -> None:
    """Write a new case to start from: a commented template, to FILE or standard output.

    The template shows the seats, dealer, blind and limit, the forms an event takes
    and a dispute with its question, and passes `arbiter check` as it stands. An existing
    FILE is never replaced without --force.

    With --house, a club's house rules instead: a rulebook that extends a published one
    (--on, peel unless told), with the club's own law, settings and rulings to fill in,
    each commented. It passes `arbiter check` as it stands.

    \b
    Examples:
      arbiter new my-case.yaml
      arbiter new > my-case.yaml
      arbiter new --house club.yaml --on foster && arbiter check club.yaml
    """
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..render.laws import to_json
    from ..table.template import TEMPLATE, write_template

    to_file = file is not None and file != "-"
    text = TEMPLATE
    if house:
        text = _house_text(file if to_file else None, parent, rulebook_dirs)
    if to_file and file is not None:
        write_template(file, force, text)
    if fmt == "json":
        emit(to_json({"file": str(file) if to_file else None, "text": text}))
    elif to_file:
        emit(f"wrote {file}: edit it, then 'arbiter check {file}'", err=True)
    else:
        click.echo(text, nl=False)


def _house_text(file: str | None, parent: str, rulebook_dirs: tuple[str, ...]) -> str:
    """The house book FILE would hold (its id the file's name; ``club`` on standard output)."""
    # Lazy: `arbiter --help` and completion import this module; what the
    # command runs loads only when it runs.
    from ..errors import InputError
    from ..law.house import house_template
    from ..law.library import is_id

    book_id = PurePath(file).stem if file is not None else "club"
    if file is not None and (PurePath(file).suffix not in (".yaml", ".yml") or not is_id(book_id)):
        raise InputError("a house book's file is named after its id: expected a name such as "
                         "club.yaml (lower-case letters, digits, '-' or '_', beginning with a "
                         "letter)", file=file)
    return house_template(library(rulebook_dirs).get(parent), book_id)
