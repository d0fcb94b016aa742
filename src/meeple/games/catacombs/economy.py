"""Free actions of a dwarf's own turn and the battle: equipment, shop, potions, artifacts,
brewing, trade offers, attack rolls.

Functions take the state; they are split from ``state.py`` only to keep modules short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.components.dice import d6
from meeple.core import Action

from .content import SLOTS

if TYPE_CHECKING:
    from .state import CatacombsState

RIGHT, LEFT = SLOTS.index("right_hand"), SLOTS.index("left_hand")
DRINKABLE = ("heal", "armour", "strength")
#: Verbs offered at every decision of a dwarf's own turn (CAT-19, CAT-20).
ANYTIME = frozenset({"buy_turn", "buy_exp", "offer"})
_ANSWERED = {"accept": "trade_accepted", "decline": "trade_declined"}


def at_entrance(st: CatacombsState, s: int) -> bool:
    return st.pos[s] in st.game.entrance_index


def buy_price(st: CatacombsState, s: int, item: int) -> int:
    """CAT-16/17: list price at an entrance, 1.5x elsewhere (in half coins)."""
    p = st.game.cat.items[item].price * 2
    return p if at_entrance(st, s) else round(p * st.game.cat.markup)


def sell_price(st: CatacombsState, s: int, item: int) -> int:
    """CAT-16/17: full value at an entrance, half elsewhere (in half coins)."""
    v = st.game.cat.items[item].value * 2
    return v if at_entrance(st, s) else round(v * st.game.cat.sell_remote)


def spend_effect(st: CatacombsState, s: int, effect: str) -> None:
    """Remove the first item of the backpack with ``effect`` (a potion used up)."""
    items = st.game.cat.items
    for i in st.pack[s]:
        if items[i].effect == effect:
            st.pack[s].remove(i)
            st._emit("potion_used", seat=s, item=items[i].id)
            return


def _recipe_need(st: CatacombsState, s: int, ings: tuple[int, ...]) -> list[int]:
    """The ingredients of a recipe that the dwarf does not hold (with multiplicity)."""
    have = list(st.pack[s])
    missing = []
    for i in ings:
        if i in have:
            have.remove(i)
        else:
            missing.append(i)
    return missing


def free_actions(st: CatacombsState) -> list[Action]:
    """What a dwarf may do at any moment of its own turn (CAT-12..21, 37..50)."""
    g = st.game
    limit = g.config["free_action_limit"]
    if limit and st.free_used >= limit:  # CAT-25: meeple's cap, so every turn ends
        return []
    A, cat = g.acts, g.cat
    s = st.turn
    items = cat.items
    cur = st.pos[s]
    pack = st.pack[s]
    out: list[Action] = []
    for i in sorted(set(pack)):
        it = items[i]
        k = it.kind
        if k == "weapon":
            if st.strength[s] >= it.strength:  # CAT-14
                out.append(A.equip[i])
        elif k == "armour":
            out.append(A.equip[i])
        elif k == "potion":
            if it.effect in DRINKABLE:
                out.append(A.drink[i])
        elif k == "artifact":
            if it.effect == "rollshtain":
                out.append(A.use[i])
            elif it.effect == "spinner" and st.tcard[cur] >= 0:
                out.append(A.use[i])
                if st.pile:
                    out.append(A.redraw)
        if it.value:
            out.append(A.sell[i])
    for i in st.screen[s]:
        if i >= 0:
            out.append(A.unequip[i])
    money = st.money[s]
    for i in cat.shop:
        if money >= buy_price(st, s, i):
            out.append(A.buy[i])
    out += _purchases(st, s)
    if st.caul[cur] >= 0:  # CAT-37, CAT-50
        cristall = g.cristall in pack
        for potion, ings in cat.recipes:
            missing = _recipe_need(st, s, ings)
            if not missing:
                out.append(A.brew[potion])
            if cristall and len(missing) <= 2:
                out.append(A.brew_cristall[potion])
    return out + _offers(st, s)


def anytime_actions(st: CatacombsState) -> list[Action]:
    """CAT-19/CAT-20: what a dwarf may do at any decision of its own turn, not only between
    moves: buy an extra turn or experience, open a trade. Counted against the free-action cap
    (CAT-25) like every free action."""
    limit = st.game.config["free_action_limit"]
    if limit and st.free_used >= limit:
        return []
    return _purchases(st, st.turn) + _offers(st, st.turn)


def _purchases(st: CatacombsState, s: int) -> list[Action]:
    """CAT-19: 200 coins buy an extra turn, or one experience."""
    A, cat = st.game.acts, st.game.cat
    out: list[Action] = []
    if st.money[s] >= 2 * cat.extra_turn_price:
        out.append(A.buy_turn)
    if st.money[s] >= 2 * cat.experience_price:
        out.append(A.buy_exp)
    return out


def _offers(st: CatacombsState, s: int) -> list[Action]:
    """CAT-20: an offer to every other living dwarf, while the turn has offers left."""
    if st.offers >= st.game.config["trade_offers_per_turn"]:
        return []
    offer = st.game.acts.offer
    return [offer[p] for p in range(st.players) if p != s and st.alive[p]]


def battle_actions(st: CatacombsState) -> list[Action]:
    """CAT-44/49/52: sacrifice potions, use the Summoner, or roll the attack."""
    A = st.game.acts
    s = st.turn
    items = st.game.cat.items
    out = [A.sacrifice[i] for i in sorted(set(st.pack[s])) if items[i].kind == "potion"]
    if st.game.summoner in st.pack[s]:
        out.append(A.use[st.game.summoner])
    out.append(A.attack)
    return out


def trade_actions(st: CatacombsState) -> list[Action]:
    """CAT-20: build an offer element by element, then the partner answers."""
    A = st.game.acts
    if st.step == "respond":
        return [A.accept, A.decline]
    t = st.trade
    assert t is not None
    s, p = st.turn, t[0]
    out = [A.give[i] for i in sorted(set(st.pack[s])) if st.pack[s].count(i) > t[1].count(i)]
    out += [A.ask[i] for i in sorted(set(st.pack[p])) if st.pack[p].count(i) > t[2].count(i)]
    out += [a for a, k in zip(A.give_coins, (10, 100), strict=True)
            if st.money[s] - t[3] >= 2 * k]
    out += [a for a, k in zip(A.ask_coins, (10, 100), strict=True)
            if st.money[p] - t[4] >= 2 * k]
    if t[1] or t[2] or t[3] or t[4]:
        out.append(A.propose)
    out.append(A.cancel)
    return out


def attack(st: CatacombsState) -> None:
    """CAT-52..54: one attack roll against the monster on the dwarf's cell."""
    g = st.game
    s = st.turn
    cur = st.pos[s]
    mon = g.cat.monsters[st.monster_at(cur)]
    weapon = st.screen[s][RIGHT]
    col = g.column_of[weapon] if weapon >= 0 else g.cat.fists_column
    need = mon.needs[col]
    roll = 0
    if need is None:
        win = False
    elif need == 0:
        win = True
    else:
        roll = d6(st.rng)
        win = roll + st.bonus >= need
    st.attacked = True
    st._emit("attack", seat=s, monster=mon.id, need=need, roll=roll, bonus=st.bonus, win=win)
    if win:
        kill(st, s, cur, mon.experience)
    else:
        dmg = max(0, mon.attack - st.armour_of(s))  # CAT-54: armour never adds health
        st._emit("wound", seat=s, monster=mon.id, damage=dmg)
        st.damage(s, dmg)
        if not st.alive[s] or st.ended:
            return
    st.after_battle()


