"""Scoring by the objectives tables (edition 2013-08): three sessions, at the ends of 1616, 1618 and 1620.

R-1308-62 to R-1308-68.  At each Scoring phase a power earns Table 3's VPs
for every centre it has captured (beyond its homes), and, for each pliant
minor state aligned to it, Table 1's VPs, or Table 2's when the state is
also controlled by the power's faith (A-1308-03: instead of Table 1, or in
addition by the GM's reading ``table2 = "adds"``).  A state aligned to the
power but occupied by the army of another minor state not aligned to it
scores nothing for it (R-1308-66).  The VPs of each session are kept
(``extra["scores"]``, year -> power -> VPs) and add up; the last session
decides the game (:mod:`.victory`).  The tables are data: the edition's
``objectives`` file (gamedata/europe1615/2013-08-objectives.toml).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from judge.engine.results import PhaseOutcome
from judge.engine.state import GameState
from judge.paths import gamedata_dir
from judge.variants.europe1615.status import aligned_to, religion, status_sheet
from judge.variants.europe1615.turn import out_of_phase, sort_orders
from judge.variants.europe1615.victory import final_result
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    holdings,
    home_centres,
    pliant,
    states,
)


@dataclass(frozen=True)
class Tables:
    """Table 1 and 2 (state -> power -> VPs) and Table 3 (centre -> VPs)."""

    aligned: Mapping[str, Mapping[str, int]]
    controlled: Mapping[str, Mapping[str, int]]
    captured: Mapping[str, int]

    def award(self, table: Mapping[str, Mapping[str, int]], minor: str, power: str) -> int:
        return int(table.get(minor, {}).get(power, 0))


@lru_cache(maxsize=8)
def load_tables(path: str, powers: tuple[str, ...]) -> Tables:
    """The objectives file (relative to gamedata/); a row is a number for every power, or one per power."""
    data = tomllib.loads((gamedata_dir() / path).read_text(encoding="utf-8"))

    def rows(table: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        return {state.upper(): ({p: int(row) for p in powers} if isinstance(row, int)
                                else {str(p).upper(): int(n) for p, n in row.items()})
                for state, row in table.items()}

    return Tables(rows(data.get("table1", {})), rows(data.get("table2", {})),
                  {c.upper(): int(n) for c, n in data.get("table3", {}).items()})


def tables(setup: Setup) -> Tables:
    return load_tables(setup.edition.objectives, setup.powers)


def occupied_against(setup: Setup, state: GameState, minor: str, power: str) -> bool:
    """R-1308-41, R-1308-66: an army of another minor state, not aligned to ``power``, stands in ``minor``."""
    land = set(states(setup, state).get(minor, ()))
    for owner, units in state.units.items():
        if owner == minor or setup.is_power(owner) or owner not in states(setup, state):
            continue
        if any(setup.board.province_of(u.location) in land for u in units) and aligned_to(
                setup, state, owner) != power:
            return True
    return False


def score_by_tables(setup: Setup, state: GameState, power: str) -> dict[str, int]:
    """One power's VPs this session: captures (Table 3), alignments (Table 1), alignment and control (Table 2)."""
    board = tables(setup)
    homes = set(home_centres(setup, state, power))
    capture = sum(board.captured.get(c, 0) for c in holdings(setup, state, power) - homes)  # R-1308-63, R-1308-67 (1)
    aligned = controlled = 0
    for minor in pliant(setup, state):  # R-1308-64: captured states score no objectives
        if aligned_to(setup, state, minor) != power or occupied_against(setup, state, minor, power):
            continue  # R-1308-65 (a NEUTRAL state is aligned to nobody), R-1308-66
        if religion(setup, state, minor) == setup.faith.get(power):
            controlled += board.award(board.controlled, minor, power)
            if setup.options["table2"] == "adds":
                aligned += board.award(board.aligned, minor, power)
        else:
            aligned += board.award(board.aligned, minor, power)
    return {"capture": capture, "alignment": aligned, "religion": controlled,
            "total": capture + aligned + controlled}


def play_scoring_by_tables(setup: Setup, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
    """A Scoring phase: each power's session; after the last year's, the winner (R-1308-78)."""
    work = state.copy()
    year = str(work.phase.year)
    breakdown = {p: score_by_tables(setup, work, p) for p in active_powers(setup, work)}
    work.extra.setdefault("scores", {})[year] = {p: b["total"] for p, b in breakdown.items()}
    work.extra["score_detail"] = breakdown
    work.extra["status"] = status_sheet(setup, work)
    if setup.edition.last_year is not None and work.phase.year >= setup.edition.last_year:
        work.extra.setdefault("game_over", final_result(setup, work))
    return PhaseOutcome(work, out_of_phase(sort_orders(orders), (), "the Scoring phase"))
