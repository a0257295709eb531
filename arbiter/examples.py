"""The cases shipped with arbiter, to read, rule on and start from.

The project's ``cases/`` are installed with the package (as ``arbiter/casebook``),
so ``arbiter examples`` can list them wherever arbiter was installed, and a CASE
argument may name one instead of a file: ``arbiter rule peel-the-say``.
"""

# No `from __future__ import annotations` here: typing.NamedTuple compiles each string
# annotation at import, a measurable share of a cold start; these annotations are
# evaluated as written.
import re
from pathlib import Path
from typing import NamedTuple

from .errors import InputError, did_you_mean
from .files import shipped_dir


class Example(NamedTuple):
    name: str  # the file's name without .yaml
    title: str
    path: Path

    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


def casebook_dir() -> Path:
    """The shipped cases: the installed copy, or the source checkout's ``cases/``."""
    return shipped_dir("casebook", "cases")


def names() -> list[str]:
    return sorted(p.stem for p in casebook_dir().glob("*.yaml"))


def title_of(path: Path) -> str:
    """A case's title, read from its ``title:`` line without parsing the whole file."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"^title:[ \t]*(.*?)[ \t]*$", text, re.M)
    if not found or not found.group(1) or found.group(1)[0] in "|>&*!":
        return ""
    import yaml  # a quoted title is unquoted as YAML would

    try:
        value = yaml.safe_load(found.group(1))
    except yaml.YAMLError:
        return found.group(1)
    return value if isinstance(value, str) else str(value)


def examples() -> list[Example]:
    """Every shipped case, by name, with its title."""
    return [Example(p.stem, title_of(p), p) for p in sorted(casebook_dir().glob("*.yaml"))]


def listing(shipped: list[Example]) -> str:
    """One line for each example: its name, then its title."""
    width = max((len(e.name) for e in shipped), default=0)
    return "\n".join(f"{e.name:<{width}}  {e.title}".rstrip() for e in shipped)


def example(name: str) -> Example:
    """One shipped case by name (``peel-the-say`` or ``peel-the-say.yaml``)."""
    stem = name[:-5] if name.endswith(".yaml") else name
    path = casebook_dir() / f"{stem}.yaml"
    if "/" in stem or not path.is_file():
        raise InputError(f"no shipped example {name!r}; {did_you_mean(stem, names())} "
                         "('arbiter examples' lists them)")
    return Example(stem, title_of(path), path)


def resolve_case(arg: str) -> Path:
    """The file a CASE argument means: the file itself where there is one, else the shipped
    example of that name. A path that is neither is left for the loader to report, with a
    hint where a shipped example has its name."""
    path = Path(arg)
    if path.exists():
        return path
    stem = path.stem if path.suffix in (".yaml", ".yml") else path.name
    shipped = casebook_dir() / f"{stem}.yaml"
    if path.parent == Path(".") and path.suffix == "" and shipped.is_file():
        return shipped
    if shipped.is_file():
        raise InputError(f"no such file; the shipped example of that name is "
                         f"'{stem}' (write the name alone to use it)", file=arg)
    if path.parent == Path(".") and path.suffix == "":
        raise InputError(f"no such file, and no shipped example {arg!r}; "
                         f"{did_you_mean(arg, names())} ('arbiter examples' lists them)",
                         file=arg)
    return path
