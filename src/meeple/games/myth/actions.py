"""The legal actions of the seat to act, the rule each verb triggers, and the order of a turn's
stages.

The turn's step (``st.step``) says which decision is waited for; the choices a card asks and a
monster's target are read from the top of ``st.decisions``. :func:`legal` looks every action up
in the :class:`Menu` built once per game (it never makes a verb). Each handler of
:data:`RULES` calls a mechanic, then :func:`carry_on` runs the stages that mechanic hands over
to (the events after a move, the battle after the events, the end after the battle...) until a
seat must decide again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.components.tilegrid import SIDES
from meeple.core import Action, Dispatch

from . import battle, cards, dungeon, events, heroes, quests, turn
from .decisions import Deceive, Destroy, Discard, Nod
from .turn import Stage
from .verbs import (
    Attack,
    AvataraHeal,
    CardId,
    Cell,
    DeceiveHero,
    DestroyItem,
    DiscardCard,
    Draw,
    DreamOrder,
    EndTurn,
    Explore,
    ExtraTurn,
    Fight,
    Heal,
    HeroId,
    Imprison,
    Move,
    NodTo,
    Pass,
    Passages,
    Place,
    Play,
    QuestId,
    Redraw,
    Remove,
    Resolve,
    Show,
    Side,
    Stay,
    StayPut,
    Swap,
    TargetHero,
    cells,
    most_drawn,
)

if TYPE_CHECKING:
    from .game import Myth
    from .state import MythState

#: The rules of each verb: ``RULES(state, verb)`` (one handler per verb, docs/architecture.md).
RULES: Dispatch[MythState, None] = Dispatch("Myth's rules")


class Menu:
    """Every action Myth can offer, by what the rules compute (a count, a side, a card's id, a
    cell, a hero's id), built once per game from its universe: :func:`legal` only looks up."""

    def __init__(self, game: Myth) -> None:
        c, act = game.content, game.action
        cfg = game.config
        card_ids = [CardId(k) for k in c.cards]
        self.draw = tuple(act(Draw(n))
                          for n in range(most_drawn(cfg["hand_size"], cfg["bank"]) + 1))
        self.move = {s: act(Move(Side(s))) for s in SIDES}
        self.explore = {s: act(Explore(Side(s))) for s in SIDES}
        self.stay, self.redraw, self.fight = act(Stay()), act(Redraw()), act(Fight())
        self.place = {m: act(Place(Passages(m))) for m in range(1, 16)}
        self.forbid, self.allow = act(DreamOrder(False)), act(DreamOrder(True))
        self.play: dict[str, Action] = {k: act(Play(k)) for k in card_ids}
        self.pass_ = act(Pass())
        self.resolve: dict[str, Action] = {k: act(Resolve(k)) for k in card_ids}
        self.nod: dict[Cell, Action] = {cell: act(NodTo(cell)) for cell in cells()}
        self.stay_put = act(StayPut())
        self.discard: dict[str, Action] = {k: act(DiscardCard(k)) for k in card_ids}
        self.destroy: dict[str, Action] = {a[1].card: a for a in game.action_universe()
                                           if isinstance(a[1], DestroyItem)}
        self.deceive = {h: act(DeceiveHero(HeroId(h))) for h in c.heroes}
        monsters = [k for k in card_ids if c.cards[k].monster]
        self.remove: dict[str, Action] = {m: act(Remove(m)) for m in monsters}
        self.imprison: dict[str, Action] = {m: act(Imprison(m)) for m in monsters}
        self.attack: dict[str, Action] = {m: act(Attack(m)) for m in monsters}
        self.target = {h: act(TargetHero(HeroId(h))) for h in c.heroes}
        self.show = {q: act(Show(QuestId(q))) for q in c.quests}
        self.swap = {q: act(Swap(QuestId(q))) for q in c.quests}
        self.heal, self.avatara = act(Heal()), act(AvataraHeal())
        self.extra, self.end = act(ExtraTurn()), act(EndTurn())


# ------------------------------------------------------------------ the legal actions
def _choices(st: MythState) -> list[Action]:
    """The turn's choices of resources: show or swap a quest, heal, the Avatara's heal."""
    m = st.game.menu
    shows, swaps = quests.choices(st)
    out = [*(m.show[q] for q in shows), *(m.swap[q] for q in swaps)]
    heal, avatara = turn.healing(st)
    if heal:
        out.append(m.heal)
    if avatara:
        out.append(m.avatara)
    return out


def _move(st: MythState) -> list[Action]:
    m = st.game.menu
    extra = [] if st.dreaming else _choices(st)
    ways = [(m.explore if new else m.move)[side] for new, side in dungeon.ways(st)]
    return [*extra, *ways, m.stay]


def _place(st: MythState) -> list[Action]:
    m = st.game.menu
    out = [m.place[mask] for mask in dungeon.orientations(st)]
    if dungeon.can_redraw(st):
        out.append(m.redraw)
    return out


def _offer(st: MythState) -> list[Action]:
    seat = st.to_act
    assert seat is not None
    m = st.game.menu
    return [*(m.play[c] for c in events.playable(st, seat)), m.pass_]


def _sub(st: MythState) -> list[Action]:
    """The choice a resolving card asks of a hero (top of the stack)."""
    d = st.decisions[-1]
    s = d.seat
    m = st.game.menu
    if isinstance(d, Nod):
        return [m.nod[c] for c in dungeon.nod_targets(st, s)] + [m.stay_put]
    if isinstance(d, Discard):
        return [m.discard[c] for c in dict.fromkeys(st.hand[s])]
    if isinstance(d, Destroy):
        return [m.destroy[c] for c in cards.destroyable(st, s)]
    assert isinstance(d, Deceive)
    return [m.deceive[st.hero[o]] for o in heroes.living(st) if st.hand[o]]


def _prebattle(st: MythState) -> list[Action]:
    m = st.game.menu
    return [(m.remove if kind == "remove" else m.imprison)[monster]
            for kind, monster in battle.prebattle_options(st)] + [m.fight]


def _end(st: MythState) -> list[Action]:
    m = st.game.menu
    out = _choices(st)
    if turn.can_buy_extra(st):
        out.append(m.extra)
    out.append(m.end)
    return out


LEGAL: dict[str, Callable[[MythState], list[Action]]] = {
    "draw": lambda st: list(st.game.menu.draw[:turn.draw_limit(st) + 1]),
    "move": _move,
    "place": _place,
    "forbid": lambda st: [st.game.menu.forbid, st.game.menu.allow],
    "offer": _offer,
    "order": lambda st: [st.game.menu.resolve[c] for c in cards.next_choices(st)],
    "sub": _sub,
    "prebattle": _prebattle,
    "attack": lambda st: [st.game.menu.attack[m] for m in
                          dict.fromkeys(st.enemies[st.position[st.active]])],
    "target": lambda st: [st.game.menu.target[st.hero[h]] for h in
                          heroes.heroes_on(st, st.position[st.active], st.active)],
    "end": _end,
}


def legal(st: MythState) -> list[Action]:
    """The actions of the seat to act, in a fixed order."""
    assert st.step is not None
    return LEGAL[st.step](st)


# ------------------------------------------------------------------ the stages of a turn
def _web(st: MythState) -> Stage:
    """MYTH-75: a webbed hero tries once to tear the web at his turn's start; then the draw."""
    cards.escape_web(st, st.active)
    return turn.to_draw(st)


def _to_end(st: MythState) -> Stage:
    shows, swaps = quests.choices(st)
    return turn.to_end(st, bool(shows or swaps))


STAGES: dict[str, Callable[[MythState], Stage]] = {
    "web": _web, "events": events.begin, "reveal": cards.reveal, "battle": battle.begin,
    "end": _to_end, "end_turn": turn.end_turn,
}


def carry_on(st: MythState, stage: Stage) -> None:
    """Run the stages mechanics hand over to, until a seat must decide or the game ends."""
    while stage is not None:
        stage = STAGES[stage](st)


def setup(st: MythState) -> None:
    """Set the game up and begin the first turn."""
    carry_on(st, turn.setup(st))


# ------------------------------------------------------------------ the rules of each verb
@RULES.on(Draw)
def _draw(st: MythState, verb: Draw) -> None:
    carry_on(st, turn.draw(st, verb.count))


@RULES.on(Move)
def _walk(st: MythState, verb: Move) -> None:
    carry_on(st, dungeon.move(st, verb.side))


@RULES.on(Explore)
def _explore(st: MythState, verb: Explore) -> None:
    carry_on(st, dungeon.explore(st, verb.side))


@RULES.on(Stay)
def _stay(st: MythState, verb: Stay) -> None:
    carry_on(st, "battle")


@RULES.on(Place)
def _lay(st: MythState, verb: Place) -> None:
    carry_on(st, dungeon.place(st, verb.passages))


@RULES.on(Redraw)
def _redraw(st: MythState, verb: Redraw) -> None:
    carry_on(st, dungeon.redraw(st))


@RULES.on(DreamOrder)
def _dream_order(st: MythState, verb: DreamOrder) -> None:
    carry_on(st, events.order(st, verb.allow))


@RULES.on(Play)
def _play(st: MythState, verb: Play) -> None:
    seat = st.to_act
    assert seat is not None
    carry_on(st, events.play(st, seat, verb.card))


@RULES.on(Pass)
def _pass(st: MythState, verb: Pass) -> None:
    carry_on(st, events.pass_offer(st))


@RULES.on(Resolve)
def _resolve(st: MythState, verb: Resolve) -> None:
    cards.resolve(st, verb.card)
    carry_on(st, cards.resolve_loop(st))


@RULES.on(NodTo)
def _nod(st: MythState, verb: NodTo) -> None:
    carry_on(st, cards.nod(st, verb.cell))


@RULES.on(StayPut)
def _stay_put(st: MythState, verb: StayPut) -> None:
    carry_on(st, cards.nod(st, None))


@RULES.on(DiscardCard)
def _discard(st: MythState, verb: DiscardCard) -> None:
    carry_on(st, cards.discard(st, verb.card))


@RULES.on(DestroyItem)
def _destroy(st: MythState, verb: DestroyItem) -> None:
    carry_on(st, cards.destroy(st, verb.card))


@RULES.on(DeceiveHero)
def _deceive(st: MythState, verb: DeceiveHero) -> None:
    carry_on(st, cards.deceive(st, heroes.seat_of(st, verb.hero)))


@RULES.on(Remove)
def _remove(st: MythState, verb: Remove) -> None:
    carry_on(st, battle.remove(st, "remove", verb.monster))


@RULES.on(Imprison)
def _imprison(st: MythState, verb: Imprison) -> None:
    carry_on(st, battle.remove(st, "imprison", verb.monster))


@RULES.on(Fight)
def _fight(st: MythState, verb: Fight) -> None:
    carry_on(st, battle.fight(st))


@RULES.on(Attack)
def _attack(st: MythState, verb: Attack) -> None:
    carry_on(st, battle.attack(st, verb.monster))


@RULES.on(TargetHero)
def _target(st: MythState, verb: TargetHero) -> None:
    carry_on(st, battle.target(st, heroes.seat_of(st, verb.hero)))


@RULES.on(Show)
def _show(st: MythState, verb: Show) -> None:
    quests.show(st, verb.quest)
    carry_on(st, turn.after_choice(st))


@RULES.on(Swap)
def _swap(st: MythState, verb: Swap) -> None:
    quests.swap(st, verb.quest)
    carry_on(st, turn.after_choice(st))


@RULES.on(Heal)
def _heal(st: MythState, verb: Heal) -> None:
    turn.heal(st)
    carry_on(st, turn.after_choice(st))


@RULES.on(AvataraHeal)
def _avatara(st: MythState, verb: AvataraHeal) -> None:
    turn.avatara_heal(st)
    carry_on(st, turn.after_choice(st))


@RULES.on(ExtraTurn)
def _extra(st: MythState, verb: ExtraTurn) -> None:
    turn.buy_extra(st)
    carry_on(st, turn.after_choice(st))


@RULES.on(EndTurn)
def _end_turn(st: MythState, verb: EndTurn) -> None:
    carry_on(st, turn.end_turn(st))
