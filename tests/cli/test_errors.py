"""Bad command lines: one line on stderr saying what is wrong, exit code 2, no traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from meeple.cli import main

BAD_LINES: list[tuple[list[str], str]] = [
    (["games", "--bogus"], "No such option '--bogus'"),
    (["nocommand"], "No such command 'nocommand'"),
    (["arena", "chess", "--seats", "random,random"], "the games are: andor, catacombs"),
    (["arena", "myth", "--seats", "human,random"], "in meeple play only"),
    (["arena", "myth", "--seats", "mcts:abc,random"], "mcts:800"),
    (["arena", "myth", "--seats", ","], "--seats needs one agent"),
    (["arena", "myth", "--seats", "random,random", "--games", "0"], "'--games'"),
    (["arena", "myth", "--seats", "random,random", "--games", "-3"], "'--games'"),
    (["arena", "myth", "--seats", "random,random", "--jobs", "0"], "'--jobs'"),
    (["arena", "myth", "--seats", "random,random", "--players", "9"], "9 seats need 9"),
    (["arena", "myth", "--seats", "random,random", "-o", "x"], "is not NAME=VALUE"),
    (["arena", "myth", "--seats", "random,random", "-o", "bank=1", "-o", "bank=2"],
     "given twice"),
    (["arena", "myth", "--seats", "random,random", "-o", "bank=zz"], "must be int"),
    (["arena", "myth", "--seats", "random,random", "-o", "nope=1"], "options are: bank"),
    (["bench", "--seconds", "0"], "'--seconds'"),
    (["bench", "--seconds", "-1"], "'--seconds'"),
    (["bench", "--seconds", "nan"], "more than 0"),
    (["bench", "--seconds", "inf"], "'--seconds'"),
    (["bench", "chess"], "unknown game 'chess'"),
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "tictactoe", "--seats", "random,random,random"], "2 players, not 3"),
    (["play", "myth", "--seats", "foo,random"], "unknown agent 'foo'"),
    (["play", "myth", "--lang", "de"], "'--lang'"),
]


@pytest.mark.parametrize(("args", "fragment"), BAD_LINES, ids=[" ".join(a) for a, _ in BAD_LINES])
def test_bad_command_line_is_one_line_and_exit_2(args: list[str], fragment: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and fragment in lines[0]
    assert result.stdout == ""
    assert not isinstance(result.exception, Exception) or isinstance(result.exception,
                                                                     SystemExit)


@pytest.mark.parametrize(("args", "fragment"), [
    (["bench", "--seconds", "0"], "'--seconds'"),
    (["arena", "myth", "--seats", "human,random"], "in meeple play only"),
    (["arena", "myth", "--seats", "random,random", "-o", "bank=zz"], "must be int"),
    (["play", "chess"], "unknown game 'chess'"),
    (["games", "--bogus"], "No such option"),
])
def test_bad_command_line_in_a_real_process(args: list[str], fragment: str) -> None:
    run = subprocess.run([sys.executable, "-m", "meeple.cli", *args], capture_output=True,
                         text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and fragment in lines[0]
