"""A corpus of bad and hostile inputs, generated here by code (none is stored).

Every input must be answered as bad input: exit status 2 and one line on stderr that names
the file (and the line where the fault has one), quickly and without growing the process.
Never an internal error (exit 3), a hang, a traceback or a "could not rule".

The kinds: shipped cases mutated (floats, NaN, huge numbers, Unicode digits, seats alike but
for case, rulebook ids that are paths, too many events, bytes that are not UTF-8, UTF-16,
control characters, deep nesting, tabs, unfinished YAML); hostile YAML (alias bombs, tags,
merge keys, keys that are lists, numbers of thousands of digits); rulebooks in temporary
directories (ids and ``extends:`` that are paths, ``source.file`` outside the sources, a
FIFO or ``/dev/zero`` as a source, NaN parameters, floats for integers, broken laws and
provisions); bad ids on the command line; and files that are not regular files. The
second round adds: YAML 1.1's octal, hexadecimal, binary, base-60 and underscored numbers
in mappings, events and rulebooks; broken bytes on standard input under three locales;
seats named to be misread; entries a directory run must skip, and rulebooks that are no
file; ``new`` given special files; 400 KB lines and long arguments (every error line is
held to 720 characters besides its file); ``when`` tests that can never hold.

Beside the bad input, legal input that must be ruled, each kind generated here too:
terminal escapes through every command and format, printed safe; a non-ASCII case on
standard input under five locales; seats in ten scripts, composed and case-folded;
``extends: null``; provisions told apart by their ranges; environments with no place for
a cache; and, in real processes, SIGINT from 0 to 512 ms into a run, cold starts at
once, writers killed, and hash seeds.

The bad input runs in this process (``tests/inproc.py``), so the corpus takes seconds.
"""

from __future__ import annotations

import copy
import os
import re
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from casecheck import BOOKS
from inproc import run

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))
SECONDS = 5.0  # per input, on a loaded machine; most take a few milliseconds
LONGEST_LINE = 720  # characters of an error line, the file's name aside (a book's extent)
GROWTH = 300 * 1024  # KiB: the most the whole corpus may add to the process's peak memory
# The peak before the corpus runs, taken when its first input is made (not at import, so
# the tests collected before it, whatever they hold, are not counted against the corpus).
_START_RSS: list[int] = []


@dataclass
class Bad:
    """One input: the command to run, the file its one line must name, and its line."""

    argv: list[str]
    file: str | None
    line: int | bool | None = True  # True: some line; an int: that line; None: none asked
    env: dict[str, str] = field(default_factory=dict)
    stdin: bytes | None = None  # standard input's bytes, under a locale of stdin_encoding
    stdin_encoding: str = "utf-8"


Build = Callable[[Path], Bad]
CORPUS: dict[str, Build] = {}


def bad(name: str) -> Callable[[Build], Build]:
    def register(f: Build) -> Build:
        assert name not in CORPUS, name
        CORPUS[name] = f
        return f
    return register


def write(d: Path, name: str, content: str | bytes) -> str:
    p = d / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(content.encode() if isinstance(content, str) else content)
    return str(p)


# --- shipped cases, mutated --------------------------------------------------------------

def _data(case: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(case.read_text(encoding="utf-8"))
    return data


def _second_seat(d: dict[str, Any]) -> str:
    return str(d["table"]["seats"][1])


DATA_MUTATIONS: dict[str, Callable[[dict[str, Any]], None]] = {
    "blind-as-float": lambda d: d["table"].__setitem__("blind", float(d["table"]["blind"])),
    "limit-nan": lambda d: d["table"].__setitem__("limit", float("nan")),
    "limit-1e308": lambda d: d["table"].__setitem__("limit", 1.0e308),
    "limit-huge": lambda d: d["table"].__setitem__("limit", 10**12),
    "blind-true": lambda d: d["table"].__setitem__("blind", True),
    "seat-again-in-capitals": lambda d: d["table"]["seats"].insert(
        1, str(d["table"]["seats"][0]).swapcase()),
    "rulebook-dotdot": lambda d: d.__setitem__("rulebook", "../" + d.get("rulebook", "peel")),
    "rulebook-abs-path": lambda d: d.__setitem__("rulebook", str(ROOT / "rulebooks" /
                                                                "peel.yaml")),
    "rulebook-capitals": lambda d: d.__setitem__("rulebook", "Peel"),
    "rulebook-unknown": lambda d: d.__setitem__("rulebook", "pele"),
    "event-superscript-two": lambda d: d["events"].append(f"{_second_seat(d)} discards ²"),
    "event-circled-one": lambda d: d["events"].append(f"{_second_seat(d)} bets ①"),
    "event-count-float": lambda d: d["events"].append(
        {"act": "discards", "player": _second_seat(d), "count": 2.0}),
    "event-eleven-digits": lambda d: d["events"].append(f"{_second_seat(d)} bets 12345678901"),
    "too-many-events": lambda d: d.__setitem__("events", d["events"] * (501 // len(d["events"])
                                                                        + 1)),
    "stake-float": lambda d: d["table"].__setitem__("stakes", {_second_seat(d): 1.5}),
}


def _middle(text: str) -> int:
    """A line in the middle of the events, 1-based."""
    lines = text.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("events:"))
    return min(start + 2, len(lines) - 1) + 1


def _at_line(text: str, n: int, insert: str) -> str:
    lines = text.splitlines(keepends=True)
    lines[n - 1] = insert + lines[n - 1]
    return "".join(lines)


TEXT_MUTATIONS: dict[str, Callable[[str], tuple[bytes, int | bool]]] = {
    "byte-ff": lambda t: (_at_line(t, _middle(t), "\x00MARK").encode().replace(
        b"\x00MARK", b"\xff"), _middle(t)),
    "byte-c3-cut": lambda t: (_at_line(t, _middle(t), "\x00MARK").encode().replace(
        b"\x00MARK", b"\xc3("), _middle(t)),
    "utf-16": lambda t: (t.encode("utf-16"), 1),
    "utf-16-le-no-mark": lambda t: (t.encode("utf-16-le"), 1),
    "control-bell": lambda t: (_at_line(t, _middle(t), "  \x07").encode(), _middle(t)),
    "control-escape": lambda t: (_at_line(t, _middle(t), "\x1b[31m").encode(), _middle(t)),
    "nul": lambda t: (_at_line(t, _middle(t), "\x00").encode(), _middle(t)),
    "nested-60": lambda t: (("deep: " + "[" * 60 + "]" * 60 + "\n" + t).encode(), 1),
    "unfinished-flow": lambda t: ((t + "  - [B, discards\n").encode(), True),
    "tab-indent": lambda t: (t.replace("\n  - ", "\n\t- ", 1).encode(), True),
    "second-document": lambda t: ((t + "---\ntitle: again\n").encode(), True),
    "digits-5000": lambda t: (t.replace("events:", "n: " + "9" * 5000 + "\nevents:", 1)
                              .encode(), True),
}


# Each kind of mutation is applied to every third shipped case, a different third for each
# kind, so that every case is mutated many ways and the corpus stays quick.
for _n, _case in enumerate(CASES):
    for _k, (_kind, _mutate) in enumerate(DATA_MUTATIONS.items()):
        if (_n + _k) % 3:
            continue
        def _build_data(d: Path, case: Path = _case, kind: str = _kind,
                        mutate: Callable[[dict[str, Any]], None] = _mutate) -> Bad:
            data = copy.deepcopy(_data(case))
            mutate(data)
            p = write(d, f"{kind}/{case.name}", yaml.safe_dump(data, sort_keys=False,
                                                                allow_unicode=True))
            return Bad(["rule", p], p)
        bad(f"case-{_kind}-{_case.stem}")(_build_data)
    for _k, (_kind, _tmutate) in enumerate(TEXT_MUTATIONS.items()):
        if (_n + _k) % 3:
            continue
        def _build_text(d: Path, case: Path = _case, kind: str = _kind,
                        mutate: Callable[[str], tuple[bytes, int | bool]] = _tmutate) -> Bad:
            content, line = mutate(case.read_text(encoding="utf-8"))
            p = write(d, f"{kind}/{case.name}", content)
            return Bad(["rule", p], p, line)
        bad(f"case-{_kind}-{_case.stem}")(_build_text)


