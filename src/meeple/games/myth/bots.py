"""The rule-of-thumb player of the balance tables, offered as the bot ``myth:balance``.

It plays each decision with simple preferences: fill the hand for free, explore, go home with
an artifact or low life, show quests, help itself with cards and hinder others with monsters.
It decides on a world its seat cannot tell from the true one (``info.sample``): its own hand
and quests, the public facts, and everything hidden re-dealt.

``meeple simulate myth --seats myth:balance,myth:balance,myth:balance`` plays it in every seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from meeple.components.tilegrid import SIDES, step
from meeple.core import Action, ConfigError, Rng, State

from . import heroes, paths
from .params import AVATARA_HEAL_COST, EXPLORE_REWARD, LEVEL_COST, REDRAW_COST, START
from .state import MythState
from .verbs import (
    Attack,
    Cell,
    DeceiveHero,
    DiscardCard,
    Draw,
    Explore,
    Imprison,
    Move,
    Place,
    Play,
    Remove,
    Show,
    Stay,
    TargetHero,
)

V = TypeVar("V")
#: A tile open on every side (meeple.components.tilegrid).
ALL_SIDES = sum(SIDES)
#: Turns after which a game is stalled: a hero to move takes the rule of thumb's step, which
#: walks to unexplored ground or to the monsters guarding it. Every bot's games end in 30 to
#: 130 turns on average; a game this long has heroes standing still where a step risks more
#: than it pays one look ahead, and the turn limit (MYTH-26) would end it.
OVERLONG = 200

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


def _toward(st: MythState, seat: int, dist: dict[Cell, int], la: list[Action]) -> Action | None:
    """A move one step nearer to where ``dist`` counts from, if the hero can get nearer."""
    here = st.position[seat]
    d = dist.get(here)
    if not d:
        return None
    moves = st.game.menu.move
    for side in SIDES:
        if dist.get(step(here, side), d) < d and moves[side] in la:
            return moves[side]
    return None


def _monsters(st: MythState) -> dict[Cell, int]:
    """Walking distances to the nearest cell with monsters (their experience pays)."""
    return paths.distances(st.grid, [c for c, m in st.enemies.items() if m])


def _heal(st: MythState, seat: int, la: list[Action]) -> Action | None:
    """Heal below half life at any price; heal at once when one resource restores 2 or more
    missing life; otherwise heal a wound of 2 or more while the resources left still pay for
    the next level, as a careful player tops up between fights."""
    m = st.game.menu
    heal = m.heal if m.heal in la else None
    avatara = m.avatara if m.avatara in la else None
    top = heroes.max_life(st, seat)
    missing = top - st.life[seat]
    if st.life[seat] * LOW < top:
        return heal or avatara
    if missing < WOUND:
        return None
    if heal and min(missing, st.game.content.heroes[st.hero[seat]].heal) >= WOUND:
        return heal  # one resource buys two or more life: always worth it
    spare = heroes.res(st, seat) - LEVEL_COST[min(st.level[seat], len(LEVEL_COST) - 1)]
    if heal and spare >= 1:
        return heal
    if avatara and spare >= AVATARA_HEAL_COST:
        return avatara
    return None


def _walk(st: MythState, la: list[Action], rng: Rng | None = None) -> Action:
    """Where the hero goes: home with an artifact he can pay to show there, or with low life;
    else exploring (which pays a resource a cell: a poor hero carrying an artifact earns the
    price of his level before he walks it home, instead of pacing between home and the
    frontier)."""
    active = st.active
    cs = st.game.content
    carrying = heroes.res(st, active) >= LEVEL_COST[st.level[active]] and any(
        cs.quests[q].kind == "carry" and cs.quests[q].item in st.items[active]
        for q in st.quests[active])
    weak = (st.life[active] * WEAK < heroes.max_life(st, active)
            and heroes.res(st, active) >= HOME_BUDGET)
    home, front = paths.maps(st)
    if (carrying or weak) and (a := _toward(st, active, home, la)):
        return a
    explores = [a for a in la if isinstance(a[1], Explore)]
    if explores:
        return explores[(rng or st.rng.copy()).below(len(explores))]
    if (a := _toward(st, active, front, la)):
        return a
    if not front and (a := _toward(st, active, _monsters(st), la)):
        return a
    moves = [a for a in la if isinstance(a[1], Move)]
    if moves:
        return moves[(st.turn + active) % len(moves)]
    return st.game.menu.stay


def _move_or_end(st: MythState, seat: int, la: list[Action], rng: Rng | None = None
                 ) -> Action:
    active = st.active
    m = st.game.menu
    if seat == active:
        shows = [a for a in la if isinstance(a[1], Show)]
        if shows:
            return shows[0]
        if (a := _heal(st, active, la)):
            return a
    if st.step == "end":
        if heroes.res(st, active) >= RICH and m.extra in la:
            return m.extra
        return m.end
    if seat != active:  # dream master: walk the dreamer nowhere useful
        return m.stay if m.stay in la else la[-1]
    return _walk(st, la, rng)


def _offer(st: MythState, seat: int, la: list[Action]) -> Action:
    """Help itself with its own cards; hinder another hero with the dearest hostile card."""
    cs = st.game.content.cards
    money = heroes.res(st, seat)
    best: Action | None = None
    for a in la:
        verb = a[1]
        if not isinstance(verb, Play):
            continue
        card = cs[verb.card]
        mine = card.effect in SELF_CARDS and (card.effect != "weapon"
                                              or card.hero == st.hero[st.active])
        if seat == st.active and mine:
            return a
        if seat != st.active and money >= HOSTILE_BUDGET \
                and (card.monster or card.effect in HOSTILE_CARDS) \
                and (best is None or card.cost > cs[best[1].card].cost):
            best = a
    return best or st.game.menu.pass_


def _sub(st: MythState, seat: int, la: list[Action]) -> Action:
    kind = st.decisions[-1].kind
    cs = st.game.content.cards
    if kind == "nod":
        home = st.game.menu.nod[START]
        if st.life[seat] * LOW < heroes.max_life(st, seat) and st.position[seat] != START:
            return home if home in la else la[-1]
        return la[-1]
    if kind == "discard":
        return min(la, key=lambda a: cs[_verb(a, DiscardCard).card].cost)
    if kind == "deceive":
        def victim(a: Action) -> int:
            return heroes.seat_of(st, _verb(a, DeceiveHero).hero)
        others = [a for a in la if victim(a) != seat]
        return max(others or la, key=lambda a: len(st.hand[victim(a)]))
    return la[0]


def _prebattle(st: MythState, seat: int, la: list[Action]) -> Action:
    cs = st.game.content.cards
    imp = [a for a in la if isinstance(a[1], Imprison)]
    if imp:
        return max(imp, key=lambda a: cs[_verb(a, Imprison).monster].defence)
    rem = [a for a in la if isinstance(a[1], Remove)]
    if rem and heroes.res(st, st.active) >= REMOVE_BUDGET:
        return max(rem, key=lambda a: cs[_verb(a, Remove).monster].attack)
    return st.game.menu.fight


def _draw(st: MythState, seat: int, la: list[Action]) -> Action:
    if seat != st.active:
        return la[0]  # the dream's master orders no drawing
    if st.turn >= OVERLONG:  # run the event deck down (:func:`overlong`)
        return max(la, key=lambda a: _verb(a, Draw).count)
    free = max(0, st.game.config["hand_size"] - len(st.hand[st.active]))
    draws = st.game.menu.draw
    want = draws[free] if free < len(draws) else None
    return want if want in la else (la[-1] if free else la[0])


def _attack(st: MythState, seat: int, la: list[Action]) -> Action:
    cs = st.game.content.cards

    def worth(a: Action) -> tuple[bool, int]:
        m = _verb(a, Attack).monster
        return heroes.wants_trophy(st, st.active, m), -cs[m].defence
    return max(la, key=worth)


def _target(st: MythState, seat: int, la: list[Action]) -> Action:
    def weakest(a: Action) -> int:
        s = heroes.seat_of(st, _verb(a, TargetHero).hero)
        return st.level[s] * -10 + st.life[s]
    return min(la, key=weakest)


def _place(st: MythState, seat: int, la: list[Action]) -> Action:
    """The orientation that leaves the most cells to explore from (the first of those), or a
    new tile when every orientation would close the dungeon (:func:`open_ways`)."""
    rooms = _rooms(st, la)
    if _must_redraw(st, rooms, la):
        return st.game.menu.redraw
    return max(rooms, key=lambda a: rooms[a]) if rooms else la[0]


def search_moves(st: State, legal: list[Action]) -> list[Action]:
    """The moves a bot weighs (``Myth.search_moves``): where a tile is to be laid, those that
    keep ground to explore (:func:`open_ways`); in an overlong game the moves that end it
    (:func:`overlong`); a hero's move, all but staying while he can walk (:func:`walk_on`)
    and, for a poor hero, all but exploring the last way on while a rival could keep it
    open (:func:`leave_the_last_way`); an offer while three
    or more heroes live, the one that looks best one step ahead
    (:func:`offer_at_a_crowded_table`); every legal move otherwise."""
    assert isinstance(st, MythState)
    if st.step == "place":
        return open_ways(st, legal)
    if st.turn >= OVERLONG and (late := overlong(st, legal)) is not None:
        return late
    if st.step == "move" and st.to_act == st.active:
        return walk_on(st, leave_the_last_way(st, legal))
    if st.step == "offer" and sum(st.alive) > 2:
        return offer_at_a_crowded_table(st, legal)
    return legal


def overlong(st: MythState, legal: list[Action]) -> list[Action] | None:
    """In a game past :data:`OVERLONG` turns, the moves that end it by the rules: a hero's
    move, the rule of thumb's step (to unexplored ground or the monster guarding it); a draw,
    the most cards the hero can pay for; an offer, the rule of thumb's card. Cards played
    free hands for the free draw (MYTH-30), and drawing runs the event deck out (MYTH-24):
    a dungeon closed within its nine by nine (MYTH-37) holds no way on, and rich heroes
    who never draw nor play would walk it for ever. None at any other step."""
    if (st.step in ("move", "draw") and st.to_act == st.active) or st.step == "offer":
        step = choose(st, Rng(st.n_actions))
        if step in legal:
            return [step]
    return None


def walk_on(st: MythState, legal: list[Action]) -> list[Action]:
    """The moves but staying (MYTH-38), for a hero who can walk or explore: every move
    otherwise.

    Staying brings no events, so none of the monsters a rival may lay on a hero who moves
    (MYTH-45, MYTH-47): a gain the search sees within its few actions. What it costs, a turn
    lost in the race to level 4 while the rival goes on, lies beyond them; so the search,
    the surer of that gain the longer it searched, stood still ever more often (at a tenth
    of its moves at 200 iterations a decision, nearly a third at half a second, greedy at
    one in twenty) and lost the race to greedy."""
    ways = [a for a in legal if isinstance(a[1], (Explore, Move))]
    if not ways:
        return legal
    return [a for a in legal if not isinstance(a[1], Stay)]


def leave_the_last_way(st: MythState, legal: list[Action]) -> list[Action]:
    """The moves but exploring the last way on, for a hero who could not pay for a new tile
    there while a rival could: every move otherwise.

    The tile drawn may fit that cell only in a way that closes the dungeon (MYTH-36), and a
    hero with fewer than three resources after exploring cannot draw another (MYTH-35); a
    rival who can keeps it open (:func:`open_ways`). A closed dungeon with heroes too poor to
    play their cards ran games to the turn limit (MYTH-26). Past :data:`OVERLONG` turns the
    rule of thumb's step is taken whatever it is."""
    seat = st.active

    def can_redraw(s: int) -> bool:
        return heroes.res(st, s) + EXPLORE_REWARD >= REDRAW_COST

    if can_redraw(seat) or not any(st.alive[s] and can_redraw(s)
                                   for s in range(st.players) if s != seat):
        return legal
    ways = paths.ways_on(st.grid, bool(st.tiles))
    if len(ways) != 1:
        return legal
    last = next(iter(ways))
    here = st.position[seat]
    keep = [a for a in legal if not (isinstance(a[1], Explore) and step(here, a[1].side) == last)]
    return keep or legal


