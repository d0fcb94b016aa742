"""The state of a legend: heroes, creatures and tokens as ids and counters.

Content lives in the game; every rule is a function in the mechanics modules (``day``,
``free``, ``market``, ``fight``, ``creatures``, ``sunrise``, ``events``, ``fog``, ``legend``),
sequenced by :mod:`.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core import Action, State
from meeple.core.seen import LogEntry

from . import actions, heuristic, legend, validate, view
from .decisions import AndorDecision
from .fight import Fight
from .turn import Ending, Phase, Step

if TYPE_CHECKING:
    from .game import Andor

__all__ = ["AndorState", "AndorWorld", "Ending", "Phase", "Step"]


class AndorState(State):
    """Heroes, creatures and tokens as ids and counters; content lives in the game."""

    game: Andor
    # A clone copies the fields below; everything else is an immutable tuple or frozenset.
    _mutable = ("position", "strength", "willpower", "gold", "hours", "items", "ended",
                "carried", "falcon_used", "fight", "creatures", "farmers", "ground", "fog",
                "stock", "deck")
    decisions: list[AndorDecision]
    #: True in a world (:class:`AndorWorld`): its face-down fog is dealt as it is turned up.
    loose: ClassVar[bool] = False
    _world_class: ClassVar[type[AndorState]]
    #: Each hero's region, strength, willpower, gold, hours spent today and held articles.
    position: list[int]
    strength: list[int]
    willpower: list[int]
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
    last_event: str | None
    ending: Ending | None
    ending_detail: str

    _setup = actions.set_up
    _legal_actions = actions.legal

    def _apply(self, action: Action) -> None:
        actions.apply(self, action[1])

    def events(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The events, each action told with the overtime its button priced (AND-25): the
        ``overtime`` mark a rule leaves right after its action becomes ``"overtime": true``
        on that action."""
        out: list[dict[str, Any]] = []
        for e in super().events(seat):
            if e["type"] == "overtime" and out and out[-1]["type"] == "action" \
                    and out[-1]["seat"] == e["seat"]:
                out[-1] = {**out[-1], "overtime": True}
            else:
                out.append(e)
        return out

    _result = legend.result

    def _evaluate(self, seat: int) -> float:
        """Cooperative: every seat gets the same estimate of how the legend goes."""
        return heuristic.evaluate(self, seat)

    _view = view.view
    _determinize = view.determinize
    _validate = validate.validate

    def _seen_log(self, seat: int) -> LogEntry | None:
        """The log as ``seat`` saw it: the whole log, since nothing in a legend is private (no
        action has a public text, no event is for some seats only), so a sample shares it
        rather than copy it seat by seat."""
        return self._log


class AndorWorld(AndorState):
    """A world a seat cannot tell from the true state (``determinize``): the same fields, its
    face-down fog tokens turned up at random as play reaches them. Its clones are worlds too;
    saved and restored, it is a plain state."""

    loose = True

    def __repr__(self) -> str:
        # read as the state it stands for: no channel tells a seat which of the two it holds
        return super().__repr__().replace(type(self).__name__, AndorState.__name__, 1)


AndorState._world_class = AndorWorld
