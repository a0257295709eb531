"""What is written from the registry: the docs' lists.

``python -m arbiter.render.vocabulary_doc`` rewrites every block of the README and of
docs/*.md between ``<!-- vocabulary:NAME -->`` and ``<!-- /vocabulary -->``;
tests/test_vocabulary.py fails when one differs from what this writes, so the registry is
the one place a word is added. (The published schemas' enums come from the same registry,
through the format declarations: ``arbiter.load.formats``.)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from ..law.params import engine_defaults
from ..terms.vocabulary import (
    ACTS,
    CONTEXT_FACTS,
    DECISIONS,
    DERIVED_FACTS,
    FINDINGS,
    PARAMETER_GROUPS,
    PARAMETERS,
    PENALTIES,
    QUESTION_FACTS,
    QUESTIONS,
)


def _codes(names: object) -> str:
    return ", ".join(f"`{n}`" for n in names)  # type: ignore[attr-defined]


def acts() -> str:
    rows = ["| act | one-line verbs | mapping keys |", "|---|---|---|"]
    for act, spec in ACTS.items():
        rows.append(f"| `{act}` | {_codes(spec.verbs)} | {_codes(spec.keys)} |")
    return "\n".join(rows)


def findings() -> str:
    rows = ["| finding | what it is | the facts it carries (besides every finding's) |",
            "|---|---|---|"]
    for kind, spec in FINDINGS.items():
        facts = [*spec.facts, *spec.derived]
        rows.append(f"| `{kind}` | {spec.summary} | {_codes(facts) or '—'} |")
    rows.append("")
    rows.append("Every finding also carries " + _codes(CONTEXT_FACTS) + ". The judge works out "
                + _codes(DERIVED_FACTS) + " where a kind lists them.")
    return "\n".join(rows)


def decisions() -> str:
    rows = ["| decision | meaning |", "|---|---|"]
    rows += [f"| `{d}` | {meaning} |" for d, meaning in DECISIONS.items()]
    rows.append("")
    rows.append("Penalties: " + "; ".join(f"`{k}`: {v}" for k, v in PENALTIES.items()) + ".")
    return "\n".join(rows)


def defaults() -> str:

    data = engine_defaults()
    rows = ["| where the book is silent on | the engine assumes | the ruling says |",
            "|---|---|---|"]
    for name, spec in PARAMETERS.items():
        value = spec.assumed
        shown = "none" if value is None else ", ".join(map(str, value)) if isinstance(
            value, tuple) else str(value).lower() if isinstance(value, bool) else str(value)
        rows.append(f"| `{name}` | `{shown}` | {spec.assumes} |")
    for rule in data.get("precedence", []):
        causes = ", ".join(rule["ruled_on_cause"])
        rows.append(f"| precedence `{rule['id']}` | `{rule['finding']}` ruled on "
                    f"{causes} | {rule['assumes']} |")
    for name, entry in data.get("procedures", {}).items():
        value = entry["value"]
        shown = ", ".join(value) if isinstance(value, list) else str(value)
        says = entry.get("assumes", "(wording only)")
        rows.append(f"| procedure `{name}` | `{shown}` | {says} |")
    for name, entry in data.get("void", {}).items():
        rows.append(f"| void `{name}` | `{entry['value']}` | {entry['assumes']} |")
    # What the table goes on by where a book is silent on a point (a table's agreement to
    # play one of the book's rules otherwise, a bet taken back ...: ``silence_assumes``).
    for name, entry in data.items():
        if isinstance(entry, dict) and {"value", "assumes"} <= set(entry):
            rows.append(f"| `{name}` | `{entry['value']}` | {entry['assumes']} |")
    return "\n".join(rows)


_KINDS = {"bool": "`true` or `false`", "count": "a whole number from 1",
          "fraction": "a fraction of the limit, 0 to 1"}


def parameters() -> str:
    rows = ["| setting | values | what it says |", "|---|---|---|"]
    for name, spec in PARAMETERS.items():
        values = _KINDS.get(spec.kind) or _codes(spec.values)
        if spec.kind == "choices":
            values = "a list of " + values
        if spec.nullable:
            values += ", or `null` (none)"
        rows.append(f"| `{name}` | {values} | {spec.summary} |")
    rows.append("")
    rows.append("Each group (" + _codes(PARAMETER_GROUPS) + ") also takes `note`, and "
                "`cites`: the laws each setting rests on, by setting (`cites: {first: [21], "
                "step: [22]}`), or one list where every setting of the group rests on the "
                "same laws.")
    return "\n".join(rows)


def questions() -> str:
    rows = ["| question (`dispute.asks`) | what it asks | example | answered with |",
            "|---|---|---|---|"]
    kinds = {"player": "a player's name", "yes_no": "yes or no", "acts": "what he may do",
             "amount": "an amount of counters"}
    for q, spec in QUESTIONS.items():
        rows.append(f"| `{spec.form}` | {spec.summary} | `{spec.example}` | "
                    f"{kinds[spec.answer]} (`{q}`) |")
    rows.append("")
    rows.append("A book's `answers:` may test " + _codes(QUESTION_FACTS) + ".")
    return "\n".join(rows)


BLOCKS = {"acts": acts, "findings": findings, "decisions": decisions, "defaults": defaults,
          "questions": questions, "parameters": parameters}
_BLOCK = re.compile(r"(<!-- vocabulary:(\w+) -->\n)(.*?)(<!-- /vocabulary -->)", re.S)


def rewrite(text: str) -> str:
    def sub(m: re.Match[str]) -> str:
        return m.group(1) + BLOCKS[m.group(2)]() + "\n" + m.group(4)

    return _BLOCK.sub(sub, text)


def blocks(text: str) -> dict[str, str]:
    return {m.group(2): m.group(3) for m in _BLOCK.finditer(text)}


def pages() -> list[Path]:
    """The pages whose lists are written from the registry: the README and docs/*.md of
    the project this module belongs to (or those named on the command line)."""
    if len(sys.argv) > 1:
        return [Path(a) for a in sys.argv[1:]]
    root = Path(__file__).resolve().parent.parent.parent
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


if __name__ == "__main__":  # pragma: no cover
    for page in pages():
        if page.is_file():
            page.write_text(rewrite(page.read_text(encoding="utf-8")), encoding="utf-8")
