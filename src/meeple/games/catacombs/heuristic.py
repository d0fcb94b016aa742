"""How promising an unfinished catacombs game looks for a seat (``evaluate``), for the bots.

The generic ``greedy`` bot seated at a catacombs table looks one action ahead with this value,
so the value also says what such a bot shown to people should and should not do:

- a battle it is committed to counts at its expected gain when it wins at least
  ``FIGHT_THRESHOLD`` of the time, and as a heavy loss below that, so the bot fights, attacks,
  or walks onto a monster only with at least that chance, and otherwise retreats or walks on;
- a trade offer it is composing is worth the position after the trade only when the trade
  improves its own value and the partner's too (the bot would accept it in the partner's
  place); any other offer, an empty one included, is worth nothing, so the bot neither opens
  offers it would not send nor pads one with random goods and coins.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .board import monster_at
from .content import DIE_FACES
from .decisions import Answer, Offer
from .equipment import RIGHT, armour_of

if TYPE_CHECKING:
    from .state import CatacombsState

#: How far ahead of the best rival (in experience-like points) counts as nearly a sure win.
SURE_LEAD = 30
#: The least chance of winning one attack roll at which a bot takes a monster on (CAT-52).
FIGHT_THRESHOLD = 0.5
#: What a battle below ``FIGHT_THRESHOLD`` costs in the bot's eyes (experience-like points).
HOPELESS = 5.0
#: What one health point is worth, in experience-like points.
HEALTH = 0.1


def win_chance(st: CatacombsState, s: int, monster: int) -> float:
    """The chance that dwarf ``s`` beats ``monster`` with its weapon in hand this turn."""
    g = st.game
    weapon = st.screen[s][RIGHT]
    col = g.column_of[weapon] if weapon is not None else g.cat.fists_column
    need = g.cat.monsters[monster].needs[col]
    if need is None:
        return 0.0
    if need == 0:
        return 1.0
    return max(0.0, min(1.0, (DIE_FACES + 1 - max(1, need - st.bonus)) / DIE_FACES))


def battle_outlook(st: CatacombsState, s: int) -> float:
    """What the battle dwarf ``s`` is committed to (its turn's battle step) is expected to
    bring: the kill's experience at its odds less the wounds, or ``-HOPELESS`` when the odds
    are under ``FIGHT_THRESHOLD``."""
    cell = st.pos[s]
    if st.turn != s or st.step != "battle" or cell is None:
        return 0.0
    m = monster_at(st, cell)
    if m is None:
        return 0.0
    p = win_chance(st, s, m)
    if p < FIGHT_THRESHOLD:
        return -HOPELESS
    mon = st.game.cat.monsters[m]
    return p * mon.experience - (1 - p) * HEALTH * max(0, mon.attack - armour_of(st, s))


def worth(st: CatacombsState, s: int) -> float:
    """Experience, plus a little for kills, health, fighting power and wealth, and the battle
    under way."""
    items = st.game.cat.items
    weapon = st.screen[s][RIGHT]
    goods = sum(items[i].price or items[i].value for i in st.pack[s])
    return (st.exp[s] + 0.1 * st.kills[s] + HEALTH * max(0, st.health[s])
            + 0.3 * (st.game.column_of[weapon] if weapon is not None else 0)
            + 0.4 * armour_of(st, s) + 0.3 * st.strength[s]
            + (st.money[s] / 2 + goods / 2) / 200 + battle_outlook(st, s))


def _value(st: CatacombsState, seat: int, delta: dict[int, float]) -> float:
    """``seat``'s value with each seat's worth moved by ``delta``: its lead over the best
    rival, squashed into (0, 1)."""
    ws = {s: worth(st, s) + delta.get(s, 0.0) for s in range(st.players) if st.alive[s]}
    lead = ws[seat] - max((w for s, w in ws.items() if s != seat), default=0.0)
    return 1.0 / (1.0 + math.exp(-4.0 * lead / SURE_LEAD))


def offer_value(st: CatacombsState, seat: int, offer: Offer) -> float:
    """CAT-20: the composer's value of an offer: the position after it when both sides gain
    by it, else nothing."""
    items = st.game.cat.items

    def goods(ix: tuple[int, ...]) -> float:
        return sum(items[i].price or items[i].value for i in ix) / 2

    gain = ((offer.ask_money - offer.give_money) / 2 + goods(offer.ask) - goods(offer.give)) / 200
    moved = {seat: gain, offer.partner: -gain}
    mine = _value(st, seat, moved)
    if (not offer.is_empty() and mine > _value(st, seat, {})
            and _value(st, offer.partner, moved) > _value(st, offer.partner, {})):
        return mine
    return 0.0


def evaluate(st: CatacombsState, seat: int) -> float:
    """For bots: experience against the best rival, plus what will earn experience later.

    Kills and health count a little; so does fighting power (the wielded weapon's column in
    the battle table, armour, strength) and money and goods worth buying it with, which a
    heuristic blind to them would let a search throw away. A battle under way and an offer
    being composed count as the module's docstring says.
    """
    if not st.alive[seat]:
        return 0.0
    top = st.decisions[-1] if st.decisions else None
    offer = top.offer if isinstance(top, Answer) else top
    if isinstance(offer, Offer) and offer.seat == seat:
        return offer_value(st, seat, offer)
    return _value(st, seat, {})
