"""Fights (AND-49..61): single and joint, round by round, with the heroes' abilities and articles.

A fight's running figures are a small flat dict in the state (``st.fight``, a :class:`Fight`)
whose sequences are tuples, rebuilt on change, so a clone copies the dict and shares them. The
decision the fight waits for is the top of ``st.decisions`` (:data:`.decisions.FIGHT`), and
``to_act`` moves to the hero who takes it. When a fight ends, ``st.fight`` is None again and
:mod:`.actions` carries on (the narrator after a kill, then the next hero's turn).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import TYPE_CHECKING, TypedDict

from meeple.components.dice import best_or_identical_sum, d6, roll, roll_faces
from meeple.core import Action

from . import board, turn
from .decisions import Answer, Boost, FightOn, Flip, Invite, Keep, Reward, ShieldLoss
from .heroes import (
    band,
    can_spend,
    gain_willpower,
    has,
    hero,
    knocked_out,
    remove_item,
    spend_hour,
    use_up,
)
from .params import BLACK_DIE, WILLPOWER_MAX
from .verbs import (
    AcceptRoll,
    AddHerb,
    Attack,
    Begin,
    BlockLoss,
    Decline,
    DoubleDie,
    FlipDie,
    GiveGold,
    GiveWillpower,
    InviteHero,
    Join,
    KeepDie,
    KeepFighting,
    NoFlip,
    RollAgain,
    TakeLoss,
    Withdraw,
)

if TYPE_CHECKING:
    from .decisions import AndorDecision
    from .state import AndorState

RUNES = ("rune_red", "rune_blue", "rune_green")


class Fight(TypedDict):
    """A fight under way: the creature, the heroes and the round in progress."""

    region: int
    kind: str
    creature_willpower: int
    creature_strength: int  # with the day's creature bonus
    fighters: tuple[int, ...]  # seats fighting, the attacker first
    inviter: int
    candidates: tuple[int, ...]  # seats that may still be invited
    round: int
    roller: int  # index in ``fighters`` of the hero rolling
    dice: tuple[int, ...]  # the rolling hero's dice
    black: int | None  # index of the black die
    remaining: int  # dice the hero rolling singly may still roll
    single: bool
    flip_used: bool
    brewed: bool
    herb: int
    total: int  # the heroes' battle value this round
    losses: int
    queue: tuple[int, ...]  # seats still to decide (shield, or fight on)
    shielded: tuple[int, ...]
    reward: int


def flip_value(v: int, black: bool) -> int:
    """AND-65: the opposite face; a black die's opposite is 18 minus its value (decision)."""
    return 18 - v if black else 7 - v


def ranged(st: AndorState, s: int) -> bool:
    """AND-64/75: the archer, or a bow carrier, may fight from an adjacent region."""
    return hero(st, s) == "archer" or has(st, s, "bow") is not None


def _fight(st: AndorState) -> Fight:
    """The fight under way."""
    f = st.fight
    assert f is not None
    return f


# ---------------------------------------------------------------------- legal actions
def start_actions(st: AndorState, s: int) -> list[Action]:
    """The creatures this hero may attack now."""
    g = st.game
    here = st.position[s]
    creatures = st.creatures
    if not ranged(st, s):
        return [g.attack[creatures[here], here]] if here in creatures else []
    return [g.attack[creatures[r], r] for r in g.within_reach[here] if r in creatures]


