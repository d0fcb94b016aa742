"""The turn, moving, exploring, the end of the game (MYTH-22 to MYTH-38, MYTH-66 to MYTH-71)."""

from __future__ import annotations

import meeple
from meeple.components.tilegrid import E, N, S, W
from meeple.games.myth import actions, ending, heroes, turn
from meeple.games.myth.state import MythState

from .scenario import fresh, open_cell, texts, turn_of


def test_myth27_turn_passes_clockwise() -> None:
    """MYTH-27, MYTH-28: draw, move, events, battle, then the next seat; steps may be skipped."""
    st = fresh(3, 1)
    actions.carry_on(st, turn.start(st, 0))
    assert st.step == "draw" and st.to_act == 0
    st.apply("draw 0")
    # apply changed the step; mypy keeps the narrowing of the assert before it
    assert st.step == "move"  # type: ignore[comparison-overlap]
    st.apply("stay")
    assert st.step == "end"
    st.apply("end turn")
    assert st.active == 1 and st.to_act == 1
    st.apply("draw 0")
    st.apply("stay")
    st.apply("end turn")
    assert st.active == 2


def test_myth30_draw_up_to_six_for_free() -> None:
    """MYTH-29, MYTH-30: only the turn's hero draws; up to six in hand costs nothing."""
    st = fresh(3, 1)
    st.hand[0] = st.deck[:4]
    del st.deck[:4]
    actions.carry_on(st, turn.start(st, 0))
    assert st.to_act == 0
    assert "draw 2" in texts(st)
    st.apply("draw 2")
    assert len(st.hand[0]) == 6 and heroes.res(st, 0) == 5
    assert all(len(st.hand[s]) == 0 for s in (1, 2))


def test_myth31_cards_beyond_six_cost_doubling() -> None:
    """MYTH-31: the 7th card costs 2, the 8th 4, the 9th 8."""
    st = fresh(2, 1)
    st.hand[0] = st.deck[:6]
    del st.deck[:6]
    assert turn.extra_cost(st, 6, 1) == 2
    assert turn.extra_cost(st, 6, 3) == 2 + 4 + 8
    assert turn.extra_cost(st, 7, 1) == 4
    actions.carry_on(st, turn.start(st, 0))
    assert texts(st) == ["draw 0", "draw 1"]  # 5 resources: the 8th would make 6
    heroes.gain(st, 0, 1)
    st._legal = None
    assert texts(st)[-1] == "draw 2"
    st.apply("draw 2")
    assert heroes.res(st, 0) == 0 and len(st.hand[0]) == 8


def test_myth32_no_draw_in_battle_or_web() -> None:
    """MYTH-32, MYTH-58: no drawing (nor moving) while a battle lasts or a web holds."""
    st = fresh(2, 1)
    st.position[1] = (0, 1)
    open_cell(st, (0, 1))
    st.enemies[(0, 1)] = ["trow"]
    st.begun = ((0, 1),)
    actions.carry_on(st, turn.start(st, 1))
    assert st.step != "draw" and st.step != "move"
    st.lasting[(0, 0)] = ["web_trap"]
    from .scenario import script_rolls
    script_rolls(st, [1])
    actions.carry_on(st, turn.start(st, 0))
    assert st.step not in ("draw", "move")
    assert turn.webbed(st, 0)


def test_myth33_move_only_through_open_passages() -> None:
    """MYTH-33: a move needs a passage on both tiles."""
    st = fresh(2, 1)
    open_cell(st, (1, 0), W | E)
    open_cell(st, (0, -1), E | S)  # opens south, towards the start
    open_cell(st, (-1, 0), N)  # closed towards the start
    open_cell(st, (0, 1), N | S)
    turn_of(st, 0)
    t = texts(st)
    assert {"move east", "move north", "move south"} <= set(t)
    assert "move west" not in t and "explore west" not in t
    st.apply("move east")
    assert st.position[0] == (1, 0)


