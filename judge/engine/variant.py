"""A variant as the engine sees it: a board and the ruleset that plays on it."""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.discretion import Overrides
from judge.engine.geography import Map
from judge.engine.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Variant:
    """``overrides`` are the game's own rule options (``SET RULE``), already merged into the ruleset's:
    kept so that what is made from the variant by name (its line reader, its report) gets the same."""

    name: str
    map: Map
    ruleset: Ruleset
    overrides: Overrides = ()
