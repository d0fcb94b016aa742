"""A golden playthrough: a fixed seed and fixed random choices always give the same game."""

from __future__ import annotations

import meeple

from ..golden import playthrough

FIRST_ACTIONS = [
    "draw 1", "explore west", "place EW", "play Thrall", "play Web Trap", "resolve Soulless",
    "remove Thrall", "draw 0", "explore south", "redraw tile", "place NEW", "pass", "pass",
    "play Magic Bow", "draw 1", "explore east", "place EW", "pass",
    "play The Contract (left)", "resolve The Contract (right)", "draw 1", "explore west",
    "place NEW", "play Ghol", "play Thrall",
]


def test_golden_playthrough_three_players() -> None:
    """Seed 2024, three players, choices from random.Random(99): pinned length and result."""
    st, counts = playthrough("myth", 3, seed=2024, choices=99)
    res = st.result()
    assert st.record()["actions"][:25] == FIRST_ACTIONS
    assert (len(counts), sum(counts)) == (236, 756)
    assert (res.winners, res.reason, res.turns) == ((2,), "events-out", 94)
    assert meeple.replay(st.record()).to_json() == st.to_json()
