"""The words on the map, placed where nothing covers them: markers, owners' tags, the corner box, province names.

Sizes are for a picture a phone shows 400 pixels wide (sharp at 2x density:
the picture keeps the map's 1000-1100 pixels).  A region with room takes a
17-pixel bold abbreviation (6.2 pixels high there) and its full name in 12;
the others 13-pixel bold (11, then 9, where a region is too small).  The
abbreviation stays first: it is what players write in their orders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.boardmarks import BoardCorner
from judge.engine.geography import Map
from judge.render.fonts import line_height, text_width
from judge.render.geometry import XY
from judge.render.layout import (
    Box, Obstacles, Regions, Segment, Shape, box_around, meets, place_in_region, place_near, regions_of,
)
from judge.render.palette import INK, MARK, OTHERS
from judge.render.sceneparts import Cross, Label, Scene, Swatch, Text, Words
from judge.render.shapes import BOUNCE, CAPTURED_RADIUS, CENTRE_RADIUS, FAITH_ARM, STYLES, arrow_cover, arrow_parts, unit_box
from judge.render.statuses import Marker, inside_outline

ABBREVIATION, SMALL_ABBREVIATION, FULL_NAME, MARK_WORD, TAG, CORNER = 13, 11, 10, 11, 11, 12
#: the last resort of a crowded small province, still inside it
TINY_ABBREVIATION = 9
#: where a region has room: an abbreviation and a full name a phone still reads when the picture is shown
#: 400 pixels wide (issue 38: 13 pixels there are under 5; these are 6.2 and 4.4 on the 1100-pixel maps)
LARGE_ABBREVIATION, LARGE_NAME = 17, 12
#: spots tried for a label with the full name before settling for the abbreviation alone
NAME_TRIES = 40
#: a region needs this many spots (of 5 by 5 pixels) before a full name is tried in it
NAME_ROOM = 120

Line = tuple[str, int, bool, str, str]  # text, size, bold, colour, class


def place_words(scene: Scene, board: Map, words: Words, markers: Sequence[Marker],
                tags: Sequence[tuple[str, str]], marks: Mapping[str, str], corner: BoardCorner | None) -> None:
    """Put every marker and word on the map, each clear of what is already there."""
    obstacles = Obstacles(scene.geometry.size)
    obstacles.add_all(drawn_shapes(scene))
    if corner is not None:
        _corner(scene, obstacles, words, corner)
    _markers(scene, obstacles, markers)
    _tags(scene, obstacles, [(at, owner) for at, owner in tags if owner != at.partition("/")[0]])
    regions = regions_of(scene.geometry)
    names = [abbr for abbr in board.provinces if abbr in scene.geometry.regions]
    later: list[tuple[str, Box, list[Line]] | None] = []  # centre values: after every name, under or beside it
    for abbr in sorted(names, key=lambda a: (len(regions.spots.get(a, ())), a)):
        later.append(_province(scene, obstacles, regions, abbr, board.provinces[abbr].name, marks.get(abbr, "")))
    for pending in later:
        if pending is not None and not _beside(scene, obstacles, regions, *pending):
            _value_in_words(scene, obstacles, regions, pending[0], pending[1], board.provinces[pending[0]].name,
                            marks.get(pending[0], ""))
    for word in sorted(set(marks.values())):
        for part in word.split():
            scene.key("mark value" if part.isdigit() else f"mark {part}")


def drawn_shapes(scene: Scene) -> list[Shape]:
    """What the map's marks cover (units, arrows, centres, crosses), for the words to keep clear of."""
    shapes: list[Shape] = [unit_box(u.kind, u.xy, u.built) for u in scene.board.units]
    for arrow in scene.board.arrows:
        lead, shape = arrow_parts(arrow.start, arrow.end, arrow.style, arrow.failed, arrow.bare, arrow.via)
        shapes += arrow_cover(shape, arrow.style)
        if lead is not None:
            shapes.append(Segment(lead[0], lead[1], STYLES[arrow.style][0] / 2 + 2.0))
    r = CENTRE_RADIUS + 1
    shapes += [(x - r, y - r, x + r, y + r) for (x, y), _ in scene.board.centres]
    c = CAPTURED_RADIUS + 3
    shapes += [(x - c, y - c, x + c, y + c) for (x, y), _ in scene.board.captured]
    b = BOUNCE + 3
    shapes += [(x - b, y - b, x + b, y + b) for x, y in scene.board.bounces]
    a = FAITH_ARM + 1
    shapes += [(c.xy[0] - a, c.xy[1] - a, c.xy[0] + a, c.xy[1] + a) for c in scene.board.crosses]
    return shapes


