"""A path's parts as ``pathlib.PurePath`` gives them (its stem, its suffix, the path written
as pathlib writes it), without importing pathlib, which imports ``urllib.parse`` and
``ipaddress``: 13 M instructions of a ruling's start in an installed arbiter (an editable
install's finder imports pathlib anyway). On Windows, pathlib's own rules are used."""

from __future__ import annotations

import os

if os.sep != "/":  # pragma: no cover - Windows: drives, UNC shares, two separators
    from pathlib import PurePath

    def normal(path: str) -> str:
        return str(PurePath(path))

    def name_of(path: str) -> str:
        return PurePath(path).name

else:

    def normal(path: str) -> str:
        """``path`` as ``str(PurePosixPath(path))`` writes it: repeated separators and ``.``
        parts dropped, ``..`` kept, no separator at the end, ``//`` kept at the start
        (POSIX leaves its meaning to the system), ``.`` for nothing."""
        rest = path.lstrip("/")
        root = "//" if len(path) - len(rest) == 2 else "/" if rest != path else ""
        parts = [p for p in rest.split("/") if p and p != "."]
        return root + "/".join(parts) if root or parts else "."

    def name_of(path: str) -> str:
        """The last part of ``path``, as ``PurePosixPath(path).name`` gives it."""
        parts = [p for p in path.split("/") if p and p != "."]
        return parts[-1] if parts else ""


def joined(*parts: str) -> str:
    """``str(PurePath(*parts))``: a later absolute part starts the path afresh."""
    return normal(os.path.join(*parts))


def suffix(path: str) -> str:
    """The name's last ``.ext``, as ``PurePath(path).suffix``: none for ``.hidden``."""
    name = name_of(path)
    i = name.rfind(".")
    return name[i:] if 0 < i < len(name) - 1 else ""


def stem(path: str) -> str:
    """The name less its suffix, as ``PurePath(path).stem``."""
    name = name_of(path)
    i = name.rfind(".")
    return name[:i] if 0 < i < len(name) - 1 else name
