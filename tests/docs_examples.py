"""The examples of the README and of every page of docs/: each `$ arbiter ...` line in a
code block, with the output shown under it, run as written.

tests/test_docs.py runs them. After a change to what a command prints, write the pages
again with what the commands print now (read the difference before committing it):

    COLUMNS=100 python tests/docs_examples.py --write

(``python tests/regen.py`` writes these with every other generated part.)
"""

from __future__ import annotations

import glob
import os
import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```[a-z]*\n(.*?)^```$", re.S | re.M)
COMMAND = re.compile(r"^\$ (arbiter [^\n]*)\n", re.M)


def pages() -> list[Path]:
    """The README, then each page of docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def kept(command: str, output: str) -> bool:
    """Whether an example is run: not piped, not abridged (``...``), and not about a file
    of the reader's own (``club.yaml``, ``my-case.yaml``)."""
    return not ("|" in command or "..." in output or re.search(r"club|my-case", command))


def shown(text: str, abridged: bool = False) -> list[tuple[str, str]]:
    """Each command in a code block of ``text``, with the output shown under it (with
    ``abridged``: each run whose output is cut short with ``...`` instead)."""
    out = []
    for block in BLOCK.findall(text):
        parts = COMMAND.split(block)
        for command, output in zip(parts[1::2], parts[2::2], strict=True):
            cut = "..." in output and kept(command, output.replace("...", ""))
            if (cut if abridged else kept(command, output)):
                out.append((command, output.strip("\n")))
    return out


def arguments(command: str) -> list[str]:
    """The command's words after ``arbiter``, its globs expanded from the project's root."""
    args: list[str] = []
    for word in shlex.split(command)[1:]:
        args += sorted(glob.glob(word, root_dir=ROOT)) if "*" in word else [word]
    return args


def printed(command: str) -> str:
    """What the command prints, run in-process from the project's root."""
    from click.testing import CliRunner

    from arbiter.cli import cli

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(cli, arguments(command))
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        # A crash is never what a page shows: written in, it would blank the example.
        raise RuntimeError(f"{command!r} crashed: {result.exception!r}") from result.exception
    return str(result.output).strip("\n")


def rewrite(text: str) -> str:
    """``text`` with each example's output as the command prints it now."""
    def block(m: re.Match[str]) -> str:
        body = m.group(1)
        parts = COMMAND.split(body)
        out = [parts[0]]
        for k, (command, output) in enumerate(zip(parts[1::2], parts[2::2], strict=True)):
            last = k == len(parts[1::2]) - 1
            if kept(command, output):
                output = printed(command) + "\n" + ("" if last else "\n")
            out.append(f"$ {command}\n{output}")
        return m.group(0).replace(body, "".join(out), 1)

    return BLOCK.sub(block, text)


if __name__ == "__main__":  # pragma: no cover - a tool for whoever changes the output
    if "--write" not in sys.argv:
        sys.exit(__doc__)
    os.environ.setdefault("COLUMNS", "100")
    os.environ["COLUMNS"] = "100"
    os.environ.pop("ARBITER_RULEBOOKS", None)
    for page in pages():
        old = page.read_text(encoding="utf-8")
        new = rewrite(old)
        if new != old:
            page.write_text(new, encoding="utf-8")
            print(f"wrote {page.relative_to(ROOT)}")
