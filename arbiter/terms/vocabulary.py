"""The vocabulary, declared once: every act, finding kind, decision, penalty form, question
and parameter (the settings a rulebook gives, each with its values and the engine's
assumption where a book gives none).

Everything else derives from this module: the ``Act``, ``Kind`` and
``Decision`` enums (defined here, beside their entries), the one-line verb
table and the mapping keys of a case, the facts each finding kind carries
(what ``arbiter check`` lets a provision test), the JSON Schema enums and the
README's lists (tests/test_vocabulary.py fails if either drifts from this).

Adding an act is one ``Act`` member and one ``ACTS`` entry here, plus its
handler in ``arbiter/acts/``; adding a finding kind is one ``Kind`` member and
one ``FINDINGS`` entry; adding a parameter is one ``PARAMETERS`` entry and its field in
``arbiter.law.params.Rules`` (the rulebook format, its schema, the docs' tables and the
assumption a ruling states follow). This module imports nothing from arbiter: everything
may use it. (Records, not dataclasses or NamedTuples: every ruling imports this module,
and should pay for neither.)
"""

from __future__ import annotations

from enum import StrEnum

from msgspec import Struct


class Act(StrEnum):
    """What a player (or the table) does, as a case records it."""

    DEALS = "deals"
    BLINDS = "blinds"
    STRADDLES = "straddles"
    DECLINES = "declines"
    COMES_IN = "comes_in"
    RAISES = "raises"
    PASSES = "passes"
    OPENS = "opens"
    DISCARDS = "discards"
    ASKS = "asks"
    GIVES = "gives"
    DRAWS = "draws"
    STANDS_PAT = "stands_pat"
    LETS_DRAW_GO_BY = "lets_draw_go_by"
    EXPOSES = "exposes"
    FACED = "faced"
    LOOKS = "looks"
    LIFTS = "lifts"
    BETS = "bets"
    CALLS = "calls"
    HOLDS = "holds"
    STANDS = "stands"
    SHOWS = "shows"
    CLAIMS = "claims"
    SPEAKS = "speaks"
    INQUIRES = "inquires"
    WINS = "wins"
    RETAKES = "retakes"
    STATES = "states"
    BORROWS = "borrows"
    DIVULGES = "divulges"
    RETRIEVES = "retrieves"
    WITHDRAWS = "withdraws"
    POINTS_OUT = "points_out"
    NOT_LOOKED = "not_looked"
    CUTS = "cuts"
    CUTS_FOR_DEAL = "cuts_for_deal"
    ADDS = "adds"
    DISPUTES = "disputes"
    DEMANDS_JACK = "demands_jack"
    LETS_SAY_GO_BY = "lets_say_go_by"
    NEXT_DEAL = "next_deal"


class Kind(StrEnum):
    """The irregularities (and notable facts) a replay can find."""

    DEAL_UNCUT = "deal_uncut"
    CUT_FOR_DEAL_AGAIN = "cut_for_deal_again"
    DEALER_NOT_LOWEST = "dealer_not_lowest"
    CUT_BY_WRONG_PLAYER = "cut_by_wrong_player"
    CUT_IN_DRAW = "cut_in_draw"
    WRONG_NUMBER_DEALT = "wrong_number_dealt"
    CARD_FACED_IN_PACK = "card_faced_in_pack"
    CARD_EXPOSED_IN_DEAL = "card_exposed_in_deal"
    SPOKE_TO_DEALER = "spoke_to_dealer"
    BLIND_OVER_LIMIT = "blind_over_limit"
    STRADDLE_OVER_LIMIT = "straddle_over_limit"
    STRADDLE_AFTER_REFUSAL = "straddle_after_refusal"
    STRADDLE_OUT_OF_TURN = "straddle_out_of_turn"
    STRADDLE_WRONG_AMOUNT = "straddle_wrong_amount"
    STRADDLE_AFTER_LOOKING = "straddle_after_looking"
    STRADDLE_AFTER_DEALER = "straddle_after_dealer"
    STRADDLE_NOT_RECOGNISED = "straddle_not_recognised"
    OUT_OF_TURN = "out_of_turn"
    OVER_LIMIT = "over_limit"
    SHORT_STAKE = "short_stake"
    AMOUNT_DIFFERS = "amount_differs"
    BEYOND_TABLE_STAKES = "beyond_table_stakes"
    SHORT_AFTER_BORROWING = "short_after_borrowing"
    RULE_WAIVED = "rule_waived"
    RULE_AGREED = "rule_agreed"
    DREW_WITHOUT_MAKING_GOOD = "drew_without_making_good"
    DREW_OUT_OF_TURN = "drew_out_of_turn"
    ASKED_WRONG_NUMBER = "asked_wrong_number"
    GIVEN_MORE_THAN_ASKED = "given_more_than_asked"
    GIVEN_FEWER_THAN_ASKED = "given_fewer_than_asked"
    DEALER_DREW_WRONG_NUMBER = "dealer_drew_wrong_number"
    CARD_EXPOSED_IN_DRAW = "card_exposed_in_draw"
    EXPOSED_CARD_REPLACED_EARLY = "exposed_card_replaced_early"
    PACK_EXHAUSTED = "pack_exhausted"
    LAST_CARD_DEALT = "last_card_dealt"
    WRONG_HAND_SIZE = "wrong_hand_size"
    STOOD_WITHOUT_RIGHT = "stood_without_right"
    HELD_WITHOUT_RIGHT = "held_without_right"
    OPENED_WITHOUT_OPENERS = "opened_without_openers"
    CONFLICTING_CLAIMS = "conflicting_claims"
    DRAW_INQUIRY = "draw_inquiry"
    DISCARD_RETAKEN = "discard_retaken"
    STATEMENT_NOT_KEPT = "statement_not_kept"
    DIVULGED = "divulged"
    DECLINED_TO_OPEN = "declined_to_open"
    THROWN_HAND_RETAKEN = "thrown_hand_retaken"
    NOT_OPENED = "not_opened"
    WON_UNCALLED = "won_uncalled"
    SHOWDOWN = "showdown"
    ACTED_AFTER_PASSING = "acted_after_passing"
    BET_WITHDRAWN = "bet_withdrawn"
    OUT_OF_PLACE = "out_of_place"
    DREW_AFTER_HIS_TURN = "drew_after_his_turn"
    SHOWED_WRONG_NUMBER = "showed_wrong_number"
    STAKE_ADDED = "stake_added"
    FACT_DISPUTED = "fact_disputed"
    JACK_DEMANDED = "jack_demanded"
    DEPARTS_FROM_AGREEMENT = "departs_from_agreement"
    OPENED_BELOW_LEAST = "opened_below_least"
    SHOWN_OUT_OF_ORDER = "shown_out_of_order"
    CHOICE_AT_THE_SAY = "choice_at_the_say"
    BET_IN_THE_DRAW = "bet_in_the_draw"
    TURN_GONE_BY = "turn_gone_by"
    WRONG_DEALER = "wrong_dealer"


class Decision(StrEnum):
    """The closed vocabulary of decisions a provision may make."""

    FOUL_HAND = "foul_hand"
    RETIRES = "retires"
    MAKE_GOOD_OR_PASS = "make_good_or_pass"
    MISDEAL = "misdeal"
    NEW_DEAL = "new_deal"
    DEAL_STANDS = "deal_stands"
    CORRECTED = "corrected"
    MUST_TAKE = "must_take"
    NO_REMEDY = "no_remedy"
    CARD_DISPOSED = "card_disposed"
    ACTION_VOID = "action_void"
    ACTION_STANDS = "action_stands"
    FORFEITS_RIGHT = "forfeits_right"
    REFUND = "refund"
    WINS_POOL = "wins_pool"
    DIVIDE_POOL = "divide_pool"
    JACKPOT_NEXT = "jackpot_next"
    PENALTY = "penalty"
    FACT_BY_EVIDENCE = "fact_by_evidence"
    REFERRED = "referred"
    ANSWER_DUE = "answer_due"
    NO_ANSWER = "no_answer"
    OUT_OF_ORDER = "out_of_order"


# --- acts ---------------------------------------------------------------------------

class ActSpec(Struct, frozen=True):
    """One act: how a case writes it, what it takes, and when it can happen at all.

    ``player_arg``: what a player named after the verb is (``to``: whom the dealer gives
    to; ``about``: whom it concerns; ``ignored``: allowed, changes nothing; None: not
    allowed). ``number``: ``cards`` (a number of cards, or the cards named, which must
    agree), ``card`` (a card, which may be named), ``named`` (cards named, no number),
    ``optional`` (a number, one if none), or None. ``amount``: ``required``, ``optional`` or None.
    ``words``: a special reading of the words after the verb (``intent``, ``claim``).
    """

    summary: str
    verbs: tuple[str, ...]
    keys: tuple[str, ...] = ("player",)
    player_arg: str | None = None
    number: str | None = None
    amount: str | None = None
    words: str | None = None
    required: tuple[str, ...] = ()  # keys it cannot do without, beside its player
    needs_player: bool = True
    needs_dealt: bool = False
    after_hand: bool = False  # may be recorded after the hand is over
    when_out: bool = False  # may be done by a player who has abandoned his hand
    # the dealer deals on though he has passed, where the book's turns.passed_dealer_gives
    # says so (Peel 18)
    by_dealer_when_out: bool = False
    # It undoes an earlier act of the player's (a bet taken back): whether he may do it
    # turns on what became of that act, so a dispute that asks it ("may B take back his
    # bet") turns on that act's fate as the act itself would.
    undoes_earlier: bool = False
    # "what may PLAYER do": the points of the deal at which the act is one of a player's own
    # choices, how a question writes it (``raise 1``), and whether it is a choice only once
    # a bet is made in the betting after the draw (True: call, raise) or only before one
    # (False: bet); None: either way.
    choice_at: tuple[str, ...] = ()
    choice_words: str = ""
    choice_after_bet: bool | None = None
    # The parameter groups that hold a book's rules for the act itself (the blind's size,
    # the straddle's): "may B blind 6" is answered on them, wherever in the deal it is asked;
    # a book that has none gives no rule on the act. Empty: the rules of the point of the
    # deal (``PHASE_RULES``).
    governed_by: tuple[str, ...] = ()
    # The settings (``group.key``, of ``PARAMETERS``) by which a book makes the act lawful
    # where it gives them true (a stand: ``betting.first_may_stand``): a later act of the
    # player's in the same deal, answered "yes" on the table the lawful act left, rests on
    # their laws first (Peel p. 36-37: "He may, if he choose, "stand"").
    permitted_by: tuple[str, ...] = ()


