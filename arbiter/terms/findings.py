"""What the replay finds: irregularities and facts, each at the step it happened."""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field

from .vocabulary import Kind

__all__ = ["Consequence", "Facts", "Finding", "Kind", "Told"]


class Finding(Struct):
    """An irregularity or fact, at the step it happened.

    ``facts`` are what the replay knows about it; some (whether the player
    later lifted the cards, whether the next player was helped) are filled in
    as the replay goes on, so the judge sees them as they stood at the end.
    """

    kind: Kind
    step: int
    line: int | None
    player: str | None = None
    message: str = ""
    facts: dict[str, Any] = field(default_factory=dict)
    # Not recorded: the rulebook rules it on this earlier finding, its cause.
    ruled_on: Finding | None = None
    # The engine's assumptions (``draw.faced_card``) the replay relied on to find it.
    assumed: tuple[str, ...] = ()
    # Where the act it tells began before ``step`` (a draw's discard, told with the demand
    # found wrong at a later step): its place is told from before that act, not after it.
    began: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "step": self.step,
            "line": self.line,
            "player": self.player,
            "message": self.message,
            "facts": dict(self.facts),
            **({"assumed": list(self.assumed)} if self.assumed else {}),
        }


class Facts(dict[str, Any]):
    """A finding's facts, which note the step at which one of them last changed (``last``):
    the finding is complete, and its ruling acts on the table, after that step. ``clock``
    tells the current step."""

    __slots__ = ("clock", "last")

    def __init__(self, clock: Any, data: dict[str, Any]) -> None:
        super().__init__(data)
        self.clock = clock
        self.last: int = clock()

    def __setitem__(self, key: str, value: Any) -> None:
        if self.get(key, _UNSET) != value:
            self.last = max(self.last, self.clock())
        super().__setitem__(key, value)


_UNSET = object()


class Consequence(Struct, frozen=True):
    """What a ruling does to the table (``EFFECTS`` in the vocabulary), applied after the
    act at ``step``: ``effect`` on ``player``, by ``provision`` (on the finding ``kind``).
    ``amount``: the counters it moves (what went past the limit, for ``void:excess``; the
    fine, for ``fine``; for ``agreed``, which of the table's agreements is played, by its
    place among them, before the act at ``step``, the first of its deal)."""

    step: int
    effect: str
    player: str | None
    provision: str
    kind: str
    amount: int = 0


class Told(Struct, frozen=True):
    """Where the counters went when a ruling acted on the table: at ``step``, by
    ``provision``, ``amount`` of ``player``'s were dealt with as ``effect`` says (a void
    act's ``void:counters`` ... ``void:nothing``, a ``fine``)."""

    step: int
    effect: str
    player: str
    provision: str
    amount: int
