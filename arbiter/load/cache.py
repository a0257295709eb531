"""A small on-disk cache of validated rulebooks and cases: it can make a start faster, never
a ruling different.

Parsing and validating a rulebook costs more than answering from it, and a case's YAML
costs the import of PyYAML. The cache keeps the validated data as JSON (never pickle) in
a file named by a hash of the file's bytes (a case's name too) and the code that reads
them (arbiter's version and its modules, the formats among them, from which the published
schemas are generated), so an edited file or module is simply a miss. Each entry starts
with a header line holding its key and a digest of the key and the data that follows; an
entry whose header, digest, size or shape is wrong in any way is ignored and rebuilt.

Checking an entry's shape again costs more than reading it, so the writer checks once:
before writing, it reads the entry back from the very bytes it writes and runs the
reader's checks on it, and marks the entry ``verified`` in its header only if they pass.
A reader does not use a rulebook's entry not so marked (one written by an older
arbiter, or by anything else): the book is read afresh from its file, and the entry
written again. What such a mark cannot stop is a forgery by the
user's own account, which could as well edit the rulebooks themselves.

An entry is read only from a directory and a file owned by the user and writable by nobody
else. Set ``ARBITER_NO_CACHE=1`` to bypass the cache; ``ARBITER_CACHE_DIR`` moves it.

The cache is kept in the platform's place for it, and only at an absolute path: on Linux
and the like, by the XDG rules, ``$XDG_CACHE_HOME/arbiter`` if that is an absolute path
(a relative one is ignored, as the rules say), else ``$HOME/.cache/arbiter``; on macOS
``~/Library/Caches/arbiter``; on Windows ``%LOCALAPPDATA%\\arbiter\\Cache``. With no
usable home (``HOME`` empty, relative or ``/``, and none in the password database) there
is no cache, never one in the working directory; ``arbiter --verbose`` says so, once.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Callable
from importlib.util import source_hash
from typing import Any

import msgspec

from .. import __version__

try:  # the password database: not on Windows
    import pwd
except ImportError:  # pragma: no cover - Windows
    pwd = None  # type: ignore[assignment]


CACHE_FORMAT = b"arbiter-cache-4"  # 4: a rulebook's lines within its data
MAX_ENTRY = 16 * 1024 * 1024  # bytes; far beyond any real rulebook's entry


class Bypassed:
    """``with cache.Bypassed():`` nothing within reads or writes the cache (``check``)."""

    depth = 0

    def __enter__(self) -> None:
        Bypassed.depth += 1

    def __exit__(self, *exc: object) -> None:
        Bypassed.depth -= 1


def in_use() -> bool:
    """Whether entries may be read and written here and now."""
    return not Bypassed.depth and cache_dir() is not None


VERBOSE: list[bool] = []  # [True]: say on stderr why there is no cache (arbiter --verbose)
_SAID: set[str] = set()


def verbose(on: bool) -> None:
    """Whether to say why there is no cache, once in this run (``arbiter --verbose``)."""
    VERBOSE[:] = [on]
    _SAID.clear()


def cache_dir() -> str | None:
    """The cache's directory, always an absolute path, or None for no cache."""
    if os.environ.get("ARBITER_NO_CACHE") or Bypassed.depth:
        return None
    found, why = _place()
    if found is None and VERBOSE and VERBOSE[0] and why not in _SAID:
        _SAID.add(why)
        with contextlib.suppress(OSError, ValueError, AttributeError):
            sys.stderr.write(f"arbiter: no cache: {why}\n")
    return found


def _place() -> tuple[str | None, str]:
    """Where the platform keeps a cache (see above), or None and the reason there is none."""
    base = os.environ.get("ARBITER_CACHE_DIR")
    if base:
        if os.path.isabs(base):
            return base, ""
        return None, f"ARBITER_CACHE_DIR is not an absolute path ({base!r})"
    if sys.platform == "win32":  # pragma: no cover - Windows
        local = os.environ.get("LOCALAPPDATA", "")
        if os.path.isabs(local):
            return os.path.join(local, "arbiter", "Cache"), ""
        return None, "LOCALAPPDATA is not set to an absolute path"
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg) and sys.platform != "darwin":
        return os.path.join(xdg, "arbiter"), ""
    home, said = _home()
    if home is None:
        return None, (f"no usable home directory ({said}); set XDG_CACHE_HOME or "
                      "ARBITER_CACHE_DIR to an absolute path to have one")
    if sys.platform == "darwin":  # pragma: no cover - macOS
        return os.path.join(home, "Library", "Caches", "arbiter"), ""
    return os.path.join(home, ".cache", "arbiter"), ""


def _home() -> tuple[str | None, str]:
    """The user's home, if it is an absolute path other than the root: ``HOME``, or where
    it is unset the password database's, as ``os.path.expanduser`` takes it; else None and
    what was found."""
    home = os.environ.get("HOME")
    said = f"HOME is {home!r}"
    if home is None:
        said = "HOME is not set, and the password database gives no home"
        if pwd is None:  # pragma: no cover - Windows
            return None, said
        try:
            home = pwd.getpwuid(os.getuid()).pw_dir
        except (KeyError, OSError):
            return None, said
        said = f"HOME is not set, and the password database gives {home!r}"
    return (home if os.path.isabs(home) and home.strip("/") else None), said


