"""The scripted team of heroes, offered as the bot ``andor:balance``.

Every hero follows the same plan: the team picks one target (the creature that would overrun
the castle soon, else the next goal: the herb, the herb gor, the legend's creature), walks to it
by the shortest way, buys strength and drinks on the way, and attacks together once the heroes
in reach look strong enough (or nobody else can come today). Fights go on while a hero keeps
more than a little willpower. It measures how hard a legend is for a sensible team::

    meeple simulate andor --seats andor:balance,andor:balance -o legend=intro --games 100

The plan reads only what every seat sees (the boards are open; the fog and the event deck
are not), and it runs on a world sampled from the seat's information set, never on the true
state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action, ConfigError

from .decisions import (
    AfterMove,
    Answer,
    BlockEvent,
    Boost,
    FightOn,
    Flip,
    Invite,
    Keep,
    Moving,
    ShieldLoss,
)
from .heroes import dice_count, has, name
from .params import HOURS_PER_DAY
from .state import AndorState

if TYPE_CHECKING:
    from meeple.agents import InfoSet

Dist = tuple[tuple[int, ...], ...]

#: Mean best die of a hero rolling 1..5 dice (more count as 5).
BEST_DIE = {1: 3.5, 2: 4.5, 3: 5.0, 4: 5.3, 5: 5.5}
#: A creature this many arrow steps from the castle is hunted first, when no shield is free.
URGENT_STEPS = 3
#: The hero drinks only below this willpower.
DRINK_BELOW = 17
#: Overtime is worth it for a hero above this willpower next to his target.
OVERTIME_WILLPOWER = 8
#: A hero rolling singly keeps a die at least this high.
KEEP_AT = 4
#: The wizard flips a die only when the best die is at most this.
FLIP_AT_MOST = 3
#: A shield blocks a loss of at least this much willpower.
SHIELD_LOSS = 3
#: A hero fights on above this willpower, or when the creature is down to this.
FIGHT_ON_ABOVE = 3
#: The reward's willpower goes to the weakest hero at or below this; else gold.
REWARD_WP_AT_MOST = 8
#: The margin a team wants over a creature's strength: its mean die, and more when strong.
CREATURE_DIE = 4.5
STRONG_WILLPOWER = 10
STRONG_MARGIN = 2


class BalanceBot:
    """The scripted team's plan for one seat."""

    def __init__(self, seed: int) -> None:
        self.name = "andor:balance"
        self.seed = seed
        self.n = 0

    def choose(self, info: InfoSet) -> Action:
        """The plan's action in a world sampled from what this seat knows."""
        self.n += 1
        world = info.sample(self.seed * 7_919 + self.n)
        assert isinstance(world, AndorState)
        wanted = choose(world).text
        return next(a for a in info.legal_actions() if a.text == wanted)


def make_balance(arg: str | None, seed: int) -> BalanceBot:
    """The ``andor:balance`` bot (it takes no argument)."""
    if arg:
        raise ConfigError(f"andor:balance takes no argument, got {arg[:24]!r}")
    return BalanceBot(seed)


def target(st: AndorState, s: int) -> int:
    """The region hero ``s`` heads for."""
    g = st.game
    free = g.shields + st.castle_farmers - st.castle_creatures
    mobile = sorted((g.to_castle[r], r) for r, k in st.creatures.items()
                    if g.moves_as[k] != "immobile" and r not in st.blocked)
    if len(mobile) > free:
        steps, r = mobile[free]  # the creature that would overrun the castle
        if steps <= URGENT_STEPS:
            return r
    for r, items in st.ground.items():
        if "herb" in items:
            return r
    goals = g.legend.info.goals
    if any("herb" in it for it in st.items) and "deliver:herb" in goals:
        return g.castle
    herb_gor = next((r for r, k in st.creatures.items() if k == "herb_gor"), None)
    if herb_gor is not None and "deliver:herb" in goals and not st.herb_delivered:
        return herb_gor
    for goal in goals:
        kind, _, arg = goal.partition(":")
        if kind == "kill" and arg not in st.killed:
            here = next((r for r, k in st.creatures.items() if k == arg), None)
            if here is not None:
                return here
    return st.pos[s]  # nothing to do: wait where he stands (each kill costs a letter)


def _value(st: AndorState, s: int) -> float:
    return st.sp[s] + BEST_DIE.get(dice_count(st, s), BEST_DIE[5])


def choose(st: AndorState) -> Action:
    """The scripted team's decision for the seat to act."""
    acts = st.legal_actions()
    by = {a[1][0]: a for a in acts}
    d = st.decisions[-1] if st.decisions else None
    if isinstance(d, BlockEvent):
        return by["block"]
    if st.fight is not None:
        return _fight(st, acts, by)
    s = st.active
    goal = target(st, s)
    errand = _errand(st, s, acts, by)
    if errand is not None:
        return errand
    if isinstance(d, AfterMove):
        return by["done"]
    dist = st.game.dist
    here = st.pos[s]
    hours_ok = st.hours[s] < HOURS_PER_DAY or (
        st.wp[s] > OVERTIME_WILLPOWER and dist[here][goal] <= 1)
    if isinstance(d, Moving):
        if here == goal or not hours_ok:
            return by["stop"]
        return _step(acts, dist, here, goal)
    return _turn(st, s, goal, acts, by, hours_ok)


