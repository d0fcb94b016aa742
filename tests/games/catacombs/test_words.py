"""The catacombs in words (docs/words.md): exact sentences and labels in English and Russian,
money in coins (never the half coins the rules count in), and the greedy bot a person meets."""

from __future__ import annotations

from typing import Any

from meeple.agents import GreedyAgent, InfoSet
from meeple.core import Action
from meeple.games.catacombs.heuristic import evaluate
from meeple.games.catacombs.lookup import money

from .helpers import at, fresh, give, put_card, started


def said(st: Any, lang: str, kind: str) -> list[str]:
    """The sentences of the events of ``kind`` so far, as a spectator reads them."""
    g = st.game
    names = g.seat_names(st.view(None), lang)
    return [g.describe(e, lang, names) for e in st.events(None) if e["type"] == kind]


def label(st: Any, text: str, lang: str) -> str:
    return str(st.game.label(Action(text), lang, st.view(st.to_act)))


def test_coins_are_counted_with_the_plural_of_the_language() -> None:
    assert [money(n, "ru") for n in (1, 2, 5, 21, 137.5)] == [
        "1 монета", "2 монеты", "5 монет", "21 монета", "137,5 монеты"]
    assert [money(n, "en") for n in (1, 120, 137.5)] == ["1 coin", "120 coins", "137.5 coins"]


def test_a_purchase_is_told_in_coins_at_the_price_paid() -> None:
    """CAT-16/17: 120 coins at an entrance, 180 elsewhere; the rules count 240 and 360 half
    coins, which nobody reads."""
    st = started()
    s = st.active
    assert s == 0
    assert label(st, "buy Short Sword", "en") == (
        "Buy Short Sword — 120 coins (needs strength 3, you have 2)")
    assert label(st, "buy Short Sword", "ru") == (
        "Купить: Короткий меч — 120 монет (нужна сила 3, у вас 2)")
    assert label(st, "buy Dagger", "en") == "Buy Dagger — 60 coins (needs strength 2)"
    st.apply("buy Short Sword")
    assert said(st, "en", "buy") == ["Red dwarf buys the Short Sword for 120 coins."]
    assert said(st, "ru", "buy") == ["Красный гном покупает: Короткий меч — 120 монет."]
    st.position[s] = at(st, 1, 0)  # away from the entrance the shop asks 1.5 times
    st.tile[at(st, 1, 0)] = 15
    fresh(st)
    assert label(st, "buy Dagger", "en") == "Buy Dagger — 90 coins (needs strength 2)"
    st.apply("buy Dagger")
    assert said(st, "en", "buy")[-1] == "Red dwarf buys the Dagger for 90 coins."
    assert st.view()["dwarves"][s]["money"] == 90


def test_a_trade_offer_is_told_in_coins() -> None:
    """CAT-20: 110 coins offered are 110 coins in the sentence (the state holds 220 halves)."""
    st = started()
    give(st, 1, "ruby")
    for a in ("offer trade to seat 1", "give 100 coins", "give 10 coins", "ask Ruby"):
        st.apply(a)
    assert label(st, "give 100 coins", "ru") == "Отдать 100 монет"
    st.apply("propose")
    assert label(st, "accept", "en") == "Accept: you get 110 coins; you give Ruby"
    assert said(st, "en", "offer") == [
        "Red dwarf offers Blue dwarf a trade: gives 110 coins, asks for Ruby."]
    assert said(st, "ru", "offer") == [
        "Красный гном предлагает обмен. Кому: Синий гном. Отдаёт: 110 монет. Просит: Рубин."]
    st.apply("accept")
    assert said(st, "ru", "trade_accepted") == [
        "Синий гном принимает обмен. Предложил: Красный гном."]


def test_a_fight_is_offered_with_its_odds_and_the_battle_table() -> None:
    """CAT-52: a ghost cannot be beaten with bare fists: the fight says 0% and the screen
    shows what each roll does against it."""
    st = started()
    s = st.active
    cell = at(st, 1, 0)
    put_card(st, cell, "monster:ghost")
    st.apply("explore east")
    assert label(st, "fight", "en") == "Fight the Ghost — 0% to win"
    assert label(st, "fight", "ru") == "Сразиться. Противник: Призрак. Шанс победы 0%"
    assert said(st, "en", "reveal") == [
        "Red dwarf turns up the card at B1: the Ghost, a monster. Fight or retreat."]
    from meeple.tui import screen
    text = screen(st.game, st, s, "en", 80)
    assert "Die with your Fists: 1–6 miss — 0% to win." in text
    assert "Battle with the Ghost: attack 3, +4 experience for the kill." in " ".join(
        text.split())


def test_attacks_and_wounds_read_as_sentences() -> None:
    st = started()
    cell = at(st, 1, 0)
    put_card(st, cell, "monster:rat")
    st.apply("explore east")
    st.apply("fight")
    st.apply("attack")
    lines = said(st, "ru", "attack") + said(st, "ru", "wound")
    assert lines[0].startswith("Красный гном атакует. Противник: Гигантская крыса. Выпало ")
    assert all("{" not in x for x in lines)


def test_seat_names_and_the_result_name_dwarves_by_colour() -> None:
    st = started(players=4)
    assert st.game.seat_names(st.view(None), "ru") == [
        "Красный гном", "Синий гном", "Зелёный гном", "Жёлтый гном"]
    from meeple.core import Result
    res = Result((2,), (3.0, -4.0, 7.0, 1.0), 40, "tenth-vein", "", {"kills": [1, 0, 2, 5]})
    assert st.game.outcome(res, "ru") == [
        "Победитель: Зелёный гном. Найдена последняя мифриловая жила: игра окончена.",
        "Красный гном: 3 очка опыта, 1 монстр убит",
        "Синий гном: −4 очка опыта, 0 монстров убито",
        "Зелёный гном: 7 очков опыта, 2 монстра убито — победа",
        "Жёлтый гном: 1 очко опыта, 5 монстров убито"]
    assert "death" in st.game.notices


def test_the_greedy_bot_retreats_from_a_monster_it_cannot_beat() -> None:
    """The greedy bot a person meets never fights what its weapon cannot beat (the ghost, with
    bare fists)."""
    st = started()
    put_card(st, at(st, 1, 0), "monster:ghost")
    st.apply("explore east")
    for seed in range(5):
        world = st.clone()
        bot = GreedyAgent(seed)
        while world.step == "monster":  # buying experience on the way is its business
            chosen = bot.choose(InfoSet(world, world.active)).text
            assert chosen != "fight"
            world.apply(chosen)
        assert chosen == "retreat"


def test_the_greedy_bot_opens_no_offer_that_would_not_help_both_sides() -> None:
    """An empty offer, or one its partner would refuse, is worth nothing to its composer."""
    st = started()
    give(st, 1, "ruby")
    before = evaluate(st, 0)
    st.apply("offer trade to seat 1")
    assert evaluate(st, 0) == 0.0 < before
    st.apply("give 100 coins")  # a gift: the partner gains, the composer loses
    assert evaluate(st, 0) == 0.0
    st.apply("cancel trade")
    for seed in range(5):
        assert not GreedyAgent(seed).choose(InfoSet(st, st.active)).text.startswith("offer")
