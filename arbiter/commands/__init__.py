"""The commands of ``arbiter``, a module to each (or to a few that belong together).

``arbiter.cli`` holds the group and what the commands share; it imports a command's module
only when that command is run or listed, so a ruling does not build the other ten.
"""

from __future__ import annotations

from typing import Any


def read_afresh(raw: bytes, name: str) -> dict[str, Any]:
    """A rulebook file that is not in the cache, read as ``arbiter.law.rulebooks`` reads it:
    parsed, held strictly to the rulebook's format, checked. A command's library
    (``arbiter.cli.library``) is given this reader."""
    # Lazy: the rulebook's format is declared only when a book must be read from its file;
    # declaring it cost every ruling from the cache 21 M instructions (docs/speed.md).
    from ..law.rulebooks import read_afresh as read

    return read(raw, name)
