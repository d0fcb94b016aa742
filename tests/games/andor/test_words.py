"""Andor in words: exact sentences of real events and labels in English and Russian, plural
forms, the catalogue and the screen's parts (docs/words.md)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core import Action
from meeple.games.andor.state import AndorState
from meeple.games.andor.words import amount
from meeple.tui import screen

from .helpers import Dice, bare, fight_with, new, sunrise


def said(st: AndorState, lang: str, since: int = 0) -> list[str]:
    """The sentences of the events a spectator has seen since event ``since``."""
    g = st.game
    return [g.describe(e, lang) for e in st.events(None)[since:]]


def test_seats_are_named_by_their_heroes() -> None:
    st = new(4)
    assert st.game.seat_names(st.view(None), "en") == [
        "the warrior Thorn", "the archer Chada", "the dwarf Kram", "the wizard Eara"]
    assert st.game.seat_names(st.view(0), "ru") == [
        "воин Торн", "лучница Чада", "гном Крам", "волшебница Эара"]


def test_a_gor_moving_at_sunrise_is_a_sentence() -> None:
    st = bare(at=[3, 5])
    st.creatures = {44: "gor", 1: "gor"}
    mark = len(st.events(None))
    sunrise(st)
    en, ru = said(st, "en", mark), said(st, "ru", mark)
    assert "A gor moves from region 44 to region 39." in en
    assert "Гор идёт с поля 44 на поле 39." in ru
    assert "A gor moves from region 1 into the castle." in en
    assert "Гор идёт с поля 1 в замок." in ru
    assert "A gor enters the castle and takes a golden shield: 1 of 3 taken." in en
    assert "Гор входит в замок и занимает золотой щит: занято 1 из 3." in ru
    assert "Event card “Still air”: Nothing happens today." in en
    assert "Карта события «Безветрие»: Сегодня ничего не происходит." in ru


def test_the_action_event_reads_as_its_label() -> None:
    st = bare(at=[3, 5])
    st.apply("move to 9")
    action = next(e for e in st.events(None) if e["type"] == "action")
    assert st.game.describe(action, "en") == "The warrior Thorn: Move to region 9 — 1 hour"
    assert st.game.describe(action, "ru") == "Воин Торн: Идти на поле 9 — 1 час"
    moved = [e for e in st.events(None) if e["type"] == "move"][-1]
    assert st.game.describe(moved, "ru") == "Воин Торн идёт на поле 9."


def test_a_fight_round_in_words() -> None:
    st = bare(at=[9, 5])
    mark = len(st.events(None))
    fight_with(st, 0, 9, "gor", [6, 1, 2, 2, 2])  # Thorn's 3 dice: 6 + 2 = 8; the gor 2+2 + 2
    en, ru = said(st, "en", mark), said(st, "ru", mark)
    assert "The warrior Thorn attacks the gor on region 9." in en
    assert "Воин Торн вступает в бой. Противник: гор на поле 9." in ru
    assert "The warrior Thorn rolls 6, 1, 2: 6 + strength 2 = 8." in en
    assert "Воин Торн бросает кубики: 6, 1, 2. Итог броска 6 + сила 2 = 8." in ru
    assert ("The gor rolls 2, 2: 6 against the heroes' 8. The heroes win the round; "
            "the creature loses 2 willpower.") in en
    assert ("Гор бросает кубики: 2, 2. У существа 6, у героев 8. Раунд за героями: существо "
            "теряет 2 очка воли.") in ru


def test_fight_labels_say_their_hour() -> None:
    st = bare(at=[9, 5])
    st.creatures = {9: "gor"}
    st._legal = None
    g, view = st.game, st.view(0)
    fight = next(a for a in st.legal_actions() if a.text == "fight the gor on 9")
    assert g.label(fight, "en", view) == "Fight the gor on region 9 — 1 hour a round"
    assert g.label(fight, "ru", view) == "Сразиться: гор на поле 9 — 1 час за раунд"
    assert g.costs(fight, view)


def test_an_overtime_hour_costs_willpower_in_the_label() -> None:
    st = bare(at=[3, 5])
    st.hours[0] = 7
    st._legal = None
    g, view = st.game, st.view(0)
    assert g.label(Action("move to 9"), "en", view) == "Move to region 9 — 1 hour and 2 willpower"
    assert g.label(Action("move to 9"), "ru", view) == "Идти на поле 9 — 1 час и 2 очка воли"
    assert g.label(Action("pass"), "ru", view) == "Пропустить ход — 1 час и 2 очка воли"


def test_the_log_tells_the_overtime_its_button_priced() -> None:
    """AND-25: "Fight on — 1 hour and 2 willpower" on the button is what the log says too."""
    st = bare(at=[9, 5])
    st.strength[0] = 14
    st.willpower[0] = 12
    st.hours[0] = 7  # the fight's first round is the 8th hour
    fight_with(st, 0, 9, "troll", [6, 6, 6, 1, 2, 3])  # 6 + 14 = 20 vs 3 + 14 = 17
    view = st.view(0)
    assert view["step"] == "fight on"
    on = Action("fight on")
    button = st.game.label(on, "en", view)
    assert button == "Fight on — 1 hour and 2 willpower"
    mark = len(st.events(None))
    st.apply("fight on")
    assert f"The warrior Thorn: {button}" in said(st, "en", mark)
    assert "Воин Торн: Сражаться дальше — 1 час и 2 очка воли" in said(st, "ru", mark)
    assert ("The warrior Thorn: Fight the troll on region 9 — 1 hour and 2 willpower a round"
            in said(st, "en"))
    early = bare(at=[3, 5])
    early.apply("move to 9")
    assert "The warrior Thorn: Move to region 9 — 1 hour" in said(early, "en")


def test_named_regions_keep_their_names_in_both_languages() -> None:
    st = bare(at=[5, 5])
    g, view = st.game, st.view(0)
    assert g.label(Action("move to 14"), "en", view) == "Move to region 14 (Old Oak Well) — 1 hour"
    assert (g.label(Action("move to 14"), "ru", view)
            == "Идти на поле 14 «Колодец у старого дуба» — 1 час")


def test_prices_come_from_the_takers_board() -> None:
    st = bare(at=[7, 7])  # the Greywatch Market
    st.gold = [5, 5]
    st._legal = None
    g, view = st.game, st.view(0)
    assert g.label(Action("buy a shield"), "en", view) == "Buy a shield — 2 gold"
    assert g.label(Action("buy a shield"), "ru", view) == "Купить: щит — 2 золотых"
    assert g.label(Action("buy strength"), "ru", view) == "Купить 1 очко силы — 2 золотых"
    assert g.label(Action("buy strength"), "en", None) == "Buy 1 strength"
    dwarf = bare(3, at=[3, 5, 67], heroes="warrior,archer,dwarf")  # the Deepstone Mine
    assert g.label(Action("buy strength"), "en", dwarf.view(2)) == "Buy 1 strength — 1 gold"


def test_free_actions_cost_nothing_in_the_menu_order() -> None:
    st = bare(at=[14, 5])  # a full well
    st.willpower[0] = 10
    st._legal = None
    g, view = st.game, st.view(0)
    drink = Action("drink from the well")
    assert g.label(drink, "en", view) == "Drink from the well: +5 willpower"
    assert g.label(drink, "ru", view) == "Выпить из колодца: +5 очков воли"
    assert not g.costs(drink, view) and not g.costs(Action("end day"), view)
    assert g.costs(Action("move to 5"), view)


@pytest.mark.parametrize(("n", "en", "ru"), [
    (1, "1 gold", "1 золотой"), (2, "2 gold", "2 золотых"), (5, "5 gold", "5 золотых"),
    (21, "21 gold", "21 золотой"),
])
def test_gold_is_counted_in_words(n: int, en: str, ru: str) -> None:
    assert amount("gold", n, "en") == en
    assert amount("gold", n, "ru") == ru


def test_plural_forms_of_farmers_saved() -> None:
    g = new(2).game
    e: dict[str, Any] = {"type": "farmers_saved", "seat": 1}
    assert g.describe({**e, "count": 1}, "en") == (
        "The archer Chada brings 1 farmer into the castle: one more golden shield.")
    assert g.describe({**e, "count": 2}, "en") == (
        "The archer Chada brings 2 farmers into the castle: 2 more golden shields.")
    assert g.describe({**e, "count": 2}, "ru") == (
        "Лучница Чада в замке: 2 крестьянина теперь под защитой стен, у замка ещё 2 "
        "золотых щита.")
    assert g.describe({**e, "count": 5}, "ru") == (
        "Лучница Чада в замке: 5 крестьян теперь под защитой стен, у замка ещё 5 "
        "золотых щитов.")


def test_a_knocked_out_hero_is_told() -> None:
    g = new(2).game
    assert "knocked_out" in g.notices
    e = {"type": "knocked_out", "seat": 0, "strength": 1}
    assert g.describe(e, "ru") == "Воин Торн теряет всю волю: сила теперь 1, воля снова 3."


def test_fog_and_the_legend_cards_are_told() -> None:
    g = new(2).game
    fog = {"type": "fog", "seat": 1, "region": 21, "token": "will3"}
    assert g.describe(fog, "en") == (
        "The archer Chada reveals the fog on region 21. The hero gains 3 willpower.")
    assert g.describe(fog, "ru") == (
        "Лучница Чада раскрывает туман на поле 21. Герой получает 3 очка воли.")
    card = {"type": "legend_card", "letter": "E", "name": "War drums"}
    assert g.describe(card, "ru") == (
        "Карта легенды E «Боевые барабаны»: Из башни слышны барабаны; из болот выходят новые "
        "существа. На карте: гор на поле 56; скрал на поле 52 (если героев 3 или больше).")


def test_the_result_names_every_hero() -> None:
    st = bare(at=[3, 5])
    st.castle_creatures = 3
    st.creatures = {1: "gor"}
    sunrise(st)
    assert st.is_over
    g = st.game
    lines = g.outcome(st.result(), "ru")
    assert lines[0].startswith("Герои проигрывают: существо вошло в замок")
    assert lines[1:] == ["Воин Торн: поражение — общее для всех героев",
                         "Лучница Чада: поражение — общее для всех героев"]


def test_the_catalogue_tells_cards_and_creatures() -> None:
    g = new(2).game
    en, ru = g.catalogue("en"), g.catalogue("ru")
    assert en["A"]["name"] == "Legend card A: Smoke over the tower"
    assert ru["lucky_find"]["text"] == "Каждый герой получает 1 золотой."
    assert en["gor"]["numbers"] == {"strength": 2, "willpower": 4, "dice": "2 red dice",
                                    "reward": "2 gold or willpower, shared as the heroes like",
                                    "in the box": 16}
    assert ru["wardrak"]["numbers"]["кубики"] == (
        "2 чёрных кубика; 1 чёрный кубик, если воли меньше 7")
    assert en["brew"]["numbers"]["price"] == (
        "3, 3, 4, 5 gold for 1, 2, 3, 4 heroes; the archer pays 1 less")
    assert en["full"]["name"] == "The Ember Tower (full legend)"


def test_the_screen_folds_the_map_into_this_turn() -> None:
    st = bare(at=[9, 5])
    st.creatures = {17: "gor"}
    st.rng = Dice([])
    st._legal = None
    text = screen(st.game, st, 0, "en", 80)
    assert "Turn: the warrior Thorn. This region and its neighbours:" in text
    assert "  next: region 17, field — a gor (strength 2, willpower 4)" in text
    assert "Near the castle: a gor on region 17 (3 steps away)" in text
    ru = screen(st.game, st, 0, "ru", 80)
    assert "  рядом: поле 17, равнина — гор (сила 2, воля 4)" in ru
    assert "У замка: гор на поле 17 (3 шага до замка)" in ru
    assert len(ru.splitlines()) <= 50
