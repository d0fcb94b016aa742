"""The turn machinery every mechanic shares: a fresh turn, the phases limbo takes from it
(GAH-36..GAH-38), the wheel's spin (GAH-5), who may be aimed at (GAH-35, GAH-56), gold gained
(GAH-65) and the end of the game. It imports no mechanic; the mechanics import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from .state import GrabHitState


#: Where a turn stands (GAH-6): before it (auctions settle, the dead are reborn: GAH-10), the
#: limbo checks (GAH-37, GAH-38), the rulebook's five phases (1 spin, 2 income, 3 draw, 4 free
#: actions, 5 hit), the end of the turn; ``start`` while adventurers are chosen and the first
#: player is spun for (GAH-2, GAH-5), ``over`` once the game has ended.
Phase = Literal["start", "before", "limbo", "spin", "income", "draw", "free", "hit", "end",
                "over"]
#: The decision being taken: a pending decision's kind, or the phase's own choice.
Step = Literal["adventurer", "colour", "keep", "buy", "repair", "shield", "centre", "spin",
               "limbo", "free actions", "choose weapon", "hit"]
#: How the game ended: GAH-65, GAH-66, GAH-70.
Ending = Literal["gold-target", "only-one-never-died", "round-limit"]

#: GAH-36: entering limbo loses phases 4 and 5 of this turn.
LOST_ENTERING: tuple[Phase, ...] = ("free", "hit")
#: GAH-37: a failed check before the second limbo turn loses every phase but 2.
LOST_SECOND: tuple[Phase, ...] = ("spin", "draw", "free", "hit")
#: GAH-38: a failed check before the third loses phase 1; the adventurer leaves at phase 3.
LOST_THIRD: tuple[Phase, ...] = ("spin",)


def new_turn(st: GrabHitState) -> None:
    """Clear what one turn remembers, for the seat on turn."""
    st.phase = "before"
    st.attacked = []
    st.sector = None
    st.lost = ()
    st.ability_used = False
    st.visited = ()
    st.extra_hits = 0
    st.attack_weapon = None
    st.hits_left = st.hits_made = 0


def spin(st: GrabHitState, why: str, seat: int) -> int:
    """Spin the wheel; the coins shown. Every spin is an event."""
    c = st.game.content
    i = c.wheel.spin(st.rng)
    st.last_spin = i
    sec = c.sectors[i]
    st._emit("spin", seat=seat, why=why, value=sec.value, colours=list(sec.colours),
             symbols=list(sec.symbols))
    return sec.value


def reachable(st: GrabHitState, seat: int, target: int) -> bool:
    """GAH-35, GAH-56: another living adventurer outside limbo."""
    return target != seat and not st.dead[target] and st.limbo[target] == 0


def gain(st: GrabHitState, seat: int, n: int) -> None:
    """Add gold; reaching the target wins at once (GAH-65)."""
    if n <= 0:
        return
    st.gold[seat] += n
    if st.gold[seat] >= st.game.config["gold_target"] and not st.winners:
        finish(st, (seat,), "gold-target")


def finish(st: GrabHitState, winners: tuple[int, ...], ending: Ending) -> None:
    """The game ends: its winners and how; no decision is left."""
    st.winners = winners
    st.ending = ending
    st.phase = "over"
    st.decisions.clear()
    st._emit("game_over", winners=list(winners), reason=ending)
