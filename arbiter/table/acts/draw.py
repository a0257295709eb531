"""The draw: discarding, asking, the dealer's giving, standing pat, an exposed card,
a discard taken back."""

from __future__ import annotations

from ...terms.vocabulary import Act, Kind
from ..cases import Event
from ..game import Game, Impossible, OutOfPlace, Phase, Seat, Status
from .base import BEFORE, applies, checks, player
from .common import (
    begin_draw_turn,
    cards_word,
    close_draw_if_done,
    open_draw,
    set_aside,
    take_from_pack,
)


def late(game: Game, name: str, count: int) -> None:
    """Drawing after standing pat, after his draw, or after his turn to draw went by
    (Peel 38): found, and he is not helped."""
    seat = game.seats[name]
    pat = seat.drawn and not seat.let_by and seat.asked == 0 and seat.given == 0
    # He let it go by himself, or the draw closed without him
    gone_by = seat.let_by or (game.phase == Phase.BETTING and not seat.drawn)
    if pat or gone_by or (seat.drawn and game.phase == Phase.BETTING):
        why = ("having stood pat" if pat else f"after {name}'s turn to draw had gone by"
               if gone_by else f"after {name} had drawn")
        after = game.drawers[game.drawers.index(name) + 1:] if name in game.drawers else []
        helped = any(game.seats[n].given or game.seats[n].drawn for n in after)
        seat.late = True
        raise OutOfPlace(f"{name} wanted to draw {cards_word(count)} {why}",
                         Kind.DREW_AFTER_HIS_TURN, stood_pat=pat, count=count,
                         next_helped=helped)


def part_of_late(game: Game, name: str) -> bool:
    """Whether a discard or demand of ``name``'s is part of a late draw of his already
    found (Peel 38, Foster 24): a draw is one act, his discard, his demand and the giving,
    found once with its facts as they stood (the next player helped, his pat); a demand
    after it is not a wrong number asked against a discard the table never counted."""
    return game.seats[name].late and game.phase in (Phase.DRAW, Phase.BETTING)


def discard(game: Game, name: str, count: int, cards: tuple[str, ...]) -> None:
    seat = game.seats[name]
    if part_of_late(game, name):
        return
    if game.phase in (Phase.DRAW, Phase.BETTING) and seat.drawn \
            and 0 < count <= len(seat.hand) - 5:
        throw_surplus(game, seat, count)
    if game.phase in (Phase.DRAW, Phase.BETTING):
        late(game, name, count)
    if seat.discarded is not None:
        raise OutOfPlace(f"{name} has already discarded in this draw" if seat.discarded
                         else f"{name} has already had a turn to discard in this draw, "
                         "asking for cards without throwing any out")
    if count > len(seat.hand):
        raise Impossible(f"{name} cannot discard {count} cards from a hand of "
                         f"{len(seat.hand)}")
    begin_draw_turn(game, name)
    if cards:
        game.name_cards(seat, cards)
        for c in cards:
            seat.hand.remove(c)
            game.discards.append(c)
    for _ in range(count - len(cards)):
        i = seat.hand.index(None) if None in seat.hand else len(seat.hand) - 1
        game.discards.append(seat.hand.pop(i))
    seat.discarded, seat.discarded_at = count, game.step
    if seat.asked is not None and seat.asked != count:
        asked_wrong(game, name)


def throw_surplus(game: Game, seat: Seat, count: int) -> None:
    """A player holding more than five after his draw throws out cards, no more than the
    surplus: no second draw (he asks for nothing), but an act out of its place that makes
    good, or not, what his draw did wrong (Foster 24, "he must discard before seeing them";
    CH3b): a question on it is answered by the ruling on that draw."""
    for key in ("dealer", "given", "size"):
        f = game.open_findings.get((key, seat.name))
        if f is not None:
            game.notes.amended.append((game.step, f))
    raise OutOfPlace(f"{seat.name} has had the draw and holds {len(seat.hand)}: a discard "
                     "of the surplus, not a draw")


