"""Run a DATC case through the same JSON interface as ``judge adjudicate``.

A case is one or more steps.  The first step starts from the position given
in the case; each later step starts from the ``state`` the previous one
returned (a movement phase followed by its retreats, say), with new orders.

Expectations are keyed ``"POWER UNIT"`` with the unit as it stood at the start
of the step, in the map's abbreviations (``"ENGLAND F NTH"``).  Results are one
of ok, bounce, cut, dislodged, void, no convoy, disrupted, disband.

The cases are in one file per DATC section (a long section in two files),
test_datc_6a_6b.py to test_datc_6i_6j.py.

Choices and vocabulary, 6.A-6.E
-------------------------------

Every case is written from the text of ``DATC_v3_0.txt`` with the DATC's
preferred choices of section 4 (4.B.1 move fails, 4.B.2 only possible coast,
4.B.3 illegal, 4.B.4 support without coast valid, 4.B.5/4.B.6 garbage coasts
ignored, 4.B.7 build without coast fails, 4.C.1 missing unit type is fine,
4.E.1 illegal orders are ignored).  None of the cases in 6.A-6.E orders a unit
twice, so the judge's "last order counts" rule (our replacement for 4.D.3)
plays no part here.

Result vocabulary: a support that is valid and not cut is
``ok`` even when the move it supports fails or may not dislodge the
supporter's own unit (6.E.12: such a support "still has an effect"); a
convoy that is valid and not disrupted is ``ok`` even when the army bounces;
an illegal order or a support/convoy that does not match is ``void``; a
dislodged unit is ``dislodged`` whatever it was ordered to do.

Choices and vocabulary, 6.F-6.J
-------------------------------

Every case is written from the text of ``DATC_v3_0.txt`` with the DATC's
preferred choices of section 4: 4.A.1 b (a multi-route convoy is disrupted
only when all routes are), the Szykman rule for convoy paradoxes (4.A.2),
4.A.3 the 2023 rule without fallback (a convoy to an adjacent province is
used only with "via convoy" or when a fleet of the army's own power is
ordered to convoy it), 4.A.4 a, 4.A.5 b, 4.A.6 a, 4.A.7 b, 4.C.1 missing unit
type is fine, 4.C.4 a, 4.D.4-4.D.6 b (adjustment orders handled one by one,
first legal ones used), 4.D.8 the 2023 civil-disorder rule as 6.J states it
(distance to the nearest *owned* centre, armies and fleets over land and sea,
fleets before armies at equal distance, then alphabetical English names),
4.E.1 illegal orders are ignored.

Result vocabulary, the same conventions as for 6.A-6.E:

* a support that is valid and not cut is ``ok`` even when the move it
  supports fails;
* a convoy that is valid, matches what the army does and lies on the
  undisrupted route the army took is ``ok`` even when the army then bounces;
* an illegal order, or a support/convoy that does not match what the other
  unit does (in particular a convoy of an army that, under 4.A.3, takes the
  land route) is ``void``;
* a dislodged unit is ``dislodged`` whatever it was ordered to do;
* an army whose route is broken by a dislodged fleet or by the Szykman rule is
  ``disrupted``; a convoying fleet that the Szykman rule makes hold (and that
  is not dislodged) is also ``disrupted`` (the vocabulary names the Szykman
  rule under ``disrupted``);
* a convoying fleet that is neither dislodged nor part of the route the army
  used, because the route was broken at *another* fleet (6.H.12) or was
  incomplete while the army went by another route (6.G.6), is not checked:
  the DATC says nothing about it and the vocabulary has no unambiguous word
  for it (the same choice as 6.C.5 in the 6.A-6.E files);
* in a retreat phase an illegal retreat (or support/convoy/move of a unit that
  is not dislodged) is ``void``; the unit's disbandment shows in ``final``;
* in adjustments a build/remove that cannot be executed is ``void``, a unit
  removed by the civil-disorder rule is ``disband``.

Two adjustment cases order the same thing twice (6.I.7, 6.J.2); both orders
then have the same result key, which the harness's dict cannot hold, so those
keys are checked separately (``SAME_KEY_RESULTS`` below) as a multiset; the same
mechanism covers 6.I.4 (key spelling left to the parser) and 6.H.2 (an
illegal order plus a possible implied disband for one unit).
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
    #: the game's rule options, as a request's ``options`` (the older readings: judge/engine/readings.py)
    options: dict[str, str | bool] | None = None


SUCCESS = {"ok": True, "disband": True}

#: Results the harness's one-result-per-key dict cannot check: per case id, a
#: list of (step index, power, accepted unit names, accepted result multisets).
#: 6.I.7 and 6.J.2 order the same thing twice; 6.I.4 orders a build of an army
#: "at a coast", whose normalised name is the parser's choice; in 6.H.2 the
#: illegal retreat-phase support of F HOL may come with an implied disband.
SAME_KEY_RESULTS: dict[str, list[tuple[int, str, tuple[str, ...], list[list[str]]]]] = {
    "6.H.2": [(1, "RUSSIA", ("F HOL",), [["void"], ["disband", "void"]])],
    "6.I.4": [(0, "RUSSIA", ("A STP/NC", "A STP"), [["void"]])],
    "6.I.7": [(0, "RUSSIA", ("A MOS",), [["ok", "void"]])],
    "6.J.2": [(0, "FRANCE", ("A PAR",), [["ok", "void"]])],
}


def run_case(case: Case) -> list[dict]:
    """Play every step and check it; return the responses for extra checks."""
    state: dict = {"phase": case.phase, "units": case.units}
    if case.centers is not None:
        state["centers"] = case.centers
    if case.dislodged is not None:
        state["dislodged"] = case.dislodged
    responses = []
    for number, step in enumerate(case.steps, start=1):
        request = {"variant": case.variant, "state": state, "orders": step.orders}
        if case.options is not None:
            request["options"] = case.options
        response = handle_request(request)
        _check_step(case, number, step, response)
        responses.append(response)
        state = response["state"]
    _check_same_key_results(case, responses)
    return responses


def _check_same_key_results(case: Case, responses: list[dict]) -> None:
    """The results ``SAME_KEY_RESULTS`` lists for this case, each key's as a multiset."""
    for step, power, names, accepted in SAME_KEY_RESULTS.get(case.id, []):
        got = sorted(r["result"] for r in responses[step]["results"]
                     if r["power"] == power and r["unit"] in names)
        assert got in [sorted(a) for a in accepted], (
            f"{case.id} step {step + 1}: results for {power} {'/'.join(names)}:"
            f" expected one of {accepted}, got {got}")


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
