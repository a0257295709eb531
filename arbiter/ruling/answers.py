"""The answer to the question a case asks (``dispute.asks``), book by book.

Each book answers at the point the events reach. Two sources, both the book's:

- its ``answers:`` -- data provisions on a question, matched (by the same small matcher as
  provisions, never ``eval``) on facts of the table: who has the age, whether he is still
  in, who is on his left, how the deal ended (``QUESTION_FACTS`` in the vocabulary);
- its ruling: ``may C come in`` is answered by what the book rules if C does it now (the
  act is added to the events and the book rules on what it shows); ``is B's hand foul`` and
  ``who takes the pool`` by what it rules on the events as they are.

Where neither reaches the point, the answer is "silent" (for an extract, "not in the
pinned text"). The engine adds nothing of its own but the mechanics: whose turn it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec import Struct, field
from msgspec.structs import replace

from ..errors import InputError
from ..law.laws import Effect
from ..law.params import cites_of
from ..law.provisions import fill, match
from ..table.agreed_values import agreed_values
from ..table.cases import Event
from ..terms.seats import names_text
from ..terms.vocabulary import (
    ACTS,
    EFFECTS,
    FINDINGS,
    PARAMETERS,
    PERMITS,
    PHASE_RULES,
    POOL_TAKERS,
    QUESTIONS,
    UNSAID_EFFECT,
    VOIDS,
    Act,
    Decision,
    Kind,
    Question,
)
from ..terms.words import condition_words, penalty_words, run_on
from ..terms.words import sentence as _sentence
from .course import acting_step, course, settled
from .rulings import decide_alone, readings_of

if TYPE_CHECKING:
    from ..law.laws import Rulebook
    from ..table.questions import Asked
    from ..table.replay import Replay, Step
    from .rulings import Decided, Ruling, Silence


class Answer(Struct):
    """A book's answer: yes, no, a name or a few words; why; what follows; the laws."""

    question: str
    form: str
    answer: str
    because: str
    consequence: str | None = None
    cites: list[str] = field(default_factory=list)
    silent: bool = False
    outside_extract: bool = False
    player: str | None = None
    # The consequence is what would follow if he did it (``may``: the act tried on the
    # events), not what the events already brought about.
    if_done: bool = False
    # The names kept as written where a sentence runs on after "Yes:" (the players', the
    # book's); not part of the answer's JSON.
    names: tuple[str, ...] = ()
    # An answer given on each reading of a fact the events leave open: (the word on that
    # reading, the reading in the table's words), the sentence saying each in turn.
    branches: list[tuple[str, str]] = field(default_factory=list)
    # Where the text admits more than one reading of the point (``Reading``s: the book
    # answer's, or the decision's it is read from): each, the first the answer's own.
    readings: list[Any] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"question": self.question, "form": self.form, "player": self.player,
                "answer": self.answer, "because": self.because,
                "consequence": self.consequence, "cites": list(self.cites),
                "silent": self.silent,
                **({"readings": [r.to_dict() for r in self.readings]} if self.readings
                   else {})}

    def follows(self) -> str | None:
        """What follows, as a sentence: ``If C does it: what C did ... does not stand.``"""
        if not self.consequence:
            return None
        text = _sentence(self.consequence)
        if not self.if_done:
            return text
        return f"If {self.player or 'the player'} does it: " + run_on(text, self.names)

    def line(self) -> str:
        """The answer in the table's words, one or two sentences."""
        text = _sentence(self.because)
        if self.silent or self.branches or QUESTIONS[Question(self.form)].answer != "yes_no":
            return text
        word = self.answer[:1].upper() + self.answer[1:]
        return f"{word}: {run_on(text, self.names)}"


def answers_for(ruling: Ruling) -> list[Answer]:
    """The answer to each question the case asks (``asks:`` may be a list), in order."""
    d = ruling.case.dispute
    if d is None or d.asks is None:
        return []
    return [answer_to(ruling, a) for a in (d.asks, *d.more_asks)]


def answer_for(ruling: Ruling) -> Answer | None:
    """The answer to the case's (first) question under the ruling's book, or None if it
    asks none."""
    d = ruling.case.dispute
    if d is None or d.asks is None:
        return None
    return answer_to(ruling, d.asks)


def answer_to(ruling: Ruling, asked: Asked) -> Answer:
    out = _answer_to(ruling, asked)
    out.names = (*ruling.case.table.seats, ruling.rulebook.name)
    return out


def _answer_to(ruling: Ruling, asked: Asked) -> Answer:
    if asked.kind == Question.MAY:
        return may(ruling, asked)
    if asked.kind not in (Question.HAND_FOUL, Question.SETTLES):
        # What follows is read from the table as the ruling leaves it (set L, l-14, L1).
        ruling = settled(ruling)
    if asked.kind == Question.WHAT_MAY:
        return what_may(ruling, asked)
    facts = question_facts(ruling.replay, asked)
    if asked.kind == Question.DEALS_NEXT:
        again = dealt_again(ruling, asked)
        if again is not None:
            return again
        facts["deal_in_question"] = deal_in_question(ruling)
    if asked.kind == Question.PUT_IN:
        short = if_short_of_funds(ruling, asked)
        if short is not None:
            return short
        owed = penalty_owed(ruling, asked, facts)
        if owed is not None:
            return owed
        unsettled = _unsettled_stake(ruling, asked)
        if unsettled is not None:
            return unsettled
        facts["jackpot_next"] = _decides_now(ruling, Decision.JACKPOT_NEXT)
    if asked.kind == Question.TAKES_POOL and ruling.replay.outcome.get("unknown"):
        each = for_each_hand(ruling, asked)
        if each is not None:
            return each
    if asked.kind in (Question.HAND_FOUL, Question.TAKES_POOL):
        found = _from_ruling(ruling, asked)
        if found is not None:
            return found
    if asked.kind == Question.SETTLES:
        word = who_settles(ruling, asked, from_book(ruling.rulebook, asked, facts))
        if word is not None:
            return word
    own = from_book(ruling.rulebook, asked, facts)
    if own is None and asked.kind == Question.MUST_SHOW:
        own = if_the_rest_pass(ruling, asked)
    if own is None and asked.kind == Question.TAKES_POOL:
        own = goes_on(ruling, asked)
    out = own or silent(ruling.rulebook, asked)
    if asked.kind == Question.TAKES_POOL and out.silent and not out.readings:
        out.readings = _outcome_readings(ruling)
    return out


def goes_on(ruling: Ruling, asked: Asked) -> Answer | None:
    """Who takes the pool, asked in the middle of a deal that goes on: the ruling decides,
    on every reading, all that was found in the deal the events reach, and the deal is not
    over, so nobody has won the pool yet; the answer rests on the laws by which the deal
    goes on (Foster 24: the dealer supplies the deficiency and the betting goes on; set L,
    l-14), not on a gap in the text. None where nothing was found or the deal is over, or
    where the ruling is silent on something found in it (whether the deal goes on at all,
    the book then does not say), or rules it on one reading only."""
    r = ruling.replay
    if r.outcome.get("kind") != "unfinished":
        return None
    now = r.facts.get("deal", 1)
    ours = [d for d in ruling.decisions if d.finding.facts.get("deal", 1) == now]
    if (not ours or any(d.condition for d in ours)
            or any(s.finding.facts.get("deal", 1) == now for s in ruling.silences)):
        return None
    said = "; ".join(dict.fromkeys(d.says.rstrip(". ") for d in ours))
    cites = list(dict.fromkeys(c for d in ours for c in d.cites))
    return Answer(asked.text, str(asked.kind), "nobody yet",
                  f"nobody yet: the deal goes on ({said}), and the pool is not won until "
                  "it ends", None, cites)


def _outcome_readings(ruling: Ruling) -> list[Any]:
    """The readings of the ruling's decision on how the deal the events reach ended (an
    outcome finding's), where the text admits more than one: an answer on the pool that
    the book does not settle gives them, as the decision does (Hoffmann p. 132-133: the
    opener who cannot show does not take the pool; silent, or nobody)."""
    now = ruling.replay.facts.get("deal", 1)
    for d in ruling.decisions:
        f = d.finding
        if d.readings and FINDINGS[f.kind].outcome and f.facts.get("deal", 1) == now:
            return list(d.readings)
    return []


