"""Provisions: what a rulebook decides on which facts, as data matched by code.

A provision names the kind of finding it rules on, the facts that must hold
(``when``), the decision, the remedy and penalty, and the laws it rests on.
The matcher below is the whole of the "language": equality, one-of, and a few
comparisons. Nothing in a rulebook is ever executed.

Matching is three-valued: a fact the replay could not settle (``None``) makes
a test *unknown*, and the judge then rules for each possibility.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct

from ..terms.seats import names_text
from ..terms.vocabulary import Decision, all_facts

__all__ = ["Decision", "Match", "fill", "match", "text_values"]


_OPS = ("not", "in", "at_least", "at_most", "more_than", "less_than")

# Values the judge works out while ruling, for a provision's text, beside the facts.
_WORKED_OUT = frozenset({"forfeit", "penalty", "refund", "witness", "referee", "facts",
                         "witness_at", "account", "passed", "witnesses"})


def text_values() -> frozenset[str]:
    """What a provision's text may name: every fact some finding carries
    (``vocabulary.all_facts``) and the values the judge works out while ruling."""
    return all_facts() | _WORKED_OUT


def test_value(actual: Any, expected: Any) -> bool | None:
    """True, False, or None when ``actual`` is not known.

    ``null`` in a provision (alone or in a list) asks for a fact the events left unsettled,
    so it matches an unknown fact instead of leaving the test undecided.
    """
    if expected is None:
        return actual is None
    if actual is None:
        if isinstance(expected, list):
            return True if None in expected else None
        if isinstance(expected, dict) and "not" in expected:
            excluded = expected["not"] if isinstance(expected["not"], list) else [expected["not"]]
            if None in excluded:
                return False  # "{not: null}": the fact must be settled, and it is not
        if isinstance(expected, dict) and None in expected.get("in", []):
            return True
        return None
    if isinstance(expected, list):
        return actual in expected
    if isinstance(expected, dict):
        results = [_op(op, actual, arg) for op, arg in expected.items()]
        return all(results)
    return bool(actual == expected)


def _op(op: str, actual: Any, arg: Any) -> bool:
    if op == "not":
        return actual not in arg if isinstance(arg, list) else actual != arg
    if op == "in":
        return actual in arg
    if op == "at_least":
        return bool(actual >= arg)
    if op == "at_most":
        return bool(actual <= arg)
    if op == "more_than":
        return bool(actual > arg)
    if op == "less_than":
        return bool(actual < arg)
    raise ValueError(f"unknown test {op!r}")


class Match(Struct, frozen=True):
    """How a provision's ``when`` fares against a finding's facts."""

    result: bool | None
    tested: dict[str, Any]  # fact -> the value the replay had (None: unknown)
    failed: tuple[str, ...]
    unknown: tuple[str, ...]


def match(when: dict[str, Any], facts: dict[str, Any]) -> Match:
    failed, unknown = [], []
    for fact, expected in when.items():
        r = test_value(facts.get(fact), expected)
        if r is False:
            failed.append(fact)
        elif r is None:
            unknown.append(fact)
    result: bool | None = False if failed else (None if unknown else True)
    return Match(result, {k: facts.get(k) for k in when}, tuple(failed), tuple(unknown))


_NAME = frozenset("abcdefghijklmnopqrstuvwxyz_")


def _fields(template: str) -> list[tuple[int, int, str]]:
    """Each ``{name}`` in ``template`` (a name of a-z and _): where it starts and ends, and
    the name. Read by hand rather than by a pattern: compiling one is a share of a start."""
    found = []
    i = template.find("{")
    while i >= 0:
        j = template.find("}", i + 1)
        if j < 0:
            break
        name = template[i + 1:j]
        if name and _NAME.issuperset(name):
            found.append((i, j + 1, name))
            i = template.find("{", j + 1)
        else:
            i = template.find("{", i + 1)
    return found


def placeholders(template: str) -> list[str]:
    return [name for _, _, name in _fields(template)]


def _as_text(value: Any) -> str:
    """A fact as a ruling writes it: a list of players as "C", "C and D", "B, C and D"."""
    return names_text(value) if isinstance(value, (list, tuple)) else str(value)


def fill(template: str, values: dict[str, Any]) -> str:
    """Put fact values into a provision's text: ``{player}`` -> ``B``. Nothing else."""
    parts, at = [], 0
    for start, end, name in _fields(template):
        v = values.get(name)
        if v is not None:
            parts += [template[at:start], _as_text(v)]
            at = end
    return "".join(parts) + template[at:] if parts else template
