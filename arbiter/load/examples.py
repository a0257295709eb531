"""The cases shipped with arbiter, to read, rule on and start from.

The project's ``cases/`` are installed with the package (as ``arbiter/casebook``),
so ``arbiter examples`` can list them wherever arbiter was installed, and a CASE
argument may name one instead of a file: ``arbiter rule peel-the-say``.
"""

from __future__ import annotations

import os
import re
from pathlib import PurePath

from msgspec import Struct

from ..errors import InputError, clip, did_you_mean
from ..terms.words import hyphenated, lines_of
from .files import shipped_dir
from .yamlsafe import parse  # a quoted title is unquoted as YAML would


class Example(Struct, frozen=True):
    """A shipped case. (A Struct, as arbiter's other records: a ``typing.NamedTuple`` is
    made at import by compiling its methods' source, which cost every ruling 1 M
    instructions, through ``arbiter.table.batch``; docs/speed.md.)"""

    name: str  # the file's name without .yaml
    title: str
    path: str

    def text(self) -> str:
        with open(self.path, encoding="utf-8") as fh:
            return fh.read()


def casebook_dir() -> str:
    """The shipped cases: the installed copy, or the source checkout's ``cases/``."""
    return shipped_dir("casebook", "cases")


def _files() -> list[str]:
    """The shipped cases' files, sorted."""
    d = casebook_dir()
    try:
        found = os.listdir(d)
    except OSError:
        return []
    return sorted(os.path.join(d, n) for n in found if n.endswith(".yaml") and n != ".yaml")


def names() -> list[str]:
    return sorted(PurePath(p).stem for p in _files())


def title_of(path: str) -> str:
    """A case's title, read from its ``title:`` line without parsing the whole file."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    found = re.search(r"^title:[ \t]*(.*?)[ \t]*$", text, re.M)
    if not found or not found.group(1) or found.group(1)[0] in "|>&*!":
        return ""

    try:
        value = parse(found.group(1), path).data
    except InputError:
        return found.group(1)
    return value if isinstance(value, str) else str(value)


def files() -> list[str]:
    """Every shipped case's file, sorted (without reading their titles)."""
    return _files()


def examples() -> list[Example]:
    """Every shipped case, by name, with its title."""
    return [Example(PurePath(p).stem, title_of(p), p) for p in _files()]


def listing(shipped: list[Example], columns: int | None = None) -> str:
    """One line for each example: its name, then its title. Within ``columns``, a title
    that will not fit beside the names is wrapped between words under itself, and where
    even that leaves no room, it goes under its name, indented."""
    width = max((len(e.name) for e in shipped), default=0)
    lines = [f"{e.name:<{width}}  {e.title}".rstrip() for e in shipped]
    if columns is None or all(len(line) <= columns for line in lines):
        return "\n".join(lines)
    room = columns - width - 2
    out = []
    for e in shipped:
        if room >= 24:
            words = lines_of(e.title, room)
            out.append(f"{e.name:<{width}}  {words[0]}".rstrip())
            out += [" " * (width + 2) + w for w in words[1:]]
        else:
            out += hyphenated(e.name, columns)
            out += ["    " + w for w in lines_of(e.title, columns - 4) if w]
    return "\n".join(out)


def example(name: str) -> Example:
    """One shipped case by name (``peel-the-say`` or ``peel-the-say.yaml``)."""
    base = name[:-5] if name.endswith(".yaml") else name
    path = os.path.join(casebook_dir(), f"{base}.yaml")
    if "/" in base or not os.path.isfile(path):
        raise InputError(f"no shipped example {clip(name, 80)!r}; {did_you_mean(base, names())} "
                         "('arbiter examples' lists them)")
    return Example(base, title_of(path), path)


def resolve_case(arg: str) -> str:
    """The file a CASE argument means: the file itself where there is one, else the shipped
    example of that name. A path that is neither is left for the loader to report, with a
    hint where a shipped example has its name."""
    if os.path.exists(arg):
        return arg
    name = os.path.basename(arg.rstrip("/")) if arg.rstrip("/") else arg
    base = PurePath(name).stem if PurePath(name).suffix in (".yaml", ".yml") else name
    shipped = os.path.join(casebook_dir(), f"{base}.yaml")
    bare = os.path.dirname(os.path.normpath(arg)) == "" and PurePath(arg).suffix == ""
    if bare and os.path.isfile(shipped):
        return shipped
    if os.path.isfile(shipped):
        raise InputError(f"no such file; the shipped example of that name is "
                         f"'{base}' (write the name alone to use it)", file=arg)
    if bare:
        raise InputError(f"no such file, and no shipped example {clip(arg, 80)!r}; "
                         f"{did_you_mean(arg, names())} ('arbiter examples' lists them)",
                         file=arg)
    return arg
