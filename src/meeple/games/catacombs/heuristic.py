"""How promising an unfinished catacombs game looks for a seat (``evaluate``), for the bots."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .equipment import RIGHT, armour_of

if TYPE_CHECKING:
    from .state import CatacombsState

#: How far ahead of the best rival (in experience-like points) counts as a sure win.
SURE_LEAD = 30


def worth(st: CatacombsState, s: int) -> float:
    """Experience, plus a little for kills, health, fighting power and wealth."""
    items = st.game.cat.items
    weapon = st.screen[s][RIGHT]
    goods = sum(items[i].price or items[i].value for i in st.pack[s])
    return (st.exp[s] + 0.1 * st.kills[s] + 0.1 * max(0, st.health[s])
            + 0.3 * (st.game.column_of[weapon] if weapon is not None else 0)
            + 0.4 * armour_of(st, s) + 0.3 * st.strength[s]
            + (st.money[s] / 2 + goods / 2) / 200)


def evaluate(st: CatacombsState, seat: int) -> float:
    """For bots: experience against the best rival, plus what will earn experience later.

    Kills and health count a little; so does fighting power (the wielded weapon's column in
    the battle table, armour, strength) and money and goods worth buying it with, which a
    heuristic blind to them would let a search throw away.
    """
    if not st.alive[seat]:
        return 0.0
    rivals = [worth(st, s) for s in range(st.players) if s != seat and st.alive[s]]
    lead = worth(st, seat) - max(rivals, default=0.0)
    return max(0.0, min(1.0, 0.5 + lead / SURE_LEAD))
