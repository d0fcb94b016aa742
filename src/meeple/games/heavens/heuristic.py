"""How promising an unfinished game of High in the Heavens looks, for the bots (not a rule).

A side's *strength* is counted in health points: its base (worth more a point than a god's
health, since the base is what loses the game), its gods on the Heavens with their rings, how
near each stands to striking the enemy base, less what the enemy's free gods could strike them
for next turn, the cards still to come, and the action tokens of a turn. The value of a seat is
its side's share of both sides' strength. A god whose blow alone would destroy the enemy base
presses it: each hex it comes nearer takes a little off the enemy's strength, more than a threat
held over an enemy god is worth, so it walks to the base and ends the game. A long game makes
every god impatient: past round 30 each hex short of striking distance costs a little more
every round, so two sides that stand just outside each other's reach (each hex nearer worth
less than the blow it exposes a god to) walk in at last.

Tokens count the same whatever a side has left: what each turn gives it. A token left at the
end of a turn is lost, so keeping one is worth nothing and an action is worth what it does;
ending the actions phase gains nothing over an action that helps, and a turn is not thrown
away for fear of spending (valued while kept, tokens made a search reading leaves past the
turn's end end its turns at once, and two searching bots stood still for a thousand turns). A
move in progress is worth the best place its god can still reach, so a bot that starts a move
values it by where it leads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .decisions import ChooseTarget, Move
from .figures import locked
from .rings import ATTACK, HEX, MAX_BONUS

if TYPE_CHECKING:
    from .game import Heavens
    from .state import HeavensState

#: What each card still in a side's deck or hands is worth, in health points.
CARD_WORTH = 2.0
#: What a point of base health is worth: the base loses the game, a god's health does not.
BASE_WORTH = 3.0
#: What a god standing on the Heavens is worth beyond its rings and attack.
PRESENCE = 4.0
#: What an armour ring is worth (it turns a point of every blow).
ARMOUR_WORTH = 1.5
#: What a god trapped or incapacitated loses (it takes no action while so).
HELD = 1.5
#: The share of a blow on the enemy base counted while a god stands where it can strike it.
THREAT = 0.6
#: What each hex a god stands beyond striking distance of the enemy base costs.
APPROACH = 0.3
#: The rounds after which each hex beyond striking distance costs a little more every round
#: (:func:`impatience`). Two-player games between bots last 20 rounds at the median and 26 at
#: the ninetieth percentile; four-player rounds are longer, with two turns a side.
PATIENCE = 30
#: What each round past :data:`PATIENCE` adds to the cost of a hex beyond striking distance.
#: By round 45 a hex costs twice what it did: enough, measured, for a side to walk into the
#: defenders' reach where standing off would go on for ever.
IMPATIENCE = 0.02
#: What each hex nearer the enemy base takes off the enemy's strength while a god whose blow
#: alone would destroy that base walks to it (counted over :data:`LETHAL_HORIZON` hexes): more
#: than a threat held on an enemy god is worth (EXPOSED of a blow), so a god that can end the
#: game walks to the base rather than stand guard over a trapped god for ever.
LETHAL_APPROACH = 2.0
#: How many hexes from striking distance a lethal god starts to press the enemy base.
LETHAL_HORIZON = 12
#: The most of a side's strength the press on its base takes off.
PRESS_SHARE = 0.9
#: The share of a blow an enemy god could strike next turn (it stands within its move and reach)
#: that a god stands to lose.
EXPOSED = 0.3
#: What an action token of a side's turn is worth.
TOKEN_WORTH = 1.0
#: What an ability or acquisition paid for and waiting for its target is worth.
PENDING = 0.5
#: What a divine power played and waiting for its target is worth: the card it was in the hand
#: and a little more, so that one step of look-ahead plays a power when nothing else helps more
#: (counted at PENDING, a card left the hand for half a point and no power was ever played).
POWER_PENDING = CARD_WORTH + PENDING


@dataclass(frozen=True, slots=True)
class Tables:
    """What the heuristic reads per card, built once per game: by card, then attack rings,
    then hex, the god's place value (:func:`place_value`); by card its better printed blow and
    how far it strikes in a turn (its move and its reach)."""

    place: tuple[tuple[tuple[float, ...], ...], ...]
    gap: tuple[tuple[tuple[int, ...], ...], ...]
    blow: tuple[int, ...]
    strikes: tuple[int, ...]


def tables(g: Heavens) -> Tables:
    """The game's heuristic tables, built the first time they are needed."""
    tab = g.heuristic_tables
    if tab is None:
        n = len(g.board.labels)
        place = tuple(
            tuple(tuple(place_value(g, c, h, atk) for h in range(n))
                  for atk in range(MAX_BONUS + 1)) if g.is_character[c] else ()
            for c in range(len(g.ids)))
        gap = tuple(
            tuple(tuple(beyond(g, c, h, atk) for h in range(n))
                  for atk in range(MAX_BONUS + 1)) if g.is_character[c] else ()
            for c in range(len(g.ids)))
        tab = g.heuristic_tables = Tables(
            place=place, gap=gap,
            blow=tuple(max(m, r) for m, r in zip(g.melee, g.ranged, strict=True)),
            strikes=tuple(m + max(1, r) for m, r in zip(g.move, g.range, strict=True)))
    return tab


