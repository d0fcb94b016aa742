"""The search's ``t<n>`` setting: a fresh tree every ``n`` iterations, their root moves summed.

Fan (FAN-1, FAN-2) is the one-decision game of ``test_search.py``.
"""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import InfoSet, MCTSAgent, make
from meeple.agents.mcts import parse_spec
from meeple.core import ConfigError

from .test_search import WIDTH, Fan, positions


def searched(spec: str, seed: int = 0) -> MCTSAgent:
    """An agent of ``spec`` after one decision on Fan's first position."""
    agent = make(spec, seed=seed)
    assert isinstance(agent, MCTSAgent)
    agent.choose(InfoSet(Fan().new_state(seed=seed), 0))
    return agent


def test_the_tree_token_parses_prints_and_comes_from_hints() -> None:
    cfg = parse_spec("1600:t200")
    assert (cfg.tree, cfg.spec()) == (200, "1600:random:t200")
    assert parse_spec("300").tree == 0 and parse_spec("300:t0").spec() == "300:random"
    assert parse_spec("300").with_hints("scripted:t40").spec() == "300:scripted:t40"
    assert parse_spec("300:t20").with_hints("t40").tree == 20  # the spec's own wins


@pytest.mark.parametrize("spec", ["300:t", "300:t1.5", "300:t-2", "300:t1234567890", "300:tree"])
def test_a_tree_token_that_is_no_count_is_refused_plainly(spec: str) -> None:
    with pytest.raises(ConfigError, match=r"mcts:1600:t200"):
        parse_spec(spec)


def test_every_tree_tries_every_move_and_the_root_adds_them_up() -> None:
    """Four trees of 40 iterations each open all thirty numbers, so every number is tried at
    least four times; one tree of 160 tries some only twice. The root's visits are the
    budget."""
    one, four = searched("mcts:160:full"), searched("mcts:160:full:t40")
    assert min(s.visits for s in one.last_stats) < 4
    assert min(s.visits for s in four.last_stats) >= 4
    assert len(four.last_stats) == WIDTH
    assert sum(s.visits for s in four.last_stats) == four.last_iterations == 160


def test_the_trees_still_find_the_best_numbers() -> None:
    """The summed root prefers a number that wins more often (FAN-2)."""
    for seed in range(4):
        picked = searched("mcts:800:full:t200", seed).last_stats[0].action
        assert picked[1] % 10 >= 4


def test_trees_take_a_win_at_tic_tac_toe() -> None:
    st = meeple.load("tictactoe").new_state()
    for a in ("mark a1", "mark b1", "mark a2", "mark b2"):
        st.apply(a)
    for seed in range(3):
        agent = make("mcts:200:t25", seed=seed)
        assert agent.choose(InfoSet(st, 0))[0] == "mark a3"


def test_a_timed_search_of_trees_replays_with_its_iteration_count() -> None:
    """A fresh tree starts at every multiple of its iterations, so the count a time budget
    reached replays the same trees and the same move."""
    for i, st in enumerate(positions("heavens", 2)):
        seat = st.to_act
        assert seat is not None
        timed = make("mcts@0.05s:t30", seed=i)
        assert isinstance(timed, MCTSAgent)
        played = timed.choose(InfoSet(st, seat))
        replayed = make(f"mcts:{max(timed.last_iterations, 1)}:t30", seed=i)
        assert isinstance(replayed, MCTSAgent)
        assert replayed.choose(InfoSet(st, seat)) == played
        assert replayed.last_stats == timed.last_stats
