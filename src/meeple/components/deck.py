"""Decks as plain lists of card ids; the top of a pile is the end of the list.

>>> from meeple.core import Rng
>>> pile = list(range(10)); shuffle(pile, Rng(1))
>>> hand = draw(pile, 3); len(hand), len(pile)
(3, 7)
>>> discard = []; put(discard, hand); sorted(discard + pile) == list(range(10))
True
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

from meeple.core import Rng

T = TypeVar("T")


def shuffle(pile: MutableSequence[T], rng: Rng) -> None:
    """Shuffle a pile in place with the state's generator."""
    rng.shuffle(pile)


def draw(pile: list[T], n: int = 1) -> list[T]:
    """Take up to ``n`` cards from the top (fewer if the pile runs out), top card first."""
    if n <= 0:
        return []
    taken = pile[-n:]
    del pile[-n:]
    taken.reverse()
    return taken


def draw_one(pile: list[T]) -> T | None:
    """The top card, removed; None if the pile is empty."""
    return pile.pop() if pile else None


def put(pile: list[T], cards: Iterable[T]) -> None:
    """Lay cards on top of a pile, in order (the last one ends on top)."""
    pile.extend(cards)


def deal(pile: list[T], hands: Sequence[list[T]], n: int) -> None:
    """Deal ``n`` cards to each hand in turn, one at a time."""
    for _ in range(n):
        for hand in hands:
            if pile:
                hand.append(pile.pop())


def _card_order(card: Any) -> tuple[str, str]:
    """A total order on cards of mixed types, which cannot be compared directly."""
    return (type(card).__name__, repr(card))


def resample(piles: Sequence[list[T]], rng: Rng) -> None:
    """Redistribute the cards of several hidden piles at random, keeping each pile's size.

    The basis of ``determinize``: pass the piles whose contents one seat cannot know (the deck,
    the other seats' hands, face-down cards) and they are re-dealt consistently with the counts.
    """
    pool: list[T] = [c for p in piles for c in p]
    # Put the pool in a fixed order first, so the sample depends only on which cards are
    # unseen, never on where they truly lie: the same seed gives the same sample.
    try:
        pool.sort()
    except TypeError:
        pool.sort(key=_card_order)
    rng.shuffle(pool)
    i = 0
    for p in piles:
        k = len(p)
        p[:] = pool[i:i + k]
        i += k


def reshuffle(pile: list[T], rng: Rng) -> None:
    """Shuffle a pile whose order is hidden, starting from a fixed order of its cards.

    The result depends only on which cards the pile holds and on ``rng``, never on their true
    order: a determinization made with a known seed cannot be unshuffled back into the truth.
    """
    resample((pile,), rng)


def public(pile: Sequence[Any], *, face_up: bool = False) -> dict[str, Any]:
    """What everybody sees of a pile: its count, and its cards only when face up."""
    if face_up:
        return {"count": len(pile), "cards": list(pile)}
    return {"count": len(pile)}
