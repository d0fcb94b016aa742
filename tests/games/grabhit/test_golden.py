"""A golden playthrough from a fixed seed: the same choices always give the same game."""

from __future__ import annotations

import meeple

from ..golden import playthrough


def test_golden_playthrough_seed_2024() -> None:
    """The pinned game of seed 2024 with 4 players (legal-action counts and result)."""
    s, counts = playthrough("grabhit", 4, seed=2024)
    res = s.result()
    assert (res.winners, res.reason, res.turns, s.n_actions) == GOLDEN_RESULT
    assert counts[:40] == GOLDEN_COUNTS
    again = meeple.replay(s.record())
    assert again.to_json() == s.to_json()


#: Version 2 (a deck's card is chosen when drawn) deals other cards from the same seed.
GOLDEN_RESULT: tuple[object, ...] = ((3,), "gold-target", 17, 109)
GOLDEN_COUNTS: list[int] = [
    8, 7, 6, 5, 1, 2, 1, 1, 3, 1, 1, 5, 2, 1, 3, 1, 2, 3, 1, 2,
    1, 13, 9, 4, 1, 2, 1, 6, 2, 1, 1, 3, 4, 1, 2, 5, 2, 1, 2, 1,
]
