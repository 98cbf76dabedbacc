"""The few shapes both painters draw, computed once here so the PNG and the SVG are the same picture.

The orders follow the classic map conventions: a move is a solid arrow, a
support a dashed line to the arrow it supports (or to a ring round the unit
it keeps in place), a convoy a dotted line ending in a small ring on the
convoyed army's path, a retreat option a thin dashed arrow; a failed order
keeps its own line and gets a cross.  The boxes a shape covers are here too,
for the labels to keep clear of them (``judge/render/layout.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from judge.render.geometry import XY
from judge.render.layout import Box, Segment, Shape

UNIT_RADIUS = 8.0  # an army's half width; a fleet is drawn to the same scale
BUILT_RADIUS = 13.0
#: the least drawn length of an arrow, where its two points are at least that far apart (issue 38)
MIN_LENGTH = 24.0
HOLD_RING = UNIT_RADIUS + 5
#: per order style: (line width, dash (on, off) or None for a solid line)
STYLES: dict[str, tuple[int, tuple[float, float] | None]] = {
    "move": (3, None), "retreat": (3, None), "support": (2, (7.0, 4.0)), "hold": (2, (7.0, 4.0)),
    "convoy": (2, (2.0, 3.0)), "option": (2, (4.0, 3.0)),
}


@dataclass(frozen=True, slots=True)
class ArrowShape:
    """An arrow's shaft (start, end) pulled back from the units it joins, its head, its end ring and its cross.

    ``ring`` is (centre, radius, filled): a filled dot ends a support, an open ring a convoy or a support to hold.
    """

    shaft: tuple[XY, XY]
    head: tuple[XY, ...]
    ring: tuple[XY, float, bool] | None
    cross: XY | None


def arrow_parts(start: XY, end: XY, style: str, failed: bool, bare: bool = False,
                via: XY | None = None) -> tuple[tuple[XY, XY] | None, ArrowShape]:
    """An arrow that bends at ``via``: its first leg (pulled back from the unit) and the rest, as :func:`arrow_shape`."""
    if via is None:
        return None, arrow_shape(start, end, style, failed, bare)
    length = math.dist(start, via) or 1.0
    gap = min(UNIT_RADIUS + 2, length / 2)
    lead = ((start[0] + (via[0] - start[0]) * gap / length, start[1] + (via[1] - start[1]) * gap / length), via)
    return lead, arrow_shape(via, end, style, failed, bare, bent=True)


def arrow_shape(start: XY, end: XY, style: str, failed: bool, bare: bool = False, bent: bool = False) -> ArrowShape:
    """Where an arrow of ``style`` from ``start`` to ``end`` is drawn (``bare``: no room left for units;
    ``bent``: ``start`` is a bend, not a unit)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    gap_start = 0.0 if bent else UNIT_RADIUS + 2 if style != "option" else UNIT_RADIUS
    gap_end = {"move": UNIT_RADIUS + 3, "retreat": UNIT_RADIUS + 3, "hold": HOLD_RING, "option": 2.0}.get(style, 0.0)
    if bare:
        gap_start, gap_end = 0.0, (HOLD_RING if style == "hold" else 0.0)
    elif style != "hold" and length - gap_start - gap_end < min(MIN_LENGTH, length) and gap_start + gap_end:
        # a short arrow runs over the units' edges rather than shrink to a stub (issue 38)
        share = max(0.0, length - MIN_LENGTH) / (gap_start + gap_end)
        gap_start, gap_end = gap_start * share, gap_end * share
    a = (start[0] + ux * gap_start, start[1] + uy * gap_start)
    b = (end[0] - ux * gap_end, end[1] - uy * gap_end)
    head: tuple[XY, ...] = ()
    ring = None
    if style in ("move", "retreat", "option"):
        size = 11.0 if style != "option" else 7.0
        back = (b[0] - ux * size, b[1] - uy * size)
        head = (b, (back[0] - uy * size * 0.55, back[1] + ux * size * 0.55),
                (back[0] + uy * size * 0.55, back[1] - ux * size * 0.55))
        b = back
    elif style == "hold":
        ring = (end, HOLD_RING, False)
    elif style in ("support", "convoy"):
        ring = (b, 3.5 if style == "support" else 4.5, style == "support")
    cross = None
    if failed and style not in ("move", "retreat"):  # a failed move is marked once on its province (bounce)
        cross = _along(a, b, 0.5)
    return ArrowShape((a, b), head, ring, cross)


