"""How promising an unfinished catacombs game looks for a seat (``evaluate``), for the bots.

The generic ``greedy`` bot seated at a catacombs table looks one action ahead with this value,
so the value also says what such a bot shown to people should and should not do:

- a battle it is committed to counts at its expected gain when it wins at least
  ``FIGHT_THRESHOLD`` of the time, and as a heavy loss below that, so the bot fights, attacks,
  or walks onto a monster only with at least that chance, and otherwise retreats or walks on;
- goods are worth what they are to their holder: about half their price, except the best item
  a dwarf could put on in each slot (strong enough, the slot empty or worse), which is worth
  ``USE_SHARE`` of what it would add to its fighting power — so a sword is worth more to a
  dwarf who can wield it than to one who cannot, and a trade can help both sides;
- a trade offer it is composing is worth its best reachable completion (:func:`best_trade`):
  the position after the best trade with that partner, among what can still be added, that
  improves its own value and the partner's too (the bot would accept it in the partner's
  place); with no such completion the offer is worth nothing, so the bot opens an offer only
  when such a trade exists, then adds exactly its parts and proposes it. A proposed offer is
  worth the position after it when it helps both sides, else nothing.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from .backpack import HALVES, LEFT, RIGHT, armour_of
from .board import monster_at
from .content import DIE_FACES, SLOTS
from .decisions import Answer, Offer

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
#: What one battle-table column of the wielded weapon, and one point of armour, are worth.
WEAPON, ARMOUR = 0.3, 0.4
#: The share of what an item would add once put on that it is worth in the backpack.
USE_SHARE = 0.8
#: What one coin is worth, in experience-like points (200 coins buy one experience).
COIN = 1 / 200
#: What each action still needed to compose and propose a trade costs: nothing but a
#: tie-break, so that the bot takes a shortest way to its trade and pads it with nothing.
ELEMENT = 1e-9
#: CAT-20: the smallest coin step of an offer, in half coins.
COIN_STEP = HALVES * 10


def win_chance(st: CatacombsState, s: int, monster: int) -> float:
    """The chance that dwarf ``s`` beats ``monster`` with its weapon in hand this turn."""
    g = st.game
    weapon = st.screen[s][RIGHT]
    col = g.column_of[weapon] if weapon is not None else g.content.fists_column
    need = g.content.monsters[monster].needs[col]
    if need is None:
        return 0.0
    if need == 0:
        return 1.0
    return max(0.0, min(1.0, (DIE_FACES + 1 - max(1, need - st.bonus)) / DIE_FACES))


def battle_outlook(st: CatacombsState, s: int) -> float:
    """What the battle dwarf ``s`` is committed to (its turn's battle step) is expected to
    bring: the kill's experience at its odds less the wounds, or ``-HOPELESS`` when the odds
    are under ``FIGHT_THRESHOLD``."""
    cell = st.position[s]
    if st.active != s or st.step != "battle" or cell is None:
        return 0.0
    m = monster_at(st, cell)
    if m is None:
        return 0.0
    p = win_chance(st, s, m)
    if p < FIGHT_THRESHOLD:
        return -HOPELESS
    mon = st.game.content.monsters[m]
    return p * mon.experience - (1 - p) * HEALTH * max(0, mon.attack - armour_of(st, s))


def use_gain(st: CatacombsState, s: int, item: int) -> float:
    """What putting ``item`` on would add to dwarf ``s``'s fighting power (CAT-12..15): a weapon
    it is strong enough for or an armour piece better than what the slot holds (a two-handed
    weapon costs the shield, a shield the two-handed weapon); nothing for other goods."""
    items, col = st.game.content.items, st.game.column_of
    it, scr = items[item], st.screen[s]
    if it.kind == "weapon":
        if st.strength[s] < it.strength:
            return 0.0
        held = scr[RIGHT]
        gain = WEAPON * (col[item] - (col[held] if held is not None else 0))
        shield = scr[LEFT]
        return gain - (ARMOUR * items[shield].armour if it.two_handed and shield is not None
                       else 0.0)
    if it.kind == "armour":
        worn = scr[SLOTS.index(it.slot)]
        gain = ARMOUR * (it.armour - (items[worn].armour if worn is not None else 0))
        weapon = scr[RIGHT]
        two_handed = it.slot == "left_hand" and weapon is not None and items[weapon].two_handed
        return gain - (WEAPON * col[weapon] if two_handed and weapon is not None else 0.0)
    return 0.0


def goods_worth(st: CatacombsState, s: int, pack: list[int]) -> float:
    """What a backpack is worth to dwarf ``s``: each item at half its price (or sale value) in
    coins, except the best item it could put on in each slot, worth ``USE_SHARE`` of
    :func:`use_gain` when that is more."""
    items = st.game.content.items
    total = 0.0
    extra: dict[str, float] = {}
    for i in pack:
        it = items[i]
        resale = (it.price or it.value) / 2 * COIN
        total += resale
        more = USE_SHARE * use_gain(st, s, i) - resale
        if it.slot and more > extra.get(it.slot, 0.0):
            extra[it.slot] = more
    return total + sum(extra.values())


def worth(st: CatacombsState, s: int, pack: list[int] | None = None,
          money: int | None = None) -> float:
    """Experience, plus a little for kills, health, fighting power, goods and money, and the
    battle under way; ``pack`` and ``money`` (half coins) stand in for the dwarf's own when
    given (the position after a trade)."""
    weapon = st.screen[s][RIGHT]
    money = st.money[s] if money is None else money
    return (st.experience[s] + 0.1 * st.kills[s] + HEALTH * max(0, st.health[s])
            + WEAPON * (st.game.column_of[weapon] if weapon is not None else 0)
            + ARMOUR * armour_of(st, s) + 0.3 * st.strength[s]
            + money / HALVES * COIN
            + goods_worth(st, s, st.pack[s] if pack is None else pack)
            + battle_outlook(st, s))


def _squash(ws: dict[int, float], seat: int) -> float:
    """``seat``'s lead over the best rival among worths ``ws``, squashed into (0, 1)."""
    lead = ws[seat] - max((w for s, w in ws.items() if s != seat), default=0.0)
    return 1.0 / (1.0 + math.exp(-4.0 * lead / SURE_LEAD))


def _worths(st: CatacombsState) -> dict[int, float]:
    return {s: worth(st, s) for s in range(st.players) if st.alive[s]}


def _moved(st: CatacombsState, base: dict[int, float], offer: Offer) -> dict[int, float]:
    """The worths ``base`` after the goods of ``offer`` change hands (its coins aside)."""
    mine, theirs = list(st.pack[offer.seat]), list(st.pack[offer.partner])
    for i in offer.give:
        mine.remove(i)
        theirs.append(i)
    for i in offer.ask:
        theirs.remove(i)
        mine.append(i)
    ws = dict(base)
    ws[offer.seat] = worth(st, offer.seat, mine)
    ws[offer.partner] = worth(st, offer.partner, theirs)
    return ws


def _paid(ws: dict[int, float], offer: Offer, net: int) -> dict[int, float]:
    """Worths ``ws`` after the composer pays ``net`` half coins to the partner (or is paid)."""
    out = dict(ws)
    out[offer.seat] -= net / HALVES * COIN
    out[offer.partner] += net / HALVES * COIN
    return out


def _steps_to(offer: Offer, trade: Offer) -> int:
    """How many actions still compose ``offer`` into ``trade`` and propose it (an item is one,
    coins go in 100- and 10-coin steps)."""
    big = HALVES * 100
    coins = (trade.give_money - offer.give_money, trade.ask_money - offer.ask_money)
    return (len(trade.give) - len(offer.give) + len(trade.ask) - len(offer.ask) + 1
            + sum(m // big + m % big // COIN_STEP for m in coins))


def _with_net(offer: Offer, net: int) -> Offer:
    """``offer`` with coins added on one side so that the composer pays ``net`` half coins."""
    now = offer.give_money - offer.ask_money
    if net >= now:
        return replace(offer, give_money=offer.give_money + net - now)
    return replace(offer, ask_money=offer.ask_money + now - net)


def _least_net(st: CatacombsState, ws: dict[int, float], offer: Offer, floor: float
               ) -> int | None:
    """The fewest coins (half coins, composer to partner; negative: the other way) that can
    still be added to ``offer`` and leave the partner's value above ``floor``; None if none."""
    s, p = offer.seat, offer.partner
    lo = offer.give_money - (st.money[p] - st.money[p] % COIN_STEP)
    hi = st.money[s] - st.money[s] % COIN_STEP - offer.ask_money
    if hi < lo or _squash(_paid(ws, offer, hi), p) <= floor:
        return None
    a, b = 0, (hi - lo) // COIN_STEP  # the partner's value rises with the coins it gets
    while a < b:
        mid = (a + b) // 2
        if _squash(_paid(ws, offer, lo + mid * COIN_STEP), p) > floor:
            b = mid
        else:
            a = mid + 1
    return lo + a * COIN_STEP


def _completions(st: CatacombsState, offer: Offer) -> list[Offer]:
    """The goods an offer may still take, one more item at most: as it is, or with one more
    item of either side's backpack (coins are settled by :func:`_least_net`)."""
    out = [offer]
    s, p = offer.seat, offer.partner
    out += [replace(offer, give=(*offer.give, i)) for i in sorted(set(st.pack[s]))
            if st.pack[s].count(i) > offer.give.count(i)]
    out += [replace(offer, ask=(*offer.ask, i)) for i in sorted(set(st.pack[p]))
            if st.pack[p].count(i) > offer.ask.count(i)]
    return out


def _trade_value(st: CatacombsState, base: dict[int, float], offer: Offer,
                 ws: dict[int, float] | None = None, steps: int = 0) -> float | None:
    """The composer's value after ``offer`` when it raises both its value and the partner's
    (less a tie-break for each of the ``steps`` actions still to take), else None."""
    if offer.is_empty():
        return None
    after = _paid(ws or _moved(st, base, offer), offer, offer.give_money - offer.ask_money)
    s, p = offer.seat, offer.partner
    mine = _squash(after, s)
    if mine <= _squash(base, s) or _squash(after, p) <= _squash(base, p):
        return None
    return mine - ELEMENT * steps


def best_trade(st: CatacombsState, offer: Offer) -> tuple[float, Offer | None]:
    """CAT-20: the best trade that composing ``offer`` can still reach and that raises both the
    composer's value and the partner's, with the composer's value after it; (0, None) when
    there is none. Worked out when evaluated, from the goods and coins both sides hold."""
    base = _worths(st)
    floor = _squash(base, offer.partner)
    best: tuple[float, Offer | None] = (0.0, None)
    for goods in _completions(st, offer):
        ws = _moved(st, base, goods)
        net = _least_net(st, ws, goods, floor)
        if net is None:
            continue
        trade = _with_net(goods, net)
        v = _trade_value(st, base, trade, ws, _steps_to(offer, trade))
        if v is not None and v > best[0]:
            best = (v, trade)
    return best


def evaluate(st: CatacombsState, seat: int) -> float:
    """For bots: experience against the best rival, plus what will earn experience later.

    Kills and health count a little; so does fighting power (the wielded weapon's column in
    the battle table, armour, strength) and money and goods worth buying it with, which a
    heuristic blind to them would let a search throw away. A battle under way and an offer
    being composed or proposed count as the module's docstring says.
    """
    if not st.alive[seat]:
        return 0.0
    top = st.decisions[-1] if st.decisions else None
    if isinstance(top, Offer) and top.seat == seat:
        return best_trade(st, top)[0]
    if isinstance(top, Answer) and top.offer.seat == seat:
        return _trade_value(st, _worths(st), top.offer) or 0.0
    return _squash(_worths(st), seat)
