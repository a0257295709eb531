"""The values the acts are set against: what the table agreed before play (the blind,
the limit, the stakes each player put on the table, and the least opening stake where it
agreed one). They are read from a case's ``table:``, or from its ``agreed:`` section where
it has one (``agreed_values``), and every check of an act against them takes only these
values."""

from __future__ import annotations

from typing import Any

from ..terms.records import record


@record(frozen=True)
class AgreedValues:
    """The table's agreements (None: it agreed nothing on the point)."""

    blind: int | None = None
    limit: int | None = None
    stakes: tuple[tuple[str, int], ...] = ()
    opening: int | None = None  # the least opening stake, where the table agreed one


def agreed_values(table: Any, section: Any = None) -> AgreedValues:
    """The agreed values: a case's ``agreed:`` section where it has one (a mapping, or a
    record with these fields), else what its ``table:`` says of the blind, the limit and
    the stakes."""
    def get(key: str, default: Any) -> Any:
        if isinstance(section, dict):
            value = section.get(key)
        else:
            value = getattr(section, key, None) if section is not None else None
        return default if value is None or value == () else value

    return AgreedValues(blind=get("ante", get("blind", getattr(table, "blind", None))),
                        limit=get("limit", getattr(table, "limit", None)),
                        stakes=tuple(get("stakes", getattr(table, "stakes", ()) or ())),
                        opening=get("opening", None))
