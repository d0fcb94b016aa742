"""Creatures, the sunrise box, events, fog, the castle and the legend track."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypedDict

from meeple.core import Action

from . import fight
from .content import LETTERS
from .frozen import with_item, with_key
from .params import KNOCKED_OUT_WILLPOWER, SUNRISE_ORDER

if TYPE_CHECKING:
    from .fight import Fight
    from .rules import AndorState

BLOCK = Action("block the event with the shield", ("block",))
ALLOW = Action("let it happen", ("allow",))


class EventBlock(TypedDict):
    """An event card waiting while shield holders decide whether to block it (AND-74)."""

    card: str
    holders: tuple[int, ...]  # seats still to be asked, the one deciding first
    resume: str  # "sunrise" or "fog": where play goes on afterwards
    seat: int  # the hero whose fog token drew the card (-1 at sunrise)


# ---------------------------------------------------------------------- heroes
def knocked_out(st: AndorState, seat: int) -> None:
    """AND-54/86: at 0 willpower a hero loses 1 strength (if above 1) and returns to 3."""
    if st.sp[seat] > 1:
        st.sp[seat] -= 1
    st.wp[seat] = KNOCKED_OUT_WILLPOWER
    st._emit("knocked_out", seat=seat, strength=st.sp[seat])


def deliver(st: AndorState, seat: int) -> None:
    """AND-72: farmers (and the herb, AND-81) carried into the castle stay there."""
    if st.carried[seat]:
        st.castle_farmers += st.carried[seat]
        st._emit("farmers_saved", seat=seat, count=st.carried[seat])
        st.carried = with_item(st.carried, seat, 0)
    if "herb" in st.items[seat] and "deliver:herb" in st.game.legend.info.goals:
        st.remove_item(seat, "herb")
        st.herb_delivered = True
        st._emit("herb_delivered", seat=seat)
        check_early(st)


# ---------------------------------------------------------------------- creatures
def destination(st: AndorState, region: int) -> int:
    """AND-6/8: follow the arrows past occupied regions; a blocked region stops the creature.

    Returns the region reached (the castle absorbs every creature), or -1 when blocked.
    """
    arrow = st.game.arrow
    castle = st.game.castle
    cur = region
    while True:
        cur = arrow[cur]
        if cur in st.blocked:
            return -1
        if cur == castle or cur not in st.creatures:
            return cur


def enter(st: AndorState, kind: str, region: int) -> None:
    """A creature arrives on a region: farmers there die; the castle takes it on a shield."""
    if region == st.game.castle:  # AND-70/71
        st.castle_creatures += 1
        free = st.game.shields + st.castle_farmers
        st._emit("castle", kind=kind, creatures=st.castle_creatures, shields=free)
        if st.castle_creatures > free:
            finish(st, "castle-overrun",
                   f"A {kind} entered the castle and no golden shield was free.")
        return
    st.creatures = with_key(st.creatures, region, kind)
    if region in st.farmers:  # AND-73
        st.farmers = with_key(st.farmers, region, None)
        st._emit("farmers_lost", region=region)


def place(st: AndorState, kind: str, region: int) -> None:
    """AND-9: a new creature on an occupied region moves on along the arrows at once."""
    on_board = sum(1 for k in st.creatures.values() if k == kind)
    if on_board >= st.game.c.creatures[kind].count:
        return  # the box holds no more of this kind
    if region in st.creatures:
        region = destination(st, region)
        if region < 0:
            return
    st._emit("creature_placed", kind=kind, region=region)
    enter(st, kind, region)


def move_creatures(st: AndorState) -> None:
    """AND-4/5/7: each kind in the sunrise order, lowest region number first."""
    moves_as = st.game.moves_as  # the sunrise step of each kind (``immobile`` never moves)
    for step in SUNRISE_ORDER:
        movers = sorted(r for r, k in st.creatures.items() if moves_as[k] == step)
        for r in movers:
            kind = st.creatures[r]
            to = destination(st, r)
            if to < 0:  # AND-8: blocked, it stays
                continue
            st.creatures = with_key(st.creatures, r, None)
            st._emit("creature_moved", kind=kind, frm=r, dest=to)
            enter(st, kind, to)
            if st.outcome:
                return


# ---------------------------------------------------------------------- sunrise
def sunrise(st: AndorState) -> None:
    """AND-23/27: every hero has ended the day; the sunrise box runs in order."""
    st.creature_bonus = 0
    st._emit("sunrise", day=st.day)
    draw_event(st, "sunrise", -1)
    if st.step != "event" and not st.outcome:
        sunrise_rest(st)


def sunrise_rest(st: AndorState) -> None:
    """AND-28/29/30: creatures move, wells refresh, the narrator steps, a new day begins."""
    move_creatures(st)
    if st.outcome:
        return
    occupied = set(st.pos)
    st.wells_full = st.wells_full | {w for w in st.game.wells if w not in occupied}  # AND-29
    advance_narrator(st)  # AND-30
    if st.outcome:
        return
    st.day += 1
    n = st.players
    st.hours = [st.next_day_hours] * n
    st.next_day_hours = 0
    st.ended = (False,) * n
    st.falcon_used = (False,) * n
    first = st.rooster if st.rooster is not None else 0
    st.rooster = None
    st.begin_turn(first)  # AND-22: the rooster begins the new day


# ---------------------------------------------------------------------- legend
def advance_narrator(st: AndorState) -> None:
    """AND-30/31/32/33: one letter on; a star letter's card is read; N ends the legend."""
    if st.letter >= len(LETTERS) - 1:
        return
    st.letter += 1
    letter = LETTERS[st.letter]
    st._emit("narrator", letter=letter)
    if letter in st.game.legend.cards:
        read_card(st, letter)
    if letter == "N" and not st.outcome:
        judge(st)


