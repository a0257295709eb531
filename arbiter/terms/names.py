"""Enumerations of names (acts, findings, decisions...) that cost almost nothing to create.

Python 3.11 takes some 40 microseconds to make each member of an ``enum.StrEnum``; the
vocabulary's hundred-odd members were the largest share of the rule path's imports.
``StrEnum`` here is written and read the same way, and behaves as ``enum.StrEnum`` does
for every use arbiter makes of one:

- each member is a ``str`` equal to (and hashing as) its value, so it is a dict key, a
  JSON string and a line of text as the value is, and ``str()``/``format()`` give the
  value; ``repr()`` gives ``<Act.DEALS: 'deals'>``;
- ``Act("deals")`` is the member (a ``ValueError`` for a value that is none), ``Act.DEALS``
  and ``Act["DEALS"]`` too; ``.name`` and ``.value``; iterating, ``len`` and ``in`` go by
  the members in the order written.

Type checkers are shown ``enum.StrEnum`` itself (see the modules that use it), so they
check members, exhaustiveness and values as for any enum.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType
from typing import Any


class _Names(type):
    """The type of a ``StrEnum``: its upper-case string attributes become its members."""

    _member_map_: dict[str, Any]
    _value2member_map_: dict[str, Any]

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> _Names:
        values = {k: v for k, v in ns.items() if not k.startswith("_") and type(v) is str}
        for k in values:
            del ns[k]
        ns["__slots__"] = ()  # a member is a bare str: its name is kept by the class
        cls = super().__new__(mcs, name, bases, ns)
        by_name: dict[str, Any] = {}
        by_value: dict[str, Any] = {}
        names: dict[str, str] = {}
        new: Any = str.__new__
        for k, v in values.items():
            member: Any = by_value.get(v)  # an alias: a second name for the same value
            if member is None:
                member = by_value[v] = new(cls, v)
                names[v] = k
            by_name[k] = member
            type.__setattr__(cls, k, member)
        type.__setattr__(cls, "_member_map_", by_name)
        type.__setattr__(cls, "_value2member_map_", by_value)
        type.__setattr__(cls, "_names_", names)
        return cls

    def __call__(cls, value: Any) -> Any:
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            raise ValueError(f"{value!r} is not a valid {cls.__qualname__}") from None

    def __getitem__(cls, name: str) -> Any:
        return cls._member_map_[name]

    def __iter__(cls) -> Iterator[Any]:
        return iter(cls._value2member_map_.values())

    def __reversed__(cls) -> Iterator[Any]:
        members: list[Any] = list(cls._value2member_map_.values())
        return iter(members[::-1])

    def __len__(cls) -> int:
        return len(cls._value2member_map_)

    def __contains__(cls, value: Any) -> bool:
        try:
            return value in cls._value2member_map_
        except TypeError:
            return False

    @property
    def __members__(cls) -> MappingProxyType[str, Any]:
        return MappingProxyType(cls._member_map_)

    def __repr__(cls) -> str:
        return f"<enum {cls.__name__!r}>"


class StrEnum(str, metaclass=_Names):
    """Members that are strings: see the module's notes."""

    _names_: dict[str, str]  # each member's name, by its value

    @property
    def _name_(self) -> str:
        return type(self)._names_[str.__str__(self)]

    @property
    def name(self) -> str:
        return type(self)._names_[str.__str__(self)]

    @property
    def value(self) -> str:
        return str.__str__(self)

    __str__ = str.__str__
    __format__ = str.__format__

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}: {str.__str__(self)!r}>"

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (type(self), (str.__str__(self),))

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: Any) -> Any:
        return self