def dealt_again(ruling: Ruling, asked: Asked) -> Answer | None:
    """Who deals next, where the ruling ends the deal the events reach (a misdeal, a new
    deal; once it is found, which the dispute over it is): the deal in dispute is not
    played out, so the book's rotation after it does not reach the point; the answer is
    the dealer its decision names for the new deal (Peel 10: "a new deal by the same
    dealer"), or silent where the law does not say who deals it. None where the ruling
    does not end the deal."""
    now = ruling.replay.facts.get("deal", 1)
    branched = {id(s.finding) for s in ruling.silences if s.condition}
    ending = [d for d in ruling.decisions
              if not d.condition and id(d.finding) not in branched
              and d.finding.facts.get("deal", 1) == now and d.finding.step >= 1
              and str(FINDINGS[d.finding.kind].effects.get(str(d.decision))
                      or EFFECTS.get(d.decision, "")).startswith("deal_ends")]
    if not ending:
        return None
    d = ending[0]
    p = next((x for x in ruling.rulebook.provisions if x.get("id") == d.provision), {})
    said = d.says.rstrip(". ") + (f"; {d.remedy.rstrip('. ')}" if d.remedy else "")
    if p.get("dealt_again_by") == "dealer":
        dealer = ruling.replay.dealer
        return Answer(asked.text, str(asked.kind), dealer,
                      f"{dealer} deals the next game: {said}", None, list(d.cites))
    out = silent(ruling.rulebook, asked, f"who deals the new deal: {said}")
    out.cites = list(d.cites)
    return out


# The act a "what must PLAYER put in" question asks the price of, by its purpose.
_PUT_IN_ACTS = {"call": Act.CALLS, "come in": Act.COMES_IN, "stay": Act.COMES_IN,
                "open": Act.OPENS}


def if_short_of_funds(ruling: Ruling, asked: Asked) -> Answer | None:
    """What he must put in, where putting it in needs more than his funds: the act (a call,
    or coming in, by the question's purpose and the point of the deal) is tried on the
    events, and the answer is the book's ruling on it, as ``may`` gives it -- what he has
    (the counters the act, so ruled, puts in) where the book lets him put in only that
    (Peel 60: "he may deposit in the pool whatever funds he has, and demand a show for
    that amount"; Hoffmann p. 133, at table stakes he "cannot be 'raised' to any greater
    amount"), silent where the book is silent on a player short of funds. None where his
    funds cover it, or the book has him find the whole (Peel 62)."""

    r, p = ruling.replay, asked.player
    if p is None or p not in r.seats or r.status(p) != "in" or r.final.turn != p:
        return None
    act = _PUT_IN_ACTS.get(asked.purpose or "") or (
        Act.CALLS if r.final.phase in ("after the draw", "the show") else Act.COMES_IN)
    ev = Event(act, player=p)
    trial = replace(ruling.case, events=(*ruling.case.events, ev))
    try:
        h = course(trial, ruling.rulebook)[1]
    except InputError:
        return None
    at = len(trial.events)
    if not _funds_facts(h.replay, asked, at)["short_of_funds"]:
        return None
    tried = may(ruling, replace(asked, kind=Question.MAY, act=ev,
                                text=f"may {p} {ACTS[act].choice_words}"))
    if tried.silent:
        out = silent(ruling.rulebook, asked, f"what {p} must put in, {p} having not the "
                     f"funds to {asked.purpose or 'call'}: " + tried.because.rstrip(". "))
        out.cites = list(tried.cites)
        return out
    if tried.answer != "yes":
        return None
    has = h.replay.stake(p) - r.stake(p)
    return Answer(asked.text, str(asked.kind), str(has),
                  f"{p} need put in only {has}, all {p} has: " + tried.because,
                  tried.consequence,
                  list(tried.cites), player=p)


def penalty_owed(ruling: Ruling, asked: Asked, facts: dict[str, Any]) -> Answer | None:
    """What he must put in, where the ruling itself has him pay into the pool (a penalty
    decided on every reading, in the deal the events reach) and he has nothing to make good
    to play on: the sum its decision names, on its law (Peel 33: "he shall pay into the
    pool, as penalty, a sum equal to double the ante"; j-11, judged L2). None where the
    ruling lays no such payment on him."""
    p = asked.player
    if p is None or (facts.get("to_put_in") and ruling.replay.final.turn == p):
        return None
    now = ruling.replay.facts.get("deal", 1)
    for d in ruling.decisions:
        if d.condition or d.finding.facts.get("deal", 1) != now:
            continue
        for pen in d.penalties:
            if pen.get("player") == p and pen.get("pays") and pen.get("to") == "the pool":
                names = (*ruling.case.table.seats, ruling.rulebook.name)
                return Answer(asked.text, str(asked.kind), str(pen["pays"]),
                              f"{p} must put in {pen['pays']}: "
                              + run_on(d.says.rstrip(". "), names) + "; "
                              + penalty_words(pen), None, list(d.cites), player=p,
                              readings=list(d.readings))
    return None


def _unsettled_stake(ruling: Ruling, asked: Asked) -> Answer | None:
    """What he must put in, where the stake he must make good turns on an earlier act of
    another player's in this betting, an amount the book is silent on (a statement of a bet
    the deposit does not keep, Foster and Hoffmann, e-15): the answer is that silence, not a
    sum worked out from the table as the engine left it. None where there is no such act."""
    r = ruling.replay
    now, phase = r.facts.get("deal", 1), r.final.phase
    for x in ruling.silences:
        f = x.finding
        if (x.condition or FINDINGS[f.kind].outcome or f.player == asked.player
                or f.facts.get("deal", 1) != now or f.facts.get("phase") != phase
                or f.facts.get("amount") is None):
            continue
        out = silent(ruling.rulebook, asked, f"what {asked.player} must put in turns on "
                     f"an earlier act: {f.message}")
        out.cites = list(x.cites)
        return out
    return None


def _decides_now(ruling: Ruling, decision: Decision) -> bool:
    """The ruling makes ``decision`` on every reading, in the deal the events reach."""
    now = ruling.replay.facts.get("deal", 1)
    return any(d.decision == decision and not d.condition
               and d.finding.facts.get("deal", 1) == now for d in ruling.decisions)


# How a deal ends when it was played out: won, shown, or passed by all (a jack-pot not
# opened). A deal so ended has stood, whatever was irregular in its making.
_PLAYED_OUT = frozenset({"won_uncalled", "show", "not_opened"})


def deal_in_question(ruling: Ruling) -> bool:
    """The ruling is silent on a finding, in the deal the events reach, that puts in
    question whether that deal stands or whose deal it was (``questions_deal``), and the
    deal was not played out: whether the rotation runs on from it, the book does not say.
    A deal played out to its end (won, shown) has stood, and the rotation runs on from it
    (Hoffmann p. 122: the next dealer is the Age of the deal just played; set L, l-02)."""
    now = ruling.replay.facts.get("deal", 1)
    if ruling.replay.outcome.get("kind") in _PLAYED_OUT:
        return False
    for s in ruling.silences:
        f = s.finding
        when = FINDINGS[f.kind].questions_deal
        if (when is not None and f.facts.get("deal", 1) == now
                and all(f.facts.get(k) == v for k, v in when.items())):
            return True
    return False


def if_the_rest_pass(ruling: Ruling, asked: Asked) -> Answer | None:
    """Must he show, asked before the deal is over: a player is asked to show only when he
    takes the pool uncalled, so the answer is the book's for that end, every player still to
    speak passing in turn (where the book leaves a player who passed before the opening his
    cards, he is one of them). None where the deal does not end so."""

    r, p = ruling.replay, asked.player
    if r.outcome.get("kind") != "unfinished" or p is None or r.status(p) != "in":
        return None
    rest = [n for n in r.facts.get("to_act", []) if n != p]
    if not rest:
        return None
    events = (*ruling.case.events, *(Event(Act.PASSES, player=n) for n in rest))
    try:
        then = course(replace(ruling.case, events=events), ruling.rulebook)[1]
    except InputError:
        return None
    if then.replay.outcome.get("winner") != p:
        return None
    out = from_book(ruling.rulebook, asked, question_facts(then.replay, asked))
    if out is None:
        return None
    who = names_text(rest)
    one = len(rest) == 1
    out.because = (f"{who} still {'has' if one else 'have'} the say, and if {who} "
                   f"{'passes' if one else 'pass'} in turn: {out.because}")
    return out


def for_each_hand(ruling: Ruling, asked: Asked) -> Answer | None:
    """Who takes the pool, where the hands at the show are not named: the book's ruling
    for each possibility, each player whose five cards are not named holding the best hand
    in turn (the act ``PLAYER wins`` added to the events, and ruled as the book rules it, on
    the table as its rulings leave it). A hand the table has found foul (more or less than
    five cards) is none of the possibilities: it is not compared (Peel 64: "the holder of
    the best hand" of the others)."""

    book, case = ruling.rulebook, ruling.case
    parts: list[str] = []
    cites: list[str] = []
    for n in ruling.replay.outcome.get("unknown") or []:
        trial = replace(case, events=(*case.events, Event(Act.WINS, player=n)))
        try:
            one = _from_ruling(course(trial, book)[1], asked)
        except InputError:
            continue
        if one is None:
            continue
        parts.append(f"if {n}'s hand is the best, {one.answer}")
        cites += [c for c in one.cites if c not in cites]
    if not parts:
        return None
    names = list(ruling.replay.outcome["unknown"])
    unknown = names_text(names)
    return Answer(asked.text, str(asked.kind), "; ".join(parts),
                  f"the hands of {unknown} are not named, so the answer is given for each: "
                  + "; ".join(parts), None, cites)