def kill(st: CatacombsState, s: int, cell: int, experience: int) -> None:
    """CAT-53: the monster leaves the board; experience and a kill for the dwarf."""
    st.card[cell] = -1
    st.up[cell] = False
    st.taken += 1
    st.kills[s] += 1
    for o in range(st.players):
        if st.pos[o] == cell:
            st.no_retreat[o] = False
    st.gain(s, experience)


def _use(st: CatacombsState, s: int, item: int) -> None:
    """CAT-46..49: use an artifact (+2 experience; the card leaves the game)."""
    g = st.game
    eff = g.cat.items[item].effect
    st.take_item(s, item)
    st._emit("artifact", seat=s, item=g.cat.items[item].id)
    cur = st.pos[s]
    if eff == "rollshtain":  # CAT-47
        for n in g.nb[cur]:
            if n >= 0 and st.card[n] >= 0 and not st.up[n]:
                st.up[n] = True
                st._emit("reveal", seat=s, cell=g.xy(n), card=g.cat.cards[st.card[n]].label)
        st.gain(s, 2)
    elif eff == "spinner":  # CAT-48
        st.gain(s, 2)
        st.step = "spin"
    else:  # summoner, CAT-49: the kill's experience and the artifact's
        mon = g.cat.monsters[st.monster_at(cur)]
        st._emit("banish", seat=s, monster=mon.id)
        kill(st, s, cur, mon.experience + 2)
        st.after_battle()


def _redraw(st: CatacombsState, s: int) -> None:
    """CAT-48: the Spinner's variant: back into the box, a new tile, 1 experience."""
    g = st.game
    st.take_item(s, g.spinner)
    cur = st.pos[s]
    st.pile.append(st.tcard[cur])
    st.rng.shuffle(st.pile)
    new = st.pile.pop()
    st.tcard[cur] = new
    st.tile[cur] = g.cat.tiles[new][3]
    st._emit("redraw_tile", seat=s, cell=g.xy(cur), tile=g.cat.tiles[new][0])
    st.gain(s, 1)
    st.step = "spin"


