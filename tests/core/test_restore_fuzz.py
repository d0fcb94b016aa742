"""The restore fuzzer: mutated saved states of every game are refused with RecordError, or
play on (views, events, legal actions, 20 random actions) without a non-meeple exception.

The mutations and checks are ``benchmarks/restore_fuzz.py``'s, which runs a bigger fuzz and
prints the figures; here each game and its smallest and largest player count get a few
hundred mutations (cheaper games more), 4,200 in all.
"""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.core import RecordError
from tests.sim.scripts import load

fuzz = load("restore_fuzz")

#: Mutations per player count: what each game affords in a few seconds.
BUDGET = {"myth": 200, "catacombs": 200, "heavens": 200, "grabhit": 300, "andor": 200,
          "tictactoe": 1000, "_template": 500}
CASES = [(g, p) for g in meeple.game_ids(hidden=True) for p in fuzz.player_counts(g)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_mutated_state_is_refused_or_plays_on(game: str, players: int) -> None:
    tally = fuzz.fuzz(game, players, BUDGET.get(game, 200), seed=11)
    assert tally.raw == 0, "\n".join(tally.failures[:10])
    assert tally.tried == tally.refused + tally.accepted
    # Both outcomes happen: neither a restore that refuses everything nor one that checks
    # nothing passes.
    assert tally.refused > tally.tried // 4
    assert tally.accepted > 0


def test_every_game_has_a_budget() -> None:
    assert set(BUDGET) == set(meeple.game_ids(hidden=True))


def test_the_fuzzer_finds_a_state_that_crashes_when_nothing_is_checked() -> None:
    """The checks are what makes the fuzz pass: a tictactoe state whose board holds a mark
    that does not exist crashes ``view`` when built without them."""
    s = meeple.load("tictactoe").new_state(seed=1)
    data = json.loads(json.dumps(s.to_json()))
    data["fields"]["@d"]["board"][4] = 7
    with pytest.raises(RecordError, match=r"fields\.board\[4\]: 7 is not in 0\.\.2"):
        meeple.restore(data)
    raw = object.__new__(type(s))
    raw.__dict__.update(s.__dict__, board=[0, 0, 0, 0, 7, 0, 0, 0, 0])
    with pytest.raises(IndexError):
        fuzz.survives(raw, random.Random(0))
