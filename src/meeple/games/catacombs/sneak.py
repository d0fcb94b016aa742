"""The scripted dwarf's way past a monster it cannot beat (CAT-42), for the bots.

A dwarf with no target on foot whose every way on is closed by a monster it has no chance
against still has a way on by the rules: an invisibility potion takes it across one such
monster's cell (the dead-end rule, CAT-24, counts the potion held or affordable). Without
this plan such a dwarf stood still and the game ran to meeple's round limit. The plan:
buy the potion where it stands when it can, walk to the monster, sneak across and walk on;
past it the dwarf has a target again and values its moves as before.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from .board import connected, monster_at
from .heuristic import win_chance

if TYPE_CHECKING:
    from .state import CatacombsState


def sneak_distance(st: CatacombsState, s: int, beyond: dict[int, int]) -> dict[int, int]:
    """Walking distance from each cell to a target past exactly one monster dwarf ``s``
    cannot beat: ``beyond`` holds the distances to a target that cross no monster (the
    bold :func:`distances.target_distance`); a monster's cell next to such a cell is one step
    further, and the distances spread back from there, never through another monster."""
    dist: dict[int, int] = {}
    for c in range(st.game.cells):
        m = monster_at(st, c) if st.tile[c] is not None else None
        if m is None or win_chance(st, s, m) > 0:
            continue
        best = min((beyond[n] for d in range(4)
                    if (n := connected(st, c, d)) is not None and n in beyond), default=None)
        if best is not None:
            dist[c] = best + 1
    heap = [(k, c) for c, k in dist.items()]
    heapq.heapify(heap)
    while heap:
        k, c = heapq.heappop(heap)
        if k > dist[c]:
            continue
        for d in range(4):
            n = connected(st, c, d)
            if n is not None and k + 1 < dist.get(n, k + 2) and monster_at(st, n) is None:
                dist[n] = k + 1
                heapq.heappush(heap, (k + 1, n))
    return dist
