"""Nothing in a phase depends on which power's mail came first (R-v3-05; the lists "go in together").

The GM "distributes INFs ... as indicated in the deployment lists": every
deployment is judged on the position before the phase's deployments, then
all are placed.  The same holds for every input gathered from several powers
(waived captures, motions, AGREE, weighted Ottoman orders): each test reads
the powers in every order, or in shuffled orders, and expects one outcome.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from judge.engine import GameState
from judge.engine.codec import state_to_json
from judge.engine.results import PhaseOutcome
from judge.variants.europe1615 import Agree, Deploy, Motion, WaiveCapture
from tests.europe1615_v3.helpers import inf, play, play_with, position, v3_with
from tests.europe1615_2013_08 import helpers as e1308

WIDERSTAND = {"SPAIN": 37, "FRANCE": 35, "AUSTRIA": 33, "ENGLAND": 26, "DENMARK": 26}


def orderings(orders: dict[str, list[Any]]) -> list[dict[str, list[Any]]]:
    return [{p: orders[p] for p in perm} for perm in itertools.permutations(orders)]


def fingerprint(outcome: PhaseOutcome) -> tuple[str, list[tuple[str, str, str, str, str]]]:
    """The next position and every result, independent of the order they are listed in."""
    results = sorted((r.power, r.unit, r.order, r.result, r.message) for r in outcome.results)
    return json.dumps(state_to_json(outcome.state), sort_keys=True), results


def test_R_v3_93_a_deployment_under_the_huguenot_rebellion_is_judged_before_the_phase_s_deployments() -> None:
    """Ireland empty: France's 3 INFs stand whether or not Denmark's 5 (a Protestant majority) are read first."""
    state = position(modifiers=("HUGUENOT_REBELLION",))
    orders = {"DENMARK": [Deploy("IRE", 5)], "FRANCE": [Deploy("IRE", 3)]}
    outcomes = [play(state.copy(), each) for each in orderings(orders)]
    for outcome in outcomes:
        assert inf(outcome.state, "IRE") == {"DENMARK": 5, "FRANCE": 3}
    assert len({str(fingerprint(o)) for o in outcomes}) == 1


def test_R_v3_93_a_state_already_protestant_stays_closed_to_france() -> None:
    state = position(modifiers=("HUGUENOT_REBELLION",), influence={"IRE": {"ENGLAND": 6}})
    out = play(state, {"FRANCE": [Deploy("IRE", 3)]})
    assert inf(out.state, "IRE") == {"ENGLAND": 6}


def test_R_v3_32_a_deployment_under_widerstand_is_judged_before_the_phase_s_deployments() -> None:
    state = position(allocation=WIDERSTAND)
    orders = {"ENGLAND": [Deploy("IRE", 5)], "SPAIN": [Deploy("IRE", 3)]}
    for each in orderings(orders):
        assert inf(play(state.copy(), each).state, "IRE") == {"ENGLAND": 5, "SPAIN": 3}


def test_A_v3_15_a_counterbalance_of_deployed_infs_is_the_one_before_the_phase() -> None:
    variant = v3_with(counterbalance_basis="deployed")
    state = position(influence={"BAV": {"SPAIN": 10}})
    orders = {"SPAIN": [Deploy("WUR", 30)], "ENGLAND": [Deploy("SAX", 5)], "FRANCE": [Deploy("SAX", 3)]}
    seen = {str(fingerprint(play_with(variant, state.copy(), each))) for each in orderings(orders)}
    assert len(seen) == 1


def test_R_v3_09_a_power_s_own_lines_still_count_against_its_budget_in_turn() -> None:
    out = play(position(allocation={"FRANCE": 10}), {"FRANCE": [Deploy("WUR", 6), Deploy("LOR", 6), Deploy("SAV", 4)]})
    assert inf(out.state, "WUR") == {"FRANCE": 6} and inf(out.state, "SAV") == {"FRANCE": 4}
    assert not inf(out.state, "LOR")
    assert any(r.result == "void" and "over this year's budget: 4 of 10" in r.message for r in out.results)


def test_R_v3_115_two_powers_waiving_one_centre_both_keep_their_waiver() -> None:
    orders = {"FRANCE": [WaiveCapture("LOR")], "SPAIN": [WaiveCapture("LOR")]}
    for each in orderings(orders):
        out = play(position("F1615M"), each)
        assert out.state.extra["waived"]["LOR"] == ["FRANCE", "SPAIN"]


def test_R_v3_84_motions_and_agreements_do_not_depend_on_who_came_first() -> None:
    state = position()
    orders: dict[str, list[Any]] = {"FRANCE": [Motion("Wallenstein"), Agree()], "SPAIN": [Motion("Wallenstein")],
                                    "ENGLAND": [Agree()]}
    assert len({str(fingerprint(play(state.copy(), each))) for each in orderings(orders)}) == 1


MIXED = {
    "FRANCE": ["9: WUR", "12: LOR", "LOR > SPAIN", "A PAR - BUR", "A SER - BOS", "WUR - FRA"],
    "SPAIN": ["6: LOR", "LOR > FRANCE", "A MIL - SWI", "SER H", "5: SAV"],
    "DENMARK": ["10: BRA", "5: IRE", "BRA - MEC", "A HOL S A BRA - MEC", "SER-BOS"],
    "ENGLAND": ["20: IRE", "12: SCOT", "5: PAPL", "LOR > ENGLAND", "SAV > SPAIN"],
    "AUSTRIA": ["8: TRA", "5: SAV", "A BOH H", "SER H", "SAV > FRANCE"],
}


@pytest.mark.parametrize("seed", range(8))
def test_a_whole_v3_movement_phase_is_the_same_whatever_order_the_powers_are_read(seed: int) -> None:
    from tests.europe1615_v3.helpers import opening
    from judge.reading.lines import read_line
    from tests.europe1615_v3.helpers import v3

    state = opening()
    state.extra["modifiers"] = ["HUGUENOT_REBELLION"]
    parsed = {p: [read_line(v3(), state, line) for line in lines] for p, lines in MIXED.items()}
    powers = list(parsed)
    reference = fingerprint(play(state.copy(), parsed))
    random.Random(seed).shuffle(powers)
    shuffled = {p: parsed[p] for p in powers}
    assert fingerprint(play(state.copy(), shuffled)) == reference


@pytest.mark.parametrize("seed", range(8))
def test_the_2013_08_spring_example_is_the_same_whatever_order_the_powers_are_read(seed: int) -> None:
    reference = fingerprint(e1308.spring_1615())
    powers = list(e1308.SPRING_1615)
    random.Random(seed).shuffle(powers)
    out = e1308.play(e1308.opening(), {p: e1308.SPRING_1615[p] for p in powers})
    assert fingerprint(out) == reference




def _script_orders(state: GameState, mails: dict[str, str]) -> dict[str, list[Any]]:
    from judge.reading.lines import finish_lines, read_line
    from judge.reading.order_reader import OrderError
    from tests.europe1615_v3.helpers import v3

    orders: dict[str, list[Any]] = {}
    for power, body in mails.items():
        values = []
        for line in body.splitlines():
            try:
                value = read_line(v3(), state, line)
            except OrderError:
                continue
            if value is not None:
                values.append(value)
        orders[power.upper()] = finish_lines(v3(), values)
    return orders


@pytest.mark.parametrize("seed", range(3))
def test_the_two_year_script_plays_alike_whatever_order_the_powers_are_read(seed: int) -> None:
    """Every phase of the scripted game (deployments, attacks, Ottoman votes, ballots, builds), powers shuffled."""
    from judge.app.demo import load_script
    from judge.engine import adjudicate
    from tests.europe1615_v3.helpers import v3

    state = v3().ruleset.initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    for phase, mails in load_script("europe1615-v3").phases:
        while str(state.phase) != phase:
            state = adjudicate(v3(), state, {}).state
        orders = _script_orders(state, mails)
        powers = list(orders)
        rng.shuffle(powers)
        expected = adjudicate(v3(), state.copy(), orders)
        shuffled = adjudicate(v3(), state.copy(), {p: orders[p] for p in powers})
        assert fingerprint(shuffled) == fingerprint(expected), phase
        state = expected.state
