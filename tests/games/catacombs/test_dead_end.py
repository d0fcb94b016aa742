"""CAT-24: the dead end counts what the tools of one way on cost together. A potion the way
needs is kept for its use, not also sold to pay for another tool; purchases are paid in their
order, each at the prices where it is made (``ending._pays``). And the bots take such a way:
a dwarf shut in by monsters it cannot beat sneaks past one even while it holds a destruction
potion (``bots._walled_in``, ``bots._raise_cash``)."""

from __future__ import annotations

import json

from meeple.agents import info_set, make_agents
from meeple.games.catacombs import ending
from meeple.games.catacombs.backpack import armour_of
from meeple.games.catacombs.board import monster_at
from meeple.games.catacombs.distances import FIGHT_ON_CHANCE, target_distance
from meeple.games.catacombs.heuristic import win_chance
from meeple.games.catacombs.state import CatacombsState

from .helpers import at, build, give, started
from .test_outlook import RECORDS, from_record, ghost_corridor


def behind_a_monster_before_a_wall(coins: int) -> CatacombsState:
    """Seat 0 (to act, strength 0) on its entrance, open only east onto a monster it cannot
    beat, its other wall against explored ground; past the monster one explored cell with
    no side open onto unexplored ground, only walls. It carries a destruction potion and
    ``coins``; every other entrance is walled in and the other dwarf has nothing."""
    st = ghost_corridor(onward=False)
    s = st.active
    build(st, at(st, 0, 1), "")
    build(st, at(st, 2, 0), "W")
    give(st, s, "destruction")
    st.money[s] = 2 * coins  # half coins
    return st


def price(st: CatacombsState, effect: str) -> int:
    """The shop's price of the potion with ``effect`` at an entrance, in coins."""
    items = st.game.content.items
    return next(items[i].price for i in st.game.content.shop if items[i].effect == effect)


def test_cat24_a_sneak_paid_by_selling_the_potion_the_wall_needs_is_no_way_on() -> None:
    """Short of one coin for an invisibility potion, the dwarf could sell its destruction
    potion to buy it, but the wall past the monster then needs that potion, and the rest
    would not buy another: no way on. One coin more and it keeps the potion: a way on."""
    sneak = price(started(), "invisibility")
    st = behind_a_monster_before_a_wall(sneak - 1)
    assert not ending.way_forward(st, st.active)
    st.apply("stay")
    st.apply("end turn")
    assert st.is_over and st.result().reason == "dead-end"
    st = behind_a_monster_before_a_wall(sneak)
    assert ending.way_forward(st, st.active)
    st.apply("stay")
    st.apply("end turn")
    assert not st.is_over


def test_cat24_coins_that_pay_for_both_potions_are_a_way_on() -> None:
    """Without a destruction potion, coins for the sneak and then the potion are a way on;
    coins for either alone are not, though either alone was once counted enough."""
    both = price(started(), "invisibility") + price(started(), "destruction")
    for coins, way in ((both, True), (both - 1, False)):
        st = behind_a_monster_before_a_wall(coins)
        s = st.active
        st.pack[s] = []
        assert ending.way_forward(st, s) is way, coins


def test_cat24_the_real_game_ends_where_the_rule_once_counted_the_potion_twice() -> None:
    """``records/sneak-paid-with-the-breaker.json``: after this turn neither dwarf has a way
    on. The rule counted seat 0's destruction potion both as coins for an invisibility
    potion and as the way through the wall past the ghost, and the game ran on, nobody
    moving, to the round limit."""
    st = from_record("sneak-paid-with-the-breaker.json")
    assert ending.way_forward(st, 1) is False
    assert ending.way_forward(st, 0) is False
    while st.to_act == st.active and not st.is_over and st.phase == "end":
        st.apply("end turn")
    assert st.is_over and st.result().reason == "dead-end"
    assert st.result().winners == (0,)


def played_on(st: CatacombsState) -> list[str]:
    """Greedy dwarves in every seat play ``st`` out (at most 300 actions of the dwarf to act
    now, far more than any way out takes); that dwarf's actions."""
    s = st.active
    agents = make_agents(["greedy"] * st.players, st.players, 0, "catacombs")
    done: list[str] = []
    while st.to_act is not None and len(done) < 300:
        seat = st.to_act
        action = agents[seat].choose(info_set(agents[seat], st, seat))
        if seat == s:
            done.append(action.text)
        st.apply(action)
    return done


def test_a_dwarf_shut_in_by_ghosts_with_a_potion_sells_buys_a_sneak_and_breaks_out() -> None:
    """CAT-42, CAT-43 for the bots: ``records/between-two-ghosts-with-a-potion.json``. Shut in
    on its entrance by two ghosts, a destruction potion in its backpack, the dwarf had no plan
    while it held a potion: the walls were never its way, the ghosts were. It now sells gear
    for an invisibility potion, sneaks past a ghost, breaks the wall beyond and explores, and
    the game ends by its rules."""
    st = from_record("between-two-ghosts-with-a-potion.json")
    done = played_on(st)
    assert done[:3] == ["sell Dagger", "sell Dagger", "buy Invisibility Potion"], done
    assert any(t.startswith("sneak") for t in done) and any(t.startswith("break") for t in done)
    assert st.is_over and st.result().reason != "round-limit"


def test_a_dwarf_a_potion_short_walks_to_an_entrance_buys_one_and_breaks_out() -> None:
    """``records/one-potion-two-walls-an-entrance-in-reach.json``: the only dwarf with a way
    on is two walls from unexplored ground with one destruction potion, an entrance in reach
    and gear to buy a second potion there. The plan sent it towards the entrance, and its walk
    then read the walls as its target and stopped where it stood, every turn to the round
    limit. Its walk now leads to the entrance; it buys the potion and breaks out."""
    st = from_record("one-potion-two-walls-an-entrance-in-reach.json")
    done = played_on(st)
    assert "buy Destruction Potion" in done and any(t.startswith("break") for t in done), done
    assert st.is_over and st.result().reason != "round-limit"