def offer_at_a_crowded_table(st: MythState, legal: list[Action]) -> list[Action]:
    """The offer (a card added to the explorer's events, or a pass: MYTH-44, MYTH-45) that
    the game's heuristic likes best one step ahead; the first of equals.

    With two heroes, a card that hurts the rival is a gain for its player; with three or more
    it is paid for by one player and shared with every other rival, and the first rival who
    adds a card ends the offers, so who pays is a game of waiting. A search that weighed the
    offers laid about three times as many cards as greedy and lost the race to level 4: with
    three and four heroes it won below an even share, and above it once it took greedy's
    offers (docs/rules/myth.md, "With three or four heroes")."""
    seat = st.to_act
    assert seat is not None
    best, top = legal[0], -1.0
    for a in legal:
        after = st.clone()
        after.apply(a)
        v = after.evaluate(seat)
        if v > top:
            best, top = a, v
    return [best]


def open_ways(st: MythState, legal: list[Action]) -> list[Action]:
    """The tile placements worth weighing: the orientations that leave a cell to explore
    from, and a new tile if the hero can pay for it; only the new tile when every orientation
    would close the dungeon and another tile could keep it open; all of them when none can.

    A dungeon closed on every side brings no more resources nor deck cards, and a game with
    heroes too poor to play their cards then never ends (MYTH-26): nothing is left to happen."""
    rooms = _rooms(st, legal)
    if _must_redraw(st, rooms, legal):
        return [st.game.menu.redraw]
    if not any(rooms.values()):
        return legal
    return [a for a in legal if rooms.get(a, 1) > 0]


