"""``judge map check`` and ``judge map draw``: the GM's tools for a hand-edited map.

A map reconstructed from lost pictures (Europe 1615) is only as good as the
eye that checks it, so ``check`` reports every problem with its file and line,
and ``draw`` makes a picture in which a wrong adjacency or a misplaced label
stands out against real geography.
"""

from __future__ import annotations

import argparse
import html
import math
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from judge.engine.geography import Map, Terrain
from judge.engine.mapfile import MapError, MapProblem
from judge.render.palette import power_colours
from judge.variants import UnknownVariant, load_map, load_variant, variant_map_path

Report = Callable[[tuple[str, int], str], None]


# -- check ------------------------------------------------------------------------

def run_check(args: argparse.Namespace) -> int:
    path = Path(args.path)
    if not path.is_file() and path.suffix != ".map":
        path = variant_map_path(args.path) or path
    if not path.is_file():
        print(f"judge map check: no such file: {path}", file=sys.stderr)
        return 2
    problems = check_map(path)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in {path}", file=sys.stderr)
        return 1
    board = load_map(path)
    units = len(board.starting_units)
    print(f"{path}: ok ({len(board.provinces)} provinces, {len(board.centers)} supply centres, {units} units)")
    return 0


def check_map(path: Path) -> list[MapProblem]:
    """Every problem in a map file: the loader's, then the checks a drawing and a GM need."""
    try:
        board = load_map(path)
    except MapError as exc:
        return list(exc.problems)
    return lint(board, _Lines(path))


class _Lines:
    """The directive lines of a map file and its includes, to say where a problem is."""

    def __init__(self, path: Path) -> None:
        self.lines: list[tuple[str, int, list[str]]] = []
        self._read(path, path.name, 0)

    def _read(self, path: Path, name: str, depth: int) -> None:
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            text = raw.split("#", 1)[0].strip()
            words = shlex.split(text) if text else []
            if words and words[0].lower() == "include" and len(words) == 2 and depth < 8:
                self._read(path.parent / words[1], words[1], depth + 1)
            elif words:
                self.lines.append((name, number, [words[0].lower()] + [w.upper() for w in words[1:]]))

    def where(self, directive: str, *words: str, last: bool = False) -> tuple[str, int]:
        """The first (or last) line of ``directive`` that mentions all of ``words``."""
        found = [(name, number) for name, number, line in self.lines
                 if line[0] == directive and all(w.upper() in line[1:] for w in words)]
        if not found:
            return (self.lines[0][0] if self.lines else "<map>", 0)
        return found[-1] if last else found[0]


def lint(board: Map, lines: _Lines) -> list[MapProblem]:
    """Checks beyond the loader's: labels, state and home overlaps, fleets in ports, isolated places."""
    problems: list[MapProblem] = []

    def report(where: tuple[str, int], message: str) -> None:
        problems.append(MapProblem(where[0], where[1], message))

    for abbr in board.provinces:
        if board.labels and abbr not in board.labels:  # a map with labels must label every province
            report(lines.where("province", abbr), f"{abbr} has no label point (add 'label {abbr} <lon> <lat>')")
        if abbr not in board.offboard and not board.army_adjacency.get(abbr) and not any(
                board.fleet_adjacency.get(loc) for loc in board.locations_of(abbr)):
            report(lines.where("province", abbr), f"{abbr} has no neighbour at all")
    _overlaps(board, lines, report)
    _fleets_in_ports(board, lines, report)
    return problems


def _overlaps(board: Map, lines: _Lines, report: Report) -> None:
    in_state: dict[str, str] = {}
    for state, provinces in board.states.items():
        for abbr in provinces:
            if abbr in in_state:
                report(lines.where("state", state, abbr), f"{abbr} belongs to two states, {in_state[abbr]} and {state}")
            in_state[abbr] = state
    home_of: dict[str, str] = {}
    for owner, homes in board.homes.items():
        for abbr in homes:
            if abbr in home_of and home_of[abbr] != owner:
                report(lines.where("home", owner, abbr), f"{abbr} is a home centre of both {home_of[abbr]} and {owner}")
            home_of[abbr] = owner
            if owner in board.states and abbr not in board.states[owner]:
                report(lines.where("home", owner, abbr), f"{abbr} is a home centre of {owner} but not one of its provinces")


