"""Run a DATC case through the same JSON interface as ``judge adjudicate``.

A case is one or more steps.  The first step starts from the position given
in the case; each later step starts from the ``state`` the previous one
returned (a movement phase followed by its retreats, say), with new orders.

Expectations are keyed ``"POWER UNIT"`` with the unit as it stood at the start
of the step, in the map's abbreviations (``"ENGLAND F NTH"``).  Results are one
of ok, bounce, cut, dislodged, void, no convoy, disrupted, disband.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.app.adjudicate import handle_request


@dataclass
class Step:
    orders: dict[str, list[str]]
    results: dict[str, str] = field(default_factory=dict)
    #: units standing (not dislodged) after the step, per power; None = not checked
    final: dict[str, list[str]] | None = None
    #: dislodged units after a movement step, per power; None = not checked
    dislodged: dict[str, list[str]] | None = None


@dataclass
class Case:
    id: str
    title: str
    phase: str
    units: dict[str, list[str]]
    steps: list[Step]
    centers: dict[str, list[str]] | None = None
    dislodged: dict[str, list[dict]] | None = None
    variant: str = "standard"


SUCCESS = {"ok": True, "disband": True}


def run_case(case: Case) -> list[dict]:
    """Play every step and check it; return the responses for extra checks."""
    state: dict = {"phase": case.phase, "units": case.units}
    if case.centers is not None:
        state["centers"] = case.centers
    if case.dislodged is not None:
        state["dislodged"] = case.dislodged
    responses = []
    for number, step in enumerate(case.steps, start=1):
        response = handle_request({"variant": case.variant, "state": state, "orders": step.orders})
        _check_step(case, number, step, response)
        responses.append(response)
        state = response["state"]
    return responses


def _check_step(case: Case, number: int, step: Step, response: dict) -> None:
    where = f"{case.id} step {number}"
    got = {f"{r['power']} {r['unit']}": r for r in response["results"]}
    for key, expected in step.results.items():
        assert key in got, f"{where}: no result for {key}; results: {sorted(got)}"
        result = got[key]
        assert result["result"] == expected, (
            f"{where}: {key} ({result['order']}): expected {expected!r}, got {result['result']!r}"
            f" ({result['message']})")
        assert result["succeeded"] == SUCCESS.get(expected, False), f"{where}: {key} succeeded flag"
    if step.final is not None:
        assert _normal(response["state"]["units"]) == _normal(step.final), (
            f"{where}: final units {response['state']['units']}")
    if step.dislodged is not None:
        got_dislodged = {p: [d["unit"] for d in ds] for p, ds in response["dislodged"].items()}
        assert _normal(got_dislodged) == _normal(step.dislodged), f"{where}: dislodged {got_dislodged}"


def _normal(units: dict[str, list[str]]) -> dict[str, list[str]]:
    return {p: sorted(us) for p, us in units.items() if us}
