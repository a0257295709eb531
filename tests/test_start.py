"""A new user's start: the shipped examples, a case template, the version, the package."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT

from arbiter.table.template import TEMPLATE

CASES = sorted((ROOT / "cases").glob("*.yaml"))


def arbiter(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "ARBITER_DEBUG"}
    return subprocess.run([sys.executable, "-m", "arbiter", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


def test_examples_lists_every_shipped_case_with_its_title(tmp_path: Path) -> None:
    import yaml

    done = arbiter("examples", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    listed: list[list[str]] = []
    for line in done.stdout.splitlines():  # a title too long for the line wraps under itself
        if line[:1].strip():
            listed.append(line.split(None, 1))
        else:
            listed[-1][1] += " " + line.strip()
    assert [row[0] for row in listed] == [p.stem for p in CASES]
    for (_name, title), path in zip(listed, CASES, strict=True):
        assert title == yaml.safe_load(path.read_text(encoding="utf-8"))["title"]


def test_examples_name_prints_the_case_as_shipped(tmp_path: Path) -> None:
    done = arbiter("examples", "hoyle-going-better", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout == (ROOT / "cases" / "hoyle-going-better.yaml").read_text(
        encoding="utf-8")


def test_an_unknown_example_is_one_line_with_the_nearest_names(tmp_path: Path) -> None:
    done = arbiter("examples", "hoyle-going", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "arbiter: error: no shipped example 'hoyle-going'; did you mean 'hoyle-going-better'? "
        "('arbiter examples' lists them)"]


def test_a_case_argument_may_name_a_shipped_example(tmp_path: Path) -> None:
    by_name = arbiter("rule", "peel-the-say", cwd=tmp_path)
    by_file = arbiter("rule", "cases/peel-the-say.yaml", cwd=ROOT)
    assert by_name.returncode == 0, by_name.stderr
    assert by_name.stdout == by_file.stdout
    replayed = arbiter("replay", "peel-the-say", "--format", "json", cwd=tmp_path)
    assert replayed.returncode == 0 and '"pool"' in replayed.stdout


def test_a_file_of_the_same_name_comes_before_the_example(tmp_path: Path) -> None:
    (tmp_path / "peel-the-say").write_text(TEMPLATE, encoding="utf-8")
    done = arbiter("rule", "peel-the-say", cwd=tmp_path)
    assert "Case: B is given four cards for the three he threw away" in done.stdout


def test_a_missing_path_named_like_an_example_says_how_to_name_it(tmp_path: Path) -> None:
    done = arbiter("rule", "cases/peel-the-say.yaml", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "arbiter: error: cases/peel-the-say.yaml: no such file; the shipped example of that "
        "name is 'peel-the-say' (write the name alone to use it)")


def test_new_prints_a_commented_template_naming_what_a_case_needs(tmp_path: Path) -> None:
    done = arbiter("new", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout == TEMPLATE
    for words in ("seats:", "dealer:", "blind:", "limit:", "(required)", "counters:",
                  "jackpot:", "events:", "in the order it happened", "act: deals",
                  "act: discards", "dispute:", "raised_by:", "question:"):
        assert words in TEMPLATE, words
    assert sum(line.lstrip().startswith("#") for line in TEMPLATE.splitlines()) > 20


def test_the_template_passes_check_and_is_ruled_by_every_book(tmp_path: Path) -> None:
    (tmp_path / "new.yaml").write_text(TEMPLATE, encoding="utf-8")
    checked = arbiter("check", "new.yaml", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith("new.yaml: ok (case, 12 events;")
    ruled = arbiter("rule", "new.yaml", "--rulebook", "all", cwd=tmp_path)
    assert ruled.returncode == 0, ruled.stderr
    assert ruled.stdout.count("RULING under") == 3


def test_new_writes_a_file_and_never_overwrites_it_without_force(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    first = arbiter("new", "mine.yaml", cwd=tmp_path)
    assert first.returncode == 0 and target.read_text(encoding="utf-8") == TEMPLATE
    target.write_text("my own work\n", encoding="utf-8")
    again = arbiter("new", "mine.yaml", cwd=tmp_path)
    assert again.returncode == 2
    assert again.stderr.strip() == ("arbiter: error: mine.yaml: the file exists already; "
                                    "choose another name, or add --force to replace it")
    assert target.read_text(encoding="utf-8") == "my own work\n"
    forced = arbiter("new", "mine.yaml", "--force", cwd=tmp_path)
    assert forced.returncode == 0 and target.read_text(encoding="utf-8") == TEMPLATE


def test_dash_v_is_the_version_of_the_installed_distribution(tmp_path: Path) -> None:
    from importlib.metadata import version

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    short, long = arbiter("-V", cwd=tmp_path), arbiter("--version", cwd=tmp_path)
    assert short.returncode == 0 and short.stdout == long.stdout
    assert short.stdout.strip() == f"arbiter, version {version(project['name'])}"


def test_the_distribution_ships_every_directory_of_rulebooks_and_cases() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setup = config["tool"]["setuptools"]
    packages = set(setup["packages"])
    for package, directory in setup["package-dir"].items():
        for sub in [ROOT / directory, *(p for p in (ROOT / directory).rglob("*") if p.is_dir())]:
            if any(sub.glob("*.yaml")):
                name = ".".join([package, *sub.relative_to(ROOT / directory).parts])
                assert name in packages, f"{sub} is not installed: list {name} in packages"
                assert "*.yaml" in setup["package-data"][name]
    assert (ROOT / config["project"]["license-files"][0]).is_file()


def test_the_distribution_ships_every_subpackage_of_the_code() -> None:
    packages = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["packages"])
    for init in (ROOT / "arbiter").rglob("__init__.py"):
        name = ".".join(init.parent.relative_to(ROOT).parts)
        assert name in packages, f"{init.parent} is not installed: list {name} in packages"


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_script_is_given_for_each_shell(shell: str, tmp_path: Path) -> None:
    env = dict(os.environ, _ARBITER_COMPLETE=f"{shell}_source")
    done = subprocess.run([sys.executable, "-m", "arbiter"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert "_ARBITER_COMPLETE" in done.stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"_ARBITER_COMPLETE={shell}_source arbiter" in readme


def test_the_package_version_is_the_distribution_version() -> None:
    import arbiter

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert arbiter.__version__ == project["version"]


def test_one_ruling_runs_without_the_collector_and_a_run_over_many_turns_it_on() -> None:
    """The command's entry turns the cyclic collector off (a start is faster without it);
    a run over many cases or files turns it on again, so a long run frees its garbage."""
    import gc

    from inproc import run

    one = str(ROOT / "cases" / "peel-the-say.yaml")
    two = str(ROOT / "cases" / "given-four-after-discarding-three.yaml")
    gc.disable()  # as arbiter.entry leaves it
    try:
        assert run("rule", one).code == 0
        assert not gc.isenabled()
        assert run("rule", one, two).code == 0
        assert gc.isenabled()
        gc.disable()
        assert run("check", one, two).code == 0
        assert gc.isenabled()
    finally:
        gc.enable()


def test_the_console_script_is_the_entry_that_sets_the_process_up() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"arbiter": "arbiter.entry:main"}
    done = subprocess.run([sys.executable, "-c", "import gc, arbiter.entry; "
                           "import sys; sys.argv = ['arbiter', '-V']; arbiter.entry.main()"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.startswith("arbiter, version ")
