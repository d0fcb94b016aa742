"""Set-up and the turn's machinery (MYTH-1 to MYTH-8, MYTH-10, MYTH-24 to MYTH-32, MYTH-58,
MYTH-65, MYTH-70, MYTH-71, MYTH-75, MYTH-102): whose turn it is, asking a seat, the draw,
the way to the move and to the end, passing the turn; and what every mechanic shares: the
event deck, the cells a battle or a web holds, wounds and death.

Turn (MYTH-27): start (skipped turn, web escape) -> draw -> move or explore (tile placement,
:mod:`.dungeon`) -> events (:mod:`.events`) -> resolution (:mod:`.cards`) -> battle
(:mod:`.battle`) -> end (levels and quests, :mod:`.quests`; healing; an extra turn).

This is the bottom of the mechanics: it imports none of them. A mechanic that hands over to
another says so by returning the :data:`Stage` that comes next, and :mod:`.actions` runs it;
a function that asked a seat to decide (or ended the game) returns None.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from meeple.components import deck as decks
from meeple.components import dice, tokens

from . import heroes, worlds
from .ending import finish, finish_by_score, over
from .heroes import OWNERS, RES, left_of, pay, res, right_of
from .params import AVATARA_HEAL_COST, EXTRA_TURN_COST, FINAL_TURNS, HEAL_COST, START

if TYPE_CHECKING:
    from .state import MythState
    from .verbs import Cell


#: The part of the turn (MYTH-27): set-up, the draw, the move, laying an explored tile, the
#: events, resolving the revealed cards, the battle, the turn's end; "over" once it ended.
Phase = Literal["setup", "draw", "move", "explore", "events", "resolve", "battle", "end", "over"]
#: The decision the turn waits for when no card or monster asks one (``decisions`` empty).
Step = Literal["draw", "move", "place", "forbid", "offer", "order", "sub", "prebattle",
               "attack", "target", "end"]
#: How the game ended (MYTH-20..24, and the safety limit of turns).
Ending = Literal["level-4", "last-hero", "all-dead", "tiles-out", "events-out", "turn-limit"]

#: What comes next once a mechanic has done its part: the web escape of a turn's start, the
#: events of a cell, the revealed cards, the battle, the turn's end, the next turn.
Stage = Literal["web", "events", "reveal", "battle", "end", "end_turn"] | None
#: Quest cards dealt to each hero (MYTH-3).
QUESTS_DEALT = 4
#: Lasting cards that last only for their cell's battle (MYTH-81..83).
BATTLE_CARDS = ("darkness", "fury", "execute")


# ------------------------------------------------------------------ set-up (MYTH-1..8)
def setup(st: MythState) -> Stage:
    """Deal heroes, quests, tiles, resources and cards; the first player begins."""
    c = st.game.content
    cfg = st.game.config
    n = st.players
    rng = st.rng
    cast = list(c.heroes)
    decks.shuffle(cast, rng)
    st.hero = cast[:n]  # MYTH-2: one hero card each
    st.level = [1] * n
    st.life = [c.heroes[h].life[0] for h in st.hero]
    st.alive = [True] * n
    st.position = [START] * n  # MYTH-4
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
    st.grid = {START: c.tile_mask[c.start_tile]}
    st.tile_of = {START: c.start_tile}
    st.holdings = tokens.new_holdings((*OWNERS[:n], "table"), {RES: cfg["bank"]})
    for s in range(n):
        heroes.gain(st, s, cfg["start_resources"])  # MYTH-6
    st.deck = list(c.event_deck)
    decks.shuffle(st.deck, rng)
    st.discard = []
    st.hand = [[] for _ in range(n)]
    decks.deal(st.deck, st.hand, cfg["hand_size"])  # MYTH-7
    _blank_turn(st)
    return start(st, first_player(st))


def _blank_turn(st: MythState) -> None:
    """The fields of a game not yet begun: no battles, no cards on the table, no end."""
    n = st.players
    st.tain_load = 0
    st.enemies = {}
    st.begun = ()
    st.lasting = {}
    st.web_tried = ()
    st.skip = [0] * n
    st.extra = [0] * n
    st.dream = [0] * n
    st.table = ()
    st.offer_queue = ()
    st.offer_double = st.other_played = False
    st.pending = []
    st.affected_cell = START
    st.battle_queue = ()
    st.ending = None
    st.winners = ()
    st.final_turns = None
    st.turn = st.active = 0
    st.phase, st.step = "setup", None
    st.dreaming = st.bought_extra = st.new_ground = st.moved = False
    st.dream_order = None
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


# ------------------------------------------------------------------ asking a seat
def ask(st: MythState, step: Step, seat: int) -> None:
    """Wait for ``seat`` to decide at ``step``."""
    st.step = step
    st.to_act = seat
    st._legal = None


def controller(st: MythState) -> int:
    """Who gives the orders this turn: the right-hand neighbour under the Great Dream."""
    return right_of(st, st.active) if st.dreaming else st.active


# ------------------------------------------------------------------ the start (MYTH-27)
def start(st: MythState, seat: int) -> Stage:
    """Begin ``seat``'s turn: a flooded hero loses it, a webbed one tries to tear the web
    (MYTH-75, the ``"web"`` stage), then the draw."""
    st.active = seat
    st.turn += 1
    st.moved = st.new_ground = st.bought_extra = False
    st.web_tried = ()  # MYTH-75: one try to tear a web each turn
    st.dream_order = None
    st.drawn_tile = ""
    st.dreaming = st.dream[seat] > 0
    st.phase = "draw"
    st._emit("turn", seat=seat, turn=st.turn)
    if st.skip[seat]:  # MYTH-77: a skipped turn, no drawing either
        st.skip[seat] -= 1
        st._emit("turn_lost", seat=seat)
        return end_turn(st)
    if webbed(st, seat):  # MYTH-75: one attempt a turn
        return "web"
    return to_draw(st)


# ------------------------------------------------------------------ step 1: draw (MYTH-30..32)
def to_draw(st: MythState) -> Stage:
    """Ask for the draw, or go on to the move when the hero can draw nothing."""
    if draw_limit(st) > 0:
        ask(st, "draw", controller(st))
        return None
    return to_move(st)


def draw_limit(st: MythState) -> int:
    """How many cards the hero could draw now (paid ones included)."""
    s = st.active
    if in_battle(st, s) or webbed(st, s) or not st.deck:
        return 0
    h = len(st.hand[s])
    free = max(0, int(st.game.config["hand_size"]) - h)
    if st.dreaming:  # MYTH-93: the controller may order a draw, never a paid one
        return min(free, len(st.deck))
    n, money, deck = free, res(st, s), len(st.deck)
    size = int(st.game.config["hand_size"])
    cost = 0  # extra_cost(st, h, n): the free cards cost nothing
    while n + 1 <= deck:
        k = h + n + 1
        if k > size:
            cost += 2 ** (k - size)
            if cost > money:
                break
        n += 1
    return min(n, deck)


def extra_cost(st: MythState, hand: int, n: int) -> int:
    """MYTH-31: 2, 4, 8, 16 ... for the 7th, 8th, 9th, 10th ... card in hand."""
    size = int(st.game.config["hand_size"])
    return sum(2 ** (k - size) for k in range(hand + 1, hand + n + 1) if k > size)


def draw(st: MythState, n: int) -> Stage:
    """Draw ``n`` event cards, paying for those beyond the hand size; then move."""
    s = st.active
    cost = 0 if st.dreaming else extra_cost(st, len(st.hand[s]), n)
    pay(st, s, cost)
    got = [c for c in (draw_event(st) for _ in range(n)) if c]
    st.hand[s].extend(got)
    if not got:  # the action "draws no cards" says it all
        return to_move(st)
    st._emit("drew", to=(s,), others={"seat": s, "count": len(got), "paid": cost},
             seat=s, count=len(got), paid=cost, cards=got)
    return to_move(st)


def draw_event(st: MythState) -> str | None:
    """The top card of the event deck; starts the last two turns when the deck runs out."""
    worlds.top(st, st.deck)
    cid = decks.draw_one(st.deck)
    if cid is None:
        return None
    if not st.deck and st.final_turns is None:
        st.final_turns = FINAL_TURNS  # MYTH-24
        st._emit("deck_exhausted", seat=st.active)
    return cid


# ------------------------------------------------------------------ step 2: move (MYTH-33..37)
def to_move(st: MythState) -> Stage:
    """A hero in battle or in a web cannot move: his battle follows (MYTH-58, MYTH-75)."""
    s = st.active
    st.phase = "move"
    if in_battle(st, s) or webbed(st, s):
        return "battle"
    ask(st, "move", controller(st))
    return None


# ------------------------------------------------------------------ what holds a cell
def in_battle(st: MythState, seat: int) -> bool:
    """A hero on a cell with monsters is in battle (MYTH-58)."""
    return bool(st.enemies.get(st.position[seat]))


def webbed(st: MythState, seat: int) -> bool:
    """Whether a web holds the hero's cell (MYTH-75)."""
    here = st.lasting.get(st.position[seat])
    if not here:
        return False
    cs = st.game.content.cards
    return any(cs[c].effect == "web" for c in here)