_CARDS_KEYS = ("player", "count", "cards", "card")

ACTS: dict[Act, ActSpec] = {
    Act.DEALS: ActSpec(
        "the deal (counts, named hands, an uncut pack, a card exposed in dealing)",
        ("deals", "deal"), ("player", "hands", "counts", "uncut", "exposed", "note"),
        needs_player=False),
    Act.BLINDS: ActSpec("the age puts up the blind before the deal",
                        ("blinds", "antes", "puts up the blind", "puts up"),
                        ("player", "amount"), amount="optional", governed_by=("blind",)),
    Act.STRADDLES: ActSpec("a blind raise before the deal",
                           ("straddles",), ("player", "amount"), amount="optional",
        choice_at=("before the deal",), choice_words="straddle", governed_by=("straddle",)),
    Act.DECLINES: ActSpec("refuses to straddle in turn",
                          ("declines to straddle", "refuses to straddle", "declines",
                           "does not straddle"),
        choice_at=("before the deal",), choice_words="decline to straddle",
        governed_by=("straddle",)),
    Act.COMES_IN: ActSpec("accepts the hand, making good what the say requires",
                          ("comes in", "goes in", "makes good", "plays"),
                          ("player", "amount"), amount="optional",
        choice_at=("before the draw",), choice_words="come in"),
    Act.RAISES: ActSpec("goes better: makes good and raises by the amount",
                        ("makes good and raises", "makes good and goes better", "raises",
                         "goes better"), ("player", "amount"), amount="required",
        choice_at=("before the draw", "after the draw"), choice_words="raise 1",
        choice_after_bet=True),
    Act.PASSES: ActSpec("throws the hand up (or, in an unopened jack-pot, declines to open)",
                        ("passes", "abandons", "throws down", "throws up", "throws in",
                         "throws his hand in", "drops out", "drops", "folds", "retires",
                         "passes out"),
        choice_at=("before the draw", "the draw", "after the draw", "the show"),
        choice_words="pass"),
    Act.OPENS: ActSpec("opens (a jack-pot) for the amount",
                       ("opens",), ("player", "amount"), amount="required",
                       governed_by=("jackpot",)),
    Act.DISCARDS: ActSpec("throws out cards to draw", ("discards",), _CARDS_KEYS,
                          number="cards", needs_dealt=True),
    Act.ASKS: ActSpec("asks the dealer for a number of cards", ("asks for", "asks", "demands"),
                      _CARDS_KEYS, number="cards", needs_dealt=True),
    Act.GIVES: ActSpec("the dealer gives a player cards in the draw", ("gives", "helps"),
                       ("player", "to", "count", "cards", "card"), player_arg="to",
                       number="cards", required=("to",), needs_dealt=True,
                       by_dealer_when_out=True),
    Act.DRAWS: ActSpec("discards, asks and is given the same number, in one line",
                       ("draws", "takes"), _CARDS_KEYS, number="cards", needs_dealt=True,
        choice_at=("the draw",), choice_words="draw 1"),
    Act.STANDS_PAT: ActSpec("draws no cards", ("stands pat", "plays pat", "stays pat"),
                            needs_dealt=True, choice_at=("the draw",), choice_words="stand pat"),
    Act.LETS_DRAW_GO_BY: ActSpec(
        "lets his turn to draw go by, neither discarding nor standing pat: his turn is gone "
        "by, as after a stand pat, and a later draw of his is a late one (Peel 38)",
        ("lets his turn to draw go by", "lets his turn go by", "lets his draw go by",
         "does not discard"), needs_dealt=True),
    Act.EXPOSES: ActSpec("the dealer exposes a card in giving a player his draw",
                         ("exposes a card to", "exposes"), ("player", "to", "cards", "card"),
                         player_arg="to", number="card", needs_dealt=True,
                         by_dealer_when_out=True),
    Act.FACED: ActSpec("a card is found faced in the pack", ("finds a faced card",
                                                             "finds a card faced"),
                       ("player", "card", "cards"), needs_player=False),
    Act.LOOKS: ActSpec("looks at his cards", ("looks", "looks at his cards"),
                       after_hand=True),
    Act.LIFTS: ActSpec("takes his cards up from the table",
                       ("lifts", "lifts his cards", "takes up his cards", "raises his hand",
                        "takes up"), after_hand=True),
    Act.BETS: ActSpec("bets the amount", ("bets",), ("player", "amount"), amount="required",
        choice_at=("after the draw",), choice_words="bet 1", choice_after_bet=False),
    Act.CALLS: ActSpec("sees the stake", ("calls", "sees"), ("player", "amount"),
                       player_arg="ignored", amount="optional",
        choice_at=("after the draw",), choice_words="call", choice_after_bet=True),
    Act.HOLDS: ActSpec("the age holds his say", ("holds the age", "holds"),
        choice_at=("before the draw", "after the draw"), choice_words="hold the age",
        permitted_by=("betting.age_may_hold",)),
    Act.STANDS: ActSpec("stands (checks) without betting", ("stands", "checks"),
        choice_at=("before the draw", "after the draw"), choice_words="stand",
        permitted_by=("betting.first_may_stand",)),
    Act.SHOWS: ActSpec("shows (names) his cards", ("shows",), ("player", "cards", "card"),
                       number="named", needs_dealt=True, after_hand=True,
        choice_at=("the show",), choice_words="show"),
    Act.CLAIMS: ActSpec("says what a player asked for", ("claims", "says"),
                        ("player", "about", "count"), player_arg="about", words="claim",
                        after_hand=True, when_out=True),
    Act.SPEAKS: ActSpec("speaks to the dealer", ("speaks to the dealer", "speaks",
                                                 "distracts the dealer"), when_out=True),
    Act.INQUIRES: ActSpec("asks how many cards a player drew",
                          ("asks the dealer how many he drew", "asks the dealer",
                           "asks how many", "inquires"), ("player", "about"),
                          player_arg="about", when_out=True),
    Act.WINS: ActSpec("the table agrees whose hand is best at the show",
                      ("wins the show", "has the best hand", "has the better hand", "wins"),
                      after_hand=True),  # a narration of what the table decided: see check_wins
    Act.RETAKES: ActSpec("takes back a card he had discarded",
                         ("takes back a discard", "takes back his discards", "takes back"),
                         ("player", "count"), number="optional"),
    Act.STATES: ActSpec("says what he will do when his turn comes",
                        ("says he will", "says he'll", "announces he will"),
                        ("player", "intent", "amount"), words="intent", required=("intent",)),
    Act.BORROWS: ActSpec("borrows counters to play on", ("borrows",), ("player", "amount"),
                         amount="required"),
    Act.DIVULGES: ActSpec("tells the table what his hand had been",
                          ("tells what he held", "shows his thrown hand", "divulges his hand",
                           "divulges"), when_out=True),
    Act.RETRIEVES: ActSpec("takes up again the hand he threw down",
                           ("takes up his thrown hand", "takes back his thrown hand",
                            "picks up his thrown hand"), needs_dealt=True, when_out=True,
                           # the same act once the hand has ended (the pool won uncalled):
                           # a thrown hand taken up again is still that (Peel 27)
                           after_hand=True),
    Act.WITHDRAWS: ActSpec("takes back a bet (or raise) he has put up",
                           ("takes back his bet", "takes back his raise", "withdraws his bet",
                            "withdraws his raise", "takes his bet back", "withdraws"),
                           when_out=True, undoes_earlier=True),
    Act.POINTS_OUT: ActSpec("points out an error (or announces it): what has not yet happened "
                            "to the hand it concerns is settled as not having happened",
                            ("points out", "announces", "calls attention to", "objects"),
                            ("player", "about"), player_arg="about", words="free",
                            after_hand=True, when_out=True),
    Act.NOT_LOOKED: ActSpec("has not looked at his cards (so far)",
                            ("has not looked", "has not looked at his cards",
                             "has not seen his cards", "has not lifted", "has not taken up"),
                            after_hand=True, when_out=True),
    Act.CUTS: ActSpec("cuts the pack for the dealer, before he deals",
                      ("cuts the pack", "cuts"), when_out=True),
    Act.CUTS_FOR_DEAL: ActSpec("cuts (draws a card) for the deal, before the first game; the "
                               "card may be named",
                               ("cuts for the deal", "draws for the deal", "cuts for deal",
                                "draws for deal"), ("player", "card", "cards"), number="card",
                               when_out=True),
    Act.ADDS: ActSpec("puts more money on the table (table stakes)",
                      ("puts on the table", "puts more on the table", "adds to his stake",
                       "adds to his pile", "adds", "buys"), ("player", "amount"),
                      amount="required",
                      when_out=True),
    Act.DISPUTES: ActSpec("disputes a fact (that a player threw his cards in, that a card "
                          "was seen...)", ("disputes", "denies", "contests"),
                          ("player", "about"), player_arg="about", words="free",
                          after_hand=True, when_out=True),
    Act.DEMANDS_JACK: ActSpec(
        "the age demands that the single player who came in take down his ante, and makes "
        "it a jack (Foster 21's Only-Two-In Jack)",
        ("demands a jack", "demands a jack pot", "demands a jack-pot", "makes it a jack",
         "demands an only-two-in jack", "makes an only-two-in jack"), needs_dealt=True,
        choice_at=("before the draw",), choice_words="demand a jack"),
    Act.LETS_SAY_GO_BY: ActSpec(
        "lets his turn to say (or to bet) go by, saying and doing nothing, and the next player "
        "goes on: his turn is gone by (Peel 54)",
        ("lets his turn to bet go by", "lets his turn to say go by", "lets his say go by",
         "keeps silent"), needs_dealt=True),
    Act.NEXT_DEAL: ActSpec(
        "one deal of the sitting ends and the next begins, dealt by whom the book says (or "
        "by the player named: 'next deal by C'); what the book carries over comes with it",
        ("next deal", "new deal"), needs_player=False, after_hand=True, when_out=True),
}

