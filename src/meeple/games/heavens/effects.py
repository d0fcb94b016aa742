"""Special abilities and divine powers: who they may target, what rings they need, what they do.

Every ability and power is a target kind plus a list of effect steps (content/*.toml). A target
is offered only when the box holds every ring the effects would place (HVN-2) and when at least
one step would change something, so no decision wastes an action token on nothing.

Targets are small tuples: ``("u", card)`` a standing character, ``("h", hex)`` a hex,
``("s", card, hex)`` a character summoned onto a central hex, ``("n",)`` no target.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .board import Board, enemies_near, obstacles
from .cards import from_hand
from .content import Effect
from .figures import hurt, may_enter, relocate, summon
from .rings import (
    ARMOUR,
    ATTACK,
    FALLEN,
    HEALTH,
    HEX,
    MAX_BONUS,
    POISON,
    STUN,
    add_rings,
    build,
    cure,
    damage_trap,
    heal,
    hurt_base,
    set_trap,
    stun,
)

if TYPE_CHECKING:
    from .game import Heavens
    from .state import HeavensState

Target = tuple[Any, ...]
#: Target kinds offering hexes or nothing: every such target needs the same rings and is useful.
PLAIN = frozenset(("hex", "trap_spot", "trap", "none"))
NO_TARGET: Target = ("n",)


def needs(st: HeavensState, effects: tuple[Effect, ...], t: Target) -> dict[str, int]:
    """The rings the effects would take from the box against target ``t``."""
    g = st.game
    out: dict[str, int] = {}

    def add(colour: str, n: int) -> None:
        if n > 0:
            out[colour] = out.get(colour, 0) + n

    u = st.units[t[1]] if t[0] == "u" else None
    for e in effects:
        k = e.kind
        if u is not None:
            if k == "heal":
                add("red", min(e.amount, g.health[t[1]] - u[HEALTH]))
            elif k == "poison":
                add("green", e.amount)
            elif k == "stun" and u[STUN] < 0:
                add("black", 1)
            elif k == "armour":
                add("grey", min(e.amount, MAX_BONUS - u[ARMOUR]))
            elif k == "attack":
                add("orange", min(e.amount, MAX_BONUS - u[ATTACK]))
        if k == "trap":
            add("black", e.amount)
        elif k == "build":
            add("white", e.amount)
        elif k == "summon" and t[0] == "s":
            add("red", g.health[t[1]])
    return out


def useful(st: HeavensState, effects: tuple[Effect, ...], t: Target) -> bool:
    """True when at least one step would change the game against target ``t``."""
    if t[0] != "u":
        return True
    u = st.units[t[1]]
    g = st.game
    for e in effects:
        k = e.kind
        if k in ("damage", "poison", "trap"):
            return True
        if (k == "heal" and u[HEALTH] < g.health[t[1]]) or (k == "cure" and u[POISON] > 0):
            return True
        if (k == "stun" and u[STUN] < 0) or (k == "armour" and u[ARMOUR] < MAX_BONUS):
            return True
        if k == "attack" and u[ATTACK] < MAX_BONUS:
            return True
    return False


def affordable(st: HeavensState, effects: tuple[Effect, ...], t: Target) -> bool:
    """HVN-2: the box must hold every ring the action places, or the action is impossible."""
    box = st.box
    return all(box[c] >= n for c, n in needs(st, effects, t).items())


def _targets(st: HeavensState, seat: int, source: int | None, target: str, reach: int,
             effects: tuple[Effect, ...], blk: set[int]) -> Iterator[Target]:
    """Every target of the given kind, useful or not, affordable or not."""
    g = st.game
    b = g.board
    side = g.side_of[seat]
    src_hex = None if source is None else st.units[source][HEX]
    if target == "self":
        yield ("u", source)
    elif target in ("ally", "enemy"):
        want = side if target == "ally" else 1 - side
        dist = None if src_hex is None else b.dist[src_hex]
        for c in sorted(st.at.values()):
            if g.card_side[c] == want and (dist is None or dist[st.units[c][HEX]] <= reach):
                yield ("u", c)
    elif target == "hex":
        leap = any(e.kind == "leap" for e in effects)
        fallen = st.fallen_at
        for h in b.every if src_hex is None else b.within(src_hex, reach):
            if h in blk or h in fallen or h == src_hex:
                continue
            if leap:
                if src_hex is not None and may_enter(st, seat, src_hex, h):
                    yield ("h", h)
            elif h not in b.summoning:
                yield ("h", h)
    elif target == "trap_spot":
        fallen = st.fallen_at
        for h in b.every if src_hex is None else b.within(src_hex, reach):
            if h in b.summoning:
                continue
            occupant = st.at.get(h)
            if (occupant is not None and g.card_side[occupant] != side) or (
                    h not in blk and h not in fallen):
                yield ("h", h)
    elif target == "trap":
        dist = None if src_hex is None else b.dist[src_hex]
        for h in sorted(st.traps):
            if dist is None or dist[h] <= reach:
                yield ("h", h)
    elif target == "central":
        free = [h for h in sorted(b.central) if h not in blk]  # a fallen may lie there
        for c in sorted(set(st.hands[seat])):
            if g.is_character[c]:
                for h in free:
                    yield ("s", c, h)
    else:
        if any(e.kind == "shockwave" for e in effects) and (
                src_hex is None or not enemies_near(st, side, src_hex, reach)):
            return
        yield ("n",)


def candidates(st: HeavensState, seat: int, source: int | None, target: str, reach: int,
               effects: tuple[Effect, ...], blk: set[int] | None = None) -> list[Target]:
    """Every target of the given kind; ``source`` is the acting character, None for a power."""
    if blk is None:
        blk = obstacles(st)
    if target in PLAIN:  # affordable(NO_TARGET): only the traps' and buildings' rings
        black, white, leap, _ = _plain_needs(effects)
        box = st.box
        if (black and box["black"] < black) or (white and box["white"] < white):
            return []
        if target == "trap_spot" or (target == "hex" and not leap):
            return _spots(st, seat, source, target, reach, blk)
        return list(_targets(st, seat, source, target, reach, effects, blk))
    found = _targets(st, seat, source, target, reach, effects, blk)
    if target in ("ally", "enemy", "self"):  # standing gods: both asked in one pass
        steps = _steps(effects)
        return [t for t in found if _fits(st, steps, t[1])]
    return [t for t in found if useful(st, effects, t) and affordable(st, effects, t)]


def _spots(st: HeavensState, seat: int, source: int | None, target: str, reach: int,
           blk: set[int]) -> list[Target]:
    """:func:`_targets` of a hex (for an effect that does not leap) or of a trap's spot, the
    same hexes in the same order, each tested once against the hexes it may not be (at every
    target decision of a search)."""
    g = st.game
    b = g.board
    src_hex = None if source is None else st.units[source][HEX]
    fallen, summoning = st.fallen_at, b.summoning
    out: list[Target] = []
    if target == "hex":
        skip = blk.union(fallen, summoning)
        if src_hex is not None:
            skip.add(src_hex)
        return [("h", h) for h in (b.every if src_hex is None else b.within(src_hex, reach))
                if h not in skip]
    side, at, card_side = g.side_of[seat], st.at, g.card_side
    for h in b.every if src_hex is None else b.within(src_hex, reach):
        if h in summoning:
            continue
        occupant = at.get(h)
        if (occupant is not None and card_side[occupant] != side) or (
                h not in blk and h not in fallen):
            out.append(("h", h))
    return out


def has_target(st: HeavensState, seat: int, source: int | None, target: str, reach: int,
               effects: tuple[Effect, ...], blk: set[int] | None = None) -> bool:
    """True when :func:`candidates` would offer at least one target (stops at the first).

    Asked for every ability and power at every decision, so the usual kinds (a character, a
    hex) are looked for straight on the state's dicts, in any order; the rest as candidates
    finds them.
    """
    if blk is None:
        blk = obstacles(st)
    if target in ("ally", "enemy", "self"):
        return _character_target(st, seat, source, target, reach, effects)
    if target in PLAIN:
        steps = _steps(effects)
        box = st.box
        if (box["black"] < sum(n for k, n in steps if k == "trap")
                or box["white"] < sum(n for k, n in steps if k == "build")):
            return False  # HVN-2 (as affordable asks of a target that is no character)
        if target == "hex" and all(k != "leap" for k, _ in steps):
            return _open_hex(st, source, reach, blk)
        if target == "none":
            if all(k != "shockwave" for k, _ in steps):
                return True
            return source is not None and enemies_near(
                st, st.game.side_of[seat], st.units[source][HEX], reach)
        if target == "trap_spot":
            return _trap_spot(st, seat, source, reach, blk)
    found = _targets(st, seat, source, target, reach, effects, blk)
    if target in PLAIN:
        return next(found, None) is not None
    return any(useful(st, effects, t) and affordable(st, effects, t) for t in found)


def ability_aims(st: HeavensState, c: int, here: int, foes: int, allies: int, walls: int,
                 blk: set[int] | None) -> bool:
    """:func:`has_target` of character ``c``'s ability from ``here``, asked of bit sets of the
    board where its kind allows: ``foes`` and ``allies`` are the hexes the side's enemies and
    its own gods stand on, ``walls`` the obstacles ``blk`` (:func:`aims_of`)."""
    return aims_of(st.game)[c](st, here, foes, allies, walls, blk)


#: An ability's :func:`ability_aims`, made for it: ``(state, here, foes, allies, walls, blk)``.
Aim = Callable[["HeavensState", int, int, int, int, "set[int] | None"], bool]
#: What :func:`_fits` needs of every god alike (green, black, white rings), by effect kinds:
#: a step that always changes something (HVN: damage, poison, trap) and none whose rings
#: depend on the god struck.
_ALWAYS = frozenset(("damage", "poison", "trap"))
_ALIKE = frozenset(("damage", "poison", "trap", "build", "cure"))


def aims_of(g: Heavens) -> dict[int, Aim]:
    """Each character's :func:`ability_aims` by its card, made once per game (:func:`_aim`)."""
    got: dict[int, Aim] | None = g.__dict__.get("_aims")
    if got is None:
        got = g.__dict__["_aims"] = {c: _aim(g, c) for c in g.ability}
    return got


