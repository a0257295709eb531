"""Replay a case: a pure function from a case (and a rulebook's mechanics) to table states.

``replay(case, rulebook)`` runs the events in order on a fresh table and
returns a Replay: one small snapshot per step (no deep copies), the findings
with the step each arose at, and the outcome. The same case always gives the
same replay, byte for byte in JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import RANKS, Category, card_name, evaluate
from .cases import Case, Event
from .errors import InputError
from .findings import Finding, Kind
from .laws import Rulebook
from .params import Rules, rules_from, yaml_name
from .table import Game, Impossible, Phase, Status
from .vocabulary import Act


@dataclass(frozen=True)
class Step:
    """The table just after one event: compact, comparable, cheap to keep."""

    index: int
    line: int | None
    event: str
    phase: str
    turn: str | None
    stakes: tuple[int, ...]
    statuses: tuple[str, ...]
    hands: tuple[tuple[str | None, ...], ...]
    pool: int
    findings: tuple[int, ...]  # indexes into Replay.findings
    cards: tuple[tuple[str, int], ...]  # where the 52 cards are


@dataclass(frozen=True)
class Replay:
    case: Case
    rulebook: str
    seats: tuple[str, ...]
    dealer: str
    age: str
    steps: tuple[Step, ...]
    findings: tuple[Finding, ...]
    outcome: dict[str, Any]
    claims: tuple[dict[str, Any], ...]
    assumed: tuple[str, ...]
    facts: dict[str, Any]

    @property
    def final(self) -> Step:
        return self.steps[-1]

    def stake(self, player: str) -> int:
        return self.final.stakes[self.seats.index(player)]

    def status(self, player: str) -> str:
        return self.final.statuses[self.seats.index(player)]

    def to_dict(self) -> dict[str, Any]:
        def players(step: Step) -> dict[str, Any]:
            return {
                n: {"stake": step.stakes[i], "status": step.statuses[i],
                    "cards": len(step.hands[i]), "hand": list(step.hands[i])}
                for i, n in enumerate(self.seats)
            }

        return {
            "case": self.case.file,
            "title": self.case.title,
            "rulebook": self.rulebook,
            "seats": list(self.seats),
            "dealer": self.dealer,
            "age": self.age,
            "steps": [
                {"step": s.index, "line": s.line, "event": s.event, "phase": s.phase,
                 "turn": s.turn, "players": players(s), "pool": s.pool,
                 "cards": dict(s.cards),
                 "findings": [self.findings[i].to_dict() for i in s.findings]}
                for s in self.steps
            ],
            "final": {"players": players(self.final), "pool": self.final.pool},
            "findings": [f.to_dict() for f in self.findings],
            "outcome": self.outcome,
            "claims": list(self.claims),
            "assumed": list(self.assumed),
        }


def replay(case: Case, rulebook: Rulebook | None = None) -> Replay:
    """Replay ``case`` under ``rulebook``'s mechanics (engine defaults if None)."""
    rules = rules_from(rulebook.parameters) if rulebook else rules_from({})
    t = case.table
    game = Game(t.seats, t.dealer, t.blind, t.limit, rules, jackpot=t.jackpot,
                carried=t.pool, stakes=dict(t.stakes) if t.stakes else None)
    steps = [_snapshot(game, 0, None, "the table before the deal", 0)]
    for i, ev in enumerate(case.events, 1):
        game.step, game.line = i, ev.line
        before = len(game.findings)
        try:
            _apply(game, ev)
        except Impossible as exc:
            raise InputError(f"step {i} ({ev.describe()!r}) cannot happen: {exc}",
                             file=case.file, line=ev.line, column=ev.column,
                             path=f"events[{i - 1}]") from None
        steps.append(_snapshot(game, i, ev.line, ev.describe(), before))
    _finish(game, case)
    if len(game.findings) > sum(len(s.findings) for s in steps):
        last = steps[-1]
        extra = tuple(range(sum(len(s.findings) for s in steps), len(game.findings)))
        steps[-1] = Step(**{**last.__dict__, "findings": last.findings + extra})
    return Replay(
        case=case,
        rulebook=rulebook.id if rulebook else "(none)",
        seats=t.seats,
        dealer=t.dealer,
        age=game.age,
        steps=tuple(steps),
        findings=tuple(game.findings),
        outcome=game.outcome,
        claims=tuple(game.claims),
        assumed=tuple(sorted(yaml_name(a) for a in rules.assumed)),
        facts={"jackpot": t.jackpot, "opener": game.opener, "level": game.level,
               "straddles": [list(s) for s in game.straddles], "blind": game.blind_unit},
    )


