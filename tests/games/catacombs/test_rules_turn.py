"""Scenario tests of the catacombs' turn and movement, battle, building and information:
one or more per rule (CAT-25 to CAT-30, CAT-51 to CAT-61) of docs/rules/catacombs.md."""

from __future__ import annotations

from meeple.games.catacombs.board import monster_at

from .helpers import (
    E,
    S,
    W,
    at,
    build,
    decision,
    force_roll,
    force_tile,
    fresh,
    give,
    kinds,
    legal,
    monster_on,
    move_to,
    put_card,
    started,
)


# ---------------------------------------------------------------- turn and movement
def test_cat25_turn_runs_move_event_build() -> None:
    """CAT-25: move, then event, then build, then the end of the turn."""
    st = started()
    put_card(st, at(st, 1, 0), "treasure:ruby")
    assert st.view()["phase"] == "move"
    st.apply("explore east")
    assert (st.phase, st.step) == ("build", "build") and "reveal" in kinds(st)
    st.apply("draw tile")
    st.apply(legal(st)[0])
    assert (st.phase, st.step) == ("end", "main") and "end turn" in legal(st)


def test_cat25_free_actions_are_capped_per_turn() -> None:
    """CAT-25: equipping and unequipping cannot go on for ever; the cap resets each turn."""
    st = started(free_action_limit=4)
    s = st.active
    give(st, s, "dagger")
    for _ in range(2):
        st.apply("equip Dagger")
        st.apply("unequip Dagger")
    texts = legal(st)
    assert not any(t.startswith(("equip", "buy", "sell")) for t in texts)
    assert "explore east" in texts  # moving is still offered
    uncapped = started(free_action_limit=0)
    give(uncapped, uncapped.active, "dagger")
    for _ in range(10):
        uncapped.apply("equip Dagger")
        uncapped.apply("unequip Dagger")
    assert "equip Dagger" in legal(uncapped)
    st.apply("explore east")
    while st.active == s and not st.is_over:
        st.apply("end turn" if "end turn" in legal(st) else legal(st)[0])
    assert st.free_used == 0 and any(t.startswith("buy") for t in legal(st))


def test_cat26_explore_one_orthogonal_step() -> None:
    """CAT-26: one step onto unexplored ground, orthogonally, through an open side."""
    st = started()
    s = st.active
    texts = legal(st)
    assert "explore east" in texts and "explore south" in texts
    assert "explore north" not in texts and "explore west" not in texts
    put_card(st, at(st, 0, 1), "ingredient:amber")
    st.apply("explore south")
    assert st.position[s] == at(st, 0, 1) and st.came_from[s] == 0


def test_cat27_walk_uses_d6_and_never_enters_unexplored() -> None:
    """CAT-27: a d6 walk over explored ground stops before unexplored cells."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "EW")
    build(st, at(st, 2, 0), "EW")
    force_roll(st, 5)
    st.apply("walk")
    assert st.walk_left == 5
    st.apply("step east")
    st.apply("step east")
    assert st.position[s] == at(st, 2, 0)
    assert decision(st) == ["step west", "stop"]  # (3,0) is unexplored
    st.apply("stop")
    assert st.step == "main" and st.phase == "end" and st.walk_left == 0
    st2 = started()
    build(st2, at(st2, 1, 0), "EW")
    force_roll(st2, 1)
    st2.apply("walk")
    st2.apply("step east")
    assert st2.phase == "end"  # the points are used up


def test_cat28_walls_block_movement() -> None:
    """CAT-28: a closed side on either tile is a wall."""
    st = started()
    build(st, at(st, 1, 0), "NS")  # its west side is a wall
    build(st, at(st, 0, 1), "NS")
    texts = legal(st)
    assert "walk" in texts  # south is joined
    st.tile[0] = E  # the entrance's own south side closed
    fresh(st)
    assert "walk" not in legal(st)
    st.tile[at(st, 1, 0)] = None
    fresh(st)
    assert "explore east" in legal(st)
    st.tile[0] = S
    fresh(st)
    assert "explore east" not in legal(st)


def test_cat29_dwarves_share_cells() -> None:
    """CAT-29: any number of dwarves may stand on one cell."""
    st = started(3)
    s = st.active
    build(st, at(st, 1, 0), "EW")
    for o in range(3):
        move_to(st, o, 1, 0)
    force_roll(st, 1)
    st.apply("walk")
    st.apply("step west")
    assert st.position[s] == 0
    move_to(st, s, 1, 0)
    assert len({st.position[o] for o in range(3)}) == 1


def test_cat30_monster_blocks_and_stepping_on_starts_battle() -> None:
    """CAT-30: a walk ends on a monster's cell with a battle; no walking through."""
    st = started()
    monster_on(st, at(st, 1, 0), "rat")
    build(st, at(st, 2, 0), "EW")
    force_roll(st, 6)
    st.apply("walk")
    st.apply("step east")
    assert (st.phase, st.step) == ("event", "battle") and "step east" not in legal(st)


