"""Determinization (MYTH-67): a world one seat cannot tell from the true one, made cheaply.

What a seat does not see: the other heroes' hands and quests, the cards others laid face down,
and the order of the three piles nobody sees (event deck, dungeon tiles, quest pile). A world
deals the first afresh from the pool of every unseen card, and leaves the piles *loose*: in a
fixed order that says nothing of the true one, drawn from at random with the world's own
generator (:func:`top`). Drawing a random card of a loose pile each time is a shuffle done
lazily, card by card (Fisher-Yates), so a world pays only for the cards it draws, and a search
that reads a few of them never shuffles the rest.

The sorted pools a seat's worlds are dealt from change only when the game moves on: they are
kept for the last states and seats asked (:data:`_POOLS`) and reused by their next worlds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from meeple.core import Rng

if TYPE_CHECKING:
    from .state import MythState

T = TypeVar("T")
#: Choices drawn from one 64-bit number keep at least 2 ** _ROOM_BITS outcomes each, so a choice
#: among ``m`` is uniform to within ``m / 2**32``.
_ROOM_BITS = 32
_FULL = 1 << 64
#: The pools of the last worlds made, by the log they were made with: ``determinize`` gives a
#: world the log its seat saw, one object per true state, seat and moment (kept by the core
#: until the game moves on), so a log that is the key's and the same sizes find the same pools.
_POOLS: dict[int, tuple[Any, int, tuple[int, ...], _Pools]] = {}
_KEEP = 256

_Pools = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def _pools(st: MythState, seat: int) -> _Pools:
    """The cards ``seat`` cannot place, sorted: events (the deck, others' hands, others' face-down
    cards), quests (others' and the pile) and tiles. Sorted, they depend only on what the seat
    knows, never on where the cards truly lie."""
    log = st._log
    sizes = (st.n_actions, len(st.deck), len(st.quest_pile), len(st.tiles), len(st.table))
    got = _POOLS.get(id(log)) if log is not None else None
    if got is not None and got[0] is log and got[1] == seat and got[2] == sizes:
        return got[3]
    others = [o for o in range(st.players) if o != seat]
    events = [*st.deck, *(c for o in others for c in st.hand[o]),
              *(c for c, by, _ in st.table if by != seat)]
    quests = [*st.quest_pile, *(q for o in others for q in st.quests[o])]
    pools = (tuple(sorted(events)), tuple(sorted(quests)), tuple(sorted(st.tiles)))
    if log is not None:
        if len(_POOLS) >= _KEEP:
            _POOLS.clear()
        _POOLS[id(log)] = (log, seat, sizes, pools)
    return pools


#: The draws of each deal, by the pile's size and the cards dealt (:func:`_schedule`).
_SCHEDULES: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _schedule(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """The last ``k`` steps of a Fisher-Yates shuffle of ``n`` cards (each step ``m`` takes a
    card from the first ``m`` for position ``m - 1``) grouped by the number they are drawn
    from: a new number once fewer than ``2 ** _ROOM_BITS`` outcomes per choice are left in the
    one drawn. The grouping depends on ``n`` and ``k`` alone, so it is worked out once."""
    key = (n, k)
    got = _SCHEDULES.get(key)
    if got is None:
        groups: list[list[int]] = []
        room = 0
        for m in range(n, n - k, -1):
            if room < m << _ROOM_BITS:
                groups.append([])
                room = _FULL
            groups[-1].append(m)
            room //= m
        got = _SCHEDULES[key] = tuple(map(tuple, groups))
    return got


def _split(pool: tuple[str, ...], apart: int, rng: Rng) -> tuple[list[str], list[str]]:
    """``pool`` split at random into ``apart`` cards (in random order) and the rest, drawing
    only the smaller side: the last steps of a Fisher-Yates shuffle, several choices to each
    number drawn (:func:`_schedule`)."""
    cards = list(pool)
    n = len(cards)
    k = min(apart, n - apart)
    for group in _schedule(n, k):
        z = rng.next64()
        for m in group:
            j = z % m
            z //= m
            cards[m - 1], cards[j] = cards[j], cards[m - 1]
    if k == apart:
        return cards[n - k:], cards[:n - k]
    return cards[:apart], cards[apart:]


def determinize(st: MythState, seat: int, rng: Rng) -> None:
    """Re-deal what ``seat`` cannot see: others' hands, quests and face-down cards from the
    unseen pools; the event deck, tiles and quest pile left loose."""
    events, quests, tiles = _pools(st, seat)
    players = st.players
    hand = st.hand
    dealt, st.deck = _split(events, len(events) - len(st.deck), rng)
    i = 0
    for o in range(players):
        if o != seat:
            k = len(hand[o])
            hand[o] = dealt[i:i + k]
            i += k
    if i < len(dealt):  # cards others laid face down
        it = iter(dealt[i:])
        st.table = tuple((c if by == seat else next(it), by, p) for c, by, p in st.table)
    if len(quests) > len(st.quest_pile):
        held = st.quests
        dealt, pile = _split(quests, len(quests) - len(st.quest_pile), rng)
        i = 0
        for o in range(players):
            if o != seat:
                k = len(held[o])
                held[o] = dealt[i:i + k]
                i += k
        st.quest_pile = tuple(pile)
    else:
        st.quest_pile = quests
    st.tiles = tiles


def top(st: MythState, pile: list[T]) -> None:
    """Before a draw from ``pile`` (the event deck) of a world: a random card to the top."""
    if st.loose and len(pile) > 1:
        j = st.rng.below(len(pile))
        pile[j], pile[-1] = pile[-1], pile[j]


def top_of(st: MythState, pile: tuple[T, ...]) -> tuple[T, ...]:
    """``pile`` (tiles, quests) with, in a world, a random card moved to its top."""
    if st.loose and len(pile) > 1:
        j = st.rng.below(len(pile))
        return (*pile[:j], *pile[j + 1:], pile[j])
    return pile
