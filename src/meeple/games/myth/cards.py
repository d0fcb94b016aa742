"""Resolving event cards (MYTH-48, MYTH-49 and the card effects MYTH-72 to MYTH-99).

Revealed cards wait in ``st.pending``; the one with the lowest timing resolves next ("first N",
then unmarked, then "last N", lower N first); when several different cards tie, the hero whose
events they are picks. The choices a card asks of a hero (Nod's destination, Shiver Magic's
discards, Fury of Shiver's item, Deceiver Magic's player) wait on ``st.decisions``
(:mod:`.decisions`), the first asked on top. Once no card is left the battle follows (the
``"battle"`` stage).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.components import pile, tokens

from . import heroes
from .content import ARTIFACTS, ITEM_EFFECTS, Card
from .decisions import Deceive, Destroy, Discard, Nod
from .ending import over
from .turn import BATTLE_CARDS, Stage, ask, clear_battle_cards, draw_event, end_deserted, hurt

if TYPE_CHECKING:
    from .state import MythState
    from .verbs import Cell

SWAPS = frozenset({"help", "contract"})
#: Cards Deceiver Magic takes from the chosen hand (MYTH-86).
DECEIVED_CARDS = 2
BALOR = "shadow_of_balor"


def reveal(st: MythState) -> Stage:
    """MYTH-48: turn the cards over; the resources on them go back to the bank."""
    st.phase = "resolve"
    paid = sum(p for _, _, p in st.table)
    if paid:
        tokens.transfer(st.holdings, heroes.RES, "table", "bank", paid)
    st._emit("revealed", cards=[[c, s, p] for c, s, p in st.table])
    revealed = [c for c, _, _ in st.table]
    st.table = ()
    st.affected_cell = st.position[st.active]
    st.pending = []
    join(st, revealed)
    return resolve_loop(st)


def join(st: MythState, new: list[str]) -> None:
    """Add cards to those resolving now; the Shadow of Balor cancels all others (MYTH-80)."""
    st.pending.extend(new)
    if BALOR in new or (new and BALOR in st.pending):
        keep = st.pending.index(BALOR)
        dropped = [c for i, c in enumerate(st.pending) if i != keep]
        st.discard.extend(dropped)
        st.pending = [BALOR]
        lasting = st.lasting.pop(st.affected_cell, [])
        st.discard.extend(lasting)
        st._emit("balor", cancelled=dropped + lasting)


def next_choices(st: MythState) -> list[str]:
    """The distinct cards that may resolve next (more than one: the hero chooses, MYTH-46)."""
    cs = st.game.content.cards
    best = min(cs[c].rank for c in st.pending)
    return list(dict.fromkeys(c for c in st.pending if cs[c].rank == best))


def resolve_loop(st: MythState) -> Stage:
    """Resolve cards until a hero must choose; then the battle step."""
    while not over(st):
        active = st.active
        if not st.alive[active]:
            st.discard.extend(st.pending)
            st.pending = []
            st.decisions.clear()
            return "end_turn"
        while st.decisions and not st.alive[st.decisions[-1].seat]:
            st.decisions.pop()
        if st.decisions:
            ask(st, "sub", st.decisions[-1].seat)
            return None
        if not st.pending:
            break
        choices = next_choices(st)
        if len(choices) > 1:
            ask(st, "order", active)  # MYTH-46: ties are ordered by the affected player
            return None
        resolve(st, choices[0])
    if over(st):
        return None
    cell = st.affected_cell
    if not st.enemies.get(cell):
        clear_battle_cards(st, cell)
    return "battle"


def ask_later(st: MythState, decision: Nod | Discard | Destroy | Deceive) -> None:
    """Queue a card's choice after those already asked (the first asked is on top)."""
    st.decisions.insert(0, decision)


