"""Determinization (MYTH-67): a world one seat cannot tell from the true one, made cheaply.

What a seat does not see: the other heroes' hands and quests, the cards others laid face down,
and the order of the three piles nobody sees (event deck, dungeon tiles, quest pile). A world
deals the first afresh from the pool of every unseen card (a card another hero laid face down
costs what he was seen to pay for it, :func:`_paid_for`), and leaves the piles *loose*: in a
fixed order that says nothing of the true one, drawn from at random with the world's own
generator (:func:`top`). Drawing a random card of a loose pile each time is a shuffle done
lazily, card by card (Fisher-Yates), so a world pays only for the cards it draws, and a search
that reads a few of them never shuffles the rest.

The sorted pools a seat's worlds are dealt from change only when the game moves on: they are
kept for the last states and seats asked (:data:`_POOLS`) and reused by their next worlds. A
deal is written out as a function of its shape (:func:`_write`) once a moment asks for a
second world of that shape; its first is dealt by loops over the same draws (:class:`_Unwritten`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from meeple.core import Rng

from .heroes import play_cost

if TYPE_CHECKING:
    from .state import MythState

T = TypeVar("T")
#: Choices drawn from one 64-bit number keep at least 2 ** _ROOM_BITS outcomes each, so a choice
#: among ``m`` is uniform to within ``m / 2**32``.
_ROOM_BITS = 32
_FULL = 1 << 64
#: SplitMix64's constants (``meeple.core.rng``), for the deals written out (:func:`_dealer`).
_GAMMA, _MASK = 0x9E3779B97F4A7C15, (1 << 64) - 1
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
#: The deals of the last worlds made (:func:`_plan`), by the log they were made with:
#: ``determinize`` gives a world the log its seat saw, one object per true state, seat and
#: moment (kept by the core until the game moves on), so a log that is the key's and the same
#: sizes find the same deals.
_POOLS: dict[int, tuple[Any, int, tuple[int, ...], _Plan]] = {}
_KEEP = 256

_Pools = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
#: A deal (:func:`_plan`): its function (:func:`_write`) and the pools it deals from.
_Plan = tuple[Any, tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def _pools(st: MythState, seat: int) -> _Pools:
    """The cards ``seat`` cannot place, sorted: events (the deck, others' hands, others' face-down
    cards), quests (others' and the pile) and tiles. Sorted, they depend only on what the seat
    knows, never on where the cards truly lie."""
    others = [o for o in range(st.players) if o != seat]
    events = [*st.deck, *(c for o in others for c in st.hand[o]),
              *(c for c, by, _ in st.table if by != seat)]
    quests = [*st.quest_pile, *(q for o in others for q in st.quests[o])]
    return (tuple(sorted(events)), tuple(sorted(quests)), tuple(sorted(st.tiles)))


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
    number drawn (:func:`_schedule`), as a world deals them (:func:`_write`)."""
    n = len(pool)
    k = min(apart, n - apart)
    cards = list(pool)
    rng.state = _deal(cards, n, k, rng.state)
    if k == apart:
        return cards[n - k:], cards[:n - k]
    return cards[:apart], cards[apart:]


def _deal(c: list[str], n: int, k: int, s: int) -> int:
    """The last ``k`` steps of the shuffle of the ``n`` cards of ``c``, in place, by a loop
    over :func:`_schedule` from the generator state ``s``; the state after. The swaps
    :func:`_shuffle` writes out, for a deal made once."""
    for group in _schedule(n, k):
        s = (s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z ^= z >> 31
        for m in group:
            j = z % m
            z //= m
            c[m - 1], c[j] = c[j], c[m - 1]
    return s


def _shuffle(c: str, n: int, k: int) -> list[str]:
    """The last ``k`` steps of the shuffle of the ``n`` cards of list ``c`` written out one
    by one (:func:`_schedule`), each modulus a constant and the generator's ``next64`` too
    (``s`` its state): the same draws and swaps as a loop, without its overhead."""
    lines: list[str] = []
    for group in _schedule(n, k):
        lines += [f"    s = (s + {_GAMMA}) & {_MASK}",
                  f"    z = ((s ^ (s >> 30)) * {_MIX1}) & {_MASK}",
                  f"    z = ((z ^ (z >> 27)) * {_MIX2}) & {_MASK}",
                  "    z ^= z >> 31"]
        for i, m in enumerate(group):
            lines.append(f"    j = z % {m}")
            if i < len(group) - 1:
                lines.append(f"    z //= {m}")
            lines.append(f"    {c}[{m - 1}], {c}[j] = {c}[j], {c}[{m - 1}]")
    return lines


def _hand_out(c: str, field: str, n: int, apart: int, sizes: tuple[tuple[int, int], ...],
              faced: bool = False) -> list[str]:
    """Shuffle the pool's copy ``c`` (:func:`_shuffle`), give each seat of ``sizes`` (seat,
    count) its part of the ``apart`` cards into ``st.<field>``, the cards left over to the
    face-down cards of the table (``faced``), and keep the rest in ``c``."""
    k = min(apart, n - apart)
    i = n - k if k == apart else 0
    lines = [*_shuffle(c, n, k), f"    held = st.{field}"]
    for o, count in sizes:
        lines.append(f"    held[{o}] = {c}[{i}:{i + count}]")
        i += count
    if faced:
        lines += [f"    it = iter({c}[{i}:{'' if k == apart else apart}])",
                  "    st.table = tuple((x if by == seat else next(it), by, p)"
                  " for x, by, p in st.table)"]
    lines.append(f"    del {c}[{n - k}:]" if k == apart else f"    del {c}[:{apart}]")
    return lines


#: Each shape of deal written out as a function (:func:`_write`), by its shape.
_WORLDS: dict[tuple[Any, ...], Any] = {}


def _write(shape: tuple[Any, ...]) -> Any:
    """The function dealing a world of ``shape``: the event pool's size, cut and the other
    seats' hand sizes, whether cards lie face down, and the quest pool's, or None when every
    quest is in the pile. Made once per shape."""
    got = _WORLDS.get(shape)
    if got is None:
        n, apart, sizes, faced, quests = shape
        lines = ["def world(st, seat, rng, events, quests, tiles):", "    s = rng.state",
                 "    c = list(events)", *_hand_out("c", "hand", n, apart, sizes, faced),
                 "    st.deck = c"]
        if quests is None:
            lines.append("    st.quest_pile = quests")
        else:
            lines += ["    q = list(quests)", *_hand_out("q", "quests", *quests),
                      "    st.quest_pile = tuple(q)"]
        lines += ["    rng.state = s", "    st.tiles = tiles", "    st.__class__ = st._world"]
        if len(_WORLDS) >= _KEEP:
            _WORLDS.clear()
        got = _WORLDS[shape] = _compile(lines)
    return got


class _Unwritten:
    """The world :func:`_write` would write for ``shape``, dealt by loops instead: the same
    cards to the same places from the same draws. Writing a deal out costs as much as a few
    hundred worlds, so a moment's first world (often its only one: a bot that samples once a
    decision) is dealt this way, and :func:`_plan` writes the shape out at its second."""

    __slots__ = ("shape",)

    def __init__(self, shape: tuple[Any, ...]) -> None:
        self.shape = shape

    def __call__(self, st: MythState, seat: int, rng: Rng, events: tuple[str, ...],
                 quests: tuple[str, ...], tiles: tuple[str, ...]) -> None:
        n, apart, sizes, faced, held = self.shape
        c = list(events)
        s = _give(st, st.hand, c, (n, apart, sizes), faced, seat, rng.state)
        st.deck = c
        if held is None:
            st.quest_pile = quests
        else:
            q = list(quests)
            s = _give(st, st.quests, q, held, False, seat, s)
            st.quest_pile = tuple(q)
        rng.state = s
        st.tiles = tiles
        st.__class__ = st._world


def _give(st: MythState, held: list[Any], c: list[str], deal: tuple[int, int, Any],
          faced: bool, seat: int, s: int) -> int:
    """:func:`_hand_out` done at once on the list ``c``: shuffled, each seat's part to
    ``held``, the left-over cards to the table's face-down ones; the generator state after."""
    n, apart, sizes = deal
    k = min(apart, n - apart)
    i = n - k if k == apart else 0
    s = _deal(c, n, k, s)
    for o, count in sizes:
        held[o] = c[i:i + count]
        i += count
    if faced:
        it = iter(c[i:] if k == apart else c[i:apart])
        st.table = tuple((x if by == seat else next(it), by, p) for x, by, p in st.table)
    if k == apart:
        del c[n - k:]
    else:
        del c[:apart]
    return s


def _compile(lines: list[str]) -> Any:
    space: dict[str, Any] = {}
    exec("\n".join(lines), space)  # written from integers only
    return space[lines[0][4:lines[0].index("(")]]


def _plan(st: MythState, seat: int) -> _Plan:
    """The deal of ``seat``'s worlds at this moment: its function (:func:`_write`) and the
    pools (:func:`_pools`), kept for the moment's next worlds."""
    log = st._log
    sizes = (st.n_actions, len(st.deck), len(st.quest_pile), len(st.tiles), len(st.table))
    got = _POOLS.get(id(log)) if log is not None else None
    if got is not None and got[0] is log and got[1] == seat and got[2] == sizes:
        plan = got[3]
        if isinstance(plan[0], _Unwritten):  # the moment's second world: worth writing out
            plan = (_write(plan[0].shape), *plan[1:])
            _POOLS[id(log)] = (log, seat, sizes, plan)
        return plan
    events, quests, tiles = _pools(st, seat)
    others = [o for o in range(st.players) if o != seat]
    hands = tuple((o, len(st.hand[o])) for o in others)
    apart = len(events) - len(st.deck)
    held = None
    if len(quests) > len(st.quest_pile):
        held = (len(quests), len(quests) - len(st.quest_pile),
                tuple((o, len(st.quests[o])) for o in others))
    faced = apart > sum(k for _, k in hands)
    shape = (len(events), apart, hands, faced, held)
    world = _WORLDS.get(shape)
    if world is None:  # without a log no later world finds this plan: written out at once
        world = _Unwritten(shape) if log is not None else _write(shape)
    plan = (world, events, quests, tiles)
    if log is not None:
        if len(_POOLS) >= _KEEP:
            _POOLS.clear()
        _POOLS[id(log)] = (log, seat, sizes, plan)
    return plan


def determinize(st: MythState, seat: int, rng: Rng) -> None:
    """Re-deal what ``seat`` cannot see: others' hands, quests and face-down cards from the
    unseen pools; the event deck, tiles and quest pile left loose. The state becomes a world
    (``st._world``)."""
    world, events, quests, tiles = _plan(st, seat)
    world(st, seat, rng, events, quests, tiles)
    for i, (_, by, _) in enumerate(st.table):
        if by != seat and by >= 0:
            _paid_for(st, seat, i, rng)


def _paid_for(st: MythState, seat: int, i: int, rng: Rng) -> None:
    """Make the face-down card ``i`` of a world's table one that costs what its hero paid
    (MYTH-44, MYTH-45: the resources laid on it are seen; MYTH-42, MYTH-47 set the price).

    The world was dealt uniformly; its card at ``i`` is swapped with a card drawn uniformly
    among the unseen cards that price fits (the deck, the other hands, the other face-down
    cards not already fitted, this one included). The result is uniform over the deals in
    which the card fits: each such deal comes from as many uniform deals as there are unseen
    cards, every one of them with as many fitting cards to draw from."""
    table = list(st.table)
    _, by, paid = table[i]
    double = st.offer_double

    def fits(cid: str) -> bool:
        return play_cost(st, by, cid, double) == paid

    spots: list[tuple[list[str], int]] = [(st.deck, k) for k, c in enumerate(st.deck) if fits(c)]
    for o in range(st.players):
        if o != seat:
            hand = st.hand[o]
            spots += [(hand, k) for k, c in enumerate(hand) if fits(c)]
    lying = [c for c, _, _ in table]
    spots += [(lying, k) for k, (c, b, _) in enumerate(table)
              if b != seat and (k >= i or b < 0) and fits(c)]
    if not spots:  # no unseen card fits: a position set up by hand; the world keeps its deal
        return
    held, k = spots[rng.below(len(spots))]
    held[k], lying[i] = lying[i], held[k]
    st.table = tuple((c, b, p) for c, (_, b, p) in zip(lying, table, strict=True))


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
