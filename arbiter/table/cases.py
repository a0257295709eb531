"""Cases: what happened at the table, as players write it down.

A case is YAML: the table (seats, dealer, blind, limit, counter colours), the
events in order, and the dispute. Each event is either one line,
``PLAYER VERB [PLAYER] [AMOUNT|COUNT] [CARDS]`` (``B discards 3``,
``A gives B 4``, ``D raises 2 blues``), or the canonical mapping
(``{player: B, act: discards, count: 3}``). Every mistake is answered with the
file, line and what was expected.
"""


from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from msgspec import Struct, ValidationError, convert, field
from msgspec.structs import replace

from ..load import cache
from ..load.files import MAX_CASE, decode, read_bytes
from ..load.formats.case import CaseFile, case_size, distinct_seats
from ..load.formats.check import conform
from ..load.yamlsafe import MAX_CASE_VALUES, Document, parse
from ..terms.seats import name_fault, nfc, seat_key
from ..terms.vocabulary import Act
from .agreed import Agreed, agreed_from
from .events import Event, _Ctx, _q, _seat, ambiguous_seat, parse_line, parse_mapping
from .questions import Asked, parse_question

if TYPE_CHECKING:
    from ..load.files import StrPath

__all__ = ["Case", "Dispute", "Event", "Table", "case_from_document", "load_case"]


class Table(Struct, frozen=True):
    seats: tuple[str, ...]
    dealer: str
    blind: int
    limit: int
    counters: tuple[tuple[str, int], ...] = ()
    stakes: tuple[tuple[str, int], ...] = ()
    jackpot: int = 0
    pool: int = 0
    # A change of players in the sitting (``joined``): each new player, with the player
    # whose seat he took since play began.
    joined: tuple[tuple[str, str], ...] = ()


class Dispute(Struct, frozen=True):
    question: str
    raised_by: str | None = None
    about: str | None = None
    asks: Asked | None = None  # the question in one of the forms (arbiter/questions.py)
    # The questions after the first, where ``asks:`` is a list: each answered in turn.
    more_asks: tuple[Asked, ...] = ()


class Case(Struct, frozen=True):
    file: str
    table: Table
    events: tuple[Event, ...]
    title: str = ""
    note: str = ""
    rulebook: str | None = None
    rulebook_line: int | None = None
    dispute: Dispute | None = None
    expect: dict[str, Any] = field(default_factory=dict)
    agreed: Agreed = field(default_factory=Agreed)  # the table's agreements (``agreed:``)



# --- loading ------------------------------------------------------------------

def load_case(source: StrPath, text: str | None = None) -> Case:
    """Load and validate a case file (or ``text`` under that name).

    A case read and validated is kept in the cache, as a rulebook is (``arbiter.load.cache``),
    under its name, its text and the code; the same case read again is taken from there
    without parsing its YAML. The first parse imports PyYAML, which is a third of the
    floor every command is measured against (88 M instructions): a ruling of a case read
    before starts 1.3 times as fast (docs/speed.md). The entry is written only where the
    case it gives back is equal to the one just read, and marked verified."""
    name = str(source)
    if text is None:
        text = decode(read_bytes(source, "case", MAX_CASE), name)
    k = cache.key(b"case", name.encode("utf-8", "surrogatepass"),
                  text.encode("utf-8", "surrogatepass"))
    found = cache.entry(k)
    if found is not None and found[1]:
        kept = _from_entry(found[0])
        if kept is not None:
            return kept
    case = case_from_document(parse(text, name, MAX_CASE_VALUES, shallow=True))
    if cache.in_use():
        with contextlib.suppress(TypeError):  # a value JSON cannot hold: no entry
            cache.put(k, case, verify=lambda entry: _from_entry(entry) == case)
    return case


def _from_entry(entry: Any) -> Case | None:
    """The case a cache entry holds, held to ``Case``'s types; None on any doubt."""
    try:
        return convert(entry, Case)
    except (ValidationError, TypeError, ValueError, RecursionError):
        return None


