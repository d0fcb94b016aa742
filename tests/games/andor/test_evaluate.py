"""The bots' heuristic and the result's roles."""

from __future__ import annotations

import random

import meeple
from meeple.games.andor import heuristic
from meeple.games.andor.content import LETTERS
from meeple.games.andor.state import AndorState

from .helpers import bare, step


def test_estimate_is_the_same_for_every_seat_and_within_0_and_1() -> None:
    for players in (1, 2, 3, 4):
        s = meeple.load("andor", players=players).new_state(seed=players)
        chooser = random.Random(players)
        while not s.is_over:
            values = {s.evaluate(seat) for seat in range(players)}
            assert len(values) == 1 and 0.0 <= values.pop() <= 1.0
            s.apply(chooser.choice(s.legal_actions()))


def test_a_castle_holding_more_creatures_scores_lower() -> None:
    st = bare(players=2)  # 3 golden shields
    calm = st.evaluate(0)
    st.castle_creatures = 2
    crowded = st.evaluate(0)
    assert crowded < calm
    st.castle_farmers = 2  # farmers in the castle are shields too
    assert crowded < st.evaluate(0) < calm


def test_met_goals_score_higher() -> None:
    st = bare(players=2, legend="intro")
    before = st.evaluate(0)
    goals = st.game.legend.info.goals
    st.killed = tuple(g.split(":")[1] for g in goals if g.startswith("kill:"))
    st.herb_delivered = True
    assert st.evaluate(0) > before + 0.3


def test_the_narrator_nearer_n_scores_lower_while_a_goal_is_open() -> None:
    st = bare(players=2)
    early = st.evaluate(0)
    st.letter = LETTERS.index("M")
    assert st.evaluate(0) < early


def test_stronger_heroes_score_higher() -> None:
    st = bare(players=2)
    weak = st.evaluate(0)
    st.strength = [10, 10]
    st.willpower = [15, 15]
    assert st.evaluate(0) > weak


def test_a_lost_legend_is_0_for_every_seat() -> None:
    st = bare(players=2)
    st.castle_creatures = st.game.shields
    st.creatures = {1: "gor"}
    st.apply("pass")
    while not st.is_over:
        st.apply("end day")
    assert st.result().reason == "castle-overrun"
    assert st.result().extra["shields"] == 0  # AND-84: no golden shield was left free
    assert st.evaluate(0) == st.evaluate(1) == 0.0


def test_and84_the_result_counts_the_golden_shields_still_free() -> None:
    st = bare(players=2)
    st.castle_creatures = 1
    st.apply("pass")
    while not st.is_over:
        st.apply("end day")
    assert st.result().reason == "goals-unmet"
    assert st.castle_creatures == 2 and st.game.shields + st.castle_farmers == 3
    assert st.result().extra["shields"] == 1


def test_result_names_the_hero_of_each_seat() -> None:
    game = meeple.load("andor", players=3, options={"heroes": "wizard,dwarf,warrior"})
    s = game.new_state(seed=3)
    chooser = random.Random(3)
    while not s.is_over:
        s.apply(chooser.choice(s.legal_actions()))
    extra = s.result().extra
    assert extra["roles"] == ["wizard", "dwarf", "warrior"]
    assert "day" in extra and extra["letter"] in LETTERS
    assert isinstance(s, AndorState)


def test_a_hero_nearer_the_creature_to_kill_scores_higher() -> None:
    st = bare(players=2, at=[9, 9], legend="intro")
    st.creatures = {57: "marauder"}
    far = st.evaluate(0)
    dist = st.game.distance
    nxt = min(st.game.neighbours[9], key=lambda r: dist[r][57])  # one step toward the marauder
    assert dist[nxt][57] < dist[9][57]
    st.position[0] = nxt
    assert st.evaluate(0) > far


def test_heroes_nearer_a_creature_marching_on_the_castle_score_higher() -> None:
    st = bare(players=2, at=[9, 9], legend="intro")
    st.killed = ("marauder",)  # no goal left to pull the heroes elsewhere
    st.castle_creatures = st.game.shields  # the next creature in overruns the castle
    gor = next(r for r in range(len(st.game.neighbours)) if st.game.to_castle[r] == 3)
    st.creatures = {gor: "gor"}
    away = max(range(len(st.game.neighbours)), key=lambda r: st.game.distance[r][gor])
    st.position = [away, away]
    far = st.evaluate(0)
    st.position = [gor, gor]
    assert st.evaluate(0) > far


def test_distances_are_symmetric_and_count_steps() -> None:
    g = bare(players=2).game
    for r, nbrs in enumerate(g.neighbours):
        assert g.distance[r][r] == 0
        assert all(g.distance[r][n] == 1 for n in nbrs)
    assert all(g.distance[a][b] == g.distance[b][a] for a in range(len(g.neighbours))
               for b in range(len(g.neighbours)))
    assert g.to_castle[g.castle] == 0


def test_a_fight_the_heroes_should_win_scores_higher_than_a_hopeless_one() -> None:
    st = bare(players=2, at=[57, 57], legend="intro")
    st.creatures = {57: "marauder"}
    st.apply("fight the skral marauder on 57")
    while step(st) == "invite" or step(st) == "answer":
        st.apply("begin the fight" if step(st) == "invite" else "join the fight")
    f = st.fight
    assert f is not None
    st.strength = [8, 8]
    st.willpower = [12, 12]
    strong = st.evaluate(0)
    st.strength = [1, 1]
    st.willpower = [2, 2]
    weak = st.evaluate(0)
    assert strong > weak
    # alone and weak
    assert 0.0 <= heuristic.fight_odds(st, "marauder", (0,), f["creature_willpower"]) < 0.2
    st.strength = [8, 8]
    st.willpower = [12, 12]
    assert heuristic.fight_odds(st, "marauder", (0, 1), f["creature_willpower"]) > 0.9
    st.strength = [3, 3]  # nearly dead, the marauder is easier than a fresh one
    odds = heuristic.fight_odds
    assert odds(st, "marauder", (0,), 1) > odds(st, "marauder", (0,), 7)
