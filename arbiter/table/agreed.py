"""What the table agreed before play: the blind, the limit, the stakes each player put on
the table, and the least opening stake where it agreed one. Today these are read from a
case's ``table:``; a case's own ``agreed:`` section, where it has one, is read the same way
(``agreed_values``), and every check of an act against them takes only these values."""

from __future__ import annotations

from typing import Any

from ..terms.records import record


@record(frozen=True)
class Agreed:
    """The table's agreements (None: it agreed nothing on the point)."""

    blind: int | None = None
    limit: int | None = None
    stakes: tuple[tuple[str, int], ...] = ()
    opening: int | None = None  # the least opening stake, where the table agreed one


def agreed_values(table: Any, section: Any = None) -> Agreed:
    """The agreed values: a case's ``agreed:`` section where it has one (a mapping, or a
    record with these fields), else what its ``table:`` says of the blind, the limit and
    the stakes."""
    def get(key: str, default: Any) -> Any:
        if isinstance(section, dict):
            return section.get(key, default)
        return getattr(section, key, default) if section is not None else default

    return Agreed(blind=get("blind", getattr(table, "blind", None)),
                  limit=get("limit", getattr(table, "limit", None)),
                  stakes=tuple(get("stakes", getattr(table, "stakes", ()))),
                  opening=get("opening", None))
