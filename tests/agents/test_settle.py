"""Settling close calls: root moves the search cannot tell apart go to the one-step heuristic.

Doors, a tiny game with chance and a misleading heuristic, is defined here:
DRS-1  Seat 0 opens one of three doors: ``left``, ``right`` or ``trap``; then seat 1 takes
       its only action, ``roll``, and the game ends.
DRS-2  Behind ``left`` or ``right`` a die decides: seat 0 wins on 4 or more, else seat 1.
       Behind ``trap`` seat 0 always loses.
DRS-3  The heuristic, read before the roll, likes ``left`` (0.6 for seat 0), dislikes
       ``right`` (0.4) and is fooled by ``trap`` (0.9).
DRS-4  The game's own plan (its scripted player) opens ``right``; DRS-5, in a variant, ``trap``.

So ``left`` and ``right`` are worth the same and only the heuristic tells them apart, while
``trap`` is a loss the search sees and the heuristic does not.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.agents import InfoSet, MCTSAgent, explain, make
from meeple.agents.mcts import Node, parse_spec
from meeple.core import Action, ConfigError, Game, Result, State

DOORS = {"left": 0.6, "right": 0.4, "trap": 0.9}  # DRS-3


class DoorsState(State):
    """Which door seat 0 opened (None before) and whether the die has been rolled."""

    door: str | None
    won: bool | None

    def _setup(self) -> None:
        self.door = None
        self.won = None
        self.to_act = 0

    def _legal_actions(self) -> list[Action]:
        if self.door is None:
            return [Action(d) for d in DOORS]  # DRS-1
        return [Action("roll")]

    def _apply(self, action: Action) -> None:
        if self.door is None:
            self.door = action[0]
            self.to_act = 1
            return
        roll = self.rng.randint(1, 6)
        self._emit("roll", value=roll)
        self.won = self.door != "trap" and roll >= 4  # DRS-2
        self.to_act = None

    def _evaluate(self, seat: int) -> float:
        mine = 0.5 if self.door is None else DOORS[self.door]
        return mine if seat == 0 else 1.0 - mine

    def _result(self) -> Result:
        assert self.won is not None  # the game ends on the roll, which decides it (DRS-2)
        w = (0,) if self.won else (1,)
        return Result(w, (float(self.won), float(not self.won)), 2, "door", "")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "doors", "step": "open" if self.door is None else "roll",
                "door": self.door}


class Doors(Game[DoorsState]):
    """Open a door, then roll."""

    id = "doors"
    name = "Doors"
    min_players = max_players = 2
    state_class = DoorsState
    rollout_policy = "tests.agents.test_settle:plan_right"


def plan_right(st: DoorsState, rng: Any) -> Action:
    """DRS-4: the game's own plan opens ``right`` (and rolls)."""
    return Action("right") if st.door is None else Action("roll")


def plan_trap(st: DoorsState, rng: Any) -> Action:
    """DRS-5: a plan that opens ``trap``, the door the search knows loses."""
    return Action("trap") if st.door is None else Action("roll")


class TrapDoors(Doors):
    """Doors whose own plan opens the trap."""

    rollout_policy = "tests.agents.test_settle:plan_trap"


def choice(spec: str, seed: int, game: type[Doors] = Doors) -> str:
    agent = make(spec, seed=seed)
    assert isinstance(agent, MCTSAgent)
    return str(agent.choose(InfoSet(game().new_state(seed=seed), 0)))


def test_close_calls_go_to_the_move_the_heuristic_likes() -> None:
    """``left`` and ``right`` win alike (DRS-2); settled, the search always opens ``left``
    (DRS-3). Unsettled, its pick between them follows the dice of its rollouts. (A wide
    exploration keeps both doors well visited: with a narrow one, a door that loses its first
    rollouts is starved of visits and its low mean looks like knowledge.)"""
    settled = {choice("mcts:200:full:c2:z2", seed) for seed in range(20)}
    assert settled == {"left"}
    plain = {choice("mcts:200:full:c2", seed) for seed in range(20)}
    assert plain == {"left", "right"}


def test_settling_never_overrides_what_the_search_knows() -> None:
    """The heuristic likes ``trap`` best, but every rollout behind it is a loss: the search's
    value for it lies far outside the margin, so it is never opened."""
    for seed in range(20):
        assert choice("mcts:200:full:c2:z2", seed) != "trap"


