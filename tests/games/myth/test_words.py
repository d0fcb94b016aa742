"""Myth in words: exact sentences and labels in English and Russian (docs/words.md)."""

from __future__ import annotations

from collections.abc import Mapping

from meeple.games.myth import Myth
from meeple.games.myth.verbs import Attack, CardId, Play

from .scenario import fresh

GAME = Myth(players=3)
NAMES = {"en": ["Archer", "Dwarf", "Journeyman"], "ru": ["Лучник", "Гном", "Путник"]}


def said(event: Mapping[str, object], lang: str) -> str:
    return GAME.describe(event, lang, NAMES[lang])


def test_a_monster_attack_names_monster_hero_and_the_life_lost() -> None:
    e = {"type": "monster_attack", "monster": "trow", "seat": 0, "roll": 60, "total": 85,
         "defence": 68, "hit": True, "damage": 6}
    assert said(e, "en") == "The Trow strikes Archer: 85 against defence 68, 6 life lost."
    assert said(e, "ru") == ("Монстр «Троу» атакует. Цель: Лучник. 85 против защиты 68 — "
                             "потеряно: 6 жизней.")


def test_a_kill_pays_resources_in_the_right_plural() -> None:
    for reward, en, ru in ((1, "1 resource", "1 ресурс"), (2, "2 resources", "2 ресурса"),
                           (5, "5 resources", "5 ресурсов")):
        e = {"type": "slain", "seat": 1, "monster": "thrall", "reward": reward}
        assert said(e, "en") == f"Dwarf kills the Thrall and gains {en}."
        assert said(e, "ru") == f"Гном убивает монстра «Тралл» и получает {ru}."


def test_a_death_names_what_killed_the_hero_and_is_a_notice() -> None:
    e = {"type": "hero_died", "seat": 2, "hero": "journeyman", "cause": "charge"}
    assert said(e, "en") == ("Journeyman is dead (the Dwarf's charge): the hero's cards, items "
                             "and resources are gone.")
    assert said(e, "ru") == ("Путник погибает (причина: натиск гнома). Карты, предметы и "
                             "ресурсы героя сброшены.")
    assert "hero_died" in Myth.notices


def test_a_hidden_card_played_by_another_seat_is_told_without_its_name() -> None:
    e = {"type": "action", "seat": 2, "action": "play a card"}
    assert said(e, "en") == "Journeyman plays a card face down."
    assert said(e, "ru") == "Путник играет карту рубашкой вверх."


def test_the_revealed_cards_say_who_paid_what() -> None:
    e = {"type": "revealed", "cards": [["ghol", -1, 0], ["tain", 2, 2]]}
    assert said(e, "en") == ("The cards are turned up: Ghol (from the deck) and Tain "
                             "(Journeyman, 2 resources).")
    assert said(e, "ru") == ("Карты открыты: Гхол (из колоды) и Тэйн (Путник, 2 ресурса).")


def test_playing_a_card_shows_its_cost_and_what_it_does() -> None:
    trow = GAME.action(Play(CardId("trow")))
    assert GAME.label(trow, "en") == "Play Trow — 4 resources: monster: att 25, dmg 6, def 80"
    assert GAME.label(trow, "ru") == "Сыграть «Троу» — 4 ресурса: монстр: атк 25, урон 6, защ 80"
    assert GAME.costs(trow)
    relic = GAME.action(Play(CardId("splinters_of_relic")))
    assert GAME.label(relic, "ru") == "Сыграть «Осколки Релика» — бесплатно: получить 3 ресурса"
    assert not GAME.costs(relic)


def test_the_price_of_a_card_follows_the_codex_and_explored_ground() -> None:
    st = fresh(3, 1)
    st.items[0] = ["codex"]
    st.offer_double, st.step = True, "offer"
    trow = GAME.action(Play(CardId("trow")))
    assert GAME.label(trow, "en", st.view(0)).startswith(
        "Play Trow — 6 resources, double on explored ground:")


def test_swapping_a_quest_shows_its_price_and_comes_after_the_moves() -> None:
    st = fresh(3, 1)
    st.active = st.to_act = 0
    st.step = "move"
    st.holdings["p0"]["resources"] = 5
    st._legal = None
    view = st.view(0)
    legal = st.legal_actions()
    swaps = [a for a in legal if a.text.startswith("swap ")]
    assert swaps and all(GAME.costs(a, view) for a in swaps)
    menu = sorted(legal, key=lambda a: GAME.costs(a, view))
    assert menu[0].text.startswith(("move", "explore"))
    name = GAME.label(swaps[0], "en", view)
    assert name.startswith("Swap the quest “") and name.endswith("” for a new one — 5 resources")
    assert GAME.label(swaps[0], "ru", view).endswith("» на новое — 5 ресурсов")


def test_an_attack_label_gives_the_chance_to_kill() -> None:
    st = fresh(3, 1)
    st.hero = ["archer", "dwarf", "journeyman"]
    st.active = 0
    st.enemies[(0, 0)] = ["thrall"]
    st.lasting[(0, 0)] = ["darkness"]
    attack = GAME.action(Attack(CardId("thrall")))
    # attack 24 + roll must beat defence 50 + darkness 15: a roll of 42 or more, 59 in 100
    assert GAME.label(attack, "en", st.view(0)) == "Attack the Thrall: 59% to kill it"
    assert GAME.label(attack, "ru", st.view(0)) == "Атаковать монстра «Тралл»: шанс убить 59 %"


def test_seats_are_named_by_their_heroes() -> None:
    st = fresh(3, 1)
    st.hero = ["heron_guard", "berserk", "warrior"]
    assert GAME.seat_names(st.view(None), "en") == ["Heron Guard", "Berserk", "Warrior"]
    assert GAME.seat_names(st.view(None), "ru") == ["Гвардеец Цапли", "Берсерк", "Воин"]


def test_the_catalogue_tells_a_card_in_both_languages() -> None:
    en, ru = GAME.catalogue("en")["dwarves_trap"], GAME.catalogue("ru")["dwarves_trap"]
    assert en["name"] == "Dwarves' Trap" and ru["name"] == "Гномья ловушка"
    assert en["text"] == ("Every hero on the cell rolls: 40 or more avoids the trap (the Dwarf "
                          "needs 25 less), less costs 3 life. Then the card is discarded.")
    assert en["numbers"]["Cost"] == "1 resource" and ru["numbers"]["Цена"] == "1 ресурс"
    assert en["numbers"]["Resolves"] == "first (4)"
    assert GAME.catalogue("ru")["archer"]["numbers"]["Жизнь на уровнях 1, 2, 3"] == "10 / 13 / 16"
