"""Which shipped cases stand beside each law: a case lists, under ``expect:``, the laws each
book's expected ruling cites (its decisions' ``cites``, exact or ``decides``, its answers'
``cites`` and the laws it must quote, ``cites_first`` and ``cites_all``). Read from the
cases' own expectations, never from a ruling: a law's cases are the ones written to
exercise it."""

from __future__ import annotations

import os
from pathlib import PurePath
from typing import Any

from ..errors import ArbiterError
from . import cache as store
from .examples import files
from .yamlsafe import parse


def cases_citing(book: str, shipped: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Law ref -> the shipped cases whose expected ruling under ``book`` cites it, by name.
    ``shipped``: the built-in books, which a case's ``expect: {all: ...}`` speaks for.

    Read through the cache, keyed by each case file's name, size and time of change (as
    the cache keys its own code): reading two hundred cases would cost ``arbiter law`` half
    a second on every start; the stat of them, a few milliseconds."""
    shown = files()  # their titles are not read: only their names and stamps key the cache
    stamps = []
    for path in shown:
        try:
            st = os.stat(path)
        except OSError:
            continue
        stamps.append(f"{PurePath(path).stem} {st.st_size} {st.st_mtime_ns}".encode())
    k = store.key(b"cases citing", book.encode(), " ".join(shipped).encode(), *stamps)
    use = store.in_use()
    hit = store.get(k) if use else None
    if hit is not None and _well_shaped(hit):
        found: dict[str, list[str]] = hit
        return found
    out = _index(shown, book, shipped)
    if use:
        store.put(k, out, _well_shaped)
    return out


def _well_shaped(data: Any) -> bool:
    return isinstance(data, dict) and all(
        isinstance(r, str) and isinstance(v, list) and all(isinstance(n, str) for n in v)
        for r, v in data.items())


def _index(shown: list[str], book: str, shipped: tuple[str, ...]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in shown:
        try:
            with open(path, encoding="utf-8") as fh:
                data = parse(fh.read(), path).data
        except (OSError, ArbiterError):
            continue  # `arbiter check` reports a broken case; the index passes over it
        expect = data.get("expect") if isinstance(data, dict) else None
        if not isinstance(expect, dict):
            continue
        keys = [book] + (["all"] if book in shipped else [])
        refs: dict[str, None] = {}  # each law once, in the order the case names them
        for key in keys:
            refs.update(dict.fromkeys(_cited(expect.get(key))))
        for ref in refs:
            out.setdefault(ref, []).append(PurePath(path).stem)
    return out


def _cited(block: Any) -> list[str]:
    """The laws one book's expectations name as cited."""
    ruling = block.get("ruling") if isinstance(block, dict) else None
    if not isinstance(ruling, dict):
        return []
    lists: list[Any] = [ruling.get("cites_first"), ruling.get("cites_all")]
    for many in ("decisions", "decides", "answers"):  # the exact list, or those it must hold
        found = ruling.get(many)
        if isinstance(found, list):
            lists += [d.get("cites") for d in found if isinstance(d, dict)]
    answer = ruling.get("answer")
    if isinstance(answer, dict):
        lists.append(answer.get("cites"))
    return [str(r) for refs in lists if isinstance(refs, list) for r in refs]
