"""Scenario tests of the catacombs' goal and end of the game and of its events: one or
more per rule (CAT-22 to CAT-24, CAT-31 to CAT-50) of docs/rules/catacombs.md."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.games.catacombs import ending
from meeple.games.catacombs.backpack import armour_of
from meeple.games.catacombs.state import CatacombsState

from .helpers import (
    N,
    S,
    at,
    build,
    decision,
    force_roll,
    fresh,
    give,
    item,
    legal,
    monster_on,
    move_to,
    put_card,
    started,
)


# ---------------------------------------------------------------- end
def _find_vein(st: CatacombsState) -> None:
    put_card(st, at(st, 1, 0), "vein")
    st.position[st.active] = 0
    fresh(st)
    st.apply("explore east")


def test_cat22_most_experience_wins_kills_break_ties() -> None:
    """CAT-22: most experience wins; equal experience: most kills."""
    st = started()
    s = st.active
    o = 1 - s
    st.veins = 9
    st.experience[o] = 2
    st.kills[o] = 1
    st.kills[s] = 2
    _find_vein(st)
    res = st.result()
    assert res.winners == (s,) and res.scores[s] == res.scores[o] == 2.0
    st2 = started()
    s2 = st2.active
    st2.veins = 9
    st2.experience[1 - s2] = 3
    _find_vein(st2)
    assert st2.result().winners == (1 - s2,)


def test_cat23_tenth_vein_ends_game_at_once() -> None:
    """CAT-23: the tenth vein ends the game immediately, before building."""
    st = started()
    st.veins = 9
    _find_vein(st)
    assert st.is_over and st.result().reason == "tenth-vein" and st.veins == 10
    assert st.tile[at(st, 1, 0)] is None


def test_cat24_dead_end_is_detected() -> None:
    """CAT-24: when nobody can reach unexplored ground the game ends."""
    for money, over in ((0, True), (300, False)):
        st = started(money=money)
        for e in st.game.entrance_cells:
            st.tile[e] = 0  # every entrance walled in
        st.apply("stay")
        st.apply("end turn")
        # with 300 coins a destruction potion is still affordable
        assert st.is_over is over
        if over:
            assert st.result().reason == "dead-end"


def test_cat24_cat43_a_dwarf_bound_to_a_fight_it_can_never_win_has_no_way_on() -> None:
    """CAT-24, CAT-43: a dwarf that broke through a wall onto a ghost and stayed must fight it
    until one falls; its fists cannot touch a ghost and the ghost's blows (3) do not pass
    its armour (3), so the fight never ends. It has no way on unless it holds or can pay for
    a weapon that could win; when no other dwarf has one either, the game ends."""
    st, s = broke_onto_a_ghost(money=0)
    st.apply("fight")
    st.apply("attack")
    assert st.no_retreat[s] and st.position[s] == at(st, 1, 0)
    st.armour[s] = 3
    assert not ending.way_forward(st, s)
    st.strength[s], st.money[s] = 3, 2 * 180  # a short sword, at 1.5x away from an entrance
    assert ending.way_forward(st, s)
    st.strength[s], st.money[s] = 2, 0
    for e in st.game.entrance_cells:  # the other dwarf walled in too
        if e != 0:
            st.tile[e] = 0
    st.apply("draw tile")
    st.apply(legal(st)[0])
    st.apply("end turn")
    assert st.is_over and st.result().reason == "dead-end"


# ---------------------------------------------------------------- events
def test_cat31_only_monsters_remain_on_explored_cells() -> None:
    """CAT-31: other cards leave the cell when revealed; a monster stays."""
    st = started()
    put_card(st, at(st, 1, 0), "weapon:dagger")
    put_card(st, at(st, 0, 1), "monster:rat")
    st.apply("explore east")
    assert st.card[at(st, 1, 0)] is None
    st2 = started()
    put_card(st2, at(st2, 0, 1), "monster:rat")
    st2.apply("explore south")
    st2.apply("retreat")
    assert st2.view()["cards"][at(st2, 0, 1)] == "monster:rat"


@pytest.mark.parametrize(("label", "item_id"), [("treasure:ruby", "ruby")])
def test_cat32_treasure_taken(label: str, item_id: str) -> None:
    """CAT-32: a treasure goes to the finder's backpack."""
    st = started()
    s = st.active
    put_card(st, at(st, 1, 0), label)
    st.apply("explore east")
    assert st.view()["dwarves"][s]["backpack"] == [item_id]


