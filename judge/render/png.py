"""A scene painted as a PNG with Pillow: flat colours, then a 128-colour palette, so a mail stays small."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from judge.render.fonts import font
from judge.render.geometry import XY, Polygon
from judge.render.layout import Box
from judge.render.palette import FAILED, FAITHS, INK, LAKE, tint
from judge.render.sceneparts import Arrow, Marks, Scene, Swatch, Text, UnitMark
from judge.render.shapes import (
    BOUNCE, BUILT_RADIUS, CENTRE_RADIUS, UNIT_RADIUS, STYLES, arrow_shape, army_outline, cross_lines, dashes, faith_cross, fleet_outline,
)

BORDER = "#8F8778"
SEA_BORDER = "#9DB7CB"
#: hatching: a stripe this wide every this many pixels along a row
STRIPE, STRIPE_EVERY = 2, 9


def paint_png(scene: Scene) -> bytes:
    """The scene as PNG bytes."""
    width, height = scene.geometry.size
    image = Image.new("RGB", (width, max(scene.height, height)), "white")
    draw = ImageDraw.Draw(image)
    _regions(image, draw, scene)
    _marks(image, draw, scene.board)
    draw.line(((0, height), (width, height)), fill=INK, width=1)
    _marks(image, draw, scene.legend)
    out = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=6)
    return out.getvalue()


def _regions(image: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene) -> None:
    """Larger regions first, so a region enclosed by another is painted over it; lakes last."""
    parts: list[tuple[float, str, Polygon]] = []
    for name, region in scene.geometry.regions.items():
        parts += [(_area(polygon[0]), name, polygon) for polygon in region.polygons]
    for _, name, polygon in sorted(parts, key=lambda p: -p[0]):
        region = scene.geometry.regions[name]
        line = BORDER if region.terrain == "land" else SEA_BORDER
        draw.polygon(list(polygon[0]), fill=scene.fills.get(name, "#FFFFFF"), outline=line)
        if name in scene.hatches:
            _hatch(image, [polygon[0]], scene.hatches[name])
            draw.polygon(list(polygon[0]), outline=line)
    for polygon in scene.geometry.lakes:
        draw.polygon(list(polygon[0]), fill=LAKE, outline=SEA_BORDER)


def _hatch(image: Image.Image, rings: Sequence[Sequence[float]], colour: str) -> None:
    """Diagonal stripes of ``colour`` over the area inside ``rings`` (flat x, y lists)."""
    xs = [v for ring in rings for v in ring[0::2]]
    ys = [v for ring in rings for v in ring[1::2]]
    left, top = int(min(xs)), int(min(ys))
    width, height = int(max(xs)) - left + 2, int(max(ys)) - top + 2
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).polygon([(x - left, y - top) for ring in rings[:1]
                                  for x, y in zip(ring[0::2], ring[1::2], strict=True)], fill=255)
    stripes = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    lines = ImageDraw.Draw(stripes)
    for k in range(-height - (left + top) % STRIPE_EVERY, width + height, STRIPE_EVERY):  # on the picture's grid
        lines.line(((k, height), (k + height, 0)), fill=colour, width=STRIPE)
    alpha = Image.composite(stripes.getchannel("A"), Image.new("L", (width, height), 0), mask)
    image.paste(stripes.convert("RGB"), (left, top), alpha)


def _area(ring: tuple[float, ...]) -> float:
    xs, ys = ring[0::2], ring[1::2]
    return abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(xs)))) / 2


def _marks(image: Image.Image, draw: ImageDraw.ImageDraw, marks: Marks) -> None:
    r = CENTRE_RADIUS
    for (x, y), colour in marks.centres:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour or "white", outline=INK, width=1)
    for cross in marks.crosses:
        draw.polygon(list(faith_cross(cross.xy)), fill=FAITHS[cross.faith], outline=INK, width=1)
    for arrow in marks.arrows:
        _arrow(draw, arrow)
    for unit in marks.units:
        _unit(draw, unit)
    for xy in marks.bounces:
        _red_cross(draw, xy, BOUNCE)
    for swatch in marks.swatches:
        _swatch(image, draw, swatch)
    for text in marks.texts:
        _text(image, text)


def _line(draw: ImageDraw.ImageDraw, a: XY, b: XY, colour: str, width: int, pattern: tuple[float, float] | None) -> None:
    for p, q in dashes(a, b, *pattern) if pattern else [(a, b)]:
        draw.line((p, q), fill=colour, width=width)


def _arrow(draw: ImageDraw.ImageDraw, arrow: Arrow) -> None:
    shape = arrow_shape(arrow.start, arrow.end, arrow.style, arrow.failed, arrow.bare)
    width, pattern = STYLES[arrow.style]
    a, b = shape.shaft
    _line(draw, a, b, INK, width + 2, pattern)
    _line(draw, a, b, arrow.colour, width, pattern)
    if shape.head:
        draw.polygon(list(shape.head), fill=arrow.colour, outline=INK)
    if shape.ring is not None:
        (x, y), r, filled = shape.ring
        if filled:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=arrow.colour, outline=INK)
        else:
            draw.ellipse((x - r - 1, y - r - 1, x + r + 1, y + r + 1), outline=INK, width=4)
            draw.ellipse((x - r, y - r, x + r, y + r), outline=arrow.colour, width=2)
    if shape.cross is not None:
        for p, q in cross_lines(shape.cross):
            draw.line((p, q), fill="white", width=6)
        for p, q in cross_lines(shape.cross):
            draw.line((p, q), fill=FAILED, width=3)


def _unit(draw: ImageDraw.ImageDraw, unit: UnitMark) -> None:
    if unit.built:
        x, y, r = unit.xy[0], unit.xy[1], BUILT_RADIUS
        draw.ellipse((x - r - 1, y - r - 1, x + r + 1, y + r + 1), outline="white", width=4)
        draw.ellipse((x - r, y - r, x + r, y + r), outline=INK, width=2)
        return
    outline = fleet_outline(unit.xy) if unit.kind == "F" else army_outline(unit.xy)
    fill = tint(unit.colour, 0.55) if unit.ghost else unit.colour
    draw.polygon(list(outline), fill=fill, outline=INK, width=2)
    if unit.removed:
        for p, q in cross_lines(unit.xy, 7.0):
            draw.line((p, q), fill=INK, width=2)
    if unit.destroyed:
        _red_cross(draw, unit.xy, UNIT_RADIUS + 1)


def _red_cross(draw: ImageDraw.ImageDraw, xy: XY, size: float) -> None:
    """A bounce's mark, or a destroyed unit's: red over a white outline."""
    for p, q in cross_lines(xy, size):
        draw.line((p, q), fill="white", width=7)
    for p, q in cross_lines(xy, size):
        draw.line((p, q), fill=FAILED, width=3)


def _swatch(image: Image.Image, draw: ImageDraw.ImageDraw, swatch: Swatch) -> None:
    box: Box = swatch.box
    draw.rectangle(box, fill=swatch.fill)
    if swatch.hatch:
        x0, y0, x1, y1 = box
        _hatch(image, [(x0, y0, x1, y0, x1, y1, x0, y1)], swatch.hatch)
    draw.rectangle(box, outline=swatch.outline, width=1)


def _text(image: Image.Image, text: Text) -> None:
    sprite, (dx, dy) = _sprite(text.text, text.size, text.colour, text.bold, text.halo)
    x, y = text.xy
    if text.anchor == "middle":
        x -= text.width / 2
    image.paste(sprite, (round(x + dx), round(y + dy)), sprite)


@lru_cache(maxsize=4096)
def _sprite(words: str, size: int, colour: str, bold: bool, halo: bool) -> tuple[Image.Image, tuple[int, int]]:
    """A line of words drawn once (with its halo) on a clear ground, and where its corner goes from the line's
    start at its middle height; the same words on the next picture are pasted, not drawn again."""
    face = font(size)
    pad = 4
    width = int(face.getlength(words)) + 2 * pad + 2
    height = size * 2 + 2 * pad
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    at = (pad, height / 2)
    if halo:
        draw.text(at, words, fill="white", font=face, anchor="lm", stroke_width=3 if bold else 2.5, stroke_fill="white")
    draw.text(at, words, fill=colour, font=face, anchor="lm", stroke_width=0.5 if bold else 0, stroke_fill=colour)
    return sprite, (-pad, -height // 2)
