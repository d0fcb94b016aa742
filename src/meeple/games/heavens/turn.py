"""The turn (HVN-25, HVN-26, HVN-28, HVN-31, HVN-38..40, HVN-53, HVN-57): tokens, cleanup,
drawing, the next seat, and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from .cards import characters_left, emit_draw, set_deck, set_hand
from .figures import lose_health, remove_fallen
from .rings import NOT_STUNNED, POISON, STUN, give_back, set_unit
from .verbs import EndActions
from .worlds import deal_hands, draw

if TYPE_CHECKING:
    from meeple.core import Action

    from .state import HeavensState


#: The parts of a turn: spending action tokens, then discarding (HVN-30, HVN-38).
Phase = Literal["actions", "cleanup", "over"]
#: The step inside a phase: an action to choose, the decision inside one, a discard.
Step = Literal["choose action", "move", "acquire", "target", "discard", "over"]
#: How a game ends (HVN-25, HVN-26, HVN-53, HVN-57).
Ending = Literal["base-destroyed", "pantheon-destroyed", "mutual-destruction", "deadlock",
                 "round-limit"]

#: The number of the game's first turn (HVN-28: it has one token fewer).
FIRST_TURN = 1


def start_turn(st: HeavensState) -> None:
    """HVN-28, HVN-49: the next seat's tokens; poison bites (HVN-6)."""
    g = st.game
    seat = g.order[st.order_position]
    side = g.side_of[seat]
    st.active = seat
    st.turn += 1
    if st.undealt:  # a world: the hands of the side to act are dealt now
        deal_hands(st, side, st.rng)
        st.__class__ = st._world
    # HVN-28, HVN-49: the very first turn of the game has one token fewer
    st.tokens = g.tokens[side] - (1 if st.turn == FIRST_TURN else 0)
    st.phase = "actions"
    st.to_act = seat
    st._emit("turn", seat=seat, turn=st.turn, round=st.rounds + 1, tokens=st.tokens)
    units, card_side = st.units, g.card_side
    bitten: list[int] = []
    for c in st.at.values():  # a loop, not a comprehension: at every turn of a search
        if units[c][POISON] and card_side[c] == side:
            bitten.append(c)
    for c in sorted(bitten):  # HVN-6: poison bites as the controller's turn begins
        u = units[c]
        if u[POISON]:
            st._emit("poison", card=g.ids[c], amount=u[POISON])
            lose_health(st, c, u[POISON])
    settle(st)


def spend(st: HeavensState, n: int = 1) -> None:
    """HVN-31: pay action tokens before the action is carried out."""
    st.tokens -= n


def end_actions(st: HeavensState) -> None:
    """HVN-38: cleanup begins; the side's fallen leave and stuns wear off."""
    g = st.game
    side = g.side_of[st.active]
    st.phase = "cleanup"
    st.decisions.clear()
    card_side = g.card_side
    if st.fallen_at:
        for _h, c in sorted(st.fallen_at.items()):
            if card_side[c] == side:
                remove_fallen(st, c, "perished")
    units, turn = st.units, st.turn
    stunned: list[int] = []
    for c in st.at.values():  # a loop, not a comprehension: at every turn of a search
        if 0 <= units[c][STUN] < turn and card_side[c] == side:
            stunned.append(c)
    for c in sorted(stunned):  # HVN-3: incapacity lasts about one round
        set_unit(st, c, STUN, NOT_STUNNED)
        give_back(st, "black", 1)
    settle(st)
    if st.to_act is not None and not st.hands[st.active]:
        end_turn(st)


def end_turn(st: HeavensState) -> None:
    """HVN-39, HVN-40: draw back up to the hand size, then the next seat's turn."""
    g = st.game
    seat = st.active
    side = g.side_of[seat]
    if not g.config["omnipotence"]:
        want = g.hand_size[side] - len(st.hands[seat])
        pile = list(st.deck[side])
        got = draw(st, pile, want)
        if got:
            set_deck(st, side, pile)
            set_hand(st, seat, (*st.hands[seat], *got))
        emit_draw(st, seat, got)
    st.order_position = (st.order_position + 1) % len(g.order)
    if st.order_position == st.start_position:
        st.rounds += 1
        limit = g.config["max_rounds"]
        if limit and st.rounds >= limit:  # HVN-53
            finish(st, None, "round-limit")
            return
    if deadlocked(st):  # HVN-57
        finish(st, None, "deadlock")
        return
    start_turn(st)


def deadlocked(st: HeavensState) -> bool:
    """HVN-57: no seat can ever take an action again. Every standing character is trapped, and
    nothing can free it by itself: no deck has a card to draw, no character is poisoned,
    incapacitated or fallen. No seat, its turn begun with its full tokens, could do anything but
    end its actions (no character to summon, no divine power with a target). Then every turn
    from now on is the same turn, its hands only smaller, and the game could never end."""
    if st.deck[0] or st.deck[1] or st.fallen_at or not st.at:
        return False
    units, traps = st.units, st.traps
    for h, c in st.at.items():
        u = units[c]
        if h not in traps or u[POISON] or u[STUN] >= 0:
            return False
    return not any(choices_of(st, seat) for seat in range(st.players))


def choices_of(st: HeavensState, seat: int) -> list[Action]:
    """What ``seat`` could declare if its turn began now with its full tokens, ending its
    actions aside (:func:`deadlocked`)."""
    g = st.game
    probe = st.clone()
    probe.active, probe.phase, probe.tokens = seat, "actions", g.tokens[g.side_of[seat]]
    probe.decisions.clear()
    return [a for a in probe._legal_actions() if not isinstance(a[1], EndActions)]


def settle(st: HeavensState) -> None:
    """HVN-25, HVN-26: check both victory conditions after every step."""
    if st.phase == "over":
        return
    if st.base_health[0] > 0 and st.base_health[1] > 0:
        card_side = st.game.card_side
        first = -1
        for c in st.at.values():  # the usual case: both sides stand, nothing to check further
            side = card_side[c]
            if first < 0:
                first = side
            elif side != first:
                return
    lost = [st.base_health[s] <= 0 or wiped(st, s) for s in (0, 1)]
    if lost[0] and lost[1]:
        finish(st, None, "mutual-destruction")
    elif lost[0] or lost[1]:
        loser = 0 if lost[0] else 1
        finish(st, 1 - loser, "base-destroyed" if st.base_health[loser] <= 0
               else "pantheon-destroyed")


def finish(st: HeavensState, winner: int | None, ending: Ending) -> None:
    """The game is over: ``winner`` is the side that won, None for a draw."""
    st.winner = winner
    st.ending = ending
    st.to_act = None
    st.phase = "over"
    st.decisions.clear()
    # the event keeps -1 for a draw, as logs written before always said
    st._emit("game_over", winner=-1 if winner is None else winner, reason=ending)


def wiped(st: HeavensState, side: int) -> bool:
    """HVN-25: no character standing and none left to summon from hand or deck."""
    g = st.game
    if any(g.card_side[c] == side for c in st.at.values()):
        return False
    return not characters_left(st, side)
