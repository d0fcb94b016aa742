"""The Myth state: its fields and the contract hooks, each a short delegation to the rules.

A state holds only plain data: ids, counters, lists indexed by seat, cells as ``(x, y)``
tuples. The rules are functions over it in the modules named after the rulebook's parts:
:mod:`.heroes`, :mod:`.ending` and :mod:`.turn` at the bottom, then :mod:`.dungeon`,
:mod:`.events`, :mod:`.cards`, :mod:`.battle` and :mod:`.quests`, sequenced by
:mod:`.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast

from meeple.components import dice
from meeple.core import Action, Result, State

from . import actions, ending, heuristic, notation, validate, view, worlds
from .decisions import Deceive, Destroy, Discard, Nod, Target
from .turn import Ending, Phase, Step
from .verbs import Cell  # the fields' annotations are read when the state is cloned

if TYPE_CHECKING:
    from .game import Myth



class MythState(State):
    """One moment of a game of Myth."""

    game: Myth

    _mutable = (
        "hero", "level", "life", "alive", "position", "hand", "quests", "shown", "trophies",
        "items", "holdings", "deck", "discard", "grid", "tile_of", "enemies", "lasting",
        "skip", "extra", "dream", "pending",
    )
    # Rarely changed piles (tiles, quests) and the short queues of a turn are immutable tuples
    # rebuilt on change, so a clone shares them.
    _private_actions = True
    #: True in a determinized world (:class:`MythWorld`): its event deck, tiles and quest pile
    #: lie in an order that means nothing, and are drawn from at random (:mod:`.worlds`).
    loose: ClassVar[bool] = False

    # seats
    hero: list[str]
    level: list[int]
    life: list[int]
    alive: list[bool]
    position: list[Cell]
    hand: list[list[str]]
    quests: list[list[str]]
    shown: list[list[str]]
    trophies: list[list[str]]
    items: list[list[str]]
    skip: list[int]
    extra: list[int]
    dream: list[int]
    holdings: dict[str, dict[str, int]]
    tain_load: int
    # piles
    deck: list[str]
    discard: list[str]
    quest_pile: tuple[str, ...]
    quest_discard: tuple[str, ...]
    tiles: tuple[str, ...]
    tile_discard: tuple[str, ...]
    # dungeon
    grid: dict[Cell, int]
    tile_of: dict[Cell, str]
    enemies: dict[Cell, list[str]]
    begun: tuple[Cell, ...]
    lasting: dict[Cell, list[str]]
    web_tried: tuple[int, ...]  # seats that tried to tear a web this turn (MYTH-75)
    # turn
    active: int
    turn: int
    step: Step | None
    phase: Phase
    dreaming: bool
    dream_order: Literal["forbid", "allow"] | None  # the dream master's order (MYTH-93)
    bought_extra: bool
    drawn_tile: str
    explore_side: int
    new_ground: bool
    moved: bool
    final_turns: int | None  # turns left once the event deck ran out (MYTH-24)
    # event round
    table: tuple[tuple[str, int, int], ...]  # (card, seat who played it or -1 for the deck, paid)
    offer_queue: tuple[int, ...]
    offer_double: bool
    other_played: bool
    pending: list[str]  # revealed cards still to resolve
    affected_cell: Cell
    # the pending decisions, top last; restore decodes the stack by these kinds
    decisions: list[Nod | Discard | Destroy | Deceive | Target]
    # battle
    battle_queue: tuple[str, ...]
    # end
    ending: Ending | None
    winners: tuple[int, ...]

    _setup = actions.setup
    _legal_actions = actions.legal

    def _apply(self, action: Action) -> None:
        actions.RULES(self, action[1])

    def _turn_kind(self) -> str:
        return self.step or "setup"

    def _public_text(self, action: Action) -> str | None:
        return notation.PUBLIC.get(type(action[1]))

    _evaluate = heuristic.evaluate

    def _result(self) -> Result:
        w = self.winners
        scores = tuple((1.0 / len(w)) if s in w else 0.0 for s in range(self.players))
        heroes = self.game.content.heroes
        return Result(w, scores, self.turn, self.ending or "", ending.detail(self), extra={
            "levels": list(self.level), "quests_done": [len(q) for q in self.shown],
            "alive": list(self.alive), "roles": [heroes[h].id for h in self.hero]})

    def _view(self, seat: int | None) -> dict[str, Any]:
        return cast("dict[str, Any]", view.view(self, seat))

    #: Re-deals what the seat cannot see and makes the state a world (``_world``).
    _determinize = worlds.determinize
    _world: ClassVar[type[MythState]]
    _validate = validate.validate

    def _roll(self, who: int, what: str) -> int:
        """A d100 from two d10 rolled by ``who`` (MYTH-53); the roll is an event."""
        v, tens, units = dice.d100(self.rng)
        self._emit("roll", seat=who, value=v, tens=tens, units=units, purpose=what)
        return v


class MythWorld(MythState):
    """A world a seat cannot tell from the true state (``determinize``): the same fields, its
    unseen piles loose. Its clones are worlds too; saved and restored, it is a plain state."""

    loose = True

    def __repr__(self) -> str:
        # read as the state it stands for: no channel tells a seat which of the two it holds
        return super().__repr__().replace(type(self).__name__, MythState.__name__, 1)


MythState._world = MythWorld
