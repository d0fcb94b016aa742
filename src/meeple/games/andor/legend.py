"""The legend track and its cards (AND-30..34, 84, 89): the narrator, goals and the end.

A card's creatures are returned for :mod:`.actions` to place; the end of the legend is
:func:`.turn.finish`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile
from meeple.core import Result

from . import board, turn
from .content import LETTERS

if TYPE_CHECKING:
    from .state import AndorState


def set_up(st: AndorState) -> None:
    """AND-35/40/68: heroes on their regions, the board stocked, the fog laid face down."""
    g = st.game
    setup = g.legend.setup
    n = st.players
    st.position = [setup.start[h] for h in g.hero_ids]
    st.strength = [setup.strength] * n
    st.willpower = [setup.willpower] * n
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
    st.stock = {a.id: a.count for a in g.content.articles.values() if a.sold}  # AND-35
    st.deck = pile.new(g.content.events)  # AND-27: face down, drawn at random (a pile)
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
    st.last_event = None
    st.ending = None
    st.ending_detail = ""
    if setup.fog:  # AND-68: fog tokens lie face down on the fog regions
        tokens = [f.id for f in g.content.fog for _ in range(f.count)]
        st.rng.shuffle(tokens)
        st.fog = dict(zip(g.fog_regions, tokens, strict=True))


def first_hero(st: AndorState) -> int:
    """AND-34: the hero with the lowest rank opens the legend."""
    g = st.game
    return min(range(st.players), key=lambda s: g.content.heroes[g.hero_ids[s]].rank)


def advance_narrator(st: AndorState) -> str | None:
    """AND-30/31: the narrator steps one letter on; the letter reached (None on N already)."""
    if st.letter >= len(LETTERS) - 1:
        return None
    st.letter += 1
    letter = LETTERS[st.letter]
    st._emit("narrator", letter=letter)
    return letter


def read_card(st: AndorState, letter: str) -> list[tuple[str, int]]:
    """AND-32: do what a legend card says; the creatures it places, in order, are returned
    as (kind, region) for :mod:`.actions` to place."""
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
        board.add_farmers(st, r, 1)
    for rune, r in card.runes:
        board.drop(st, r, rune)
    more = [(k, r) for k, r, n in card.place_more if st.players >= n]
    return [*card.place, *more]


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
        turn.finish(st, "goals-met", "The narrator reached N with every goal met.")
    else:
        turn.finish(st, "goals-unmet", "The narrator reached N before every goal was met.")


def check_early(st: AndorState) -> None:
    """With ``early_victory``, the legend is won the moment its goals are met."""
    if st.game.config["early_victory"] and st.ending is None and all(goals_met(st)):
        turn.finish(st, "goals-met", "Every goal of the legend was met.")


def result(st: AndorState) -> Result:
    """AND-84: every hero wins or every hero loses, with the reason and where it ended: the
    day, the narrator's letter and the castle's golden shields still free (the margin)."""
    n = st.players
    won = st.ending == "goals-met"
    free = max(0, st.game.shields + st.castle_farmers - st.castle_creatures)
    return Result(tuple(range(n)) if won else (), (1.0 if won else 0.0,) * n,
                  st.n_actions, st.ending or "", st.ending_detail,
                  {"day": st.day, "letter": LETTERS[st.letter], "shields": free,
                   "roles": list(st.game.hero_ids)})
