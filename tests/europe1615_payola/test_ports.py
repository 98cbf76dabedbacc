"""R-1304-54: owned ports that are not supply centres are fleet build sites (April); March builds on centres."""

from __future__ import annotations

from judge.engine import adjudicate
from judge.engine.codec import state_from_json, state_to_json
from judge.engine.orders import Unit
from judge.engine.results import OK
from judge.engine.state import GameState, Phase
from judge.reading.lines import read_line
from judge.variants.europe1615_payola.ports import PORT_OWNERS, plain_ports
from tests.europe1615_payola.helpers import APRIL, MARCH, game, ruleset, start, variant


def winter(edition: str) -> GameState:
    """Winter 1615 with nothing changed: Spain 7 centres and 5 units, two builds due (R-1304-56)."""
    state = start(edition)
    state.phase = Phase.parse("W1615A")
    return state


def built(edition: str, state: GameState, power: str, *lines: str) -> tuple[GameState, list[str]]:
    """The Winter played with the power's lines; the units it built."""
    orders = {power: [read_line(variant(edition), state, line) for line in lines]}
    outcome = adjudicate(variant(edition), state, orders)
    return outcome.state, [r.unit for r in outcome.results if r.power == power and r.result == OK]


def test_R_1304_54_april_starts_with_spains_aragon_and_builds_a_fleet_there_but_no_army() -> None:
    state = winter(APRIL)
    assert state.extra[PORT_OWNERS]["ARA"] == "SPAIN" and state.extra[PORT_OWNERS]["DAU"] == "FRANCE"
    assert not game(APRIL).board.provinces["ARA"].is_center and "ARA" in plain_ports(game(APRIL))
    assert "ARA" in ruleset(APRIL).build_sites(state, "SPAIN") and "ARA" not in ruleset(APRIL).build_sites(state,
                                                                                                          "FRANCE")
    assert not ruleset(APRIL).may_build(state, "SPAIN", Unit("A", "ARA"))
    after, units = built(APRIL, state, "SPAIN", "BUILD A ARA", "BUILD F ARA")
    assert Unit("F", "ARA") in after.units["SPAIN"] and Unit("A", "ARA") not in after.units["SPAIN"]
    assert len(units) == 1


def test_R_1303_40_march_builds_on_centres_only_and_keeps_no_port_owners() -> None:
    state = winter(MARCH)
    assert PORT_OWNERS not in state.extra and "ARA" not in ruleset(MARCH).build_sites(state, "SPAIN")
    after, _ = built(MARCH, state, "SPAIN", "BUILD F ARA")
    assert Unit("F", "ARA") not in after.units["SPAIN"]


def test_R_1304_54_a_port_changes_hands_at_the_winter_as_a_centre_does_unless_waived() -> None:
    state = winter(APRIL)
    state.units["FRANCE"].append(Unit("F", "BIS"))
    state.units["FRANCE"].append(Unit("F", "POM"))
    after, _ = built(APRIL, state, "FRANCE")
    assert after.extra[PORT_OWNERS]["BIS"] == "FRANCE" and after.extra[PORT_OWNERS]["POM"] == "FRANCE"
    assert "BIS" not in ruleset(APRIL).build_sites(after, "SPAIN")
    waived = winter(APRIL)
    waived.units["FRANCE"].append(Unit("F", "BIS"))
    waived.extra["waived"] = {"FRANCE": ["BIS"]}  # WAIVE BIS in the movement (R-1304-51)
    kept, _ = built(APRIL, waived, "FRANCE")
    assert kept.extra[PORT_OWNERS]["BIS"] == "SPAIN"


def test_R_1304_54_the_port_owners_are_part_of_the_stored_position() -> None:
    state = winter(APRIL)
    state.extra[PORT_OWNERS]["BIS"] = "FRANCE"
    again = state_from_json(variant(APRIL), state_to_json(state))
    assert again.extra[PORT_OWNERS] == state.extra[PORT_OWNERS]