def ask(game: Game, name: str, count: int) -> None:
    seat = game.seats[name]
    if part_of_late(game, name):
        return
    if game.phase in (Phase.DRAW, Phase.BETTING):
        late(game, name, count)  # asking is drawing, his turn having gone by
    seat.asked_at = game.step
    if name == game.dealer:
        seat.asked = count
        return
    begin_draw_turn(game, name)
    seat.asked = count
    if seat.discarded is not None and seat.discarded != count:
        asked_wrong(game, name)


def asked_wrong(game: Game, name: str) -> None:
    seat = game.seats[name]
    f = game.find(Kind.ASKED_WRONG_NUMBER, name,
                  f"{name} discarded {seat.discarded} and asked for {seat.asked}",
                  discarded=seat.discarded, asked=seat.asked, given=None, lifted=False,
                  looked=False, next_helped=False, asked_disputed=False,
                  gave_discarded=False)  # until the dealer gives the number discarded
    f.began = min((s for s in (seat.discarded_at, seat.asked_at) if s is not None),
                  default=None)  # the discard and the demand it tells
    game.track("asked", name, f)


@applies(Act.DISCARDS)
def apply_discards(game: Game, ev: Event) -> None:
    discard(game, player(ev), ev.count or 0, ev.cards)


@applies(Act.ASKS)
def apply_asks(game: Game, ev: Event) -> None:
    ask(game, player(ev), ev.count or 0)


@checks(Act.GIVES)
def check_gives(game: Game, ev: Event) -> None:
    if player(ev) != game.dealer:
        raise OutOfPlace(f"{ev.player} is not the dealer; only {game.dealer} gives cards")
    if ev.to is None or game.seats[ev.to].status != Status.IN:
        raise OutOfPlace(f"{ev.to} has abandoned the hand and is out of this deal")


@applies(Act.GIVES)
def apply_gives(game: Game, ev: Event) -> None:
    assert ev.to is not None
    give(game, ev.to, ev.count or 0, ev.cards)


@applies(Act.DRAWS)
def apply_draws(game: Game, ev: Event) -> None:
    p, n = player(ev), ev.count or 0
    discard(game, p, n, ())
    ask(game, p, n)
    give(game, p, n, ev.cards)


def give(game: Game, to: str, count: int, cards: tuple[str, ...]) -> None:
    """The dealer gives ``to`` ``count`` cards; what it shows is found as it goes."""
    seat = game.seats[to]
    short = game.short(seat)
    if short and game.phase == Phase.BETTING and not game.bet_made:
        game.phase = Phase.DRAW  # a deficiency made good before anyone has bet
    expected = game.next_drawer() if game.phase == Phase.DRAW else None
    begin_draw_turn(game, to)
    # Making good a deficiency, or replacing an exposed card, is not drawing out of
    # turn: the exposure and the shortfall are findings of their own.
    if expected is not None and expected != to and not short and not seat.owed:
        game.find(Kind.DREW_OUT_OF_TURN, to, f"{to} was helped before {expected}",
                  expected=expected)
    _settle_what_he_wanted(game, seat, count)
    for prev in game.drawers:
        p = game.seats[prev]
        if prev != to and p.given and p.drawn:
            game.update_facts(prev, next_helped=True)
    named = list(cards)
    for i in range(count):
        seat.hand.append(take_from_pack(game, named[i] if i < len(named) else None))
    before = seat.given
    seat.given += count
    _replace_exposed(game, seat, count, before)
    if not _judge_the_number(game, seat, before):
        return  # an exposed card is still to be replaced
    asked_f = game.open_findings.get(("asked", to))
    if asked_f is not None:
        asked_f.facts["given"] = seat.given
    size_f = game.open_findings.get(("size", to))
    if size_f is not None and short:
        size_f.facts["made_good"] = len(seat.hand) == 5
    close_draw_if_done(game)


