"""The case file: what happened at one deal, and the dispute about it (``cases/*.yaml``).

The one declaration of the format: ``check`` converts a parsed case to these Structs
(strictly: no ``2.0`` for ``2``, no unknown key), and the published
``arbiter/load/schemas/case.schema.json`` is generated from them.
"""



from typing import Annotated, Any, Literal

from msgspec import Meta, Struct

from ...errors import clip
from ...terms.seats import seat_key
from ...terms.vocabulary import Act, Intent
from ..yamlsafe import Document
from .common import MAX_INT, OMITTED

Parties = Annotated[
    list[Annotated[str, Meta(min_length=1)]],
    Meta(min_length=1, max_length=10, extra_json_schema={"uniqueItems": True},
         description=("The players who agreed it (seats, or players who have left since: "
                      "table.joined). Not given: every player at the table when it was "
                      "made.")),
]

Rule = Annotated[str, Meta(description=(
    "The rule departed from, where it is one of the book's parameters: its key, "
    "group.setting (hands.ace_in_sequence), with the value agreed under 'value'."))]

Value = Annotated[
    str | bool | int | list[str],
    Meta(description="The value of the parameter the table agreed (with 'rule')."),
]


# The fields a waiver and a departure share, declared once.
FindingRef = Annotated[
    str, Meta(description="The finding kind the rule is about, e.g. card_exposed_in_deal.")]
Unanimous = Annotated[bool, Meta(description=(
    "false: not every player agreed (where who did is not told; else 'by')."))]
Instead = Annotated[str, Meta(description="What the table did instead.")]

class Waiver(Struct, kw_only=True, forbid_unknown_fields=True):
    """A rule set aside on one occasion, a deal of the sitting (Peel 80)."""

    finding: FindingRef = OMITTED
    rule: Rule = OMITTED
    value: Value = OMITTED
    deal: (
        Annotated[int, Meta(ge=1, le=MAX_INT,
                            description="The deal of the sitting it was waived on.")]
    ) = OMITTED
    by: Parties = OMITTED
    unanimous: Unanimous = OMITTED
    instead: Instead = OMITTED


class Departure(Struct, kw_only=True, forbid_unknown_fields=True):
    """A rule departed from by agreement before play, for the sitting (Peel 81)."""

    finding: FindingRef = OMITTED
    rule: Rule = OMITTED
    value: Value = OMITTED
    by: Parties = OMITTED
    unanimous: Unanimous = OMITTED
    deal: Annotated[int, Meta(description=(
        "Not taken here: a departure agreed before play holds for the whole sitting; a "
        "rule waived on one deal goes under 'waived'."))] = OMITTED
    made: Annotated[
        Literal["before_play", "earlier_sitting"],
        Meta(description=("When it was agreed: before play began this sitting (the "
                          "default), or before play of an earlier sitting.")),
    ] = OMITTED
    instead: Instead = OMITTED


class Agreed(Struct, kw_only=True, forbid_unknown_fields=True):
    """The table's agreements: a fixed ante, the limit, jack-pots, table stakes, agreed
    hands, rules departed from before play (Peel 81) or waived on one occasion (Peel 80)."""

    ante: Annotated[int, Meta(ge=1, le=MAX_INT)] = OMITTED
    limit: Annotated[int, Meta(ge=1, le=MAX_INT)] = OMITTED
    jackpots: bool = OMITTED
    table_stakes: bool = OMITTED
    hands: (
        Annotated[list[Annotated[str, Meta(min_length=1)]], Meta(max_length=10)]
    ) = OMITTED
    departed: Annotated[list[Departure], Meta(max_length=50)] = OMITTED
    waived: Annotated[list[Waiver], Meta(max_length=50)] = OMITTED


class Table(Struct, kw_only=True, forbid_unknown_fields=True):
    seats: Annotated[
        list[Annotated[str, Meta(min_length=1)]],
        Meta(
            min_length=2,
            max_length=10,
            extra_json_schema={"uniqueItems": True},
            description=(
                "Players in order round the table, each seated on the left of the one "
                "before (the way the deal goes). A name is one word: a letter of any "
                "script, then letters, combining marks, digits, '_' or '-' (Zoë, Søren, "
                "Jean-Luc); names are read composed (NFC) and compared case-folded, and "
                "one that a one-line event would misread (a, two, As) is refused, naming "
                "the word."
            ),
        ),
    ]
    dealer: str
    blind: Annotated[
        int,
        Meta(
            ge=1,
            le=MAX_INT,
            description=(
                "The age's compulsory stake before the deal, in counters (Peel's "
                "'ante', Foster's and Hoffmann's 'blind')."
            ),
        ),
    ]
    limit: Annotated[
        int,
        Meta(
            ge=1,
            le=MAX_INT,
            description=("The most by which a player may increase the stake at one time."),
        ),
    ]
    counters: (
        Annotated[
            dict[str, Annotated[int, Meta(ge=1, le=MAX_INT)]],
            Meta(
                description=(
                    "Counter colours and their values in units, e.g. {white: 1, red: 5, blue: 10}."
                )
            ),
        ]
    ) = OMITTED
    stakes: (
        Annotated[
            dict[str, Annotated[int, Meta(ge=0, le=MAX_INT)]],
            Meta(description=(
                "Each player's funds: what he has to play with. They are table stakes, "
                "beyond which he cannot be raised (Hoffmann p. 133), only where the table "
                "agreed to play table stakes (agreed: {table_stakes: true}); else a player "
                "who has not the funds puts in what he has (Peel 60).")),
        ]
    ) = OMITTED
    jackpot: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=MAX_INT,
                description=(
                    "0 for an ordinary deal; 1, 2, 3... for the first, second, third "
                    "successive jack-pot."
                ),
            ),
        ]
    ) = OMITTED
    pool: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=MAX_INT,
                description=("Counters already in the pool from earlier deals (a jack-pot's)."),
            ),
        ]
    ) = OMITTED
    joined: (
        Annotated[
            dict[str, str],
            Meta(description=(
                "A change of players in the sitting: each player who has taken a seat "
                "since play began, with the player whose seat he took ({F: E}: E left, "
                "and F sits in his place). The seat is named in 'seats' by the new "
                "player.")),
        ]
    ) = OMITTED
    agreed: Agreed = OMITTED