def _block(lines: Sequence[Line]) -> tuple[float, float]:
    """The width and height of lines of words set one under another, with a pixel of air round them."""
    width = max(text_width(text, size, bold) for text, size, bold, _, _ in lines)
    return width + 4, sum(line_height(size) for _, size, _, _, _ in lines) + 2


def _write(scene: Scene, box: Box, lines: Sequence[Line], halo: bool = True) -> None:
    """The lines, centred in ``box`` one under another."""
    y = box[1] + 1
    for text, size, bold, colour, cls in lines:
        height = line_height(size)
        scene.board.texts.append(Text(((box[0] + box[2]) / 2, y + height / 2), text, size, colour, bold, halo,
                                      cls=cls, width=text_width(text, size, bold)))
        y += height


def _province(scene: Scene, obstacles: Obstacles, regions: Regions, abbr: str, name: str,
              mark: str, inline: bool = False) -> tuple[str, Box, list[Line]] | None:
    """A province's abbreviation (with its full name where there is room, and the words marking it): wholly in
    its region if it fits there, else in a smaller size, else mostly in it, else centred in it, else beside it.
    Its centre's value waits until every name is placed (returned), unless ``inline``: in the words' line."""
    words = " ".join(w for w in mark.split() if not w.isdigit())  # PORT, REVOLT: with the name
    number = " ".join(w for w in mark.split() if w.isdigit())     # a centre's value: once every name is placed
    if inline:
        words, number = " ".join(w for w in (words, number) if w), ""
    extra: list[Line] = [(words, MARK_WORD, True, MARK, "mark")] if words else []
    value: list[Line] = [(number, MARK_WORD, True, MARK, "mark")] if number else []
    short: list[Line] = [(abbr, ABBREVIATION, True, INK, "label"), *extra]
    small: list[Line] = [(abbr, SMALL_ABBREVIATION, True, INK, "label"), *extra]
    large: list[Line] = [(abbr, LARGE_ABBREVIATION, True, INK, "label"), *extra]
    roomy = len(regions.spots.get(abbr, ())) >= NAME_ROOM // 2  # the large size is tried only where it may fit
    tries = [*([(large, 9)] if roomy else []), (short, 9), (short, 6), (small, 9), (small, 6), (short, 1), (small, 1)]
    found: tuple[Box, list[Line]] | None = None
    if name and name.upper() != abbr and len(regions.spots.get(abbr, ())) >= NAME_ROOM:
        for full in ([large[0], (name, LARGE_NAME, False, INK, "name"), *extra],
                     [short[0], (name, FULL_NAME, False, INK, "name"), *extra]):
            box = place_in_region(regions, obstacles, abbr, *_block(full), tries=NAME_TRIES)
            found = (box, full) if box is not None else None
            if found is not None:
                break
    tiny: list[Line] = [(abbr, TINY_ABBREVIATION, True, INK, "label"), *extra]
    for lines, needed in (*tries, (tiny, 1)):
        if found is not None:
            break
        box = place_in_region(regions, obstacles, abbr, *_block(lines), needed=needed)
        found = (box, lines) if box is not None else None
    crowded = found is None
    if found is None:  # nowhere free in it: where it hides the least, all the same (issue 38: never in a neighbour)
        spots = regions.spots.get(abbr) or [scene.geometry.regions[abbr].unit]
        boxes = [box_around(spot, *_block(tiny)) for spot in spots[:200]]
        words = [label.box for label in scene.labels]  # hiding a unit or an arrow a little, never another word
        found = (min(boxes, key=lambda b: (any(meets(w, b) for w in words), obstacles.crowding(b))), tiny)
    box, lines = found
    obstacles.add(box)
    scene.labels.append(Label("province", abbr, box, crowded))
    _write(scene, box, lines)
    return (abbr, box, value) if value else None


