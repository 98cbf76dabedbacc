"""``judge adjudicate`` refuses a position no game can reach, in every variant, with one line naming the field.

One unit a province, a fleet on the sea or a coast (one of a split province's
coasts), an army on land, each centre owned once (issue 23, Payola point 5;
the map file's starting units meet the same rules, ``mapfile._check_units``).
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.app.adjudicate import RequestError, handle_request
from judge.variants import available_variants, load_variant


def _unit_of(variant: str, terrain: str, split: bool = False) -> tuple[str, str]:
    """A power of the variant and a province of the given terrain (with coasts, for ``split``)."""
    board = load_variant(variant).map
    province = next(p.abbr for p in board.provinces.values()
                    if p.terrain == terrain and bool(p.coasts) == split and p.abbr not in board.offboard)
    return sorted(board.powers)[0], province


def _refused(variant: str, state: dict[str, Any]) -> str:
    with pytest.raises(RequestError) as caught:
        handle_request({"variant": variant, "state": {"phase": _phase(variant), **state}, "orders": {}})
    assert "\n" not in str(caught.value)
    return str(caught.value)


def _phase(variant: str) -> str:
    return str(load_variant(variant).ruleset.initial_state().phase)


VARIANTS = available_variants()


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_units_in_one_province_are_refused(variant: str) -> None:
    power, land = _unit_of(variant, "land")
    why = _refused(variant, {"units": {power: [f"A {land}", f"A {land}"]}})
    assert why == f"request.state.units.{power}[1]: two units in {land} (A {land} of {power} too)"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_fleet_inland_is_refused(variant: str) -> None:
    power, land = _unit_of(variant, "land")
    assert _refused(variant, {"units": {power: [f"F {land}"]}}) == (
        f"request.state.units.{power}[0]: a fleet cannot stand inland in {land}")


@pytest.mark.parametrize("variant", [v for v in VARIANTS if any(
    p.coasts for p in load_variant(v).map.provinces.values())])
def test_a_fleet_without_its_coast_in_a_split_province_is_refused(variant: str) -> None:
    power, split = _unit_of(variant, "coast", split=True)
    why = _refused(variant, {"units": {power: [f"F {split}"]}})
    assert why.startswith(f"request.state.units.{power}[0]: a fleet in {split} needs a coast (")


@pytest.mark.parametrize("variant", VARIANTS)
def test_one_centre_owned_by_two_powers_is_refused(variant: str) -> None:
    board = load_variant(variant).map
    first, second = sorted(board.powers)[:2]
    centre = board.homes[first][0]
    why = _refused(variant, {"centers": {first: [centre], second: [centre]}})
    assert why == f"request.state.centers.{second}: {centre} is owned by {first} too"


def test_the_standard_example_f_stp_without_a_coast() -> None:
    assert _refused("standard", {"units": {"RUSSIA": ["F STP"]}}) == (
        "request.state.units.RUSSIA[0]: a fleet in STP needs a coast (NC, SC)")