Amount = Annotated[
    Annotated[int, Meta(ge=0, le=MAX_INT)] | str,
    Meta(description=("Counters: a number of units, or colours such as 'a red and two blues'.")),
]


Cards = Annotated[str | list[str], Meta(description="Cards such as 'As Kd 10h' or [As, Kd, 10h].")]


class Event(Struct, kw_only=True, forbid_unknown_fields=True):
    act: Act
    player: str = OMITTED
    to: (
        Annotated[str, Meta(description=("Who the dealer gives or exposes a card to."))]
    ) = OMITTED
    about: Annotated[str, Meta(description="Whom a claim is about.")] = OMITTED
    count: Annotated[int, Meta(ge=0, le=MAX_INT)] = OMITTED
    amount: Amount = OMITTED
    cards: Cards = OMITTED
    card: str = OMITTED
    hands: (
        Annotated[
            dict[str, Cards],
            Meta(description=("deals: the cards each player was dealt, where they matter.")),
        ]
    ) = OMITTED
    counts: (
        Annotated[
            dict[str, Annotated[int, Meta(ge=0, le=10)]],
            Meta(description=("deals: players dealt other than five cards.")),
        ]
    ) = OMITTED
    uncut: (
        Annotated[
            bool | Literal["noticed_during_deal", "noticed_after_deal"],
            Meta(
                description=(
                    "deals: the pack was not cut: true (when it was noticed is not known), "
                    "noticed_during_deal, or noticed_after_deal."
                )
            ),
        ]
    ) = OMITTED
    note: str = OMITTED
    exposed: (
        Annotated[
            dict[str, str | None],
            Meta(
                description=(
                    "deals: a card the dealer exposed in dealing, by player (the card, or "
                    "null if not named)."
                )
            ),
        ]
    ) = OMITTED
    intent: (
        Annotated[Intent, Meta(description=("states: what the player said he would do."))]
    ) = OMITTED


class Dispute(Struct, kw_only=True, forbid_unknown_fields=True):
    raised_by: str = OMITTED
    about: str = OMITTED
    question: Annotated[str, Meta(min_length=1)] = OMITTED
    asks: (
        Annotated[
            Annotated[str, Meta(min_length=1)]
            | Annotated[list[Annotated[str, Meta(min_length=1)]],
                        Meta(min_length=1, max_length=10)],
            Meta(
                description=(
                    "The question in one of the forms: who bets first; who has the last "
                    "say; who takes the pool; must PLAYER show; may PLAYER ACT; what may "
                    "PLAYER do; is PLAYER's hand foul. A list asks several, each answered "
                    "in turn."
                ),
            ),
        ]
    ) = OMITTED


class CaseFile(Struct, kw_only=True, forbid_unknown_fields=True):
    """What happened at one deal of draw poker, and the dispute about it."""

    title: str = OMITTED
    note: (
        Annotated[
            str,
            Meta(
                description=(
                    "Where the case comes from, and any choice it makes where its source "
                    "leaves one open."
                )
            ),
        ]
    ) = OMITTED
    rulebook: (
        Annotated[str, Meta(description=("The rulebook the players agreed on, if any."))]
    ) = OMITTED
    table: Table
    agreed: Agreed = OMITTED
    events: Annotated[list[Annotated[str, Meta(min_length=1)] | Event], Meta(min_length=1)]
    dispute: Dispute = OMITTED
    expect: (
        Annotated[
            dict[str, Any],
            Meta(description=("The expected result per rulebook id (used by the tests).")),
        ]
    ) = OMITTED


# --- what the types cannot say ------------------------------------------------------

MAX_EVENTS = 500  # events in one case: a deal of ten players has fewer than 200


def case_size(doc: Document) -> None:
    """More events than one deal can hold, refused before any other check spends time on
    them."""
    events = doc.data.get("events") if isinstance(doc.data, dict) else None
    if isinstance(events, list) and len(events) > MAX_EVENTS:
        raise doc.error(("events", MAX_EVENTS), f"more than {MAX_EVENTS} events: "
                        "expected the events of one deal")


def distinct_seats(doc: Document, seats: list[str]) -> None:
    """Seats that differ only in capitals ('A' and 'a') are refused: a line names a seat in
    either."""
    seen: dict[str, int] = {}
    for i, seat in enumerate(seats):
        key = seat_key(seat)  # composed and case-folded: Zoë and ZOË are one player
        if key in seen:
            first = seats[seen[key]]
            raise doc.error(("table", "seats", i), f"{clip(seat, 80)!r} is seat "
                            f"{clip(first, 80)!r} again: expected names that differ in more "
                            "than capitals")
        seen[key] = i
