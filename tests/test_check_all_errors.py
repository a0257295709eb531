"""`arbiter check` reports every fault it can find in a file in one run, one line each."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<column>\d+): (?P<path>\S+): (?P<msg>.+)$")

TABLE = "table:\n  seats: [A, B, C]\n  dealer: A\n  blind: 1\n  limit: 12\n"


def check(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "ARBITER_DEBUG"}
    return subprocess.run([sys.executable, "-m", "arbiter", "check", path.name, *extra],
                          cwd=path.parent, env=env, capture_output=True, text=True,
                          timeout=60)


def write(tmp_path: Path, text: str, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_three_independent_faults_are_three_lines_then_exit_2(tmp_path: Path) -> None:
    case = write(tmp_path, TABLE + "events:\n"
                 "  - deal\n"
                 "  - C wagers 3\n"                                  # a verb nobody knows
                 "  - {player: B, act: discards, count: three}\n"    # a word for a number
                 "  - Z comes in\n")                                 # nobody called Z
    done = check(case)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 3, done.stderr
    found = [LINE.match(line) for line in lines]
    assert all(found), lines
    assert [(m["line"], m["path"]) for m in found if m] == [
        ("8", "events[1]"), ("9", "events[2].count"), ("10", "events[3]")]
    assert "wagers" in lines[0] and "whole number" in lines[1] and "'Z'" in lines[2]


def test_faults_of_the_schema_and_of_reading_events_are_reported_together(
        tmp_path: Path) -> None:
    case = write(tmp_path, TABLE.replace("limit: 12", "limit: 12\n  colour: red")
                 + "events:\n  - deal\n  - B bets lots\n"
                 "dispute: {raised_by: Q, question: Fair?}\nexpected: {}\n")
    lines = check(case).stderr.splitlines()
    paths = [m["path"] for m in map(LINE.match, lines) if m]
    assert paths == ["table.colour", "events[1]", "dispute.raised_by", "expected"], lines


def test_a_fault_in_the_table_does_not_bury_the_others(tmp_path: Path) -> None:
    case = write(tmp_path, TABLE.replace("blind: 1", "blind: 2.0")
                 + "events:\n  - deal\n  - {act: discards, player: B, count: 3.0}\n")
    lines = check(case).stderr.splitlines()
    assert [m["path"] for m in map(LINE.match, lines) if m] == [
        "table.blind", "events[1].count"], lines
    assert "expected a whole number, got float 2.0" in lines[0]


def test_many_faults_stop_at_the_cap_and_say_so(tmp_path: Path) -> None:
    from arbiter.ruling.checking import MAX_ERRORS

    case = write(tmp_path, TABLE + "events:\n  - deal\n"
                 + "".join(f"  - Z{i} comes in\n" for i in range(MAX_ERRORS + 5)))
    lines = check(case).stderr.splitlines()
    assert len(lines) == MAX_ERRORS + 1
    assert lines[-1] == f"case.yaml: stopped after {MAX_ERRORS} errors; fix these and check again"


def test_json_lists_every_fault(tmp_path: Path) -> None:
    case = write(tmp_path, TABLE + "events:\n  - deal\n  - C wagers 3\n  - Z comes in\n")
    done = check(case, "--format", "json")
    assert done.returncode == 2
    [result] = json.loads(done.stdout)
    assert result["ok"] is False
    assert [(e["line"], e["path"]) for e in result["errors"]] == [
        (8, "events[1]"), (9, "events[2]")]


def test_a_rulebook_with_several_schema_faults_reports_each(tmp_path: Path) -> None:
    book = write(tmp_path, "id: club\ntitle: Club\nlaws:\n"
                 "  - {ref: 1, text: One., pagee: 3}\n"
                 "  - {ref: 2, text: Two., effect: decide}\n", name="club.yaml")
    lines = check(book).stderr.splitlines()
    paths = [m["path"] for m in map(LINE.match, lines) if m]
    assert paths == ["laws[0].pagee", "laws[1].effect"], lines


def test_a_good_case_is_still_ok(root: Path) -> None:
    done = check(root / "cases" / "peel-the-say.yaml")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("peel-the-say.yaml: ok (case, 25 events;")


def test_a_missing_table_key_says_what_it_is_for(tmp_path: Path) -> None:
    case = write(tmp_path, TABLE.replace("  limit: 12\n", "") + "events:\n  - deal\n")
    [line] = check(case).stderr.splitlines()
    assert line == ("case.yaml:1:1: table: missing required key 'limit': the most by which a "
                    "player may increase the stake at one time")
