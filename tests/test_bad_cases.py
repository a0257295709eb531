"""Malformed case files: one clear line on stderr, naming file and line, exit 2, no traceback.

Each file here is a mistake a player makes writing a case by hand at the table:
a YAML slip, a player who is not at the table, a verb arbiter does not know,
a word where a number belongs, no table at all, and events that cannot
physically happen (acting after abandoning, a fifty-third card, a card in two
hands). ``arbiter replay`` is run as a user runs it, in a subprocess.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

TABLE = "table: {seats: [A, B, C], dealer: A, blind: 1, limit: 12}\n"
TEN = "table: {seats: [A, B, C, D, E, F, G, H, I, J], dealer: A, blind: 1, limit: 12}\n"

# name -> (file text, line the error must name, words the message must contain)
BAD: dict[str, tuple[str, int, tuple[str, ...]]] = {
    "yaml-syntax": (
        "table: {seats: [A, B, C], dealer: A, blind: 1, limit: 12\nevents:\n  - deal\n",
        2, ("YAML syntax error", "expected ','"),
    ),
    "unknown-player": (
        TABLE + "events:\n  - deal\n  - Z comes in\n",
        4, ("'Z' is not at the table", "expected one of 'A', 'B', 'C'"),
    ),
    "unknown-player-in-mapping": (
        TABLE + "events:\n  - deal\n  - {player: B, act: gives, to: Q, count: 2}\n",
        4, ("'Q' is not at the table",),
    ),
    "unknown-verb": (
        TABLE + "events:\n  - deal\n  - B wagers 3\n",
        4, ("cannot read 'B wagers 3'", "expected a verb"),
    ),
    "unknown-act-in-mapping": (
        TABLE + "events:\n  - deal\n  - {player: B, act: wagers, amount: 3}\n",
        4, ("events[1].act", "expected one of", "bets", "got text 'wagers'"),
    ),
    "unknown-key": (
        TABLE + "events:\n  - {act: deals, cardz: As Kd}\n",
        3, ("unknown key 'cardz'",),
    ),
    "limit-in-words": (
        "table: {seats: [A, B, C], dealer: A, blind: 1, limit: twelve}\nevents:\n  - deal\n",
        1, ("table.limit", "expected a whole number", "'twelve'"),
    ),
    "count-in-words": (
        TABLE + "events:\n  - deal\n  - {player: B, act: discards, count: three}\n",
        4, ("events[1].count", "expected a whole number"),
    ),
    "raises-to-a-total": (
        TABLE + "events:\n  - deal\n  - B comes in\n  - C raises to 6\n",
        5, ("cannot read 'C raises to 6'", "by how much he raised", "not the stake it came to"),
    ),
    "amount-unreadable": (
        TABLE + "events:\n  - deal\n  - B bets two blues\n",
        4, ("cannot read the amount", "expected a number of counters"),
    ),
    "no-table": (
        "title: B lifts six cards\nevents:\n  - deal\n",
        1, ("missing required key 'table'",),
    ),
    "no-events": (
        TABLE,
        1, ("missing required key 'events'",),
    ),
    "a-card-in-two-hands": (
        TABLE + "events:\n  - {act: deals, hands: {B: [As, Kd, Qh, Jc, 10s], C: [As]}}\n",
        3, ("step 1", "the As is already elsewhere"),
    ),
    "fifty-third-card-in-the-deal": (
        TEN + "events:\n  - {act: deals, counts: {A: 6, B: 6, C: 6, D: 6, E: 6, F: 6, G: 6,"
        " H: 6, I: 5}}\n",
        3, ("step 1", "more cards dealt than the pack holds"),
    ),
    "fifty-third-card-in-the-draw": (
        # Fifty dealt, two left, nothing discarded to gather: the third card does not exist.
        TEN + "events:\n  - deal\n" + "".join(f"  - {p} comes in\n" for p in "CDEFGHIJAB")
        + "  - A gives B 3\n",
        14, ("step 12", "fifty-third card"),
    ),
    "same-card-in-two-hands": (
        TABLE + "events:\n  - act: deals\n    hands: {B: As Kd, C: As 2c}\n",
        3, ("step 1", "the As is already elsewhere"),
    ),
    "a-seat-nobody-holds": (
        TABLE + "events:\n  - deal\n  - Z comes in\n",
        4, ("events[1]", "'Z' is not at the table"),
    ),
}


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "ARBITER_DEBUG"}
    return subprocess.run([sys.executable, "-m", "arbiter", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


@pytest.mark.parametrize("name", sorted(BAD))
def test_malformed_case_is_one_clear_line_and_exit_2(name: str, tmp_path: Path) -> None:
    text, line, words = BAD[name]
    (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    done = run("replay", f"{name}.yaml", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert re.match(rf"arbiter: error: {re.escape(name)}\.yaml:{line}(:\d+)?: ", lines[0]), lines[0]
    for w in words:
        assert w in lines[0], f"{w!r} not in {lines[0]!r}"


@pytest.mark.parametrize("name", ["yaml-syntax", "unknown-player", "unknown-verb",
                                  "limit-in-words", "no-table"])
def test_check_rejects_a_malformed_case(name: str, tmp_path: Path) -> None:
    text, line, _ = BAD[name]
    (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    done = run("check", f"{name}.yaml", cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert re.match(rf"{re.escape(name)}\.yaml:{line}(:\d+)?: ", done.stderr.splitlines()[0])


def test_check_accepts_a_good_case(root: Path) -> None:
    done = run("check", "cases/given-four-after-discarding-three.yaml",
               "cases/hoyle-going-better.yaml", cwd=root)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines() == [
        "cases/given-four-after-discarding-three.yaml: ok (case, 9 events; replays under "
        "peel with 1 irregularity)",
        "cases/hoyle-going-better.yaml: ok (case, 27 events; replays under hoyle with 0 "
        "irregularities)",
    ]


def test_check_refuses_a_case_whose_events_cannot_happen(tmp_path: Path, root: Path) -> None:
    bad = tmp_path / "two-aces.yaml"
    bad.write_text("table: {seats: [A, B], dealer: A, blind: 1, limit: 2}\n"
                   "events: [deal, B shows As Ks Qs Js 10s, A shows As Kh Qh Jh 10h]\n",
                   encoding="utf-8")
    done = run("check", str(bad), cwd=root)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"{bad}:2:41: events[2]: step 3 ('A shows As Kh Qh Jh 10h') cannot happen: the As is "
        "already elsewhere at the table")


def test_a_player_who_has_passed_and_bets_is_found_not_refused(tmp_path: Path,
                                                                root: Path) -> None:
    case = tmp_path / "after-passing.yaml"
    case.write_text("table: {seats: [A, B], dealer: A, blind: 1, limit: 2}\n"
                    "events: [deal, A comes in, B passes, B bets 1]\n", encoding="utf-8")
    done = run("check", str(case), cwd=root)
    assert done.returncode == 0, done.stderr
    assert "1 irregularity" in done.stdout