def test_a_dwarf_with_a_potion_walks_home_buys_a_speed_potion_and_jumps() -> None:
    """``records/a-jump-home-with-a-potion.json``: the only dwarf with a way on holds one
    destruction potion, two walls from unexplored ground; its boots pay for a speed potion at
    its own entrance, and past another entrance one wall stands before unexplored ground.
    Holding the potion, its walk only ever looked for walls, and the jump's landing counted
    no wall as a target: it never went home. It now walks home, sells, buys, jumps and
    breaks through, and the game ends by its rules."""
    st = from_record("a-jump-home-with-a-potion.json")
    done = played_on(st)
    assert "buy Speed Potion" in done and any(t.startswith("speed to") for t in done), done
    assert any(t.startswith("break") for t in done)
    assert st.is_over and st.result().reason != "round-limit"


def test_dwarves_walled_in_by_a_ghost_sell_buy_a_sword_and_fight_through() -> None:
    """CAT-24, CAT-30 for the bots: ``records/walled-in-by-a-ghost-a-sword-away.json``. Both
    dwarves stand walled in on one cell: the only way on passes a ghost no weapon they hold
    can touch, no entrance is in reach, and one destruction potion each is short of the
    three walls before unexplored ground. Their gear sold pays for a short sword, the way on
    the dead-end rule counts; they had stood there to the round limit. Now each sells, buys
    a weapon that can beat the ghost, takes it up and walks on to the fight, and the game
    ends by its rules."""
    st = from_record("walled-in-by-a-ghost-a-sword-away.json")
    assert ending.way_forward(st, st.active)
    done = played_on(st)
    bought = next(i for i, t in enumerate(done) if t.startswith("buy "))
    assert done[bought + 1].startswith("equip ") and "step east" in done[bought + 2:], done
    assert st.is_over and st.result().reason != "round-limit"


def test_a_dwarf_armed_against_the_ghost_at_its_edge_keeps_the_sword() -> None:
    """``records/a-sword-for-the-ghost-and-back.json``: walled in, a ghost at the edge of
    its reach and unexplored ground past it, an axe in hand that cannot touch the ghost and
    short swords in the backpack that can. The dwarf took up a sword, which made the ghost
    its target, then its dearer axe again, which walled it in, forty times a turn to the round
    limit. A weapon that gives no chance against a monster next to its reach is no longer put
    on over one that does (``rearm.keep_arms``): it keeps the sword, fights, and the game
    ends by its rules."""
    st = from_record("a-sword-for-the-ghost-and-back.json")
    done = played_on(st)
    sword = done.index("equip Short Sword")
    assert "equip Axe" not in done[sword:sword + 10], done[:sword + 10]
    assert st.is_over and st.result().reason != "round-limit"


def test_a_dwarf_seeks_out_only_monsters_it_would_fight_on_against() -> None:
    """``records/a-ghost-sought-and-fled.json``: the leader, its rival walled in, has one way
    on left, the open side of a skeleton's cell it beats one time in two; ghosts and a dragon
    it beats one time in six stand nearer. It walked to the nearest ghost, attacked once, fled
    (it fights on only at a third or better) and came back, monster after monster, to the
    round limit. A monster is a target only at the chance the dwarf fights on at, unless
    nothing else is in reach: it walks to the skeleton, fights, explores, and the game ends
    by its rules within the round limit it had met."""
    st = from_record("a-ghost-sought-and-fled.json")
    s = st.active
    targets = {c for c, d in target_distance(st, s).items() if d == 0}
    ghosts = {c for c in range(st.game.cells) if st.tile[c] is not None
              and (m := monster_at(st, c)) is not None and win_chance(st, s, m) < FIGHT_ON_CHANCE}
    assert ghosts and not ghosts & targets
    assert ghosts <= {c for c, d in target_distance(st, s, bold=True).items() if d == 0}
    done = played_on(st)
    assert "retreat" not in done, done
    rounds = json.loads((RECORDS / "a-ghost-sought-and-fled.json").read_text("utf-8"))[
        "options"]["max_rounds"]
    assert st.is_over and st.result().reason == "tenth-vein"
    assert st.turn < rounds * st.players  # the round limit the game had met


def test_a_dwarf_fights_on_a_harmless_monster_it_would_only_walk_back_to() -> None:
    """``records/a-harmless-orc-fled-and-sought.json``: on an orc's cell, beating it one
    time in six, its blows stopped by the dwarf's armour, the cell behind with no target in
    reach: the orc was its bold walk's only target. It retreated, walked back and attacked
    once, seventeen times over 65 turns. It now fights on until the orc falls, never
    retreating (``distances.fights_on``)."""
    st = from_record("a-harmless-orc-fled-and-sought.json")
    s = st.active
    cell = st.position[s]
    assert cell is not None
    orc = monster_at(st, cell)
    assert orc is not None and 0 < win_chance(st, s, orc) < FIGHT_ON_CHANCE
    assert st.game.content.monsters[orc].attack <= armour_of(st, s)
    agents = make_agents(["greedy"] * st.players, st.players, 0, "catacombs")
    done: list[str] = []
    while monster_at(st, cell) is not None and len(done) < 300:
        seat = st.to_act
        assert seat is not None
        action = agents[seat].choose(info_set(agents[seat], st, seat))
        if seat == s:
            done.append(action.text)
        st.apply(action)
    assert monster_at(st, cell) is None and "retreat" not in done, done
