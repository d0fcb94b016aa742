"""The time track, the sunrise box, the legend track and the hero's turn."""

from __future__ import annotations

from meeple.games.andor import turn
from meeple.games.andor.content import LETTERS
from meeple.games.andor.heroes import can_spend, gain_strength, gain_willpower

from .helpers import Dice, bare, new, step, sunrise, texts


def test_and18_move_fight_pass_cost_hours() -> None:
    """AND-18, AND-45: moving, fighting and passing each cost an hour."""
    st = bare(at=[3, 5])
    st.apply("move to 9")
    assert st.hours[0] == 1
    st.apply("stop")
    st.apply("pass")  # the archer passes
    assert st.hours[1] == 1
    st.creatures = {9: "gor"}
    st.rng = Dice([6, 6, 6, 1, 2])
    st._legal = None
    st.apply("fight the gor on 9")
    assert st.hours[0] == 2


def test_and19_seven_hours_then_overtime() -> None:
    """AND-19, AND-24: seven hours, then up to three overtime hours."""
    st = bare(at=[3, 3])
    st.hours[0] = 7
    assert can_spend(st, 0)
    st.hours[0] = 10
    assert not can_spend(st, 0)


def test_and20_out_of_hours_only_ends_day() -> None:
    """AND-20."""
    st = bare(at=[3, 3])
    st.hours[0] = 10
    st._legal = None
    assert not any(t.startswith(("move", "fight", "pass")) for t in texts(st))
    assert "end day" in texts(st)


def test_and21_end_day_early() -> None:
    """AND-21."""
    st = bare(at=[3, 3])
    st.hours[0] = 2
    st.apply("end day")
    assert st.ended == [True, False] and st.to_act == 1 and st.day == 1


def test_and22_rooster_begins_next_day() -> None:
    """AND-22."""
    st = bare(at=[3, 3])
    st.apply("pass")  # warrior
    st.apply("end day")  # archer first into the sunrise box: rooster
    assert st.rooster == 1
    st.apply("end day")  # warrior
    assert st.day == 2 and st.to_act == 1 and st.hours == [0, 0]


def test_and23_sunrise_only_when_all_ended() -> None:
    """AND-23."""
    st = bare(players=3, at=[3, 3, 3])
    turn.begin_turn(st, 0)
    st._legal = None
    st.apply("end day")
    st.apply("end day")
    assert st.day == 1 and st.to_act == 2
    st.apply("pass")
    assert st.to_act == 2  # the only hero still in the day plays on
    st.apply("end day")
    assert st.day == 2


def test_and25_overtime_costs_two_willpower() -> None:
    """AND-25."""
    st = bare(at=[3, 3])
    st.hours[0] = 7
    st.apply("move to 9")
    assert st.hours[0] == 8 and st.willpower[0] == 5


def test_and26_overtime_never_to_zero() -> None:
    """AND-26."""
    st = bare(at=[3, 3])
    st.hours[0] = 7
    st.willpower[0] = 2
    st._legal = None
    assert not can_spend(st, 0)
    assert "pass" not in texts(st)
    st.willpower[0] = 3
    assert can_spend(st, 0)


def test_and87_overtime_pass_costs_willpower() -> None:
    """AND-87."""
    st = bare(at=[3, 3])
    st.hours[0] = 8
    st.apply("pass")
    assert st.willpower[0] == 5 and st.hours[0] == 9


def test_and27_sunrise_draws_an_event() -> None:
    """AND-27."""
    st = bare(at=[3, 3])
    st.deck = ["lucky_find"]
    sunrise(st)
    assert st.last_event == "lucky_find" and st.discard == ("lucky_find",)
    assert st.gold == [2, 2]


def test_and29_wells_refill_unless_occupied() -> None:
    """AND-29."""
    st = bare(at=[14, 3])
    st.wells_full = frozenset()
    sunrise(st)
    assert st.wells_full == {31, 48, 58}


def test_and30_narrator_steps_at_sunrise() -> None:
    """AND-30."""
    st = bare(at=[3, 3])
    before = st.letter
    sunrise(st)
    assert st.letter == before + 1


def test_and32_star_letter_reads_card() -> None:
    """AND-32, AND-91: a star letter reads its card and does what it says."""
    st = bare(at=[3, 3])
    st.letter = LETTERS.index("B")
    sunrise(st)  # -> C: the stolen herb
    assert "C" in st.cards_read
    assert st.creatures == {57: "herb_gor"}  # the gor on 59 needs 3 heroes
    three = bare(players=3, at=[3, 3, 3])
    three.letter = LETTERS.index("B")
    sunrise(three)
    assert three.creatures == {57: "herb_gor", 59: "gor"}
    intro = bare(at=[3, 3], legend="intro")
    intro.letter = LETTERS.index("B")
    assert not intro.market_open
    sunrise(intro)  # -> C: the market opens, the witch appears at her hideout
    assert intro.market_open and intro.witch == 30


