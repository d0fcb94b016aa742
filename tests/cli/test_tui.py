"""The terminal play loop, driven with scripted input and read as plain text."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

import meeple
from meeple.core import game_class
from meeple.games.tictactoe.render import render
from meeple.tui import Session


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=60, color_system=None, force_terminal=False), out


def scripted(lines: list[str]) -> tuple[Iterator[str], list[str]]:
    prompts: list[str] = []
    it = iter(lines)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return ask, prompts  # type: ignore[return-value]


def test_board_renders_as_exact_text_at_fixed_width() -> None:
    s = meeple.load("tictactoe").new_state(seed=1)
    s.apply("mark b2")
    s.apply("mark a1")
    con, out = console()
    con.print(render(s.view(0), 0, "ru"))
    assert out.getvalue() == (
        " Крестики-нолики \n"
        "┏━━━┳━━━┳━━━┳━━━┓\n"
        "┃   ┃ a ┃ b ┃ c ┃\n"
        "┡━━━╇━━━╇━━━╇━━━┩\n"
        "│ 1 │ O │   │   │\n"
        "├───┼───┼───┼───┤\n"
        "│ 2 │   │ X │   │\n"
        "├───┼───┼───┼───┤\n"
        "│ 3 │   │   │   │\n"
        "└───┴───┴───┴───┘\n"
        "     X ходит     \n"
    )


def test_bad_input_reprompts_with_the_reason_and_never_crashes(tmp_path: Path) -> None:
    con, out = console()
    ask, _ = scripted(["42", "mark z9", "help", "mark b2", "quit"])
    game = meeple.load("tictactoe")
    session = Session(game, ["human", "random"], 5, "en", con, ask, tmp_path / "r.json")
    state = session.run()
    text = " ".join(out.getvalue().split())
    assert "There is no action 42; choose 1 to 9." in text
    assert "'mark z9' is not legal now" in text
    assert "Commands: help, undo" in text
    assert "Seat 1 (random): mark" in text  # the bot's move is shown
    assert next(str(a) for a in state.actions_taken()) == "mark b2"
    saved = json.loads((tmp_path / "r.json").read_text("utf-8"))
    assert saved["actions"][0] == "mark b2"
    assert meeple.replay(saved).to_json() == state.to_json()


def test_undo_takes_back_the_humans_last_decision_and_the_bots_reply() -> None:
    con, _ = console()
    ask, _ = scripted(["mark a1", "undo", "mark c3", "quit"])
    session = Session(meeple.load("tictactoe"), ["human", "random"], 2, "en", con, ask,
                      Path("/dev/null"))
    state = session.run()
    taken = [str(a) for a in state.actions_taken()]
    assert taken[0] == "mark c3" and "mark a1" not in taken[:1]
    assert len(taken) == 2  # c3 and the bot's reply; a1 and its reply were taken back


def test_undo_is_refused_in_hot_seat_play() -> None:
    con, out = console()
    ask, _ = scripted(["", "undo", "1", "", "quit"])
    Session(meeple.load("tictactoe"), ["human", "human"], 2, "en", con, ask,
            Path("/dev/null")).run()
    assert "Undo is possible only when every other seat is a bot." in out.getvalue()


def test_hot_seat_shows_a_private_hand_only_to_its_seat() -> None:
    game = game_class("_template")(players=2)
    hands = [sorted(game.cards[c].id for c in h) for h in game.new_state(seed=4).hands]
    assert hands[0] != hands[1]
    con, out = console()
    ask, prompts = scripted(["", "1", "", "quit"])
    Session(game, ["human", "human"], 4, "en", con, ask, Path("/dev/null")).run()
    text = " ".join(out.getvalue().split())
    first, second = text.split("Your hand:", 2)[1:]
    assert first.startswith(" " + ", ".join(hands[0]))
    assert second.startswith(" " + ", ".join(hands[1]))
    assert prompts[0].startswith("Pass the keyboard to seat 0")
    assert prompts[2].startswith("Pass the keyboard to seat 1")
    # Seat 1's hand appears only once, after seat 1 confirmed it was at the keyboard.
    assert text.count(", ".join(hands[1])) == 1


def test_bots_only_game_plays_to_the_end_and_shows_the_result(tmp_path: Path) -> None:
    con, out = console()
    ask, prompts = scripted([])
    state = Session(meeple.load("tictactoe"), ["random", "random"], 9, "ru", con, ask,
                    tmp_path / "g.json").run()
    assert state.is_over and prompts == []
    assert "Игра окончена" in out.getvalue()
    assert meeple.replay(json.loads((tmp_path / "g.json").read_text("utf-8"))).is_over


def test_events_without_a_sentence_are_shown_plainly() -> None:
    from meeple.tui import plain_event

    assert plain_event({"type": "spin", "value": 3, "colours": ["black", "red"]}) == (
        "spin: value 3, colours black/red")
    assert plain_event({"type": "dawn"}) == "dawn"
