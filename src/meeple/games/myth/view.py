"""What each seat may know: :func:`view` and its shape (:class:`Keys`, :class:`View`);
the worlds a seat cannot tell apart are made in :mod:`.worlds`.

Others' hands and quests appear as counts, face-down cards on the table as who played them and
what they paid, the decks as their sizes. A view holds ids and numbers, never words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from meeple.components.tilegrid import step
from meeple.core.views import BaseView, GameKeys

from . import dungeon, heroes, quests
from .decisions import Target
from .ending import over
from .turn import Phase, Step

if TYPE_CHECKING:
    from .state import MythState
    from .verbs import Cell


class HeroView(TypedDict):
    """One hero as every seat sees him: his card's values at his level, what he holds in the
    open, and how many secret cards and quests he keeps."""

    seat: int
    hero: str
    alive: bool
    level: int
    life: int
    max_life: int
    attack: int
    defence: int
    attacks: int
    resources: int
    items: list[str]
    trophies: list[str]
    shown: list[str]
    hand: int
    quests: int
    cell: list[int]
    skip: int
    extra: int
    dream: int


class FaceDown(TypedDict):
    """A card face down on the table: who played it (-1: the deck), what was paid, and the card
    itself for the seat that played it (None for everyone else)."""

    by: int
    paid: int
    card: str | None


class Keys(GameKeys):
    """What :func:`view` returns: the keys every game gives, the phase and step in Myth's
    words, and Myth's table."""

    phase: Phase
    step: Step | None

    turn: int
    active: int
    heroes: list[HeroView]
    #: every laid tile as ``[x, y, passages, tile id]``, row by row (read by :func:`tiles`)
    map: list[list[int | str]]
    #: the monsters on each cell, and the lasting cards, as ``[x, y, [card ids]]`` (read by
    #: :func:`by_cell`)
    enemies: list[list[int | list[str]]]
    lasting: list[list[int | list[str]]]
    event_deck: int
    discard: int
    tiles_left: int
    quest_pile: int
    bank: int
    tain_load: int
    final_turns: int | None
    table: list[FaceDown]
    pending: list[str]
    drawn_tile: str
    #: the cell the drawn tile is laid on, or None when no tile is drawn
    laying: list[int] | None
    double_cost: bool
    #: the monster whose target is being chosen (MYTH-57), or ""
    striker: str
    #: the events of the turn under way, as ``events(seat)`` tells them
    this_turn: list[dict[str, Any]]
    #: the seat's own hand (sorted), and its quests as ``[quest id, fulfilled]`` (read by
    #: :func:`own_quests`); not for a spectator
    hand: NotRequired[list[str]]
    quests: NotRequired[list[list[str | bool]]]


class View(Keys, BaseView):
    """The whole view a reader receives: the base's keys and Myth's."""


def _hero(st: MythState, s: int) -> HeroView:
    return {
        "seat": s, "hero": st.hero[s],
        "alive": st.alive[s], "level": st.level[s], "life": st.life[s],
        "max_life": heroes.max_life(st, s), "attack": heroes.attack_of(st, s),
        "defence": heroes.defence_of(st, s), "attacks": heroes.attacks_of(st, s),
        "resources": heroes.res(st, s), "items": list(st.items[s]),
        "trophies": list(st.trophies[s]), "shown": list(st.shown[s]),
        "hand": len(st.hand[s]), "quests": len(st.quests[s]),
        "cell": list(st.position[s]), "skip": st.skip[s], "extra": st.extra[s],
        "dream": st.dream[s],
    }


