"""How promising an unfinished catacombs game looks for a seat (``evaluate``), for the bots.

The generic ``greedy`` bot seated at a catacombs table looks one action ahead with this value,
and the search reads it at the leaves of its rollouts, so the value says what such a bot shown
to people should and should not do. It is a dwarf's worth against the best rival's: its
experience (the score, CAT-22), plus what will earn experience later:

- what lies ahead (:mod:`outlook`): the nearest open side onto unexplored ground, worth a
  face-down card's expected worth, or a monster it can beat, worth its kill, less for each cell
  still to walk — so the bot walks to the frontier instead of back and forth, rolls for a
  walk rather than stays, explores, and a walled-in dwarf saves up for a destruction potion.
  Without it the game's experience comes only from the turned card, and two greedy dwarves
  walked at random until meeple's round limit ended the game;
- a battle it is committed to counts at its expected gain: the kill's experience at its odds
  less the wound a miss costs (the dwarf's fall when that wound would kill it), and as a heavy
  loss when it cannot win at all; so it fights what it has a fair chance against and retreats
  before a blow that would kill it;
- spare coins: coins up to ``RESERVE`` count in full, those above at ``SURPLUS`` of a coin,
  so 200 coins above the reserve are worth less than the experience they buy (CAT-19);
- goods are worth what they are to their holder: about half their price, except the best item
  a dwarf could put on in each slot (strong enough, the slot empty or worse), which is worth
  ``USE_SHARE`` of what it would add to its fighting power — so a sword is worth more to a
  dwarf who can wield it than to one who cannot, and a trade can help both sides;
- each free action of the turn costs a tie-break (``FIDGET``), so the bot never swaps a thing
  for its twin or puts a cap on and off again;
- a trade offer it is composing is worth its best reachable completion (:func:`best_trade`):
  the position after the best trade with that partner, among what can still be added, that
  improves its own value and the partner's too (the bot would accept it in the partner's
  place); with no such completion the offer is worth nothing, so the bot opens an offer only
  when such a trade exists, then adds exactly its parts and proposes it. A proposed offer is
  worth the position after it when it helps both sides, else nothing. With two dwarves left
  no trade helps both, and none is worked out.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from .backpack import HALVES, LEFT, RIGHT, armour_of
from .board import monster_at
from .content import SLOTS
from .decisions import Answer, Offer
from .events import ARTIFACT_EXPERIENCE, VEIN_EXPERIENCE
from .outlook import COIN, HEALTH, card_worth, chance, column, kill_value, money_worth, outlook

if TYPE_CHECKING:
    from meeple.core import Action

    from .content import Card
    from .game import Catacombs
    from .state import CatacombsState

#: How far ahead of the best rival (in experience-like points) counts as nearly a sure win.
SURE_LEAD = 30
#: What a battle it cannot win costs in the bot's eyes (experience-like points).
HOPELESS = 5.0
#: What one battle-table column of the wielded weapon, and one point of armour, are worth.
WEAPON, ARMOUR = 0.3, 0.4
#: The share of what an item would add once put on that it is worth in the backpack.
USE_SHARE = 0.8
#: What each free action of the turn costs (CAT-25): nothing but a tie-break, so that the
#: bot ends its turn rather than swap a thing for its twin or put a cap on and off again.
FIDGET = 1e-4
#: Coins (half coins) a dwarf keeps for a weapon, a potion or a way through a wall; each coin
#: above it is worth half as much, so spare coins go on experience (CAT-19).
RESERVE = HALVES * 100
#: What each action still needed to compose and propose a trade costs: nothing but a
#: tie-break, so that the bot takes a shortest way to its trade and pads it with nothing.
ELEMENT = 1e-9
#: CAT-20: the smallest coin step of an offer, in half coins.
COIN_STEP = HALVES * 10


def win_chance(st: CatacombsState, s: int, monster: int) -> float:
    """The chance that dwarf ``s`` beats ``monster`` with its weapon in hand this turn."""
    return chance(st.game, column(st, s), st.bonus, monster)


def battle_outlook(st: CatacombsState, s: int) -> float:
    """What the battle dwarf ``s`` is committed to (its turn's battle step) is expected to
    bring (:func:`outlook.kill_value`), or ``-HOPELESS`` when it cannot win."""
    cell = st.position[s]
    if st.active != s or st.step != "battle" or cell is None:
        return 0.0
    m = monster_at(st, cell)
    if m is None:
        return 0.0
    kill = kill_value(st.game, column(st, s), st.bonus, armour_of(st, s), st.health[s], m)
    return -HOPELESS if kill is None else kill


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
          ahead: float | None = None) -> float:
    """Experience, plus a little for kills, health, fighting power, goods and money, the
    battle under way and what lies ahead (:func:`outlook.outlook`); ``pack`` stands in for the
    dwarf's own when given (the position after a trade), ``ahead`` for its outlook when
    already worked out."""
    weapon = st.screen[s][RIGHT]
    if ahead is None:
        ahead = outlook(st, s, card_worth(st, s))
    return (st.experience[s] + 0.1 * st.kills[s] + HEALTH * max(0, st.health[s])
            + WEAPON * (st.game.column_of[weapon] if weapon is not None else 0)
            + ARMOUR * armour_of(st, s) + 0.3 * st.strength[s]
            + money_worth(st.money[s], RESERVE)
            + goods_worth(st, s, st.pack[s] if pack is None else pack)
            + battle_outlook(st, s) + ahead
            - (FIDGET * st.free_used if st.active == s else 0.0))


def _squash(ws: dict[int, float], seat: int) -> float:
    """``seat``'s lead over the best rival among worths ``ws``, squashed into (0, 1)."""
    rival: float | None = None
    for s, w in ws.items():  # the best rival's worth (max over the others, 0 with none)
        if s != seat and (rival is None or w > rival):
            rival = w
    lead = ws[seat] - (0.0 if rival is None else rival)
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
    s, p = offer.seat, offer.partner
    ws[s] += goods_worth(st, s, mine) - goods_worth(st, s, st.pack[s])
    ws[p] += goods_worth(st, p, theirs) - goods_worth(st, p, st.pack[p])
    return ws


def _paid(st: CatacombsState, ws: dict[int, float], offer: Offer, net: int
          ) -> dict[int, float]:
    """Worths ``ws`` after the composer pays ``net`` half coins to the partner (or is paid)."""
    out = dict(ws)
    s, p = offer.seat, offer.partner
    ms, mp = st.money[s], st.money[p]
    out[s] += money_worth(ms - net, RESERVE) - money_worth(ms, RESERVE)
    out[p] += money_worth(mp + net, RESERVE) - money_worth(mp, RESERVE)
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
    if hi < lo or _squash(_paid(st, ws, offer, hi), p) <= floor:
        return None
    a, b = 0, (hi - lo) // COIN_STEP  # the partner's value rises with the coins it gets
    while a < b:
        mid = (a + b) // 2
        if _squash(_paid(st, ws, offer, lo + mid * COIN_STEP), p) > floor:
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
    after = _paid(st, ws or _moved(st, base, offer), offer, offer.give_money - offer.ask_money)
    s, p = offer.seat, offer.partner
    mine = _squash(after, s)
    if mine <= _squash(base, s) or _squash(after, p) <= _squash(base, p):
        return None
    return mine - ELEMENT * steps


def best_trade(st: CatacombsState, offer: Offer, base: dict[int, float] | None = None
               ) -> tuple[float, Offer | None]:
    """CAT-20: the best trade that composing ``offer`` can still reach and that raises both the
    composer's value and the partner's, with the composer's value after it; (0, None) when
    there is none. Worked out when evaluated, from the goods and coins both sides hold. With
    two dwarves left one's lead is the other's loss, so no trade helps both."""
    if sum(st.alive) <= 2:
        return (0.0, None)
    if base is None:
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


def evaluate(st: CatacombsState, seat: int, ws: dict[int, float] | None = None) -> float:
    """For bots: experience against the best rival, plus what will earn experience later.

    Kills and health count a little; so does fighting power (the wielded weapon's column in
    the battle table, armour, strength) and money and goods worth buying it with, which a
    heuristic blind to them would let a search throw away. A battle under way and an offer
    being composed or proposed count as the module's docstring says. ``ws``: every living
    dwarf's :func:`worth` when already worked out (:func:`evaluate_all`).
    """
    if not st.alive[seat]:
        return 0.0
    top = st.decisions[-1] if st.decisions else None
    if isinstance(top, Offer) and top.seat == seat:
        return best_trade(st, top, ws)[0]
    if ws is None:
        ws = _worths(st)
    if isinstance(top, Answer) and top.offer.seat == seat:
        return _trade_value(st, ws, top.offer) or 0.0
    if hopeless(st, seat):
        return 0.0
    return _squash(ws, seat)


def hopeless(st: CatacombsState, s: int) -> bool:
    """Dwarf ``s`` lies further behind the leader in experience than everything still to be
    found could bring it (:func:`hope`): its game is as lost as a lost end (valued 0), so
    ending it, by the last vein or the dead end, costs it nothing, and a bot far behind no
    longer stands still to keep the game going until meeple's round limit. A rival's fall
    (CAT-11) is not counted as hope."""
    best: int | None = None
    experience, alive = st.experience, st.alive
    for o in range(st.players):  # the leader's experience among the others alive
        if o != s and alive[o] and (best is None or experience[o] > best):
            best = experience[o]
    if best is None:
        return False
    behind = best - st.experience[s]
    g = st.game
    veins = g.__dict__.get("_veins")
    if veins is None:
        veins = g.__dict__["_veins"] = sum(c.kind == "vein" for c in g.content.cards)
    if behind <= VEIN_EXPERIENCE * (veins - st.veins):  # the veins alone could make it up
        return False
    return behind > hope(st, s)


def hope(st: CatacombsState, s: int) -> float:
    """The most experience dwarf ``s`` could still gain: every card still face down and every
    face-up monster at its experience (a vein 2, an artifact 2, CAT-45/46), its artifacts,
    and one experience for every 200 coins it has or could sell its things for (CAT-19)."""
    g = st.game
    table: list[int] | None = g.__dict__.get("_card_hope")
    if table is None:
        table = g.__dict__["_card_hope"] = [_card_experience(g, c) for c in g.content.cards]
    items = g.content.items
    total = sum(map(table.__getitem__, st.deck))
    total += sum(table[k] for k in st.card if k is not None and g.card_monster[k] is not None)
    things = [*st.pack[s], *(i for i in st.screen[s] if i is not None)]
    total += ARTIFACT_EXPERIENCE * sum(items[i].kind == "artifact" for i in things)
    worth_coins = st.money[s] + HALVES * sum(items[i].value for i in things)
    return total + worth_coins / (HALVES * g.content.experience_price)


def _card_experience(g: Catacombs, card: Card) -> int:
    """The experience one event card can bring whoever turns it up."""
    if card.kind == "vein":
        return VEIN_EXPERIENCE
    if card.kind == "artifact":
        return ARTIFACT_EXPERIENCE
    if card.kind == "monster" and card.ref is not None:
        return g.content.monsters[card.ref].experience
    return 0


def evaluate_all(st: CatacombsState) -> list[float]:
    """Every seat's :func:`evaluate`, the dwarves' worths worked out once for all of them
    (the search reads every seat's value at each leaf)."""
    ws = _worths(st)
    return [evaluate(st, s, ws) for s in range(st.players)]


def search_moves(st: CatacombsState, legal: list[Action]) -> list[Action]:
    """The moves a search weighs at its root (``Game.search_moves``), on a world of the seat
    to act: an offer (CAT-20) is opened only to a partner with whom :func:`best_trade` finds a
    trade that helps both, and an offer being composed takes the step towards that trade the
    value likes best (the first of equals), as the greedy bot does. A search cannot see
    through the several actions a trade takes: its rollouts open offers and drop them, and
    so, without this, did the moves it played."""
    s = st.to_act
    assert s is not None
    top = st.decisions[-1] if st.decisions else None
    if isinstance(top, Offer) and top.seat == s:
        return [max(legal, key=lambda a: _after(st, a, s))]
    opens = {a[0]: p for p, a in enumerate(st.game.actions.offer)}
    return [a for a in legal if a[0] not in opens
            or best_trade(st, Offer(seat=s, partner=opens[a[0]]))[1] is not None]


def _after(st: CatacombsState, action: Action, seat: int) -> float:
    """``seat``'s value once ``action`` is taken, on a clone of ``st``."""
    child = st.clone()
    child.apply(action)
    return evaluate(child, seat)
