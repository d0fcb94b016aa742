"""The bots' heuristic for Myth (docs/bots.md): own progress against the strongest rival."""

from __future__ import annotations

from meeple.games.myth import heroes, heuristic

from .scenario import HEROES, fresh, open_cell


def test_a_wounded_rival_raises_the_value_and_a_level_raises_it_more() -> None:
    st = fresh(2, 1)
    even = st._evaluate(0)
    assert even == st._evaluate(1) == 0.5  # same level, full life, five resources each
    st.life[1] = max(1, st.life[1] // 2)
    wounded = st._evaluate(0)
    assert wounded > even and st._evaluate(1) < 0.5 < wounded
    st.level[0] += 1
    assert st._evaluate(0) > wounded + 0.1


def test_a_fallen_hero_is_worth_nothing_and_values_stay_in_range() -> None:
    st = fresh(3, 2)
    st.alive[2] = False
    assert st._evaluate(2) == 0.0
    st.level[0] = 3
    for s in range(3):
        assert 0.0 <= st._evaluate(s) <= 1.0
    assert st._evaluate(0) > st._evaluate(1)


def test_monsters_on_the_heros_cell_lower_its_value_before_they_strike() -> None:
    st = fresh(2, 1)
    calm = st._evaluate(0)
    st.enemies[st.position[0]] = ["thrall"]
    one = st._evaluate(0)
    st.enemies[st.position[0]] = ["thrall", "trow", "bre_unor"]
    three = st._evaluate(0)
    assert three < one < calm
    st.enemies[st.position[0]] = []
    open_cell(st, (0, 1))
    st.position[1] = (0, 1)
    calm = st._evaluate(0)
    st.enemies[(0, 1)] = ["trow"]
    assert st._evaluate(0) > calm  # the rival's danger is seat 0's chance


def test_a_monster_card_played_on_the_explorers_cell_counts_before_it_is_revealed() -> None:
    st = fresh(2, 1)
    heroes.pay(st, 0, heroes.res(st, 0))  # a Journeyman who cannot heal: a Trow is a danger
    st.active = 0
    calm = st._evaluate(0)
    st.table = (("trow", 1, 2),)
    assert st._evaluate(0) < calm
    st.active = 1  # the card lies on the other hero's cell
    assert st._evaluate(0) > calm


def test_a_battle_is_read_to_its_end_and_a_likely_death_loses_the_game() -> None:
    """The blunder of a lost game: a Journeyman at level 1 played a Fetch onto his own cell
    and the deck added a Wight and a Myrkridia. Read to the end of the battle, his value is
    his chance to live through it, far below a calm cell's; without resources to heal, lower
    still, and for the rival such a battle is a likely win."""
    st = fresh(2, 1)
    assert st.hero[0] == "journeyman"
    st.active = 0
    calm = st._evaluate(0)
    st.table = (("fetch", 0, 3), ("wight", -1, 0), ("myrkridia", -1, 0))
    rich = st._evaluate(0)
    assert rich < calm - 0.05
    heroes.pay(st, 0, heroes.res(st, 0))
    poor = st._evaluate(0)
    live, _ = heuristic.outlook(st, 0)
    assert poor < rich and live < 0.2
    assert poor <= live
    assert st._evaluate(1) > 0.8


def test_a_monster_his_quest_wants_and_he_beats_is_worth_meeting() -> None:
    """A Warrior who needs two Thralls: two Thralls on his cell are a quest at hand once the
    battle is won (he kills them almost surely), so they raise his value; two he does not
    need are only a little experience."""
    st = fresh(2, 1)
    st.hero[0] = "warrior"
    st.life[0] = HEROES["warrior"].life[0]
    st.quests[0] = ["kill_thralls", "kill_trow", "kill_wight", "kill_fetch"]
    calm = st._evaluate(0)
    st.enemies[st.position[0]] = ["thrall", "thrall"]
    wanted = st._evaluate(0)
    assert wanted > calm + 0.03
    st.quests[0] = ["kill_ghols", "kill_trow", "kill_wight", "kill_fetch"]
    unwanted = st._evaluate(0)
    assert calm - 0.03 < unwanted < wanted


def test_a_healers_resources_count_as_life_in_a_battle() -> None:
    """The Journeyman heals 3 life a resource between rounds (MYTH-13): with resources a
    Trow is far less deadly to him than without."""
    st = fresh(2, 1)
    st.active = 0
    st.enemies[st.position[0]] = ["trow"]
    rich, _ = heuristic.outlook(st, 0)
    heroes.pay(st, 0, heroes.res(st, 0))
    poor, _ = heuristic.outlook(st, 0)
    assert rich > poor + 0.15


def test_the_shadow_of_balor_on_the_table_cancels_the_monsters_with_it() -> None:
    st = fresh(2, 1)
    heroes.pay(st, 0, heroes.res(st, 0))
    st.active = 0
    st.table = (("trow", 1, 2), ("fetch", -1, 0))
    doomed = st._evaluate(0)
    st.table = (("trow", 1, 2), ("fetch", -1, 0), ("shadow_of_balor", 0, 3))
    assert heuristic.outlook(st, 0)[0] == 1.0 and st._evaluate(0) > doomed
