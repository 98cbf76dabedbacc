"""Issue 27, point 2: orders a player tells apart at once, in the classic conventions, and a legend that
explains every symbol and tint on the map, and only those.

Moves are solid arrows; a support is a dashed line ending on the arrow of the
move it supports (a dot there), or on a ring round the unit it keeps in
place; a convoy is a dotted line ending in a small ring on the army's path;
a failed order keeps its line and gets a cross (a failed move: one mark on the province it could not
enter, issue 38); a dislodged unit is drawn
pale with thin dashed arrows to where it may retreat; builds are ringed and
removals crossed out.
"""

from __future__ import annotations

import math
import re

from judge.engine import adjudicate
from judge.engine.orders import Unit
from judge.engine.state import GameState, Phase
from judge.reading.order_reader import parse_order
from judge.render.geometry import variant_geometry
from judge.render.palette import FAILED
from judge.render.picture import phase_picture, phase_scene, picture_words
from judge.render.results import ResultsContext, results_context
from judge.render.shapes import HOLD_RING
from judge.variants import load_variant

VARIANT = load_variant("standard")
UNITS = {"ENGLAND": [Unit("A", "LON"), Unit("F", "NTH"), Unit("F", "EDI")],
         "FRANCE": [Unit("A", "PAR"), Unit("A", "MAR"), Unit("F", "BRE")],
         "GERMANY": [Unit("A", "MUN"), Unit("A", "RUH")]}
ORDERS = {"ENGLAND": ["A LON-NWY", "F NTH C A LON-NWY", "F EDI S F NTH"],
          "FRANCE": ["A PAR-BUR", "A MAR S A PAR-BUR", "F BRE-MAO"],
          "GERMANY": ["A MUN-BUR", "A RUH S A MUN-BUR"]}


def played(units: dict[str, list[Unit]], orders: dict[str, list[str]], phase: str = "S1901M") -> ResultsContext:
    state = GameState(Phase.parse(phase), {p: list(us) for p, us in units.items()}, {})
    kind = Phase.parse(phase).kind
    given = {p: [parse_order(o, VARIANT.map, kind) for o in os] for p, os in orders.items()}
    outcome = adjudicate(VARIANT, state.copy(), given)
    return results_context(VARIANT, state.phase, outcome, judge="j", game="g")


def svg(ctx: ResultsContext) -> str:
    picture = phase_picture(VARIANT, ctx, "OBSERVER", "SVG")
    assert picture is not None
    return picture.data.decode()


def groups(text: str, style: str) -> list[str]:
    """The bodies of the map's (not the legend's) order groups of ``style`` (failed or not)."""
    return re.findall(rf'<g class="{style}(?: failed)?">(.*?)</g>', text, re.S)


def test_moves_supports_holds_and_convoys_each_have_their_own_line_in_the_svg() -> None:
    text = svg(played(UNITS, ORDERS))
    moves, supports, holds, convoys = (groups(text, s) for s in ("move", "support", "hold", "convoy"))
    assert len(moves) == 4 and len(supports) == 2 and len(holds) == 1 and len(convoys) == 1
    assert all("stroke-dasharray" not in body and "<polygon" in body for body in moves)      # solid, headed
    assert all('stroke-dasharray="7 4"' in body for body in supports + holds)                  # dashed
    assert all('<circle' in body and 'fill="none"' not in body for body in supports)           # a dot at the end
    assert all(f'r="{HOLD_RING:g}"' in body and 'fill="none"' in body for body in holds)       # a ring round it
    assert all('stroke-dasharray="2 3"' in body and 'fill="none"' in body for body in convoys)  # dotted, a ring
    assert text.count('<g class="move failed">') == 2                                           # PAR and MUN bounced
    # issue 38: the standoff is marked once, on BUR, and both its arrows stay whole (no cross over either)
    assert text.count('<g class="bounce">') == 1
    assert all(FAILED not in body for body in re.findall(r'<g class="move failed">(.*?)</g>', text, re.S))
    assert all(FAILED not in body for body in re.findall(r'<g class="move">(.*?)</g>', text, re.S))


