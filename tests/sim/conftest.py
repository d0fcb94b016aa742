"""Test-only games for the simulator: one that fails on some seeds, one that reports roles."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from meeple.core import Action, Result, registry
from meeple.games.tictactoe import TicTacToe
from meeple.games.tictactoe.state import TicTacToeState
from tests.registered import forget_games


class BoomState(TicTacToeState):
    """Tic-tac-toe that raises on its fourth action when the seed is odd."""

    def _apply(self, action: Action) -> None:
        if self.seed % 2 and self.n_actions == 3:
            raise RuntimeError("the board caught fire")
        super()._apply(action)


class Boom(TicTacToe):
    id = "_boom"
    state_class = BoomState


class DudState(TicTacToeState):
    """Tic-tac-toe that cannot be set up when the seed is a multiple of 3."""

    def _setup(self) -> None:
        if self.seed % 3 == 0:
            raise ValueError("no board in the box")
        super()._setup()


class Dud(TicTacToe):
    id = "_dud"
    state_class = DudState


class RolesState(TicTacToeState):
    """Tic-tac-toe whose result names a role per seat: a knight and a wizard."""

    def _result(self) -> Result:
        r = super()._result()
        roles = ["knight", "wizard"] if self.seed % 2 else ["wizard", "knight"]
        return Result(r.winners, r.scores, r.turns, r.reason, r.detail, {"roles": roles})


class Roles(TicTacToe):
    id = "_roles"
    state_class = RolesState


@pytest.fixture
def test_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register ``_boom``, ``_dud`` and ``_roles`` for one test (forked workers inherit them)."""
    module = types.ModuleType("meeple_sim_test_games")
    module.Boom = Boom  # type: ignore[attr-defined]
    module.Roles = Roles  # type: ignore[attr-defined]
    module.Dud = Dud  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    targets = {**registry._targets(), **{f"_{name.lower()}": f"{module.__name__}:{name}"
                                         for name in ("Boom", "Roles", "Dud")}}
    monkeypatch.setattr(registry, "_targets", lambda: targets)
    forget_games()
    yield
    forget_games()