def test_cat33_weapon_taken_to_backpack() -> None:
    """CAT-33: a weapon goes to the backpack, ready to equip."""
    st = started()
    s = st.active
    put_card(st, at(st, 1, 0), "weapon:axe")
    st.apply("explore east")
    assert st.view()["dwarves"][s]["backpack"] == ["axe"]


def test_cat34_armour_item_taken_and_adds_when_worn() -> None:
    """CAT-34: an armour card raises armour once worn."""
    st = started()
    s = st.active
    put_card(st, at(st, 1, 0), "armour:iron_shield")
    st.apply("explore east")
    st.apply("draw tile")
    st.apply(legal(st)[0])
    assert armour_of(st, s) == 0
    st.apply("equip Iron Shield")
    assert armour_of(st, s) == 2


def test_cat35_ingredient_taken() -> None:
    """CAT-35: the six ingredients exist, three of each in the deck; found ones are kept."""
    st = started()
    s = st.active
    names = {it.name for it in st.game.content.items if it.kind == "ingredient"}
    assert names == {"Amber", "Ambra", "Omella", "Mushroom", "Skull", "Blood"}
    put_card(st, at(st, 1, 0), "ingredient:omella")
    st.apply("explore east")
    assert st.view()["dwarves"][s]["backpack"] == ["omella"]


def test_cat36_cauldron_stays_on_board() -> None:
    """CAT-36: a cauldron stays on its cell."""
    st = started()
    put_card(st, at(st, 1, 0), "cauldron:ancient")
    st.apply("explore east")
    st.apply("draw tile")
    st.apply(legal(st)[0])
    assert st.view()["cauldrons"][at(st, 1, 0)] == "ancient"
    assert sum(c.kind == "cauldron" for c in st.game.content.cards) == 6


def test_cat37_brewing_spends_ingredients_gives_potion_and_experience() -> None:
    """CAT-37: at a cauldron the recipe's ingredients become the potion, plus experience."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "EW")
    st.cauldron[at(st, 1, 0)] = 2  # the ancient cauldron, worth 3
    move_to(st, s, 1, 0)
    give(st, s, "mushroom", "blood", "amber")
    assert "brew Protection Potion" not in legal(st)
    st.apply("brew Healing Potion")
    assert st.pack[s] == sorted([item(st, "amber"), item(st, "healing")])
    assert st.experience[s] == 3


def test_cat38_healing_adds_four() -> None:
    """CAT-38: a healing potion adds 4 health."""
    st = started()
    s = st.active
    give(st, s, "healing")
    st.apply("drink Healing Potion")
    assert st.health[s] == 16 and st.pack[s] == []


def test_cat39_protection_adds_armour() -> None:
    """CAT-39: a protection potion adds 1 armour for good."""
    st = started()
    s = st.active
    give(st, s, "protection")
    st.apply("drink Protection Potion")
    assert armour_of(st, s) == 1


def test_cat40_strength_potion() -> None:
    """CAT-40: a strength potion adds 1 strength."""
    st = started()
    s = st.active
    give(st, s, "strength")
    st.apply("drink Strength Potion")
    assert st.strength[s] == 3


def test_cat41_speed_potion_walk_or_entrance_jump() -> None:
    """CAT-41: any distance over explored passages, or from entrance to entrance."""
    st = started()
    s = st.active
    for x in range(1, 9):
        build(st, at(st, x, 0), "EW")
    give(st, s, "speed")
    texts = legal(st)
    assert "speed walk" in texts and "speed to south-east" in texts
    st.apply("speed walk")
    for _ in range(8):
        st.apply("step east")
    assert st.position[s] == at(st, 8, 0) and st.step == "walk"
    st.apply("step east")  # onto the occupied north-east entrance
    st.apply("stop")
    assert st.pack[s] == []
    st2 = started()
    s2 = st2.active
    give(st2, s2, "speed")
    st2.apply("speed to south-east")
    assert st2.position[s2] == 99 and st2.pack[s2] == [] and st2.phase == "end"


def test_cat41_speed_jump_only_from_the_dwarfs_own_entrance() -> None:
    """CAT-41: the jump leaves from the entrance the dwarf chose at set-up, to any other; a
    dwarf standing on someone else's entrance (walked or jumped there) may not jump on."""
    st = started()
    s = st.active
    give(st, s, "speed", "speed")
    own = st.position[s]
    assert own is not None and own in st.game.entrance_cells
    mine = st.entered[s]
    assert mine is not None and st.view()["dwarves"][s]["entrance"] == (
        st.game.content.entrances[mine].id)
    st.apply("speed to south-east")
    assert st.position[s] == 99 and st.position[s] != own
    while st.active != s or st.phase != "move":
        st.apply("end turn" if "end turn" in legal(st) else decision(st)[0])
    assert not [t for t in legal(st) if t.startswith("speed to")]  # not its own entrance
    st.position[s] = own
    fresh(st)
    assert "speed to south-east" in legal(st)


