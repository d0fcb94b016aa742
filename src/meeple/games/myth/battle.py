"""Battle (MYTH-50 to MYTH-64): rounds of d100 attacks between the hero whose turn it is and
the monsters of his cell.

A round is a queue of attackers (``st.battle_queue``): ``"@"`` for each attack of the hero, a
monster id for each monster. Monsters with "first attack" go before the hero; under Execute
Place the hero goes after every monster. Choices inside a round stop the queue: the hero's
target is a turn decision (step ``"attack"``); a monster's target, decided by the seat on the
hero's right, is a :class:`~.decisions.Target` on the stack. A battle won, or a round over,
hands over to the turn's end (the ``"end"`` stage).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import deck as decks

from . import heroes
from .decisions import Target
from .ending import over
from .params import DWARF_SPLASH
from .turn import Stage, ask, clear_battle_cards, hurt

if TYPE_CHECKING:
    from .state import MythState
    from .verbs import Cell

HERO_MARK = "@"
#: Fury of an Enemy doubles every monster's damage (MYTH-82).
FURY_FACTOR = 2
#: A monster may be paid away before a battle only beside another one (MYTH-60).
REMOVABLE_AMONG = 2


# ------------------------------------------------------------------ the cell's battle cards
def darkness(st: MythState, cell: Cell) -> int:
    """MYTH-53: the penalty every attack on the cell suffers."""
    cs = st.game.content.cards
    return sum(cs[c].value for c in st.lasting.get(cell, ()) if cs[c].effect == "darkness")


def has_lasting(st: MythState, cell: Cell, effect: str) -> bool:
    """Whether a lasting card with ``effect`` lies on ``cell``."""
    cs = st.game.content.cards
    return any(cs[c].effect == effect for c in st.lasting.get(cell, ()))


# ------------------------------------------------------------------ before the battle
def prebattle_options(st: MythState) -> list[tuple[str, str]]:
    """MYTH-60, MYTH-41: enemies the hero may pay away or shut in the Tain before battle."""
    active = st.active
    cs = st.game.content.cards
    en = st.enemies.get(st.position[active], [])
    out: list[tuple[str, str]] = []
    for m in dict.fromkeys(en):
        if len(en) >= REMOVABLE_AMONG and heroes.res(st, active) >= cs[m].damage + 1:
            out.append(("remove", m))
        if "tain" in st.items[active] and st.tain_load < cs["tain"].value:
            out.append(("imprison", m))
    return out


def remove(st: MythState, kind: str, m: str) -> Stage:
    """Pay a monster away into the deck (MYTH-60) or shut it in the Tain (MYTH-41)."""
    s = st.active
    en = st.enemies[st.position[s]]
    en.remove(m)
    if kind == "remove":
        heroes.pay(st, s, st.game.content.cards[m].damage + 1)
        st.deck.append(m)
        decks.shuffle(st.deck, st.rng)  # MYTH-60: shuffled back into the deck
        st._emit("enemy_removed", seat=s, monster=m)
    else:
        st.tain_load += 1
        st.discard.append(m)
        st._emit("imprisoned", seat=s, monster=m, load=st.tain_load)
    if not en:
        won(st, st.position[s])
        return "end"
    return begin(st)


def fight(st: MythState) -> Stage:
    """The hero fights: the battle of the cell has begun (no more paying away, MYTH-60)."""
    st.begun = (*st.begun, st.position[st.active])
    return start_round(st)


# ------------------------------------------------------------------ flow
def begin(st: MythState) -> Stage:
    """Step 4 of the turn: fight the monsters of the hero's cell, if any (MYTH-50)."""
    if over(st):
        return None
    active = st.active
    if not st.alive[active]:
        return "end_turn"
    cell = st.position[active]
    if not st.enemies.get(cell):
        return "end"
    st.phase = "battle"
    if cell not in st.begun:
        if prebattle_options(st):
            ask(st, "prebattle", active)
            return None
        st.begun = (*st.begun, cell)
    return start_round(st)


def start_round(st: MythState) -> Stage:
    """Queue the round's attacks in order (MYTH-51, MYTH-52)."""
    active = st.active
    cell = st.position[active]
    cs = st.game.content.cards
    en = st.enemies[cell]
    first = [m for m in en if cs[m].first_attack]
    rest = [m for m in en if not cs[m].first_attack]
    hero = [HERO_MARK] * heroes.attacks_of(st, active)
    if has_lasting(st, cell, "execute"):
        st.battle_queue = (*first, *rest, *hero)
    else:
        st.battle_queue = (*first, *hero, *rest)
    st._emit("round", seat=active, cell=list(cell), enemies=list(en))
    return loop(st)


