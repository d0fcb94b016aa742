"""The legal actions of the seat to act, the rules of each verb, and the sequences that carry
play from one mechanic to the next: a stop that reveals fog, an event card that places a
creature, a fight that ends the turn, the sunrise box that begins a new day.

The mechanics never call each other; this module does, in the order the rulebook gives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, TypeVar

from meeple.core import Action, Dispatch, Verb

from . import creatures, day, events, fight, fog, free, legend, market, sunrise, turn
from .decisions import AfterMove, BlockEvent, Moving, Reward
from .heroes import can_spend, has
from .params import HOURS_PER_DAY
from .verbs import (
    AcceptRoll,
    AddHerb,
    Attack,
    Begin,
    BlockCard,
    BlockLoss,
    Buy,
    BuyBrew,
    BuyStrength,
    Decline,
    Done,
    DoubleDie,
    Drink,
    DropFarmer,
    EndDay,
    FlipDie,
    Give,
    GiveGold,
    GiveWillpower,
    HerbWalk,
    HerbWillpower,
    InviteHero,
    Join,
    KeepDie,
    KeepFighting,
    LetHappen,
    Move,
    NoFlip,
    Pass,
    PickFarmer,
    PickUp,
    RollAgain,
    SendFalcon,
    Stop,
    TakeLoss,
    Telescope,
    Withdraw,
)

if TYPE_CHECKING:
    from .state import AndorState

V = TypeVar("V", bound=Verb)
Rule = Callable[["AndorState", V], None]

#: The rules of each verb: ``RULES(state, verb)`` (one handler per verb, docs/architecture.md).
RULES: Dispatch[AndorState, None] = Dispatch("Andor's rules")
#: Verbs whose button prices an hour (a move by the hour too): past the 7th it is overtime, and
#: the log tells "1 hour and 2 willpower" as the button did (AND-25).
HOURLY: frozenset[type[Verb]] = frozenset({Pass, Attack, Join, KeepFighting})


def set_up(st: AndorState) -> None:
    """AND-34: the board laid out, card A read, and the lowest rank begins."""
    legend.set_up(st)
    read_card(st, "A")
    turn.begin_turn(st, legend.first_hero(st))


def apply(st: AndorState, verb: Verb) -> None:
    """A verb's rule; an hour its taker's button priced as overtime is told with it."""
    if (type(verb) in HOURLY or (type(verb) is Move and not verb.wineskin)) \
            and st.to_act is not None and st.hours[st.to_act] >= HOURS_PER_DAY:
        st._emit("overtime", seat=st.to_act)
    RULES(st, verb)


# ---------------------------------------------------------------------- legal actions
def legal(st: AndorState) -> list[Action]:
    """By the decision on top of the stack; the hero's turn when it is empty."""
    d = st.decisions[-1] if st.decisions else None
    if d is None:
        return turn_actions(st)
    if isinstance(d, Moving):
        return moving_actions(st)
    if isinstance(d, AfterMove):  # AND-62: free actions after a move, or done
        return [st.game.fixed[Done], *free_actions(st, st.active)]
    if isinstance(d, BlockEvent):
        return [st.game.fixed[BlockCard], st.game.fixed[LetHappen]]
    return fight.legal(st)


def turn_actions(st: AndorState) -> list[Action]:
    """AND-44: the start of a hero's turn: an action, the end of the day, or free actions."""
    g = st.game
    s = st.active
    out = day.step_actions(st, s, False)
    if can_spend(st, s):
        out.extend(fight.start_actions(st, s))
        out.append(g.fixed[Pass])
    out.append(g.fixed[EndDay])
    out.extend(free_actions(st, s))
    if st.items[s] and has(st, s, "herb") and st.free_steps == 0 and free.below_limit(st):
        out.append(g.fixed[HerbWalk])
    return out


def moving_actions(st: AndorState) -> list[Action]:
    """AND-46: a move goes on step by step until the hero stops."""
    s = st.active
    out = [st.game.fixed[Stop], *day.step_actions(st, s, True)]
    if free.below_limit(st):
        out.extend(free.farmer_actions(st, s))
    return out