def _fleets_in_ports(board: Map, lines: _Lines, report: Report) -> None:
    if not any(p.port for p in board.provinces.values()):
        return  # an edition without the port rule declares no ports
    for unit in board.starting_units:
        province = board.provinces[board.province_of(unit.location)]
        if unit.unit_type == "F" and province.terrain is Terrain.COAST and not province.port:
            report(lines.where("unit", unit.power, unit.location), f"the fleet in {province.abbr} starts outside a port")


# -- draw -------------------------------------------------------------------------

def run_draw(args: argparse.Namespace) -> int:
    try:
        board = _board(args.edition)
    except (UnknownVariant, MapError, OSError) as exc:
        print(f"judge map draw: {exc}", file=sys.stderr)
        return 2
    svg = draw_svg(board)
    if args.out == "-":
        sys.stdout.write(svg)
    else:
        Path(args.out).write_text(svg, encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


def _board(edition: str) -> Map:
    path = Path(edition)
    if path.suffix == ".map" or path.is_file():
        return load_map(path)
    return load_variant(edition).map


SCALE = 34.0  # pixels per degree of latitude, for a continent
SPAN = 1000.0  # the least the longer side of the drawing spans, so that a small region is not crowded
MARGIN = 40.0
TERRAIN_FILL = {Terrain.SEA: "#d6eaf8", Terrain.LAND: "#f5e6c8", Terrain.COAST: "#e3f1d5"}
ARMY_STYLE = 'stroke="#8d6e63" stroke-width="1.6"'
FLEET_STYLE = 'stroke="#2471a3" stroke-width="1.2" stroke-dasharray="4 3"'


class Projection:
    """Longitude and latitude to SVG pixels: plate carree, squeezed by the cosine of the mean latitude.

    A continent is drawn at ``SCALE``; a smaller region (Diplomacy 1618's Empire) is enlarged until
    its longer side spans ``SPAN`` pixels, so that its labels do not overlap.
    """

    def __init__(self, points: list[tuple[float, float]]) -> None:
        lons, lats = [p[0] for p in points] or [0.0], [p[1] for p in points] or [0.0]
        self.west, self.north = min(lons), max(lats)
        self.squeeze = math.cos(math.radians((min(lats) + max(lats)) / 2))
        degrees = max((max(lons) - self.west) * self.squeeze, self.north - min(lats))
        self.scale = max(SCALE, SPAN / degrees) if degrees else SCALE
        self.width = (max(lons) - self.west) * self.squeeze * self.scale + 2 * MARGIN
        self.height = (self.north - min(lats)) * self.scale + 2 * MARGIN

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        return ((lon - self.west) * self.squeeze * self.scale + MARGIN, (self.north - lat) * self.scale + MARGIN)


def draw_svg(board: Map) -> str:
    """The map as an SVG picture: links (armies solid, fleets dashed), provinces, centres, homes, units."""
    project = Projection(list(board.labels.values()))
    palette = power_colours(board)                      # the pictures' colours: the map's `colour` lines first
    colours = {power: palette[power] for power in sorted(board.powers)}
    legend_height = 24.0 * (len(colours) + 6)
    width, height = project.width + 230, max(project.height, legend_height + 2 * MARGIN)
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
              f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">'),
             f"<title>{html.escape(board.name)}</title>",
             f'<rect width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>']
    parts += _links(board, project)
    parts += _places(board, project, colours)
    parts += _legend(board, colours, project.width + 10)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _links(board: Map, project: Projection) -> list[str]:
    out = ['<g id="army-links">']
    drawn: set[tuple[str, str]] = set()
    for a, targets in sorted(board.army_adjacency.items()):
        for b in sorted(targets):
            if (b, a) not in drawn and a in board.labels and b in board.labels:
                drawn.add((a, b))
                out.append(_line(project, board.labels[a], board.labels[b], 0.0, ARMY_STYLE))
    out += ["</g>", '<g id="fleet-links">']
    drawn.clear()
    for source, targets in sorted(board.fleet_adjacency.items()):
        a = board.province_of(source)
        for target in sorted(targets):
            b = board.province_of(target)
            if (b, a) not in drawn and (a, b) not in drawn and a in board.labels and b in board.labels:
                drawn.add((a, b))
                out.append(_line(project, board.labels[a], board.labels[b], 2.5, FLEET_STYLE))
    out.append("</g>")
    return out


