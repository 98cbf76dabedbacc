"""The engine's contract as `judge adjudicate` promises it, beyond the DATC."""

from __future__ import annotations

import pytest

from judge.app.adjudicate import RequestError, handle_request


def request(orders: dict[str, list[str]], units: dict[str, list[str]], **state: object) -> dict:
    return {"variant": "standard", "state": {"phase": "S1901M", "units": units, **state}, "orders": orders}


def test_a_unit_ordered_twice_obeys_the_last_order() -> None:
    out = handle_request(request({"FRANCE": ["A PAR - BUR", "A PAR - PIC"]}, {"FRANCE": ["A PAR"]}))
    assert out["state"]["units"]["FRANCE"] == ["A PIC"]
    assert [r["order"] for r in out["results"]] == ["A PAR - PIC"]


def test_missing_orders_mean_hold_and_are_reported() -> None:
    out = handle_request(request({}, {"FRANCE": ["A PAR"]}))
    assert out["results"] == [{"power": "FRANCE", "unit": "A PAR", "order": "A PAR H", "succeeded": True,
                               "result": "ok", "message": "no order: holds"}]


def test_variant_fields_in_state_survive_the_round_trip() -> None:
    """A field the variant's schema names comes back; one it does not is refused (issue 9, item 9)."""
    europe = {**request({}, {"FRANCE": ["A PAR"]}, influence={"SAX": {"FRANCE": 3}}), "variant": "europe1615-v3"}
    europe["state"]["phase"] = "S1615M"
    out = handle_request(europe)
    assert out["state"]["influence"] == {"SAX": {"FRANCE": 3}}
    with pytest.raises(RequestError, match='unknown field "influence"'):
        handle_request(request({}, {"FRANCE": ["A PAR"]}, influence={"SAX": {"FRANCE": 3}}))


def test_fall_moves_change_centre_ownership_and_lead_to_builds() -> None:
    out = handle_request({"variant": "standard",
                          "state": {"phase": "F1901M", "units": {"FRANCE": ["A BUR", "A PAR"]},
                                    "centers": {"FRANCE": ["PAR", "MAR", "BRE"]}},
                          "orders": {"FRANCE": ["A BUR - BEL"]}})
    assert out["state"]["phase"] == "W1901A"
    assert out["state"]["centers"]["FRANCE"] == ["BEL", "BRE", "MAR", "PAR"]
    built = handle_request({"variant": "standard", "state": out["state"],
                            "orders": {"FRANCE": ["BUILD F BRE", "A MAR B"]}})
    assert sorted(built["state"]["units"]["FRANCE"]) == ["A BEL", "A MAR", "A PAR", "F BRE"]
    assert built["state"]["phase"] == "S1902M"


def test_units_without_retreat_are_disbanded_at_once() -> None:
    # A BEL is dislodged from PIC with every other neighbour occupied or contested.
    out = handle_request(request(
        {"FRANCE": ["A PIC - BEL", "A BUR S A PIC - BEL"], "GERMANY": ["A RUH H", "A HOL H"],
         "ENGLAND": ["F NTH H"]},
        {"FRANCE": ["A PIC", "A BUR"], "GERMANY": ["A BEL", "A RUH", "A HOL"], "ENGLAND": ["F NTH"]}))
    assert out["dislodged"] == {"GERMANY": [{"unit": "A BEL", "attacker_from": "PIC", "retreats": []}]}
    assert "dislodged" not in out["state"] and out["state"]["phase"] == "F1901M"