def _aim(g: Heavens, c: int) -> Aim:
    """:func:`has_target` of ``c``'s ability, its kind's question written for it: a hex or
    trap within reach is one AND (``near``, per hex, is ``Board.around``: the hexes
    ``Board.dist`` puts within reach); a god within reach is target enough when the effects
    need the same rings and are of use whatever god they strike; otherwise each god in reach
    is asked as :func:`_character_target` asks."""
    ab = g.ability[c]
    kind, reach, b = ab.target, ab.range, g.board
    steps = _steps(ab.effects)
    black, white, leap, shockwave = _plain_needs(ab.effects)
    near = tuple(b.around(h, reach) for h in range(len(b.bit)))
    if kind == "enemy" or kind == "ally":
        return _aim_gods(b, kind == "ally", steps, near)
    if kind in PLAIN and not (kind == "hex" and leap):
        summoning, bit = _summoning_bits(b), b.bit

        def plain(st: HeavensState, here: int, foes: int, allies: int, walls: int,
                  blk: set[int] | None) -> bool:
            box = st.box
            if box["black"] < black or box["white"] < white:
                return False  # HVN-2 (as has_target asks first)
            m = near[here]
            if kind == "none":  # a shockwave needs an enemy within reach
                return not shockwave or bool(foes & m)
            if kind == "trap":  # as _targets offers: a trap within reach
                return bool(m & b.bits(st.traps))
            fallen = b.bits(st.fallen_at)
            if kind == "trap_spot":  # as _trap_spot
                return bool(m & ~summoning & (foes | ~(walls | fallen)))
            return bool(m & ~(walls | fallen | bit[here] | summoning))  # as _open_hex
        return plain

    def other(st: HeavensState, here: int, foes: int, allies: int, walls: int,
              blk: set[int] | None) -> bool:
        if kind == "self":  # as _character_target asks of the source
            return _fits(st, steps, c)
        return has_target(st, st.active, c, kind, reach, ab.effects, blk)
    return other


