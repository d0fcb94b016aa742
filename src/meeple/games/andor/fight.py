"""Fights: single and joint, round by round, with the heroes' abilities and articles.

A fight is a small flat dict in the state (``st.fight``, a :class:`Fight`); its ``stage``
names the decision being waited for, and ``to_act`` moves to the hero who decides it. Its
sequences are tuples, rebuilt on change, so a clone copies the dict and shares them.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, TypedDict

from meeple.components.dice import best_or_identical_sum
from meeple.core import Action

from . import world
from .frozen import with_item, with_key
from .params import BLACK_DIE, WILLPOWER_MAX

if TYPE_CHECKING:
    from .rules import AndorState

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
    asked: int
    round: int
    i: int  # index in ``who`` of the hero rolling
    dice: tuple[int, ...]  # the rolling hero's dice
    black: int  # index of the black die, or -1
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
    stage: str


def flip_value(v: int, black: bool) -> int:
    """AND-65: the opposite face; a black die's opposite is 18 minus its value (decision)."""
    return 18 - v if black else 7 - v


def ranged(st: AndorState, s: int) -> bool:
    """AND-64/75: the archer, or a bow carrier, may fight from an adjacent region."""
    return st.name(s) == "archer" or st.has(s, "bow") is not None


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
    if st.ended[s] or not st.can_spend(s):
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
        "who": (s,), "inviter": s, "cands": tuple(cands), "asked": -1, "round": 0, "i": 0,
        "dice": (), "black": -1, "remaining": 0, "single": False, "flip_used": False,
        "brewed": False, "herb": 0, "total": 0, "losses": 0, "queue": (),
        "shielded": (), "reward": 0, "stage": "",
    }
    st._emit("fight", seat=s, kind=kind, region=region)
    if cands:
        _stage(st, "invite", s)
    else:
        begin_round(st)


def _stage(st: AndorState, stage: str, seat: int) -> None:
    f = st.fight
    assert f is not None
    f["stage"] = stage
    st.step = "fight:" + stage
    st.to_act = seat


