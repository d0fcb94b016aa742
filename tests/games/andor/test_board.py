"""Wells, fog, the witch, the castle, farmers, articles, events and the legend's result."""

from __future__ import annotations

import json
from typing import cast

import pytest

import meeple
from meeple.core import ConfigError
from meeple.games.andor import actions, legend, market, render, turn
from meeple.games.andor.content import LETTERS, load
from meeple.games.andor.view import View

from .helpers import Dice, bare, new, step, sunrise, texts


def test_and67_well_gives_three() -> None:
    """AND-67."""
    st = bare(at=[5, 31], heroes="dwarf,archer")
    turn.begin_turn(st, 1)
    st._legal = None
    st.apply("drink from the well")
    assert st.willpower[1] == 10 and 31 not in st.wells_full
    assert "drink from the well" not in texts(st)


def test_and68_fog_tokens_act_once() -> None:
    """AND-68."""
    st = bare(at=[3, 5])
    st.fog = {9: "gold", 17: "gor", 18: "will3"}
    st.apply("move to 9")
    st.apply("stop")
    assert st.gold[0] == 2 and 9 not in st.fog
    turn.begin_turn(st, 0)
    st._legal = None
    st.apply("move to 17")
    st.apply("stop")
    assert st.creatures == {17: "gor"}
    fog = [e["token"] for e in st.events() if e["type"] == "fog"]
    assert fog == ["gold", "gor"]


def test_and69_witch_found_in_fog() -> None:
    """AND-69."""
    st = bare(at=[3, 5])
    st.fog = {9: "witch"}
    st.apply("move to 9")
    st.apply("stop")
    assert st.witch == 9 and st.items[0] == ("brew",) and st.stock["brew"] == 4


def test_and70_shields_by_heroes() -> None:
    """AND-70, AND-88: golden shields by the number of heroes (solo: 4, option default)."""
    assert [new(p).game.shields for p in (1, 2, 3, 4)] == [4, 3, 2, 1]
    assert new(1, solo_shields=2).game.shields == 2


def test_and71_castle_overrun_loses() -> None:
    """AND-71."""
    st = bare(players=4, at=[5, 5, 5, 5])
    st.creatures = {3: "gor", 2: "gor"}
    sunrise(st)
    assert st.is_over and st.result().reason == "castle-overrun"
    assert st.result().winners == ()


def test_and72_farmers_saved_add_shields() -> None:
    """AND-72."""
    st = bare(at=[21, 5])
    st.farmers = {21: 1}
    st.apply("pick up a farmer")
    assert st.carried[0] == 1 and st.hours[0] == 0
    st.apply("move to 10")
    st.apply("move to 2")
    st.apply("move to 0")
    assert st.castle_farmers == 1 and st.carried[0] == 0
    assert st.view(None)["castle"]["shields"] == 4


def test_and73_farmers_die_on_creature_regions() -> None:
    """AND-73."""
    st = bare(at=[3, 5])
    st.carried = [2, 0]
    st.creatures = {9: "gor"}
    st.apply("move to 9")
    assert st.carried[0] == 0
    st2 = bare(at=[5, 5])
    st2.farmers = {8: 1, 9: 1}
    st2.creatures = {19: "gor", 18: "gor", 3: "skral"}  # 18 -> 9 kills; 19 -> 8 kills
    sunrise(st2)
    assert st2.farmers == {}


def test_and35_board_stock_at_start() -> None:
    """AND-35."""
    assert new().stock == {"shield": 4, "bow": 3, "falcon": 2, "helm": 3, "telescope": 2,
                           "wineskin": 5, "brew": 5}


def test_and36_merchant_sells_strength_and_articles() -> None:
    """AND-36."""
    st = bare(at=[7, 5])
    st.gold[0] = 4
    st._legal = None
    assert {"buy strength", "buy a helm", "buy a shield", "buy a wineskin"} <= set(texts(st))
    assert "buy a witch's brew" not in texts(st)
    st.apply("buy a helm")
    st.apply("buy strength")
    assert st.items[0] == ("helm",) and st.strength[0] == 3 and st.gold[0] == 0
    intro = bare(at=[7, 5], legend="intro")
    intro.gold[0] = 4
    intro._legal = None
    assert "buy strength" in texts(intro) and "buy a helm" not in texts(intro)