# Hands (and cards) a table may agree to admit beside the usual ones (``agreed: hands``):
# a book that names one quotes it under the law whose ref is its name (Peel p. 41).
AGREED_HANDS: dict[str, str] = {
    "blaze": "five court cards, above two pairs and below triplets",
    "joker": "an extra card in the pack, to which its holder gives any value",
    "mistigris": "an extra card which its holder makes any suit and value",
    "tiger": "the lowest straight, one degree better than an ordinary straight",
    "skip": "a sequence of alternate cards (a skip straight)",
}

class Intent(StrEnum):
    """What a player may say he will do (``states``)."""

    PASS = "pass"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    DROP = "drop"
    STAND = "stand"


# What a player may say he will do, and the acts that keep that word.
INTENTS: dict[str, tuple[Act, ...]] = {
    "pass": (Act.PASSES,), "bet": (Act.BETS, Act.RAISES, Act.OPENS), "call": (Act.CALLS,
                                                                              Act.COMES_IN),
    "raise": (Act.RAISES,), "drop": (Act.PASSES,), "stand": (Act.STANDS,),
}


# --- findings and their facts -------------------------------------------------------

# Fact types: bool, int, str, player (a seat name), list, map. Only a bool fact the
# events leave open can be ruled both ways.

# Every finding carries these (the table's, and where it stands in it).
CONTEXT_FACTS: dict[str, str] = {
    "player": "player", "dealer": "player", "age": "player", "is_dealer": "bool",
    "is_age": "bool", "stake": "int", "jackpot": "int", "blind": "int", "limit": "int",
    "left_of_dealer": "player", "right_of_dealer": "player", "phase": "str",
    "blind_or_straddle": "int", "dealer_distracted_by": "player", "distracted": "bool",
    "straddled": "bool",
    # In a sitting of several deals (``next deal``): which deal of it the finding is in.
    "deal": "int",
    # The table's agreements (``agreed:``): the finding is of a kind the table agreed to
    # waive on this occasion, or before play for the whole sitting (Peel 80, 81); or of a
    # kind it waived on an earlier occasion of the sitting only.
    "waived": "bool", "waived_before_play": "bool", "waived_earlier": "bool",
    # Of the agreement that covers it: every player at the table when it was made agreed
    # it; a player has taken a seat since play began (``table.joined``); it was made
    # before play of an earlier sitting (``made: earlier_sitting``).
    "unanimous": "bool", "players_changed": "bool", "earlier_sitting": "bool",
}

# Facts the judge works out from a finding's own (plain arithmetic, no expressions).
DERIVED_FACTS: dict[str, str] = {
    "too_many": "bool", "too_few": "bool", "excess": "int", "given_as_asked": "bool",
    "seen": "bool", "tie": "bool", "same_category": "bool", "ace_low": "bool",
    # the kind of hand the best hands shown share ("a flush"), or "none" where the best
    # hand is alone in its kind: what a rule for telling two hands of a kind apart needs
    "alike": "str",
    # an act out of turn in the betting after the draw, after a bet in the round
    "bet_before": "bool",
    # the Age still held his cards when the act was made, and the player is the one on the
    # Age's left: a privilege the book gives the Age by name (Hoffmann p. 127) is taken
    # from him while he is in, and "does not pass to C", the next, when he is out
    "age_in": "bool", "next_to_age": "bool",
}


class FindingSpec(Struct, frozen=True):
    """One kind of finding: what it is, the facts it carries, how it is compared.

    ``compare``: (the number done, the number wanted), from which ``too_many``,
    ``too_few`` and ``excess`` are worked out. ``outcome``: how a hand ended, not an
    irregularity. ``ruled_if``: a fact one of which must be set for it to be ruled on.
    """

    summary: str
    facts: dict[str, str]
    derived: tuple[str, ...] = ()
    compare: tuple[str, str] | None = None
    outcome: bool = False
    ruled_if: tuple[str, ...] = ()
    # Who else is a party to a dispute about it, besides the player and the dispute's
    # own parties (e.g. the dealer, in a dispute over what a player asked him for).
    parties: tuple[str, ...] = ()
    # Facts any player's act fills in, not only the finding's player's (a bet by anyone).
    table_facts: tuple[str, ...] = ()
    # Its player is the one who distracted the dealer (the ``dealer_distracted_by`` fact).
    distracts_dealer: bool = False
    # The act it records is lawful in itself, and the book's decision says what follows
    # from it (the dealer must answer, the act stands...); any other finding records an
    # irregularity, so "may he do it?" is answered no, with the book's consequence.
    lawful: bool = False
    # The act it records is a choice made at the player's say: where none of the book's
    # provisions on this kind applies, it is tried against the book's general law of the
    # turn it was made in (its provisions on this kind, ``CHOICE_AT_THE_SAY``), before the
    # book is found silent on it.
    tried_by: Kind | None = None
    # What the player may do later in the deal turns on what became of him after it: where
    # the book is silent on it, so is the answer on his later act (answers.py).
    binds_later: bool = False
    # What a decision on it does to the table, beside the decision's own effect
    # (``EFFECTS``): an agreement to play a rule otherwise is played where it holds.
    effects: dict[str, str] = {}
    # It puts in question whether the deal stands, or whose deal it was (where its facts
    # hold these values; ``{}``: always): a book silent on it does not say who deals next.
    questions_deal: dict[str, str] | None = None
    # A book with no provision on it is silent, and the table goes on by the engine's
    # assumption of this name (``engine_defaults.yaml``), which the silence states.
    silence_assumes: str | None = None
    # The act it records turns on what became of an earlier act of the same player (a bet
    # taken back): where the book ruled that act out of its order and gave no consequence
    # (``UNSAID_EFFECT``), the ruling is silent on what follows it, and says so.
    fate_of_earlier: bool = False
    # The facts naming whose turn it was and the players in turn then, as the table saw
    # them (``(expected, order)``). A player the same ruling has put out of the game by an
    # earlier finding (his hand foul, he retires: on every reading), though the table had
    # not seen it yet, is not one of the players in turn (Peel p. 43, "those who have
    # retired are players no longer"): the turn was the next one's in the order, and where
    # that is the finding's own player, or he is himself out, his act was no act out of
    # turn, and it is not ruled.
    in_turn_among: tuple[str, str] | None = None
    # The act it records is lawful in itself and departs only from the player's own earlier
    # words: where the book has no rule on the words, "may he do it?" is that silence with
    # the book's law of the turn the act was made at, which reaches the act itself (set L,
    # judged N2: Foster 18, Hoffmann pp. 122-123), not the silence alone.
    against_own_words: bool = False

    def all_facts(self) -> dict[str, str]:
        return {**CONTEXT_FACTS, **self.facts, **{d: DERIVED_FACTS[d] for d in self.derived}}


# Whether the book recognises the straddle (its ``straddle.recognised``): a provision on a
# straddle the book rules on only where straddling is recognised tests it (Hoffmann p. 131).
_STRADDLE_FACTS = {"recognised": "bool"}
_DRAW_FACTS = {"asked": "int", "given": "int", "discarded": "int", "lifted": "bool",
               "looked": "bool", "next_helped": "bool", "asked_disputed": "bool"}

