"""Creatures: movement at sunrise, numbers and dice (rulebook part 5)."""

from __future__ import annotations

from meeple.components.dice import best_or_identical_sum
from meeple.games.andor import creatures, fight

from .helpers import bare, black, fight_with, step, sunrise, texts


def test_and1_creatures_never_trigger_fog_or_wells() -> None:
    """AND-1."""
    st = bare(at=[5, 5])
    st.creatures = {18: "gor"}  # arrow 18 -> 9
    st.fog = {9: "gold"}
    st.wells_full = frozenset()
    st.creatures = {**st.creatures, 20: "skral"}  # arrow 20 -> 9 taken -> 3
    gold = list(st.gold)
    sunrise(st)
    assert st.creatures[9] == "gor" and st.fog == {9: "gold"}
    assert st.gold == gold  # the fog token's gold went to nobody


def test_and2_creature_on_hero_region_starts_no_fight() -> None:
    """AND-2."""
    st = bare(at=[9, 9])
    st.creatures = {18: "gor"}
    sunrise(st)
    assert st.creatures == {9: "gor"}
    assert st.fight is None and step(st) == "turn"


def test_and3_heroes_pass_through_creatures() -> None:
    """AND-3."""
    st = bare(at=[3, 3])
    st.creatures = {9: "gor"}
    st.apply("move to 9")
    assert "move to 18" in texts(st)
    st.apply("move to 18")
    assert st.position[0] == 18


def test_and4_creature_follows_its_arrow_at_sunrise() -> None:
    """AND-4."""
    st = bare(at=[5, 5])
    st.creatures = {19: "gor"}
    sunrise(st)
    assert st.creatures == {8: "gor"}


def test_and5_lowest_region_moves_first() -> None:
    """AND-5."""
    st = bare(at=[5, 5])
    st.creatures = {18: "gor", 20: "gor"}  # both arrows point to 9
    sunrise(st)
    assert st.creatures == {9: "gor", 3: "gor"}


def test_and6_occupied_region_is_skipped() -> None:
    """AND-6."""
    st = bare(at=[5, 5])
    st.creatures = {29: "gor", 18: "skral", 9: "troll"}  # gor first: 18 and 9 taken
    sunrise(st)
    # The gor skips 18 and 9 and lands on 3; the skral and the troll then skip on past the
    # gor into the castle, each onto a golden shield.
    assert st.creatures == {3: "gor"}
    assert st.castle_creatures == 2 and not st.is_over


def test_and7_kind_order_and_wardraks_twice() -> None:
    """AND-7, AND-28: gors, skrals, wardraks, trolls, wardraks again."""
    st = bare(at=[5, 5])
    st.creatures = {44: "wardrak", 39: "troll", 64: "tower_skral"}
    sunrise(st)
    # the wardrak steps 44 -> 39? taken by the troll -> 36; the troll 39 -> 36? taken -> 29;
    # the wardrak steps again 36 -> 29? taken -> 18.
    assert st.creatures == {18: "wardrak", 29: "troll", 64: "tower_skral"}
    kinds = [e["kind"] for e in st.events() if e["type"] == "creature_moved"]
    assert kinds == ["wardrak", "troll", "wardrak"]


def test_and8_blocked_creature_stays() -> None:
    """AND-8."""
    st = bare(at=[5, 5])
    st.creatures = {43: "gor", 47: "gor"}  # 43 -> 38, 47 -> 41 -> 38
    st.blocked = frozenset({38})
    sunrise(st)
    assert st.creatures == {43: "gor", 41: "gor"}


def test_and9_new_creature_on_occupied_region_moves_on() -> None:
    """AND-9."""
    st = bare()
    st.creatures = {19: "gor"}
    creatures.place(st, "skral", 19)
    assert st.creatures == {19: "gor", 8: "skral"}


def test_and10_creature_numbers_from_the_roster() -> None:
    """AND-10."""
    g = bare().game
    assert [g.creature_stats(k) for k in ("gor", "skral", "wardrak", "troll")] == [
        (2, 4), (6, 6), (10, 7), (14, 12)]
    assert [g.content.creatures[k].reward for k in ("gor", "skral", "wardrak", "troll")] == [
        2, 4, 6, 6]