def digest(*parts: bytes) -> str:
    """The hash of the parts, each prefixed by its length (so no two splits collide), as
    Python keys its hash-checked byte-code by its source (``importlib.util.source_hash``,
    64 bits of SipHash): what tells a file changed for a cache of what was made from it.
    It is no secret and need not be (an entry is read only from the user's own directory,
    which no one else may write). ``hashlib`` loads OpenSSL's bindings to give BLAKE2b:
    10.5 M instructions on every start, a fortieth of a ruling's (docs/speed.md)."""
    return source_hash(b"".join(len(part).to_bytes(8, "big") + part for part in parts)).hex()


_CODE: list[bytes] = []


def _code() -> bytes:
    """What identifies the code that builds and checks an entry: arbiter's version, and the
    name, size and time of change of every module of the package and its subpackages (an
    edited module is a new key; reading their source would cost every start)."""
    if _CODE:
        return _CODE[0]

    parts = [__version__.encode()]
    folders = [os.path.dirname(os.path.abspath(__file__))]
    for folder in folders:  # the package, then each of its subpackages as it is found
        try:
            with os.scandir(folder) as found:
                for e in sorted(found, key=lambda e: e.name):
                    if e.name.endswith(".py"):
                        st = e.stat()
                        parts.append(f"{e.name} {st.st_size} {st.st_mtime_ns}".encode())
                    elif e.is_dir() and os.path.isfile(os.path.join(e.path, "__init__.py")):
                        folders.append(e.path)
        except OSError:  # an install without sources: the version alone
            parts.append(folder.encode())
    _CODE.append(digest(*parts).encode())
    return _CODE[0]


def key(*parts: bytes) -> str:
    """The name of the entry for these inputs (the file's bytes)."""
    return digest(CACHE_FORMAT, _code(), *parts)


def _trusted(st: os.stat_result) -> bool:
    """Owned by this user and writable by nobody else (where the system has owners)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:  # pragma: no cover - Windows
        return True
    return st.st_uid == getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def get(k: str) -> Any | None:
    """The data stored under ``k``, or None on a miss or any doubt about the entry."""
    found = entry(k)
    return None if found is None else found[0]


def entry(k: str) -> tuple[Any, bool] | None:
    """The data stored under ``k`` and whether its writer read it back and found it good
    (see ``put``); None on a miss or any doubt about the entry."""
    d = cache_dir()
    if d is None:
        return None
    try:
        if not _trusted(os.stat(d)):
            return None
        fd = os.open(os.path.join(d, f"{k}.json"), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_NONBLOCK", 0))
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_ENTRY or not _trusted(st):
            os.close(fd)
            return None
        with os.fdopen(fd, "rb") as fh:
            raw = fh.read(MAX_ENTRY + 1)
        header, sep, body = raw.partition(b"\n")
        if not sep:
            return None
        head = msgspec.json.decode(header)
        if not isinstance(head, dict) or head.get("key") != k or \
                head.get("digest") != digest(k.encode(), body):
            return None
        return msgspec.json.decode(body), head.get("verified") is True
    except (OSError, ValueError, RecursionError, MemoryError, msgspec.MsgspecError):
        return None


def put(k: str, value: Any, verify: Callable[[Any], bool] | None = None,
        checked: bool = False) -> None:
    """Store ``value`` under ``k``. With ``verify``, the entry is first read back from the
    very bytes to be written and given to it: an entry it rejects is not written, and one
    it accepts is marked verified, so that a reader may trust the check already made
    instead of making it again on every start.

    ``checked``: the value has passed the reader's checks already (the rulebook just
    validated, strictly, against a format every type of which JSON gives back as it was
    given: text, whole numbers, bounded numbers, true and false, null, lists and mappings
    keyed by text; a test holds the rulebook's format to that). What is read back is then
    the value itself, and the entry is marked verified without reading it back: making
    the reader's checks again cost a first run 4 M instructions, and reading the entry back
    to compare its bytes 3.6 M more (docs/speed.md)."""
    d = cache_dir()
    if d is None:
        return

    try:
        body = msgspec.json.encode(value)
        head: dict[str, Any] = {"key": k, "digest": digest(k.encode(), body)}
        if verify is not None and not verify(msgspec.json.decode(body)):
            return
        if verify is not None or checked:
            head["verified"] = True
        header = msgspec.json.encode(head)
        os.makedirs(d, mode=0o700, exist_ok=True)
        # The temporary file's name begins with a prefix of this write's own, so that an
        # interrupt that comes as tempfile makes it (the file there, its name not yet
        # returned) is caught below and the file found and taken away all the same:
        # nothing half written is left behind.
        prefix = f"tmp{os.urandom(6).hex()}-"
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(suffix=".tmp", prefix=prefix, dir=d)
            with os.fdopen(fd, "wb") as fh:
                fh.write(header + b"\n" + body)
            os.replace(tmp, os.path.join(d, f"{k}.json"))
        except BaseException:
            for name in [tmp] if tmp else _named(d, prefix):
                with contextlib.suppress(OSError):
                    os.unlink(name)
            raise
    except (OSError, ValueError, RecursionError, msgspec.MsgspecError):
        pass  # a cache that cannot be written is only a slower start


def _named(d: str, prefix: str) -> list[str]:
    """The files in ``d`` whose names begin with ``prefix``."""
    try:
        return [os.path.join(d, n) for n in os.listdir(d) if n.startswith(prefix)]
    except OSError:
        return []
