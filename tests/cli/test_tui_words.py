"""The terminal table in words: menus, typed labels, looking things up, the flow of a game."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import meeple
from meeple.core import game_class
from meeple.tui import Session

from .scripted import scripted


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEEPLE_DATA_DIR", str(tmp_path / "data"))


def play(game: meeple.Game[Any], seats: list[str], lines: list[str], lang: str = "en",
         seed: int = 5) -> tuple[Session, str, list[str]]:
    """Run a session on scripted input; what it printed (spaces squeezed) and its prompts."""
    out = io.StringIO()
    con = Console(file=out, width=80, color_system=None, force_terminal=False)
    ask, prompts = scripted(lines)
    session = Session(game, seats, seed, lang, con, ask, Path("/dev/null"))
    session.run()
    return session, " ".join(out.getvalue().split()), prompts


def taken(session: Session) -> list[str]:
    return [a.text for a in session.state.actions_taken()]


def test_empty_enter_shows_the_actions_again() -> None:
    session, text, _ = play(meeple.load("tictactoe"), ["human", "random"], ["", "2", "quit"])
    first_move = text.split("Noughts (random bot):")[0]
    assert first_move.count("Your actions") == 2
    assert "is not legal" not in text and "not one of your actions" not in text
    assert taken(session)[0] == "mark b1"


@pytest.mark.parametrize(("lang", "typed"), [("en", "mark b2"), ("en", "Mark B2"),
                                             ("ru", "поставить знак в клетку b2")])
def test_a_typed_label_or_text_is_accepted(lang: str, typed: str) -> None:
    session, _, _ = play(meeple.load("tictactoe"), ["human", "random"], [typed, "quit"], lang)
    assert taken(session)[0] == "mark b2"


def test_info_shows_what_a_thing_is_in_the_players_language() -> None:
    game = game_class("_template")(players=2)
    _, text, _ = play(game, ["human", "random"], ["info flame", "info Пожар", "info xyz",
                                                   "info", "quit"])
    assert "Flame — card Points: 2, copies: 3 Played from the hand, it scores 2 points." in text
    assert "(written for meeple)" in text
    assert "Blaze — card" in text  # looked up by its Russian name
    assert "Nothing here is called “xyz”." in text
    assert "Type info and a name, for example: info Spark." in text
    _, ru, _ = play(game, ["human", "random"], ["инфо искра", "quit"], "ru")
    assert "Искра — карта Очки: 1, копий в колоде: 4 Сыгранная из руки, приносит 1 очко." in ru
    assert "(придумано для meeple)" in ru


def test_the_keyboard_is_handed_over_only_to_another_human_and_keeps_no_move() -> None:
    """A move typed at the hand-over prompt is not played: the prompt asks again."""
    session, _, prompts = play(meeple.load("tictactoe"), ["human", "human"],
                               ["mark b2", "", "mark b2", "", "mark a1", "", "quit"])
    assert taken(session) == ["mark b2", "mark a1"]
    assert [p.split(" ")[0] for p in prompts[:3]] == ["Pass", "Press", "Crosses"]
    handovers = [p for p in prompts if p.startswith("Pass the keyboard")]
    assert handovers == [f"Pass the keyboard to {who}, then press Enter. " for who in
                         ("Crosses (player 1)", "Noughts (player 2)", "Crosses (player 1)")]


def test_a_seat_deciding_twice_in_a_row_is_not_handed_the_keyboard_again() -> None:
    game = meeple.load("andor", players=2)
    st = game.new_state(seed=1)
    seat = st.to_act
    first = st.legal_actions()[0]
    st.apply(first)
    assert st.to_act == seat  # the same hero decides again
    _, _, prompts = play(game, ["human", "human"], ["", first.text, "quit"], seed=1)
    assert sum(p.startswith("Pass the keyboard") for p in prompts) == 1


def test_bot_decisions_are_told_one_line_each() -> None:
    out = io.StringIO()
    con = Console(file=out, width=200, color_system=None, force_terminal=False)
    session = Session(meeple.load("tictactoe"), ["random", "random"], 3, "en", con,
                      input, Path("/dev/null"))
    session.run()
    lines = out.getvalue().splitlines()
    told = [ln for ln in lines if "(random bot): Mark " in ln]
    assert len(told) == session.state.n_actions
    assert "Game over" in out.getvalue()


@pytest.mark.parametrize(("seed", "headline"), [
    (3, r"(Crosses|Noughts) \(random bot\) have three in a row\."),
])
def test_the_end_screen_tells_the_result_in_words_with_a_line_per_seat(
        seed: int, headline: str) -> None:
    _, text, _ = play(meeple.load("tictactoe"), ["random", "random"], [], seed=seed)
    assert re.search(headline, text)
    assert re.search(r"Crosses \(random bot\): (won|lost)", text)
    assert re.search(r"Noughts \(random bot\): (won|lost)", text)


def test_a_russian_game_speaks_russian() -> None:
    _, text, prompts = play(meeple.load("tictactoe"), ["human", "random"],
                            ["", "help", "1", "bad", "quit"], "ru")
    shown = text.split("Запись сохранена")[0] + " ".join(prompts)
    shown = shown.replace("Английские info, help, undo, why и quit", "")
    latin = {w for w in re.findall(r"[A-Za-z]+", shown) if not re.fullmatch(r"[abc][123]?|X|O",
                                                                            w)}
    assert latin == {"Enter", "bad"}  # the key's name as printed on keys; what was typed
    assert "Нолики (случайный бот): Поставить знак в клетку" in text
    assert "«bad» — сейчас не ваше действие." in text


def test_a_long_menu_folds_runs_of_amounts_into_one_line_whose_numbers_still_choose() -> None:
    from meeple.tui.screen import fold

    en = ["Pass", *(f"Bid {n} coins on Frozen Lake" for n in range(16, 26)), "Bid 3 coins"]
    assert fold(en) == [(1, 1, "Pass"), (2, 11, "Bid 16–25 coins on Frozen Lake"),
                        (12, 12, "Bid 3 coins")]
    forms = {20: "монет", 21: "монета", 22: "монеты"}
    ru = [f"Ставка {n} {forms[n]} на лот «Озеро»" for n in (20, 21, 22)]
    assert fold(ru) == [(1, 3, "Ставка 20–22 монеты на лот «Озеро»")]
    assert fold(["Move to 3", "Move to 4"]) == [(1, 1, "Move to 3"), (2, 2, "Move to 4")]
    assert fold(["Go to 1 north", "Go to 2 south", "Go to 3 east"]) == [
        (1, 1, "Go to 1 north"), (2, 2, "Go to 2 south"), (3, 3, "Go to 3 east")]


@pytest.mark.parametrize(("game_id", "players"), [("grabhit", 2), ("myth", 3), ("andor", 2)])
def test_what_befalls_the_watching_seat_is_a_notice_of_its_own(game_id: str,
                                                                 players: int) -> None:
    """A random game run until one of the game's notice events names a seat; that seat, as
    the human at the table, reads it on a line of its own marked », in words."""
    import random

    game = meeple.load(game_id, players=players)
    for seed in range(40):
        st, pick = game.new_state(seed=seed), random.Random(seed)
        while not st.is_over and st.n_actions < 3000:
            st.apply(pick.choice(st.legal_actions()))
            hit = [e for e in st.events(None) if e["type"] in game.notices and "seat" in e]
            if hit:
                break
        if hit:
            break
    else:
        pytest.skip(f"no {game_id} notice in 40 random games")
    seat = hit[0]["seat"]
    out = io.StringIO()
    seats = ["random"] * players
    seats[seat] = "human"
    session = Session(game, seats, 1, "en", Console(file=out, width=400, color_system=None),
                      input, Path("/dev/null"))
    session.state = st
    session.narrate(seat)
    told = game.describe(st.events(seat)[[e["type"] for e in st.events(seat)].index(
        hit[0]["type"])], "en", session.names(seat))
    notice = "» " + told[:1].upper() + told[1:]
    assert notice in [" ".join(ln.split()) for ln in out.getvalue().splitlines()], told


def test_a_bot_building_a_trade_is_told_on_one_line() -> None:
    """Catacombs, three greedy dwarves: the steps of an offer (open, goods, send) show nothing
    until it is sent, so they are told as one decision, with the offer that followed."""
    out = io.StringIO()
    con = Console(file=out, width=400, color_system=None, force_terminal=False)
    session = Session(meeple.load("catacombs", players=3), ["greedy"] * 3, 4, "en", con,
                      input, Path("/dev/null"))
    session.run()
    lines = out.getvalue().splitlines()
    opened = [ln for ln in lines if "Offer a trade to" in ln]
    assert opened, "no trade was offered in this game"
    assert all("Send the offer →" in ln and "a trade: gives" in ln for ln in opened), opened


def test_why_tells_a_bots_reasons_in_the_readers_language() -> None:
    out = io.StringIO()
    con = Console(file=out, width=200, color_system=None, force_terminal=False)
    answers = iter(["1", "почему", "quit"])
    session = Session(meeple.load("tictactoe"), ["human", "mcts:50"], 2, "ru", con,
                      lambda _: next(answers), Path("/dev/null"))
    session.run()
    text = out.getvalue()
    assert "Нолики (средний бот) — взвешенные ходы:" in text  # mcts:50 is the fair level
    assert "воображаемых партий: " in text and "шансы" in text
    assert "imagined" not in text and "chances" not in text
