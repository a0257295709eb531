"""The installed package holds every shipped file of the checkout, byte for byte.

In a source checkout (an editable install) the package's files are the checkout's, and
this passes by construction. Its use is in CI's second run (`.ci/run`), against a wheel
installed from a copy of the project: there it shows that the wheel holds the same
rulebooks, cases, schemas, engine defaults and modules as the checkout beside it, nothing
missing and nothing extra. The shipped cases are therefore not ruled a second time there:
the same bytes under the same code were ruled by the first run.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import arbiter

ROOT = Path(__file__).resolve().parent.parent
INSTALLED = Path(arbiter.__file__).resolve().parent

# where each shipped file lives in the checkout, and where the package installs it
# (pyproject.toml's [tool.setuptools.package-dir] and package-data)
SHIPPED = [
    ("rulebooks", "books", "*.yaml"),
    ("rulebooks/examples", "books/examples", "*.yaml"),
    ("cases", "casebook", "*.yaml"),
    ("arbiter/load/schemas", "load/schemas", "*.json"),
    ("arbiter/law", "law", "*.yaml"),
    ("arbiter", "", "**/*.py"),
]


def _digests(folder: Path, pattern: str) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.glob(pattern))
        if p.is_file() and "__pycache__" not in p.parts
    }


def _installed_folder(sub: str) -> Path:
    folder = INSTALLED / sub if sub else INSTALLED
    if sub and not folder.is_dir():
        # an editable install keeps the shipped data where the checkout has it
        folder = ROOT / {"books": "rulebooks", "books/examples": "rulebooks/examples",
                         "casebook": "cases"}.get(sub, f"arbiter/{sub}")
    return folder


@pytest.mark.parametrize(("checkout", "installed", "pattern"), SHIPPED,
                         ids=[s[0] for s in SHIPPED])
def test_the_installed_package_holds_the_checkouts_files(
    checkout: str, installed: str, pattern: str
) -> None:
    source = ROOT / checkout
    if not source.is_dir():
        pytest.skip(f"no {checkout}/ beside the tests")
    want = _digests(source, pattern)
    if checkout == "arbiter":
        # the installed package's own folders for data hold no modules of the checkout
        want = {k: v for k, v in want.items() if not k.startswith(("books/", "casebook/"))}
    got = _digests(_installed_folder(installed), pattern)
    if checkout == "arbiter":
        got = {k: v for k, v in got.items() if not k.startswith(("books/", "casebook/"))}
    assert want, f"no shipped files found under {checkout}/"
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    differ = sorted(k for k in set(want) & set(got) if want[k] != got[k])
    assert not missing, f"not installed from {checkout}/: {missing[:10]}"
    assert not extra, f"installed but not in {checkout}/: {extra[:10]}"
    assert not differ, f"installed copies differ from {checkout}/: {differ[:10]}"
