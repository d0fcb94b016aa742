"""The winner's line is in the view (``line``), so the board can mark it: TTT-2."""

from __future__ import annotations

import pytest

from meeple.core import load


def played(*moves: str) -> dict[str, object]:
    st = load("tictactoe", 2).new_state(0)
    for move in moves:
        st.apply(move)
    return dict(st.view(0))


@pytest.mark.parametrize(("moves", "line"), [
    (["mark a1", "mark b1", "mark a2", "mark b2", "mark a3"], ["a1", "a2", "a3"]),
    (["mark b2", "mark a1", "mark c3", "mark c1", "mark b1", "mark a3", "mark b3"],
     ["b1", "b2", "b3"]),
    (["mark c1", "mark a1", "mark b2", "mark b1", "mark a3"], ["c1", "b2", "a3"]),
])
def test_ttt_2_the_winning_line_is_in_the_view(moves: list[str], line: list[str]) -> None:
    assert played(*moves)["line"] == line


def test_no_line_while_playing_nor_on_a_draw() -> None:
    assert played("mark b2", "mark a1")["line"] == []
    draw = played("mark a1", "mark b2", "mark c3", "mark b1", "mark b3", "mark a3", "mark c1",
                  "mark c2", "mark a2")
    assert draw["over"] is True and draw["line"] == []
