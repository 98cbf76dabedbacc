"""The parts of a scene: plain values the scene builder makes and the PNG and SVG painters draw alike."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.render.geometry import XY, Geometry
from judge.render.layout import Box
from judge.render.palette import INK


@dataclass(frozen=True, slots=True)
class UnitMark:
    """A unit: ``kind`` A or F at ``xy``; ``ghost`` for a dislodged or removed unit; ``built`` this phase;
    ``destroyed``: dislodged with nowhere to retreat (crossed out in red); ``band``: a minor state's unit, its
    top (an army's upper half, a fleet's sail) in the colour of its state's status (issue 38 point 6)."""

    kind: str
    xy: XY
    colour: str
    ghost: bool = False
    built: bool = False
    removed: bool = False
    destroyed: bool = False
    band: str = ""


@dataclass(frozen=True, slots=True)
class Arrow:
    """An order's line: ``style`` move, retreat, support, hold (a ring at the end), convoy or option.

    ``bare``: from ``start`` to ``end`` exactly (the legend's), not pulled back from units there; ``via``: the
    point of the two provinces' shared border it bends through, where the straight line would cross a third.
    """

    start: XY
    end: XY
    colour: str
    style: str
    failed: bool = False
    bare: bool = False
    via: XY | None = None


@dataclass(frozen=True, slots=True)
class Text:
    """One line of words centred on ``xy`` (``anchor`` start: beginning there), with a white halo if ``halo``."""

    xy: XY
    text: str
    size: int
    colour: str = INK
    bold: bool = False
    halo: bool = True
    anchor: str = "middle"
    cls: str = ""
    width: float = 0.0


@dataclass(frozen=True, slots=True)
class Swatch:
    """A filled box: a key of the legend, a tag's ground, the corner box; ``hatch`` stripes it in that colour."""

    box: Box
    fill: str
    hatch: str = ""
    outline: str = INK


@dataclass(frozen=True, slots=True)
class Cross:
    """A religious marker (``faith`` CATHOLIC or PROTESTANT) at ``xy``."""

    xy: XY
    faith: str


@dataclass(frozen=True, slots=True)
class Label:
    """Words placed on the map (``kind`` province, tag or corner) and the box they take; ``crowded``: a province's
    label that found no clear spot inside its province, so lies over some of its marks (in the smallest size)."""

    kind: str
    name: str
    box: Box
    crowded: bool = False


@dataclass(slots=True)
class Marks:
    """What is drawn over the fills, in painting order: centres (a captured one ringed in its owner's colour),
    crosses, arrows, units, bounces, swatches, texts."""

    centres: list[tuple[XY, str | None]] = field(default_factory=list)
    captured: list[tuple[XY, str]] = field(default_factory=list)
    crosses: list[Cross] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    units: list[UnitMark] = field(default_factory=list)
    bounces: list[XY] = field(default_factory=list)
    swatches: list[Swatch] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Words:
    """The picture's title and the legend's words by key (``templates/picture/legend.j2``)."""

    title: str
    keys: Mapping[str, str]

    def __getitem__(self, key: str) -> str:
        return self.keys.get(key, key)


@dataclass(frozen=True, slots=True)
class LegendEntry:
    colour: str
    name: str
    centres: int
    units: int


@dataclass(slots=True)
class Scene:
    """Everything drawn: region fills and hatching, the marks on the map, the words placed, the legend below."""

    geometry: Geometry
    title: str
    fills: dict[str, str] = field(default_factory=dict)
    hatches: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    board: Marks = field(default_factory=Marks)
    labels: list[Label] = field(default_factory=list)
    entries: list[LegendEntry] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    legend: Marks = field(default_factory=Marks)
    height: int = 0
    bounced: set[str] = field(default_factory=set)
    bounce_targets: list[str] = field(default_factory=list)

    def key(self, name: str) -> None:
        """Note that the legend must explain ``name`` (once, in the order first met)."""
        if name not in self.keys:
            self.keys.append(name)
