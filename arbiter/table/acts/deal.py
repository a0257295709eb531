"""Before the draw's say: the blind, straddles, the deal, a card found faced."""

from __future__ import annotations

from ...terms.cards import FULL_PACK
from ...terms.vocabulary import Act, Kind
from ..cases import Event
from ..game import Game, Impossible, OutOfPlace, Phase
from .agreements import blind_as_agreed
from .base import applies, checks, player
from .common import after_money, check_turn, part, pay, set_aside, take_from_pack
from .cutting import check_first_dealer
from .say import bet, check_limit


def post_blind(game: Game, name: str, amount: int) -> None:
    if game.blind_paid:
        raise OutOfPlace("the blind has already been put up")
    game.blind_paid = True
    if game.jackpot:
        # A jack-pot has no blind: every player antes the table's ante as the cards are
        # dealt. Counters put up as a blind are his stake; they do not change the ante.
        game.find(Kind.OUT_OF_TURN, name, f"{name} put up a blind of {amount} in a "
                  "jack-pot, where every player antes instead", expected=None, act="blinds",
                  passed=False)
        pay(game, name, amount)
        return
    if name != game.age:
        game.find(Kind.OUT_OF_TURN, name, f"{name} put up the blind, but {game.age} has "
                  "the age", expected=game.age, act="blinds", passed=False)
    game.blind_unit = amount
    mx = game.rules.blind_max_of_limit
    # A blind of a quarter of the limit or less is within any limit the books set: only
    # a larger one turns on a limit the book may not give.
    relied = game.rely("blind_max_of_limit") if amount * 4 > game.limit else ()
    if mx is not None and amount > mx * game.limit:
        game.find(Kind.BLIND_OVER_LIMIT, name,
                  f"a blind of {amount} is more than {part(mx)} the limit of {game.limit}",
                  amount=amount, most=int(mx * game.limit), relied=relied)
    blind_as_agreed(game, name, amount)
    pay(game, name, amount)


@checks(Act.BLINDS)
def check_blinds(game: Game, ev: Event) -> None:
    if game.phase != Phase.BEFORE_DEAL:
        raise OutOfPlace("the blind is put up before the deal")


@applies(Act.BLINDS)
def apply_blinds(game: Game, ev: Event) -> None:
    post_blind(game, player(ev), ev.amount if ev.amount is not None else game.blind_unit)


def said_in_turn(game: Game) -> bool:
    """Whether a straddle now is a say like any other: made in the say, where the book does
    not recognise the straddle or has straddling end before the deal."""
    return game.phase == Phase.SAY and (not game.rules.straddle_recognised
                                        or game.rules.straddle_when == "before_deal")


@checks(Act.STRADDLES)
def check_straddles(game: Game, ev: Event) -> None:
    name = player(ev)
    expected = game.straddle_amount()
    amt = expected if ev.amount is None else ev.amount
    game.rely("straddle_recognised")
    rec = game.rules.straddle_recognised
    if said_in_turn(game):
        # A say: its going better past the limit is found first, so that the judge, voiding
        # the act on it, does not also rule that it stands as a stake.
        check_limit(game, name, amt - max(game.level, game.seats[name].stake))
    if not rec:
        # Where the book does not recognise the straddle (Hoffmann pp. 131-132: where
        # players may raise before the draw it "ceases to have any importance"), the word
        # changes nothing: there is no order of straddling, no straddle in turn and no
        # straddle's amount to break. The counters are a stake like any other (see
        # apply_straddles); made in the say, they are his say, in turn or out of it.
        game.find(Kind.STRADDLE_NOT_RECOGNISED, name, f"{name} straddled ({amt}), "
                  "where the straddle is not recognised", amount=amt)
        if game.phase == Phase.SAY:
            check_turn(game, name, "straddled")
        return
    # The dealer is the last of a round of straddles begun on the age's left; the age, or
    # anyone after the dealer has had his turn, comes after him (Peel 21).
    after_dealer = name == game.age or game.dealer in game.declined or any(
        s == game.dealer for s, _ in game.straddles)
    if game.straddling_closed and game.refused_by is not None:
        game.find(Kind.STRADDLE_AFTER_REFUSAL, name,
                  f"{name} straddled after a player had refused to straddle in turn",
                  refused_by=game.refused_by,
                  refused_by_first=game.refused_by == game.left_of(game.age),
                  after_dealer=after_dealer, recognised=rec)
    elif name != game.next_straddler():
        game.find(Kind.STRADDLE_OUT_OF_TURN, name,
                  f"{name} straddled, but the right to straddle was "
                  f"{game.next_straddler()}'s", expected=game.next_straddler(),
                  after_dealer=after_dealer, started=bool(game.straddles), recognised=rec)
    elif after_dealer:
        game.find(Kind.STRADDLE_AFTER_DEALER, name,
                  f"{name} straddled in turn after the dealer, {game.dealer}, had had the "
                  "dealer's turn to straddle", amount=amt, recognised=rec)
    if said_in_turn(game):
        check_turn(game, name, "straddled")
    if game.phase != Phase.BEFORE_DEAL:
        _check_straddle_time(game, name, rec)
    # Whether the straddle may be made at all (its right, its time, and the cap the
    # straddling may not pass: "the straddling must cease", Peel p. 32) is found before the
    # amount in turn, so that an act carrying both is ruled first on the cap it passed.
    mx = game.rules.straddle_max_of_limit
    limit_relied = game.rely("straddle_max_of_limit")
    if mx is not None and amt > mx * game.limit:
        game.find(Kind.STRADDLE_OVER_LIMIT, name,
                  f"{name}'s straddle of {amt} goes past {part(mx)} the limit of "
                  f"{game.limit} ({int(mx * game.limit)})",
                  amount=amt, most=int(mx * game.limit), limit=game.limit,
                  recognised=rec, relied=limit_relied)
    if ev.amount is not None and ev.amount != expected:
        game.find(Kind.STRADDLE_WRONG_AMOUNT, name,
                  f"{name} straddled {amt}; the straddle in turn is {expected}",
                  amount=amt, expected=expected, recognised=rec,
                  relied=game.rely("straddle_first", "straddle_step"))