def test_and33_reaching_n_ends_the_legend() -> None:
    """AND-33."""
    st = bare(at=[3, 3])
    st.letter = LETTERS.index("M")
    sunrise(st)
    assert st.is_over and LETTERS[st.letter] == "N"
    assert st.result().reason == "goals-unmet" and st.result().winners == ()


def test_and34_setup_narrator_on_a_card_a_read() -> None:
    """AND-34."""
    st = new(2)
    assert st.letter == 0 and st.cards_read == ("A",)
    assert st.creatures[64] == "tower_skral" and st.creatures[47] == "skral"
    assert st.farmers == {21: 1, 22: 1}
    assert len(st.fog) == 15 and sorted(st.fog.values()).count("event") == 5


def test_and40_lowest_rank_begins() -> None:
    """AND-40."""
    assert new(4).to_act == 2  # the dwarf (rank 7)
    assert new(2).to_act == 0  # warrior (14) before archer (25)
    assert new(2, heroes="wizard,archer").to_act == 1


def test_and41_starting_values_by_legend() -> None:
    """AND-41."""
    full, intro = new(2), new(2, legend="intro")
    assert (full.strength, full.willpower, full.gold) == ([3, 3], [7, 7], [2, 2])
    assert (intro.strength, intro.willpower, intro.gold) == ([2, 2], [7, 7], [1, 1])


def test_and42_hero_dice_by_willpower_band() -> None:
    """AND-42."""
    st = new(4)
    for wp, want in ((6, [2, 3, 1, 1]), (7, [3, 4, 2, 1]), (14, [4, 5, 3, 1])):
        st.willpower = [wp] * 4
        assert [h["dice"] for h in st.view(None)["heroes"]] == want


def test_and43_willpower_and_strength_limits() -> None:
    """AND-43."""
    st = bare()
    gain_willpower(st, 0, 30)
    assert st.willpower[0] == 20
    gain_strength(st, 0, 40)
    assert st.strength[0] == 14
    gain_strength(st, 0, -40)
    assert st.strength[0] == 1


def test_and44_one_action_then_next_hero() -> None:
    """AND-44."""
    st = bare(at=[3, 3])
    st.apply("pass")
    assert st.to_act == 1
    st.apply("pass")
    assert st.to_act == 0


def test_and46_move_step_by_step() -> None:
    """AND-46."""
    st = bare(at=[0, 0])
    st.apply("move to 3")
    assert step(st) == "moving" and "stop" in texts(st)
    st.apply("move to 9")
    st.apply("move to 18")
    st.apply("stop")
    assert st.position[0] == 18 and st.hours[0] == 3 and st.to_act == 1


def test_and47_river_only_at_bridges() -> None:
    """AND-47."""
    g = bare().game
    assert 50 not in g.neighbours[18] and 43 not in g.neighbours[28]
    assert 38 in g.neighbours[35] and 39 in g.neighbours[36]


def test_and48_tokens_only_where_the_move_ends() -> None:
    """AND-48."""
    st = bare(at=[5, 3])
    st.willpower[0] = 10
    st.apply("move to 14")  # passing the Old Oak Well
    assert "drink from the well" not in texts(st)
    st.apply("stop")
    assert step(st) == "after move" and "drink from the well" in texts(st)


def test_and49_no_attack_in_the_turn_of_the_move() -> None:
    """AND-49."""
    st = bare(at=[3, 3])
    st.creatures = {9: "gor"}
    st.apply("move to 9")
    assert not any(t.startswith("fight") for t in texts(st))
    st.apply("stop")
    assert st.to_act == 1
    st.apply("pass")
    assert "fight the gor on 9" in texts(st)


def test_and20_out_of_hours_no_wineskin_walk() -> None:
    """AND-20, AND-39: the wineskin carries a hero one region further in a move; a hero out of
    hours may not set out with it, he only ends his day. A move begun with an hour may go on
    with the wineskin after that hour was the last."""
    st = bare(at=[3, 3])
    st.items[0] = ("wineskin",)
    st.hours[0] = 10
    st._legal = None
    assert not any(t.startswith("move") for t in texts(st))
    assert "end day" in texts(st)
    st.hours[0] = 9
    st.willpower[0] = 7
    st._legal = None
    st.apply("move to 9")  # the tenth hour
    assert st.hours[0] == 10
    assert "move to 18 with the wineskin" in texts(st)
