"""A map file's problems, and the draft its directives fill in before the map is built (``mapfile.parse_map``).

Kept apart from the parser so that each stays a readable size; nothing here reads a file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.geography import Power, Province, StartingUnit


@dataclass(frozen=True, slots=True)
class MapProblem:
    source: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.message}"


class MapError(ValueError):
    """Every problem found in a map file, each with its file and line."""

    def __init__(self, problems: list[MapProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


Where = tuple[str, int]


@dataclass
class Draft:
    """What the directives have said so far, with where each thing was said."""

    name: str = "unnamed"
    powers: dict[str, Power] = field(default_factory=dict)
    provinces: dict[str, Province] = field(default_factory=dict)
    declared_at: dict[str, Where] = field(default_factory=dict)
    links: dict[tuple[str, str, str], Where] = field(default_factory=dict)  # (kind, a, b)
    oneway: set[tuple[str, str, str]] = field(default_factory=set)
    homes: dict[str, list[str]] = field(default_factory=dict)
    units: list[tuple[StartingUnit, Where]] = field(default_factory=list)
    states: dict[str, tuple[str, ...]] = field(default_factory=dict)
    state_names: dict[str, str] = field(default_factory=dict)
    labels: dict[str, tuple[float, float]] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)
    offboard: dict[str, Where] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)  # ``reads``: a spelling -> the province it means
    victory: int = 0
    pending: list[tuple[str, list[str], Where]] = field(default_factory=list)
    problems: list[MapProblem] = field(default_factory=list)

    def problem(self, where: Where, message: str) -> None:
        self.problems.append(MapProblem(where[0], where[1], message))
