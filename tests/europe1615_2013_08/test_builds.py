"""The build phase: waivers, absorption, build sites, ports, the start, elimination (R-1308-69 to R-1308-77; EX-1308-08)."""

from __future__ import annotations

from judge.engine import Unit
from judge.engine.orders import Build, Waive
from judge.engine.results import VOID
from judge.engine.state import Phase
from judge.render.results import results_context
from judge.store import SubmittedOrder
from judge.turns.gameview import check_order, due, powers_due
from judge.turns.playing import Played, unused_builds
from judge.variants.europe1615.builds import power_build_sites
from judge.variants.europe1615.income import phase_income
from tests.europe1615_2013_08.helpers import (
    e1308,
    inf,
    opening,
    play,
    position,
    result_of,
    setup,
    spring_1615,
    units_of,
    with_options,
)


def test_R_1308_69_a_capture_may_be_waived_until_the_next_build_phase() -> None:
    state = position("F1615M", units={"FRANCE": ["A CHA"]})
    fall = play(state, {"FRANCE": "A CHA - LOR\nWAIVE LOR"})
    assert "LOR" not in fall.state.centers.get("FRANCE", set())
    assert "waived" not in play(fall.state, {}).state.extra


def test_R_1308_70_land_held_at_the_build_phase_is_absorbed_unless_aligned() -> None:
    state = position("W1615A", units={"SPAIN": ["A SWI"], "FRANCE": ["A FRA"]}, influence={"FRA": {"FRANCE": 5}})
    winter = play(state, {})
    assert winter.state.extra["annexed"] == {"SWI": "SPAIN"}


def test_R_1308_71_each_centre_supports_one_unit() -> None:
    state = position("W1615A", units={"FRANCE": ["A PAR", "A NOR", "A GUY", "F PRO"]})
    assert e1308().ruleset.adjustment_count(state, "FRANCE") == 1


def test_R_1308_72_builds_at_home_and_in_captured_minor_centres_of_one_s_faith() -> None:
    state = position("W1615A", influence={"WUR": {"FRANCE": 20}, "RHI": {"ENGLAND": 20}}, withdrawn=["WUR", "RHI"])
    for centre in ("WUR", "RHI"):
        state.centers[centre].discard(centre)
        state.centers["FRANCE"].add(centre)
    sites = power_build_sites(setup(), state, "FRANCE")
    assert "WUR" in sites and "RHI" not in sites and "PAR" in sites


def test_R_1308_73_fleets_only_in_ports() -> None:
    state = position("W1615A", units={"ENGLAND": ["F LON", "A LVR", "F BRI"]})
    out = play(state, {"ENGLAND": "BUILD F WAL"})                            # Wales is coast, but no port
    assert result_of(out, "BUILD F WAL").result == VOID
    assert result_of(out, "BUILD F WAL").message == "a fleet may not be built in WAL"
    assert not e1308().ruleset.may_build(state, "ENGLAND", Unit("F", "WAL"))
    assert units_of(play(state, {"ENGLAND": "BUILD A WAL"}).state)["ENGLAND"] >= {"A WAL"}
    fleet = play(position("W1615A", units={"FRANCE": ["A PAR", "A GUY", "F PRO"]}), {"FRANCE": "BUILD F NOR"})
    assert "F NOR" in units_of(fleet.state)["FRANCE"]


def test_R_1308_74_no_builds_in_islamic_centres_nor_across_faiths() -> None:
    state = position("W1615A")
    for centre, owner in (("TUN", "TUN"), ("SER", "OTE"), ("NOR", "FRANCE"), ("LON", "ENGLAND")):
        state.centers[owner].discard(centre)
        state.centers["SCANDINAVIA"].add(centre)
    sites = power_build_sites(setup(), state, "SCANDINAVIA")
    assert "TUN" not in sites and "SER" not in sites and "NOR" not in sites
    assert "LON" in sites                                                    # a captured Protestant home


def test_R_1308_74_the_old_reading_builds_in_no_captured_power_centre_by_option() -> None:
    state = position("W1615A")
    state.centers["ENGLAND"].discard("LON")
    state.centers["SCANDINAVIA"].add("LON")
    strict = with_options(captured_builds="none").ruleset.setup  # type: ignore[attr-defined]
    assert "LON" not in power_build_sites(strict, state, "SCANDINAVIA")


