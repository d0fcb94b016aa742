"""High in the Heavens in words: exact sentences and labels for real events, in both languages
(docs/words.md). Each would fail if the words regressed."""

from __future__ import annotations

from typing import cast

import pytest

import meeple
from meeple.core import Action
from meeple.games.heavens import rings
from meeple.games.heavens.content import pantheon
from meeple.games.heavens.drawing import map_lines
from meeple.games.heavens.rings import ATTACK
from meeple.games.heavens.state import HeavensState
from meeple.games.heavens.view import View

from .helpers import fresh, hexi, place, unlock


def events_after(st: HeavensState, text: str) -> list[dict[str, object]]:
    before = len(st.events(0))
    st.apply(text)
    return st.events(0)[before:]


def said(st: HeavensState, events: list[dict[str, object]], lang: str) -> list[str]:
    names = st.game.seat_names(st.view(0), lang)
    return [st.game.describe(e, lang, names) for e in events]


def test_seats_are_named_by_pantheon_and_player_as_the_rulebook_does() -> None:
    two, four = meeple.load("heavens"), meeple.load("heavens", players=4)
    assert two.seat_names({}, "en") == ["Greek Pantheon", "Norse Pantheon"]
    assert two.seat_names({}, "ru") == ["Греческий пантеон", "Скандинавский пантеон"]
    assert four.seat_names({}, "ru")[2] == "Скандинавский пантеон, игрок 3"


def test_an_attack_reads_as_who_strikes_whom_and_for_how_much() -> None:
    st = fresh(seed=1)
    unlock(st)
    z = place(st, "zeus", "f5")
    rings.add_rings(st, z, ATTACK, "orange", 1)
    place(st, "thor", "f6")
    view = st.view(0)
    a = next(a for a in st.legal_actions() if a.text == "attack Thor with Zeus")
    assert st.game.label(a, "en", view) == "Zeus attacks Thor — melee, 4 damage"
    assert st.game.label(a, "ru", view) == (
        "Зевс атакует, цель: Тор — ближний бой, нанесёт 4 единицы урона")
    assert st.game.costs(a, view)
    evs = events_after(st, a.text)
    assert said(st, evs, "en")[1:] == ["Zeus attacks in melee with power 4.",
                                       "Thor takes 4 damage."]
    assert said(st, evs, "ru")[1:] == ["Зевс атакует в ближнем бою, сила 4.",
                                       "Тор получает 4 единицы урона."]
    assert said(st, evs[:1], "ru") == ["Греческий пантеон: Зевс атакует, цель: Тор"]


def test_hermes_flies_where_the_label_says() -> None:
    st = fresh(seed=1)
    unlock(st)
    place(st, "hermes", "f5")
    st.apply("ability Hermes: Winged Sandals")
    view = st.view(0)
    fly = next(a for a in st.legal_actions() if a.text == "target c4")
    assert st.game.label(fly, "en", view) == "Hermes flies to c4"
    assert st.game.label(fly, "ru", view) == "Гермес летит на c4"
    assert not st.game.costs(fly, view)
    assert st.game.label(fly, "en") == "Target: c4"  # told to another seat: no view
    ability = Action("ability Hermes: Winged Sandals")
    assert st.game.label(ability, "ru") == (
        "Гермес, Крылатые сандалии: перелёт на пустой гекс в пределах 4")
    assert said(st, events_after(st, "target c4"), "en")[1:] == ["Hermes moves to c4."]


def test_a_power_on_a_character_names_card_target_and_effect() -> None:
    st = fresh(seed=1)
    unlock(st)
    place(st, "thor", "f6")
    bolt = st.game.ids.index("bolt_of_olympus")
    st.hands = ((bolt, *st.hands[0][1:]), st.hands[1])
    st._legal = None
    st.apply("play Bolt of Olympus")
    a = next(a for a in st.legal_actions() if a.text == "target Thor")
    assert st.game.label(a, "en", st.view(0)) == "Bolt of Olympus → Thor: 3 damage"
    assert st.game.label(a, "ru", st.view(0)) == "Молния Олимпа → Тор: урон 3"


@pytest.mark.parametrize(("n", "ru"), [(1, "Греческий пантеон берёт 1 карту."),
                                       (2, "Греческий пантеон берёт 2 карты."),
                                       (5, "Греческий пантеон берёт 5 карт.")])
def test_counted_words_take_their_russian_plural(n: int, ru: str) -> None:
    g = meeple.load("heavens")
    e = {"type": "drew", "seat": 0, "count": n}
    assert g.describe(e, "ru") == ru
    assert g.describe(e, "en") == f"Greek Pantheon draws {n} card{'s' if n > 1 else ''}."


def test_first_roll_names_who_goes_first_and_the_end_names_the_winner() -> None:
    g = meeple.load("heavens")
    assert g.describe({"type": "first_player", "seat": 1}, "ru") == (
        "По жребию первым ходит Скандинавский пантеон.")
    over = {"type": "game_over", "winner": 0, "reason": "base-destroyed"}
    assert g.describe(over, "en") == (
        "Greek Pantheon wins: Norse Pantheon has lost its base, Asgard.")
    assert g.describe(over, "ru") == (
        "Победа: Греческий пантеон. Скандинавский пантеон теряет базу «Асгард».")
    assert g.describe({"type": "base_damaged", "side": 1, "amount": 1, "left": 29}, "ru") == (
        "База «Асгард» получает 1 единицу урона; здоровье базы: 29.")


def test_ending_the_actions_phase_says_how_many_tokens_go_unused() -> None:
    st = fresh(seed=1)
    end = Action("end actions")
    assert st.game.label(end, "en", st.view(0)) == (
        "End the actions phase, leaving 3 tokens unused")
    assert st.game.label(end, "ru", st.view(0)) == (
        "Закончить фазу действий (не потрачено 3 жетона)")


def test_the_map_fits_80_columns_and_shows_full_names_in_its_key() -> None:
    st = fresh(seed=1)
    unlock(st)
    place(st, "hermes", "f5")
    lines = map_lines(cast(View, st.view(0)), "en")
    assert max(map(len, lines)) <= 77 and len(lines) == 12
    assert "f5 ●He" in lines[4]
    catalogue = st.game.catalogue("en")
    assert catalogue["hermes"]["numbers"]["move"] == 4
    assert "Winged Sandals" in catalogue["hermes"]["text"]


def test_english_card_texts_match_the_content_files() -> None:
    g = meeple.load("heavens")
    for pid in ("greek", "norse", "egyptian"):
        _, chars, powers = pantheon(pid)
        en = g.catalogue("en")
        for c in chars:
            assert en[c.id]["text"].endswith(c.ability.text)
        for p in powers:
            assert en[p.id]["text"].endswith(p.text)


def test_hex_labels_match_the_board() -> None:
    st = fresh()
    assert hexi(st, "f12") >= 0
