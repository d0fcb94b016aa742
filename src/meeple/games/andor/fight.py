"""Fights (AND-49..61): single and joint, round by round, with the heroes' abilities and articles.

A fight's running figures are a small flat dict in the state (``st.fight``, a :class:`Fight`)
whose sequences are tuples, rebuilt on change, so a clone copies the dict and shares them. The
decision the fight waits for is the top of ``st.decisions`` (:data:`.decisions.FIGHT`), and
``to_act`` moves to the hero who takes it.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import TYPE_CHECKING, TypedDict

from meeple.components.dice import best_or_identical_sum, d6, roll, roll_faces
from meeple.core import Action

from . import day, legend
from .decisions import Answer, Boost, FightOn, Flip, Invite, Keep, Reward, ShieldLoss
from .heroes import (
    band,
    can_spend,
    gain_wp,
    has,
    knocked_out,
    name,
    remove_item,
    spend_hour,
    use_up,
)
from .params import BLACK_DIE, WILLPOWER_MAX

if TYPE_CHECKING:
    from .decisions import AndorDecision
    from .state import AndorState

BEGIN = Action("begin the fight", ("begin",))
JOIN = Action("join the fight", ("join",))
DECLINE = Action("decline", ("decline",))
AGAIN = Action("roll again", ("again",))
NO_FLIP = Action("no flip", ("noflip",))
ACCEPT = Action("accept the roll", ("accept",))
HERB = Action("add the herb", ("herb",))
SHIELD = Action("block the loss with the shield", ("shield",))
TAKE = Action("take the loss", ("take",))
ON = Action("fight on", ("on",))
WITHDRAW = Action("withdraw", ("withdraw",))
RUNES = ("rune_red", "rune_blue", "rune_green")


class Fight(TypedDict):
    """A fight under way: the creature, the heroes and the round in progress."""

    region: int
    kind: str
    cwp: int  # the creature's willpower now
    csp: int  # its strength, with the day's creature bonus
    who: tuple[int, ...]  # seats fighting, the attacker first
    inviter: int
    cands: tuple[int, ...]  # seats that may still be invited
    round: int
    i: int  # index in ``who`` of the hero rolling
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
    return name(st, s) == "archer" or has(st, s, "bow") is not None


def start_actions(st: AndorState, s: int) -> list[Action]:
    """The creatures this hero may attack now."""
    g = st.game
    here = st.pos[s]
    creatures = st.creatures
    if not ranged(st, s):
        return [g.attack[creatures[here], here]] if here in creatures else []
    return [g.attack[creatures[r], r] for r in g.within_reach[here] if r in creatures]


def eligible(st: AndorState, s: int, region: int) -> bool:
    """AND-56: on the creature's region, or adjacent with the archer's skill or a bow."""
    if st.ended[s] or not can_spend(st, s):
        return False
    p = st.pos[s]
    return p == region or (region in st.game.nbrs[p] and ranged(st, s))


def start(st: AndorState, s: int, region: int) -> None:
    """AND-50/56: the active hero attacks and may invite others."""
    kind = st.creatures[region]
    sp, wp = st.game.creature_stats(kind)
    cands = [o for o in range(st.players) if o != s and eligible(st, o, region)]
    st.fight = {
        "region": region, "kind": kind, "cwp": wp, "csp": sp + st.creature_bonus,
        "who": (s,), "inviter": s, "cands": tuple(cands), "round": 0, "i": 0,
        "dice": (), "black": None, "remaining": 0, "single": False, "flip_used": False,
        "brewed": False, "herb": 0, "total": 0, "losses": 0, "queue": (),
        "shielded": (), "reward": 0,
    }
    st._emit("fight", seat=s, kind=kind, region=region)
    if cands:
        _ask(st, Invite(s))
    else:
        begin_round(st)


def _ask(st: AndorState, decision: AndorDecision) -> None:
    """The fight waits for ``decision`` (the only decision pending during a fight)."""
    st.decisions.clear()
    st.decisions.append(decision)
    st.to_act = decision.seat


def legal(st: AndorState) -> list[Action]:
    """The decision the fight waits for."""
    f = st.fight
    assert f is not None
    d = st.decisions[-1]
    if isinstance(d, Invite):
        return [BEGIN, *(Action(f"invite the {name(st, o)}", ("invite", o)) for o in f["cands"])]
    if isinstance(d, Answer):
        return [JOIN, DECLINE]
    if isinstance(d, Keep):
        return [Action(f"keep {f['dice'][-1]}", ("keep",)), AGAIN]
    if isinstance(d, Flip):
        who = name(st, f["who"][f["i"]])
        return [NO_FLIP, *(Action(f"flip {_colour(f, k)}{f['dice'][k]} of the {who}", ("flip", k))
                           for k in _flippable(f))]
    if isinstance(d, Boost):
        return _boost_actions(st, f)
    if isinstance(d, ShieldLoss):
        return [SHIELD, TAKE]
    if isinstance(d, FightOn):
        return [ON, WITHDRAW] if can_spend(st, d.seat) else [WITHDRAW]
    out = []  # the reward
    for o in f["who"]:
        out.append(Action(f"give 1 gold to the {name(st, o)}", ("gold", o)))
        if st.wp[o] < WILLPOWER_MAX:
            out.append(Action(f"give 1 willpower to the {name(st, o)}", ("wp", o)))
    return out


def _colour(f: Fight, k: int) -> str:
    return "black " if k == f["black"] else ""


def _boost_actions(st: AndorState, f: Fight) -> list[Action]:
    """AND-79/81: accept the roll, double a die with the brew, or add the herb."""
    s = f["who"][f["i"]]
    out = [ACCEPT]
    if not f["brewed"] and has(st, s, "brew"):
        for k in _flippable(f):
            out.append(Action(f"double {_colour(f, k)}{f['dice'][k]} with the brew", ("brew", k)))
    if not f["herb"] and "herb" in st.items[s]:
        out.append(HERB)
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


def apply(st: AndorState, action: Action) -> None:
    """Advance the fight by one decision."""
    kind = action[1][0]
    if kind in ("invite", "begin", "join", "decline"):
        _gather(st, action)
    elif kind in ("keep", "again", "noflip", "flip", "brew", "herb", "accept"):
        _roll_decision(st, action)
    elif kind in ("shield", "take"):
        _shield_decision(st, kind)
    elif kind in ("on", "withdraw"):
        f = st.fight
        assert f is not None
        s = f["queue"][0]
        f["queue"] = f["queue"][1:]
        if kind == "withdraw":  # AND-60
            f["who"] = tuple(o for o in f["who"] if o != s)
            st._emit("withdraw", seat=s)
        _next_continue(st)
    else:
        _reward(st, kind, action[1][1])


def _gather(st: AndorState, action: Action) -> None:
    """AND-56: invitations before the first round."""
    f = st.fight
    assert f is not None
    kind = action[1][0]
    if kind == "invite":
        asked = action[1][1]
        f["cands"] = tuple(o for o in f["cands"] if o != asked)
        _ask(st, Answer(asked))
    elif kind == "begin":
        begin_round(st)
    else:
        asked = st.to_act
        assert asked is not None
        if kind == "join":
            f["who"] = (*f["who"], asked)
        st._emit("invitation", seat=asked, joined=kind == "join")
        if f["cands"]:
            _ask(st, Invite(f["inviter"]))
        else:
            begin_round(st)


def _roll_decision(st: AndorState, action: Action) -> None:
    """A hero's roll: keep or roll again, the wizard's flip, the brew and the herb."""
    f = st.fight
    assert f is not None
    kind = action[1][0]
    s = f["who"][f["i"]]
    if kind == "keep":
        after_roll(st)
    elif kind == "again":
        f["dice"] = (*f["dice"], _hero_die(st, False))
        f["remaining"] -= 1
        if f["remaining"] <= 0:
            after_roll(st)
    elif kind == "noflip":
        boost_or_finish(st)
    elif kind == "flip":  # AND-65
        k = action[1][1]
        f["dice"] = _with(f["dice"], k, flip_value(f["dice"][k], k == f["black"]))
        f["flip_used"] = True
        st._emit("flip", seat=st.to_act, value=f["dice"][k])
        boost_or_finish(st)
    elif kind == "brew":  # AND-79
        k = action[1][1]
        f["dice"] = _with(f["dice"], k, f["dice"][k] * 2)
        f["brewed"] = True
        item = has(st, s, "brew")
        assert item is not None
        use_up(st, s, item)
        boost_or_finish(st)
    elif kind == "herb":  # AND-81
        remove_item(st, s, "herb")
        f["herb"] = st.game.c.articles["herb"].value
        boost_or_finish(st)
    else:
        finish_roll(st)


def _with(dice: tuple[int, ...], k: int, value: int) -> tuple[int, ...]:
    """The dice with die ``k`` showing ``value``."""
    return (*dice[:k], value, *dice[k + 1:])


def _shield_decision(st: AndorState, kind: str) -> None:
    """AND-74: a shield holder blocks the round's loss, or takes it."""
    f = st.fight
    assert f is not None
    s = f["queue"][0]
    f["queue"] = f["queue"][1:]
    if kind == "shield":
        item = has(st, s, "shield")
        assert item is not None
        use_up(st, s, item)
        f["shielded"] = (*f["shielded"], s)
    _next_shield(st)


