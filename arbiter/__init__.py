"""arbiter: settle card-table disputes by the old authorities.

The library is used as::

    from arbiter import load_rulebook
    peel = load_rulebook("peel")
    print(peel.law(45).text)
"""

from .errors import ArbiterError, InputError
from .laws import Law, Rulebook
from .rulebooks import Library, load_rulebook

__all__ = ["ArbiterError", "InputError", "Law", "Library", "Rulebook", "load_rulebook"]
__version__ = "0.1.0"
