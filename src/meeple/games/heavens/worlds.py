"""Determinization: a world one seat cannot tell from the true state, made cheaply.

What a seat does not see: the order of its own side's deck, and the other side's deck and hands
(a mate's hand it sees: a team's draws are shown to the team). A world holds both decks
*loose*: in an order that says nothing of the true one, drawn from at random with the world's
own generator (:func:`draw`), a shuffle done lazily card by card, so a world pays only for the
cards it draws.

The other side's hands are dealt lazily too. Nothing reads the cards in a hand but the turn of
the seat holding it (its summons, powers and discards, all asked for through its legal
actions), and the sides take turns: so a world keeps the other side's unseen cards in sorted
order, its hands the first of them, and deals them at random (:func:`deal_hands`, from the
world's generator) as that side's next turn begins or, when it is the side to act, as its
actions are first asked for (the world classes of :mod:`.state`). A search that never reaches
that side's turn never deals. Until then the cards in those hands are no one's secret:
every world of the seat holds the same, and what each side holds in all (a hand's size, a
side's cards to come, its characters left) is the true count.

The sorted pools change only when the cards move: the last ones of each seat are kept
(:data:`_POOLS`) with the very tuples of the decks and hands they were made from (rebuilt on
every change, never changed in place), and reused while those stand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from meeple.core import Rng

    from .state import HeavensState, Piles

#: Bits kept in hand while dealing: past this, a fresh 64-bit draw (see :func:`deal`).
_MASK = (1 << 64) - 1
_LOW = 1 << 16
#: What :func:`_pools` finds for a seat: the decks and hands it was found in, a world's decks
#: and hands with the other side's cards sorted and not dealt, and how many cards that side
#: holds in hand.
_Pools = tuple["Piles", "Piles", "Piles", "Piles", int]
#: The pools of the last world made for each seat.
_POOLS: dict[int, _Pools] = {}


def deal(pool: list[int], k: int, rng: Rng) -> tuple[list[int], list[int]]:
    """``k`` cards of ``pool`` at random (in random order) and the rest: the last steps of a
    Fisher-Yates shuffle (of the smaller side of the split), every index read off the same
    64-bit draw (arithmetic decoding: each takes ``log2(n)`` of its bits), a new draw only once
    fewer than 16 bits are left. ``pool`` is shuffled in place."""
    cards = pool
    n = len(cards)
    few = k if k + k <= n else n - k
    z = rng.next64()
    room = 1 << 64  # how far the draw still reaches
    for i in range(n - 1, n - 1 - few, -1):
        m = i + 1
        if room < _LOW:
            z = rng.next64()
            room = 1 << 64
        z *= m
        j = z >> 64
        z &= _MASK
        room //= m
        cards[i], cards[j] = cards[j], cards[i]
    if few == k:
        return cards[n - k:], cards[:n - k]
    return cards[:k], cards[k:]


def _pools(st: HeavensState, seat: int) -> _Pools:
    """The world ``seat`` cannot tell from ``st``, before any dealing: its own deck sorted, the
    other side's unseen cards (its deck and hands) sorted, its hands the first of them. It
    depends only on what the seat knows, never on where the cards truly lie."""
    deck, hands = st.deck, st.hands
    g = st.game
    side = g.side_of[seat]
    other = 1 - side
    unseen = list(deck[other])
    for s in g.team[other]:
        unseen += hands[s]
    unseen.sort()
    world_hands = list(hands)
    i = 0
    for s in g.team[other]:
        e = i + len(hands[s])
        world_hands[s] = tuple(unseen[i:e])
        i = e
    own, pile = tuple(sorted(deck[side])), tuple(unseen[i:])
    got = _POOLS[seat] = (deck, hands, (own, pile) if side == 0 else (pile, own),
                          tuple(world_hands), i)
    return got


def determinize(st: HeavensState, seat: int, rng: Rng) -> None:
    """Make ``st`` a world of ``seat``: both decks loose; the other side's hands dealt from its
    unseen cards (by the world's generator) as its next turn begins or, if it is to act, as
    its actions are first asked for."""
    got = _POOLS.get(seat)
    if got is None or got[0] is not st.deck or got[1] is not st.hands:
        got = _pools(st, seat)
    st.deck, st.hands = got[2], got[3]
    if not got[4]:  # no hidden hand
        st.__class__ = st._world
        return
    g = st.game
    if g.side_of[st.active] == g.side_of[seat]:
        st.__class__ = st._world_undealt
    else:
        st.__class__ = st._world_pending


def deal_hands(st: HeavensState, side: int, rng: Rng) -> None:
    """Deal the hands of ``side``'s seats afresh from the cards of its hands and deck."""
    team = st.game.team[side]
    hands = list(st.hands)
    pool = list(st.deck[side])
    k = 0
    for s in team:
        pool += hands[s]
        k += len(hands[s])
    dealt, rest = deal(pool, k, rng)
    i = 0
    for s in team:
        e = i + len(hands[s])
        hands[s] = tuple(dealt[i:e])
        i = e
    st.hands = tuple(hands)
    piles = list(st.deck)
    piles[side] = tuple(rest)
    st.deck = tuple(piles)


def draw(st: HeavensState, pile: list[int], n: int) -> list[int]:
    """HVN-39: up to ``n`` cards from the top of ``pile``, top card first; from a world's loose
    deck, each a random card of it."""
    if n <= 0:
        return []
    if st.loose:
        rng = st.rng
        got = []
        while n and pile:
            j = rng.below(len(pile))
            pile[j], pile[-1] = pile[-1], pile[j]
            got.append(pile.pop())
            n -= 1
        return got
    taken = pile[-n:]
    del pile[-n:]
    taken.reverse()
    return taken
