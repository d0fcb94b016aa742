"""Components: deck, dice, wheel, tile grid, hex grid, region graph, tokens."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.components import deck, dice, hexgrid, regions, tilegrid, tokens, wheel
from meeple.core import Rng


@given(st.integers(0, 2**32), st.integers(0, 40), st.integers(0, 10))
def test_drawing_and_dealing_never_create_or_lose_a_card(seed: int, size: int, n: int) -> None:
    pile = list(range(size))
    deck.shuffle(pile, Rng(seed))
    hands: list[list[int]] = [[], [], []]
    deck.deal(pile, hands, 2)
    drawn = deck.draw(pile, n)
    discard: list[int] = []
    deck.put(discard, drawn)
    assert sorted(pile + discard + [c for h in hands for c in h]) == list(range(size))


def test_draw_takes_from_the_top_in_order() -> None:
    pile = [1, 2, 3, 4]
    assert deck.draw(pile, 2) == [4, 3] and pile == [1, 2]
    assert deck.draw_one(pile) == 2 and deck.draw(pile, 5) == [1] and deck.draw_one(pile) is None


@given(st.integers(0, 2**32))
def test_resample_keeps_pile_sizes_and_the_multiset(seed: int) -> None:
    a, b, c = [1, 2, 3], [4, 5], [6]
    deck.resample([a, b, c], Rng(seed))
    assert (len(a), len(b), len(c)) == (3, 2, 1)
    assert sorted(a + b + c) == [1, 2, 3, 4, 5, 6]


def test_public_view_of_a_face_down_pile_is_only_its_count() -> None:
    assert deck.public([3, 1, 2]) == {"count": 3}
    assert deck.public([3, 1], face_up=True) == {"count": 2, "cards": [3, 1]}


def test_dice_ranges_and_d100_reads_double_zero_as_100() -> None:
    r = Rng(4)
    assert set(dice.roll(r, 3000, 6)) == set(range(1, 7))
    assert {dice.d10(r) for _ in range(500)} == set(range(10))
    assert dice.d100_from(0, 0) == 100 and dice.d100_from(9, 9) == 99
    values = {dice.d100(r)[0] for _ in range(5000)}
    assert min(values) == 1 and max(values) == 100
    assert dice.roll_faces(Rng(1), ("skull", "shield"), 4) == dice.roll_faces(Rng(1),
                                                                            ("skull", "shield"), 4)


@pytest.mark.parametrize(
    ("values", "best"),
    [([3, 3, 5], 6), ([6, 6, 1], 12), ([1, 2, 5], 5), ([4], 4), ([2, 2, 2, 5], 6), ([], 0)],
)
def test_andor_style_best_or_sum_of_identical(values: list[int], best: int) -> None:
    assert dice.best_or_identical_sum(values) == best


def test_wheel_lands_by_weight() -> None:
    w = wheel.Wheel((wheel.Sector(1, ("black",)), wheel.Sector(5, ("blue", "red"), weight=3)))
    r = Rng(2)
    counts = Counter(w.spin(r) for _ in range(8000))
    assert 1700 < counts[0] < 2300 and counts[0] + counts[1] == 8000
    with pytest.raises(ValueError):
        wheel.Wheel(())


def test_tile_rotation_and_passages() -> None:
    n, e, s, w = tilegrid.N, tilegrid.E, tilegrid.S, tilegrid.W
    corner = n | e
    assert [tilegrid.rotate(corner, k) for k in range(4)] == [n | e, e | s, s | w, w | n]
    assert tilegrid.rotations(n | e | s | w) == [15]
    assert len(tilegrid.rotations(n | s)) == 2 and len(tilegrid.rotations(n)) == 4
    assert tilegrid.OPPOSITE[e] == w and tilegrid.step((0, 0), s) == (0, 1)


def test_tile_grid_bounds_and_extent() -> None:
    g = tilegrid.TileGrid(4, 3)
    assert len(g.cells) == 12 and g.neighbour((3, 2), tilegrid.E) is None
    assert {c for _, c in g.neighbours((0, 0))} == {(1, 0), (0, 1)}
    assert g.index((1, 2)) == 9
    assert tilegrid.within_extent([(0, 0), (8, 8)], (4, 4), 9)
    assert not tilegrid.within_extent([(0, 0)], (9, 0), 9)


def test_hex_distance_reach_and_paths_through_empty_hexes() -> None:
    g = hexagon(3)
    assert len(g.cells) == 37
    assert g.distance((0, 0), (3, -3)) == 3 and g.distance((-3, 0), (3, 0)) == 6
    assert set(g.reach((0, 0), 1)) == set(hexagon(1).cells) - {(0, 0)}
    ring = set(g.neighbours[(0, 0)])
    assert g.reach((0, 0), 3, blocked=ring) == {}  # walled in
    around = g.reach((-3, 0), 8, blocked={(0, 0)})
    assert around[(3, 0)] == 7 and (0, 0) not in around  # one step more, round the wall
    assert g.reach((-3, 0), 5)[(2, 0)] == 5 and (3, 0) not in g.reach((-3, 0), 5)


def hexagon(radius: int) -> hexgrid.HexGrid:
    """Every hex within ``radius`` of the centre."""
    return hexgrid.HexGrid((q, r) for q in range(-radius, radius + 1)
                           for r in range(-radius, radius + 1) if abs(q + r) <= radius)


@given(st.integers(0, 2**32), st.integers(0, 4))
def test_a_flood_over_bit_sets_reaches_what_a_search_reaches(seed: int, steps: int) -> None:
    g = hexagon(4)
    cells = sorted(g.cells)
    chooser = Rng(seed)
    walls = {cells[chooser.below(len(cells))] for _ in range(12)} - {(0, 0)}
    area = g.flood(g.bit((0, 0)), steps, g.all_bits & ~g.bits(walls))
    assert area == g.bits([(0, 0), *g.reach((0, 0), steps, blocked=walls)])
    touching = {n for c in [(0, 0), *g.reach((0, 0), steps, blocked=walls)]
                for n in g.neighbours[c]}
    assert g.spread(area) & g.bits(walls) == g.bits(walls & touching)


def test_regions_follow_arrows_and_skip_occupied() -> None:
    g = regions.RegionGraph({0: (1,), 1: (0, 2, 4), 2: (1, 3), 3: (2,), 4: (1,)},
                            {1: 0, 2: 1, 3: 2, 4: 1})
    assert g.path_to_goal(3) == [3, 2, 1, 0] and g.is_goal(0)
    assert g.next_free(3, occupied=set()) == 2
    assert g.next_free(3, occupied={2}) == 1
    assert g.next_free(3, occupied={2, 1}) == 0  # the goal always takes it
    assert g.next_free(3, occupied={2, 1, 0}, goal_free=False) == 3  # blocked: stays
    with pytest.raises(ValueError, match="not a neighbour"):
        regions.RegionGraph({0: (1,), 1: (0,), 2: ()}, {2: 0})
    with pytest.raises(ValueError, match="circle"):
        regions.RegionGraph({0: (1,), 1: (0,)}, {0: 1, 1: 0})


@given(st.lists(st.tuples(st.sampled_from(["bank", "a", "b"]), st.sampled_from(["bank", "a", "b"]),
                          st.integers(0, 8)), max_size=30))
def test_tokens_are_conserved_and_failed_transfers_change_nothing(
        moves: list[tuple[str, str, int]]) -> None:
    h = tokens.new_holdings(["a", "b"], {"gold": 20, "gem": 5})
    for src, dst, n in moves:
        before = {k: dict(v) for k, v in h.items()}
        try:
            tokens.transfer(h, "gold", src, dst, n)
        except tokens.NotEnoughTokens:
            assert h == before
        assert tokens.total(h, "gold") == 20 and tokens.total(h, "gem") == 5