def _value_in_words(scene: Scene, obstacles: Obstacles, regions: Regions, abbr: str, box: Box, name: str,
                    mark: str) -> None:
    """A value with no room of its own: its province's words placed again with the value in them, if its name
    keeps its size there; else as they were (the value is also in the rules and the docs)."""
    size = _label_size(scene, abbr)
    _unplace(scene, obstacles, abbr, box)
    _province(scene, obstacles, regions, abbr, name, mark, inline=True)
    if _label_size(scene, abbr) < size:
        placed = next(label.box for label in scene.labels if label.kind == "province" and label.name == abbr)
        _unplace(scene, obstacles, abbr, placed)
        _province(scene, obstacles, regions, abbr, name, mark)


def _label_size(scene: Scene, abbr: str) -> int:
    return max((t.size for t in scene.board.texts if t.cls == "label" and t.text == abbr), default=0)


def _unplace(scene: Scene, obstacles: Obstacles, abbr: str, box: Box) -> None:
    """Take a province's placed words off the map (to place them again)."""
    scene.labels = [label for label in scene.labels if not (label.kind == "province" and label.name == abbr)]
    scene.board.texts = [t for t in scene.board.texts if not (
        t.cls in ("label", "name", "mark") and box[0] <= t.xy[0] <= box[2] and box[1] <= t.xy[1] <= box[3])]
    obstacles.remove(box)


def _beside(scene: Scene, obstacles: Obstacles, regions: Regions, abbr: str, box: Box, lines: list[Line]) -> bool:
    """A centre's value, placed once every name is (so it never crowds one), in its own province: under its
    name, else in the first free place next to it, else anywhere free in the province (in the smallest size at
    the last); whether it found a place (else the caller writes it in its name's words)."""
    width, height = _block(lines)
    own = regions.index.get(abbr, -1)
    def inside(spot: Box) -> bool:
        return regions.at((spot[0] + spot[2]) / 2, (spot[1] + spot[3]) / 2) == own
    under = box_around(((box[0] + box[2]) / 2, box[3] + height / 2), width, height)
    near = under if obstacles.free(under) and inside(under) else place_near(
        obstacles, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), width, height, gap=1.0, reach=3, keep=inside)
    if near is None:
        near = place_in_region(regions, obstacles, abbr, width, height, needed=1)
    if near is None:  # a crowded small province: the value in the smallest size, still clear of every mark
        lines = [(text, TINY_ABBREVIATION, bold, colour, cls) for text, _, bold, colour, cls in lines]
        width, height = _block(lines)
        near = (place_in_region(regions, obstacles, abbr, width, height, needed=1)
                or place_near(obstacles, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), width, height, gap=0.5,
                              reach=8, keep=inside))
    crowded = near is None
    if near is None:  # nowhere free: where it hides the least in its own province, never over another word
        near = _least_hidden(scene, obstacles, regions, abbr, width, height)
    if near is None:
        return False
    obstacles.add(near)
    scene.labels.append(Label("mark", abbr, near, crowded))
    _write(scene, near, lines)
    return True


def _least_hidden(scene: Scene, obstacles: Obstacles, regions: Regions, abbr: str, width: float,
                  height: float) -> Box | None:
    """A box in the province over no word, covering the fewest marks (as a crowded name's last resort)."""
    spots = regions.spots.get(abbr) or [scene.geometry.regions[abbr].unit]
    words = [label.box for label in scene.labels]
    boxes = [box for box in (box_around(spot, width, height) for spot in spots[:200])
             if not any(meets(word, box) for word in words)]
    return min(boxes, key=obstacles.crowding) if boxes else None


def _tags(scene: Scene, obstacles: Obstacles, tags: Sequence[tuple[str, str]]) -> None:
    """Each unit of an owner that is no power gets its owner's name in a grey tag beside it (the v3 text:
    "Two-letter designations for each minor state are given to label the armies/fleets on the board"),
    unless it stands in the province of that name, whose label already names it."""
    for location, owner in tags:
        xy = scene.geometry.point(location)
        if xy is None:
            continue
        width, height = text_width(owner, TAG, True) + 6, line_height(TAG) + 2
        box = _touching(obstacles, scene, xy, width, height)
        obstacles.add(box)
        scene.board.swatches.append(Swatch(box, OTHERS))
        scene.board.texts.append(Text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), owner, TAG, "#FFFFFF", True,
                                      False, cls="tag", width=text_width(owner, TAG, True)))
        scene.labels.append(Label("tag", owner, box))
        scene.key("tag")


