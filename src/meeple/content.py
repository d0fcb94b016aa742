"""The one module that reads content files: TOML tables validated against pydantic schemas.

A content file holds arrays of tables, one array per section::

    [[weapon]]
    id = "axe"
    name = "Axe"
    name_ru = "Топор"
    source = "authored"
    strength = 3

A game declares a schema per section (a subclass of :class:`Entry`) and loads it once::

    WEAPONS = load_section("meeple.games.catacombs", "items.toml", "weapon", Weapon)

A broken file raises :class:`~meeple.core.ContentError` naming the file, the entry and the
field. Loaded entries are frozen and shared by every state; states keep only ids.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from meeple.core.errors import ContentError

M = TypeVar("M", bound="Entry")


class Entry(BaseModel):
    """The fields every content entry has: an id, names, and where its numbers come from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str = ""
    name_ru: str = ""
    source: Literal["rulebook", "authored"]
    note: str = ""

    def label(self, lang: str = "en") -> str:
        """The name in ``lang`` ("en" or "ru"), falling back to the other, then the id."""
        if lang == "ru":
            return self.name_ru or self.name or self.id
        return self.name or self.name_ru or self.id


def _where(package: str, filename: str) -> str:
    return f"{package.replace('.', '/')}/content/{filename}"


@cache
def read_toml(package: str, filename: str) -> dict[str, Any]:
    """The parsed TOML of ``<package>/content/<filename>`` (cached)."""
    where = _where(package, filename)
    try:
        text = resources.files(package).joinpath("content", filename).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as e:
        raise ContentError(f"{where}: content file not found ({e})", file=where) from None
    return parse_toml(text, where)


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes ContentError naming ``where``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{where}: not valid TOML: {e}", file=where) from None


def validate(data: dict[str, Any], section: str, model: type[M], where: str) -> tuple[M, ...]:
    """Validate every entry of ``data[section]``; the first error raises ContentError."""
    rows = data.get(section)
    if not isinstance(rows, list) or not rows:
        raise ContentError(f"{where}: no [[{section}]] entries", file=where, entry=section)
    out: list[M] = []
    seen: set[str] = set()
    for i, row in enumerate(rows):
        entry = str(row.get("id", f"#{i + 1}")) if isinstance(row, dict) else f"#{i + 1}"
        try:
            item = model.model_validate(row)
        except ValidationError as e:
            err = e.errors()[0]
            field = ".".join(str(p) for p in err["loc"]) or "?"
            raise ContentError(
                f"{where}: [[{section}]] entry {entry!r}, field {field!r}: {err['msg']}",
                file=where, entry=entry, field=field,
            ) from None
        if item.id in seen:
            raise ContentError(f"{where}: [[{section}]] id {item.id!r} appears twice",
                               file=where, entry=item.id, field="id")
        seen.add(item.id)
        out.append(item)
    return tuple(out)


def load_section(package: str, filename: str, section: str, model: type[M]) -> tuple[M, ...]:
    """The validated entries of one section of a game's content file."""
    return _load_section(package, filename, section, model)  # type: ignore[return-value]


@cache
def _load_section(package: str, filename: str, section: str, model: type[Entry]
                  ) -> tuple[Entry, ...]:
    return validate(read_toml(package, filename), section, model, _where(package, filename))


def load_file(path: str | Path, section: str, model: type[M]) -> tuple[M, ...]:
    """Validated entries from a TOML file on disk (a designer's own content)."""
    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except OSError as e:
        raise ContentError(f"{p}: cannot read ({e.strerror})", file=str(p)) from None
    return validate(parse_toml(text, str(p)), section, model, str(p))