def _settle_what_he_wanted(game: Game, seat: Seat, count: int) -> None:
    """A player helped without discarding or asking: what he discarded and asked for."""
    to = seat.name
    if seat.discarded is None:  # the dealer too: cards dealt himself are drawn against
        seat.discarded = 0      # a discard of none ("A draws 3" discards, then draws)
        if seat.asked is not None and seat.asked != 0 and to != game.dealer:
            asked_wrong(game, to)  # he asked for cards without discarding any
    if seat.asked is None:
        seat.asked = seat.discarded if to != game.dealer else count


def _replace_exposed(game: Game, seat: Seat, count: int, before: int) -> None:
    """Of the cards still due, the last ``owed`` replace exposed ones."""
    if not seat.owed:
        return
    to = seat.name
    target = seat.asked
    due = max(0, ((seat.discarded if to == game.dealer else target) or 0) - before)
    replaced = min(seat.owed, max(0, count - max(0, due - seat.owed)))
    seat.owed -= replaced
    others_waiting = any(not game.seats[n].drawn and n != to and
                         game.seats[n].status == Status.IN for n in game.drawers)
    relied = game.rely("exposed_replaced")
    if replaced and game.rules.exposed_replaced == "after_others" and others_waiting:
        game.find(Kind.EXPOSED_CARD_REPLACED_EARLY, to, f"{to}'s exposed card was "
                  "replaced before the other players were helped", relied=relied)


def _judge_the_number(game: Game, seat: Seat, before: int) -> bool:
    """Compare what he was given with what he wanted; False while he still waits for
    an exposed card's replacement."""
    to, target = seat.name, seat.asked or 0
    gave_discarded = (to != game.dealer and seat.discarded is not None
                      and target != seat.discarded and seat.given == seat.discarded)
    if gave_discarded:
        game.rely("give_discarded")
    if gave_discarded and game.rules.give_discarded:
        seat.drawn = True  # the dealer saw the discard and gave that number (Peel 44)
        asked_wrong_f = game.open_findings.get(("asked", to))
        if asked_wrong_f is not None:
            asked_wrong_f.facts["gave_discarded"] = True
            asked_wrong_f.assumed = (*asked_wrong_f.assumed, *game.rely("give_discarded"))
    elif to == game.dealer:
        _dealer_took(game, seat, before)
        if seat.owed and seat.given + seat.owed <= (seat.discarded or 0):
            return False  # his exposed card is still to be replaced
        seat.drawn = True
    elif seat.given > target:
        f = game.find(Kind.GIVEN_MORE_THAN_ASKED, to,
                      f"{to} asked for {target} and was given {seat.given}",
                      asked=target, given=seat.given, discarded=seat.discarded,
                      asked_disputed=False, lifted=False, looked=False, next_helped=False)
        f.began = seat.asked_at  # the demand it tells
        game.track("given", to, f)
        seat.drawn = True
    elif seat.given < target:
        return _given_fewer(game, seat, target)
    else:
        seat.drawn = True
        f0 = game.open_findings.get(("given", to))
        if f0 is not None and f0.kind == Kind.GIVEN_FEWER_THAN_ASKED:
            # Made good after he had raised the short cards (Peel 43 asks "before")?
            f0.facts["raised_first"] = bool(f0.facts.get("lifted"))
            f0.facts["made_good"] = True
            f0.facts["given"] = seat.given
            game.notes.amended.append((game.step, f0))
    return True