def clear_battle_cards(st: MythState, cell: Cell) -> None:
    """Darkness, Fury of an Enemy and Execute Place last only for the cell's battle."""
    cards = st.lasting.get(cell)
    if not cards:
        return
    cs = st.game.content.cards
    keep = [c for c in cards if cs[c].effect not in BATTLE_CARDS]
    st.discard.extend(c for c in cards if cs[c].effect in BATTLE_CARDS)
    if keep:
        st.lasting[cell] = keep
    else:
        del st.lasting[cell]


def end_deserted(st: MythState) -> None:
    """MYTH-102: a begun battle whose cell no living hero stands on (its heroes died or were
    sent away) ends undecided: its battle cards are discarded, its monsters stay on the cell,
    and a hero who comes later begins a new battle (MYTH-60 applies again)."""
    held = {st.position[s] for s in heroes.living(st)}
    for cell in [c for c in st.begun if c not in held]:
        st.begun = tuple(c for c in st.begun if c != cell)
        clear_battle_cards(st, cell)
        st._emit("battle_deserted", cell=list(cell))


# ------------------------------------------------------------------ wounds and death
def hurt(st: MythState, seat: int, n: int, why: str) -> None:
    """Take ``n`` life; at 0 or less the hero dies (MYTH-10). ``why`` is the id of the card
    that hurt him, or ``"charge"`` for the dwarf's area attack (MYTH-63)."""
    st.life[seat] -= n
    st._emit("wound", seat=seat, amount=n, life=st.life[seat], cause=why)
    if st.life[seat] <= 0:
        kill(st, seat, why)


