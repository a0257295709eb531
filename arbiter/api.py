"""arbiter as a library: load a case and a rulebook, replay the case, rule on it.

Each function takes what a person has at hand (a file, the text of a case, the id of a
book) and gives the objects the command line prints. They are imported from ``arbiter``
itself (``arbiter.rule``), each only when first used. docs/api.md shows them at work; its
examples run as doctests in the suite.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .law.laws import Rulebook
    from .load.files import StrPath
    from .ruling.judge import Ruling
    from .table.cases import Case
    from .table.replay import Replay


def load_case(path_or_text: StrPath) -> Case:
    """A case from a file, from the name of a shipped case (``peel-the-say``), or from its
    YAML text (anything with a line break in it). Bad input raises ``arbiter.InputError``
    with the file, the line and what was expected."""
    from .table.cases import load_case as _load

    if isinstance(path_or_text, str) and "\n" in path_or_text:
        return _load("<text>", path_or_text)
    from .load.examples import resolve_case

    return _load(resolve_case(os.fspath(path_or_text)))


def load_rulebook(id_or_path: StrPath, extra_dirs: Iterable[StrPath] = ()) -> Rulebook:
    """A rulebook by its id (``peel``, ``foster``, ``hoyle``, or a shipped example such as
    ``house``), or from its file, with the books it ``extends:``."""
    from .law.rulebooks import load_rulebook as _load

    return _load(id_or_path, extra_dirs)


def _book(book: Rulebook | StrPath | None, case: Case) -> Rulebook:
    """The rulebook given, by object, id or file; else the case's own, else Peel."""
    from .law.laws import Rulebook
    from .law.rulebooks import Library, book_for

    if isinstance(book, Rulebook):
        return book
    if book is not None:
        return load_rulebook(book)
    return book_for(case, Library())


def replay(case: Case | StrPath, book: Rulebook | StrPath | None = None) -> Replay:
    """The table step by step under ``book``, as its rulings leave it (a void raise
    returned, a player ruled out with no say after), the table ``arbiter replay`` prints:
    ``.steps`` (each with its ``stakes``, ``pool``, ``turn``...), ``.findings`` (what was
    irregular) and ``.to_dict()``."""
    from .ruling.course import course
    from .table.cases import Case

    c = case if isinstance(case, Case) else load_case(case)
    return course(c, _book(book, c))[0]


def rule(case: Case | StrPath, book: Rulebook | StrPath | None = None) -> Ruling:
    """The ruling on the case under ``book``: ``.answer`` (the answer to the case's
    ``asks:``, or None), ``.decisions`` (each with ``.decision``, ``.says`` and
    ``.cites``), ``.silences`` and ``.to_dict()``, the JSON of ``arbiter rule``."""
    from .ruling.judge import judge
    from .table.cases import Case

    c = case if isinstance(case, Case) else load_case(case)
    return judge(c, _book(book, c))
