"""Tokens and counters held by owners, moved only between owners: never created or lost.

Holdings are plain data in the state: ``{owner: {kind: count}}``, with the bank as one owner.

>>> h = new_holdings(["bank", "p0"], {"gold": 10})
>>> transfer(h, "gold", "bank", "p0", 3); h["p0"]["gold"], total(h, "gold")
(3, 10)
>>> transfer(h, "gold", "p0", "bank", 5)
Traceback (most recent call last):
...
meeple.components.tokens.NotEnoughTokens: p0 has 3 gold, not 5
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class NotEnoughTokens(ValueError):
    """A transfer asked for more than the owner holds."""


Holdings = dict[str, dict[str, int]]


def new_holdings(owners: Iterable[str], bank: Mapping[str, int],
                 bank_name: str = "bank") -> Holdings:
    """Every owner with nothing, and the bank with its supply."""
    kinds = list(bank)
    h: Holdings = {o: dict.fromkeys(kinds, 0) for o in owners}
    h.setdefault(bank_name, dict.fromkeys(kinds, 0)).update(bank)
    return h


def transfer(h: Holdings, kind: str, src: str, dst: str, n: int) -> None:
    """Move ``n`` tokens of ``kind`` from ``src`` to ``dst``; NotEnoughTokens changes nothing."""
    if n < 0:
        raise ValueError("cannot move a negative number of tokens")
    have = h[src].get(kind, 0)
    if have < n:
        raise NotEnoughTokens(f"{src} has {have} {kind}, not {n}")
    h[src][kind] = have - n
    h[dst][kind] = h[dst].get(kind, 0) + n


def total(h: Holdings, kind: str) -> int:
    """How many tokens of ``kind`` exist across all owners (constant over a game)."""
    return sum(o.get(kind, 0) for o in h.values())
