"""Fights: rounds, joint fights, rewards and the heroes' abilities."""

from __future__ import annotations

from meeple.games.andor import fight, turn
from meeple.games.andor.content import LETTERS

from .helpers import Dice, bare, black, fight_with, step, texts


def test_and50_round_costs_an_hour_and_best_die_counts() -> None:
    """AND-50."""
    st = bare(at=[9, 5])
    fight_with(st, 0, 9, "gor", [2, 5, 3, 1, 2])  # 2+5=7 vs 2+2=4
    assert st.hours[0] == 1
    assert st.fight is not None and st.fight["creature_willpower"] == 1


def test_and51_loser_loses_the_difference() -> None:
    """AND-51."""
    st = bare(at=[9, 5])
    fight_with(st, 0, 9, "gor", [2, 1, 1, 1, 2])  # 4 vs 4: a tie
    assert st.willpower[0] == 7 and st.fight is not None and st.fight["creature_willpower"] == 4
    st.rng = Dice([1, 1, 1, 6, 5])  # 3 vs 8
    st.apply("fight on")
    assert st.willpower[0] == 2


def test_and52_no_hour_means_withdraw() -> None:
    """AND-52."""
    st = bare(at=[9, 5])
    st.hours[0] = 9
    st.willpower[0] = 20
    fight_with(st, 0, 9, "gor", [2, 1, 1, 1, 1, 2])  # 4 vs 4
    assert st.hours[0] == 10 and st.willpower[0] == 18
    assert texts(st) == ["withdraw"]


def test_and54_hero_at_zero_loses_strength() -> None:
    """AND-54."""
    st = bare(at=[9, 5])
    st.willpower[0], st.strength[0] = 1, 3
    fight_with(st, 0, 9, "skral", [1, 1, 6, 5])  # warrior has 2 dice at 1 willpower
    assert (st.strength[0], st.willpower[0]) == (2, 3)
    assert st.fight is None and st.to_act == 1


def test_and55_creature_recovers_after_withdrawal() -> None:
    """AND-55."""
    st = bare(at=[9, 5])
    st.strength[0] = 5
    fight_with(st, 0, 9, "skral", [6, 1, 1, 1, 2])  # 11 vs 8: skral at 3
    st.apply("withdraw")
    assert st.fight is None and st.creatures == {9: "skral"}
    st.rng = Dice([1, 1, 1, 1, 2])
    turn.begin_turn(st, 0)
    st._legal = None
    st.apply("fight the skral on 9")
    assert st.fight is not None and st.fight["creature_willpower"] == 6


def test_and56_invitation_and_join() -> None:
    """AND-56."""
    st = bare(at=[9, 9])
    fight_with(st, 0, 9, "gor", [])
    assert step(st) == "invite" and texts(st) == ["begin the fight", "invite the archer"]
    st.apply("invite the archer")
    assert st.to_act == 1 and texts(st) == ["join the fight", "decline"]
    st.rng = Dice([3])
    st.apply("join the fight")
    assert st.fight is not None and st.fight["fighters"] == (0, 1)


def test_and57_joint_value_is_the_sum() -> None:
    """AND-57."""
    st = bare(at=[9, 9], heroes="warrior,dwarf")
    fight_with(st, 0, 9, "gor", [])
    st.apply("invite the dwarf")
    st.rng = Dice([4, 1, 1, 3, 2, 1, 2])  # warrior 2+4, dwarf 2+3 = 11 vs 2+2
    st.apply("join the fight")
    roll = next(e for e in st.events() if e["type"] == "creature_roll")
    assert roll["heroes"] == 11


def test_and58_each_participant_loses_the_difference() -> None:
    """AND-58."""
    st = bare(at=[9, 9], heroes="warrior,dwarf")
    fight_with(st, 0, 9, "skral", [])
    st.apply("invite the dwarf")
    st.rng = Dice([1, 1, 1, 1, 1, 6, 5])  # 3 + 3 = 6 vs 6 + 6 = 12
    st.apply("join the fight")
    assert st.willpower == [1, 1]


def test_and59_reward_only_to_final_participants() -> None:
    """AND-59."""
    st = bare(at=[9, 9], heroes="warrior,dwarf")
    fight_with(st, 0, 9, "gor", [])
    st.apply("invite the dwarf")
    st.rng = Dice([2, 1, 1, 1, 1, 1, 2])  # 4 + 3 = 7 vs 4: gor at 1
    st.apply("join the fight")
    st.apply("fight on")
    st.rng = Dice([6, 6, 6, 1, 2])
    st.apply("withdraw")  # the dwarf leaves
    assert not any("dwarf" in t for t in texts(st))
    assert texts(st) == ["give 1 gold to the warrior", "give 1 willpower to the warrior"]


def test_and60_withdrawn_hero_does_not_rejoin() -> None:
    """AND-60."""
    st = bare(at=[9, 9], heroes="warrior,dwarf")
    fight_with(st, 0, 9, "skral", [])
    st.apply("invite the dwarf")
    st.rng = Dice([2, 1, 1, 1, 1, 1, 2])  # tie-ish: 4 + 3 = 7 vs 6 + 2 = 8
    st.apply("join the fight")
    st.apply("withdraw")  # warrior leaves; the dwarf fights on alone
    st.rng = Dice([1, 1, 1, 2])
    st.apply("fight on")
    assert st.fight is not None and st.fight["fighters"] == (1,)
    assert all("invite" not in t for t in texts(st))