def legal(st: AndorState) -> list[Action]:
    """The decision the fight waits for."""
    f = _fight(st)
    g = st.game
    fixed = g.fixed
    d = st.decisions[-1]
    if isinstance(d, Invite):
        return [fixed[Begin], *(g.invite[o] for o in f["candidates"])]
    if isinstance(d, Answer):
        return [fixed[Join], fixed[Decline]]
    if isinstance(d, Keep):
        return [g.keep[f["dice"][-1]], fixed[RollAgain]]
    if isinstance(d, Flip):
        roller = f["fighters"][f["roller"]]
        return [fixed[NoFlip], *(g.flip[f["dice"][k], k == f["black"], roller]
                                 for k in _flippable(f))]
    if isinstance(d, Boost):
        return _boost_actions(st, f)
    if isinstance(d, ShieldLoss):
        return [fixed[BlockLoss], fixed[TakeLoss]]
    if isinstance(d, FightOn):
        if can_spend(st, d.seat):
            return [fixed[KeepFighting], fixed[Withdraw]]
        return [fixed[Withdraw]]
    out = []  # the reward
    for o in f["fighters"]:
        out.append(g.give_gold[o])
        if st.willpower[o] < WILLPOWER_MAX:
            out.append(g.give_willpower[o])
    return out


def _boost_actions(st: AndorState, f: Fight) -> list[Action]:
    """AND-79/81: accept the roll, double a die with the brew, or add the herb."""
    g = st.game
    s = f["fighters"][f["roller"]]
    out = [g.fixed[AcceptRoll]]
    if not f["brewed"] and has(st, s, "brew"):
        for k in _flippable(f):
            out.append(g.double[f["dice"][k], k == f["black"]])
    if not f["herb"] and "herb" in st.items[s]:
        out.append(g.fixed[AddHerb])
    return out


def _flippable(f: Fight) -> list[int]:
    """Dice indexes a flip or the brew may act on (one per distinct face)."""
    if f["single"]:
        return [len(f["dice"]) - 1]
    seen: set[tuple[int, bool]] = set()
    out = []
    for k, v in enumerate(f["dice"]):
        key = (v, k == f["black"])
        if key not in seen:
            seen.add(key)
            out.append(k)
    return out


def _die(f: Fight, face: int, black: bool) -> int:
    """The index of the die a flip or the brew names: the first showing ``face`` that is
    (or is not) the black one (as :func:`_flippable` offers them)."""
    if f["single"]:
        return len(f["dice"]) - 1
    return next(k for k, v in enumerate(f["dice"]) if v == face and (k == f["black"]) == black)


# ---------------------------------------------------------------------- gathering the heroes
def eligible(st: AndorState, s: int, region: int) -> bool:
    """AND-56: on the creature's region, or adjacent with the archer's skill or a bow."""
    if st.ended[s] or not can_spend(st, s):
        return False
    p = st.position[s]
    return p == region or (region in st.game.neighbours[p] and ranged(st, s))


def start(st: AndorState, verb: Attack) -> None:
    """AND-50/56: the hero whose turn it is attacks and may invite others."""
    s, region = st.active, verb.region
    kind = st.creatures[region]
    sp, wp = st.game.creature_stats(kind)
    cands = [o for o in range(st.players) if o != s and eligible(st, o, region)]
    st.fight = {
        "region": region, "kind": kind, "creature_willpower": wp,
        "creature_strength": sp + st.creature_bonus, "fighters": (s,), "inviter": s,
        "candidates": tuple(cands), "round": 0, "roller": 0, "dice": (), "black": None,
        "remaining": 0, "single": False, "flip_used": False, "brewed": False, "herb": 0,
        "total": 0, "losses": 0, "queue": (), "shielded": (), "reward": 0,
    }
    st._emit("fight", seat=s, kind=kind, region=region)
    if cands:
        _ask(st, Invite(s))
    else:
        begin_round(st)


def _ask(st: AndorState, decision: AndorDecision) -> None:
    """The fight waits for ``decision`` (the only decision pending during a fight)."""
    st.decisions.clear()
    turn.ask(st, decision)


def invite(st: AndorState, verb: InviteHero) -> None:
    """AND-56: the attacker invites a hero in reach; he answers."""
    f = _fight(st)
    f["candidates"] = tuple(o for o in f["candidates"] if o != verb.hero)
    _ask(st, Answer(verb.hero))


def begin(st: AndorState, verb: Begin) -> None:
    """AND-56: the attacker begins the fight with the heroes gathered."""
    begin_round(st)


def join(st: AndorState, verb: Join) -> None:
    """AND-56: the invited hero joins the fight."""
    _answer(st, True)


