"""Battle (MYTH-50 to MYTH-64): rounds of d100 attacks between the hero whose turn it is and
the monsters of his cell.

A round is a queue of attackers (``st.bq``): ``"@"`` for each attack of the hero, a monster id
for each monster. Monsters with "first attack" go before the hero; under Execute Place the hero
goes after every monster. Choices inside a round stop the queue: the hero's target is a turn
decision (step ``"attack"``); a monster's target, decided by the seat on the hero's right, is a
:class:`~.decisions.Target` on the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import deck as decks

from . import ending, heroes, quests, turn
from .decisions import Target
from .params import DWARF_SPLASH

if TYPE_CHECKING:
    from .dungeon import Cell
    from .state import MythState

HERO_MARK = "@"
BATTLE_CARDS = ("darkness", "fury", "execute")
#: Fury of an Enemy doubles every monster's damage (MYTH-82).
FURY_FACTOR = 2
#: A monster may be paid away before a battle only beside another one (MYTH-60).
REMOVABLE_AMONG = 2


# ------------------------------------------------------------------ the cell's battle cards
def in_battle(st: MythState, seat: int) -> bool:
    """A hero on a cell with monsters is in battle (MYTH-58)."""
    return bool(st.enemies.get(st.pos[seat]))


def darkness(st: MythState, cell: Cell) -> int:
    """MYTH-53: the penalty every attack on the cell suffers."""
    cs = st.game.c.cards
    return sum(cs[c].value for c in st.lasting.get(cell, ()) if cs[c].effect == "darkness")


def has_lasting(st: MythState, cell: Cell, effect: str) -> bool:
    """Whether a lasting card with ``effect`` lies on ``cell``."""
    cs = st.game.c.cards
    return any(cs[c].effect == effect for c in st.lasting.get(cell, ()))


def clear_battle_cards(st: MythState, cell: Cell) -> None:
    """Darkness, Fury of an Enemy and Execute Place last only for the cell's battle."""
    cards = st.lasting.get(cell)
    if not cards:
        return
    cs = st.game.c.cards
    keep = [c for c in cards if cs[c].effect not in BATTLE_CARDS]
    st.discard.extend(c for c in cards if cs[c].effect in BATTLE_CARDS)
    if keep:
        st.lasting[cell] = keep
    else:
        del st.lasting[cell]


# ------------------------------------------------------------------ before the battle
def prebattle_options(st: MythState) -> list[tuple[str, str]]:
    """MYTH-60, MYTH-41: enemies the hero may pay away or shut in the Tain before battle."""
    cur = st.cur
    cs = st.game.c.cards
    en = st.enemies.get(st.pos[cur], [])
    out: list[tuple[str, str]] = []
    for m in dict.fromkeys(en):
        if len(en) >= REMOVABLE_AMONG and heroes.res(st, cur) >= cs[m].damage + 1:
            out.append(("remove", m))
        if "tain" in st.items[cur] and st.tain_load < cs["tain"].value:
            out.append(("imprison", m))
    return out


def remove(st: MythState, kind: str, m: str) -> None:
    """Pay a monster away into the deck (MYTH-60) or shut it in the Tain (MYTH-41)."""
    s = st.cur
    en = st.enemies[st.pos[s]]
    en.remove(m)
    if kind == "remove":
        heroes.pay(st, s, st.game.c.cards[m].damage + 1)
        st.deck.append(m)
        decks.shuffle(st.deck, st.rng)  # MYTH-60: shuffled back into the deck
        st._emit("enemy_removed", seat=s, monster=m)
    else:
        st.tain_load += 1
        st.discard.append(m)
        st._emit("imprisoned", seat=s, monster=m, load=st.tain_load)
    if not en:
        won(st, st.pos[s])
        turn.to_end(st)
    else:
        begin(st)


def fight(st: MythState) -> None:
    """The hero fights: the battle of the cell has begun (no more paying away, MYTH-60)."""
    st.begun = (*st.begun, st.pos[st.cur])
    start_round(st)


