"""The levels (:mod:`meeple.agents.levels`) in words, for the terminal and the lobby: a level's
name, the sentence on how it plays and how strong it was measured to be; and what a bot
weighed, as the terminal's ``why`` and the web table tell it (:func:`weighed_words`).

>>> words = level_words(entries("myth")[2], "en")
>>> words["seat"], words["name"], words["about"][:36]
('strong', 'strong', 'Before each move it plays out up to ')
>>> seat_words("greedy", "myth", "ru")
'лёгкий'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from babel.numbers import format_decimal

from meeple.agents import OTHER, Reason, about
from meeple.agents.levels import LEVELS, YARDSTICK, Entry, entries, seat_name
from meeple.core import Game, game_class
from meeple.i18n import Texts, texts

#: Below this, a decision is "instant" to a person (milliseconds).
INSTANT_MS = 50.0
#: Below this many games a strength is told as counted, not as "about N of 10".
FEW_GAMES = 10


def _name(entry: Entry, t: Texts) -> str:
    """A level's name ("strong"), or a scripted bot's ("scripted")."""
    return t(f"level.{entry.name}") if entry.name in LEVELS else t.get(f"bot.{entry.name}",
                                                                       t(OTHER))


def strength_words(entry: Entry, t: Texts) -> str:
    """How strong ``entry`` was measured to be: "wins about 8 of 10 two-player games against the
    easy bot, 0.4 s a move" (after a few games, or nearly all or none won, "won 3 of the 4
    ..."), as every level is measured with two seats; in a cooperative game how often a team
    of it wins; the easy bot is the yardstick; "not measured yet" before any measurement."""
    s = entry.strength
    if s is None:
        return t("level.unmeasured")
    if s.ms < INSTANT_MS:
        pace = t("level.instant")
    else:
        pace = t("level.pace", seconds=format_decimal(round(s.ms / 1000, 1), locale=t.lang))
    team = game_class(entry.game).cooperative
    if entry.spec == YARDSTICK and not team:
        return t("level.yardstick", pace=pace)
    tenths = round(10 * s.rate)
    # Too few games to say "about 8 of 10", or a rate that rounds to none or all of them
    # (where "about 10 of 10" would read the same for 150 of 153 and 22 of 22): as counted.
    counted = s.games < FEW_GAMES or tenths in (0, 10)
    key = ("level.team_wins" if team else "level.wins") + ("_few" if counted else "")
    if team:  # a game may name its plays ("legends") in a sentence of its own
        key = f"{key}.{entry.game}" if f"{key}.{entry.game}" in t.messages else key
    return t(key, wins=s.wins if counted else tenths, games=s.games, pace=pace)


def level_words(entry: Entry, lang: str) -> dict[str, str]:
    """``entry`` for a person: ``seat`` (what a seat list names it by), ``spec``, ``name``,
    ``about`` (how it plays) and ``strength``, in ``lang``."""
    t = texts("meeple", lang)
    return {"seat": entry.seat, "spec": entry.spec, "name": _name(entry, t),
            "about": t.get(entry.about, t.get(f"level.{entry.name}.about", "")),
            "strength": strength_words(entry, t)}


def seat_words(spec: str, game: str, lang: str) -> str:
    """The name of the bot of ``spec`` in ``game``: its level ("strong") or its scripted bot's
    name if it is one, else the agent's name ("searching")."""
    t = texts("meeple", lang)
    name = seat_name(spec, game)
    if name is not None:
        return next(_name(e, t) for e in entries(game) if e.name == name)
    return t.get(about(spec), t(OTHER))


def help_lines(lang: str = "en") -> list[str]:
    """One line per level for a command's help: its name and what it is in every game."""
    t = texts("meeple", lang)
    return [f"{lv}: {t(f'level.{lv}.about')}" for lv in LEVELS]


def weighed_words(game: Game[Any], rows: Iterable[tuple[str | None, str]], t: Texts
                  ) -> list[tuple[str, str]]:
    """Rows of what a bot weighed as one seat may read them (``explain_for``: a move's text,
    None for a move hidden from it, and the reason) in ``t``'s language: the move by its label
    and the reason told from the catalogue (a bot's plain text as it wrote it)."""
    return [(game.label(game.logged(text), t.lang, None) if text is not None
             else t("ui.hidden_move"),
             t(why.key, **why.fields) if isinstance(why, Reason) and t.has(why.key) else why)
            for text, why in rows]
