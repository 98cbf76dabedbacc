"""The website's line charts (centres, VPs, INFs per power over time) as plain SVG geometry.

A chart has to stay readable where it matters most: when several powers have
the same count (the seven powers of a standard game start at 3 or 4 centres,
eliminated powers lie together at 0), one line would hide the others.  So at
each point, powers with equal values are spread a few pixels apart around the
true height, and every point carries a marker whose shape differs from power
to power (the key shows it), so each line can be followed through a tie.  The
value axis has a labelled tick at every step of a round size, the time axis
as many labels as fit; the numbers themselves are in the table under each
chart.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: colours of the chart lines of powers the map gives none (``Series.colours``), in the order they are listed
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
           "#bcbd22")
#: the marker shapes, one per power in turn (the key repeats each line's shape)
SHAPES = ("circle", "square", "diamond", "triangle", "down")
#: the chart's box (SVG user units) and its least margins: left for the value labels, bottom for the time labels;
#: the left and right margins grow to hold half the widest time label, which is centred on the first and last point
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 400, 220, 34, 12, 12, 28
#: the size of the axis labels (user units; ``.chart .tick`` in the site's style sheet) and the width of their
#: widest character as a share of it (a capital W or M in a sans-serif face), so a label's width is never underrated
FONT, WIDEST = 13, 0.75
#: the least room (user units) between two time labels side by side
GAP = 8
#: how far apart (user units) two lines with the same value are drawn
SPREAD = 3.5


@dataclass(frozen=True)
class Marker:
    """One point of a line: where, its value, and the label of its time (for the tooltip)."""

    x: float
    y: float
    value: int
    label: str


@dataclass(frozen=True)
class Line:
    """One power's line: its colour, its marker shape, the SVG ``points`` and its markers."""

    power: str
    colour: str
    shape: str
    points: str
    markers: tuple[Marker, ...]

    def marker_path(self, marker: Marker, size: float = 3.2) -> str:
        """The SVG path of this line's marker shape centred on ``marker``."""
        return shape_path(self.shape, marker.x, marker.y, size)


def shape_path(shape: str, x: float, y: float, size: float = 3.2) -> str:
    """A small closed shape centred on (x, y) as an SVG path: circle, square, diamond, triangle or down."""
    s = size
    if shape == "square":
        return f"M{x - s:.1f},{y - s:.1f}h{2 * s:.1f}v{2 * s:.1f}h{-2 * s:.1f}z"
    if shape == "diamond":
        return f"M{x:.1f},{y - s * 1.3:.1f}L{x + s * 1.3:.1f},{y:.1f}L{x:.1f},{y + s * 1.3:.1f}L{x - s * 1.3:.1f},{y:.1f}z"
    if shape == "triangle":
        return f"M{x:.1f},{y - s * 1.3:.1f}L{x + s * 1.3:.1f},{y + s:.1f}L{x - s * 1.3:.1f},{y + s:.1f}z"
    if shape == "down":
        return f"M{x:.1f},{y + s * 1.3:.1f}L{x + s * 1.3:.1f},{y - s:.1f}L{x - s * 1.3:.1f},{y - s:.1f}z"
    return f"M{x - s:.1f},{y:.1f}a{s:.1f},{s:.1f} 0 1,0 {2 * s:.1f},0a{s:.1f},{s:.1f} 0 1,0 {-2 * s:.1f},0z"