def legal(st: AndorState) -> list[Action]:
    """The decision the fight waits for."""
    f = st.fight
    assert f is not None
    stage = f["stage"]
    name = st.name
    if stage == "invite":
        return [BEGIN, *(Action(f"invite the {name(o)}", ("invite", o)) for o in f["cands"])]
    if stage == "answer":
        return [JOIN, DECLINE]
    if stage == "keep":
        return [Action(f"keep {f['dice'][-1]}", ("keep",)), AGAIN]
    if stage == "flip":
        who = name(f["who"][f["i"]])
        out = [NO_FLIP]
        for k in _flippable(f):
            v = f["dice"][k]
            colour = "black " if k == f["black"] else ""
            out.append(Action(f"flip {colour}{v} of the {who}", ("flip", k)))
        return out
    if stage == "boost":
        s = f["who"][f["i"]]
        out = [ACCEPT]
        if not f["brewed"] and st.has(s, "brew"):
            for k in _flippable(f):
                colour = "black " if k == f["black"] else ""
                out.append(Action(f"double {colour}{f['dice'][k]} with the brew", ("brew", k)))
        if not f["herb"] and "herb" in st.items[s]:
            out.append(HERB)
        return out
    if stage == "shield":
        return [SHIELD, TAKE]
    if stage == "continue":
        s = f["queue"][0]
        return [ON, WITHDRAW] if st.can_spend(s) else [WITHDRAW]
    # reward
    out = []
    for o in f["who"]:
        out.append(Action(f"give 1 gold to the {name(o)}", ("gold", o)))
        if st.wp[o] < WILLPOWER_MAX:
            out.append(Action(f"give 1 willpower to the {name(o)}", ("wp", o)))
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
    f = st.fight
    assert f is not None
    kind = action[1][0]
    if kind == "invite":
        f["cands"] = tuple(o for o in f["cands"] if o != action[1][1])
        f["asked"] = action[1][1]
        _stage(st, "answer", action[1][1])
    elif kind == "begin":
        begin_round(st)
    elif kind in ("join", "decline"):
        if kind == "join":
            f["who"] = (*f["who"], f["asked"])
        st._emit("invitation", seat=f["asked"], joined=kind == "join")
        if f["cands"]:
            _stage(st, "invite", f["inviter"])
        else:
            begin_round(st)
    elif kind == "keep":
        after_roll(st)
    elif kind == "again":
        f["dice"] = (*f["dice"], _hero_die(st, f, False))
        f["remaining"] -= 1
        if f["remaining"] <= 0:
            after_roll(st)
    elif kind == "noflip":
        boost_or_finish(st)
    elif kind == "flip":  # AND-65
        k = action[1][1]
        f["dice"] = with_item(f["dice"], k, flip_value(f["dice"][k], k == f["black"]))
        f["flip_used"] = True
        st._emit("flip", seat=st.to_act, value=f["dice"][k])
        boost_or_finish(st)
    elif kind == "brew":  # AND-79
        s = f["who"][f["i"]]
        k = action[1][1]
        f["dice"] = with_item(f["dice"], k, f["dice"][k] * 2)
        f["brewed"] = True
        item = st.has(s, "brew")
        assert item is not None
        st.use_up(s, item)
        boost_or_finish(st)
    elif kind == "herb":  # AND-81
        s = f["who"][f["i"]]
        st.remove_item(s, "herb")
        f["herb"] = st.game.c.articles["herb"].value
        boost_or_finish(st)
    elif kind == "accept":
        finish_roll(st)
    elif kind in ("shield", "take"):
        s = f["queue"][0]
        f["queue"] = f["queue"][1:]
        if kind == "shield":  # AND-74
            item = st.has(s, "shield")
            assert item is not None
            st.use_up(s, item)
            f["shielded"] = (*f["shielded"], s)
        _next_shield(st)
    elif kind in ("on", "withdraw"):
        s = f["queue"][0]
        f["queue"] = f["queue"][1:]
        if kind == "withdraw":  # AND-60
            f["who"] = tuple(o for o in f["who"] if o != s)
            st._emit("withdraw", seat=s)
        _next_continue(st)
    else:  # reward (AND-53/59)
        o = action[1][1]
        if kind == "gold":
            st.gold[o] += 1
        else:
            st.gain_wp(o, 1)
        f["reward"] -= 1
        if f["reward"] <= 0:
            _killed(st)


def begin_round(st: AndorState) -> None:
    """AND-50: every participant's time marker moves one hour; then each rolls in turn."""
    f = st.fight
    assert f is not None
    f["round"] += 1
    for s in f["who"]:
        st.spend_hour(s)
    f["total"] = 0
    f["i"] = 0
    f["flip_used"] = False
    f["shielded"] = ()
    roll_next(st)


def _hero_die(st: AndorState, f: Fight, black: bool) -> int:
    if black:
        return BLACK_DIE[st.rng.below(6)]
    return st.rng.below(6) + 1


