"""The legend track and its cards (AND-30..34, 84, 89): the narrator, goals and the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile
from meeple.core import Result

from . import creatures, day, free
from .content import LETTERS

if TYPE_CHECKING:
    from .state import AndorState


def set_up(st: AndorState) -> None:
    """AND-34/35/40/68: heroes on their regions, the board stocked, card A read."""
    g = st.game
    setup = g.legend.setup
    n = st.players
    st.pos = [setup.start[h] for h in g.hero_ids]
    st.sp = [setup.strength] * n
    st.wp = [setup.willpower] * n
    st.gold = [setup.gold] * n
    st.hours = [0] * n
    st.ended = [False] * n
    st.items = [()] * n
    st.carried = [0] * n
    st.falcon_used = [False] * n
    st.creatures, st.farmers, st.ground, st.fog = {}, {}, {}, {}
    st.killed = ()
    st.wells_full = frozenset(g.wells)
    st.fog_seen = frozenset()
    st.blocked = frozenset()
    st.stock = {a.id: a.count for a in g.c.articles.values() if a.sold}  # AND-35
    st.deck = pile.new(g.c.events)  # AND-27: face down, drawn at random (a pile)
    st.discard = ()
    st.cards_read = ()
    st.fight = None
    st.day = 1
    st.letter = 0  # AND-34: the narrator starts on A
    st.rooster = None
    st.free_steps = st.free_used = 0
    st.falcon_partner = None
    st.castle_creatures = st.castle_farmers = 0
    st.herb_delivered = False
    st.market_open = setup.market
    st.witch = None
    st.creature_bonus = st.next_day_hours = 0
    st.last_event = st.outcome = st.outcome_detail = ""
    if setup.fog:  # AND-68: fog tokens lie face down on the fog regions
        tokens = [f.id for f in g.c.fog for _ in range(f.count)]
        st.rng.shuffle(tokens)
        st.fog = dict(zip(g.fog_regions, tokens, strict=True))
    read_card(st, "A")  # AND-34: card A is read first
    # AND-40: the hero with the lowest rank opens the legend.
    first = min(range(n), key=lambda s: g.c.heroes[g.hero_ids[s]].rank)
    day.begin_turn(st, first)


def advance_narrator(st: AndorState) -> None:
    """AND-30/31/32/33: one letter on; a star letter's card is read; N ends the legend."""
    if st.letter >= len(LETTERS) - 1:
        return
    st.letter += 1
    letter = LETTERS[st.letter]
    st._emit("narrator", letter=letter)
    if letter in st.game.legend.cards:
        read_card(st, letter)
    if letter == "N" and not st.outcome:
        judge(st)


def read_card(st: AndorState, letter: str) -> None:
    """AND-32: do what a legend card says."""
    card = st.game.legend.cards[letter]
    st.cards_read = (*st.cards_read, letter)
    st._emit("legend_card", letter=letter, name=card.name)
    if card.market:
        st.market_open = True
    if card.witch is not None:
        st.witch = card.witch
    if card.block:
        st.blocked = st.blocked | set(card.block)
    for r in card.farmers:
        free.add_farmers(st, r, 1)
    for rune, r in card.runes:
        drop(st, r, rune)
    more = [(k, r) for k, r, n in card.place_more if st.players >= n]
    for kind, r in [*card.place, *more]:
        creatures.place(st, kind, r)
        if st.outcome:
            return


def drop(st: AndorState, region: int, item: str) -> None:
    """An article or token is left lying on a region."""
    st.ground[region] = (*st.ground.get(region, ()), item)


def goals_met(st: AndorState) -> list[bool]:
    """Each goal of the legend: met or not."""
    out = []
    for g in st.game.legend.info.goals:
        kind, _, arg = g.partition(":")
        out.append(arg in st.killed if kind == "kill" else st.herb_delivered)
    return out


def judge(st: AndorState) -> None:
    """AND-33/89: at N the legend ends; won if every goal is met and the castle holds."""
    if all(goals_met(st)):
        finish(st, "goals-met", "The narrator reached N with every goal met.")
    else:
        finish(st, "goals-unmet", "The narrator reached N before every goal was met.")


def check_early(st: AndorState) -> None:
    """With ``early_victory``, the legend is won the moment its goals are met."""
    if st.game.config["early_victory"] and all(goals_met(st)) and not st.outcome:
        finish(st, "goals-met", "Every goal of the legend was met.")


def result(st: AndorState) -> Result:
    """AND-84: every hero wins or every hero loses, with the reason and where it ended."""
    n = st.players
    won = st.outcome == "goals-met"
    return Result(tuple(range(n)) if won else (), (1.0 if won else 0.0,) * n,
                  st.n_actions, st.outcome, st.outcome_detail,
                  {"day": st.day, "letter": LETTERS[st.letter], "roles": list(st.game.hero_ids)})


def finish(st: AndorState, reason: str, detail: str) -> None:
    """AND-84: all heroes win or lose together."""
    st.outcome = reason
    st.outcome_detail = detail
    st.fight = None
    st.decisions.clear()
    st.to_act = None
    st._emit("legend_over", reason=reason, detail=detail)
