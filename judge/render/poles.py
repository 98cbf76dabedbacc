"""Where a unit stands: its province's pole of inaccessibility, the point of it farthest from its borders.

Units at the heart of their provinces keep every move, support and retreat
long enough to see (issue 38): a seed point or a border's middle may lie a few
pixels from the next province's.  The search is the classic one: cover the
polygon with square cells, keep in a priority queue the cells that might hold
a point farther from the border than the best found so far, and split them
until none can beat it by more than the precision.  A region with several
parts (an island beside its coast) stands in its largest part.  The file's
point is kept where a GM pinned it (``"pinned": true`` in ``<map>.geo.json``,
written from a seeds file's ``unit`` line).  The poles are worked out once per
geometry file and kept in ``judge/cache.py``'s folder.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence

XY = tuple[float, float]
Ring = Sequence[float]  # flat x, y, x, y ...

#: how close to the true pole the search settles, in pixels
PRECISION = 0.5


def border_distance(x: float, y: float, rings: Sequence[Ring]) -> float:
    """Distance from (x, y) to the nearest edge of the polygon; negative outside it (even-odd rule)."""
    inside = False
    best = math.inf
    for ring in rings:
        n = len(ring) // 2
        for i in range(n):
            ax, ay = ring[2 * i], ring[2 * i + 1]
            j = (i - 1) % n
            bx, by = ring[2 * j], ring[2 * j + 1]
            if (ay > y) != (by > y) and x < (bx - ax) * (y - ay) / (by - ay) + ax:
                inside = not inside
            dx, dy = bx - ax, by - ay
            if dx or dy:
                t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
                px, py = ax + t * dx - x, ay + t * dy - y
            else:
                px, py = ax - x, ay - y
            d = px * px + py * py
            if d < best:
                best = d
    return math.sqrt(best) * (1 if inside else -1)


def pole(rings: Sequence[Ring], precision: float = PRECISION) -> tuple[XY, float]:
    """The polygon's pole of inaccessibility (exterior ring first, then holes) and its distance to the border."""
    xs, ys = rings[0][0::2], rings[0][1::2]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    size = min(right - left, bottom - top)
    if size <= 0:
        return (left, top), 0.0
    half = size / 2
    queue: list[tuple[float, float, float, float, float]] = []

    def push(x: float, y: float, h: float) -> None:
        d = border_distance(x, y, rings)
        heapq.heappush(queue, (-(d + h * math.sqrt(2)), x, y, h, d))

    y = top
    while y < bottom:
        x = left
        while x < right:
            push(x + half, y + half, half)
            x += size
        y += size
    cx, cy = _centroid(rings[0])
    best = (cx, cy, border_distance(cx, cy, rings))
    while queue:
        bound, x, y, h, d = heapq.heappop(queue)
        if d > best[2]:
            best = (x, y, d)
        if -bound - best[2] <= precision:
            continue
        h /= 2
        for sx in (-h, h):
            for sy in (-h, h):
                push(x + sx, y + sy, h)
    return (best[0], best[1]), best[2]


def _centroid(ring: Ring) -> XY:
    """The ring's centroid (a good first guess), or its first point if it has no area."""
    area = cx = cy = 0.0
    n = len(ring) // 2
    for i in range(n):
        ax, ay = ring[2 * i], ring[2 * i + 1]
        bx, by = ring[2 * ((i + 1) % n)], ring[2 * ((i + 1) % n) + 1]
        cross = ax * by - bx * ay
        area += cross
        cx += (ax + bx) * cross
        cy += (ay + by) * cross
    if area == 0:
        return ring[0], ring[1]
    return cx / (3 * area), cy / (3 * area)


def ring_area(ring: Ring) -> float:
    xs, ys = ring[0::2], ring[1::2]
    return abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(xs)))) / 2


def region_pole(polygons: Sequence[Sequence[Ring]]) -> XY | None:
    """The pole of the region's largest part, rounded to a tenth of a pixel; None for a region with no area."""
    parts = [p for p in polygons if p and len(p[0]) >= 6]
    if not parts:
        return None
    (x, y), _ = pole(max(parts, key=lambda p: ring_area(p[0])))
    return round(x, 1), round(y, 1)