# ------------------------------------------------------------------ flow
def begin(st: MythState) -> None:
    """Step 4 of the turn: fight the monsters of the hero's cell, if any (MYTH-50)."""
    if ending.over(st):
        return
    cur = st.cur
    if not st.alive[cur]:
        turn.end_turn(st)
        return
    cell = st.pos[cur]
    if not st.enemies.get(cell):
        turn.to_end(st)
        return
    st.phase = "battle"
    if cell not in st.begun:
        if prebattle_options(st):
            turn.ask(st, "prebattle", cur)
            return
        st.begun = (*st.begun, cell)
    start_round(st)


def start_round(st: MythState) -> None:
    """Queue the round's attacks in order (MYTH-51, MYTH-52)."""
    cur = st.cur
    cell = st.pos[cur]
    cs = st.game.c.cards
    en = st.enemies[cell]
    first = [m for m in en if cs[m].first_attack]
    rest = [m for m in en if not cs[m].first_attack]
    hero = [HERO_MARK] * heroes.attacks_of(st, cur)
    if has_lasting(st, cell, "execute"):
        st.bq = (*first, *rest, *hero)
    else:
        st.bq = (*first, *hero, *rest)
    st._emit("round", seat=cur, cell=list(cell), enemies=list(en))
    loop(st)


def loop(st: MythState) -> None:
    """Run queued attacks until a choice is needed or the round ends."""
    cur = st.cur
    cell = st.pos[cur]
    while st.bq and not ending.over(st) and st.alive[cur]:
        en = st.enemies.get(cell)
        if not en:
            break
        item = st.bq[0]
        if item == HERO_MARK:
            if st.game.c.heroes[st.hero[cur]].area:
                st.bq = st.bq[1:]
                area_attack(st)
                continue
            kinds = list(dict.fromkeys(en))
            if len(kinds) > 1:
                turn.ask(st, "attack", cur)  # MYTH-56: the hero picks his target
                return
            st.bq = st.bq[1:]
            hero_attack(st, kinds[0])
        else:
            targets = heroes.heroes_on(st, cell, cur)
            if not targets:
                break
            if len(targets) > 1:
                chooser = heroes.right_of(st, cur)  # MYTH-57
                st.decisions.append(Target(chooser, item))
                turn.ask(st, "target", chooser)
                return
            st.bq = st.bq[1:]
            monster_attack(st, item, targets[0])
    _round_over(st, cur, cell)


def _round_over(st: MythState, cur: int, cell: Cell) -> None:
    """The queue ran out (or the battle ended): won, or it goes on next turn (MYTH-58)."""
    st.bq = ()
    if ending.over(st):
        return
    if st.alive[cur] and not st.enemies.get(cell):
        won(st, cell)
    elif st.alive[cur]:
        st._emit("battle_continues", seat=cur, cell=list(cell))
    turn.to_end(st)


def attack(st: MythState, m: str) -> None:
    """The hero's chosen target (MYTH-56)."""
    st.bq = st.bq[1:]
    hero_attack(st, m)
    loop(st)


def target(st: MythState, seat: int) -> None:
    """The monster at the head of the queue strikes ``seat`` (MYTH-57)."""
    d = st.decisions.pop()
    assert isinstance(d, Target)
    st.bq = st.bq[1:]
    monster_attack(st, d.monster, seat)
    loop(st)


def end_deserted(st: MythState) -> None:
    """MYTH-102: a begun battle whose cell no living hero stands on (its heroes died or were
    sent away) ends undecided: its battle cards are discarded, its monsters stay on the cell,
    and a hero who comes later begins a new battle (MYTH-60 applies again)."""
    held = {st.pos[s] for s in heroes.living(st)}
    for cell in [c for c in st.begun if c not in held]:
        st.begun = tuple(c for c in st.begun if c != cell)
        clear_battle_cards(st, cell)
        st._emit("battle_deserted", cell=list(cell))


