"""One handler per act, in PokerKit's shape (a check, then an apply); see ``base``."""

from __future__ import annotations

from . import amends, cutting, deal, draw, say, sitting, talk
from .base import APPLIES, CHECKS, run
from .talk import finish

__all__ = ["APPLIES", "CHECKS", "amends", "cutting", "deal", "draw", "finish", "run", "say",
           "sitting", "talk"]
