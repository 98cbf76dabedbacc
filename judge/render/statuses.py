"""The minor states as their rules mark them on the board: fill and hatching for the political status, a cross
for the religious one.

An ALIGNED state is hatched in its power's colour on a pale tint of it; a
NEUTRAL one is off-white hatched grey (impassable, as the texts' sample map
colours them "off-white"); a state with no political status (UNALIGNED,
UNMARKED, SEGREGATED, INDEPENDENT: each edition's word) stays plain land.
A power's centre keeps its owner's tint.  The religious marker is the texts'
cross beside the state's centre: orange for Protestant, blue for Catholic,
both for DUALITY.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.boardmarks import StateMark
from judge.engine.geography import Map
from judge.render.geometry import XY
from judge.render.palette import ALIGNED_TINT, NEUTRAL_FILL, NEUTRAL_HATCH, land_colour, tint
from judge.render.sceneparts import Scene

#: the religious words that draw a marker, and its crosses
MARKERS = {"CATHOLIC": ("CATHOLIC",), "PROTESTANT": ("PROTESTANT",), "DUALITY": ("CATHOLIC", "PROTESTANT")}

#: where a state's religious marker goes, its crosses, and the state's outline (the marker stays inside it)
Marker = tuple[XY, tuple[str, ...], tuple[tuple[tuple[float, ...], ...], ...]]


def draw_statuses(scene: Scene, board: Map, colours: Mapping[str, str], marks: Sequence[StateMark]) -> list[Marker]:
    """Fill the states as marked; returns where each religious marker goes (beside the state's centre)."""
    markers: list[Marker] = []
    for mark in marks:
        provinces = mark.provinces or board.states.get(mark.state, ())
        filled = [p for p in provinces if _fill(scene, p, mark.political, colours.get(mark.power))]
        if filled or mark.political not in ("", "ALIGNED", "NEUTRAL", "CAPTURED"):
            scene.key(f"state {mark.political}")
        crosses = MARKERS.get(mark.religion)
        anchor = _capital(scene, board, provinces)
        if crosses and anchor is not None:
            outline = tuple(ring for p in provinces if (r := scene.geometry.regions.get(p)) for ring in r.polygons)
            markers.append((anchor, crosses, outline))
            scene.key(f"faith {mark.religion}")
    return markers


def unit_bands(marks: Sequence[StateMark], colours: Mapping[str, str]) -> dict[str, str]:
    """State -> the colour its units are topped with: its power's if ALIGNED, off-white if NEUTRAL (as its lands
    are marked, so a unit away from home still shows its state's status); states with neither are not topped."""
    bands: dict[str, str] = {}
    for mark in marks:
        if mark.political == "ALIGNED" and mark.power in colours:
            bands[mark.state] = colours[mark.power]
        elif mark.political.split(" ")[0] == "NEUTRAL":
            bands[mark.state] = NEUTRAL_FILL
    return bands


def _fill(scene: Scene, province: str, political: str, colour: str | None) -> bool:
    """Fill a minor state's province as its status marks it, unless a power owns it; whether it was."""
    if province not in scene.fills or scene.fills[province] != land_colour(True):
        return False
    if political == "ALIGNED" and colour:
        scene.fills[province], scene.hatches[province] = tint(colour, ALIGNED_TINT), colour
    elif political.split(" ")[0] == "NEUTRAL":  # NEUTRAL OPEN: the Payola texts' neutral states, entered at a cost
        scene.fills[province], scene.hatches[province] = NEUTRAL_FILL, NEUTRAL_HATCH
    else:
        return False
    return True


def _capital(scene: Scene, board: Map, provinces: Sequence[str]) -> XY | None:
    """Where the state's marker goes: by its first centre (the texts: "next to the minor state's center")."""
    chosen = [p for p in provinces if p in board.centers] or list(provinces)
    for province in chosen:
        region = scene.geometry.regions.get(province)
        if region is not None:
            x, y = region.unit
            return (x - 10.0, y + 8.0) if province in board.centers else (x, y)
    return None


def inside_outline(polygons: Sequence[tuple[tuple[float, ...], ...]], point: XY) -> bool:
    """Whether ``point`` lies in the region (even-odd rule over every ring: holes count out)."""
    px, py, crossings = point[0], point[1], 0
    for polygon in polygons:
        for ring in polygon:
            xs, ys = ring[0::2], ring[1::2]
            for i in range(len(xs)):
                x1, y1, x2, y2 = xs[i - 1], ys[i - 1], xs[i], ys[i]
                if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                    crossings += 1
    return crossings % 2 == 1
