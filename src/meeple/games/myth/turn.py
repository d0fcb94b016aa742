"""Set-up and the turn (MYTH-1 to MYTH-8, MYTH-25 to MYTH-32, MYTH-70, MYTH-71).

Turn (MYTH-27): start (skipped turn, web escape) -> draw -> move or explore (tile placement) ->
events (face-down cards offered clockwise, :mod:`.events`) -> resolution (:mod:`.cards`) ->
battle (:mod:`.battle`) -> end (levels, quests, healing, extra turn). ``st.step`` names the
turn's decision waited for; the choices a card asks of a hero wait on ``st.decisions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import deck as decks
from meeple.components import dice, tokens

from . import battle, cards, dungeon, ending, events, heroes, quests
from .params import AVATARA_HEAL_COST, EXTRA_TURN_COST, HEAL_COST, LEVEL_COST, SWAP_COST

if TYPE_CHECKING:
    from .state import MythState

#: Quest cards dealt to each hero (MYTH-3).
QUESTS_DEALT = 4
#: Lines of the turn's log kept for the terminal.
LOG_LINES = 12


# ------------------------------------------------------------------ set-up (MYTH-1..8)
def setup(st: MythState) -> None:
    """Deal heroes, quests, tiles, resources and cards; the first player begins."""
    c = st.game.c
    cfg = st.game.config
    n = st.players
    rng = st.rng
    cast = list(c.heroes)
    decks.shuffle(cast, rng)
    st.hero = cast[:n]  # MYTH-2: one hero card each
    st.level = [1] * n
    st.life = [c.heroes[h].life[0] for h in st.hero]
    st.alive = [True] * n
    st.pos = [dungeon.START] * n  # MYTH-4
    pile = list(c.quest_deck)
    decks.shuffle(pile, rng)
    st.quests = [decks.draw(pile, QUESTS_DEALT) for _ in range(n)]  # MYTH-3
    st.quest_pile = tuple(pile)
    st.shown = [[] for _ in range(n)]
    st.trophies = [[] for _ in range(n)]
    st.items = [[] for _ in range(n)]
    st.quest_discard = ()
    tiles = list(c.tile_deck)
    decks.shuffle(tiles, rng)
    st.tiles = tuple(tiles)
    st.tile_discard = ()
    st.grid = {dungeon.START: c.tile_mask[c.start_tile]}
    st.tile_of = {dungeon.START: c.start_tile}
    st.tok = tokens.new_holdings((*heroes.OWNERS[:n], "table"), {heroes.RES: cfg["bank"]})
    for s in range(n):
        heroes.gain(st, s, cfg["start_resources"])  # MYTH-6
    st.deck = list(c.event_deck)
    decks.shuffle(st.deck, rng)
    st.discard = []
    st.hand = [[] for _ in range(n)]
    decks.deal(st.deck, st.hand, cfg["hand_size"])  # MYTH-7
    _blank_turn(st)
    start(st, first_player(st))


def _blank_turn(st: MythState) -> None:
    """The fields of a game not yet begun: no battles, no cards on the table, no end."""
    n = st.players
    st.tain_load = 0
    st.enemies = {}
    st.begun = ()
    st.lasting = {}
    st.skip = [0] * n
    st.extra = [0] * n
    st.dream = [0] * n
    st.table = ()
    st.offer_queue = ()
    st.offer_double = st.other_played = False
    st.pending = []
    st.affected_cell = dungeon.START
    st.bq = ()
    st.rolls = ()
    st.over_reason = st.detail = ""
    st.winners = ()
    st.final_left = None
    st.turn = st.cur = 0
    st.phase, st.step = "setup", ""
    st.dreaming = st.bought_extra = st.new_ground = st.moved = False
    st.forbid_cards = 0
    st.drawn_tile = ""
    st.explore_side = 0


def first_player(st: MythState) -> int:
    """MYTH-8: highest 2d10 sum starts; tied leaders roll again."""
    contenders = list(range(st.players))
    while True:
        sums = {s: sum(dice.roll(st.rng, 2, 10)) for s in contenders}
        st._emit("first_roll", rolls={str(s): v for s, v in sums.items()})
        best = max(sums.values())
        contenders = [s for s in contenders if sums[s] == best]
        if len(contenders) == 1:
            return contenders[0]


# ------------------------------------------------------------------ flow
def ask(st: MythState, step: str, seat: int) -> None:
    """Wait for ``seat`` to decide at ``step``."""
    st.step = step
    st.to_act = seat
    st._legal = None


def note(st: MythState, line: str) -> None:
    """A line for the battle and event log of this turn (shown by the terminal)."""
    st.rolls = (*st.rolls[1 - LOG_LINES:], line)


def controller(st: MythState) -> int:
    """Who gives the orders this turn: the right-hand neighbour under the Great Dream."""
    return heroes.right_of(st, st.cur) if st.dreaming else st.cur


def start(st: MythState, seat: int) -> None:
    """Begin ``seat``'s turn (MYTH-27)."""
    st.cur = seat
    st.turn += 1
    st.rolls = ()
    st.moved = st.new_ground = st.bought_extra = False
    st.forbid_cards = 0
    st.drawn_tile = ""
    st.dreaming = st.dream[seat] > 0
    st.phase = "draw"
    st._emit("turn", seat=seat, turn=st.turn)
    if st.skip[seat]:  # MYTH-77: a skipped turn, no drawing either
        st.skip[seat] -= 1
        st._emit("turn_lost", seat=seat)
        note(st, f"{heroes.hero_name(st, seat)} loses the turn in the flooded place")
        end_turn(st)
        return
    if cards.webbed(st, seat):  # MYTH-75: one attempt a turn
        cards.escape_web(st, seat)
    if draw_limit(st) > 0:
        ask(st, "draw", controller(st))
    else:
        to_move(st)