def _snapshot(game: Game, index: int, line: int | None, text: str, before: int) -> Step:
    seats = [game.seats[n] for n in game.names]
    return Step(
        index=index,
        line=line,
        event=text,
        phase=str(game.phase),
        turn=game.turn(),
        stakes=tuple(s.stake for s in seats),
        statuses=tuple(str(s.status) for s in seats),
        hands=tuple(tuple(s.hand) for s in seats),
        pool=game.pool,
        findings=tuple(range(before, len(game.findings))),
        cards=tuple(game.card_counts().items()),
    )


_MONEY = {Act.COMES_IN, Act.RAISES, Act.BETS, Act.OPENS, Act.CALLS}


def _apply(game: Game, ev: Event) -> None:
    act, p = ev.act, ev.player
    if act == Act.DEALS:
        if p is not None and p != game.dealer:
            raise Impossible(f"{p} is not the dealer ({game.dealer} deals)")
        game.deal(dict(ev.counts), dict(ev.hands), ev.uncut, dict(ev.exposed))
        return
    if act == Act.FACED:
        game.faced(ev.cards[0] if ev.cards else None)
        return
    assert p is not None
    seat = game.seats[p]
    if game.phase == Phase.OVER and act not in (Act.SHOWS, Act.CLAIMS, Act.LOOKS, Act.LIFTS):
        raise Impossible(f"the hand is over ({_over(game)}); '{ev.describe()}' comes too late")
    dealing = p == game.dealer and act in (Act.GIVES, Act.EXPOSES)  # he deals on (Peel 18)
    talk = (Act.CLAIMS, Act.SPEAKS, Act.DIVULGES)
    if seat.status == Status.PASSED and act not in talk and not dealing:
        raise Impossible(f"{p} has abandoned his hand and is out of this deal")
    if act == Act.BLINDS:
        if game.phase != Phase.BEFORE_DEAL:
            raise Impossible("the blind is put up before the deal")
        game.post_blind(p, ev.amount if ev.amount is not None else game.blind_unit)
    elif act == Act.STRADDLES:
        if not game.blind_paid and game.phase == Phase.BEFORE_DEAL and not game.jackpot:
            game.post_blind(game.age, game.blind_unit)
        game.straddle(p, ev.amount)
    elif act == Act.DECLINES:
        game.decline_straddle(p)
    elif act == Act.SPEAKS:
        during = game.phase == Phase.BEFORE_DEAL
        game.find(Kind.SPOKE_TO_DEALER, p, f"{p} spoke to the dealer"
                  + (" while the cards were being dealt" if during else ""),
                  dealer=game.dealer, during_deal=during)
    elif act == Act.INQUIRES:
        _inquiry(game, ev)
    elif act == Act.DIVULGES:
        game.find(Kind.DIVULGED, p, f"{p} told the table what his hand had been",
                  retired=seat.status == Status.PASSED)
    elif act == Act.RETAKES:
        game.retake(p, ev.count or 1)
    elif act == Act.BORROWS:
        game.borrow(p, ev.amount or 0)
    elif act == Act.STATES:
        game.state(p, ev.about or "")
    elif act == Act.WINS:
        if game.phase != Phase.SHOW:
            raise Impossible("a hand wins at the show, when the betting is over")
        game.declared_winner = p
    elif act == Act.CLAIMS:
        _claim(game, ev)
    elif act in _MONEY or act in (Act.PASSES, Act.STANDS, Act.HOLDS):
        _say(game, ev)
    elif act == Act.DISCARDS:
        _need_dealt(game, ev)
        game.discard(p, ev.count or 0, ev.cards)
    elif act == Act.ASKS:
        _need_dealt(game, ev)
        game.ask(p, ev.count or 0)
    elif act == Act.GIVES:
        _need_dealt(game, ev)
        assert ev.to is not None
        if game.seats[ev.to].status != Status.IN:
            raise Impossible(f"{ev.to} has abandoned his hand and is out of this deal")
        game.give(p, ev.to, ev.count or 0, ev.cards)
    elif act == Act.DRAWS:
        _need_dealt(game, ev)
        n = ev.count or 0
        game.discard(p, n, ())
        game.ask(p, n)
        game.give(game.dealer, p, n, ev.cards)
    elif act == Act.STANDS_PAT:
        _need_dealt(game, ev)
        game.stand_pat(p)
    elif act == Act.EXPOSES:
        _need_dealt(game, ev)
        if p != game.dealer:
            raise Impossible(f"{p} is not the dealer")
        game.expose(p, ev.to, ev.cards[0] if ev.cards else None)
    elif act == Act.LOOKS:
        game.look(p)
    elif act == Act.LIFTS:
        game.lift(p)
    elif act == Act.SHOWS:
        _need_dealt(game, ev)
        game.name_cards(seat, ev.cards)