def _aim_gods(b: Board, ally: bool, steps: tuple[tuple[str, int], ...], near: tuple[int, ...]
              ) -> Aim:
    """:func:`_aim` of an ability aimed at a god of its own side (``ally``) or the enemy's."""
    kinds = {k for k, _ in steps}
    if kinds & _ALWAYS and kinds <= _ALIKE:
        green, black, white = (sum(n for k, n in steps if k == x)
                               for x in ("poison", "trap", "build"))

        def alike(st: HeavensState, here: int, foes: int, allies: int, walls: int,
                  blk: set[int] | None) -> bool:
            if not (allies if ally else foes) & near[here]:
                return False
            box = st.box  # as _fits finds for every god within reach
            return (box["red"] >= 0 and box["green"] >= green and box["black"] >= black
                    and box["grey"] >= 0 and box["orange"] >= 0 and box["white"] >= white)
        return alike
    hex_of = _hexes_of_bits(b)

    def gods(st: HeavensState, here: int, foes: int, allies: int, walls: int,
             blk: set[int] | None) -> bool:
        found, at = (allies if ally else foes) & near[here], st.at
        while found:
            low = found & -found
            if _fits(st, steps, at[hex_of[low]]):
                return True
            found ^= low
        return False
    return gods


#: Per effect list asked about, by its id (kept with the list): the black and white rings it
#: places whatever the target, and whether it leaps or sends a shockwave.
_PLAIN: dict[int, tuple[tuple[Effect, ...], tuple[int, int, bool, bool]]] = {}
#: Per board, by its id (kept with the board): its summoning hexes as a bit set.
_SUMMONING: dict[int, tuple[Board, int]] = {}