@dataclass(frozen=True)
class Series:
    """A number per power over time (centres, VPs, INFs): ``points[power]`` has one value per label (None: unknown)."""

    title: str
    labels: list[str]
    points: dict[str, list[int | None]]
    #: each power's colour, as its map pictures show it, so the chart and the map agree
    colours: dict[str, str] = field(default_factory=dict)

    @property
    def top(self) -> int:
        """The top of the value axis: the largest value rounded up to a whole step (at least 1)."""
        step = self.step
        return max(step, -(-self._largest() // step) * step)

    @property
    def step(self) -> int:
        """The distance between two labelled values: 1, 2, 5, 10, 20, 50... so that at most eight fit.

        >>> Series("x", ["a"], {"A": [4]}).step, Series("x", ["a"], {"A": [18]}).step
        (1, 5)
        """
        largest, step = self._largest(), 1
        while largest / step > 8:
            step = next(s * 10 ** e for e in range(9) for s in (2, 5, 10) if s * 10 ** e > step)
        return step

    def _largest(self) -> int:
        return max([v for vs in self.points.values() for v in vs if v is not None] + [1])

    def value_ticks(self) -> list[tuple[float, int]]:
        """(y, value) of each labelled value on the value axis, 0 to :attr:`top`."""
        return [(self._y(v), v) for v in range(0, self.top + 1, self.step)]

    def ticks(self, most: int = 8) -> list[tuple[float, str]]:
        """The labels written under the time axis, and where: every one, or every k-th when they would crowd
        (at most ``most``, and never more than fit side by side at their width).

        >>> [label for _, label in Series("Supply centres", ["start", "1901", "1902"], {}).ticks()]
        ['start', '1901', '1902']
        >>> len(Series("Supply centres", [str(y) for y in range(1901, 1941)], {}).ticks())
        8
        >>> len(Series("VPs", [f"W{y}A" for y in range(1615, 1640)], {}).ticks())
        5
        """
        room = self._label_width() + GAP
        fit = max(1, int((WIDTH - self._left() - self._right()) // room) + 1)
        every = -(-len(self.labels) // max(1, min(most, fit)))
        return [(x, label) for n, (x, label) in enumerate(zip(self._xs(), self.labels)) if n % every == 0]

    def polylines(self) -> list[Line]:
        """Each power's line, its equal values spread apart (:data:`SPREAD`) so that no line hides another."""
        powers = sorted(self.points)
        offsets = self._offsets(powers)
        lines = []
        for i, power in enumerate(powers):
            markers = tuple(Marker(x, self._y(v) + offsets[(power, n)], v, label)
                            for n, (x, v, label) in enumerate(zip(self._xs(), self.points[power], self.labels))
                            if v is not None)
            lines.append(Line(power, self.colours.get(power, PALETTE[i % len(PALETTE)]), SHAPES[i % len(SHAPES)],
                              " ".join(f"{m.x:.1f},{m.y:.1f}" for m in markers), markers))
        return lines

    def _offsets(self, powers: list[str]) -> dict[tuple[str, int], float]:
        """(power, point) -> how far its marker is moved, so that the powers sharing a value there stand apart."""
        offsets: dict[tuple[str, int], float] = {}
        for n in range(len(self.labels)):
            by_value: dict[int, list[str]] = {}
            for power in powers:
                values = self.points[power]
                if n < len(values) and values[n] is not None:
                    by_value.setdefault(int(values[n] or 0), []).append(power)
            for same in by_value.values():
                for j, power in enumerate(same):
                    offsets[(power, n)] = (j - (len(same) - 1) / 2) * SPREAD
        return offsets

    def _y(self, value: float) -> float:
        return HEIGHT - BOTTOM - (value / self.top) * (HEIGHT - TOP - BOTTOM)

    def _xs(self) -> list[float]:
        left = self._left()
        step = (WIDTH - left - self._right()) / max(len(self.labels) - 1, 1)
        return [left + n * step for n in range(len(self.labels))]

    def _label_width(self) -> float:
        """The widest time label's width at most (user units), as if each character were the widest."""
        return max([len(label) for label in self.labels] + [1]) * FONT * WIDEST

    def _left(self) -> int:
        """The left margin: the value labels' room, or half the widest time label centred on the first point."""
        values = len(str(self.top)) * FONT * WIDEST + 8
        return int(max(LEFT, values, self._label_width() / 2 + 2) + 0.999)

    def _right(self) -> int:
        """The right margin: half the widest time label, centred on the last point, so it is never cut off."""
        return int(max(RIGHT, self._label_width() / 2 + 2) + 0.999)

    @property
    def box(self) -> dict[str, int]:
        """The chart's box and margins, for the template's axes."""
        return {"width": WIDTH, "height": HEIGHT, "left": self._left(), "right": WIDTH - self._right(), "top": TOP,
                "bottom": HEIGHT - BOTTOM}
