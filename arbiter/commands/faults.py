"""A file's fault as the commands show it: worded by the most telling of its faults."""

from __future__ import annotations

from ..errors import ArbiterError
from ..load.formats.check import FormatFault


def reworded(exc: ArbiterError) -> ArbiterError:
    """A format fault found by msgspec, worded again by jsonschema (which names the choices
    of a misspelt act, the meaning of a missing key); any other error as it is."""
    if not isinstance(exc, FormatFault):
        return exc
    # Lazy: jsonschema takes longer to import than a ruling takes, and words only a fault.
    from ..load.validate import reword

    return reword(exc)
