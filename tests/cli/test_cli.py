"""The ``meeple`` command, run in-process."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from meeple.agents import LEVELS
from meeple.cli import main
from meeple.i18n import texts


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.output


def test_games_lists_names_in_both_languages() -> None:
    code, out = run("games")
    assert code == 0 and "tictactoe" in out and "Крестики-нолики" in out
    code, out = run("games", "--json")
    assert code == 0 and any(g["id"] == "tictactoe" for g in json.loads(out))


def test_play_between_bots_records_and_replay_verifies(tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    code, out = run("play", "tictactoe", "--seats", "random,random", "--seed", "3",
                    "--record", str(rec))
    assert code == 0, out
    assert "Game over" in out and rec.exists()
    code, out = run("replay", str(rec))
    assert code == 0 and "the record reproduces" in out
    data = json.loads(rec.read_text("utf-8"))
    data["actions"][1] = data["actions"][0]
    rec.write_text(json.dumps(data), "utf-8")
    code, out = run("replay", str(rec))
    assert code != 0 and "action 2" in out and "does not reproduce" in out


def test_replay_step_by_step(tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    run("play", "tictactoe", "--seats", "random,random", "--seed", "1", "--record", str(rec))
    n = len(json.loads(rec.read_text("utf-8"))["actions"])
    code, out = run("replay", str(rec), "--step", input="\n" * n)
    assert code == 0 and f"{n}/{n}" in out


def test_bad_input_is_a_clear_error() -> None:
    code, out = run("play", "chess")
    assert code != 0 and "unknown game 'chess'" in out
    code, out = run("play", "tictactoe", "--seats", "random,robot")
    assert code != 0 and "unknown agent 'robot'" in out
    code, out = run("play", "tictactoe", "--seats", "random")
    assert code != 0 and "played by 2 players, not 1" in out
    code, out = run("play", "tictactoe", "-o", "fast")
    assert code != 0 and "NAME=VALUE" in out
    code, out = run("bench", "chess")
    assert code != 0 and "unknown game" in out


def test_human_plays_through_the_command(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run("play", "tictactoe", "--seats", "human,random", "--seed", "2",
                    "--record", str(record), input="mark b2\nquit\n")
    assert code == 0 and "Noughts (random bot): Mark " in out
    assert json.loads(record.read_text("utf-8"))["actions"][0] == "mark b2"


def test_play_takes_a_level_and_names_the_bot_by_it(tmp_path: Path) -> None:
    code, out = run("play", "tictactoe", "--seats", "human,fair", "--seed", "2",
                    "--record", str(tmp_path / "game.json"), input="mark b2\nquit\n")
    assert code == 0 and "Noughts (fair bot): Mark " in out, out
    code, out = run("play", "tictactoe", "--seats", "strong,easy", "--seed", "2",
                    "--record", str(tmp_path / "bots.json"))
    assert code == 0 and "Crosses (strong bot)" in out and "Game over" in out, out
    code, out = run("play", "tictactoe", "--seats", "human,hard")
    assert code != 0 and "levels are: easy, fair, strong" in " ".join(out.split())


def test_play_help_lists_the_levels_with_how_they_play() -> None:
    code, out = run("play", "--help")
    assert code == 0
    flat = " ".join(out.split())
    t = texts("meeple", "en")
    for level in LEVELS:
        assert f"{level}: {t(f'level.{level}.about')}" in flat
    assert "[default: human,easy]" in flat
