"""The table's agreements (a case's ``agreed:`` section): what the players settled among
themselves, before play or on one occasion of the sitting.

A fixed ante, the limit, whether jack-pots are played and table stakes, hands the table
agreed to admit (the Blaze, the Joker...), and rules departed from: before play, for the
whole sitting (Peel 81: "a departure from them has been agreed upon unanimously before play
begins"), or waived on one occasion only (Peel 80: "a like concession cannot be claimed on
another similar occasion"). A rule is named by the finding it is about
(``card_exposed_in_deal``), so the agreement reads the same under every book. This module
reads and checks them (file and line for every fault) and says, for a finding, whether an
agreement covers it; comparing the acts with the agreed ante and limit is the book's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import did_you_mean
from ..terms.records import record
from ..terms.vocabulary import AGREED_HANDS, Kind

if TYPE_CHECKING:
    from ..load.yamlsafe import Document


@record(frozen=True)
class Waiver:
    """A rule the table set aside: the finding it is about, on which deal of the sitting
    (None: agreed before play, for the whole sitting), and what the table did instead."""

    finding: str
    deal: int | None = None
    instead: str = ""
    line: int | None = None


@record(frozen=True)
class Agreed:
    ante: int | None = None  # the fixed ante (the blind), agreed before play
    limit: int | None = None
    jackpots: bool | None = None  # None: the case does not say
    table_stakes: bool | None = None
    hands: tuple[str, ...] = ()  # hands the table agreed to admit (AGREED_HANDS)
    departed: tuple[Waiver, ...] = ()  # before play, for the sitting (Peel 81)
    waived: tuple[Waiver, ...] = ()  # on one occasion, a deal of the sitting (Peel 80)

    def any(self) -> bool:
        return self != Agreed()

    def covering(self, kind: str, deal: int) -> dict[str, bool]:
        """Whether an agreement covers a finding of ``kind`` in deal ``deal``: waived for
        this occasion, departed from before play, or waived on an earlier occasion only."""
        return {
            "waived": any(w.finding == kind and w.deal == deal for w in self.waived)
            or any(w.finding == kind for w in self.departed),
            "waived_before_play": any(w.finding == kind for w in self.departed),
            "waived_earlier": any(w.finding == kind and w.deal is not None and w.deal < deal
                                  for w in self.waived),
        }

    def to_dict(self) -> dict[str, Any]:
        def one(w: Waiver) -> dict[str, Any]:
            return {"finding": w.finding, "deal": w.deal, "instead": w.instead}

        return {"ante": self.ante, "limit": self.limit, "jackpots": self.jackpots,
                "table_stakes": self.table_stakes, "hands": list(self.hands),
                "departed": [one(w) for w in self.departed],
                "waived": [one(w) for w in self.waived]}


_KEYS = ("ante", "limit", "jackpots", "table_stakes", "hands", "departed", "waived")


def agreed_from(doc: Document, data: Any, base: tuple[str | int, ...], deals: int,
                blind: int) -> Agreed:
    """Read ``agreed:`` (the schema has checked its shape); ``deals``: how many deals the
    case holds, which a waiver's occasion must be one of; ``blind``: the table's blind,
    which a fixed ante must agree with."""
    if data is None:
        return Agreed()
    if not isinstance(data, dict):
        raise doc.error(base, "expected the table's agreements as a mapping: "
                        + ", ".join(_KEYS))
    for key in data:
        if key not in _KEYS:
            raise doc.error((*base, key), f"{key!r} is not an agreement; "
                            + did_you_mean(str(key), list(_KEYS)))
    ante = data.get("ante")
    if ante is not None and ante != blind:
        raise doc.error((*base, "ante"), f"the table agreed an ante of {ante} but "
                        f"table.blind is {blind}: expected the blind the age is to put up "
                        "to be the agreed one (write what he put up as an event: "
                        f"'B blinds {blind + 1}')")
    hands = tuple(_hand(doc, (*base, "hands", i), h) for i, h in
                  enumerate(data.get("hands", [])))
    departed = tuple(_waiver(doc, (*base, "departed", i), w, None, deals)
                     for i, w in enumerate(data.get("departed", [])))
    waived = tuple(_waiver(doc, (*base, "waived", i), w, "deal", deals)
                   for i, w in enumerate(data.get("waived", [])))
    return Agreed(ante, data.get("limit"), data.get("jackpots"), data.get("table_stakes"),
                  hands, departed, waived)


def _hand(doc: Document, path: tuple[str | int, ...], name: Any) -> str:
    word = str(name).strip().lower().removeprefix("the ")
    if word not in AGREED_HANDS:
        raise doc.error(path, f"{name!r} is not a hand the table can agree to admit; "
                        + did_you_mean(word, list(AGREED_HANDS)))
    return word


def _waiver(doc: Document, path: tuple[str | int, ...], w: Any, occasion: str | None,
            deals: int) -> Waiver:
    if not isinstance(w, dict) or "finding" not in w:
        raise doc.error(path, "expected {finding: KIND, " + (f"{occasion}: N, " if occasion
                        else "") + "instead: what the table did}, the rule named by the "
                        "finding it is about, e.g. card_exposed_in_deal")
    kind = str(w["finding"])
    if kind not in {str(k) for k in Kind}:
        raise doc.error((*path, "finding"), f"{kind!r} is not a finding kind; "
                        + did_you_mean(kind, [str(k) for k in Kind]))
    line = doc.where(path)[0]
    if occasion is None:
        if "deal" in w:
            raise doc.error((*path, "deal"), "a departure agreed before play holds for the "
                            "whole sitting (Peel 81): it takes no 'deal'; a rule waived on "
                            "one occasion goes under 'waived'")
        return Waiver(kind, None, str(w.get("instead", "")), line)
    deal = w.get("deal")
    if not isinstance(deal, int) or isinstance(deal, bool) or not 1 <= deal <= deals:
        raise doc.error((*path, "deal"), f"expected the deal of the sitting it was waived "
                        f"on, 1 to {deals} (the case holds {deals} deal"
                        f"{'s' if deals != 1 else ''}; 'next deal' begins another)")
    return Waiver(kind, deal, str(w.get("instead", "")), line)
