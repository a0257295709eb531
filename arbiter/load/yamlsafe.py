"""Strict, safe YAML: plain data plus the line and column of every value.

Only the safe loader is used (the libyaml C one when PyYAML has it). Duplicate
keys are refused, and every value's position is kept under its path so that
later validation errors can name the line.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from msgspec import Struct

from ..errors import InputError

try:  # libyaml is several times faster; fall back to the pure-Python loader.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

Path = tuple[str | int, ...]


def format_path(path: Path) -> str:
    """``("laws", 12, "page")`` -> ``laws[12].page``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


class Document(Struct):
    """A parsed YAML file: its data and where each value stood in it."""

    file: str
    data: Any
    positions: dict[Path, tuple[int, int]]

    def where(self, path: Path) -> tuple[int | None, int | None]:
        """Line and column (1-based) of the value at ``path``, or of its nearest parent."""
        p = tuple(path)
        while True:
            if p in self.positions:
                return self.positions[p]
            if not p:
                return (None, None)
            p = p[:-1]

    def error(self, path: Path, message: str) -> InputError:
        line, column = self.where(path)
        if line is None:
            line, column = 1, 1
        return InputError(
            message, file=self.file, line=line, column=column, path=format_path(path)
        )


MAX_DEPTH = 50  # no rulebook or case nests deeper than a handful of levels
MAX_VALUES = 200_000  # far beyond any real file; stops alias "bombs"
MAX_CASE_VALUES = 20_000  # a case of 500 events holds a few thousand


# Characters YAML does not allow in a file (it allows tab, line ends, NEL and printables).
_FORBIDDEN = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"


def _forbidden() -> re.Pattern[str]:
    return re.compile(_FORBIDDEN)  # compiled once, and kept, by re's own cache


def _guard(text: str, file: str) -> None:
    """Refuse, before parsing, what would exhaust the parser or what it reports without a
    line: control characters, deep nesting."""
    # A text with nothing but printable characters and line ends holds none of them (the
    # common case, tested without compiling the pattern, a share of every start).
    plain = text.replace("\n", "").replace("\t", "").replace("\r", "").isprintable()
    bad = None if plain else _forbidden().search(text)
    if bad is not None:
        at = bad.start()
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        code = ord(bad.group())
        what = "a NUL byte" if code == 0 else f"the control character U+{code:04X}"
        raise InputError(f"the file holds {what}: expected YAML text", file=file, line=line,
                         column=column)
    if text.count("[") + text.count("{") <= MAX_DEPTH:  # too few to nest that deep
        return
    depth = 0
    for ch in text:  # a quick count first: brackets in quotes or comments count here too
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                _flow_depth(text, file)
                return
        elif ch in "]}" and depth:
            depth -= 1


def _flow_depth(text: str, file: str) -> None:
    """The true nesting of ``[`` and ``{`` (outside quotes, comments and block text)."""
    loader = _Loader(text)
    depth = 0
    try:
        while loader.check_token():
            token = loader.get_token()
            if isinstance(token, yaml.FlowSequenceStartToken | yaml.FlowMappingStartToken):
                depth += 1
                if depth > MAX_DEPTH:
                    raise InputError(f"nested more than {MAX_DEPTH} levels deep", file=file,
                                     line=token.start_mark.line + 1,
                                     column=token.start_mark.column + 1)
            elif isinstance(token, yaml.FlowSequenceEndToken | yaml.FlowMappingEndToken):
                depth -= 1
    except yaml.YAMLError:
        return  # the parse proper reports it, with its line
    finally:
        loader.dispose()


def parse(text: str, file: str, max_values: int = MAX_VALUES) -> Document:
    """Parse one YAML document strictly. Raises InputError on any problem."""
    _guard(text, file)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        positions: dict[Path, tuple[int, int]] = {}
        budget = [max_values, max_values]  # what is left, and the cap
        data = _build(loader, node, (), positions, file, budget) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        context, cmark = exc.context, exc.context_mark
        if exc.problem and context and cmark is not None and mark is not None:
            if "end of stream" in exc.problem:
                # The file ran out: the fault is where the unfinished thing began.
                problem += f" {context} begun here"
                mark = cmark
            else:
                problem += f" ({context} at line {cmark.line + 1}, column {cmark.column + 1})"
        lines = text.splitlines()
        bad = lines[mark.line] if mark is not None and mark.line < len(lines) else ""
        if "\t" in bad:
            problem += "; a tab is not allowed for indentation in YAML: use spaces"
        elif "mapping values are not allowed" in problem:
            problem += "; put text that holds ': ' in quotes"
        raise InputError(
            f"YAML syntax error: {problem}",
            file=file,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as exc:
        raise InputError("YAML error: " + " ".join(str(exc).split()), file=file) from None
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep", file=file) from None
    finally:
        loader.dispose()
    return Document(file, data, positions)


def _build(
    loader: Any, node: Any, path: Path, positions: dict[Path, tuple[int, int]], file: str,
    budget: list[int],
) -> Any:
    positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    budget[0] -= 1
    if budget[0] < 0 or len(path) > MAX_DEPTH:
        what = (f"nested more than {MAX_DEPTH} levels deep" if len(path) > MAX_DEPTH else
                f"holds more than {budget[1]:,} values (aliases repeated?)")
        raise InputError(f"the file {what}", file=file, line=node.start_mark.line + 1,
                         column=node.start_mark.column + 1, path=format_path(path[:MAX_DEPTH]))
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise InputError(
                    "a mapping key must be a plain value",
                    file=file,
                    line=key_node.start_mark.line + 1,
                    column=key_node.start_mark.column + 1,
                    path=format_path(path),
                )
            key = _construct(loader, key_node, file, path)
            if key == "<<":
                raise InputError(
                    "merge keys ('<<') are not supported; write the keys out",
                    file=file,
                    line=key_node.start_mark.line + 1,
                    column=key_node.start_mark.column + 1,
                    path=format_path(path),
                )
            if key in out:
                first = positions.get((*path, key), (None, None))
                raise InputError(
                    f"duplicate key {key!r} (first given on line {first[0]}); "
                    "expected each key once",
                    file=file,
                    line=key_node.start_mark.line + 1,
                    column=key_node.start_mark.column + 1,
                    path=format_path((*path, key)),
                )
            key_path = (*path, key)
            out[key] = _build(loader, value_node, key_path, positions, file, budget)
            positions[key_path] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [
            _build(loader, item, (*path, i), positions, file, budget)
            for i, item in enumerate(node.value)
        ]
    value = _construct(loader, node, file, path)
    if hasattr(value, "isoformat") and not isinstance(value, str):
        # Dates and times are never meant here; keep what the user wrote.
        value = node.value
    return value


_STR = "tag:yaml.org,2002:str"


def _construct(loader: Any, node: Any, file: str, path: Path) -> Any:
    if node.tag == _STR and type(node) is yaml.ScalarNode:
        return node.value  # what the safe constructor gives for text, without its machinery
    try:
        return loader.construct_object(node)
    except ValueError:  # an integer of thousands of digits
        raise InputError("a value too long to read as a number", file=file,
                         line=node.start_mark.line + 1, column=node.start_mark.column + 1,
                         path=format_path(path)) from None
