"""The games that ship with meeple; each registers by a ``meeple.games`` entry point in
meeple's ``pyproject.toml``, as a game in another package does.

``meeple.games()`` is the public function that lists the registered games, while
``meeple.games`` is also this package. Importing a game sets the package as the attribute
``meeple.games``, so the package itself is made callable and answers like the function.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[dict[str, Any]]:
        from meeple.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
