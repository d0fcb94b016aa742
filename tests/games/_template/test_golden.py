"""A golden playthrough from a fixed seed: the same choices always give the same game.

When a change of the rules changes it on purpose, pin the new figures and bump the game's
``version`` if old records no longer replay.
"""

from __future__ import annotations

import meeple

from ..golden import playthrough


def test_golden_playthrough_seed_2024() -> None:
    """The pinned game of seed 2024 with 3 players (legal-action counts and result)."""
    s, counts = playthrough("_template", 3, seed=2024)
    res = s.result()
    assert (res.winners, res.scores, res.reason, s.n_actions) == GOLDEN_RESULT
    assert counts == GOLDEN_COUNTS
    assert meeple.replay(s.record()).to_json() == s.to_json()


GOLDEN_RESULT: tuple[object, ...] = ((0,), (8.0, 4.0, 5.0), "hands-empty", 9)
GOLDEN_COUNTS: list[int] = [2, 2, 2, 2, 2, 1, 1, 1, 1]