def free_actions(st: AndorState, s: int) -> list[Action]:
    """AND-62: what hero ``s`` may do without spending an hour, buying included."""
    if st.ended[s] or not free.below_limit(st):
        return []
    return free.actions(st, s, market.actions(st, s))


# ---------------------------------------------------------------------- the hero's turn
@RULES.on(Move)
def _move(st: AndorState, verb: Move) -> None:
    day.step(st, st.active, verb.region, verb.wineskin)
    if verb.region == st.game.castle:  # the herb delivered may meet the last goal
        legend.check_early(st)


@RULES.on(Stop)
def _stop(st: AndorState, verb: Stop) -> None:
    s = st.active
    day.stop(st)
    if st.position[s] in st.fog:  # AND-68: fog is revealed where a move ends
        reveal_fog(st, s)
        if st.ending or st.decisions:  # over, or an event waits for a shield
            return
    after_move(st)


@RULES.on(Done)
def _done(st: AndorState, verb: Done) -> None:
    pass_turn(st, st.active)


@RULES.on(Pass)
def _pass(st: AndorState, verb: Pass) -> None:
    day.pass_hour(st, st.active)
    pass_turn(st, st.active)


@RULES.on(EndDay)
def _end_day(st: AndorState, verb: EndDay) -> None:
    day.end_day(st, st.active)
    pass_turn(st, st.active)


def _freely(rule: Rule[V]) -> Rule[V]:
    """A free action (AND-62): counted against the limit, taken, and told."""
    def handler(st: AndorState, verb: V) -> None:
        st.free_used += 1
        rule(st, verb)
        st._emit("free", seat=st.active, action=st.game.action(verb)[0])
    return handler


RULES.on(Drink)(_freely(free.drink))
RULES.on(BuyStrength)(_freely(market.buy_strength))
RULES.on(Buy)(_freely(market.buy))
RULES.on(BuyBrew)(_freely(market.buy_brew))
RULES.on(PickFarmer)(_freely(free.pick_farmer))
RULES.on(DropFarmer)(_freely(free.drop_farmer))
RULES.on(PickUp)(_freely(free.pick_up))
RULES.on(HerbWillpower)(_freely(free.herb_willpower))
RULES.on(HerbWalk)(_freely(free.herb_walk))
RULES.on(Telescope)(_freely(free.telescope))
RULES.on(SendFalcon)(_freely(free.send_falcon))
RULES.on(Give)(_freely(free.give))
_give_gold = _freely(free.give_gold)


# ---------------------------------------------------------------------- fights
def _fighting(rule: Rule[V]) -> Rule[V]:
    """A step of a fight; when it ends the fight (AND-53/55), play goes on."""
    def handler(st: AndorState, verb: V) -> None:
        killed = len(st.killed)
        rule(st, verb)
        if st.fight is None:
            after_fight(st, len(st.killed) > killed)
    return handler


RULES.on(Attack)(_fighting(fight.start))
RULES.on(InviteHero)(_fighting(fight.invite))
RULES.on(Begin)(_fighting(fight.begin))
RULES.on(Join)(_fighting(fight.join))
RULES.on(Decline)(_fighting(fight.decline))
RULES.on(KeepDie)(_fighting(fight.keep))
RULES.on(RollAgain)(_fighting(fight.roll_again))
RULES.on(NoFlip)(_fighting(fight.no_flip))
RULES.on(FlipDie)(_fighting(fight.flip))
RULES.on(AcceptRoll)(_fighting(fight.accept))
RULES.on(DoubleDie)(_fighting(fight.double))
RULES.on(AddHerb)(_fighting(fight.add_herb))
RULES.on(BlockLoss)(_fighting(fight.block_loss))
RULES.on(TakeLoss)(_fighting(fight.take_loss))
RULES.on(KeepFighting)(_fighting(fight.keep_fighting))
RULES.on(Withdraw)(_fighting(fight.withdraw))
RULES.on(GiveWillpower)(_fighting(fight.reward))
_reward_gold = _fighting(fight.reward)


