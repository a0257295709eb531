"""Every example in every `--help` runs as written, wherever arbiter is installed.

After `pipx install`, a user has no checkout: no cases/ or rulebooks/ beside them. So
each example line of each command's help is run by a shell in an empty directory
outside the project, with `arbiter` on the PATH, and must succeed and print something.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT

from arbiter.cli import COMMANDS, cli


def help_examples() -> list[str]:
    lines = []
    for args in [[], *([name] for name in sorted(COMMANDS))]:
        text = CliRunner().invoke(cli, [*args, "--help"]).output
        block = re.search(r"^  Examples?:\n((?:    .*\n)+)", text, re.M)
        assert block, f"arbiter {' '.join(args)} --help gives no example"
        lines += [line.strip() for line in block.group(1).splitlines()]
    return lines


EXAMPLES = help_examples()


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Path:
    here = tmp_path_factory.mktemp("elsewhere")
    assert ROOT not in here.parents
    bin_dir = here / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "arbiter"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m arbiter "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    return here


def test_every_command_has_examples() -> None:
    commands = {word for line in EXAMPLES for word in re.findall(r"\barbiter (\w+)", line)}
    assert commands >= set(COMMANDS)


@pytest.mark.parametrize("line", EXAMPLES)
def test_help_example_runs_outside_the_project(line: str, elsewhere: Path,
                                              tmp_path: Path) -> None:
    env = dict(os.environ, PATH=f"{elsewhere / 'bin'}{os.pathsep}{os.environ['PATH']}")
    env.pop("ARBITER_DEBUG", None)
    done = subprocess.run(line, shell=True, cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, f"{line}: {done.stderr}"
    assert "error" not in done.stderr
    assert done.stdout.strip() or list(tmp_path.iterdir()), f"{line} printed nothing"


def test_the_readme_quick_start_runs_outside_the_project(elsewhere: Path, tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    env = dict(os.environ, PATH=f"{elsewhere / 'bin'}{os.pathsep}{os.environ['PATH']}")
    env.pop("ARBITER_DEBUG", None)
    done = subprocess.run(["bash", "-euc", block], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "my-case.yaml: ok" in done.stdout
    assert done.stdout.count("RULING under") == 4  # three books, then the new case
