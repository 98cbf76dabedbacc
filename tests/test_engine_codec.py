"""The engine's JSON codec (judge/engine/codec.py): what the store keeps and ``judge adjudicate`` speaks."""

import pytest

from judge.engine.codec import CodecError, state_from_json, state_to_json
from judge.variants import load_variant

STANDARD = load_variant("standard")


def test_a_state_comes_back_as_it_went_in() -> None:
    data = {"phase": "F1901R", "units": {"FRANCE": ["A BUR", "F SPA/SC"]},
            "centers": {"FRANCE": ["BRE", "MAR", "PAR"]},
            "dislodged": {"GERMANY": [{"unit": "A MUN", "attacker_from": "BUR", "retreats": ["KIE"]}]},
            "seed": 7}
    state = state_from_json(STANDARD, data)
    assert state.extra == {"seed": 7}
    assert state_to_json(state) == data


def test_centres_default_to_the_home_centres() -> None:
    state = state_from_json(STANDARD, {"phase": "S1901M", "units": {}})
    assert state.centers["FRANCE"] == {"BRE", "MAR", "PAR"}


@pytest.mark.parametrize("data, reason", [
    ([], "state must be an object with phase and units"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}, "unknown location 'XYZ' in unit 'A XYZ'"),
    ({"phase": "S1901M", "units": {"FRANCE": "A PAR"}}, "units must be given as a list"),
    ({"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["NOWHERE"]}}, "unknown province 'NOWHERE'"),
    ({"phase": "S1901M", "units": {}, "dislodged": {"FRANCE": [{}]}}, "each dislodged entry needs a unit"),
])
def test_bad_json_is_refused_with_one_line(data: object, reason: str) -> None:
    with pytest.raises(CodecError, match=reason.replace("(", r"\(")):
        state_from_json(STANDARD, data)