def test_R_1308_75_the_starting_units_one_short_of_the_homes() -> None:
    units = units_of(opening())
    assert units["FRANCE"] == {"A PAR", "A NOR", "A GUY", "F PRO"}
    assert units["SPAIN"] == {"F GAL", "A MAD", "A LUX", "A MIL", "A NET"}
    assert units["AUSTRIA"] == {"A BOH", "A SLO", "A VIE"}
    assert units["ENGLAND"] == {"F BRI", "F LON", "A LVR"}                   # SOURCES.md C1: BRS is Bristol's fleet
    assert units["SCANDINAVIA"] == {"F STO", "A DEN", "A SCA", "F NWY"}
    assert all(e1308().ruleset.adjustment_count(opening(), p) == 1 for p in setup().powers)


def test_R_1308_76_fifty_three_centres() -> None:
    board = e1308().map
    homes = sum(len(board.homes[p]) for p in board.powers)
    assert (homes, len(board.centers)) == (24, 53)


def test_R_1308_77_an_eliminated_power_loses_its_infs_everywhere() -> None:
    state = position("W1615A", units={"SPAIN": ["A PAR"]},
                     influence={"SAX": {"FRANCE": 10, "AUSTRIA": 8}, "OTE": {"FRANCE": 20}})
    state.centers["FRANCE"] = set()
    winter = play(state, {})
    assert winter.state.extra["eliminated"] == ["FRANCE"]
    assert inf(winter.state, "SAX") == {"AUSTRIA": 8} and inf(winter.state, "OTE") == {}
    assert phase_income(setup(), winter.state, "FRANCE") == 0


def test_EX_1308_08_spain_takes_the_dutch_provinces() -> None:
    """After Spring 1615, Spain holds DUT into Winter 1615: captured, withdrawn, locked Protestant, no INFs, no builds."""
    spring = spring_1615()
    summer = play(spring.state, {"SPAIN": "A DUT H"})
    fall = play(summer.state, {"SPAIN": "A DUT H"})
    assert "DUT" in fall.state.centers["SPAIN"]
    winter = play(fall.state, {"SPAIN": "BUILD A DUT"})
    after = winter.state
    assert "DUT" in after.extra["withdrawn"] and after.extra["status"]["DUT"]["political"] == "CAPTURED"
    assert after.extra["status"]["DUT"]["religion"] == "PROTESTANT"
    assert inf(after, "DUT") == {"SCANDINAVIA": 25, "ENGLAND": 13}
    assert "DUT" not in power_build_sites(setup(), after, "SPAIN")
    assert phase_income(setup(), after, "SPAIN") == 70                       # no INFs from DUT


def test_R_1308_44_a_build_the_internment_frees_is_owed_and_accepted_on_arrival() -> None:
    """The build phase settles the year before the builds: France's army in neutral Lorraine is interned, so France
    owes a build, which the reply must accept and the phase waits for (and reports as lost if not ordered)."""
    variant = e1308()
    state = position("W1615A", units={"FRANCE": ["A PAR", "A NOR", "A GUY", "A PRO", "A LOR"]},
                     influence={"LOR": {"SPAIN": 5, "AUSTRIA": 5}})        # a tie: Lorraine NEUTRAL
    assert due(variant, state, "FRANCE").adjustments == 1 and "FRANCE" in powers_due(variant, state)
    checked, problem = check_order(variant, state, "FRANCE", Build("A", "BUR"))
    assert (str(checked), problem) == ("BUILD A BUR", "")
    assert check_order(variant, state, "FRANCE", Build("A", "PAR"))[1] == (
        "Paris is occupied: a unit is built only in a home centre you own where no unit stands")
    earlier = [SubmittedOrder("FRANCE", "BUR", "BUILD A BUR")]
    assert check_order(variant, state, "FRANCE", Waive(), earlier)[1].startswith(
        "you have 1 build to order and your orders already give 1")
    out = play(state, {"FRANCE": "BUILD A BUR"})
    assert result_of(out, "BUILD A BUR").result == "ok" and result_of(out, "A LOR").result == "disband"
    unplayed = play(state, {})
    assert unused_builds(Played(variant, state, {}, unplayed))[0]["FRANCE"] == 1   # the others have no units here
    fall = play(position("F1615M", units={"FRANCE": ["A PAR", "A NOR", "A GUY", "A PRO", "A LOR"]},
                         influence={"LOR": {"SPAIN": 5, "AUSTRIA": 5}}), {})
    ctx = results_context(variant, Phase.parse("F1615M"), fall, judge="j", game="g")
    assert str(fall.state.phase) == "W1615A" and ctx.adjustments is not None and ctx.adjustments["FRANCE"] == 1