def test_and37_brew_only_at_the_witch_price_by_heroes() -> None:
    """AND-37."""
    assert [new(p).game.brew_price for p in (1, 2, 3, 4)] == [3, 3, 4, 5]
    st = bare(at=[9, 9])
    st.gold = [5, 5]
    st.witch = 30
    st._legal = None
    assert "buy witch's brew" not in texts(st)
    st.witch = 9
    st._legal = None
    st.apply("buy witch's brew")
    assert st.gold[0] == 2
    assert market.brew_price(st, 1) == 2  # the archer pays one less


def test_and38_articles_cost_no_hours() -> None:
    """AND-38."""
    st = bare(at=[3, 5])
    st.items[0] = ("herb", "telescope")
    st.fog = {9: "gold"}
    st.willpower[0] = 5
    st.apply("use the herb for willpower")
    st.apply("look through the telescope")
    assert st.hours[0] == 0 and st.willpower[0] == 8 and st.fog_seen == {9}


def test_and39_wineskin_two_free_steps() -> None:
    """AND-39."""
    st = bare(at=[0, 5])
    st.items[0] = ("wineskin",)
    st.stock = {**st.stock, "wineskin": 4}
    st.apply("move to 3 with the wineskin")
    assert st.items[0] == ("wineskin:worn",) and st.hours[0] == 0
    st.apply("move to 9 with the wineskin")
    # apply changed the items; mypy keeps the narrowing of the assert before it
    assert st.items[0] == () and st.stock["wineskin"] == 5 and st.hours[0] == 0  # type: ignore[comparison-overlap]
    assert "move to 18 with the wineskin" not in texts(st)


def test_and62_free_actions_cost_no_hour_and_stop_after_end_day() -> None:
    """AND-62."""
    st = bare(at=[9, 9])
    st.apply("give 1 gold to the archer")
    assert st.gold == [0, 2] and st.hours[0] == 0
    st.apply("end day")
    assert actions.free_actions(st, 0) == []
    assert "give 1 gold to the warrior" not in texts(st)  # the warrior's day is over
    st2 = bare(at=[9, 9], free_action_limit=1)
    st2.gold[0] = 3
    st2.apply("give 1 gold to the archer")
    assert not any(t.startswith("give") for t in texts(st2))


def test_and77_falcon_once_a_day() -> None:
    """AND-77."""
    st = bare(at=[3, 60])
    st.items[0] = ("falcon", "helm", "telescope")
    st._legal = None
    st.apply("send the falcon to the archer")
    opts = texts(st)
    assert "give the helm to the archer" in opts and "give 1 gold to the archer" in opts
    assert "give the falcon to the archer" not in opts  # large articles do not fly
    st.apply("give the telescope to the archer")
    assert st.items[1] == ("telescope",)
    st.apply("pass")
    st.apply("pass")
    assert not any("falcon" in t for t in texts(st))
    sunrise(st)
    turn.begin_turn(st, 0)
    st._legal = None
    assert "send the falcon to the archer" in texts(st)


def test_and78_telescope_reveals_neighbouring_fog() -> None:
    """AND-78."""
    st = bare(at=[3, 5])
    st.items[0] = ("telescope",)
    st.fog = {9: "gor", 11: "gold", 41: "event"}
    st._legal = None
    st.apply("look through the telescope")
    assert st.fog_seen == {9, 11}
    assert st.view(1)["fog"] == [[9, "gor"], [11, "gold"], [41, None]]
    assert st.creatures == {}  # revealed, not activated


