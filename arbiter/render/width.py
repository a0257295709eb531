"""How wide to write: the terminal's width (``COLUMNS``, else the terminal's own, as
``shutil.get_terminal_size`` finds it), never more than what a kind of output is laid
out for. Output to a file or a pipe, with no ``COLUMNS``, is written at its own width."""

from __future__ import annotations

import shutil

from ..terms.words import hyphenated, lines_of

NARROWEST = 30  # below this a table of books cannot be laid out at all


def columns(most: int) -> int:
    """The width to write a text laid out for ``most`` columns."""

    found = shutil.get_terminal_size((most, 24)).columns
    return max(NARROWEST, min(most, found)) if found > 0 else most


def fits(lines: list[str], width: int) -> bool:
    return all(len(line) <= width for line in lines)


def table(rows: list[list[str]], width: int, flexible: tuple[int, ...],
          right: tuple[int, ...] = (), gap: str = "  ",
          hyphens: tuple[int, ...] = ()) -> list[str] | None:
    """``rows`` (the first the headings) in columns within ``width``: the ``flexible``
    columns give way, their cells wrapped between words (``hyphens``: names broken after
    a hyphen); None where even then the table is wider (the caller lays it out another
    way). ``right``: columns set to the right."""
    n = len(rows[0])
    widths = [max(len(r[i]) for r in rows) for i in range(n)]
    least = {i: max(len(r[i]) - len(r[i].lstrip(" ")) + 2 + len(w)
                    for r in rows for w in (r[i].split() or [""])) for i in flexible}
    least.update({i: max(len(p) + 1 for r in rows for p in r[i].split("-")) for i in hyphens})
    over = sum(widths) + len(gap) * (n - 1) - width
    for tier in (flexible, hyphens):  # words wrap first; names break only if they must
        while over > 0:
            room = [i for i in tier if widths[i] > least[i]]
            if not room:
                break
            widest = max(room, key=lambda i: widths[i] - least[i])
            widths[widest] -= 1
            over -= 1
    if over > 0:
        return None
    flexible = (*flexible, *hyphens)
    out = []
    for r in rows:
        cells = [hyphenated(c, widths[i]) if i in hyphens else _fill_cell(c, widths[i])
                 if i in flexible else [c] for i, c in enumerate(r)]
        for k in range(max(len(c) for c in cells)):
            parts = [(c[k] if k < len(c) else "") for c in cells]
            out.append(gap.join(p.rjust(widths[i]) if i in right else p.ljust(widths[i])
                                for i, p in enumerate(parts)).rstrip())
    return out


def _fill_cell(text: str, width: int) -> list[str]:
    """A cell's words in lines, its leading spaces (an alignment) kept on each; a cell
    marked ``* `` has its lines after the first set under its words."""
    lead = len(text) - len(text.lstrip(" "))
    if text[lead:lead + 2] == "* ":
        lines = lines_of(text[lead + 2:], width - lead - 2)
        return [" " * lead + ("* " if k == 0 else "  ") + ln for k, ln in enumerate(lines)]
    return [" " * lead + ln for ln in lines_of(text, width - lead)]