FINDINGS: dict[Kind, FindingSpec] = {
    Kind.DEAL_UNCUT: FindingSpec("the cards were dealt without a cut",
                                 {"noticed_before_deal_finished": "bool"}, questions_deal={}),
    Kind.CUT_FOR_DEAL_AGAIN: FindingSpec(
        "cut again for the deal, not having cut one of the equal lowest cards",
        {"tied": "list"}),
    Kind.DEALER_NOT_LOWEST: FindingSpec(
        "the first deal was made by other than the player who cut the lowest card for it",
        {"lowest": "player", "lowest_tied": "bool", "tied": "list", "cards": "map"},
        questions_deal={}),
    Kind.CUT_BY_WRONG_PLAYER: FindingSpec(
        "the pack was cut (before the deal, or gathered again in the draw) by other than the "
        "player on the dealer's right, the pone", {"pone": "player"},
        # a cut before the deal by the wrong player: whether the deal so cut stands (set L,
        # l-01: "that's no cut at all"); a cut gathered again in the draw questions no deal
        questions_deal={"phase": "before the deal"}),
    Kind.CUT_IN_DRAW: FindingSpec(
        "the pack was cut after the deal, in the draw or before it, nothing having been "
        "gathered to be cut",
        {"pone": "player", "is_pone": "bool"}),
    Kind.WRONG_NUMBER_DEALT: FindingSpec(
        "a player was dealt other than five cards",
        {"count": "int", "lifted": "bool", "looked": "bool", "bet_made": "bool",
         "offset_by": "player", "neighbour": "bool"}, ("seen",), table_facts=("bet_made",),
        questions_deal={}),
    Kind.CARD_FACED_IN_PACK: FindingSpec("a card was found faced in the pack",
                                         {"card": "str", "during": "str", "placed": "str"},
                                         questions_deal={"during": "deal"}),
    Kind.CARD_EXPOSED_IN_DEAL: FindingSpec("the dealer exposed a card in dealing",
                                           {"card": "str", "to": "player"},
                                           questions_deal={}),
    Kind.SPOKE_TO_DEALER: FindingSpec("a player spoke to the dealer",
                                      {"during_deal": "bool"}, distracts_dealer=True),
    Kind.BLIND_OVER_LIMIT: FindingSpec("the blind is over the book's limit for it",
                                       {"amount": "int", "most": "int"}),
    Kind.STRADDLE_OVER_LIMIT: FindingSpec("a straddle goes past the book's limit for it",
                                          {"amount": "int", "most": "int", **_STRADDLE_FACTS}),
    Kind.STRADDLE_AFTER_REFUSAL: FindingSpec(
        "a straddle after a player refused to straddle in turn",
        {"refused_by": "player", "refused_by_first": "bool", "after_dealer": "bool",
         **_STRADDLE_FACTS}, lawful=True),  # where the right goes on in turn (Peel 21)
    # ``started``: a straddle had been made before this one (the right to start one is the
    # age's left-hand neighbour's alone; after it, the right is each next player's in turn).
    Kind.STRADDLE_OUT_OF_TURN: FindingSpec("a straddle by a player whose right it was not",
                                           {"expected": "player", "after_dealer": "bool",
                                            "started": "bool", **_STRADDLE_FACTS}),
    Kind.STRADDLE_WRONG_AMOUNT: FindingSpec(
        "a straddle of other than the amount in turn",
        {"amount": "int", "expected": "int", **_STRADDLE_FACTS}),
    Kind.STRADDLE_AFTER_LOOKING: FindingSpec(
        "a straddle after the deal (or after looking)",
        {"after": "str", "looked": "bool", **_STRADDLE_FACTS}),
    Kind.STRADDLE_AFTER_DEALER: FindingSpec(
        "a straddle in turn after the dealer's turn to straddle, nobody having refused",
        {"amount": "int", **_STRADDLE_FACTS}, lawful=True),
    Kind.STRADDLE_NOT_RECOGNISED: FindingSpec(
        "a straddle, where the book does not recognise straddling", {"amount": "int"}),
    # bet_made: for an act after the betting had closed, whether it closed on a bet (False:
    # on a round in which nobody bet, Foster CH9); unknown for any other.
    # bet_before: in the betting after the draw, someone had already bet in the round
    # before the act (it is late in the round, not a first bet out of turn)
    Kind.OUT_OF_TURN: FindingSpec("an act out of turn",
                                  # passed_in: where he had passed, the part of the deal
                                  # in which he threw his hand down (before the draw...)
                                  {"act": "str", "expected": "player", "passed": "bool",
                                   "bet_made": "bool", "passed_in": "str",
                                   # he had passed rather than equal a stake put up
                                   # before him in the say (Foster 19)
                                   "declined_stake": "bool"}, ("bet_before",)),
    Kind.OVER_LIMIT: FindingSpec("a raise over the limit", {"amount": "int"}),
    Kind.SHORT_STAKE: FindingSpec("put up less than making good cost",
                                  # raised: the stake had been raised past going in
                                  {"stated": "int", "required": "int", "raised": "bool"}),
    Kind.AMOUNT_DIFFERS: FindingSpec("put up other than making good cost",
                                     {"stated": "int", "required": "int", "raised": "bool"}),
    Kind.BEYOND_TABLE_STAKES: FindingSpec("needed more than he has on the table",
                                          {"wanted": "int", "had": "int",
                                           "borrowed": "bool", "in_pool": "int"}, lawful=True),
    # Not at table stakes: a player who has borrowed to raise (the borrowed money paid for a
    # going better, not a call) puts in less than the act costs, all he has left (Peel 62:
    # "If a player borrow money to raise, he shall borrow to call"). ``borrowed`` in the
    # facts of beyond_table_stakes and of the answers means the same: borrowed to raise.
    Kind.SHORT_AFTER_BORROWING: FindingSpec(
        "having borrowed to raise, put in less than the act cost, all he had left",
        {"wanted": "int", "had": "int", "in_pool": "int"}),
    # Never recorded by the table: a book's provisions on it rule, beside (or, where the
    # rule is waived on this occasion, instead of) its provisions on the finding's own kind,
    # every finding the table's agreement covers (``waived``, ``waived_before_play``,
    # ``waived_earlier``: Peel 80, 81).
    Kind.RULE_WAIVED: FindingSpec("a finding of a kind the table agreed to waive (agreed:)",
                                  {}),
    # Recorded by the table, at the first act of the deal, for each of the book's
    # parameters the table agreed to play otherwise (``agreed: departed`` or ``waived``
    # with ``rule:``), where the value agreed is not the book's own: ruled by the book's
    # provisions on a waived rule (``rule_waived``), as any finding an agreement covers.
    # Where the decision lets it stand, the deal is played under the value agreed; else,
    # and where the book is silent on agreements, under the book's own.
    Kind.RULE_AGREED: FindingSpec(
        "the table agreed to play one of the book's rules otherwise (agreed: rule)",
        {"rule": "str", "agreed": "str", "book_value": "str", "parties": "list",
         "refused": "list", "joined": "list", "left": "list",
         "agreement": "int"},  # its place among the agreements (departed, then waived)
        lawful=True,
        effects={"action_stands": "agreed"}, silence_assumes="agreements"),
    Kind.DREW_WITHOUT_MAKING_GOOD: FindingSpec("drew before making good his stake",
                                               {"stake": "int", "required": "int",
                                                "pat": "bool"}),  # pat: he stood pat
    Kind.DREW_OUT_OF_TURN: FindingSpec("was helped before a player whose turn it was",
                                       {"expected": "player"}),
    Kind.ASKED_WRONG_NUMBER: FindingSpec(
        "asked for other than the number he discarded",
        {**_DRAW_FACTS, "gave_discarded": "bool"},
        ("too_many", "too_few", "excess", "given_as_asked", "seen"),
        compare=("asked", "discarded")),
    Kind.GIVEN_MORE_THAN_ASKED: FindingSpec(
        "given more cards than he asked for", _DRAW_FACTS,
        ("too_many", "too_few", "excess", "given_as_asked", "seen"),
        compare=("given", "asked")),
    Kind.GIVEN_FEWER_THAN_ASKED: FindingSpec(
        "given fewer cards than he asked for",
        {**_DRAW_FACTS, "made_good": "bool", "raised_first": "bool"},
        ("too_many", "too_few", "excess", "given_as_asked", "seen"),
        compare=("given", "asked")),
    Kind.DEALER_DREW_WRONG_NUMBER: FindingSpec(
        "the dealer took other than the number he discarded",
        {"discarded": "int", "given": "int", "given_in_all": "int", "lifted": "bool",
         "looked": "bool", "made_good": "bool"},
        ("too_many", "too_few", "excess", "seen"), compare=("given", "discarded")),
    Kind.CARD_EXPOSED_IN_DRAW: FindingSpec("the dealer exposed a card in the draw",
                                           {"card": "str", "to": "player", "placed": "str"}),
    Kind.EXPOSED_CARD_REPLACED_EARLY: FindingSpec(
        "an exposed card replaced before the other players were helped", {}),
    Kind.PACK_EXHAUSTED: FindingSpec("the pack ran out in the draw",
                                     {"gathered": "list", "cards": "int",
                                      "yet_to_discard": "str"}),
    Kind.LAST_CARD_DEALT: FindingSpec("the last card of the pack was dealt", {}),
    Kind.WRONG_HAND_SIZE: FindingSpec(
        "a hand of other than five cards after the draw",
        {"size": "int", "lifted": "bool", "looked": "bool", "bet_made": "bool",
         "made_good": "bool"}, ("seen",)),
    Kind.STOOD_WITHOUT_RIGHT: FindingSpec("stood without betting where he might not",
                                          {"bet_made": "bool", "stood_before": "bool"},
                                          derived=("age_in", "next_to_age"),
                                          tried_by=Kind.CHOICE_AT_THE_SAY),
    Kind.HELD_WITHOUT_RIGHT: FindingSpec("held his say where he might not", {},
                                         tried_by=Kind.CHOICE_AT_THE_SAY),
    Kind.OPENED_WITHOUT_OPENERS: FindingSpec(
        "opened a jack-pot without the hand to open it",
        {"need": "str", "qualified": "bool", "cards": "list", "won": "bool",
         "others_went_in": "bool", "called": "bool",
         # False: found at the opening, the events stopping before the deal's end
         "ended": "bool",
         # the least pair that opens the next jack-pot, this game being "as if the previous
         # game had not been opened" (Peel 33), as after one nobody opened
         "next_need": "str"}),
    Kind.CONFLICTING_CLAIMS: FindingSpec(
        "players disagree on what a player asked for",
        {"accounts": "map", "discarded": "int", "given": "int"}, parties=("dealer",),
        lawful=True),
    Kind.DRAW_INQUIRY: FindingSpec(
        "asked how many cards a player drew",
        {"about": "player", "about_dealer": "bool", "lifted": "bool", "bet_made": "bool",
         "lifted_or_bet": "bool", "drawn": "bool", "retired": "bool"}, lawful=True),
    Kind.DISCARD_RETAKEN: FindingSpec("took back a card he had discarded",
                                      {"count": "int", "size": "int", "lifted": "bool"}),
    Kind.STATEMENT_NOT_KEPT: FindingSpec(
        "said what he would do and did otherwise (another act, or another amount)",
        # kept_act: he did the act he named, for another amount than he said
        {"stated": "str", "act": "str", "kept_act": "bool", "said_amount": "int",
         "amount": "int"}, lawful=True, against_own_words=True),
    Kind.DIVULGED: FindingSpec("told the table what his hand had been", {"retired": "bool"}),
    Kind.DECLINED_TO_OPEN: FindingSpec("held openers and did not open the jack-pot",
                                       {"need": "str"}, lawful=True),  # not bound to open
    Kind.THROWN_HAND_RETAKEN: FindingSpec("took up again the hand he had thrown down",
                                          {"passed_in": "str"}),
    Kind.NOT_OPENED: FindingSpec("nobody came in",
                                 {"pool": "int", "straddled": "bool", "next_need": "str"},
                                 outcome=True),
    Kind.WON_UNCALLED: FindingSpec("nobody would equal a player's stake",
                                   {"pool": "int", "opener": "player", "qualified": "bool",
                                    "is_opener": "bool", "others_went_in": "bool",
                                    "next_need": "str"},  # an opener's: as opened_without...
                                   outcome=True),
    Kind.SHOWDOWN: FindingSpec(
        "the hands are shown",
        {"pool": "int", "players": "list", "hands": "map", "winner": "player",
         "winners": "list", "best": "str", "declared": "bool", "unknown": "list",
         "why": "str", "foul": "list", "foul_at_show": "bool", "short_of_funds": "bool",
         "table_stakes": "bool",  # the table agreed to play table stakes (agreed:)
         # the others at the show being foul, one player alone holds a hand of five
         "sole_hand": "bool",
         "by_hearts": "bool",
         # the hearts decided between hands otherwise equal card for card (p. 31)
         "tied_but_for_hearts": "bool",
         "claim": "int", "remainder": "int", "next_best": "player",
         "opener_unqualified": "bool", "next_need": "str",  # in a jack-pot
         "ace_ends": "bool", "ace_between": "bool",
         # a shown hand runs ace to five; the one best hand runs nine to king
         "ace_begins": "bool", "nine_to_king": "bool",
         "in_hearts": "bool",
         # the hands are ranked by a rule the table agreed (agreed: rule, hands.*), held
         # under the book's law on agreements, and that rule, not the book's, decided them
         "ranked_as_agreed": "bool",
         # the case told only the show (the deal taken as regular); who showed, in the
         # order they showed; whose act closed the betting (the last player, Peel 59)
         "deal_untold": "bool", "shown_in_order": "list", "closed_by": "player"},
        ("tie", "same_category", "alike", "ace_low"), outcome=True,
        ruled_if=("winner", "winners")),
    Kind.ACTED_AFTER_PASSING: FindingSpec(
        "a player who had passed acted again in the deal (the act does not stand)",
        # passed: always true (he had passed), as an act of the say by a player who had
        # passed was once filed as an act out of turn with it
        {"act": "str", "took_up": "bool", "staked": "bool", "passed_in": "str",
         "declined_stake": "bool", "passed": "bool"}),
    Kind.BET_WITHDRAWN: FindingSpec("took back a bet he had put up",
                                    {"amount": "int", "bet_made": "bool", "foul_hand": "bool",
                                     "lifted": "bool"}, silence_assumes="withdrawal",
                                    fate_of_earlier=True),
    Kind.OUT_OF_PLACE: FindingSpec(
        "an act at a point of the deal where it has no place (it changes nothing)",
        {"act": "str", "why": "str", "dealer_passed": "bool"}),
    Kind.DREW_AFTER_HIS_TURN: FindingSpec(
        "drew after standing pat, or after his turn to draw had gone by",
        {"stood_pat": "bool", "count": "int", "next_helped": "bool"}),
    Kind.SHOWED_WRONG_NUMBER: FindingSpec("showed other than five cards at the show",
                                          {"shown": "int", "held": "int"},
                                          silence_assumes="wrong_number_shown"),
    Kind.STAKE_ADDED: FindingSpec(
        "put more money on the table during a deal, at table stakes",
        {"amount": "int", "had": "int", "lifted": "bool", "empty": "bool"}),
    Kind.FACT_DISPUTED: FindingSpec("a player disputes a fact",
                                    {"about": "player", "what": "str"}, lawful=True),
    Kind.JACK_DEMANDED: FindingSpec(
        "the age demanded that the single player who came in take down his ante, making a "
        "jack", {"straddled": "bool", "raised": "bool", "came_in": "int", "one_in": "bool",
                 "single": "player", "in_turn": "bool",
                 # whether the table plays jack pots (``agreed: jackpots``); unknown where
                 # the case does not say, and ruled on each possibility (Foster 20, 21)
                 "jackpots": "bool"}, lawful=True,
        tried_by=Kind.CHOICE_AT_THE_SAY),
    # The table's agreements (its blind, limit and stakes: arbiter/table/agreed.py) set
    # against what a player put up; each book says what a departure from them is.
    Kind.DEPARTS_FROM_AGREEMENT: FindingSpec(
        "put up other than the amount the table agreed",
        # measured against the table's agreement, not the book's law: whether the book
        # holds him to it, or lets his amount stand, is its decision (Hoffmann p. 121)
        {"term": "str", "agreed": "int", "amount": "int"}, lawful=True),
    Kind.OPENED_BELOW_LEAST: FindingSpec(
        "opened a jack-pot for less than going in costs in an ordinary deal",
        {"amount": "int", "least": "int"}),
    Kind.SHOWN_OUT_OF_ORDER: FindingSpec(
        "showed his hand before the player whose turn it was to show",
        {"expected": "player", "last": "player", "order": "list"},
        in_turn_among=("expected", "order")),
    # Never found by the table itself: the book's general law of the turn, against which a
    # choice made at the say (a kind whose ``tried_by`` names this one) is tried where none
    # of the book's provisions on its own kind applies. ``found``: the kind it was found as.
    Kind.CHOICE_AT_THE_SAY: FindingSpec(
        "a choice made at the say that no provision on its own kind rules: tried against "
        "the book's general law of the turn", {"found": "str", "in_turn": "bool"}),
    # A going better (a bet, a raise) made during the draw: not an act out of turn (the
    # draw's turn is a turn to draw, and he may be the one whose turn it is), but a stake
    # raised once the say has closed, where a book may allow only making good (Peel 36:
    # "Before drawing ... a player shall make his stake equal to the highest stake on the
    # table"; set K, k-09, judged M1). expected: whose turn it was to draw; in_turn: his.
    Kind.BET_IN_THE_DRAW: FindingSpec(
        "went better during the draw, after the say had closed",
        {"act": "str", "expected": "player", "in_turn": "bool"}),
    # A player who let his turn to say or bet go by, saying and doing nothing (the events'
    # ``lets his turn to bet go by``): short, he had not staked what the preceding player
    # had (Peel 54: "If, when his turn comes, any player have not staked, and does not stake
    # a sum at least equal to that staked by the preceding player"). What he may do later in
    # the deal turns on what became of him (``binds_later``; set W, w-01).
    Kind.TURN_GONE_BY: FindingSpec(
        "let his turn to say or bet go by, saying and doing nothing",
        {"short": "bool", "bet_made": "bool"}, binds_later=True),
    Kind.WRONG_DEALER: FindingSpec(
        "a deal of the sitting was dealt by other than the player whose turn it was to deal",
        {"expected": "player", "last_dealer": "player"}, questions_deal={}),
}


