"""What every file format shares: numbers as arbiter means them.

A whole number is an ``int`` (never ``2.0`` or ``true``: msgspec's strict conversion
refuses both), and every number is finite and at most ``MAX_INT`` in size, so ``.nan``,
``.inf`` and ``10**400`` are refused where they are read, with their place in the file.
"""

from __future__ import annotations

from typing import Annotated, Any

from msgspec import UNSET, Meta

MAX_INT = 1_000_000_000  # counters, cards, pages: no real value comes near it

Int = Annotated[int, Meta(ge=-MAX_INT, le=MAX_INT)]
Number = Annotated[float, Meta(ge=-MAX_INT, le=MAX_INT)]
Ref = Int | str  # a law's number, or the short name of an unnumbered passage
Cites = Annotated[list[Ref], Meta(min_length=1)]  # the laws a provision or setting rests on

# The default of a key a file may leave out. A missing key takes it, and the published
# schema leaves such a key out of "required" and gives it no default. These Structs are
# a format to check files against and to generate the schema from; nothing reads the
# values of one, so a field is declared by the type a file gives it (``str``), not as a
# union with ``UnsetType``: a typing union over an ``Annotated`` type costs the format's
# import several thousand instructions each (a first run, which imports the rulebook's
# format: 11 M instructions; every ruling, which imports the case's: 3 M; docs/speed.md).
OMITTED: Any = UNSET
