"""Load a variant from ``gamedata/<name>/``: its ruleset file names its map and module.

``gamedata/<name>/ruleset.toml``::

    name = "standard"
    title = "Standard Diplomacy, the 2023 rules"  # optional: how HELP lists the variant
    map = "standard.map"                       # relative to the folder
    ruleset = "judge.variants.standard:Standard"  # module:class, a Ruleset subclass
    lines = "judge.reading.europe1615:V3Lines"   # optional: a reader of the variant's own lines
    report = "judge.render.europe1615:V3Report"   # optional: the variant's sections of result mails
    [options]                                  # passed to the ruleset as a dict

A game may override some options (``SET RULE``, the ruleset's
``rule_options``): ``load_variant(name, overrides)`` merges them into the
file's.  Loading is cached: a file is read once per process, and a variant
made once per set of overrides.
"""

from __future__ import annotations

import hashlib
import importlib
import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge.engine.discretion import (
    OptionError,
    Overrides,
    check_overrides,
    frozen_overrides,
)
from judge.cache import entry_name, read_entry, write_entry
from judge.engine.geography import Map
from judge.engine.mapdata import map_from_json, map_to_json
from judge.engine.mapfile import parse_map
from judge.engine.ruleset import Ruleset
from judge.engine.variant import Variant
from judge.paths import gamedata_dir

__all__ = ["OptionError", "UnknownVariant", "available_variants", "data_version", "line_reader", "load_map",
           "load_variant", "load_variant_on_map", "results_report", "variant_map_path", "variant_summary"]


class UnknownVariant(LookupError):
    """No such folder or ruleset file under gamedata/."""


def available_variants() -> list[str]:
    return sorted(p.parent.name for p in gamedata_dir().glob("*/ruleset.toml"))


def load_variant(name: str, overrides: Mapping[str, Any] | Overrides = ()) -> Variant:
    """The variant ``name``, with a game's rule ``overrides`` merged into its file's ``[options]``.

    Each override must name one of the ruleset's ``rule_options`` and take one
    of its values, and the ruleset must accept the options it then gets
    (:class:`~judge.engine.discretion.OptionError` says why not).
    """
    return _load(name, frozen_overrides(overrides))


@lru_cache(maxsize=256)
def _load(name: str, overrides: Overrides) -> Variant:
    spec, board = _read(name)
    ruleset_class = _import_class(spec.get("ruleset", "judge.engine.ruleset:Ruleset"))
    options = dict(spec.get("options", {}))
    if overrides:
        options.update(check_overrides(_load(name, ()).ruleset.rule_options(), dict(overrides)))
    return Variant(spec.get("name", name), board, ruleset_class(board, options), overrides)


@lru_cache(maxsize=32)
def _read(name: str) -> tuple[dict[str, Any], Map]:
    """The ruleset file and its map, read once: every game of the variant shares the map."""
    folder = gamedata_dir() / name
    spec_file = folder / "ruleset.toml"
    if len(name) > 64 or not name.replace("-", "").replace("_", "").isalnum() or not spec_file.is_file():
        known = ", ".join(available_variants()) or "none"
        raise UnknownVariant(f"unknown variant {name!r} (known: {known})")
    spec = tomllib.loads(spec_file.read_text(encoding="utf-8"))
    return spec, load_map(folder / spec["map"])


def variant_summary(name: str) -> tuple[str, int]:
    """A variant's title (``title =`` in its ruleset file; its name if none) and its number of powers (HELP)."""
    spec, board = _read(name)
    return str(spec.get("title", name)), len(board.powers)


def load_variant_on_map(name: str, overrides: Mapping[str, Any] | Overrides, map_path: Path) -> Variant:
    """The variant played on another map file (a GM's corrected copy), for a what-if; not cached.

    Its line reader and report are still the variant's own (made by name):
    the lines were written against the map the game was played on.
    """
    spec, _ = _read(name)
    board = load_map(map_path)
    options = dict(spec.get("options", {}))
    frozen = frozen_overrides(overrides)
    if frozen:
        options.update(check_overrides(_load(name, ()).ruleset.rule_options(), dict(frozen)))
    ruleset_class = _import_class(spec.get("ruleset", "judge.engine.ruleset:Ruleset"))
    return Variant(spec.get("name", name), board, ruleset_class(board, options), frozen)


@lru_cache(maxsize=32)
def data_version(name: str) -> str:
    """A short fingerprint of the variant's data (ruleset file, map file and its includes), for exports.

    Two judges with the same fingerprint play a game's inputs on the same data.
    """
    _read(name)  # an unknown name raises UnknownVariant
    folder = gamedata_dir() / name
    spec_file = folder / "ruleset.toml"
    digest = hashlib.sha256(spec_file.read_bytes())
    map_path = folder / tomllib.loads(spec_file.read_text(encoding="utf-8"))["map"]
    texts: list[str] = []

    def read_include(relative: str) -> str:
        texts.append((map_path.parent / relative).read_text(encoding="utf-8"))
        return texts[-1]

    parse_map(map_path.read_text(encoding="utf-8"), source=map_path.name, read_include=read_include)
    for text in [map_path.read_text(encoding="utf-8"), *texts]:
        digest.update(text.encode("utf-8"))
    return digest.hexdigest()[:16]


