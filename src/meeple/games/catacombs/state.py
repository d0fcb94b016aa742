"""The state of a catacombs game: its fields and the contract's hooks, nothing else.

The board is a list of cells indexed ``y * size + x``. Per cell: ``card`` (the face-up event
card lying there, None for none), ``down`` (a face-down event card lies there), ``tile`` (passage
mask, None while unexplored), ``tile_card`` (the tile card lying there, None for none or an
entrance) and ``cauldron`` (cauldron index or None). Nobody knows a face-down card, so which one
it is is decided when it turns up: ``deck`` holds the face-down cards as a multiset, one per
``down`` cell, and the tile pile ``pile`` is a multiset drawn from the same way
(``meeple.components.pile``). Per seat: plain lists of ints; ``position`` and ``came_from`` are
None for a dwarf not on the board (not yet entered, or fallen: ``came_from`` keeps his last
step), a ``screen`` slot is None when empty and ``entered`` None before the dwarf enters.
``active`` is the dwarf whose turn it is (during set-up, the one choosing its entrance), ``turn``
counts the turns played and ``walk_left`` is None during a walk of any length (CAT-41). Money is
kept in half coins so that every remainder is exact (CAT-18). The rules are the modules named
after the rulebook's parts (``docs/rules/catacombs.md``). The words of ``phase``, ``step`` and
``ending`` (``Phase``, ``Step``, ``Ending``) are the turn machinery's, declared in ``turn.py``
where views and rules read them too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action, State

from . import actions, heuristic, setup, validate, view
from .decisions import Answer, LevelUp, Offer
from .ending import result
from .turn import Ending, Phase, Step

if TYPE_CHECKING:
    from .game import Catacombs

#: Each verb's rule by its class (``actions.RULES``), looked up without a call to the table.
_RULES = actions.RULES.table


class CatacombsState(State):
    """One moment of a catacombs game."""

    game: Catacombs
    _mutable = ("card", "down", "deck", "tile", "tile_card", "cauldron", "pile", "faceup_tiles",
                "order", "position", "health", "strength", "armour", "experience", "money",
                "kills", "level", "alive", "came_from", "no_retreat", "screen", "pack")

    card: list[int | None]
    down: list[bool]
    deck: list[int]
    tile: list[int | None]
    tile_card: list[int | None]
    cauldron: list[int | None]
    pile: list[int]
    faceup_tiles: list[int]
    order: list[int]
    position: list[int | None]
    health: list[int]
    strength: list[int]
    armour: list[int]
    experience: list[int]
    money: list[int]
    kills: list[int]
    level: list[int]
    alive: list[bool]
    came_from: list[int | None]
    no_retreat: list[bool]
    screen: list[list[int | None]]
    pack: list[list[int]]
    #: The pending decisions, top last; restore decodes the stack by these kinds.
    decisions: list[LevelUp | Offer | Answer]
    active: int
    turn: int
    phase: Phase
    step: Step
    entries: int  # the dwarves that have chosen their entrance (CAT-6)
    entered: tuple[int | None, ...]
    walk_left: int | None
    roll: int
    bonus: int
    attacked: bool
    offers: int
    free_used: int
    extra_turns: int
    sneaking: bool
    via_wall: bool
    build_cell: int | None  # the cell explored this turn, to be built on
    build_side: int
    held_tile: int | None  # the tile in the dwarf's hand
    veins: int
    taken: int
    ending: Ending | None

    _setup = setup.setup
    _legal_actions = actions.legal

    def _apply(self, action: Action) -> None:
        verb = action[1]
        _RULES[verb.__class__](self, verb)

    _result = result
    # The base's hook is annotated ``dict[str, Any]``; the view is the TypedDict ``view.Keys``.
    _view = view.view
    _determinize = view.determinize
    _validate = validate.validate
    _evaluate = heuristic.evaluate
    _evaluate_all = heuristic.evaluate_all
    _turn_kind = view.turn_kind
