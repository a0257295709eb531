"""What a ruling assumes: the engine's mechanics a book does not give, said plainly.

A decision (or a silence) on a finding that rests on an assumed mechanic carries
the sentence ``engine_defaults.yaml`` gives for it, with the book's name: "Hoffmann
does not say where a card found faced in the pack goes; this ruling assumes it goes
with the discards." So does the cause of a finding the engine's assumed precedence
merged into it, and a provision that needs the book's procedures where the book
gives none. What the table relied on without any finding is said once, for the
ruling as a whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..law.params import assumption, engine_defaults, voice
from ..terms.vocabulary import FINDINGS, Act

if TYPE_CHECKING:
    from ..law.laws import Rulebook
    from ..table.cases import Event
    from ..table.replay import Replay
    from ..terms.findings import Finding


def _fill(text: str, book: Rulebook) -> str:
    return text.replace("{book}", voice(book))


class Assumptions:
    def __init__(self, r: Replay, book: Rulebook) -> None:
        self.r, self.book = r, book
        self.merged: dict[int, list[str]] = {}
        for _, cause, rule in r.merged:
            if rule.get("assumed"):
                said = self.merged.setdefault(id(cause), [])
                text = _fill(str(rule.get("assumes", "")), book)
                if text and text not in said:
                    said.append(text)
        self.procedures = [k for k in engine_defaults().get("procedures", {})
                           if k not in (book.procedures or {})]

    def of(self, f: Finding, p: dict[str, Any] | None) -> list[str]:
        """The sentences for every assumption the ruling on ``f`` (by provision ``p``)
        depends on."""
        out = [assumption(name, voice(self.book)) for name in f.assumed]
        out += self.merged.get(id(f), [])
        silent = FINDINGS[f.kind].silence_assumes
        if p is None and silent:  # the book has no provision on it: the table goes on so
            out.append(_fill(str(engine_defaults()[silent]["assumes"]), self.book))
        if p is not None and ("evidence" in p or "referee" in p):
            defaults = engine_defaults()["procedures"]
            out += [_fill(defaults[k]["assumes"], self.book) for k in self.procedures
                    if defaults[k].get("assumes")]
        return out

    def unattached(self, said: list[list[str]]) -> list[str]:
        """The table's assumptions no decision or silence has already stated."""
        given = {s for group in said for s in group}
        return [s for s in (assumption(n, voice(self.book)) for n in self.r.relied)
                if s not in given]


def void_undoes() -> str:
    """What a void act undoes where its provision does not say: the engine's assumption."""
    return str(engine_defaults()["void"]["undoes"]["value"])


def void_assumed(book: Rulebook) -> str:
    """The sentence a ruling gives where it undoes a void act by that assumption."""
    return _fill(str(engine_defaults()["void"]["undoes"]["assumes"]), book)


def not_taken(book: Rulebook) -> str:
    """The sentence a ruling gives where the act it rules void put up counters the table
    never took as a stake (a player who had passed), the book not saying what of them."""
    return _fill(str(engine_defaults()["void"]["not_taken"]["assumes"]), book)


# Acts by which an irregularity is raised at the table.
_POINTING = frozenset({Act.POINTS_OUT, Act.DISPUTES})


def say_kept(events: tuple[Event, ...], step: int) -> bool:
    """Whether the table stopped on the act at ``step``, so that a void act whose say is
    given back to its player (``undoes: turn``) is undone so: nothing follows it, it is
    pointed out at once, or the player himself acts next. Where another played on before
    anyone objected, the say goes on as the players played it, by the engine's stated
    assumption (``void.played_on``)."""
    if step >= len(events):
        return True
    nxt = events[step]
    return nxt.act in _POINTING or nxt.player == events[step - 1].player


def played_on(book: Rulebook) -> str:
    """The sentence a ruling gives where a void act's say could not be given back."""
    return _fill(str(engine_defaults()["void"]["played_on"]["assumes"]), book)
