"""The state of a catacombs game: its fields and the contract's hooks, nothing else.

The board is a list of cells indexed ``y * size + x``. Per cell: ``card`` (the face-up event
card lying there, None for none), ``down`` (a face-down event card lies there), ``tile`` (passage
mask, None while unexplored), ``tcard`` (the tile card lying there, None for none or an
entrance) and ``caul`` (cauldron index or None). Nobody knows a face-down card, so which one it
is is decided when it turns up: ``deck`` holds the face-down cards as a multiset, one per
``down`` cell, and the tile pile ``pile`` is a multiset drawn from the same way
(``meeple.components.pile``). Per seat: plain lists of ints; ``pos`` and ``came`` are None for
a dwarf not on the board (not yet entered, or fallen: ``came`` keeps his last step), a
``screen`` slot is None when empty and ``entered`` None before the dwarf enters. ``turn`` is
None before the first turn and ``walk_left`` None during a walk of any length (CAT-41). Money
is kept in half coins so that every remainder is exact (CAT-18). The rules are the modules
named after the rulebook's parts (``docs/rules/catacombs.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import State

from . import actions, ending, heuristic, setup, validate, view
from .decisions import Answer, LevelUp, Offer

if TYPE_CHECKING:
    from .game import Catacombs


class CatacombsState(State):
    """One moment of a catacombs game."""

    game: Catacombs
    _mutable = ("card", "down", "deck", "tile", "tcard", "caul", "pile", "faceup_tiles",
                "order", "pos", "health", "strength", "armour", "exp", "money", "kills",
                "level", "alive", "came", "no_retreat", "screen", "pack")

    card: list[int | None]
    down: list[bool]
    deck: list[int]
    tile: list[int | None]
    tcard: list[int | None]
    caul: list[int | None]
    pile: list[int]
    faceup_tiles: list[int]
    order: list[int]
    pos: list[int | None]
    health: list[int]
    strength: list[int]
    armour: list[int]
    exp: list[int]
    money: list[int]
    kills: list[int]
    level: list[int]
    alive: list[bool]
    came: list[int | None]
    no_retreat: list[bool]
    screen: list[list[int | None]]
    pack: list[list[int]]
    #: The pending decisions, top last; restore decodes the stack by these kinds.
    decisions: list[LevelUp | Offer | Answer]
    turn: int | None  # the seat whose turn it is
    phase: str
    step: str
    setup_k: int
    entered: tuple[int | None, ...]
    walk_left: int | None
    roll: int
    bonus: int
    attacked: bool
    offers: int
    free_used: int
    extra: int
    sneaking: bool
    via_wall: bool
    build_cell: int | None  # the cell explored this turn, to be built on
    build_side: int
    held: int | None  # the tile in the dwarf's hand
    veins: int
    taken: int
    turns: int
    ended: str

    _setup = setup.setup
    _legal_actions = actions.legal
    _apply = actions.apply
    _result = ending.result
    _view = view.view
    _determinize = view.determinize
    _validate = validate.validate
    _evaluate = heuristic.evaluate
    _turn_kind = view.turn_kind