# --- hostile YAML -----------------------------------------------------------------------

TABLE = "table:\n  seats: [A, B, C]\n  dealer: A\n  blind: 1\n  limit: 12\n"
LAUGHS = "".join(f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]\n" for p, c in zip(
    "abcdefg", "bcdefgh", strict=True))
HOSTILE_YAML: dict[str, tuple[str | bytes, int | bool | None]] = {
    "alias-bomb": ("a: &a [x, x, x, x, x, x, x, x, x]\n" + LAUGHS, True),
    "python-tag": ("!!python/object/apply:os.system [echo owned]\n", True),
    "python-name": (TABLE + "events: !!python/name:os.system\n", True),
    "binary-table": ("table: !!binary aGVsbG8=\nevents: [deal]\n", True),
    "merge-key": ("x: &x {seats: [A, B]}\ntable: {<<: *x, dealer: A, blind: 1, limit: 2}\n"
                  "events: [deal]\n", 2),
    "list-as-key": ("? [a, b]\n: 1\n", 1),
    "duplicate-key": (TABLE + "events: [deal]\nevents: [deal]\n", 7),
    "empty": ("", 1),
    "only-a-comment": ("# nothing\n", 1),
    "a-number": ("42\n", 1),
    "a-list": ("- deal\n", 1),
    "deep-flow-1000": ("x: " + "[" * 1000 + "]" * 1000 + "\n", 1),
    "deep-mapping-1000": ("x: " + "{a: " * 1000 + "1" + "}" * 1000 + "\n", 1),
    "deep-block": ("".join(" " * i + "k:\n" for i in range(200)) + "v\n", True),
    "deep-sequence": ("- " * 300 + "x\n", True),
    "huge-int-key": (TABLE + "events: [deal]\n" + "9" * 5000 + ": x\n", True),
    "limit-5000-digits": (TABLE.replace("limit: 12", "limit: " + "9" * 5000) +
                          "events: [deal]\n", 5),
    "limit-nan": (TABLE.replace("limit: 12", "limit: .nan") + "events: [deal]\n", 5),
    "limit-inf": (TABLE.replace("limit: 12", "limit: .inf") + "events: [deal]\n", 5),
    "limit-1e308": (TABLE.replace("limit: 12", "limit: 1.0e+308") + "events: [deal]\n", 5),
    "limit-2.0": (TABLE.replace("limit: 12", "limit: 2.0") + "events: [deal]\n", 5),
    "limit-minus": (TABLE.replace("limit: 12", "limit: -12") + "events: [deal]\n", 5),
    "seats-a-and-A": (TABLE.replace("[A, B, C]", "[A, a, B]") + "events: [deal]\n", 2),
    "seats-eleven": (TABLE.replace("[A, B, C]", "[" + ", ".join("ABCDEFGHIJK") + "]") +
                     "events: [deal]\n", 2),
    "count-2.0": (TABLE + "events:\n  - deal\n  - {player: B, act: discards, count: 2.0}\n",
                  8),
    "count-true": (TABLE + "events:\n  - deal\n  - {player: B, act: discards, count: true}\n",
                   8),
    "count-superscript": (TABLE + "events:\n  - deal\n  - B discards ³\n", 8),
    "amount-circled": (TABLE + "events:\n  - deal\n  - C bets ⑤\n", 8),
    "amount-arabic-indic": (TABLE + "events:\n  - deal\n  - C bets ٣\n", 8),
    "amount-fullwidth": (TABLE + "events:\n  - deal\n  - C bets ３\n", 8),
    "bom-then-tab": ("\ufeff" + TABLE + "events:\n\t- deal\n", True),
    "control-in-string": (TABLE + 'events:\n  - "B disc\x01ards 3"\n', 7),
    "del-char": (TABLE + "events:\n  - B discards 3\x7f\n", 7),
    "lone-surrogate-bytes": ((TABLE + "events:\n  - deal\n").encode() + b"\xed\xa0\x80\n", 8),
    "overlong-utf8": ((TABLE + "events:\n  - deal\n").encode() + b"\xc0\xaf\n", 8),
    "latin-1-text": ((TABLE + "title: caf\xe9\nevents:\n  - deal\n").encode("latin-1"), 6),
    "rulebook-path": (TABLE + "rulebook: ../../../etc/passwd\nevents: [deal]\n", 6),
    "rulebook-abs": (TABLE + "rulebook: /etc/passwd\nevents: [deal]\n", 6),
    "rulebook-dot-yaml": (TABLE + "rulebook: peel.yaml\nevents: [deal]\n", 6),
    "rulebook-nul": (TABLE + 'rulebook: "peel\\0"\nevents: [deal]\n', 6),
    "rulebook-long": (TABLE + "rulebook: " + "p" * 500 + "\nevents: [deal]\n", 6),
    "rulebook-list": (TABLE + "rulebook: [peel]\nevents: [deal]\n", 6),
    "rulebook-empty": (TABLE + 'rulebook: ""\nevents: [deal]\n', 6),
    "a-rulebook-not-a-case": ("id: peel\ntitle: x\nlaws: []\n", 1),
    "events-25000-in-a-line": (TABLE + "events: [" + ", ".join(["deal"] * 25_000) + "]\n", 6),
    "events-5000": (TABLE + "events:\n" + "  - A passes\n" * 5000, 507),
    "events-100000": (TABLE + "events:\n" + "  - deal\n" * 100_000, None),
}
for _name, (_text, _line) in HOSTILE_YAML.items():
    def _build_yaml(d: Path, name: str = _name, text: str | bytes = _text,
                    line: int | bool | None = _line) -> Bad:
        p = write(d, f"yaml/{name}.yaml", text)
        return Bad(["rule", p], p, line)
    bad(f"yaml-{_name}")(_build_yaml)
    def _build_yaml_check(d: Path, name: str = _name, text: str | bytes = _text,
                          line: int | bool | None = _line) -> Bad:
        p = write(d, f"yaml-check/{name}.yaml", text)
        return Bad(["check", p], p, line)
    bad(f"yaml-check-{_name}")(_build_yaml_check)


# --- rulebooks in temporary directories ---------------------------------------------------

HOUSE = yaml.safe_load((ROOT / "rulebooks" / "examples" / "house.yaml").read_text("utf-8"))
PEEL = yaml.safe_load((ROOT / "rulebooks" / "peel.yaml").read_text("utf-8"))
CASE = str(ROOT / "cases" / "given-four-after-discarding-three.yaml")


def _source(name: str) -> Callable[[dict[str, Any]], None]:
    return lambda b: b["source"].__setitem__("file", name)


