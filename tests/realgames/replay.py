"""Replaying a recorded game phase by phase through the engine, and what came out otherwise.

Each phase starts from the position its record gives (a retreat phase from
the engine's own outcome of the movement before it, since no record keeps
where the attackers came from), is played with the recorded orders, and its
outcome is compared with the next recorded phase: which phase comes next,
where the units stand, which are dislodged and who owns which centre.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.engine import GameState, Phase, PhaseOutcome, Unit, adjudicate
from judge.engine.results import DISLODGED
from judge.engine.variant import Variant
from judge.variants import load_variant
from tests.realgames.corpus import Game, Recorded

AGREES, DIFFERS, FOLLOWS = "agrees", "differs", "follows a difference"
_PHASE = re.compile(r"^[SFW]\d+[MRA]$")


@dataclass
class PhaseReplay:
    """One recorded phase played again: whether its outcome is the next record's position, and if not how."""

    game: str
    phase: str
    status: str
    differences: list[str] = field(default_factory=list)
    orders: list[str] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)  # both next positions of the powers that differ

    @property
    def key(self) -> str:
        return f"{self.game} {self.phase}"

    def explain(self) -> str:
        """The phase, its orders and both outcomes, as a failing test prints them."""
        lines = [f"{self.key}: {self.status}", "  orders as recorded:"]
        lines += [f"    {o}" for o in self.orders]
        lines += ["  the engine's results:"] + [f"    {r}" for r in self.results]
        lines += ["  record vs engine:"] + [f"    {d}" for d in self.differences]
        return "\n".join(lines + self.outcomes)


def _units(units: Mapping[str, Iterable[Unit]]) -> set[str]:
    return {f"{power} {unit}" for power, placed in units.items() for unit in placed}


def _centers(centers: Mapping[str, set[str]]) -> set[str]:
    return {f"{power} {c}" for power, owned in centers.items() for c in owned}


def _compare(what: str, recorded: set[str], engine: set[str]) -> list[str]:
    lines = [f"{what} only in the record: {', '.join(sorted(recorded - engine))}"] if recorded - engine else []
    return lines + ([f"{what} only in the engine: {', '.join(sorted(engine - recorded))}"]
                    if engine - recorded else [])


def differences(outcome: PhaseOutcome, nxt: Recorded) -> list[str]:
    """How the engine's next position differs from the record's (empty: they agree).

    The engine disbands at once a dislodged unit with nowhere to go; some
    records still list it in a retreat phase, others do not, so such a unit
    is looked for in the record but not missed there.
    """
    state, found = outcome.state, []
    if _PHASE.match(nxt.name) and str(state.phase) != nxt.name:  # not after the record's end (COMPLETED)
        found.append(f"next phase: record {nxt.name}, engine {state.phase}")
    found += _compare("units", _units(nxt.units), _units(state.units))
    recorded = _units(nxt.dislodged)
    every = {f"{r.power} {r.unit}" for r in outcome.results if r.result == DISLODGED}
    waiting = {f"{d.power} {d.unit}" for d in state.dislodged}
    found += _compare("dislodged", recorded, (every & recorded) | waiting)
    if nxt.centers and not nxt.name.endswith("R"):  # Droidippy shows Fall's captures from its retreat phase on
        found += _compare("centres", _centers(nxt.centers), _centers(state.centers))
    return found


def replay_game(game: Game, variant: Variant) -> list[PhaseReplay]:
    """Every phase of ``game`` but the last, played again with ``variant`` (the source's options)."""
    done: list[PhaseReplay] = []
    before: GameState | None = None
    for index, cur in enumerate(game.phases[:-1]):
        if cur.name[-1] in "RA" and before is not None and str(before.phase) != cur.name:
            continue  # a phase the engine had no need of (units with nowhere to go, no place to build)
        if cur.name.endswith("R"):
            state = before if before is not None and str(before.phase) == cur.name else None
        else:
            state = GameState(Phase.parse(cur.name), {p: list(us) for p, us in cur.units.items()},
                              {p: set(cs) for p, cs in cur.centers.items()})
        if state is None:
            done.append(PhaseReplay(game.key, cur.name, FOLLOWS, orders=cur.written))
            before = None
            continue
        outcome = adjudicate(variant, state, cur.orders)
        nxt = _next_record(game.phases, index, outcome.state)
        found = differences(outcome, nxt)
        replayed = PhaseReplay(game.key, cur.name, DIFFERS if found else AGREES, found)
        if found:
            replayed.outcomes = _outcomes(found, nxt, outcome.state)
            replayed.orders = list(cur.written)
            replayed.results = [f"{r.power}: {r.order} -> {r.result}" + (f" ({r.message})" if r.message else "")
                                for r in outcome.results]
        done.append(replayed)
        before = None if found else outcome.state
    return done


def _outcomes(found: list[str], nxt: Recorded, state: GameState) -> list[str]:
    """The record's next position and the engine's, for the powers named in the differences."""
    named = sorted({word for line in found for word in line.split() if word.isupper() and word in
                    set(nxt.units) | set(state.units) | set(nxt.centers) | set(state.centers)})
    lines = []
    for who, units, centers, phase in (("record", nxt.units, nxt.centers, nxt.name),
                                       ("engine", state.units, state.centers, str(state.phase))):
        lines.append(f"  the {who}'s next position ({phase}):")
        lines += [f"    {p}: units {' '.join(sorted(map(str, units.get(p, ()))))}; "
                  f"centres {' '.join(sorted(centers.get(p, ())))}" for p in named]
    return lines


def _next_record(phases: list[Recorded], index: int, state: GameState) -> Recorded:
    """The record to compare with: the next one, or the one after a retreat phase the engine had no need of."""
    nxt = phases[index + 1]
    if index + 2 == len(phases) and nxt.name.endswith("A") and not nxt.orders and str(state.phase) != nxt.name:
        return Recorded("the record's end", nxt.units, nxt.centers)  # a last build phase, played by nobody
    if index + 2 < len(phases) and str(state.phase) == phases[index + 2].name:
        after = phases[index + 2]
        if nxt.name.endswith("R") and not state.dislodged:
            return Recorded(after.name, after.units, after.centers, nxt.dislodged)
        if nxt.name.endswith("A") and not nxt.orders:  # Droidippy plays a build phase with nowhere to build
            return after
    return nxt


@dataclass
class Tally:
    """What a replay of many games found: phases per source and kind, and time spent in the engine."""

    phases: dict[tuple[str, str, str], int] = field(default_factory=dict)  # (source, kind, status) -> n
    seconds: float = 0.0
    differing: list[PhaseReplay] = field(default_factory=list)

    def add(self, source: str, replays: list[PhaseReplay]) -> None:
        for r in replays:
            key = (source, r.phase[-1], r.status)
            self.phases[key] = self.phases.get(key, 0) + 1
            if r.status == DIFFERS:
                self.differing.append(r)

    def count(self, **where: Any) -> int:
        names = ("source", "kind", "status")
        return sum(n for key, n in self.phases.items()
                   if all(key[names.index(k)] == v for k, v in where.items()))


def replay_all(games: Iterable[Game], options: Mapping[str, Mapping[str, Any]], tally: Tally) -> Tally:
    """Replay ``games``, each with its source's rule ``options``, into ``tally``."""
    for game in games:
        variant = load_variant("standard", dict(options.get(game.source, {})))
        start = time.perf_counter()
        replays = replay_game(game, variant)
        tally.seconds += time.perf_counter() - start
        tally.add(game.source, replays)
    return tally
