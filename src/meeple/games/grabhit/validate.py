"""What ``restore`` checks of a Grab and Hit state that only this game knows (``_validate``).

The fields' types are checked by their annotations before this runs; here are the ranges: ids of
cards, adventurers and sectors, seats, the phase, and what each pending decision refers to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.validate import in_range, known, per_seat, refuse

from .decisions import BuyLocation, ChooseAdventurer, ChooseColour, KeepWeapon, ShieldCheck

if TYPE_CHECKING:
    from .state import GrabHitState

#: A ceiling for counters (life, gold, rounds) that no real game approaches.
MOST = 10_000
#: GAH-3: three decks and three discard piles, one per colour.
COLOURS = 3
#: GAH-37, GAH-38: a limbo stage is 0 (out), 1 or 2.
LIMBO_STAGES = 2
#: GAH-6: the rulebook's five phases, which limbo may take from a turn.
TURN_PHASES = ("spin", "income", "draw", "free", "hit")


def validate(st: GrabHitState) -> None:
    """Refuse a restored state whose ids, seats or decisions this game cannot hold."""
    n, content = st.players, st.game.content
    card = len(content.cards) - 1
    per_seat(st, "adventurer", "life", "armour", "gold", "weapons", "hand", "scrolls",
             "locations", "limbo", "immune", "dead", "died")
    for name in ("hand", "scrolls", "locations", "deck", "discard", "centre", "centre_queue"):
        in_range(st, name, 0, card)
    if len(st.deck) != COLOURS or len(st.discard) != COLOURS:
        refuse("deck", "there are three decks and three discard piles, one per colour")
    in_range(st, "adventurer", 0, len(content.adventurers) - 1)
    in_range(st, "weapons", 0, card)
    in_range(st, "limbo", 0, LIMBO_STAGES)
    for name in ("life", "armour", "gold", "round", "turns"):
        in_range(st, name, 0, MOST)
    for name in ("active", "first", "defending", "winners", "centre_queue"):
        in_range(st, name, 0, n - 1)
    _lots(st, n, card)
    in_range(st, "sector", 0, len(content.sectors) - 1)
    in_range(st, "last_spin", 0, len(content.sectors) - 1)
    known(st, "lost", TURN_PHASES, "one of the five phases a turn can lose")
    if (st.phase == "over") != (st.ending is not None):
        refuse("ending", "a game has an ending once it is over, and only then")
    w = st.attack_weapon
    # GAH-52: a weapon that broke on its last hit is gone while its phase is still named by
    # it (a game that ends on that hit keeps it so); any other must be in the seat's hands.
    if (w is not None and w >= 0 and st.hits_left > 0
            and all(h[0] != w for h in st.weapons[st.active])):
        refuse("attack_weapon", f"{w} is not a weapon seat {st.active} holds while it has "
                                f"{st.hits_left} hits left")
    in_range(st, "attack_weapon", -1, card)
    _decisions(st, n, card)


def _lots(st: GrabHitState, n: int, card: int) -> None:
    for i, (c, opener, bid, bidder) in enumerate(st.lots):
        if not (0 <= c <= card and 0 <= opener < n and 0 <= bid <= MOST
                and (bidder is None or 0 <= bidder < n)):
            refuse(f"lots[{i}]", f"{st.lots[i]!r} is not (card, opener, bid, bidder)")


def _decisions(st: GrabHitState, n: int, card: int) -> None:
    for i, d in enumerate(st.decisions):
        where = f"decisions[{i}]"
        if not 0 <= d.seat < n:
            refuse(where, f"seat {d.seat} is not a seat of {n}")
        if isinstance(d, (KeepWeapon, BuyLocation)):
            cards = (d.new, d.old) if isinstance(d, KeepWeapon) else (d.card,)
            in_range(st, where, 0, card, value=cards)
        elif isinstance(d, ChooseColour):
            in_range(st, where, 0, COLOURS - 1, value=d.colours)
        elif isinstance(d, ShieldCheck):
            in_range(st, where, 0, card, value=(d.card,))
            in_range(st, where, 0, n - 1, value=(d.source,))
    _choosing(st, n)


def _choosing(st: GrabHitState, n: int) -> None:
    """GAH-2, GAH-64: a seat takes up an adventurer by one pending choice, and plays only once
    it has one."""
    choosing = [d.seat for d in st.decisions if isinstance(d, ChooseAdventurer)]
    if len(set(choosing)) != len(choosing):
        refuse("decisions", "a seat has two adventurers to choose at once")
    if st.phase == "over":
        return
    for s in range(n):
        if st.adventurer[s] is None and s not in choosing:
            refuse("adventurer", f"seat {s} has no adventurer and none to choose")
