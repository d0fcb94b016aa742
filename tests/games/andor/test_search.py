"""What the search reads of a legend: determinizations, the heuristic and the scripted rollouts."""

from __future__ import annotations

import importlib
import random

import meeple
from meeple.agents import InfoSet, make
from meeple.core import Rng
from meeple.games.andor import bots, fog, heuristic, legend
from meeple.games.andor.content import LETTERS
from meeple.games.andor.state import AndorState, AndorWorld
from meeple.sim.runner import play

from .helpers import bare


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
    """A world turns its face-down tokens up at random as they are reached, each of those still
    down equally likely; seen tokens stay where they are."""
    st = meeple.load("andor", players=2).new_state(seed=5)
    assert isinstance(st, AndorState)
    seen = sorted(st.fog)[0]
    st.fog_seen = frozenset({seen})
    hidden = [r for r in st.fog if r != seen]
    hidden_kinds = {st.fog[r] for r in hidden}
    placed: dict[int, dict[str, int]] = {r: {} for r in st.fog}
    for seed in range(400):
        world = st.determinize(0, seed)
        assert isinstance(world, AndorWorld) and world.loose and not st.loose
        assert world.fog[seen] == st.fog[seen]
        order = hidden[seed % len(hidden):] + hidden[:seed % len(hidden)]
        fog.deal(world, order)
        assert sorted(world.fog.values()) == sorted(st.fog.values())
        for r, token in world.fog.items():
            placed[r][token] = placed[r].get(token, 0) + 1
    assert placed[seen] == {st.fog[seen]: 400}
    gold = sum(st.fog[r] == "gold" for r in hidden) / len(hidden)
    for r in hidden:
        assert set(placed[r]) == hidden_kinds
        assert abs(placed[r].get("gold", 0) / 400 - gold) < 0.1


def test_nothing_in_a_legend_is_private_so_a_sample_keeps_the_whole_log() -> None:
    """A world shares the true log: that is sound only while no action has a public text and
    no event is meant for some seats only."""
    for seed in range(6):
        st = _midgame(seed, 150)
        log = st._log
        while log is not None:
            entry = log[1]
            assert entry[3] is None, entry
            log = log[0]
        for seat in range(st.players):
            world = st.determinize(seat, seed)
            assert world.events(seat) == st.events(seat)
            assert world.record()["actions"] == st.record()["actions"]


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


def _herb_at_the_feet() -> AndorState:
    """A real full legend (seed 3, the scripted team) just after the herb gor fell: the herb
    lies where the warrior stands, on his turn."""
    st = meeple.load("andor", players=2).new_state(seed=3)
    assert isinstance(st, AndorState)
    while "herb_gor" not in st.killed or st.decisions:
        st.apply(bots.choose(st))
    return st


def test_the_search_picks_up_the_herb_lying_at_its_feet() -> None:
    """With a few hundred iterations every move of a turn is visited alike; the heuristic one
    step ahead settles them (``search_hints``), and the herb is the legend's goal."""
    st = _herb_at_the_feet()
    seat = st.to_act
    assert seat is not None and "herb" in st.ground[st.position[seat]]
    for seed in range(3):
        chosen = make("mcts:100", seed=seed).choose(InfoSet(st, seat))
        assert chosen[0] == "pick up the healer's herb"


def test_every_goal_met_is_worth_more_than_any_legend_with_a_goal_open() -> None:
    st = bare(players=2)
    st.castle_creatures = st.game.shields  # the castle full: the worst once the goals are met
    st.willpower = [1, 1]
    st.strength = [1, 1]
    st.killed = ("tower_skral",)
    st.herb_delivered = True
    assert st.evaluate(0) >= heuristic.OPEN_MAX
    for seed in range(3):
        s = _midgame(seed, 120)
        if not s.is_over and not all(legend.goals_met(s)):
            assert s.evaluate(0) <= heuristic.OPEN_MAX


def test_a_day_ended_with_hours_to_spare_is_worth_less_than_a_step_towards_the_goal() -> None:
    """The search ended whole days at once: the hours left today now count as time."""
    st = meeple.load("andor", players=2).new_state(seed=3)
    assert isinstance(st, AndorState)
    s = st.active
    goal = bots.target(st, s)
    dist = st.game.distance
    toward = min(st.game.steps[st.position[s]], key=lambda a: dist[a[1].region][goal])
    walked, ended = st.clone(), st.clone()
    walked.apply(toward)
    walked.apply("stop")
    ended.apply("end day")
    assert heuristic.slack(ended) < heuristic.slack(walked)
    assert ended.evaluate(0) < walked.evaluate(0)


def test_a_creature_that_cannot_reach_the_castle_before_n_is_no_danger() -> None:
    st = bare(players=2, at=[0, 0])
    g = st.game
    gor = next(r for r in range(len(g.neighbours)) if g.to_castle[r] == 4)
    st.creatures = {gor: "gor"}
    st.castle_creatures = g.shields  # no shield left for it
    st.letter = 0
    assert heuristic._threat(st, 0) > 0.0
    st.letter = LETTERS.index("N") - 2  # two sunrises left: it cannot walk four steps
    assert heuristic._threat(st, 0) == 0.0


def test_a_searching_team_of_three_wins_legends_by_keeping_to_the_plan() -> None:
    """The game's hints (``scripted:d300:p3``): rollouts by the scripted team, and the plan's
    move kept unless the search finds one clearly better. Three searching heroes win the full
    legend on seeds where leaves read by the heuristic at once (``d0:z1``, the hints before)
    let a creature overrun the castle."""
    game = meeple.load("andor", players=3)
    for seed in (0, 1):
        assert play(game, ["mcts:20"] * 3, seed=seed).result().reason == "goals-met"
        before = play(game, ["mcts:20:random:d0:z1:p0"] * 3, seed=seed)
        assert before.result().reason == "castle-overrun"