def _rooms(st: MythState, la: list[Action]) -> dict[Action, int]:
    """Each placement of ``la`` with the number of cells left to explore from after it."""
    cell = step(st.position[st.active], st.explore_side)
    tiles_left = len(st.tiles) > 0
    # the other cells' frontier is the same whichever way the tile lies: counted once
    grid = {**st.grid, cell: 0}
    others = len(paths.frontier(grid, tiles_left))
    rooms = {}
    for a in la:
        if isinstance(a[1], Place):
            grid[cell] = a[1].passages
            rooms[a] = others + paths.explorable(grid, cell, tiles_left)
    return rooms


def _must_redraw(st: MythState, rooms: dict[Action, int], la: list[Action]) -> bool:
    """Every placement closes the dungeon, a new tile is legal (MYTH-35) and some tile laid
    on the cell would open towards unexplored ground."""
    if any(rooms.values()) or st.game.menu.redraw not in la:
        return False
    cell = step(st.position[st.active], st.explore_side)
    return paths.explorable({**st.grid, cell: ALL_SIDES}, cell, len(st.tiles) > 0)


def _verb(action: Action, kind: type[V]) -> V:
    """The verb of ``action``, known to be a ``kind``."""
    verb = action[1]
    assert isinstance(verb, kind)
    return verb