def who_settles(ruling: Ruling, asked: Asked, own: Answer | None) -> Answer | None:
    """Whose word settles it, read from the ruling's decisions on the dispute (those of the
    deal the events reach, made on every reading): where the book's law of evidence for the
    kind of dispute decides it (Peel 46), the witness whose evidence that law takes, on that
    law first, with the referee's decision beside it; else the referee its decision names
    (the book's own answer on the referee, where it names the same player). None where no
    decision names either: the book's answers on the referee then answer it."""
    now = ruling.replay.facts.get("deal", 1)
    ours = [d for d in ruling.decisions
            if not d.condition and d.finding.facts.get("deal", 1) == now]
    by_evidence = [d for d in ours if d.witness]
    if by_evidence:
        d = by_evidence[0]
        said, cites = [str(d.settled_by or d.says)], list(d.cites)
        for r in (r for r in ours if r.referee and r.finding is d.finding):
            said.append(str(r.settled_by))
            cites += [c for c in r.cites if c not in cites]
        return Answer(asked.text, str(asked.kind), str(d.witness),
                      "; ".join(x.rstrip(". ") for x in said), None, cites,
                      player=asked.player)
    refereed = [d for d in ours if d.referee]
    if not refereed:
        return None
    d = refereed[0]
    if own is not None and own.answer == d.referee:
        return own
    return Answer(asked.text, str(asked.kind), str(d.referee), str(d.settled_by), None,
                  list(d.cites), player=asked.player)


# --- the facts a question is answered on ---------------------------------------------

def question_facts(r: Replay, asked: Asked, act: str | None = None,
                   regular: bool | None = None, found: str | None = None,
                   decision: str | None = None) -> dict[str, Any]:
    seats = list(r.seats)
    status = {n: r.status(n) for n in seats}
    age = r.age
    i = seats.index(age)
    round_from_left = [seats[(i + k) % len(seats)] for k in range(1, len(seats) + 1)]
    still_in = [n for n in round_from_left if status[n] == "in"]
    o = r.outcome
    p = asked.player
    holds = [e for e in r.case.events if e.act == Act.HOLDS and e.player == age]
    facts: dict[str, Any] = {
        "phase": r.final.phase, "dealer": r.dealer, "age": age, "player": p,
        "is_age": p == age if p else None, "is_dealer": p == r.dealer if p else None,
        "player_in": _in_for(r, asked) if p else None, "age_in": status[age] == "in",
        "age_held": bool(holds), "left_of_age": round_from_left[0],
        "left_of_age_in": status[round_from_left[0]] == "in",
        "next_in_left_of_age": next((n for n in still_in if n != age), None),
        "last_in_order": still_in[-1] if still_in else None,
        "outcome": o.get("kind"), "winner": o.get("winner"),
        "is_winner": (o.get("winner") == p) if p and o.get("winner") else False,
        "jackpot": r.case.table.jackpot, "opener": r.facts.get("opener"),
        "is_opener": p is not None and r.facts.get("opener") == p,
        "others_went_in": any(n != p for n in r.facts.get("went_in", [])),
        "bet_made": bool(r.facts.get("bet_made")), "called": o.get("kind") == "show",
        "straddled": bool(r.facts.get("straddles")),
        "last_straddler": r.facts["straddles"][-1][0] if r.facts.get("straddles") else None,
        "act": act, "regular": regular,
        "stake": r.stake(p) if p else None, "pool": r.final.pool,
        "in_turn": r.final.turn == p if p else None, "found": found, "decision": decision,
    }
    facts.update(sitting_facts(r, asked))
    facts["straddle_refused_by"] = _refused_straddle(r)
    facts["straddle_refused"] = facts["straddle_refused_by"] is not None
    return facts


def _in_for(r: Replay, asked: Asked) -> bool:
    """Whether the player the question names is in. For "must PLAYER show", whether he was
    in when the betting closed: the show's law binds every hand then in (Peel 59, "each
    player in turn ... shall show his hand"; Foster CH9, "the betting must stop, and the
    hands must be shown"; Hoffmann p. 128, "all turn up their cards"), and his own throwing
    in after it, which the table finds irregular (a pass after the betting had closed), is
    not read as releasing him from it (set K, judged K3)."""
    p = asked.player
    assert p is not None
    i = r.seats.index(p)
    if asked.kind != Question.MUST_SHOW or r.final.phase != "the show":
        return r.status(p) == "in"
    k = len(r.steps) - 1
    while k > 0 and r.steps[k - 1].phase == "the show":
        k -= 1
    return r.steps[k].statuses[i] == "in"


def _refused_straddle(r: Replay) -> str | None:
    """The player who, in the deal the events reach, first declined to straddle in his
    turn (Hoffmann p. 131: "Should any player ... omit to exercise the right in his turn,
    it is thereby extinguished"), whatever the table made of the straddles before him."""
    events = r.case.events
    start = max((k for k, ev in enumerate(events) if ev.act == Act.NEXT_DEAL), default=-1)
    return next((ev.player for ev in events[start + 1:] if ev.act == Act.DECLINES), None)


def sitting_facts(r: Replay, asked: Asked) -> dict[str, Any]:
    """The facts of the sitting and the dispute: which deal, who dealt the last and who
    deals next; what the player must put in now; who the dispute's parties are."""
    seats = list(r.seats)
    d = seats.index(r.dealer)
    left, right = seats[(d + 1) % len(seats)], seats[d - 1]
    dispute = r.case.dispute
    parties = {x for x in (dispute.raised_by, dispute.about) if x} if dispute else set()
    parties |= {f.player for f in r.findings if f.player and not FINDINGS[f.kind].outcome}
    p = asked.player
    level = int(r.facts.get("level") or 0)
    due = _due_dealer(r)
    k = seats.index(due) if due in seats else None
    return {
        "due_dealer": due,
        "left_of_due_dealer": seats[(k + 1) % len(seats)] if k is not None else None,
        "right_of_due_dealer": seats[k - 1] if k is not None else None,
        "due_dealer_disputing": due in parties if k is not None else None,
        "left_of_due_dealer_disputing": seats[(k + 1) % len(seats)] in parties
        if k is not None else None,
        "deal": r.facts.get("deal", 1), "next_dealer": r.facts.get("next_dealer"),
        "last_dealer": r.facts.get("last_dealer"), "jackpot": r.facts.get("jackpot", 0),
        "to_put_in": max(0, level - r.stake(p)) if p else None,
        "opened": bool(r.facts.get("opener")) or not r.facts.get("jackpot"),
        "first_say": (r.final.turn == p and not r.facts.get("bet_made")
                      and not any(r.stake(n) > (r.stake(r.age) if n != r.age else 0)
                                  for n in seats if n != p)) if p else None,
        "ante": int(r.facts.get("blind") or r.case.table.blind),
        "to_open": int(r.facts.get("going_in") or 0),
        "raised_past_going_in": level > int(r.facts.get("going_in") or 0),
        "to_double_ante_and_straddles": _over_straddles(r, p, level),
        "to_double_blind": _over_blind(r, p, level),
        "dealer_disputing": r.dealer in parties, "left_of_dealer": left,
        "right_of_dealer": right, "left_of_dealer_disputing": left in parties,
    }


def _due_dealer(r: Replay) -> str | None:
    """Whose turn it was to deal the deal the events reach, where a finding puts in question
    whose deal it was (``questions_deal``) and names him (``expected``); else None."""
    now = r.facts.get("deal", 1)
    for f in r.findings:
        if (FINDINGS[f.kind].questions_deal is not None and f.facts.get("deal", 1) == now
                and f.facts.get("expected")):
            return str(f.facts["expected"])
    return None


def _over_straddles(r: Replay, p: str | None, level: int) -> int | None:
    """What ``p`` must add for his stake to equal double the ante and every straddle
    together (or the stake to be made good, if that is more); None where nobody straddled,
    or where it comes to what making good the stake costs (the two readings then agree).
    The straddles are counted as their counters were put up (a straddle ruled against with
    no remedy stays as made: y-05's readers, Peel p. 34)."""
    straddles = r.facts.get("straddles_put") or r.facts.get("straddles") or []
    if p is None or not straddles:
        return None
    ante = int(r.facts.get("blind") or r.case.table.blind)
    doubled = 2 * (ante + sum(int(s[1]) for s in straddles))
    out = max(0, max(level, doubled) - r.stake(p))
    return out if out != max(0, level - r.stake(p)) else None