def _equip(st: CatacombsState, s: int, item: int) -> None:
    """CAT-12/13/15: one item per slot; a two-handed weapon excludes a shield."""
    items = st.game.cat.items
    it = items[item]
    scr = st.screen[s]
    slot = SLOTS.index(it.slot)
    st.take_item(s, item)
    if scr[slot] >= 0:
        st.add_item(s, scr[slot])
    if it.two_handed and scr[LEFT] >= 0:
        st.add_item(s, scr[LEFT])
        scr[LEFT] = -1
    if slot == LEFT and scr[RIGHT] >= 0 and items[scr[RIGHT]].two_handed:
        st.add_item(s, scr[RIGHT])
        scr[RIGHT] = -1
    scr[slot] = item
    st._emit("equip", seat=s, item=it.id, slot=it.slot)


def _brew(st: CatacombsState, s: int, potion: int, cristall: bool) -> None:
    """CAT-37/50: ingredients (or the Cristall for two of them) become a potion."""
    g = st.game
    ings = next(r[1] for r in g.cat.recipes if r[0] == potion)
    spend = list(ings)
    gained = g.cat.cauldrons[st.caul[st.pos[s]]][3]
    if cristall:
        st.take_item(s, g.cristall)
        missing = _recipe_need(st, s, ings)
        for i in missing:
            spend.remove(i)
        while len(ings) - len(spend) < 2 and spend:
            spend.pop(0)
        gained += 2
    for i in spend:
        st.take_item(s, i)
    st.add_item(s, potion)
    st._emit("brew", seat=s, potion=g.cat.items[potion].id, cristall=cristall)
    st.gain(s, gained)


def apply_free(st: CatacombsState, verb: str, arg: int) -> None:
    """Apply a free, battle or trade action."""
    g = st.game
    s = st.turn
    items = g.cat.items
    if verb == "equip":
        _equip(st, s, arg)
    elif verb == "unequip":
        scr = st.screen[s]
        scr[scr.index(arg)] = -1
        st.add_item(s, arg)
        st._emit("unequip", seat=s, item=items[arg].id)
    elif verb == "buy":
        st.money[s] -= buy_price(st, s, arg)
        st.add_item(s, arg)
        st._emit("buy", seat=s, item=items[arg].id)
    elif verb == "sell":
        st.money[s] += sell_price(st, s, arg)
        st.take_item(s, arg)
        st._emit("sell", seat=s, item=items[arg].id)
    elif verb == "drink":  # CAT-38..40
        it = items[arg]
        st.take_item(s, arg)
        if it.effect == "heal":
            st.health[s] += it.amount
        elif it.effect == "armour":
            st.armour[s] += it.amount
        else:
            st.strength[s] += it.amount
        st._emit("drink", seat=s, item=it.id)
    elif verb == "sacrifice":  # CAT-44
        st.take_item(s, arg)
        st.bonus += 1
        st._emit("sacrifice", seat=s, item=items[arg].id, bonus=st.bonus)
    elif verb == "attack":
        attack(st)
    elif verb == "use":
        _use(st, s, arg)
    elif verb == "redraw":
        _redraw(st, s)
    elif verb == "brew":
        _brew(st, s, arg, False)
    elif verb == "brew_cr":
        _brew(st, s, arg, True)
    elif verb == "buy_turn":
        st.money[s] -= 2 * g.cat.extra_turn_price
        st.extra += 1
        st._emit("buy_turn", seat=s)
    elif verb == "buy_exp":
        st.money[s] -= 2 * g.cat.experience_price
        st._emit("buy_experience", seat=s)
        st.gain(s, 1)
    else:
        _trade(st, verb, arg)


def _trade(st: CatacombsState, verb: str, arg: int) -> None:
    s = st.turn
    if verb == "offer":  # CAT-20: opening an offer uses one of the turn's offers
        st.offers += 1
        st.trade = [arg, [], [], 0, 0]
        st.resume = st.step  # the decision the trade interrupts, taken up again after it
        st.step = "trade"
        return
    t = st.trade
    assert t is not None
    if verb == "give":
        t[1].append(arg)
    elif verb == "ask":
        t[2].append(arg)
    elif verb == "give_coins":
        t[3] += 2 * arg
    elif verb == "ask_coins":
        t[4] += 2 * arg
    elif verb == "propose":
        st.step = "respond"
        st.to_act = t[0]
        st._emit("offer", seat=s, partner=t[0], **_terms(st, t))
    else:
        if verb == "accept":
            p = t[0]
            for i in t[1]:
                st.take_item(s, i)
                st.add_item(p, i)
            for i in t[2]:
                st.take_item(p, i)
                st.add_item(s, i)
            st.money[s] += t[4] - t[3]
            st.money[p] += t[3] - t[4]
        if verb in _ANSWERED:
            st._emit(_ANSWERED[verb], seat=t[0], partner=s)
        st.trade = None
        st.step, st.resume = st.resume, ""
        st.to_act = s


def _terms(st: CatacombsState, t: list[Any]) -> dict[str, Any]:
    items = st.game.cat.items
    return {"give": [items[i].id for i in t[1]], "ask": [items[i].id for i in t[2]],
            "give_money": t[3], "ask_money": t[4]}
