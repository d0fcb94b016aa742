"""The state of a legend: heroes, creatures and tokens as ids and counters.

Content lives in the game; every rule is a function in the mechanics modules (``day``,
``free``, ``market``, ``fight``, ``creatures``, ``sunrise``, ``events``, ``fog``, ``legend``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import State

from . import actions, heuristic, legend, validate, view
from .decisions import AndorDecision
from .fight import Fight

if TYPE_CHECKING:
    from .game import Andor


class AndorState(State):
    """Heroes, creatures and tokens as ids and counters; content lives in the game."""

    game: Andor
    # A clone copies the fields below; everything else is an immutable tuple or frozenset.
    _mutable = ("pos", "sp", "wp", "gold", "hours", "items", "ended", "carried", "falcon_used",
                "fight", "creatures", "farmers", "ground", "fog", "stock", "deck")
    decisions: list[AndorDecision]
    pos: list[int]
    sp: list[int]
    wp: list[int]
    gold: list[int]
    hours: list[int]
    items: list[tuple[str, ...]]
    ended: list[bool]
    carried: list[int]
    falcon_used: list[bool]
    fight: Fight | None
    creatures: dict[int, str]
    killed: tuple[str, ...]
    farmers: dict[int, int]
    ground: dict[int, tuple[str, ...]]
    wells_full: frozenset[int]
    fog: dict[int, str]
    fog_seen: frozenset[int]
    blocked: frozenset[int]
    stock: dict[str, int]
    deck: list[str]
    discard: tuple[str, ...]
    cards_read: tuple[str, ...]
    day: int
    letter: int
    rooster: int | None
    active: int
    free_steps: int
    free_used: int
    falcon_partner: int | None
    castle_creatures: int
    castle_farmers: int
    herb_delivered: bool
    market_open: bool
    witch: int | None
    creature_bonus: int
    next_day_hours: int
    last_event: str
    outcome: str
    outcome_detail: str

    _setup = legend.set_up
    _legal_actions = actions.legal
    _apply = actions.apply
    _result = legend.result

    def _evaluate(self, seat: int) -> float:
        """Cooperative: every seat gets the same estimate of how the legend goes."""
        return heuristic.evaluate(self, seat)

    _view = view.view
    _determinize = view.determinize
    _validate = validate.validate
