"""The hero's day (AND-17..26, 44..48): turns, moves, passing and the end of the day."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action

from . import fight, fog, free, legend, sunrise
from .decisions import AfterMove, Moving
from .heroes import can_spend, has, remove_item, spend_hour, use_up

if TYPE_CHECKING:
    from .state import AndorState

END_DAY = Action("end day", ("end",))
PASS = Action("pass", ("pass",))
STOP = Action("stop", ("stop",))
DONE = Action("done", ("done",))


# ---------------------------------------------------------------------- turns
def begin_turn(st: AndorState, seat: int) -> None:
    """AND-44: the hero chooses one action (move, fight, pass) or ends the day."""
    st.active = seat
    st.to_act = seat
    st.decisions.clear()
    st.free_steps = 0
    st.free_used = 0
    st.falcon_partner = None


def next_turn(st: AndorState, after: int) -> None:
    """AND-20/44: play goes on clockwise among heroes still in the day; else sunrise."""
    if st.outcome:
        return
    for k in range(1, st.players + 1):
        s = (after + k) % st.players
        if not st.ended[s]:
            begin_turn(st, s)
            return
    st.decisions.clear()
    sunrise.sunrise(st)


def end_turn(st: AndorState) -> None:
    """The active hero's action is over."""
    next_turn(st, st.active)


# ---------------------------------------------------------------------- legal actions
def step_actions(st: AndorState, seat: int) -> list[Action]:
    """Steps to neighbouring regions: by hour (or herb walking), or by wineskin."""
    g = st.game
    here = st.pos[seat]  # AND-46/47: any neighbour, bridges included
    pays = st.free_steps > 0 or can_spend(st, seat)
    if st.free_steps == 0 and st.items[seat] and has(st, seat, "wineskin") is not None:
        return list(g.steps_or_skin[here] if pays else g.skin_steps[here])
    return list(g.steps[here]) if pays else []


def turn_actions(st: AndorState) -> list[Action]:
    """The start of a hero's turn: an action, the end of the day, or free actions."""
    s = st.active
    out = step_actions(st, s)
    if can_spend(st, s):
        out.extend(fight.start_actions(st, s))
        out.append(PASS)
    out.append(END_DAY)
    out.extend(free.actions(st, s))
    if st.items[s] and has(st, s, "herb") and st.free_steps == 0 and free.below_limit(st):
        out.append(free.HERB_WALK)
    return out


def moving_actions(st: AndorState) -> list[Action]:
    """AND-46: a move goes on step by step until the hero stops."""
    s = st.active
    out = [STOP, *step_actions(st, s)]
    if free.below_limit(st):
        out.extend(free.farmer_actions(st, s))
    return out


def after_move_actions(st: AndorState) -> list[Action]:
    """After a move: free actions, or done."""
    return [DONE, *free.actions(st, st.active)]


# ---------------------------------------------------------------------- apply
def apply(st: AndorState, action: Action) -> None:
    """Actions of the hero's own turn."""
    s = st.active
    kind = action[1][0]
    if kind == "move":
        step_to(st, s, action[1][1], action[1][2])
    elif kind == "stop":
        stop_move(st, s)
    elif kind == "done":
        end_turn(st)
    elif kind == "pass":
        spend_hour(st, s)  # AND-45, AND-87: an overtime pass costs willpower too
        st._emit("pass", seat=s, hours=st.hours[s])
        end_turn(st)
    elif kind == "end":
        end_day(st, s)
    elif kind == "fight":
        fight.start(st, s, action[1][1])
    else:
        st.free_used += 1
        free.apply(st, s, action)


def step_to(st: AndorState, s: int, region: int, means: str) -> None:
    """AND-46: one step costs an hour unless the wineskin or the herb carries it."""
    if st.free_steps > 0:
        st.free_steps -= 1
    elif means == "wineskin":  # AND-39
        item = has(st, s, "wineskin")
        assert item is not None
        use_up(st, s, item)
    else:
        spend_hour(st, s)
    st.pos[s] = region
    if not st.decisions:
        st.decisions.append(Moving(s))
    st._emit("move", seat=s, dest=region, means=means or "hour")
    if st.carried[s] and region in st.creatures:  # AND-73
        st._emit("farmers_lost", seat=s, count=st.carried[s])
        st.carried[s] = 0
    if region == st.game.castle:
        deliver(st, s)


def stop_move(st: AndorState, s: int) -> None:
    """AND-48: tokens act only where a move ends; fog is revealed there (AND-68)."""
    st.free_steps = 0
    st.decisions.pop()
    if st.pos[s] in st.fog:
        fog.activate(st, s)
        if st.outcome or st.decisions:  # over, or an event waits for a shield
            return
    after_stop(st)


def after_stop(st: AndorState) -> None:
    """After a move: a window for free actions, skipped when there is nothing to do."""
    s = st.active
    if free.actions(st, s):
        st.decisions.append(AfterMove(s))
        st.to_act = s
    else:
        end_turn(st)


def end_day(st: AndorState, s: int) -> None:
    """AND-21/22: the marker goes to the sunrise box; the first takes the rooster."""
    st.ended[s] = True
    if st.rooster is None:
        st.rooster = s
    st._emit("end_day", seat=s, rooster=st.rooster == s)
    end_turn(st)


def deliver(st: AndorState, seat: int) -> None:
    """AND-72: farmers (and the herb, AND-81) carried into the castle stay there."""
    if st.carried[seat]:
        st.castle_farmers += st.carried[seat]
        st._emit("farmers_saved", seat=seat, count=st.carried[seat])
        st.carried[seat] = 0
    if "herb" in st.items[seat] and "deliver:herb" in st.game.legend.info.goals:
        remove_item(st, seat, "herb")
        st.herb_delivered = True
        st._emit("herb_delivered", seat=seat)
        legend.check_early(st)
