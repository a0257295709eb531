"""Comparing a replay (and later a ruling) with the expectations a case carries."""

from __future__ import annotations

from typing import Any

from arbiter.findings import Kind
from arbiter.replay import Replay

OUTCOME_KINDS = {Kind.SHOWDOWN, Kind.WON_UNCALLED, Kind.NOT_OPENED}


def irregularities(r: Replay) -> list[dict[str, Any]]:
    return [
        {"kind": str(f.kind), "step": f.step, "player": f.player}
        for f in r.findings
        if f.kind not in OUTCOME_KINDS
    ]


def replay_differences(r: Replay, expect: dict[str, Any]) -> list[str]:
    """Every way the replay differs from ``expect``; empty when it agrees."""
    diffs = []
    if "pool" in expect and r.final.pool != expect["pool"]:
        diffs.append(f"pool: expected {expect['pool']}, replay has {r.final.pool}")
    for who, stake in expect.get("stakes", {}).items():
        if r.stake(who) != stake:
            diffs.append(f"{who}'s stake: expected {stake}, replay has {r.stake(who)}")
    for who, status in expect.get("statuses", {}).items():
        if r.status(who) != status:
            diffs.append(f"{who}'s status: expected {status}, replay has {r.status(who)}")
    for key, value in expect.get("outcome", {}).items():
        if r.outcome.get(key) != value:
            diffs.append(f"outcome {key}: expected {value!r}, replay has {r.outcome.get(key)!r}")
    for want in expect.get("steps", []):
        step = r.steps[want["step"]]
        if "pool" in want and step.pool != want["pool"]:
            diffs.append(f"step {want['step']} pool: expected {want['pool']}, got {step.pool}")
        for who, stake in want.get("stakes", {}).items():
            got = step.stakes[r.seats.index(who)]
            if got != stake:
                diffs.append(f"step {want['step']} {who}'s stake: expected {stake}, got {got}")
        if "turn" in want and step.turn != want["turn"]:
            diffs.append(f"step {want['step']} turn: expected {want['turn']}, got {step.turn}")
    got = irregularities(r)
    wanted = [
        {"kind": f["kind"], "step": f["step"], "player": f.get("player")}
        for f in expect.get("findings", [])
    ]
    for w in wanted:
        if w not in got:
            diffs.append(f"missing finding {w}")
    for g in got:
        if g not in wanted:
            diffs.append(f"unexpected finding {g}")
    for f in expect.get("findings", []):
        for fact, value in f.get("facts", {}).items():
            match = [x for x in r.findings if str(x.kind) == f["kind"] and x.step == f["step"]]
            if match and match[0].facts.get(fact) != value:
                diffs.append(
                    f"finding {f['kind']} at step {f['step']}: fact {fact} expected {value!r}, "
                    f"got {match[0].facts.get(fact)!r}"
                )
    return diffs
