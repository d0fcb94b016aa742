"""Heroes (MYTH-6, MYTH-9 to MYTH-15): resources, seats around the table, the hero card's values
at the hero's level, the proofs his quests still want and what a card costs him (MYTH-42,
MYTH-47).

The bottom of the rules: it imports no mechanic, and every mechanic reads a hero through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.components import tokens

from .params import TWO_PLAYERS

if TYPE_CHECKING:
    from .state import MythState
    from .verbs import Cell

OWNERS = ("p0", "p1", "p2", "p3")
RES = "resources"
#: Levels whose hero card has a column (level 4 wins the game, MYTH-17).
CARD_LEVELS = 3


# ------------------------------------------------------------------ resources (MYTH-6)
def res(st: MythState, seat: int) -> int:
    """Resources held by ``seat``."""
    return st.holdings[OWNERS[seat]][RES]


def bank(st: MythState) -> int:
    """Resources left in the bank."""
    return st.holdings["bank"][RES]


def gain(st: MythState, seat: int, n: int) -> int:
    """Take up to ``n`` resources from the bank (MYTH-6: the bank is finite)."""
    n = min(n, st.holdings["bank"][RES])
    if n > 0:
        tokens.transfer(st.holdings, RES, "bank", OWNERS[seat], n)
    return n


def pay(st: MythState, seat: int, n: int, to: str = "bank") -> None:
    """Pay ``n`` resources to the bank (or to the face-down cards on the table)."""
    if n:
        tokens.transfer(st.holdings, RES, OWNERS[seat], to, n)


def give(st: MythState, src: int, dst: int, n: int) -> int:
    """Move up to ``n`` resources from one seat to another."""
    n = min(n, res(st, src))
    if n > 0:
        tokens.transfer(st.holdings, RES, OWNERS[src], OWNERS[dst], n)
    return n


# ------------------------------------------------------------------ seats
def living(st: MythState) -> list[int]:
    """Living seats in seat order."""
    return [s for s in range(st.players) if st.alive[s]]


def two_left(st: MythState) -> bool:
    """Whether the rules for two players hold (MYTH-100, MYTH-101): two seats, or two heroes
    still alive in a game begun by more (MYTH-104: the dead players have left the game)."""
    return sum(st.alive) == TWO_PLAYERS


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


def heroes_on(st: MythState, cell: Cell, first: int) -> list[int]:
    """Living heroes standing on ``cell``, clockwise from ``first``."""
    return [s for s in clockwise_from(st, first) if st.position[s] == cell]


def seat_of(st: MythState, hero: str) -> int:
    """The seat that plays ``hero`` (each hero card is dealt once, MYTH-2)."""
    return st.hero.index(hero)


def hero_name(st: MythState, seat: int) -> str:
    """The English name of ``seat``'s hero (the result's detail)."""
    return st.game.content.heroes[st.hero[seat]].name


# ------------------------------------------------------------------ the hero card
def _column(st: MythState, seat: int) -> int:
    """The hero card's column for the hero's level (level 4 reads the level-3 column)."""
    return min(st.level[seat], CARD_LEVELS) - 1


def max_life(st: MythState, seat: int) -> int:
    """Life maximum at the hero's level (MYTH-10)."""
    return st.game.content.heroes[st.hero[seat]].life[_column(st, seat)]


def heal(st: MythState, seat: int, n: int) -> int:
    """Restore up to ``n`` life, never above the level's maximum (MYTH-10)."""
    n = max(0, min(n, max_life(st, seat) - st.life[seat]))
    st.life[seat] += n
    return n


def attack_of(st: MythState, seat: int) -> int:
    """Attack at the current level plus the hero's own bound weapons (MYTH-43)."""
    c = st.game.content
    h = c.heroes[st.hero[seat]]
    a = h.attack[_column(st, seat)]
    for it in st.items[seat]:
        card = c.cards[it]
        if card.effect == "weapon" and card.hero == h.id:
            a += card.value
    return a


def defence_of(st: MythState, seat: int) -> int:
    """Defence at the current level plus every Standard carried (MYTH-40)."""
    c = st.game.content
    d = c.heroes[st.hero[seat]].defence[_column(st, seat)]
    for it in st.items[seat]:
        if c.cards[it].effect == "standard":
            d += c.cards[it].value
    return d


def attacks_of(st: MythState, seat: int) -> int:
    """Attacks a round at the current level (MYTH-11, MYTH-12)."""
    return st.game.content.heroes[st.hero[seat]].attacks[_column(st, seat)]


# ------------------------------------------------------------------ proofs (MYTH-15)
def wants_trophy(st: MythState, seat: int, monster: str,
                 trophies: Sequence[str] | None = None) -> bool:
    """True when an unshown quest still needs another kill of this kind (MYTH-15);
    ``trophies`` stands in for the hero's own when given (the heuristic's look past a
    battle)."""
    qs = st.game.content.quests
    need = sum(qs[q].count for q in st.quests[seat]
               if qs[q].kind == "kill" and qs[q].monster == monster)
    held = st.trophies[seat] if trophies is None else trophies
    return need > held.count(monster)


def play_cost(st: MythState, seat: int, cid: str, double: bool) -> int:
    """What ``seat`` pays to play ``cid``: Codex -1 (never below 1), doubled off new ground."""
    cost = st.game.content.cards[cid].cost
    if cost > 0 and "codex" in st.items[seat]:
        cost = max(1, cost - 1)  # MYTH-42
    return cost * 2 if double else cost  # MYTH-47