def _check_straddle_time(game: Game, name: str, rec: bool) -> None:
    """A straddle after the deal, or after looking, where the book ends straddling there."""
    looked = game.seats[name].looked
    when = game.rely("straddle_when")
    if game.rules.straddle_when == "before_deal":
        game.find(Kind.STRADDLE_AFTER_LOOKING, name, f"{name} straddled after the "
                  "deal", after="deal", looked=looked, recognised=rec,
                  relied=when)
    elif looked and game.rules.straddle_when == "before_looking":
        game.find(Kind.STRADDLE_AFTER_LOOKING, name, f"{name} straddled after "
                  f"looking at {name}'s cards", after="looking", looked=True,
                  recognised=rec, relied=when)


@applies(Act.STRADDLES)
def apply_straddles(game: Game, ev: Event) -> None:
    if not game.blind_paid and game.phase == Phase.BEFORE_DEAL and not game.jackpot:
        post_blind(game, game.age, game.blind_unit)  # the blind goes up first
    name = player(ev)
    seat = game.seats[name]
    amt = game.straddle_amount() if ev.amount is None else ev.amount
    game.straddles.append((name, amt))
    game.notes.straddles_put.append((name, amt))
    if said_in_turn(game):
        # A straddle the book does not recognise, or one made after the deal where the
        # book's straddling ends before it, is in the straddler's say what putting up those
        # counters is without the word: his going in, and going better by what is over its
        # cost (Hoffmann p. 123: "he must first make good the ante ... and may then 'go
        # better'"; Peel p. 33: "he must stake a sum at least twice the amount of ante. He
        # may, of course, increase the ante"), a bet deposited, which "cannot be recalled"
        # (Peel 55, 56). The say goes on as after any such act.
        bet(game, name, max(0, amt - seat.stake), limit_found=True)
        after_money(game, name)
        return
    pay(game, name, max(0, amt - seat.stake))
    if game.phase == Phase.SAY and not game.say_started and \
            game.rules.straddle_when != "before_deal":
        # Straddled during the deal, before anyone had his say, where the book lets a
        # straddle wait until the cards are looked at (straddle.when: Foster 17): the
        # say now begins on the straddler's left, and going in costs more. Where the
        # book has straddling end before the deal, the late straddle is found and
        # moves nothing.
        game.level = game.going_in()
        game.to_act = game.in_order_from(game.left_of(name))


@applies(Act.DECLINES)
def apply_declines(game: Game, ev: Event) -> None:
    game.declined.append(player(ev))
    if not game.straddling_closed:
        game.straddling_closed = True
        game.refused_by = player(ev)


@checks(Act.DEALS)
def check_deals(game: Game, ev: Event) -> None:
    if ev.player is not None and ev.player != game.dealer:
        raise OutOfPlace(f"{ev.player} is not the dealer ({game.dealer} deals)")
    if game.phase != Phase.BEFORE_DEAL:
        raise OutOfPlace("the cards have already been dealt")
    if sum(dict(ev.counts).get(n, 5) for n in game.names) > len(FULL_PACK):
        raise Impossible("more cards dealt than the pack holds")


