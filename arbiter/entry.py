"""The ``arbiter`` command's entry point: the process set up for one short run, then the CLI.

A ruling makes little garbage and the process ends as soon as it is written, so the cyclic
garbage collector is turned off before anything else is imported: collecting while click,
PyYAML and arbiter's own modules load costs a cold start more than most of them take to
load. A run over many cases turns it on again (``arbiter.cli.run_cases``). Reference
counting frees everything else as usual.

The process also ends at once when the command is done, as mypy's does: the output is
flushed and the process exits with the command's status, without the interpreter's
teardown. That teardown frees every object one by one and runs full collections at exit,
whatever the collector's setting, and it cost a ruling more than its judging. Nothing is
left undone by skipping it: arbiter writes its files whole before it returns (the cache
by a rename), and registers nothing to run at exit. An error that is not arbiter's own
(shown with ``ARBITER_DEBUG=1``) ends the process the usual way, with its traceback.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys


def main() -> None:
    gc.disable()
    from .cli import main as run

    try:
        run()
    except SystemExit as done:
        hard_exit(done.code)
    hard_exit(0)


def hard_exit(code: object) -> None:
    """Flush standard output and error and end the process with ``code``, as ``sys.exit``
    would word it (None is 0; text is written to stderr, and the status is 1)."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:
        status = 1
        with contextlib.suppress(OSError, ValueError, AttributeError):
            print(code, file=sys.stderr)
    for stream in (sys.stdout, sys.stderr):
        # what could not be written is lost either way; the status still stands
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    os._exit(status & 0xFF)  # as the system would take sys.exit's status (-1 is 255)
