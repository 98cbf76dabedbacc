"""A scene painted as a PNG with Pillow: flat colours, then a 128-colour palette, so a mail stays small."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from judge.render.geometry import XY, Polygon
from judge.render.palette import INK, LAKE, MARK, tint
from judge.render.scene import Arrow, Scene, UnitMark
from judge.render.shapes import (
    LEGEND_COLUMNS, LEGEND_HEAD, LEGEND_ROW, arrow_shape, army_outline, cross_lines, dash_pattern, dashes,
    fleet_outline, legend_height,
)

BORDER = "#8F8778"


@lru_cache(maxsize=8)
def _font(size: int) -> Any:
    return ImageFont.load_default(size)


def paint_png(scene: Scene) -> bytes:
    """The scene as PNG bytes."""
    width, height = scene.geometry.size
    image = Image.new("RGB", (width, height + legend_height(len(scene.legend))), "white")
    draw = ImageDraw.Draw(image)
    _regions(draw, scene)
    for xy, colour in scene.centres:
        draw.ellipse((xy[0] - 4, xy[1] - 4, xy[0] + 4, xy[1] + 4), fill=colour or "white", outline=INK, width=1)
    font = _font(9)
    for xy, text in scene.labels:
        draw.text(xy, text, fill=INK, font=font, anchor="mm", stroke_width=2, stroke_fill="white")
    for xy, text in scene.marks:
        draw.text(xy, text, fill=MARK, font=_font(8), anchor="mm", stroke_width=2, stroke_fill="white")
    for arrow in scene.arrows:
        _arrow(draw, arrow)
    for unit in scene.units:
        _unit(draw, unit)
    _legend(draw, scene, height)
    out = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=6)
    return out.getvalue()


def _flat(ring: tuple[float, ...]) -> list[float]:
    return list(ring)


def _regions(draw: ImageDraw.ImageDraw, scene: Scene) -> None:
    """Larger regions first, so a region enclosed by another is painted over it; lakes last."""
    parts: list[tuple[float, Polygon, str, str]] = []
    for name, region in scene.geometry.regions.items():
        fill = scene.fills.get(name, "#FFFFFF")
        line = BORDER if region.terrain == "land" else "#9DB7CB"
        parts += [(_area(polygon[0]), polygon, fill, line) for polygon in region.polygons]
    for _, polygon, fill, line in sorted(parts, key=lambda p: -p[0]):
        draw.polygon(_flat(polygon[0]), fill=fill, outline=line)
    for polygon in scene.geometry.lakes:
        draw.polygon(_flat(polygon[0]), fill=LAKE, outline="#9DB7CB")


def _area(ring: tuple[float, ...]) -> float:
    xs, ys = ring[0::2], ring[1::2]
    return abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(xs)))) / 2


def _line(draw: ImageDraw.ImageDraw, a: XY, b: XY, colour: str, width: int, pattern: tuple[float, float] | None) -> None:
    for p, q in dashes(a, b, *pattern) if pattern else [(a, b)]:
        draw.line((p, q), fill=colour, width=width)


def _arrow(draw: ImageDraw.ImageDraw, arrow: Arrow) -> None:
    shape = arrow_shape(arrow.start, arrow.end, arrow.style, arrow.failed)
    pattern = dash_pattern(arrow.style, arrow.failed)
    width = {"move": 3, "option": 2}.get(arrow.style, 2)
    a, b = shape.shaft
    _line(draw, a, b, INK, width + 2, pattern)
    _line(draw, a, b, arrow.colour, width, pattern)
    if shape.head:
        draw.polygon(list(shape.head), fill=arrow.colour, outline=INK)
    if shape.ring is not None:
        (x, y), r = shape.ring
        draw.ellipse((x - r, y - r, x + r, y + r), outline=INK, width=3)
        draw.ellipse((x - r, y - r, x + r, y + r), outline=arrow.colour, width=1)
    if shape.cross is not None:
        for p, q in cross_lines(shape.cross):
            draw.line((p, q), fill="white", width=5)
        for p, q in cross_lines(shape.cross):
            draw.line((p, q), fill=INK, width=2)


def _unit(draw: ImageDraw.ImageDraw, unit: UnitMark) -> None:
    if unit.built:
        x, y = unit.xy
        draw.ellipse((x - 13, y - 13, x + 13, y + 13), outline=INK, width=2)
        return
    outline = fleet_outline(unit.xy) if unit.kind == "F" else army_outline(unit.xy)
    fill = tint(unit.colour, 0.55) if unit.ghost else unit.colour
    draw.polygon(list(outline), fill=fill, outline=INK, width=2)
    if unit.removed:
        for p, q in cross_lines(unit.xy, 7.0):
            draw.line((p, q), fill=INK, width=2)


def _legend(draw: ImageDraw.ImageDraw, scene: Scene, top: int) -> None:
    width = scene.geometry.size[0]
    draw.rectangle((0, top, width, top + legend_height(len(scene.legend))), fill="white")
    draw.line(((0, top), (width, top)), fill=INK, width=1)
    draw.text((8, top + 6), scene.title, fill=INK, font=_font(14))
    column = width // LEGEND_COLUMNS
    for i, entry in enumerate(scene.legend):
        x, y = 8 + (i % LEGEND_COLUMNS) * column, top + LEGEND_HEAD + (i // LEGEND_COLUMNS) * LEGEND_ROW
        draw.rectangle((x, y, x + 12, y + 12), fill=entry.colour, outline=INK)
        draw.text((x + 18, y), f"{entry.name}  {entry.centres}/{entry.units}", fill=INK, font=_font(11))
    _keys(draw, scene, top + LEGEND_HEAD + (-(-len(scene.legend) // LEGEND_COLUMNS)) * LEGEND_ROW)


def _keys(draw: ImageDraw.ImageDraw, scene: Scene, y: int) -> None:
    """One row explaining the marks: centre, army, fleet, failed order, dislodged unit."""
    centre, army, fleet, failed, dislodged = list(scene.keys)[:5]
    x = 8
    draw.ellipse((x, y + 2, x + 8, y + 10), fill="white", outline=INK)
    draw.text((x + 12, y), centre, fill=INK, font=_font(11))
    draw.polygon(list(army_outline((x + 90, y + 6), 0.8)), fill="#777777", outline=INK)
    draw.text((x + 100, y), army, fill=INK, font=_font(11))
    draw.polygon(list(fleet_outline((x + 160, y + 6), 0.8)), fill="#777777", outline=INK)
    draw.text((x + 172, y), fleet, fill=INK, font=_font(11))
    for p, q in cross_lines((x + 236, y + 6), 4):
        draw.line((p, q), fill=INK, width=2)
    draw.text((x + 246, y), failed, fill=INK, font=_font(11))
    draw.polygon(list(army_outline((x + 316, y + 6), 0.8)), fill="#BBBBBB", outline=INK)
    draw.text((x + 326, y), dislodged, fill=INK, font=_font(11))
