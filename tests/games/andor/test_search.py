"""What the search reads of a legend: determinizations, the heuristic and the scripted rollouts."""

from __future__ import annotations

import importlib
import random

import meeple
from meeple.core import Rng
from meeple.games.andor import bots, heuristic, view
from meeple.games.andor.state import AndorState


def _midgame(seed: int, actions: int = 40) -> AndorState:
    st = meeple.load("andor", players=2).new_state(seed=seed)
    chooser = random.Random(seed)
    for _ in range(actions):
        if st.is_over:
            break
        st.apply(chooser.choice(st.legal_actions()))
    assert isinstance(st, AndorState)
    return st


def test_a_sample_of_the_fog_never_depends_on_where_its_tokens_truly_lie() -> None:
    """AND-93: two worlds that differ only in the face-down tokens give the same sample."""
    st = meeple.load("andor", players=2).new_state(seed=3)
    assert isinstance(st, AndorState)
    other = st.clone()
    hidden = sorted(other.fog)
    a, b = next((x, y) for x in hidden for y in hidden if other.fog[x] != other.fog[y])
    other.fog[a], other.fog[b] = other.fog[b], other.fog[a]
    for seed in range(20):
        assert st.determinize(0, seed).fog == other.determinize(0, seed).fog


def test_every_hidden_token_may_lie_on_every_hidden_region() -> None:
    """The one-draw shuffle reaches every placement; seen tokens stay where they are."""
    st = meeple.load("andor", players=2).new_state(seed=5)
    assert isinstance(st, AndorState)
    seen = sorted(st.fog)[0]
    st.fog_seen = frozenset({seen})
    kinds = set(st.fog.values())
    placed: dict[int, set[str]] = {r: set() for r in st.fog}
    for seed in range(400):
        world = st.clone()
        view.determinize(world, 0, Rng(seed))
        assert world.fog[seen] == st.fog[seen]
        assert sorted(world.fog.values()) == sorted(st.fog.values())
        for r, token in world.fog.items():
            placed[r].add(token)
    hidden_kinds = set(sorted(st.fog[r] for r in st.fog if r != seen))
    assert all(placed[r] == hidden_kinds for r in st.fog if r != seen)
    assert placed[seen] == {st.fog[seen]} and hidden_kinds <= kinds


def test_the_game_names_the_scripted_team_as_its_rollout_policy() -> None:
    game = meeple.load("andor", players=2)
    module, _, name = game.rollout_policy.partition(":")
    policy = getattr(importlib.import_module(module), name)
    assert policy is bots.rollout
    st = _midgame(2)
    legal = st.legal_actions()
    assert policy(st.clone(), Rng(1)) in legal
    assert policy(st, Rng(1)) == bots.choose(st)


def test_scripted_rollouts_play_a_legend_to_its_end() -> None:
    st = meeple.load("andor", players=2).new_state(seed=7)
    rng = Rng(7)
    while not st.is_over:
        st.apply(bots.rollout(st, rng))
    assert st.result().reason in ("goals-met", "goals-unmet", "castle-overrun")


def test_the_heuristic_reads_the_same_on_a_clone() -> None:
    for seed in range(4):
        st = _midgame(seed)
        assert heuristic.evaluate(st, 0) == heuristic.evaluate(st.clone(), 1)
