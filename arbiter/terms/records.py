"""Records: classes of named fields, declared as dataclasses are, but cheap to create.

Creating a dataclass compiles its ``__init__``, ``__repr__`` and ``__eq__`` (and, frozen,
``__setattr__`` and ``__hash__``) from generated source: about a millisecond a class, and
the rule path has a score of them, which was the largest share of ``arbiter rule``'s start.
``@record`` gives the behaviour arbiter relies on with methods shared by every record:

- ``__init__`` takes the fields in the order declared, by position or by name, with their
  defaults and ``field(default_factory=...)``; a missing or unknown argument is a
  ``TypeError``;
- ``==`` compares the fields in order, and only records of the same class;
- ``repr`` shows ``Name(field=value, ...)``;
- ``@record(frozen=True)`` refuses assignment (``FrozenInstanceError``) and hashes by the
  fields; a record that is not frozen is mutable and unhashable, as a dataclass is.

``replace(obj, **changes)`` is ``dataclasses.replace`` for records. Type checkers see a
record as a dataclass (``dataclass_transform``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T")


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen record."""


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


_MISSING: Any = _Missing()


class _Field:
    __slots__ = ("default", "factory")

    def __init__(self, default: Any, factory: Any) -> None:
        self.default = default
        self.factory = factory


@overload
def field(*, default: _T) -> _T: ...
@overload
def field(*, default_factory: Callable[[], _T]) -> _T: ...
def field(*, default: Any = _MISSING, default_factory: Any = _MISSING) -> Any:
    """A field's default, or a function giving a fresh one for each record."""
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Field(default, default_factory)


@overload
def record(cls: type[_T], /) -> type[_T]: ...
@overload
def record(*, frozen: bool = False) -> Callable[[type[_T]], type[_T]]: ...
@dataclass_transform(field_specifiers=(field,))
def record(cls: Any = None, /, *, frozen: bool = False) -> Any:
    """Make ``cls`` a record of the fields it annotates (see the module's notes)."""

    def wrap(c: type[_T]) -> type[_T]:
        return _make(c, frozen)

    return wrap if cls is None else wrap(cls)


def replace(obj: _T, /, **changes: Any) -> _T:
    """A copy of the record ``obj`` with some fields changed (as ``dataclasses.replace``)."""
    names: tuple[str, ...] | None = getattr(type(obj), "__record_fields__", None)
    if names is None:
        raise TypeError("replace() should be called on record instances")
    values = {n: changes.pop(n) if n in changes else getattr(obj, n) for n in names}
    if changes:
        raise TypeError(f"{type(obj).__qualname__}.__init__() got an unexpected keyword "
                        f"argument {next(iter(changes))!r}")
    return type(obj)(**values)


def _fields(c: type) -> tuple[str, ...]:
    # The class's own annotations, in order (inspect.get_annotations would import inspect).
    annotations = c.__dict__.get("__annotations__", {})  # noqa: RUF063
    return tuple(n for n, t in annotations.items()
                 if not (isinstance(t, str) and t.startswith(("ClassVar", "typing.ClassVar"))))


def _make(c: type[_T], frozen: bool) -> type[_T]:
    names = _fields(c)
    qual = c.__qualname__
    defaults: dict[str, Any] = {}
    factories: dict[str, Callable[[], Any]] = {}
    for n in names:
        value = c.__dict__.get(n, _MISSING)
        if isinstance(value, _Field):
            if value.factory is not _MISSING:
                factories[n] = value.factory
                delattr(c, n)
            elif value.default is not _MISSING:
                defaults[n] = value.default
                setattr(c, n, value.default)
            else:
                delattr(c, n)
        elif value is not _MISSING:
            defaults[n] = value
        if n not in defaults and n not in factories and (defaults or factories):
            raise TypeError(f"non-default argument {n!r} follows default argument")
    count = len(names)
    allowed = frozenset(names)
    fill = {**defaults}  # what a keyword call starts from: the plain defaults

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        given = len(args)
        d = self.__dict__
        if given == count and not kwargs:
            for n, v in zip(names, args, strict=True):
                d[n] = v
            return
        if given > count:
            raise TypeError(f"{qual}.__init__() takes {count + 1} positional arguments but "
                            f"{given + 1} were given")
        if not allowed.issuperset(kwargs):
            n = next(k for k in kwargs if k not in allowed)
            raise TypeError(f"{qual}.__init__() got an unexpected keyword argument {n!r}")
        d.update(fill)
        for n, v in zip(names, args, strict=False):
            if n in kwargs:
                raise TypeError(f"{qual}.__init__() got multiple values for argument {n!r}")
            d[n] = v
        d.update(kwargs)
        if len(d) < count:
            for n in names:
                if n not in d:
                    if n not in factories:
                        raise TypeError(f"{qual}.__init__() missing 1 required argument: "
                                        f"{n!r}")
                    d[n] = factories[n]()

    def values(self: Any) -> tuple[Any, ...]:
        d = self.__dict__
        return tuple([d[n] for n in names])

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return values(self) == values(other)

    showing: set[int] = set()

    def __repr__(self: Any) -> str:
        if id(self) in showing:  # a record that holds itself
            return "..."
        showing.add(id(self))
        try:
            d = self.__dict__
            return f"{type(self).__qualname__}(" + ", ".join(
                f"{n}={d[n]!r}" for n in names) + ")"
        finally:
            showing.discard(id(self))

    methods: dict[str, Any] = {"__init__": __init__, "__eq__": __eq__, "__repr__": __repr__}
    if frozen:
        def __setattr__(self: Any, name: str, value: Any) -> None:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self: Any, name: str) -> None:
            raise FrozenInstanceError(f"cannot delete field {name!r}")

        def __hash__(self: Any) -> int:
            return hash(values(self))

        methods.update(__setattr__=__setattr__, __delattr__=__delattr__, __hash__=__hash__)
    else:
        methods["__hash__"] = None
    for name, fn in methods.items():
        if fn is not None:
            fn.__qualname__ = f"{qual}.{name}"
        if name not in c.__dict__ or name == "__hash__":
            setattr(c, name, fn)
    setattr(c, "__record_fields__", names)  # noqa: B010
    setattr(c, "__match_args__", names)  # noqa: B010
    return c