# ---------------------------------------------------------------- battle
def test_cat51_forced_retreat_leaves_monster_face_up() -> None:
    """CAT-51: retreat to the cell the dwarf came from; the monster stays, the cell is built."""
    st = started()
    s = st.active
    put_card(st, at(st, 1, 0), "monster:troll")
    st.apply("explore east")
    assert decision(st) == ["fight", "retreat"]
    st.apply("retreat")
    assert st.position[s] == 0 and st.step == "build"
    st.apply("draw tile")
    st.apply(legal(st)[0])
    tile = st.tile[at(st, 1, 0)]
    assert tile is not None and tile & W and monster_at(st, at(st, 1, 0)) is not None


def test_cat52_battle_table_roll_x_and_dash() -> None:
    """CAT-52: equal or beat the number; X wins without a roll; '-' cannot win."""
    st = started()
    s = st.active
    monster_on(st, at(st, 1, 0), "rat")
    give(st, s, "mace")
    st.strength[s] = 4
    fresh(st)
    st.apply("equip Mace")
    force_roll(st, 1)
    st.apply("walk")
    st.apply("step east")
    st.apply("attack")
    ev = [e for e in st.events() if e["type"] == "attack"][-1]
    assert ev["need"] == 0 and ev["roll"] == 0 and ev["win"]
    st2 = started()
    s2 = st2.active
    monster_on(st2, at(st2, 1, 0), "ghost")
    force_roll(st2, 1)
    st2.apply("walk")
    st2.apply("step east")
    st2.apply("attack")
    ev = [e for e in st2.events() if e["type"] == "attack"][-1]
    assert ev["need"] is None and not ev["win"] and st2.health[s2] == 9
    st3 = started()
    s3 = st3.active
    monster_on(st3, at(st3, 1, 0), "rat")  # fists need 4
    force_roll(st3, 1)
    st3.apply("walk")
    st3.apply("step east")
    force_roll(st3, 4)
    st3.apply("attack")
    assert st3.kills[s3] == 1


def test_cat53_victory_removes_monster_gives_experience() -> None:
    """CAT-53: a beaten monster leaves; its experience and a kill are the dwarf's."""
    st = started()
    s = st.active
    put_card(st, at(st, 1, 0), "monster:goblin")
    st.apply("explore east")
    st.apply("fight")
    force_roll(st, 6)
    st.apply("attack")
    assert st.experience[s] == 2 and st.kills[s] == 1 and st.card[at(st, 1, 0)] is None
    assert st.step == "build"


def test_cat54_armour_never_raises_damage() -> None:
    """CAT-54: damage is the attack minus armour, never below zero."""
    st = started()
    s = st.active
    monster_on(st, at(st, 1, 0), "orc")  # attack 3
    st.armour[s] = 2
    force_roll(st, 1)
    st.apply("walk")
    st.apply("step east")
    force_roll(st, 1)
    st.apply("attack")
    assert st.health[s] == 11
    st2 = started()
    s2 = st2.active
    monster_on(st2, at(st2, 1, 0), "orc")
    st2.armour[s2] = 5
    force_roll(st2, 1)
    st2.apply("walk")
    st2.apply("step east")
    force_roll(st2, 1)
    st2.apply("attack")
    assert st2.health[s2] == 12


