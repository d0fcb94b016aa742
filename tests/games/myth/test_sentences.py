"""Sentences a player reads that once misled: a draw of nothing told twice, dice told as two
bare numbers, a draw's price unexplained, a card's doubled price without its reason."""

from __future__ import annotations

from meeple.games.myth.state import MythState

from .scenario import fresh, open_cell, turn_of


def _told(st: MythState, seat: int, lang: str = "en") -> list[str]:
    names = st.game.seat_names(st.view(seat), lang)
    return [st.game.describe(e, lang, names) for e in st.events(seat)]


def test_a_draw_of_no_cards_is_told_once() -> None:
    st = fresh(3, 1)
    turn_of(st, 0, draw=None)
    st.apply("draw 0")
    for seat in (0, 1):
        lines = [t for t in _told(st, seat) if "draws no cards" in t]
        assert len(lines) == 1, lines


def test_the_dice_are_told_as_percentile_dice() -> None:
    st = fresh(3, 1)
    e = {"type": "roll", "seat": 0, "value": 75, "tens": 7, "units": 5, "purpose": "trap"}
    names = ["Archer", "Dwarf", "Warrior"]
    assert st.game.describe(e, "en", names) == (
        "Archer rolls the percentile dice: 7 and 5, that is 75.")
    assert st.game.describe(e, "ru", ["Лучник", "Гном", "Воин"]) == (
        "Лучник бросает процентные кубики: 7 и 5, то есть 75.")
    m = {**e, "purpose": "thrall attack"}
    assert "percentile dice for the Thrall" in st.game.describe(m, "en", names)


def test_a_paid_draw_says_which_cards_are_free_and_which_paid() -> None:
    st = fresh(3, 1)
    st.hand[0] = st.deck[:5]
    del st.deck[:5]
    turn_of(st, 0, draw=None)
    view = st.view(0)
    label = {a.text: st.game.label(a, "en", view) for a in st.legal_actions()}
    assert label["draw 1"] == "Draw 1 card — free"
    assert label["draw 2"] == "Draw 2 cards: 1 free up to 6 in hand and 1 beyond for 2 resources"
    ru = {a.text: st.game.label(a, "ru", view) for a in st.legal_actions()}
    assert ru["draw 2"] == "Взять 2 карты: 1 бесплатно до 6 на руке и 1 сверх того за 2 ресурса"
    st.hand[0].append(st.deck.pop())
    view = st.view(0)
    assert st.game.label(st.game.logged("draw 1"), "en", view) == (
        "Draw 1 card beyond 6 in hand for 2 resources")
    # what is taken stands in the accusative: "1 карту", not "1 карта"
    assert st.game.label(st.game.logged("draw 1"), "ru", view) == (
        "Взять 1 карту сверх 6 на руке за 2 ресурса")


def test_a_card_on_explored_ground_shows_its_doubled_price_and_why() -> None:
    st = fresh(3, 1)
    open_cell(st, (1, 0))
    st.hand[0] = ["rest"]
    turn_of(st, 0)
    st.apply("move east")
    view = st.view(0)
    play = next(a for a in st.legal_actions() if a.text == "play The Rest")
    assert st.game.label(play, "en", view).startswith(
        "Play The Rest — 2 resources, double on explored ground:")
    assert st.game.label(play, "ru", view).startswith(
        "Сыграть «Отдых» — 2 ресурса, вдвое на исследованной клетке:")
