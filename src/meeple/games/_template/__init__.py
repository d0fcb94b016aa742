"""The skeleton a new game is copied from: a tiny card game with hidden hands.

Copy this folder to ``games/<id>/``, rename the classes, register one line in
``core/registry.py`` and replace the rules. It shows every part a game has: declared options
(``params.py``), content with provenance (``content/cards.toml``), rules as hooks
(``rules.py``), hidden information with ``_determinize``, and a renderer (``render.py``).
"""

from .rules import Template, TemplateState

__all__ = ["Template", "TemplateState"]