def place_value(g: Heavens, c: int, h: int, attack: int) -> float:
    """How well god ``c`` with ``attack`` rings stands on hex ``h`` to strike the enemy base: a
    share of the blow it could strike from there, or a cost for each hex it still has to go."""
    b = g.board
    d = b.dist[h][b.base[1 - g.card_side[c]]]
    reach = g.range[c] if g.ranged[c] + attack > 0 and g.range[c] >= 2 else 1
    if d == 1 and g.melee[c] + attack > 0:
        return THREAT * (g.melee[c] + attack)
    if 2 <= d <= reach:
        return THREAT * (g.ranged[c] + attack)
    return -APPROACH * (d - reach)


def beyond(g: Heavens, c: int, h: int, attack: int) -> int:
    """How many hexes god ``c`` with ``attack`` rings on hex ``h`` stands beyond striking
    distance of the enemy base (0 where it can strike it)."""
    b = g.board
    d = b.dist[h][b.base[1 - g.card_side[c]]]
    reach = g.range[c] if g.ranged[c] + attack > 0 and g.range[c] >= 2 else 1
    if (d == 1 and g.melee[c] + attack > 0) or 2 <= d <= reach:
        return 0
    return max(0, d - reach)


def impatience(st: HeavensState) -> float:
    """What each hex beyond striking distance costs on top of :data:`APPROACH` this round: 0
    for the first :data:`PATIENCE` rounds, then :data:`IMPATIENCE` more each round. Two sides
    can stand just outside each other's reach for ever, each hex nearer worth less than the
    blow it exposes a god to; a game that has gone on that long tips them over."""
    late = st.rounds - PATIENCE
    return IMPATIENCE * late if late > 0 else 0.0


#: A standing god as :func:`strengths` weighs the blows it is exposed to: its distances to
#: every hex, its armour and its health.
Guard = tuple[tuple[int, ...], int, int]


def strengths(st: HeavensState) -> tuple[float, float]:
    """Both sides' strength: base health; per standing god its health, rings, attack and
    place, less the blows the enemy's free gods could strike it next turn; the cards to come;
    the tokens still to spend. Never below 0."""
    g = st.game
    tab = g.heuristic_tables or tables(g)
    place, blows, strikes = tab.place, tab.blow, tab.strikes
    late = impatience(st)
    units, traps, card_side = st.units, st.traps, g.card_side
    base_health = st.base_health
    total = [BASE_WORTH * base_health[0], BASE_WORTH * base_health[1]]
    pressed = [0.0, 0.0]  # per side, how hard lethal enemy gods press its base
    dist = g.board.dist
    #: per side, every standing god: (its distances to every hex, armour, health)
    gods: tuple[list[Guard], list[Guard]] = ([], [])
    #: per side, the free gods that may strike next turn: (hex, move and reach, blow)
    strikers: tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]] = ([], [])
    for h, c in st.at.items():
        side = card_side[c]
        u = units[c]
        _, health, armour, atk, poison, stun, _ = u  # the record's slots (rings.py)
        blow = blows[c] + atk
        value = PRESENCE + health + ARMOUR_WORTH * armour + blow - poison
        if stun >= 0 or h in traps:
            value -= HELD
        else:
            value += place[c][atk][h]
            if late:
                value -= late * tab.gap[c][atk][h]
            if blow >= base_health[1 - side]:  # else lethal() is 0: asked only when it is not
                pressed[1 - side] += lethal(st, c, h, blow)
            strikers[side].append((h, strikes[c], blow))
        total[side] += value
        gods[side].append((dist[h], armour, health))
    hands = st.hands
    # the side whose action is under way: only its tokens' worth asks more than their count
    acting = g.side_of[st.active] if st.decisions and st.phase == "actions" else -1
    out = []
    for side in (0, 1):
        foes = strikers[1 - side]
        lost = 0
        if foes:
            for d, armour, health in gods[side]:
                worst = 0
                for h, r, p in foes:
                    if p > worst and d[h] <= r:
                        worst = p
                worst -= armour
                if worst > 0:
                    lost += worst if worst < health else health
        cards = len(st.deck[side])
        for s in g.team[side]:
            cards += len(hands[s])
        worth = tokens(st, side) if side == acting else TOKEN_WORTH * g.tokens[side]
        value = total[side] - EXPOSED * lost + CARD_WORTH * cards + worth
        # never all of the side's strength, or every move would read alike
        value -= min(pressed[side], PRESS_SHARE * value)
        out.append(value if value > 0 else 0.0)
    return out[0], out[1]


