"""AND-11/12/13: a creature's mean roll (the bots' odds) is exact and cheap for many dice."""

from __future__ import annotations

import itertools

import pytest

from meeple.components.dice import best_or_identical_sum
from meeple.games.andor.fight import mean_roll
from meeple.games.andor.params import BLACK_DIE


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(("colour", "faces"), [("red", (1, 2, 3, 4, 5, 6)),
                                               ("black", BLACK_DIE)])
def test_the_mean_roll_equals_the_mean_over_every_ordered_roll(
        n: int, colour: str, faces: tuple[int, ...]) -> None:
    rolls = list(itertools.product(faces, repeat=n))
    assert mean_roll(n, colour) == pytest.approx(
        sum(best_or_identical_sum(r) for r in rolls) / len(rolls), abs=1e-12)


def test_twenty_dice_are_counted_by_their_faces_not_their_orders() -> None:
    """A content file may give a creature many dice; 6 ** 20 ordered rolls would not fit in
    memory, the 53,130 multisets of faces do."""
    assert 20 < mean_roll(20, "red") < 40
