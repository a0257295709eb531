"""The cache of parsed rulebooks can make a start faster, never a ruling different.

An entry is named by a hash of the rulebook's bytes and the loader's code (the
formats the schema is generated from among it), carries a digest of its own content, and
is shape-checked against the schema when read: a tampered, forged or broken entry is
rebuilt from the YAML, and ``arbiter check`` never reads the cache at all.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from inproc import run

from arbiter.load import cache

ROOT = Path(__file__).resolve().parent.parent
CASE = str(ROOT / "cases" / "given-four-after-discarding-three.yaml")


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    d = tmp_path / "cache"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(d))
    monkeypatch.delenv("ARBITER_NO_CACHE", raising=False)
    return d


def entry_of(book: str, d: Path) -> Path:
    raw = (ROOT / "rulebooks" / f"{book}.yaml").read_bytes()
    return d / f"{cache.key(raw)}.json"


def read_entry(p: Path) -> tuple[dict[str, Any], Any]:
    header, _, body = p.read_bytes().partition(b"\n")
    return json.loads(header), json.loads(body)


def write_entry(p: Path, key: str, value: Any, digest: str | None = None) -> None:
    """An entry as arbiter writes one; ``digest`` left None is computed honestly."""
    body = json.dumps(value).encode()
    d = digest if digest is not None else cache.digest(key.encode(), body)
    p.write_bytes(json.dumps({"key": key, "digest": d}).encode() + b"\n" + body)


def ruling(*extra: str) -> str:
    r = run("rule", CASE, "--rulebook", "peel", "--format", "json", *extra)
    assert r.code == 0, r.err
    return r.out


def test_an_entry_is_written_under_a_hash_of_the_file(cache_dir: Path) -> None:
    ruling()
    p = entry_of("peel", cache_dir)
    assert p.is_file()
    assert len(p.stem) == 16  # 64 bits, hex (importlib.util.source_hash)
    head, value = read_entry(p)
    assert head["key"] == p.stem
    assert value["data"]["id"] == "peel"


def test_a_tampered_decision_leaves_the_ruling_unchanged(cache_dir: Path) -> None:
    before = ruling()
    p = entry_of("peel", cache_dir)
    head, value = read_entry(p)
    for prov in value["data"]["provisions"]:
        prov["decision"] = "no_remedy"  # well-shaped, and would change every ruling
    write_entry(p, head["key"], value, digest=head["digest"])  # the old digest kept
    assert ruling() == before
    _, rebuilt = read_entry(p)  # and the entry was rebuilt from the YAML
    assert {q["decision"] for q in rebuilt["data"]["provisions"]} != {"no_remedy"}


def test_a_forged_key_is_not_served(cache_dir: Path) -> None:
    """Another book's entry put under peel's name, header and all, is not peel's."""
    before = ruling()
    run("laws", "foster")
    peel, foster = entry_of("peel", cache_dir), entry_of("foster", cache_dir)
    peel.write_bytes(foster.read_bytes())  # the header still names foster's key
    assert ruling() == before
    head, value = read_entry(foster)  # the header rewritten to peel's key, the digest kept
    write_entry(peel, peel.stem, value, digest=head["digest"])
    assert ruling() == before


BROKEN = {
    "law without text": lambda d: d["laws"][0].pop("text"),
    "provision without id": lambda d: d["provisions"][0].pop("id"),
    "law text not text": lambda d: d["laws"][0].__setitem__("text", 45),
    "unknown decision": lambda d: d["provisions"][0].__setitem__("decision", "hanged"),
    "a float for an integer": lambda d: d["laws"][0].__setitem__("page", 47.0),
    "laws not a list": lambda d: d.__setitem__("laws", {"1": "x"}),
    "an unknown key": lambda d: d.__setitem__("evil", True),
    "law given twice": lambda d: d["laws"].append(dict(d["laws"][0])),
    "an empty law": lambda d: d["laws"][0].__setitem__("text", " "),
    "deep nesting in a condition": lambda d: d["provisions"][0].__setitem__(
        "when", {"lifted": _nested(900)}),
    "deep nesting in the parameters": lambda d: d["parameters"].__setitem__(
        "blind", _nested(900)),
}