def lethal(st: HeavensState, c: int, h: int, blow: int) -> float:
    """How hard god ``c`` on ``h`` presses the enemy base when its ``blow`` alone would
    destroy it: :data:`LETHAL_APPROACH` for each hex it stands nearer than
    :data:`LETHAL_HORIZON` hexes from striking distance; 0 when its blow would not."""
    g = st.game
    enemy = 1 - g.card_side[c]
    if blow < st.base_health[enemy]:
        return 0.0
    d = g.board.dist[h][g.board.base[enemy]]
    reach = g.range[c] if g.ranged[c] > 0 and g.range[c] >= 2 else 1
    gap = d - reach if d > reach else 0
    return LETHAL_APPROACH * (LETHAL_HORIZON - gap) if gap < LETHAL_HORIZON else 0.0


def strength(st: HeavensState, side: int) -> float:
    """One side's strength (:func:`strengths`)."""
    return strengths(st)[side]


def tokens(st: HeavensState, side: int) -> float:
    """The worth of the tokens ``side`` has each turn, and of an action under way: the same
    whether the side is to act or not, and whatever it has left (see the module's notes)."""
    g = st.game
    total = TOKEN_WORTH * g.tokens[side]
    if st.decisions and st.phase == "actions" and g.side_of[st.active] == side:
        top = st.decisions[-1]
        if isinstance(top, Move):
            total += move_gain(st, top)
        elif isinstance(top, ChooseTarget) and top.source is None:
            total += POWER_PENDING  # the card played stays worth its place in the hand
        else:
            total += PENDING
    return total


def move_gain(st: HeavensState, move: Move) -> float:
    """What the god under way could still gain by where it goes: its best place within the
    steps left, against where it stands."""
    g = st.game
    b = g.board
    c = move.card
    u = st.units[c]
    here = u[HEX]
    tab = g.heuristic_tables or tables(g)
    place, gap, late = tab.place[c][u[ATTACK]], tab.gap[c][u[ATTACK]], impatience(st)
    blow = tab.blow[c] + u[ATTACK]
    now = place[here] - late * gap[here] + lethal(st, c, here, blow)
    if move.left <= 0:
        return 0.0
    side = g.side_of[st.active]
    zones = g.zones[st.active]
    home = b.summon[side]
    held = here in home and locked(st, side)
    # the hexes no step may enter: the obstacles and the hexes passed, and those reached
    seen = {*st.at, *st.traps, *st.architecture, *st.dropped, *b.bases, *move.visited}
    best = now
    frontier = [here]
    presses = blow >= st.base_health[1 - g.card_side[c]]  # else lethal() is 0 on every hex
    nbrs = b.nbrs
    for _ in range(move.left):
        nxt = []
        for h in frontier:
            for n in nbrs[h]:
                if n in seen or (held and n not in home) or (
                        zones is not None and b.zone[n] not in zones):
                    continue
                seen.add(n)
                nxt.append(n)
                v = place[n] - late * gap[n]
                if presses:
                    v += lethal(st, c, n, blow)
                if v > best:
                    best = v
        frontier = nxt
    return best - now


def evaluate(st: HeavensState, seat: int) -> float:
    """The seat's side's share of both sides' strength: 0.5 for an even position."""
    both = strengths(st)
    mine = both[st.game.side_of[seat]]
    total = both[0] + both[1]
    return 0.5 if total <= 0 else mine / total


def evaluate_all(st: HeavensState) -> list[float]:
    """Every seat's :func:`evaluate`, from one reading of both sides' strength (search leaves
    read every seat's value at once)."""
    a, b = strengths(st)
    total = a + b
    if total <= 0:
        return [0.5] * st.players
    shares = (a / total, b / total)
    return list(map(shares.__getitem__, st.game.side_of))
