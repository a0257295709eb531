"""A small on-disk cache of validated YAML, keyed by the file's own bytes.

Parsing and validating a rulebook costs more than answering from it. The
cache stores the validated data as JSON (never pickle), under a key made from
the file's bytes and the schema's, so an edited file or schema is simply a miss.
Set ``ARBITER_NO_CACHE=1`` to bypass it; ``ARBITER_CACHE_DIR`` moves it.
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path
from typing import Any

CACHE_FORMAT = "1"


def cache_dir() -> Path | None:
    if os.environ.get("ARBITER_NO_CACHE"):
        return None
    base = os.environ.get("ARBITER_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(xdg) / "arbiter"


def key(*parts: bytes) -> str:
    """A checksum of the parts (lengths, CRC-32 and Adler-32): cheap to import and compute
    at every start, and ample to tell an edited file from the one that was cached. (The
    rulebook's pinned source is checked with SHA-256 elsewhere; this only names a cache file.)
    """
    crc, adler = zlib.crc32(CACHE_FORMAT.encode()), zlib.adler32(CACHE_FORMAT.encode())
    sizes = []
    for part in parts:
        crc, adler = zlib.crc32(part, crc), zlib.adler32(part, adler)
        sizes.append(str(len(part)))
    return f"{'-'.join(sizes)}-{crc:08x}{adler:08x}"


def get(k: str) -> Any | None:
    d = cache_dir()
    if d is None:
        return None
    try:
        with (d / f"{k}.json").open(encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return None


def put(k: str, value: Any) -> None:
    d = cache_dir()
    if d is None:
        return
    import tempfile  # only on a miss: keeps it out of every cached start

    try:
        d.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=d, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(value, fh, ensure_ascii=False)
        os.replace(tmp, d / f"{k}.json")
    except OSError:
        pass  # a cache that cannot be written is only a slower start
