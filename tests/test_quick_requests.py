"""Issue 26, point 2: what a request pays per phase without need is paid once.

An order line is read once per board (orders are immutable values), a
pattern's words are put back without the grammar, a movement phase leaves no
reference cycle for the collector, and the schema's quick checks of a
request's lists and maps still name the field of a bad value.  The speed
itself is measured in bench/adjudicate.py.
"""

from __future__ import annotations

import gc
import json
import weakref

import pytest

import judge.reading.order_reader as orders
from judge.app.adjudicate import answer
from judge.engine.codec import state_from_json
from judge.engine.movement import Movement
from judge.variants import load_variant

STANDARD = load_variant("standard")


def test_26_2_an_order_line_is_read_once_per_board_and_phase_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    real = orders._read_order

    def counting(text: str, board: object, kind: str) -> object:
        read.append(f"{kind} {text}")
        return real(text, board, kind)  # type: ignore[arg-type]

    monkeypatch.setattr(orders, "_read_order", counting)
    line = "A Munich -> Silesia"
    first = orders.parse_order(line, STANDARD.map)
    assert orders.parse_order(line, STANDARD.map) is first
    assert str(orders.parse_order(line, STANDARD.map, "R")) == "A MUN R SIL"
    for _ in range(2):  # a line that cannot be read is read again: each error gets its own line number
        with pytest.raises(orders.OrderError):
            orders.parse_order("A Munich -> Silesiaa", STANDARD.map)
    assert read == ["M A Munich -> Silesia", "R A Munich -> Silesia", "M A Munich -> Silesiaa",
                    "M A Munich -> Silesiaa"]


def test_26_2_a_new_line_of_a_known_pattern_needs_no_grammar(monkeypatch: pytest.MonkeyPatch) -> None:
    import judge.reading.order_grammar as grammar

    assert str(orders.parse_order("F BRE S A GAS - BUR", STANDARD.map)) == "F BRE S A GAS - BUR"

    def refuse(*_args: object) -> None:
        raise AssertionError("the grammar was asked")

    monkeypatch.setattr(grammar, "pattern_shape", refuse)
    monkeypatch.setattr(grammar, "line_shape", refuse)
    assert str(orders.parse_order("f kie s a ber - pru", STANDARD.map)) == "F KIE S A BER - PRU"
    with pytest.raises(orders.OrderError, match="unknown province 'BRX'"):
        orders.parse_order("F KIE S A BRX - PRU", STANDARD.map)


def test_26_2_a_request_leaves_no_garbage_for_the_cycle_collector() -> None:
    request = json.dumps({"state": {"phase": "F1901M", "units": {
        "ENGLAND": ["F NTH", "F NWG", "A LON", "A EDI"], "FRANCE": ["F ENG", "A BRE"], "GERMANY": ["A HOL"]}},
        "orders": {"ENGLAND": ["F NTH C A LON - NWY", "A LON - NWY", "F NWG C A EDI - NWY", "A EDI - NWY"],
                   "FRANCE": ["F ENG C A BRE - LON", "A BRE - LON"], "GERMANY": ["A HOL - BEL"]}})
    assert "error" not in answer(request)  # the caches filled
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            assert "error" not in answer(request)
        assert gc.collect() == 0  # every object of the three requests was freed by its reference count
    finally:
        gc.enable()


def test_26_2_a_movement_phase_leaves_no_cycle_for_the_collector() -> None:
    state = state_from_json(STANDARD, {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A MAR"],
                                                                    "GERMANY": ["A MUN"]}})
    phase = Movement(STANDARD, state)
    phase.run({"FRANCE": [orders.parse_order("A PAR - BUR", STANDARD.map)],
               "GERMANY": [orders.parse_order("A MUN - BUR", STANDARD.map)]})
    gone = weakref.ref(phase)
    del phase
    assert gone() is None  # freed at once, by its reference count


@pytest.mark.parametrize(("field", "value", "said"), [
    ("orders", {"FRANCE": ["A PAR H", 7]}, "request.orders.FRANCE[1]: expected an order line, got 7"),
    ("orders", {"FRENCH": ["A PAR H"]}, 'request.orders key: expected a power of the variant, got "FRENCH"'),
    ("orders", {"FRANCE": "A PAR H"}, 'request.orders.FRANCE: expected a list, got "A PAR H"'),
    ("units", {"FRANCE": ["A PAR", ["A MAR"]]}, 'request.state.units.FRANCE[1]: expected a string, got ["A MAR"]'),
    ("units", {"FRANCE": ["A PAR", "A " + "X" * 400]}, "request.state.units.FRANCE[1]: expected a string, got"),
])
def test_26_2_quick_schema_checks_still_name_the_field(field: str, value: object, said: str) -> None:
    request: dict[str, object] = {"state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}, "orders": {}}
    if field == "units":
        request["state"] = {"phase": "S1901M", "units": value}
    else:
        request[field] = value
    assert answer(json.dumps(request))["error"].startswith(said)
