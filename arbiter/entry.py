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

SIGINT (Ctrl-C) is taken over when this module is imported, which is the command's first
act (importing it is making the process arbiter's; nothing else imports it). Until ``main``
has begun it ends the process at once; from then on it raises ``Interrupted`` where the
program stands. It is no ``KeyboardInterrupt``, so nothing on the way (click among them)
takes it for its own: it unwinds every ``finally`` and cleaning-up ``except`` (a cache
entry or a new case half-made is removed; both are written to a temporary file and
renamed, so none is ever half-written) and is answered here with one line, "arbiter:
interrupted", and the status 130 (128 + SIGINT), as a shell gives it.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys

# Nothing is imported here but signal that Python has not imported already (contextlib by
# site), so that the time between the package's first line and main's, when a SIGINT is
# still Python's, is short.

EXIT_INTERRUPTED = 130  # 128 + SIGINT


class Interrupted(BaseException):
    """SIGINT, raised where the program stood when it came."""


_UNDER_WAY: list[bool] = []  # main has begun: there may be something to clean up


def _interrupt(signum: int, frame: object) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # one is enough: a second changes nothing
    if not _UNDER_WAY:
        interrupted()  # nothing of arbiter's is under way: end here and now
    raise Interrupted


_SWALLOWED: list[bool] = []  # an Interrupted raised where Python could only print it


def _unraisable(info: sys.UnraisableHookArgs) -> None:
    """A SIGINT that lands in a callback Python runs between two of the program's own
    steps (an import lock's weakref callback, a ``__del__``) raises ``Interrupted`` where
    nothing can catch it: Python would print "Exception ignored" and go on as if Ctrl-C had
    never come. It is kept instead, and answered when the command returns (before anything
    is flushed); a second Ctrl-C meanwhile is raised as usual."""
    if isinstance(info.exc_value, Interrupted):
        _SWALLOWED.append(True)
        signal.signal(signal.SIGINT, _interrupt)
        return
    sys.__unraisablehook__(info)


# Taken over as this module is imported, the first thing the command does (see above).
if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not nohup's SIG_IGN
    signal.signal(signal.SIGINT, _interrupt)
    sys.unraisablehook = _unraisable


def main() -> None:
    try:
        _UNDER_WAY.append(True)
        gc.disable()
        code = _command()
        if _SWALLOWED:
            interrupted()
        hard_exit(code)
    except (Interrupted, KeyboardInterrupt):
        interrupted()


def _command() -> object:
    """The command's status, as ``sys.exit`` was given it."""
    _msgspec_without_typing_extensions()
    from .cli import main as run

    try:
        run()
    except SystemExit as done:
        return done.code
    return 0


def _msgspec_without_typing_extensions() -> None:
    """msgspec imports typing_extensions whenever it is installed (another package's
    dependency, not arbiter's), only for the backports of ``get_type_hints``,
    ``Required`` and ``NotRequired`` that Python 3.11's own typing has. Kept from it, a
    ruling starts 11 million instructions sooner (``rule CASE``: 382 M -> 371 M, the
    floor 279 M; docs/speed.md). Only the command's own process is spared it, and only
    while msgspec loads: typing_extensions stays importable afterwards, for whoever
    wants it."""
    if "msgspec" in sys.modules or "typing_extensions" in sys.modules:
        return
    # click first, as cli imports it, so that the modules they share (datetime, uuid,
    # platform) are imported by click as before: msgspec's own start imports datetime's C
    # interface without looking for an error (PyDateTime_IMPORT), so a SIGINT raised while
    # msgspec itself imports datetime leaves that interface unset, and the first conversion
    # then ends the process with a segmentation fault (test_hostile_corpus's SIGINT test).
    import click  # noqa: F401

    sys.modules["typing_extensions"] = None  # type: ignore[assignment]  # "not installed"
    try:
        import msgspec  # noqa: F401  # the lazy import is the point (see above)
    finally:
        del sys.modules["typing_extensions"]


def interrupted() -> None:
    """One line on stderr, and the process ends with 130; what stdout holds unwritten is
    dropped, never flushed half-way."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # stderr is gone: the status still says it
        os.write(2, b"arbiter: interrupted\n")
    os._exit(EXIT_INTERRUPTED)


def hard_exit(code: object) -> None:
    """Flush standard output and error and end the process with ``code``, as ``sys.exit``
    would word it (None is 0; text is written to stderr, and the status is 1). The command
    is done: a SIGINT from here on changes nothing."""
    with contextlib.suppress(ValueError):  # not in the main thread
        signal.signal(signal.SIGINT, signal.SIG_IGN)
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