def loop(st: MythState) -> Stage:
    """Run queued attacks until a choice is needed or the round ends."""
    active = st.active
    cell = st.position[active]
    while st.battle_queue and not over(st) and st.alive[active]:
        en = st.enemies.get(cell)
        if not en:
            break
        item = st.battle_queue[0]
        if item == HERO_MARK:
            if st.game.content.heroes[st.hero[active]].area:
                st.battle_queue = st.battle_queue[1:]
                area_attack(st)
                continue
            kinds = list(dict.fromkeys(en))
            if len(kinds) > 1:
                ask(st, "attack", active)  # MYTH-56: the hero picks his target
                return None
            st.battle_queue = st.battle_queue[1:]
            hero_attack(st, kinds[0])
        else:
            targets = heroes.heroes_on(st, cell, active)
            if not targets:
                break
            if len(targets) > 1:
                chooser = heroes.right_of(st, active)  # MYTH-57
                st.decisions.append(Target(chooser, item))
                ask(st, "target", chooser)
                return None
            st.battle_queue = st.battle_queue[1:]
            monster_attack(st, item, targets[0])
    return _round_over(st, active, cell)


def _round_over(st: MythState, active: int, cell: Cell) -> Stage:
    """The queue ran out (or the battle ended): won, or it goes on next turn (MYTH-58)."""
    st.battle_queue = ()
    if over(st):
        return None
    if st.alive[active] and not st.enemies.get(cell):
        won(st, cell)
    elif st.alive[active]:
        st._emit("battle_continues", seat=active, cell=list(cell))
    return "end"


def attack(st: MythState, m: str) -> Stage:
    """The hero's chosen target (MYTH-56)."""
    st.battle_queue = st.battle_queue[1:]
    hero_attack(st, m)
    return loop(st)


def target(st: MythState, seat: int) -> Stage:
    """The monster at the head of the queue strikes ``seat`` (MYTH-57)."""
    d = st.decisions.pop()
    assert isinstance(d, Target)
    st.battle_queue = st.battle_queue[1:]
    monster_attack(st, d.monster, seat)
    return loop(st)


def won(st: MythState, cell: Cell) -> None:
    """The last enemy of the cell fell: the battle and its lasting cards end."""
    st.enemies.pop(cell, None)
    st.begun = tuple(c for c in st.begun if c != cell)
    clear_battle_cards(st, cell)
    st._emit("battle_won", seat=st.active, cell=list(cell))


# ------------------------------------------------------------------ attacks
def slay(st: MythState, seat: int, cell: Cell, m: str) -> None:
    """MYTH-54: a monster killed by a hero; experience as resources; proof if needed."""
    st.enemies[cell].remove(m)
    got = heroes.gain(st, seat, st.game.content.cards[m].experience)
    if heroes.wants_trophy(st, seat, m):
        st.trophies[seat].append(m)  # MYTH-15: kept as proof
    else:
        st.discard.append(m)
    st._emit("slain", seat=seat, monster=m, reward=got)
    # the queue never holds more attacks of a kind than monsters of it are alive
    alive = st.enemies[cell].count(m)
    if st.battle_queue.count(m) > alive:
        queue = list(st.battle_queue)
        while queue.count(m) > alive:
            del queue[len(queue) - 1 - queue[::-1].index(m)]
        st.battle_queue = tuple(queue)


def hero_attack(st: MythState, m: str) -> None:
    """One attack of the hero at monster ``m`` (MYTH-53)."""
    active = st.active
    cell = st.position[active]
    card = st.game.content.cards[m]
    r = st._roll(active, "attack")
    total = r + heroes.attack_of(st, active) - darkness(st, cell)
    hit = total > card.defence
    st._emit("attack", seat=active, monster=m, roll=r, total=total, defence=card.defence,
             hit=hit)
    if hit:
        slay(st, active, cell, m)


def area_attack(st: MythState) -> None:
    """MYTH-62, MYTH-63: the dwarf's charge hits every enemy and hurts heroes beside him."""
    active = st.active
    cell = st.position[active]
    cs = st.game.content.cards
    r = st._roll(active, "area attack")
    total = r + heroes.attack_of(st, active) - darkness(st, cell)
    dead = [m for m in st.enemies[cell] if total > cs[m].defence]
    st._emit("charge", seat=active, roll=r, total=total, killed=dead)
    for m in dead:
        slay(st, active, cell, m)
    for o in heroes.heroes_on(st, cell, active):
        if o != active and total > heroes.defence_of(st, o):
            hurt(st, o, DWARF_SPLASH, "charge")


def monster_attack(st: MythState, m: str, target: int) -> None:
    """One attack of a monster; a hit deals its damage, doubled by Fury (MYTH-55, MYTH-82)."""
    cell = st.position[st.active]
    roller = heroes.right_of(st, st.active)
    r = st._roll(roller, f"{m} attack")
    c = st.game.content.cards[m]
    total = r + c.attack - darkness(st, cell)
    guard = heroes.defence_of(st, target)
    hit = total > guard
    dmg = c.damage * (FURY_FACTOR if has_lasting(st, cell, "fury") else 1)
    st._emit("monster_attack", monster=m, seat=target, roll=r, total=total, defence=guard,
             hit=hit, damage=dmg)
    if hit:
        hurt(st, target, dmg, m)
