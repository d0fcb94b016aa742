"""The turn machinery every rule shares (CAT-9, CAT-25): a turn's start and what lasts only
one turn, its phases (move, event, build, end), experience and the threshold rewards that
interrupt a turn, passing the turn on, and the end of the game.

It imports no mechanic: a mechanic that hands over to another (a battle that ends a dwarf's
life, a move that turns a card up) returns to ``actions``, which carries on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from .decisions import LevelUp

if TYPE_CHECKING:
    from .state import CatacombsState

#: The parts of a game: set-up (CAT-6), then each turn's move, event, building and end (CAT-25).
Phase = Literal["setup", "move", "event", "build", "end"]
#: The step open inside a phase: choosing an entrance; the move's or end phase's ``main``
#: decision; a walk; a revealed monster (fight or retreat); a battle; building (draw or take a
#: tile); placing the tile in hand; turning a tile with the Spinner.
Step = Literal["entrance", "main", "walk", "monster", "battle", "build", "place", "spin"]
#: How a game ended (the result's ``reason``): the last vein found (CAT-23), nobody able to
#: reach unexplored ground (CAT-24), meeple's round limit, every dwarf fallen or one left
#: (CAT-11).
Ending = Literal["tenth-vein", "dead-end", "round-limit", "all-fallen", "last-dwarf"]

#: CAT-9: a threshold every 5 experience.
THRESHOLD = 5


def reset_turn(st: CatacombsState) -> None:
    """What lasts only one turn starts afresh."""
    st.walk_left = 0
    st.roll = 0
    st.bonus = 0
    st.attacked = False
    st.offers = 0
    st.free_used = 0
    st.sneaking = False
    st.via_wall = False
    st.build_cell = None
    st.build_side = 0
    st.held_tile = None


def start_turn(st: CatacombsState, s: int) -> None:
    """CAT-25: dwarf ``s``'s turn begins with its move."""
    st.active = s
    reset_turn(st)
    st.phase, st.step = "move", "main"
    st.to_act = s
    st._emit("turn", seat=s)


def to_end_phase(st: CatacombsState) -> None:
    """CAT-25: after the move, the event and the building, the free actions before ending."""
    st.phase, st.step = "end", "main"
    st.walk_left = 0
    st.sneaking = False


def to_build(st: CatacombsState) -> None:
    """CAT-57: build if a tile is to be had, else on to the end phase."""
    if st.pile or st.faceup_tiles:
        st.phase, st.step = "build", "build"
    else:
        to_end_phase(st)


def after_battle(st: CatacombsState) -> None:
    """The turn goes on: building the revealed cell if still bare, else the end phase."""
    if st.ending is not None or not st.alive[st.active]:
        return
    if st.build_cell is not None and st.tile[st.build_cell] is None:
        to_build(st)
    else:
        to_end_phase(st)


def gain(st: CatacombsState, s: int, n: int) -> None:
    """Change experience; each newly reached threshold rewards once (CAT-9, CAT-10): the dwarf
    is asked for its reward at once and earns an extra turn."""
    st.experience[s] += n
    while st.experience[s] >= THRESHOLD * (st.level[s] + 1):
        st.level[s] += 1
        st.decisions.append(LevelUp(seat=s))
        st.extra_turns += 1
        st._emit("threshold", seat=s, experience=THRESHOLD * st.level[s])


def next_turn(st: CatacombsState) -> None:
    """The same dwarf's extra turn (CAT-9, CAT-19), else the next living dwarf's."""
    s = st.active
    if st.alive[s] and st.extra_turns > 0:
        st.extra_turns -= 1
        start_turn(st, s)
        return
    st.extra_turns = 0
    k = st.order.index(s)
    for j in range(1, st.players + 1):
        nxt = st.order[(k + j) % st.players]
        if st.alive[nxt]:
            start_turn(st, nxt)
            return
    finish(st, "all-fallen")


def finish(st: CatacombsState, ending: Ending) -> None:
    """The game is over (CAT-11, CAT-23, CAT-24): nobody decides any more."""
    st.ending = ending
    st.to_act = None
    st.decisions.clear()
    st._emit("game_over", reason=ending)
