"""The shipped cases with their events mutated (hypothesis): a ruling or one line, never exit 3.

Events are dropped, repeated, swapped, moved, cut short, given other players, numbers or
cards, or replaced by lines assembled from the case's own words and some that are not
words at all. Whatever comes of it, ``arbiter rule`` under every book answers with a ruling
(exit 0), "could not rule" (exit 1), or one line of bad input naming the file (exit 2).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inproc import run

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))
DIR = Path(tempfile.mkdtemp(prefix="arbiter-mutants-"))
WORDS = ["deal", "discards", "gives", "asks", "for", "bets", "raises", "calls", "passes",
         "lifts", "straddles", "blinds", "comes", "in", "shows", "claims", "states", "draws",
         "a", "red", "blue", "white", "and", "two", "three", "0", "1", "2", "3", "5", "12",
         "99", "-1", "²", "①", "As", "Kd", "10h", "Qs", "Zz", "pat", "stands", "holds", ""]
CARDS = ["As", "Kd", "10h", "Qc", "2s", "Jh", "9d", "7c", "Ah", "As"]


def _events_of(case: Path) -> tuple[dict[str, Any], list[Any]]:
    data: dict[str, Any] = yaml.safe_load(case.read_text(encoding="utf-8"))
    return data, list(data["events"])


@st.composite
def mutant(draw: st.DrawFn) -> tuple[str, str]:
    case = draw(st.sampled_from(CASES))
    data, events = _events_of(case)
    seats = [str(s) for s in data["table"]["seats"]] + ["Z", "a"]
    line = st.builds(lambda who, words: " ".join([who, *words]), st.sampled_from(seats),
                     st.lists(st.sampled_from(WORDS), max_size=5))
    mapping = st.fixed_dictionaries(
        {"act": st.sampled_from(["deals", "discards", "gives", "bets", "shows", "asks",
                                 "draws", "claims", "exposes", "faced", "wins"])},
        optional={"player": st.sampled_from(seats), "to": st.sampled_from(seats),
                  "count": st.integers(-2, 12), "amount": st.one_of(st.integers(-1, 50),
                                                                    st.sampled_from(WORDS)),
                  "cards": st.lists(st.sampled_from(CARDS), max_size=6),
                  "counts": st.dictionaries(st.sampled_from(seats), st.integers(0, 12),
                                            max_size=2)})
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["drop", "repeat", "swap", "move", "cut", "replace",
                                   "insert", "map"]))
        n = len(events)
        i = draw(st.integers(0, max(n - 1, 0)))
        j = draw(st.integers(0, max(n - 1, 0)))
        if op == "drop" and n > 1:
            del events[i]
        elif op == "repeat" and n:
            events.insert(i, events[i])
        elif op == "swap" and n:
            events[i], events[j] = events[j], events[i]
        elif op == "move" and n:
            events.insert(j, events.pop(i))
        elif op == "cut" and n > 1:
            events = events[: max(i, 1)]
        elif op in ("replace", "insert"):
            new = draw(line)
            if op == "replace" and n:
                events[i] = new
            else:
                events.insert(i, new)
        elif op == "map":
            events.insert(i, draw(mapping))
    data["events"] = events
    return case.name, yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


@settings(deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutant())
def test_a_mutated_case_is_ruled_or_answered_in_one_line(m: tuple[str, str]) -> None:
    name, text = m
    p = DIR / name
    p.write_text(text, encoding="utf-8")
    r = run("rule", str(p), "--rulebook", "all")
    assert r.code in (0, 1, 2), (r.code, r.err, text)
    assert "internal error" not in r.err and "Traceback" not in r.err, (r.err, text)
    if r.code == 2:
        lines = r.err.splitlines()
        assert len(lines) == 1 and str(p) in lines[0], (r.err, text)