def _touching(obstacles: Obstacles, scene: Scene, xy: XY, width: float, height: float) -> Box:
    """A tag's box touching its unit's (issue 38: a tag 40 pixels off is read as another unit's): beside, under,
    over, or slid along one of its sides, the first clear; if none is clear, the nearest clear spot."""
    unit = next((unit_box(u.kind, u.xy) for u in scene.board.units if u.xy == xy and not u.ghost),
                unit_box("A", xy))
    x, y = xy
    left, right, up, down = x - unit[0] + width / 2, unit[2] - x + width / 2, y - unit[1] + height / 2, unit[3] - y
    down += height / 2
    spots = [(x + right, y), (x - left, y), (x, y + down), (x, y - up)]
    for step in range(1, 12):
        slide = 2.0 * step
        for sign in (1, -1):
            spots += [(x + right, y + sign * slide), (x - left, y + sign * slide),
                      (x + sign * slide * 2, y + down), (x + sign * slide * 2, y - up)]
    for spot in spots:
        box = box_around(spot, width, height)
        if obstacles.free(box) and _touches(box, unit):
            return box
    return place_near(obstacles, xy, width, height, gap=10.0) or box_around((x + right, y), width, height)


def _touches(box: Box, unit: Box) -> bool:
    gap = max(unit[0] - box[2], box[0] - unit[2], unit[1] - box[3], box[1] - unit[3])
    return gap <= 0.01


def _markers(scene: Scene, obstacles: Obstacles, markers: Sequence[Marker]) -> None:
    """The religious crosses, beside the state's centre, clear of units and arrows."""
    size = 2 * FAITH_ARM + 2
    for anchor, faiths, outline in markers:
        width = size * len(faiths)
        def within(box: Box, outline: Any = outline) -> bool:  # the cross in its own state's province
            return not outline or inside_outline(outline, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
        box = (place_near(obstacles, anchor, width, size, gap=6.0, keep=within)
               or place_near(obstacles, anchor, width, size, gap=6.0) or box_around(anchor, width, size))
        obstacles.add(box)
        for i, faith in enumerate(faiths):
            scene.board.crosses.append(Cross((box[0] + size * (i + 0.5), (box[1] + box[3]) / 2), faith))


def _corner(scene: Scene, obstacles: Obstacles, words: Words, corner: BoardCorner) -> None:
    """The box of the board's top left corner: the modifiers in effect and the counterbalance."""
    lines: list[Line] = [(words["corner modifiers"], CORNER, True, INK, "corner")]
    lines += [(name, CORNER, False, INK, "corner") for name in corner.modifiers] or [
        (words["corner none"], CORNER, False, INK, "corner")]
    counterbalance = words[f"corner {corner.counterbalance}"] if corner.counterbalance else words["corner none"]
    lines.append((f"{words['corner counterbalance']} {counterbalance}", CORNER, True, INK, "corner"))
    width, height = _block(lines)
    box = (6.0, 6.0, 6.0 + width + 12, 6.0 + height + 8)
    scene.board.swatches.append(Swatch(box, "#FFFFFF"))
    y = box[1] + 4
    for text, size, bold, colour, cls in lines:
        scene.board.texts.append(Text((box[0] + 8, y + line_height(size) / 2), text, size, colour, bold, False,
                                      "start", cls, text_width(text, size, bold)))
        y += line_height(size)
    obstacles.add(box)
    scene.labels.append(Label("corner", "corner", box))


def label_point(scene: Scene, name: str) -> XY | None:
    """The middle of a placed label's box (for tests and checks)."""
    for label in scene.labels:
        if label.name == name:
            return ((label.box[0] + label.box[2]) / 2, (label.box[1] + label.box[3]) / 2)
    return None
