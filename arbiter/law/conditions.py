"""What one test of a provision's ``when`` lets through, as a set of values.

A test is a value (``lifted: true``), a list of values, or a mapping of comparisons
(``amount: {at_least: 4, at_most: 8}``, ``in``, ``not``). The facts compared are whole
numbers (counts, amounts, places), so a comparison is an interval of integers:
``more_than: 3`` is ``at_least: 4``. From that, two questions are answered without
evaluating anything:

- ``never``: whether a test can hold for no value at all (``at_least: 4, at_most: 3``;
  ``in: []``; ``in: [1, 2], at_least: 5``), which makes its provision dead letter;
- ``disjoint``: whether two tests of one fact can never hold together (``at_least: 4`` and
  ``at_most: 3``; ``[1, 2]`` and ``more_than: 2``), so that two provisions so conditioned
  can never both apply.

Where a test is of a form not understood here, it is taken to let anything through: the
answer is then "it may hold", never a wrong refusal.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct

_LOW = {"at_least": 0, "more_than": 1}
_FEW = 64  # a closed range of fewer numbers than this is taken as the set of them
_HIGH = {"at_most": 0, "less_than": -1}


class Allowed(Struct, frozen=True):
    """The values a test lets through: ``values`` if it is a finite set of them, else every
    integer in ``[low, high]`` (None: unbounded) but ``excluded``."""

    values: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None
    excluded: tuple[Any, ...] = ()

    def empty(self) -> bool:
        if self.values is not None:
            return not self.values
        return self.low is not None and self.high is not None and self.low > self.high

    def admits(self, value: Any) -> bool:
        if self.values is not None:
            return any(_same(value, v) for v in self.values)
        if any(_same(value, x) for x in self.excluded):
            return False
        if self.low is None and self.high is None:
            return True
        if value is None:
            return True  # an unsettled fact: the judge rules for each possibility
        if not _number(value):
            return False
        return (self.low is None or value >= self.low) and \
            (self.high is None or value <= self.high)


def _number(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def allowed(test: Any) -> Allowed | None:
    """What ``test`` lets through, or None if it is of a form not understood here."""
    if not isinstance(test, dict):
        return Allowed(values=tuple(test) if isinstance(test, list) else (test,))
    if set(test) - {"in", "not", *_LOW, *_HIGH}:
        return None
    lows = [arg + _LOW[op] for op, arg in test.items() if op in _LOW]
    highs = [arg + _HIGH[op] for op, arg in test.items() if op in _HIGH]
    if not all(_number(x) for x in (*lows, *highs)):
        return None
    excluded = test.get("not", ())
    excluded = tuple(excluded) if isinstance(excluded, list) else (excluded,) \
        if "not" in test else ()
    bounds = Allowed(low=max(lows) if lows else None, high=min(highs) if highs else None,
                     excluded=excluded)
    if "in" in test:
        if not isinstance(test["in"], list):
            return None
        return Allowed(values=tuple(v for v in test["in"] if bounds.admits(v)))
    if bounds.low is not None and bounds.high is not None and \
            bounds.high - bounds.low < _FEW:  # a few numbers: named, each
        return Allowed(values=tuple(n for n in range(bounds.low, bounds.high + 1)
                                    if bounds.admits(n)))
    return bounds


def never(test: Any) -> str | None:
    """Why ``test`` can hold for no value, or None if it can hold for some."""
    found = allowed(test)
    if found is None or not found.empty():
        return None
    if isinstance(test, dict):
        lows = [arg + _LOW[op] for op, arg in test.items() if op in _LOW]
        highs = [arg + _HIGH[op] for op, arg in test.items() if op in _HIGH]
        if lows and highs and max(lows) > min(highs):
            return (f"asks for a whole number of at least {max(lows)} and at most "
                    f"{min(highs)}, which none is")
    return "lets no value through"


def disjoint(a: Any, b: Any) -> bool:
    """Whether tests ``a`` and ``b`` of one fact can never both hold."""
    x, y = allowed(a), allowed(b)
    if x is None or y is None:
        return False
    if x.values is not None or y.values is not None:
        finite, other = (x, y) if x.values is not None else (y, x)
        return not any(other.admits(v) for v in finite.values or ())
    low = max(v for v in (x.low, y.low, None) if v is not None) if \
        x.low is not None or y.low is not None else None
    high = min(v for v in (x.high, y.high) if v is not None) if \
        x.high is not None or y.high is not None else None
    return low is not None and high is not None and low > high