BOOK_MUTATIONS: dict[str, tuple[dict[str, Any], Callable[[dict[str, Any]], None]]] = {
    "extends-dotdot": (HOUSE, lambda b: b.__setitem__("extends", "../../rulebooks/foster")),
    "extends-abs": (HOUSE, lambda b: b.__setitem__("extends", str(ROOT / "rulebooks" /
                                                                  "foster.yaml"))),
    "extends-capitals": (HOUSE, lambda b: b.__setitem__("extends", "Foster")),
    "extends-unknown": (HOUSE, lambda b: b.__setitem__("extends", "fostre")),
    "extends-itself": (HOUSE, lambda b: b.__setitem__("extends", "house")),
    "max-of-limit-nan": (HOUSE, lambda b: b["parameters"]["straddle"].__setitem__(
        "max_of_limit", float("nan"))),
    "max-of-limit-inf": (HOUSE, lambda b: b["parameters"]["straddle"].__setitem__(
        "max_of_limit", float("inf"))),
    "max-of-limit-2": (HOUSE, lambda b: b["parameters"]["straddle"].__setitem__(
        "max_of_limit", 2)),
    "straddle-first-2.0": (HOUSE, lambda b: b["parameters"]["straddle"].__setitem__(
        "first", 2.0)),
    "fine-1e308": (HOUSE, lambda b: b["provisions"][1]["penalty"]["pays"].__setitem__(
        "multiple_of_blind", 1.0e308)),
    "fine-nan": (HOUSE, lambda b: b["provisions"][1]["penalty"]["pays"].__setitem__(
        "multiple_of_blind", float("nan"))),
    "when-at-least-nan": (HOUSE, lambda b: b["provisions"][0].__setitem__(
        "when", {"amount": {"at_least": float("nan")}})),
    "when-float": (HOUSE, lambda b: b["provisions"][0].__setitem__("when", {"amount": 2.0})),
    # a when that can never apply: dead letter, refused by check (and wherever it is read)
    **{f"when-never-{name}": (HOUSE, lambda b, t=test: b["provisions"][0].__setitem__(
        "when", {"amount": t})) for name, test in {
            "4-to-3": {"at_least": 4, "at_most": 3},
            "above-3-below-4": {"more_than": 3, "less_than": 4},
            "in-nothing": {"in": []},
            "in-below-bounds": {"in": [1, 2], "at_least": 5},
            "all-excluded": {"at_least": 2, "at_most": 3, "not": [2, 3]},
            "empty-list": [],
        }.items()},
    "year-float": (HOUSE, lambda b: b["published"].__setitem__("year", 1910.0)),
    "page-float": (HOUSE, lambda b: b["laws"][0].__setitem__("page", 3.0)),
    "law-without-text": (HOUSE, lambda b: b["laws"][0].pop("text")),
    "law-blank-text": (HOUSE, lambda b: b["laws"][0].__setitem__("text", "  ")),
    "law-ref-superscript": (HOUSE, lambda b: b["laws"][0].__setitem__("ref", "²")),
    "law-twice": (HOUSE, lambda b: b["laws"].append(dict(b["laws"][0]))),
    "provision-without-id": (HOUSE, lambda b: b["provisions"][0].pop("id")),
    "provision-twice": (HOUSE, lambda b: b["provisions"].append(dict(b["provisions"][0]))),
    "cites-missing-law": (HOUSE, lambda b: b["provisions"][0].__setitem__("cites", ["H9"])),
    "cites-huge": (HOUSE, lambda b: b["provisions"][0].__setitem__("cites", [10**12])),
    "id-other": (HOUSE, lambda b: b.__setitem__("id", "other")),
    "id-capitals": (HOUSE, lambda b: b.__setitem__("id", "House")),
    "source-etc-passwd": (PEEL, _source("/etc/passwd")),
    "source-dotdot": (PEEL, _source("../sources/peel-round-games-1891-poker.txt")),
    "source-empty": (PEEL, _source("")),
    "source-dot": (PEEL, _source(".")),
    "source-backslash": (PEEL, _source("..\\x.txt")),
}
for _name, (_base, _bmutate) in BOOK_MUTATIONS.items():
    for _cmd in ("check", "rule", "laws"):
        def _build_book(d: Path, name: str = _name, base: dict[str, Any] = _base,
                        mutate: Callable[[dict[str, Any]], None] = _bmutate,
                        cmd: str = _cmd) -> Bad:
            book = copy.deepcopy(base)
            book_id = book["id"]
            mutate(book)
            folder = d / f"books-{cmd}-{name}"
            p = write(folder, f"{book_id}.yaml", yaml.safe_dump(book, sort_keys=False,
                                                                allow_unicode=True))
            argv = {"check": ["check", p],
                    "rule": ["rule", CASE, "--rulebooks", str(folder), "--rulebook", book_id],
                    "laws": ["laws", book_id, "--rulebooks", str(folder)]}[cmd]
            return Bad(argv, p)
        bad(f"book-{_cmd}-{_name}")(_build_book)


def _build_chain(d: Path) -> Bad:
    """Forty house books, each on the next: too deep, refused at the sixteenth."""
    folder = d / "books-chain"
    for i in range(40):
        write(folder, f"b{i}.yaml", f"id: b{i}\ntitle: B{i}\nextends: b{i + 1}\n")
    write(folder, "b40.yaml", "id: b40\ntitle: B40\nextends: peel\n")
    return Bad(["laws", "b0", "--rulebooks", str(folder)], str(folder / "b15.yaml"), 3)


bad("book-extends-forty-deep")(_build_chain)


def _sources(d: Path) -> Path:
    """A sources directory holding a FIFO, a link to /dev/zero, UTF-16 and a huge file."""
    s = d / "sources"
    if not s.is_dir():
        s.mkdir()
        os.mkfifo(s / "fifo.txt")
        (s / "zero.txt").symlink_to("/dev/zero")
        (s / "utf16.txt").write_bytes("text\n---\nlaw\n".encode("utf-16"))
        (s / "sub").mkdir()
        with (s / "huge.txt").open("wb") as fh:
            fh.truncate(17 * 1024 * 1024)  # sparse: costs no disk
    return s


for _src in ("fifo.txt", "zero.txt", "utf16.txt", "sub", "huge.txt", "absent.txt"):
    def _build_source(d: Path, src: str = _src) -> Bad:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        sources = _sources(d)
        book = copy.deepcopy(PEEL)
        book["source"]["file"] = src
        p = write(d / f"books-source-{src}", "peel.yaml", yaml.safe_dump(book, sort_keys=False,
                                                                         allow_unicode=True))
        return Bad(["check", p], p, env={"ARBITER_SOURCES": str(sources)})
    bad(f"source-file-{_src}")(_build_source)


# --- ids on the command line, and files that are not files ---------------------------------

ARGS: dict[str, list[str]] = {
    "law-dotdot": ["law", "../peel", "45"],
    "laws-abs": ["laws", "/etc/passwd"],
    "laws-yaml-path": ["laws", str(ROOT / "rulebooks" / "peel.yaml")],
    "laws-empty": ["laws", ""],
    "laws-capitals": ["laws", "PEEL"],
    "laws-nul": ["laws", "peel\x00"],
    "laws-long": ["laws", "p" * 5000],
    "laws-dotless-i": ["laws", "p\u0131eel"],
    "search-book-path": ["search", "ante", "--book", "../peel"],
    "rule-rulebook-path": ["rule", CASE, "--rulebook", "../../etc/passwd"],
    "rule-rulebook-capitals": ["rule", CASE, "--rulebook", "Peel"],
    "replay-rulebook-path": ["replay", CASE, "--rulebook", "/etc/passwd"],
    "replay-rulebook-empty": ["replay", CASE, "--rulebook", ""],
    "rule-rulebook-empty": ["rule", CASE, "--rulebook", ""],
    "law-unknown-ref": ["law", "peel", "²"],
    "law-huge-ref": ["law", "peel", "9" * 5000],
    "rulebooks-dir-is-file": ["rulebooks", "--rulebooks", CASE],
    "unknown-option": ["rule", CASE, "--rulebok", "peel"],
    "search-limit-zero": ["search", "ante", "--limit", "0"],
    "search-nothing": ["search", ""],
    "search-blank": ["search", "  ", "\t"],
    "rulebooks-dir-empty-name": ["laws", "peel", "--rulebooks", ""],
}
for _name, _argv in ARGS.items():
    bad(f"args-{_name}")(lambda d, argv=_argv: Bad(list(argv), None, None))

for _special in ("/dev/zero", "/dev/null", "/dev/urandom", "/proc/self/mem"):
    for _cmd in ("rule", "replay", "check"):
        bad(f"special-{_cmd}-{_special}")(
            lambda d, cmd=_cmd, special=_special: Bad([cmd, special], special, None))