def won(st: MythState, cell: Cell) -> None:
    """The last enemy of the cell fell: the battle and its lasting cards end."""
    st.enemies.pop(cell, None)
    st.begun = tuple(c for c in st.begun if c != cell)
    clear_battle_cards(st, cell)
    st._emit("battle_won", seat=st.cur, cell=list(cell))
    turn.note(st, f"{heroes.hero_name(st, st.cur)} wins the battle")


# ------------------------------------------------------------------ attacks
def slay(st: MythState, seat: int, cell: Cell, m: str) -> None:
    """MYTH-54: a monster killed by a hero; experience as resources; proof if needed."""
    st.enemies[cell].remove(m)
    got = heroes.gain(st, seat, st.game.c.cards[m].experience)
    if quests.wants_trophy(st, seat, m):
        st.trophies[seat].append(m)  # MYTH-15: kept as proof
    else:
        st.discard.append(m)
    st._emit("slain", seat=seat, monster=m, reward=got)
    # the queue never holds more attacks of a kind than monsters of it are alive
    alive = st.enemies[cell].count(m)
    if st.bq.count(m) > alive:
        bq = list(st.bq)
        while bq.count(m) > alive:
            del bq[len(bq) - 1 - bq[::-1].index(m)]
        st.bq = tuple(bq)


def hero_attack(st: MythState, m: str) -> None:
    """One attack of the hero at monster ``m`` (MYTH-53)."""
    cur = st.cur
    cell = st.pos[cur]
    card = st.game.c.cards[m]
    r = st._roll(cur, "attack")
    total = r + heroes.attack_of(st, cur) - darkness(st, cell)
    hit = total > card.defence
    st._emit("attack", seat=cur, monster=m, roll=r, total=total, defence=card.defence, hit=hit)
    turn.note(st, f"{heroes.hero_name(st, cur)} rolls {r}: {total} vs {card.name} "
                  f"{card.defence} - {'killed' if hit else 'miss'}")
    if hit:
        slay(st, cur, cell, m)


def area_attack(st: MythState) -> None:
    """MYTH-62, MYTH-63: the dwarf's charge hits every enemy and hurts heroes beside him."""
    cur = st.cur
    cell = st.pos[cur]
    cs = st.game.c.cards
    r = st._roll(cur, "area attack")
    total = r + heroes.attack_of(st, cur) - darkness(st, cell)
    dead = [m for m in st.enemies[cell] if total > cs[m].defence]
    st._emit("charge", seat=cur, roll=r, total=total, killed=dead)
    turn.note(st, f"{heroes.hero_name(st, cur)} rolls {r}: {total} against all - "
                  f"{len(dead)} killed")
    for m in dead:
        slay(st, cur, cell, m)
    for o in heroes.heroes_on(st, cell, cur):
        if o != cur and total > heroes.defence_of(st, o):
            turn.note(st, f"the blast hurts {heroes.hero_name(st, o)}")
            heroes.hurt(st, o, DWARF_SPLASH, "charge")


def monster_attack(st: MythState, m: str, target: int) -> None:
    """One attack of a monster; a hit deals its damage, doubled by Fury (MYTH-55, MYTH-82)."""
    cell = st.pos[st.cur]
    roller = heroes.right_of(st, st.cur)
    r = st._roll(roller, f"{m} attack")
    c = st.game.c.cards[m]
    total = r + c.attack - darkness(st, cell)
    guard = heroes.defence_of(st, target)
    hit = total > guard
    dmg = c.damage * (FURY_FACTOR if has_lasting(st, cell, "fury") else 1)
    st._emit("monster_attack", monster=m, seat=target, roll=r, total=total, defence=guard,
             hit=hit, damage=dmg)
    turn.note(st, f"{c.name} rolls {r}: {total} vs {heroes.hero_name(st, target)} "
                  f"{guard} - {f'hit for {dmg}' if hit else 'miss'}")
    if hit:
        heroes.hurt(st, target, dmg, m)