# ------------------------------------------------------------------ effects
def resolve(st: MythState, cid: str) -> None:
    """Resolve one revealed card."""
    st.pending.remove(cid)
    c = st.game.content.cards[cid]
    cell = st.affected_cell
    active = st.active
    hit = heroes.heroes_on(st, cell, active)  # MYTH-49: every hero on the cell
    st._emit("resolve", card=cid, heroes=hit)
    eff = c.effect
    if c.monster:
        st.enemies.setdefault(cell, []).append(cid)  # MYTH-49: monsters belong to the cell
    elif eff in ITEM_EFFECTS:
        st.items[active].append(cid)  # MYTH-40..43: the hero whose events these are
    elif eff in BATTLE_CARDS:
        st.lasting.setdefault(cell, []).append(cid)
    elif eff == "web":
        web(st, cid, cell, hit)
    elif eff == "shade":  # MYTH-85
        st.discard.append(cid)
        drawn = [d for d in (draw_event(st) for _ in range(c.value)) if d]
        st._emit("shade", cards=drawn)
        join(st, drawn)
    elif eff == "deceiver":  # MYTH-86
        st.discard.append(cid)
        if any(st.hand[s] for s in heroes.living(st)):
            ask_later(st, Deceive(active))
    else:
        st.discard.append(cid)
        _on_each_hero(st, cid, c, hit)


def _on_each_hero(st: MythState, cid: str, c: Card, hit: list[int]) -> None:
    """A card's effect on every hero of the cell, in turn."""
    swapped: set[frozenset[int]] = set()
    for s in hit:
        if c.effect in SWAPS:  # MYTH-103: an exchange between two heroes of the cell is one
            pair = frozenset((s, swap_partner(st, c, s)))
            if pair in swapped:
                continue
            swapped.add(pair)
        effect = EFFECTS.get(c.effect)  # the Shadow of Balor did its work when it joined
        if effect is not None:
            effect(st, c, s)
        if over(st):
            return


def swap_partner(st: MythState, c: Card, s: int) -> int:
    """The neighbour the Help or the Contract makes ``s`` exchange with (MYTH-90, 94)."""
    return heroes.right_of(st, s) if c.direction == "right" else heroes.left_of(st, s)


def _trap(st: MythState, c: Card, s: int) -> None:
    """MYTH-74: a roll under the trap's number wounds (the dwarf has a bonus)."""
    need = c.target - (c.dwarf_bonus if st.game.content.heroes[st.hero[s]].area else 0)
    r = st._roll(s, "trap")
    st._emit("trap", seat=s, card=c.id, roll=r, need=need, caught=r < need)
    if r < need:
        hurt(st, s, c.value, c.id)


def _nod(st: MythState, c: Card, s: int) -> None:
    ask_later(st, Nod(s))  # MYTH-76


def _flooded(st: MythState, c: Card, s: int) -> None:
    st.skip[s] += 1  # MYTH-77


def _extra_turn(st: MythState, c: Card, s: int) -> None:
    st.extra[s] += 1  # MYTH-78


def _rest(st: MythState, c: Card, s: int) -> None:
    heroes.heal(st, s, c.value)  # MYTH-79


def _splinters(st: MythState, c: Card, s: int) -> None:
    heroes.gain(st, s, c.value)  # MYTH-84


def _shiver_magic(st: MythState, c: Card, s: int) -> None:
    n = min(c.value, len(st.hand[s]))  # MYTH-87
    if n:
        ask_later(st, Discard(s, n))


def _soulblighter(st: MythState, c: Card, s: int) -> None:
    st._emit("hand_shown", seat=s, cards=list(st.hand[s]))  # MYTH-88


def _fury_of_shiver(st: MythState, c: Card, s: int) -> None:
    if destroyable(st, s):  # MYTH-89
        ask_later(st, Destroy(s))


def _help(st: MythState, c: Card, s: int) -> None:
    """MYTH-90: the two heroes exchange all their resources."""
    o = swap_partner(st, c, s)
    if o != s:
        a, b = heroes.res(st, s), heroes.res(st, o)
        purses = st.holdings
        purses[heroes.OWNERS[s]][heroes.RES], purses[heroes.OWNERS[o]][heroes.RES] = b, a
        st._emit("help", seat=s, other=o)


def _order(st: MythState, c: Card, s: int) -> None:
    """MYTH-91, MYTH-101: every other hero pays the hero."""
    for o in heroes.clockwise_from(st, s):
        if o != s:
            heroes.give(st, o, s, c.value2 if heroes.two_left(st) else c.value)


def _tax(st: MythState, c: Card, s: int) -> None:
    """MYTH-92, MYTH-101: the hero pays the others, from his right, while he has resources."""
    if heroes.two_left(st):
        heroes.give(st, s, heroes.right_of(st, s), c.value2)
        return
    o = heroes.right_of(st, s)
    while o != s and heroes.res(st, s) > 0:
        heroes.give(st, s, o, c.value)
        o = heroes.right_of(st, o)