for _cmd in ("rule", "replay", "check"):
    def _build_fifo(d: Path, cmd: str = _cmd) -> Bad:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        p = d / f"fifo-{cmd}.yaml"
        if not p.exists():
            os.mkfifo(p)
        return Bad([cmd, str(p)], str(p), None)
    bad(f"fifo-{_cmd}")(_build_fifo)
    def _build_empty_dir(d: Path, cmd: str = _cmd) -> Bad:
        # A directory stands for the cases in it; one that holds none is bad input.
        p = d / f"empty-{cmd}"
        p.mkdir(exist_ok=True)
        return Bad([cmd, str(p)], str(p), None)
    bad(f"directory-{_cmd}")(_build_empty_dir)
    bad(f"missing-{_cmd}")(lambda d, cmd=_cmd: Bad([cmd, str(d / "nope.yaml")],
                                                   str(d / "nope.yaml"), None))

    def _build_big(d: Path, cmd: str = _cmd) -> Bad:
        p = d / f"big-{cmd}.yaml"
        with p.open("wb") as fh:
            fh.write(TABLE.encode() + b"events: [deal]\n")
            fh.truncate(50 * 1024 * 1024)  # 50 MB, sparse
        return Bad([cmd, str(p)], str(p), None)
    bad(f"fifty-megabytes-{_cmd}")(_build_big)


# --- YAML 1.1's numbers that are not decimals ---------------------------------------------

# Each form, with the decimal YAML 1.1 reads it as: refused with one line naming both,
# wherever an integer stands (a mapping's value, a one-line event's word, a rulebook's).
YAML11_NUMBERS = {"010": 8, "-010": -8, "0x10": 16, "0b11": 3, "1:30": 90, "1_000": 1000,
                  "09": 9, "0_12": 10}


def _limit_line(text: str) -> int:
    return next(i for i, x in enumerate(text.splitlines(), 1) if re.search(r"\blimit: ", x))


for _n, _case in enumerate(CASES):
    for _k, _form in enumerate(YAML11_NUMBERS):
        if (_n + _k) % 4:
            continue
        def _build_limit(d: Path, case: Path = _case, form: str = _form) -> Bad:
            text = case.read_text("utf-8")
            line = _limit_line(text)
            text = re.sub(r"\blimit: [0-9]+", f"limit: {form}", text, count=1)
            p = write(d, f"yaml11-limit/{form}/{case.name}", text)
            return Bad(["rule", p], p, line)
        bad(f"yaml11-limit-{_form}-{_case.stem}")(_build_limit)

        def _build_event(d: Path, case: Path = _case, form: str = _form,
                         mapping: bool = bool(_n % 2)) -> Bad:
            data = _data(case)
            who = _second_seat(data)
            text = case.read_text("utf-8").rstrip("\n")
            # the event is written at the end of the file, under its own events: key
            data.pop("events")
            head = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
            event = (f"{{player: {who}, act: bets, amount: {form}}}" if mapping else
                     f"{who} bets {form}")
            body = head + "events:\n  - deal\n  - " + event + "\n"
            p = write(d, f"yaml11-event/{form}/{case.name}", body)
            assert text
            return Bad(["rule", p], p, body.count("\n"))
        bad(f"yaml11-event-{_form}-{_case.stem}")(_build_event)

_BOOK_NUMBER_PLACES: dict[str, Callable[[dict[str, Any], str], None]] = {
    "year": lambda b, f: b["published"].__setitem__("year", f),
    "page": lambda b, f: b["laws"][0].__setitem__("page", f),
    "fine": lambda b, f: b["provisions"][1]["penalty"]["pays"].__setitem__(
        "multiple_of_blind", f),
}
for _place, _put in _BOOK_NUMBER_PLACES.items():
    for _form in YAML11_NUMBERS:
        def _build_book_number(d: Path, place: str = _place, form: str = _form,
                               put: Callable[[dict[str, Any], str], None] = _put) -> Bad:
            book = copy.deepcopy(HOUSE)
            put(book, "@@NUMBER@@")
            text = yaml.safe_dump(book, sort_keys=False, allow_unicode=True)
            line = next(i for i, x in enumerate(text.splitlines(), 1) if "@@NUMBER@@" in x)
            p = write(d / f"yaml11-book-{place}-{form}", "house.yaml",
                      text.replace("'@@NUMBER@@'", form))
            return Bad(["check", p], p, line)
        bad(f"yaml11-book-{_place}-{_form}")(_build_book_number)


@pytest.mark.parametrize("form", list(YAML11_NUMBERS))
def test_a_yaml11_number_is_refused_alike_in_a_mapping_and_in_a_line(form: str,
                                                                     tmp_path: Path) -> None:
    value = YAML11_NUMBERS[form]
    lines = []
    for event in (f"{{player: C, act: bets, amount: {form}}}", f"C bets {form}"):
        p = write(tmp_path, "case.yaml", TABLE + f"events:\n  - deal\n  - {event}\n")
        r = run("rule", p)
        assert r.code == 2 and len(r.err.splitlines()) == 1, r.err
        lines.append(r.err.split(": events[1]", 1)[1].removeprefix(".amount"))
        assert f"{form} " in r.err and f"write {value}" in r.err, r.err
    assert lines[0] == lines[1]
    p = write(tmp_path, "limit.yaml", TABLE.replace("limit: 12", f"limit: {form}")
              + "events: [deal]\n")
    r = run("rule", p)
    assert r.code == 2 and f"write {value}" in r.err and ":5:" in r.err, r.err


def test_yes_no_on_and_off_are_text_as_in_yaml_12(tmp_path: Path) -> None:
    """Seats named No and On are seats, not booleans; true and false stay booleans."""
    text = (TABLE.replace("[A, B, C]", "[No, On, Yes]").replace("dealer: A", "dealer: No")
            + "events:\n  - deal\n  - {act: passes, player: Yes}\n  - On passes\n"
            "dispute: {raised_by: On, question: Who takes the pool?}\n")
    r = run("replay", write(tmp_path, "seats.yaml", text))
    assert r.code == 0, r.err
    bad_flag = TABLE + "events:\n  - {act: deals, uncut: yes}\n"
    r = run("rule", write(tmp_path, "uncut.yaml", bad_flag))
    assert r.code == 2 and "'yes'" in r.err, r.err


# --- seat names: letters of any script, composed, compared case-folded -----------------------

# A name a one-line event would misread, or no one word: refused on the seats' line, and
# the line names the word that collides.
BAD_SEATS = {"a": "'a'", "two": "'two'", "to": "'to'", "himself": "'himself'", "he": "'he'",
             "As": "As", "Kd": "Kd", "10h": "", "The": "'the deal'", "blue": "'blue'",
             "Mr Smith": "space", "1st": "letter", "x-": "'-'", "O'Brien": "\"'\"",
             "_x": "letter", "\u0308x": "letter"}
for _seat, _word in BAD_SEATS.items():
    def _build_seat(d: Path, seat: str = _seat) -> Bad:
        text = (TABLE.replace("[A, B, C]", f"[A, B, {yaml.safe_dump(seat).split(chr(10))[0]}]")
                .replace("limit: 12", "limit: 12\n  counters: {white: 1, blue: 10}")
                + "events: [deal]\n")
        p = write(d, f"seats/{len(seat)}-{abs(hash(seat)) % 10**6}.yaml", text)
        return Bad(["rule", p], p, 2)
    bad(f"seat-named-{_seat.encode('unicode_escape').decode()}")(_build_seat)


@pytest.mark.parametrize("seat", list(BAD_SEATS))
def test_an_ambiguous_seat_name_is_refused_naming_the_word(seat: str, tmp_path: Path) -> None:
    text = (TABLE.replace("[A, B, C]", f"[A, B, {yaml.safe_dump(seat).split(chr(10))[0]}]")
            .replace("limit: 12", "limit: 12\n  counters: {white: 1, blue: 10}")
            + "events: [deal]\n")
    r = run("check", write(tmp_path, "seats.yaml", text))
    assert r.code == 2 and "table.seats[2]" in r.err and BAD_SEATS[seat] in r.err, r.err