def _need_dealt(game: Game, ev: Event) -> None:
    if game.phase == Phase.BEFORE_DEAL:
        raise Impossible(f"the cards have not been dealt yet; {ev.act.value} comes after the "
                         "deal")


def _over(game: Game) -> str:
    o = game.outcome
    if o.get("winner"):
        return f"{o['winner']} took the pool"
    return "nobody came in" if o.get("kind") == "not_opened" else "it has ended"


def _say(game: Game, ev: Event) -> None:
    act, p = ev.act, ev.player
    assert p is not None
    if game.phase == Phase.BEFORE_DEAL:
        raise Impossible(f"'{ev.describe()}' comes before the cards are dealt")
    if game.phase == Phase.DRAW:
        if act in (Act.COMES_IN, Act.CALLS):
            game.come_in(p, ev.amount)
        elif act == Act.PASSES:
            game.fold(p)
        elif act in (Act.RAISES, Act.BETS, Act.OPENS):
            # Irregular, not impossible: the counters go in, and the table sees it.
            game.find(Kind.OUT_OF_TURN, p, f"{p} {act.value} during the draw",
                      expected=game.turn(), act=act.value)
            game.raise_(p, ev.amount or 0)
        else:
            game.find(Kind.OUT_OF_TURN, p, f"{p} {act.value} during the draw",
                      expected=game.turn(), act=act.value)
        game.after_money(p, staked=act in _MONEY)
        return
    if game.phase == Phase.SHOW:
        game.find(Kind.OUT_OF_TURN, p, f"{p} {act.value.replace('_', ' ')} after the betting "
                  "had closed", expected=None, act=act.value.replace("_", " "))
        if act in (Act.RAISES, Act.BETS, Act.OPENS, Act.CALLS, Act.COMES_IN) and ev.amount:
            game.pay(p, ev.amount)
        elif act == Act.PASSES:
            game.fold(p)
        return
    if act != Act.HOLDS:
        game.check_turn(p, act.value.replace("_", " "))
        game.kept_word(p, act.value)
    if act in (Act.COMES_IN, Act.CALLS):
        if game.phase == Phase.BETTING and not game.bet_made:
            game.stand(p)
        else:
            game.come_in(p, ev.amount)
    elif act == Act.RAISES:
        game.raise_(p, ev.amount or 0)
    elif act in (Act.BETS, Act.OPENS):
        game.bet(p, ev.amount or 0)
    elif act == Act.PASSES:
        if game.jackpot and not game.opened and game.phase == Phase.SAY:
            need, qualified, _ = _openers(game, p)
            if qualified:
                game.find(Kind.DECLINED_TO_OPEN, p, f"{p} held openers (a pair of "
                          f"{card_name(need + 's').split(' of ')[0]}s or better) and did not "
                          "open the jack-pot", need=need)
        game.passes(p)
    elif act == Act.STANDS:
        game.stand(p)
    elif act == Act.HOLDS:
        game.hold(p)
    game.after_money(p, staked=act in _MONEY)


def _inquiry(game: Game, ev: Event) -> None:
    p = ev.player
    assert p is not None
    about = ev.about or game.dealer
    seat = game.seats[p]
    has_bet = (game.phase in (Phase.BETTING, Phase.SHOW) and game.bet_made
               and seat.stake > game.level_at_draw)
    game.find(Kind.DRAW_INQUIRY, p, f"{p} asked how many cards {about} drew",
              about=about, about_dealer=about == game.dealer, lifted=seat.drawn_lifted,
              bet_made=has_bet, lifted_or_bet=seat.drawn_lifted or has_bet,
              drawn=seat.drawn)


