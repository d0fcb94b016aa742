"""A game as a lobby presents it, in the player's language: its name, what it is about, what each
option changes and what each choice is called, and the bots that can take a seat.

``Game.info()`` is the English data of a game; its words for a lobby live in the game's own
catalogues (``games/<id>/locale/<lang>.po``): ``game.description``, ``option.<name>`` and
``option.<name>.<choice>``. A game that lacks one of them (a new game, not yet translated) shows
its English text from ``info()`` there, and a choice its value.

>>> info = lobby_info("andor", "ru")
>>> info["name"], info["options"][0]["choice_names"]["intro"]
('Легенды Андора', 'Вводная легенда «Первый дозор»')
>>> info["options"][1]["items"], info["options"][1]["item_names"]["archer"]
(['warrior', 'archer', 'dwarf', 'wizard'], 'Лучница Чада')
>>> [b["name"] for b in info["bots"]]
['лёгкий', 'средний', 'сильный', 'сценарный']
>>> info["agents"]["greedy"], info["agents"]["mcts"]
('лёгкий', 'думающий')
"""

from __future__ import annotations

import sys
from typing import Any

from meeple.agents import AGENTS, game_bots
from meeple.agents.levels import entries
from meeple.content import localized
from meeple.core import Game, game_class
from meeple.i18n import Texts, check_lang, texts
from meeple.tui.levels import level_words, seat_words


def game_texts(cls: type[Game[Any]], lang: str) -> Texts:
    """The catalogue of the package that holds the game class, in ``lang``."""
    module = sys.modules[cls.__module__]
    return texts(module.__package__ or module.__name__, lang)


def lobby_info(game_id: str, lang: str) -> dict[str, Any]:
    """``Game.info()`` of ``game_id`` in ``lang``: ``name`` in that language, ``description``
    and each option's ``doc`` from the catalogue, ``choice_names`` (choice → its name) beside
    an option's ``choices`` and ``item_names`` (item → its name) beside the ``items`` an option
    lists (Andor's heroes by seat), ``bots``: each bot a lobby offers for a seat, its levels and
    its scripted bots (``seat``: what a seat list names it by, ``spec``: the agent it is,
    ``name``, ``about``: how it plays, ``strength``: how strong it was measured to be), and
    ``agents``: the name of every agent a seat may have (by agent name, and by spec for the
    game's own bots and its levels, which name theirs: ``greedy`` is the easy bot), so that a
    page names any seat without a list of its own.
    An unknown game or language is a :class:`~meeple.core.errors.ConfigError`."""
    check_lang(lang)
    cls = game_class(game_id)
    t = game_texts(cls, lang)
    info = cls.info()
    info["name"] = localized(cls, "name", lang)
    info["description"] = t.get("game.description", info["description"])
    for option in info["options"]:
        key = f"option.{option['name']}"
        option["doc"] = t.get(key, option["doc"])
        if "choices" in option:
            option["choice_names"] = {str(c): t.get(f"{key}.{c}", str(c))
                                      for c in option["choices"]}
        if "items" in option:
            option["item_names"] = {str(i): t.get(f"{key}.{i}", str(i))
                                    for i in option["items"]}
    info["bots"] = [level_words(e, lang) for e in entries(game_id)]
    info["agents"] = {spec: seat_words(spec, game_id, lang)
                      for spec in (*(a.name for a in AGENTS), *game_bots(game_id),
                                   *(e.spec for e in entries(game_id)))}
    return info
