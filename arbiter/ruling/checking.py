"""``arbiter check``: validate a file in full and say what it is.

A file is checked for every fault that can be found in one run: each schema
fault, and each event that cannot be read, is reported on its own line (up to
``MAX_ERRORS``), so a case written at the table is put right in one pass.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

from ..errors import ArbiterError, InputError
from ..law.laws import Rulebook
from ..law.rulebooks import (
    Library,
    book_for,
    error_at,
    id_mismatch,
    is_id,
    read_rulebook_data,
)
from ..law.verbatim import check_book, sources_dir

MAX_ERRORS = 20  # past this many faults in one file, the rest wait for the next run

Where = tuple[str | int, ...]


class Faults(InputError):
    """Several faults found in one file; ``str()`` is the first."""

    def __init__(self, errors: list[InputError], capped: bool) -> None:
        first = errors[0]
        super().__init__(first.message, file=first.file, line=first.line,
                         column=first.column, path=first.path)
        self.errors = errors
        self.capped = capped


def _document(path: Path) -> Any:
    from ..load.files import decode, read_bytes
    from ..load.yamlsafe import parse

    return parse(decode(read_bytes(path, "file"), str(path)), str(path))


def _case_document(path: Path, text: str | None = None) -> Any:
    """A case as ``load_case`` reads it, under a case's caps, its events counted first
    (``text``: its contents, when they were read already, as from standard input)."""
    from ..load.files import MAX_CASE, decode, read_bytes
    from ..load.shape import case_size
    from ..load.yamlsafe import MAX_CASE_VALUES, parse

    if text is None:
        text = decode(read_bytes(path, "case", MAX_CASE), str(path))
    doc = parse(text, str(path), MAX_CASE_VALUES)
    case_size(doc)  # before the schema check spends seconds on 100,000 events
    return doc


def kind_of(path: Path, text: str | None = None) -> str:
    """``rulebook`` or ``case``, from the file's top-level keys (``text``: its contents,
    when they were read already, as from standard input)."""
    from ..load.files import decode, read_bytes
    from ..load.yamlsafe import parse

    if text is None:
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


def check_file(file: str | Path, extra_dirs: tuple[str | Path, ...] = (),
               text: str | None = None) -> dict[str, Any]:
    """Check one file in full: ``ok`` and a summary, or the errors it holds."""
    path = Path(file)
    result: dict[str, Any] = {"file": str(path), "ok": False}
    try:
        if text is None and not path.exists() and is_id(str(file)):
            path = Path(_book_file(str(file), extra_dirs))  # `arbiter check peel`
            result["path"] = str(path)
        kind = result["kind"] = kind_of(path, text)
        if kind == "rulebook" and text is not None:
            raise InputError("a rulebook is checked from its file (named after its id), not "
                             "from standard input", file=str(path))
        result["summary"] = (_check_case(path, extra_dirs, text) if kind == "case"
                             else _check_rulebook(path, extra_dirs))
        result["ok"] = True
    except ArbiterError as exc:
        result["error"] = str(exc)
        if isinstance(exc, InputError):
            result.update({k: v for k, v in exc.to_dict().items() if k != "error"})
        many = exc.errors if isinstance(exc, Faults) else [exc]
        result["errors"] = [e.to_dict() if isinstance(e, InputError) else {"error": str(e)}
                            for e in many]
        result["capped"] = isinstance(exc, Faults) and exc.capped
    return result


def _book_file(book_id: str, extra_dirs: tuple[str | Path, ...]) -> str:
    """The file of the rulebook a FILE argument names by its id (no file of that name
    being there): a published book, a club's in ``--rulebooks``, or a shipped example."""
    try:
        return Library(extra_dirs, use_cache=False).path_of(book_id)
    except InputError as exc:
        raise InputError(f"no such file, and {exc.message}", file=book_id) from None


def _check_case(path: Path, extra_dirs: tuple[str | Path, ...], text: str | None) -> str:
    """Every fault of a case file at once, then its replay; the summary of a good one."""
    from ..table.cases import load_case
    from ..table.replay import replay
    from ..terms.vocabulary import FINDINGS

    _raise_all(_case_faults(_case_document(path, text)))
    case = load_case(path, text)
    lib = Library(extra_dirs, use_cache=False)  # check never reads the cache
    book = book_for(case, lib)
    replayed = replay(case, book)  # an event that cannot happen is bad input too
    irregular = sum(1 for f in replayed.findings if not FINDINGS[f.kind].outcome)
    return (f"case, {len(case.events)} events; replays under {book.id} "
            f"with {irregular} irregularit{'y' if irregular == 1 else 'ies'}")


def _check_rulebook(path: Path, extra_dirs: tuple[str | Path, ...]) -> str:
    """Every schema fault of a rulebook at once, then its references, topics and
    quotations; the summary of a good one."""
    from ..law.topics import topics_of
    from ..load.validate import problems

    doc = _document(path)
    if isinstance(doc.data, dict):
        _raise_all([e for _, e in problems(doc, "rulebook", MAX_ERRORS + 1)])
    data = read_rulebook_data(path, use_cache=False)
    lib = Library([path.parent, *extra_dirs], use_cache=False)
    if data["id"] != path.stem:
        raise id_mismatch(path, data["id"])
    book = lib.get(data["id"])
    topics_of(lib, book)  # every law and parameter a topic names exists
    quoted = _check_quotations(path, data, book, lib)
    return (f"rulebook {book.id}, {len(book.laws)} laws, "
            f"{len(book.provisions)} provisions; {quoted}")


