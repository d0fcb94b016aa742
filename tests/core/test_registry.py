"""Games are registered by ``meeple.games`` entry points only, meeple's own as any other
package's, and listed in a stable order."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from importlib.metadata import distributions
from pathlib import Path

import pytest

import meeple
from meeple.core import ConfigError, registry
from tests.registered import forget_games

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "meeple"


def declared() -> dict[str, str]:
    """meeple's own entry points, as its pyproject.toml declares them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    return dict(project["entry-points"]["meeple.games"])


def dist_info(folder: Path, name: str, games: dict[str, str]) -> Path:
    """An installed distribution ``name`` registering ``games``, as pip would leave it."""
    info = folder / f"{name.replace('-', '_')}-1.0.dist-info"  # as a wheel names it
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = "".join(f"{k} = {v}\n" for k, v in sorted(games.items()))
    (info / "entry_points.txt").write_text(f"[meeple.games]\n{lines}")
    return folder


@pytest.fixture
def fresh() -> Iterator[None]:
    forget_games()
    yield
    forget_games()


def test_every_game_of_meeple_is_an_entry_point_and_nothing_else_lists_them() -> None:
    targets = declared()
    assert set(targets) == set(meeple.game_ids(hidden=True))
    games = sorted(p.name for p in (SRC / "games").iterdir()
                   if (p / "__init__.py").exists())
    assert sorted(targets) == games
    for path in SRC.rglob("*.py"):
        if "games" in path.relative_to(SRC).parts[:1]:
            continue
        text = path.read_text("utf-8")
        listed = [t for t in targets.values() if t in text]
        assert not listed, f"{path.relative_to(ROOT)} lists games: {listed}"


def test_the_order_is_meeples_own_sorted_then_others_then_hidden(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fresh: None) -> None:
    monkeypatch.syspath_prepend(str(dist_info(tmp_path, "meeple-extra-games", {
        "zebra": "extra:Zebra", "aardvark": "extra:Aardvark", "_hidden": "extra:Hidden",
        "myth": "extra:NotMyth"})))
    forget_games()
    ids = registry.game_ids(hidden=True)
    own = sorted(g for g in declared() if not g.startswith("_"))
    assert ids == [*own, "aardvark", "zebra", "_template", "_hidden"]
    assert registry.game_ids() == [*own, "aardvark", "zebra"]
    assert registry._targets()["myth"] == declared()["myth"]  # another package cannot take it
    with pytest.raises(ConfigError, match="which cannot be loaded"):
        registry.game_class("zebra")


def test_an_installed_meeple_reads_its_metadata(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fresh: None) -> None:
    site = dist_info(tmp_path, "meeple", {"tictactoe": "meeple.games.tictactoe:TicTacToe"})
    monkeypatch.setattr(registry, "entry_points",
                        lambda group: [ep for d in distributions(path=[str(site)])
                                       for ep in d.entry_points if ep.group == group])
    assert registry.game_ids(hidden=True) == ["tictactoe"]
    assert registry.game_class("tictactoe").name == "Tic-tac-toe"


def test_an_install_from_this_tree_registers_the_same_games() -> None:
    """What ``pip install -e .`` wrote (CI installs so): the very entry points declared."""
    mine = []
    for dist in distributions(name="meeple"):
        try:
            url = json.loads(dist.read_text("direct_url.json") or "{}").get("url", "")
        except ValueError:
            continue
        if url.rstrip("/") == ROOT.as_uri():
            mine.append(dist)
    if not mine:
        pytest.skip("meeple is not installed from this source tree")
    for dist in mine:
        installed = {ep.name: ep.value for ep in dist.entry_points if ep.group == "meeple.games"}
        assert installed == declared(), "reinstall (pip install -e .): the metadata is stale"
