"""The rule-of-thumb player of the balance tables, offered as the bot ``myth:balance``.

It plays each decision with simple preferences: fill the hand for free, explore, go home with
an artifact or low life, show quests, help itself with cards and hinder others with monsters.
It decides on a world its seat cannot tell from the true one (``info.sample``): its own hand
and quests, the public facts, and everything hidden re-dealt.

``meeple simulate myth --seats myth:balance,myth:balance,myth:balance`` plays it in every seat.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Protocol

from meeple.core import Action, ConfigError, Rng, State

from . import heroes, quests
from .dungeon import DIR_NAMES, SIDE_ORDER, START, Cell, open_between, step_cell
from .params import AVATARA_HEAL_COST, LEVEL_COST
from .state import MythState

SELF_CARDS = frozenset({"standard", "tain", "codex", "weapon", "rest", "splinters",
                        "extra_turn"})
HOSTILE_CARDS = frozenset({"trap", "web", "flooded", "darkness", "fury", "shiver_magic",
                           "fury_of_shiver", "dream"})
#: Resources above which the policy buys an extra turn.
RICH = 16
#: Resources a hero keeps before playing a card against another.
HOSTILE_BUDGET = 2
#: Resources above which a monster is paid away before a battle.
REMOVE_BUDGET = 8
#: Resources that make a badly wounded hero walk home to the Avatara.
HOME_BUDGET = 4
#: Below 1/LOW of his life a hero heals at any price or is sent home by Nod.
LOW = 2
#: Below 1/WEAK of his life (and with HOME_BUDGET) a hero walks home.
WEAK = 3
#: Missing life worth a heal between fights.
WOUND = 2


def _path_step(st: MythState, seat: int, goal: Cell) -> str | None:
    """The text of the first move of a shortest walk to ``goal`` through open passages."""
    start = st.pos[seat]
    if start == goal:
        return None
    prev: dict[Cell, tuple[Cell, int]] = {}
    seen = {start}
    q = deque([start])
    while q:
        c = q.popleft()
        for side in SIDE_ORDER:
            nb = step_cell(c, side)
            if nb in seen or not open_between(st.grid, c, side):
                continue
            seen.add(nb)
            prev[nb] = (c, side)
            if nb == goal:
                while prev[nb][0] != start:
                    nb = prev[nb][0]
                return f"move {DIR_NAMES[prev[nb][1]]}"
            q.append(nb)
    return None


def _heal(st: MythState, seat: int, by_text: dict[str, Action]) -> Action | None:
    """Heal below half life at any price; heal at once when one resource restores 2 or more
    missing life; otherwise heal a wound of 2 or more while the resources left still pay for
    the next level, as a careful player tops up between fights."""
    top = heroes.max_life(st, seat)
    missing = top - st.life[seat]
    if st.life[seat] * LOW < top:
        return by_text.get("heal") or by_text.get("avatara heal")
    if missing < WOUND:
        return None
    if "heal" in by_text and min(missing, st.game.c.heroes[st.hero[seat]].heal) >= WOUND:
        return by_text["heal"]  # one resource buys two or more life: always worth it
    spare = heroes.res(st, seat) - LEVEL_COST[min(st.level[seat], len(LEVEL_COST) - 1)]
    if "heal" in by_text and spare >= 1:
        return by_text["heal"]
    if "avatara heal" in by_text and spare >= AVATARA_HEAL_COST:
        return by_text["avatara heal"]
    return None


def _walk(st: MythState, la: list[Action], by_text: dict[str, Action]) -> Action:
    """Where the hero goes: home with an artifact or low life, else exploring."""
    cur = st.cur
    cs = st.game.c
    carrying = any(cs.quests[q].kind == "carry" and cs.quests[q].item in st.items[cur]
                   for q in st.quests[cur])
    weak = st.life[cur] * WEAK < heroes.max_life(st, cur) and heroes.res(st, cur) >= HOME_BUDGET
    if (carrying or weak) and (t := _path_step(st, cur, START)) and t in by_text:
        return by_text[t]
    explores = [a for a in la if a.text.startswith("explore ")]
    if explores:
        return explores[st.rng.copy().below(len(explores))]
    frontier = [c for c in st.grid if any(
        st.grid[c] & side and step_cell(c, side) not in st.grid for side in SIDE_ORDER)]
    here = st.pos[cur]
    for c in sorted(frontier, key=lambda c: abs(c[0] - here[0]) + abs(c[1] - here[1])):
        if (t := _path_step(st, cur, c)) and t in by_text:
            return by_text[t]
    moves = [a for a in la if a.text.startswith("move ")]
    if moves:
        return moves[(st.turn + cur) % len(moves)]
    return by_text["stay"]


def _move_or_end(st: MythState, seat: int, la: list[Action],
                 by_text: dict[str, Action]) -> Action:
    cur = st.cur
    if seat == cur:
        shows = [a for a in la if a.text.startswith("show ")]
        if shows:
            return shows[0]
        if (a := _heal(st, cur, by_text)):
            return a
    if st.step == "end":
        if heroes.res(st, cur) >= RICH and "extra turn" in by_text:
            return by_text["extra turn"]
        return by_text["end turn"]
    if seat != cur:  # dream master: walk the dreamer nowhere useful
        return by_text.get("stay", la[-1])
    return _walk(st, la, by_text)


def _offer(st: MythState, seat: int, la: list[Action], by_text: dict[str, Action]) -> Action:
    """Help itself with its own cards; hinder another hero with the dearest hostile card."""
    cs = st.game.c.cards
    money = heroes.res(st, seat)
    best: Action | None = None
    for a in la:
        if a.text == "pass":
            continue
        card = cs[a.data[1]]
        mine = card.effect in SELF_CARDS and (card.effect != "weapon"
                                              or card.hero == st.hero[st.cur])
        if seat == st.cur and mine:
            return a
        if seat != st.cur and money >= HOSTILE_BUDGET \
                and (card.monster or card.effect in HOSTILE_CARDS) \
                and (best is None or card.cost > cs[best.data[1]].cost):
            best = a
    return best or by_text["pass"]


def _sub(st: MythState, seat: int, la: list[Action], by_text: dict[str, Action]) -> Action:
    kind = st.decisions[-1].kind
    cs = st.game.c.cards
    if kind == "nod":
        if st.life[seat] * LOW < heroes.max_life(st, seat) and st.pos[seat] != START:
            return by_text.get("nod to 0,0", la[-1])
        return la[-1]
    if kind == "discard":
        return min(la, key=lambda a: cs[a.data[1]].cost)
    if kind == "deceive":
        others = [a for a in la if a.data[1] != seat]
        return max(others or la, key=lambda a: len(st.hand[a.data[1]]))
    return la[0]


def _prebattle(st: MythState, seat: int, la: list[Action], by_text: dict[str, Action]
               ) -> Action:
    cs = st.game.c.cards
    imp = [a for a in la if a.text.startswith("imprison ")]
    if imp:
        return max(imp, key=lambda a: cs[a.data[1]].defence)
    rem = [a for a in la if a.text.startswith("remove ")]
    if rem and heroes.res(st, st.cur) >= REMOVE_BUDGET:
        return max(rem, key=lambda a: cs[a.data[1]].attack)
    return by_text["fight"]


def _draw(st: MythState, seat: int, la: list[Action], by_text: dict[str, Action]) -> Action:
    if seat != st.cur:
        return la[0]  # the dream's master orders no drawing
    free = max(0, st.game.config["hand_size"] - len(st.hand[st.cur]))
    return by_text.get(f"draw {free}", la[-1] if free else la[0])


def _attack(st: MythState, seat: int, la: list[Action], by_text: dict[str, Action]) -> Action:
    cs = st.game.c.cards
    return max(la, key=lambda a: (quests.wants_trophy(st, st.cur, a.data[1]),
                                  -cs[a.data[1]].defence))


def _target(st: MythState, seat: int, la: list[Action], by_text: dict[str, Action]) -> Action:
    return min(la, key=lambda a: (st.level[a.data[1]] * -10 + st.life[a.data[1]]))


Step = Callable[[MythState, int, list[Action], dict[str, Action]], Action]
STEPS: dict[str, Step] = {
    "draw": _draw,
    "move": _move_or_end,
    "end": _move_or_end,
    "place": lambda st, seat, la, by: max(la, key=lambda a: len(a.text)
                                          if a.text.startswith("place ") else -1),
    "forbid": lambda st, seat, la, by: by["order: forbid cards"],
    "offer": _offer,
    "order": lambda st, seat, la, by: la[0],
    "sub": _sub,
    "prebattle": _prebattle,
    "attack": _attack,
    "target": _target,
}


def choose(st: MythState) -> Action:
    """The policy's action for the seat to act in ``st`` (a world the seat may know of)."""
    la = st.legal_actions()
    seat = st.to_act
    assert seat is not None
    step = STEPS.get(st.step)
    return step(st, seat, la, {a.text: a for a in la}) if step else la[0]


class _Seat(Protocol):
    """What a bot receives (``meeple.agents.InfoSet``): the seat's actions and its worlds."""

    def legal_actions(self) -> list[Action]: ...

    def sample(self, seed: int) -> State: ...


class BalanceBot:
    """The rule-of-thumb policy as an agent: it plays on a world sampled from its seat's view."""

    name = "myth:balance"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, info: _Seat) -> Action:
        """The policy's action in a fresh world of the seat, as the true state's action."""
        la = info.legal_actions()
        if len(la) == 1:
            return la[0]
        world = info.sample(self.rng.next64())
        assert isinstance(world, MythState)
        text = choose(world).text
        return next(a for a in la if a.text == text)


def make_balance(arg: str | None, seed: int) -> BalanceBot:
    """``myth:balance``: the factory ``Game.bots`` names (it takes no argument)."""
    if arg:
        raise ConfigError(f"myth:balance takes no argument, got {arg[:24]!r}")
    return BalanceBot(seed)
