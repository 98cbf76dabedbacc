"""The one drawing (``judge/render/drawing.py``) painted as a PNG with Pillow, anti-aliased by supersampling.

Pillow draws without anti-aliasing, so the drawing is painted at
:data:`SUPERSAMPLE` times its size and shrunk with a box filter: every edge
and word comes out smooth, as in the SVG.  The result is quantised to
:data:`COLOURS` colours (enough for the smoothed edges, half the bytes of
full colour).  Why not rasterise the SVG: resvg's binding drew a map in
180-300 ms on the 2-core server; this takes well under the 150 ms goal
(``bench/pictures.py``).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from judge.render.drawing import Area, Dot, Drawing, Group, Line, Outline, Stroke, draw
from judge.render.fonts import font
from judge.render.geometry import XY
from judge.render.sceneparts import Scene, Text
from judge.render.palette import rgb
from judge.render.shapes import dashes

#: how many times larger the picture is painted before it is shrunk (anti-aliasing)
SUPERSAMPLE = 2
#: the palette of the PNG file, and zlib's effort (3: a tenth bigger than 6, in half the time)
COLOURS, COMPRESSION = 256, 3
#: hatching: a stripe this wide every this many pixels along a row (at the picture's own size)
STRIPE, STRIPE_EVERY = 2, 9


def paint_png(scene: Scene) -> bytes:
    """The scene as PNG bytes."""
    return write_png(draw(scene))


def write_png(drawing: Drawing, scale: int = SUPERSAMPLE) -> bytes:
    size = (drawing.width * scale, drawing.height * scale)
    ground = [item for item in drawing.items[:drawing.ground] if isinstance(item, Area | Line)]
    numbered = len(ground) == drawing.ground and len(_numbered(ground) | set(_inks(ground))) < 255
    image = _ground(ground, size, scale) if numbered else Image.new("RGB", size, "white")
    pen = ImageDraw.Draw(image)
    for item in drawing.items[drawing.ground if numbered else 0:]:
        if isinstance(item, Area):
            _area(image, pen, item, scale)
        elif isinstance(item, Line):
            _line(pen, item, scale, item.colour)
        elif isinstance(item, Outline):
            _outline(pen, item, scale)
        elif isinstance(item, Stroke):
            _stroke(pen, item, scale)
        elif isinstance(item, Dot):
            _dot(pen, item, scale)
        elif isinstance(item, Text):
            _text(image, item, scale)
        elif not isinstance(item, Group):
            raise TypeError(item)
    if scale > 1:
        image = image.reduce(scale)
    out = io.BytesIO()
    image.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=COMPRESSION)
    return out.getvalue()


def _numbered(ground: list[Area | Line]) -> set[str]:
    return {_own(item) for item in ground if isinstance(item, Area)}


def _inks(ground: list[Area | Line]) -> list[str]:
    """The colours of the ground's lines: the regions' borders and the relief's rivers and mountains."""
    return sorted({item.stroke if isinstance(item, Area) else item.colour for item in ground})


def _ground(ground: list[Area | Line], size: tuple[int, int], scale: int) -> Image.Image:
    """The regions, filled, edged and hatched, and the relief: each map's ground is painted once as numbers
    (which region owns each pixel, which border or river crosses it) and kept; a picture only gives each
    number its colour."""
    strokes = _inks(ground)
    areas = [item for item in ground if isinstance(item, Area)]
    owners = list(dict.fromkeys(_own(area) for area in areas))
    index = _numbers(tuple(ground), size, scale, tuple(strokes), tuple(owners))
    fills = {_own(area): area.fill for area in areas}
    palette = [255, 255, 255]
    for colour in [fills[owner] for owner in owners] + strokes:
        palette += rgb(colour)
    image = index.copy()
    image.putpalette(palette)
    image = image.convert("RGB")
    for area in areas:
        if area.hatch:
            _hatch(image, _scaled(area.rings[0], scale), area.hatch, scale, index, owners.index(_own(area)) + 1)
    return image


def _own(area: Area) -> str:
    """What an area's number stands for: its region (all its parts alike), or its colour (the lakes)."""
    return area.name or area.fill


_NUMBERS: dict[tuple[object, ...], tuple[tuple[Area | Line, ...], Image.Image]] = {}


def _shape(item: Area | Line) -> object:
    return item.rings if isinstance(item, Area) else item.parts


def _numbers(ground: tuple[Area | Line, ...], size: tuple[int, int], scale: int, strokes: tuple[str, ...],
             owners: tuple[str, ...]) -> Image.Image:
    """The map's ground as numbers (0 the paper, 1.. each region, then each line's colour), made once per map."""
    key = (*size, scale, *(id(_shape(item)) for item in ground), *strokes, *owners)
    kept = _NUMBERS.get(key)
    if kept is None or any(_shape(a) is not _shape(b) for a, b in zip(kept[0], ground, strict=True)):
        if len(_NUMBERS) > 8:
            _NUMBERS.clear()
        image = Image.new("P", size, 0)
        pen = ImageDraw.Draw(image)
        for item in ground:
            if isinstance(item, Line):
                _line(pen, item, scale, len(owners) + 1 + strokes.index(item.colour))
                continue
            points = _scaled(item.rings[0], scale)
            pen.polygon(points, fill=owners.index(_own(item)) + 1)
            pen.line(points + points[:1], fill=len(owners) + 1 + strokes.index(item.stroke), width=scale)
        kept = _NUMBERS[key] = (ground, image)
    return kept[1]


