"""Numbered regions with neighbours and one arrow per region pointing towards a goal.

>>> g = RegionGraph({0: (1,), 1: (0, 2), 2: (1, 3), 3: (2,)}, {1: 0, 2: 1, 3: 2})
>>> g.next_free(3, occupied={2})
1
>>> g.next_free(3, occupied={2, 1, 0}, goal_free=False)
3
>>> g.path_to_goal(3)
[3, 2, 1, 0]
"""

from __future__ import annotations

from collections.abc import Container, Mapping


class RegionGraph:
    """Immutable map: ``neighbours[r]`` and ``arrow[r]`` (the next region towards the goal).

    A region without an arrow is a goal (the castle). Arrows must lead to a goal without cycles.
    """

    def __init__(self, neighbours: Mapping[int, tuple[int, ...]],
                 arrows: Mapping[int, int]) -> None:
        self.neighbours = {r: tuple(n) for r, n in neighbours.items()}
        self.arrow = dict(arrows)
        for r, n in self.arrow.items():
            if n not in self.neighbours.get(r, ()):
                raise ValueError(f"the arrow of region {r} points to {n}, not a neighbour")
        for r in self.arrow:
            self.path_to_goal(r)  # raises on a cycle

    def is_goal(self, r: int) -> bool:
        """True for a region without an arrow."""
        return r not in self.arrow

    def path_to_goal(self, r: int) -> list[int]:
        """Regions from ``r`` along the arrows to the goal, both ends included."""
        out = [r]
        while out[-1] in self.arrow:
            out.append(self.arrow[out[-1]])
            if len(out) > len(self.neighbours) + 1:
                raise ValueError(f"the arrows from region {r} go round in a circle")
        return out

    def next_free(self, r: int, occupied: Container[int], goal_free: bool = True) -> int:
        """Where a creature on ``r`` ends after one step along the arrows.

        It moves to the next region; if that is occupied it skips on along the arrows to the
        first free one. A goal region always takes it when ``goal_free`` (creatures pile into
        the castle); otherwise, with no free region ahead, it stays on ``r``.
        """
        cur = r
        while cur in self.arrow:
            cur = self.arrow[cur]
            if self.is_goal(cur) and goal_free:
                return cur
            if cur not in occupied:
                return cur
        return r
