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
_Scalar: Any = None  # yaml.ScalarNode and yaml.MappingNode, once PyYAML is imported
_Mapping: Any = None


def _load_yaml() -> None:
    global yaml, _Loader, _Scalar, _Mapping
    if yaml is None:
        import yaml as module

        try:  # libyaml is several times faster; fall back to the pure-Python loader.
            base: Any = module.CSafeLoader
        except AttributeError:  # pragma: no cover - depends on how PyYAML was built
            base = module.SafeLoader
        _Loader = _loader(base, module.ScalarNode)
        yaml = module
        _Scalar, _Mapping = module.ScalarNode, module.MappingNode


def _loader(base: Any, scalar: Any) -> Any:
    """The safe loader, its resolver's work for each value cut short. The composer asks the
    resolver the tag of every value, and to step into and out of every node for the path
    resolvers, which arbiter never registers: the steps are nothing, and a plain value
    met again (a key, ``true``, a number) takes the tag found the first time. The same
    tags as the safe loader's; 11 M instructions fewer on Peel's 4,300 nodes
    (docs/speed.md)."""

    find = base.resolve

    class Loader(base):  # type: ignore[misc]
        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self.tags: dict[str, str] = {}

        def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
            if kind is scalar and implicit[0]:
                tags = self.tags
                if value in tags:
                    return tags[value]
                tag = tags[value] = find(self, kind, value, implicit)
                return tag
            return find(self, kind, value, implicit)

        def descend_resolver(self, current_node: Any, current_index: Any) -> None:
            return None

        def ascend_resolver(self) -> None:
            return None

    return Loader

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
    # Where only the shallow positions were kept (``parse(shallow=True)``): the text, parsed
    # again with every position the first time a deeper one is asked for (a fault's).
    text: str | None = None

    def where(self, path: Path) -> tuple[int | None, int | None]:
        """Line and column (1-based) of the value at ``path``, or of its nearest parent."""
        p = tuple(path)
        if self.text is not None and p not in self.positions:
            self.positions = parse(self.text, self.file).positions
            self.text = None
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


# For the quick looks over a file's UTF-8 bytes, as ``bytes.translate`` deletes them: every
# byte but the C0 controls YAML refuses and DEL; every byte but the brackets.
_NOT_C0 = bytes(c for c in range(256) if not ((c < 0x20 and c not in (9, 10, 13)) or c == 0x7F))
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")


def _plain(raw: bytes) -> bool:
    """Whether UTF-8 text certainly holds none of the characters YAML refuses: no C0
    control but tab and the line ends, no DEL, no C1 (``\\xc2\\x80`` to ``\\xc2\\x9f``
    but NEL), no U+FFFE or U+FFFF (a surrogate cannot be encoded at all)."""
    if raw.translate(None, _NOT_C0) or b"\xef\xbf\xbe" in raw or b"\xef\xbf\xbf" in raw:
        return False
    at = raw.find(b"\xc2")
    while at >= 0:
        if b"\x80" <= raw[at + 1:at + 2] <= b"\x9f" and raw[at + 1:at + 2] != b"\x85":
            return False
        at = raw.find(b"\xc2", at + 1)
    return True


def _guard(text: str, file: str) -> None:
    """Refuse, before parsing, what would exhaust the parser or what it reports without a
    line: control characters, deep nesting.

    Both are looked for in the text's bytes first, by the C loops of ``bytes``: a file
    with neither is passed at once, and the pattern, or the count one character at a
    time, runs only on one that may hold them. Looked for one character at a time in
    Python, they took a first run's reading of Peel (100 KB, 776 brackets) 53 M
    instructions; now 6 M (docs/speed.md)."""
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: the pattern finds it
        raw = b"\x00"
    bad = None if _plain(raw) else _forbidden().search(text)
    if bad is not None:
        at = bad.start()
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        code = ord(bad.group())
        what = "a NUL byte" if code == 0 else f"the control character U+{code:04X}"
        raise InputError(f"the file holds {what}: expected YAML text", file=file, line=line,
                         column=column)
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:  # too few to nest that deep
        return
    depth = 0
    # a quick count first: brackets in quotes or comments count here too
    for ch in raw.translate(None, _NOT_BRACKETS):
        if ch in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                _flow_depth(text, file)
                return
        elif ch in b"]}" and depth:
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


