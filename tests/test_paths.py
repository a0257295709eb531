"""A directory a user names is shown as pathlib would write it, and a file's id is its
stem: arbiter.load.paths gives the parts that PurePosixPath gives, on every path made
of awkward pieces (separators doubled, at either end, ``.`` and ``..``, dotted names)."""

import itertools
import os
from pathlib import Path, PurePosixPath

import pytest

from arbiter.law.rulebooks import search_path
from arbiter.load import paths

ATOMS = ["", "/", "//", ".", "..", "a", "peel.yaml", ".yaml", "b.", "c.tar.gz", "..x", "d e"]
PATHS = sorted({"/".join(c) + end for k in (1, 2, 3) for c in itertools.product(ATOMS, repeat=k)
                for end in ("", "/")})


@pytest.mark.skipif(os.sep != "/", reason="POSIX paths; Windows uses pathlib itself")
def test_parts_as_pathlib_gives_them() -> None:
    for p in PATHS:
        pure = PurePosixPath(p)
        assert (paths.normal(p), paths.stem(p), paths.suffix(p)) == (
            str(pure), pure.stem, pure.suffix), p
    for a, b in itertools.product(ATOMS, repeat=2):
        assert paths.joined(a, b) == str(PurePosixPath(a, b)), (a, b)


def test_a_rulebook_directory_is_shown_as_named(tmp_path: Path) -> None:
    shown = search_path([f"{tmp_path}//books/./", "./x/../y"])
    assert shown[:2] == [f"{tmp_path}/books", "x/../y"]
