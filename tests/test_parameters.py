"""The parameters: declared once, in the vocabulary's registry, each setting citing its law.

The rulebook format, the table's ``Rules``, the engine's assumptions and the docs' table of
parameters are all read from ``arbiter.terms.vocabulary.PARAMETERS``; a book cites the law
of each setting by setting (``cites: {first: [21]}``), or one list for a whole group.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from arbiter import Library
from arbiter.cli import cli
from arbiter.law.params import Rules, cites_of, rules_from
from arbiter.load.formats.parameters import Parameters
from arbiter.ruling.diff import setting
from arbiter.terms.vocabulary import PARAMETER_GROUPS, PARAMETERS


def _nested(values: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name, v in values.items():
        group, key = name.split(".", 1)
        out.setdefault(group, {})[key] = list(v) if isinstance(v, tuple) else v
    return out


def test_every_assumed_value_is_one_the_format_accepts() -> None:
    assumed = _nested({n: s.assumed for n, s in PARAMETERS.items()})
    msgspec.convert(assumed, Parameters, strict=True)  # raises if one does not fit
    assert rules_from(assumed).assumed == frozenset()  # and a book giving them all assumes none


def test_the_format_takes_every_setting_of_the_registry_and_no_other() -> None:
    assert list(Parameters.__struct_fields__) == list(PARAMETER_GROUPS)
    with pytest.raises(msgspec.ValidationError, match="Object contains unknown field `firsts`"):
        msgspec.convert({"straddle": {"firsts": 2}}, Parameters, strict=True)
    with pytest.raises(msgspec.ValidationError, match="Expected `int`, got `float`"):
        msgspec.convert({"straddle": {"first": 2.0}}, Parameters, strict=True)
    fields = set(Rules.__struct_fields__) - {"assumed"}
    assert fields == {s.field for s in PARAMETERS.values()}


def test_a_setting_cites_its_own_law_and_a_group_list_stands_for_each() -> None:
    by_key = {"first": 2, "step": "double", "cites": {"first": [21], "step": [22]}}
    assert cites_of(by_key, "first") == [21] and cites_of(by_key, "step") == [22]
    assert cites_of(by_key, "when") == [] and cites_of(by_key) == [21, 22]
    assert cites_of({"first": 2, "cites": [21, 22]}, "first") == [21, 22]


def _club(tmp_path: Path, straddle: str) -> Path:
    path = tmp_path / "club.yaml"
    path.write_text("id: club\ntitle: Club rules\nextends: peel\nparameters:\n"
                    f"  straddle: {straddle}\n", encoding="utf-8")
    return path


def test_diff_shows_each_setting_with_the_law_it_cites(tmp_path: Path) -> None:
    _club(tmp_path, "{first: 3, step: double, cites: {first: [21], step: [22]}}")
    book = Library([tmp_path]).get("club")
    assert setting(book, "straddle.first").cites == ("21",)
    assert setting(book, "straddle.step").cites == ("22",)
    done = CliRunner().invoke(cli, ["diff", "peel", "club", "--rulebooks", str(tmp_path),
                                    "--topic", "straddling", "--format", "json"])
    assert done.exit_code == 0, done.output
    shown = json.dumps(json.loads(done.output))
    assert '"value": 3, "given": true, "cites": ["21"]' in shown, shown


@pytest.mark.parametrize(("straddle", "where", "said"), [
    ("{first: 3, cites: {first: [C9]}}", "parameters.straddle.cites.first",
     "cites law 'C9', which club does not hold"),
    ("{first: 3, cites: {firsts: [21]}}", "parameters.straddle.cites.firsts",
     "'firsts', which is not a setting of 'straddle'; did you mean 'first'"),
])
def test_a_bad_citation_by_setting_is_refused_with_its_place(
        tmp_path: Path, straddle: str, where: str, said: str) -> None:
    path = _club(tmp_path, straddle)
    done = CliRunner().invoke(cli, ["check", str(path)])
    assert done.exit_code == 2
    line = done.stderr.strip().splitlines()[0]
    assert line.startswith(f"{path}:5:") and where in line and said in line, line