Policy = Callable[[MythState, int, list[Action]], Action]
STEPS: dict[str, Policy] = {
    "draw": _draw,
    "move": _move_or_end,
    "end": _move_or_end,
    "place": _place,
    "forbid": lambda st, seat, la: st.game.menu.forbid,
    "offer": _offer,
    "order": lambda st, seat, la: la[0],
    "sub": _sub,
    "prebattle": _prebattle,
    "attack": _attack,
    "target": _target,
}


def choose(st: MythState, rng: Rng | None = None) -> Action:
    """The policy's action for the seat to act in ``st`` (a world the seat may know of); the
    one choice left to chance, which way to explore, is drawn from ``rng`` when given (else
    from a copy of the world's generator, which it leaves as it was)."""
    la = st.legal_actions()
    seat = st.to_act
    assert seat is not None
    if st.step in ("move", "end"):
        return _move_or_end(st, seat, la, rng)
    policy = STEPS.get(st.step or "")
    return policy(st, seat, la) if policy else la[0]


def rollout(st: State, rng: Rng) -> Action:
    """The policy as search rollouts play it (``Myth.rollout_policy``): on a world the search
    owns, with ``rng`` its only source of chance."""
    assert isinstance(st, MythState)
    return choose(st, rng)


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
        verb = choose(world)[1]
        return next(a for a in la if a[1] == verb)


def make_balance(arg: str | None, seed: int) -> BalanceBot:
    """``myth:balance``: the factory ``Game.bots`` names (it takes no argument)."""
    if arg:
        raise ConfigError(f"myth:balance takes no argument, got {arg[:24]!r}")
    return BalanceBot(seed)