# --- decisions and penalties ----------------------------------------------------------

DECISIONS: dict[Decision, str] = {
    Decision.FOUL_HAND: "the hand is foul: it may not win, and what was staked is lost",
    Decision.RETIRES: "the player must retire, forfeiting what he has staked",
    Decision.MAKE_GOOD_OR_PASS: "the player must make his stake good or pass, forfeiting what "
                                "he has staked: the choice is his when his turn comes",
    Decision.MISDEAL: "a misdeal: the deal passes or is made again, as the book says",
    Decision.NEW_DEAL: "the cards are dealt again",
    Decision.DEAL_STANDS: "the deal stands",
    Decision.CORRECTED: "the dealer puts the error right",
    Decision.MUST_TAKE: "the cards stand as given",
    Decision.NO_REMEDY: "there is no remedy",
    Decision.CARD_DISPOSED: "an exposed or faced card goes where the law says",
    Decision.ACTION_VOID: "the act is not allowed and does not stand",
    Decision.ACTION_STANDS: "the act stands",
    Decision.FORFEITS_RIGHT: "the player loses a right (to straddle, to draw...)",
    Decision.REFUND: "counters are paid back",
    Decision.WINS_POOL: "the player takes the pool",
    Decision.DIVIDE_POOL: "the pool is divided",
    Decision.JACKPOT_NEXT: "the next deal is a jack-pot",
    Decision.PENALTY: "the player pays a penalty",
    Decision.FACT_BY_EVIDENCE: "a question of fact is settled by evidence, in the book's order",
    Decision.REFERRED: "the question goes to the dealer (or whom the book names)",
    Decision.ANSWER_DUE: "the question must be answered, and truly",
    Decision.NO_ANSWER: "nobody need (or may) answer it",
    Decision.OUT_OF_ORDER: "the act was not his to make; the book names no consequence",
}

