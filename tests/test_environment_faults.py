"""Faults of the surroundings, each answered with one line and exit 2, in real processes.

A full disk, a closed stdout, an output encoding that cannot hold the text, an unreadable
rulebook directory, a case that is a FIFO or ``/dev/zero``, a 50 MB case under a memory
limit; and a reader who stops reading, which is no error at all (exit 0, nothing said).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from inproc import run

ROOT = Path(__file__).resolve().parent.parent
CASE = str(ROOT / "cases" / "given-four-after-discarding-three.yaml")
ARBITER = [sys.executable, "-m", "arbiter"]


def arbiter(*args: str, env: dict[str, str] | None = None,
            **kw: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*ARBITER, *args], env={**os.environ, **(env or {})},
                          cwd=ROOT, timeout=60, capture_output=True, **kw)  # type: ignore[call-overload]


def one_line(done: subprocess.CompletedProcess[bytes]) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, (done.returncode, err)
    assert len(err.splitlines()) == 1, err
    assert "internal error" not in err and "Traceback" not in err
    return err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_stdout_on_a_full_device_is_exit_2() -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([*ARBITER, "laws", "peel"], stdout=full, stderr=subprocess.PIPE,
                              cwd=ROOT, timeout=60)
    assert "cannot write the output" in one_line(done)


def test_a_closed_stdout_is_exit_2() -> None:
    done = subprocess.run(["sh", "-c", '"$@" >&-', "sh", *ARBITER, "law", "peel", "45"],
                          stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    assert "standard output is closed" in one_line(done)


def test_an_output_encoding_without_the_dash_writes_a_replacement() -> None:
    done = arbiter("law", "peel", "1", env={"PYTHONIOENCODING": "latin-1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("latin-1").startswith("Peel, law 1 ? The Deal")
    done = arbiter("rule", CASE, "--rulebook", "all", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""


def test_a_reader_who_stops_reading_is_no_error() -> None:
    proc = subprocess.Popen([*ARBITER, "laws", "peel", "--format", "json"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before arbiter has written anything
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0
    assert err == b""


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() == 0,
                    reason="root reads any directory")
def test_an_unreadable_rulebook_directory_is_exit_2(tmp_path: Path) -> None:
    d = tmp_path / "club"
    d.mkdir()
    d.chmod(0)
    try:
        err = one_line(arbiter("rulebooks", env={"ARBITER_RULEBOOKS": str(d)}))
    finally:
        d.chmod(0o700)
    assert str(d) in err


def test_an_unreadable_rulebook_directory_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same as the kernel answers it to a user who may not read it (root may)."""
    d = tmp_path / "club"
    d.mkdir()
    monkeypatch.setattr(os, "access", lambda *_a, **_k: False)
    r = run("rulebooks", env={"ARBITER_RULEBOOKS": str(d)})
    assert r.code == 2 and len(r.err.splitlines()) == 1 and "cannot be read" in r.err
    monkeypatch.undo()

    listdir = os.listdir

    def refuse(path: str) -> list[str]:
        if os.fspath(path) == str(d):
            raise PermissionError(13, "Permission denied", str(path))
        return listdir(path)

    monkeypatch.setattr(os, "listdir", refuse)
    r = run("rulebooks", "--rulebooks", str(d))
    assert r.code == 2 and len(r.err.splitlines()) == 1, r.err
    assert str(d) in r.err and "Permission denied" in r.err


def _limited() -> None:  # in the child: at most 1 GiB of address space
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_a_device_and_a_huge_file_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "case.yaml"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as fh:
        fh.write(b"table: {seats: [A, B], dealer: A, blind: 1, limit: 2}\nevents: [deal]\n")
        fh.truncate(50 * 1024 * 1024)
    for path in (fifo, Path("/dev/zero"), huge):
        for cmd in ("rule", "check"):
            done = subprocess.run([*ARBITER, cmd, str(path)], capture_output=True, cwd=ROOT,
                                  timeout=30, preexec_fn=_limited)
            assert str(path) in one_line(done)