def _line(pen: ImageDraw.ImageDraw, line: Line, scale: int, ink: str | int) -> None:
    """Each polyline of a river or a range, in ``ink`` (a colour, or a number on the ground's numbers)."""
    width = max(1, round(line.width * scale))
    for part in line.parts:
        pen.line(_scaled(part, scale), fill=ink, width=width, joint="curve" if width > 2 else None)


def _scaled(ring: Sequence[float], scale: int) -> list[tuple[float, float]]:
    return [(ring[i] * scale, ring[i + 1] * scale) for i in range(0, len(ring), 2)]


def _area(image: Image.Image, pen: ImageDraw.ImageDraw, area: Area, scale: int) -> None:
    """The outer ring filled (a hole's region is smaller, so painted over it later), hatched, edged."""
    points = _scaled(area.rings[0], scale)
    pen.polygon(points, fill=area.fill)
    if area.hatch:
        _hatch(image, points, area.hatch, scale)
    pen.line(points + points[:1], fill=area.stroke, width=scale)


def _hatch(image: Image.Image, points: list[tuple[float, float]], colour: str, scale: int,
           numbers: Image.Image | None = None, number: int = 0) -> None:
    """Diagonal stripes of ``colour`` over the area inside ``points`` (or the pixels ``numbers`` gives
    ``number``), on the picture's grid."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = int(min(xs)), int(min(ys))
    width, height = int(max(xs)) - left + 2, int(max(ys)) - top + 2
    if numbers is not None:
        crop = numbers.crop((left, top, left + width, top + height))
        mask = crop.point([255 if v == number else 0 for v in range(256)], "L")
    else:
        mask = Image.new("L", (width, height), 0)
        ImageDraw.Draw(mask).polygon([(x - left, y - top) for x, y in points], fill=255)
    stripes = Image.new("L", (width, height), 0)
    lines = ImageDraw.Draw(stripes)
    every = STRIPE_EVERY * scale
    for k in range(-height - (left + top) % every, width + height, every):
        lines.line(((k, height), (k + height, 0)), fill=255, width=STRIPE * scale)
    alpha = Image.composite(stripes, Image.new("L", (width, height), 0), mask)
    image.paste(Image.new("RGB", (width, height), colour), (left, top), alpha)


def _outline(pen: ImageDraw.ImageDraw, outline: Outline, scale: int) -> None:
    points = [(x * scale, y * scale) for x, y in outline.points]
    if outline.fill is not None:
        pen.polygon(points, fill=outline.fill)
    pen.line(points + points[:1], fill=outline.stroke, width=round(outline.width * scale), joint="curve")


def _stroke(pen: ImageDraw.ImageDraw, stroke: Stroke, scale: int) -> None:
    a: XY = (stroke.a[0] * scale, stroke.a[1] * scale)
    b: XY = (stroke.b[0] * scale, stroke.b[1] * scale)
    parts = dashes(a, b, stroke.dash[0] * scale, stroke.dash[1] * scale) if stroke.dash else [(a, b)]
    for p, q in parts:
        pen.line((p, q), fill=stroke.colour, width=round(stroke.width * scale))


def _dot(pen: ImageDraw.ImageDraw, dot: Dot, scale: int) -> None:
    x, y, r, half = dot.xy[0] * scale, dot.xy[1] * scale, dot.r * scale, dot.width * scale / 2
    if dot.fill is not None:
        pen.ellipse((x - r, y - r, x + r, y + r), fill=dot.fill)
    pen.ellipse((x - r - half, y - r - half, x + r + half, y + r + half), outline=dot.stroke,
                width=max(1, round(dot.width * scale)))


def _text(image: Image.Image, text: Text, scale: int) -> None:
    sprite, (dx, dy) = _sprite(text.text, text.size * scale, text.colour, text.bold, text.halo, scale)
    x, y = text.xy[0] * scale, text.xy[1] * scale
    if text.anchor == "middle":
        x -= text.width * scale / 2
    image.paste(sprite, (round(x + dx), round(y + dy)), sprite)


@lru_cache(maxsize=4096)
def _sprite(words: str, size: int, colour: str, bold: bool, halo: bool,
            scale: int) -> tuple[Image.Image, tuple[int, int]]:
    """A line of words drawn once (with its halo) on a clear ground, and where its corner goes from the line's
    start at its middle height; the same words on the next picture are pasted, not drawn again."""
    face = font(size)
    pad = 4 * scale
    width = int(face.getlength(words)) + 2 * pad + 2
    height = size * 2 + 2 * pad
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    pen = ImageDraw.Draw(sprite)
    at = (pad, height / 2)
    if halo:
        pen.text(at, words, fill="white", font=face, anchor="lm", stroke_width=(3 if bold else 2.5) * scale,
                 stroke_fill="white")
    pen.text(at, words, fill=colour, font=face, anchor="lm", stroke_width=(0.5 if bold else 0) * scale,
             stroke_fill=colour)
    return sprite, (-pad, -height // 2)