# Decisions that undo the act found: the act does not stand, so nothing else found in that
# same act (its amount, its limit) is ruled on as well; the ruling gives one decision on it,
# which says each other ground the book rules against the act (ruling/rulings.py).
VOIDS: frozenset[Decision] = frozenset({Decision.ACTION_VOID})

# What a decision does to the table, once it is ruled (on every possibility the events
# leave open) and its finding is complete: the table goes on from it before the next act.
# ``retire``: the player leaves the game, with no say after, his stake staying in the pool
# (a stake not made good is seen at the table as it happens); ``deal_ends``: the deal is
# over (a misdeal, a new deal), and nothing more of it is played or ruled. ``make_good_or_pass``
# has none: the player keeps his say, and when his turn comes his own act (making good, or
# passing) is the choice, found and ruled then. ``_when_found``:
# from the moment the irregularity is pointed out at the table, not before: a foul hand
# nobody has noticed is "found ... at the end of the game" (Peel 64), a card short in the
# deal is a misdeal when it is discovered (Peel 12), and until then the game goes on as the
# players play it. ``void``: the act is undone as its provision's ``undoes`` says (``Undoes``
# below), or as the engine's stated assumption has it where the book does not say. A
# decision not named leaves the table as the act left it.
EFFECTS: dict[Decision, str] = {
    Decision.RETIRES: "retire", Decision.FOUL_HAND: "retire_when_found",
    Decision.MISDEAL: "deal_ends_when_found", Decision.NEW_DEAL: "deal_ends_when_found",
    Decision.ACTION_VOID: "void",
}


class Undoes(StrEnum):
    """What a ruling that voids an act undoes of it on the table (a provision's ``undoes``,
    set only where the book's words say so; where they do not, the engine's stated
    assumption, ``void.undoes`` in engine_defaults.yaml: ``nothing``, no remedy the book
    does not give being applied to the table)."""

    COUNTERS = "counters"
    TURN = "turn"
    EXCESS = "excess"
    NOTHING = "nothing"


UNDOES: dict[Undoes, str] = {
    Undoes.COUNTERS: "the counters the act put up (or took back) go back where they were, "
                     "and the bet to be met with them; the say goes on as the act left it",
    Undoes.TURN: "the act is taken as not made: its counters go back, and the say is as it "
                 "was before it (his again, if it was his: what the law bids him do at it "
                 "still binds him), where the table stopped on the act; where the others "
                 "played on before anyone objected, the say goes on as they played it",
    Undoes.EXCESS: "what went past the limit goes back to the player; the act stands at "
                   "the limit",
    Undoes.NOTHING: "the counters stay where the act put them, and the table goes on as the "
                    "act left it",
}

# The facts of a finding that name the most an act may put up: ``excess`` returns what
# its ``amount`` went past the first of them the finding carries.
EXCESS_OVER = ("limit", "most")

# The rulebook's parameter groups that say how the table goes at each point of the deal
# (their ``cites``: the laws an act that is regular there rests on).
PHASE_RULES: dict[str, tuple[str, ...]] = {
    "before the deal": ("blind", "straddle"), "before the draw": ("going_in",),
    "the draw": ("draw",), "after the draw": ("betting",), "the show": ("hands",),
}

# Whether a decision, on a lawful act (see ``FindingSpec.lawful``), lets the player do
# it: "may C ask the dealer how many he drew?" -- yes if the dealer must answer.
# Decisions that rule an act irregular and name no consequence of it (the book does not
# say what becomes of the act): the table goes on as the act left it, which is then the
# engine's reading, not the book's. A void whose undoing the book does not give
# (``Decided.undoes_assumed``) is the same. A later answer that turns on what became of
# the act (may the player, his stand ruled out, raise now?) is the book's silence on it.
UNSAID_EFFECT: frozenset[Decision] = frozenset({Decision.OUT_OF_ORDER})

PERMITS: dict[Decision, bool] = {
    Decision.ANSWER_DUE: True, Decision.ACTION_STANDS: True, Decision.FACT_BY_EVIDENCE: True,
    Decision.REFERRED: True, Decision.CORRECTED: True, Decision.DEAL_STANDS: True,
    Decision.MUST_TAKE: True, Decision.WINS_POOL: True, Decision.DIVIDE_POOL: True,
    Decision.JACKPOT_NEXT: True,
}

# Decisions that say who takes the pool, and where the answer's name comes from: the
# finding's ``winner``, its ``winners`` together, or nobody (the pool stays for the next deal).
POOL_TAKERS: dict[Decision, str] = {
    Decision.WINS_POOL: "winner", Decision.DIVIDE_POOL: "winners",
    Decision.JACKPOT_NEXT: "nobody",
}

# The forms a provision's ``penalty`` may take.
PENALTIES: dict[str, str] = {
    "forfeits": "stake: the player forfeits what he has staked, to the pool",
    "pays": "multiple_of_blind: the player pays that many blinds to the pool",
    "refund": "by (a party the book's procedures name): what the player put up as blind or "
              "straddle is paid back to him",
}

# Places at the table a procedure may name: the seat, found from the dealer.
PLACES = ("dealer", "left_of_dealer", "right_of_dealer")


# --- parameters -----------------------------------------------------------------------

class ParamSpec(Struct, frozen=True):
    """One setting a rulebook may give under ``parameters:`` (``straddle.first``), where the
    books differ on a mechanic: the field of ``arbiter.law.params.Rules`` it fills, what it
    means, the values it takes (``kind``: ``choice`` of ``values``, ``choices``: a list of
    them, ``bool``, ``count``: a whole number from 1, ``fraction``: 0 to 1, of the limit;
    ``nullable``: null is allowed too), and the engine's assumption where a book gives none:
    the value the table takes, and the sentence a ruling that turns on it says (``{book}``:
    the book's name). A book cites its law for each key it gives (``cites:`` in the group,
    by key)."""

    field: str
    summary: str
    kind: str
    assumed: str | int | bool | tuple[str, ...] | None
    assumes: str
    values: tuple[str, ...] = ()
    nullable: bool = False
    min_items: int = 0


# The groups of ``parameters:``, each a mapping of its settings (and ``cites``, ``note``).
PARAMETER_GROUPS: dict[str, str] = {
    "blind": "The age's blind.",
    "straddle": "Straddling the blind.",
    "going_in": "Coming in before the draw.",
    "draw": "The draw.",
    "betting": "Betting after the draw.",
    "hands": "Ranking of hands.",
    "jackpot": "Jack-pots.",
    "deal": "The deal of a sitting: who deals the next deal.",
    "turns": "Turns and closings: who has the say after a player retires or puts in all he "
             "has, and who gives the draw once the dealer has passed.",
    "funds": "A player who has not the money his act costs, where table stakes were not "
             "agreed (at table stakes the book's provisions rule on it).",
}

_NOT_SAY = "{book} does not say "
_TO_PACK = ("to_discards", "return_to_pack")

