"""A hidden pile that is only ever drawn from: a multiset, not an order.

A face-down draw pile whose order nobody sees and nobody changes (no card is put on top, no
one peeks) holds no information beyond which cards are still in it. Keeping it as a shuffled
list makes ``determinize`` reshuffle it on every call; keeping it as a sorted multiset and
choosing the card when it is drawn gives every draw the same distribution — each remaining
card equally likely — and leaves ``determinize`` nothing to do, since a determinization gets
fresh future chance anyway.

The pile is a sorted list of card ids, so two states holding the same cards are equal and their
``to_json`` is the same whatever happened before.

>>> from meeple.core import Rng
>>> p = new(["b", "a", "c", "a"]); p
['a', 'a', 'b', 'c']
>>> card = draw(p, Rng(4)); len(p), card in "abc"
(3, True)
>>> put(p, card); p == ["a", "a", "b", "c"]
True
>>> counts(p)
{'a': 2, 'b': 1, 'c': 1}
>>> take(p, "b"); p
['a', 'a', 'c']
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterable
from typing import Any, TypeVar

from meeple.core import Rng

T = TypeVar("T", str, int)


def new(cards: Iterable[T]) -> list[T]:
    """A pile of these cards (in the canonical, sorted order)."""
    return sorted(cards)


def draw(pile: list[T], rng: Rng) -> T:
    """One card drawn at random from the pile (which must not be empty), removed from it."""
    return pile.pop(rng.below(len(pile)))


def draw_n(pile: list[T], n: int, rng: Rng) -> list[T]:
    """Up to ``n`` cards drawn at random, in the order drawn (fewer if the pile runs out)."""
    return [pile.pop(rng.below(len(pile))) for _ in range(min(n, len(pile)))]


def put(pile: list[T], card: T) -> None:
    """Return a card to the pile (shuffled in: the pile has no order)."""
    insort(pile, card)


def take(pile: list[T], card: T) -> None:
    """Remove one copy of a known card from the pile; ValueError if it holds none."""
    i = bisect_left(pile, card)
    if i == len(pile) or pile[i] != card:
        raise ValueError(f"the pile holds no {card!r}")
    del pile[i]


def counts(pile: list[T]) -> dict[T, int]:
    """How many of each card the pile holds."""
    return dict(Counter(pile))


def public(pile: list[Any]) -> dict[str, int]:
    """What everybody sees of the pile: how many cards it holds."""
    return {"count": len(pile)}
