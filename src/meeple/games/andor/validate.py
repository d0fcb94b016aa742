"""What ``restore`` checks that only Andor knows: ids in its content, regions on its map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from meeple.core.validate import each, in_range, known, per_seat, refuse

from .content import LETTERS
from .decisions import FIGHT, BlockEvent

if TYPE_CHECKING:
    from .state import AndorState

#: The most any counter of a restored state may hold.
COUNTER_MAX = 1000


def validate(st: AndorState) -> None:
    """Every field's values are ones this game can hold (RecordError naming the field)."""
    c, n = st.game.content, st.players
    last = len(c.regions) - 1
    per_seat(st, "position", "strength", "willpower", "gold", "hours", "items", "ended",
             "carried", "falcon_used")
    in_range(st, "position", 0, last)
    for name in ("strength", "willpower", "gold", "hours", "carried", "day", "free_steps",
                 "free_used", "castle_creatures", "castle_farmers", "creature_bonus",
                 "next_day_hours"):
        in_range(st, name, 0, COUNTER_MAX)
    for name in ("creatures", "farmers", "ground", "fog", "wells_full", "fog_seen",
                 "blocked"):
        in_range(st, name, 0, last, keys=True)
    in_range(st, "farmers", 0, COUNTER_MAX)
    known(st, "creatures", c.creatures, "a creature of andor")
    known(st, "killed", c.creatures, "a creature of andor")
    for name in ("items", "ground"):  # an article, and maybe how it is worn (brew:worn)
        each(st, name, str, lambda x: x.partition(":")[0] in c.articles,
             "an article of andor")
    sold = {a.id for a in c.articles.values() if a.sold}
    if set(st.stock) != sold:
        refuse("stock", f"the market holds exactly {', '.join(sorted(sold))}")
    in_range(st, "stock", 0, COUNTER_MAX)
    known(st, "fog", {f.id for f in c.fog}, "a fog token of andor")
    if st.last_event is not None and st.last_event not in c.events:
        refuse("last_event", f"{st.last_event!r} is not an event card of andor")
    for name in ("deck", "discard"):
        known(st, name, c.events, "an event card of andor")
    if not st.deck and not st.discard:
        refuse("deck", "the event deck and its discard pile cannot both be empty")
    known(st, "cards_read", st.game.legend.cards, "a card of the legend")
    in_range(st, "letter", 0, len(LETTERS) - 1)
    in_range(st, "active", 0, n - 1)
    in_range(st, "falcon_partner", 0, n - 1)
    in_range(st, "rooster", 0, n - 1)
    in_range(st, "witch", 0, last)
    _validate_fight(st)
    _validate_decisions(st)


def _validate_fight(st: AndorState) -> None:
    """A fight under way: its creature, its heroes and the figures of its round."""
    f = st.fight
    if f is None:
        return
    c, n = st.game.content, st.players
    last = len(c.regions) - 1
    fields: Mapping[str, object] = f
    if f["region"] not in range(last + 1) or f["kind"] not in c.creatures:
        refuse("fight", f"no creature {f['kind']!r} can be fought in region {f['region']}")
    for key in ("fighters", "candidates", "queue", "shielded"):
        in_range(st, f"fight[{key!r}]", 0, n - 1, value=fields[key])
    if not f["fighters"] or not 0 <= f["roller"] <= len(f["fighters"]):
        refuse("fight", "a fight has its heroes and the one rolling among them")
    in_range(st, "fight['dice']", 1, 12, value=f["dice"])
    if f["black"] is not None:
        in_range(st, "fight['black']", 0, len(f["dice"]) - 1, value=f["black"])
    for key in ("creature_willpower", "creature_strength", "round", "remaining", "herb",
                "total", "losses", "reward"):
        in_range(st, f"fight[{key!r}]", 0, COUNTER_MAX, value=fields[key])


def _validate_decisions(st: AndorState) -> None:
    """Each decision's seat is a seat; fight decisions need a fight; event cards exist."""
    c, n = st.game.content, st.players
    for i, d in enumerate(st.decisions):
        if not 0 <= d.seat < n:
            refuse(f"decisions[{i}]", f"seat {d.seat} is not a seat of {n} heroes")
        if isinstance(d, FIGHT) and st.fight is None:
            refuse(f"decisions[{i}]", f"a {d.kind!r} decision needs a fight under way")
        if isinstance(d, BlockEvent):
            if d.card not in c.events or d.resume not in ("sunrise", "fog"):
                refuse(f"decisions[{i}]", f"{d!r} is not an event waiting for a shield")
            in_range(st, f"decisions[{i}].holders", 0, n - 1, value=d.holders)
            if d.finder is not None:
                in_range(st, f"decisions[{i}].finder", 0, n - 1, value=d.finder)
