from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Tests never read or write the user's cache of parsed rulebooks."""
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
    monkeypatch.delenv("ARBITER_RULEBOOKS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    yield


@pytest.fixture
def root() -> Path:
    return ROOT


def sources_or_skip() -> Path:
    from arbiter.verbatim import sources_dir

    found = sources_dir()
    if found is None:
        pytest.skip("../shared/sources is absent: quotations cannot be checked on this machine")
    return found


os.environ.setdefault("COLUMNS", "100")
