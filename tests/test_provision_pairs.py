"""The check that no two provisions can both apply and disagree, on a book of thousands.

The provisions are compared only within the parts that the values they test leave
together; these tests show the split loses no conflict and invents none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from inproc import run


def book(tmp_path: Path, provisions: list[dict[str, Any]]) -> str:
    p = tmp_path / "big.yaml"
    p.write_text(yaml.safe_dump({"id": "big", "title": "Big", "laws": [{"ref": 1, "text": "A."}],
                                 "provisions": provisions}), encoding="utf-8")
    return str(p)


def provision(i: int, decision: str, **when: Any) -> dict[str, Any]:
    return {"id": f"p{i}", "finding": "wrong_number_dealt", "when": when, "decision": decision,
            "cites": [1]}


DECISIONS = ["foul_hand", "corrected", "must_take"]


def test_three_thousand_provisions_told_apart_by_a_value_are_ok(tmp_path: Path) -> None:
    provs = [provision(i, DECISIONS[i % 3], count=i, lifted=i % 2 == 0) for i in range(3000)]
    r = run("check", book(tmp_path, provs))
    assert r.code == 0, r.err
    assert "3000 provisions" in r.out


def test_one_overlapping_pair_among_three_thousand_is_found(tmp_path: Path) -> None:
    provs = [provision(i, DECISIONS[i % 3], count=i) for i in range(3000)]
    provs.append(provision(3000, "misdeal", count=[17, 2999]))  # meets p2999 (and p17)
    r = run("check", book(tmp_path, provs))
    assert r.code == 2 and len(r.err.splitlines()) == 1
    assert "'p3000' and 'p17'" in r.err or "'p3000' and 'p2999'" in r.err


def test_a_provision_with_no_condition_meets_every_other(tmp_path: Path) -> None:
    provs = [provision(i, "foul_hand", count=i) for i in range(100)]
    provs.append(provision(100, "corrected"))  # no 'when': it applies wherever the others do
    r = run("check", book(tmp_path, provs))
    assert r.code == 2 and "'p100' and 'p0'" in r.err, r.err


def test_a_comparison_overlaps_the_values_it_lets_through(tmp_path: Path) -> None:
    """'count: {at_least: 50}' meets 'count: 50', never 'count: 0' (law.conditions)."""
    provs = [provision(i, "foul_hand", count=i) for i in range(100)]
    provs.append(provision(100, "corrected", count={"at_least": 50}))
    r = run("check", book(tmp_path, provs))
    assert r.code == 2 and "'p100' and 'p50'" in r.err, r.err
    r = run("check", book(tmp_path, provs[:50] + provs[100:]))
    assert r.code == 0, r.err
