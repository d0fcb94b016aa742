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


#: Each slot's setter of a :class:`Move` (its seat's is the base class's).
_SETS = tuple(getattr(Move, f).__set__ for f in ("seat", "card", "left", "visited", "taken"))


def _make(seat: int, card: int, left: int, visited: tuple[int, ...], taken: int) -> Move:
    """``Move(seat, card, left, visited, taken)``, its slots set straight: the same object,
    without the frozen dataclass's ``object.__setattr__`` for each field (a search makes one
    at every step)."""
    m = object.__new__(Move)
    set_seat, set_card, set_left, set_visited, set_taken = _SETS
    set_seat(m, seat)
    set_card(m, card)
    set_left(m, left)
    set_visited(m, visited)
    set_taken(m, taken)
    return m


def start(st: HeavensState, c: int) -> Move:
    """The first decision of a move by character ``c``."""
    return _make(st.active, c, st.game.move[c], (st.units[c][HEX],), 0)


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
    if blk is None and st.game.zones[st.active] is None:
        return _free(st, move.card, move.visited)
    return _next(st, move.card, move.left, move.visited, obstacles(st) if blk is None else blk)


def _free(st: HeavensState, c: int, visited: tuple[int, ...]) -> list[int]:
    """:func:`_next` of a move with steps left and no zones, asking the state's dicts what
    :func:`obstacles` would gather, without gathering them."""
    g = st.game
    b = g.board
    here = st.units[c][HEX]
    side = g.side_of[st.active]
    home = b.summon[side]
    held = here in home and locked(st, side)  # HVN-43
    at, traps, arch, dropped, bases = st.at, st.traps, st.architecture, st.dropped, b.bases
    out: list[int] = []
    for n in b.nbrs[here]:  # a loop, not a comprehension: this runs at every step of a move
        if (n in at or n in traps or n in arch or n in dropped or n in bases or n in visited
                or (held and n not in home)):
            continue
        out.append(n)
    return out


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
    global _ahead
    c, left = move.card, move.left - 1
    relocate(st, c, h)
    nxt = _make(move.seat, c, left, (*move.visited, h), move.taken + 1)
    if left <= 0:
        return None
    found = (_free(st, c, nxt.visited) if st.game.zones[st.active] is None
             else steps(st, nxt))  # steps(st, nxt), the usual case asked straight
    if not found:
        return None
    _ahead = (st, nxt, found)
    return nxt


#: The state, move and next hexes :func:`step` found last: while that move is the decision on
#: top of that state, nothing changes it (every action taken then pops the move).
_ahead: tuple[object, object, list[int]] = (None, None, [])


def next_steps(st: HeavensState, move: Move) -> list[int]:
    """:func:`steps` of the move on top of ``st``, as :func:`step` found them when it made the
    move, else worked out."""
    got = _ahead
    if got[1] is move and got[0] is st:
        return got[2]
    return steps(st, move)