def view(st: MythState, seat: int | None) -> Keys:
    """The table as ``seat`` sees it (None: a spectator)."""
    top = st.decisions[-1] if st.decisions else None
    v: Keys = {
        "phase": "over" if over(st) else st.phase, "step": st.step,
        "mine": [], "on_table": [],
        "turn": st.turn, "active": st.active,
        "heroes": [_hero(st, s) for s in range(st.players)],
        "map": [[c[0], c[1], st.grid[c], st.tile_of[c]] for c in dungeon.explored(st)],
        "enemies": [[c[0], c[1], list(m)] for c, m in sorted(st.enemies.items())],
        "lasting": [[c[0], c[1], list(m)] for c, m in sorted(st.lasting.items())],
        "event_deck": len(st.deck), "discard": len(st.discard),
        "tiles_left": len(st.tiles), "quest_pile": len(st.quest_pile),
        "bank": heroes.bank(st), "tain_load": st.tain_load, "final_turns": st.final_turns,
        "table": [{"by": by, "paid": p, "card": c if seat is not None and by == seat
                   else None} for c, by, p in st.table],
        "pending": list(st.pending), "drawn_tile": st.drawn_tile,
        "laying": list(step(st.position[st.active], st.explore_side))
        if st.drawn_tile else None,
        "double_cost": st.offer_double,
        "striker": top.monster if isinstance(top, Target) else "",
        "this_turn": this_turn(st, seat),
    }
    if seat is not None:
        v["hand"] = sorted(st.hand[seat])
        v["quests"] = [[q, quests.done(st, seat, q)] for q in sorted(st.quests[seat])]
    v["mine"], v["on_table"] = catalogued(v, seat)
    return v


def catalogued(v: Keys, seat: int | None) -> tuple[list[str], list[str]]:
    """The catalogue ids in ``v``: the seat's own (its hero, hand, quests, items, proofs and
    quests shown) and the others it sees (the other heroes and what they show, the monsters
    and lasting cards, the cards on the table and resolving, the tiles)."""
    mine: dict[str, None] = {}
    seen: dict[str, None] = {}
    for h in v["heroes"]:
        if h["seat"] == seat:
            mine[h["hero"]] = None
            mine.update(dict.fromkeys(v.get("hand", [])))
            mine.update(dict.fromkeys(q for q, _ in own_quests(v)))
        into = mine if h["seat"] == seat else seen
        into.update(dict.fromkeys([h["hero"], *h["items"], *h["trophies"], *h["shown"]]))
    for ids in (*by_cell(v["enemies"]).values(), *by_cell(v["lasting"]).values()):
        seen.update(dict.fromkeys(ids))
    seen.update(dict.fromkeys(c["card"] for c in v["table"] if c["card"]))
    seen.update(dict.fromkeys(v["pending"]))
    seen.update(dict.fromkeys(tile for _, _, _, tile in tiles(v)))
    if v["drawn_tile"]:
        seen[v["drawn_tile"]] = None
    return list(mine), [i for i in seen if i not in mine]


# ------------------------------------------------------------------ reading a view
def tiles(v: Keys) -> list[tuple[int, int, int, str]]:
    """The laid tiles of ``v["map"]`` as ``(x, y, passages, tile id)``."""
    return [(int(x), int(y), int(mask), str(tile)) for x, y, mask, tile in v["map"]]


def by_cell(entries: list[list[int | list[str]]]) -> dict[Cell, list[str]]:
    """``v["enemies"]`` or ``v["lasting"]`` as the card ids on each cell."""
    out: dict[Cell, list[str]] = {}
    for x, y, ids in entries:
        assert isinstance(x, int) and isinstance(y, int) and isinstance(ids, list)
        out[(x, y)] = ids
    return out


def own_quests(v: Keys) -> list[tuple[str, bool]]:
    """The seat's quests in ``v`` as ``(quest id, fulfilled)``; none for a spectator."""
    return [(str(q), bool(done)) for q, done in v.get("quests", [])]


def this_turn(st: MythState, seat: int | None) -> list[dict[str, Any]]:
    """The events of the turn under way (from its ``turn`` event), as ``events(seat)`` shows
    them: others' private actions by their public text, events hidden from ``seat`` left out
    or told in their public form. Walks back only as far as the turn's start."""
    found: list[dict[str, Any]] = []
    node = st._log
    while node is not None:
        e = node[1]
        node = node[0]
        if e[0] == "A":
            _, actor, action, pub = e
            found.append({"type": "action", "seat": actor,
                          "action": action[0] if pub is None or actor == seat else pub})
            continue
        _, kind, data, to, others = e
        if to is None or (seat is not None and seat in to):
            found.append({"type": kind, **data})
        elif others is not None:
            found.append({"type": kind, **others})
        if kind == "turn":
            break
    found.reverse()
    return found
