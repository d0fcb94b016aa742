"""CAT-41 and the bots: on a walk of any length (a speed potion) a bot takes the scripted
dwarf's step towards its target, or stops there (``moves.speed_walk``). Every step looks alike
one action ahead, so the search had walked back and forth between two cells for ever inside one
turn, out of reach of the round limit, which counts turns."""

from __future__ import annotations

from meeple.agents import Agent, GreedyAgent, info_set, make
from meeple.games.catacombs.moves import search_moves
from meeple.games.catacombs.state import CatacombsState

from .helpers import at, build, give, move_to, started
from .test_outlook import from_record


def ring_and_corridor() -> CatacombsState:
    """Seat 0 on a speed walk at the north-west entrance, inside a ring of four explored
    cells; a corridor runs east from the ring to ground still unexplored past its end."""
    st = started()
    s = st.active
    move_to(st, s, 0, 0)
    build(st, at(st, 1, 0), "EWS")
    build(st, at(st, 0, 1), "NE")
    build(st, at(st, 1, 1), "NW")
    for x in range(2, 6):
        build(st, at(st, x, 0), "EW")
    st.money[s] = 0  # nothing to buy on the way
    give(st, s, "speed")
    st.apply("speed walk")
    assert st.step == "walk" and st.walk_left is None
    return st


def test_cat41_a_speed_walk_names_the_step_towards_the_way_on() -> None:
    st = ring_and_corridor()
    assert [a.text for a in search_moves(st, st.legal_actions())] == ["step east"]


def walk_on(st: CatacombsState, bot: Agent) -> int:
    """The bot's steps until its walk ends (at most one per cell of the board); where it
    stands then."""
    s = st.active
    for _ in range(st.game.cells):  # a walk that never stops would outlast this
        if st.step != "walk":
            break
        st.apply(bot.choose(info_set(bot, st, s)))
    assert st.step != "walk", "still walking"
    here = st.position[s]
    assert here is not None
    return here


def test_cat41_greedy_and_the_search_walk_to_the_way_on_and_stop() -> None:
    """Weighing stopping against walking on, the search had stopped at once, the potion spent:
    the way on is explored only on the next turn."""
    for bot in (GreedyAgent(3), make("mcts:200", seed=3, game="catacombs")):
        st = ring_and_corridor()
        assert walk_on(st, bot) == at(st, 5, 0)  # beside the unexplored ground


def test_cat41_the_search_ends_the_speed_walk_it_walked_for_ever_in_a_real_game() -> None:
    """``records/speed-walk-back-and-forth.json``: the searching dwarf has just begun a speed
    walk, on which it had stepped between two cells thousands of times in one turn."""
    st = from_record("speed-walk-back-and-forth.json")
    turn = st.turn
    assert st.step == "walk" and st.walk_left is None
    walk_on(st, make("mcts:400", seed=60004, game="catacombs"))
    assert st.turn >= turn
