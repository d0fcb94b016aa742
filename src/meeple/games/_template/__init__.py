"""The skeleton a new game is copied from: a tiny card game with hidden hands.

Copy this folder to ``games/<id>/`` and ``tests/games/_template/`` to ``tests/games/<id>/``,
rename the classes, add a ``meeple.games`` entry point for the game in ``pyproject.toml`` and
replace the rules. It has every part a game has (docs/architecture.md, "A game's parts"):

- ``game.py``: the Game class (names, player counts, options, content loading);
- ``state.py``: the State's fields and the contract hooks, each handed to a module below;
- ``actions.py``: the legal actions and the dispatch of an action to its mechanic;
- ``turn.py``: the rules, as functions over the state, named after the rulebook's part;
- ``view.py``: what a seat sees, and the worlds ``determinize`` makes for it;
- ``validate.py``: what ``restore`` checks that only this game knows;
- ``content.py`` + ``content/cards.toml``: the cards, with provenance, validated;
- ``params.py``: options and balance knobs, each declared once with its range;
- ``heuristic.py``: how promising an unfinished game looks, for the bots;
- ``render.py``: a view as terminal text.
"""

from .game import Template

__all__ = ["Template"]
