"""Run the ``arbiter`` command in this process: exit status, stdout and stderr.

Fast enough for hundreds of inputs; the few faults that need a real process (a closed
stdout, a full device, an output encoding) are run with ``subprocess`` where they are tested.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass
class Result:
    code: int
    out: str
    err: str


@contextlib.contextmanager
def _env(extra: dict[str, str] | None) -> Iterator[None]:
    old = {k: os.environ.get(k) for k in (extra or {})}
    os.environ.update(extra or {})
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@contextlib.contextmanager
def _stdin(data: bytes | None, encoding: str) -> Iterator[None]:
    """Standard input holding ``data``, as a text stream of ``encoding`` over its bytes (the
    locale's, which arbiter must not trust), or left as it is."""
    if data is None:
        yield
        return
    import sys

    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding=encoding, errors="strict")
    try:
        yield
    finally:
        sys.stdin = old


def run(*argv: str, env: dict[str, str] | None = None, stdin: bytes | None = None,
        stdin_encoding: str = "utf-8") -> Result:
    from arbiter.cli import main

    out, err = io.StringIO(), io.StringIO()
    code: int | str | None = 0
    with _env(env), _stdin(stdin, stdin_encoding), contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(err):
        try:
            main(list(argv))
        except SystemExit as exc:
            code = exc.code
    return Result(code if isinstance(code, int) else 1, out.getvalue(), err.getvalue())
