"""A scene written as SVG: the same shapes as the PNG (judge/render/shapes.py), as text any browser scales."""

from __future__ import annotations

from html import escape

from judge.render.geometry import XY, Polygon
from judge.render.palette import INK, LAKE, MARK, tint
from judge.render.scene import Arrow, Scene, UnitMark
from judge.render.shapes import (
    LEGEND_COLUMNS, LEGEND_HEAD, LEGEND_ROW, arrow_shape, army_outline, cross_lines, dash_pattern, fleet_outline,
    legend_height,
)


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
    total = height + legend_height(len(scene.legend))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
           f'viewBox="0 0 {width} {total}" font-family="sans-serif">',
           f"<title>{escape(scene.title)}</title>", f'<rect width="{width}" height="{total}" fill="white"/>']
    out += _regions(scene)
    out += [f'<circle cx="{_n(x)}" cy="{_n(y)}" r="4" fill="{c or "white"}" stroke="{INK}"/>'
            for (x, y), c in scene.centres]
    out += [f'<text x="{_n(x)}" y="{_n(y + 3)}" font-size="9" text-anchor="middle" fill="{INK}" stroke="white" '
            f'stroke-width="2" paint-order="stroke">{escape(t)}</text>' for (x, y), t in scene.labels]
    out += [f'<text class="mark" x="{_n(x)}" y="{_n(y + 3)}" font-size="8" font-weight="bold" text-anchor="middle" '
            f'fill="{MARK}" stroke="white" stroke-width="2" paint-order="stroke">{escape(t)}</text>'
            for (x, y), t in scene.marks]
    for arrow in scene.arrows:
        out += _arrow(arrow)
    for unit in scene.units:
        out += _unit(unit)
    out += _legend(scene, height)
    out.append("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


def _regions(scene: Scene) -> list[str]:
    out = ['<g id="regions" fill-rule="evenodd" stroke-width="1">']
    for name, region in scene.geometry.regions.items():
        line = "#8F8778" if region.terrain == "land" else "#9DB7CB"
        d = "".join(_path(p) for p in region.polygons)
        out.append(f'<path id="{escape(name)}" d="{d}" fill="{scene.fills.get(name, "white")}" stroke="{line}"/>')
    out += [f'<path d="{_path(p)}" fill="{LAKE}" stroke="#9DB7CB"/>' for p in scene.geometry.lakes]
    out.append("</g>")
    return out


def _arrow(arrow: Arrow) -> list[str]:
    shape = arrow_shape(arrow.start, arrow.end, arrow.style, arrow.failed)
    pattern = dash_pattern(arrow.style, arrow.failed)
    width = {"move": 3, "option": 2}.get(arrow.style, 2)
    dash = f' stroke-dasharray="{_n(pattern[0])} {_n(pattern[1])}"' if pattern else ""
    (ax, ay), (bx, by) = shape.shaft
    line = f'x1="{_n(ax)}" y1="{_n(ay)}" x2="{_n(bx)}" y2="{_n(by)}"'
    out = [f'<g class="{arrow.style}{" failed" if arrow.failed else ""}">',
           f'<line {line} stroke="{INK}" stroke-width="{width + 2}"{dash}/>',
           f'<line {line} stroke="{arrow.colour}" stroke-width="{width}"{dash}/>']
    if shape.head:
        out.append(f'<polygon points="{_points(shape.head)}" fill="{arrow.colour}" stroke="{INK}"/>')
    if shape.ring is not None:
        (x, y), r = shape.ring
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="none" stroke="{INK}" stroke-width="3"/>')
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="none" stroke="{arrow.colour}"/>')
    if shape.cross is not None:
        for (px, py), (qx, qy) in cross_lines(shape.cross):
            end = f'x1="{_n(px)}" y1="{_n(py)}" x2="{_n(qx)}" y2="{_n(qy)}"'
            out += [f'<line {end} stroke="white" stroke-width="5"/>', f'<line {end} stroke="{INK}" stroke-width="2"/>']
    out.append("</g>")
    return out


def _unit(unit: UnitMark) -> list[str]:
    x, y = unit.xy
    if unit.built:
        return [f'<circle cx="{_n(x)}" cy="{_n(y)}" r="13" fill="none" stroke="{INK}" stroke-width="2"/>']
    outline = fleet_outline(unit.xy) if unit.kind == "F" else army_outline(unit.xy)
    fill = tint(unit.colour, 0.55) if unit.ghost else unit.colour
    kind = "fleet" if unit.kind == "F" else "army"
    out = [f'<polygon class="{kind}" points="{_points(outline)}" fill="{fill}" stroke="{INK}" stroke-width="2"/>']
    if unit.removed:
        out += [f'<line x1="{_n(p[0])}" y1="{_n(p[1])}" x2="{_n(q[0])}" y2="{_n(q[1])}" stroke="{INK}" '
                f'stroke-width="2"/>' for p, q in cross_lines(unit.xy, 7.0)]
    return out


def _legend(scene: Scene, top: int) -> list[str]:
    width = scene.geometry.size[0]
    out = [f'<g id="legend"><line x1="0" y1="{top}" x2="{width}" y2="{top}" stroke="{INK}"/>',
           f'<text x="8" y="{top + 20}" font-size="14" fill="{INK}">{escape(scene.title)}</text>']
    column = width // LEGEND_COLUMNS
    for i, entry in enumerate(scene.legend):
        x, y = 8 + (i % LEGEND_COLUMNS) * column, top + LEGEND_HEAD + (i // LEGEND_COLUMNS) * LEGEND_ROW
        out.append(f'<rect x="{x}" y="{y}" width="12" height="12" fill="{entry.colour}" stroke="{INK}"/>')
        out.append(f'<text x="{x + 18}" y="{y + 10}" font-size="11" fill="{INK}">'
                   f"{escape(entry.name)}  {entry.centres}/{entry.units}</text>")
    y = top + LEGEND_HEAD + (-(-len(scene.legend) // LEGEND_COLUMNS)) * LEGEND_ROW
    centre, army, fleet, failed, dislodged = list(scene.keys)[:5]
    out.append(f'<circle cx="12" cy="{y + 6}" r="4" fill="white" stroke="{INK}"/>')
    out.append(f'<polygon points="{_points(army_outline((98, y + 6), 0.8))}" fill="#777777" stroke="{INK}"/>')
    out.append(f'<polygon points="{_points(fleet_outline((168, y + 6), 0.8))}" fill="#777777" stroke="{INK}"/>')
    out += [f'<line x1="{_n(p[0])}" y1="{_n(p[1])}" x2="{_n(q[0])}" y2="{_n(q[1])}" stroke="{INK}" stroke-width="2"/>'
            for p, q in cross_lines((244, y + 6), 4)]
    out.append(f'<polygon points="{_points(army_outline((324, y + 6), 0.8))}" fill="#BBBBBB" stroke="{INK}"/>')
    for x, text in ((20, centre), (108, army), (180, fleet), (254, failed), (334, dislodged)):
        out.append(f'<text x="{x}" y="{y + 10}" font-size="11" fill="{INK}">{escape(text)}</text>')
    out.append("</g>")
    return out
