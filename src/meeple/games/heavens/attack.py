"""Attacking (HVN-16, HVN-33, HVN-45): what a character may strike, and the blow itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import dice

from .figures import hurt
from .rings import ATTACK, HEX, damage_arch, damage_trap, hurt_base

if TYPE_CHECKING:
    from .state import HeavensState

#: What an attack strikes: ("u", card), ("base", hex), ("trap", hex) or ("arch", hex).
Mark = tuple[str, int]
#: HVN-16: a ranged attack reaches two hexes or more; the adjacent hexes are melee.
MIN_RANGED = 2
#: HVN-45: with Rolling Runes a d6 of this or more hits.
RUNE_HIT = 3


def marks(st: HeavensState, side: int) -> dict[int, list[Mark]]:
    """HVN-33: what an attacker of ``side`` may strike, by hex (unit, base, trap, architecture)."""
    g = st.game
    out: dict[int, list[Mark]] = {}
    for h, c in st.at.items():
        if g.card_side[c] != side:
            out[h] = [("u", c)]
    h = g.board.base[1 - side]
    out.setdefault(h, []).append(("base", h))
    for h in st.traps:
        out.setdefault(h, []).append(("trap", h))
    for h in st.architecture:
        out.setdefault(h, []).append(("arch", h))
    return out


def attacks(st: HeavensState, c: int, blk: set[int],
            aims: dict[int, list[Mark]] | None = None) -> list[Mark]:
    """HVN-33, HVN-16: what character ``c`` may strike, in the order of the hexes' labels:
    melee on adjacent hexes; ranged at 2..range along empty hexes."""
    g, b = st.game, st.game.board
    if aims is None:
        aims = marks(st, g.card_side[c])
    u = st.units[c]
    here, atk = u[HEX], u[ATTACK]
    found: list[int] = []  # the hexes struck at
    if g.melee[c] + atk > 0:
        found = [n for n in b.nbrs[here] if n in aims]
    reach = g.range[c]
    if reach >= MIN_RANGED and g.ranged[c] + atk > 0:
        dist = b.dist[here]
        far = [h for h in aims if MIN_RANGED <= dist[h] <= reach]  # never a melee hex
        if far:
            shot = b.line_of_fire(here, reach, blk)
            bit = b.bit
            found += [h for h in far if shot & bit[h]]
    if not found:
        return []
    if len(found) == 1:
        return list(aims[found[0]])
    out: list[Mark] = []
    for h in sorted(found, key=b.label_rank.__getitem__):
        out.extend(aims[h])
    return out


def roll_hits(st: HeavensState) -> bool:
    """HVN-45: with Rolling Runes an attack hits on 3-6 of a d6."""
    if not st.game.config["rolling_runes"]:
        return True
    r = dice.d6(st.rng)
    st._emit("rune_roll", roll=r, hit=r >= RUNE_HIT)
    return r >= RUNE_HIT


def attack(st: HeavensState, c: int, target: Mark, melee: bool) -> None:
    """HVN-33: power plus attack rings; armour absorbs against characters."""
    g = st.game
    power = (g.melee[c] if melee else g.ranged[c]) + st.units[c][ATTACK]
    st._emit("attack", card=g.ids[c], melee=melee, power=power)
    if not roll_hits(st):
        return
    kind, val = target
    if kind == "u":
        hurt(st, val, power)
    elif kind == "base":
        hurt_base(st, g.board.base_side[val], power)
    elif kind == "trap":
        damage_trap(st, val, power)
    else:
        damage_arch(st, val, power)