def _distance_to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length2 = (bx - ax) ** 2 + (by - ay) ** 2
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2))
    return math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)))


def test_a_support_ends_on_the_arrow_of_the_move_it_supports_and_a_convoy_on_the_armys_path() -> None:
    scene = phase_scene(VARIANT, played(UNITS, ORDERS), "OBSERVER")
    geometry = variant_geometry("standard")
    assert scene is not None and geometry is not None
    point = {p: geometry.point(p) for p in ("MAR", "PAR", "BUR", "RUH", "MUN", "NTH", "LON", "NWY", "EDI")}
    by_start = {(a.style, a.start): a for a in scene.board.arrows}
    mar = by_start[("support", point["MAR"])]
    assert _distance_to_segment(mar.end, point["PAR"], point["BUR"]) < 1            # on PAR-BUR, not MUN-BUR
    assert _distance_to_segment(mar.end, point["MUN"], point["BUR"]) > 10
    convoy = by_start[("convoy", point["NTH"])]
    assert _distance_to_segment(convoy.end, point["LON"], point["NWY"]) < 1
    assert by_start[("hold", point["EDI"])].end == point["NTH"]


def test_a_dislodged_unit_its_retreats_and_then_the_retreat_phase_are_drawn() -> None:
    units = {"FRANCE": [Unit("A", "PAR"), Unit("A", "PIC")], "GERMANY": [Unit("A", "BUR")]}
    ctx = played(units, {"FRANCE": ["A PAR-BUR", "A PIC S A PAR-BUR"]})
    text = svg(ctx)
    options = groups(text, "option")
    assert len(options) == len(ctx.dislodged[0].retreats) > 0                                 # type: ignore[union-attr]
    assert all('stroke-dasharray="4 3"' in body and "<polygon" in body for body in options)
    assert ">Dislodged</text>" in text and ">May retreat to</text>" in text
    retreat = played({"FRANCE": [Unit("A", "BUR")], "GERMANY": [Unit("A", "MUN")]},
                     {"GERMANY": ["A MUN-RUH"]}, "F1901M")
    assert groups(svg(retreat), "retreat") == [] and ">Retreat</text>" not in svg(retreat)


def test_builds_are_ringed_and_removals_crossed_out_at_adjustments() -> None:
    state = VARIANT.ruleset.initial_state()
    state.phase = Phase.parse("W1901A")
    state.units["RUSSIA"] = [u for u in state.units["RUSSIA"] if u.location != "WAR"]
    state.centers["TURKEY"].discard("SMY")
    given = {"RUSSIA": [parse_order("BUILD A WAR", VARIANT.map, "A")],
             "TURKEY": [parse_order("REMOVE A SMY", VARIANT.map, "A")]}
    outcome = adjudicate(VARIANT, state.copy(), given)
    assert [r.succeeded for r in outcome.results] == [True, True]
    text = svg(results_context(VARIANT, state.phase, outcome, judge="j", game="g"))
    assert text.count('class="built"') == 1 and ">Built</text>" in text
    assert ">Removed, disbanded</text>" in text
    assert "<g class=\"move\">" not in text


def test_the_legend_explains_each_symbol_the_map_shows_and_no_other() -> None:
    words = picture_words("g", Phase.parse("S1901M"))
    busy = phase_scene(VARIANT, played(UNITS, ORDERS), "OBSERVER")
    quiet = phase_scene(VARIANT, played({"FRANCE": [Unit("A", "PAR")]}, {"FRANCE": ["A PAR-BUR"]}), "OBSERVER")
    assert busy is not None and quiet is not None
    assert set(busy.keys) == {"centre", "army", "fleet", "move", "support", "hold", "convoy", "bounce"}
    assert set(quiet.keys) == {"centre", "army", "move"}
    for scene in (busy, quiet):
        explained = {t.text for t in scene.legend.texts}
        assert all(words[key] in explained for key in scene.keys)
        assert not {words[k] for k in ("convoy", "dislodged", "built", "tag", "state ALIGNED")} - {
            words[k] for k in scene.keys} & explained
