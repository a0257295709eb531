"""Finding, loading and merging rulebooks: the library a command sees.

Built-in rulebooks live in the project's ``rulebooks/`` directory; further
directories (a club's house rules) come from ``--rulebooks DIR`` or the
``ARBITER_RULEBOOKS`` environment variable (several joined by ``os.pathsep``).
A rulebook's file is named after its id: ``peel.yaml`` holds ``id: peel``.

A book is read from the cache when its entry is there and was verified by its writer;
only a book that is not is read afresh, by the ``afresh`` function a ``Library`` is
given: its file parsed, held strictly to the rulebook's format and checked
(``arbiter.law.rulebooks``, whose ``Library`` is this one with that reader). This
module does not import the format: declaring it costs a start some 21 M instructions
(docs/speed.md), and a ruling from the cache does not use it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from ..errors import InputError, did_you_mean
from ..load import cache
from ..load.files import decode, read_bytes, shipped_dir
from ..load.yamlsafe import format_path, parse
from ..terms.vocabulary import EFFECTS, FINDINGS, PARAMETERS, QUESTION_FACTS, VOIDS, facts_of
from .conditions import disjoint, never
from .laws import Effect, Law, Rulebook, normalise_ref
from .provisions import placeholders, text_values
from .quotes import normalise

if TYPE_CHECKING:
    from ..load.files import StrPath

# A rulebook's file, read afresh: its bytes and name -> its data, held to the rulebook's
# format and checked, each law's, provision's, precedence rule's and answer's line within
# it (``arbiter.law.rulebooks.read_afresh``).
Afresh = Callable[[bytes, str], dict[str, Any]]

def builtin_dir() -> str:
    """The rulebooks shipped with arbiter (installed copy, or the source checkout's)."""
    return shipped_dir("books", "rulebooks")


def examples_dir() -> str:
    """The example house books shipped with arbiter, each reachable by its id."""
    return str(PurePath(builtin_dir(), "examples"))


def example_ids() -> list[str]:
    try:
        names = os.listdir(examples_dir())
    except OSError:
        return []
    return sorted(PurePath(n).stem for n in names
                  if PurePath(n).suffix in (".yaml", ".yml") and _is_id(PurePath(n).stem))


def search_path(extra: Iterable[StrPath] = ()) -> list[str]:
    dirs = [str(PurePath(os.fspath(d))) for d in extra]
    env = os.environ.get("ARBITER_RULEBOOKS")
    if env:
        for d in (str(PurePath(x)) for x in env.split(os.pathsep) if x):
            if not os.path.isdir(d):
                raise InputError(f"ARBITER_RULEBOOKS names {str(d)!r}, which is not a directory")
            if not os.access(d, os.R_OK | os.X_OK):
                raise InputError(f"ARBITER_RULEBOOKS names {str(d)!r}, which cannot be read")
            dirs.append(d)
    dirs.append(builtin_dir())
    return dirs


MAX_EXTENDS = 16  # a house book on a house book on ... a published code
_ID_REST = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")


def _is_id(text: str) -> bool:
    """``[a-z][a-z0-9_-]{0,63}``: a rulebook id, at most 64 characters (told without
    compiling a pattern, a share of every start)."""
    return 0 < len(text) <= 64 and "a" <= text[0] <= "z" and _ID_REST.issuperset(text)


is_id = _is_id  # public: whether a word could name a rulebook


def check_id(book_id: str, known: list[str] | None = None) -> str:
    """A rulebook id is a name, never a path: ``^[a-z][a-z0-9_-]*$``."""
    if not isinstance(book_id, str) or not _is_id(book_id):
        shown = repr(book_id) if isinstance(book_id, str) and len(book_id) <= 60 else "that"
        hint = f"; {did_you_mean(book_id, known)}" if known and len(shown) <= 62 else ""
        raise InputError(f"{shown} is not a rulebook id: expected lower-case letters, digits, "
                         f"'-' or '_', beginning with a letter, at most 64, never a path{hint}")
    return book_id


def read_rulebook(path: StrPath, afresh: Afresh, use_cache: bool = True,
                  ) -> tuple[dict[str, Any], str]:
    """The validated data of one rulebook file, and the key of its content (its bytes and
    the code's). The published schema's bytes are not in the key: it is generated from the
    format's modules (a test fails on drift), which the code's part of the key holds, and
    nothing validates against the file itself; hashing its 53 KB cost each book read 0.8 M
    instructions (docs/speed.md).

    A cache entry is used only if its writer held it to the format and the checks beside
    it, and marked it verified (``cache.put``); any other, and a miss, is read afresh
    (``afresh``) and written again. ``arbiter check`` passes ``use_cache=False``.
    """
    name = str(path)
    raw = read_bytes(path, "rulebook")
    k = cache.key(raw)
    if use_cache:
        found = cache.entry(k)
        hit = None if found is None or not found[1] else _from_cache(found[0])
        if hit is not None:
            return hit, k
    elif (name, k) in _PARSED:  # check reads a file, then the book it is: parse it once
        return _PARSED[(name, k)], k

    data = afresh(raw, name)
    if use_cache and _lined(data):
        cache.put(k, _to_cache(data), checked=True)  # the reader's checks just made
    else:
        if len(_PARSED) >= 8:
            _PARSED.clear()
        _PARSED[(name, k)] = data
    return data, k


# Within one process only, and only where the cache is not used (``check``): the data of a
# file already parsed, by its name and the hash of its bytes.
_PARSED: dict[tuple[str, str], dict[str, Any]] = {}


_LINED = ("laws", "provisions", "precedence", "answers")  # each item with its "line"


def _lined(data: dict[str, Any]) -> bool:
    """Whether every law, provision, precedence rule and answer carries its line."""
    return all(isinstance(items, list) and all(
        isinstance(x, dict) and type(x.get("line")) is int and x["line"] > 0 for x in items)
        for items in (data.get(part, []) for part in _LINED))


def _to_cache(data: dict[str, Any]) -> dict[str, Any]:
    """The entry: the validated data, each item's line within it, as the loader leaves it.
    (Kept beside the data, the lines cost a first run 1.6 M instructions to take out and
    every book read from the cache 0.3 M to put back; docs/speed.md.)"""
    return {"data": data}


def _from_cache(entry: Any) -> dict[str, Any] | None:
    """The data of a verified entry, as ``_to_cache`` made it; None on any doubt. (An entry
    its writer did not verify is read afresh and written again, not held to the format
    here: that would import the format on every start.)"""
    if not isinstance(entry, dict) or set(entry) != {"data"} or \
            not isinstance(entry["data"], dict):
        return None
    data: dict[str, Any] = entry["data"]
    return data


def error_at(path: StrPath, where: tuple[str | int, ...], message: str) -> InputError:
    """An error about a value of a rulebook already read: the file is parsed again
    (only on this error path) to find the value's line and column."""

    try:
        doc = parse(decode(read_bytes(path, "rulebook"), str(path)), str(path))
    except InputError:
        return InputError(message, file=str(path), path=format_path(where))
    return doc.error(where, message)


def id_mismatch(path: StrPath, book_id: str) -> InputError:
    return error_at(
        path,
        ("id",),
        f"expected id {PurePath(path).stem!r}, the name of the file; got {book_id!r} "
        f"(or rename the file {book_id}.yaml)",
    )


def cross_fault(data: dict[str, Any]) -> tuple[tuple[str | int, ...], str] | None:
    """What the schema cannot say: laws given twice, empty texts, plain names."""
    seen: dict[str, int] = {}
    for i, law in enumerate(data.get("laws", [])):
        ref = normalise_ref(law["ref"])
        if ref in seen:
            return (("laws", i, "ref"),
                    f"law {law['ref']!r} is given twice (first at laws[{seen[ref]}])")
        seen[ref] = i
        if any(c.isdigit() and not c.isascii() for c in str(law["ref"])):
            return (("laws", i, "ref"), "a law's number is written in the digits 0-9")
        if not law["text"].strip():
            return (("laws", i, "text"), "a law needs its text")
        if "title" not in law and not (str(law["ref"]).isascii() and str(law["ref"]).isdigit()):
            return (("laws", i), "an unnumbered passage needs a 'title'")
    ids: dict[str, int] = {}
    for i, prov in enumerate(data.get("provisions", [])):
        if prov["id"] in ids:
            first = ids[prov["id"]]
            return (("provisions", i, "id"),
                    f"provision {prov['id']!r} is given twice (first at provisions[{first}])")
        ids[prov["id"]] = i
    answer_ids: dict[str, int] = {}
    for i, ans in enumerate(data.get("answers", [])):
        if ans["id"] in answer_ids:
            return (("answers", i, "id"), f"answer {ans['id']!r} is given twice (first at "
                    f"answers[{answer_ids[ans['id']]}])")
        answer_ids[ans["id"]] = i
    if data.get("extends") is not None and not _is_id(data["extends"]):
        return (("extends",), "expected the id of a rulebook (lower-case letters, digits, "
                "'-' or '_', beginning with a letter), not a path")
    source = data.get("source")
    if source is not None and not _plain_name(source["file"]):
        return (("source", "file"), "expected the plain name of a file in the sources "
                "directory (no '/' or '..'); a book with no source leaves out 'source'")
    return None


def _plain_name(name: str) -> bool:
    return (bool(name) and name not in (".", "..") and "/" not in name and "\\" not in name
            and "\x00" not in name and name.strip() == name and name.isprintable())


class Library:
    """The rulebooks a command can see; a book not in the cache is read by ``afresh``."""

    def __init__(self, extra_dirs: Iterable[StrPath] = (), use_cache: bool = True, *,
                 afresh: Afresh) -> None:
        self.dirs = search_path(extra_dirs)
        self.use_cache = use_cache
        self.afresh = afresh
        self._loaded: dict[str, Rulebook] = {}
        self._keys: dict[str, str] = {}  # book id -> the key of its content and its parents'

    def data(self, path: StrPath) -> dict[str, Any]:
        """The validated data of one rulebook file, as ``get`` reads it."""
        return read_rulebook(path, self.afresh, self.use_cache)[0]

    def files(self) -> dict[str, str]:
        """Rulebook id -> file; earlier directories shadow later ones."""
        found: dict[str, str] = {}
        for d in reversed(self.dirs):
            try:
                names = sorted(n for n in os.listdir(d) if PurePath(n).suffix in
                               (".yaml", ".yml")) if os.path.isdir(d) else []
            except OSError as exc:
                raise InputError(f"cannot read the rulebook directory: {exc.strerror}",
                                 file=d) from None
            for n in names:
                if _is_id(PurePath(n).stem):  # only files named as ids are rulebooks
                    found[PurePath(n).stem] = str(PurePath(d, n))
        return dict(sorted(found.items()))

    def ids(self) -> list[str]:
        return list(self.files())

    def path_of(self, book_id: str) -> str:
        """The file of ``book_id``: in the directories searched, else among the example
        house books shipped with arbiter (``house``), which ``ids`` does not list: 'all'
        means the published books and a club's own."""
        if not _is_id(book_id):
            check_id(book_id, self.ids())
        for d in (*self.dirs, examples_dir()):
            for ext in (".yaml", ".yml"):
                f = str(PurePath(d, f"{book_id}{ext}"))
                if os.path.lexists(f):  # a FIFO or a link to nothing is refused as it is read
                    return f
        known = [*self.ids(), *example_ids()]
        raise InputError(f"no rulebook {book_id!r}; {did_you_mean(book_id, known)}")

    def get(self, book_id: str, _chain: tuple[str, ...] = ()) -> Rulebook:
        if book_id in self._loaded:
            return self._loaded[book_id]
        if book_id in _chain:
            raise InputError("rulebooks extend each other in a circle: " + " -> ".join(
                (*_chain, book_id)))
        path = self.path_of(book_id)
        data, k = read_rulebook(path, self.afresh, self.use_cache)
        if data["id"] != PurePath(path).stem:
            raise id_mismatch(path, data["id"])
        parent = None
        if data.get("extends"):
            parent_id = data["extends"]
            if parent_id == book_id or parent_id in _chain:
                raise error_at(
                    path,
                    ("extends",),
                    "rulebooks extend each other in a circle: "
                    + " -> ".join((*_chain, book_id, parent_id)),
                )
            if len(_chain) + 1 >= MAX_EXTENDS:
                raise error_at(path, ("extends",), f"rulebooks extend each other more than "
                               f"{MAX_EXTENDS} deep: {_chain[0]} -> ... -> {book_id}")
            try:
                self.path_of(parent_id)
            except InputError as exc:
                raise error_at(path, ("extends",), exc.message) from None
            parent = self.get(parent_id, (*_chain, book_id))
        book = build(data, str(path), parent)
        chain = (k, self._keys[parent.id]) if parent is not None else (k,)
        self._check_references(book, path, chain)
        self._loaded[book_id] = book
        self._keys[book_id] = cache.digest(*(c.encode() for c in chain))
        return book

    def _check_references(self, book: Rulebook, path: str, chain: tuple[str, ...]) -> None:
        """``check_references``, made once for the content of a book and the books it
        extends (and the code): the cache remembers that it passed."""
        if not self.use_cache or not cache.in_use():
            check_references(book, path)
            return
        k = cache.key(b"references checked", *(c.encode() for c in chain))
        if cache.get(k) is not True:
            check_references(book, path)
            cache.put(k, True)

    def all(self) -> list[Rulebook]:
        return [self.get(i) for i in self.ids()]


DEFAULT_BOOK = "peel"  # for a case that names no rulebook; any --rulebook overrides it


def book_for(case: Any, lib: Library, requested: str | None = None) -> Rulebook:
    """The rulebook asked for, else the one the case names (an error points at that line),
    else the default."""
    if requested is not None:
        return lib.get(requested)
    if case.rulebook is not None:
        try:
            return lib.get(case.rulebook)
        except InputError as exc:
            raise InputError(exc.message, file=case.file, line=case.rulebook_line,
                             path="rulebook") from None
    return lib.get(DEFAULT_BOOK)


def build(data: dict[str, Any], file: str, parent: Rulebook | None) -> Rulebook:
    book_id = data["id"]
    laws = [
        Law(
            ref=str(law["ref"]),
            text=law["text"],
            title=law.get("title"),
            heading=law.get("heading"),
            page=law.get("page"),
            page_end=law.get("page_end"),
            effect=Effect(law.get("effect", "decides")),
            footnotes=tuple(law.get("footnotes", ())),
            note=law.get("note"),
            line=law.get("line"),
            book=book_id,
            cited_as=data.get("citation") or book_id,
            sourced="source" in data,
        )
        for law in data.get("laws", [])
    ]
    provisions = [dict(p, book=book_id, file=file) for p in data.get("provisions", [])]
    parameters: dict[str, Any] = dict(data.get("parameters", {}))
    if parent is not None:
        own = {law.ref for law in laws}
        laws = [law for law in parent.laws if law.ref not in own] + laws
        own_ids = {p["id"] for p in provisions}
        provisions = [p for p in parent.provisions if p["id"] not in own_ids] + provisions
        parameters = merge(parent.parameters, parameters)
    published = data.get("published", {})
    source = data.get("source", {})
    return Rulebook(
        id=book_id,
        title=data["title"],
        file=file,
        author=data.get("author", parent.author if parent else None),
        place=published.get("place", parent.place if parent else None),
        year=published.get("year", parent.year if parent else None),
        edition=data.get("edition"),
        source_file=source.get("file"),
        source_sha256=source.get("sha256"),
        extent=data.get("extent", parent.extent if parent else None),
        citation=data.get("citation"),
        extends=data.get("extends"),
        parameters=parameters,
        laws=tuple(laws),
        provisions=tuple(provisions),
        extract=bool(data.get("extract", parent.extract if parent else False)),
        pinned=_pinned(data, parent),
        catch_all=data.get("catch_all", parent.catch_all if parent else None),
        questions_of_fact=data.get("questions_of_fact",
                                   parent.questions_of_fact if parent else None),
        precedence=_by_id("precedence", data, file, parent),
        procedures=merge(parent.procedures if parent else {}, data.get("procedures", {})),
        answers=_by_id("answers", data, file, parent),
    )


def _pinned(data: dict[str, Any], parent: Rulebook | None) -> str | None:
    """Whose pinned extract a book is known from: its own if it says ``extract:``, else the
    one it inherits (a club's house rules on Foster are known only as far as Foster is)."""
    if "extract" in data:
        return (data.get("citation") or data["id"]) if data["extract"] else None
    return parent.pinned_name if parent is not None and parent.extract else None


def _by_id(key: str, data: dict[str, Any], file: str, parent: Rulebook | None,
           ) -> tuple[dict[str, Any], ...]:
    """A house book's entries under ``key`` (its answers, its precedence rules) replace the
    parent's of the same id, and add to them."""
    own = [dict(e, book=data["id"], file=file) for e in data.get(key, [])]
    ids = {e["id"] for e in own}
    inherited = [e for e in getattr(parent, key) if e["id"] not in ids] if parent else []
    return (*inherited, *own)


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Parameters of a house rulebook over those of the book it extends."""
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out


def check_references(book: Rulebook, path: StrPath) -> None:
    """What the schema cannot see: every cited law exists, every fact a provision tests or
    names is one the replay gives, and every exception names a provision of the book."""

    known = text_values()
    ids = [p["id"] for p in book.provisions]
    refs = book.refs()
    carried, holds = _lookups(book)  # and a text read for {fields} only if it has a brace

    def fail(p: dict[str, Any], key: str, message: str) -> InputError:
        index = next((i for i, q in enumerate(_own(book, path)) if q.get("id") == p["id"]), None)
        where: tuple[str | int, ...] = ("provisions", index, key) if index is not None else ()
        return error_at(p["file"], where, message)

    for p in book.provisions:
        for ref in p["cites"]:
            if not holds(ref):
                raise fail(p, "cites", f"cites law {ref!r}, which {book.name} does not hold; "
                           f"{did_you_mean(str(ref), refs)}")
        if p.get("when"):
            _check_when(p["finding"], p["when"], lambda m, p=p: fail(p, "when", m), carried)
        evidence = " ".join(str(v) for k, v in p.get("evidence", {}).items() if k != "order")
        for key in ("says", "remedy", "referee_says", "evidence"):
            text = evidence if key == "evidence" else str(p.get(key, ""))
            for name in placeholders(text) if "{" in text else ():
                if name not in known:
                    raise fail(p, key, f"names {{{name}}}, which is not a fact a ruling can "
                               f"fill in; {did_you_mean(name, sorted(known))}")
        for other in p.get("exception_to", []):
            if other not in ids:
                raise fail(p, "exception_to", f"is an exception to {other!r}, which is not a "
                           f"provision of {book.name}; {did_you_mean(other, ids)}")
        _check_readings(book, p, known, fail, carried)
        _check_penalty(p, fail, carried)
        _check_undoes(p, fail)
        _check_dealt_again(p, fail)
    for p, q in _may_disagree(book.provisions):
        raise fail(q, "when", f"{q['id']!r} and {p['id']!r} ({p['file']}, line {p.get('line')}) "
                   f"can both apply to {q['finding']} and decide it differently "
                   f"({q['decision']} / {p['decision']}); add a condition that tells them apart, "
                   "give one its own 'point', or declare one the 'exception_to' the other")
    for i, rule in enumerate(r for r in book.precedence if r.get("file") == str(path)):
        _check_when(rule["finding"], rule.get("when", {}),
                    lambda m, i=i: error_at(path, ("precedence", i, "when"), m), carried)
        for ref in rule.get("cites", []):
            if not holds(ref):
                raise error_at(path, ("precedence", i, "cites"), f"cites law {ref!r}, which "
                               f"{book.name} does not hold; {did_you_mean(str(ref), refs)}")
    for key in ("catch_all", "questions_of_fact"):
        block = getattr(book, key) or {}
        for ref in block.get("cites", []):
            if not holds(ref):
                raise error_at(path, (key, "cites"), f"cites law {ref!r}, which {book.name} "
                               f"does not hold; {did_you_mean(str(ref), refs)}")
        for name in placeholders(str(block.get("says", ""))):
            if name not in known:
                raise error_at(path, (key, "says"), f"names {{{name}}}, which is not a fact a "
                               f"ruling can fill in; {did_you_mean(name, sorted(known))}")
    check_answers(book, path)
    check_parameter_cites(book, path)


def _lookups(book: Rulebook) -> tuple[Callable[[str], dict[str, str]], Callable[[Any], bool]]:
    """The facts a finding kind carries, and whether the book holds a law, each looked up
    once for ``check_references``: a first run checks all of Peel's 125 provisions
    (docs/speed.md)."""
    carried_by: dict[str, dict[str, str]] = {}
    held: dict[Any, bool] = {}

    def carried(kind: str) -> dict[str, str]:
        found = carried_by.get(kind)
        if found is None:
            found = carried_by[kind] = facts_of(kind)
        return found

    def holds(ref: Any) -> bool:
        found = held.get(ref)
        if found is None:
            found = held[ref] = book.law(ref) is not None
        return found

    return carried, holds


def check_parameter_cites(book: Rulebook, path: StrPath) -> None:
    """Each law a parameter cites (by setting, or for its group) is one the book holds."""
    for name, group in book.parameters.items():
        cited = group.get("cites", []) if isinstance(group, dict) else []
        for key, refs_of in cited.items() if isinstance(cited, dict) else [("", cited)]:
            if key and f"{name}.{key}" not in PARAMETERS:
                keys = [n.split(".", 1)[1] for n in PARAMETERS if n.startswith(name + ".")]
                raise error_at(path, ("parameters", name, "cites", key), f"cites for "
                               f"{key!r}, which is not a setting of {name!r}; "
                               f"{did_you_mean(key, keys)} (settings: {', '.join(keys)})")
            for ref in refs_of:
                if book.law(ref) is None:
                    where = ("parameters", name, "cites") + ((key,) if key else ())
                    raise error_at(path, where, f"cites law {ref!r}, which {book.name} does "
                                   f"not hold; {did_you_mean(str(ref), book.refs())}")


def check_answers(book: Rulebook, path: StrPath) -> None:
    """An answer cites laws the book holds, tests facts a question gives, and names them."""

    refs = book.refs()
    ids = [a["id"] for a in book.answers]
    for i, a in enumerate(x for x in book.answers if x.get("file") == str(path)):
        for ref in a["cites"]:
            if book.law(ref) is None:
                raise error_at(path, ("answers", i, "cites"), f"cites law {ref!r}, which "
                               f"{book.name} does not hold; {did_you_mean(str(ref), refs)}")
        for fact in a.get("when", {}):
            if fact not in QUESTION_FACTS:
                hint = did_you_mean(fact, sorted(QUESTION_FACTS))
                raise error_at(path, ("answers", i, "when"), f"tests {fact!r}, which a "
                               f"question does not give; {hint} (it gives: "
                               f"{', '.join(QUESTION_FACTS)})")
        for key in ("answer", "says", "consequence"):
            for name in placeholders(str(a.get(key, ""))):
                if name not in QUESTION_FACTS:
                    raise error_at(path, ("answers", i, key), f"names {{{name}}}, which a "
                                   f"question does not give; "
                                   f"{did_you_mean(name, sorted(QUESTION_FACTS))}")
        for j, reading in enumerate(a.get("readings", [])):
            fault = reading_fault(book, reading, set(QUESTION_FACTS))
            fault = fault or next((f"tests {k!r}, which a question does not give" for k in
                                   reading.get("when", {}) if k not in QUESTION_FACTS), None)
            if fault:
                raise error_at(path, ("answers", i, "readings", j), fault)
        for other in a.get("exception_to", []):
            if other not in ids:
                raise error_at(path, ("answers", i, "exception_to"), f"is an exception to "
                               f"{other!r}, which is not an answer of {book.name}; "
                               f"{did_you_mean(other, ids)}")


def _check_readings(book: Rulebook, p: dict[str, Any], known: Any,
                    fail: Callable[[dict[str, Any], str, str], InputError],
                    carried: Callable[[str], dict[str, str]]) -> None:
    """A provision's readings: each quotes its law, names facts that can be filled in, and
    tests (``when``) only facts the provision's finding carries."""
    for j, reading in enumerate(p.get("readings", [])):
        fault = reading_fault(book, reading, known)
        if fault:
            raise fail(p, "readings", f"reading {j + 1}: {fault}")
        if reading.get("when"):
            def bad(m: str, j: int = j) -> InputError:
                return fail(p, "readings", f"reading {j + 1}: {m}")
            _check_when(p["finding"], reading["when"], bad, carried)


def reading_fault(book: Rulebook, reading: dict[str, Any], known: Any) -> str | None:
    """What is wrong with one reading of a doubtful point (a provision's or an answer's
    ``readings``), or None: every law it cites is the book's; its doubtful ``words`` are
    quoted verbatim from the first (whitespace, page markers and curly quotes folded as
    the sources are compared; "..." or "…" marks words left out, the parts found in
    order); and ``gives`` names only facts that can be filled in."""
    for ref in reading["cites"]:
        if book.law(ref) is None:
            return (f"cites law {ref!r}, which {book.name} does not hold; "
                    f"{did_you_mean(str(ref), book.refs())}")
    law = book.law(reading["cites"][0])
    assert law is not None
    text = normalise(" ".join([law.text, *law.footnotes]))
    at = 0
    for part in normalise(reading["words"]).replace("…", "...").split("..."):
        part = part.strip()
        found = text.find(part, at) if part else at
        if found < 0:
            return (f"its words {reading['words']!r} are not quoted verbatim from "
                    f"{law.label()}, the first law it cites")
        at = found + len(part)
    for name in placeholders(str(reading["gives"])):
        if name not in known:
            return (f"names {{{name}}}, which is not a fact a ruling can fill in; "
                    f"{did_you_mean(name, sorted(known))}")
    return None


def _own(book: Rulebook, path: StrPath) -> list[dict[str, Any]]:
    """The provisions written in ``path`` itself, in file order (for error locations)."""
    return [p for p in book.provisions if p.get("file") == str(path)]


def _allowed(v: Any) -> set[str] | None:
    if isinstance(v, dict):
        return None  # a comparison: assume it may overlap
    return {repr(x) for x in v} if isinstance(v, list) else {repr(v)}


def _exclusive(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether some fact both test is tested so that no value passes both (see
    law.conditions: [1, 2] and [3]; at_least 4 and at_most 3)."""
    return any(disjoint(a[k], b[k]) for k in sorted(set(a) & set(b)))


def _conflict(p: dict[str, Any], q: dict[str, Any]) -> bool:
    if p["decision"] == q["decision"] or p["id"] in q.get("exception_to", []) or \
            q["id"] in p.get("exception_to", []):
        return False
    return not _exclusive(p.get("when", {}), q.get("when", {}))


def _candidates(
    provisions: tuple[dict[str, Any], ...],
    conds: list[dict[str, Any]],
    group: list[int],
    keys: tuple[str, ...],
) -> Iterator[tuple[int, int]]:
    """Index pairs in ``group`` that may overlap, found without comparing every pair:
    split the group by the values of a fact most of it tests (provisions that test it
    with values that do not meet can never both apply), then split each part again."""

    best, tested = None, 0
    if len(group) > 16:
        for k in keys:
            n = sum(1 for i in group if k in conds[i] and _allowed(conds[i][k]) is not None)
            if n > tested:
                best, tested = k, n
    if best is None or tested < 2:  # only provisions deciding differently can disagree
        yield from ((i, j) for i, j in combinations(group, 2)
                    if provisions[i]["decision"] != provisions[j]["decision"])
        return
    free = [i for i in group if best not in conds[i] or _allowed(conds[i][best]) is None]
    buckets: dict[str, list[int]] = {}
    for i in group:
        for v in sorted(_allowed(conds[i][best]) or ()) if best in conds[i] else ():
            buckets.setdefault(v, []).append(i)
    rest = tuple(k for k in keys if k != best)
    for members in buckets.values():
        yield from _candidates(provisions, conds, sorted({*members, *free}), rest)
    if not buckets:
        yield from _candidates(provisions, conds, free, rest)


def _may_disagree(
    provisions: tuple[dict[str, Any], ...],
) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Pairs of provisions on the same point, deciding differently, with no precedence
    between them, whose conditions do not exclude each other: they could both apply."""
    conds = [p.get("when", {}) for p in provisions]
    groups: dict[tuple[str, str], list[int]] = {}
    for i, p in enumerate(provisions):
        groups.setdefault((p["finding"], p.get("point", p["finding"])), []).append(i)
    seen: set[tuple[int, int]] = set()
    for group in groups.values():
        keys = tuple(sorted({k for i in group for k in conds[i]}))
        for pair in _candidates(provisions, conds, group, keys):
            if pair not in seen:
                seen.add(pair)
                p, q = provisions[pair[0]], provisions[pair[1]]
                if _conflict(p, q):
                    yield p, q


def _check_undoes(p: dict[str, Any], fail: Any) -> None:
    """Only a decision that voids the act says what of it is undone."""
    if "undoes" in p and p["decision"] not in VOIDS:
        raise fail(p, "undoes", f"says what a void act undoes, but the decision is "
                   f"{p['decision']}: only {', '.join(sorted(VOIDS))} voids the act")


def _check_dealt_again(p: dict[str, Any], fail: Any) -> None:
    """Only a decision that ends the deal says who deals the new one."""
    if "dealt_again_by" in p and not str(EFFECTS.get(p["decision"], "")).startswith(
            "deal_ends"):
        raise fail(p, "dealt_again_by", f"says who deals the new deal, but the decision "
                   f"{p['decision']} does not end the deal")


def _check_penalty(p: dict[str, Any], fail: Any,
                   facts: Callable[[str], dict[str, str]] = facts_of) -> None:
    """A refund names who pays by facts that hold a player, and how much by a number."""

    refund = p.get("penalty", {}).get("refund")
    if not refund:
        return
    carried = facts(p["finding"])
    by = refund.get("by", "dealer")
    for fact in [by] if isinstance(by, str) else by:
        if carried.get(fact) != "player":
            players = sorted(k for k, t in carried.items() if t == "player")
            raise fail(p, "penalty", f"refund by {fact!r}: expected a fact naming a player "
                       f"that a {p['finding']} finding carries ({', '.join(players)})")
    amount = refund.get("amount", "blind_or_straddle")
    if carried.get(amount) != "int":
        numbers = sorted(k for k, t in carried.items() if t == "int")
        raise fail(p, "penalty", f"refund amount {amount!r}: expected a number a "
                   f"{p['finding']} finding carries ({', '.join(numbers)})")


_TYPE_WORDS = {"bool": "yes or no (true/false)", "int": "a number", "str": "text",
               "player": "a player's name", "list": "a list", "map": "a mapping"}


def _mistyped(kind: str, test: Any) -> Any:
    """The first value in a provision's test that a fact of this type can never equal
    (None when every value could); comparisons need a number."""
    if isinstance(test, dict):
        if kind != "int" and set(test) - {"not", "in"}:
            return next(iter(set(test) - {"not", "in"}))
        values = [v for op in ("not", "in") if op in test
                  for v in (test[op] if isinstance(test[op], list) else [test[op]])]
    else:
        values = test if isinstance(test, list) else [test]
    for v in values:
        if v is None or kind in ("list", "map"):
            continue
        wanted = {"bool": bool, "int": int, "str": str, "player": str}[kind]
        if (kind == "bool") != isinstance(v, bool) or not isinstance(v, wanted):
            return v
    return None


def _check_when(kind: str, when: dict[str, Any], fail: Any,
                facts: Callable[[str], dict[str, str]] = facts_of) -> None:
    """Every fact a test names is one a finding of ``kind`` carries (by ``facts``), of a
    type it can meet."""

    carried = facts(kind)
    for fact, test in when.items():
        if fact not in carried:
            others = [k for k in FINDINGS if fact in FINDINGS[k].facts]
            hint = (f"it is a fact of {', '.join(others[:3])}{', ...' if len(others) > 3 else ''}"
                    if others else did_you_mean(fact, sorted(carried)))
            raise fail(f"tests {fact!r}, which a {kind} finding does not carry ({hint}); "
                       f"it carries: {', '.join(sorted(carried))}")
        wrong = _mistyped(carried[fact], test)
        if wrong is not None:
            raise fail(f"tests {fact!r} against {wrong!r}, but a {kind} finding's {fact} is "
                       f"{_TYPE_WORDS[carried[fact]]}")
        why = never(test)
        if why is not None:
            raise fail(f"tests {fact!r} so that it can never hold: it {why}, so this can "
                       "never apply; write the bounds the law gives")
