"""Builds, removals and retreats are checked on arrival as fully as the phase checks them (issue 9, item 11).

``BUILD F MOS`` was answered "Builds a fleet in Moscow" and came out void;
``BUILD F STP`` (no coast) was accepted and replaced a valid ``BUILD F
STP/NC``, so Russia lost its build.  A line the phase would void is now
refused with the reason when it arrives, and a refused line replaces nothing.
"""

from __future__ import annotations

from typing import Any

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, reply, send_as, start_game


def _position(sandbox: Sandbox, state: dict[str, Any]) -> None:
    start_game(sandbox)
    game = sandbox.store.load_game(GAME)
    game.state = state
    sandbox.store.save_game(game)


def _orders(sandbox: Sandbox, power: str) -> list[str]:
    return [o.line for o in sandbox.store.load_game(GAME).orders.get(power, [])]


def _send(sandbox: Sandbox, power: str, lines: str) -> str:
    send_as(sandbox, power, lines)
    sandbox.poll()
    return reply(sandbox, sandbox.new_mail(), f"{power.lower()}@")


RUSSIA_BUILDS = {"phase": "W1901A", "units": {"RUSSIA": ["F SWE", "A UKR", "F RUM"]},
                 "centers": {"RUSSIA": ["MOS", "STP", "WAR", "SEV", "SWE"]}}  # two builds


def test_a_build_without_a_coast_is_refused_and_keeps_the_valid_one(sandbox: Sandbox) -> None:
    _position(sandbox, RUSSIA_BUILDS)
    _send(sandbox, "Russia", "SET WAIT\nBUILD F STP/NC")  # the phase waits for SET NOWAIT
    text = _send(sandbox, "Russia", "BUILD F STP\nBUILD F MOS\nBUILD STP")
    assert "line 2: BUILD F STP\n      name the coast of St Petersburg for a fleet (NC, SC)" in text
    assert "line 3: BUILD F MOS\n      a fleet cannot be built in Moscow" in text
    assert "line 4: BUILD STP\n      say whether to build an army or a fleet" in text
    assert "Builds a fleet in Moscow" not in text
    assert _orders(sandbox, "RUSSIA") == ["BUILD F STP/NC"]
    text = _send(sandbox, "Russia", "BUILD MOS")  # an army: the only unit Moscow can have
    assert "read as: BUILD A MOS" in text
    assert _orders(sandbox, "RUSSIA") == ["BUILD F STP/NC", "BUILD A MOS"]
    _send(sandbox, "Russia", "SET NOWAIT")
    units = sandbox.store.load_game(GAME).state["units"]["RUSSIA"]
    assert "F STP/NC" in units and "A MOS" in units


def test_no_more_builds_or_waives_than_are_due(sandbox: Sandbox) -> None:
    _position(sandbox, RUSSIA_BUILDS)
    text = _send(sandbox, "Russia", "SET WAIT\nBUILD A WAR\nBUILD A SEV\nBUILD A MOS\nWAIVE")
    assert "line 5: BUILD A MOS\n      you have 2 builds to order and your orders already give 2" in text
    assert "line 6: WAIVE\n      you have 2 builds to order" in text
    assert _orders(sandbox, "RUSSIA") == ["BUILD A WAR", "BUILD A SEV"]
    _send(sandbox, "Russia", "BUILD F SEV")  # the same place again replaces the build there
    assert _orders(sandbox, "RUSSIA") == ["BUILD A WAR", "BUILD F SEV"]


def test_builds_on_a_site_that_is_not_free_or_not_ones_own_are_refused(sandbox: Sandbox) -> None:
    _position(sandbox, {"phase": "W1901A", "units": {"RUSSIA": ["A MOS"], "TURKEY": ["A SEV"]},
                        "centers": {"RUSSIA": ["MOS", "STP", "WAR", "SWE"], "TURKEY": ["SEV"]}})
    text = _send(sandbox, "Russia", "BUILD A MOS\nBUILD A SEV\nBUILD A SWE\nBUILD A BER")
    assert ("line 2: BUILD A MOS\n      Moscow is occupied: a unit is built only in a home centre you own where "
            "no unit stands") in text
    for line, place in ((3, "Sevastopol"), (4, "Sweden"), (5, "Berlin")):
        assert f"line {line}: BUILD A {place[:3].upper()}\n      {place} is not a free home centre of yours" in text
    assert _orders(sandbox, "RUSSIA") == []


def test_removals_name_a_unit_of_the_right_kind_and_no_more_than_due(sandbox: Sandbox) -> None:
    _position(sandbox, {"phase": "W1901A", "units": {"RUSSIA": ["A MOS", "F SEV", "A WAR", "F STP/SC"]},
                        "centers": {"RUSSIA": ["MOS", "STP"]}})  # two removals
    text = _send(sandbox, "Russia", "SET WAIT\nREMOVE A UKR\nREMOVE F MOS\nREMOVE A MOS\nREMOVE F SEV\nREMOVE A WAR")
    assert "line 3: REMOVE A UKR\n      you have no unit in Ukraine" in text
    assert "line 4: REMOVE F MOS\n      the unit in Moscow is an army" in text
    assert "line 7: REMOVE A WAR\n      you have 2 removals to order and your orders already give 2" in text
    assert _orders(sandbox, "RUSSIA") == ["REMOVE A MOS", "REMOVE F SEV"]


RETREAT = {"phase": "S1901R",
           "units": {"AUSTRIA": ["A WAR", "A UKR"], "RUSSIA": ["A MOS"]},
           "centers": {"RUSSIA": ["MOS", "WAR"], "AUSTRIA": ["VIE"]},
           "dislodged": {"RUSSIA": [{"unit": "A WAR", "attacker_from": "GAL", "retreats": ["LVN", "PRU", "SIL"]}]}}


def test_a_retreat_goes_only_where_the_phase_lets_it(sandbox: Sandbox) -> None:
    _position(sandbox, RETREAT)
    _send(sandbox, "Russia", "SET WAIT\nA WAR R LVN")
    text = _send(sandbox, "Russia", "A WAR R GAL\nA WAR - UKR\nA WAR R BER")
    assert ("line 2: A WAR R GAL\n      the unit in Warsaw cannot retreat to Galicia "
            "(it may retreat to: Livonia, Prussia, Silesia)") in text
    assert "line 3: A WAR - UKR\n      the unit in Warsaw cannot retreat to Ukraine" in text
    assert "line 4: A WAR R BER\n      the unit in Warsaw cannot retreat to Berlin" in text
    assert _orders(sandbox, "RUSSIA") == ["A WAR R LVN"]
    _send(sandbox, "Russia", "SET NOWAIT")
    assert "A LVN" in sandbox.store.load_game(GAME).state["units"]["RUSSIA"]
