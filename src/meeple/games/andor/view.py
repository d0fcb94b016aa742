"""What each seat may know (all boards are open; the fog and the event deck are not)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.components.deck import reshuffle
from meeple.core import Rng

from .content import LETTERS
from .decisions import BlockEvent
from .heroes import band
from .legend import goals_met

if TYPE_CHECKING:
    from .state import AndorState


def view(st: AndorState, seat: int | None) -> dict[str, Any]:
    """The table as every seat sees it (all boards are open; fog and the deck are not)."""
    g = st.game
    d = st.decisions[-1] if st.decisions else None
    if st.outcome:
        phase, step = "over", "over"
    else:
        phase = "fight" if st.fight is not None else "day"
        if isinstance(d, BlockEvent) and d.resume == "sunrise":
            phase = "sunrise"
        step = d.kind if d is not None else "turn"
    heroes = []
    for s in range(st.players):
        h = g.c.heroes[g.hero_ids[s]]
        heroes.append({
            "seat": s, "hero": h.id, "region": st.pos[s], "strength": st.sp[s],
            "willpower": st.wp[s], "gold": st.gold[s], "hours": st.hours[s],
            "ended": st.ended[s], "articles": sorted(st.items[s]), "farmers": st.carried[s],
            "dice": h.dice[band(st.wp[s])],
        })
    creatures = []
    for r in sorted(st.creatures):
        sp, wp = g.creature_stats(st.creatures[r])
        creatures.append({"region": r, "kind": st.creatures[r], "strength": sp,
                          "willpower": wp})
    fgt = None
    if st.fight is not None:
        f = st.fight
        fgt = {"region": f["region"], "kind": f["kind"], "willpower": f["cwp"],
               "strength": f["csp"], "heroes": list(f["who"]), "round": f["round"],
               "hero_value": f["total"], "dice": list(f["dice"]), "black": f["black"],
               "roller": f["who"][f["i"]] if f["i"] < len(f["who"]) else None}
    return {
        "phase": phase, "step": step, "legend": g.legend.info.id,
        "letter": LETTERS[st.letter], "day": st.day, "active": st.active,
        "rooster": st.rooster, "goals": list(g.legend.info.goals),
        "goals_met": goals_met(st), "heroes": heroes, "creatures": creatures,
        "castle": {"creatures": st.castle_creatures, "shields": g.shields + st.castle_farmers,
                   "farmers": st.castle_farmers},
        "farmers": [[r, k] for r, k in sorted(st.farmers.items())],
        "ground": [[r, sorted(v)] for r, v in sorted(st.ground.items())],
        "wells": [[w, w in st.wells_full] for w in g.wells],
        "fog": [[r, st.fog[r] if r in st.fog_seen else None] for r in sorted(st.fog)],
        "witch": st.witch,
        "blocked": sorted(st.blocked), "market_open": st.market_open,
        "stock": dict(sorted(st.stock.items())), "event_deck": len(st.deck),
        "last_event": st.last_event or None, "cards_read": list(st.cards_read),
        "creature_bonus": st.creature_bonus, "fight": fgt,
    }


def determinize(st: AndorState, seat: int, rng: Rng) -> None:
    """The face-down fog tokens are hidden from everyone; the event deck has no order to
    hide (a pile: its card is chosen when it is drawn)."""
    hidden = sorted(r for r in st.fog if r not in st.fog_seen)
    tokens = [st.fog[r] for r in hidden]
    reshuffle(tokens, rng)
    st.fog.update(zip(hidden, tokens, strict=True))
