"""The search's ``rivals`` setting: inside the tree every other seat plays the game's plan."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import InfoSet, MCTSAgent, make
from meeple.agents.mcts import Node, parse_spec
from meeple.core import Action, ConfigError, Rng, State, game_class


def first_legal(state: State, rng: Rng) -> Action:
    """The plan of these tests: the first empty cell, whoever marks it."""
    return state.legal_actions()[0]


def moves_below(node: Node, st: State, searcher: int) -> list[tuple[int, str, str]]:
    """Every move of the tree below ``node`` as (seat, its text, the plan's move there)."""
    out = []
    for seat, kids in node.children.items():
        for text, child in kids.items():
            out.append((seat, text, first_legal(st, Rng(0))[0]))
            after = st.clone()
            after.apply(text)
            out.extend(moves_below(child, after, searcher))
    return out


@pytest.fixture
def planned(monkeypatch: pytest.MonkeyPatch) -> State:
    """Tic-tac-toe with the first-empty-cell plan, O to mark after X took the centre."""
    monkeypatch.setattr(game_class("tictactoe"), "rollout_policy", f"{__name__}:first_legal")
    st: State = meeple.load("tictactoe").new_state()
    st.apply("mark b2")
    return st


def searched_tree(spec: str, st: State) -> Node:
    agent = make(spec, seed=3)
    assert isinstance(agent, MCTSAgent)
    return agent.search(InfoSet(st, 1))


def test_the_rivals_token_parses_prints_and_comes_from_hints() -> None:
    assert parse_spec("300:rivals").rivals and not parse_spec("300").rivals
    assert parse_spec("300:rivals").spec() == "300:random:rivals"
    assert parse_spec("300").with_hints("scripted:rivals").spec() == "300:scripted:rivals"


def test_inside_the_tree_a_rival_plays_only_the_plans_move(planned: State) -> None:
    """With ``rivals`` every node of X's holds one move, the plan's; O's own nodes hold many.
    Without it X's nodes hold every move the tree tried."""
    moves = moves_below(searched_tree("mcts:300:full:rivals", planned), planned, 1)
    rival = [(text, plan) for seat, text, plan in moves if seat == 0]
    assert rival and all(text == plan for text, plan in rival)
    assert len({text for seat, text, _ in moves if seat == 1}) > 3
    free = moves_below(searched_tree("mcts:300:full", planned), planned, 1)
    assert any(text != plan for seat, text, plan in free if seat == 0)


def test_rivals_are_refused_where_the_game_has_no_plan() -> None:
    with pytest.raises(ConfigError, match=r"tictactoe has no rollout policy.* rivals .*"
                                          r"games that have one: .*myth"):
        make("mcts:40:rivals", game="tictactoe")
