"""The registry's ``game_class.cache_clear``, typed for the tests that register games on the fly.

``meeple.core.registry`` attaches ``cache_clear`` to ``game_class`` at import (it forgets the
registered games and the loaded classes), so the function's declared type does not show it.
"""

from __future__ import annotations

from typing import Protocol, cast

from meeple.core import registry


class _Forgets(Protocol):
    def cache_clear(self) -> None: ...


def forget_games() -> None:
    """Forget the registered games and loaded classes: the next look-up reads them afresh."""
    cast(_Forgets, registry.game_class).cache_clear()
