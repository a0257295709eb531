"""The rulebook file: one authority's laws as data (``rulebooks/*.yaml``).

The one declaration of the format: ``check`` converts a parsed rulebook to these Structs
(strictly: no ``2.0`` for ``2``, no unknown key), and the published
``arbiter/load/schemas/rulebook.schema.json`` is generated from them.
"""



from typing import Annotated, Literal

from msgspec import Meta, Struct, field

from ...terms.vocabulary import Decision, Kind, Question, Undoes
from .common import MAX_INT, OMITTED, Cites, Int, Ref
from .parameters import Parameters


class Published(Struct, kw_only=True, forbid_unknown_fields=True):
    place: str = OMITTED
    year: Annotated[int, Meta(ge=1500, le=2100)] = OMITTED


class Source(Struct, kw_only=True, forbid_unknown_fields=True):
    file: Annotated[str, Meta(description="File name in ../shared/sources.")]
    sha256: Annotated[str, Meta(pattern="^[0-9a-f]{64}$")]


class Topic(Struct, kw_only=True, forbid_unknown_fields=True):
    id: Annotated[
        str,
        Meta(
            pattern="^[a-z][a-z0-9-]*$",
            description=("Short name used with `arbiter diff --topic`, e.g. straddling."),
        ),
    ]
    title: Annotated[str, Meta(min_length=1)] = OMITTED
    laws: (
        Annotated[list[Ref], Meta(description=("The laws on this topic, by ref."))]
    ) = OMITTED
    parameters: (
        Annotated[
            list[Annotated[str, Meta(pattern="^[a-z_]+(\\.[a-z_]+)?$")]],
            Meta(
                description=(
                    "Parameter groups (straddle) or single settings (draw.exposed_card) on "
                    "this topic."
                )
            ),
        ]
    ) = OMITTED
    pinned: (
        Annotated[
            bool,
            Meta(
                description=(
                    "false: the book's laws on this topic are not in the pinned extract, so"
                    " its rule is unknown rather than silent."
                )
            ),
        ]
    ) = OMITTED
    note: str = OMITTED


class Law(Struct, kw_only=True, forbid_unknown_fields=True):
    ref: Annotated[
        Ref,
        Meta(
            description=("The law's number, or a short stable name where the book has no numbers.")
        ),
    ]
    title: (
        Annotated[
            str, Meta(description=("A short section name (required for unnumbered passages)."))
        ]
    ) = OMITTED
    heading: (
        Annotated[str, Meta(description=("The heading the law stands under in the book."))]
    ) = OMITTED
    page: Annotated[int, Meta(ge=1, le=MAX_INT)] = OMITTED
    page_end: (
        Annotated[
            int,
            Meta(ge=1, le=MAX_INT, description=("Last page, when the law runs onto later pages.")),
        ]
    ) = OMITTED
    effect: (
        Annotated[
            Literal["decides", "describes", "advises", "procedure"],
            Meta(
                description=(
                    "decides: a ruling can rest on it; describes: play or mechanics; "
                    "advises: advice only; procedure: a rule of procedure the engine "
                    "follows or leaves to the players' agreement, and does not rule on."
                )
            ),
        ]
    ) = OMITTED
    text: Annotated[str, Meta(min_length=1, description="The law exactly as printed.")]
    footnotes: list[Annotated[str, Meta(min_length=1)]] = OMITTED
    note: (
        Annotated[str, Meta(description=("Editorial note, in the rulebook editor's own words."))]
    ) = OMITTED


Scalar = str | Int | bool | None


class Comparison(Struct, kw_only=True, forbid_unknown_fields=True):
    not_: Scalar | list[Scalar] = field(default=OMITTED, name="not")
    in_: list[Scalar] = field(default=OMITTED, name="in")
    at_least: Annotated[float, Meta(ge=-MAX_INT, le=MAX_INT)] = OMITTED
    at_most: Annotated[float, Meta(ge=-MAX_INT, le=MAX_INT)] = OMITTED
    more_than: Annotated[float, Meta(ge=-MAX_INT, le=MAX_INT)] = OMITTED
    less_than: Annotated[float, Meta(ge=-MAX_INT, le=MAX_INT)] = OMITTED


