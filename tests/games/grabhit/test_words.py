"""Grab and Hit in words: exact sentences and labels in English and Russian (docs/words.md)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core import Action
from meeple.games.grabhit.content import COLOURS
from meeple.games.grabhit.lookup import t
from meeple.i18n import LANGS

from .helpers import new

ST = new(players=3)
GAME = ST.game
NAMES = {lang: GAME.seat_names(ST.view(0), lang) for lang in ("en", "ru")}


def told(event: dict[str, Any], lang: str) -> str:
    return GAME.describe(event, lang, NAMES[lang])


def test_seats_are_called_by_their_adventurers() -> None:
    assert NAMES == {"en": ["Ashir", "Violet", "Victor"], "ru": ["Ашир", "Вайлет", "Виктор"]}
    fresh = GAME.new_state(seed=0)
    assert GAME.seat_names(fresh.view(None), "ru")[0] == "Игрок 1"


@pytest.mark.parametrize(("event", "en", "ru"), [
    ({"type": "hit", "seat": 0, "target": 2, "damage": 3, "weapon": "Battle Axe"},
     "Ashir hits Victor with Battle Axe for 3 damage.",
     "Ашир бьёт оружием «Боевой топор», урон 3. Цель: Виктор."),
    ({"type": "death", "seat": 2, "killer": 0},
     "Victor dies; Ashir dealt the final blow and takes all the gold.",
     "Виктор погибает. Добивает Ашир и забирает всё золото погибшего."),
    ({"type": "draw", "seat": 0, "colour": "red", "card": "Curse of Poverty"},
     "Ashir draws a red card: Curse of Poverty (curse).",
     "Ашир тянет красную карту: Проклятье бедности (проклятье)."),
    ({"type": "spin", "seat": 0, "why": "phase 1", "value": 6, "colours": ["blue", "green"],
      "symbols": ["armour"]},
     "Ashir spins the wheel: 6 coins, blue or green sector, armour repair.",
     "Ашир крутит колесо: 6 монет, сектор синий или зелёный, починка брони."),
    ({"type": "visit", "seat": 0, "shop": "witch", "service": "buy_scroll", "owner": 1},
     "Ashir visits Witch's Shop and buys a scroll for 4 coins; the fee goes to Violet.",
     "Ашир заходит в заведение «Лавка колдуньи» и покупает свиток за 4 монеты; плату "
     "получает Вайлет."),
    ({"type": "effect", "seat": 1, "kind": "steal_gold", "amount": 4, "card": None},
     "Violet is robbed of up to 4 coins (an ability).",
     "Вайлет лишается золота, до 4 монет (способность)."),
    ({"type": "action", "seat": 1, "action": "bid 21 on Frozen Lake"},
     "Violet — Bid 21 coins on Frozen Lake",
     "Вайлет — Ставка 21 монета на лот «Замёрзшее озеро»"),
    ({"type": "chosen", "seat": 1, "adventurer": "violet"},
     "Player 2 takes up Violet.", "Игрок 2 выбирает приключенца: Вайлет."),
])
def test_events_are_sentences(event: dict[str, Any], en: str, ru: str) -> None:
    assert (told(event, "en"), told(event, "ru")) == (en, ru)


@pytest.mark.parametrize(("gold", "ru"), [
    (1, "Вайлет получает 1 монету в фазе 2."), (3, "Вайлет получает 3 монеты в фазе 2."),
    (5, "Вайлет получает 5 монет в фазе 2."), (21, "Вайлет получает 21 монету в фазе 2."),
    (0, "Вайлет ничего не получает в фазе 2."),
])
def test_coins_take_the_russian_plural(gold: int, ru: str) -> None:
    assert told({"type": "phase2", "seat": 1, "gold": gold}, "ru") == ru
    if gold == 1:
        assert told({"type": "phase2", "seat": 1, "gold": 1}, "en") == \
            "Violet collects 1 coin in phase 2."


@pytest.mark.parametrize(("text", "en", "ru"), [
    ("choose Ashir", "Choose Ashir: 10 coins, life 5, armour 1 of 3; Royal treasury on 4+",
     "Выбрать: Ашир — 10 монет, жизнь 5, броня 1 из 3; «Королевская казна» на 4+"),
    ("buy Frozen Lake", "Buy Frozen Lake for 4 coins: Rondol 1, income 1",
     "Купить: Замёрзшее озеро за 4 монеты — Рондол 1, доход 1"),
    ("decline Frozen Lake", "Do not buy Frozen Lake: it goes to auction from 2 coins",
     "Не покупать: Замёрзшее озеро уходит на аукцион от 2 монет"),
    ("cast Fireball on Violet", "Cast Fireball on Violet: deals 3 damage, armour first",
     "Применить свиток «Огненный шар», цель Вайлет: урон 3, сначала по броне"),
    ("visit Armourer's Shop: repair Battle Axe",
     "Armourer's Shop: repair Battle Axe +3 for 3 coins",
     "Лавка оружейницы: починить «Боевой топор» +3 за 3 монеты"),
    ("block with Ward of Will", "Block with Ward of Will: it breaks unless you spin 4+",
     "Блокировать щитом «Щит воли»: сломается, если не выпадет 4+"),
])
def test_labels_say_what_it_costs_and_does(text: str, en: str, ru: str) -> None:
    action = Action(text)
    assert (GAME.label(action, "en"), GAME.label(action, "ru")) == (en, ru)


def test_labels_read_the_takers_view() -> None:
    st = new(players=3)
    st.apply("spin")
    while st.view(st.to_act)["phase"] != "hit" and not st.is_over:
        la = st.legal_actions()
        st.apply(next((a for a in la if a.text == "done"), la[0]))
    view = st.view(st.to_act)
    labels = [GAME.label(a, "en", view) for a in st.legal_actions()]
    assert "Attack with fists: damage 1, 1 hit" in labels


def test_only_spending_actions_cost() -> None:
    assert GAME.costs(Action("bid 3 on Perre"))
    assert GAME.costs(Action("visit Witch's Shop: buy a scroll"))
    assert not GAME.costs(Action("done")) and not GAME.costs(Action("cast Fireball on Ashir"))


def test_death_is_a_notice() -> None:
    assert "death" in GAME.notices


def test_catalogue_tells_each_thing() -> None:
    ru, en = GAME.catalogue("ru"), GAME.catalogue("en")
    assert en["twin_blades"]["text"] == (
        "A sword: 2 damage a hit, 2 hits a turn. Durability 5: each hit uses a point, and at 0 "
        "the weapon breaks with its blueprints.")
    assert ru["ashir"]["numbers"]["Стартовый капитал"] == "10 монет"
    assert ru["s06"]["text"] == ("Приносит 6 монет; затем на выбор можно взять синюю карту "
                                 "или зелёную карту; чинится броня.")


def test_outcome_names_every_seat() -> None:
    from meeple.core import Result
    result = Result((1,), (12.0, 50.0, 1.0), 30, "gold-target")
    assert GAME.outcome(result, "ru", NAMES["ru"]) == [
        "Вайлет собирает нужное золото и побеждает.", "Ашир: 12 монет",
        "Вайлет: 50 монет — победа", "Виктор: 1 монета"]


#: Characters that a reader can take for a digit at a glance, beside the sector's coins.
LOOK_LIKE_DIGITS = set("0123456789OoОоDЗзЭэBbВGgбSsIilL|ZzЧTТAА")


def test_the_deck_marks_cannot_be_read_as_coins() -> None:
    """Each deck's mark on the wheel, the decks and the cards: one character, none of them a
    digit or a letter that reads as one (З as 3, B as 8), all different, and the same in every
    language, so a deck is known by its mark whatever the language."""
    marks = {lang: [t(lang)(f"board.mark.{c}") for c in (*COLOURS, "black")] for lang in LANGS}
    for found in marks.values():
        assert all(len(m) == 1 and m not in LOOK_LIKE_DIGITS for m in found), found
        assert len(set(found)) == len(found)
    assert all(found == marks[LANGS[0]] for found in marks.values())