def _dealer_took(game: Game, seat: Seat, before: int) -> None:
    to = seat.name
    if seat.discarded is not None and seat.given != seat.discarded and before == 0:
        f = game.find(Kind.DEALER_DREW_WRONG_NUMBER, to,
                      f"the dealer {to} discarded {seat.discarded} and took {seat.given}",
                      discarded=seat.discarded, given=seat.given, lifted=False, looked=False,
                      made_good=False)
        f.began = seat.discarded_at  # the discard it tells
        game.track("dealer", to, f)
    elif before and ("dealer", to) in game.open_findings:
        fd = game.open_findings[("dealer", to)]
        fd.facts["given_in_all"] = seat.given  # "given" stays what he first took
        fd.facts["made_good"] = seat.given == seat.discarded
        game.notes.amended.append((game.step, fd))


def _given_fewer(game: Game, seat: Seat, target: int) -> bool:
    to = seat.name
    if seat.owed and seat.given + seat.owed >= target:
        return False  # short only by exposed cards, which are still to be replaced
    if ("given", to) not in game.open_findings and not seat.owed:
        # The delivery is complete only when the dealer goes on to another act
        # (complete_delivery): a card exposed in it is part of the same delivery.
        game.delivering = (to, game.step, game.line, False)
        return False
    return _short_delivery(game, seat, target)


def _short_delivery(game: Game, seat: Seat, target: int) -> bool:
    to = seat.name
    if ("given", to) not in game.open_findings:
        f = game.find(Kind.GIVEN_FEWER_THAN_ASKED, to,
                      f"{to} asked for {target} and was given {seat.given}",
                      asked=target, given=seat.given, discarded=seat.discarded,
                      asked_disputed=False, lifted=False, looked=False, next_helped=False,
                      made_good=False, raised_first=False)
        f.began = seat.asked_at  # the demand it tells
        game.track("given", to, f)
    if seat.owed:
        return False
    seat.drawn = True  # play goes on; a later give may make good the deficiency
    return True


def _complete_unless_exposed(game: Game, ev: Event) -> None:
    """Before each event: a card exposed to the same player is part of his delivery, and a
    card found faced in the pack interrupts it: the giving is not complete until the dealer
    goes on (he gives the player the rest, helps another, or play goes on), and what is
    said at the table meanwhile does not complete it."""
    if game.delivering is None:
        return
    to, step, line, interrupted = game.delivering
    if ev.act == Act.EXPOSES and (ev.to or game.next_drawer()) == to:
        return
    if ev.act == Act.FACED and game.phase == Phase.DRAW:
        game.delivering = (to, step, line, True)
        return
    if interrupted and ev.act == Act.GIVES and ev.to == to:
        game.delivering = None  # the dealer goes on with the same giving
        return
    if interrupted and ev.player != game.dealer and ev.act in _NOT_GOING_ON:
        return
    game.delivering = (to, step, line, False)  # the dealer has gone on: it is complete
    complete_delivery(game)


# Acts that are not the dealer's going on with the draw: words at the table, another card
# found faced. (A player's raising his cards is an act of play, and ends the giving.)
_NOT_GOING_ON = frozenset({Act.POINTS_OUT, Act.DISPUTES, Act.CLAIMS, Act.SPEAKS,
                           Act.INQUIRES, Act.NOT_LOOKED, Act.FACED})


BEFORE.append(_complete_unless_exposed)


def complete_delivery(game: Game) -> None:
    """A delivery left short is complete: found as a short delivery at the step it was
    given (unless a card exposed in it since accounts for what is missing), and the draw
    goes on. One a faced card interrupted, the dealer not having gone on since, is not
    complete (the events end in the middle of it): nothing is found of it."""
    if game.delivering is None or game.delivering[3]:
        return  # none, or one a faced card interrupted: the giving was never completed
    to, step, line, _ = game.delivering
    game.delivering = None
    seat = game.seats[to]
    if seat.status != Status.IN or game.phase != Phase.DRAW:
        return
    now = game.step, game.line
    game.step, game.line = step, line
    target = seat.asked or 0
    try:
        if seat.given >= target or (seat.owed and seat.given + seat.owed >= target) or \
                not _short_delivery(game, seat, target):
            return
    finally:
        game.step, game.line = now
    asked_f = game.open_findings.get(("asked", to))
    if asked_f is not None:
        asked_f.facts["given"] = seat.given
    close_draw_if_done(game)