def _over_blind(r: Replay, p: str | None, level: int) -> int | None:
    """What ``p`` must add for his stake to be double the ante as the age first put it up,
    or the highest stake before him if that is more (Peel 25, "double the amount of ante",
    the ante read as the blind, and 26); None where nobody straddled, or where it comes to
    what the straddle makes going in cost (the readings then agree)."""
    if p is None or not r.facts.get("straddles"):
        return None
    ante = int(r.facts.get("blind") or r.case.table.blind)
    highest = max((r.stake(n) for n in r.seats if n != p), default=0)
    out = max(0, max(2 * ante, highest) - r.stake(p))
    return out if out != max(0, level - r.stake(p)) else None


# --- the book's own answers ------------------------------------------------------------

def from_book(book: Rulebook, asked: Asked, facts: dict[str, Any]) -> Answer | None:
    """The book's ``answers:`` for this question that hold on these facts (an exception
    over the rule it is an exception to; else the first, in the book's order)."""
    mine = [a for a in book.answers if a["question"] == asked.kind]
    straddle = book.parameters.get("straddle")
    facts = {**facts, "recognised": straddle.get("recognised", True)
             if isinstance(straddle, dict) else True}
    holding = [a for a in mine if match(a.get("when", {}), facts).result is True]
    overridden = {x for a in holding for x in a.get("exception_to", [])}
    winners = [a for a in holding if a["id"] not in overridden]
    if not winners:
        return None
    a = winners[0]
    quiet = bool(a.get("silent"))  # the book's own word that it does not settle the point
    return Answer(asked.text, str(asked.kind), fill(a["answer"], facts), fill(a["says"], facts),
                  fill(a["consequence"], facts) if a.get("consequence") else None,
                  [_ref(book, c) for c in a["cites"]], silent=quiet,
                  outside_extract=quiet and book.extract, player=asked.player,
                  readings=readings_of(book, a, facts))


def silent(book: Rulebook, asked: Asked, point: str | None = None) -> Answer:
    what = point or QUESTIONS[asked.kind].summary
    if point is None and asked.player:  # the question's form, the player named in it
        what = what.replace("the player's", f"{asked.player}'s").replace(
            "the player", asked.player).replace(" his ", " the ")
    if book.extract:
        because = (f"that is not in the pinned text of {book.pinned_name}: {book.name}'s "
                   f"ruling on it is unknown, not silent ({what})")
        word = "not in the pinned text"
    else:
        because = f"{book.name} is silent on it ({what})"
        word = "silent"
    return Answer(asked.text, str(asked.kind), word, because, silent=True,
                  outside_extract=book.extract, player=asked.player)


def _ref(book: Rulebook, ref: Any) -> str:
    law = book.law(ref)
    return law.ref if law else str(ref)


# --- answers from the ruling -----------------------------------------------------------

def _consequence(d: Decided) -> str | None:
    bits = [d.remedy] if d.remedy else []
    for p in d.penalties:
        if p.get("forfeits") or "pays" in p:
            bits.append(penalty_words(p))
    return "; ".join(bits) or None


def _from_decision(asked: Asked, d: Decided, word: str) -> Answer:
    return Answer(asked.text, str(asked.kind), word, d.says, _consequence(d), list(d.cites),
                  player=asked.player, readings=list(d.readings))


def _from_ruling(ruling: Ruling, asked: Asked) -> Answer | None:
    spec = QUESTIONS[asked.kind]
    if asked.kind == Question.HAND_FOUL:
        for d in ruling.decisions:
            if d.finding.player == asked.player and d.decision in spec.yes_by:
                word = "yes" if not d.condition else "yes, " + _if(d.condition, d.finding.player)
                return _from_decision(asked, d, word)
        for s in ruling.silences:
            if s.finding.player == asked.player and s.finding.kind in _HAND_KINDS:
                return _silent_on(ruling, asked, s)
        # Not foul: the law that decided the irregularity in his hand otherwise (the
        # excess taken back, Peel 42) is the one the answer rests on.
        for d in ruling.decisions:
            if (d.finding.player == asked.player and d.finding.kind in _HAND_KINDS
                    and not d.condition):
                return _from_decision(asked, d, "no")
        return None
    now = ruling.replay.facts.get("deal", 1)  # the pool of the deal the events reach
    for d in ruling.decisions:
        taker = POOL_TAKERS.get(d.decision)
        if d.finding.facts.get("deal", 1) != now:
            continue
        f = d.finding.facts
        if taker == "nobody":
            out = _from_decision(asked, d, "nobody: the pool stays for the next deal")
        elif taker == "winners":
            out = _from_decision(asked, d, " and ".join(f.get("winners") or []))
        elif taker == "winner":
            out = _from_decision(asked, d, str(f.get("winner") or d.finding.player))
        else:
            continue
        out.cites += _also_deciding(ruling, d, out.cites)
        out.cites += _played_by(ruling, out.cites, now)
        return out
    for s in ruling.silences:
        g = s.turns_on
        if g is not None and s.finding.facts.get("deal", 1) == now:
            # The end of the deal is not ruled: it turns on an act the book does not rule on.
            out = silent(ruling.rulebook, asked, "who takes the pool, which turns on what "
                         f"became of {g.player}'s act ({g.message})")
            out.cites = list(s.cites)
            return out
    return None


def _played_by(ruling: Ruling, have: list[str], deal: int) -> list[str]:
    """The laws of the rulings that said which rule the deal was played under (the table's
    agreement to play one otherwise, held or not: Peel 80, 81), after the rest."""
    return list(dict.fromkeys(c for d in ruling.decisions if FINDINGS[d.finding.kind].effects
                              and not d.condition and d.finding.facts.get("deal", 1) == deal
                              for c in d.cites if c not in have))


def _also_deciding(ruling: Ruling, first: Decided, have: list[str]) -> list[str]:
    """The laws of the ruling's other decisions on the same finding that give the pool the
    same way (the ranking law that decided between the hands, the order of the hands, the
    show), after the first: the answer cites the law in dispute first, then the general."""
    out: list[str] = []
    for d in ruling.decisions:
        if d is first or d.finding is not first.finding or d.decision != first.decision:
            continue
        out += [c for c in d.cites if c not in have and c not in out]
    return out


def _silent_on(ruling: Ruling, asked: Asked, s: Silence) -> Answer:
    out = silent(ruling.rulebook, asked, s.finding.message)
    out.cites = list(s.cites)
    return out


def _if(cond: dict[str, Any], who: str | None) -> str:
    return "if " + condition_words(cond, who)


# Findings about the hand itself (what "is his hand foul?" turns on).
_HAND_KINDS = frozenset({"wrong_number_dealt", "wrong_hand_size", "asked_wrong_number",
                         "given_more_than_asked", "given_fewer_than_asked",
                         "dealer_drew_wrong_number", "showed_wrong_number",
                         "discard_retaken", "drew_after_his_turn"})


# --- may he do it? -----------------------------------------------------------------------

def may(ruling: Ruling, asked: Asked) -> Answer:
    """The act itself, checked and ruled on the table at the disputed moment: where the
    events end with it, the ruling printed (its decisions on that act); else the act done
    now, on the table as the law left it. Found irregular and ruled -- no, with the book's
    consequence (yes, where the act is lawful and the book lets it stand); found and not
    ruled -- silent; nothing found -- the book's own answer, or yes on the laws by which
    the table goes at that point, or silent where the book gives none."""
    book, case = ruling.rulebook, ruling.case
    assert asked.act is not None
    ev = replace(asked.act, line=None, column=None)
    at = _made_at(ruling.replay, ev)
    done = at > 0
    gone = _on_the_card(ruling, asked, ev, at) or (None if done else _gone_by(ruling, asked, ev))
    if gone is not None:
        return gone
    try:
        if done:  # the disputed act is in the events: read from the ruling printed on it
            base, h = course(replace(case, events=case.events[:at - 1]), book)[0], ruling
        else:
            trial = replace(case, events=(*case.events, ev))
            base, (_, h), at = ruling.replay, course(trial, book), len(trial.events)
    except InputError as exc:
        return Answer(asked.text, str(asked.kind), "no", f"it cannot be done: {exc.message}",
                      player=asked.player)
    # What the act shows: the findings of its own step, not those found when the events
    # end (the show, the openers), which the events found without it too.
    found = list(h.replay.findings)
    found = found[:len(found) - int(h.replay.facts.get("found_at_end", 0))]
    new = [f for f in found if f.step == at and not FINDINGS[f.kind].outcome]
    decided = [d for d in h.decisions if any(d.finding is f for f in new)]
    # A finding of the act not ruled because another had voided the act still bars it:
    # its law is weighed too (a straddle both of the wrong amount and past the limit).
    ruled = {id(x.finding) for x in h.decisions} | {id(x.finding) for x in h.silences}
    decided += [d for f in new if id(f) not in ruled for d in decide_alone(h.replay, book, f)]
    if (earlier := _after_his_earlier(h, asked, at, done)) is not None:
        return earlier
    facts = question_facts(base, asked, act=ev.act.value, regular=not new,
                           found=str(new[0].kind) if new else None,
                           decision=str(decided[0].decision) if decided else None)
    facts.update(_funds_facts(h.replay, asked, at), **_limit_facts(h.replay, asked, ev, at))
    unsaid = _unsaid_before(h, asked, at) if not new else None
    if unsaid is not None and not unsaid.readings:
        # What the table is now rests on an earlier act of his whose effect the book does
        # not give: the answer is the book's silence on it, not a reading of that table.
        return _turns_on_unsaid(h, asked, unsaid)
    out = _may_on_the_table(book, base, h, asked, ev, at, done, new, decided, facts)
    if unsaid is not None:
        # The book's text gives what became of it more than one way: the answer on the
        # table as the say went on after it (the decision's own reading), with the others.
        return _on_each_reading_of(h, asked, unsaid, out)
    return out