def test_and61_turn_after_fight_goes_left_of_inviter() -> None:
    """AND-61."""
    st = bare(players=3, at=[5, 9, 5])
    st.strength[1] = 10
    fight_with(st, 1, 9, "gor", [6, 1, 1, 1, 1, 2])  # the archer keeps her first die
    assert step(st) == "keep"
    st.apply("keep 6")
    while step(st) == "reward":
        st.apply(texts(st)[0])
    assert st.fight is None and st.to_act == 2


def test_and31_kill_moves_narrator() -> None:
    """AND-31, AND-53: a kill pays the reward, removes the creature, moves the narrator."""
    st = bare(at=[9, 5])
    st.strength[0] = 10
    before = st.letter
    fight_with(st, 0, 9, "gor", [6, 1, 1, 1, 2])
    st.apply("give 1 gold to the warrior")
    st.apply("give 1 gold to the warrior")
    assert st.letter == before + 1 and LETTERS[st.letter] == "D"
    assert 9 not in st.creatures and st.killed == ("gor",)


def test_and63_warrior_well_five() -> None:
    """AND-63."""
    st = bare(at=[14, 14], heroes="warrior,dwarf")
    st.apply("drink from the well")
    assert st.willpower[0] == 12 and 14 not in st.wells_full
    st2 = bare(at=[14, 14], heroes="dwarf,warrior")
    st2.apply("drink from the well")
    assert st2.willpower[0] == 10


def test_and64_archer_adjacent_and_last_die() -> None:
    """AND-64."""
    st = bare(at=[5, 3])
    fight_with(st, 1, 9, "gor", [2, 5, 1, 2])
    assert step(st) == "keep" and texts(st) == ["keep 2", "roll again"]
    st.apply("roll again")
    st.apply("keep 5")
    roll = next(e for e in st.events() if e["type"] == "hero_roll")
    assert roll["value"] == 5 and roll["dice"] == [5]


def test_and65_wizard_flips_opposite_face() -> None:
    """AND-65."""
    st = bare(at=[9, 9], heroes="warrior,wizard")
    fight_with(st, 0, 9, "gor", [])
    st.apply("invite the wizard")
    st.rng = Dice([1, 2, 1])
    st.apply("join the fight")
    assert st.to_act == 1 and step(st) == "flip"
    assert texts(st) == ["no flip", "flip 1 of the warrior", "flip 2 of the warrior"]
    st.apply("flip 1 of the warrior")
    hero = next(e for e in st.events() if e["type"] == "hero_roll")
    assert hero["value"] == 6
    assert fight.flip_value(3, False) == 4 and fight.flip_value(6, True) == 12


def test_and66_dwarf_mine_price() -> None:
    """AND-66."""
    st = bare(at=[67, 7], heroes="dwarf,warrior")
    assert "buy strength" in texts(st)
    st.apply("buy strength")
    assert st.strength[0] == 3 and st.gold[0] == 0
    st2 = bare(at=[7, 7], heroes="dwarf,warrior")
    assert "buy strength" not in texts(st2)


def test_and75_bow_from_adjacent_region() -> None:
    """AND-75."""
    st = bare(at=[3, 5])
    st.items[0] = ("bow",)
    fight_with(st, 0, 9, "gor", [3, 4])
    assert step(st) == "keep" and texts(st) == ["keep 3", "roll again"]
    st2 = bare(at=[9, 5])
    st2.items[0] = ("bow",)
    fight_with(st2, 0, 9, "gor", [3, 4, 1, 1, 2])
    assert step(st2) != "keep"


def test_and76_helm_sums_identical_dice() -> None:
    """AND-76."""
    st = bare(at=[9, 5])
    st.items[0] = ("helm",)
    fight_with(st, 0, 9, "gor", [3, 3, 5, 1, 2])
    roll = next(e for e in st.events() if e["type"] == "hero_roll")
    assert roll["value"] == 6


def test_and79_brew_doubles_one_die() -> None:
    """AND-79."""
    st = bare(at=[9, 5])
    st.items[0] = ("brew", "helm")
    fight_with(st, 0, 9, "gor", [3, 3, 5, 1, 2])
    assert step(st) == "boost"
    st.apply("double 5 with the brew")
    roll = next(e for e in st.events() if e["type"] == "hero_roll")
    assert roll["value"] == 10  # no helm together with the brew
    assert st.items[0] == ("helm", "brew:worn")


def test_and80_three_runes_give_a_black_die() -> None:
    """AND-80."""
    st = bare(at=[9, 5])
    st.items[0] = ("rune_red", "rune_blue", "rune_green")
    fight_with(st, 0, 9, "gor", [black(12), 1, 1, 1, 2])
    roll = next(e for e in st.events() if e["type"] == "hero_roll")
    assert roll["dice"] == [12, 1, 1] and roll["value"] == 12


def test_and74_shield_blocks_loss_and_event() -> None:
    """AND-74."""
    st = bare(at=[9, 5])
    st.items[0] = ("shield",)
    fight_with(st, 0, 9, "skral", [1, 1, 1, 6, 5])
    assert step(st) == "shield"
    st.apply("block the loss with the shield")
    assert st.willpower[0] == 7 and st.items[0] == ("shield:worn",)
    st.apply("withdraw")
    st.deck = ["cold_night"]
    turn.begin_turn(st, 0)
    st._legal = None
    st.apply("end day")
    st.apply("end day")
    assert step(st) == "block event" and st.to_act == 0
    st.apply("block the event with the shield")
    # apply changed the items; mypy keeps the narrowing of the assert before it
    assert st.willpower == [7, 7] and st.items[0] == () and st.stock["shield"] == 5  # type: ignore[comparison-overlap]
    assert st.day == 2
