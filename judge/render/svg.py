"""The one drawing (``judge/render/drawing.py``) written as SVG: text any browser scales, the PNG's very shapes.

Each order's shapes are one group whose class names its style (``move``,
``support``, ``hold``, ``convoy``, ``retreat``, ``option``; ``failed`` added
for a failed one); a province's abbreviation is a ``label``, its full name a
``name``, the words marking it a ``mark``, a minor unit's owner a ``tag``.
Each province's region carries its full name as a tooltip.
"""

from __future__ import annotations

from html import escape

from judge.render.drawing import END, Area, Dot, Drawing, Group, Line, Outline, Primitive, Stroke, draw
from judge.render.fonts import FAMILY
from judge.render.geometry import XY
from judge.render.sceneparts import Scene, Text

STRIPES = 6.4  # the hatching's period, across the stripes (the PNG's 9 pixels along a row)


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _points(points: tuple[XY, ...]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def paint_svg(scene: Scene) -> bytes:
    """The scene as an SVG document (UTF-8)."""
    return write_svg(draw(scene))


def write_svg(drawing: Drawing) -> bytes:
    width, total = drawing.width, drawing.height
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
           f'viewBox="0 0 {width} {total}" font-family="{FAMILY}">',
           f"<title>{escape(drawing.title)}</title>", f'<rect width="{width}" height="{total}" fill="white"/>']
    out += _patterns(drawing)
    seen: set[str] = set()
    out += [_item(item, seen) for item in drawing.items]
    out.append("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


def _hatch_id(colour: str) -> str:
    return f"hatch-{colour.lstrip('#').upper()}"


def _patterns(drawing: Drawing) -> list[str]:
    colours = sorted({item.hatch for item in drawing.items if isinstance(item, Area) and item.hatch})
    if not colours:
        return []
    out = ["<defs>"]
    for colour in colours:
        out.append(f'<pattern id="{_hatch_id(colour)}" width="{STRIPES}" height="{STRIPES}" '
                   f'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
                   f'<line x1="0" y1="0" x2="0" y2="{STRIPES}" stroke="{colour}" stroke-width="2.8"/></pattern>')
    out.append("</defs>")
    return out


def _item(item: Primitive, seen: set[str]) -> str:
    if isinstance(item, Group):
        if item is END or item == END:
            return "</g>"
        kind = "id" if item.cls == "legend" else "class"
        return f'<g {kind}="{item.cls}">'
    if isinstance(item, Area):
        return _area(item, seen)
    if isinstance(item, Line):
        return _line(item)
    if isinstance(item, Outline):
        cls = f' class="{item.cls}"' if item.cls else ""
        return (f'<polygon{cls} points="{_points(item.points)}" fill="{item.fill or "none"}" stroke="{item.stroke}" '
                f'stroke-width="{_n(item.width)}" stroke-linejoin="round"/>')
    if isinstance(item, Stroke):
        dash = f' stroke-dasharray="{_n(item.dash[0])} {_n(item.dash[1])}"' if item.dash else ""
        (x1, y1), (x2, y2) = item.a, item.b
        return (f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{item.colour}" '
                f'stroke-width="{_n(item.width)}"{dash}/>')
    if isinstance(item, Dot):
        cls = f' class="{item.cls}"' if item.cls else ""
        return (f'<circle{cls} cx="{_n(item.xy[0])}" cy="{_n(item.xy[1])}" r="{_n(item.r)}" '
                f'fill="{item.fill or "none"}" stroke="{item.stroke}" stroke-width="{_n(item.width)}"/>')
    return _text(item)


def _area(area: Area, seen: set[str]) -> str:
    d = "".join(_relative([round(v, 1) for v in ring]) + "Z" for ring in area.rings)   # short numbers, as lines
    named = f' id="{escape(area.name)}"' if area.name and area.name not in seen else ""
    seen.add(area.name)
    tip = f"<title>{escape(area.title)}</title>" if area.title else ""
    out = f'<path{named} d="{d}" fill="{area.fill}" fill-rule="evenodd" stroke="{area.stroke}">{tip}</path>'
    if area.hatch:
        out += f'<path class="hatch" d="{d}" fill="url(#{_hatch_id(area.hatch)})" stroke="{area.stroke}"/>'
    return out


def _line(line: Line) -> str:
    """Polylines as one path, named by its tooltip (a river's, a range's name); each step written relative
    to the last (short numbers: the relief costs the mail a third less)."""
    d = "".join(_relative([round(v, 1) for v in part]) for part in line.parts)
    tip = f"<title>{escape(line.title)}</title>" if line.title else ""
    cls = f' class="{line.cls}"' if line.cls else ""
    return (f'<path{cls} d="{d}" fill="none" stroke="{line.colour}" stroke-width="{_n(line.width)}" '
            f'stroke-linecap="round" stroke-linejoin="round">{tip}</path>')


def _relative(part: list[float]) -> str:
    steps = " ".join(f"{_n(part[i] - part[i - 2])} {_n(part[i + 1] - part[i - 1])}" for i in range(2, len(part), 2))
    return f"M{_n(part[0])} {_n(part[1])}l{steps}"


def _text(text: Text) -> str:
    """A line of words; its measured length keeps it in the box it was placed in, whatever the font."""
    x, y = text.xy
    anchor = "middle" if text.anchor == "middle" else "start"
    style = ' font-weight="bold"' if text.bold else ""
    halo = ' stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke"' if text.halo else ""
    cls = f' class="{text.cls}"' if text.cls else ""
    length = f' textLength="{_n(text.width)}" lengthAdjust="spacingAndGlyphs"' if text.width else ""
    return (f'<text{cls} x="{_n(x)}" y="{_n(y + text.size * 0.36)}" font-size="{text.size}" text-anchor="{anchor}" '
            f'fill="{text.colour}"{style}{halo}{length}>{escape(text.text)}</text>')
