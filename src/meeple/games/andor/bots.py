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

from meeple.core import Action, ConfigError, Rng

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
from .heroes import dice_count, has, hero
from .params import HOURS_PER_DAY
from .state import AndorState
from .verbs import (
    AcceptRoll,
    AndorVerb,
    Attack,
    Begin,
    BlockCard,
    BlockLoss,
    BuyStrength,
    Done,
    DoubleDie,
    Drink,
    EndDay,
    FlipDie,
    GiveGold,
    GiveWillpower,
    InviteHero,
    Join,
    KeepFighting,
    Move,
    NoFlip,
    Pass,
    PickFarmer,
    PickUp,
    RollAgain,
    Stop,
    TakeLoss,
    Withdraw,
)

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
        wanted = choose(world)[1]
        return next(a for a in info.legal_actions() if a[1] == wanted)


def make_balance(arg: str | None, seed: int) -> BalanceBot:
    """The ``andor:balance`` bot (it takes no argument)."""
    if arg:
        raise ConfigError(f"andor:balance takes no argument, got {arg[:24]!r}")
    return BalanceBot(seed)


def rollout(st: AndorState, rng: Rng) -> Action:
    """The scripted team's action on a full state, for search rollouts (``Game.rollout_policy``):
    the plan is the same rule of thumb as ``andor:balance`` and needs no chance of its own."""
    return choose(st)


def target(st: AndorState, s: int) -> int:
    """The region hero ``s`` heads for."""
    g = st.game
    free = g.shields + st.castle_farmers - st.castle_creatures
    urgent = _urgent(st, free)
    if urgent >= 0:
        return urgent
    for r, items in st.ground.items():
        if "herb" in items:
            return r
    goals = g.goals
    herb = ("deliver", "herb") in goals
    if herb:
        for it in st.items:
            if "herb" in it:
                return g.castle
        if not st.herb_delivered:
            for r, k in st.creatures.items():
                if k == "herb_gor":
                    return r
    for kind, arg in goals:
        if kind == "kill" and arg not in st.killed:
            for r, k in st.creatures.items():
                if k == arg:
                    return r
    return st.position[s]  # nothing to do: wait where he stands (each kill costs a letter)


def _urgent(st: AndorState, free: int) -> int:
    """The region of the creature that would overrun the castle within
    :data:`URGENT_STEPS` arrow steps, when no shield is left for it; else -1.

    Only creatures that near can be that one: the ``free``-th nearest of all the mobile ones
    is within the steps exactly when at least ``free + 1`` of them are (``free`` is never
    negative: the castle's count stops at its shields, AND-70/71)."""
    g = st.game
    to_castle, moves_as, blocked = g.to_castle, g.moves_as, st.blocked
    near = [(n, r) for r, k in st.creatures.items()
            if (n := to_castle[r]) <= URGENT_STEPS and moves_as[k] != "immobile"
            and r not in blocked]
    if len(near) <= free:
        return -1
    near.sort()
    return near[free][1]


def _value(st: AndorState, s: int) -> float:
    return st.strength[s] + BEST_DIE.get(dice_count(st, s), BEST_DIE[5])


def choose(st: AndorState) -> Action:
    """The scripted team's decision for the seat to act."""
    acts = st.legal_actions()
    d = st.decisions[-1] if st.decisions else None
    if isinstance(d, BlockEvent):
        return _one(acts, BlockCard)
    if st.fight is not None:
        return _fight(st, acts)
    s = st.active
    errand = _errand(st, s, acts)
    if errand is not None:
        return errand
    if isinstance(d, AfterMove):
        return _one(acts, Done)
    goal = target(st, s)
    dist = st.game.distance
    here = st.position[s]
    hours_ok = st.hours[s] < HOURS_PER_DAY or (
        st.willpower[s] > OVERTIME_WILLPOWER and dist[here][goal] <= 1)
    if isinstance(d, Moving):
        if here == goal or not hours_ok:
            return _one(acts, Stop)
        return _step(acts, dist, here, goal)
    return _turn(st, s, goal, acts, hours_ok)


def _one(acts: list[Action], verb: type[AndorVerb]) -> Action:
    """The action of ``verb``, a verb without fields (so offered at most once)."""
    for a in acts:
        if a[1].__class__ is verb:
            return a
    raise KeyError(verb.__name__)


def _offered(acts: list[Action], verb: type[AndorVerb]) -> bool:
    return any(a[1].__class__ is verb for a in acts)


