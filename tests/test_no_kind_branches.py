"""Law is data: outside the vocabulary and the acts' own handlers, no Python compares a
finding kind, a decision or a book id. (A static check of the source.)"""

from __future__ import annotations

import ast

from casecheck import BOOKS
from conftest import ROOT

from arbiter.terms.vocabulary import Decision, Kind

WORDS = {k.value for k in Kind} | {d.value for d in Decision} | set(BOOKS)
EXEMPT = {"vocabulary.py", "vocabulary_doc.py"}


def _named(node: ast.AST) -> str | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
            node.value.id in ("Kind", "Decision"):
        return f"{node.value.id}.{node.attr}"
    if isinstance(node, ast.Constant) and node.value in WORDS:
        return repr(node.value)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return next((n for n in map(_named, node.elts) if n), None)
    return None


def test_no_module_outside_the_registry_and_handlers_branches_on_a_kind_or_book() -> None:
    found = []
    for path in sorted((ROOT / "arbiter").glob("*.py")):  # arbiter/acts/ is the handlers
        if path.name in EXEMPT:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                parts = [node.left, *node.comparators]
                for part in parts:
                    name = _named(part)
                    # A word is a kind, a decision or a book when what it is compared with
                    # is one ("refund" is a penalty form as well as a decision).
                    about = " ".join(ast.unparse(p) for p in parts if p is not part)
                    if name and (not name.startswith("'") or any(
                            w in about for w in ("kind", "decision", "finding", "id", "book"))):
                        found.append(f"{path.name}:{node.lineno} compares {name}")
    assert not found, found