# A fact's test: a value, any of a list, or a comparison ({not|in|at_least|...: value}).
When = dict[
    str, Scalar | list[Scalar] | Annotated[Comparison, Meta(extra_json_schema={"minProperties": 1})]
]


class Pays(Struct, kw_only=True, forbid_unknown_fields=True):
    multiple_of_blind: Annotated[float, Meta(ge=0, le=MAX_INT)] = OMITTED


class Refund(Struct, kw_only=True, forbid_unknown_fields=True):
    by: (
        Annotated[
            Annotated[str, Meta(pattern="^[a-z_]+$")]
            | Annotated[list[Annotated[str, Meta(pattern="^[a-z_]+$")]], Meta(min_length=1)],
            Meta(
                description=(
                    "Who refunds: a fact naming a player (dealer, dealer_distracted_by...),"
                    " or a list of them, the first that is set."
                )
            ),
        ]
    ) = OMITTED
    amount: (
        Annotated[
            str,
            Meta(
                pattern="^[a-z_]+$",
                description=("The fact holding how much is refunded (e.g. blind_or_straddle)."),
            ),
        ]
    ) = OMITTED


class Penalty(Struct, kw_only=True, forbid_unknown_fields=True):
    forfeits: (
        Annotated[
            Literal["stake"],
            Meta(description=("The fact holding what is forfeited: the player's stake.")),
        ]
    ) = OMITTED
    pays: Pays = OMITTED
    refund: Refund = OMITTED


class Evidence(Struct, kw_only=True, forbid_unknown_fields=True):
    """Whose evidence settles a question of fact, in order (Peel 46)."""

    order: list[
        Literal["dealer", "left_of_dealer", "right_of_dealer", "round_from_left_of_disputant"]
    ]
    fallback: str = OMITTED
    conclusive: Annotated[
        str,
        Meta(description=("When a witness's account is known: {witness_at}, {account}, {player}.")),
    ]
    passed_over: (
        Annotated[
            str, Meta(description=("Added when earlier witnesses gave no evidence: {passed}."))
        ]
    ) = OMITTED
    passes_over: (
        Annotated[
            list[Literal["player"]],
            Meta(
                description=(
                    "Whom the order of evidence passes over, where the law names them (Peel"
                    " 46: only the disputing player); otherwise the book's parties to the "
                    "dispute."
                )
            ),
        ]
    ) = OMITTED
    in_order: Annotated[
        str, Meta(description=("When no account is known: {witnesses}, the order of evidence."))
    ]
    failing: (
        Annotated[str, Meta(description=("What joins the witnesses in that order."))]
    ) = OMITTED
    and_so_on: (
        Annotated[str, Meta(description=("Added when the order runs on round the table."))]
    ) = OMITTED
    taken_by_referee: (
        Annotated[
            str,
            Meta(
                description=(
                    "Added to the referee's words (a provision's referee_says on the same "
                    "finding) when a witness's account has settled the fact and the referee "
                    "is another: {referee}, {witness}, {account}, {player}."
                )
            ),
        ]
    ) = OMITTED