def _nested(depth: int) -> Any:
    value: Any = True
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_well_shaped_broken_entry_is_rebuilt(cache_dir: Path, name: str) -> None:
    """Even with an honest digest (a bug, not an attacker), a broken entry is rebuilt."""
    before = ruling()
    p = entry_of("peel", cache_dir)
    head, value = read_entry(p)
    BROKEN[name](value["data"])
    write_entry(p, head["key"], value)
    assert ruling() == before


@pytest.mark.parametrize("body", [
    b"[" * 100_000, b"{" * 50_000 + b"}" * 50_000, b"", b"\xff\xfe", b"null", b"[]",
    b'{"data": {}, "lines": {}}', b'{"data": {"id": "peel", "title": "x"}, "lines": []}',
    b"1e999999",
], ids=lambda b: repr(b[:12]))
def test_a_broken_body_is_rebuilt_not_a_crash(cache_dir: Path, body: bytes) -> None:
    before = ruling()
    p = entry_of("peel", cache_dir)
    p.write_bytes(json.dumps({"key": p.stem, "digest": cache.digest(p.stem.encode(), body)})
                  .encode() + b"\n" + body)
    assert ruling() == before


def test_an_entry_arbiter_writes_is_marked_verified_and_read_without_a_second_check(
        cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter.law import library

    before = ruling()
    head, _ = read_entry(entry_of("peel", cache_dir))
    assert head["verified"] is True

    def refuse(*_args: Any) -> None:
        raise AssertionError("a verified entry was checked again")

    monkeypatch.setattr(library, "cross_fault", refuse)  # beside the shape check
    monkeypatch.setattr(library, "check_references", refuse)
    assert ruling() == before


def test_the_rulebook_format_holds_only_what_json_gives_back_as_it_was() -> None:
    """A new rulebook's entry is marked verified without being read back (``cache.put``'s
    ``checked``): sound only while every value the format accepts, strictly, comes back from
    JSON as it went in: no Any, no date or bytes, no number without bounds (NaN and the
    infinities are no JSON), no mapping keyed by other than text, enums of text."""
    import msgspec.inspect as mi

    from arbiter.load.formats.rulebook import RulebookFile

    exact = (mi.StrType, mi.IntType, mi.BoolType, mi.NoneType, mi.LiteralType)
    seen: set[type] = set()

    def walk(t: Any, at: str) -> None:
        if isinstance(t, mi.Metadata):
            walk(t.type, at)
        elif isinstance(t, mi.StructType):
            if t.cls not in seen:
                seen.add(t.cls)
                for f in t.fields:
                    walk(f.type, f"{at}.{f.encode_name}")
        elif isinstance(t, mi.UnionType):
            for u in t.types:
                walk(u, at)
        elif isinstance(t, mi.ListType):
            walk(t.item_type, f"{at}[]")
        elif isinstance(t, mi.DictType):
            assert isinstance(t.key_type, mi.StrType), f"{at}: keys of {t.key_type}"
            walk(t.value_type, f"{at}{{}}")
        elif isinstance(t, mi.FloatType):
            assert t.ge is not None and t.le is not None, f"{at}: a number without bounds"
        elif isinstance(t, mi.EnumType):
            assert all(isinstance(m.value, str) for m in t.cls), at
        else:
            assert isinstance(t, exact), f"{at}: {t} may not come back from JSON as it was"

    walk(mi.type_info(RulebookFile), "$")
    assert len(seen) > 20  # the walk reached the format's Structs


def test_an_unverified_entry_is_checked_again(cache_dir: Path) -> None:
    """As an older arbiter, or a bug, would leave one: broken, it is rebuilt and marked."""
    before = ruling()
    p = entry_of("peel", cache_dir)
    head, value = read_entry(p)
    value["data"]["provisions"][0]["decision"] = "hanged"
    write_entry(p, head["key"], value)
    assert "verified" not in read_entry(p)[0]
    assert ruling() == before
    assert read_entry(p)[0]["verified"] is True


def test_a_parent_edited_after_its_house_book_was_cached_is_checked_again(
        cache_dir: Path, tmp_path: Path) -> None:
    """The references of a house book are checked once for its content and its parent's:
    a law the parent no longer holds is reported, though the house book's entry is good."""
    club = tmp_path / "club"
    club.mkdir()
    base = ("id: base\ntitle: Base\nlaws:\n  - {ref: '1', text: The first law.}\n"
            "  - {ref: '2', text: The second law.}\n")
    (club / "base.yaml").write_text(base)
    (club / "kid.yaml").write_text(
        "id: kid\ntitle: Kid\nextends: base\nprovisions:\n"
        "  - id: kid-corrects\n    finding: wrong_number_dealt\n    decision: corrected\n"
        "    cites: [2]\n")
    first = run("laws", "kid", "--rulebooks", str(club))
    assert first.code == 0, first.err
    (club / "base.yaml").write_text(base.replace("  - {ref: '2', text: The second law.}\n", ""))
    second = run("laws", "kid", "--rulebooks", str(club))
    assert second.code == 2 and "kid.yaml" in second.err and "cites law 2" in second.err, second.err


@pytest.mark.parametrize("line", [None, 0, "7", 1.0, True])
def test_a_missing_or_wrong_line_is_rebuilt(cache_dir: Path, line: Any) -> None:
    before = ruling()
    p = entry_of("peel", cache_dir)
    head, value = read_entry(p)
    if line is None:
        del value["data"]["laws"][-1]["line"]
    else:
        value["data"]["laws"][-1]["line"] = line
    write_entry(p, head["key"], value)
    assert ruling() == before
    head, value = read_entry(p)  # rebuilt, with its line
    assert head["verified"] is True
    assert type(value["data"]["laws"][-1]["line"]) is int


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_an_entry_that_is_a_fifo_or_a_link_is_not_read(cache_dir: Path) -> None:
    before = ruling()
    p = entry_of("peel", cache_dir)
    p.unlink()
    os.mkfifo(p)  # opening it for reading would block forever
    assert ruling() == before
    p.unlink()
    p.symlink_to("/dev/zero")
    assert ruling() == before


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="no file owners here")
def test_a_cache_others_may_write_is_not_read(cache_dir: Path) -> None:
    before = ruling()
    p = entry_of("peel", cache_dir)
    head, value = read_entry(p)
    for prov in value["data"]["provisions"]:
        prov["decision"] = "no_remedy"
    write_entry(p, head["key"], value)  # an honest digest: only the permissions tell
    cache_dir.chmod(0o777)
    try:
        assert ruling() == before
    finally:
        cache_dir.chmod(0o700)