def _errand(st: AndorState, s: int, acts: list[Action]) -> Action | None:
    """Drink, buy strength, pick up an article (the herb first) or a farmer on the way."""
    thirsty = st.willpower[s] < DRINK_BELOW
    buy = pick = farmer = None
    for a in acts:
        verb = a[1].__class__
        if verb is Drink and thirsty:
            return a
        if verb is BuyStrength:
            buy = a
        elif verb is PickUp:
            if pick is None or (a[1].item == "herb" and pick[1].item != "herb"):
                pick = a
        elif verb is PickFarmer:
            farmer = a
    return buy if buy is not None else pick if pick is not None else farmer


def _turn(st: AndorState, s: int, goal: int, acts: list[Action], hours_ok: bool) -> Action:
    """The start of a turn: attack the target, wait for help, walk towards it, or end."""
    g = st.game
    here = st.position[s]
    attacks = [a for a in acts if isinstance(a[1], Attack)]
    if attacks and hours_ok and any(a[1].region == goal for a in attacks):
        if _ready(st, s, goal):
            return next(a for a in attacks if a[1].region == goal)
        if st.hours[s] < HOURS_PER_DAY - 1 and _offered(acts, Pass):
            return _one(acts, Pass)
    in_range = goal in g.neighbours[here] and goal in st.creatures and (
        hero(st, s) == "archer" or has(st, s, "bow") is not None)
    if here != goal and hours_ok and not in_range and any(isinstance(a[1], Move) for a in acts):
        return _step(acts, g.distance, here, goal)
    return _one(acts, EndDay)


def _step(acts: list[Action], dist: Dist, here: int, goal: int) -> Action:
    """The step nearest the goal (by the wineskin where it may); stop when none is nearer, or
    when no step can be paid for (the last overtime hour gone mid-move)."""
    best: Action | None = None
    near = dist[here][goal]  # only a step nearer than here will do
    for a in acts:
        v = a[1]
        if type(v) is Move:
            d = dist[v.region][goal]
            if d < near or (d == near and best is not None and v.wineskin
                            and not best[1].wineskin):
                best, near = a, d
    if best is None:
        return next(a for a in acts if isinstance(a[1], (Stop, EndDay)))
    return best


def _ready(st: AndorState, s: int, region: int) -> bool:
    """Attack when the heroes in reach should beat the creature, or nobody else can come."""
    g = st.game
    sp, wp = g.creature_stats(st.creatures[region])
    team = [o for o in range(st.players) if o == s or (
        not st.ended[o] and (st.position[o] == region or (
            region in g.neighbours[st.position[o]]
            and (hero(st, o) == "archer" or has(st, o, "bow")))))]
    value = sum(_value(st, o) for o in team)
    coming = [o for o in range(st.players) if o not in team and not st.ended[o]
              and g.distance[st.position[o]][region] + st.hours[o] < HOURS_PER_DAY]
    needed = sp + CREATURE_DIE + st.creature_bonus + (
        STRONG_MARGIN if wp > STRONG_WILLPOWER else 0)
    return value >= needed or not coming


def _fight(st: AndorState, acts: list[Action]) -> Action:
    f = st.fight
    assert f is not None
    d = st.decisions[-1]
    if isinstance(d, Invite):
        inv = [a for a in acts if isinstance(a[1], InviteHero)]
        return inv[0] if inv else _one(acts, Begin)
    if isinstance(d, Answer):
        return _one(acts, Join)
    if isinstance(d, Keep):
        return acts[0] if f["dice"][-1] >= KEEP_AT else _one(acts, RollAgain)
    if isinstance(d, Flip):
        low = [a for a in acts if isinstance(a[1], FlipDie) and a[1].face <= FLIP_AT_MOST]
        if low and max(f["dice"]) <= FLIP_AT_MOST:
            return min(low, key=lambda a: a[1].face)
        return _one(acts, NoFlip)
    if isinstance(d, Boost):
        brews = [a for a in acts if isinstance(a[1], DoubleDie)]
        if brews:
            return max(brews, key=lambda a: a[1].face)
        return _one(acts, AcceptRoll)
    if isinstance(d, ShieldLoss):
        return _one(acts, BlockLoss) if f["losses"] >= SHIELD_LOSS else _one(acts, TakeLoss)
    if isinstance(d, FightOn):
        keep = st.willpower[d.seat] > FIGHT_ON_ABOVE or f["creature_willpower"] <= FIGHT_ON_ABOVE
        return _one(acts, KeepFighting) if keep and _offered(acts, KeepFighting) \
            else _one(acts, Withdraw)
    # the reward: willpower to the weakest, otherwise gold
    weakest = min(f["fighters"], key=lambda o: st.willpower[o])
    if st.willpower[weakest] <= REWARD_WP_AT_MOST:
        return next(a for a in acts if isinstance(a[1], GiveWillpower) and a[1].hero == weakest)
    return next(a for a in acts if isinstance(a[1], GiveGold))