def _claim(game: Game, ev: Event) -> None:
    about = ev.about or ev.player
    claim = {"step": game.step, "line": ev.line, "by": ev.player, "about": about,
             "asked": ev.count}
    game.claims.append(claim)
    others = [c for c in game.claims if c["about"] == about and c["asked"] != ev.count]
    open_f = game.open_findings.get(("claims", about or ""))
    if others and open_f is not None:
        open_f.facts["accounts"] = {c["by"]: c["asked"] for c in game.claims
                                    if c["about"] == about}
        return
    if others:
        seat = game.seats[about] if about else None
        game.find(Kind.CONFLICTING_CLAIMS, about,
                  f"{others[0]['by']} says {about} asked for {others[0]['asked']}; "
                  f"{ev.player} says {ev.count}",
                  accounts={c["by"]: c["asked"] for c in game.claims if c["about"] == about},
                  dealer=game.dealer, discarded=seat.discarded if seat else None,
                  given=seat.given if seat else None)
        game.track("claims", about or "", game.findings[-1])
        for key in ("given", "asked"):
            disputed = game.open_findings.get((key, about or ""))
            if disputed is not None:
                disputed.facts["asked_disputed"] = True  # what he asked for is now in dispute


def _finish(game: Game, case: Case) -> None:
    """At the end of the events: the show, if the betting closed, and the openers."""
    if game.phase == Phase.SHOW:
        _show(game)
    if game.jackpot and game.opener:
        _check_openers(game)


def _show(game: Game) -> None:
    rules = game.rules
    hands = {}
    unknown = []
    for n in game.active():
        hand = game.seats[n].hand
        if len(hand) == 5 and None not in hand:
            hands[n] = evaluate([c for c in hand if c], rules.ranking)
        elif len(hand) == 5:
            unknown.append(n)
    result: dict[str, Any] = {"kind": "show", "pool": game.pool, "players": game.active(),
                              "hands": {n: {"cards": list(game.seats[n].hand),
                                            "value": v.describe()} for n, v in hands.items()}}
    if unknown and game.declared_winner in game.active():
        # The cards are not named, but the table agreed whose hand was the best.
        result["winner"] = game.declared_winner
        result["winners"] = [game.declared_winner]
        result["best"] = "the best hand, as shown"
        result["declared"] = True
    elif unknown:
        result["winner"] = None
        result["unknown"] = unknown
        result["why"] = ("the cards of " + ", ".join(unknown) +
                         " are not named, so the best hand cannot be told")
    elif hands:
        best = max(hands.values())
        winners = [n for n, v in hands.items() if v == best]
        result["winner"] = winners[0] if len(winners) == 1 else None
        result["winners"] = winners
        result["best"] = best.describe()
    game.outcome = result
    game.find(Kind.SHOWDOWN, result.get("winner"), _show_message(result), **{
        k: v for k, v in result.items() if k != "kind"})


def _show_message(result: dict[str, Any]) -> str:
    if result.get("winner"):
        if result.get("declared"):
            return f"the hands are shown, and {result['winner']}'s is the best"
        return f"the hands are shown, and {result['winner']}'s is the best ({result['best']})"
    if result.get("winners"):
        return ("the hands are shown, and " + " and ".join(result["winners"])
                + " hold hands equal in value")
    return "the hands are shown; " + str(result.get("why", "the winner cannot be told"))


def _openers(game: Game, name: str) -> tuple[str, bool | None, list[str]]:
    """The least pair that opens this jack-pot, whether ``name`` held it, and his cards.

    Openers are judged on the original hand (Peel 30: "in his original hand"): the cards
    named at the deal, or, if he did not draw, the cards he holds now.
    """
    rules: Rules = game.rules
    series = rules.jackpot_openers
    need = series[(game.jackpot - 1) % len(series)]
    seat = game.seats[name]
    if seat.dealt and None not in seat.dealt:
        hand = list(seat.dealt)
    elif not seat.discarded:
        hand = seat.hand
    else:
        hand = []
    known = [c for c in hand if c]
    if len(known) != 5:  # not all named, or a foul hand of more than five
        return need, None, known
    value = evaluate(known, rules.ranking)
    qualified = value.category > Category.PAIR or (
        value.category == Category.PAIR and value.ranks[0] >= RANKS.index(need) + 2)
    return need, qualified, known


def _check_openers(game: Game) -> None:
    assert game.opener is not None
    need, qualified, known = _openers(game, game.opener)
    if qualified is not True:
        game.find(Kind.OPENED_WITHOUT_OPENERS, game.opener,
                  f"{game.opener} opened the jack-pot; the least hand to open it was a pair of "
                  f"{card_name(need + 's').split(' of ')[0]}s" + (
                      "" if qualified is False else ", and his cards were not named"
                      if len(known) < 5 else f", and he held {len(known)} cards"),
                  need=need, qualified=qualified, cards=known)
    for f in game.findings:
        if f.kind == Kind.WON_UNCALLED and f.player == game.opener:
            f.facts["qualified"] = qualified
