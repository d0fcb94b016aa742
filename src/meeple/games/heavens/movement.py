"""Moving (HVN-12, HVN-34, HVN-42, HVN-43, HVN-51): where a character may step next.

A move is a chain of :class:`~.decisions.Move` decisions, one step each, through hexes that
nothing blocks (a fallen character may lie there, and is defeated) and that the move has not
visited yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import obstacles
from .decisions import Move
from .figures import locked, relocate
from .rings import HEX

if TYPE_CHECKING:
    from .state import HeavensState


def start(st: HeavensState, c: int) -> Move:
    """The first decision of a move by character ``c``."""
    return Move(seat=st.active, card=c, left=st.game.move[c], visited=(st.units[c][HEX],),
                taken=0)


def can_move(st: HeavensState, c: int, blk: set[int]) -> bool:
    """HVN-34: character ``c`` has a first step to take (as :func:`_next` finds, stopping at
    the first)."""
    g, b = st.game, st.game.board
    if g.move[c] <= 0:
        return False
    here = st.units[c][HEX]
    seat = st.active
    zones = g.zones[seat]
    if zones is None:
        side = g.side_of[seat]
        home = b.summon[side]
        if here in home and locked(st, side):  # HVN-43
            return any(n not in blk and n in home for n in b.nbrs[here])
        return any(n not in blk for n in b.nbrs[here])
    return bool(_next(st, c, g.move[c], (here,), blk))


def steps(st: HeavensState, move: Move, blk: set[int] | None = None) -> list[int]:
    """HVN-34, HVN-42: the next hex of a move: empty (a fallen may lie there), not revisited."""
    if move.left <= 0:
        return []
    return _next(st, move.card, move.left, move.visited, obstacles(st) if blk is None else blk)


def _next(st: HeavensState, c: int, left: int, visited: tuple[int, ...], blk: set[int]
          ) -> list[int]:
    if left <= 0:
        return []
    g, b = st.game, st.game.board
    here = st.units[c][HEX]
    seat = st.active
    side = g.side_of[seat]
    zones = g.zones[seat]
    if zones is not None and b.zone[here] not in zones:
        return []  # HVN-51
    home = b.summon[side]
    held = here in home and locked(st, side)  # HVN-43
    return [n for n in b.nbrs[here]
            if n not in blk and n not in visited
            and (zones is None or b.zone[n] in zones) and not (held and n not in home)]


def step(st: HeavensState, move: Move, h: int) -> Move | None:
    """The move after a step to ``h``: None when no further step is possible."""
    relocate(st, move.card, h)
    nxt = Move(seat=move.seat, card=move.card, left=move.left - 1,
               visited=(*move.visited, h), taken=move.taken + 1)
    return nxt if steps(st, nxt) else None