def _may_on_the_table(book: Rulebook, base: Replay, h: Ruling, asked: Asked, ev: Event,
                      at: int, done: bool, new: list[Any], decided: list[Decided],
                      facts: dict[str, Any]) -> Answer:
    """``may``, on the table the events and the rulings made (the act found, its decisions
    and the facts of the question worked out)."""
    if not new and (hand := _hand_unsaid(h, asked, at)) is not None:
        return _turns_on_the_hand(h, asked, hand)
    own = from_book(book, asked, facts)  # the book's own answer comes first
    if own is not None:
        return _resting_on_lawful(book, base, asked, own) if not new else own
    if not decided and (amends := _on_what_it_amends(h, asked, at, done)):
        return amends
    quiet = [s for s in h.silences if any(s.finding is f for f in new)]
    if quiet and not decided and all(FINDINGS[f.kind].against_own_words for f in new):
        return _with_the_turn(h, asked, _silent_on(h, asked, quiet[0]),
                              _at_the_turn(book, base, asked, facts))
    if decided:
        return _on_decisions(h, asked, decided, quiet, done)
    if quiet and not done and (early := _not_yet(book, base, asked, new)) is not None:
        return early
    if quiet:
        return _silent_on(h, asked, quiet[0])
    return _nothing_found(book, base, h, asked, ev)


def _on_the_card(ruling: Ruling, asked: Asked, ev: Event, at: int) -> Answer | None:
    """An act that names a card the ruling has already found something of, in the deal the
    events reach and before the act (a card found faced in the pack, a card exposed): the
    question is whether he may have that card, and it is answered by the book's ruling on
    it -- yes where the book has him take it (Peel 11), no where it puts the card elsewhere
    (Foster 23, "placed on the table with the discards"), silent where the book is silent
    -- not on the kind of act that would take it (set L, l-16, judged L3: "may E take 1
    8s" answered as a second draw). None where the act names no such card."""
    if not ev.cards:
        return None
    now = ruling.replay.facts.get("deal", 1)
    for f in ruling.replay.findings:
        if (FINDINGS[f.kind].outcome or f.facts.get("card") not in ev.cards
                or f.facts.get("deal", 1) != now or (at and f.step >= at)):
            continue
        decided = [d for d in ruling.decisions if d.finding is f]
        if decided:  # the card's fate, not the act's: any decision that lets it be
            barred = [d for d in decided if not PERMITS.get(d.decision)]
            return _answered_by(asked, decided, barred, bool(at))
        quiet = [s for s in ruling.silences if s.finding is f]
        if quiet:
            return _silent_on(ruling, asked, quiet[0])
    return None


def _at_the_turn(book: Rulebook, base: Replay, asked: Asked, facts: dict[str, Any]) -> Answer:
    """The act answered as though nothing were found in it: the book's own answer for a
    regular act, else the laws of this point of the deal."""
    turn = {**facts, "regular": True, "found": None, "decision": None}
    return from_book(book, asked, turn) or _regular(book, asked, str(base.final.phase))


def _with_the_turn(h: Ruling, asked: Asked, out: Answer, law: Answer) -> Answer:
    """The book's silence on what the act departs from (a player's own words: Foster and
    Hoffmann have no rule on them), with the book's law of the turn at which the act was
    made, which reaches the act itself (set L, l-09, judged N2: Foster 18, "so far as law
    18 goes"; Hoffmann pp. 122-123, at his turn the Age decides): the answer stays the
    silence, and gives the law of the turn and what it says, not the silence alone."""
    if law.silent or not law.cites:
        return out
    names = (*h.case.table.seats, h.rulebook.name)
    said = run_on(law.because.rstrip(". "), names)
    out.because = (f"{out.because.rstrip('. ')}; of the act itself, at {asked.player}'s "
                   f"turn, the law of the turn says {law.answer}: {said}")
    out.cites += [c for c in law.cites if c not in out.cites]
    return out


def _nothing_found(book: Rulebook, base: Replay, h: Ruling, asked: Asked, ev: Event) -> Answer:
    """The act, nothing in it found irregular and no book answer of its own: no, where it
    puts in less than the book's own figure; silent, where the table made it by a mechanic
    the book does not give (the engine's assumption); else yes on the laws the table goes by."""
    short = _short_of_the_book(book, base, asked, ev)
    if short is not None:
        return short
    assumed = [n for n in h.replay.relied if n not in base.relied]
    if assumed:
        return _on_an_assumption(book, asked, assumed)
    return _resting_on_lawful(book, base, asked, _regular(book, asked, str(base.final.phase)))


def _short_of_the_book(book: Rulebook, base: Replay, asked: Asked,
                       ev: Event) -> Answer | None:
    """An act that puts in an amount for a purpose "what must PLAYER put in" asks of (to come
    in, to call), nothing in it irregular on the table, where the book's own answer to what
    he must put in for it, on the table before the act, is more: no, on that answer, with
    its readings (Peel p. 34 over a straddle: 6, where the straddle as a raised ante makes
    going in 4; set Y, y-03, judged A8: a "may" answer flat on one reading where the amount
    it turns on has two). None where the book's answer is silent, no figure, or no more."""
    from ..table.questions import Asked as Put

    purpose = ACTS[ev.act].choice_words
    if ev.amount is None or asked.player is None or purpose not in ("come in", "call"):
        return None
    put = Put(Question.PUT_IN, f"what must {asked.player} put in to {purpose}",
              asked.player, purpose=purpose)
    own = from_book(book, put, question_facts(base, put))
    if own is None or own.silent or not own.answer.isdigit() or int(own.answer) <= ev.amount:
        return None
    return Answer(asked.text, str(asked.kind), "no",
                  f"{asked.player} must put in {own.answer}, not {ev.amount}: "
                  + own.because.rstrip(". "), own.consequence, list(own.cites),
                  player=asked.player, if_done=True, readings=list(own.readings))


def _on_an_assumption(book: Rulebook, asked: Asked, assumed: list[str]) -> Answer:
    """Nothing irregular is found in the act, but the table went by a mechanic the book
    does not give to make it (the last card of the pack dealt, Hoffmann, j-17): the laws
    of that point of the deal do not reach the point in dispute, and the book is silent on
    it (set J, judged K1), the engine's assumption said."""
    said = "; ".join(PARAMETERS[n].assumes.format(book=book.name).rstrip(".")
                     for n in assumed if n in PARAMETERS)
    return silent(book, asked, f"whether {asked.player} may {_words(asked)}: "
                  + (said or "the point turns on a mechanic it does not give"))


def _unsaid_before(h: Ruling, asked: Asked, at: int) -> Decided | None:
    """The decision on an earlier act of the player's, in the deal the act asked of is in,
    that rules it irregular and does not give what becomes of it (``UNSAID_EFFECT``, or a
    void whose undoing the book does not say): what the table is after it, and so whether
    the player may now do this, is the engine's reading. None where there is none."""
    now = h.replay.facts.get("deal", 1)
    for d in h.decisions:
        f = d.finding
        if (f.player != asked.player or not 0 < f.step < at or FINDINGS[f.kind].outcome
                or f.facts.get("deal", 1) != now):
            continue
        if d.decision in UNSAID_EFFECT or (d.decision in VOIDS and d.undoes_assumed):
            return d
    return None


# The acts that play the hand the player holds (stake on it, draw to it, show it): whether
# he may do them turns on that hand. Throwing it up does not, nor acts before the deal.
_PLAYS_THE_HAND = frozenset({Act.COMES_IN, Act.RAISES, Act.OPENS, Act.DISCARDS, Act.ASKS,
                             Act.DRAWS, Act.STANDS_PAT, Act.BETS, Act.CALLS, Act.HOLDS,
                             Act.STANDS, Act.SHOWS})


def _hand_unsaid(h: Ruling, asked: Asked, at: int) -> Silence | None:
    """The book's silence on an earlier finding in the player's own hand, in the deal the
    act asked of is in (a short or long hand, a foul one), where the act plays that hand:
    whether he may play it is what the book does not say. None where there is none."""
    if asked.act is None or asked.act.act not in _PLAYS_THE_HAND:
        return None
    now = h.replay.facts.get("deal", 1)
    for s in h.silences:
        f = s.finding
        if (f.player == asked.player and f.kind in _HAND_KINDS and 0 < f.step < at
                and f.facts.get("deal", 1) == now and not s.condition):
            return s
    return None


