"""Action prefixes an agent may not play (``!no=heal``): :class:`Restriction`, the rule the
restricted agents of :mod:`.restrict` and the search's own held moves (``Game.search_forbids``)
both keep to."""

from __future__ import annotations

from collections.abc import Iterable

from meeple.core import Action, ConfigError

from .base import shorten

#: The modifiers a spec may carry after ``!``, with their form (for refusals and docs).
MODIFIERS = {"no": "no=PREFIX[,PREFIX...]"}
HINT = ("modifiers are: " + ", ".join(MODIFIERS.values())
         + " (the actions the agent may not play, by the first words of their text; "
           "e.g. greedy!no=heal, mcts:200!no=play Splinters of Relic)")
#: Cached verdicts per restriction: a game's texts are few, but a long search sees many.
_CACHE_LIMIT = 200_000


def normal(text: str) -> str:
    """``text`` as prefixes are compared: single spaces, case folded.

    >>> normal("  Play   Splinters ")
    'play splinters'
    """
    return " ".join(text.split()).casefold()


class Restriction:
    """The actions an agent may not play: texts equal to a prefix or starting with it and a
    space (whole words; :mod:`.restrict` tells how agents keep to one). Verdicts are cached
    by action text.

    >>> r = Restriction(["heal", "play Splinters"])
    >>> [r.banned(t) for t in ("heal", "heal Bob", "healer", "play Splinters of Relic")]
    [True, True, False, True]
    >>> r.spec()
    '!no=heal,play splinters'
    """

    __slots__ = ("_banned", "prefixes")

    def __init__(self, prefixes: Iterable[str]) -> None:
        kept: list[str] = []
        for p in prefixes:
            n = normal(p)
            if not n or "," in n or "!" in n:
                raise ConfigError(f"an action prefix is one or more words without ',' or '!', "
                                  f"got {shorten(p, 40)!r}; {HINT}")
            if n not in kept:
                kept.append(n)
        if not kept:
            raise ConfigError(f"a restriction needs at least one action prefix; {HINT}")
        self.prefixes: tuple[str, ...] = tuple(kept)
        self._banned: dict[str, bool] = {}

    def spec(self) -> str:
        """The modifier as a spec writes it (``!no=heal,attach``)."""
        return "!no=" + ",".join(self.prefixes)

    def banned(self, text: str) -> bool:
        """True when the action of ``text`` is forbidden."""
        verdict = self._banned.get(text)
        if verdict is None:
            t = normal(text)
            verdict = any(t == p or t.startswith(p + " ") for p in self.prefixes)
            if len(self._banned) >= _CACHE_LIMIT:
                self._banned.clear()
            self._banned[text] = verdict
        return verdict

    def allowed(self, legal: list[Action]) -> list[Action]:
        """``legal`` without the forbidden actions; ``legal`` itself (never a copy) when none
        or all of them are forbidden. Cheap enough for every node of a search."""
        banned = self._banned
        for a in legal:
            verdict = banned.get(a[0])
            if verdict is None:
                verdict = self.banned(a[0])
            if verdict:
                break
        else:
            return legal
        kept = [a for a in legal if not self.banned(a[0])]
        return kept or legal

    def forced(self, legal: list[Action]) -> bool:
        """True when every one of ``legal`` is forbidden (the agent must play one anyway)."""
        return bool(legal) and all(self.banned(a[0]) for a in legal)


__all__ = ["MODIFIERS", "Restriction", "normal"]
