"""A scene written as SVG: the same shapes as the PNG (judge/render/shapes.py), as text any browser scales.

Each order's shapes are one group whose class names its style (``move``,
``support``, ``hold``, ``convoy``, ``retreat``, ``option``; ``failed`` added
for a failed one); a province's abbreviation is a ``label``, its full name a
``name``, the words marking it a ``mark``, a minor unit's owner a ``tag``.
Each province's region carries its full name as a tooltip.
"""

from __future__ import annotations

from html import escape

from judge.render.fonts import FAMILY
from judge.render.geometry import XY, Polygon
from judge.render.palette import FAILED, FAITHS, INK, LAKE, tint
from judge.render.sceneparts import Arrow, Marks, Scene, Swatch, Text, UnitMark
from judge.render.shapes import (
    BOUNCE, BUILT_RADIUS, CENTRE_RADIUS, UNIT_RADIUS, STYLES, arrow_shape, army_outline, cross_lines, faith_cross, fleet_outline,
)

STRIPES = 6.4  # the hatching's period, across the stripes (the PNG's 9 pixels along a row)


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _path(polygon: Polygon) -> str:
    rings = []
    for ring in polygon:
        pairs = [f"{_n(ring[i])} {_n(ring[i + 1])}" for i in range(0, len(ring), 2)]
        rings.append("M" + "L".join(pairs) + "Z")
    return "".join(rings)