def roll_next(st: AndorState) -> None:
    """AND-42/64/80: the next participant rolls his dice (a rune set makes one black)."""
    f = st.fight
    assert f is not None
    if f["i"] >= len(f["who"]):
        creature_roll(st)
        return
    s = f["who"][f["i"]]
    hero = st.game.c.heroes[st.name(s)]
    n = hero.dice[min(2, st.wp[s] // 7)]
    runes = all(st.has(s, r) for r in RUNES)
    f["brewed"] = False
    f["herb"] = 0
    f["black"] = 0 if runes else -1
    f["single"] = st.name(s) == "archer" or (
        st.has(s, "bow") is not None and st.pos[s] != f["region"])
    if f["single"]:
        f["dice"] = (_hero_die(st, f, runes),)
        f["remaining"] = n - 1
        if f["remaining"] > 0:
            _stage(st, "keep", s)
            return
    else:
        f["dice"] = tuple(_hero_die(st, f, runes and k == 0) for k in range(n))
    after_roll(st)


def after_roll(st: AndorState) -> None:
    """AND-65: the wizard may flip a die right after it is rolled (once per round)."""
    f = st.fight
    assert f is not None
    if f["single"]:  # only the last die counts; it is black only if it was the first
        if len(f["dice"]) > 1:
            f["black"] = -1
        f["dice"] = f["dice"][-1:]
    wizard = next((s for s in f["who"] if st.name(s) == "wizard"), -1)
    if wizard >= 0 and not f["flip_used"]:
        _stage(st, "flip", wizard)
    else:
        boost_or_finish(st)


def boost_or_finish(st: AndorState) -> None:
    """AND-79/81: the roller may use the brew or the herb right after the roll."""
    f = st.fight
    assert f is not None
    s = f["who"][f["i"]]
    if (not f["brewed"] and st.has(s, "brew")) or (not f["herb"] and "herb" in st.items[s]):
        _stage(st, "boost", s)
    else:
        finish_roll(st)


def hero_value(st: AndorState, s: int, f: Fight) -> int:
    """AND-50/64/76: best die (or the last, rolling singly; helm sums equal dice) + herb."""
    dice = f["dice"]
    if f["single"]:
        v = dice[-1]
    elif st.has(s, "helm") and not f["brewed"]:
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
    """The mean of ``n`` creature dice of ``colour`` (best die or sum of identical ones)."""
    faces = BLACK_DIE if colour == "black" else (1, 2, 3, 4, 5, 6)
    rolls = list(itertools.product(faces, repeat=n))
    return sum(best_or_identical_sum(r) for r in rolls) / len(rolls)


def creature_roll(st: AndorState) -> None:
    """AND-14/15/51: the creature rolls; the loser of the round loses the difference."""
    f = st.fight
    assert f is not None
    n, colour = creature_dice(st, f["kind"], f["cwp"])
    if colour == "black":
        dice = [BLACK_DIE[st.rng.below(6)] for _ in range(n)]
    else:
        dice = [st.rng.below(6) + 1 for _ in range(n)]
    cval = best_or_identical_sum(dice) + f["csp"]
    hval = f["total"]
    st._emit("creature_roll", kind=f["kind"], dice=dice, value=cval, heroes=hval)
    if hval > cval:
        f["cwp"] = max(0, f["cwp"] - (hval - cval))
        if f["cwp"] <= 0:
            f["reward"] = st.game.c.creatures[f["kind"]].reward
            _stage(st, "reward", f["who"][0])
            if f["reward"] <= 0:
                _killed(st)
            return
        _round_end(st)
    elif cval > hval:
        f["losses"] = cval - hval
        f["queue"] = tuple(s for s in f["who"] if st.has(s, "shield"))
        _next_shield(st)
    else:
        _round_end(st)


def _next_shield(st: AndorState) -> None:
    f = st.fight
    assert f is not None
    if f["queue"]:
        _stage(st, "shield", f["queue"][0])
        return
    for s in f["who"]:  # AND-58: every participant loses the full difference
        if s in f["shielded"]:
            continue
        st.wp[s] -= f["losses"]
        if st.wp[s] <= 0:  # AND-54
            world.knocked_out(st, s)
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
        _stage(st, "continue", f["queue"][0])
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
    st.next_turn(f["inviter"])  # AND-61


def _killed(st: AndorState) -> None:
    """AND-53: the creature leaves the board and the narrator steps one letter."""
    f = st.fight
    assert f is not None
    kind, region = f["kind"], f["region"]
    st.creatures = with_key(st.creatures, region, None)
    st.killed = (*st.killed, kind)
    drop = st.game.c.creatures[kind].drops
    if drop:
        world.drop(st, region, drop)
    st._emit("fight_over", kind=kind, region=region, winner="heroes")
    st.fight = None
    world.advance_narrator(st)  # AND-31
    world.check_early(st)
    if not st.outcome:
        st.next_turn(f["inviter"])