def _errand(st: AndorState, s: int, acts: list[Action],
            by: dict[str, Action]) -> Action | None:
    """Drink, buy strength, pick up an article (the herb first) or a farmer on the way."""
    for key in ("drink", "buy_sp", "pick", "pick_farmer"):
        if key not in by or (key == "drink" and st.wp[s] >= DRINK_BELOW):
            continue
        if key == "pick":
            picks = [a for a in acts if a[1][0] == "pick"]
            return next((a for a in picks if a[1][1] == "herb"), picks[0])
        return by[key]
    return None


def _turn(st: AndorState, s: int, goal: int, acts: list[Action], by: dict[str, Action],
          hours_ok: bool) -> Action:
    """The start of a turn: attack the target, wait for help, walk towards it, or end."""
    g = st.game
    here = st.pos[s]
    attacks = [a for a in acts if a[1][0] == "fight"]
    if attacks and hours_ok and any(a[1][1] == goal for a in attacks):
        if _ready(st, s, goal):
            return next(a for a in attacks if a[1][1] == goal)
        if st.hours[s] < HOURS_PER_DAY - 1 and "pass" in by:
            return by["pass"]
    in_range = goal in g.nbrs[here] and goal in st.creatures and (
        name(st, s) == "archer" or has(st, s, "bow") is not None)
    if here != goal and hours_ok and not in_range and any(a[1][0] == "move" for a in acts):
        return _step(acts, g.dist, here, goal)
    return by["end"]


def _step(acts: list[Action], dist: Dist, here: int, goal: int) -> Action:
    moves = [a for a in acts if a[1][0] == "move"]
    best = min(moves, key=lambda a: (dist[a[1][1]][goal], a[1][2] == ""))
    if dist[best[1][1]][goal] >= dist[here][goal]:
        return next(a for a in acts if a[1][0] in ("stop", "end"))
    return best


def _ready(st: AndorState, s: int, region: int) -> bool:
    """Attack when the heroes in reach should beat the creature, or nobody else can come."""
    g = st.game
    sp, wp = g.creature_stats(st.creatures[region])
    team = [o for o in range(st.players) if o == s or (
        not st.ended[o] and (st.pos[o] == region or (
            region in g.nbrs[st.pos[o]] and (name(st, o) == "archer" or has(st, o, "bow")))))]
    value = sum(_value(st, o) for o in team)
    coming = [o for o in range(st.players) if o not in team and not st.ended[o]
              and g.dist[st.pos[o]][region] + st.hours[o] < HOURS_PER_DAY]
    needed = sp + CREATURE_DIE + st.creature_bonus + (
        STRONG_MARGIN if wp > STRONG_WILLPOWER else 0)
    return value >= needed or not coming


def _fight(st: AndorState, acts: list[Action], by: dict[str, Action]) -> Action:
    f = st.fight
    assert f is not None
    d = st.decisions[-1]
    if isinstance(d, Invite):
        inv = [a for a in acts if a[1][0] == "invite"]
        return inv[0] if inv else by["begin"]
    if isinstance(d, Answer):
        return by["join"]
    if isinstance(d, Keep):
        return acts[0] if f["dice"][-1] >= KEEP_AT else by["again"]
    if isinstance(d, Flip):
        low = [a for a in acts if a[1][0] == "flip" and f["dice"][a[1][1]] <= FLIP_AT_MOST]
        if low and max(f["dice"]) <= FLIP_AT_MOST:
            return min(low, key=lambda a: f["dice"][a[1][1]])
        return by["noflip"]
    if isinstance(d, Boost):
        brews = [a for a in acts if a[1][0] == "brew"]
        if brews:
            return max(brews, key=lambda a: f["dice"][a[1][1]])
        return by["accept"]
    if isinstance(d, ShieldLoss):
        return by["shield"] if f["losses"] >= SHIELD_LOSS else by["take"]
    if isinstance(d, FightOn):
        keep = st.wp[d.seat] > FIGHT_ON_ABOVE or f["cwp"] <= FIGHT_ON_ABOVE
        return by["on"] if keep and "on" in by else by["withdraw"]
    # the reward: willpower to the weakest, otherwise gold
    weakest = min(f["who"], key=lambda o: st.wp[o])
    if st.wp[weakest] <= REWARD_WP_AT_MOST:
        return next(a for a in acts if a[1][0] == "wp" and a[1][1] == weakest)
    return next(a for a in acts if a[1][0] == "gold")