def _reward(st: AndorState, kind: str, o: int) -> None:
    """AND-53/59: one gold or one willpower of the reward to a participant."""
    f = st.fight
    assert f is not None
    if kind == "gold":
        st.gold[o] += 1
    else:
        gain_wp(st, o, 1)
    f["reward"] -= 1
    if f["reward"] <= 0:
        _killed(st)


def begin_round(st: AndorState) -> None:
    """AND-50: every participant's time marker moves one hour; then each rolls in turn."""
    f = st.fight
    assert f is not None
    f["round"] += 1
    for s in f["who"]:
        spend_hour(st, s)
    f["total"] = 0
    f["i"] = 0
    f["flip_used"] = False
    f["shielded"] = ()
    roll_next(st)


def _hero_die(st: AndorState, black: bool) -> int:
    """One hero die: a six-sided one, or the black die of a rune set (AND-80)."""
    return roll_faces(st.rng, BLACK_DIE)[0] if black else d6(st.rng)


def roll_next(st: AndorState) -> None:
    """AND-42/64/80: the next participant rolls his dice (a rune set makes one black)."""
    f = st.fight
    assert f is not None
    if f["i"] >= len(f["who"]):
        creature_roll(st)
        return
    s = f["who"][f["i"]]
    n = st.game.hero_dice[s][band(st.wp[s])]
    runes = all(has(st, s, r) for r in RUNES)
    f["brewed"] = False
    f["herb"] = 0
    f["black"] = 0 if runes else None
    f["single"] = name(st, s) == "archer" or (
        has(st, s, "bow") is not None and st.pos[s] != f["region"])
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
    f = st.fight
    assert f is not None
    if f["single"]:  # only the last die counts; it is black only if it was the first
        if len(f["dice"]) > 1:
            f["black"] = None
        f["dice"] = f["dice"][-1:]
    wizard = next((s for s in f["who"] if name(st, s) == "wizard"), None)
    if wizard is not None and not f["flip_used"]:
        _ask(st, Flip(wizard))
    else:
        boost_or_finish(st)


