"""The moves a bot weighs (``Game.search_moves``): what one look ahead, or a search's random
rollouts, cannot see through is narrowed here to the step that begins it.

- a trade offer (CAT-20) is opened only where the heuristic finds a trade that helps both
  sides, and composed as that trade says (``heuristic.search_moves``);
- a dwarf with no target on foot (``outlook.stuck``: no open side onto unexplored ground and
  no monster it can beat in reach) takes the scripted dwarf's step (``bots.choose``): selling
  goods and then worn gear for a destruction potion, walking to an entrance's lower prices or
  to a wall, breaking through, jumping between entrances with a speed potion, or seeking out
  a monster it has only some chance against. Each of those is the first of several actions
  whose worth shows only at the end, so a bot valuing one action ahead stood still, and the
  game, which the dead-end rule (CAT-24) keeps open while such a way exists, ran to meeple's
  round limit;
- a dwarf whose game is decided (:func:`decided`: it is further behind than everything
  still to be found could make up, ``heuristic.hopeless``, or every rival is or has no way
  on) values every move alike, or a trailing one standing still above exploring, so it
  walked about or stood and, when nobody else had a way on, kept the game going until the
  round limit; it now plays as the scripted dwarf does, gear included, on towards
  unexplored ground, and the game ends by its rules;
- a dwarf held on a monster's cell by a monster its weapon in hand cannot beat (a ghost), or
  walled in by such monsters with no other way on (``bots.arm_for_the_way``),
  raises the coins, buys a weapon that can and takes it up (``rearm.rearm``), and one whose
  weapon can is never offered the swap that would leave it with none (``rearm.keep_arms``):
  before, it lost the fight every turn, took no wound, and the game ran to the round limit;
- a dwarf never moves a thing between its hands, its backpack and the shop at a loss of its
  own worth (``heuristic.worth``) while it has another move: one look ahead that sees the end
  of its turn end the game lost (CAT-24) or the way on no better took off its crossbow and put
  it back, over and over, to put that end off;
- a dwarf on a walk of any length (a speed potion, CAT-41) takes the scripted dwarf's step
  towards its target, or stops there (:func:`speed_walk`): every step looks alike one action
  ahead, so the search walked back and forth between two cells for ever, and the turn, which
  the round limit counts, never ended; and a search that weighed stopping against walking on
  stopped at once, the potion spent, since the way on is explored only on the next turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Rng

from . import bots, heuristic
from .ending import way_forward
from .outlook import stuck
from .rearm import keep_arms, rearm
from .verbs import Buy, Equip, Sell, Unequip

if TYPE_CHECKING:
    from meeple.core import Action

    from .state import CatacombsState


def search_moves(st: CatacombsState, legal: list[Action]) -> list[Action]:
    """The part of ``legal`` a bot weighs, on a world of the seat to act."""
    s = st.to_act
    assert s is not None
    # held on the cell of a monster nothing in hand can beat, or walled in by such monsters
    plan = rearm(st, s, legal) or bots.arm_for_the_way(st, s, legal)
    if plan is not None:
        return [plan]
    legal = keep_arms(st, s, legal)
    if st.active == s and not st.decisions:
        settled = decided(st, s)  # it follows the scripted dwarf in full
        if settled or (st.phase == "move" and st.step in ("main", "walk") and stuck(st, s)):
            step = bots.choose(st, Rng(st.n_actions))
            # a stuck dwarf whose game is open leaves its gear to the value to pick
            if step in legal and (settled or not isinstance(step[1], Equip)):
                return [step]
        if st.step == "walk" and st.walk_left is None:
            return speed_walk(st, legal)
    return _no_loss(st, heuristic.search_moves(st, legal))


def speed_walk(st: CatacombsState, legal: list[Action]) -> list[Action]:
    """CAT-41: on a walk of any length, the scripted dwarf's step, each nearer its target (so
    the walk ends), or its stop there."""
    step = bots.choose(st, Rng(st.n_actions))
    return [step] if step in legal else legal


def decided(st: CatacombsState, s: int) -> bool:
    """Dwarf ``s``'s game is decided, or in its hands alone: it is hopelessly behind, or
    every rival alive is (:func:`heuristic.hopeless`) or has no way on (CAT-24). Its value
    then reads every move alike, or reads standing still, which keeps a trailing dwarf from
    the last vein, above exploring, while only its own steps can end the game."""
    if heuristic.hopeless(st, s):
        return True
    rivals = [o for o in range(st.players) if o != s and st.alive[o]]
    return bool(rivals) and all(  # a rival still to enter has its way on before it
        heuristic.hopeless(st, o) or (st.position[o] is not None and not way_forward(st, o))
        for o in rivals)


#: Free actions (CAT-25) that only move a thing between hands, backpack and shop.
SHUFFLES = (Equip, Unequip, Buy, Sell)
#: How far below the dwarf's worth now a shuffle may leave it: more than the tie-break each
#: free action costs (``heuristic.FIDGET``), less than anything the value means.
SLACK = 1.5 * heuristic.FIDGET


def _no_loss(st: CatacombsState, legal: list[Action]) -> list[Action]:
    """``legal`` without the shuffles that leave the dwarf to act worth less than now, unless
    nothing else would remain."""
    s = st.to_act
    if st.active != s or st.decisions or not any(isinstance(a[1], SHUFFLES) for a in legal):
        return legal
    floor = heuristic.worth(st, s) - SLACK
    keep = []
    for a in legal:
        if isinstance(a[1], SHUFFLES):
            child = st.clone()
            child.apply(a)
            if heuristic.worth(child, s) < floor:
                continue
        keep.append(a)
    return keep or legal
