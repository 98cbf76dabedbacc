"""The judge's side: a position through ``handle_request``, as ``judge adjudicate`` runs it."""

from __future__ import annotations

from bench.peer.outcome import Outcome, province


def judge_outcome(response: dict) -> Outcome:
    units = frozenset((power, unit) for power, us in response["state"]["units"].items() for unit in us)
    dislodged, retreats = set(), {}
    for power, entries in response.get("dislodged", {}).items():
        for entry in entries:
            key = (power, entry["unit"])
            dislodged.add(key)
            retreats[key] = frozenset(province(r) for r in entry.get("retreats", ()))
    results = {r["unit"]: r["result"] + (f" ({r['message']})" if r.get("message") else "")
               for r in response.get("results", [])}
    return Outcome(units, frozenset(dislodged), retreats, results)


def run_judge(request: dict) -> Outcome:
    from judge.app.adjudicate import handle_request
    try:
        return judge_outcome(handle_request(request))
    except Exception as exc:  # noqa: BLE001 - an engine crash is a disagreement to report, not a benchmark crash
        return Outcome(frozenset(), frozenset(), {}, {}, error=f"{type(exc).__name__}: {exc}")