def _dream(st: MythState, c: Card, s: int) -> None:
    st.dream[s] = c.value  # MYTH-93


def _contract(st: MythState, c: Card, s: int) -> None:
    """MYTH-94: the two heroes exchange their hands."""
    o = swap_partner(st, c, s)
    if o != s:
        st.hand[s], st.hand[o] = st.hand[o], st.hand[s]
        st._emit("contract", seat=s, other=o)


EFFECTS: dict[str, Callable[[MythState, Card, int], None]] = {
    "trap": _trap, "nod": _nod, "flooded": _flooded, "extra_turn": _extra_turn, "rest": _rest,
    "splinters": _splinters, "shiver_magic": _shiver_magic, "soulblighter": _soulblighter,
    "fury_of_shiver": _fury_of_shiver, "help": _help, "order": _order, "tax": _tax,
    "dream": _dream, "contract": _contract,
}


# ------------------------------------------------------------------ webs (MYTH-75)
def web(st: MythState, cid: str, cell: Cell, hit: list[int]) -> None:
    """Only the hardest web on a cell holds; each hero on it tries once this turn."""
    cs = st.game.content.cards
    lst = st.lasting.get(cell, [])
    webs = [c for c in lst if cs[c].effect == "web"] + [cid]
    hardest = max(webs, key=lambda w: cs[w].target)
    webs.remove(hardest)
    st.discard.extend(webs)
    st.lasting[cell] = [*(c for c in lst if cs[c].effect != "web"), hardest]
    for s in hit:
        if escape_web(st, s):
            break


def escape_web(st: MythState, seat: int) -> bool:
    """One attempt to tear the web, once a turn (a hero who tried already this turn, as when
    two webs resolve together, does not try again); success frees every hero on the cell."""
    cs = st.game.content.cards
    cell = st.position[seat]
    webs = [c for c in st.lasting.get(cell, []) if cs[c].effect == "web"]
    if not webs:
        return True
    if seat in st.web_tried:
        return False
    st.web_tried = (*st.web_tried, seat)
    need = cs[webs[0]].target
    r = st._roll(seat, "web")
    st._emit("web", seat=seat, roll=r, need=need, freed=r >= need)
    if r >= need:
        rest = [c for c in st.lasting[cell] if c not in webs]
        st.discard.extend(webs)
        if rest:
            st.lasting[cell] = rest
        else:
            del st.lasting[cell]
        return True
    return False


# ------------------------------------------------------------------ the choices cards ask
def destroyable(st: MythState, seat: int) -> list[str]:
    """Items Fury of Shiver may destroy: never the Tain or the Codex (MYTH-89)."""
    return list(dict.fromkeys(i for i in st.items[seat] if i not in ARTIFACTS))


def nod(st: MythState, cell: Cell | None) -> Stage:
    """MYTH-76: go to ``cell`` (None: stay put)."""
    d = st.decisions.pop()
    if cell is not None:
        st.position[d.seat] = cell
        st._emit("nod", seat=d.seat, cell=list(cell))
        end_deserted(st)
    return resolve_loop(st)


def discard(st: MythState, cid: str) -> Stage:
    """MYTH-87: discard one card; the next is asked while some are left to discard."""
    d = st.decisions.pop()
    assert isinstance(d, Discard)
    s = d.seat
    st.hand[s].remove(cid)
    st.discard.append(cid)
    st._emit("discarded", seat=s, card=cid)
    if d.count > 1 and st.hand[s]:
        st.decisions.append(Discard(s, d.count - 1))
    return resolve_loop(st)


def destroy(st: MythState, item: str) -> Stage:
    """MYTH-89: the chosen item goes to the discard."""
    s = st.decisions.pop().seat
    st.items[s].remove(item)
    st.discard.append(item)
    st._emit("destroyed", seat=s, card=item)
    return resolve_loop(st)


def deceive(st: MythState, victim: int) -> Stage:
    """MYTH-86: two cards at random from ``victim``'s hand join the resolution."""
    s = st.decisions.pop().seat
    taken = pile.draw_n(st.hand[victim], DECEIVED_CARDS, st.rng)
    st._emit("deceived", seat=s, victim=victim, cards=taken)
    join(st, taken)
    return resolve_loop(st)

