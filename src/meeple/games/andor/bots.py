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
By = dict[type[AndorVerb], Action]

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
    return st.position[s]  # nothing to do: wait where he stands (each kill costs a letter)


def _value(st: AndorState, s: int) -> float:
    return st.strength[s] + BEST_DIE.get(dice_count(st, s), BEST_DIE[5])


def choose(st: AndorState) -> Action:
    """The scripted team's decision for the seat to act."""
    acts = st.legal_actions()
    by: By = {type(a[1]): a for a in acts}
    d = st.decisions[-1] if st.decisions else None
    if isinstance(d, BlockEvent):
        return by[BlockCard]
    if st.fight is not None:
        return _fight(st, acts, by)
    s = st.active
    goal = target(st, s)
    errand = _errand(st, s, acts, by)
    if errand is not None:
        return errand
    if isinstance(d, AfterMove):
        return by[Done]
    dist = st.game.distance
    here = st.position[s]
    hours_ok = st.hours[s] < HOURS_PER_DAY or (
        st.willpower[s] > OVERTIME_WILLPOWER and dist[here][goal] <= 1)
    if isinstance(d, Moving):
        if here == goal or not hours_ok:
            return by[Stop]
        return _step(acts, dist, here, goal)
    return _turn(st, s, goal, acts, by, hours_ok)


def _errand(st: AndorState, s: int, acts: list[Action], by: By) -> Action | None:
    """Drink, buy strength, pick up an article (the herb first) or a farmer on the way."""
    for key in (Drink, BuyStrength, PickUp, PickFarmer):
        if key not in by or (key is Drink and st.willpower[s] >= DRINK_BELOW):
            continue
        if key is PickUp:
            picks = [a for a in acts if isinstance(a[1], PickUp)]
            return next((a for a in picks if a[1].item == "herb"), picks[0])
        return by[key]
    return None


def _turn(st: AndorState, s: int, goal: int, acts: list[Action], by: By,
          hours_ok: bool) -> Action:
    """The start of a turn: attack the target, wait for help, walk towards it, or end."""
    g = st.game
    here = st.position[s]
    attacks = [a for a in acts if isinstance(a[1], Attack)]
    if attacks and hours_ok and any(a[1].region == goal for a in attacks):
        if _ready(st, s, goal):
            return next(a for a in attacks if a[1].region == goal)
        if st.hours[s] < HOURS_PER_DAY - 1 and Pass in by:
            return by[Pass]
    in_range = goal in g.neighbours[here] and goal in st.creatures and (
        hero(st, s) == "archer" or has(st, s, "bow") is not None)
    if here != goal and hours_ok and not in_range and any(isinstance(a[1], Move) for a in acts):
        return _step(acts, g.distance, here, goal)
    return by[EndDay]


def _step(acts: list[Action], dist: Dist, here: int, goal: int) -> Action:
    """The step nearest the goal (by the wineskin where it may); stop when none is nearer, or
    when no step can be paid for (the last overtime hour gone mid-move)."""
    moves = [a for a in acts if isinstance(a[1], Move)]
    best = min(moves, key=lambda a: (dist[a[1].region][goal], not a[1].wineskin), default=None)
    if best is None or dist[best[1].region][goal] >= dist[here][goal]:
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


def _fight(st: AndorState, acts: list[Action], by: By) -> Action:
    f = st.fight
    assert f is not None
    d = st.decisions[-1]
    if isinstance(d, Invite):
        inv = [a for a in acts if isinstance(a[1], InviteHero)]
        return inv[0] if inv else by[Begin]
    if isinstance(d, Answer):
        return by[Join]
    if isinstance(d, Keep):
        return acts[0] if f["dice"][-1] >= KEEP_AT else by[RollAgain]
    if isinstance(d, Flip):
        low = [a for a in acts if isinstance(a[1], FlipDie) and a[1].face <= FLIP_AT_MOST]
        if low and max(f["dice"]) <= FLIP_AT_MOST:
            return min(low, key=lambda a: a[1].face)
        return by[NoFlip]
    if isinstance(d, Boost):
        brews = [a for a in acts if isinstance(a[1], DoubleDie)]
        if brews:
            return max(brews, key=lambda a: a[1].face)
        return by[AcceptRoll]
    if isinstance(d, ShieldLoss):
        return by[BlockLoss] if f["losses"] >= SHIELD_LOSS else by[TakeLoss]
    if isinstance(d, FightOn):
        keep = st.willpower[d.seat] > FIGHT_ON_ABOVE or f["creature_willpower"] <= FIGHT_ON_ABOVE
        return by[KeepFighting] if keep and KeepFighting in by else by[Withdraw]
    # the reward: willpower to the weakest, otherwise gold
    weakest = min(f["fighters"], key=lambda o: st.willpower[o])
    if st.willpower[weakest] <= REWARD_WP_AT_MOST:
        return next(a for a in acts if isinstance(a[1], GiveWillpower) and a[1].hero == weakest)
    return next(a for a in acts if isinstance(a[1], GiveGold))
