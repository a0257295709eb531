from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The suite never sees the user's ARBITER_RULEBOOKS; ARBITER_TEST_RULEBOOKS=DIR runs it with
# DIR's rulebooks beside the shipped ones (tests/test_books_from_library.py drops a fourth
# book there, and the tests of every book take it up: casecheck.published_books).
TEST_RULEBOOKS = os.environ.get("ARBITER_TEST_RULEBOOKS")
os.environ.pop("ARBITER_RULEBOOKS", None)
if TEST_RULEBOOKS:
    os.environ["ARBITER_RULEBOOKS"] = TEST_RULEBOOKS


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Tests never read or write the user's cache of parsed rulebooks."""
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
    if TEST_RULEBOOKS:
        monkeypatch.setenv("ARBITER_RULEBOOKS", TEST_RULEBOOKS)
    else:
        monkeypatch.delenv("ARBITER_RULEBOOKS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    yield


@pytest.fixture
def root() -> Path:
    return ROOT


def sources_or_skip() -> Path:
    from arbiter.law.verbatim import sources_dir

    found = sources_dir()
    if found is None:
        pytest.skip("the sources are not found (../shared/sources, or ARBITER_SOURCES=DIR): "
                    "quotations cannot be checked on this machine")
    return found


os.environ.setdefault("COLUMNS", "100")

# Hypothesis is derandomized by default, so an unchanged tree cannot go red; a longer random
# search is `HYPOTHESIS_PROFILE=random python -m pytest tests/test_replay_properties.py`.
from hypothesis import settings  # noqa: E402

settings.register_profile("default", derandomize=True, database=None)
settings.register_profile("random", derandomize=False, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="module")
def books() -> dict[str, Any]:
    """Every published book (the shipped ones and any ARBITER_TEST_RULEBOOKS adds), by name."""
    from casecheck import BOOKS

    from arbiter import Library

    lib = Library()
    return {b: lib.get(b) for b in BOOKS}
