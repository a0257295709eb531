"""Text from a file made safe to print: no character that a terminal would obey.

A YAML double-quoted string may hold any character by its escape (``"\\e]0;title\\a"``,
``"\\0"``, ``"\\x9b"``), and the loader rightly gives it back: it is the user's text.
Printed as it is, an escape sequence would retitle the window, move the cursor or hide
a line of the ruling. So everything arbiter writes to stdout or stderr passes through
``visible`` (text and Markdown) or, for JSON, ``json_safe`` first:

- ``visible`` shows each control character but the line end (C0, DEL and C1, tab and
  carriage return among them) as ``\\xNN``, and the invisible marks that reorder a line
  (bidirectional embeddings, overrides and isolates, the line and paragraph separators)
  as ``\\uNNNN``: what the file holds is still there to read, and nothing acts on it.
- ``json_safe`` takes text ``json.dumps`` has already written (which escapes C0 itself,
  as JSON requires) and escapes DEL, C1 and those marks too, as ``\\u00NN``: the same
  value to any JSON reader, and nothing raw for a terminal to obey.
"""

from __future__ import annotations

_REORDER = (0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_CONTROLS = (*(c for c in range(0x20) if c != 0x0A), *range(0x7F, 0xA0))

_VISIBLE: dict[int, str] = {
    **{c: f"\\x{c:02x}" for c in _CONTROLS}, **{c: f"\\u{c:04x}" for c in _REORDER}}
_JSON: dict[int, str] = {c: f"\\u{c:04x}" for c in (*range(0x7F, 0xA0), *_REORDER)}


def visible(text: str) -> str:
    """``text`` with every character a terminal would act on (but the line end) shown as
    its escape."""
    if text.replace("\n", "").isprintable():
        return text  # the common case, with no table to look through
    return text.translate(_VISIBLE)


def json_safe(text: str) -> str:
    """JSON text (from ``json.dumps``) with DEL, C1 and the marks that reorder a line
    escaped as JSON escapes them; the value it stands for is unchanged."""
    if text.isascii():
        return text.translate(_JSON) if "\x7f" in text else text
    return text.translate(_JSON)