def parse(text: str, file: str, max_values: int = MAX_VALUES, shallow: bool = False,
          ) -> Document:
    """Parse one YAML document strictly. Raises InputError on any problem.

    ``shallow``: keep the positions of the top keys and of the items of their lists only
    (a rulebook's laws and provisions, a case's events), and find any other when it is
    asked for (``Document.where``, on a fault) by parsing again. The walk that keeps every
    position is the one that words a fault; the quick one only finds that there is one.
    Kept shallow, Peel's 4,300 nodes are walked in 12 M instructions, not 40 M
    (docs/speed.md).
    """
    _load_yaml()
    _guard(text, file)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        positions: dict[Path, tuple[int, int]] = {}
        data = None
        if node is not None and shallow:
            try:
                data = _quick(loader, node, (), positions, 0, [max_values])
            except _Again:
                positions.clear()
            else:
                return Document(file, data, positions, text)
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


class _Again(Exception):
    """The quick walk met what only the full walk can word (a fault, or a value to check)."""


KEPT = 2  # the depth to which ``_quick`` keeps positions: ("laws",), ("laws", 12)


def _quick(loader: Any, node: Any, path: Path | None, positions: dict[Path, tuple[int, int]],
           depth: int, budget: list[int]) -> Any:
    """``_build`` without its words: the same data, the positions of the values at most
    ``KEPT`` deep (``path`` is None below them), and ``_Again`` where ``_build`` would
    raise, or would look further (a key given twice, a number to check, a date)."""
    if path == ():
        positions[()] = (node.start_mark.line + 1, node.start_mark.column + 1)
        budget[0] -= 1
    kind = type(node)
    if kind is _Scalar:
        return _scalar(loader, node)
    items = node.value
    budget[0] -= len(items)  # as many values as _build counts, one by one
    if budget[0] < 0 or (depth >= MAX_DEPTH and items):
        raise _Again
    here = path if path is not None and len(path) < KEPT else None  # positions kept here
    if kind is _Mapping:
        out: dict[Any, Any] = {}
        for key_node, value_node in items:
            if type(key_node) is not _Scalar:
                raise _Again
            key = _scalar(loader, key_node)
            if key in out or key == "<<":
                raise _Again
            if here is not None:
                out[key] = _quick(loader, value_node, (*here, key), positions, depth + 1, budget)
                mark = key_node.start_mark
                positions[(*here, key)] = (mark.line + 1, mark.column + 1)
            elif type(value_node) is _Scalar:
                out[key] = _scalar(loader, value_node)
            else:
                out[key] = _quick(loader, value_node, None, positions, depth + 1, budget)
        return out
    if here is not None:
        out_list = []
        for i, item in enumerate(items):
            mark = item.start_mark
            positions[(*here, i)] = (mark.line + 1, mark.column + 1)
            out_list.append(_quick(loader, item, (*here, i), positions, depth + 1, budget))
        return out_list
    return [_scalar(loader, item) if type(item) is _Scalar else
            _quick(loader, item, None, positions, depth + 1, budget) for item in items]


def _scalar(loader: Any, node: Any) -> Any:
    """A scalar's value as ``_construct`` gives it, or ``_Again`` where it would refuse it."""
    value = node.value
    tag = node.tag
    if tag == _STR and (value[:1] != "0" or node.style):
        return value
    # the common forms of the rest as the safe constructor reads them, without its machinery
    # (Peel's 530 numbers and 165 booleans: 6 M instructions)
    if tag == _INT and value.isascii() and value.isdigit() and value[0] != "0" \
            and len(value) < 400:
        return int(value)
    if tag == _BOOL and value in ("true", "false"):
        return value == "true"
    try:
        value = _construct(loader, node, "", ())
    except InputError:
        raise _Again from None
    if hasattr(value, "isoformat") and not isinstance(value, str):
        return node.value
    return value


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