def test_cat42_invisibility_passes_one_monster() -> None:
    """CAT-42: sneak past a monster without a battle, walking on."""
    st = started()
    s = st.active
    monster_on(st, at(st, 1, 0), "troll")
    build(st, at(st, 2, 0), "EW")
    give(st, s, "invisibility")
    force_roll(st, 3)
    st.apply("walk")
    st.apply("sneak east")
    assert "stop" not in legal(st) and st.step == "walk"
    st.apply("step east")
    assert st.position[s] == at(st, 2, 0) and st.health[s] == 12
    assert st.view()["cards"][at(st, 1, 0)] == "monster:troll"
    st2 = started()
    monster_on(st2, at(st2, 1, 0), "troll")
    give(st2, st2.active, "invisibility")
    force_roll(st2, 1)
    st2.apply("walk")
    assert "sneak east" not in legal(st2)  # it could not leave the monster's cell


def broke_onto_a_ghost(**opts: Any) -> tuple[CatacombsState, int]:
    """The dwarf to act, at its entrance walled in on the east, has broken through that wall
    onto a ghost with a destruction potion (CAT-43): its fight or retreat is to choose."""
    st = started(**opts)
    s = st.active
    st.tile[0] = S
    put_card(st, at(st, 1, 0), "monster:ghost")
    give(st, s, "destruction")
    assert "explore east" not in legal(st)
    st.apply("break east wall")
    return st, s


def test_cat43_destruction_through_wall_and_fight_to_the_end() -> None:
    """CAT-43: through a wall; staying with a monster means no retreat afterwards."""
    st, s = broke_onto_a_ghost()
    assert decision(st) == ["fight", "retreat"]
    st.apply("fight")
    st.apply("attack")  # fists cannot beat a ghost
    assert st.no_retreat[s]
    st.apply("draw tile")
    st.apply(legal(st)[0])  # lay the tile
    st.apply("end turn")
    st.apply("stay")
    st.apply("end turn")
    assert st.active == s and legal(st)[0] == "attack" and "retreat" not in legal(st)
    st2, s2 = broke_onto_a_ghost()
    st2.apply("retreat")
    assert st2.position[s2] == 0 and st2.pack[s2] == []
    assert st2.view()["cards"][at(st2, 1, 0)] == "monster:ghost"


def test_cat44_sacrificed_potions_add_to_roll() -> None:
    """CAT-44: each potion poured out adds +1 to the attack roll this turn."""
    st = started()
    s = st.active
    monster_on(st, at(st, 1, 0), "orc")  # fists need a 6
    give(st, s, "healing", "speed")
    force_roll(st, 1)
    st.apply("walk")
    st.apply("step east")
    st.apply("sacrifice Healing Potion")
    st.apply("sacrifice Speed Potion")
    assert st.bonus == 2 and st.pack[s] == []
    force_roll(st, 4)
    st.apply("attack")
    assert st.kills[s] == 1 and st.experience[s] == 3


