"""The sitting: one deal ends and the next begins (``next deal``), dealt by whom the book
says; a deal made by another is found (``wrong_dealer``)."""

from __future__ import annotations

from ...terms.vocabulary import Act, Kind
from ..cases import Event
from ..deals import begin_next_deal, next_dealer
from ..game import Game, OutOfPlace, Phase
from .base import applies, checks
from .talk import finish


@checks(Act.NEXT_DEAL)
def check_next_deal(game: Game, ev: Event) -> None:
    if game.phase == Phase.BEFORE_DEAL:
        raise OutOfPlace("no deal has been made yet: 'next deal' ends one deal and begins "
                         "the next")


@applies(Act.NEXT_DEAL)
def apply_next_deal(game: Game, ev: Event) -> None:
    """End the deal as the events leave it (the show, the openers), then begin the next:
    dealt by the player the book names, or by the one the event names, who is found if
    it was not his deal."""
    finish(game)
    due = next_dealer(game)
    last = game.dealer
    dealer = ev.player or due
    begin_next_deal(game, dealer)
    if dealer != due:
        game.find(Kind.WRONG_DEALER, dealer, f"{dealer} dealt deal {game.deal} of the "
                  f"sitting, but it was {due}'s deal, on the left of {last}, who dealt "
                  "the last", expected=due, last_dealer=last, relied=game.rely("deal_passes"))
