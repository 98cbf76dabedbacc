"""A variant as the engine sees it: a board and the ruleset that plays on it."""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.geography import Map
from judge.engine.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Variant:
    name: str
    map: Map
    ruleset: Ruleset
