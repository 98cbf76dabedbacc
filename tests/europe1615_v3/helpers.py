"""Positions and shorthands for the Version 3 tests: each test names the rule (R-v3-..) it checks.

``position()`` builds a state on the v3 map: every centre with its owner as at
the start, only the units a test lists, and any ``extra`` the test gives.
Orders are written as the text writes them and read by the standard parser.
"""

from __future__ import annotations

from typing import Any

from judge.engine import GameState, Phase, Unit, adjudicate
from judge.engine.orders import AnyOrder
from judge.engine.results import OrderResult, PhaseOutcome
from judge.engine.variant import Variant
from judge.reading.order_reader import parse_order
from judge.variants import load_variant
from judge.variants.europe1615.world import Setup

VARIANT = "europe1615-v3"


def v3() -> Variant:
    return load_variant(VARIANT)


def setup() -> Setup:
    return v3().ruleset.setup  # type: ignore[attr-defined,no-any-return]


def position(phase: str = "S1615M", units: dict[str, list[str]] | None = None,
             influence: dict[str, dict[str, int]] | None = None, modifiers: tuple[str, ...] = (),
             **extra: Any) -> GameState:
    """A position with the opening centres, the given units (none by default) and variant data."""
    start = v3().ruleset.initial_state()  # type: ignore[attr-defined]
    placed = {p: [Unit.parse(u) for u in us] for p, us in (units or {}).items()}
    data: dict[str, Any] = {"influence": {s: dict(v) for s, v in (influence or {}).items()},
                            "modifiers": list(modifiers)}
    data.update(extra)
    return GameState(Phase.parse(phase), placed, start.centers, [], data)


def opening() -> GameState:
    """The game's first movement phase, after the 1615 Initial Status Check."""
    start = v3().ruleset.initial_state()  # type: ignore[attr-defined]
    return adjudicate(v3(), start, {}).state


def order(text: str, phase: str = "M") -> AnyOrder:
    return parse_order(text, v3().map, phase)


def play(state: GameState, orders: dict[str, list[Any]]) -> PhaseOutcome:
    """Adjudicate; strings are parsed as unit orders, other values passed as they are."""
    kind = state.phase.kind if state.phase.kind in ("M", "R", "A") else "A"
    parsed = {p: [order(o, kind) if isinstance(o, str) else o for o in os] for p, os in orders.items()}
    return adjudicate(v3(), state, parsed)


def units_of(outcome: PhaseOutcome | GameState) -> dict[str, set[str]]:
    state = outcome.state if isinstance(outcome, PhaseOutcome) else outcome
    return {p: {str(u) for u in us} for p, us in state.units.items() if us}


def result_of(outcome: PhaseOutcome, text: str) -> OrderResult:
    """The result whose order (as the engine writes it) or unit is ``text``."""
    for r in outcome.results:
        if r.order == text or r.unit == text:
            return r
    raise AssertionError(f"no result for {text!r} in {[r.order for r in outcome.results]}")


def inf(state: GameState, minor: str) -> dict[str, int]:
    return {p: n for p, n in state.extra.get("influence", {}).get(minor, {}).items() if n}


def v3_with(**options: Any) -> Variant:
    """The v3 variant with some GM options changed (the readings of A-v3-..)."""
    from judge.variants.europe1615 import EuropeV3

    base = v3()
    merged = dict(base.ruleset.options)
    merged.update(options)
    return Variant(base.name, base.map, EuropeV3(base.map, merged))


def play_with(variant: Variant, state: GameState, orders: dict[str, list[Any]]) -> PhaseOutcome:
    parsed = {p: [order(o, state.phase.kind) if isinstance(o, str) else o for o in os] for p, os in orders.items()}
    return adjudicate(variant, state, parsed)
