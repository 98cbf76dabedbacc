"""The few shapes both painters draw, computed once here so the PNG and the SVG are the same picture."""

from __future__ import annotations

import math
from dataclasses import dataclass

from judge.render.geometry import XY

UNIT_RADIUS = 7.0
LEGEND_ROW = 18
LEGEND_COLUMNS = 4
LEGEND_HEAD = 26


@dataclass(frozen=True, slots=True)
class ArrowShape:
    """An arrow's shaft (start, end) pulled back from the units it joins, and its head's triangle or ring."""

    shaft: tuple[XY, XY]
    head: tuple[XY, ...]
    ring: tuple[XY, float] | None
    cross: XY | None


def arrow_shape(start: XY, end: XY, style: str, failed: bool) -> ArrowShape:
    """Where an arrow of ``style`` from ``start`` to ``end`` is drawn."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    gap_start = UNIT_RADIUS + 2 if style != "option" else UNIT_RADIUS
    gap_end = {"move": UNIT_RADIUS + 3, "hold": UNIT_RADIUS + 4, "option": 2.0}.get(style, 0.0)
    if length < gap_start + gap_end + 4:
        gap_start = gap_end = 0.0
    a = (start[0] + ux * gap_start, start[1] + uy * gap_start)
    b = (end[0] - ux * gap_end, end[1] - uy * gap_end)
    head: tuple[XY, ...] = ()
    ring = None
    if style in ("move", "option"):
        size = 10.0 if style == "move" else 6.0
        back = (b[0] - ux * size, b[1] - uy * size)
        head = (b, (back[0] - uy * size * 0.55, back[1] + ux * size * 0.55),
                (back[0] + uy * size * 0.55, back[1] - ux * size * 0.55))
        b = back
    elif style == "hold":
        ring = (end, UNIT_RADIUS + 4)
    elif style in ("support", "convoy"):
        ring = (b, 3.0)
    cross = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) if failed else None
    return ArrowShape((a, b), head, ring, cross)


def dashes(a: XY, b: XY, on: float, off: float) -> list[tuple[XY, XY]]:
    """The segments of a dashed line from ``a`` to ``b``."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return []
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    found, at = [], 0.0
    while at < length:
        end = min(at + on, length)
        found.append(((a[0] + ux * at, a[1] + uy * at), (a[0] + ux * end, a[1] + uy * end)))
        at = end + off
    return found


def dash_pattern(style: str, failed: bool) -> tuple[float, float] | None:
    """(on, off) of a dashed style, None for a solid line: convoys dotted, options and failures dashed."""
    if style == "convoy":
        return (3.0, 3.0)
    if style == "option" or failed:
        return (7.0, 4.0)
    return None


def fleet_outline(xy: XY, scale: float = 1.0) -> tuple[XY, ...]:
    """A hull with a sail: a fleet reads as a ship whatever its colour."""
    x, y = xy
    s = scale
    return ((x - 10 * s, y), (x + 10 * s, y), (x + 6 * s, y + 6 * s), (x - 6 * s, y + 6 * s), (x - 10 * s, y),
            (x - 1 * s, y), (x - 1 * s, y - 9 * s), (x + 7 * s, y - 1 * s), (x + 10 * s, y))


def army_outline(xy: XY, scale: float = 1.0) -> tuple[XY, ...]:
    """A pentagon like a shield: an army reads apart from a fleet by its shape alone."""
    x, y = xy
    r = UNIT_RADIUS * scale
    return ((x - r, y - r), (x + r, y - r), (x + r, y + r * 0.3), (x, y + r * 1.1), (x - r, y + r * 0.3))


def cross_lines(xy: XY, size: float = 5.0) -> tuple[tuple[XY, XY], tuple[XY, XY]]:
    x, y = xy
    return (((x - size, y - size), (x + size, y + size)), ((x - size, y + size), (x + size, y - size)))


def legend_height(entries: int) -> int:
    rows = -(-entries // LEGEND_COLUMNS)
    return LEGEND_HEAD + LEGEND_ROW * (rows + 1) + 8