def case_from_document(doc: Document) -> Case:
    if not isinstance(doc.data, dict):
        raise doc.error((), "expected a case: a mapping with 'table' and 'events'"
                        + ("; the file is empty" if doc.data is None else ""))
    if "laws" in doc.data or ("id" in doc.data and "table" not in doc.data):
        raise doc.error((), "this is a rulebook, not a case: expected 'table' and 'events' "
                        "(see 'arbiter laws' and 'arbiter check' for rulebooks)")
    case_size(doc)  # before the format check spends time on 100,000 events
    conform(doc, "case", CaseFile)  # the declared format, strictly: no 2.0 for 2, no .nan
    distinct_seats(doc, doc.data["table"]["seats"])  # not 'A' and 'a', Zoë and ZOË
    data = doc.data
    t = data["table"]
    seats = tuple(nfc(s) for s in t["seats"])
    counters = dict(t.get("counters", {}))
    _seat_names(doc, seats, counters)
    table = _table(doc, t, seats, counters)
    events = _events(doc, data["events"], seats, counters)
    dispute = _dispute(doc, data["dispute"], seats, counters) if "dispute" in data else None
    deals = 1 + sum(1 for e in events if e.act == Act.NEXT_DEAL)
    agreed = agreed_from(doc, data.get("agreed", t.get("agreed")),
                         ("agreed",) if "agreed" in data else ("table", "agreed"), deals,
                         table.blind, seats, table.joined)
    return Case(
        file=doc.file,
        table=table,
        events=tuple(events),
        title=data.get("title", ""),
        note=data.get("note", ""),
        rulebook=data.get("rulebook"),
        rulebook_line=doc.where(("rulebook",))[0] if "rulebook" in data else None,
        dispute=dispute,
        expect=data.get("expect", {}),
        agreed=agreed,
    )


def _seat_names(doc: Document, seats: tuple[str, ...], counters: dict[str, int]) -> None:
    """Each seat's name a word (see terms.seats) that no one-line event could misread."""
    for i, name in enumerate(seats):
        ctx = _Ctx(doc, ("table", "seats", i), seats, counters)
        why = name_fault(name)
        if why is not None:
            raise ctx.error(f"{why}: got {_q(name)}")
        why = ambiguous_seat(name, ctx)
        if why is not None:
            raise ctx.error(why)


def _table(doc: Document, t: dict[str, Any], seats: tuple[str, ...],
           counters: dict[str, int]) -> Table:
    dealer = _seat(t["dealer"], _Ctx(doc, ("table", "dealer"), seats, counters))
    stakes = {_seat(who, _Ctx(doc, ("table", "stakes", who), seats, counters)): n
              for who, n in t.get("stakes", {}).items()}
    return Table(
        seats=seats,
        dealer=dealer,
        blind=t["blind"],
        limit=t["limit"],
        counters=tuple(counters.items()),
        stakes=tuple(stakes.items()),
        jackpot=t.get("jackpot", 0),
        pool=t.get("pool", 0),
        joined=_joined(doc, t.get("joined", {}), seats, counters),
    )


def _joined(doc: Document, joined: dict[str, str], seats: tuple[str, ...],
            counters: dict[str, int]) -> tuple[tuple[str, str], ...]:
    """Each player who took a seat since play began, a seat now, and the player whose
    seat he took, who is not."""
    out: list[tuple[str, str]] = []
    for new, old in joined.items():
        seat = _seat(new, _Ctx(doc, ("table", "joined", new), seats, counters))
        left = nfc(old)
        why = name_fault(left)
        if why is not None or any(seat_key(left) == seat_key(s) for s in seats) or any(
                seat_key(left) == seat_key(o) for _, o in out):
            raise doc.error(("table", "joined", new), f"expected the player whose seat "
                            f"{seat} took, one who has left the table: got {_q(old)}"
                            + (f" ({why})" if why else ", who is at the table"
                               if any(seat_key(left) == seat_key(s) for s in seats)
                               else ", whose seat another took"))
        out.append((seat, left))
    return tuple(out)


def _events(doc: Document, raws: list[Any], seats: tuple[str, ...],
            counters: dict[str, int]) -> list[Event]:
    events = []
    for i, raw in enumerate(raws):
        ctx = _Ctx(doc, ("events", i), seats, counters)
        ev = parse_line(raw, ctx) if isinstance(raw, str) else parse_mapping(raw, ctx)
        line, column = doc.where(("events", i))
        events.append(replace(ev, line=line, column=column))
    return events


def _dispute(doc: Document, d: dict[str, Any], seats: tuple[str, ...],
             counters: dict[str, int]) -> Dispute:
    named = {key: _seat(d[key], _Ctx(doc, ("dispute", key), seats, counters))
             for key in ("raised_by", "about") if key in d}
    asked: list[Asked] = []
    if "asks" in d:  # one question, or a list of them, each answered in turn
        many = d["asks"] if isinstance(d["asks"], list) else [d["asks"]]
        for i, q in enumerate(many):
            path = ("dispute", "asks", i) if isinstance(d["asks"], list) else ("dispute", "asks")
            asked.append(parse_question(q, _Ctx(doc, path, seats, counters)))
    asks = asked[0] if asked else None
    if "question" not in d and asks is None:
        raise doc.error(("dispute",), "a dispute needs 'asks' (one of the question "
                        "forms, e.g. 'may C come in') or 'question' (in your own words)")
    text = d.get("question") or ("; ".join(a.text for a in asked) if asked else "")
    return Dispute(text, named.get("raised_by"), named.get("about"), asks, tuple(asked[1:]))
