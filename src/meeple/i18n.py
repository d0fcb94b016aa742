"""Words for people, in every language meeple has catalogues for, read from gettext catalogues
(``.po`` files).

Every sentence a player reads lives in a data file a translator can edit, never in code: the
shared catalogues ``meeple/locale/<lang>.po`` (the terminal's interface, coins, seats) and one
pair per game, ``games/<id>/locale/<lang>.po`` (its events, actions and content texts). Messages
are keyed: a ``msgid`` is a stable key (``event.attack.won``), its ``msgstr`` the text in that
language with ``{named}`` fields filled by :meth:`str.format`. Counted words are gettext plural
entries, their form chosen by the language's plural rule from Unicode's CLDR as Babel knows it
(1 монета, 2 монеты, 5 монет); the forms are in CLDR's order of the language's categories
(``one``, ``few``, ``many``…), as Babel writes a catalogue's ``Plural-Forms``.

The languages are those of the shared catalogues present (``meeple/locale/<lang>.po``), English
first: a language is added by adding its catalogues, and nothing else names it.

Catalogues are parsed with Babel once per package and language, when first asked for; nothing
here runs in the rules' hot path.

>>> t = texts("meeple", "ru")
>>> [t.count("coins", n) for n in (1, 2, 5, 21)]
['1 монета', '2 монеты', '5 монет', '21 монета']
>>> texts("meeple", "en").count("coins", 1)
'1 coin'
>>> LANGS[0], [language_name(lang) for lang in LANGS][:1]
('en', ['English'])
"""

from __future__ import annotations

import functools
import importlib.resources
from collections.abc import Callable, Mapping
from typing import Any

from babel import Locale
from babel.messages.pofile import read_po

from meeple.core.errors import ConfigError, ContentError

#: The language every text has, the default one.
DEFAULT = "en"
#: CLDR's plural categories in the order gettext numbers a language's forms.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def _languages() -> tuple[str, ...]:
    """The languages of the shared catalogues present, English first, the others by code."""
    folder = importlib.resources.files("meeple").joinpath("locale")
    found = {f.name.removesuffix(".po") for f in folder.iterdir() if f.name.endswith(".po")}
    return tuple(sorted(found, key=lambda lang: (lang != DEFAULT, lang)))


#: The languages meeple speaks: those of its shared catalogues, English first.
LANGS = _languages()


class MissingText(ContentError):
    """A catalogue has no message for a key (a defect: tests check every key exists)."""


def language_name(lang: str) -> str:
    """The name of ``lang`` in that language, as a language switch shows it ("Русский")."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def plural_rule(lang: str) -> Callable[[int], int]:
    """The number of the plural form for ``n`` in ``lang`` (CLDR's rule, by Babel), counting
    the language's categories in :data:`CATEGORIES` order.

    >>> [plural_rule("ru")(n) for n in (1, 2, 5, 11, 21)], plural_rule("en")(0)
    ([0, 1, 2, 2, 0], 1)
    """
    rule = Locale.parse(lang).plural_form
    order = [c for c in CATEGORIES if c in rule.tags or c == "other"]
    return lambda n: order.index(rule(n))


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


def _read(package: str, lang: str) -> dict[str, str | tuple[str, ...]]:
    """The messages of ``<package>/locale/<lang>.po`` (empty if it has none)."""
    res = importlib.resources.files(package).joinpath("locale", f"{lang}.po")
    if not res.is_file():
        return {}
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
    return out


@functools.cache
def texts(package: str, lang: str) -> Texts:
    """The messages for ``package`` (``"meeple.games.myth"``) in ``lang``, over the shared ones
    of ``meeple``."""
    check_lang(lang)
    messages = _read("meeple", lang)
    if package != "meeple":
        messages.update(_read(package, lang))
    return Texts(lang, messages, plural_rule(lang))


def coins(n: int, lang: str) -> str:
    """``n`` coins in words: "1 coin", "5 монет"."""
    return texts("meeple", lang).count("coins", n)