def test_myth34_explore_pays_one_and_draws_a_tile() -> None:
    """MYTH-34: exploring gives one resource and draws the top tile."""
    st = fresh(2, 1)
    turn_of(st, 0)
    top = st.tiles[-1]
    n = len(st.tiles)
    st.apply("explore east")
    assert heroes.res(st, 0) == 6 and st.drawn_tile == top and len(st.tiles) == n - 1
    assert st.step == "place"


def test_myth35_redraw_a_tile_for_three() -> None:
    """MYTH-35: three resources discard the drawn tile for the next one."""
    st = fresh(2, 1)
    turn_of(st, 0)
    st.apply("explore east")
    first, nxt = st.drawn_tile, st.tiles[-1]
    st.apply("redraw tile")
    assert heroes.res(st, 0) == 3 and st.drawn_tile == nxt and st.tile_discard == (first,)
    assert "redraw tile" in texts(st)
    st.apply("redraw tile")
    assert "redraw tile" not in texts(st)


def test_myth36_tile_must_connect_the_way_in() -> None:
    """MYTH-36: every offered orientation opens towards the hero's way in; others may close."""
    st = fresh(2, 1)
    turn_of(st, 0)
    st.tiles = (*st.tiles, "corner")
    st.apply("explore east")
    assert sorted(texts(st)) == ["place NW", "place SW", "redraw tile"]
    st.apply("place NW")
    assert st.grid[(1, 0)] == N | W and st.position[0] == (1, 0)
    st.tiles = (*st.tiles, "dead_end")
    actions.carry_on(st, turn.start(st, 1))
    st.apply("draw 0")
    st.apply("explore north")
    assert texts(st)[0] == "place S"


def test_myth37_dungeon_stays_within_nine_by_nine() -> None:
    """MYTH-37: no tile beyond a 9x9 extent."""
    st = fresh(2, 1)
    for x in range(1, 9):
        open_cell(st, (x, 0), E | W)
    st.position[0] = (8, 0)
    turn_of(st, 0)
    assert "explore east" not in texts(st)
    st.position[0] = (0, 0)
    turn_of(st, 0)
    assert "explore west" not in texts(st)
    assert "explore north" in texts(st)


def test_myth38_staying_brings_no_events() -> None:
    """MYTH-38: a hero who stays draws no event card and nobody is offered one."""
    st = fresh(2, 1, empty_hands=False)
    turn_of(st, 0)
    n = len(st.deck)
    st.apply("stay")
    assert len(st.deck) == n and st.step == "end" and st.to_act == 0


def test_myth66_no_trading_actions() -> None:
    """MYTH-66, MYTH-59: no action ever gives to or attacks another hero."""
    st = meeple.load("myth", players=3).new_state(seed=4)
    import random
    r = random.Random(4)
    while not st.is_over:
        for a in st.legal_actions():
            assert not a.text.startswith(("give", "trade", "attack Archer", "attack Dwarf"))
        st.apply(r.choice(st.legal_actions()))


def test_myth67_views_hide_hands_quests_and_face_down_cards() -> None:
    """MYTH-67: others' hands and quests are counts; face-down cards show only to their owner."""
    st = fresh(3, 1, empty_hands=False)
    turn_of(st, 0)
    st.apply("explore east")
    st.apply(texts(st)[0])
    while st.to_act is not None and st.step == "offer" and st.to_act == 0:
        st.apply(next(t for t in texts(st) if t.startswith("play")))
    table = st.view(None)["table"]
    assert table and all(e["card"] is None for e in table)
    mine = [e for e in st.view(0)["table"] if e["by"] == 0]
    assert mine and all(e["card"] for e in mine)
    assert "hand" not in st.view(None)
    assert st.view(1)["hand"] == sorted(st.hand[1])
    played = [e for e in st.events(1) if e["type"] == "action" and e["seat"] == 0]
    assert any(e["action"] == "play a card" for e in played)
    assert not any(e["action"].startswith("play ") and e["action"] != "play a card"
                   for e in played)


