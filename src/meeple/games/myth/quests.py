"""Quests (MYTH-15 to MYTH-19): proofs, showing a fulfilled quest to rise a level, swapping."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import heroes, worlds
from .ending import finish
from .params import LEVEL_COST, START, SWAP_COST

if TYPE_CHECKING:
    from .state import MythState

#: The level that wins the game (MYTH-18).
WINNING_LEVEL = 4


def done(st: MythState, seat: int, qid: str, trophies: Sequence[str] | None = None) -> bool:
    """Whether the proof of ``qid`` is at hand now (MYTH-16); ``trophies`` stands in for the
    hero's own when given (the heuristic's look past a battle)."""
    q = st.game.content.quests[qid]
    if q.kind == "kill":
        held = st.trophies[seat] if trophies is None else trophies
        return held.count(q.monster) >= q.count
    return q.item in st.items[seat] and st.position[seat] == START


def choices(st: MythState) -> tuple[list[str], list[str]]:
    """The quests the hero whose turn it is may show now (fulfilled, and the next level paid
    for, MYTH-17) and those he may swap (unfulfilled, while the pile lasts, MYTH-19)."""
    s = st.active
    money = heroes.res(st, s)
    pays = money >= LEVEL_COST[st.level[s]]
    swapping = money >= SWAP_COST and bool(st.quest_pile)
    if not (pays or swapping):
        return [], []
    shows: list[str] = []
    swaps: list[str] = []
    for q in dict.fromkeys(st.quests[s]):
        if done(st, s, q):
            if pays:
                shows.append(q)
        elif swapping:
            swaps.append(q)
    return shows, swaps


def show(st: MythState, q: str) -> None:
    """MYTH-17, MYTH-18: show a fulfilled quest, pay, rise a level; level 4 wins."""
    s = st.active
    heroes.pay(st, s, LEVEL_COST[st.level[s]])
    st.quests[s].remove(q)
    st.shown[s].append(q)
    qc = st.game.content.quests[q]
    if qc.kind == "kill":
        for _ in range(qc.count):
            st.trophies[s].remove(qc.monster)
            st.discard.append(qc.monster)
    old = heroes.max_life(st, s)
    st.level[s] += 1
    st._emit("level", seat=s, quest=q, level=st.level[s])
    if st.level[s] >= WINNING_LEVEL:
        finish(st, (s,), "level-4")
        return
    st.life[s] += heroes.max_life(st, s) - old  # MYTH-10


def swap(st: MythState, q: str) -> None:
    """MYTH-19: pay to put an unfulfilled quest away and take the top of the quest pile."""
    s = st.active
    heroes.pay(st, s, SWAP_COST)
    st.quests[s].remove(q)
    st.quest_discard = (*st.quest_discard, q)
    pile = worlds.top_of(st, st.quest_pile)
    st.quests[s].append(pile[-1])
    st.quest_pile = pile[:-1]
    st._emit("quest_swapped", seat=s)
