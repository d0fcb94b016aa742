"""A rule-of-thumb player for balance simulations (``python -m meeple.games.myth.balance``).

It plays each decision with simple preferences: fill the hand for free, explore, go home with
an artifact or low life, show quests, help itself with cards and hinder others with monsters.
It reads only what its seat may know (its own hand and quests, and public facts).
"""

from __future__ import annotations

from collections import deque

from meeple.core import Action

from .base import CARDS, HEROES, QUESTS, START, Cell, step_cell
from .params import AVATARA_HEAL_COST, LEVEL_COST
from .state import MythState

SELF_CARDS = frozenset({"standard", "tain", "codex", "weapon", "rest", "splinters",
                        "extra_turn"})
HOSTILE_CARDS = frozenset({"trap", "web", "flooded", "darkness", "fury", "shiver_magic",
                           "fury_of_shiver", "dream"})


def _path_step(st: MythState, seat: int, goal: Cell) -> str | None:
    """The first move of a shortest walk to ``goal`` through open passages."""
    start = st.pos[seat]
    if start == goal:
        return None
    prev: dict[Cell, tuple[Cell, int]] = {}
    seen = {start}
    q = deque([start])
    while q:
        c = q.popleft()
        m = st.grid[c]
        for side in (1, 2, 4, 8):
            if not m & side:
                continue
            nb = step_cell(c, side)
            if nb in seen or nb not in st.grid or not st.grid[nb] & {1: 4, 2: 8, 4: 1, 8: 2}[side]:
                continue
            seen.add(nb)
            prev[nb] = (c, side)
            if nb == goal:
                while prev[nb][0] != start:
                    nb = prev[nb][0]
                return {1: "move north", 2: "move east", 4: "move south", 8: "move west"}[
                    prev[nb][1]]
            q.append(nb)
    return None


def _heal(st: MythState, seat: int, by_text: dict[str, Action]) -> Action | None:
    """Heal below half life at any price; heal at once when one resource restores 2 or more
    missing life; otherwise heal a wound of 2 or more while the resources left still pay for
    the next level, as a careful player tops up between fights."""
    missing = st.max_life(seat) - st.life[seat]
    low = st.life[seat] * 2 < st.max_life(seat)
    if low:
        return by_text.get("heal") or by_text.get("avatara heal")
    if missing < 2:
        return None
    if "heal" in by_text and min(missing, HEROES[st.hero[seat]].heal) >= 2:
        return by_text["heal"]  # one resource buys two or more life: always worth it
    spare = st.res(seat) - LEVEL_COST[min(st.level[seat], len(LEVEL_COST) - 1)]
    if "heal" in by_text and spare >= 1:
        return by_text["heal"]
    if "avatara heal" in by_text and spare >= AVATARA_HEAL_COST:
        return by_text["avatara heal"]
    return None


def choose(st: MythState) -> Action:
    """The policy's action for the seat to act."""
    la = st.legal_actions()
    by_text = {a.text: a for a in la}
    seat = st.to_act
    assert seat is not None
    step = st.step
    cur = st.cur

    def pick(*texts: str) -> Action | None:
        for t in texts:
            if t in by_text:
                return by_text[t]
        return None

    def starting(prefix: str) -> list[Action]:
        return [a for a in la if a.text.startswith(prefix)]

    if step == "draw":
        if seat != cur:
            return la[0]  # the dream's master orders no drawing
        free = max(0, st.game.config["hand_size"] - len(st.hand[cur]))
        return by_text.get(f"draw {free}", la[-1] if free else la[0])
    if step in ("move", "end"):
        if seat == cur:
            shows = starting("show ")
            if shows:
                return shows[0]
            if (a := _heal(st, cur, by_text)):
                return a
        if step == "end":
            if st.res(cur) >= 16 and (a := pick("extra turn")):
                return a
            return by_text["end turn"]
        if seat != cur:  # dream master: walk the dreamer nowhere useful
            return by_text.get("stay", la[-1])
        goal: Cell | None = None
        carrying = any(QUESTS[q].kind == "carry" and QUESTS[q].item in st.items[cur]
                       for q in st.quests[cur])
        if carrying or (st.life[cur] * 3 < st.max_life(cur) and st.res(cur) >= 4):
            goal = START
        if goal is not None and (t := _path_step(st, cur, goal)) and t in by_text:
            return by_text[t]
        explores = starting("explore ")
        if explores:
            return explores[st.rng.copy().below(len(explores))]
        frontier = [c for c in st.grid if any(
            st.grid[c] & side and step_cell(c, side) not in st.grid for side in (1, 2, 4, 8))]
        for c in sorted(frontier, key=lambda c: abs(c[0] - st.pos[cur][0])
                        + abs(c[1] - st.pos[cur][1])):
            if (t := _path_step(st, cur, c)) and t in by_text:
                return by_text[t]
        moves = starting("move ")
        if moves:
            return moves[(st.turn + cur) % len(moves)]
        return by_text["stay"]
    if step == "place":
        places = starting("place ")
        return max(places, key=lambda a: len(a.text))
    if step == "forbid":
        return by_text["order: forbid cards"]
    if step == "offer":
        money = st.res(seat)
        best: Action | None = None
        for a in la:
            if a.text == "pass":
                continue
            card = CARDS[a.data[1]]
            mine = card.effect in SELF_CARDS and (card.effect != "weapon"
                                                  or card.hero == st.hero[cur])
            if seat == cur and mine:
                return a
            if seat != cur and money >= 2 and (card.monster or card.effect in HOSTILE_CARDS) \
                    and (best is None or card.cost > CARDS[best.data[1]].cost):
                best = a
        return best or by_text["pass"]
    if step == "order":
        return la[0]
    if step == "sub":
        kind = st.subq[0][0]
        if kind == "nod":
            if st.life[seat] * 2 < st.max_life(seat) and st.pos[seat] != START:
                return by_text.get("nod to 0,0", la[-1])
            return la[-1]
        if kind == "discard":
            return min(la, key=lambda a: CARDS[a.data[1]].cost)
        if kind == "deceive":
            others = [a for a in la if a.data[1] != seat]
            return max(others or la, key=lambda a: len(st.hand[a.data[1]]))
        return la[0]
    if step == "prebattle":
        imp = starting("imprison ")
        if imp:
            return max(imp, key=lambda a: CARDS[a.data[1]].defence)
        rem = starting("remove ")
        if rem and st.res(cur) >= 8:
            return max(rem, key=lambda a: CARDS[a.data[1]].attack)
        return by_text["fight"]
    if step == "attack":
        def score(a: Action) -> tuple[bool, int]:
            m = a.data[1]
            return (st.wants_trophy(cur, m), -CARDS[m].defence)
        return max(la, key=score)
    if step == "target":
        return min(la, key=lambda a: (st.level[a.data[1]] * -10 + st.life[a.data[1]]))
    return la[0]
