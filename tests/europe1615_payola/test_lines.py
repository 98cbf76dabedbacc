"""The Payola editions' lines by mail: read in their phase, checked on arrival, and what a phase waits for."""

from __future__ import annotations

import pytest

from judge.engine.state import Phase
from judge.reading.europe1615_payola import E1615PayolaLines
from judge.reading.order_reader import OrderError
from judge.variants.europe1615.inputs import Attack, Deploy
from judge.variants.payola.offers import Accept, Offer
from tests.europe1615_payola.helpers import APRIL, MARCH, ruleset, start, variant


def reader(edition: str) -> E1615PayolaLines:
    v = variant(edition)
    return E1615PayolaLines(v.map, v.ruleset)


def test_each_phase_reads_its_own_lines() -> None:
    r, state = reader(MARCH), start(MARCH)
    assert r.read("5: Lorraine", state) == Deploy("LOR", 5) and r.read("% a note", state) is None
    with pytest.raises(OrderError, match="expected e.g. '5: LOR'"):
        r.read("HES > SPAIN", state)
    state.phase = Phase("S", 1615, "D")
    assert r.read("Hesse > Spanish", state) == Attack("HES", "SPAIN")
    with pytest.raises(OrderError, match="no power is called"):
        r.read("HES > Venice", state)
    state.phase = Phase("S", 1615, "M")
    assert isinstance(r.read("3 : A SAX S A BOH - SIL", state), Offer)
    assert isinstance(r.read("ACCEPT FASED", state), Accept)


def test_inf_lines_are_checked_on_arrival() -> None:
    r, state = reader(MARCH), start(MARCH)
    assert r.check(Deploy("LOR", 5), "FRANCE", state, [Deploy("HES", 6)]) == ("", "")
    assert r.check(Deploy("LOR", 6), "FRANCE", state, [Deploy("HES", 6)])[0] == \
        "FRANCE has 11 INFs to place; with this line 12"
    assert r.check(Deploy("LOR", 11), "FRANCE", state, [Deploy("LOR", 5)])[0] == ""  # a later line replaces it
    assert "not a pliant minor state" in r.check(Deploy("FEZ", 1), "SPAIN", state, [])[0]
    assert r.key(Deploy("LOR", 5)) == "INF:LOR"


def test_attack_lines_are_checked_on_arrival() -> None:
    r = reader(APRIL)
    state = start(APRIL)
    state.phase = Phase("S", 1615, "D")
    assert r.check(Attack("HES", "SPAIN"), "FRANCE", state, [])[0] == "no diplomatic attacks before 1616"
    state.phase = Phase("S", 1616, "D")
    assert r.check(Attack("HES", "FRANCE"), "FRANCE", state, [])[0] == "a power cannot attack itself"
    assert r.check(Attack("SAX", "SPAIN"), "FRANCE", state, [Attack("HES", "SPAIN")])[0] == ""  # its alternate
    assert r.check(Attack("SAX", "SPAIN"), "FRANCE", state, [Attack("HES", "SPAIN"), Attack("LOR", "SPAIN")])[0] == \
        "FRANCE may list only 1 alternate(s)"
    assert r.check(Attack("SAX", "FRANCE"), "SPAIN", state, [Attack("HES", "FRANCE")])[0] == \
        "SPAIN may list only 0 alternate(s)"


def test_what_each_phase_waits_for() -> None:
    rules, state = ruleset(APRIL), start(APRIL)
    assert rules.inputs_due(state, "FRANCE") == (("INF", "INF placements: 11 INFs to place in 1615 (11 of the year) "
                                                         "(N: STATE, or N: your own home box)"),)
    state.phase = Phase("S", 1616, "D")
    assert rules.inputs_due(state, "FRANCE") == ()                     # no INFs beside another power's
    state.extra["influence"] = {"HES": {"FRANCE": 3, "SPAIN": 2}}
    assert rules.inputs_due(state, "FRANCE")[0][0] == "ATTACK" and rules.inputs_due(state, "AUSTRIA") == ()
    state.phase = Phase("S", 1616, "T")
    assert rules.inputs_due(state, "FRANCE") == ()                     # taxation: played at once
    state.phase = Phase("S", 1616, "M")
    assert rules.inputs_due(state, "FRANCE") == (("SHEET", "an offer sheet"),)