@RULES.on(GiveGold)
def _gold(st: AndorState, verb: GiveGold) -> None:
    """A gift between heroes (AND-83), or the reward of a fight shared out (AND-53)."""
    if st.decisions and isinstance(st.decisions[-1], Reward):
        _reward_gold(st, verb)
    else:
        _give_gold(st, verb)


def after_fight(st: AndorState, killed: bool) -> None:
    """AND-31/61: a creature killed moves the narrator on; the attacker's turn is over."""
    if killed:
        narrate(st)
        legend.check_early(st)
    pass_turn(st, st.active)


# ---------------------------------------------------------------------- event cards
@RULES.on(BlockCard)
def _block_card(st: AndorState, verb: BlockCard) -> None:
    resume(st, events.block(st))


@RULES.on(LetHappen)
def _let_happen(st: AndorState, verb: LetHappen) -> None:
    d = events.let_happen(st)
    if d is not None:  # no shield holder is left to ask
        resolve_event(st, d.card)
        resume(st, d)


def draw_event(st: AndorState, resume: Literal["sunrise", "fog"], finder: int | None) -> None:
    """AND-27: an event card is drawn and, unless a shield holder is asked, resolved."""
    card = events.draw(st, resume, finder)
    if card is not None:
        resolve_event(st, card)


def resolve_event(st: AndorState, card: str) -> None:
    """An event card's effect, with the creature it places."""
    placed = events.resolve(st, card)
    if placed is not None:
        creatures.place(st, *placed)


def resume(st: AndorState, d: BlockEvent) -> None:
    """After an event card a shield holder answered: the sunrise box, or the move, goes on."""
    if st.ending:
        return
    if d.resume == "sunrise":
        sunrise_rest(st)
    else:
        st.to_act = d.finder
        after_move(st)


# ---------------------------------------------------------------------- moves, turns, days
def reveal_fog(st: AndorState, s: int) -> None:
    """AND-68/69: the fog token where hero ``s`` stopped acts: a gor or an event card too."""
    effect = fog.activate(st, s)
    if effect == "gor":
        creatures.place(st, "gor", st.position[s])
    elif effect == "event":
        draw_event(st, "fog", s)


def after_move(st: AndorState) -> None:
    """AND-62: after a move, a window for free actions, skipped when there is nothing to do."""
    s = st.active
    if free_actions(st, s):
        turn.ask(st, AfterMove(s))
    else:
        pass_turn(st, s)


def pass_turn(st: AndorState, after: int) -> None:
    """AND-20/44: the next hero still in the day takes his turn, or the sunrise box runs."""
    if st.ending is None and not turn.next_turn(st, after):
        sunrise_box(st)


def sunrise_box(st: AndorState) -> None:
    """AND-23/27: every hero has ended the day; the sunrise box runs in order."""
    sunrise.begin(st)
    draw_event(st, "sunrise", None)
    if not st.decisions and st.ending is None:
        sunrise_rest(st)


def sunrise_rest(st: AndorState) -> None:
    """AND-28/29/30: creatures move, wells refill, the narrator steps, a new day begins."""
    creatures.move_all(st)
    if st.ending:
        return
    sunrise.refill_wells(st)
    narrate(st)
    if st.ending:
        return
    sunrise.new_day(st)


def narrate(st: AndorState) -> None:
    """AND-30..33: the narrator steps on; a star letter's card is read; N ends the legend."""
    letter = legend.advance_narrator(st)
    if letter is None:
        return
    if letter in st.game.legend.cards:
        read_card(st, letter)
    if letter == "N" and st.ending is None:
        legend.judge(st)


def read_card(st: AndorState, letter: str) -> None:
    """AND-32: a legend card is read and the creatures it names are placed."""
    for kind, region in legend.read_card(st, letter):
        creatures.place(st, kind, region)
        if st.ending:
            return