def decline(st: AndorState, verb: Decline) -> None:
    """AND-56: the invited hero stays out."""
    _answer(st, False)


def _answer(st: AndorState, joined: bool) -> None:
    """AND-56: the invited hero joins or declines; the attacker invites on or begins."""
    f = _fight(st)
    asked = st.to_act
    assert asked is not None
    if joined:
        f["fighters"] = (*f["fighters"], asked)
    st._emit("invitation", seat=asked, joined=joined)
    if f["candidates"]:
        _ask(st, Invite(f["inviter"]))
    else:
        begin_round(st)


# ---------------------------------------------------------------------- a hero's roll
def keep(st: AndorState, verb: KeepDie) -> None:
    """AND-64: the hero rolling singly keeps his last die."""
    after_roll(st)


def roll_again(st: AndorState, verb: RollAgain) -> None:
    """AND-64: the hero rolling singly rolls his next die."""
    f = _fight(st)
    f["dice"] = (*f["dice"], _hero_die(st, False))
    f["remaining"] -= 1
    if f["remaining"] <= 0:
        after_roll(st)


def no_flip(st: AndorState, verb: NoFlip) -> None:
    """AND-65: the wizard leaves the roll as it is."""
    boost_or_finish(st)


def flip(st: AndorState, verb: FlipDie) -> None:
    """AND-65: the wizard turns a die to its opposite face."""
    f = _fight(st)
    k = _die(f, verb.face, verb.black)
    f["dice"] = _with(f["dice"], k, flip_value(f["dice"][k], k == f["black"]))
    f["flip_used"] = True
    st._emit("flip", seat=st.to_act, value=f["dice"][k])
    boost_or_finish(st)


def double(st: AndorState, verb: DoubleDie) -> None:
    """AND-79: the witch's brew doubles a die (one use of it)."""
    f = _fight(st)
    s = f["fighters"][f["roller"]]
    k = _die(f, verb.face, verb.black)
    f["dice"] = _with(f["dice"], k, f["dice"][k] * 2)
    f["brewed"] = True
    item = has(st, s, "brew")
    assert item is not None
    use_up(st, s, item)
    boost_or_finish(st)


def add_herb(st: AndorState, verb: AddHerb) -> None:
    """AND-81: the herb adds to the roller's battle value."""
    f = _fight(st)
    remove_item(st, f["fighters"][f["roller"]], "herb")
    f["herb"] = st.game.content.articles["herb"].value
    boost_or_finish(st)


def accept(st: AndorState, verb: AcceptRoll) -> None:
    """AND-79/81: neither the brew nor the herb."""
    finish_roll(st)


def _with(dice: tuple[int, ...], k: int, value: int) -> tuple[int, ...]:
    """The dice with die ``k`` showing ``value``."""
    return (*dice[:k], value, *dice[k + 1:])


# ---------------------------------------------------------------------- after the round
def block_loss(st: AndorState, verb: BlockLoss) -> None:
    """AND-74: the shield blocks the round's loss."""
    _shield(st, True)


def take_loss(st: AndorState, verb: TakeLoss) -> None:
    """AND-58: the hero takes the round's loss."""
    _shield(st, False)


def _shield(st: AndorState, blocked: bool) -> None:
    """AND-74: a shield holder blocks the round's loss, or takes it."""
    f = _fight(st)
    s = f["queue"][0]
    f["queue"] = f["queue"][1:]
    if blocked:
        item = has(st, s, "shield")
        assert item is not None
        use_up(st, s, item)
        f["shielded"] = (*f["shielded"], s)
    _next_shield(st)


def keep_fighting(st: AndorState, verb: KeepFighting) -> None:
    """AND-52: one more round."""
    _go_on(st, False)


def withdraw(st: AndorState, verb: Withdraw) -> None:
    """AND-60: the hero leaves the fight."""
    _go_on(st, True)


