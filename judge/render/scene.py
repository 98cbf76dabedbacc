"""What a phase's picture shows, as plain shapes: the PNG and SVG painters draw the same scene.

A scene is made from the results a viewer may read (secret lines are
revealed per viewer first, as in the result mail), so nothing reaches a
picture that the text would hide.  No rules here: orders are only read
for where their arrows go, and what the rules mark on the board (a minor
state's statuses, the words marking a province, the corner box) comes from
the ruleset (``Ruleset.picture_states``, ``picture_marks``, ``picture_corner``),
already filtered for the viewer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.boardmarks import BoardCorner, StateMark
from judge.engine.geography import Map
from judge.engine.results import OrderResult
from judge.engine.state import Dislodged, GameState
from judge.render.drawn_orders import draw_dislodged, draw_orders, place_bounces
from judge.render.geometry import Geometry
from judge.render.labels import place_words
from judge.render.legend import draw_legend
from judge.render.palette import CENTRE_TINT, NEUTRAL_FILL, OTHERS, SEA, land_colour, power_colours, tint
from judge.render.sceneparts import LegendEntry, Scene, UnitMark, Words
from judge.render.statuses import draw_statuses, unit_bands
from judge.render.words import power_name

__all__ = ["Scene", "Words", "build_scene"]


def build_scene(geometry: Geometry, board: Map, state: GameState, results: Sequence[OrderResult],
                dislodged: Sequence[Dislodged], words: Words, states: Sequence[StateMark] = (),
                marks: Mapping[str, str] | None = None, corner: BoardCorner | None = None) -> Scene:
    """The picture of ``state`` (the position after the phase) with the phase's ``results`` as arrows.

    ``states``: the minor states' marks this reader may see; ``marks``: province -> the words the rules
    write on it (REVOLT, CONTESTED); ``corner``: the box of the board's top left corner.
    """
    colours = power_colours(board)
    scene = Scene(geometry, words.title)
    scene.names = {abbr: province.name for abbr, province in board.provinces.items()}
    _fills(scene, board, state, colours)
    _centres(scene, board, state, colours)
    owner_of = _units(scene, board, state, colours, unit_bands(states, colours))
    draw_orders(scene, results, lambda r: colours.get(r.power) or colours.get(owner_of.get(r.unit, ""), OTHERS))
    draw_dislodged(scene, dislodged, lambda power: colours.get(power, OTHERS))
    place_bounces(scene)
    markers = draw_statuses(scene, board, colours, states)
    tags = [(unit.location, owner) for owner, units in sorted(state.units.items()) if owner not in board.powers
            for unit in units]
    place_words(scene, board, words, markers, tags, marks or {}, corner)
    _entries(scene, board, state, colours, words)
    draw_legend(scene, words)
    return scene


def _fills(scene: Scene, board: Map, state: GameState, colours: Mapping[str, str]) -> None:
    """Seas, a power's centres in its pale tint, the rest plain land (the minor states' statuses come later)."""
    owner = {c: p for p, cs in state.centers.items() for c in cs}
    for name, region in scene.geometry.regions.items():
        if region.terrain == "sea":
            scene.fills[name] = SEA
        elif name in owner and owner[name] in colours:
            scene.fills[name] = tint(colours[owner[name]], CENTRE_TINT)
        else:
            scene.fills[name] = land_colour(region.province and name in board.provinces)


def _centres(scene: Scene, board: Map, state: GameState, colours: Mapping[str, str]) -> None:
    """Each centre a dot in its owner's colour; one held by another than the power or state whose home it is
    (captured) also ringed in its owner's colour, so it is not read as home soil (issue 38 point 6)."""
    owner = {c: p for p, cs in state.centers.items() for c in cs}
    home = {c: p for p, cs in board.homes.items() for c in cs}
    for abbr in board.centers:
        region = scene.geometry.regions.get(abbr)
        if region is not None:
            x, y = region.unit
            held = owner.get(abbr, "")
            scene.board.centres.append(((x - 10.0, y + 8.0), colours.get(held)))
            if held and home.get(abbr, held) != held:
                scene.board.captured.append(((x - 10.0, y + 8.0), colours.get(held, OTHERS)))
                scene.key("captured")
    if scene.board.centres:
        scene.key("centre")


def _units(scene: Scene, board: Map, state: GameState, colours: Mapping[str, str],
           bands: Mapping[str, str]) -> dict[str, str]:
    """Every unit of the new position (a minor state's topped in its status's colour, ``bands``); returns unit
    text -> owner, for the arrows' colours."""
    owner_of = {}
    for owner, units in state.units.items():
        band = bands.get(owner, "") if owner not in board.powers else ""
        for unit in units:
            xy = scene.geometry.point(unit.location)
            if xy is not None:
                scene.board.units.append(UnitMark(unit.type, xy, colours.get(owner, OTHERS), band=band))
                scene.key("army" if unit.type == "A" else "fleet")
                if band:
                    scene.key("band NEUTRAL" if band == NEUTRAL_FILL else "band ALIGNED")
            owner_of[str(unit)] = owner
    return owner_of


def _entries(scene: Scene, board: Map, state: GameState, colours: Mapping[str, str], words: Words) -> None:
    """Each power with its centres and units; the owners that are no power (minor states, Ottomans) as one."""
    scene.entries = [LegendEntry(colours[p], power_name(p, board), len(state.centers.get(p, ())),
                                 len(state.units.get(p, ()))) for p in board.powers]
    others = [o for o in set(state.units) | set(state.centers) if o not in board.powers]
    if others:
        scene.entries.append(LegendEntry(OTHERS, words["others"], sum(len(state.centers.get(o, ())) for o in others),
                                         sum(len(state.units.get(o, ())) for o in others)))
