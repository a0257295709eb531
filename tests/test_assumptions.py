"""No silent law: where a book gives no rule, the engine's assumption is said out loud,
next to the decision it bears on, in every format; and never reported as what happened."""

from __future__ import annotations

import json

from casecheck import BOOKS
from conftest import ROOT

from arbiter import Library
from arbiter.law.params import Rules, engine_defaults, rules_from, yaml_name
from arbiter.render.laws import to_json
from arbiter.render.ruling import ruling_markdown, ruling_text
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case
from arbiter.table.replay import replay
from arbiter.terms.vocabulary import FINDINGS, PARAMETERS, Kind, facts_of

FACED = ROOT / "cases" / "card-faced-in-the-pack-in-the-draw.yaml"
SENTENCE = ("Hoffmann does not say where a card found faced in the pack goes; this ruling "
            "assumes it goes with the discards.")


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_hoffmann_faced_card_in_the_draw_is_ruled_with_the_assumption_stated() -> None:
    ruling = judge(load_case(FACED), Library().get("hoyle"))
    text = _flat(ruling_text(ruling))
    # next to what is said of the finding, before the law is quoted
    assert f"Assumed: {SENTENCE}" in text.split("THE LAW")[0]
    assert f"**Assumed:** {SENTENCE}" in ruling_markdown(ruling)
    data = json.loads(to_json(ruling.to_dict()))
    said = [a for x in data["decisions"] + data["silent"] for a in x["assumes"]]
    assert SENTENCE in said


def test_the_replay_never_reports_an_assumed_placement_as_done() -> None:
    r = replay(load_case(FACED), Library().get("hoyle"))
    (faced,) = [f for f in r.findings if f.kind == "card_faced_in_pack"]
    assert "it was put among the discards" not in faced.message
    assert "the engine assumes" in faced.message
    assert faced.assumed == ("draw.faced_card",)


def test_where_the_book_gives_the_rule_no_assumption_is_stated() -> None:
    ruling = judge(load_case(FACED), Library().get("foster"))  # Foster 23: the discards
    assert "Assumed:" not in ruling_text(ruling)
    r = replay(load_case(FACED), Library().get("foster"))
    assert any("it was put among the discards" in f.message for f in r.findings)


def test_every_mechanic_has_exactly_one_assumption_with_its_sentence() -> None:
    fields = [f for f in Rules.__struct_fields__ if f != "assumed"]
    assert sorted(PARAMETERS) == sorted(yaml_name(f) for f in fields)
    for name, spec in PARAMETERS.items():
        assert spec.assumes.startswith("{book} ") and "this ruling assumes" in \
            spec.assumes, name
    assert "parameters" not in engine_defaults()  # declared once, in the registry
    for rule in engine_defaults()["precedence"]:
        assert "cites" not in rule and "this ruling assumes" in rule["assumes"]
        kinds = {k.value for k in Kind}
        assert rule["finding"] in kinds and set(rule["ruled_on_cause"]) <= kinds
        assert set(rule.get("when", {})) <= set(facts_of(rule["finding"]))
    for name, entry in engine_defaults()["procedures"].items():
        assert "value" in entry, name


def test_a_book_that_gives_nothing_runs_wholly_on_stated_assumptions() -> None:
    rules = rules_from({})
    assert {yaml_name(f) for f in rules.assumed} == set(PARAMETERS)


def test_expectations_under_all_hold_nothing_an_engine_assumption_decides() -> None:
    """What a case expects of every book must not rest on what the engine assumes for one
    of them: such expectations stand under the book, with the assumption named."""
    lib = Library()
    books = [lib.get(b) for b in BOOKS]
    for path in sorted((ROOT / "cases").glob("*.yaml")):
        case = load_case(path)
        common = case.expect.get("all", {})
        for book in books:
            r = replay(case, book)
            merged = [rule["id"] for _, _, rule in r.merged if rule.get("assumed")]
            # A finding made on an assumption may be expected of all only for what does not
            # turn on it: where an assumed card was put (``placed``) is the book's to say.
            assumed_findings = [f.kind for f in r.findings
                                if f.assumed and not FINDINGS[f.kind].outcome and any(
                                    w["kind"] == f.kind and "placed" in w.get("facts", {})
                                    for w in common.get("findings", []))]
            if "findings" in common:
                assert not merged, f"{path.name}: all.findings rests on {merged} ({book.id})"
                assert not assumed_findings, (
                    f"{path.name}: all.findings rests on an assumption under {book.id}")
            if "jackpot.age_antes_again" in r.relied:
                assert "pool" not in common, f"{path.name}: all.pool rests on an assumption"


PASSED_IN_JACKPOT = ROOT / "cases" / "peel-27-passed-then-comes-in.yaml"


def test_a_pass_before_a_jack_pot_is_opened_is_said_to_be_assumed_where_no_law_gives_it() -> None:
    # Peel 27 rules the pass final; Hoffmann (p. 132) describes no pass before the opening,
    # and Foster's jack-pot laws are not pinned: there the ruling says what it assumed.
    for book, says in (("foster", True), ("hoyle", True), ("peel", False)):
        text = _flat(ruling_text(judge(load_case(PASSED_IN_JACKPOT), Library().get(book))))
        assert ("whether a player who passes before a jack-pot is opened is out; this ruling "
                "assumes that player keeps the cards" in text) is says, book


GOING_BETTER = ROOT / "cases" / "hoyle-going-better.yaml"
ORDER = ("The pinned text of Foster gives no order of the hands; this ruling assumes the "
         "usual one")


def test_under_foster_the_order_of_hands_at_the_show_is_said_to_be_assumed() -> None:
    # Foster's pinned extract ranks no hands: B wins the show only by the engine's order.
    ruling = judge(load_case(GOING_BETTER), Library().get("foster"))
    text = _flat(ruling_text(ruling))
    assert f"Assumed: {ORDER}" in text.split("THE LAW")[0]
    assert f"**Assumed:** {ORDER}" in _flat(ruling_markdown(ruling))
    data = json.loads(to_json(ruling.to_dict()))
    (silence,) = [s for s in data["silent"] if s["finding"] == "showdown"]
    assert any(a.startswith(ORDER) for a in silence["assumes"])
    (show,) = [f for f in replay(load_case(GOING_BETTER), Library().get("foster")).findings
               if f.kind == "showdown"]
    assert "hands.order" in show.assumed
    assert "the engine assumes" in show.message


def test_under_foster_the_json_winner_carries_the_assumed_order_of_hands() -> None:
    # A script that reads only outcome.winner must learn that B wins the show by the
    # engine's order of the hands, not by anything in Foster's pinned text.
    data = json.loads(to_json(judge(load_case(GOING_BETTER), Library().get("foster")).to_dict()))
    outcome = data["outcome"]
    assert outcome["winner"] == "B"
    assert "hands.order" in outcome["assumed"]
    assert any(a.startswith(ORDER) for a in outcome["assumes"])


def test_where_the_book_ranks_the_hands_the_show_assumes_no_order() -> None:
    for book in ("peel", "hoyle"):  # Peel 65-75; Hoffmann pp. 124-125
        ruling = judge(load_case(GOING_BETTER), Library().get(book))
        assert "order of the hands" not in ruling_text(ruling), book
        (show,) = [f for f in replay(load_case(GOING_BETTER), Library().get(book)).findings
                   if f.kind == "showdown"]
        assert "hands.order" not in show.assumed, book
        outcome = json.loads(to_json(ruling.to_dict()))["outcome"]
        assert outcome["winner"] and "hands.order" not in outcome["assumed"], book
        assert not any("order of the hands" in a for a in outcome.get("assumes", [])), book
