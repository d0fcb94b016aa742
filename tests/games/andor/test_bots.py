"""The scripted team (``andor:balance``): a bot that plays whole legends from what it knows."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import InfoSet, make_agents
from meeple.core import ConfigError
from meeple.games.andor import bots
from meeple.games.andor.decisions import FIGHT, BlockEvent, Moving
from meeple.games.andor.heroes import dice_count
from meeple.games.andor.params import HOURS_PER_DAY, OVERTIME_HOURS
from meeple.games.andor.state import AndorState
from meeple.games.andor.verbs import Move, Stop
from meeple.sim.runner import play

from .helpers import bare, fight_with, step


@pytest.mark.parametrize(("legend", "players"), [("intro", 2), ("full", 3), ("intro", 1)])
def test_the_team_plays_whole_legends(legend: str, players: int) -> None:
    game = meeple.load("andor", players=players, options={"legend": legend})
    seen: set[str] = set()
    st = play(game, ["andor:balance"] * players, seed=4,
              on_step=lambda s, seat, text: seen.add(str(s.view()["step"])))
    assert st.is_over and st.result().reason in ("goals-met", "goals-unmet", "castle-overrun")
    assert {"turn", "moving"} <= seen


def test_the_team_wins_the_introductory_legend_with_two_heroes() -> None:
    game = meeple.load("andor", players=2, options={"legend": "intro"})
    won = sum(play(game, ["andor:balance"] * 2, seed=s).result().reason == "goals-met"
              for s in range(6))
    assert won >= 4


def test_the_bot_decides_the_same_in_worlds_its_seat_cannot_tell_apart() -> None:
    """Two worlds that differ only in the hidden fog tokens and the event deck's order."""
    for seed in range(8):
        st = meeple.load("andor", players=2).new_state(seed=seed)
        for _ in range(40):
            if st.is_over:
                break
            seat = st.to_act
            assert seat is not None
            one, other = st.determinize(seat, 1), st.determinize(seat, 2)
            a = bots.make_balance(None, 9).choose(InfoSet(one, seat))
            b = bots.make_balance(None, 9).choose(InfoSet(other, seat))
            assert a == b
            st.apply(a)


def test_the_bot_is_offered_by_the_game() -> None:
    agent = make_agents(["andor:balance"], 1, seed=0, game="andor")[0]
    assert agent.name == "andor:balance"
    assert meeple.load("andor").bots["balance"] == "meeple.games.andor.bots:make_balance"
    with pytest.raises(ConfigError, match="takes no argument"):
        make_agents(["andor:balance:fast"], 1, seed=0, game="andor")


def test_the_plan_in_a_fight_and_at_an_event() -> None:
    """Join, keep a good die, fight on while strong, block an event with a shield."""
    st = bare(at=[9, 9])
    fight_with(st, 0, 9, "gor", [])
    assert step(st) == "invite" and bots.choose(st).text == "invite the archer"
    st.apply("invite the archer")
    assert bots.choose(st).text == "join the fight"
    while st.fight is not None and not st.is_over:
        assert isinstance(st.decisions[-1], FIGHT)
        st.apply(bots.choose(st))
    st = bare(at=[9, 9])
    st.items[0] = ("shield",)
    st.deck = ["forest_rain"]  # blockable (AND-74)
    for _ in range(2):
        st.apply("end day")
    assert isinstance(st.decisions[-1], BlockEvent)
    assert bots.choose(st).text == "block the event with the shield"


def test_the_target_is_the_creature_about_to_overrun_the_castle() -> None:
    st: AndorState = bare(at=[40, 40])
    st.creatures = {3: "gor", 60: "tower_skral"}
    st.castle_creatures = st.game.shields  # no shield free
    assert bots.target(st, 0) == 3


def test_a_hero_out_of_hours_mid_move_stops_beside_his_target() -> None:
    """AND-19, AND-46: the last overtime hour spent in the middle of a move, the target one
    step away and willpower to spare: no step can be paid for, so the hero stops (the plan
    used to look for the nearest step among none and fail, ending a search's rollout)."""
    st: AndorState = bare(at=[40, 40])
    target = st.game.neighbours[40][0]
    st.ground = {target: ("herb",)}
    st.hours[0], st.willpower[0] = HOURS_PER_DAY + OVERTIME_HOURS, 12
    st.decisions.append(Moving(0))
    st._legal = None
    assert bots.target(st, 0) == target
    assert not [a for a in st.legal_actions() if isinstance(a[1], Move)]
    assert isinstance(bots.choose(st)[1], Stop)


def test_the_plan_flips_a_low_roll_and_doubles_its_best_die_with_the_brew() -> None:
    st = bare(players=4, at=[30, 30, 30, 9])
    st.items[3] = ("brew",)
    fight_with(st, 3, 9, "gor", [1, 2, 1, 1, 1, 1])
    assert step(st) == "flip"
    assert bots.choose(st).text.startswith("flip 1")
    st.apply(bots.choose(st))
    assert step(st) == "boost"
    assert bots.choose(st).text.startswith("double 6")


def test_the_plan_blocks_a_big_loss_with_the_shield() -> None:
    st = bare(at=[9, 30])
    st.items[0] = ("shield",)
    n = dice_count(st, 0)
    fight_with(st, 0, 9, "troll", [1] * n + [6] * 6)
    assert step(st) == "shield" and st.fight is not None and st.fight["losses"] >= 3
    assert bots.choose(st).text == "block the loss with the shield"
