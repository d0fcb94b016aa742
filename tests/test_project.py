"""The project's own papers agree with it: the version is written once, the licence is the one
the README and the metadata name, the changelog has the version, and the contributors' guide sets
up as the README does."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import metadata
from pathlib import Path

from click.testing import CliRunner

import meeple
from meeple.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_written_once_and_shown_by_meeple_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "meeple.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", meeple.__version__)
    out = CliRunner().invoke(main, ["--version"]).output
    assert out.strip() == f"meeple, version {meeple.__version__}"


def test_the_licence_is_mit_as_the_readme_and_the_metadata_say() -> None:
    licence = (ROOT / "LICENSE").read_text("utf-8")
    assert licence.startswith("MIT License") and "The meeple authors" in licence
    assert "MIT" in (ROOT / "README.md").read_text("utf-8").split("## Licence", 1)[1]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    installed = metadata("meeple")
    assert installed["License-Expression"] == "MIT"
    assert installed.get_all("License-File") == ["LICENSE"]


def test_the_changelog_keeps_unreleased_changes_and_the_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text("utf-8")
    heads = re.findall(r"^## \[([^\]]+)\]", text, re.M)
    assert heads[0] == "Unreleased" and meeple.__version__ in heads
    assert re.search(rf"^## \[{re.escape(meeple.__version__)}\] - \d{{4}}-\d\d-\d\d$", text, re.M)


def test_contributing_sets_up_and_tests_as_the_readme_does() -> None:
    def commands(path: Path) -> list[str]:
        return re.findall(r"```sh\n(.*?)\n```", path.read_text("utf-8"), re.S)

    readme_test = commands(ROOT / "README.md")[1]
    assert readme_test in commands(ROOT / "CONTRIBUTING.md")


def test_every_data_file_of_the_package_is_shipped() -> None:
    """A file the package reads (a catalogue, content, a board, the bot levels) is installed only
    when ``package-data`` names it: a checkout runs without it, an installed meeple does not."""
    from fnmatch import fnmatch

    root = Path(__file__).resolve().parents[1]
    patterns = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))[
        "tool"]["setuptools"]["package-data"]["meeple"]
    package = root / "src" / "meeple"
    files = [p.relative_to(package).as_posix() for p in package.rglob("*")
             if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    unshipped = [f for f in files if not any(
        fnmatch(f, pat) or fnmatch(f, pat.replace("**/", "")) for pat in patterns)]
    assert files and not unshipped, unshipped