def test_and81_herb_three_uses_one_at_a_time() -> None:
    """AND-81."""
    st = bare(at=[0, 5])
    st.items[0] = ("herb",)
    st._legal = None
    st.apply("use the herb to walk")
    for r in (3, 9, 18):
        st.apply(f"move to {r}")
    assert st.hours[0] == 0
    st.apply("move to 29")
    assert st.hours[0] == 1 and st.items[0] == ()
    st2 = bare(at=[9, 5])
    st2.items[0] = ("herb",)
    st2.creatures = {9: "gor"}
    st2.rng = Dice([1, 1, 1, 1, 2])
    st2._legal = None
    st2.apply("fight the gor on 9")
    st2.apply("add the herb")
    roll = next(e for e in st2.events() if e["type"] == "hero_roll")
    assert roll["value"] == 4


def test_and82_storage_slots() -> None:
    """AND-82."""
    st = bare(at=[7, 5])
    st.gold[0] = 20
    st.items[0] = ("shield", "helm", "wineskin", "telescope", "rune_red")
    st._legal = None
    assert not any(t.startswith("buy a") for t in texts(st))
    st.items[0] = ("helm",)
    st._legal = None
    assert "buy a bow" in texts(st) and "buy a helm" not in texts(st)


def test_and83_give_on_same_region() -> None:
    """AND-83."""
    st = bare(at=[9, 9])
    st.items[0] = ("helm",)
    st._legal = None
    st.apply("give the helm to the archer")
    assert st.items == [(), ("helm",)]
    st2 = bare(at=[9, 3])
    assert not any(t.startswith("give") for t in texts(st2))


def test_and84_all_win_or_all_lose() -> None:
    """AND-84."""
    st = bare(players=3, at=[5, 5, 5])
    st.killed = ("tower_skral",)
    st.herb_delivered = True
    st.letter = LETTERS.index("M")
    turn.begin_turn(st, 0)
    st._legal = None
    sunrise(st)
    res = st.result()
    assert res.reason == "goals-met" and res.winners == (0, 1, 2) and res.scores == (1.0,) * 3


def test_and85_event_deck_reshuffles() -> None:
    """AND-85."""
    st = bare(at=[5, 5])
    st.deck = []
    st.discard = ("fog_lifts", "clear_morning")
    sunrise(st)
    assert len(st.deck) + len(st.discard) == 2 and st.last_event in st.discard
    assert len(load().events) == 18


def test_and86_zero_willpower_from_an_event() -> None:
    """AND-86."""
    st = bare(at=[5, 5])
    st.willpower = [1, 9]
    st.strength = [3, 3]
    st.deck = ["cold_night"]
    sunrise(st)
    assert st.willpower == [3, 8] and st.strength == [2, 3]


def test_and89_goals_judged_at_n_or_early() -> None:
    """AND-89."""
    st = bare(at=[9, 5], early_victory=True, legend="intro")
    st.strength[0] = 14
    st.willpower[0] = 14
    st.creatures = {9: "marauder"}
    st.rng = Dice([6, 6, 6, 6, 1, 2])
    st._legal = None
    st.apply("fight the skral marauder on 9")
    while step(st) == "reward":
        st.apply(texts(st)[0])
    assert st.is_over and st.result().reason == "goals-met"
    late = bare(at=[9, 5], legend="intro")
    late.killed = ("marauder",)
    assert not late.is_over
    late.letter = LETTERS.index("M")
    sunrise(late)
    assert late.result().reason == "goals-met"


def test_and90_tower_skral_immobile_and_scaled() -> None:
    """AND-90."""
    st = bare(at=[5, 5])
    st.creatures = {64: "tower_skral"}
    sunrise(st)
    assert st.creatures == {64: "tower_skral"}
    assert [new(p).game.creature_stats("tower_skral") for p in (1, 2, 3, 4)] == [
        (4, 6), (7, 9), (13, 18), (20, 24)]


def test_and92_herb_dropped_and_delivered() -> None:
    """AND-92."""
    st = bare(at=[9, 5])
    st.strength[0] = 14
    st.creatures = {9: "herb_gor"}
    st.rng = Dice([6, 6, 6, 1, 2])
    st._legal = None
    st.apply("fight the gor with the herb on 9")
    while step(st) == "reward":
        st.apply(texts(st)[0])
    assert st.ground == {9: ("herb",)}
    st.apply("pass")
    st.apply("pick up the healer's herb")
    st.apply("move to 3")
    st.apply("move to 0")
    assert st.herb_delivered and legend.goals_met(st) == [False, True]


