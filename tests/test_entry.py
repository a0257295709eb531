"""The command's process ends at once when it is done (``arbiter.entry``): everything it
had to write is written, and its status is the command's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.load import cache


def run(code: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120,
                          env={**os.environ, **env})


@pytest.mark.parametrize("code, status, err", [
    ("None", 0, b""), ("0", 0, b""), ("2", 2, b""), ("300", 300 & 0xFF, b""),
    ("-1", 255, b""), ("'arbiter: stopped'", 1, b"arbiter: stopped\n"),
])
def test_hard_exit_flushes_and_ends_with_the_status(code: str, status: int,
                                                    err: bytes) -> None:
    done = run("import sys\nfrom arbiter.entry import hard_exit\n"
               "sys.stdout.write('x' * 200_000)\n"
               f"hard_exit({code})\nprint('never')")
    assert done.returncode == status
    assert done.stdout == b"x" * 200_000
    assert done.stderr == err


def test_a_long_output_reaches_a_pipe_whole() -> None:
    done = subprocess.run([sys.executable, "-m", "arbiter", "laws", "peel", "--format", "json"],
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) > 80


def test_the_cache_entry_is_written_whole_before_the_process_ends(tmp_path: Path) -> None:
    env = {**os.environ, "ARBITER_CACHE_DIR": str(tmp_path)}
    env.pop("ARBITER_NO_CACHE", None)
    first = subprocess.run([sys.executable, "-m", "arbiter", "rule", "peel-the-say"],
                           capture_output=True, timeout=120, env=env)
    assert first.returncode == 0, first.stderr
    entries = sorted(tmp_path.glob("*.json"))
    assert entries and not list(tmp_path.glob("*.tmp"))
    for path in entries:  # each whole: its digest is that of all it holds
        head, _, body = path.read_bytes().partition(b"\n")
        assert json.loads(head)["digest"] == cache.digest(path.stem.encode(), body)
    second = subprocess.run([sys.executable, "-m", "arbiter", "rule", "peel-the-say"],
                            capture_output=True, timeout=120, env=env)
    assert second.stdout == first.stdout


def test_an_error_shown_with_arbiter_debug_ends_the_usual_way(tmp_path: Path) -> None:
    (tmp_path / "case.yaml").write_text("{[", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "arbiter", "rule", str(tmp_path / "case.yaml")],
                          capture_output=True, timeout=120,
                          env={**os.environ, "ARBITER_DEBUG": "1"})
    assert done.returncode == 1
    assert b"Traceback" in done.stderr


# A Ctrl-C that lands in a callback Python runs between two of the program's own steps (a
# weakref callback, as importlib's module locks have; a ``__del__``): the Interrupted raised
# there cannot propagate. Python would print "Exception ignored" and run on to status 0.
_IN_A_CALLBACK = """
import os, signal, sys, weakref
from arbiter import entry
ruling = entry._command
def command():
    class Held: pass
    held = Held()
    def callback(ref):
        os.kill(os.getpid(), signal.SIGINT)
        sum(range(10))  # the handler runs here, inside the callback
    ref = weakref.ref(held, callback)
    del held
    return ruling()
entry._command = command
sys.argv = ["arbiter", "rule", "peel-the-say"]
entry.main()
"""


def test_ctrl_c_inside_a_callback_still_ends_the_run_with_one_line_and_130() -> None:
    whole = subprocess.run([sys.executable, "-m", "arbiter", "rule", "peel-the-say"],
                           capture_output=True, timeout=120).stdout
    done = run(_IN_A_CALLBACK)
    assert done.stderr == b"arbiter: interrupted\n"
    assert done.returncode == 130
    assert done.stdout in (b"", whole)
