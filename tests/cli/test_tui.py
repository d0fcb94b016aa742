"""The terminal play loop, driven with scripted input and read as plain text."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest
from rich.console import Console

import meeple
from meeple.core import game_class
from meeple.games._template import Template
from meeple.games.tictactoe.render import render
from meeple.tui import Session

from .scripted import scripted


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """An empty working directory and a user data folder of the test's own."""
    cwd, data = tmp_path / "cwd", tmp_path / "data"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("MEEPLE_DATA_DIR", str(data))
    return cwd, data


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=60, color_system=None, force_terminal=False), out




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
        " Ходят: Крестики \n"
    )


def test_bad_input_reprompts_with_the_reason_and_never_crashes(tmp_path: Path) -> None:
    con, out = console()
    ask, _ = scripted(["42", "mark z9", "help", "mark b2", "quit"])
    game = meeple.load("tictactoe")
    session = Session(game, ["human", "random"], 5, "en", con, ask, tmp_path / "r.json")
    state = session.run()
    text = " ".join(out.getvalue().split())
    assert "There is no action 42; choose 1 to 9." in text
    assert "“mark z9” is not one of your actions now." in text
    assert "Commands: info NAME" in text
    assert "Noughts (random bot): Mark " in text  # the bot's move is shown
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


def test_undo_is_refused_once_another_human_has_decided() -> None:
    con, out = console()
    ask, _ = scripted(["", "mark a1", "", "mark b1", "", "undo", "quit"])
    state = Session(meeple.load("tictactoe"), ["human", "human"], 2, "en", con, ask,
                    Path("/dev/null")).run()
    assert "Cannot undo: another player has decided since your move." in out.getvalue()
    assert [str(a) for a in state.actions_taken()] == ["mark a1", "mark b1"]


def test_hot_seat_undo_within_ones_own_turn_goes_back_without_a_handover() -> None:
    con, out = console()
    ask, prompts = scripted(["", "move to 17", "undo", "move to 3", "quit"])
    state = Session(meeple.load("andor", players=2), ["human", "human"], 1, "en", con, ask,
                    Path("/dev/null")).run()
    assert [str(a) for a in state.actions_taken()] == ["move to 3"]
    assert sum(p.startswith("Pass the keyboard") for p in prompts) == 1
    assert "Back to before your move: Move to region 17" in out.getvalue()
    assert "Cannot undo" not in out.getvalue()


@pytest.mark.parametrize(("lang", "refusal"), [
    ("en", "Cannot undo: something hidden was revealed to you since your move."),
    ("ru", "Отменить нельзя: после вашего хода вам открылось скрытое."),
])
def test_a_card_drawn_cannot_be_undone(lang: str, refusal: str) -> None:
    con, out = console()
    ask, _ = scripted(["draw 1", "undo", "quit"])
    state = Session(meeple.load("myth"), ["human", "random", "random"], 3, lang, con, ask,
                    Path("/dev/null")).run()
    assert refusal in " ".join(out.getvalue().split())
    assert [str(a) for a in state.actions_taken()] == ["draw 1"]


def test_drawing_no_card_can_be_undone() -> None:
    con, out = console()
    ask, _ = scripted(["draw 0", "undo", "quit"])
    state = Session(meeple.load("myth"), ["human", "random", "random"], 3, "en", con, ask,
                    Path("/dev/null")).run()
    assert state.n_actions == 0 and "Cannot undo" not in out.getvalue()
    assert "Back to before your move: Draw no cards." in out.getvalue()


def test_a_die_rolled_cannot_be_undone() -> None:
    con, out = console()
    game = meeple.load("grabhit")
    s = game.new_state(seed=1)
    script = []
    while s.to_act != 0 or "spin" not in [str(a) for a in s.legal_actions()]:
        a = s.legal_actions()[0]
        script.append(str(a))
        s.apply(a)
    ask, _ = scripted(["spin", "undo", "quit"])
    session = Session(game, ["human", "random", "random", "random"], 1, "en", con, ask,
                      Path("/dev/null"))
    for text in script:  # the heroes are chosen before the wheel turns
        session.state.apply(text)
    state = session.run()
    assert str(list(state.actions_taken())[len(script)]) == "spin"
    assert ("Cannot undo: dice were rolled, a card or tile was drawn or something was shuffled "
            "since your move.") in " ".join(out.getvalue().split())


def test_hot_seat_shows_a_private_hand_only_to_its_seat() -> None:
    game = cast(Template, game_class("_template")(players=2))
    hands = [sorted(game.content.cards[c].label("en") for c in h)
             for h in game.new_state(seed=4).hands]
    assert hands[0] != hands[1]
    con, out = console()
    ask, prompts = scripted(["", "1", "", "quit"])
    Session(game, ["human", "human"], 4, "en", con, ask, Path("/dev/null")).run()
    text = " ".join(out.getvalue().split())
    first, second = text.split("Your hand:", 2)[1:]
    assert first.startswith(" " + ", ".join(hands[0]))
    assert second.startswith(" " + ", ".join(hands[1]))
    assert prompts[0].startswith("Pass the keyboard to Player 1 (player 1)")
    assert prompts[2].startswith("Pass the keyboard to Player 2 (player 2)")
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