class Provision(Struct, kw_only=True, forbid_unknown_fields=True):
    id: Annotated[
        str,
        Meta(
            pattern="^[a-z0-9][a-z0-9_.-]*$",
            description=("A short stable name, e.g. peel-45-wrong-draw-foul."),
        ),
    ]
    finding: Annotated[
        Kind, Meta(description=("The kind of finding from the replay this provision rules on."))
    ]
    point: (
        Annotated[
            str,
            Meta(
                description=(
                    "The question it answers (default: the finding). Provisions on the same"
                    " point must agree or declare precedence."
                )
            ),
        ]
    ) = OMITTED
    general: (
        Annotated[
            bool,
            Meta(
                description=(
                    "A general law (the show, the order of the hands): its decision is "
                    "given, and its laws cited, after those on the point in dispute."
                )
            ),
        ]
    ) = OMITTED
    when: (
        Annotated[
            When,
            Meta(
                description=(
                    "Facts of the finding that must hold. A value: equal to it; a list: any"
                    " of them; or {not|in|at_least|at_most|more_than|less_than: value}."
                )
            ),
        ]
    ) = OMITTED
    decision: Decision
    says: (
        Annotated[
            str,
            Meta(
                description=(
                    "The decision in words; {player}, {dealer} and the finding's facts are "
                    "filled in."
                )
            ),
        ]
    ) = OMITTED
    remedy: (
        Annotated[
            str,
            Meta(
                description=(
                    "What is done about it, in the table's own terms; facts are filled in."
                )
            ),
        ]
    ) = OMITTED
    undoes: (
        Annotated[
            Undoes,
            Meta(
                description=(
                    "For a decision that voids the act: what of it is undone on the table "
                    "(counters: its counters back, and the bet to be met with them, the "
                    "say going on as the act left it; turn: taken as not made, its "
                    "counters back and the say as before it; excess: what went past the "
                    "limit back to the player; limit: the act stands within the limit, "
                    "what went past it void (its fate the engine's stated assumption); "
                    "nothing: the table as the act left it). "
                    "Set only where the law says so (quote its words in the note); "
                    "otherwise the engine's stated assumption."
                )
            ),
        ]
    ) = OMITTED
    dealt_again_by: (
        Annotated[
            Literal["dealer"],
            Meta(
                description=(
                    "For a decision that ends the deal (a misdeal, a new deal): who deals "
                    "the new deal, where the law says (dealer: the same dealer). Where it "
                    "is not set, the book does not say, and who deals next is answered "
                    "silent."
                )
            ),
        ]
    ) = OMITTED
    penalty: Penalty = OMITTED
    evidence: Evidence = OMITTED
    parties: (
        Annotated[
            list[Literal["dealer", "left_of_dealer", "right_of_dealer"]],
            Meta(
                description=(
                    "Places at the table that are parties to this dispute, besides the "
                    "book's own (procedures.parties)."
                )
            ),
        ]
    ) = OMITTED
    referee: (
        Annotated[
            list[Literal["dealer", "left_of_dealer", "right_of_dealer"]],
            Meta(description=("Who settles the dispute: the first not party to it (Peel 77–78).")),
        ]
    ) = OMITTED
    referee_says: str = OMITTED
    exception_to: (
        Annotated[list[str], Meta(description=("Provisions this one overrides when both apply."))]
    ) = OMITTED
    cites: Cites
    note: str = OMITTED


class CatchAll(Struct, kw_only=True, forbid_unknown_fields=True):
    """What the book itself says to do where none of its laws reaches the point (e.g. Peel
    77–79: disputes go to the dealer)."""

    says: str
    cites: Cites


class QuestionsOfFact(Struct, kw_only=True, forbid_unknown_fields=True):
    """Who settles a question of fact the events leave open (Peel 77–79): the first of these
    not a party to the dispute."""

    referee: Annotated[
        list[Literal["dealer", "left_of_dealer", "right_of_dealer"]], Meta(min_length=1)
    ]
    says: str = OMITTED
    cites: Cites


class Precedence(Struct, kw_only=True, forbid_unknown_fields=True):
    id: Annotated[
        str,
        Meta(
            pattern="^[a-z0-9][a-z0-9_.-]*$",
            description=(
                "A short stable name; a house book replaces the parent's rule of the same id."
            ),
        ),
    ]
    finding: Annotated[Kind, Meta(description="The later finding, ruled on its cause.")]
    ruled_on_cause: Annotated[
        list[Kind],
        Meta(
            min_length=1,
            extra_json_schema={"uniqueItems": True},
            description=(
                "The kinds of finding that, found first for the same player, are its cause."
            ),
        ),
    ]
    when: When = OMITTED
    cites: Cites = OMITTED
    note: str = OMITTED


class Parties(Struct, kw_only=True, forbid_unknown_fields=True):
    who: Annotated[
        list[Literal["player", "raised_by", "about"]],
        Meta(
            description=("player: whom the finding concerns; raised_by, about: the case's dispute.")
        ),
    ]
    cites: Cites = OMITTED
    note: str = OMITTED