def _plain_needs(effects: tuple[Effect, ...]) -> tuple[int, int, bool, bool]:
    got = _PLAIN.get(id(effects))
    if got is None or got[0] is not effects:
        steps = _steps(effects)
        got = _PLAIN[id(effects)] = (effects, (
            sum(n for k, n in steps if k == "trap"), sum(n for k, n in steps if k == "build"),
            any(k == "leap" for k, _ in steps), any(k == "shockwave" for k, _ in steps)))
    return got[1]


#: Per board, by its id (kept with the board): the hex of each hex's bit.
_HEX_OF: dict[int, tuple[Board, dict[int, int]]] = {}


def _hexes_of_bits(b: Board) -> dict[int, int]:
    got = _HEX_OF.get(id(b))
    if got is None or got[0] is not b:
        got = _HEX_OF[id(b)] = (b, {m: h for h, m in enumerate(b.bit)})
    return got[1]


def _summoning_bits(b: Board) -> int:
    got = _SUMMONING.get(id(b))
    if got is None or got[0] is not b:
        got = _SUMMONING[id(b)] = (b, b.bits(b.summoning))
    return got[1]


def _character_target(st: HeavensState, seat: int, source: int | None, target: str,
                      reach: int, effects: tuple[Effect, ...]) -> bool:
    """A standing character of the kind named that the effects would change and the box pays
    for (as :func:`candidates` asks of each)."""
    steps = _steps(effects)
    if target == "self":
        assert source is not None  # only a character's ability targets itself
        return _fits(st, steps, source)
    g = st.game
    card_side = g.card_side
    side = g.side_of[seat]
    want = side if target == "ally" else 1 - side
    dist = None if source is None else g.board.dist[st.units[source][HEX]]
    for h, c in st.at.items():
        if card_side[c] != want or (dist is not None and dist[h] > reach):
            continue
        if _fits(st, steps, c):
            return True
    return False


#: The (kind, amount) steps of each effect list asked about, by its id (kept with the list, so
#: an id is never read for another list).
_STEPS: dict[int, tuple[tuple[Effect, ...], tuple[tuple[str, int], ...]]] = {}


def _steps(effects: tuple[Effect, ...]) -> tuple[tuple[str, int], ...]:
    """The effects as plain (kind, amount) pairs, made once per list."""
    got = _STEPS.get(id(effects))
    if got is None or got[0] is not effects:
        got = _STEPS[id(effects)] = (effects, tuple((e.kind, e.amount) for e in effects))
    return got[1]


def _fits(st: HeavensState, steps: tuple[tuple[str, int], ...], c: int) -> bool:
    """:func:`useful` and :func:`affordable` of standing character ``c`` as a target, in one
    pass over the steps, with no dict of needs built."""
    u = st.units[c]
    most = st.game.health[c]
    use = False
    red = green = black = grey = orange = white = 0
    for k, n in steps:
        if k == "damage":
            use = True
        elif k == "poison":
            use = True
            green += n
        elif k == "trap":
            use = True
            black += n
        elif k == "heal":
            if u[HEALTH] < most:
                use = True
                red += min(n, most - u[HEALTH])
        elif k == "cure":
            use = use or u[POISON] > 0
        elif k == "stun":
            if u[STUN] < 0:
                use = True
                black += 1
        elif k == "armour":
            if u[ARMOUR] < MAX_BONUS:
                use = True
                grey += min(n, MAX_BONUS - u[ARMOUR])
        elif k == "attack":
            if u[ATTACK] < MAX_BONUS:
                use = True
                orange += min(n, MAX_BONUS - u[ATTACK])
        elif k == "build":
            white += n
    if not use:
        return False
    box = st.box
    return (box["red"] >= red and box["green"] >= green and box["black"] >= black
            and box["grey"] >= grey and box["orange"] >= orange and box["white"] >= white)