def test_cat55_one_attack_per_turn_then_fight_or_retreat() -> None:
    """CAT-55: one attack, then next turn attack again or retreat where the dwarf came from."""
    st = started()
    s = st.active
    monster_on(st, at(st, 1, 0), "troll")
    force_roll(st, 1)
    st.apply("walk")
    st.apply("step east")
    force_roll(st, 1)
    st.apply("attack")
    assert "attack" not in legal(st) and st.phase == "end"
    st.apply("end turn")
    st.apply("stay")
    st.apply("end turn")
    moves = [a for a in legal(st) if a in ("attack", "retreat", "walk", "stay")]
    assert moves == ["attack", "retreat"]
    st.apply("retreat")
    assert st.position[s] == 0 and st.phase == "end"


def test_cat56_no_fighting_between_dwarves() -> None:
    """CAT-56: dwarves sharing a cell have no way to fight each other."""
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "EW")
    move_to(st, s, 1, 0)
    move_to(st, 1 - s, 1, 0)
    assert not any(a in ("attack", "fight") for a in legal(st))


# ---------------------------------------------------------------- building
def test_cat57_tile_needs_passage_towards_entry_side() -> None:
    """CAT-57: only orientations with a passage back towards the entry side."""
    st = started()
    put_card(st, at(st, 1, 0), "treasure:ruby")
    force_tile(st, "corner")
    st.apply("explore east")
    st.apply("draw tile")
    options = [a for a in legal(st) if a.startswith("place")]
    assert options == ["place SW", "place NW"]
    st.apply("place SW")
    assert st.tile[at(st, 1, 0)] == S | W


def test_cat58_refusing_tile_costs_experience() -> None:
    """CAT-58: refusing puts the tile face up and draws another, for -1 experience."""
    st = started()
    s = st.active
    put_card(st, at(st, 1, 0), "treasure:ruby")
    st.apply("explore east")
    st.apply("draw tile")
    first = st.held_tile
    assert first is not None
    st.apply("refuse tile")
    assert st.faceup_tiles == [first] and st.experience[s] == -1 and st.held_tile is not None
    assert st.view()["face_up_tiles"] == [st.game.content.tiles[first][0]]


def test_cat59_face_up_tile_can_be_taken() -> None:
    """CAT-59: a later explorer may take the face-up tile instead of drawing."""
    st = started()
    cross = next(i for i, t in enumerate(st.game.content.tiles) if t[0] == "cross")
    st.pile.remove(cross)
    st.faceup_tiles.append(cross)
    put_card(st, at(st, 1, 0), "treasure:ruby")
    st.apply("explore east")
    assert decision(st) == ["draw tile", "take Crossroads"]
    st.apply("take Crossroads")
    assert st.faceup_tiles == [] and decision(st) == ["place NESW", "refuse tile"]


def test_cat60_no_building_when_walking() -> None:
    """CAT-60: walking explored ground never draws a tile."""
    st = started()
    build(st, at(st, 1, 0), "EW")
    pile = len(st.pile)
    force_roll(st, 1)
    st.apply("walk")
    st.apply("step east")
    assert st.phase == "end" and len(st.pile) == pile and "draw tile" not in legal(st)


# ---------------------------------------------------------------- information
def test_cat61_determinize_keeps_view() -> None:
    """CAT-61: a world of a seat's shows it the same view; the face-down cards and the tiles
    are the same unseen multisets, and what turns up next is decided by the world's own
    chance, not the true game's."""
    st = started()
    put_card(st, at(st, 1, 0), "ingredient:amber")
    st.apply("explore east")
    d = st.determinize(0, 3)
    assert d.view(0) == st.view(0)
    assert d.pile == st.pile and d.deck == st.deck and d.down == st.down
    assert d.rng.state != st.rng.state
    drawn = set()
    for k in range(8):
        w = st.determinize(0, k)
        w.apply("draw tile")
        drawn.add(w.held_tile)
    assert len(drawn) > 1
