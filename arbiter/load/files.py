"""Reading a file the user gave: a regular file, of bounded size, as UTF-8 text.

Every file arbiter reads (a case, a rulebook, a pinned source) comes through here, so a
FIFO, a device such as ``/dev/zero``, a directory or a huge file is refused with one line
before anything is read, and a text that is not UTF-8 is named with its line and byte.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

from ..errors import InputError

if TYPE_CHECKING:
    from os import PathLike

    StrPath = str | PathLike[str]

MAX_FILE = 4 * 1024 * 1024  # bytes: a rulebook (or a file given to check) above this is refused
MAX_CASE = 512 * 1024  # bytes: a case of 500 events written out in full holds under 100 KiB
MAX_SOURCE = 16 * 1024 * 1024  # bytes: a pinned source text


def read_bytes(path: StrPath, what: str, limit: int = MAX_FILE) -> bytes:
    """A regular file's bytes, refused above ``limit`` (its size read before its content);
    a FIFO, a device or a directory is refused without being read."""

    name = os.fspath(path)
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror}", file=name) from None
    except ValueError:  # a NUL in the name: no file can bear it
        raise InputError(f"cannot read {what}: a file name holds no NUL", file=name) from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        kind = ("it is a directory" if stat.S_ISDIR(st.st_mode) else
                "it is a FIFO, not a regular file (a case on a pipe is given as -, standard "
                "input)" if stat.S_ISFIFO(st.st_mode) and what == "case" else
                "it is a FIFO, not a regular file" if stat.S_ISFIFO(st.st_mode) else
                "it is a device, not a regular file" if stat.S_ISCHR(st.st_mode) or
                stat.S_ISBLK(st.st_mode) else "not a regular file")
        raise InputError(f"cannot read {what}: {kind}", file=name)
    with os.fdopen(fd, "rb") as fh:
        if st.st_size > limit:
            raise InputError(f"the {what} is {st.st_size:,} bytes, more than the "
                             f"{limit:,} allowed", file=name)
        try:
            raw = fh.read(limit + 1)
        except OSError as exc:
            raise InputError(f"cannot read {what}: {exc.strerror}", file=name) from None
    if len(raw) > limit:
        raise InputError(f"the {what} is more than the {limit:,} bytes allowed", file=name)
    return raw


def decode(raw: bytes, name: str, what: str = "the file") -> str:
    """UTF-8 text; an error names the line and byte of the first fault."""
    head = raw[:400]  # UTF-16 without its mark: every other byte of ASCII text is NUL
    half = len(head) // 2
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or (half >= 2 and (
            head[1::2].count(0) >= half * 0.75 or head[0::2].count(0) >= half * 0.75)):
        raise InputError(f"{what} is UTF-16 text: expected UTF-8 (save it as UTF-8)",
                         file=name, line=1)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(f"not UTF-8 text: invalid byte 0x{raw[exc.start]:02x} at byte "
                         f"{exc.start} of {what}", file=name, line=line, column=col) from None
    return text[1:] if text.startswith("\ufeff") else text


def shipped_dir(installed: str, checkout: str) -> str:
    """Data shipped with arbiter: ``arbiter/INSTALLED`` in a wheel, else the source
    checkout's top-level ``CHECKOUT`` directory."""
    here = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # arbiter/
    inside = os.path.join(here, installed)
    return inside if os.path.isdir(inside) else os.path.join(os.path.dirname(here), checkout)