def test_check_never_reads_the_cache(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: Any) -> None:
        raise AssertionError("check read the cache")

    monkeypatch.setattr(cache, "get", refuse)
    monkeypatch.setattr(cache, "put", refuse)
    r = run("check", str(ROOT / "rulebooks" / "peel.yaml"), CASE,
            str(ROOT / "rulebooks" / "examples" / "house.yaml"))
    assert r.code == 0, r.err
    assert r.out.count(": ok") == 3


def test_no_cache_bypasses_it(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_NO_CACHE", "1")
    before = ruling()
    assert not cache_dir.exists()
    monkeypatch.delenv("ARBITER_NO_CACHE")
    assert ruling() == before
    assert entry_of("peel", cache_dir).is_file()


def test_the_key_changes_with_its_parts_and_code(monkeypatch: pytest.MonkeyPatch) -> None:
    k = cache.key(b"a", b"s")
    assert k != cache.key(b"b", b"s") != cache.key(b"a", b"t")
    assert cache.key(b"ab", b"") != cache.key(b"a", b"b")  # parts are length-prefixed
    monkeypatch.setattr(cache, "_CODE", [b"another version of the loader"])
    assert cache.key(b"a", b"s") != k


@pytest.mark.parametrize("module", ["cache.py", "acts/deal.py", "commands/rule.py",
                                    "acts/more/deep.py"])
def test_an_edit_to_any_module_of_the_package_is_a_new_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    for name in ("cache.py", "acts/deal.py", "commands/rule.py", "acts/more/deep.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n")
        (tmp_path / name).with_name("__init__.py").touch()
    monkeypatch.setattr(cache, "__file__", str(tmp_path / "cache.py"))
    monkeypatch.setattr(cache, "_CODE", [])
    before = cache.key(b"a", b"s")
    (tmp_path / module).write_text("x = 22\n")
    monkeypatch.setattr(cache, "_CODE", [])
    assert cache.key(b"a", b"s") != before


@pytest.mark.parametrize("where", ["a file", "a FIFO", "inside a file", "/dev/null"])
def test_a_cache_that_cannot_be_used_is_only_a_slower_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    monkeypatch.setenv("ARBITER_NO_CACHE", "1")
    before = ruling()
    monkeypatch.delenv("ARBITER_NO_CACHE")
    target = tmp_path / "c"
    if where == "a file":
        target.write_text("not a directory")
    elif where == "a FIFO":
        os.mkfifo(target)
    elif where == "inside a file":
        (tmp_path / "f").write_text("x")
        target = tmp_path / "f" / "cache"
    else:
        target = Path("/dev/null")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(target))
    assert ruling() == before
    assert ruling() == before