# ------------------------------------------------------------------ step 1: draw (MYTH-30..32)
def draw_limit(st: MythState) -> int:
    """How many cards the hero could draw now (paid ones included)."""
    s = st.cur
    if battle.in_battle(st, s) or cards.webbed(st, s) or not st.deck:
        return 0
    h = len(st.hand[s])
    free = max(0, int(st.game.config["hand_size"]) - h)
    if st.dreaming:  # MYTH-93: the controller may order a draw, never a paid one
        return min(free, len(st.deck))
    n, money = free, heroes.res(st, s)
    while extra_cost(st, h, n + 1) <= money and n + 1 <= len(st.deck):
        n += 1
    return min(n, len(st.deck))


def extra_cost(st: MythState, hand: int, n: int) -> int:
    """MYTH-31: 2, 4, 8, 16 ... for the 7th, 8th, 9th, 10th ... card in hand."""
    size = int(st.game.config["hand_size"])
    return sum(2 ** (k - size) for k in range(hand + 1, hand + n + 1) if k > size)


def draw(st: MythState, n: int) -> None:
    """Draw ``n`` event cards, paying for those beyond the hand size; then move."""
    s = st.cur
    cost = 0 if st.dreaming else extra_cost(st, len(st.hand[s]), n)
    heroes.pay(st, s, cost)
    got = [c for c in (events.draw_event(st) for _ in range(n)) if c]
    st.hand[s].extend(got)
    st._emit("drew", to=(s,), others={"seat": s, "count": len(got), "paid": cost},
             seat=s, count=len(got), paid=cost, cards=got)
    to_move(st)


# ------------------------------------------------------------------ step 2: move (MYTH-33..37)
def to_move(st: MythState) -> None:
    """A hero in battle or in a web cannot move (MYTH-58, MYTH-75)."""
    s = st.cur
    st.phase = "move"
    if battle.in_battle(st, s) or cards.webbed(st, s):
        battle.begin(st)
        return
    ask(st, "move", controller(st))


# ------------------------------------------------------------ the end (MYTH-13, 17..19, 70, 71)
def manage_options(st: MythState) -> list[tuple[str, str | None]]:
    """Things a hero may do with resources in his turn: ``(kind, quest or None)``."""
    s = st.cur
    money = heroes.res(st, s)
    out: list[tuple[str, str | None]] = []
    for q in dict.fromkeys(st.quests[s]):
        if quests.done(st, s, q) and money >= LEVEL_COST[st.level[s]]:
            out.append(("show", q))
    if money >= SWAP_COST and st.quest_pile:
        out.extend(("swap", q) for q in dict.fromkeys(st.quests[s]) if not quests.done(st, s, q))
    hurt = st.life[s] < heroes.max_life(st, s)
    if hurt and st.game.c.heroes[st.hero[s]].heal and money >= HEAL_COST:
        out.append(("heal", None))
    if hurt and st.pos[s] == dungeon.START and money >= AVATARA_HEAL_COST:
        out.append(("avatara", None))
    return out


def end_options(st: MythState) -> list[tuple[str, str | None]]:
    """The end-of-turn choices: manage resources, buy an extra turn (MYTH-70), end."""
    out = manage_options(st)
    if not st.bought_extra and heroes.res(st, st.cur) >= EXTRA_TURN_COST:
        out.append(("extra", None))
    out.append(("end", None))
    return out


def to_end(st: MythState) -> None:
    """Go to the end-of-turn step (skipped when there is nothing to choose)."""
    if ending.over(st):
        return
    if not st.alive[st.cur]:
        end_turn(st)
        return
    st.phase = "end"
    if end_options(st) == [("end", None)]:
        end_turn(st)
    else:
        ask(st, "end", st.cur)


def manage(st: MythState, kind: str, quest: str | None) -> None:
    """One choice of :func:`manage_options` or :func:`end_options`, then the same step again."""
    s = st.cur
    if kind == "show":
        assert quest is not None
        quests.show(st, quest)
        if ending.over(st):
            return
    elif kind == "swap":
        assert quest is not None
        quests.swap(st, quest)
    elif kind == "heal":  # MYTH-13
        heroes.pay(st, s, HEAL_COST)
        heroes.heal(st, s, st.game.c.heroes[st.hero[s]].heal)
    elif kind == "avatara":  # MYTH-71
        heroes.pay(st, s, AVATARA_HEAL_COST)
        heroes.heal(st, s, 1)
    elif kind == "extra":  # MYTH-70
        heroes.pay(st, s, EXTRA_TURN_COST)
        st.extra[s] += 1
        st.bought_extra = True
    if st.step == "end":
        to_end(st)
    else:
        ask(st, "move", s)


def end_turn(st: MythState) -> None:
    """Close the turn and start the next one (an extra turn first, MYTH-70, MYTH-78)."""
    if ending.over(st):
        return
    cur = st.cur
    if st.dreaming and st.dream[cur] > 0:
        st.dream[cur] -= 1
    if st.final_left is not None:
        st.final_left -= 1
        if st.final_left == 0:  # MYTH-24
            ending.finish_by_score(st, "events-out", "The event deck ran out two turns ago.")
            return
    limit = st.game.config["max_turns"]
    if limit and st.turn >= limit:
        ending.finish_by_score(st, "turn-limit", f"The safety limit of {limit} turns was reached.")
        return
    if st.alive[cur] and st.extra[cur] > 0:
        st.extra[cur] -= 1
        nxt = cur
    else:
        nxt = heroes.left_of(st, cur)
    start(st, nxt)
