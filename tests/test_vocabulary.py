"""The vocabulary is declared once (arbiter/vocabulary.py): the enums, the JSON Schemas,
the README's lists and the act handlers all follow it, and these tests fail on drift."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from casecheck import BOOKS
from conftest import ROOT

from arbiter.render.vocabulary_doc import BLOCKS, blocks
from arbiter.table.acts import APPLIES, CHECKS
from arbiter.terms.vocabulary import (
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


def _schema(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((ROOT / "arbiter" / "load" / "schemas" / f"{name}.schema.json").read_text())


def test_the_case_schema_lists_the_registrys_acts_keys_and_intents() -> None:
    schema = _schema("case")
    event = schema["$defs"]["Event"]["properties"]
    assert set(schema["$defs"]["Act"]["enum"]) == {a.value for a in Act}
    assert set(schema["$defs"]["Intent"]["enum"]) == set(INTENTS)
    keys = {"act"} | {k for spec in ACTS.values() for k in spec.keys}
    assert set(event) == keys


def test_the_rulebook_schema_lists_the_registrys_findings_decisions_and_penalties() -> None:
    schema = _schema("rulebook")
    defs = schema["$defs"]
    assert set(defs["Kind"]["enum"]) == {k.value for k in Kind}
    assert set(defs["Decision"]["enum"]) == {d.value for d in Decision}
    assert set(defs["Penalty"]["properties"]) == set(PENALTIES)
    assert set(defs["Provision"]["properties"]["referee"]["items"]["enum"]) == set(PLACES)


@pytest.mark.parametrize("name", ["case", "rulebook"])
def test_the_published_schemas_are_what_the_declarations_generate(name: str) -> None:
    from arbiter.load.formats.schema import text

    published = (ROOT / "arbiter" / "load" / "schemas" / f"{name}.schema.json").read_text()
    assert published == text(name), (
        f"{name}.schema.json is stale: run python -m arbiter.load.formats.schema")


def test_every_enum_member_has_one_registry_entry_and_every_act_a_handler() -> None:
    assert list(ACTS) == list(Act)
    assert list(FINDINGS) == list(Kind)
    assert list(DECISIONS) == list(Decision)
    assert set(CHECKS) == set(APPLIES) == set(Act)


def test_the_docs_lists_are_the_registrys() -> None:
    from docs_examples import pages

    found: dict[str, str] = {}
    for page in pages():
        found.update(blocks(page.read_text(encoding="utf-8")))
    assert set(found) == set(BLOCKS), "the docs lack a vocabulary block"
    for name, write in BLOCKS.items():
        assert found[name].strip() == write().strip(), (
            f"the docs' {name} list is stale: run python -m arbiter.render.vocabulary_doc")


def test_one_line_verbs_are_unambiguous() -> None:
    seen: dict[str, Act] = {}
    for act, spec in ACTS.items():
        for verb in spec.verbs:
            assert verb not in seen, f"{verb!r} is both {seen[verb]} and {act}"
            seen[verb] = act


def _check_club(tmp_path: Path, provision: str) -> tuple[Path, subprocess.CompletedProcess[str]]:
    path = tmp_path / "club.yaml"
    path.write_text("id: club\ntitle: Club rules\nextends: peel\nprovisions:\n" + provision,
                    encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "arbiter", "check", str(path)],
                          capture_output=True, text=True, timeout=60)
    return path, done


def test_check_refuses_a_fact_another_kind_carries_naming_the_facts_this_kind_does(
        tmp_path: Path) -> None:
    # 'lifted' is a fact of a wrong draw; a straddle over the limit never carries it.
    path, done = _check_club(tmp_path, "  - id: club-a\n    finding: straddle_over_limit\n"
                             "    when: {lifted: true}\n    decision: action_void\n"
                             "    cites: [22]\n")
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"{path}:7:5: provisions[0].when: tests 'lifted', which a "
                           "straddle_over_limit finding does not carry")
    carried = line.split("it carries: ", 1)[1]
    assert "amount" in carried and "most" in carried and "lifted" not in carried.split(", ")


def test_every_fact_a_shipped_provision_tests_is_one_its_kind_carries() -> None:
    from arbiter import Library
    from arbiter.terms.vocabulary import facts_of

    lib = Library()
    for book_id in BOOKS:
        for p in lib.get(book_id).provisions:
            assert set(p.get("when", {})) <= set(facts_of(p["finding"])), p["id"]


def test_check_refuses_a_test_a_fact_of_that_type_can_never_meet(tmp_path: Path) -> None:
    _, done = _check_club(tmp_path, "  - id: club-a\n    finding: given_more_than_asked\n"
                             "    when: {lifted: 3}\n    decision: foul_hand\n"
                             "    cites: [48]\n")
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert "tests 'lifted' against 3" in line and "yes or no" in line


def test_only_a_yes_or_no_fact_left_open_is_ruled_both_ways(tmp_path: Path) -> None:
    """B has asked for three having thrown two, and the dealer has not yet given: whether
    he was given what he asked for is open, and a club provision on it rules both ways."""
    from arbiter import Library
    from arbiter.ruling.judge import judge
    from arbiter.table.cases import load_case

    (tmp_path / "club.yaml").write_text(
        "id: club\ntitle: Club rules\nextends: foster\nlaws:\n"
        "  - {ref: C1, title: Wrong draws, heading: Club,\n"
        "     text: A wrong draw given as asked is foul.}\n"
        "provisions:\n"
        "  - id: club-c1\n    finding: asked_wrong_number\n    point: club\n"
        "    when: {given_as_asked: true}\n    decision: foul_hand\n    cites: [C1]\n",
        encoding="utf-8")
    case = load_case(ROOT / "cases" /
                     "asked-for-three-having-thrown-two-before-the-dealer-gives.yaml")
    ruling = judge(case, Library([tmp_path]).get("club"))
    club = [d for d in ruling.decisions if d.provision == "club-c1"]
    assert [d.condition for d in club] == [{"given_as_asked": True}]
    other = [d for d in ruling.decisions if d.condition == {"given_as_asked": False}]
    assert other and all(d.provision != "club-c1" for d in other)  # Foster's own, if not


def test_a_mapping_event_is_refused_a_key_its_act_does_not_take(tmp_path: Path) -> None:
    from arbiter.errors import InputError
    from arbiter.table.cases import load_case

    text = ("table: {seats: [A, B, C], dealer: A, blind: 1, limit: 4}\nevents:\n"
            "  - deal\n  - {act: passes, player: B, count: 3}\n")
    try:
        load_case("bad.yaml", text)
    except InputError as exc:
        assert str(exc).startswith("bad.yaml:4:")
        assert "'passes' takes no 'count'; it takes 'player'" in str(exc)
    else:
        raise AssertionError("a pass with a count was accepted")


def test_the_intents_a_case_may_state_are_the_registrys() -> None:
    from arbiter.terms.vocabulary import Intent

    assert [i.value for i in Intent] == list(INTENTS)