class PlaceWords(Struct, kw_only=True, forbid_unknown_fields=True):
    dealer: str = OMITTED
    left_of_dealer: str = OMITTED
    right_of_dealer: str = OMITTED


class Procedures(Struct, kw_only=True, forbid_unknown_fields=True):
    """The book's procedures: who the disputing persons are, and how places at the table are
    named in a ruling."""

    parties: Parties = OMITTED
    place_words: PlaceWords = OMITTED
    referee_says: str = OMITTED


class Answer(Struct, kw_only=True, forbid_unknown_fields=True):
    id: Annotated[str, Meta(pattern="^[a-z0-9][a-z0-9_.-]*$")]
    question: Annotated[Question, Meta(description="The form of question it answers.")]
    when: When = OMITTED
    answer: Annotated[str, Meta(description="yes, no, a player ({left_of_age}), or a few words.")]
    says: Annotated[str, Meta(description="Why, in the table's words; {fact} fills in a fact.")]
    consequence: (
        Annotated[str, Meta(description=("What follows: the remedy or penalty."))]
    ) = OMITTED
    silent: (
        Annotated[
            bool,
            Meta(
                description=(
                    "The book does not settle the point: the answer says so, naming the "
                    "nearest laws it cites (for an extract, not in the pinned text)."
                )
            ),
        ]
    ) = OMITTED
    exception_to: list[str] = OMITTED
    cites: Cites


class RulebookFile(Struct, kw_only=True, forbid_unknown_fields=True):
    """One authority's poker laws as data: metadata, the quoted laws, the parameters the
    table mechanics take from it, and the provisions it rules by."""

    id: Annotated[
        str,
        Meta(
            pattern="^[a-z][a-z0-9_-]*$",
            description=("Short name used on the command line, e.g. peel."),
        ),
    ]
    title: Annotated[str, Meta(min_length=1)]
    author: str = OMITTED
    published: Published = OMITTED
    edition: str = OMITTED
    source: Source = OMITTED
    extent: (
        Annotated[
            str,
            Meta(
                description=(
                    "What of the authority the quoted text covers; rulings outside it say "
                    "'not in the pinned text'."
                )
            ),
        ]
    ) = OMITTED
    citation: (
        Annotated[str, Meta(description=("Short name used when citing, e.g. Peel."))]
    ) = OMITTED
    topics: (
        Annotated[
            list[Topic],
            Meta(
                description=(
                    "What each law is about, for `arbiter diff`: topics in the book's "
                    "order. Use the same ids across books (the-deal, straddling, ...) so "
                    "they can be set side by side. A house book's topics follow the book it"
                    " extends; one it names again adds its laws and parameters to the "
                    "parent's."
                )
            ),
        ]
    ) = OMITTED
    extends: (
        Annotated[
            str | None,
            Meta(
                description=(
                    "Id of the rulebook this one builds on (house rules); null (as "
                    "`arbiter rulebooks --format json` prints it for a published code), or "
                    "no key, for none."
                )
            ),
        ]
    ) = OMITTED
    parameters: Parameters = OMITTED
    laws: list[Law] = OMITTED
    provisions: list[Provision] = OMITTED
    extract: (
        Annotated[
            bool,
            Meta(
                description=(
                    "The pinned source is only an extract: a point it does not reach is "
                    "'not in the pinned text', never 'silent'."
                )
            ),
        ]
    ) = OMITTED
    catch_all: CatchAll = OMITTED
    questions_of_fact: QuestionsOfFact = OMITTED
    precedence: (
        Annotated[
            list[Precedence],
            Meta(
                description=(
                    "Which finding is ruled on its cause and not found twice: a finding of "
                    "'finding' is not recorded for a player who already has a finding of "
                    "one of the 'ruled_on_cause' kinds in this deal (when 'when' holds of "
                    "the later finding's facts)."
                )
            ),
        ]
    ) = OMITTED
    procedures: Procedures = OMITTED
    answers: (
        Annotated[
            list[Answer],
            Meta(
                description=(
                    "How the book answers the questions a case may ask (dispute.asks), "
                    "matched on the table at the point the events reach."
                )
            ),
        ]
    ) = OMITTED