#: A seed whose digits no screen shows by chance.
SEED = 918_273_645
#: Seat 0 takes column a while seat 1 plays b: five moves, then X has won.
HOT_SEAT_GAME = ["", "mark a1", "", "mark b1", "", "mark a2", "", "mark b2", "", "mark a3"]


def test_hot_seat_screen_shows_no_seed_before_the_end_and_the_record_goes_to_the_data_folder(
        folders: tuple[Path, Path]) -> None:
    cwd, data = folders
    con, out = console()
    ask, prompts = scripted(HOT_SEAT_GAME)
    state = Session(meeple.load("tictactoe"), ["human", "human"], SEED, "en", con, ask).run()
    assert state.is_over and len(prompts) == len(HOT_SEAT_GAME)
    before, end = out.getvalue().split("Game over")
    assert str(SEED) not in before + "".join(prompts)
    assert (f"Seed {SEED}: meeple play tictactoe --seed {SEED} deals this game again."
            in " ".join(end.split()))
    saved = end.split("Record saved to ")[1].strip()
    path = Path(saved)
    assert path.parent == data / "records" and path.name.startswith("tictactoe-")
    assert meeple.replay(json.loads(path.read_text("utf-8"))).to_json() == state.to_json()
    assert list(cwd.iterdir()) == []


def test_quitting_saves_to_a_new_file_each_time_and_shows_no_seed(
        folders: tuple[Path, Path]) -> None:
    cwd, data = folders
    paths = []
    for _ in range(2):
        con, out = console()
        ask, _ = scripted(["", "mark a1", "", "quit"])
        Session(meeple.load("tictactoe"), ["human", "human"], SEED, "en", con, ask).run()
        assert str(SEED) not in out.getvalue()
        paths.append(Path(out.getvalue().split("Record saved to ")[1].strip()))
    assert paths[0] != paths[1] and all(p.exists() for p in paths)
    assert sorted((data / "records").iterdir()) == sorted(paths)
    assert list(cwd.iterdir()) == []


def test_an_unwritable_record_path_is_reported_not_raised(tmp_path: Path) -> None:
    con, out = console()
    ask, _ = scripted(["quit"])
    blocker = tmp_path / "file"
    blocker.write_text("")
    Session(meeple.load("tictactoe"), ["human", "random"], 1, "en", con, ask,
            blocker / "r.json").run()
    assert f"Could not save the record to {blocker / 'r.json'}:" in " ".join(
        out.getvalue().split())


def test_meeple_play_in_a_real_terminal_session(folders: tuple[Path, Path]) -> None:
    """The command itself, fed by a pipe: the seed shows only after the end."""
    cwd, data = folders
    env = {**os.environ, "MEEPLE_DATA_DIR": "", "XDG_DATA_HOME": str(data), "COLUMNS": "80"}
    done = subprocess.run(
        [sys.executable, "-m", "meeple.cli", "play", "tictactoe", "--seats", "human,human"],
        input="\n".join(HOT_SEAT_GAME) + "\n", capture_output=True, text=True, cwd=cwd,
        env=env, timeout=60, check=True)
    before, end = done.stdout.split("Game over")
    seed = end.split("Seed ")[1].split(":")[0]
    assert seed.isdigit() and seed not in before
    path = Path(end.split("Record saved to ")[1].strip())
    assert json.loads(path.read_text("utf-8"))["seed"] == int(seed)
    assert path.parent == data / "meeple" / "records"  # platformdirs' user data folder
    assert list(cwd.iterdir()) == []


def test_why_names_none_of_a_bots_hidden_cards() -> None:
    """Heavens against a greedy bot, asking ``why`` at every turn: the cards in the bot's hand
    that it weighed but did not play never appear; hidden candidates read as such."""
    game = meeple.load("heavens")
    name = dict(zip(game.ids, game.names, strict=True))  # type: ignore[attr-defined]
    con, out = console()
    answers: list[str] = []
    checked = [0]

    def ask(prompt: str) -> str:
        move = session.last_bot
        if answers and answers[-1] == "why" and move is not None:
            screen = out.getvalue()[mark[0]:]
            assert f"{session.names(0)[1]} considered:" in screen
            hand = {name[c] for c in move.before.view(1)["hands"][1]["cards"]}
            hidden = {n for n in hand if n not in move.action.text}
            assert not [n for n in hidden if n in screen], (screen, hidden)
            checked[0] += "a move hidden from you" in screen
        mark[0] = len(out.getvalue())
        if len(answers) > 120:
            raise EOFError
        answers.append("why" if not answers or answers[-1] != "why" else "1")
        return answers[-1]

    mark = [0]
    session = Session(game, ["human", "greedy"], 3, "en", con, ask, Path("/dev/null"))
    session.run()
    assert checked[0] > 3
