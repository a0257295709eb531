"""The ``arbiter`` command's entry point: the process set up for one short run, then the CLI.

A ruling makes little garbage and the process ends as soon as it is written, so the cyclic
garbage collector is turned off before anything else is imported: collecting while click,
PyYAML and arbiter's own modules load costs a cold start more than most of them take to
load. A run over many cases turns it on again (``arbiter.cli.run_cases``). Reference
counting frees everything else as usual.
"""

from __future__ import annotations

import gc


def main() -> None:
    gc.disable()
    from .cli import main as run

    run()