def _points(points: tuple[XY, ...]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def paint_svg(scene: Scene) -> bytes:
    """The scene as an SVG document (UTF-8)."""
    width, height = scene.geometry.size
    total = max(scene.height, height)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
           f'viewBox="0 0 {width} {total}" font-family="{FAMILY}">',
           f"<title>{escape(scene.title)}</title>", f'<rect width="{width}" height="{total}" fill="white"/>']
    out += _patterns(scene)
    out += _regions(scene)
    out += _marks(scene.board)
    out.append(f'<g id="legend"><line x1="0" y1="{height}" x2="{width}" y2="{height}" stroke="{INK}"/>')
    out += _marks(scene.legend, "key ")
    out.append("</g>")
    out.append("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


def _hatch_id(colour: str) -> str:
    return f"hatch-{colour.lstrip('#').upper()}"


def _patterns(scene: Scene) -> list[str]:
    colours = sorted(set(scene.hatches.values()) | {s.hatch for s in scene.legend.swatches if s.hatch})
    if not colours:
        return []
    out = ["<defs>"]
    for colour in colours:
        out.append(f'<pattern id="{_hatch_id(colour)}" width="{STRIPES}" height="{STRIPES}" '
                   f'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
                   f'<line x1="0" y1="0" x2="0" y2="{STRIPES}" stroke="{colour}" stroke-width="2.8"/></pattern>')
    out.append("</defs>")
    return out


def _regions(scene: Scene) -> list[str]:
    out = ['<g id="regions" fill-rule="evenodd" stroke-width="1">']
    for name, region in scene.geometry.regions.items():
        line = "#8F8778" if region.terrain == "land" else "#9DB7CB"
        d = "".join(_path(p) for p in region.polygons)
        full = scene.names.get(name)
        tip = f"<title>{escape(full)} ({escape(name)})</title>" if full else ""
        out.append(f'<path id="{escape(name)}" d="{d}" fill="{scene.fills.get(name, "white")}" stroke="{line}">'
                   f'{tip}</path>')
        if name in scene.hatches:
            out.append(f'<path class="hatch" d="{d}" fill="url(#{_hatch_id(scene.hatches[name])})" stroke="{line}"/>')
    out += [f'<path d="{_path(p)}" fill="{LAKE}" stroke="#9DB7CB"/>' for p in scene.geometry.lakes]
    out.append("</g>")
    return out


def _marks(marks: Marks, key: str = "") -> list[str]:
    """The marks in painting order; ``key``: the legend's (its arrows' classes start with "key ")."""
    r = _n(CENTRE_RADIUS)
    out = [f'<circle class="centre" cx="{_n(x)}" cy="{_n(y)}" r="{r}" fill="{c or "white"}" stroke="{INK}"/>'
           for (x, y), c in marks.centres]
    out += [f'<polygon class="faith {c.faith.lower()}" points="{_points(faith_cross(c.xy))}" '
            f'fill="{FAITHS[c.faith]}" stroke="{INK}"/>' for c in marks.crosses]
    for arrow in marks.arrows:
        out += _arrow(arrow, key)
    for unit in marks.units:
        out += _unit(unit, key)
    for xy in marks.bounces:
        out += _red_cross(xy, BOUNCE, f"{key}bounce")
    out += [_swatch(s) for s in marks.swatches]
    out += [_text(t) for t in marks.texts]
    return out


def _line(a: XY, b: XY) -> str:
    return f'x1="{_n(a[0])}" y1="{_n(a[1])}" x2="{_n(b[0])}" y2="{_n(b[1])}"'


def _arrow(arrow: Arrow, key: str = "") -> list[str]:
    shape = arrow_shape(arrow.start, arrow.end, arrow.style, arrow.failed, arrow.bare)
    width, pattern = STYLES[arrow.style]
    dash = f' stroke-dasharray="{_n(pattern[0])} {_n(pattern[1])}"' if pattern else ""
    line = _line(*shape.shaft)
    out = [f'<g class="{key}{arrow.style}{" failed" if arrow.failed else ""}">',
           f'<line {line} stroke="{INK}" stroke-width="{width + 2}"{dash}/>',
           f'<line {line} stroke="{arrow.colour}" stroke-width="{width}"{dash}/>']
    if shape.head:
        out.append(f'<polygon points="{_points(shape.head)}" fill="{arrow.colour}" stroke="{INK}"/>')
    if shape.ring is not None:
        (x, y), r, filled = shape.ring
        at = f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"'
        if filled:
            out.append(f'<circle {at} fill="{arrow.colour}" stroke="{INK}"/>')
        else:
            out.append(f'<circle {at} fill="none" stroke="{INK}" stroke-width="4"/>')
            out.append(f'<circle {at} fill="none" stroke="{arrow.colour}" stroke-width="2"/>')
    if shape.cross is not None:
        for p, q in cross_lines(shape.cross):
            out += [f'<line {_line(p, q)} stroke="white" stroke-width="6"/>',
                    f'<line {_line(p, q)} stroke="{FAILED}" stroke-width="2.5"/>']
    out.append("</g>")
    return out


def _unit(unit: UnitMark, key: str = "") -> list[str]:
    x, y = unit.xy
    if unit.built:
        at = f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(BUILT_RADIUS)}"'
        return [f'<circle class="{key}built" {at} fill="none" stroke="white" stroke-width="5"/>',
                f'<circle {at} fill="none" stroke="{INK}" stroke-width="2"/>']
    outline = fleet_outline(unit.xy) if unit.kind == "F" else army_outline(unit.xy)
    fill = tint(unit.colour, 0.55) if unit.ghost else unit.colour
    kind = "fleet" if unit.kind == "F" else "army"
    out = [f'<polygon class="{key}{kind}" points="{_points(outline)}" fill="{fill}" stroke="{INK}" stroke-width="2"/>']
    if unit.removed:
        out += [f'<line {_line(p, q)} stroke="{INK}" stroke-width="2"/>' for p, q in cross_lines(unit.xy, 7.0)]
    if unit.destroyed:
        out += _red_cross(unit.xy, UNIT_RADIUS + 1, f"{key}destroyed")
    return out


def _red_cross(xy: XY, size: float, cls: str) -> list[str]:
    """A bounce's mark, or a destroyed unit's: red over a white outline."""
    lines = cross_lines(xy, size)
    return ([f'<g class="{cls}">'] + [f'<line {_line(p, q)} stroke="white" stroke-width="7"/>' for p, q in lines]
            + [f'<line {_line(p, q)} stroke="{FAILED}" stroke-width="3"/>' for p, q in lines] + ["</g>"])


def _swatch(swatch: Swatch) -> str:
    x0, y0, x1, y1 = swatch.box
    at = f'x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" height="{_n(y1 - y0)}"'
    hatch = f'<rect {at} fill="url(#{_hatch_id(swatch.hatch)})"/>' if swatch.hatch else ""
    return f'<rect {at} fill="{swatch.fill}"/>{hatch}<rect {at} fill="none" stroke="{swatch.outline}"/>'


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
