"""arbiter: settle card-table disputes by the old authorities.

The library is used as (docs/api.md has more)::

    import arbiter
    ruling = arbiter.rule("peel-the-say", "peel")
    print(ruling.answer.line())
    peel = arbiter.load_rulebook("peel")
    print(peel.law(45).text)
"""

from __future__ import annotations

# typing is not imported here: the command starts by importing this package, and what it
# does before arbiter.entry has taken over Ctrl-C is best kept to nothing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .api import load_case, load_rulebook, replay, rule
    from .errors import ArbiterError, InputError
    from .law.laws import Law, Rulebook
    from .law.rulebooks import Library

__all__ = ["ArbiterError", "InputError", "Law", "Library", "Rulebook", "load_case",
           "load_rulebook", "replay", "rule"]
__version__ = "0.1.0"

_HOME = {"ArbiterError": "errors", "InputError": "errors", "Law": "law.laws",
         "Rulebook": "law.laws", "Library": "law.rulebooks", "load_rulebook": "api",
         "load_case": "api", "replay": "api", "rule": "api"}


def __getattr__(name: str) -> Any:
    """The library's names, each imported when first used: the ``arbiter`` command starts
    by importing this package, before it has set itself up (see ``arbiter.entry``)."""
    if name not in _HOME:
        raise AttributeError(f"module 'arbiter' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"arbiter.{_HOME[name]}"), name)
    globals()[name] = value
    return value
