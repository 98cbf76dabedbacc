"""One order line as an engine value, for every place a line comes from.

``judge adjudicate``'s JSON, a player's mail and the orders stored for a
phase all go through :func:`read_line`, so all three read a line alike: the
variant's own reader first (``lines = "module:Class"`` in its ruleset file),
then the order grammar.
"""

from __future__ import annotations

from typing import Any

from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.reading.order_reader import PHASE_NAMES, OrderError, parse_order
from judge.variants import line_reader


def read_line(variant: Variant, state: GameState | None, text: str) -> Any:
    """One order line as an engine value: the variant's own lines first, then the order grammar.

    Returns None for a line that stands but carries nothing (a ballot's
    header); raises :class:`OrderError` for a line that cannot be read.
    """
    reader = line_reader(variant.name, variant.overrides)
    if reader is not None:
        value = reader.read(text, state)
        if value is not reader.NOT_MINE:
            return value
        text = reader.normalise(text, state)
    kind = state.phase.kind if state is not None else "M"
    if kind not in PHASE_NAMES:
        raise OrderError(f"{state.phase if state else kind} takes no unit orders", 1)
    return parse_order(text, variant.map, kind)


def finish_lines(variant: Variant, values: list[Any]) -> list[Any]:
    """A power's values once all its lines are read (the variant's reader puts ballot lines together)."""
    reader = line_reader(variant.name, variant.overrides)
    return reader.finish(values) if reader is not None else values
