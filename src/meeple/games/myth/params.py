"""Myth's options and balance knobs, each declared once.

The rulebook's own numbers are the defaults; the knobs let a designer playtest other values.
"""

from __future__ import annotations

from meeple.core import Param

OPTIONS: tuple[Param, ...] = (
    Param("start_resources", 5, "Resources each hero starts with (MYTH-6).", minimum=0, maximum=20),
    Param("bank", 40, "Resource tokens in the box, players' included (MYTH-6).",
          minimum=20, maximum=200),
    Param("hand_size", 6, "Event cards dealt at the start and drawn for free (MYTH-7, MYTH-30).",
          minimum=1, maximum=10),
    Param("max_turns", 600,
          "Safety limit: the game is scored as if the decks ran out after this many turns "
          "(the rules let heroes walk explored ground for ever; 0 = no limit).",
          minimum=0),
)

#: Resources paid to rise from level 1, 2, 3 (MYTH-17).
LEVEL_COST = (0, 1, 6, 12)
#: Resources to swap an unfulfilled quest (MYTH-19).
SWAP_COST = 5
#: Resources to discard a drawn tile and draw another (MYTH-35).
REDRAW_COST = 3
#: Resources for an extra turn bought at the end of a turn (MYTH-70).
EXTRA_TURN_COST = 5
#: Resources the Avatara asks per life point healed (MYTH-71).
AVATARA_HEAL_COST = 2
#: Resources gained for exploring a new cell (MYTH-34).
EXPLORE_REWARD = 1
#: Largest extent of the dungeon, in tiles (MYTH-37).
MAX_EXTENT = 9
#: Life a hero loses when the dwarf's area attack beats his defence (MYTH-63).
DWARF_SPLASH = 2
#: Turns played after the one in which the event deck ran out, counting that turn (MYTH-24).
FINAL_TURNS = 2
#: The player count with its own rules: a second deck card, Order and Tax for two (MYTH-100,
#: MYTH-101).
TWO_PLAYERS = 2
#: Resources a healer pays for one use of his heal rate (MYTH-13).
HEAL_COST = 1
#: The Avatara's crossroads, the start square where every hero begins (MYTH-4): the cell
#: ``(x, y) = (0, 0)`` every other cell is named from.
START = (0, 0)
