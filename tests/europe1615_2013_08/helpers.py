"""Positions and shorthands for the 2013-08 tests: each test names the rule (R-1308-..) it checks.

``position()`` builds a state on the 2013-08 map: every centre with its owner
as at the start, only the units a test lists, and any ``extra`` the test
gives.  Orders are written as the text writes them and read as a mail is.
"""

from __future__ import annotations

from typing import Any

from judge.engine import GameState, Phase, Unit, adjudicate
from judge.engine.results import OrderResult, PhaseOutcome
from judge.engine.variant import Variant
from judge.reading.lines import finish_lines, read_line
from judge.variants import load_variant
from judge.variants.europe1615 import Europe1615
from judge.variants.europe1615.world import Setup

VARIANT = "europe1615-2013-08"

#: the five submissions of the Spring 1615 example, as the seed prints them (EX-1308-01)
SPRING_1615 = {
    "FRANCE": "5:LOW\n5:MEC\n16:RHI\n42:WUR\nGUY-BIS\nPAR-CHA\nNOR S PAR-CHA\nPRO-DAU\nWUR S BAV HOLD",
    "AUSTRIA": "16:BAV\n5:FRA\n5:HES\n9:HUN\n5:LOW\n5:MEC\n9:POL\n8:SAX\nBOH \u2013 SIL\nVIE-MRV\nSLO \u2013 PRE\n"
               "BAV HOLD\nFRA HOLD\nSAX HOLD\nPOL HOLD",
    "SCANDINAVIA": "5:BRA\n25:DUT\n6:HES\n24:LIV\n5:LOW\nSTO-BAL\nDEN-MEC\nBRA S DEN-MEC\nSCA-DEN\nNWY-NTH\n"
                   "DUT S NWY-NTH\nLIV HOLD",
    "SPAIN": "5:LOW\n5:MEC\n15:RHI\n45:WES\nNET-DUT\nGAL-BIS\nMAD-CAS\nMIL-SWI\nLUX HOLD\nWES S NET-DUT",
    "ENGLAND": "13:DUT\n10:HUN\n10:LOW\n24:WUR\nLON-NTH\nLVR-YOR\nBRS-ENG\nHUN-PRE",
}


def e1308() -> Variant:
    return load_variant(VARIANT)


def setup() -> Setup:
    return e1308().ruleset.setup  # type: ignore[attr-defined,no-any-return]


def with_options(**options: Any) -> Variant:
    """The edition with some GM readings changed (A-1308-..)."""
    base = e1308()
    merged = dict(base.ruleset.options)
    merged.update(options)
    return Variant(base.name, base.map, Europe1615(base.map, merged))


def position(phase: str = "U1615M", units: dict[str, list[str]] | None = None,
             influence: dict[str, dict[str, int]] | None = None, **extra: Any) -> GameState:
    """A position with the opening centres, the given units (none by default) and variant data."""
    start = e1308().ruleset.initial_state()  # type: ignore[attr-defined]
    placed = {p: [Unit.parse(u) for u in us] for p, us in (units or {}).items()}
    data: dict[str, Any] = {"influence": {s: dict(v) for s, v in (influence or {}).items()}}
    data.update(extra)
    return GameState(Phase.parse(phase), placed, {o: set(c) for o, c in start.centers.items()}, [], data)


def opening() -> GameState:
    return e1308().ruleset.initial_state()  # type: ignore[attr-defined,no-any-return]


def lines(state: GameState, text: str, variant: Variant | None = None) -> list[Any]:
    """A power's mail body read as the judge reads it (variant lines, then unit orders)."""
    variant = variant or e1308()
    values = [read_line(variant, state, line) for line in text.splitlines() if line.strip()]
    return finish_lines(variant, [v for v in values if v is not None])


def play(state: GameState, orders: dict[str, str], variant: Variant | None = None) -> PhaseOutcome:
    variant = variant or e1308()
    return adjudicate(variant, state, {p: lines(state, text, variant) for p, text in orders.items()})


def spring_1615() -> PhaseOutcome:
    """EX-1308-01 through the engine (Austria's "FRA HOLD" reaches no unit: SOURCES.md C4)."""
    return play(opening(), SPRING_1615)


def result_of(outcome: PhaseOutcome, text: str) -> OrderResult:
    """The result whose order or unit is ``text`` (unit types may be left out on either side)."""
    def bare(words: str) -> str:
        return " ".join(w for w in words.split() if w not in ("A", "F"))

    for r in outcome.results:
        if bare(r.order) == bare(text) or r.unit == text:
            return r
    raise AssertionError(f"no result for {text!r} in {[r.order for r in outcome.results]}")


def units_of(state: GameState) -> dict[str, set[str]]:
    return {p: {str(u) for u in us} for p, us in state.units.items() if us}


def inf(state: GameState, minor: str) -> dict[str, int]:
    return {p: n for p, n in state.extra.get("influence", {}).get(minor, {}).items() if n}
