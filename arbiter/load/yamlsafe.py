"""Strict, safe YAML: plain data plus the line and column of every value.

Only the safe loader is used (the libyaml C one when PyYAML has it). Duplicate
keys are refused, and every value's position is kept under its path so that
later validation errors can name the line.
"""

from __future__ import annotations

import re
from typing import Any

from msgspec import Struct

from ..errors import InputError, clip

# PyYAML is imported on the first parse, not with this module: `arbiter law` and every
# rulebook read from the cache need no YAML, and PyYAML's import is a third of Python's
# own start-up (measured by benchmarks/cold_start.py: docs/speed.md).
yaml: Any = None
_Loader: Any = None


def _load_yaml() -> None:
    global yaml, _Loader
    if yaml is None:
        import yaml as module

        try:  # libyaml is several times faster; fall back to the pure-Python loader.
            _Loader = module.CSafeLoader
        except AttributeError:  # pragma: no cover - depends on how PyYAML was built
            _Loader = module.SafeLoader
        yaml = module

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
    _load_yaml()
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
    _load_yaml()
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
                    f"duplicate key {clip(repr(key), 80)} (first given on line {first[0]}); "
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
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"


def _construct(loader: Any, node: Any, file: str, path: Path) -> Any:
    if node.tag == _STR and type(node) is yaml.ScalarNode:
        if not node.style and node.value[:1] == "0":  # a plain 09: text to YAML 1.1
            what = not_decimal(node.value)
            if what is not None:
                raise InputError(what, file=file, line=node.start_mark.line + 1,
                                 column=node.start_mark.column + 1, path=format_path(path))
        return node.value  # what the safe constructor gives for text, without its machinery
    if node.tag == _BOOL and node.value.lower() not in ("true", "false"):
        return node.value  # YAML 1.1's yes, no, on and off: text, as YAML 1.2 reads them
    if node.tag in (_INT, _FLOAT) and not node.value.startswith("."):
        what = not_decimal(node.value)
        if what is not None:
            raise InputError(what, file=file, line=node.start_mark.line + 1,
                             column=node.start_mark.column + 1, path=format_path(path))
    try:
        return loader.construct_object(node)
    except ValueError:  # an integer of thousands of digits
        raise InputError("a value too long to read as a number", file=file,
                         line=node.start_mark.line + 1, column=node.start_mark.column + 1,
                         path=format_path(path)) from None


def not_decimal(text: str) -> str | None:
    """Why ``text`` is no plain decimal number, if it is one of the forms YAML 1.1 reads as
    a number all the same (``010`` is 8, ``0x10`` 16, ``0b10`` 2, ``1:30`` 90, ``1_000``
    1000; ``09`` has a leading 0), or None. Arbiter reads only decimals: the same line
    refuses these in a mapping's values and in a one-line event's words."""
    body = text[1:] if text[:1] in "+-" else text
    if not body[:1].isdigit() or not body.isascii():
        return None
    sign = -1 if text.startswith("-") else 1
    digits = body.replace("_", "")
    if ":" in body:
        parts = body.split(":")
        if not all(p.replace("_", "").replace(".", "", p is parts[-1]).isdigit()
                   for p in parts):
            return None
        whole = 0.0
        for p in parts:
            whole = whole * 60 + float(p.replace("_", ""))
        value: float = whole if "." in parts[-1] else int(whole)
        form = "base-60 (sexagesimal) form"
    elif body[:2] in ("0x", "0b") and len(digits) > 2:
        base = 16 if body[1] == "x" else 2
        try:
            value = int(digits[2:], base)
        except ValueError:
            return None
        form = "hexadecimal form" if base == 16 else "binary form"
    elif body[:1] == "0" and len(digits.split(".")[0]) > 1 and digits.isdigit():
        octal = all(c in "01234567" for c in digits)
        meant = sign * int(digits)
        if octal and int(digits, 8) != int(digits):
            return (f"{text} is a number in YAML 1.1's octal form (a leading 0), which reads "
                    f"as {sign * int(digits, 8)}: write {sign * int(digits, 8)}, or {meant} "
                    "without the leading 0")
        return f"{text} has a leading 0: write {meant}"
    elif "_" in body and digits.replace(".", "", 1).isdigit():
        value = float(digits) if "." in digits else int(digits)
        form = "form with '_' between its digits"
    else:
        return None
    return (f"{text} is a number in YAML 1.1's {form}, which reads as {sign * value}: "
            f"write {sign * value}")