def _along(a: XY, b: XY, share: float) -> XY:
    return (a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share)


def arrow_cover(shape: ArrowShape, style: str) -> list[Shape]:
    """What an arrow covers: its shaft with its outline, its head, ring and cross."""
    width = STYLES[style][0]
    covered: list[Shape] = [Segment(shape.shaft[0], shape.shaft[1], width / 2 + 2.0)]
    if shape.head:
        xs, ys = [p[0] for p in shape.head], [p[1] for p in shape.head]
        covered.append((min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1))
    if shape.ring is not None:
        (x, y), r, _ = shape.ring
        covered.append((x - r - 2, y - r - 2, x + r + 2, y + r + 2))
    if shape.cross is not None:
        x, y = shape.cross
        covered.append((x - CROSS - 2, y - CROSS - 2, x + CROSS + 2, y + CROSS + 2))
    return covered


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


def dash_pattern(style: str) -> tuple[float, float] | None:
    """(on, off) of a dashed style, None for a solid line."""
    return STYLES[style][1]


def fleet_outline(xy: XY, scale: float = 1.0) -> tuple[XY, ...]:
    """A hull with a sail: a fleet reads as a ship whatever its colour."""
    x, y = xy
    s = scale * UNIT_RADIUS / 7
    return ((x - 10 * s, y), (x + 10 * s, y), (x + 6 * s, y + 6 * s), (x - 6 * s, y + 6 * s), (x - 10 * s, y),
            (x - 1 * s, y), (x - 1 * s, y - 9 * s), (x + 7 * s, y - 1 * s), (x + 10 * s, y))


def army_outline(xy: XY, scale: float = 1.0) -> tuple[XY, ...]:
    """A pentagon like a shield: an army reads apart from a fleet by its shape alone."""
    x, y = xy
    r = UNIT_RADIUS * scale
    return ((x - r, y - r), (x + r, y - r), (x + r, y + r * 0.3), (x, y + r * 1.1), (x - r, y + r * 0.3))


def unit_band(kind: str, xy: XY) -> tuple[XY, ...]:
    """A minor state's unit's top, filled in its status's colour: an army's upper half, a fleet's sail."""
    x, y = xy
    if kind == "F":
        s = UNIT_RADIUS / 7
        return ((x - 1 * s, y), (x - 1 * s, y - 9 * s), (x + 7 * s, y - 1 * s), (x + 7 * s, y))
    r = UNIT_RADIUS
    return ((x - r, y - r), (x + r, y - r), (x + r, y - r * 0.1), (x - r, y - r * 0.1))


def unit_box(kind: str, xy: XY, built: bool = False) -> Box:
    """What a unit covers (a built one: its ring)."""
    x, y = xy
    if built:
        return (x - BUILT_RADIUS - 2, y - BUILT_RADIUS - 2, x + BUILT_RADIUS + 2, y + BUILT_RADIUS + 2)
    if kind == "F":
        s = UNIT_RADIUS / 7
        return (x - 10 * s - 1, y - 9 * s - 1, x + 10 * s + 1, y + 6 * s + 1)
    return (x - UNIT_RADIUS - 1, y - UNIT_RADIUS - 1, x + UNIT_RADIUS + 1, y + UNIT_RADIUS * 1.1 + 1)


#: half the size of a failed order's cross, and of a bounce's mark on its province
CROSS, BOUNCE = 5.0, 6.5


def cross_lines(xy: XY, size: float = CROSS) -> tuple[tuple[XY, XY], tuple[XY, XY]]:
    x, y = xy
    return (((x - size, y - size), (x + size, y + size)), ((x - size, y + size), (x + size, y - size)))


CENTRE_RADIUS = 4.0
#: the ring round a captured centre's dot (in its owner's colour), to the middle of its stroke
CAPTURED_RADIUS = 7.0
#: a religious marker: a cross this many pixels from its middle to each arm's end
FAITH_ARM = 6.0


def faith_cross(xy: XY, arm: float = FAITH_ARM) -> tuple[XY, ...]:
    """A Greek cross (the texts' "orange cross", "blue cross") as one outline, arms a third as thick as long."""
    x, y = xy
    t = arm / 3
    return ((x - t, y - arm), (x + t, y - arm), (x + t, y - t), (x + arm, y - t), (x + arm, y + t), (x + t, y + t),
            (x + t, y + arm), (x - t, y + arm), (x - t, y + t), (x - arm, y + t), (x - arm, y - t), (x - t, y - t))