def test_myth70_buy_an_extra_turn_for_five() -> None:
    """MYTH-69, MYTH-70: five resources at the end of the turn buy one more turn, once."""
    st = fresh(3, 1)
    heroes.gain(st, 0, 10)
    turn_of(st, 0)
    st.apply("stay")
    st.apply("extra turn")
    assert heroes.res(st, 0) == 10 and "extra turn" not in texts(st)
    st.apply("end turn")
    assert st.active == 0
    st.apply("draw 0")
    st.apply("stay")
    st.apply("end turn")
    assert st.active == 1


def test_myth71_avatara_heals_for_two_a_point() -> None:
    """MYTH-71: on the start square the Avatara heals one life for two resources."""
    st = fresh(2, 1)
    st.life[0] = 3
    turn_of(st, 0)
    st.apply("avatara heal")
    assert st.life[0] == 4 and heroes.res(st, 0) == 3
    st.position[0] = (1, 0)
    open_cell(st, (1, 0))
    turn_of(st, 0)
    assert "avatara heal" not in texts(st)


def test_myth22_last_tile_ends_the_game() -> None:
    """MYTH-22, MYTH-23: placing the last tile ends the game at once, scored by quests."""
    st = fresh(2, 1)
    st.tiles = ("corridor",)
    st.shown[1] = ["kill_wight"]
    turn_of(st, 0)
    st.apply("explore east")
    st.apply(texts(st)[0])
    assert st.is_over
    r = st.result()
    assert r.reason == "tiles-out" and r.winners == (1,)


def test_myth23_score_by_quests_then_life_and_resources() -> None:
    """MYTH-23: equal quests -> life + resources; equal again -> shared."""
    st = fresh(3, 1)
    st.shown = [["a"], ["b"], []]
    st.life[0], st.life[1] = 5, 5
    heroes.gain(st, 1, 1)
    ending.finish_by_score(st, "tiles-out")
    assert st.result().winners == (1,)
    st = fresh(3, 1)
    st.life = [5, 5, 9]
    ending.finish_by_score(st, "tiles-out")
    assert st.result().winners == (2,)
    st = fresh(3, 1)
    st.life = [7, 7, 7]
    ending.finish_by_score(st, "tiles-out")
    assert st.result().winners == (0, 1, 2)


def test_myth24_two_turns_after_the_event_deck_runs_out() -> None:
    """MYTH-24: the turn that empties the event deck and the next one are the last."""
    st = fresh(3, 1)
    st.deck = st.deck[:2]
    actions.carry_on(st, turn.start(st, 0))
    st.apply("draw 2")
    assert st.final_turns == 2
    st.apply("stay")
    st.apply("end turn")
    assert not st.is_over and st.active == 1
    st.apply("stay")
    st.apply("end turn")
    assert st.is_over and st.result().reason == "events-out"


def test_myth25_last_hero_alive_wins() -> None:
    """MYTH-25: the only survivor wins."""
    st = fresh(3, 1)
    turn.hurt(st, 1, 99, "test")
    assert not st.is_over
    turn.hurt(st, 2, 99, "test")
    assert st.is_over and st.result().winners == (0,)
    assert st.result().reason == "last-hero"


def test_myth26_turn_limit_scores_the_game() -> None:
    """MYTH-26: the safety option ends a game of idle heroes."""
    st = meeple.load("myth", players=2, options={"max_turns": 6}).new_state(seed=1)
    assert isinstance(st, MythState)
    while not st.is_over:
        la = st.legal_actions()
        pick = next((a for a in la if a.text in ("draw 0", "stay", "end turn", "pass")), la[0])
        st.apply(pick)
    assert st.result().reason == "turn-limit" and st.turn == 6


def test_myth_directions_cover_all_sides() -> None:
    """MYTH-33: all four sides of the start crossroads can be explored at the start."""
    st = fresh(2, 1)
    turn_of(st, 0)
    assert [t for t in texts(st) if t.startswith("explore")] == [
        "explore north", "explore east", "explore south", "explore west"]
    assert (N, E, S, W) == (1, 2, 4, 8)