@applies(Act.DEALS)
def apply_deals(game: Game, ev: Event) -> None:
    check_first_dealer(game)
    _stakes_for_the_deal(game)
    if ev.uncut:
        noticed = {"noticed_during_deal": True, "noticed_after_deal": False}.get(
            str(ev.uncut))
        game.find(Kind.DEAL_UNCUT, game.dealer, "the cards were dealt without the pack "
                  "having been cut", noticed_before_deal_finished=noticed)
    wanted = {n: dict(ev.counts).get(n, 5) for n in game.names}
    order = game.order_from(game.left_of(game.dealer))
    for rnd in range(max(wanted.values())):
        for n in order:
            if rnd < wanted[n]:
                game.seats[n].hand.append(take_from_pack(game))
    _name_dealt(game, ev)
    _dealt_wrong(game, order, wanted)
    game.phase = Phase.SAY
    if game.rules.straddle_when == "before_deal":
        game.straddling_closed = True
    game.level = game.going_in() if not game.jackpot else 0
    standing = game.standing_straddles()
    first = game.left_of(standing[-1][0] if standing else game.age)
    if game.jackpot:
        # Every player antes alike, so there is no ante or age to count from: the rulebook's
        # ``jackpot.first_say`` (the engine's assumption where it gives none, said where a
        # ruling turns on it). Under ``either`` the say begins on the dealer's left unless
        # the next player speaks first (``check_turn``).
        first = game.left_of(game.age if game.rules.jackpot_first == "left_of_age"
                             else game.dealer)
    game.to_act = game.in_order_from(first)


def _stakes_for_the_deal(game: Game) -> None:
    if game.jackpot:
        payers = len(game.names)
        if game.jackpot == 1:
            game.rely("age_antes_again")
        if game.jackpot == 1 and not game.rules.age_antes_again:
            payers -= 1  # the age's blind stays in the pool as his share (Hoffmann p. 132)
        game.carried += game.blind_unit * payers
    elif not game.blind_paid:
        post_blind(game, game.age, game.blind_unit)


def _name_dealt(game: Game, ev: Event) -> None:
    for n, cards in ev.hands:
        if len(cards) > len(game.seats[n].hand):
            raise Impossible(f"{n} is named {len(cards)} cards but was dealt "
                             f"{len(game.seats[n].hand)}")
        game.name_cards(game.seats[n], cards)
    for s in game.seats.values():
        s.dealt = tuple(s.hand)
    for n, card in ev.exposed:
        if card:
            game.name_cards(game.seats[n], (card,))
        game.find(Kind.CARD_EXPOSED_IN_DEAL, n, f"the dealer exposed a card "
                  f"({card or 'unnamed'}) in dealing to {n}", card=card, to=n)


def _dealt_wrong(game: Game, order: list[str], wanted: dict[str, int]) -> None:
    for n in order:
        if wanted[n] != 5:
            # One hand's surplus may be another's shortage (six and four): a neighbour's
            # first, since Foster 16 speaks of "his neighbour".
            i = game.names.index(n)
            beside = (game.names[(i + 1) % len(game.names)], game.names[i - 1])
            others = sorted((m for m in order if m != n and wanted[m] == 10 - wanted[n]),
                            key=lambda m: m not in beside)
            offset = others[0] if others else None
            f = game.find(Kind.WRONG_NUMBER_DEALT, n, f"{n} was dealt {wanted[n]} cards",
                          count=wanted[n], lifted=False, looked=False, bet_made=False,
                          offset_by=offset, neighbour=offset in beside)
            game.track("dealt", n, f)


@checks(Act.FACED)
def check_faced(game: Game, ev: Event) -> None:
    if game.phase == Phase.OVER:
        raise OutOfPlace("the hand is over; there is no pack in play")
    if game.phase == Phase.BEFORE_DEAL:
        game.find(Kind.CARD_FACED_IN_PACK, None, "a card was found faced in the pack "
                  "before the deal was finished", card=ev.cards[0] if ev.cards else None,
                  during="deal")


@applies(Act.FACED)
def apply_faced(game: Game, ev: Event) -> None:
    if game.phase == Phase.BEFORE_DEAL:
        return  # the deal is made again; the card stays in the pack
    during = {Phase.SAY: "before the draw", Phase.DRAW: "draw"}.get(game.phase,
                                                                    "after the draw")
    c = take_from_pack(game, ev.cards[0] if ev.cards else None)
    where, clause = set_aside(game, c, "faced_card")
    game.find(Kind.CARD_FACED_IN_PACK, None, f"a card ({c or 'unnamed'}) was found faced "
              f"in the pack {'in the draw' if during == 'draw' else during}; {clause}",
              card=c, during=during, placed=where, relied=game.rely("faced_card"))
