"""A first case: ``examples`` (the shipped cases) and ``new`` (a commented template)."""

from __future__ import annotations

import click

from ..cli import CONTEXT, emit, format_option, help_option


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
        emit(listing(examples()))


@click.command("new", context_settings=CONTEXT, add_help_option=False)
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
    from ..render.laws import to_json
    from ..table.template import TEMPLATE, write_template

    to_file = file is not None and file != "-"
    if to_file and file is not None:
        write_template(file, force)
    if fmt == "json":
        emit(to_json({"file": str(file) if to_file else None, "text": TEMPLATE}))
    elif to_file:
        emit(f"wrote {file}: edit it, then 'arbiter check {file}'", err=True)
    else:
        click.echo(TEMPLATE, nl=False)
