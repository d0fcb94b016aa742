"""The worked example (examples/reinforce.py): a masked linear policy learnt in a few seconds
beats a random player at tic-tac-toe with a 95% interval clear of random's, and, installed as a
package's bot, takes a seat in ``meeple arena`` and in the lobby like the game's own bots."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from meeple import ConfigError, agents, rl
from meeple.agents.installed import forget
from meeple.server.lobby import lobby_info

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "reinforce.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reinforce_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["reinforce_example"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, Path]:
    ex = _example()
    env = rl.gym_env("tictactoe", opponents="random")
    policy = ex.LinearPolicy(env.game.observation_layout().size, 9)
    ex.train(env, policy, seconds=6.0, lr=0.05, seed=1)
    path = tmp_path_factory.mktemp("policy") / "ttt.npz"
    policy.save(str(path))
    return ex, path


def test_the_learnt_policy_beats_random_with_an_interval_clear_of_randoms(
        trained: tuple[ModuleType, Path]) -> None:
    ex, path = trained
    env = rl.gym_env("tictactoe", opponents="random")
    mine = ex.evaluate(env, ex.LinearPolicy.load(str(path)), 300, 5)
    base = ex.evaluate(env, None, 300, 5)
    assert mine[1] > base[2], (mine, base)  # the intervals do not overlap


@pytest.fixture
def installed_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package holding the example, registering it as ``tictactoe:reinforce`` (after the
    lobby's bots were read once, as a running server would have)."""
    assert "tictactoe:reinforce" not in agents.offered("tictactoe")
    site = tmp_path / "site"
    (site / "ttt_policies").mkdir(parents=True)
    (site / "ttt_policies" / "__init__.py").write_text(EXAMPLE.read_text("utf-8"), "utf-8")
    info = site / "ttt_policies-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ttt-policies\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        '[meeple.bots]\ntictactoe.reinforce = ttt_policies:bot\n')
    monkeypatch.syspath_prepend(str(site))
    forget()
    yield site
    forget()


def test_an_installed_policy_takes_a_seat_in_the_arena_and_the_lobby(
        trained: tuple[ModuleType, Path], installed_site: Path) -> None:
    _, path = trained
    assert "tictactoe:reinforce" in agents.offered("tictactoe")
    seats = [b["seat"] for b in lobby_info("tictactoe", "en")["bots"]]
    assert "tictactoe:reinforce" in seats
    env = dict(os.environ, PYTHONPATH=f"{installed_site}{os.pathsep}"
               f"{os.environ.get('PYTHONPATH', '')}", MEEPLE_POLICY=str(path))
    out = subprocess.run(
        [sys.executable, "-m", "meeple.cli", "arena", "tictactoe", "--games", "20",
         "--seats", "tictactoe:reinforce,random"],
        capture_output=True, text=True, env=env, timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    assert "tictactoe:reinforce" in out.stdout


def test_an_installed_policy_never_reads_a_file_a_seat_spec_names(
        trained: tuple[ModuleType, Path], installed_site: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, path = trained
    monkeypatch.setenv("MEEPLE_POLICY", str(path))
    with pytest.raises(ConfigError, match="takes no argument"):
        agents.make("tictactoe:reinforce:/etc/passwd", 0, "tictactoe")
    assert agents.make("tictactoe:reinforce", 0, "tictactoe").name == "reinforce"
