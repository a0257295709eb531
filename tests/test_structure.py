"""The layout holds: layers import only downwards, no import circle, imports at the top of
modules (lazy ones only in arbiter/commands/), few modules loose at the top, small classes
and functions. Read from the source with ast, so nothing is imported to check it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ARBITER = Path(__file__).resolve().parent.parent / "arbiter"

# The layers, in the order of the data flow; a module may import from its own layer or a
# lower one. errors and the package itself are at the bottom.
LAYERS = ["terms", "load", "law", "table", "ruling", "render", "top"]
TOP = {"commands", "cli", "entry", "api", "__main__"}

# Imports made inside a function outside arbiter/commands/, each with its reason.
LAZY_ALLOWED = {
    # The Python API names its functions at once and imports each when first used, so
    # `import arbiter` stays cheap (docs/api.md).
    "arbiter", "arbiter.api",
    # The group imports a command's module only when it is run, listed or completed.
    "arbiter.cli",
    # The collector is turned off before anything else is imported (entry.py's notes), and
    # msgspec is loaded there without typing_extensions, after click (11 M instructions).
    "arbiter.entry",
    # answers and judge import each other inside functions; core (issue 19) is reworking
    # both (the ruling read by the answers), which removes the circle.
    "arbiter.ruling.answers", "arbiter.ruling.judge",
    # difflib only to answer a wrong word with the nearest (an error's path).
    "arbiter.errors",
    # json only for --format json; a ruling in text imports the module for its wrapping.
    "arbiter.render.laws",
    "arbiter.load.yamlsafe",
    # The SVG picture's escaping (xml.sax.saxutils) is imported only to draw one.
    "arbiter.render.picture",
}
# Functions over 60 lines, each with its reason.
LONG_ALLOWED = {
    # sitting (issue 21) is adding the agreed section and several deals to the table; the
    # table's set-up is theirs to split.
    ("arbiter.table.game", "__init__"),
}
CIRCLES_ALLOWED = [{"arbiter.ruling.answers", "arbiter.ruling.judge"}]  # see above


def _name(path: Path) -> str:
    parts = list(path.relative_to(ARBITER.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_name(p): p for p in sorted(ARBITER.rglob("*.py"))}


MODULES = _modules()


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(name: str) -> list[tuple[str, int, bool]]:
    """(module imported, line, made at the top) for each arbiter import of a module, leaving
    out those only for the type checker."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = {id(n) for t in ast.walk(tree) if _type_checking(t) for n in ast.walk(t)}
    top = _top_level(tree)
    out = []
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in MODULES else module
                       for a in node.names]
        for t in targets:
            if t == "arbiter" or t.startswith("arbiter."):
                while t not in MODULES:
                    t = t.rsplit(".", 1)[0]
                out.append((t, node.lineno, id(node) in top))
    return out


def _top_level(tree: ast.Module) -> set[int]:
    """The nodes not inside a function."""
    inside: set[int] = set()
    for f in ast.walk(tree):
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef):
            inside.update(id(n) for n in ast.walk(f) if n is not f)
    return {id(n) for n in ast.walk(tree) if id(n) not in inside}


def _layer(name: str) -> int:
    parts = name.split(".")
    if name == "arbiter" or parts[1] == "errors":
        return -1
    return LAYERS.index("top") if parts[1] in TOP else LAYERS.index(parts[1])


GRAPH = {m: _imports(m) for m in MODULES}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_import_runs_up_a_layer(name: str) -> None:
    if name in ("arbiter", "arbiter.api"):  # the Python API, over every layer
        return
    up = [f"{t} (line {line})" for t, line, _ in GRAPH[name] if _layer(t) > _layer(name)]
    assert not up, f"{name} ({LAYERS[_layer(name)] if _layer(name) >= 0 else 'bottom'}) " \
                   f"imports from a higher layer: {', '.join(up)}"


def test_no_import_circle() -> None:
    """Strongly connected parts of the import graph (inside functions too): none but the
    one allowed, with its reason."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in {t for t, _, _ in GRAPH[v]} - {v}:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(part)

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    circles = [c for c in found if c not in CIRCLES_ALLOWED]
    assert not circles, f"import circles: {circles}"


@pytest.mark.parametrize("name", sorted(m for m in MODULES if not m.startswith(
    "arbiter.commands")))
def test_imports_are_at_the_top_outside_the_commands(name: str) -> None:
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    top = _top_level(tree)
    hidden = {id(n) for t in ast.walk(tree) if _type_checking(t) for n in ast.walk(t)}
    lazy = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)
            and id(n) not in top and id(n) not in hidden]
    if name in LAZY_ALLOWED:
        return
    assert not lazy, f"{name} imports inside a function, at lines {lazy}"


def test_lazy_imports_in_the_commands_say_why() -> None:
    for name, path in MODULES.items():
        if not name.startswith("arbiter.commands"):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        top = _top_level(tree)
        for n in ast.walk(tree):
            if isinstance(n, ast.Import | ast.ImportFrom) and id(n) not in top:
                fn = next(f for f in ast.walk(tree) if isinstance(
                    f, ast.FunctionDef | ast.AsyncFunctionDef) and f.lineno <= n.lineno
                    <= (f.end_lineno or 0) and n in ast.walk(f))
                said = lines[fn.lineno - 1:n.lineno]
                assert any(x.strip().startswith("#") for x in said), (
                    f"{name}, line {n.lineno}: a lazy import without its reason")


def test_at_most_eight_modules_loose_at_the_top() -> None:
    loose = sorted(p.name for p in ARBITER.glob("*.py"))
    assert len(loose) <= 8, loose


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_class_over_300_lines_nor_function_over_60(name: str) -> None:
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    for n in ast.walk(tree):
        size = (n.end_lineno or n.lineno) - n.lineno + 1 if isinstance(
            n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) else 0
        if isinstance(n, ast.ClassDef):
            assert size <= 300, f"{name}: class {n.name} is {size} lines"
        elif size and (name, getattr(n, "name", "")) not in LONG_ALLOWED:
            assert size <= 60, f"{name}: {getattr(n, 'name', '')}() is {size} lines"