def boost_or_finish(st: AndorState) -> None:
    """AND-79/81: the roller may use the brew or the herb right after the roll."""
    f = st.fight
    assert f is not None
    s = f["who"][f["i"]]
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
    f = st.fight
    assert f is not None
    s = f["who"][f["i"]]
    v = hero_value(st, s, f)
    f["total"] += st.sp[s] + v
    st._emit("hero_roll", seat=s, dice=list(f["dice"]), value=v, strength=st.sp[s])
    f["i"] += 1
    roll_next(st)


def creature_dice(st: AndorState, kind: str, cwp: int) -> tuple[int, str]:
    """AND-11/12/13: dice count and colour by the creature's willpower now."""
    cr = st.game.c.creatures[kind]
    n = cr.weak_dice if cr.weak_below and cwp < cr.weak_below else cr.dice
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
    f = st.fight
    assert f is not None
    n, colour = creature_dice(st, f["kind"], f["cwp"])
    dice = roll_faces(st.rng, BLACK_DIE, n) if colour == "black" else roll(st.rng, n)
    cval = best_or_identical_sum(dice) + f["csp"]
    hval = f["total"]
    st._emit("creature_roll", kind=f["kind"], dice=dice, value=cval, heroes=hval)
    if hval > cval:
        f["cwp"] = max(0, f["cwp"] - (hval - cval))
        if f["cwp"] <= 0:
            f["reward"] = st.game.c.creatures[f["kind"]].reward
            _ask(st, Reward(f["who"][0]))
            if f["reward"] <= 0:
                _killed(st)
            return
        _round_end(st)
    elif cval > hval:
        f["losses"] = cval - hval
        f["queue"] = tuple(s for s in f["who"] if has(st, s, "shield"))
        _next_shield(st)
    else:
        _round_end(st)


def _next_shield(st: AndorState) -> None:
    f = st.fight
    assert f is not None
    if f["queue"]:
        _ask(st, ShieldLoss(f["queue"][0]))
        return
    for s in f["who"]:  # AND-58: every participant loses the full difference
        if s in f["shielded"]:
            continue
        st.wp[s] -= f["losses"]
        if st.wp[s] <= 0:  # AND-54
            knocked_out(st, s)
            f["who"] = tuple(o for o in f["who"] if o != s)
    _round_end(st)


def _round_end(st: AndorState) -> None:
    """AND-52/60: after a round each participant fights on or withdraws."""
    f = st.fight
    assert f is not None
    if not f["who"]:
        _end(st)
        return
    f["queue"] = f["who"]
    _next_continue(st)


def _next_continue(st: AndorState) -> None:
    f = st.fight
    assert f is not None
    if f["queue"]:
        _ask(st, FightOn(f["queue"][0]))
        return
    if f["who"]:
        begin_round(st)
    else:
        _end(st)


def _end(st: AndorState) -> None:
    """AND-55: a fight without a winner; the creature recovers completely."""
    f = st.fight
    assert f is not None
    st._emit("fight_over", kind=f["kind"], region=f["region"], winner="none")
    st.fight = None
    st.decisions.clear()
    day.next_turn(st, f["inviter"])  # AND-61


def _killed(st: AndorState) -> None:
    """AND-53: the creature leaves the board and the narrator steps one letter."""
    f = st.fight
    assert f is not None
    kind, region = f["kind"], f["region"]
    del st.creatures[region]
    st.killed = (*st.killed, kind)
    drop = st.game.c.creatures[kind].drops
    if drop:
        legend.drop(st, region, drop)
    st._emit("fight_over", kind=kind, region=region, winner="heroes")
    st.fight = None
    st.decisions.clear()
    legend.advance_narrator(st)  # AND-31
    legend.check_early(st)
    if not st.outcome:
        day.next_turn(st, f["inviter"])
