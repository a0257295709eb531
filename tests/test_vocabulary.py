"""The vocabulary is declared once (arbiter/vocabulary.py): the enums, the JSON Schemas,
the README's lists and the act handlers all follow it, and these tests fail on drift."""

from __future__ import annotations

import json

from conftest import ROOT

from arbiter.acts import HANDLERS
from arbiter.vocabulary import (
    ACTS,
    DECISIONS,
    FINDINGS,
    INTENTS,
    PENALTIES,
    PLACES,
    Act,
    Decision,
    Kind,
)
from arbiter.vocabulary_doc import BLOCKS, blocks


def _schema(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((ROOT / "arbiter" / "schemas" / f"{name}.schema.json").read_text())


def test_the_case_schema_lists_the_registrys_acts_keys_and_intents() -> None:
    event = _schema("case")["$defs"]["event"]["properties"]
    assert event["act"]["enum"] == [a.value for a in Act]
    assert event["intent"]["enum"] == list(INTENTS)
    keys = {"act"} | {k for spec in ACTS.values() for k in spec.keys}
    assert set(event) == keys


def test_the_rulebook_schema_lists_the_registrys_findings_decisions_and_penalties() -> None:
    prov = _schema("rulebook")["$defs"]["provision"]["properties"]
    assert prov["finding"]["enum"] == [k.value for k in Kind]
    assert prov["decision"]["enum"] == [d.value for d in Decision]
    assert set(prov["penalty"]["properties"]) == set(PENALTIES)
    assert prov["referee"]["items"]["enum"] == list(PLACES)


def test_every_enum_member_has_one_registry_entry_and_every_act_a_handler() -> None:
    assert list(ACTS) == list(Act)
    assert list(FINDINGS) == list(Kind)
    assert list(DECISIONS) == list(Decision)
    assert set(HANDLERS) == set(Act)


def test_the_readme_lists_are_the_registrys() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = blocks(readme)
    assert set(found) == set(BLOCKS), "README lacks a vocabulary block"
    for name, write in BLOCKS.items():
        assert found[name].strip() == write().strip(), (
            f"README's {name} list is stale: run python -m arbiter.vocabulary_doc README.md")


def test_one_line_verbs_are_unambiguous() -> None:
    seen: dict[str, Act] = {}
    for act, spec in ACTS.items():
        for verb in spec.verbs:
            assert verb not in seen, f"{verb!r} is both {seen[verb]} and {act}"
            seen[verb] = act