def test_and93_determinize_shuffles_only_hidden() -> None:
    """AND-93."""
    st = new(2)
    st.fog_seen = frozenset({9})
    d = st.determinize(0, 5)
    assert d.fog[9] == st.fog[9]
    assert sorted(d.fog.values()) == sorted(st.fog.values())
    assert d.deck == st.deck == sorted(st.deck)  # a pile: no order to hide
    assert d.view(0) == st.view(0) and d.creatures == st.creatures


def test_and27_every_card_left_in_the_deck_may_come_next() -> None:
    """AND-27: the event deck is face down; any card it still holds may be drawn."""
    drawn = set()
    for seed in range(60):
        st = meeple.load("andor", players=2).new_state(seed=seed)
        st.deck = ["cold_night", "fog_lifts", "lucky_find"]
        sunrise(st)
        drawn.add(st.last_event)
    assert drawn == {"cold_night", "fog_lifts", "lucky_find"}


def test_and94_no_gemstones_in_content() -> None:
    """AND-94."""
    c = load()
    assert not any("gem" in a for a in c.articles)


def test_bad_hero_option_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        new(2, heroes="warrior,warrior")
    with pytest.raises(ConfigError):
        new(3, heroes="warrior,archer")
    with pytest.raises(ConfigError):
        new(1, heroes="paladin")


def test_view_is_the_same_for_every_seat() -> None:
    """The table is open: each seat's view differs only in which ids are its own."""
    st = new(3)

    def table(seat: int | None) -> dict[str, object]:
        return st.view(seat) | {"seat": None, "mine": None, "on_table": None}

    assert table(0) == table(None) == table(2)
    assert len({frozenset([*st.view(s)["mine"], *st.view(s)["on_table"]])
                for s in (0, None, 2)}) == 1
    json.dumps(st.view(None))


def test_and74_each_shield_holder_is_asked_in_turn_and_a_fog_event_resumes_the_move() -> None:
    """AND-74, AND-68: the first holder lets the event happen, the next blocks it; the hero
    whose fog token drew it then finishes his turn."""
    st = bare(at=[5, 5])
    st.items[0] = ("shield",)
    st.items[1] = ("shield",)
    st.fog = {14: "event"}  # a well: the hero may drink once the event is over
    st.deck = ["forest_rain"]
    st.apply("move to 14")
    st.apply("stop")
    assert step(st) == "block event" and st.to_act == 0
    st.apply("let it happen")
    assert step(st) == "block event" and st.to_act == 1
    st.apply("block the event with the shield")
    assert st.items == [("shield",), ("shield:worn",)] and 14 not in st.fog
    assert step(st) == "after move" and st.to_act == 0 and "drink from the well" in texts(st)


def test_and71_overrun_counts_no_shield_past_the_last() -> None:
    """AND-71: the creature that finds no free golden shield takes none: the castle's count
    stops at its shields ("1 of 1 taken", never "2 of 1"), and the story says none was free."""
    st = bare(players=4, at=[5, 5, 5, 5])
    st.creatures = {3: "gor", 2: "gor"}
    sunrise(st)
    assert st.is_over
    castle = st.view(0)["castle"]
    assert (castle["creatures"], castle["shields"]) == (1, 1)
    told = [st.game.describe(e, "en") for e in st.events(0) if e["type"] == "castle"]
    assert told[-1] == "A gor enters the castle, and no golden shield is free."
    head = render.head(cast("View", st.view(0)), "en")[0]
    assert "1 of 1 shields taken" in head


def test_the_heroes_option_lists_heroes_by_their_ids() -> None:
    """AND-40: the option names distinct heroes; a wrong one is refused before the game."""
    heroes = next(p for p in meeple.load("andor").options if p.name == "heroes")
    assert heroes.items == ("warrior", "archer", "dwarf", "wizard")
    assert heroes.coerce("archer, wizard") == "archer, wizard"
    for bad in ("archer,archer", "knight"):
        with pytest.raises(ConfigError, match="distinct items"):
            heroes.coerce(bad)
