"""Every order the unit cannot give is refused on arrival, by mail, in every variant (issue 36 point 1).

``A Utr - Hol`` (a Dutch player meaning Holland) was taken as "Army Utrecht ->
Holstein." and came back "(*void*)"; ``F mao-spa`` (a coast needed, issue 33
point 5), ``F BRT - MAO`` (not adjacent, issue 34 point 8) and a Payola
fleet bought into a province without a port (issue 35) likewise.  Each is now
refused in the reply with the reason, the places the unit can reach and the
neighbour the player plainly meant; a void the phase still finds carries its
reason in the results.
"""

from __future__ import annotations

from typing import Any

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from tests.app.helpers import answer_of

MAIL = {name: load_script(name) for name in ("standard", "diplomacy1618", "europe1615-v3", "europe1615-2013-04")}


def _started(sandbox: Sandbox, variant: str, phase: str = "", units: dict[str, list[str]] | None = None) -> Any:
    script = MAIL[variant]
    script.set_up(sandbox)
    if phase or units:
        game = sandbox.store.load_game(script.game)
        game.state["phase"] = phase or game.state["phase"]
        for power, placed in (units or {}).items():
            game.state["units"][power] = placed
        sandbox.store.save_game(game)
    sandbox.new_mail()
    return script


def _orders(sandbox: Sandbox, script: Any, power: str) -> list[str]:
    return [o.line for o in sandbox.store.load_game(script.game).orders.get(power.upper(), [])]


def test_1618_a_move_to_no_neighbour_is_refused_with_the_neighbour_meant(sandbox: Sandbox) -> None:
    script = _started(sandbox, "diplomacy1618")
    text = answer_of(sandbox, script, "Netherlands", "A Utr - Hol\nA Gel - Hld")
    assert ("line 2: A Utr - Hol Army Utrecht cannot reach Holstein (it can reach: Gelderland (GEL), Holland (HLD))"
            " — did you mean Holland (HLD)?") in text
    assert _orders(sandbox, script, "Netherlands") == ["A GEL - HLD"]
    text = answer_of(sandbox, script, "France", "A Paris - Lorraine\nA Paris S A Burgundy - Lorraine")
    assert "A Paris - Lorraine Army Paris cannot reach Lorraine (it can reach: Burgundy (BUR), Chalons (CHA)" in text
    assert "A Paris S A Burgundy - Lorraine Army Paris cannot reach Lorraine, so it cannot support there" in text
    assert _orders(sandbox, script, "France") == []


def test_standard_a_needed_coast_and_a_fleet_out_of_reach_are_refused_and_a_void_says_why(sandbox: Sandbox) -> None:
    script = _started(sandbox, "standard", units={"FRANCE": ["F MAO", "F BRE", "A PAR"],
                                                  "ENGLAND": ["F NTH", "A YOR", "F LON"]})
    text = answer_of(sandbox, script, "France", "F mao-spa\nF BRE - SPA\nA PAR - MUN\nF MAO - SPA/NC")
    assert "line 2: F mao-spa name the coast of Spain the fleet goes to: write F MAO - SPA/NC or F MAO - SPA/SC" in text
    assert ("line 3: F BRE - SPA Fleet Brest cannot reach Spain (it can reach: English Channel (ENG), "
            "Gascony (GAS), Mid-Atlantic Ocean (MAO), Picardy (PIC))") in text
    assert ("line 4: A PAR - MUN Army Paris cannot reach Munich (it can reach: Brest (BRE), Burgundy (BUR), "
            "Gascony (GAS), Picardy (PIC))") in text
    assert _orders(sandbox, script, "France") == ["F MAO - SPA/NC"]
    text = answer_of(sandbox, script, "England", "F NTH S A YOR - HOL\nF NTH S A YOR - EDI")
    assert "F NTH S A YOR - HOL Army Yorkshire cannot move to Holland" in text  # its only route: NTH, which supports
    script.play_phase(sandbox, "S1901M", {})
    game = sandbox.store.load_game(script.game)
    results = sandbox.text(next(m for m in sandbox.sent() if str(m.message["Subject"]).startswith("Diplomacy results")))
    assert ("England: Fleet North Sea SUPPORT Army Yorkshire -> Edinburgh.  (*void*) "
            "Army Yorkshire does not move to Edinburgh.") in results
    assert game.state["phase"] != "S1901M"


def test_europe1615_a_fleet_move_to_no_neighbour_is_refused(sandbox: Sandbox) -> None:
    script = _started(sandbox, "europe1615-v3", units={"FRANCE": ["A PAR", "F BRT", "F PRO"]})
    text = answer_of(sandbox, script, "France", "F BRT - MAO\nF PRO - LYO")
    assert "line 2: F BRT - MAO Fleet Brittany cannot reach Mid-Atlantic Ocean (it can reach:" in text
    assert "F BRT - MAO" not in _orders(sandbox, script, "France")


def test_europe1615_payola_a_fleet_into_a_province_without_a_port_is_refused_before_any_money(
        sandbox: Sandbox) -> None:
    script = _started(sandbox, "europe1615-2013-04", "S1615M", {"DENMARK": ["F SKA", "A DEN", "A HOL"]})
    text = answer_of(sandbox, script, "Denmark", "2 : F SKA - JUT\nF SKA - NWY")
    assert ("2 : F SKA - JUT F SKA - JUT: Jutland may not be entered (no port: a fleet enters a coastal province "
            "only where it has a port, an anchor; R-1303-37, R-1304-47)") in text
    assert not any("JUT" in line for line in _orders(sandbox, script, "Denmark"))
