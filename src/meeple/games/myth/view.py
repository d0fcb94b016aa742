"""What each seat may know: :func:`view` and :func:`determinize`.

Others' hands and quests appear as counts, face-down cards on the table as who played them and
what they paid, the decks as their sizes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.components import deck as decks
from meeple.core import Rng

from . import dungeon, ending, heroes, quests
from .decisions import Target

if TYPE_CHECKING:
    from .state import MythState


def _hero(st: MythState, s: int) -> dict[str, Any]:
    h = st.game.c.heroes[st.hero[s]]
    return {
        "seat": s, "hero": h.id, "name": h.name, "name_ru": h.name_ru,
        "alive": st.alive[s], "level": st.level[s], "life": st.life[s],
        "max_life": heroes.max_life(st, s), "attack": heroes.attack_of(st, s),
        "defence": heroes.defence_of(st, s), "attacks": heroes.attacks_of(st, s),
        "resources": heroes.res(st, s), "items": list(st.items[s]),
        "trophies": list(st.trophies[s]), "shown": list(st.shown[s]),
        "hand": len(st.hand[s]), "quests": len(st.quests[s]),
        "cell": list(st.pos[s]), "skip": st.skip[s], "extra": st.extra[s],
        "dream": st.dream[s],
    }


def view(st: MythState, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` sees it (None: a spectator)."""
    top = st.decisions[-1] if st.decisions else None
    v: dict[str, Any] = {
        "phase": "over" if ending.over(st) else st.phase, "step": st.step,
        "turn": st.turn, "current": st.cur,
        "heroes": [_hero(st, s) for s in range(st.players)],
        "map": [[c[0], c[1], st.grid[c], st.tile_of[c]] for c in dungeon.explored(st)],
        "enemies": [[c[0], c[1], list(m)] for c, m in sorted(st.enemies.items())],
        "lasting": [[c[0], c[1], list(m)] for c, m in sorted(st.lasting.items())],
        "event_deck": len(st.deck), "discard": len(st.discard),
        "tiles_left": len(st.tiles), "quest_pile": len(st.quest_pile),
        "bank": heroes.bank(st), "tain_load": st.tain_load, "final_turns": st.final_left,
        "table": [{"by": by, "paid": p, "card": c if seat is not None and by == seat
                   else None} for c, by, p in st.table],
        "pending": list(st.pending), "drawn_tile": st.drawn_tile,
        "laying": list(dungeon.step_cell(st.pos[st.cur], st.explore_side))
        if st.drawn_tile else None,
        "double_cost": st.offer_double,
        "striker": top.monster if isinstance(top, Target) else "",
        "this_turn": this_turn(st, seat),
    }
    if seat is not None:
        v["hand"] = sorted(st.hand[seat])
        v["quests"] = [[q, quests.done(st, seat, q)] for q in sorted(st.quests[seat])]
    return v


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


def determinize(st: MythState, seat: int, rng: Rng) -> None:
    """Re-deal what ``seat`` cannot see: hands, quests, decks, face-down cards."""
    hidden_table = [c for c, by, _ in st.table if by != seat]
    piles = [st.hand[o] for o in range(st.players) if o != seat]
    decks.resample([*piles, st.deck, hidden_table], rng)
    it = iter(hidden_table)
    st.table = tuple((c if by == seat else next(it), by, p) for c, by, p in st.table)
    qp = [st.quests[o] for o in range(st.players) if o != seat]
    pile = list(st.quest_pile)
    decks.resample([*qp, pile], rng)
    st.quest_pile = tuple(pile)
    tiles = list(st.tiles)
    decks.reshuffle(tiles, rng)
    st.tiles = tuple(tiles)
