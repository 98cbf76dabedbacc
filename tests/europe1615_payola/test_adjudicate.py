"""`judge adjudicate` plays the Payola editions over JSON: every phase's state is fed straight back in."""

from __future__ import annotations

import pytest

from judge.app.adjudicate import RequestError, handle_request
from judge.engine.codec import state_to_json
from tests.europe1615_payola.helpers import MARCH, start, variant


def test_a_year_opening_played_over_json_phase_by_phase() -> None:
    state = state_to_json(start(MARCH, seed="abc"))
    steps = [{"FRANCE": ["5: LOR", "2: MEC", "4: HES"], "AUSTRIA": ["5: FRANCE"], "SPAIN": ["5: HES"]},
             {"FRANCE": ["HES > AUSTRIA", "HES > SPAIN"]}, {}, {"FRANCE": ["5 : A PAR - BUR", "0 : A LOR H"]}]
    phases = []
    for orders in steps:
        answer = handle_request({"variant": MARCH, "state": state, "orders": orders})
        assert "error" not in answer
        state = answer["state"]
        phases.append(state["phase"])
    assert phases == ["S1615D", "S1615T", "S1615M", "U1615M"]
    assert state["influence"]["LOR"] == {"FRANCE": 5} and state["status"]["LOR"]["aligned"] == "FRANCE"
    assert state["treasury"]["FRANCE"] == 48 + 1 - 5  # start funds, Lorraine's tribute, the army's 5
    assert variant(MARCH).ruleset.state_fields()["influence"] is not None


def test_a_request_with_a_bad_influence_field_is_refused() -> None:
    state = state_to_json(start(MARCH))
    state["influence"] = {"FEZ": {"FRANCE": 3}}
    with pytest.raises(RequestError, match='request.state.influence key: expected a place, got "FEZ"'):
        handle_request({"variant": MARCH, "state": state, "orders": {}})