def variant_map_path(name: str) -> Path | None:
    """The map file a variant's ruleset file names (``judge map check diplomacy1618``), or None for no such variant."""
    spec_file = gamedata_dir() / name / "ruleset.toml"
    if len(name) > 64 or not name.replace("-", "").replace("_", "").isalnum() or not spec_file.is_file():
        return None
    spec = tomllib.loads(spec_file.read_text(encoding="utf-8"))
    return spec_file.parent / str(spec["map"])


def line_reader(name: str, overrides: Overrides = ()) -> Any | None:
    """The variant's reader of its own order lines (INFs, attacks, ballots ...), or None.

    A reader is made with the variant's map and ruleset and has ``read(line,
    state)`` (a value, None for a line that carries nothing, or its
    ``NOT_MINE`` attribute for a unit order), ``normalise(line, state)`` for
    unit orders written the variant's way, and ``finish(values)``.  For the
    mail commands it also has ``key(value)`` (a later value with the same key
    replaces an earlier one) and ``check(value, power, state, earlier)`` ->
    (why it cannot stand, or ""; a note for the reply); ``state`` is None
    before the game starts.  ``overrides`` are the game's (``Variant.overrides``).
    """
    return _line_reader(name, frozen_overrides(overrides))


@lru_cache(maxsize=256)
def _line_reader(name: str, overrides: Overrides) -> Any | None:
    spec_file = gamedata_dir() / name / "ruleset.toml"
    if not spec_file.is_file():  # a variant built in code (tests) has no file
        return None
    dotted = tomllib.loads(spec_file.read_text(encoding="utf-8")).get("lines")
    if not dotted:
        return None
    module_name, _, class_name = str(dotted).partition(":")
    variant = load_variant(name, overrides)
    return getattr(importlib.import_module(module_name), class_name)(variant.map, variant.ruleset)


def results_report(name: str, overrides: Overrides = ()) -> Any | None:
    """The variant's writer of its own sections of a result mail, or None (``report = "module:Class"``).

    Made with the variant, it has ``context(ctx, before, orders, outcome)``:
    the :class:`~judge.render.ResultsContext` of a phase played from
    ``before`` with ``orders`` (power -> engine values), rewritten with the
    variant's secrets (``Secret`` lines) and sections (``extra``).
    """
    return _results_report(name, frozen_overrides(overrides))


@lru_cache(maxsize=256)
def _results_report(name: str, overrides: Overrides) -> Any | None:
    spec_file = gamedata_dir() / name / "ruleset.toml"
    if not spec_file.is_file():
        return None
    dotted = tomllib.loads(spec_file.read_text(encoding="utf-8")).get("report")
    if not dotted:
        return None
    module_name, _, class_name = str(dotted).partition(":")
    return getattr(importlib.import_module(module_name), class_name)(load_variant(name, overrides))


#: what the map cache's entries hold; bumped when ``judge.engine.mapdata`` changes
MAP_CACHE_FORMAT = 3


def load_map(path: Path) -> Map:
    """Parse a map file; ``include`` lines are read relative to it.

    The board is kept in the judge's cache (:mod:`judge.cache`) with the text
    of the file and of each include it was read from, and taken from there
    only while every one of those files still reads the same: a GM's
    correction takes effect at the next process, and a map with a problem is
    never kept (its problems are reported each time).
    """
    text = path.read_text(encoding="utf-8")
    name, key = entry_name("map", path), f"{MAP_CACHE_FORMAT}\n{text}"
    board = _cached_map(path, read_entry(name, key))
    if board is not None:
        return board
    includes: dict[str, str] = {}

    def read_include(relative: str) -> str:
        includes[relative] = (path.parent / relative).read_text(encoding="utf-8")
        return includes[relative]

    board = parse_map(text, source=path.name, read_include=read_include)
    write_entry(name, key, {"includes": includes, "map": map_to_json(board)})
    return board


def _cached_map(path: Path, data: Any) -> Map | None:
    """The board of a cache entry if each file it included still reads the same, else None."""
    if not isinstance(data, dict) or not isinstance(data.get("includes"), dict):
        return None
    try:
        for relative, text in data["includes"].items():
            if (path.parent / relative).read_text(encoding="utf-8") != text:
                return None
        return map_from_json(data.get("map"))
    except (OSError, ValueError):
        return None


def _import_class(dotted: str) -> type[Ruleset]:
    module_name, _, class_name = dotted.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
        raise TypeError(f"{dotted} is not a Ruleset")
    return cls