# Names of many scripts for the seats of shipped cases, ruled as the cases are.
UNICODE_SEATS = ["Zoë", "Søren", "Ελένη", "Ólafur", "अनु", "王芳", "Jean-Luc", "Ñandú", "Łucja",
                 "Ğül"]
_LETTERS = "ABCDEFGHIJ"


def _renamed(text: str) -> str:
    return re.sub(r"\b([A-J])\b", lambda m: UNICODE_SEATS[_LETTERS.index(m.group(1))], text)


@pytest.mark.parametrize("case", CASES[::4], ids=lambda p: p.stem)
def test_seats_of_any_script_are_ruled_as_letters_are(case: Path, tmp_path: Path) -> None:
    text = case.read_text("utf-8")
    if any(n in text for n in UNICODE_SEATS):
        pytest.skip("the case uses the names already")
    renamed = write(tmp_path, case.name, _renamed(text))
    original = run("rule", str(case), "--format", "json")
    other = run("rule", renamed, "--format", "json")
    assert other.code == original.code, other.err
    back = other.out.replace(renamed, str(case))
    for letter, name in zip(_LETTERS, UNICODE_SEATS, strict=True):
        back = back.replace(name, letter)
    assert back == original.out


def test_seat_names_are_composed_and_compared_case_folded(tmp_path: Path) -> None:
    decomposed = "Zoe\u0308"
    text = ("table: {seats: [Zoë, Søren, Faced, Straße], dealer: Zoë, blind: 1, limit: 12}\n"
            "events:\n  - SØREN blinds 1\n  - deal\n  - faced comes in\n"
            f"  - STRASSE passes\n  - {decomposed} passes\n  - søren makes good\n"
            "dispute: {raised_by: FACED, question: Who bets first after the draw?}\n")
    r = run("replay", write(tmp_path, "names.yaml", text))
    assert r.code == 0, r.err
    assert "Seats Zoë Søren Faced Straße" in r.out
    again = text.replace("Straße], dealer", "Straße, ZOË], dealer")
    r = run("check", write(tmp_path, "twice.yaml", again))
    assert r.code == 2 and "'ZOË' is seat 'Zoë' again" in r.err, r.err


# --- errors stay short: long input is cut in an error, long lists counted -------------------