def _go_on(st: AndorState, withdraw: bool) -> None:
    """AND-52/60: a participant fights on, or withdraws."""
    f = _fight(st)
    s = f["queue"][0]
    f["queue"] = f["queue"][1:]
    if withdraw:
        f["fighters"] = tuple(o for o in f["fighters"] if o != s)
        st._emit("withdraw", seat=s)
    _next_continue(st)


def reward(st: AndorState, verb: GiveGold | GiveWillpower) -> None:
    """AND-53/59: one gold or one willpower of the reward to a participant."""
    f = _fight(st)
    if isinstance(verb, GiveGold):
        st.gold[verb.hero] += 1
    else:
        gain_willpower(st, verb.hero, 1)
    f["reward"] -= 1
    if f["reward"] <= 0:
        _killed(st)


def begin_round(st: AndorState) -> None:
    """AND-50: every participant's time marker moves one hour; then each rolls in turn."""
    f = _fight(st)
    f["round"] += 1
    for s in f["fighters"]:
        spend_hour(st, s)
    f["total"] = 0
    f["roller"] = 0
    f["flip_used"] = False
    f["shielded"] = ()
    roll_next(st)


def _hero_die(st: AndorState, black: bool) -> int:
    """One hero die: a six-sided one, or the black die of a rune set (AND-80)."""
    return roll_faces(st.rng, BLACK_DIE)[0] if black else d6(st.rng)


def roll_next(st: AndorState) -> None:
    """AND-42/64/80: the next participant rolls his dice (a rune set makes one black)."""
    f = _fight(st)
    if f["roller"] >= len(f["fighters"]):
        creature_roll(st)
        return
    s = f["fighters"][f["roller"]]
    n = st.game.hero_dice[s][band(st.willpower[s])]
    runes = all(has(st, s, r) for r in RUNES)
    f["brewed"] = False
    f["herb"] = 0
    f["black"] = 0 if runes else None
    f["single"] = hero(st, s) == "archer" or (
        has(st, s, "bow") is not None and st.position[s] != f["region"])
    if f["single"]:
        f["dice"] = (_hero_die(st, runes),)
        f["remaining"] = n - 1
        if f["remaining"] > 0:
            _ask(st, Keep(s))
            return
    else:
        f["dice"] = tuple(_hero_die(st, runes and k == 0) for k in range(n))
    after_roll(st)


def after_roll(st: AndorState) -> None:
    """AND-65: the wizard may flip a die right after it is rolled (once per round)."""
    f = _fight(st)
    if f["single"]:  # only the last die counts; it is black only if it was the first
        if len(f["dice"]) > 1:
            f["black"] = None
        f["dice"] = f["dice"][-1:]
    wizard = next((s for s in f["fighters"] if hero(st, s) == "wizard"), None)
    if wizard is not None and not f["flip_used"]:
        _ask(st, Flip(wizard))
    else:
        boost_or_finish(st)


def boost_or_finish(st: AndorState) -> None:
    """AND-79/81: the roller may use the brew or the herb right after the roll."""
    f = _fight(st)
    s = f["fighters"][f["roller"]]
    if (not f["brewed"] and has(st, s, "brew")) or (not f["herb"] and "herb" in st.items[s]):
        _ask(st, Boost(s))
    else:
        finish_roll(st)


def hero_value(st: AndorState, s: int, f: Fight) -> int:
    """AND-50/64/76: best die (or the last, rolling singly; helm sums equal dice) + herb."""
    dice = f["dice"]
    if f["single"]:
        v = dice[-1]
    elif has(st, s, "helm") and not f["brewed"]:
        v = best_or_identical_sum(dice)
    else:
        v = max(dice)
    return int(v) + int(f["herb"])


def finish_roll(st: AndorState) -> None:
    """AND-57: add this participant's strength and die to the heroes' battle value."""
    f = _fight(st)
    s = f["fighters"][f["roller"]]
    v = hero_value(st, s, f)
    f["total"] += st.strength[s] + v
    st._emit("hero_roll", seat=s, dice=list(f["dice"]), value=v, strength=st.strength[s])
    f["roller"] += 1
    roll_next(st)