def test_close_calls_are_judged_by_standard_errors() -> None:
    """A move is close when its mean lies within ``settle`` standard errors of the most
    visited move's mean (standard errors of the two means combined)."""
    agent = MCTSAgent(seed=0, config=parse_spec("10:z2"))
    root = Node(0)
    moves = [Action("a"), Action("b"), Action("c"), Action("d")]
    # (visits, sum of rewards, sum of squared rewards): means 0.5, 0.45, 0.2 and 0.9 with
    # one visit only (no variance to judge by). The standard error of a's and b's difference
    # is sqrt(0.05 / 100 + 0.0475 / 80) = 0.033: 0.05 apart, they are close within 2 of them,
    # not within 1.
    for a, (n, s, q) in zip(moves, [(100, 50.0, 30.0), (80, 36.0, 20.0), (60, 12.0, 6.0),
                                    (1, 0.9, 0.81)], strict=True):
        ch = Node(0)
        ch.n, ch.value, ch.square = n, s, q
        root.add(0, a[0], ch)
    assert [str(a) for a in agent._close_calls(root, 0, moves, 2.0)] == ["a", "b"]
    assert [str(a) for a in agent._close_calls(root, 0, moves, 1.0)] == ["a"]


def test_explain_shows_the_one_step_values_of_a_settled_call() -> None:
    agent = make("mcts:200:full:c2:z2", seed=3)
    assert isinstance(agent, MCTSAgent)
    assert str(agent.choose(InfoSet(Doors().new_state(seed=3), 0))) == "left"
    rows = {str(a): why for a, why in explain(agent)}
    assert "one move ahead 60%" in rows["left"] and "played" in rows["left"]
    assert "one move ahead 40%" in rows["right"] and "played" not in rows["right"]


def test_settle_spec() -> None:
    cfg = parse_spec("200:z1.5")
    assert cfg.settle == 1.5 and cfg.spec() == "200:random:z1.5"
    assert parse_spec("200").settle == 0.0
    assert parse_spec("200").with_hints("greedy:d4:z1").settle == 1.0
    assert parse_spec("200:z0").with_hints("z1").settle == 0.0
    with pytest.raises(ConfigError):
        make("mcts:200:z")


def test_close_calls_go_to_the_games_own_plan_when_it_is_among_them() -> None:
    """With ``p``, of ``left`` and ``right`` (alike to the search, DRS-2) the game's plan's
    ``right`` is opened (DRS-4), even where the heuristic settles the rest (``z``). (Within 3
    standard errors: 200 iterations leave one seed in twenty 2 apart by the dice alone.)"""
    assert {choice("mcts:200:full:c2:p3", seed) for seed in range(20)} == {"right"}
    assert {choice("mcts:200:full:c2:z2:p3", seed) for seed in range(20)} == {"right"}


def test_the_games_own_plan_never_overrides_what_the_search_knows() -> None:
    """The plan opens ``trap`` (DRS-5), which the search knows loses: far outside the margin,
    it is never opened; the close calls then go to the heuristic as before."""
    assert "trap" not in {choice("mcts:200:full:c2:p2", seed, TrapDoors) for seed in range(20)}
    assert {choice("mcts:200:full:c2:z2:p2", seed, TrapDoors) for seed in range(20)} == {"left"}


def test_explain_says_a_close_call_went_to_the_games_plan() -> None:
    agent = make("mcts:200:full:c2:p2", seed=3)
    assert isinstance(agent, MCTSAgent)
    assert str(agent.choose(InfoSet(Doors().new_state(seed=3), 0))) == "right"
    rows = {str(a): why for a, why in explain(agent)}
    assert "the game's own plan" in rows["right"]
    assert "plan" not in rows["left"]


def test_prefer_spec() -> None:
    cfg = parse_spec("200:p1")
    assert cfg.prefer == 1.0 and cfg.spec() == "200:random:p1"
    assert parse_spec("200").with_hints("scripted:p1").prefer == 1.0
    assert parse_spec("200:p0").with_hints("p1").prefer == 0.0
    with pytest.raises(ConfigError, match="mcts:800:p1"):
        make("mcts:200:p")
