"""Outcomes, in one shape for both engines."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Outcome:
    units: frozenset[tuple[str, str]]                 # (power, "A PAR") standing after the phase
    dislodged: frozenset[tuple[str, str]]
    retreats: dict[tuple[str, str], frozenset[str]]   # dislodged unit -> provinces it may retreat to
    results: dict[str, str]                           # "F NTH" -> result words, for the reader
    error: str | None = None

    def same_position(self, other: Outcome) -> bool:
        return self.units == other.units and self.dislodged == other.dislodged


def province(location: str) -> str:
    """The province of a location: "STP/NC" -> "STP"."""
    return location.split("/")[0]
