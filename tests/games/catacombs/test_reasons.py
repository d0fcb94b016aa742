"""Why an expected action is not offered (``reasons.py``): chosen positions of real play, each
reason for an illegal action, in both languages, read from the seat's own view."""

from __future__ import annotations

from meeple.games.catacombs.state import CatacombsState

from .helpers import at, build, force_roll, fresh, give, legal, monster_on, started


def reasons(st: CatacombsState, lang: str = "en") -> dict[str, str]:
    out = dict((a.text, r) for a, r in st.game.why_not(st.view(st.to_act), lang))
    assert not set(out) & set(legal(st)), "a reason given for a legal action"
    return out


def test_a_wall_of_the_dwarfs_cell_is_why_it_cannot_explore_that_way() -> None:
    st = started()
    s = st.active
    st.tile[st.position[s] or 0] = 4  # CAT-28: the entrance open to the south only
    fresh(st)
    why = reasons(st)
    assert "explore east" in why and "wall" in why["explore east"]
    assert "explore south" not in why and "explore south" in legal(st)
    assert "стен" in reasons(st, "ru")["explore east"]


def test_a_walk_stops_at_walls_and_before_unexplored_ground() -> None:
    st = started()
    s = st.active
    build(st, at(st, 1, 0), "W")  # a dead end: no way on to the east
    build(st, at(st, 2, 0), "W")
    force_roll(st, 3)
    st.apply("walk")
    st.apply("step east")
    assert st.step == "walk" and st.position[s] == at(st, 1, 0)
    why = reasons(st)
    assert "wall" in why["step east"] and "unexplored" in why["step south"]
    assert "стена" in reasons(st, "ru")["step east"]


def test_the_shop_says_what_the_purse_cannot_pay() -> None:
    st = started()
    why = reasons(st)
    assert "buy Mithril Axe" in why and "500 coins" in why["buy Mithril Axe"]
    assert "buy Dagger" not in why
    st.money[st.active] = 2 * 150  # half coins
    fresh(st)
    why = reasons(st)
    assert "buy extra turn" in why and "buy experience" in why
    assert "buy Short Sword" not in why  # 120 at an entrance


def test_a_weapon_too_heavy_says_the_strength_it_needs() -> None:
    st = started()
    give(st, st.active, "mace")
    why = reasons(st)
    assert why["equip Mace"] == "The Mace needs strength 4; yours is 2."


def test_cat41_a_speed_jump_from_another_entrance_says_whose_entrance_it_must_be() -> None:
    st = started()
    s = st.active
    give(st, s, "speed")
    own = st.position[s]
    other = next(c for c in sorted(st.game.entrance_cells) if c != own)
    st.position[s] = other
    fresh(st)
    why = reasons(st)
    jumps = [t for t in why if t.startswith("speed to")]
    assert len(jumps) == 3 and "own entrance" in why[jumps[0]]


def test_a_tile_turned_away_from_the_way_in_is_why_it_cannot_lie_so() -> None:
    st = started(seed=8)  # the first card east of the north-west entrance: a fork drawn
    st.apply("explore east")
    st.apply("draw tile")
    assert st.step == "place"
    why = reasons(st)
    assert "place NES" in why and "west" in why["place NES"]


def test_no_retreat_after_breaking_a_wall_into_a_fight() -> None:
    st = started()
    s = st.active
    monster_on(st, at(st, 1, 0), "dragon")
    st.tile[st.position[s] or 0] = 4
    give(st, s, "destruction")
    st.apply("break east wall")
    st.apply("fight")
    st.apply("attack")
    while st.active != s or st.phase != "move" or st.step != "main":
        st.apply(legal(st)[0] if st.active != s else "end turn")
    assert "retreat" not in legal(st)
    assert "no retreat" in reasons(st)["retreat"]
