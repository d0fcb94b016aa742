"""When a player may take a decision back, decided from the contract alone, for every game.

Taking back a move is fair only if the player learned nothing by making it. Following the
policy of Board Game Arena, an undo never crosses

* another human's decision (``"human"``): it is theirs, not the asker's, to take back;
* a random outcome (``"chance"``): dice, a draw, a wheel or a shuffle advanced the state's
  generator, so trying again would be re-rolling;
* a reveal (``"reveal"``): the player's view or events after the sequence would have been
  different in another world consistent with what the player knew at the undo point.

The reveal test replays the same actions in ``samples`` determinizations of the undo point for
the asking seat. If one of them is not legal there, or the seat's view or new events differ from
the true ones, the sequence told the seat something about the hidden part, and it stands.
Only ``view``, ``events``, ``legal_actions``, ``apply``, ``determinize`` and ``rng.state`` are used.

>>> import meeple
>>> s = meeple.load("tictactoe").new_state()
>>> before = s.clone()
>>> s.apply("mark b2"); s.apply("mark a1")
>>> undo_allowed(before, list(s.actions_taken()), seat=0) is None
True
>>> undo_allowed(before, list(s.actions_taken()), seat=0, humans={0, 1})
'human'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

from meeple.core import Action, IllegalAction, State

#: Why an undo is refused: another human decided, chance was drawn, or something was revealed.
Refusal = Literal["human", "chance", "reveal"]

#: Worlds tried by the reveal test.
SAMPLES = 32


def undo_allowed(before: State, actions: Sequence[Action | str], seat: int,
                 humans: Collection[int] = (), samples: int = SAMPLES) -> Refusal | None:
    """None if ``seat`` may go back from ``before`` followed by ``actions`` to ``before``;
    else why not. ``humans`` are the seats played by people (the asker may be among them)."""
    after = before.clone()
    for a in actions:
        actor = after.to_act
        if actor is not None and actor != seat and actor in humans:
            return "human"
        after.apply(a)
    if after.rng.state != before.rng.state:
        return "chance"
    if _reveals(before, after, actions, seat, samples):
        return "reveal"
    return None


def _reveals(before: State, after: State, actions: Sequence[Action | str], seat: int,
             samples: int) -> bool:
    """True if some world ``seat`` could not tell from ``before`` ends the sequence differently
    for it: an action is not legal there, or its view or new events differ."""
    view, start = after.view(seat), len(before.events(seat))
    news = after.events(seat)[start:]
    for k in range(samples):
        world = before.determinize(seat, k)
        offset = len(world.events(seat))
        try:
            for a in actions:
                world.apply(a if isinstance(a, str) else a.text)
        except IllegalAction:
            return True
        if world.view(seat) != view or world.events(seat)[offset:] != news:
            return True
    return False
