"""``arbiter replay CASE``: the table step by step, for people (text) and scripts (json).

The three books' worked examples are replayed through the command and their
final figures checked against the books: the JSON's last state gives each
player's ``stake`` and ``status`` and the ``pool`` total; the text shows each
step's event, whose turn it is, the stakes, and any finding under the step
where it arose.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from arbiter.cli import cli

# The books' own figures at the end of each worked example.
WORKED = {
    # Foster, Complete Hoyle, "Betting up the hands": sixteen whites; A and D eight blues
    # and a red besides their antes; B drops four blues and a red besides straddle and ante
    # (white 1, red 5, blue 10: the case's choice of values).
    "cases/foster-betting-up-the-hands.yaml": {
        "rulebook": "foster",
        "pool": 16 + 3 * 5 + 20 * 10,
        "players": {"A": (4 + 85, "in"), "B": (4 + 45, "passed"), "C": (4, "passed"),
                    "D": (4 + 85, "in"), "E": (0, "passed")},
    },
    # Hoffmann pp. 121-129: nine each before the draw; after it D goes five, E ten
    # better, B five better, D passes, E ten better again, and B sees him.
    "cases/hoyle-going-better.yaml": {
        "rulebook": "hoyle",
        "pool": 101,
        "players": {"A": (0, "passed"), "B": (39, "in"), "C": (9, "passed"),
                    "D": (14, "passed"), "E": (39, "in")},
    },
    # Peel pp. 35-38, in pence: B and C four shillings each; the pool of 5s. 6d. besides.
    "cases/peel-the-say.yaml": {
        "rulebook": "peel",
        "pool": 126,
        "players": {"A": (24, "passed"), "B": (48, "in"), "C": (48, "in"),
                    "D": (0, "passed"), "E": (6, "passed")},
    },
}


def replay(*args: str) -> str:
    result = CliRunner().invoke(cli, ["replay", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def replay_json(*args: str) -> Any:
    return json.loads(replay(*args, "--format", "json"))


@pytest.mark.parametrize("case", sorted(WORKED))
def test_json_last_state_gives_each_players_stake_and_status_and_the_pool(
    case: str, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(root)
    want = WORKED[case]
    data = replay_json(case)
    assert data["rulebook"] == want["rulebook"]  # the case's own rulebook by default
    final = data["final"]
    assert final["pool"] == want["pool"]
    got = {p: (v["stake"], v["status"]) for p, v in final["players"].items()}
    assert got == want["players"]
    assert final["pool"] == sum(v["stake"] for v in final["players"].values())
    last = data["steps"][-1]
    assert last["players"] == final["players"] and last["pool"] == final["pool"]
    assert sum(last["cards"].values()) == 52
    # Every event is a step, after the table as it stood before the deal.
    assert [s["step"] for s in data["steps"]] == list(range(len(data["steps"])))
    assert data["steps"][0]["event"] == "the table before the deal"


def test_json_steps_carry_event_turn_stakes_and_findings(root: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(root)
    data = replay_json("cases/hoyle-going-better.yaml")
    step9 = data["steps"][9]
    assert step9["event"] == "D comes in 3"
    assert step9["line"] == 28
    assert step9["phase"] == "the draw"
    assert step9["turn"] == "B"  # the Age draws first in Hoffmann
    assert {p: v["stake"] for p, v in step9["players"].items()} == {
        "A": 0, "B": 9, "C": 9, "D": 9, "E": 9}
    assert step9["pool"] == 36
    assert data["outcome"]["winner"] == "B"

    peel = replay_json("cases/hoyle-going-better.yaml", "--rulebook", "peel")
    assert peel["rulebook"] == "peel"
    held = peel["steps"][18]["findings"]
    assert [(f["kind"], f["player"], f["step"]) for f in held] == [
        ("held_without_right", "B", 18)]
    assert peel["findings"][0]["kind"] == "held_without_right"


def test_text_shows_step_event_turn_stakes_pool_and_findings(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(root)
    out = replay("cases/hoyle-going-better.yaml", "--rulebook", "peel")
    lines = out.splitlines()
    assert lines[0] == "Hoffmann, going better  [rulebook: peel]"
    assert "A deals; B has the age. Blind 1, limit 12." in lines[1]
    header = next(i for i, x in enumerate(lines) if x.startswith("step"))
    assert lines[header].split() == ["step", "line", "event", "phase", "turn",
                                     "A", "B", "C", "D", "E", "pool"]
    row9 = next(x for x in lines if re.match(r"\s*9\s+28\s", x))
    assert re.search(r"D comes in 3\s+the draw\s+B\s+0 out\s+9 \(5\)\s+9 \(5\)\s+9 \(5\)"
                     r"\s+9 \(5\)\s+36$", row9), row9
    i18 = next(i for i, x in enumerate(lines) if re.match(r"\s*18\s+37\s+B holds the age", x))
    assert lines[i18 + 1].strip() == "! held_without_right: B held the say"
    assert "Outcome: B shows the best hand (threes); the pool holds 101." in lines


def test_text_shows_a_finding_under_the_step_it_arose(root: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(root)
    out = replay("cases/given-four-after-discarding-three.yaml")
    lines = out.splitlines()
    i = next(i for i, x in enumerate(lines) if re.match(r"\s*9\s+\d+\s+A gives B 4\s", x))
    assert lines[i + 1].strip() == "! given_more_than_asked: B asked for 3 and was given 4"
    assert lines[i].split()[-1] == "6"  # pool: B's blind made good, C's and D's two
    assert "Outcome: the events end the draw, with 6 in the pool." in lines
