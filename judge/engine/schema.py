"""Small typed schemas for JSON values: a request to ``judge adjudicate`` is checked field by field.

Each schema checks a decoded JSON value and raises :class:`SchemaError`
naming the path of the first bad field (``state.influence.LOR.FRANCE:
expected a whole number from 0 to 1000000, got "x"``), so that nothing the
engine reads later can surprise it.  A variant describes its own state fields
with these (``Ruleset.state_fields``); ``judge.app.adjudicate`` the standard ones.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol


class SchemaError(ValueError):
    """A value that does not fit its schema; the message names the field."""


class Schema(Protocol):
    def check(self, value: Any, path: str) -> None:
        """Raise :class:`SchemaError` if ``value`` (found at ``path``) does not fit."""


def _shown(value: Any) -> str:
    """A short JSON rendering of a bad value for the message."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def fail(path: str, expected: str, value: Any) -> SchemaError:
    return SchemaError(f"{path}: expected {expected}, got {_shown(value)}")


def _accepts(schema: Schema, value: Any) -> bool:
    """Whether ``value`` fits, asked without a path: a schema with ``accepts`` answers at once.

    A request's thousands of order lines and units are checked this way, each
    without the path a message would need; only a value that does not fit is
    walked again by ``check``, which names the field.  A schema without
    ``accepts`` (a variant's own) is asked by ``check``.
    """
    accepts = getattr(schema, "accepts", None)
    if accepts is not None:
        return bool(accepts(value))
    try:
        schema.check(value, "")
    except SchemaError:
        return False
    return True


def _all_fit(schema: Schema, values: Iterable[Any]) -> bool:
    accepts = getattr(schema, "accepts", None)
    if accepts is None:
        return all(_accepts(schema, v) for v in values)
    return all(map(accepts, values))


@lru_cache(maxsize=64)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


@dataclass(frozen=True)
class Int:
    """A whole number (not a boolean, not a float) within bounds."""

    low: int = 0
    high: int = 1_000_000

    def accepts(self, value: Any) -> bool:
        return type(value) is int and self.low <= value <= self.high

    def check(self, value: Any, path: str) -> None:
        if not self.accepts(value):
            raise fail(path, f"a whole number from {self.low} to {self.high}", value)


@dataclass(frozen=True)
class Bool:
    """``true`` or ``false`` (not 0 or 1, not a string)."""

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bool)

    def check(self, value: Any, path: str) -> None:
        if not self.accepts(value):
            raise fail(path, "true or false", value)


@dataclass(frozen=True)
class Str:
    """A string: one of ``choices`` if given (a function of nothing, for sets known late), or matching ``pattern``."""

    choices: Callable[[], Collection[str]] | None = None
    pattern: str = ""
    what: str = "a string"
    longest: int = 300
    any_case: bool = False  # "france" names FRANCE (the codec upper-cases it)

    def accepts(self, value: Any) -> bool:
        if not isinstance(value, str) or len(value) > self.longest:
            return False
        if self.pattern and not _compiled(self.pattern).fullmatch(value):
            return False
        return self.choices is None or (value.upper() if self.any_case else value) in self.choices()

    def check(self, value: Any, path: str) -> None:
        if not self.accepts(value):
            raise fail(path, self.what, value)


@dataclass(frozen=True)
class Maybe:
    """``null`` or a value of ``inner``."""

    inner: Schema

    def accepts(self, value: Any) -> bool:
        return value is None or _accepts(self.inner, value)

    def check(self, value: Any, path: str) -> None:
        if value is not None:
            self.inner.check(value, path)


@dataclass(frozen=True)
class Either:
    """A value of ``first`` or of ``second`` (a field whose stored shape changed: old games keep the old one)."""

    first: Schema
    second: Schema
    what: str

    def check(self, value: Any, path: str) -> None:
        try:
            self.first.check(value, path)
        except SchemaError:
            try:
                self.second.check(value, path)
            except SchemaError:
                raise fail(path, self.what, value) from None


@dataclass(frozen=True)
class ListOf:
    item: Schema
    longest: int = 10_000

    def accepts(self, value: Any) -> bool:
        return isinstance(value, list) and len(value) <= self.longest and _all_fit(self.item, value)

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, list) or len(value) > self.longest:
            raise fail(path, "a list", value)
        if _all_fit(self.item, value):
            return
        for i, item in enumerate(value):
            self.item.check(item, f"{path}[{i}]")


@dataclass(frozen=True)
class Pair:
    """A list of exactly two values of ``item`` (an alliance of two powers)."""

    item: Schema

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, list) or len(value) != 2:
            raise fail(path, "a list of two", value)
        for i, item in enumerate(value):
            self.item.check(item, f"{path}[{i}]")


@dataclass(frozen=True)
class MapOf:
    """An object whose every key fits ``key`` and every value ``value``."""

    key: Str
    value: Schema
    longest: int = 10_000

    def accepts(self, value: Any) -> bool:
        return (isinstance(value, dict) and len(value) <= self.longest
                and _all_fit(self.key, value) and _all_fit(self.value, value.values()))

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, dict) or len(value) > self.longest:
            raise fail(path, "an object", value)
        if _all_fit(self.key, value) and _all_fit(self.value, value.values()):
            return
        for k, v in value.items():
            self.key.check(k, f"{path} key")
            self.value.check(v, f"{path}.{k}")


@dataclass(frozen=True)
class Record:
    """An object with known fields: ``required`` ones, ``optional`` ones, and no others."""

    required: Mapping[str, Schema] = field(default_factory=dict)
    optional: Mapping[str, Schema] = field(default_factory=dict)

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise fail(path, "an object", value)
        for name in self.required:
            if name not in value:
                raise SchemaError(f"{path}: missing field {name!r}")
        for name, item in value.items():
            schema = self.required.get(name) or self.optional.get(name)
            if schema is None:
                known = ", ".join(sorted([*self.required, *self.optional])) or "none"
                raise SchemaError(f"{path}: unknown field {_shown(name)} (known: {known})")
            schema.check(item, f"{path}.{name}")