def test_and11_wardrak_dice_by_willpower() -> None:
    """AND-11."""
    st = bare()
    assert fight.creature_dice(st, "wardrak", 7) == (2, "black")
    assert fight.creature_dice(st, "wardrak", 6) == (1, "black")


def test_and12_troll_dice_by_willpower() -> None:
    """AND-12."""
    st = bare()
    assert fight.creature_dice(st, "troll", 12) == (3, "red")
    assert fight.creature_dice(st, "troll", 7) == (3, "red")
    assert fight.creature_dice(st, "troll", 6) == (2, "red")


def test_and13_gors_and_skrals_roll_two_red_dice() -> None:
    """AND-13."""
    st = bare()
    assert fight.creature_dice(st, "gor", 4) == (2, "red")
    assert fight.creature_dice(st, "skral", 1) == (2, "red")


def test_and14_identical_dice_are_summed() -> None:
    """AND-14."""
    assert best_or_identical_sum([3, 3, 5]) == 6
    assert best_or_identical_sum([2, 2, 5]) == 5
    assert best_or_identical_sum([6, 6]) == 12


def test_and15_troll_example_battle_value_20() -> None:
    """AND-15."""
    st = bare(at=[9, 5])
    fight_with(st, 0, 9, "troll", [1, 1, 1, 3, 3, 5])  # warrior rolls 1,1,1; troll 3,3,5
    roll = next(e for e in st.events() if e["type"] == "creature_roll")
    assert roll["dice"] == [3, 3, 5] and roll["value"] == 20


def test_and17_fight_tracks_creature_willpower() -> None:
    """AND-17."""
    st = bare(at=[9, 5])
    st.strength[0] = 5
    fight_with(st, 0, 9, "skral", [6, 1, 1, 1, 1])  # 5+6=11 vs 6+(1+1)=8
    assert st.fight is not None and st.fight["creature_willpower"] == 3
    assert st.view(0)["fight"]["willpower"] == 3
    assert st.creatures[9] == "skral"


def test_and16_reward_split_one_point_at_a_time() -> None:
    """AND-16."""
    st = bare(at=[9, 5])
    st.strength[0] = 14
    round_ = [6, 6, 6, black(6), black(8)]  # 20 vs 10+8: 2 damage, then 1 black die
    weak = [6, 6, 6, black(6)]  # 20 vs 16: 4 damage
    fight_with(st, 0, 9, "wardrak", round_ + weak + weak)
    st.apply("fight on")
    st.apply("fight on")
    assert step(st) == "reward"
    gave = 0
    while step(st) == "reward":
        opts = texts(st)
        assert "give 1 gold to the warrior" in opts
        st.apply("give 1 gold to the warrior" if gave % 2 else "give 1 willpower to the warrior")
        gave += 1
    assert gave == 6
    assert st.gold[0] == 1 + 3 and st.willpower[0] == 7 + 3


def test_and16_wardrak_reward_is_six_in_all_not_six_and_six() -> None:
    """AND-16: the rulebook's "6 gold and 6 willpower" for a wardrak is one reward of 6,
    each point gold or willpower: all six as willpower leave the gold as it was."""
    st = bare(at=[9, 5])
    st.strength[0] = 14
    round_ = [6, 6, 6, black(6), black(8)]  # 20 vs 10+8: 2 damage, then 1 black die
    weak = [6, 6, 6, black(6)]  # 20 vs 16: 4 damage
    fight_with(st, 0, 9, "wardrak", round_ + weak + weak)
    st.apply("fight on")
    st.apply("fight on")
    willpower, gold = st.willpower[0], st.gold[0]
    points = 0
    while step(st) == "reward":
        st.apply("give 1 willpower to the warrior")
        points += 1
    assert points == 6
    assert st.willpower[0] == willpower + 6 and st.gold[0] == gold