def kill(st: MythState, seat: int, why: str) -> None:
    """MYTH-65: a dead hero's cards and items are discarded and the player leaves."""
    if not st.alive[seat]:
        return
    st.alive[seat] = False
    st.life[seat] = min(st.life[seat], 0)
    st.discard.extend(st.hand[seat])
    st.hand[seat] = []
    for it in st.items[seat]:
        if it == "tain":
            st.tain_load = 0
        st.discard.append(it)
    st.items[seat] = []
    st.discard.extend(st.trophies[seat])
    st.trophies[seat] = []
    st.quest_discard = (*st.quest_discard, *st.quests[seat])
    st.quests[seat] = []
    pay(st, seat, res(st, seat))
    st._emit("hero_died", seat=seat, hero=st.hero[seat], cause=why)
    end_deserted(st)
    alive = heroes.living(st)
    if len(alive) == 1:
        finish(st, (alive[0],), "last-hero")
    elif not alive:
        finish(st, (), "all-dead")


# ------------------------------------------------------------ the end (MYTH-13, 70, 71)
def healing(st: MythState) -> tuple[bool, bool]:
    """Whether the wounded hero whose turn it is may heal at his rate (a healer with a
    resource, MYTH-13), and buy a life of the Avatara (on the start square, MYTH-71)."""
    s = st.active
    if st.life[s] >= heroes.max_life(st, s):
        return False, False
    money = res(st, s)
    return (money >= HEAL_COST and st.game.content.heroes[st.hero[s]].heal > 0,
            st.position[s] == START and money >= AVATARA_HEAL_COST)


def can_buy_extra(st: MythState) -> bool:
    """MYTH-70: one extra turn may be bought at the end of a turn."""
    return not st.bought_extra and res(st, st.active) >= EXTRA_TURN_COST


def heal(st: MythState) -> None:
    """MYTH-13: one use of the hero's heal rate for a resource."""
    s = st.active
    pay(st, s, HEAL_COST)
    heroes.heal(st, s, st.game.content.heroes[st.hero[s]].heal)


def avatara_heal(st: MythState) -> None:
    """MYTH-71: the Avatara heals one life for resources."""
    s = st.active
    pay(st, s, AVATARA_HEAL_COST)
    heroes.heal(st, s, 1)


def buy_extra(st: MythState) -> None:
    """MYTH-70: pay for another turn after this one."""
    s = st.active
    pay(st, s, EXTRA_TURN_COST)
    st.extra[s] += 1
    st.bought_extra = True


def after_choice(st: MythState) -> Stage:
    """Back to the step a choice of resources was made in: the end, or the move."""
    if over(st):
        return None
    if st.step == "end":
        return "end"
    ask(st, "move", st.active)
    return None


def to_end(st: MythState, quest_choices: bool) -> Stage:
    """Go to the end-of-turn step, skipped when there is nothing to choose; ``quest_choices``
    says whether a quest may be shown or swapped (:func:`.quests.choices`)."""
    if over(st):
        return None
    if not st.alive[st.active]:
        return end_turn(st)
    st.phase = "end"
    heal, avatara = healing(st)
    if quest_choices or heal or avatara or can_buy_extra(st):
        ask(st, "end", st.active)
        return None
    return end_turn(st)


def end_turn(st: MythState) -> Stage:
    """Close the turn and start the next one (an extra turn first, MYTH-70, MYTH-78)."""
    if over(st):
        return None
    active = st.active
    if st.dreaming and st.dream[active] > 0:
        st.dream[active] -= 1
    if st.final_turns is not None:
        st.final_turns -= 1
        if st.final_turns == 0:  # MYTH-24
            finish_by_score(st, "events-out")
            return None
    limit = st.game.config["max_turns"]
    if limit and st.turn >= limit:
        finish_by_score(st, "turn-limit")
        return None
    if st.alive[active] and st.extra[active] > 0:
        st.extra[active] -= 1
        nxt = active
    else:
        nxt = left_of(st, active)
    return start(st, nxt)