def _line(project: Projection, a: tuple[float, float], b: tuple[float, float], offset: float, style: str) -> str:
    (x1, y1), (x2, y2) = project(*a), project(*b)
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    dx, dy = -(y2 - y1) / length * offset, (x2 - x1) / length * offset  # shift fleets aside
    return f'<line x1="{x1 + dx:.1f}" y1="{y1 + dy:.1f}" x2="{x2 + dx:.1f}" y2="{y2 + dy:.1f}" {style}/>'


def _places(board: Map, project: Projection, colours: dict[str, str]) -> list[str]:
    home_of = {abbr: owner for owner, homes in board.homes.items() for abbr in homes}
    units = {board.province_of(u.location): u.unit_type for u in board.starting_units}
    out = ['<g id="provinces">']
    for abbr, prov in sorted(board.provinces.items()):
        if abbr not in board.labels:
            continue
        x, y = project(*board.labels[abbr])
        owner = home_of.get(abbr)
        fill = colours.get(owner or "", "#bdbdbd" if owner else TERRAIN_FILL[prov.terrain])
        ring = 'stroke="#000000" stroke-width="2.6"' if prov.is_center else 'stroke="#616161" stroke-width="0.8"'
        title = html.escape(f"{abbr}: {prov.name}" + (f", centre {prov.center}" if prov.is_center else "")
                            + (f", home of {owner}" if owner else "") + (", port" if prov.port else ""))
        out.append(f'<g><title>{title}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="{fill}" {ring}/>')
        if abbr in units:
            out.append(f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9" text-anchor="middle" '
                       f'font-weight="bold">{units[abbr]}</text>')
        label = abbr + (f" {prov.center}" if prov.is_center else "") + (" \u2693" if prov.port else "")
        style = 'font-style="italic" fill="#1a5276"' if prov.terrain is Terrain.SEA else 'fill="#212121"'
        out.append(f'<text x="{x + 10:.1f}" y="{y - 6:.1f}" font-size="10" {style}>{html.escape(label)}</text></g>')
    out.append("</g>")
    return out


def _legend(board: Map, colours: dict[str, str], left: float) -> list[str]:
    rows = [(f'<line x1="0" y1="0" x2="24" y2="0" {ARMY_STYLE}/>', "army passage"),
            (f'<line x1="0" y1="0" x2="24" y2="0" {FLEET_STYLE}/>', "fleet passage"),
            ('<circle cx="12" cy="0" r="7" fill="#ffffff" stroke="#000000" stroke-width="2.6"/>',
             "supply centre (value)"),
            ('<circle cx="12" cy="0" r="7" fill="#bdbdbd" stroke="#616161"/>', "home centre of a state"),
            ('<text x="12" y="4" font-size="9" text-anchor="middle" font-weight="bold">A</text>', "starting unit")]
    rows += [(f'<circle cx="12" cy="0" r="7" fill="{colour}" stroke="#616161"/>', f"home centre of {power}")
             for power, colour in colours.items()]
    out = [f'<g id="legend" transform="translate({left:.0f},{MARGIN:.0f})" font-size="11">',
           f'<text x="0" y="0" font-size="14" font-weight="bold">{html.escape(board.name)}</text>']
    for i, (symbol, text) in enumerate(rows, start=1):
        out.append(f'<g transform="translate(0,{24 * i})">{symbol}'
                   f'<text x="32" y="4">{html.escape(text)}</text></g>')
    out.append("</g>")
    return out
