"""Heroes (MYTH-9 to MYTH-14, MYTH-65): resources, life, fighting values, seats around the table
and death.

Functions over a :class:`~.state.MythState`; the rules read the hero cards through
:func:`.content.of`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import tokens

from . import battle, ending, turn

if TYPE_CHECKING:
    from .state import MythState

OWNERS = ("p0", "p1", "p2", "p3")
RES = "resources"
#: Levels whose hero card has a column (level 4 wins the game, MYTH-17).
CARD_LEVELS = 3


# ------------------------------------------------------------------ resources (MYTH-6)
def res(st: MythState, seat: int) -> int:
    """Resources held by ``seat``."""
    return st.tok[OWNERS[seat]][RES]


def bank(st: MythState) -> int:
    """Resources left in the bank."""
    return st.tok["bank"][RES]


def gain(st: MythState, seat: int, n: int) -> int:
    """Take up to ``n`` resources from the bank (MYTH-6: the bank is finite)."""
    n = min(n, st.tok["bank"][RES])
    if n > 0:
        tokens.transfer(st.tok, RES, "bank", OWNERS[seat], n)
    return n


def pay(st: MythState, seat: int, n: int, to: str = "bank") -> None:
    """Pay ``n`` resources to the bank (or to the face-down cards on the table)."""
    if n:
        tokens.transfer(st.tok, RES, OWNERS[seat], to, n)


def give(st: MythState, src: int, dst: int, n: int) -> int:
    """Move up to ``n`` resources from one seat to another."""
    n = min(n, res(st, src))
    if n > 0:
        tokens.transfer(st.tok, RES, OWNERS[src], OWNERS[dst], n)
    return n


# ------------------------------------------------------------------ seats
def living(st: MythState) -> list[int]:
    """Living seats in seat order."""
    return [s for s in range(st.players) if st.alive[s]]


def clockwise_from(st: MythState, seat: int) -> list[int]:
    """Living seats clockwise, starting with ``seat`` (if alive)."""
    n = st.players
    return [(seat + i) % n for i in range(n) if st.alive[(seat + i) % n]]


def right_of(st: MythState, seat: int) -> int:
    """The living seat on ``seat``'s right (the one before it in turn order)."""
    n = st.players
    for i in range(1, n):
        s = (seat - i) % n
        if st.alive[s]:
            return s
    return seat


def left_of(st: MythState, seat: int) -> int:
    """The living seat on ``seat``'s left (the next one in turn order)."""
    n = st.players
    for i in range(1, n):
        s = (seat + i) % n
        if st.alive[s]:
            return s
    return seat


def heroes_on(st: MythState, cell: tuple[int, int], first: int) -> list[int]:
    """Living heroes standing on ``cell``, clockwise from ``first``."""
    return [s for s in clockwise_from(st, first) if st.pos[s] == cell]


def hero_name(st: MythState, seat: int) -> str:
    """The English name of ``seat``'s hero."""
    return st.game.c.heroes[st.hero[seat]].name


# ------------------------------------------------------------------ the hero card
def _column(st: MythState, seat: int) -> int:
    """The hero card's column for the hero's level (level 4 reads the level-3 column)."""
    return min(st.level[seat], CARD_LEVELS) - 1


def max_life(st: MythState, seat: int) -> int:
    """Life maximum at the hero's level (MYTH-10)."""
    return st.game.c.heroes[st.hero[seat]].life[_column(st, seat)]


def heal(st: MythState, seat: int, n: int) -> int:
    """Restore up to ``n`` life, never above the level's maximum (MYTH-10)."""
    n = max(0, min(n, max_life(st, seat) - st.life[seat]))
    st.life[seat] += n
    return n


def attack_of(st: MythState, seat: int) -> int:
    """Attack at the current level plus the hero's own bound weapons (MYTH-43)."""
    c = st.game.c
    h = c.heroes[st.hero[seat]]
    a = h.attack[_column(st, seat)]
    for it in st.items[seat]:
        card = c.cards[it]
        if card.effect == "weapon" and card.hero == h.id:
            a += card.value
    return a


def defence_of(st: MythState, seat: int) -> int:
    """Defence at the current level plus every Standard carried (MYTH-40)."""
    c = st.game.c
    d = c.heroes[st.hero[seat]].defence[_column(st, seat)]
    for it in st.items[seat]:
        if c.cards[it].effect == "standard":
            d += c.cards[it].value
    return d


def attacks_of(st: MythState, seat: int) -> int:
    """Attacks a round at the current level (MYTH-11, MYTH-12)."""
    return st.game.c.heroes[st.hero[seat]].attacks[_column(st, seat)]


# ------------------------------------------------------------------ wounds and death
def hurt(st: MythState, seat: int, n: int, why: str) -> None:
    """Take ``n`` life; at 0 or less the hero dies (MYTH-10). ``why`` is the id of the card
    that hurt him, or ``"charge"`` for the dwarf's area attack (MYTH-63)."""
    st.life[seat] -= n
    st._emit("wound", seat=seat, amount=n, life=st.life[seat], cause=why)
    if st.life[seat] <= 0:
        kill(st, seat, why)


def kill(st: MythState, seat: int, why: str) -> None:
    """MYTH-65: a dead hero's cards and items are discarded and the player leaves."""
    if not st.alive[seat]:
        return
    st.alive[seat] = False
    st.life[seat] = min(st.life[seat], 0)
    st.discard.extend(st.hand[seat])
    st.hand[seat] = []
    for it in st.items[seat]:
        if it == "tain":
            st.tain_load = 0
        st.discard.append(it)
    st.items[seat] = []
    st.discard.extend(st.trophies[seat])
    st.trophies[seat] = []
    st.quest_discard = (*st.quest_discard, *st.quests[seat])
    st.quests[seat] = []
    pay(st, seat, res(st, seat))
    st._emit("hero_died", seat=seat, hero=st.hero[seat], cause=why)
    turn.note(st, f"{hero_name(st, seat)} dies ({why})")
    battle.end_deserted(st)
    alive = living(st)
    if len(alive) == 1:
        ending.finish(st, (alive[0],), "last-hero",
                      f"{hero_name(st, alive[0])} is the last hero alive.")
    elif not alive:
        ending.finish(st, (), "all-dead", "Every hero has fallen.")