def read_card(st: AndorState, letter: str) -> None:
    """AND-32: do what a legend card says."""
    card = st.game.legend.cards[letter]
    st.cards_read = (*st.cards_read, letter)
    st._emit("legend_card", letter=letter, name=card.name)
    if card.market:
        st.market_open = True
    if card.witch >= 0:
        st.witch = card.witch
    if card.block:
        st.blocked = st.blocked | set(card.block)
    for r in card.farmers:
        st.add_farmers(r, 1)
    for rune, r in card.runes:
        drop(st, r, rune)
    more = [(k, r) for k, r, n in card.place_more if st.players >= n]
    for kind, r in [*card.place, *more]:
        place(st, kind, r)
        if st.outcome:
            return


def drop(st: AndorState, region: int, item: str) -> None:
    """An article or token is left lying on a region."""
    st.ground = with_key(st.ground, region, (*st.ground.get(region, ()), item))


def goals_met(st: AndorState) -> list[bool]:
    """Each goal of the legend: met or not."""
    out = []
    for g in st.game.legend.info.goals:
        kind, _, arg = g.partition(":")
        out.append(arg in st.killed if kind == "kill" else st.herb_delivered)
    return out


def distances(nbrs: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Steps between every pair of regions, by breadth-first search from each."""
    out = []
    for src in range(len(nbrs)):
        d = [-1] * len(nbrs)
        d[src] = 0
        q = deque([src])
        while q:
            r = q.popleft()
            for n in nbrs[r]:
                if d[n] < 0:
                    d[n] = d[r] + 1
                    q.append(n)
        out.append(tuple(d))
    return tuple(out)


def arrow_steps(arrow: tuple[int, ...], castle: int, region: int) -> int:
    """How many arrows a creature on ``region`` follows to reach the castle (AND-6)."""
    n = 0
    while region != castle and region >= 0 and n <= len(arrow):
        region = arrow[region]
        n += 1
    return n


def _near(st: AndorState, region: int) -> float:
    """How close the heroes are to ``region``, from 0 to 1: the nearest counts most."""
    g = st.game
    row = g.dist[region]
    ds = [row[p] for p in st.pos]
    return 1.0 - (2 * min(ds) + sum(ds) / len(ds)) / (3 * g.far)


def _goal_progress(st: AndorState, goal: str) -> float:
    """An open goal's progress from 0 to 1 (a met goal is 1).

    A creature to kill: the heroes' nearness to it and their odds against it; in a fight under
    way, the odds of the heroes fighting it (squared: a fight that fails costs willpower and
    strength the estimate does not see yet). The herb: its gor the same way, then the herb on
    the ground, then the carrier's nearness to the castle.
    """
    g = st.game
    kind, _, arg = goal.partition(":")
    if kind == "kill":
        if arg in st.killed:
            return 1.0
        return _hunt(st, arg, 1.0)
    if st.herb_delivered:
        return 1.0
    for s in range(st.players):
        if "herb" in st.items[s]:
            return 0.7 + 0.3 * (1.0 - g.dist[st.pos[s]][g.castle] / g.far)
    for r, lying in st.ground.items():
        if "herb" in lying:
            return 0.5 + 0.2 * _near(st, r)
    return _hunt(st, "herb_gor", 0.5)


def _hunt(st: AndorState, kind: str, scale: float) -> float:
    """Progress toward killing the creature ``kind``, from 0 to ``scale``."""
    where = next((r for r, k in st.creatures.items() if k == kind), -1)
    if where < 0:
        return 0.0
    wp = st.game.creature_stats(kind)[1]
    v = 0.3 * _near(st, where) + 0.2 * fight_odds(st, kind, range(st.players), wp)
    f = st.fight
    if f is not None and f["kind"] == kind:
        p = odds_now(st, f)
        v += (1.0 - v) * p * p
    return scale * v


#: The mean of the best of n six-sided dice (n = 0..6).
_BEST_OF = (0.0, 3.5, 4.472, 4.958, 5.245, 5.431, 5.560)
#: How much a round's battle values spread (hero dice against creature dice).
_SPREAD = 2.5
_ROOT2 = math.sqrt(2.0)
_ROOT2PI = math.sqrt(2.0 * math.pi)


def fight_odds(st: AndorState, kind: str, seats: Iterable[int], cwp: float,
               lost: float = 0.0) -> float:
    """From 0 to 1: the chance these heroes kill a creature of ``kind`` with ``cwp`` willpower.

    A round's margin is taken as normal around the heroes' strength plus their best die
    against the creature's strength (with the day's bonus) plus its mean roll (AND-57/14);
    each side loses what it loses on average per round (AND-51/58) until the creature or the
    weakest hero (who has already lost ``lost`` this round) runs out of willpower.
    """
    g = st.game
    dice = g.hero_dice
    team = 0.0
    weakest = 99
    for s in seats:
        w = st.wp[s]
        team += st.sp[s] + _BEST_OF[dice[s][min(2, w // 7)]]
        weakest = min(weakest, w)
    if weakest == 99:
        return 0.0
    hits, taken = _margins(team - g.creature_stats(kind)[0] - st.creature_bonus
                           - g.creature_roll(kind, int(cwp)))
    if cwp <= 0:
        return 1.0
    if weakest <= lost:
        return 0.0
    to_kill = cwp / max(hits, 0.05)
    to_fall = (weakest - lost) / max(taken, 0.05)
    return to_fall / (to_fall + to_kill)


def _margins(mu: float) -> tuple[float, float]:
    """The mean willpower a round costs the creature and the heroes, for a mean margin."""
    z = mu / _SPREAD
    above = 0.5 * (1.0 + math.erf(z / _ROOT2))
    hits = _SPREAD * math.exp(-0.5 * z * z) / _ROOT2PI + mu * above  # E[max(0, margin)]
    return hits, hits - mu


def odds_now(st: AndorState, f: Fight) -> float:
    """:func:`fight_odds` for a fight under way, with the round in progress counted.

    While heroes roll, the dice already kept count as rolled and the rest at their mean, so a
    good roll is worth keeping; once the creature has won a round, its loss is counted.
    """
    stage = f["stage"]
    kind = f["kind"]
    who = f["who"]
    if stage in ("keep", "flip", "boost"):
        g = st.game
        i = f["i"]
        s = who[i]
        dice = g.hero_dice
        team = float(f["total"] + st.sp[s] + fight.hero_value(st, s, f))
        for o in who[i + 1:]:
            team += st.sp[o] + _BEST_OF[dice[o][min(2, st.wp[o] // 7)]]
        hits, taken = _margins(team - f["csp"] - g.creature_roll(kind, f["cwp"]))
        return fight_odds(st, kind, who, f["cwp"] - hits, taken)
    if stage == "shield":
        return fight_odds(st, kind, who, f["cwp"], f["losses"])
    return fight_odds(st, kind, who, f["cwp"])


def _threat(st: AndorState, free: int) -> float:
    """The danger from creatures marching on the castle, from 0 (none) to 1.

    Creatures nearer the castle than the free shields can absorb count by how soon they
    arrive, less when a hero stands near them (so the heroes walk out to meet them).
    """
    g = st.game
    moves_as = g.moves_as
    steps = sorted((g.to_castle[r], r) for r, k in st.creatures.items()
                   if moves_as[k] != "immobile" and r not in st.blocked)
    danger = 0.0
    for i, (n, r) in enumerate(steps):
        urgency = 1.0 / (1.0 + n)
        if i < free:
            urgency *= 0.3  # the castle still has a shield for it
        guard = _near(st, r)
        danger += urgency * (1.0 - 0.6 * guard)
    return min(1.0, danger)


def evaluate(st: AndorState) -> float:
    """How well the legend goes, from 0 to 1, the same for every hero (a cheap bot heuristic).

    Progress on each goal weighs most (a met goal fully, an open one by the heroes' distance
    to it, their odds against its creature and the odds of a fight under way); then the golden
    shields still free (AND-70/71), the danger from creatures marching on the castle and how
    near the heroes are to meet them, the letters left before N while a goal is open (each
    kill costs one, AND-31), and the heroes' strength, willpower and gold.
    """
    g = st.game
    shields = g.shields + st.castle_farmers
    castle = 1.0 - st.castle_creatures / (shields + 1)
    goals = g.legend.info.goals
    progress = sum(_goal_progress(st, goal) for goal in goals) / len(goals) if goals else 1.0
    last = len(LETTERS) - 1
    time_left = 1.0 if progress >= 1.0 else (last - st.letter) / last
    threat = _threat(st, shields - st.castle_creatures)
    strength_max: int = g.config["strength_max"]
    n = st.players
    # Strength lasts (gold buys it at 2 for 1); willpower matters more the lower it is (fewer
    # dice, then a knock-out, AND-54), little above 12. Below the willpower a knock-out
    # restores it counts no less, so that a knock-out never looks like a gain.
    heroes = sum(0.6 * min(1.0, (st.sp[s] + st.gold[s] / 2) / strength_max)
                 + 0.4 * (1.0 - (1.0 - min(max(st.wp[s], KNOCKED_OUT_WILLPOWER), 12) / 12) ** 2)
                 for s in range(n)) / n
    f = st.fight
    # A fight the heroes should win, and the damage done (lost again if they all withdraw,
    # AND-55).
    fighting = 0.0
    if f is not None:
        fighting = odds_now(st, f) ** 2
    v = (0.35 * progress + 0.15 * castle + 0.15 * (1.0 - threat) + 0.1 * time_left
         + 0.2 * heroes + 0.05 * fighting)
    return min(1.0, max(0.0, v))


def judge(st: AndorState) -> None:
    """AND-33/89: at N the legend ends; won if every goal is met and the castle holds."""
    if all(goals_met(st)):
        finish(st, "goals-met", "The narrator reached N with every goal met.")
    else:
        finish(st, "goals-unmet", "The narrator reached N before every goal was met.")


def check_early(st: AndorState) -> None:
    """With ``early_victory``, the legend is won the moment its goals are met."""
    if st.game.config["early_victory"] and all(goals_met(st)) and not st.outcome:
        finish(st, "goals-met", "Every goal of the legend was met.")


def finish(st: AndorState, reason: str, detail: str) -> None:
    """AND-84: all heroes win or lose together."""
    st.outcome = reason
    st.outcome_detail = detail
    st.step = "over"
    st.fight = None
    st.event_block = None
    st.to_act = None
    st._emit("legend_over", reason=reason, detail=detail)


# ---------------------------------------------------------------------- events
def draw_event(st: AndorState, resume: str, seat: int) -> None:
    """AND-27/85: draw the top event card; a blockable one may be stopped by a shield."""
    if not st.deck:
        deck = list(st.discard)
        st.rng.shuffle(deck)
        st.deck, st.discard = tuple(deck), ()
    card = st.deck[-1]
    st.deck = st.deck[:-1]
    st.discard = (*st.discard, card)
    st.last_event = card
    st._emit("event", card=card)
    ev = st.game.c.events[card]
    holders = tuple(s for s in range(st.players) if st.has(s, "shield"))
    if ev.blockable and holders:  # AND-74
        st.event_block = {"card": card, "holders": holders, "resume": resume, "seat": seat}
        st.step = "event"
        st.to_act = holders[0]
        return
    resolve_event(st, card)


def event_actions(st: AndorState) -> list[Action]:
    """A shield holder decides whether to block the event."""
    return [BLOCK, ALLOW]


def apply_event_choice(st: AndorState, action: Action) -> None:
    """Block with a shield, or let the next holder decide; then resume."""
    eb = st.event_block
    assert eb is not None
    seat = eb["holders"][0]
    eb["holders"] = eb["holders"][1:]
    if action[1][0] == "block":
        item = st.has(seat, "shield")
        assert item is not None
        st.use_up(seat, item)
        st._emit("event_blocked", seat=seat, card=eb["card"])
    elif eb["holders"]:
        st.to_act = eb["holders"][0]
        return
    else:
        resolve_event(st, eb["card"])
    st.event_block = None
    if st.outcome:
        return
    if eb["resume"] == "sunrise":
        st.step = "sunrise"
        sunrise_rest(st)
    else:
        st.step = "moving"
        st.to_act = eb["seat"]
        st.after_stop()


def resolve_event(st: AndorState, card: str) -> None:
    """Apply an event card's effect (meeple's own deck, content/events.toml)."""
    ev = st.game.c.events[card]
    eff, amt = ev.effect, ev.amount
    n = st.players
    if eff in ("willpower", "gold"):
        for s in range(n):
            if _applies(st, s, ev.where):
                if eff == "willpower":
                    st.gain_wp(s, amt)
                else:
                    st.gold[s] = max(0, st.gold[s] + amt)
    elif eff == "willpower_lowest":
        s = min(range(n), key=lambda k: (st.wp[k], k))
        st.gain_wp(s, amt)
    elif eff == "strength_lowest":
        s = min(range(n), key=lambda k: (st.sp[k], k))
        st.gain_sp(s, amt)
    elif eff == "place":
        place(st, ev.kind, ev.region)
    elif eff == "wells_empty":
        st.wells_full = frozenset()
    elif eff == "hours_lost":
        st.next_day_hours = amt
    elif eff == "creature_bonus":
        st.creature_bonus = amt
    elif eff == "farmer":
        st.add_farmers(ev.region, 1)


def _applies(st: AndorState, s: int, where: str) -> bool:
    if where == "all":
        return True
    if where == "well":
        return st.pos[s] in st.game.wells
    kind, _, arg = where.partition(":")
    if kind == "terrain":
        return st.game.terrain[st.pos[s]] in arg.split(",")
    return st.wp[s] > int(arg)  # above:<n>


# ---------------------------------------------------------------------- fog
def activate_fog(st: AndorState, seat: int) -> None:
    """AND-68/69: the token where a move ends acts once and leaves the game."""
    here = st.pos[seat]
    token = st.fog[here]
    st.fog = with_key(st.fog, here, None)
    st.fog_seen = st.fog_seen - {here}
    fog = next(f for f in st.game.c.fog if f.id == token)
    st._emit("fog", seat=seat, region=here, token=token)
    eff = fog.effect
    if eff == "gold":
        st.gold[seat] += fog.amount
    elif eff == "strength":
        st.gain_sp(seat, fog.amount)
    elif eff == "willpower":
        st.gain_wp(seat, fog.amount)
    elif eff == "gor":
        place(st, "gor", here)
    elif eff == "wineskin":
        if st.stock["wineskin"] > 0 and st.room_for(seat, "wineskin"):
            st.restock("wineskin", -1)
            st.add_item(seat, "wineskin")
    elif eff == "witch":
        st.witch = here
        if st.stock["brew"] > 0 and st.room_for(seat, "brew") and st.has(seat, "brew") is None:
            st.restock("brew", -1)
            st.add_item(seat, "brew")
    elif eff == "event":
        draw_event(st, "fog", seat)


# ---------------------------------------------------------------------- view
def view(st: AndorState) -> dict[str, Any]:
    """The table as every seat sees it (all boards are open; fog and the deck are not)."""
    g = st.game
    if st.outcome:
        phase = "over"
    elif st.step == "event":
        phase = "sunrise" if st.event_block and st.event_block["resume"] == "sunrise" else "day"
    elif st.fight is not None:
        phase = "fight"
    else:
        phase = "day"
    heroes = []
    for s in range(st.players):
        h = g.c.heroes[g.hero_ids[s]]
        heroes.append({
            "seat": s, "hero": h.id, "region": st.pos[s], "strength": st.sp[s],
            "willpower": st.wp[s], "gold": st.gold[s], "hours": st.hours[s],
            "ended": st.ended[s], "articles": sorted(st.items[s]), "farmers": st.carried[s],
            "dice": h.dice[min(2, st.wp[s] // 7)],
        })
    creatures = []
    for r in sorted(st.creatures):
        sp, wp = g.creature_stats(st.creatures[r])
        creatures.append({"region": r, "kind": st.creatures[r], "strength": sp,
                          "willpower": wp})
    fgt = None
    if st.fight is not None:
        f = st.fight
        fgt = {"region": f["region"], "kind": f["kind"], "willpower": f["cwp"],
               "strength": f["csp"], "heroes": list(f["who"]), "round": f["round"],
               "hero_value": f["total"], "dice": list(f["dice"]),
               "roller": f["who"][f["i"]] if f["i"] < len(f["who"]) else None}
    return {
        "phase": phase, "step": st.step, "legend": g.legend.info.id,
        "letter": LETTERS[st.letter], "day": st.day, "active": st.active,
        "rooster": st.rooster, "goals": list(g.legend.info.goals),
        "goals_met": goals_met(st), "heroes": heroes, "creatures": creatures,
        "castle": {"creatures": st.castle_creatures, "shields": g.shields + st.castle_farmers,
                   "farmers": st.castle_farmers},
        "farmers": [[r, k] for r, k in sorted(st.farmers.items())],
        "ground": [[r, sorted(v)] for r, v in sorted(st.ground.items())],
        "wells": [[w, w in st.wells_full] for w in g.wells],
        "fog": [[r, st.fog[r] if r in st.fog_seen else None] for r in sorted(st.fog)],
        "witch": st.witch if st.witch >= 0 else None,
        "blocked": sorted(st.blocked), "market_open": st.market_open,
        "stock": dict(sorted(st.stock.items())), "event_deck": len(st.deck),
        "last_event": st.last_event or None, "cards_read": list(st.cards_read),
        "creature_bonus": st.creature_bonus, "fight": fgt,
    }
