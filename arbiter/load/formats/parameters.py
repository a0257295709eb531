"""A rulebook's ``parameters:`` section, built from the vocabulary's parameter registry.

Each group (``straddle``) is a mapping of its settings, as ``arbiter.terms.vocabulary``
declares them (the values each takes, what it means), with the laws the book rests each
on: ``cites`` by setting (``cites: {first: [21], step: [22]}``), or, for a group whose
settings all rest on the same laws, one list. Nothing here names a setting: a parameter
added to the registry is a key of the format, and of its published schema, at once.
"""



from typing import TYPE_CHECKING, Annotated, Any, Literal

from msgspec import UNSET, Meta, Struct, defstruct

from ...terms.vocabulary import PARAMETER_GROUPS, PARAMETERS, ParamSpec
from .common import MAX_INT, Ref

_Cited = Annotated[list[Ref], Meta(min_length=1)]


def _literal(values: tuple[str, ...]) -> Any:
    return Literal.__getitem__(values)


def _value_type(spec: ParamSpec) -> Any:
    t: Any
    if spec.kind == "bool":
        t = bool
    elif spec.kind == "count":
        t = Annotated[int, Meta(ge=1, le=MAX_INT)]
    elif spec.kind == "fraction":
        t = Annotated[float, Meta(ge=0, le=1)]
    elif spec.kind == "choices":
        t = Annotated[list[_literal(spec.values)], Meta(min_length=spec.min_items)]  # type: ignore[misc]
    else:
        t = _literal(spec.values)
    if spec.nullable:
        t = t | None
    return Annotated[t, Meta(description=spec.summary)]


def _group(group: str) -> type[Struct]:
    keys = {name.split(".", 1)[1]: spec for name, spec in PARAMETERS.items()
            if name.split(".", 1)[0] == group}
    # A setting's name under ``cites`` is checked beside the laws it names (where a wrong
    # one is answered with the nearest: arbiter.law.rulebooks.check_parameter_cites).
    cites: Any = Annotated[
        _Cited | dict[str, _Cited],
        Meta(description="The laws these settings rest on: by setting ({first: [21]}), or, "
                         "where every setting of the group rests on the same laws, one list."),
    ]
    fields: list[tuple[str, Any, Any]] = [(k, _value_type(s), UNSET) for k, s in keys.items()]
    fields += [("cites", cites, UNSET), ("note", str, UNSET)]
    name = "".join(part.title() for part in group.split("_"))
    made = defstruct(name, fields, kw_only=True, forbid_unknown_fields=True, module=__name__)
    made.__doc__ = PARAMETER_GROUPS[group]
    return made


def _parameters() -> type[Struct]:
    groups = [(g, _group(g), UNSET) for g in PARAMETER_GROUPS]
    made = defstruct("Parameters", groups, kw_only=True, forbid_unknown_fields=True,
                     module=__name__)
    made.__doc__ = "Where the authorities differ on a mechanic, the table takes it from here."
    return made


if TYPE_CHECKING:
    Parameters = Struct
else:
    Parameters = _parameters()
