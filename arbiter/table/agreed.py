"""The table's agreements (a case's ``agreed:`` section): what the players settled among
themselves, before play or on one occasion of the sitting.

A fixed ante, the limit, whether jack-pots are played and table stakes, hands the table
agreed to admit (the Blaze, the Joker...), and rules departed from: before play, for the
whole sitting (Peel 81: "a departure from them has been agreed upon unanimously before play
begins"), or waived on one occasion only (Peel 80: "a like concession cannot be claimed on
another similar occasion"). A rule is named by the finding it is about
(``card_exposed_in_deal``), or, where it is one of the book's parameters, by its key with
the value agreed (``rule: hands.ace_in_sequence, value: high_or_low``), so the agreement
reads the same under every book. Each agreement says who made it (``by``; or that not every
player did, ``unanimous: false``) and when (``made``: before play of this sitting, or of an
earlier one), and the table says who has taken a seat since play began (``table.joined``).
This module reads and checks them (file and line for every fault) and says, for a finding,
what the agreements covering it are: the facts a book's law on agreements turns on, never
whether they hold, which is the book's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec import Struct

from ..errors import did_you_mean
from ..terms.seats import seat_key
from ..terms.vocabulary import AGREED_HANDS, PARAMETERS, Kind, ParamSpec

if TYPE_CHECKING:
    from ..load.yamlsafe import Document


class Waiver(Struct, frozen=True):
    """A rule the table set aside: the finding it is about, or the parameter (``rule``)
    with the value agreed; on which deal of the sitting (None: agreed before play, for the
    whole sitting); who agreed it (empty: every player at the table when it was made);
    whether it was unanimous as the case tells it; when it was made; and what the table
    did instead."""

    finding: str = ""
    deal: int | None = None
    instead: str = ""
    line: int | None = None
    rule: str = ""
    value: Any = None
    by: tuple[str, ...] = ()
    unanimous: bool | None = None
    made: str = "before_play"  # before_play (this sitting) | earlier_sitting


class Agreed(Struct, frozen=True):
    ante: int | None = None  # the fixed ante (the blind), agreed before play
    limit: int | None = None
    jackpots: bool | None = None  # None: the case does not say
    table_stakes: bool | None = None
    hands: tuple[str, ...] = ()  # hands the table agreed to admit (AGREED_HANDS)
    departed: tuple[Waiver, ...] = ()  # before play, for the sitting (Peel 81)
    waived: tuple[Waiver, ...] = ()  # on one occasion, a deal of the sitting (Peel 80)
    # The change of players in the sitting (``table.joined``): each new player, with the
    # player whose seat he took; and the players at the table now.
    joined: tuple[tuple[str, str], ...] = ()
    seats: tuple[str, ...] = ()

    def any(self) -> bool:
        return self != Agreed(joined=self.joined, seats=self.seats)

    def covering(self, kind: str, deal: int) -> dict[str, Any]:
        """Whether an agreement covers a finding of ``kind`` in deal ``deal``: waived for
        this occasion, departed from before play, or waived on an earlier occasion only;
        and, of the agreement that covers it, the facts a book's law on agreements turns
        on (every player agreed it, a player has changed since, an earlier sitting's).
        ``waived``: the players now at the table all agreed it, for this occasion or for
        this sitting."""
        now = [w for w in self.waived if w.finding == kind and w.deal == deal]
        before = [w for w in self.departed if w.finding == kind]
        return {
            "waived": any(self.by_all_now(w) for w in (*now, *before)),
            "waived_before_play": bool(before),
            "waived_earlier": any(w.finding == kind and w.deal is not None and w.deal < deal
                                  for w in self.waived),
            **self.terms((*now, *before)[0] if now or before else None),
        }

    def terms(self, w: Waiver | None) -> dict[str, Any]:
        """The facts of one agreement (None: none covers the finding)."""
        changed = bool(self.joined)
        if w is None:
            return {"unanimous": True, "players_changed": changed, "earlier_sitting": False}
        return {"unanimous": self.unanimous(w), "players_changed": changed and w.deal is None,
                "earlier_sitting": w.made == "earlier_sitting"}

    def at_making(self) -> list[str]:
        """The players at the table when play began: the seats, each new player's seat
        his who left."""
        left = dict(self.joined)
        return [left.get(s, s) for s in self.seats]

    def unanimous(self, w: Waiver) -> bool:
        """Whether every player at the table when it was made agreed it, as the case tells
        it (``by``, or ``unanimous: false``)."""
        if w.unanimous is False:
            return False
        if not w.by:
            return True
        at = self.at_making() if w.deal is None else list(self.seats)
        return set(at) <= set(w.by)

    def by_all_now(self, w: Waiver) -> bool:
        """Whether the players at the table now all agreed it, for this sitting."""
        if w.made == "earlier_sitting" or not self.unanimous(w):
            return False
        return w.deal is not None or not self.joined

    def rules(self, deal: int) -> list[tuple[int, Waiver]]:
        """The parameters the table agreed to play otherwise in deal ``deal``, each with
        its place among the agreements: departed from for the sitting (found in its first
        deal), or waived on this deal or on an earlier one (Peel 80: "a like concession
        cannot be claimed on another similar occasion")."""
        out = [(i, w) for i, w in enumerate(self.departed) if w.rule and deal == 1]
        return out + [(len(self.departed) + i, w) for i, w in enumerate(self.waived)
                      if w.rule and w.deal is not None and w.deal <= deal]

    def nth(self, i: int) -> Waiver:
        return (*self.departed, *self.waived)[i]

    def to_dict(self) -> dict[str, Any]:
        def one(w: Waiver) -> dict[str, Any]:
            out: dict[str, Any] = {"finding": w.finding, "deal": w.deal, "instead": w.instead}
            if w.rule:
                out.update(rule=w.rule, value=w.value)
            if w.by:
                out["by"] = list(w.by)
            if w.unanimous is not None:
                out["unanimous"] = w.unanimous
            if w.made != "before_play":
                out["made"] = w.made
            return out

        out: dict[str, Any] = {"ante": self.ante, "limit": self.limit, "jackpots": self.jackpots,
               "table_stakes": self.table_stakes, "hands": list(self.hands),
               "departed": [one(w) for w in self.departed],
               "waived": [one(w) for w in self.waived]}
        if self.joined:
            out["joined"] = dict(self.joined)
        return out


_KEYS = ("ante", "limit", "jackpots", "table_stakes", "hands", "departed", "waived")


def agreed_from(doc: Document, data: Any, base: tuple[str | int, ...], deals: int,
                blind: int, seats: tuple[str, ...] = (),
                joined: tuple[tuple[str, str], ...] = ()) -> Agreed:
    """Read ``agreed:`` (the schema has checked its shape); ``deals``: how many deals the
    case holds, which a waiver's occasion must be one of; ``blind``: the table's blind,
    which a fixed ante must agree with; ``seats`` and ``joined``: the players at the table
    now, and who took whose seat since play began, whom an agreement's parties must be."""
    if data is None:
        return Agreed(joined=joined, seats=seats)
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
    players = _Players(seats, joined)
    departed = tuple(_waiver(doc, (*base, "departed", i), w, None, deals, players)
                     for i, w in enumerate(data.get("departed", [])))
    waived = tuple(_waiver(doc, (*base, "waived", i), w, "deal", deals, players)
                   for i, w in enumerate(data.get("waived", [])))
    return Agreed(ante, data.get("limit"), data.get("jackpots"), data.get("table_stakes"),
                  hands, departed, waived, joined, seats)


def _hand(doc: Document, path: tuple[str | int, ...], name: Any) -> str:
    word = str(name).strip().lower().removeprefix("the ")
    if word not in AGREED_HANDS:
        raise doc.error(path, f"{name!r} is not a hand the table can agree to admit; "
                        + did_you_mean(word, list(AGREED_HANDS)))
    return word


class _Players(Struct, frozen=True):
    seats: tuple[str, ...]
    joined: tuple[tuple[str, str], ...]

    def named(self, name: Any) -> str | None:
        """The player ``name`` names: a seat, or one who left (None: neither)."""
        known = [*self.seats, *(old for _, old in self.joined)]
        return next((p for p in known if seat_key(p) == seat_key(str(name))), None)


def _waiver(doc: Document, path: tuple[str | int, ...], w: Any, occasion: str | None,
            deals: int, players: _Players) -> Waiver:
    if not isinstance(w, dict) or ("finding" in w) == ("rule" in w):
        raise doc.error(path, "expected {finding: KIND, " + (f"{occasion}: N, " if occasion
                        else "") + "instead: what the table did}, the rule named by the "
                        "finding it is about, e.g. card_exposed_in_deal, or {rule: "
                        "GROUP.SETTING, value: VALUE}, one of the book's parameters "
                        "(hands.ace_in_sequence): one of 'finding' and 'rule'")
    line = doc.where(path)[0]
    terms = _terms(doc, path, w, players)
    kind, rule, value = "", "", None
    if "finding" in w:
        kind = str(w["finding"])
        if kind not in {str(k) for k in Kind}:
            raise doc.error((*path, "finding"), f"{kind!r} is not a finding kind; "
                            + did_you_mean(kind, [str(k) for k in Kind]))
        if "value" in w:
            raise doc.error((*path, "value"), "a rule named by its finding takes no "
                            "'value' (say what the table did under 'instead'); a value goes "
                            "with a parameter, under 'rule'")
    else:
        rule, value = _rule(doc, path, w)
    if occasion is None:
        if "deal" in w:
            raise doc.error((*path, "deal"), "a departure agreed before play holds for the "
                            "whole sitting (Peel 81): it takes no 'deal'; a rule waived on "
                            "one occasion goes under 'waived'")
        return Waiver(kind, None, str(w.get("instead", "")), line, rule, value, **terms,
                      made=str(w.get("made", "before_play")))
    deal = w.get("deal")
    if not isinstance(deal, int) or isinstance(deal, bool) or not 1 <= deal <= deals:
        raise doc.error((*path, "deal"), f"expected the deal of the sitting it was waived "
                        f"on, 1 to {deals} (the case holds {deals} deal"
                        f"{'s' if deals != 1 else ''}; 'next deal' begins another)")
    return Waiver(kind, deal, str(w.get("instead", "")), line, rule, value, **terms)


def _terms(doc: Document, path: tuple[str | int, ...], w: dict[str, Any],
           players: _Players) -> dict[str, Any]:
    """Who agreed it (``by``), or that not every player did (``unanimous: false``)."""
    if "by" in w and "unanimous" in w:
        raise doc.error((*path, "unanimous"), "expected 'by' (who agreed it) or "
                        "'unanimous' (whether every player did), not both")
    by = []
    for i, name in enumerate(w.get("by", [])):
        who = players.named(name)
        if who is None:
            left = [old for _, old in players.joined]
            raise doc.error((*path, "by", i), f"{name!r} is not at the table"
                            + (f" nor one who left ({', '.join(left)})" if left else "")
                            + "; expected the players who agreed it (one who has left "
                            "since is named in table.joined: {NEW: OLD})")
        by.append(who)
    return {"by": tuple(by), "unanimous": w.get("unanimous")}


def _rule(doc: Document, path: tuple[str | int, ...], w: dict[str, Any]) -> tuple[str, Any]:
    """A parameter departed from, and the value agreed, as the registry gives its values."""
    rule = str(w["rule"])
    spec = PARAMETERS.get(rule)
    if spec is None:
        raise doc.error((*path, "rule"), f"{rule!r} is not one of the books' parameters; "
                        + did_you_mean(rule, list(PARAMETERS)))
    if "value" not in w:
        raise doc.error(path, f"expected the value the table agreed for {rule}: 'value: "
                        f"{_example(spec)}'")
    value = w["value"]
    if not _fits(spec, value):
        raise doc.error((*path, "value"), f"{value!r} is not a value of {rule}: expected "
                        + _expected(spec))
    return rule, tuple(value) if isinstance(value, list) else value


def _fits(spec: ParamSpec, value: Any) -> bool:
    if spec.kind == "bool":
        return isinstance(value, bool)
    if spec.kind == "count":
        return isinstance(value, int) and not isinstance(value, bool) and value >= 1
    if spec.kind == "choices":
        return isinstance(value, list) and len(value) >= spec.min_items and all(
            v in spec.values for v in value)
    if spec.kind == "choice":
        return isinstance(value, str) and value in spec.values
    return False  # a fraction of the limit: not a rule a table agrees here


def _expected(spec: ParamSpec) -> str:
    if spec.kind == "bool":
        return "true or false"
    if spec.kind == "count":
        return "a whole number from 1"
    if spec.kind in ("choice", "choices"):
        return ("one of " if spec.kind == "choice" else "a list of ") + ", ".join(spec.values)
    return "a setting of another kind (this one is a fraction of the limit)"


def _example(spec: ParamSpec) -> str:
    return spec.values[0] if spec.values else "true" if spec.kind == "bool" else "2"
