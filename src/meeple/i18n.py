"""Words for people, in English and Russian, read from gettext catalogues (``.po`` files).

Every sentence a player reads lives in a data file a translator can edit, never in code: the
shared catalogues ``meeple/locale/<lang>.po`` (the terminal's interface, coins, seats) and one
pair per game, ``games/<id>/locale/<lang>.po`` (its events, actions and content texts). Messages
are keyed: a ``msgid`` is a stable key (``event.attack.won``), its ``msgstr`` the text in that
language with ``{named}`` fields filled by :meth:`str.format`. Counted words are gettext plural
entries, chosen by the catalogue's ``Plural-Forms`` rule (1 монета, 2 монеты, 5 монет).

Catalogues are parsed with Babel once per package and language, when first asked for; nothing
here runs in the rules' hot path.

>>> t = texts("meeple", "ru")
>>> [t.count("coins", n) for n in (1, 2, 5, 21)]
['1 монета', '2 монеты', '5 монет', '21 монета']
>>> texts("meeple", "en").count("coins", 1)
'1 coin'
"""

from __future__ import annotations

import functools
import gettext
import importlib.resources
from collections.abc import Callable, Mapping
from typing import Any

from babel.messages.pofile import read_po

from meeple.core.errors import ConfigError, ContentError

#: The languages every catalogue is written in; English is the default.
LANGS = ("en", "ru")


class MissingText(ContentError):
    """A catalogue has no message for a key (a defect: tests check every key exists)."""


def check_lang(lang: str) -> str:
    """``lang`` if meeple speaks it, else a :class:`ConfigError` naming the languages."""
    if lang not in LANGS:
        raise ConfigError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    return lang


class Texts:
    """One language's messages: the shared catalogue overlaid by a package's own."""

    def __init__(self, lang: str, messages: Mapping[str, str | tuple[str, ...]],
                 plural: Callable[[int], int]) -> None:
        self.lang = lang
        self.messages = dict(messages)
        self._plural = plural

    def has(self, key: str) -> bool:
        """Whether the catalogue has a message for ``key``."""
        return key in self.messages

    def _get(self, key: str) -> str | tuple[str, ...]:
        try:
            return self.messages[key]
        except KeyError:
            raise MissingText(f"no {self.lang} text for {key!r}") from None

    def __call__(self, key: str, /, **fields: Any) -> str:
        """The message ``key`` with its ``{fields}`` filled in."""
        msg = self._get(key)
        if isinstance(msg, tuple):
            msg = msg[-1]
        return msg.format(**fields) if fields else msg

    def get(self, key: str, default: str, /, **fields: Any) -> str:
        """The message ``key`` if the catalogue has one, else ``default`` (already in words)."""
        return self(key, **fields) if key in self.messages else default

    def count(self, key: str, n: int, /, **fields: Any) -> str:
        """The plural message ``key`` in the form for ``n`` (``{n}`` is filled in too)."""
        msg = self._get(key)
        form = msg[min(self._plural(n), len(msg) - 1)] if isinstance(msg, tuple) else msg
        return form.format(n=n, **fields)


def _read(package: str, lang: str) -> tuple[dict[str, str | tuple[str, ...]], str | None]:
    """The messages of ``<package>/locale/<lang>.po`` (empty if it has none) and its plural
    rule as a C expression."""
    res = importlib.resources.files(package).joinpath("locale", f"{lang}.po")
    if not res.is_file():
        return {}, None
    with res.open("rb") as f:
        try:
            catalog = read_po(f, locale=lang, abort_invalid=True)
        except Exception as e:  # babel raises several kinds for a broken file
            raise ContentError(f"{package}/locale/{lang}.po cannot be read: {e}") from e
    out: dict[str, str | tuple[str, ...]] = {}
    for m in catalog:
        if not m.id:
            continue  # the header
        key = m.id[0] if isinstance(m.id, tuple | list) else m.id
        text = tuple(m.string) if isinstance(m.string, tuple | list) else m.string
        if not text or (isinstance(text, tuple) and not all(text)):
            raise ContentError(f"{package}/locale/{lang}.po: {key!r} has no text")
        out[str(key)] = text
    return out, catalog.plural_expr


@functools.cache
def texts(package: str, lang: str) -> Texts:
    """The messages for ``package`` (``"meeple.games.myth"``) in ``lang``, over the shared ones
    of ``meeple``."""
    check_lang(lang)
    messages, expr = _read("meeple", lang)
    if package != "meeple":
        own, own_expr = _read(package, lang)
        messages.update(own)
        expr = own_expr or expr
    plural: Callable[[int], int] = gettext.c2py(expr or "(n != 1)")
    return Texts(lang, messages, plural)


def coins(n: int, lang: str) -> str:
    """``n`` coins in words: "1 coin", "5 монет"."""
    return texts("meeple", lang).count("coins", n)