@applies(Act.STANDS_PAT)
def apply_stands_pat(game: Game, ev: Event) -> None:
    name = player(ev)
    if game.phase == Phase.BETTING or game.seats[name].drawn:
        raise OutOfPlace(f"{name} stood pat after the draw had gone by {name}")
    begin_draw_turn(game, name, pat=True)
    seat = game.seats[name]
    seat.discarded = seat.discarded or 0
    seat.asked = 0
    seat.drawn = True
    close_draw_if_done(game)


@checks(Act.LETS_DRAW_GO_BY)
def check_lets_draw_go_by(game: Game, ev: Event) -> None:
    name = player(ev)
    if game.phase not in (Phase.SAY, Phase.DRAW):
        raise OutOfPlace(f"there is no turn to draw to let go by ({game.phase})")
    if game.seats[name].drawn or game.seats[name].discarded is not None \
            or game.seats[name].asked is not None or game.seats[name].given:
        raise OutOfPlace(f"{name} has had the turn to draw already")


@applies(Act.LETS_DRAW_GO_BY)
def apply_lets_draw_go_by(game: Game, ev: Event) -> None:
    """He lets his turn to draw go by, neither discarding nor standing pat: he keeps the
    hand dealt him, and his turn is gone by "once for all" (Peel p. 35), as after a stand
    pat: a later draw of his is a late one (``late``), and the next player's draw in turn."""
    name = player(ev)
    open_draw(game, name)
    seat = game.seats[name]
    seat.let_by = seat.drawn = True
    close_draw_if_done(game)


@checks(Act.EXPOSES)
def check_exposes(game: Game, ev: Event) -> None:
    if player(ev) != game.dealer:
        raise OutOfPlace(f"{ev.player} is not the dealer")
    if game.phase not in (Phase.SAY, Phase.DRAW):
        raise OutOfPlace(f"the dealer cannot expose a card {game.phase}")


@applies(Act.EXPOSES)
def apply_exposes(game: Game, ev: Event) -> None:
    if game.phase == Phase.SAY:
        open_draw(game, ev.to or game.dealer)
    target = ev.to or game.next_drawer()
    c = take_from_pack(game, ev.cards[0] if ev.cards else None)
    where, clause = set_aside(game, c, "exposed_card")
    if target:
        t = game.seats[target]
        t.owed += 1
        if game.short(t):
            t.drawn = False  # exposed in the middle of his cards: he waits for it
    game.find(Kind.CARD_EXPOSED_IN_DRAW, target,
              f"the dealer exposed a card ({c or 'unnamed'}) in giving {target} "
              f"{target}'s cards; {clause}", card=c, to=target, placed=where,
              relied=game.rely("exposed_card"))


@checks(Act.RETAKES)
def check_retakes(game: Game, ev: Event) -> None:
    name = player(ev)
    if game.phase not in (Phase.DRAW, Phase.BETTING) or not game.discards:
        raise Impossible(f"there is no discard for {name} to take back")
    n = min(ev.count or 1, len(game.discards))
    seat = game.seats[name]
    # What the hand is once the card is back in it: how many it holds, and whether he has
    # taken up (or seen) his cards (Foster 24: "has too many, his hand is foul").
    game.find(Kind.DISCARD_RETAKEN, name, f"{name} took back into the hand "
              f"{cards_word(n)} {name} had discarded", count=n, size=len(seat.hand) + n,
              lifted=seat.lifted or seat.looked or seat.drawn_lifted)


@applies(Act.RETAKES)
def apply_retakes(game: Game, ev: Event) -> None:
    seat = game.seats[player(ev)]
    for _ in range(min(ev.count or 1, len(game.discards))):
        seat.hand.append(game.discards.pop())
