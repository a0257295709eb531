"""One handler per act, in PokerKit's shape (a check, then an apply); see ``base``."""

from __future__ import annotations

from . import amends, cutting, deal, draw, say, talk
from .base import HANDLERS, Handler, run
from .talk import finish

__all__ = ["HANDLERS", "Handler", "amends", "cutting", "deal", "draw", "finish", "run", "say",
           "talk"]
