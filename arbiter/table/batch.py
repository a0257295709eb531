"""Many cases in one process: the files, directories and ``-`` (standard input) a command is
given, turned into cases one at a time, so that a long run holds one case at a time.

A file that cannot be loaded gives its error in its place and the run goes on; the exit
status of the run is the worst of its cases' (0 done, 1 could not rule, 2 bad input).
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import PurePath
from typing import TYPE_CHECKING

from msgspec import Struct

from ..errors import EXIT_BAD_INPUT, ArbiterError, InputError
from ..load.examples import resolve_case  # only for a name that is no file
from ..load.files import MAX_CASE, decode
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


def _read_stdin(limit: int) -> bytes | str:
    """Standard input's bytes, read no further than one byte over ``limit``: decoded as
    UTF-8 by arbiter (as a file is), whatever the locale or ``PYTHONIOENCODING`` says. A
    text stream put in its place (a test's) is read as text."""
    if sys.stdin is None:
        raise InputError("standard input is closed: expected a case on it", file="<stdin>")
    stream = getattr(sys.stdin, "buffer", None)
    try:
        return stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 1)
    except OSError as exc:
        raise InputError(f"cannot read standard input: {exc.strerror}",
                         file="<stdin>") from None


def expand(inputs: Iterable[StrPath],
           read_stdin: Callable[[int], bytes | str] = _read_stdin,
           shipped: bool = False) -> list[Source]:
    """Files as given, each directory's ``*.yaml`` and ``*.yml`` files (sorted, not in
    subdirectories), and ``-`` for standard input (read once). With ``shipped``, a name
    that is no file may name a case shipped with arbiter (``peel-the-say``)."""
    out: list[Source] = []
    for item in inputs:
        name = os.fspath(item)
        if name == STDIN and any(s.name == "<stdin>" for s in out):
            out.append(Source("<stdin>", error=InputError(
                "standard input is given more than once: it holds one case", file="<stdin>")))
            continue
        if name == STDIN:
            try:
                out.append(_stdin(read_stdin(MAX_CASE)))
            except InputError as exc:
                out.append(Source("<stdin>", error=exc))
            continue
        if os.path.isdir(name):
            out += _directory(name)
        elif shipped and not os.path.exists(name):
            out.append(_shipped(name))
        else:
            out.append(Source(name))
    return out


def _directory(name: str) -> list[Source]:
    """The ``*.yaml`` and ``*.yml`` files of a directory, sorted; an entry so named that is
    no regular file (a link to nothing, a link loop, a FIFO, a device, a directory) is named
    in its place with the reason it is skipped, so that the run's status says so."""
    try:
        names = os.listdir(name)
    except OSError as exc:
        return [Source(name, error=InputError(f"cannot read the directory: {exc.strerror}",
                                              file=name))]
    found = []
    for f in sorted(str(PurePath(name, n)) for n in names if PurePath(n).suffix in SUFFIXES):
        why = _not_a_case_file(f)
        found.append(Source(f) if why is None else Source(f, error=InputError(
            f"skipped: {why}, not a case file", file=f)))
    if not found:
        return [Source(name, error=InputError("the directory holds no *.yaml or *.yml files",
                                              file=name))]
    return found


def _not_a_case_file(path: str) -> str | None:
    """Why the entry at ``path`` is no regular file (following links), or None."""

    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symbolic link in a loop"
        if exc.errno == errno.ENOENT and os.path.islink(path):
            return "a symbolic link to nothing"
        return f"it cannot be read ({exc.strerror})"
    if stat.S_ISREG(mode):
        return None
    for test, what in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return what + (" behind a symbolic link" if os.path.islink(path) else "")
    return "a special file"


def _stdin(data: bytes | str) -> Source:
    """The case read from standard input, refused above the size allowed a case file; its
    bytes decoded as a file's are, a bad one named by its line and byte offset."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > MAX_CASE:
        return Source("<stdin>", error=InputError(
            f"the case is more than the {MAX_CASE:,} bytes allowed", file="<stdin>"))
    if isinstance(data, bytes):
        try:
            data = decode(data, "<stdin>", "standard input")
        except InputError as exc:
            return Source("<stdin>", error=exc)
    return Source("<stdin>", data)


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
