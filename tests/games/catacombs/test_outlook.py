"""The greedy bot values what ends and wins the game (docs/rules/catacombs.md, "The greedy bot at
this table"): it walks towards unexplored ground instead of back and forth, rolls for a walk
rather than stay when the way on lies a few cells off, turns spare coins into experience and
opens no trade offer it would cancel."""

from __future__ import annotations

from meeple.agents import GreedyAgent, InfoSet, info_set, make_agents
from meeple.core import game_class
from meeple.games.catacombs.outlook import board_maps, outlook
from meeple.games.catacombs.state import CatacombsState

from .test_rules import at, build, force_roll, give, move_to, started


def cornered() -> CatacombsState:
    """Seat 0 (to act) on the north-west entrance, whose two passages lead to explored cells:
    east a corridor still open to the east, south a dead end. The way on is one step east."""
    st = started()
    s = st.active
    move_to(st, s, 0, 0)
    build(st, at(st, 1, 0), "EW")
    build(st, at(st, 0, 1), "N")
    st.money[s] = 2 * 100  # half coins: no more than the reserve, nothing to buy
    return st


def choices(st: CatacombsState, seeds: int = 6) -> set[str]:
    return {GreedyAgent(seed).choose(InfoSet(st, st.active)).text for seed in range(seeds)}


def test_the_way_on_is_worth_more_the_nearer_it_lies() -> None:
    st = cornered()
    s = st.active
    here = outlook(st, s)
    frontier, _ = board_maps(st)
    assert frontier[at(st, 0, 0)] == 1 and frontier[at(st, 1, 0)] == 0
    move_to(st, s, 1, 0)
    assert outlook(st, s) > here
    move_to(st, s, 0, 1)
    assert outlook(st, s) < here


def test_greedy_rolls_for_a_walk_when_the_way_on_lies_off() -> None:
    st = cornered()
    assert "walk" in [a.text for a in st.legal_actions()]
    assert choices(st) == {"walk"}


def test_greedy_steps_towards_unexplored_ground_and_not_back_and_forth() -> None:
    st = cornered()
    force_roll(st, 3)
    st.apply("walk")
    assert st.step == "walk"
    assert choices(st) == {"step east"}  # not the dead end south, nor a stop
    st.apply("step east")
    assert choices(st) == {"stop"}  # on the way on: the next turn explores from here


def test_a_dwarf_with_spare_coins_buys_experience() -> None:
    """Whatever it buys first, it keeps no more than the reserve and one experience's price
    (CAT-19) before it moves on."""
    for seed in range(3):
        st = cornered()
        s = st.active
        st.money[s] = 2 * 700  # half coins
        bot = GreedyAgent(seed)
        done: list[str] = []
        while st.phase == "move" and st.step == "main" and len(done) < 20:
            done.append(bot.choose(InfoSet(st, s)).text)
            st.apply(done[-1])
        assert "buy experience" in done and done[-1] == "walk", done
        assert st.money[s] < 2 * (100 + 200), done


def test_a_dwarf_keeps_a_reserve_of_coins() -> None:
    st = cornered()
    st.money[st.active] = 2 * 250  # buying would leave less than the reserve
    assert "buy experience" not in choices(st)


def test_greedy_games_open_no_offer_they_cancel() -> None:
    """Three greedy dwarves play a stretch of a real game: every offer opened is proposed."""
    game = game_class("catacombs")(players=3)
    for seed in (1, 2):
        agents = make_agents(["greedy"] * 3, 3, seed, "catacombs")
        st = game.new_state(seed=seed)
        opened = proposed = 0
        while st.to_act is not None and st.n_actions < 1500:
            seat = st.to_act
            text = agents[seat].choose(info_set(agents[seat], st, seat)).text
            assert text != "cancel trade"
            opened += text.startswith("offer")
            proposed += text == "propose"
            st.apply(text)
        assert opened == proposed


def test_a_walled_in_dwarf_breaks_through_with_the_potion_it_holds() -> None:
    """A dwarf shut in one cell beside unexplored ground, a destruction potion in its backpack,
    breaks the wall (CAT-43) rather than keep the potion: the potion's worth lies in the way
    out it gives, and the break is one step nearer. Before, keeping the potion's worth as
    goods beat using it, and such dwarves waited for the round limit."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "E")  # shut: the entrance west and the tile east face no way in
    build(st, at(st, 2, 0), "S")
    move_to(st, s, 1, 0)
    give(st, s, "destruction")
    st.money[s] = 0
    assert "break south wall" in {a.text for a in st.legal_actions()}
    assert choices(st) == {"break south wall"}
