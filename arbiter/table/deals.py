"""The sitting: one deal ends and the next begins, dealt by whom the book says, with what
it carries over (a jack-pot's pool, the series of jack-pots); and a case that tells only
the show, whose deal is taken to have been regular."""

from __future__ import annotations

from .game import Game, Phase


def next_dealer(game: Game, rely: bool = True) -> str:
    """Who deals the next deal, as the book says (``deal.passes``): the player on the
    dealer's left, or the player who took the pool. ``rely``: the table goes by it."""
    if rely:
        game.rely("deal_passes")
    winner = game.outcome.get("winner")
    if game.rules.deal_passes == "to_winner" and winner in game.seats:
        return str(winner)
    return game.left_of(game.dealer)


def jackpot_next(game: Game) -> bool:
    """Whether the next deal is a jack-pot: this one ended with nobody come in, and the
    table plays jack-pots (the book's own outcome: Peel 29, Hoffmann p. 132)."""
    played = game.agreed.jackpots if game.agreed is not None else None
    return game.outcome.get("kind") == "not_opened" and played is not False


def begin_next_deal(game: Game, dealer: str) -> None:
    """End this deal and begin the next, dealt by ``dealer``. What the book carries
    over comes with it: a jack-pot's pool (the ante and straddles remain in it, Peel
    29), the series of jack-pots; the findings and what the table relied on."""
    if game.deal == 1:
        for f in game.findings:  # the first deal's, told apart from the later ones'
            f.facts.setdefault("deal", 1)
            f.facts.setdefault("dealer", game.dealer)
            f.facts.setdefault("age", game.age)
    jack = jackpot_next(game)
    game.deals.append({"deal": game.deal, "dealer": game.dealer,
                       "outcome": game.outcome.get("kind"),
                       "winner": game.outcome.get("winner"), "pool": game.pool,
                       "jackpot": game.jackpot})
    funds = {n: s.funds for n, s in game.seats.items()}
    winner = game.outcome.get("winner")
    if winner in funds and funds[winner] is not None:
        funds[winner] = (funds[winner] or 0) + game.pool
    carried = game.pool if jack else 0
    keep = {"findings", "step", "line", "relied", "merged", "settled", "deals", "agreed",
            "table_blind", "deal_cuts", "precedence", "rules"}
    fresh = Game(game.names, dealer, game.table_blind, game.limit, game.rules,
                 jackpot=game.jackpot + 1 if jack else 0, carried=carried,
                 stakes={n: f for n, f in funds.items() if f is not None} or None,
                 precedence=game.precedence, agreed=game.agreed, values=game.values)
    game.__dict__.update({k: v for k, v in fresh.__dict__.items() if k not in keep})
    game.deal = len(game.deals) + 1
    game.deal_began = game.step


def assume_regular_deal(game: Game) -> None:
    """The case tells nothing before the show: the deal, the draw and the betting are
    taken to have been regular, five cards to each, and the show begins."""
    for seat in game.seats.values():
        seat.hand = [game.pack.pop() for _ in range(5)]
        seat.dealt = tuple(seat.hand)
    game.untold = True
    game.phase = Phase.SHOW


def first_of_deal(game: Game) -> bool:
    """Whether the event now is the first this deal has."""
    return game.step == game.deal_began + 1
