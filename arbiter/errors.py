"""Errors a user sees: one line, naming the file, line, column and what was expected."""

from __future__ import annotations

# Exit statuses, documented in the README.
EXIT_OK = 0
EXIT_NOT_RULED = 1
EXIT_BAD_INPUT = 2

# An error echoes no more of the input than this, about: where a message quotes input it
# quotes it cut (``clip``), and a message that is longer than MAX_MESSAGE all the same is
# cut in the middle, keeping its beginning (what was read) and its end (what was expected).
MAX_ECHO = 200
MAX_MESSAGE = 1000
MAX_CHOICES = 120  # characters of names listed in "expected one of ...", the rest counted


def clip(text: str, most: int = 2 * MAX_ECHO) -> str:
    """``text`` if it has at most ``most`` characters, else its head and tail with the
    number of characters cut between them."""
    if len(text) <= most:
        return text
    head, tail = most // 2, most // 4
    return f"{text[:head]} [... {len(text) - head - tail:,} characters cut ...] {text[-tail:]}"


class ArbiterError(Exception):
    """Base for every error arbiter reports to a user instead of a traceback."""

    exit_code = EXIT_BAD_INPUT


class InputError(ArbiterError):
    """Bad input: a file that cannot be read, parsed or validated, or an unknown name.

    ``str()`` gives the one-line message: ``file:line:column: path: message``,
    leaving out whatever is not known.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        path: str = "",
    ) -> None:
        message = clip(message, MAX_MESSAGE)
        super().__init__(message)
        self.message = message
        self.file = file if file is None else clip(file, 2 * MAX_ECHO)
        self.line = line
        self.column = column
        self.path = path

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
            where += ": "
        path = f"{self.path}: " if self.path else ""
        return " ".join(f"{where}{path}{self.message}".split())  # always one line

    def to_dict(self) -> dict[str, object]:
        return {
            "error": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path or None,
        }


def nearest(word: str, choices: list[str], n: int = 3) -> list[str]:
    """The choices closest to ``word``, for 'did you mean' hints."""

    lowered = {c.lower(): c for c in choices}
    # Lazy: only a wrong word is answered with the nearest; difflib (and heapq) would
    # cost every start 3 M instructions.
    import difflib

    close = difflib.get_close_matches(word.lower(), list(lowered), n=n, cutoff=0.5)
    if not close:
        close = [c for c in lowered if c.startswith(word.lower()[:1])][:n]
    return [lowered[c] for c in close]


def did_you_mean(word: str, choices: list[str]) -> str:
    """A hint for a refused word; never the refused word itself (it was refused)."""
    near = nearest(clip(word, MAX_ECHO), [c for c in choices if c.lower() != word.lower()])
    if near:
        return "did you mean " + " or ".join(repr(clip(c, 60)) for c in near) + "?"
    return "expected one of " + listed(sorted(choices))


def listed(names: list[str], most: int = MAX_CHOICES) -> str:
    """The names quoted and joined, as many as ``most`` characters hold (one at least);
    the rest counted."""
    shown: list[str] = []
    used = 0
    for name in names:
        quoted = repr(clip(name, 60))
        if shown and used + len(quoted) > most:
            break
        shown.append(quoted)
        used += len(quoted) + 2
    rest = len(names) - len(shown)
    return ", ".join(shown) + (f" and {rest:,} more" if rest else "")