PARAMETERS: dict[str, ParamSpec] = {
    "blind.max_of_limit": ParamSpec(
        "blind_max_of_limit", "Most the blind may be, as a fraction of the limit (Peel 19: 0.5).",
        "fraction", None,
        "{book} sets no limit to the blind; this ruling assumes any blind may be put up.",
        nullable=True),
    "straddle.first": ParamSpec(
        "straddle_first", "The first straddle as a multiple of the blind.", "count", 2,
        _NOT_SAY + "what the first straddle is; this ruling assumes twice the blind."),
    "straddle.step": ParamSpec(
        "straddle_step", "Each further straddle doubles the last, or adds the blind to it.",
        "choice", "double",
        _NOT_SAY + "how a straddle grows; this ruling assumes each straddle doubles the last.",
        ("double", "add_blind")),
    "straddle.max_of_limit": ParamSpec(
        "straddle_max_of_limit", "Most a straddle may reach, as a fraction of the limit.",
        "fraction", None,
        "{book} sets no limit to straddling; this ruling assumes a straddle may go any height.",
        nullable=True),
    "straddle.counts_as": ParamSpec(
        "straddle_counts_as", "blind: going in costs twice the last straddle; going_in: the "
        "straddle is itself what going in costs.", "choice", "blind",
        _NOT_SAY + "what a straddle makes it cost to come in; this ruling assumes twice the "
        "straddle.", ("blind", "going_in")),
    "straddle.when": ParamSpec(
        "straddle_when", "before_deal: straddling ends when the cards are dealt; "
        "before_looking: a player may straddle until he looks at his cards; at_going_in: the "
        "straddle is made in his say, instead of going in.", "choice", "before_deal",
        _NOT_SAY + "when a straddle may be made; this ruling assumes before the deal.",
        ("before_deal", "before_looking", "at_going_in")),
    "straddle.recognised": ParamSpec(
        "straddle_recognised", "false: the book does not recognise the straddle; every "
        "straddle is found as not recognised, and nothing else is ruled on it.", "bool", True,
        _NOT_SAY + "whether a straddle is recognised; this ruling assumes it is."),
    "going_in.multiple_of_blind": ParamSpec(
        "come_in_multiple", "What going in costs, as a multiple of the blind.", "count", 2,
        _NOT_SAY + "what it costs to come in; this ruling assumes twice the blind."),
    "going_in.make_good_at_draw": ParamSpec(
        "make_good_at_draw", "Players raised before the draw make good when their turn to "
        "draw comes (Peel 36), rather than in a further round of the say.", "bool", False,
        _NOT_SAY + "when a raised player makes good; this ruling assumes at once, in turn."),
    "draw.exposed_card": ParamSpec(
        "exposed_card", "Where a card the dealer exposes in giving the draw goes.", "choice",
        "to_discards", _NOT_SAY + "where a card exposed in the draw goes; this ruling assumes "
        "it goes with the discards.", _TO_PACK),
    "draw.exposed_replaced": ParamSpec(
        "exposed_replaced", "When a card exposed in the draw is replaced: at once, or after "
        "the others have drawn.", "choice", "at_once",
        _NOT_SAY + "when an exposed card is replaced; this ruling assumes at once.",
        ("at_once", "after_others")),
    "draw.faced_card": ParamSpec(
        "faced_card", "Where a card found faced in the pack after the deal goes (Foster 23: "
        "with the discards).", "choice", "to_discards",
        _NOT_SAY + "where a card found faced in the pack goes; this ruling assumes it goes "
        "with the discards.", _TO_PACK),
    "draw.last_card": ParamSpec(
        "last_card", "Whether the last card of the pack is dealt, or kept back.", "choice",
        "dealt", _NOT_SAY + "whether the last card of the pack may be dealt; this ruling "
        "assumes it may.", ("dealt", "kept")),
    "draw.reshuffle": ParamSpec(
        "reshuffle", "What is gathered and shuffled when the pack runs out.", "choices",
        ("discards",), _NOT_SAY + "what is gathered when the pack runs out; this ruling "
        "assumes the discards only.", ("discards", "abandoned")),
    "draw.dealer_may_give_discarded": ParamSpec(
        "give_discarded", "After a player asks for a number other than he discarded, the "
        "dealer may see the discard and give that number instead.", "bool", True,
        _NOT_SAY + "whether the dealer, asked for a wrong number, may see the discard and give "
        "that number instead; this ruling assumes the dealer may."),
    "betting.first": ParamSpec(
        "bet_first", "Who bets first after the draw: the player on the age's left, or the age.",
        "choice", "left_of_age", _NOT_SAY + "who bets first after the draw; this ruling "
        "assumes the player on the age's left.", ("left_of_age", "age")),
    "betting.age_may_hold": ParamSpec(
        "age_may_hold", "The age may hold the say, to speak last.", "bool", False,
        _NOT_SAY + "whether the age may hold the say; this ruling assumes the age may not."),
    "betting.first_may_stand": ParamSpec(
        "first_may_stand", "The first to speak after the draw may stand without betting.",
        "bool", False, _NOT_SAY + "whether the first to speak after the draw may stand "
        "without betting; this ruling assumes that player may not."),
    "hands.order": ParamSpec(
        "hand_order", "The book ranks the hands in the usual order, the higher of two alike "
        "winning (Peel 65-75; Hoffmann pp. 124-125). Not given: the comparison of hands at "
        "the show is the engine's assumption.", "choice", "usual",
        "{book} gives no order of the hands; this ruling assumes the usual one (sequence "
        "flush, fours, full, flush, sequence, threes, two pairs, a pair, the highest card), "
        "the higher of two alike winning.", ("usual",)),
    "hands.ace_in_sequence": ParamSpec(
        "ace_in_sequence", "Whether the ace ends a sequence low, high, or either.", "choice",
        "high_or_low", _NOT_SAY + "whether the ace ends a sequence high or low; this ruling "
        "assumes either.", ("low_only", "high_only", "high_or_low")),
    "hands.hearts_break_ties": ParamSpec(
        "hearts_break_ties", "Hearts win between sequences otherwise equal (Peel 70).", "bool",
        False, _NOT_SAY + "that suits break ties; this ruling assumes they do not."),
    "hands.hearts_flush_best": ParamSpec(
        "hearts_flush_best", "A flush in hearts beats any other flush (Peel 69).", "bool",
        False, "{book} does not rank flushes by suit; this ruling assumes it does not."),
    "hands.two_pairs_odd_card": ParamSpec(
        "two_pairs_odd_card", "The odd card decides between equal two pairs (Hoffmann p. 125; "
        "not Peel 73).", "bool", True, _NOT_SAY + "whether the odd card decides between "
        "equal two pairs; this ruling assumes it does."),
    "jackpot.openers": ParamSpec(
        "jackpot_openers", "The lowest pair that opens the first, second, third... successive "
        "jack-pot.", "choices", ("J",), _NOT_SAY + "what opens a jack-pot; this ruling "
        "assumes a pair of jacks or better, in every jack-pot.", ("J", "Q", "K", "A"),
        min_items=1),
    "jackpot.age_antes_again": ParamSpec(
        "age_antes_again", "In the first jack-pot, the age antes like everyone else (Peel 30), "
        "or his blind left in the pool stands for his share (Hoffmann p. 132).", "bool", True,
        _NOT_SAY + "whether the age's blind counts as the age's ante in the first jack-pot; this "
        "ruling assumes the age antes as well."),
    "jackpot.pass_before_opening": ParamSpec(
        "jackpot_pass", "A pass before the jack-pot is opened: final, the player is out (Peel "
        "27), or he keeps his cards and may come in once it is opened (Hoffmann p. 132).",
        "choice", "keeps_cards", _NOT_SAY + "whether a player who passes before a jack-pot "
        "is opened is out; this ruling assumes that player keeps the cards and may come in "
        "once it is opened.", ("final", "keeps_cards")),
    "jackpot.first_say": ParamSpec(
        "jackpot_first", "Who has the first say in a jack-pot, where every player antes alike: "
        "the player on the left of the dealer's left-hand neighbour, as in the usual game "
        "(left_of_age), the dealer's left-hand neighbour (left_of_dealer), or whichever of the "
        "two the table began with (either).", "choice", "either",
        _NOT_SAY + "who has the first say in a jack-pot, where every player antes alike and "
        "there is no single ante or age; this ruling assumes the say begins where the table "
        "began it, with the player on the dealer's left or the one on his left.",
        ("left_of_age", "left_of_dealer", "either")),
    "jackpot.series": ParamSpec(
        "jackpot_series", "After the last of the openers: the series begins again (repeat), "
        "or the last holds (hold_last).", "choice", "repeat",
        _NOT_SAY + "what opens a jack-pot after the last of its series; this ruling assumes "
        "the series begins again.", ("repeat", "hold_last")),
    "jackpot.judged_on": ParamSpec(
        "openers_judged_on", "Whether the opener held openers is judged on his hand as dealt "
        "(original_hand) or as he holds it at the end (final_hand).", "choice",
        "original_hand", _NOT_SAY + "on which hand the opener of a jack-pot is judged; this "
        "ruling assumes the hand the opener was dealt.", ("original_hand", "final_hand")),
    "deal.passes": ParamSpec(
        "deal_passes", "Who deals the next deal of a sitting: the player on the dealer's left, "
        "or the winner.", "choice", "left_of_dealer", _NOT_SAY + "who deals the next deal; "
        "this ruling assumes the player on the dealer's left.", ("left_of_dealer", "to_winner")),
    "turns.after_short_call": ParamSpec(
        "after_short_call", "After a player puts in all he has and demands a show for that "
        "amount (Peel 60): others_go_on: he has no say after, and the others bet on among "
        "themselves until their bets are equal (Peel 61: he \"shall not stop the game if there "
        "be other players who wish to continue the betting\"); stops_the_game: his demand "
        "closes the betting, and the hands are shown.", "choice", "others_go_on",
        _NOT_SAY + "whether a player who puts in all he has and demands a show for it stops "
        "the betting; this ruling assumes he does not: he has no say after, and the others bet "
        "on among themselves until their bets are equal.", ("others_go_on", "stops_the_game")),
    "turns.passed_dealer_gives": ParamSpec(
        "passed_dealer_gives", "A dealer who has passed and retired still gives the cards in "
        "the draw (Peel 18; Hoffmann p. 123). false: his giving is an act after passing, "
        "which does not stand.", "bool", True,
        _NOT_SAY + "whether a dealer who has passed still gives the cards in the draw; this "
        "ruling assumes he does."),
    "turns.after_retiring": ParamSpec(
        "after_retiring", "Who has the say after a player retires (he passes, or his hand is "
        "ruled foul): the next player on the left who still holds cards; the player who "
        "retired has no say after (Peel 27, 53; Foster CH8a, CH8c; Hoffmann p. 122).",
        "choice", "next_holding_cards",
        _NOT_SAY + "who has the say after a player retires; this ruling assumes the next "
        "player on the left who still holds cards, the player who retired having no say after.",
        ("next_holding_cards",)),
    "turns.after_turn_gone_by": ParamSpec(
        "after_turn_gone_by", "What becomes of a player who lets his turn to say or bet go "
        "by, saying and doing nothing, where the book's provisions do not put him out for it "
        "(Peel 54 does): he keeps his hand, and the say comes round to him again.", "choice",
        "comes_round_again",
        _NOT_SAY + "what becomes of a player who lets his turn to say or bet go by; this ruling "
        "assumes he keeps his hand, and the say comes round to him again.",
        ("comes_round_again",)),
    "funds.short": ParamSpec(
        "short_funds", "What a player puts in whose act costs more than he has, where table "
        "stakes were not agreed and he has not borrowed: what he has (Peel 60: \"he may deposit "
        "in the pool whatever funds he has, and demand a show for that amount\").", "choice",
        "puts_in_what_he_has",
        _NOT_SAY + "what a player does whose act costs more than he has, table stakes not "
        "having been agreed; this ruling assumes he puts in what he has and plays for a show "
        "for that amount.", ("puts_in_what_he_has",)),
}


