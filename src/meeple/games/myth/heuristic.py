"""The bots' heuristic (docs/bots.md): :func:`evaluate`, and the odds of a battle it reads.

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

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from . import heroes, paths
from .content import Content
from .heroes import CARD_LEVELS, OWNERS, RES
from .params import LEVEL_COST

if TYPE_CHECKING:
    from .state import MythState

HERO = "@"
#: The d100 (MYTH-53): a roll is 1..100.
D100 = 100


class Foe(NamedTuple):
    """A monster as a battle reads it (its id first, so sorted foes keep the ids' order)."""

    id: str
    attack: int
    damage: int
    defence: int
    first_attack: bool


def foes(c: Content, ids: Iterable[str]) -> tuple[Foe, ...]:
    """The monsters ``ids`` as sorted :class:`Foe` values (the key of the odds' cache)."""
    key = (id(c), tuple(ids))
    got = _FOES.get(key)
    if got is None:
        if len(_FOES) >= 1 << 12:
            _FOES.clear()
        cs = c.cards
        got = _FOES[key] = tuple(sorted(
            Foe(m, cs[m].attack, cs[m].damage, cs[m].defence, cs[m].first_attack)
            for m in key[1]))
    return got


#: :func:`foes` of the cells met so far, by the content's identity and the monsters' ids.
_FOES: dict[tuple[int, tuple[str, ...]], tuple[Foe, ...]] = {}


def chance(attack: int, defence: int) -> float:
    """Probability that d100 (1..100) + ``attack`` exceeds ``defence`` (MYTH-53)."""
    need = defence - attack  # the roll must be greater than this
    return (D100 - max(0, min(D100, need))) / D100


@lru_cache(maxsize=1 << 16)
def battle_odds(attack: int, defence: int, attacks: int, area: bool, monsters: tuple[Foe, ...],
                life: int, execute: bool = False, fury: bool = False,
                darkness: int = 0) -> tuple[float, float]:
    """``(chance the hero survives, life expected when he does)`` against ``monsters``.

    ``monsters`` is a sorted tuple of :class:`Foe` (:func:`foes`);
    ``attack``/``defence``/``attacks``/``area`` are the hero's; ``execute``, ``fury`` and
    ``darkness`` are the battle cards of the cell (MYTH-81..83). A hero who cannot be hurt
    and cannot hurt either is counted as surviving.
    """
    battle = _Battle(attack, defence, attacks, area, execute, fury, darkness, monsters)
    return battle.value(monsters, life)


class _Battle:
    """One hero's battle, solved by dynamic programming over (monsters left, life)."""

    def __init__(self, attack: int, defence: int, attacks: int, area: bool, execute: bool,
                 fury: bool, darkness: int, monsters: tuple[Foe, ...]) -> None:
        self.attacks = attacks
        self.area = area
        self.execute = execute
        self.attack = attack - darkness
        self.mult = 2 if fury else 1
        self.memo: dict[tuple[tuple[Foe, ...], int], tuple[float, float]] = {}
        #: For each monster of the battle: the chance the hero's blow kills it, and the chance
        #: its blow hurts him (the recursion below reads them millions of times).
        self.kill = {m: chance(self.attack, m.defence) for m in monsters}
        self.hit = {m: chance(m.attack - darkness, defence) for m in monsters}

    def value(self, monsters: tuple[Foe, ...], life: int) -> tuple[float, float]:
        if not monsters:
            return 1.0, float(life)
        key = (monsters, life)
        got = self.memo.get(key)
        if got is not None:
            return got
        out: dict[tuple[tuple[Foe, ...], int], float] = {}
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

    def _queue(self, monsters: tuple[Foe, ...]) -> tuple[Foe | str, ...]:
        first = tuple(m for m in monsters if m.first_attack)
        rest = tuple(m for m in monsters if not m.first_attack)
        hero = (HERO,) * self.attacks
        return (*first, *rest, *hero) if self.execute else (*first, *hero, *rest)

    def _target(self, monsters: tuple[Foe, ...]) -> Foe:
        return max(dict.fromkeys(monsters),
                   key=lambda m: (self.kill[m] * self.hit[m] * m.damage * self.mult, self.hit[m]))

    def _round(self, queue: tuple[Foe | str, ...], monsters: tuple[Foe, ...], life: int, p: float,
               out: dict[tuple[tuple[Foe, ...], int], float]) -> None:
        """Spread probability ``p`` over the ends of the round's remaining ``queue``."""
        while queue and monsters and life > 0:
            item = queue[0]
            queue = queue[1:]
            if item is HERO:
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
                assert isinstance(item, Foe)
                h = self.hit[item]
                if h > 0:
                    left = life - item.damage * self.mult
                    if left <= 0:
                        key = (monsters, left)
                        out[key] = out.get(key, 0.0) + p * h
                    else:
                        self._round(queue, monsters, left, p * h, out)
                p *= 1 - h
                if p <= 0:
                    return
        key = (monsters, life)
        out[key] = out.get(key, 0.0) + p

    def _charge(self, queue: tuple[Foe | str, ...], monsters: tuple[Foe, ...], life: int, p: float,
                out: dict[tuple[tuple[Foe, ...], int], float]) -> None:
        """MYTH-62: one roll against every monster; each whose defence it beats dies."""
        bars = sorted({m.defence for m in monsters})
        lo = 0
        for bar in [*bars, None]:
            # rolls whose total beats every defence below ``bar`` but not ``bar`` itself
            hi = D100 if bar is None else max(0, min(D100, bar - self.attack))
            n = hi - lo
            if n > 0:
                top = lo + 1 + self.attack  # the smallest total in this band
                ms, q = monsters, queue
                for m in monsters:
                    if m.defence < top:
                        ms, q = _slay(ms, q, m)
                self._round(q, ms, life, p * n / D100, out)
            lo = max(lo, hi)


def _slay(monsters: tuple[Foe, ...], queue: tuple[Foe | str, ...], m: Foe
          ) -> tuple[tuple[Foe, ...], tuple[Foe | str, ...]]:
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



# ------------------------------------------------------------------ the evaluation
def evaluate(st: MythState, seat: int) -> float:
    """Levels above all, then quests at hand, life and resources — against the strongest rival
    still alive, since a rival's fall is a way to win.

    A battle on a hero's cell ends only with the hero's death or the last monster's (MYTH-58),
    so each hero's worth is read after it, weighted by the chance that he lives through it
    (:func:`battle_odds`): a lost battle loses the game for him, every rival lost wins it.
    """
    if not st.alive[seat]:
        return 0.0
    looks = _outlooks(st)
    live, worth = looks[seat]
    rivals = [looks[s] for s in range(st.players) if s != seat and st.alive[s]]
    all_fall = 1.0
    for p, _ in rivals:
        all_fall *= 1.0 - p
    rival = max((w for _, w in rivals), default=0.0)
    base = max(0.0, min(1.0, 0.5 + 0.75 * (worth - rival)))
    return live * (all_fall + (1.0 - all_fall) * base)


def _outlooks(st: MythState) -> list[tuple[float, float]]:
    """Every seat's :func:`outlook` (a dead hero's counts for nothing). A search reads every
    seat's value of the same world one after another: the last world's outlooks are kept
    while its log shows it unchanged (a world changes only by actions, which the log records;
    a true state may be arranged by hand, so its outlooks are never kept)."""
    memo = _LAST[0]
    if memo is not None and memo[0] is st and memo[1] is st._log and memo[2] == st.n_actions:
        return memo[3]
    maps = paths.maps(st)
    looks = [outlook(st, s, maps) if st.alive[s] else (0.0, 0.0) for s in range(st.players)]
    if st.loose:
        _LAST[0] = (st, st._log, st.n_actions, looks)
    return looks


_LAST: list[tuple[MythState, object, int, list[tuple[float, float]]] | None] = [None]


def _foes_and_cards(st: MythState, seat: int) -> tuple[list[str], list[str]]:
    """The monsters a hero will fight and the cards of his cell's battle: the cell's own and,
    while his own events are on the table or resolving, the cards among them (face down:
    those of the determinization); the Shadow of Balor cancels the cards (MYTH-80)."""
    cs = st.game.content.cards
    cell = st.position[seat]
    found = list(st.enemies.get(cell) or ())
    cards = list(st.lasting.get(cell) or ())
    if seat == st.active and (st.table or st.pending):
        coming = [cid for cid, _, _ in st.table] + list(st.pending)
        if "shadow_of_balor" in coming:
            cards = []
        else:
            found += [cid for cid in coming if cs[cid].monster]
            cards += coming
    return found, cards


def outlook(st: MythState, seat: int, maps: paths.Maps | None = None) -> tuple[float, float]:
    """``(chance the hero lives through the battle on his cell, his worth after it)``.

    Won, the battle pays every monster's experience and the proofs his quests want; a healer
    spends resources on the wounds (MYTH-13). The worth runs from about 0.1 to 1.

    Besides levels, quests ready, life and resources, it counts what brings them and ends the
    game: an artifact carried for a quest is nearly a quest ready, and more so the nearer home
    he is when he can pay for the level there (a poor carrier has nothing to gain at home and
    goes on exploring); and the frontier, nearer being better, since every cell explored pays a
    resource and draws the tiles and the event deck down. ``maps``: :func:`paths.maps` of
    ``st``, when the caller has it.

    Read for every seat at every leaf of a search, so it reads the hero card once and looks
    at the battle only when monsters are on his cell or may come with his events.
    """
    c = st.game.content
    h = c.heroes[st.hero[seat]]
    level = st.level[seat]
    column = (level if level < CARD_LEVELS else CARD_LEVELS) - 1
    life = st.life[seat]
    money = st.holdings[OWNERS[seat]][RES]
    trophies = st.trophies[seat]
    top = h.life[column]
    live = 1.0
    here = st.position[seat]
    if here in st.enemies or (seat == st.active and (st.table or st.pending)):
        found, cards = _foes_and_cards(st, seat)
        if found:
            effects = {c.cards[cid].effect for cid in cards}
            dark = sum(c.cards[cid].value for cid in cards
                       if c.cards[cid].effect == "darkness")
            spare = h.heal * money
            live, left = battle_odds(
                heroes.attack_of(st, seat), heroes.defence_of(st, seat), h.attacks[column],
                h.area, foes(c, found), life + spare, "execute" in effects, "fury" in effects,
                dark)
            wound = life + spare - left
            used = min(money, math.ceil(wound / h.heal)) if h.heal else 0
            life = max(1, min(top, round(life - wound + h.heal * used)))
            money = money - used + sum(c.cards[m].experience for m in found)
            trophies = list(trophies)
            for m in found:
                if heroes.wants_trophy(st, seat, m, trophies):
                    trophies.append(m)
    home, front = maps or paths.maps(st)
    homeward = home.get(here, FAR) if money >= LEVEL_COST[level] else None
    quests = _quest_worth(st, seat, trophies, homeward)
    far = front.get(here, FAR)
    near = FRONTIER * (1.0 - far / FAR) if far < FAR else 0.0
    paid = 0.005 * money if money < RICH else 0.005 * RICH + SPARE * (money - RICH)
    worth = 0.1 + 0.22 * (level - 1) + quests + 0.08 * life / top + paid + near
    return live, worth


def _quest_worth(st: MythState, seat: int, trophies: list[str], homeward: int | None) -> float:
    """What the hero's quests add: a kill quest with its trophies is ready; an artifact
    carried is nearly so, and more the nearer home he stands (``homeward`` steps; None when
    he cannot pay for the level there)."""
    quests = 0.0
    c = st.game.content
    for qid in st.quests[seat]:
        q = c.quests[qid]
        if q.kind == "kill":
            if trophies.count(q.monster) >= q.count:
                quests += READY
        elif q.item in st.items[seat]:
            quests += CARRIED
            if homeward is not None:
                quests += (READY - CARRIED) / (1.0 + homeward / HOMEWARD)
    return quests


#: A quest whose proof is at hand (shown at once if paid for, MYTH-17).
READY = 0.06
#: An artifact carried for a quest, wherever the hero is (MYTH-16).
CARRIED = 0.045
#: Steps from home that halve what a paid-for level adds to a carried artifact.
HOMEWARD = 4
#: Resources enough for any level (the last costs 12, MYTH-17), and a resource beyond them:
#: still worth a heal, a card or a swap.
RICH = 12
SPARE = 0.002
#: Standing where a hero can explore, and steps beyond which the frontier draws him no more.
FRONTIER = 0.003
FAR = 40