LONG = 400_000  # characters: a single line of nearly the size a case may have
LONG_INPUTS: dict[str, tuple[str, int | bool]] = {
    "event-line": (TABLE + "events:\n  - A " + "x" * LONG + "\n", 7),
    "event-verb": (TABLE + "events:\n  - A " + "passes" * (LONG // 6) + "\n", 7),
    "seat-name": (TABLE.replace("[A, B, C]", "[A, B, " + "C" * LONG + " x]") + "events: [deal]\n",
                  2),
    "dealer": (TABLE.replace("dealer: A", "dealer: " + "Q" * LONG) + "events: [deal]\n", 3),
    "amount": (TABLE + "events:\n  - deal\n  - {player: B, act: bets, amount: "
               + "reds " * (LONG // 5) + "}\n", 8),
    "question": (TABLE + "events: [deal]\ndispute: {asks: " + "who " * (LONG // 4) + "}\n",
                 7),
    "unknown-key": (TABLE + "events: [deal]\n" + "k" * LONG + ": 1\n", 7),
    "rulebook": (TABLE + "rulebook: " + "p" * LONG + "\nevents: [deal]\n", 6),
    "card": (TABLE + "events:\n  - deal\n  - B discards 1 " + "Z" * LONG + "\n", 8),
    "many-seats": (TABLE.replace("[A, B, C]", "[" + ", ".join(f"S{i}" for i in range(5000))
                                 + "]") + "events: [deal]\n", 2),
}
for _name, (_text, _line) in LONG_INPUTS.items():
    for _cmd in ("rule", "check"):
        def _build_long(d: Path, name: str = _name, text: str = _text, line: int | bool = _line,
                        cmd: str = _cmd) -> Bad:
            p = write(d, f"long/{name}.yaml", text)
            return Bad([cmd, p], p, line)
        bad(f"long-{_name}-{_cmd}")(_build_long)
for _name, _argv in {"book-id": ["laws", "p" * 5000], "example": ["examples", "z" * 5000],
                     "example-far": ["examples", "qqqqqqq"],
                     "law-ref": ["law", "peel", "x" * 5000],
                     "file": ["rule", "/tmp/" + "d" * 4000 + ".yaml"],
                     "search-book": ["search", "ante", "--book", "b" * 5000]}.items():
    bad(f"long-args-{_name}")(lambda d, argv=_argv: Bad(list(argv), None, None))


# --- standard input: its bytes decoded as UTF-8 whatever the locale -------------------------

# Each text mutation that breaks the encoding, given on standard input under a locale that
# would read it otherwise (latin-1 reads every byte; ascii and strict UTF-8 read none of
# them): the one line names <stdin>, the line and the byte offset.
_STDIN_MUTATIONS = ("byte-ff", "byte-c3-cut", "utf-16", "utf-16-le-no-mark")
for _n, _case in enumerate(CASES[::7]):
    for _kind in _STDIN_MUTATIONS:
        for _locale in ("utf-8", "latin-1", "ascii"):
            def _build_stdin(d: Path, case: Path = _case, kind: str = _kind,
                             locale: str = _locale) -> Bad:
                content, line = TEXT_MUTATIONS[kind](case.read_text(encoding="utf-8"))
                cmd = ("rule", "replay", "check")[len(kind) % 3]
                return Bad([cmd, "-"], "<stdin>", line, stdin=content, stdin_encoding=locale)
            bad(f"stdin-{_kind}-{_locale}-{_case.stem}")(_build_stdin)
bad("stdin-twice")(lambda d: Bad(["check", "-", "-"], "<stdin>", None,
                                 stdin=Path(CASE).read_bytes()))


# --- directory runs name each entry they skip; a rulebook that is no file ------------------

def _skipped_entry(folder: Path, kind: str, name: str = "") -> Path:
    """An entry named like a case (or ``name``) that is no regular file, made afresh in
    ``folder``."""
    import socket

    folder.mkdir(parents=True, exist_ok=True)
    p = folder / (name or f"{kind}.yaml")
    if os.path.lexists(p):
        return p
    if kind == "dangling-link":
        p.symlink_to(folder / "nothing-here.yaml")
    elif kind == "link-loop":
        p.symlink_to(p.name)
    elif kind == "fifo":
        os.mkfifo(p)
    elif kind == "link-to-device":
        p.symlink_to("/dev/zero")
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as s:
            s.bind(str(p))
    else:
        p.mkdir()
    return p


SKIPPED_KINDS = ("dangling-link", "link-loop", "fifo", "link-to-device", "socket",
                 "directory")
for _kind in SKIPPED_KINDS:
    for _cmd in ("rule", "replay", "check"):
        def _build_skipped(d: Path, kind: str = _kind, cmd: str = _cmd) -> Bad:
            if not hasattr(os, "mkfifo"):
                pytest.skip("no FIFOs here")
            entry = _skipped_entry(d / f"dir-{cmd}-{kind}", kind)
            return Bad([cmd, str(entry.parent)], str(entry), None)
        bad(f"directory-skips-{_kind}-{_cmd}")(_build_skipped)
    def _build_book_entry(d: Path, kind: str = _kind) -> Bad:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        entry = _skipped_entry(d / f"books-entry-{kind}", kind, "club.yaml")
        return Bad(["laws", "club", "--rulebooks", str(entry.parent)], str(entry), None)
    bad(f"rulebook-entry-{_kind}")(_build_book_entry)


@pytest.mark.parametrize("kind", SKIPPED_KINDS)
def test_a_directory_run_names_what_it_skips_and_rules_the_rest(kind: str,
                                                                tmp_path: Path) -> None:
    entry = _skipped_entry(tmp_path / "cases", kind)
    good = write(tmp_path, "cases/a-good-one.yaml", Path(CASE).read_text("utf-8"))
    r = run("rule", str(tmp_path / "cases"))
    assert r.code == 2, r.err
    assert r.err.splitlines() == [f"arbiter: error: {entry}: skipped: " + r.err.split(
        "skipped: ", 1)[1].rstrip("\n")], r.err
    assert "not a case file" in r.err and r.out.startswith("RULING"), r.out[:200]
    assert good not in r.err


def test_a_fifo_as_a_rulebook_is_named_as_such(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(tmp_path / "club.yaml")
    for argv in (["laws", "club"], ["rule", CASE, "--rulebook", "club"], ["rulebooks"]):
        r = run(*argv, "--rulebooks", str(tmp_path))
        assert r.code == 2 and len(r.err.splitlines()) == 1, r.err
        assert f"{tmp_path / 'club.yaml'}: cannot read rulebook: it is a FIFO" in r.err, r.err
        assert "did you mean" not in r.err


def test_an_unreadable_rulebook_directory_exits_2(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads every directory")
    folder = tmp_path / "books"
    folder.mkdir(mode=0)
    try:
        r = run("laws", "peel", "--rulebooks", str(folder))
    finally:
        folder.chmod(0o700)
    assert r.code == 2 and "cannot read the rulebook directory" in r.err, r.err


# --- `new` given anything but a regular file or a new path ----------------------------------

def _special_target(d: Path, kind: str) -> str:
    """A FIFO (which would block a writer with no reader), a socket, a link to nothing, a
    link to a device, or a directory, made afresh under ``d``."""
    import socket

    p = d / f"new-{kind}"
    if not os.path.lexists(p):
        if kind == "fifo":
            os.mkfifo(p)
        elif kind == "socket":
            with socket.socket(socket.AF_UNIX) as s:
                s.bind(str(p))
        elif kind == "dangling-link":
            p.symlink_to(d / "nothing-here")
        elif kind == "link-to-device":
            p.symlink_to("/dev/null")
        else:
            p.mkdir()
    return str(p)


for _kind in ("fifo", "socket", "dangling-link", "link-to-device", "directory"):
    for _force in ((), ("--force",)):
        def _build_new(d: Path, kind: str = _kind, force: tuple[str, ...] = _force) -> Bad:
            if not hasattr(os, "mkfifo"):
                pytest.skip("no FIFOs here")
            p = _special_target(d, kind)
            return Bad(["new", p, *force], p, None)
        bad(f"new-{_kind}{'-force' if _force else ''}")(_build_new)
bad("new-device-force")(lambda d: Bad(["new", "/dev/null", "--force"], "/dev/null", None))


# --- the test ---------------------------------------------------------------------------

def test_the_corpus_is_large() -> None:
    assert len(CORPUS) >= 500, len(CORPUS)


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _START_RSS.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return tmp_path_factory.mktemp("corpus")


@pytest.mark.parametrize("name", list(CORPUS))
def test_bad_input_is_one_line_and_exit_2(name: str, corpus_dir: Path) -> None:
    case = CORPUS[name](corpus_dir)
    start = time.perf_counter()
    r = run(*case.argv, env=case.env, stdin=case.stdin, stdin_encoding=case.stdin_encoding)
    took = time.perf_counter() - start
    lines = r.err.splitlines()
    assert r.code == 2, f"exit {r.code}: {r.err or r.out[:300]}"
    assert len(lines) == 1, r.err
    assert "internal error" not in r.err and "Traceback" not in r.err
    assert took < SECONDS, f"took {took:.1f} s"
    # short: no more than about 200 characters of the input, besides the file's name
    assert len(lines[0].replace(case.file or "\0", "")) <= LONGEST_LINE, len(lines[0])
    if case.file is not None:
        assert case.file in lines[0], lines[0]
        if case.line is True:
            assert re.search(re.escape(case.file) + r":\d+", lines[0]), lines[0]
        elif isinstance(case.line, int):
            assert re.search(re.escape(case.file) + rf":{case.line}\b", lines[0]), lines[0]
    if case.argv[0] != "check":
        assert r.out == ""
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - _START_RSS[0]
    if sys.platform != "darwin":  # ru_maxrss is KiB on Linux (bytes on macOS)
        assert grown < GROWTH, f"the process grew by {grown} KiB"


# --- what must stay legal, and what must not leak ------------------------------------------

def test_brackets_in_quotes_and_comments_are_not_nesting(tmp_path: Path) -> None:
    text = (ROOT / "cases" / "given-four-after-discarding-three.yaml").read_text("utf-8")
    assert text.startswith("title: B is given four")
    legal = ("title: 'B is given four [" + "[" * 60 + "'  # " + "{" * 60 + "\n"
             + "# " + "[" * 60 + "\n" + text.split("\n", 1)[1])
    p = write(tmp_path, "brackets.yaml", legal)
    r = run("rule", p)
    assert r.code == 0, r.err
    assert run("rule", write(tmp_path, "deep.yaml", "x: " + "[" * 51 + "]" * 51 + "\n"
                             + text)).err.count("nested more than 50 levels deep") == 1


def test_a_case_cannot_reach_a_yaml_file_outside_the_rulebooks(tmp_path: Path) -> None:
    """And the error never shows what that file holds."""
    write(tmp_path, "secret.yaml", "id: hunter2-the-password\ntitle: not a rulebook\n")
    text = (ROOT / "cases" / "given-four-after-discarding-three.yaml").read_text("utf-8")
    for ref in ("../secret", str(tmp_path / "secret"), str(tmp_path / "secret.yaml")):
        p = write(tmp_path, "sub/case.yaml", f"rulebook: {ref}\n" + text)
        for argv in (["rule", p], ["replay", p], ["check", p]):
            r = run(*argv)
            assert r.code == 2 and "hunter2" not in r.err + r.out, r.err
            assert "not a rulebook id" in r.err and f"{p}:1:" in r.err


# --- what reaches the terminal: every string from a file printed safe ----------------------
#
# Legal input that holds, by YAML's double-quoted escapes, characters a terminal would obey.
# Each is ruled (or listed) as usual, and nothing raw reaches stdout or stderr: text and
# Markdown show each as a visible escape, JSON escapes it as JSON does and reads back whole.

ESCAPES: dict[str, str] = {
    "osc-window-title": "\x1b]0;pwned\x07",
    "csi-clear-screen": "\x1b[2J\x1b[H",
    "nul": "\x00",
    "bell": "\x07",
    "backspace": "a\b\b\bb",
    "carriage-return": "hidden\rshown",
    "tab": "a\tb",
    "del": "x\x7f",
    "c1-csi": "\x9b31m",
    "c1-next-line": "a\x85b",
    "bidi-override": "abc\u202edef",
    "bidi-isolate": "\u2066x\u2069",
    "line-separator": "a\u2028b",
}
_RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e"
                  "\u2066-\u2069]")


def _hostile_case(d: Path, kind: str, text: str) -> str:
    data = _data(ROOT / "cases" / "given-four-after-discarding-three.yaml")
    data["title"] = f"title {text} end"
    data["note"] = f"note {text} end"
    data["dispute"]["question"] = f"question {text} end"
    return write(d, f"escapes/{kind}.yaml", yaml.safe_dump(data, sort_keys=False))


def _hostile_book(d: Path, kind: str, text: str) -> Path:
    book = copy.deepcopy(HOUSE)
    book["title"] = f"House {text} rules"
    book["laws"][0]["title"] = f"law title {text} end"
    book["laws"][0]["text"] = book["laws"][0]["text"] + f" {text}"
    folder = d / f"escapes-books/{kind}"
    write(folder, "house.yaml", yaml.safe_dump(book, sort_keys=False))
    return folder


# Each command and output format, with the argv for a case and a folder of house rules.
PRINTS: dict[str, Callable[[str, str], list[str]]] = {
    "rule-text": lambda c, b: ["rule", c],
    "rule-markdown": lambda c, b: ["rule", c, "--format", "markdown"],
    "rule-json": lambda c, b: ["rule", c, "--format", "json"],
    "rule-jsonl": lambda c, b: ["rule", c, c, "--format", "jsonl"],
    "rule-house-text": lambda c, b: ["rule", c, "--rulebooks", b, "--rulebook", "house"],
    "rule-house-markdown": lambda c, b: ["rule", c, "--rulebooks", b, "--rulebook", "house",
                                         "--format", "markdown"],
    "replay-text": lambda c, b: ["replay", c],
    "replay-json": lambda c, b: ["replay", c, "--format", "json"],
    "compare-text": lambda c, b: ["compare", c, "--rulebooks", b],
    "compare-markdown": lambda c, b: ["compare", c, "--rulebooks", b, "--format", "markdown"],
    "compare-json": lambda c, b: ["compare", c, "--rulebooks", b, "--format", "json"],
    "laws-text": lambda c, b: ["laws", "house", "--rulebooks", b],
    "laws-markdown": lambda c, b: ["laws", "house", "--rulebooks", b, "--format", "markdown"],
    "laws-json": lambda c, b: ["laws", "house", "--rulebooks", b, "--format", "json"],
    "rulebooks-text": lambda c, b: ["rulebooks", "--rulebooks", b],
    "rulebooks-json": lambda c, b: ["rulebooks", "--rulebooks", b, "--format", "json"],
    "search-text": lambda c, b: ["search", "straddle", "--rulebooks", b, "--book", "house"],
    "search-json": lambda c, b: ["search", "straddle", "--rulebooks", b, "--book", "house",
                                 "--format", "json"],
    "check-text": lambda c, b: ["check", c, str(Path(b) / "house.yaml")],
    "check-jsonl": lambda c, b: ["check", c, "--format", "jsonl"],
}


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize("kind", list(ESCAPES))
@pytest.mark.parametrize("printer", list(PRINTS))
def test_what_reaches_the_terminal_is_printed_safe(kind: str, printer: str,
                                                   corpus_dir: Path) -> None:
    text = ESCAPES[kind]
    case = _hostile_case(corpus_dir, kind, text)
    books = str(_hostile_book(corpus_dir, kind, text))
    r = run(*PRINTS[printer](case, books))
    assert r.code == 0, r.err
    raw = _RAW.search(r.out + r.err)
    assert raw is None, f"{raw.group()!r} printed raw: {(r.out + r.err)[:300]!r}"
    if printer.startswith("check"):  # it prints no title, note or law text, only names
        return
    if printer.endswith("-json") or printer.endswith("-jsonl"):
        import json

        docs = ([json.loads(x) for x in r.out.splitlines()] if printer.endswith("jsonl")
                else [json.loads(r.out)])
        assert any(text in s for s in _strings(docs)), "the value is not read back whole"
    elif not any(c.isspace() for c in text):  # white space may be folded in a line
        shown = text.translate({ord(c): f"\\x{ord(c):02x}" if ord(c) < 0x100 else
                                f"\\u{ord(c):04x}" for c in text if _RAW.match(c)})
        assert shown in r.out, f"{shown!r} not shown in the output"


@pytest.mark.parametrize("kind", list(ESCAPES))
def test_an_error_line_is_printed_safe(kind: str, corpus_dir: Path) -> None:
    """A file named with escapes, and an event that holds them, answered in one safe line."""
    text = ESCAPES[kind]
    missing = str(corpus_dir / f"no {text} such.yaml")
    data = _data(ROOT / "cases" / "given-four-after-discarding-three.yaml")
    data["events"].append(f"{text} passes")
    bad_event = write(corpus_dir, f"escapes-events/{kind}.yaml",
                      yaml.safe_dump(data, sort_keys=False))
    for argv in (["rule", missing], ["rule", bad_event], ["replay", bad_event],
                 ["check", bad_event], ["rule", bad_event, "--format", "json"]):
        r = run(*argv)
        assert r.code == 2, r.err
        assert len(r.err.splitlines()) == 1 and _RAW.search(r.err + r.out) is None, r.err


# --- SIGINT at any moment --------------------------------------------------------------------
#
# Real processes, each sent SIGINT at a delay from the moment arbiter.entry is imported
# (a pipe tells the test when): 0, then 1, 2, 4 ... 512 ms, so that some land in the imports,
# some in the parse and the writing of cache entries, some in the ruling, some after it.

INTERRUPT_DELAYS = [0.0, *(2 ** k / 1000 for k in range(10))]
_DRIVER = ("import os, sys\nfrom arbiter.entry import main\nos.write({w}, b'r')\n"
           "os.close({w})\nmain()\n")  # the pipe is written once the module has taken SIGINT


def _interrupted(argv: list[str], delay: float, env: dict[str, str]) -> tuple[int, bytes,
                                                                             bytes]:
    import signal
    import subprocess

    r, w = os.pipe()
    # As at a terminal, where Ctrl-C is not ignored: a test run started in the background
    # by a shell inherits SIGINT ignored, and arbiter, like any polite command, keeps an
    # ignored SIGINT ignored (nohup), so no run could be interrupted at all.
    p = subprocess.Popen([sys.executable, "-c", _DRIVER.format(w=w), *argv], pass_fds=(w,),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(w)
    try:
        os.read(r, 1)
    finally:
        os.close(r)
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    return p.returncode, out, err


@pytest.mark.parametrize("command", [["rule", "peel-the-say"],
                                     ["compare", "peel-the-say", "--format", "json"]])
def test_sigint_gives_one_line_and_130_and_nothing_half_written(command: list[str],
                                                                tmp_path: Path) -> None:
    import subprocess

    from arbiter.load import cache

    env = {**os.environ, "ARBITER_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("ARBITER_NO_CACHE", None)
    whole = subprocess.run([sys.executable, "-m", "arbiter", *command], capture_output=True,
                           env={**env, "ARBITER_NO_CACHE": "1"}, timeout=60).stdout
    seen: set[int] = set()
    # Whether a signal lands before the run ends is the scheduler's: on a loaded machine
    # the parent may not run again until the child has finished, at every delay. So the
    # sweep is made again (at most five times) until one run has been interrupted.
    sweeps = (d for _ in range(5) for d in INTERRUPT_DELAYS)
    for i, delay in enumerate(sweeps):
        if 130 in seen and i >= len(INTERRUPT_DELAYS):
            break
        status, out, err = _interrupted(command, delay, env)
        seen.add(status)
        if status == 0:
            assert err == b"" and out == whole, (delay, err, out[:300], whole[:300])
        else:
            assert status == 130, err.decode(errors="replace")[-500:]
            assert err == b"arbiter: interrupted\n"
            assert out in (b"", whole)  # written whole, or not at all
        folder = tmp_path / "cache"
        assert not list(folder.glob("*.tmp")) if folder.is_dir() else True
        for entry in folder.glob("*.json") if folder.is_dir() else ():
            head, _, body = entry.read_bytes().partition(b"\n")
            assert head and cache.digest(entry.stem.encode(), body) in head.decode()
    assert 130 in seen


# --- standard input under any locale: a case is ruled as the same file is -------------------

@pytest.mark.parametrize("locale", ["utf-8", "latin-1", "ascii", "cp1252", "utf-16"])
@pytest.mark.parametrize("command", ["rule", "replay", "check"])
def test_standard_input_is_read_as_utf8_whatever_the_locale(locale: str, command: str,
                                                             tmp_path: Path) -> None:
    text = (ROOT / "cases" / "peel-the-say.yaml").read_text("utf-8")
    text = text.replace("title: ", "title: Zoë, Søren and the café — ", 1)
    p = write(tmp_path, "named.yaml", text)
    by_name = run(command, p)
    piped = run(command, "-", stdin=text.encode(), stdin_encoding=locale)
    assert piped.code == by_name.code == 0, piped.err
    assert piped.out.replace("<stdin>", p) == by_name.out


# --- the cache in the platform's place, at an absolute path or nowhere ----------------------

# Environments that name no usable place: each case is ruled as without a cache, nothing
# is written in the working directory, and --verbose says why, once.
NO_CACHE_PLACES: dict[str, dict[str, str | None]] = {
    "home-empty": {"HOME": "", "XDG_CACHE_HOME": None},
    "home-relative": {"HOME": "some/where", "XDG_CACHE_HOME": None},
    "home-dot": {"HOME": ".", "XDG_CACHE_HOME": None},
    "home-root": {"HOME": "/", "XDG_CACHE_HOME": None},
    "home-empty-xdg-relative": {"HOME": "", "XDG_CACHE_HOME": "cache"},
    "home-empty-xdg-dot": {"HOME": "", "XDG_CACHE_HOME": "."},
    "home-empty-xdg-empty": {"HOME": "", "XDG_CACHE_HOME": ""},
    "cache-dir-relative": {"ARBITER_CACHE_DIR": "cache"},
    "cache-dir-dot": {"ARBITER_CACHE_DIR": "."},
}


@pytest.mark.parametrize("place", list(NO_CACHE_PLACES))
def test_no_usable_place_means_no_cache_said_once_under_verbose(
        place: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITER_CACHE_DIR")
    for k, v in NO_CACHE_PLACES[place].items():
        if v is None:
            monkeypatch.delenv(k, raising=False)
        else:
            monkeypatch.setenv(k, v)
    monkeypatch.chdir(tmp_path)
    quiet = run("rule", CASE, "--rulebook", "all")
    assert quiet.code == 0 and quiet.err == "", quiet.err
    said = run("--verbose", "rule", CASE, "--rulebook", "all")
    assert said.code == 0 and said.out == quiet.out
    assert said.err.count("\n") == 1 and said.err.startswith("arbiter: no cache: "), said.err
    assert list(tmp_path.iterdir()) == [], "written in the working directory"


def test_a_relative_xdg_cache_home_is_ignored_for_home(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter.load.cache import cache_dir

    monkeypatch.delenv("ARBITER_CACHE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    expected = {"darwin": tmp_path / "home" / "Library" / "Caches" / "arbiter"}.get(
        sys.platform, tmp_path / "home" / ".cache" / "arbiter")
    assert cache_dir() == str(expected)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if sys.platform not in ("darwin", "win32"):
        assert cache_dir() == str(tmp_path / "xdg" / "arbiter")
    monkeypatch.delenv("HOME")  # the password database's home, as expanduser takes it
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    found = cache_dir()
    assert found is None or os.path.isabs(found)


# --- extends: null, as `rulebooks --format json` prints it ------------------------------------

@pytest.mark.parametrize("book", BOOKS)
def test_extends_null_is_a_book_on_no_other(book: str, tmp_path: Path) -> None:
    import json

    listed = {b["id"]: b for b in json.loads(run("rulebooks", "--format", "json").out)}
    assert listed[book]["extends"] is None
    text = Path(listed[book]["file"]).read_text("utf-8")
    folder = tmp_path / "books"
    for spelling in ("null", "~", ""):
        p = write(folder, f"{book}.yaml", text.replace("\nlaws:", f"\nextends: {spelling}\nlaws:",
                                                       1))
        assert f"extends: {spelling}" in Path(p).read_text("utf-8")
        checked = run("check", p, env={"ARBITER_SOURCES": str(ROOT.parent / "shared/sources")}
                      if (ROOT.parent / "shared/sources").is_dir() else {})
        assert checked.code == 0, checked.err
        assert run("laws", book, "--rulebooks", str(folder)).out == run("laws", book).out


# Two provisions on one point that decide differently are refused as overlapping only
# where some value passes both tests; ranges that cannot both hold are told apart.
APART = {"at-least-4-at-most-3": ({"at_least": 4}, {"at_most": 3}),
         "more-than-3-less-than-4": ({"more_than": 3}, {"less_than": 4}),
         "list-and-range": ([1, 2], {"more_than": 2}),
         "range-and-not": ({"at_least": 5, "at_most": 5}, {"not": 5}),
         "two-ranges": ({"at_least": 1, "at_most": 3}, {"at_least": 4, "at_most": 9})}
TOGETHER = {"at-least-3-at-most-3": ({"at_least": 3}, {"at_most": 3}),
            "list-in-range": ([1, 4], {"more_than": 2}),
            "open-ranges": ({"more_than": 2}, {"less_than": 4})}


def _two_provisions(d: Path, name: str, first: Any, second: Any) -> str:
    book = copy.deepcopy(HOUSE)
    p = book["provisions"][0]
    p["when"] = {"amount": first}
    other = dict(p, id="house-h1-straddle-other", decision="penalty",
                 penalty={"pays": {"multiple_of_blind": 1}}, when={"amount": second})
    book["provisions"].insert(1, other)
    return write(d / f"apart-{name}", "house.yaml", yaml.safe_dump(book, sort_keys=False))


@pytest.mark.parametrize("name", list(APART))
def test_ranges_that_cannot_both_hold_do_not_overlap(name: str, tmp_path: Path) -> None:
    r = run("check", _two_provisions(tmp_path, name, *APART[name]))
    assert r.code == 0, r.err


@pytest.mark.parametrize("name", list(TOGETHER))
def test_ranges_that_meet_overlap(name: str, tmp_path: Path) -> None:
    r = run("check", _two_provisions(tmp_path, name, *TOGETHER[name]))
    assert r.code == 2 and "can both apply" in r.err, r.err


# --- what already held, and must go on holding ----------------------------------------------

def _entries_whole(folder: Path, killed: bool = False) -> None:
    """Every entry whole; no temporary file left, unless a writer was killed outright."""
    from arbiter.load import cache

    assert killed or not list(folder.glob("*.tmp")), "a temporary file is left"
    for entry in folder.glob("*.json"):
        head, _, body = entry.read_bytes().partition(b"\n")
        assert cache.digest(entry.stem.encode(), body) in head.decode(), entry.name


def test_cold_starts_at_once_and_writers_killed_leave_no_broken_entry(tmp_path: Path) -> None:
    import signal
    import subprocess

    folder = tmp_path / "cache"
    env = {**os.environ, "ARBITER_CACHE_DIR": str(folder)}
    env.pop("ARBITER_NO_CACHE", None)
    argv = [sys.executable, "-m", "arbiter", "rule", "peel-the-say", "--rulebook", "all"]
    whole = subprocess.run(argv, capture_output=True, timeout=120,
                           env={**env, "ARBITER_NO_CACHE": "1"}).stdout
    starts = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
              for _ in range(12)]
    for p in starts:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0 and out == whole, err
    _entries_whole(folder)
    for n, delay in enumerate(x / 100 for x in range(0, 40, 4)):
        for entry in folder.glob("*.json") if n % 2 else ():
            entry.unlink()  # every other round writes its entries afresh
        p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=60)
        _entries_whole(folder, killed=True)
    after = subprocess.run(argv, capture_output=True, timeout=120, env=env)
    assert after.returncode == 0 and after.stdout == whole


def test_output_is_the_same_bytes_whatever_the_hash_seed(tmp_path: Path) -> None:
    import subprocess

    case = _hostile_case(tmp_path, "seeds", "Zoë \x1b[2J")
    outs = set()
    for seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "ARBITER_NO_CACHE": "1"}
        done = subprocess.run([sys.executable, "-m", "arbiter", "rule", case, "--rulebook",
                               "all", "--format", "json"], capture_output=True, timeout=120,
                              env=env)
        assert done.returncode == 0, done.stderr
        outs.add(done.stdout)
    assert len(outs) == 1