DEFAULTS_BROKEN = {
    "precedence missing": lambda d: d.pop("precedence"),
    "no sentence assumed": lambda d: d["precedence"][0].pop("assumes"),
    "procedures not a mapping": lambda d: d.__setitem__("procedures", [1]),
    "precedence not a list": lambda d: d.__setitem__("precedence", {"x": 1}),
    "not a mapping": lambda d: d.clear(),
}


@pytest.mark.parametrize("name", sorted(DEFAULTS_BROKEN))
def test_a_broken_entry_of_the_engine_defaults_is_rebuilt(cache_dir: Path, name: str) -> None:
    from arbiter.law import params

    params.engine_defaults.cache_clear()  # read once a process: read again here
    before = ruling()
    p = cache_dir / f"{cache.key(b'engine defaults', Path(params.DEFAULTS_FILE).read_bytes())}.json"
    head, value = read_entry(p)
    DEFAULTS_BROKEN[name](value)
    write_entry(p, head["key"], value)
    params.engine_defaults.cache_clear()
    assert ruling() == before
    assert params.defaults_fault(read_entry(p)[1]) is None  # and rebuilt from the YAML


# --- cases -------------------------------------------------------------------------------

def case_entry(name: str, text: str, d: Path) -> Path:
    return d / f"{cache.key(b'case', name.encode(), text.encode())}.json"


def test_a_case_read_again_is_the_same_case_from_its_entry(cache_dir: Path) -> None:
    from arbiter.table.cases import load_case

    first = load_case(CASE)
    p = case_entry(CASE, Path(CASE).read_text(encoding="utf-8"), cache_dir)
    header, _ = read_entry(p)
    assert header["verified"] is True
    assert load_case(CASE) == first
    assert ruling() == ruling()


def test_a_tampered_or_unverified_case_entry_is_read_afresh(cache_dir: Path) -> None:
    from arbiter.table.cases import load_case

    text = Path(CASE).read_text(encoding="utf-8")
    first = load_case(CASE)
    p = case_entry(CASE, text, cache_dir)
    key = p.stem
    _, body = read_entry(p)
    body["table"]["blind"] += 1
    write_entry(p, key, body)  # a consistent digest, but not marked verified
    assert load_case(CASE) == first
    write_entry(p, key, {"file": CASE}, digest="0" * 16)  # a wrong digest
    assert load_case(CASE) == first


def test_a_case_json_cannot_give_back_is_not_written(cache_dir: Path, tmp_path: Path) -> None:
    from arbiter.table.cases import load_case

    text = Path(CASE).read_text(encoding="utf-8").replace(
        "silent: []\n  foster:", "silent: []\n    extra: {1: one}\n  foster:", 1)
    name = str(tmp_path / "int-key.yaml")
    case = load_case(name, text)
    assert case.expect["peel"]["extra"] == {1: "one"}  # JSON would give the key as "1"
    assert not case_entry(name, text, cache_dir).exists()
    assert load_case(name, text) == case


def test_the_same_case_under_another_name_is_another_entry(cache_dir: Path,
                                                           tmp_path: Path) -> None:
    from arbiter.table.cases import load_case

    text = Path(CASE).read_text(encoding="utf-8")
    other = str(tmp_path / "copy.yaml")
    assert load_case(CASE).file == CASE
    assert load_case(other, text).file == other
    assert load_case(other, text).file == other
