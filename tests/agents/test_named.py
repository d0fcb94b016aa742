"""The search's ``named`` setting: the game's ``search_moves`` narrow every node of the tree.

Reply, a tiny game defined here:
REPLY-1  Seat 0 plays ``bold`` or ``safe``. After ``safe`` a hidden die (1..10) decides: seat 0
         wins on 1..6.
REPLY-2  After ``bold`` seat 1 answers ``punish`` (seat 0 loses) or ``let`` (seat 0 wins).
REPLY-3  The moves the game names (``Game.search_moves``): seat 1's answer is always ``let``,
         as this game's bots play it; seat 0's moves are not narrowed.

A tree that weighs every answer of seat 1 expects ``punish`` and plays ``safe`` (60%); one that
weighs only the answers the bots choose from plays ``bold`` and wins every game.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.agents import InfoSet, MCTSAgent, make
from meeple.agents.mcts import parse_spec
from meeple.core import Action, Game, Result, State

BOLD, SAFE = Action("bold"), Action("safe")
PUNISH, LET = Action("punish"), Action("let")


def named(st: State, legal: list[Action]) -> list[Action]:
    """REPLY-3: seat 1 answers ``let``; every other move is weighed."""
    return [a for a in legal if a[0] == "let"] if st.to_act == 1 else legal


class ReplyState(State):
    """Seat 0's move (None before it) and whether seat 0 won (None while playing)."""

    first: str | None
    won: bool | None

    def _setup(self) -> None:
        self.first = None
        self.won = None
        self.to_act = 0

    def _legal_actions(self) -> list[Action]:
        return [BOLD, SAFE] if self.first is None else [PUNISH, LET]

    def _apply(self, action: Action) -> None:
        if self.first is None:
            self.first = action[0]
            if action[0] == "safe":  # REPLY-1
                self.won = self.rng.randint(1, 10) <= 6
                self.to_act = None
            else:
                self.to_act = 1
        else:
            self.won = action[0] == "let"  # REPLY-2
            self.to_act = None

    def _result(self) -> Result:
        w = (0,) if self.won else (1,)
        return Result(w, (float(bool(self.won)), float(not self.won)), 2, "reply", "")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "reply", "step": "first" if self.first is None else "answer",
                "first": self.first}


class ReplyGame(Game[ReplyState]):
    """Play bold and be answered, or play safe on a die."""

    id = "reply"
    name = "Reply"
    min_players = max_players = 2
    state_class = ReplyState
    search_moves = f"{__name__}:named"


def _decide(spec: str, seed: int) -> tuple[str, MCTSAgent]:
    st = ReplyGame(players=2).new_state(seed=seed)
    agent = make(spec, seed=seed)
    assert isinstance(agent, MCTSAgent)
    return agent.choose(InfoSet(st, 0))[0], agent


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_with_named_the_tree_weighs_only_the_answers_the_bots_choose_from(seed: int) -> None:
    """REPLY-3: with ``named`` seat 1 is weighed answering ``let`` only, so ``bold`` wins
    every iteration that reaches the answer in the tree (the rollouts keep every move: the
    first iteration through ``bold`` answers at random); without, the tree expects
    ``punish`` and plays safe."""
    chosen, agent = _decide("mcts:300:full:named", seed)
    assert chosen == "bold"
    bold = next(s for s in agent.last_stats if s.action[0] == "bold")
    assert bold.value > 0.95
    chosen_open, _ = _decide("mcts:300:full", seed)
    assert chosen_open == "safe"


def test_with_named_no_node_of_the_tree_holds_a_move_the_game_does_not_name() -> None:
    """Below ``bold`` the tree holds ``let`` alone with ``named``, both answers without."""
    st = ReplyGame(players=2).new_state(seed=4)
    for spec, answers in (("mcts:200:full:named", {"let"}), ("mcts:200:full", {"let", "punish"})):
        agent = make(spec, seed=4)
        assert isinstance(agent, MCTSAgent)
        root = agent.search(InfoSet(st, 0))
        below = root.child(0, "bold")
        assert below is not None
        assert set(below.children[1]) == answers


def test_named_is_read_written_and_taken_from_hints() -> None:
    """The spec names it, writes it back and takes it from a game's hints unless it says."""
    assert parse_spec("300:named").named
    assert not parse_spec("300").named
    assert parse_spec("300:scripted:named").spec() == "300:scripted:named"
    assert parse_spec("300").with_hints("scripted:d4:named").named
    assert parse_spec("300:seen:named").spec() == "300:random:seen:named"
