"""The odds of a battle (MYTH-50 to MYTH-62) for the bots' heuristic.

A battle goes on, round after round and turn after turn, until the hero or the last monster of
the cell falls (MYTH-58): nobody leaves it. So its outcome is one of two: the hero dies, or he
kills every monster, takes their experience and proofs, and keeps some life. :func:`battle_odds`
computes the chance of the second and the life expected then, exactly over the d100 rolls of
every round (MYTH-53), with the attack order of the rules (first-attack monsters, the hero's
attacks, the other monsters; under Execute Place the hero last), the dwarf's charge against all
(MYTH-62) and a hero who aims each attack at the monster most worth killing (the chance of a
kill times the blow it would deal).

Results are cached: the same heroes meet the same few monsters again and again.
"""

from __future__ import annotations

from functools import lru_cache

from .base import CARDS

HERO = "@"


def chance(attack: int, defence: int) -> float:
    """Probability that d100 (1..100) + ``attack`` exceeds ``defence`` (MYTH-53)."""
    need = defence - attack  # the roll must be greater than this
    return (100 - max(0, min(100, need))) / 100


@lru_cache(maxsize=1 << 16)
def battle_odds(attack: int, defence: int, attacks: int, area: bool, monsters: tuple[str, ...],
                life: int, execute: bool = False, fury: bool = False,
                darkness: int = 0) -> tuple[float, float]:
    """``(chance the hero survives, life expected when he does)`` against ``monsters``.

    ``monsters`` is a sorted tuple of monster ids; ``attack``/``defence``/``attacks``/``area``
    are the hero's; ``execute``, ``fury`` and ``darkness`` are the battle cards of the cell
    (MYTH-81..83). A hero who cannot be hurt and cannot hurt either is counted as surviving.
    """
    battle = _Battle(attack, defence, attacks, area, execute, fury, darkness)
    return battle.value(monsters, life)


class _Battle:
    """One hero's battle, solved by dynamic programming over (monsters left, life)."""

    def __init__(self, attack: int, defence: int, attacks: int, area: bool, execute: bool,
                 fury: bool, darkness: int) -> None:
        self.attacks = attacks
        self.area = area
        self.execute = execute
        self.attack = attack - darkness
        self.kill = {m: chance(attack - darkness, CARDS[m].defence) for m in _MONSTERS}
        self.hit = {m: chance(CARDS[m].attack - darkness, defence) for m in _MONSTERS}
        mult = 2 if fury else 1
        self.damage = {m: CARDS[m].damage * mult for m in _MONSTERS}
        self.memo: dict[tuple[tuple[str, ...], int], tuple[float, float]] = {}

    def value(self, monsters: tuple[str, ...], life: int) -> tuple[float, float]:
        if not monsters:
            return 1.0, float(life)
        key = (monsters, life)
        got = self.memo.get(key)
        if got is not None:
            return got
        out: dict[tuple[tuple[str, ...], int], float] = {}
        self._round(self._queue(monsters), monsters, life, 1.0, out)
        stay = out.pop((monsters, life), 0.0)
        if stay >= 1.0 - 1e-12:
            res = (1.0, float(life))
        else:
            alive = 0.0
            life_sum = 0.0
            for (ms, lf), p in out.items():
                if lf <= 0:
                    continue
                a, el = self.value(ms, lf)
                alive += p * a
                life_sum += p * a * el
            alive /= 1.0 - stay
            life_sum /= 1.0 - stay
            res = (alive, life_sum / alive if alive > 0 else 0.0)
        self.memo[key] = res
        return res

    def _queue(self, monsters: tuple[str, ...]) -> tuple[str, ...]:
        first = tuple(m for m in monsters if CARDS[m].first_attack)
        rest = tuple(m for m in monsters if not CARDS[m].first_attack)
        hero = (HERO,) * self.attacks
        return (*first, *rest, *hero) if self.execute else (*first, *hero, *rest)

    def _target(self, monsters: tuple[str, ...]) -> str:
        return max(dict.fromkeys(monsters),
                   key=lambda m: (self.kill[m] * self.hit[m] * self.damage[m], self.hit[m]))

    def _round(self, queue: tuple[str, ...], monsters: tuple[str, ...], life: int, p: float,
               out: dict[tuple[tuple[str, ...], int], float]) -> None:
        """Spread probability ``p`` over the ends of the round's remaining ``queue``."""
        while queue and monsters and life > 0:
            item = queue[0]
            queue = queue[1:]
            if item == HERO:
                if self.area:
                    self._charge(queue, monsters, life, p, out)
                    return
                m = self._target(monsters)
                k = self.kill[m]
                if k > 0:
                    ms, q = _slay(monsters, queue, m)
                    self._round(q, ms, life, p * k, out)
                p *= 1 - k
                if p <= 0:
                    return
            else:
                h = self.hit[item]
                if h > 0:
                    key = (monsters, life - self.damage[item])
                    if life - self.damage[item] <= 0:
                        out[key] = out.get(key, 0.0) + p * h
                    else:
                        self._round(queue, monsters, life - self.damage[item], p * h, out)
                p *= 1 - h
                if p <= 0:
                    return
        key = (monsters, life)
        out[key] = out.get(key, 0.0) + p

    def _charge(self, queue: tuple[str, ...], monsters: tuple[str, ...], life: int, p: float,
                out: dict[tuple[tuple[str, ...], int], float]) -> None:
        """MYTH-62: one roll against every monster; each whose defence it beats dies."""
        bars = sorted({CARDS[m].defence for m in monsters})
        lo = 0
        for bar in [*bars, None]:
            # rolls whose total beats every defence below ``bar`` but not ``bar`` itself
            hi = 100 if bar is None else max(0, min(100, bar - self.attack))
            n = hi - lo
            if n > 0:
                top = lo + 1 + self.attack  # the smallest total in this band
                ms, q = monsters, queue
                for m in monsters:
                    if CARDS[m].defence < top:
                        ms, q = _slay(ms, q, m)
                self._round(q, ms, life, p * n / 100, out)
            lo = max(lo, hi)


def _slay(monsters: tuple[str, ...], queue: tuple[str, ...], m: str
          ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``m`` falls; its kind never has more attacks queued than monsters alive."""
    i = monsters.index(m)
    ms = monsters[:i] + monsters[i + 1:]
    alive = ms.count(m)
    if queue.count(m) > alive:
        q = list(queue)
        while q.count(m) > alive:
            del q[len(q) - 1 - q[::-1].index(m)]
        queue = tuple(q)
    return ms, queue


_MONSTERS = tuple(cid for cid, c in CARDS.items() if c.monster)