def _turns_on_the_hand(h: Ruling, asked: Asked, s: Silence,
                       on: str = "{p}'s own hand:") -> Answer:
    """Silent: the act plays a hand the book is silent on (Hoffmann, k-03: C dealt four
    cards; whether C may come in on them, Hoffmann does not say), not "nothing irregular"
    and the book's ordinary choices (set K, judged M2); or (``on``) it follows an earlier
    finding of his the book is silent on, on which what he may do later turns (w-01: B let
    his turn to bet go by)."""
    book, p = h.rulebook, asked.player
    out = _silent_on(h, asked, s)
    whether = f"whether {p} may {_words(asked)}"
    head = (f"{whether} is not in the pinned text of {book.pinned_name} ({book.name}'s ruling "
            "on it is unknown, not silent)" if book.extract else
            f"{book.name} is silent on {whether}")
    out.because = f"{head}, which turns on {on.format(p=p)} {s.finding.message}"
    return out


def _after_his_earlier(h: Ruling, asked: Asked, at: int, done: bool) -> Answer | None:
    """The act follows an earlier finding of the player's on which what he may do later
    turns (``binds_later``: his turn to bet let go by): no, where the book's decision on it
    put him out (an act in the events, made once out); silent, where the book is silent on
    it. None where there is none."""
    after = _after_his_turn_gone(h, asked, at) if done else None
    if after is not None:
        return after
    bound = _bound_unsaid(h, asked, at)
    return None if bound is None else _turns_on_the_hand(h, asked, bound,
                                                          "what became of {p} once")


def _bound_unsaid(h: Ruling, asked: Asked, at: int) -> Silence | None:
    """The book's silence on an earlier finding of the player's, in the deal the act asked
    of is in, on which what he may do later turns (``binds_later``: his turn to bet let go
    by): whether he may do this now is what the book does not say, whatever the act shows
    beside (an act out of turn). None where there is none."""
    now = h.replay.facts.get("deal", 1)
    for s in h.silences:
        f = s.finding
        if (f.player == asked.player and FINDINGS[f.kind].binds_later and 0 < f.step < at
                and f.facts.get("deal", 1) == now and not s.condition):
            return s
    return None


def _after_his_turn_gone(h: Ruling, asked: Asked, at: int) -> Answer | None:
    """An act in the events, made after a decision on an earlier finding of the player's on
    which what he may do later turns (``binds_later``) put him out of the game (Peel 54: he
    let his turn to bet go by, and retires): no, on that decision, not on the law of the
    act he made once out (Peel 27's act after passing; w-01). None where there is none."""
    closed = closed_by(h, asked.player)
    if closed is None:
        return None
    d, effect = closed
    if effect != "retire" or not FINDINGS[d.finding.kind].binds_later or d.finding.step >= at:
        return None
    out = _closed(asked, d, effect, "no")
    out.if_done = False
    return out


def _turns_on_unsaid(h: Ruling, asked: Asked, d: Decided) -> Answer:
    """Silent: the answer turns on what became of an earlier act the book rules on without
    saying what becomes of it (Hoffmann p. 127: C may not stand, and what becomes of the
    stand Hoffmann does not say; so whether C may raise now, he does not say either)."""
    book = h.rulebook
    out = silent(book, asked, f"what became of it: {d.finding.message}")
    names = (*h.case.table.seats, book.name)
    said = run_on(d.says.rstrip(". "), names)
    p = asked.player
    whether = f"whether {p} may {_words(asked)} now"
    head = (f"{whether} is not in the pinned text of {book.pinned_name} ({book.name}'s ruling "
            "on it is unknown, not silent)" if book.extract else
            f"{book.name} is silent on {whether}")
    out.because = (f"{head}, which turns on what became of {p}'s earlier act "
                   f"({d.finding.message}): {said}")
    out.cites = list(d.cites)
    return out


def _on_each_reading_of(h: Ruling, asked: Asked, d: Decided, out: Answer) -> Answer:
    """The answer where it turns on an earlier act of the player's that the book rules on
    and whose text reads more than one way on what became of it (the decision's
    ``readings``: Foster CH8b, a stand void and the hand alive, or the stand a throwing of
    the hand): the answer on the table as the say went on after it, the decision's own
    reading, the readings given (set K, k-15, judged K1: not "not in the pinned text" as a
    whole, where the text answers on each reading)."""
    if out.silent:
        return out
    names = (*h.case.table.seats, h.rulebook.name)
    p = asked.player
    first = d.readings[0]
    out.because = (f"on what became of {p}'s earlier act ({d.finding.message}) the text "
                   f"reads more than one way; read as {run_on(first.gives.rstrip('. '), names)}"
                   f": {run_on(out.because.rstrip('. '), names)}")
    out.cites += [c for c in d.cites if c not in out.cites]
    out.readings = list(d.readings)
    return out


def _resting_on_lawful(book: Rulebook, base: Replay, asked: Asked, out: Answer) -> Answer:
    """A "yes" to an act that follows the player's own earlier act in the deal, lawful by a
    setting the book gives (``permitted_by``: a stand, Peel p. 36-37), rests on the law that
    makes that act lawful first: the question turns on it (he still has his say)."""
    if out.answer != "yes" or out.silent or out.branches:
        return out
    said: list[str] = []
    cites: list[str] = []
    events = base.case.events
    start = max((k for k, ev in enumerate(events) if ev.act == Act.DEALS), default=0)
    for k in range(start, len(events)):
        ev, step = events[k], base.steps[k + 1] if k + 1 < len(base.steps) else None
        if ev.player != asked.player or step is None or not ACTS[ev.act].permitted_by:
            continue
        if any(base.findings[i].player == asked.player for i in step.findings):
            continue  # found irregular: not made lawful
        for name in ACTS[ev.act].permitted_by:
            group, key = name.split(".", 1)
            g = book.parameters.get(group)
            if not isinstance(g, dict) or g.get(key) is not True:
                continue  # the book does not give it (the engine's assumption), or forbids it
            refs = [_ref(book, c) for c in cites_of(g, key)]
            if not refs:
                continue
            words = ACTS[ev.act].choice_words
            said.append(f"{asked.player} might {words} as {asked.player} did: "
                        + PARAMETERS[name].summary.rstrip(".").lower())
            cites += [c for c in refs if c not in cites]
    if not said:
        return out
    out.because = "; ".join(dict.fromkeys(said)) + "; and " + out.because
    out.cites = [*cites, *(c for c in out.cites if c not in cites)]
    return out


def _on_each_reading(h: Ruling, asked: Asked, decided: list[Decided], quiet: list[Silence],
                     done: bool) -> Answer:
    """The act ruled on a fact the events leave open (whether the table plays jack pots):
    the answer on each reading, as the decisions are made, each on its own law; one word
    where every reading gives it, else each reading's word (``branches``)."""
    names = (*h.case.table.seats, h.rulebook.name)
    common = [d for d in decided if not d.condition]
    conds = [d.condition for d in decided] + [q.condition for q in quiet]
    readings = list(dict.fromkeys(tuple(sorted(c.items())) for c in conds if c))
    branches: list[tuple[str, str]] = []
    said: list[str] = []
    follows: list[str] = []
    cites: list[str] = []
    for reading in readings:
        cond = dict(reading)
        ds = [*common, *(d for d in decided if d.condition == cond)]
        words = condition_words(cond, asked.player)
        if not ds:
            q = next(x for x in quiet if x.condition == cond)
            branches.append(("silent", words))
            said.append(f"if {words}, " + run_on(silent(h.rulebook, asked,
                                                        q.finding.message).because, names))
            cites += [c for c in q.cites if c not in cites]
            continue
        barred = [d for d in ds if not _permits(d, h.rulebook)]
        d = (barred or ds)[0]
        word = "no" if barred else "yes"
        branches.append((word, words))
        said.append(f"if {words}, {word}: {run_on(d.says.rstrip('. '), names)}")
        if (then := _consequence(d)) is not None:
            follows.append(f"if {words}, {run_on(then, names)}")
        for x in ds:
            cites += [c for c in x.cites if c not in cites]
    alike = {w for w, _ in branches}
    answer = (branches[0][0] if len(alike) == 1 else
              "; ".join(f"{w} if {c}" for w, c in branches))
    return Answer(asked.text, str(asked.kind), answer, "; ".join(said),
                  "; ".join(follows) or None, cites, player=asked.player, if_done=not done,
                  branches=branches)


