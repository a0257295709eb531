"""Many cases in one process: the files, directories and ``-`` (standard input) a command is
given, turned into cases one at a time, so that a long run holds one case at a time.

A file that cannot be loaded gives its error in its place and the run goes on; the exit
status of the run is the worst of its cases' (0 done, 1 could not rule, 2 bad input).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import PurePath
from typing import TYPE_CHECKING

from msgspec import Struct

from ..errors import EXIT_BAD_INPUT, ArbiterError, InputError
from ..load.examples import resolve_case  # only for a name that is no file
from ..load.files import MAX_CASE
from .cases import Case, load_case

if TYPE_CHECKING:
    from ..load.files import StrPath

STDIN = "-"
SUFFIXES = (".yaml", ".yml")


class Source(Struct, frozen=True):
    """One input: a file, or the text read from standard input under the name ``-``."""

    name: str
    text: str | None = None
    error: InputError | None = None


def _read_stdin(limit: int) -> str:
    """Standard input as text, read no further than a text one byte over ``limit`` can be."""
    return sys.stdin.read(limit + 1)


def expand(inputs: Iterable[StrPath],
           read_stdin: Callable[[int], str] = _read_stdin,
           shipped: bool = False) -> list[Source]:
    """Files as given, each directory's ``*.yaml`` and ``*.yml`` files (sorted, not in
    subdirectories), and ``-`` for standard input (read once). With ``shipped``, a name
    that is no file may name a case shipped with arbiter (``peel-the-say``)."""
    out: list[Source] = []
    for item in inputs:
        name = os.fspath(item)
        if name == STDIN:
            out.append(_stdin(read_stdin(MAX_CASE)))
            continue
        if os.path.isdir(name):
            files = sorted(f for f in (str(PurePath(name, n)) for n in os.listdir(name))
                           if PurePath(f).suffix in SUFFIXES and os.path.isfile(f))
            if not files:
                out.append(Source(name, error=InputError(
                    "the directory holds no *.yaml or *.yml files", file=name)))
            out += [Source(str(f)) for f in files]
        elif shipped and not os.path.exists(name):
            out.append(_shipped(name))
        else:
            out.append(Source(name))
    return out


def _stdin(text: str) -> Source:
    """The case read from standard input, refused above the size allowed a case file."""
    if len(text) > MAX_CASE or len(text.encode("utf-8", "surrogatepass")) > MAX_CASE:
        return Source("<stdin>", error=InputError(
            f"the case is more than the {MAX_CASE:,} bytes allowed", file="<stdin>"))
    return Source("<stdin>", text)


def _shipped(name: str) -> Source:
    """The shipped example a name means, or the error that says there is none."""

    try:
        return Source(resolve_case(name))
    except InputError as exc:
        return Source(name, error=exc)


def is_batch(inputs: Iterable[StrPath]) -> bool:
    """More than one input, or any that may stand for several (a directory, ``-``)."""
    items = [os.fspath(i) for i in inputs]
    return len(items) != 1 or items[0] == STDIN or os.path.isdir(items[0])


def load(source: Source) -> Case:
    if source.error is not None:
        raise source.error
    return load_case(source.name, source.text)


def cases(sources: Iterable[Source]) -> Iterator[tuple[Source, Case | ArbiterError]]:
    """Each source with its case, or the error that stops it from loading."""
    for s in sources:
        try:
            yield s, load(s)
        except ArbiterError as exc:
            yield s, exc


def exit_status(exc: ArbiterError | None) -> int:
    return 0 if exc is None else getattr(exc, "exit_code", EXIT_BAD_INPUT)
