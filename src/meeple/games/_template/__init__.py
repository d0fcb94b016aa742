"""The skeleton a new game is copied from: a tiny card game with hidden hands.

Copy this folder to ``games/<id>/`` and ``tests/games/_template/`` to ``tests/games/<id>/``,
rename the classes, add a ``meeple.games`` entry point for the game in ``pyproject.toml`` and
replace the rules. It has every part a game has (docs/architecture.md, "A game's parts"):

- ``game.py``: the Game class (names, player counts, options, content loading);
- ``state.py``: the State's fields, the game's ``Phase``, ``Step`` and ``Ending`` words, and the
  contract hooks, each handed to a module below;
- ``verbs.py``: the verbs (typed dataclasses) and every verb the game could offer;
- ``notation.py``: each verb as its action's text, and back (doctested);
- ``actions.py``: the legal actions and ``RULES``, the rule of each verb;
- ``turn.py``: the turn machinery at the bottom of the rules (who acts, the end);
- ``cards.py``: a mechanic, named after the rulebook's part; it calls ``turn``, never a
  sibling;
- ``view.py``: what a seat sees (typed: ``Keys`` and ``View``), and the worlds
  ``determinize`` makes for it;
- ``labels.py``, ``text.py``, ``lookup.py``: actions, events and cards in words;
- ``places.py``: where each action happens on the drawn table (``KEYS``, ``BUTTONS``);
- ``validate.py``: what ``restore`` checks that only this game knows;
- ``content.py`` + ``content/cards.toml``: the cards, with provenance, validated;
- ``params.py``: options and balance knobs, each declared once with its range;
- ``heuristic.py``: how promising an unfinished game looks, for the bots;
- ``render.py``: a view as terminal text;
- ``tensor.py``: a view as numbers, for learning environments (optional).
"""

from .game import Template

__all__ = ["Template"]
