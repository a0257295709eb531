"""Talk at the table and the show: speaking to the dealer, asking what a player drew,
claims about what he asked for, telling a thrown hand, looking, lifting, showing."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ...law.params import Rules
from ...terms.cards import evaluate
from ...terms.seats import names_text
from ...terms.vocabulary import Act, Kind
from ..cases import Event
from ..game import Game, Impossible, OutOfPlace, Phase, Seat, Status, table_stakes
from .agreements import book_rules
from .base import applies, checks, over, player
from .common import wrong_size
from .draw import complete_delivery
from .openers import check_openers, next_need, openers
from .showing import hand_facts, show_order

# Speaking, inquiring and divulging are findings in themselves: they change nothing at the
# table, so each registers its check alone.


@checks(Act.SPEAKS)
def check_speaks(game: Game, ev: Event) -> None:
    p = player(ev)
    during = game.phase == Phase.BEFORE_DEAL
    game.find(Kind.SPOKE_TO_DEALER, p, f"{p} spoke to the dealer"
              + (" while the cards were being dealt" if during else ""),
              dealer=game.dealer, during_deal=during)


@checks(Act.INQUIRES)
def check_inquires(game: Game, ev: Event) -> None:
    p = player(ev)
    about = ev.about or game.dealer
    seat = game.seats[p]
    has_bet = (game.phase in (Phase.BETTING, Phase.SHOW) and game.bet_made
               and seat.stake > game.level_at_draw)
    game.find(Kind.DRAW_INQUIRY, p, f"{p} asked how many cards {about} drew",
              about=about, about_dealer=about == game.dealer, lifted=seat.drawn_lifted,
              bet_made=has_bet, lifted_or_bet=seat.drawn_lifted or has_bet,
              drawn=seat.drawn, retired=seat.status == Status.PASSED)


@checks(Act.DIVULGES)
def check_divulges(game: Game, ev: Event) -> None:
    p = player(ev)
    game.find(Kind.DIVULGED, p, f"{p} told the table what {p}'s hand had been",
              retired=game.seats[p].status == Status.PASSED)


@applies(Act.CLAIMS)
def apply_claims(game: Game, ev: Event) -> None:
    about = ev.about or ev.player
    game.claims.append({"step": game.step, "line": ev.line, "by": ev.player,
                        "about": about, "asked": ev.count})
    others = [c for c in game.claims if c["about"] == about and c["asked"] != ev.count]
    accounts = {c["by"]: c["asked"] for c in game.claims if c["about"] == about}
    open_f = game.open_findings.get(("claims", about or ""))
    if others and open_f is not None:
        open_f.facts["accounts"] = accounts
        return
    if not others:
        return
    seat = game.seats[about] if about else None
    f = game.find(Kind.CONFLICTING_CLAIMS, about,
                  f"{others[0]['by']} says {about} asked for {others[0]['asked']}; "
                  f"{ev.player} says {ev.count}", accounts=accounts, dealer=game.dealer,
                  discarded=seat.discarded if seat else None,
                  given=seat.given if seat else None)
    game.track("claims", about or "", f)
    for key in ("given", "asked"):
        disputed = game.open_findings.get((key, about or ""))
        if disputed is not None:
            disputed.facts["asked_disputed"] = True  # what he asked for is now in dispute


@checks(Act.WINS)
def check_wins(game: Game, ev: Event) -> None:
    if game.phase == Phase.OVER:
        if player(ev) in _winners(game):
            return  # it tells what the table already decided: no act, and no irregularity
        raise OutOfPlace(f"the hand is over ({over(game)}), so it comes too late")
    if game.phase != Phase.SHOW:
        raise OutOfPlace("a hand wins at the show, when the betting is over")


def _winners(game: Game) -> list[str]:
    out = game.outcome or {}
    return [w for w in (*(out.get("winners") or ()), out.get("winner")) if w]


@applies(Act.WINS)
def apply_wins(game: Game, ev: Event) -> None:
    if game.phase == Phase.OVER:
        return  # the winner the table already had (check_wins)
    game.declared_winner = player(ev)


@applies(Act.LOOKS)
def apply_looks(game: Game, ev: Event) -> None:
    p = player(ev)
    game.seats[p].looked = True
    game.update_facts(p, looked=True)


@applies(Act.LIFTS)
def apply_lifts(game: Game, ev: Event) -> None:
    name = player(ev)
    seat = game.seats[name]
    seat.lifted = seat.looked = True
    if game.phase in (Phase.DRAW, Phase.BETTING, Phase.SHOW):
        seat.drawn_lifted = True
    game.update_facts(name, lifted=True, looked=True)
    if game.phase in (Phase.DRAW, Phase.BETTING) and len(seat.hand) != 5:
        wrong_size(game, seat, f"{name} lifted a hand of {len(seat.hand)} cards",
                   lifted=True, looked=True, bet_made=False)


@applies(Act.SHOWS)
def apply_shows(game: Game, ev: Event) -> None:
    """A player turns up his cards. Where he turns up more or fewer than five, the cards
    turned up are his hand: the events had not told the table so (a card more came from the
    pack; one fewer goes back to it), and it is found, for the book to rule on."""
    p = player(ev)
    seat = game.seats[p]
    shown, held = len(ev.cards), len(seat.hand)
    if game.phase == Phase.SHOW and seat.status == Status.IN:
        show_order(game, p)
        if p not in game.shown:  # no betting told (a case of only the show): kept in order
            game.shown.append(p)
    if ev.cards and shown != 5 and seat.status == Status.IN:
        _resize(game, seat, ev.cards)
        game.find(Kind.SHOWED_WRONG_NUMBER, p,
                  f"{p} showed {shown} cards at the show, not five", shown=shown, held=held)
    game.name_cards(seat, ev.cards)


def _resize(game: Game, seat: Seat, cards: tuple[str, ...]) -> None:
    """Make the hand the size of the cards shown, moving unnamed cards from or to the pack."""
    while len(seat.hand) < len(cards):
        if None not in game.pack:
            raise Impossible(f"{seat.name} shows {len(cards)} cards, and no card is left in "
                             f"the pack that {seat.name} could hold")
        game.pack.remove(None)
        seat.hand.append(None)
    spare = [i for i, c in enumerate(seat.hand) if c is None or c not in cards]
    while len(seat.hand) > len(cards) and spare:
        card = seat.hand.pop(spare.pop())
        if card is not None:
            game.known.discard(card)
        game.pack.append(None)


def finish(game: Game) -> None:
    """At the end of the events (or of a deal of the sitting): a delivery left open, the
    show, if the betting closed, and the openers. Where the case told only the show, the
    players who did not show are taken to have gone out before it."""
    complete_delivery(game)
    if game.untold:
        for n in game.active():
            if n not in game.shown:
                game.fold(n)
    if game.phase == Phase.SHOW:
        show(game)
    check_openers(game)


def show(game: Game) -> None:
    hands = _values(game, game.rules)
    unknown = [n for n in game.active() if n not in hands and len(game.seats[n].hand) == 5]
    # More or less than five cards: a foul hand, not compared (Peel 64 rules on it).
    foul = [n for n in game.active() if len(game.seats[n].hand) != 5]
    result: dict[str, Any] = {"kind": "show", "pool": game.pool, "players": game.active(),
                              "hands": {n: {"cards": list(game.seats[n].hand),
                                            "value": v.describe()} for n, v in hands.items()}}
    relied = _best_at_show(game, result, hands, unknown, foul)
    if game.short_of_funds is not None:
        relied = (*relied, *_short_relied(game))
    if game.jackpot == 1:
        relied = (*relied, *game.rely("age_antes_again"))
    result["foul"] = foul
    game.outcome = result
    facts = {k: v for k, v in result.items() if k not in ("kind", "assumed")}
    facts["foul_at_show"] = bool(foul)
    facts["sole_hand"] = bool(foul) and len([n for n in game.active() if n not in foul]) == 1
    facts["by_hearts"], facts["tied_but_for_hearts"] = _by_hearts(game, result)
    facts["ranked_as_agreed"] = _as_agreed(game, result)
    facts.update(hand_facts({n: game.seats[n].hand for n in hands},
                            result.get("winners") or []))
    facts.update(_short_winner(game, result, hands))
    facts["table_stakes"] = table_stakes(game)
    facts["opener_unqualified"] = _false_opener_wins(game, result)
    if game.jackpot:
        facts["next_need"] = next_need(game)
    message = show_message(result)
    if "hands.order" in relied:
        message += ", by the order of the hands the engine assumes, the book giving none"
    if game.untold:  # said in the ruling: nothing before the show was told
        message += ("; the case tells nothing of the deal, the draw or the betting, which "
                    "are taken to have been regular")
    facts["deal_untold"] = game.untold
    facts["shown_in_order"] = list(game.shown)
    facts["closed_by"] = game.last_player
    game.find(Kind.SHOWDOWN, result.get("winner"), message, relied=relied,
              **facts)



def _best_at_show(game: Game, result: dict[str, Any], hands: dict[str, Any],
                  unknown: list[str], foul: list[str]) -> tuple[str, ...]:
    """Who holds the best hand at the show, into ``result``; the engine's assumptions it
    rests on."""
    relied: tuple[str, ...] = ()
    if unknown and game.declared_winner in game.active():
        # The cards are not named, but the table agreed whose hand was the best.
        result["winner"] = game.declared_winner
        result["winners"] = [game.declared_winner]
        result["best"] = "the best hand, as shown"
        result["declared"] = True
    elif unknown == [n for n in game.active() if n not in foul] and len(unknown) == 1:
        # The only hand of five at the show: the best of those that can be compared,
        # whatever its cards (the others being foul, Peel 64 rules on them).
        result["winner"] = unknown[0]
        result["winners"] = list(unknown)
        result["best"] = "the only hand of five cards"
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
        # Comparing two hands or more goes by the book's order of the hands, or, where
        # it ranks none, by the engine's (an assumption, said so).
        order = ("hand_order",) if len(hands) > 1 else ()
        relied = game.rely(*order, *_turns_on(game, winners))
        # Who wins rests on these, where the book gives none: the outcome names them.
        result["assumed"] = list(relied)
    return relied


def _short_relied(game: Game) -> tuple[str, ...]:
    """What the show rests on of the engine's assumptions, where a player put in all he
    had and demanded a show for it: that, not at table stakes, he put in what he had
    (``funds.short``), and that the others bet on after him (``turns.after_short_call``),
    where the table relied on it."""
    out = () if table_stakes(game) else game.rely("short_funds")
    return (*out, *(n for n in ("turns.after_short_call",) if n in game.relied))


def _false_opener_wins(game: Game, result: dict[str, Any]) -> bool:
    """Whether the best hand at the show is that of the jack-pot's opener, who did not hold
    the least hand that opens it (Peel 33: "if a player open a Jack-pot and win the
    stakes")."""
    if not game.jackpot or game.opener is None or result.get("winner") != game.opener:
        return False
    return openers(game, game.opener)[1] is False


def _by_hearts(game: Game, result: dict[str, Any]) -> tuple[bool, bool]:
    """Whether the book's preference for hearts decided the show (without it, the winners
    would be others), and whether it did so between hands that are otherwise equal, card
    for card (without it, the hand in hearts would share the best place): Peel's "ceteris
    paribus" (p. 31) turns on the second, law 69's flush in hearts on the first."""
    winners = result.get("winners")
    if not winners:
        return False, False
    plain = _values(game, replace(game.rules, hearts_break_ties=False, hearts_flush_best=False))
    if not plain:  # the cards were not named: the table declared the winner
        return False, False
    best = max(plain.values())
    tops = [n for n, v in plain.items() if v == best]
    decided = tops != list(winners)
    return decided, decided and len(tops) > 1 and set(winners) <= set(tops)


def _as_agreed(game: Game, result: dict[str, Any]) -> bool:
    """Whether the ranking the table agreed, held under the book's law on agreements,
    decided the show: under the book's own, the winners would be others."""
    book = book_rules(game)
    if game.rules.ranking == book.ranking or not result.get("winners"):
        return False
    own = _values(game, book)
    if not own:
        return False
    best = max(own.values())
    return [n for n, v in own.items() if v == best] != list(result["winners"])


def _short_winner(game: Game, result: dict[str, Any], hands: dict[str, Any]) -> dict[str, Any]:
    """Peel 60: a winner who demanded a show for all he had claims the ante and straddles,
    and a sum equal to his stake from each player in the game when he demanded it; the next
    best hand claims the remainder."""
    short = game.short_of_funds
    winner = result.get("winner")
    if short is None or winner != short[0]:
        return {"short_of_funds": False}
    name, in_game = short
    put_up = dict(game.straddles)
    if game.age not in put_up and game.blind_paid:
        put_up[game.age] = game.blind_unit
    own = game.seats[name].stake - put_up.get(name, 0)
    claim = sum(put_up.values()) + sum(
        min(game.seats[p].stake - put_up.get(p, 0), own) for p in in_game)
    claim = min(claim, game.pool)
    others = sorted(((v, n) for n, v in hands.items() if n != name), reverse=True)
    rest = [n for n in game.active() if n != name]  # the hands not named: one, or which?
    next_best = (others[0][1] if others else rest[0] if len(rest) == 1
                 else f"one of {names_text(rest)}" if rest else None)
    return {"short_of_funds": True, "claim": claim, "remainder": game.pool - claim,
            "next_best": next_best}


def _values(game: Game, rules: Rules) -> dict[str, Any]:
    """Each active player's hand value under ``rules``, where all five cards are named."""
    out = {}
    for n in game.active():
        hand = game.seats[n].hand
        if len(hand) == 5 and None not in hand:
            out[n] = evaluate([c for c in hand if c], rules.ranking)
    return out


_RANKING = {"ace_in_sequence": ("low_only", "high_only", "high_or_low"),
            "hearts_break_ties": (True, False), "hearts_flush_best": (True, False)}


def _turns_on(game: Game, winners: list[str]) -> list[str]:
    """The ranking rules, among those the book leaves to the engine, that would change
    who wins this show: only those the ruling depends on."""
    out = []
    for name, choices in _RANKING.items():
        if name not in game.rules.assumed:
            continue
        for choice in choices:
            changed: dict[str, Any] = {name: choice}
            hands = _values(game, replace(game.rules, **changed))
            best = max(hands.values())
            if [n for n, v in hands.items() if v == best] != winners:
                out.append(name)
                break
    return out


def show_message(result: dict[str, Any]) -> str:
    if result.get("winner"):
        if result.get("declared"):
            return f"the hands are shown, and {result['winner']}'s is the best"
        return f"the hands are shown, and {result['winner']}'s is the best ({result['best']})"
    if result.get("winners"):
        return ("the hands are shown, and " + " and ".join(result["winners"])
                + " hold hands equal in value")
    return "the hands are shown; " + str(result.get("why", "the winner cannot be told"))