def _on_decisions(h: Ruling, asked: Asked, decided: list[Decided], quiet: list[Silence],
                  done: bool) -> Answer:
    """The act found and ruled. One decision that rules it out answers it (no, on that
    decision's reason), though another of its findings lets it stand: yes only where every
    one permits."""
    if any(d.condition for d in decided) or any(q.condition for q in quiet):
        return _on_each_reading(h, asked, decided, quiet, done)
    barred = [d for d in decided if not _permits(d, h.rulebook)]
    return _answered_by(asked, decided, barred, done)


def _answered_by(asked: Asked, decided: list[Decided], barred: list[Decided],
                 done: bool) -> Answer:
    """No, on the first decision that rules the act out; else yes, on the first that lets
    it stand; citing every decision's laws."""
    d = (barred or decided)[0]
    out = _from_decision(asked, d, "no" if barred else "yes")
    out.if_done = not done
    for other in decided:
        out.cites += [c for c in other.cites if c not in out.cites]
    return out


def _on_what_it_amends(h: Ruling, asked: Asked, step: int, done: bool) -> Answer | None:
    """The act makes good an earlier irregular act of the deal (the dealer supplying his
    short draw): it is answered by the book's ruling on that act -- yes where the book has
    it put right (Foster 24, "he can supply the deficiency"), no where it rules otherwise
    (Peel 47, the hand foul), silent where it is silent."""
    found = h.replay.findings
    earlier = [found[i] for s, i in h.replay.facts.get("amended", []) if s == step]
    for d in h.decisions:
        if any(d.finding is f for f in earlier):
            out = _from_decision(asked, d, "yes" if PERMITS.get(d.decision) else "no")
            out.if_done = not done
            return out
    quiet = [s for s in h.silences if any(s.finding is f for f in earlier)]
    return _silent_on(h, asked, quiet[0]) if quiet else None


def _funds_facts(r: Replay, asked: Asked, step: int) -> dict[str, Any]:
    """Whether the act tried needed more than the player's funds, whether he had borrowed,
    and whether the table plays table stakes: what a book's answer on a player short of
    funds turns on (Peel 60, 62; Hoffmann p. 133)."""
    short = [s for s in r.facts.get("short_acts", []) if s[0] == asked.player and s[1] == step]
    return {"short_of_funds": bool(short), "borrowed": bool(short and short[0][2]),
            "table_stakes": bool(r.facts.get("table_stakes"))}


def _limit_facts(r: Replay, asked: Asked, ev: Event, step: int) -> dict[str, bool]:
    """The act's amount against the table's limit: whether it passes it (``within_limit``:
    Hoffmann p. 131, "up to the 'limit,' which must not be overpassed"); whether it doubles
    the last straddle before it (``doubles_last_straddle``, p. 131); and whether the
    act is a going better within it that puts in more than the limit in all, what it makes
    good with the raise (``put_in_past_limit``): whether it may be made turns on what the
    limit measures (Peel p. 31, "does not refer to the total amount of a player's stakes";
    Hoffmann p. 121, "applying merely to the successive stages"; set J, j-20)."""
    p, limit = asked.player, agreed_values(r.case.table, r.case.agreed).limit
    out = {"within_limit": limit is None or ev.amount is None or ev.amount <= limit,
           "put_in_past_limit": False, "doubles_last_straddle": False}
    before = [s for s in r.facts.get("straddles") or [] if s[0] != p]
    if before and ev.amount is not None:
        out["doubles_last_straddle"] = ev.amount == 2 * int(before[-1][1])
    if (ev.act != Act.RAISES or ev.amount is None or limit is None or p not in r.seats
            or not 0 < step < len(r.steps)):
        return out
    i = r.seats.index(p)
    put = r.steps[step].stakes[i] - r.steps[step - 1].stakes[i]
    return {**out, "put_in_past_limit": ev.amount <= limit < put}


def _made_at(r: Replay, ev: Event) -> int:
    """The step at which the events hold the act the question names, where the table still
    stands as that act left it (only words since: an objection, a claim), else 0. An act
    made and then disputed is answered on that act, at the moment it was made, not as the
    same act done again once the events end; an act the play has gone on from (the turn
    come round again) is asked of now."""
    events, end = r.case.events, _standing(r.final)
    for k in range(len(events), 0, -1):
        if _standing(r.steps[k]) != end:
            return 0
        if _same_act(events[k - 1], ev) or _begins_the_draw(r, k, ev):
            return k
    return 0


# The acts that begin a draw, each one of the acts a draw ("PLAYER draws N": he discards,
# asks and is given the same number) is made of.
_BEGINS_A_DRAW = frozenset({Act.DISCARDS, Act.ASKS})


def _begins_the_draw(r: Replay, k: int, b: Event) -> bool:
    """The events hold, at step ``k``, the beginning of the draw the question names (his
    discard, or his demand, of the number it names, the giving not yet made), and the draw
    was found irregular there: the draw is one act (Peel 38, Foster 24: a late draw is found
    once, at its first act), and a question of it is answered on the ruling of that act,
    not on the giving tried again after it, which the table sees only as a player helped
    out of his order (set L, l-15, judged L2). A beginning in which nothing was found (a
    demand out of turn, found only when he is helped) is not the draw ruled: the draw is
    tried."""
    a = r.case.events[k - 1]
    if b.act != Act.DRAWS or a.act not in _BEGINS_A_DRAW or a.player != b.player:
        return False
    if b.count is not None and a.count != b.count:
        return False
    return any(f.step == k and f.player == b.player and not FINDINGS[f.kind].outcome
               for f in r.findings)


def _standing(s: Step) -> tuple[Any, ...]:
    """What the table is at a step, apart from what was said there."""
    return (s.phase, s.turn, s.stakes, s.statuses, s.hands, s.pool)


def _permits(d: Decided, book: Rulebook) -> bool:
    """The decision lets the act stand: a lawful act the book allows, or an act the table's
    agreement covers that the book's provision on a waived rule lets stand (Peel 81: "what
    the table agreed instead stands"), measured against the agreement, not the law set
    aside."""
    if not PERMITS.get(d.decision, False):
        return False
    return FINDINGS[d.finding.kind].lawful or any(
        p.get("id") == d.provision and p.get("finding") == str(Kind.RULE_WAIVED)
        for p in book.provisions)


def _same_act(a: Event, b: Event) -> bool:
    """The same act by the same player, however the lines were written; a question that
    names no amount (or count) asks of the act the events hold for whatever they give it."""
    figures = {k: None for k in ("amount", "count") if getattr(b, k) is None}
    return replace(a, line=None, column=None, text="", **figures) == replace(
        b, line=None, column=None, text="")


# Findings that say only that the act came before the player's turn.
_TURN_KINDS = frozenset({"out_of_turn", "drew_out_of_turn"})


def _not_yet(book: Rulebook, base: Replay, asked: Asked, new: list[Any]) -> Answer | None:
    """The act, not yet done, is irregular only in coming before the player's turn, and he
    is still in: the point has not arisen. "Not yet", on the laws of the turn at this point
    of the deal (none where the book gives none: whose turn it is, is the engine's)."""
    turn = base.final.turn
    if (not new or any(str(f.kind) not in _TURN_KINDS for f in new) or turn is None
            or turn == asked.player or asked.player not in base.seats
            or base.status(asked.player) != "in"):
        return None
    return Answer(asked.text, str(asked.kind), "not yet",
                  f"it is {turn}'s turn, and {asked.player}'s has not come",
                  cites=_phase_cites(book, str(base.final.phase)), player=asked.player)


def _phase_cites(book: Rulebook, phase: str, own: tuple[str, ...] = ()) -> list[str]:
    """The laws the book gives for the act itself (``own``: its parameter groups named in
    the vocabulary, ``governed_by``), or else for the mechanics of this point of the deal
    (its parameters' ``cites``)."""
    cites: list[str] = []
    for group in own or PHASE_RULES.get(phase, ()):
        refs = cites_of(book.parameters.get(group))
        cites += [_ref(book, c) for c in refs if _ref(book, c) not in cites and _rests(book, c)]
    return cites


def _rests(book: Rulebook, ref: Any) -> bool:
    """Whether an answer may rest on the law: not one that only advises (a custom reported
    and condemned, Foster CH2c: "not a rule a ruling can rest on"; i-14, judged K6)."""
    law = book.law(ref)
    return law is None or law.effect != Effect.ADVISES


def _regular(book: Rulebook, asked: Asked, phase: str) -> Answer:
    """Nothing in the act is irregular: yes, on the laws the book gives for the act itself,
    or else for the mechanics of this point of the deal; where it gives none, the book is
    silent on it (for an extract: it is not in the pinned text)."""
    own = ACTS[asked.act.act].governed_by if asked.act is not None else ()
    cites = _phase_cites(book, phase, own)
    if not cites:
        return silent(book, asked, f"whether {asked.player} may {_words(asked)} at this point; "
                      "nothing in it is irregular by the laws it gives")
    return Answer(asked.text, str(asked.kind), "yes",
                  f"{asked.player} may {_words(asked)}: the rules {book.name} gives for this "
                  "point of the deal allow it, and nothing in it is irregular",
                  cites=cites, player=asked.player)


