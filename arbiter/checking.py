"""``arbiter check``: validate a file in full and say what it is."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .errors import ArbiterError, InputError
from .rulebooks import Library, book_for, error_at, id_mismatch, read_rulebook_data
from .verbatim import check_book, sources_dir


def kind_of(path: Path) -> str:
    """``rulebook`` or ``case``, from the file's top-level keys."""
    from .files import decode, read_bytes
    from .yamlsafe import parse

    text = decode(read_bytes(path, "file"), str(path))
    if re.search(r"^(events|table) *:", text, re.M):  # a case: read again, under its caps
        return "case"
    doc = parse(text, str(path))
    if doc.data is None:
        raise InputError("the file is empty: expected a case (table, events) or a rulebook "
                         "(id, title, laws)", file=str(path), line=1)
    if isinstance(doc.data, dict) and ("events" in doc.data or "table" in doc.data):
        return "case"
    return "rulebook"


def check_file(path: Path, extra_dirs: tuple[Path, ...] = ()) -> dict[str, Any]:
    result: dict[str, Any] = {"file": str(path), "ok": False}
    try:
        kind = result["kind"] = kind_of(path)
        if kind == "case":
            from .cases import load_case
            from .replay import replay

            case = load_case(path)
            lib = Library(extra_dirs, use_cache=False)  # check never reads the cache
            book = book_for(case, lib)
            replayed = replay(case, book)  # an event that cannot happen is bad input too
            from .vocabulary import FINDINGS

            irregular = sum(1 for f in replayed.findings if not FINDINGS[f.kind].outcome)
            result["summary"] = (f"case, {len(case.events)} events; replays under {book.id} "
                                 f"with {irregular} irregularit{'y' if irregular == 1 else 'ies'}")
        else:
            data = read_rulebook_data(path, use_cache=False)
            lib = Library([path.parent, *extra_dirs], use_cache=False)
            if data["id"] != path.stem:
                raise id_mismatch(path, data["id"])
            book = lib.get(data["id"])
            sources = sources_dir()
            quoted = "quotations not checked: sources not found"
            if sources is not None and book.source_file:
                bad = check_book(book, sources)
                if bad and bad[0].what in ("source", "sha256"):
                    key = "file" if bad[0].what == "source" else "sha256"
                    raise error_at(path, ("source", key), bad[0].quote)
                if bad:
                    m = bad[0]
                    raise error_at(
                        path,
                        _quote_path(data, m.ref, m.what),
                        f"the {m.what} of law {m.ref} is not found verbatim in "
                        f"{book.source_file}; expected the words exactly as printed",
                    )
                quoted = "every quotation verbatim"
            elif not book.source_file and sources is not None:
                parents = {law.book for law in book.laws if law.book != book.id}
                bad = [m for pid in sorted(parents) for m in check_book(lib.get(pid), sources)]
                if bad:
                    raise InputError(f"the {bad[0].what} of {bad[0].book} law {bad[0].ref}, "
                                     "inherited, is not verbatim in its source", file=str(path))
                quoted = ("the club's own laws need no source; inherited quotations verbatim"
                          if parents else "house rules, no source to check")
            elif not book.source_file:
                quoted = "house rules, no source to check"
            result["summary"] = (
                f"rulebook {book.id}, {len(book.laws)} laws, "
                f"{len(book.provisions)} provisions; {quoted}"
            )
        result["ok"] = True
    except ArbiterError as exc:
        result["error"] = str(exc)
        if isinstance(exc, InputError):
            result.update({k: v for k, v in exc.to_dict().items() if k != "error"})
    return result


def _quote_path(data: dict[str, Any], ref: str, what: str) -> tuple[str | int, ...]:
    """Where in the file a quotation stands: ``laws[44].text`` or ``laws[3].footnotes[0]``."""
    for i, law in enumerate(data.get("laws", [])):
        if str(law["ref"]) == ref:
            if what.startswith("footnote "):
                return ("laws", i, "footnotes", int(what.split()[1]) - 1)
            return ("laws", i, "text")
    return ("laws",)
