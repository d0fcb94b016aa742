"""The end of the game (MYTH-20 to MYTH-24): a hero at level 4, the last hero alive, or the
most quests done when the tiles or the event deck run out.

Under :mod:`.turn`: it imports no mechanic. How the game ended is the state's ``ending``, a
word of :data:`.state.Ending`; the result's English ``detail`` is told from it when asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heroes import hero_name, living, res

if TYPE_CHECKING:
    from .state import MythState
    from .turn import Ending


def over(st: MythState) -> bool:
    """True once the game has ended."""
    return st.ending is not None


def finish(st: MythState, winners: tuple[int, ...], ending: Ending) -> None:
    """End the game now."""
    if st.ending is not None:
        return
    st.winners = winners
    st.ending = ending
    st.to_act = None
    st.decisions.clear()
    st._emit("game_over", winners=list(winners), reason=ending)


def finish_by_score(st: MythState, ending: Ending) -> None:
    """MYTH-23, MYTH-24: most quests done; ties broken by life + resources."""
    alive = living(st)
    best = max(len(st.shown[s]) for s in alive)
    top = [s for s in alive if len(st.shown[s]) == best]
    if len(top) > 1:
        tb = max(st.life[s] + res(st, s) for s in top)
        top = [s for s in top if st.life[s] + res(st, s) == tb]
    finish(st, tuple(top), ending)


def detail(st: MythState) -> str:
    """How the game ended in one English sentence (the result's ``detail``)."""
    e = st.ending
    if e == "level-4":
        return f"{hero_name(st, st.winners[0])} reached level 4."
    if e == "last-hero":
        return f"{hero_name(st, st.winners[0])} is the last hero alive."
    if e == "all-dead":
        return "Every hero has fallen."
    if e == "tiles-out":
        return "The dungeon tiles ran out."
    if e == "events-out":
        return "The event deck ran out two turns ago."
    if e == "turn-limit":
        return f"The safety limit of {st.game.config['max_turns']} turns was reached."
    return ""