def _check_quotations(path: Path, data: dict[str, Any], book: Rulebook, lib: Library) -> str:
    """Each law quoted verbatim from the book's source (or, for a house book, its parents'),
    where the sources are present; what was checked, in words."""
    sources = sources_dir()
    if sources is not None and book.source_file:
        bad = check_book(book, sources, pinned=False)
        other = bool(bad) and bad[0].what == "sha256"  # a text the reader fetched himself
        bad = bad[1:] if other else bad
        if bad and bad[0].what == "source":
            raise error_at(path, ("source", "file"), bad[0].quote)
        if bad:
            m = bad[0]
            raise error_at(
                path,
                _quote_path(data, m.ref, m.what),
                f"the {m.what} of law {m.ref} is not found verbatim in "
                f"{book.source_file}; expected the words exactly as printed"
                + (" (the file is not the pinned copy: its sha256 differs)" if other else ""),
            )
        if other:
            return (f"every quotation verbatim in {sources / book.source_file}, which is not "
                    "the pinned copy (its sha256 differs)")
        return "every quotation verbatim"
    if not book.source_file and sources is not None:
        parents = {law.book for law in book.laws if law.book != book.id}
        bad = [m for pid in sorted(parents) for m in check_book(lib.get(pid), sources)]
        if bad:
            raise InputError(f"the {bad[0].what} of {bad[0].book} law {bad[0].ref}, "
                             "inherited, is not verbatim in its source", file=str(path))
        return ("the club's own laws need no source; inherited quotations verbatim"
                if parents else "house rules, no source to check")
    if not book.source_file:
        return "house rules, no source to check"
    return "quotations not checked: sources not found"


def error_lines(result: dict[str, Any]) -> list[str]:
    """What ``check`` prints for a file that is not ok: one line for each fault."""
    lines = []
    for e in result.get("errors", []):
        where = {k: e.get(k) for k in ("file", "line", "column")}
        lines.append(str(InputError(str(e["error"]), **where, path=e.get("path") or "")))
    if result.get("capped"):
        lines.append(f"{result['file']}: stopped after {len(lines)} errors; "
                     "fix these and check again")
    return lines or [result.get("error", "")]


def _raise_all(errors: list[InputError]) -> None:
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise Faults(errors[:MAX_ERRORS], capped=len(errors) > MAX_ERRORS)


def _case_faults(doc: Any) -> list[InputError]:
    """Every fault of a case that reading it can find (up to one past the cap): all its
    schema faults, then each event that cannot be read. Each faulty event, or faulty part
    beside the table and events, is set aside in a copy, so that one fault does not hide
    the next; a fault in the table stops the search, as every event depends on it."""
    from ..load.validate import problems
    from ..load.yamlsafe import Document
    from ..table.cases import case_from_document

    if not isinstance(doc.data, dict) or "laws" in doc.data:
        return []  # load_case says what is wrong with the whole file
    data = copy.deepcopy(doc.data)
    found: list[InputError] = []
    readable = True
    for where, exc in problems(doc, "case", limit=MAX_ERRORS + 1):
        found.append(exc)
        readable = _set_aside(data, where) and readable
    if not readable:
        return found
    copied = Document(doc.file, data, doc.positions)
    while len(found) <= MAX_ERRORS:
        try:
            case_from_document(copied)
            break
        except InputError as exc:
            found.append(exc)
            if not _set_aside(data, _parse_path(exc.path)):
                break
    found.sort(key=lambda e: (e.line or 0, e.column or 0))
    return found


def _set_aside(data: dict[str, Any], where: Where) -> bool:
    """Put aside the part of a case that holds a fault; False if the case cannot be read
    further without it."""
    if len(where) >= 2 and where[0] == "events" and isinstance(where[1], int) and \
            isinstance(data.get("events"), list) and where[1] < len(data["events"]):
        data["events"][where[1]] = "deal"  # a stand-in that always reads
        return True
    if where and where[0] not in ("table", "events") and where[0] in data:
        del data[where[0]]
        return True
    table = data.get("table")
    if len(where) < 2 or where[0] != "table" or not isinstance(table, dict):
        return False
    key = where[1]
    if key in ("blind", "limit"):
        table[key] = 1  # a stand-in: reading the events does not turn on it
        return True
    if key in ("seats", "dealer"):
        return False  # every event names a seat
    if len(where) > 2 and isinstance(table.get(key), dict):
        table[key].pop(where[2], None)
    else:
        table.pop(key, None)
    return True


def _parse_path(text: str) -> Where:
    """``events[3].count`` -> ``("events", 3, "count")``."""
    out: list[str | int] = []
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", text):
        out.append(int(index) if index else name)
    return tuple(out)


def _quote_path(data: dict[str, Any], ref: str, what: str) -> tuple[str | int, ...]:
    """Where in the file a quotation stands: ``laws[44].text`` or ``laws[3].footnotes[0]``."""
    for i, law in enumerate(data.get("laws", [])):
        if str(law["ref"]) == ref:
            if what.startswith("footnote "):
                return ("laws", i, "footnotes", int(what.split()[1]) - 1)
            return ("laws", i, "text")
    return ("laws",)