def test_cat45_vein_gives_two_experience_and_leaves() -> None:
    """CAT-45: a mithril vein: +2 experience, the card leaves the game."""
    st = started()
    s = st.active
    _find_vein(st)
    assert st.experience[s] == 2 and st.veins == 1 and st.card[at(st, 1, 0)] is None
    assert sum(c.kind == "vein" for c in st.game.content.cards) == 10


def test_cat46_artifact_use_gives_two_experience() -> None:
    """CAT-46: an artifact is kept, sellable, and used for +2 experience."""
    st = started()
    s = st.active
    put_card(st, at(st, 1, 0), "artifact:rollshtain")
    st.apply("explore east")
    st.apply("draw tile")
    st.apply(legal(st)[0])
    assert "sell Rollshtain" in legal(st) and "offer trade to seat " + str(1 - s) in legal(st)
    st.apply("use Rollshtain")
    assert st.experience[s] == 2 and st.pack[s] == []


def test_cat47_rollshtain_reveals_neighbours() -> None:
    """CAT-47: the four neighbouring cards turn face up for everybody."""
    st = started()
    s = st.active
    build(st, at(st, 1, 1), "NESW")
    move_to(st, s, 1, 1)
    put_card(st, at(st, 2, 1), "monster:rat")
    give(st, s, "rollshtain")
    st.apply("use Rollshtain")
    v = st.view(1 - s)
    assert v["cards"][at(st, 2, 1)] == "monster:rat"
    assert v["cards"][at(st, 1, 2)] != "hidden" and v["cards"][at(st, 3, 1)] == "hidden"
    put_card(st, at(st, 2, 1), "monster:rat")
    st.apply("explore east")
    assert decision(st) == ["fight", "retreat"]


def test_cat48_spinner_turns_or_redraws_tile() -> None:
    """CAT-48: turn the tile under the dwarf, or redraw it for 1 experience."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "EW")
    st.tile_card[at(st, 1, 0)] = next(i for i, t in enumerate(st.game.content.tiles)
                                      if t.id == "straight")
    move_to(st, s, 1, 0)
    give(st, s, "spinner")
    st.apply("use Spinner")
    assert decision(st) == ["turn tile to NS", "turn tile to EW"]
    st.apply("turn tile to NS")
    assert st.tile[at(st, 1, 0)] == N | S and st.experience[s] == 2 and st.step == "main"
    give(st, s, "spinner")
    pile = len(st.pile)
    st.apply("use Spinner to redraw")
    # apply changed the step; mypy keeps the narrowing of the assert before it
    assert st.experience[s] == 3 and len(st.pile) == pile and st.step == "spin"  # type: ignore[comparison-overlap]
    st.apply(legal(st)[0])
    assert "use Spinner" not in legal(st)
    assert "use Spinner" not in legal(started())  # entrances have no tile


def test_cat49_summoner_kills_with_both_gains() -> None:
    """CAT-49: the Summoner destroys the monster: kill experience + 2."""
    st = started()
    s = st.active
    monster_on(st, at(st, 1, 0), "dragon")
    give(st, s, "summoner")
    force_roll(st, 1)
    st.apply("walk")
    st.apply("step east")
    st.apply("use Summoner")
    assert st.experience[s] == 6 + 2 and st.kills[s] == 1 and st.card[at(st, 1, 0)] is None


def test_cat50_cristall_replaces_two_ingredients() -> None:
    """CAT-50: the Cristall stands in for two ingredients; both gains are paid."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "EW")
    st.cauldron[at(st, 1, 0)] = 0  # copper, worth 1
    move_to(st, s, 1, 0)
    give(st, s, "cristall", "skull")
    texts = legal(st)
    assert "brew Destruction Potion with Cristall" in texts
    assert "brew Destruction Potion" not in texts
    st.apply("brew Destruction Potion with Cristall")
    assert st.pack[s] == [item(st, "destruction")] and st.experience[s] == 1 + 2