def creature_dice(st: AndorState, kind: str, willpower: int) -> tuple[int, str]:
    """AND-11/12/13: dice count and colour by the creature's willpower now."""
    cr = st.game.content.creatures[kind]
    n = cr.weak_dice if cr.weak_below and willpower < cr.weak_below else cr.dice
    return n, cr.colour


def mean_roll(n: int, colour: str) -> float:
    """The mean of ``n`` creature dice of ``colour`` (best die or sum of identical ones).

    Each multiset of faces is weighed by how many ordered rolls show it, so the work grows
    with the (n + 5 choose 5) multisets, not the 6 ** n rolls (a content file may give a
    creature many dice).
    """
    faces = BLACK_DIE if colour == "black" else (1, 2, 3, 4, 5, 6)
    total = 0
    for combo in itertools.combinations_with_replacement(range(len(faces)), n):
        ways = math.factorial(n)
        for k in Counter(combo).values():
            ways //= math.factorial(k)
        total += ways * best_or_identical_sum(faces[i] for i in combo)
    rolls: int = len(faces) ** n
    return total / rolls


def creature_roll(st: AndorState) -> None:
    """AND-14/15/51: the creature rolls; the loser of the round loses the difference."""
    f = _fight(st)
    n, colour = creature_dice(st, f["kind"], f["creature_willpower"])
    dice = roll_faces(st.rng, BLACK_DIE, n) if colour == "black" else roll(st.rng, n)
    cval = best_or_identical_sum(dice) + f["creature_strength"]
    hval = f["total"]
    st._emit("creature_roll", kind=f["kind"], dice=dice, value=cval, heroes=hval)
    if hval > cval:
        f["creature_willpower"] = max(0, f["creature_willpower"] - (hval - cval))
        if f["creature_willpower"] <= 0:
            f["reward"] = st.game.content.creatures[f["kind"]].reward
            _ask(st, Reward(f["fighters"][0]))
            if f["reward"] <= 0:
                _killed(st)
            return
        _round_end(st)
    elif cval > hval:
        f["losses"] = cval - hval
        f["queue"] = tuple(s for s in f["fighters"] if has(st, s, "shield"))
        _next_shield(st)
    else:
        _round_end(st)


def _next_shield(st: AndorState) -> None:
    f = _fight(st)
    if f["queue"]:
        _ask(st, ShieldLoss(f["queue"][0]))
        return
    for s in f["fighters"]:  # AND-58: every participant loses the full difference
        if s in f["shielded"]:
            continue
        st.willpower[s] -= f["losses"]
        if st.willpower[s] <= 0:  # AND-54
            knocked_out(st, s)
            f["fighters"] = tuple(o for o in f["fighters"] if o != s)
    _round_end(st)


def _round_end(st: AndorState) -> None:
    """AND-52/60: after a round each participant fights on or withdraws."""
    f = _fight(st)
    if not f["fighters"]:
        _end(st)
        return
    f["queue"] = f["fighters"]
    _next_continue(st)


def _next_continue(st: AndorState) -> None:
    f = _fight(st)
    if f["queue"]:
        _ask(st, FightOn(f["queue"][0]))
        return
    if f["fighters"]:
        begin_round(st)
    else:
        _end(st)


def _end(st: AndorState) -> None:
    """AND-55: a fight without a winner; the creature recovers completely."""
    f = _fight(st)
    st._emit("fight_over", kind=f["kind"], region=f["region"], winner="none")
    st.fight = None
    st.decisions.clear()


def _killed(st: AndorState) -> None:
    """AND-53: the creature leaves the board (and drops what it carried)."""
    f = _fight(st)
    kind, region = f["kind"], f["region"]
    del st.creatures[region]
    st.killed = (*st.killed, kind)
    drop = st.game.content.creatures[kind].drops
    if drop:
        board.drop(st, region, drop)
    st._emit("fight_over", kind=kind, region=region, winner="heroes")
    st.fight = None
    st.decisions.clear()
