"""`judge adjudicate`: the engine over JSON, as GMs, tests and benchmarks drive it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

REQUEST = {
    "variant": "standard",
    "state": {"phase": "S1901M",
              "units": {"ENGLAND": ["F NTH", "A YOR"], "FRANCE": ["F BRE", "A PIC"],
                        "GERMANY": ["A BEL"]}},
    "orders": {"ENGLAND": ["F NTH S A PIC - BEL", "A YOR H"],
               "FRANCE": ["A PIC - BEL", "F BRE - ENG"],
               "GERMANY": ["A BEL H"]},
}


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "judge", "adjudicate", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_single_request_gives_results_dislodged_and_next_state() -> None:
    done = run([], json.dumps(REQUEST))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    results = {(r["power"], r["unit"]): r for r in out["results"]}
    assert results[("FRANCE", "A PIC")]["result"] == "ok" and results[("FRANCE", "A PIC")]["succeeded"]
    assert results[("GERMANY", "A BEL")]["result"] == "dislodged"
    assert out["dislodged"] == {"GERMANY": [{"unit": "A BEL", "attacker_from": "PIC",
                                             "retreats": ["BUR", "HOL", "RUH"]}]}
    assert out["state"]["phase"] == "S1901R"
    assert sorted(out["state"]["units"]["FRANCE"]) == ["A BEL", "F ENG"]
    assert "GERMANY" not in out["state"]["units"]


def test_state_feeds_back_into_the_retreat_phase() -> None:
    first = json.loads(run([], json.dumps(REQUEST)).stdout)
    retreat = {"variant": "standard", "state": first["state"], "orders": {"GERMANY": ["A BEL - HOL"]}}
    out = json.loads(run([], json.dumps(retreat)).stdout)
    assert out["state"]["phase"] == "F1901M"
    assert out["state"]["units"]["GERMANY"] == ["A HOL"]


def test_malformed_json_is_one_line_and_non_zero() -> None:
    done = run([], "{not json")
    assert done.returncode != 0
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "malformed JSON" in done.stderr
    assert "Traceback" not in done.stderr


def test_unknown_variant_is_one_line_and_non_zero() -> None:
    done = run([], json.dumps({**REQUEST, "variant": "atlantis"}))
    assert done.returncode != 0
    assert "unknown variant 'atlantis'" in done.stderr and "Traceback" not in done.stderr


def test_bad_unit_in_state_is_reported_not_raised() -> None:
    bad = {**REQUEST, "state": {"phase": "S1901M", "units": {"ENGLAND": ["Q XYZ"]}}}
    done = run([], json.dumps(bad))
    assert done.returncode != 0 and "not a unit" in done.stderr and "Traceback" not in done.stderr


def test_jsonl_streams_and_survives_bad_lines() -> None:
    lines = [json.dumps(REQUEST), "{oops", json.dumps({**REQUEST, "variant": "nope"}), json.dumps(REQUEST)]
    done = run(["--jsonl"], "\n".join(lines) + "\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0]["state"]["phase"] == "S1901R" and answers[3] == answers[0]
    assert "malformed JSON" in answers[1]["error"]
    assert "unknown variant" in answers[2]["error"]
    assert done.returncode != 0  # some requests failed


def test_unreadable_order_line_is_void_and_the_rest_still_adjudicated() -> None:
    request = json.loads(json.dumps(REQUEST))
    request["orders"]["ENGLAND"].append("F NTH flies to the moon")
    out = json.loads(run([], json.dumps(request)).stdout)
    void = [r for r in out["results"] if r["order"] == "F NTH flies to the moon"]
    assert void and void[0]["result"] == "void" and void[0]["message"]
    assert sorted(out["state"]["units"]["FRANCE"]) == ["A BEL", "F ENG"]


V3_OPENING = {"state": {"phase": "S1615M", "units": {"FRANCE": ["A PAR"], "WUR": ["A WUR"]},
                        "allocation": {"FRANCE": 35}},
              "orders": {"FRANCE": ["9: WUR", "WUR - FRA", "A PAR - BUR"]}}


def test_variant_flag_sets_the_variant_of_requests_that_name_none() -> None:
    done = run(["--variant", "europe1615-v3"], json.dumps(V3_OPENING))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    results = {r["order"]: r["result"] for r in out["results"]}
    assert results["9: WUR"] == "ok" and results["WUR - FRA"] == "ok"    # INFs first, then Wurttemberg obeys
    assert out["state"]["influence"] == {"WUR": {"FRANCE": 9}} and out["state"]["phase"] == "U1615M"


def test_variant_flag_does_not_override_a_named_variant_and_streams_too() -> None:
    named = json.dumps({**REQUEST, "variant": "standard"})
    done = run(["--variant", "europe1615-v3", "--jsonl"], named + "\n" + json.dumps(V3_OPENING) + "\n")
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["state"]["phase"] == "S1901R" and second["state"]["phase"] == "U1615M"
    unknown = run(["--variant", "atlantis"], json.dumps(V3_OPENING))
    assert unknown.returncode != 0 and "unknown variant 'atlantis'" in unknown.stderr