def _words(asked: Asked) -> str:
    return asked.text.split(" ", 2)[2] if asked.text.count(" ") >= 2 else asked.text


def choices(phase: str, bet_made: bool) -> list[tuple[str, str]]:
    """The acts a player can choose at this point of the deal, from the vocabulary (each
    act's ``choice_at``): (what the answer calls it, the act as a question writes it). In the
    betting after the draw, a bet once made is called or raised, not bet again."""
    out = []
    for spec in ACTS.values():
        if phase not in spec.choice_at:
            continue
        if (phase == "after the draw" and spec.choice_after_bet is not None
                and spec.choice_after_bet != bet_made):
            continue
        words = spec.choice_words
        out.append((" ".join(w for w in words.split() if not w.isdigit()), words))
    return out


def what_may(ruling: Ruling, asked: Asked) -> Answer:
    from ..table.questions import parse_question

    closed = closed_by(ruling, asked.player)
    if closed is not None:
        return _closed(asked, *closed, "nothing")
    options = choices(ruling.replay.final.phase, bool(ruling.replay.facts.get("bet_made")))
    helped = being_helped(ruling, asked)
    if helped is not None:  # his draw has begun: its acts are behind him
        options = [(label, words) for label, words in options
                   if not _of_the_draw(parse_question(f"may {asked.player} {words}",
                                                      _ctx(ruling)).act)]
    if not options:
        return Answer(asked.text, str(asked.kind), "nothing",
                      f"the deal is over: there is nothing left in it for {asked.player} to do",
                      player=asked.player)
    ctx = _ctx(ruling)
    yes: list[str] = []
    no: list[str] = []
    unknown: list[str] = []
    cites: list[str] = []
    reasons: list[str] = []
    readings: list[str] = []
    for label, words in options:
        one = may(ruling, parse_question(f"may {asked.player} {words}", ctx))
        cites += [c for c in one.cites if c not in cites]
        if one.branches and len({w for w, _ in one.branches}) > 1:
            when = " or ".join(c for w, c in one.branches if w == "yes")
            (yes.append(f"{label} if {when}") if when else no.append(label))
            readings.append(f"whether {asked.player} may {label}: {one.because}")
            continue
        (yes if one.answer == "yes" else unknown if one.silent else no).append(label)
        if one.answer == "no" and one.cites:
            reasons.append(f"not {label}: {one.because}")
    p = asked.player
    bits = [f"{p} may {_either(yes)}" + (f", but not {_either(no)}" if no else "")] if yes \
        else [f"{p} may not {_either(no)}"] if no else []
    if unknown:
        bits.append(f"on whether {p} may {_either(unknown)}, {ruling.rulebook.name} is silent")
    bits += readings
    if helped is not None:
        bits.insert(0, helped[0])
        # The law of his draw first. Where the ruling decides a point of his draw (or is
        # silent on it), the acts left to him ("may pass") rest on that point's laws, not
        # beside them on the draw's other mechanics (the last card of the pack, a wrong
        # demand: i-14, judged K6), which the acts' own "yes" would otherwise bring in.
        mechanics = set(_phase_cites(ruling.rulebook, "the draw"))
        cites = [c for c in dict.fromkeys([*helped[1], *cites])
                 if c in helped[1] or c not in mechanics]
    because = "; ".join(bits)
    return Answer(asked.text, str(asked.kind), ", ".join(yes) or "nothing", because,
                  "; ".join(reasons[:2]) or None, cites, player=asked.player)


# --- what the ruling has closed ------------------------------------------------------------

def closed_by(ruling: Ruling, player: str | None) -> tuple[Decided, str] | None:
    """The decision by which the deal the events reach is over (a misdeal, a new deal), or
    ``player`` is out of it (his hand foul, he retires), with that effect (``EFFECTS``):
    made on every reading of the facts, and acting on the table by the end of the events
    (its finding complete, or pointed out where it acts only when found), though no act
    follows it there. The acts of that deal are then closed to him."""

    events = ruling.case.events
    now = ruling.replay.facts.get("deal", 1)
    branched = {id(s.finding) for s in ruling.silences if s.condition}
    for d in ruling.decisions:
        f = d.finding
        effect = FINDINGS[f.kind].effects.get(str(d.decision)) or EFFECTS.get(d.decision)
        if (effect is None or d.condition or id(f) in branched or f.step < 1
                or f.facts.get("deal", 1) != now):
            continue
        step, effect = acting_step(events, f, effect)
        if step > len(events):
            continue
        if effect == "deal_ends" or (effect == "retire" and player is not None
                                     and f.player == player):
            return d, effect
    return None


def _closed(asked: Asked, d: Decided, effect: str, word: str) -> Answer:
    """The answer where the ruling has closed the deal, or the player's part in it."""
    p = asked.player or "the player"
    said = d.says.rstrip(". ")
    why = (f"{said}; the deal is over, and there is nothing left in it for {p} to do"
           if effect == "deal_ends" else
           f"{said}; {p} is out of the game, and no act of it is open to {p}")
    return Answer(asked.text, str(asked.kind), word, why, _consequence(d), list(d.cites),
                  player=asked.player)


def _gone_by(ruling: Ruling, asked: Asked, ev: Event) -> Answer | None:
    """An act asked of now that the ruling has put behind the player: one of the deal's
    choices, the deal being over or he out of it; one of his draw's, his draw begun."""
    closed = closed_by(ruling, asked.player) if of_the_deal(ev.act) else None
    if closed is not None:
        return _closed(asked, *closed, "no")
    helped = being_helped(ruling, asked) if _of_the_draw(ev) else None
    if helped is not None:
        return Answer(asked.text, str(asked.kind), "no", helped[0], cites=helped[1],
                      player=asked.player)
    return None


def being_helped(ruling: Ruling, asked: Asked) -> tuple[str, list[str]] | None:
    """Where the player's draw has begun and is not complete (he has discarded or asked, and
    is being helped: ``drawing`` in the replay's facts), what it comes to, read from the
    ruling's decisions on his draw (a card exposed in helping him: when he gets another),
    or the book's silence on them, else from the laws of the draw: the sentence and its
    laws. None where his draw has not begun, or is over."""
    point = ruling.replay.facts.get("drawing", {}).get(asked.player or "")
    if point is None:
        return None
    book, p = ruling.rulebook, str(asked.player)
    discarded, wanted = point[0], point[1]
    head = (f"{p} has discarded {discarded}" + (f" and asked for {wanted}" if wanted else "")
            + f", and is being helped: {p} may not draw again or stand pat")
    now = ruling.replay.facts.get("deal", 1)

    def mine(f: Any) -> bool:
        return (f.player == p and f.facts.get("phase") == "the draw"
                and f.facts.get("deal", 1) == now and not FINDINGS[f.kind].outcome)

    said: list[str] = []
    cites: list[str] = []
    for d in (d for d in ruling.decisions if mine(d.finding)):
        text = d.says.rstrip(". ")
        if d.condition:
            text = _if(d.condition, p) + ", " + run_on(text, ruling.case.table.seats)
        if d.remedy:
            text += "; " + run_on(d.remedy.rstrip(". "), ruling.case.table.seats)
        said.append(text)
        cites += [c for c in d.cites if c not in cites]
    for x in (x for x in ruling.silences if mine(x.finding)):
        said.append(silent(book, asked, x.finding.message).because)
        cites += [c for c in x.cites if c not in cites]
    if not said:
        # Nothing irregular in his draw: the sentence rests on the laws of the draw. Where
        # the ruling decides (or is silent on) a point of his draw, that point's laws are
        # the answer's, and the draw's other laws (the last card of the pack, a wrong
        # demand, a custom of discarding) are beside it (i-14, judged K6).
        said = [f"{p} is to be given the {wanted} cards {p} asked for" if wanted else
                f"{p} is to be given cards in place of the {discarded} {p} discarded"]
        cites += [c for c in _phase_cites(book, "the draw") if c not in cites]
    return head + "; " + "; ".join(said), cites


def _of_the_draw(ev: Event | None) -> bool:
    """An act that is a choice only in the player's own draw (drawing, standing pat): his
    no more once his draw has begun."""
    return ev is not None and ACTS[ev.act].choice_at == ("the draw",)


def of_the_deal(act: Act) -> bool:
    """An act that is one of a player's choices in the deal, after it is dealt (coming in,
    drawing, betting, showing): what a deal that is over, or a player out of it, no longer
    has."""
    return any(phase != "before the deal" for phase in ACTS[act].choice_at)


def _either(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _ctx(ruling: Ruling) -> Any:
    from ..load.yamlsafe import parse
    from ..table.events import _Ctx

    t = ruling.case.table
    return _Ctx(parse("{}", ruling.case.file), ("dispute", "asks"), t.seats, dict(t.counters))