# --- questions ------------------------------------------------------------------------

class Question(StrEnum):
    """What a player asks the arbiter (``dispute.asks``)."""

    BETS_FIRST = "who_bets_first"
    LAST_SAY = "who_has_the_last_say"
    TAKES_POOL = "who_takes_the_pool"
    MUST_SHOW = "must_show"
    MAY = "may"
    WHAT_MAY = "what_may"
    HAND_FOUL = "hand_foul"
    DEALS_NEXT = "who_deals_next"
    PUT_IN = "what_must_put_in"
    SETTLES = "whose_word_settles"


class QuestionSpec(Struct, frozen=True):
    """One form of question: how it is written (PLAYER, ACT stand for a seat and an act
    written as in the events, without the -s: ``may C come in``), what it asks, an example,
    and what kind of answer it gets (``player``: a name; ``yes_no``; ``acts``: a list)."""

    form: str
    summary: str
    example: str
    answer: str
    # Decisions on the player that answer it yes (HAND_FOUL: his hand is foul).
    yes_by: tuple[Decision, ...] = ()


QUESTIONS: dict[Question, QuestionSpec] = {
    Question.BETS_FIRST: QuestionSpec(
        "who bets first", "who has the first bet after the draw",
        "who bets first", "player"),
    Question.LAST_SAY: QuestionSpec(
        "who has the last say", "who speaks last in the betting, the age's privilege",
        "who has the last say", "player"),
    Question.TAKES_POOL: QuestionSpec(
        "who takes the pool", "who wins what is in the pool, at the point the events reach",
        "who takes the pool", "player", (Decision.WINS_POOL, Decision.DIVIDE_POOL)),
    Question.MUST_SHOW: QuestionSpec(
        "must PLAYER show", "whether the player must show the hand", "must C show", "yes_no"),
    Question.MAY: QuestionSpec(
        "may PLAYER ACT", "whether the player may do the act now (any act of the events, "
        "written without the -s)", "may C come in", "yes_no"),
    Question.WHAT_MAY: QuestionSpec(
        "what may PLAYER do", "what the player may do now, and what the player may not",
        "what may C do", "acts"),
    Question.HAND_FOUL: QuestionSpec(
        "is PLAYER's hand foul", "whether the player's hand is foul", "is B's hand foul",
        "yes_no", (Decision.FOUL_HAND, Decision.RETIRES)),
    Question.DEALS_NEXT: QuestionSpec(
        "who deals next", "who deals the next deal of the sitting, once this one is over",
        "who deals next", "player"),
    Question.PUT_IN: QuestionSpec(
        "what must PLAYER put in",
        "what the player must put into the pool now; the question may end 'to come in', "
        "'to stay', 'to call' or 'to open'", "what must D put in to come in", "amount"),
    Question.SETTLES: QuestionSpec(
        "whose word settles it", "who decides the dispute: the book's referee, from the "
        "dealer and the dispute's parties", "whose word settles it", "player"),
}

# Words a player uses for a question, and the form they mean (a refused question is
# pointed to it): "dead" is the foul hand of the books.
QUESTION_SYNONYMS: dict[str, str] = {
    "dead": "foul", "a dead hand": "foul",
    "who wins": "who takes the pool", "who gets the pool": "who takes the pool",
    "who wins the pool": "who takes the pool", "who takes the pot": "who takes the pool",
    "who wins the pot": "who takes the pool", "whose deal is it": "who deals next",
    "who deals": "who deals next", "whose deal": "who deals next",
    "who decides": "whose word settles it", "who settles it": "whose word settles it",
    "who rules": "whose word settles it",
}

# The facts an answer (a rulebook's ``answers:``) may test, worked out from the table
# at the point the events reach (arbiter/answers.py).
QUESTION_FACTS: dict[str, str] = {
    "phase": "str", "dealer": "player", "age": "player", "player": "player",
    "is_age": "bool", "is_dealer": "bool", "player_in": "bool", "age_in": "bool",
    "age_held": "bool", "left_of_age": "player", "left_of_age_in": "bool",
    "next_in_left_of_age": "player", "last_in_order": "player", "outcome": "str",
    "winner": "player", "is_winner": "bool", "jackpot": "int", "opener": "player",
    "is_opener": "bool", "others_went_in": "bool", "bet_made": "bool", "called": "bool",
    "straddled": "bool", "last_straddler": "player",
    # whether a player in this deal declined to straddle in his turn, and who first did
    "straddle_refused": "bool", "straddle_refused_by": "player",
    "act": "str", "regular": "bool", "stake": "int", "pool": "int", "in_turn": "bool",
    # for "may PLAYER ACT": what the act, done now, would be found, and the book's decision
    "found": "str", "decision": "str",
    # for "may PLAYER ACT": whether the act needs more than his funds, whether he had
    # borrowed to raise, and whether the table agreed to play table stakes
    "short_of_funds": "bool", "borrowed": "bool", "table_stakes": "bool",
    # for "may PLAYER raise N": whether the raise is within the limit and what the act puts
    # in, what it makes good with the raise, is past it (what the limit measures)
    "put_in_past_limit": "bool",
    # for "may PLAYER ACT N": the act's amount (a straddle's, a bet's) does not pass the
    # table's limit ("up to the 'limit,' which must not be overpassed", Hoffmann p. 131)
    "within_limit": "bool",
    # for "may PLAYER straddle N": N is double the last straddle of the deal (Hoffmann p.
    # 131, "another name for 'doubling'", the next player straddling "in like manner")
    "doubles_last_straddle": "bool",
    # the sitting: which deal this is, who dealt it, who the book has deal the next
    "deal": "int", "next_dealer": "player", "last_dealer": "player",
    # whether the deal the events reach is in question and the book is silent on it (a
    # finding that ``questions_deal``, on which the ruling is silent): whether it stands,
    # and so who deals after it, the book does not say
    "deal_in_question": "bool",
    # "what must PLAYER put in": what he must add to come in (or stay, or call), whether
    # anyone has yet opened the pool, and whether he has the first say
    "to_put_in": "int", "opened": "bool", "first_say": "bool", "ante": "int",
    "to_open": "int",  # the least stake that opens: what going in costs (Peel 25)
    # over a straddle: what he must add for his stake to be double the ante and every
    # straddle together, or the stake before him if that is more (Peel p. 34, as it runs)
    "to_double_ante_and_straddles": "int",
    # over a straddle: what he must add for his stake to be double the ante as first put up
    # (the blind), or the stake before him if that is more (Peel 25 read with the ante as
    # the age's blind); unset where it comes to what the straddle makes going in cost
    "to_double_blind": "int",
    # whether the book recognises the straddle (its ``straddle.recognised``): where it
    # does not, a straddle put up is no straddle, and the ruling says what it is instead
    "recognised": "bool",
    # the stake to be made good is past what going in costs: someone has raised it
    "raised_past_going_in": "bool",
    # "whose word settles it": whether the dealer, or the player on his left, is one of the
    # parties to the dispute (the dispute's raised_by and about, and the finding's player)
    "dealer_disputing": "bool", "left_of_dealer": "player", "right_of_dealer": "player",
    "left_of_dealer_disputing": "bool",
    # a deal the events reach dealt by another than the player whose turn it was (a finding
    # that ``questions_deal``, with its ``expected`` dealer): that player, those on either
    # side of him, and whether he, or the one on his left, is a party to the dispute; unset
    # where no such deal is found
    "due_dealer": "player", "left_of_due_dealer": "player", "right_of_due_dealer": "player",
    "due_dealer_disputing": "bool", "left_of_due_dealer_disputing": "bool",
    # "what must PLAYER put in", read from the ruling: whether it decides, on every reading,
    # that the next deal is a jack-pot (the deal the events reach unopened, or opened
    # falsely): what each player puts up for it is the book's jack-pot ante
    "jackpot_next": "bool",
}


def verbs() -> list[tuple[str, Act]]:
    """Every one-line verb phrase with its act, longest first (so the longest wins)."""
    pairs = [(v, act) for act, spec in ACTS.items() for v in spec.verbs]
    return sorted(pairs, key=lambda v: -len(v[0]))


def facts_of(kind: str) -> dict[str, str]:
    """The facts (name -> type) a finding of ``kind`` carries, context and derived too."""
    return FINDINGS[Kind(kind)].all_facts()


_ALL_FACTS: list[frozenset[str]] = []


def all_facts() -> frozenset[str]:
    """Every fact some finding carries (worked out when first asked for: only checking a
    rulebook needs it, not a ruling)."""
    if not _ALL_FACTS:
        _ALL_FACTS.append(frozenset(f for spec in FINDINGS.values() for f in spec.all_facts()))
    return _ALL_FACTS[0]


def _self_check() -> None:
    if (set(ACTS) != set(Act) or set(FINDINGS) != set(Kind) or set(DECISIONS) != set(Decision)
            or set(QUESTIONS) != set(Question)):
        raise RuntimeError("arbiter.vocabulary: an enum member has no registry entry")
    if {name.split(".")[0] for name in PARAMETERS} != set(PARAMETER_GROUPS):
        raise RuntimeError("arbiter.vocabulary: a parameter group has no entry, or no setting")


_self_check()