def _trap_spot(st: HeavensState, seat: int, source: int | None, reach: int, blk: set[int]
               ) -> bool:
    """A hex off the summoning hexes, within ``reach`` of the source, empty or under an enemy
    character (as :func:`_targets` offers for a trap)."""
    g = st.game
    b = g.board
    side = g.side_of[seat]
    at, fallen, summoning, card_side = st.at, st.fallen_at, b.summoning, g.card_side
    src_hex = None if source is None else st.units[source][HEX]
    for h in b.every if src_hex is None else b.within(src_hex, reach):
        if h in summoning:
            continue
        occupant = at.get(h)
        if (occupant is not None and card_side[occupant] != side) or (
                h not in blk and h not in fallen):
            return True
    return False


def _open_hex(st: HeavensState, source: int | None, reach: int, blk: set[int]) -> bool:
    """An empty hex off the summoning hexes (within ``reach`` of the source, not its own)."""
    b = st.game.board
    fallen, summoning = st.fallen_at, b.summoning
    src_hex = None if source is None else st.units[source][HEX]
    return any(h not in blk and h not in fallen and h != src_hex and h not in summoning
               for h in (b.every if src_hex is None else b.within(src_hex, reach)))


def target_text(g: Heavens, t: Target) -> str:
    """The decision text of a target."""
    b = g.board
    if t[0] == "u":
        return f"target {g.names[t[1]]}"
    if t[0] == "h":
        return f"target {b.labels[t[1]]}"
    if t[0] == "s":
        return f"summon {g.names[t[1]]} at {b.labels[t[2]]}"
    return "confirm"


def resolve(st: HeavensState, seat: int, source: int | None, reach: int,
            effects: tuple[Effect, ...], t: Target) -> None:
    """Carry out every step of an ability or power against ``t``, in order."""
    side = st.game.side_of[seat]
    for e in effects:
        k = e.kind
        if k in AREA:
            _area(st, side, source, reach, e, t)
        elif t[0] == "u" and st.units[t[1]][FALLEN]:
            continue  # the target fell to an earlier step; the rest has nothing to act on
        elif k in ON_UNIT:
            _on_unit(st, e, t[1])
        elif k == "trap":
            set_trap(st, t[1] if t[0] == "h" else st.units[t[1]][HEX], e.amount)
        elif k == "destroy_trap":
            damage_trap(st, t[1], st.traps.get(t[1], 0))
        elif k == "build":
            build(st, t[1], e.amount)
        elif k == "leap":
            assert source is not None  # only a character leaps
            relocate(st, source, t[1])
        elif k == "summon":
            from_hand(st, seat, t[1])
            summon(st, seat, t[1], t[2])


#: Steps that strike enemies or a base whatever the target; steps that act on one character.
AREA = frozenset(("damage", "shockwave", "base_damage"))
ON_UNIT = frozenset(("heal", "cure", "poison", "stun", "armour", "attack"))


def _area(st: HeavensState, side: int, source: int | None, reach: int, e: Effect,
          t: Target) -> None:
    """Damage to the target and the enemies around it, a shockwave, or base damage."""
    g, dist = st.game, st.game.board.dist
    if e.kind == "base_damage":
        hurt_base(st, 1 - side, e.amount)
        return
    if e.kind == "shockwave":
        assert source is not None  # only a character sends a shockwave
        d = dist[st.units[source][HEX]]
        for c in sorted(st.at.values()):
            if g.card_side[c] != side and d[st.units[c][HEX]] <= reach:
                hurt(st, c, e.amount, pierce=e.pierce)
        return
    victim = t[1]
    d = dist[st.units[victim][HEX]]
    victims = [victim] + [c for c in sorted(st.at.values())
                          if c != victim and g.card_side[c] != side and e.radius
                          and d[st.units[c][HEX]] <= e.radius]
    for c in victims:
        if c in st.at.values() and not st.units[c][FALLEN]:
            hurt(st, c, e.amount, pierce=e.pierce)


def _on_unit(st: HeavensState, e: Effect, c: int) -> None:
    """Rings added to or taken from one standing character."""
    k = e.kind
    if k == "heal":
        heal(st, c, e.amount)
    elif k == "cure":
        cure(st, c)
    elif k == "poison":
        add_rings(st, c, POISON, "green", e.amount)
    elif k == "stun":
        stun(st, c)
    elif k == "armour":
        add_rings(st, c, ARMOUR, "grey", min(e.amount, MAX_BONUS - st.units[c][ARMOUR]))
    else:
        add_rings(st, c, ATTACK, "orange", min(e.amount, MAX_BONUS - st.units[c][ATTACK]))
