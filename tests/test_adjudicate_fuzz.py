"""`judge adjudicate` never crashes on a request: every field is checked against a schema (issue 9, item 9).

Bad values once reached the rules and came out as tracebacks (``"influence":
{"LOR": {"FRANCE": "x"}}``, a year that is not a number in ``scores``), and
with ``--jsonl`` the stream stopped.  Now a request of any variant is either
answered or refused with one line naming the field, and a stream answers
every line.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from judge.app.adjudicate import RequestError, handle_request
from tests.adjudicate_requests import VARIANTS, mutate, valid_requests

ROOT = Path(__file__).resolve().parent.parent
MUTANTS_PER_VARIANT = 1000


def run(args: list[str], stdin: str | bytes) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "judge", "adjudicate", *args], input=data,
                          capture_output=True, cwd=ROOT, timeout=120)


def _europe_request() -> dict[str, Any]:
    """A Europe 1615 v3 request from Spring 1616, with influence, allocations and scores."""
    found = [json.loads(r) for r in valid_requests("europe1615-v3")]
    return next(r for r in found if r["state"]["phase"] == "S1616M")


def _with(change: str) -> dict[str, Any]:
    request = _europe_request()
    state = request["state"]
    if change == "influence value":
        state["influence"] = {"LOR": {"FRANCE": "x"}}
    elif change == "influence list":
        state["influence"] = [["LOR", "FRANCE", 5]]
    elif change == "allocation text":
        state["allocation"] = "lots"
    elif change == "scores year":
        state["scores"] = {"sixteen-fifteen": {"FRANCE": 3}}
    return request


ISSUE_CASES = {
    "influence value": "request.state.influence.LOR.FRANCE: expected a whole number",
    "influence list": "request.state.influence: expected an object",
    "allocation text": "request.state.allocation: expected an object",
    "scores year": "request.state.scores key: expected a year",
}


@pytest.mark.parametrize("change", sorted(ISSUE_CASES))
def test_the_issues_bad_values_are_refused_naming_the_field(change: str) -> None:
    with pytest.raises(RequestError, match="^" + ISSUE_CASES[change].replace(".", r"\.")):
        handle_request(_with(change))


def test_the_demo_states_are_valid_and_carry_the_variant_fields() -> None:
    """The schema accepts what the engine writes: each demo phase was answered and fed back."""
    fields = {key for r in valid_requests("europe1615-v3") for key in json.loads(r)["state"]}
    assert {"influence", "allocation", "scores", "status", "score_detail", "rounds"} <= fields
    assert len(valid_requests("standard")) >= 5 and len(valid_requests("europe1615-2013-08")) >= 4


def test_a_field_no_variant_knows_is_refused() -> None:
    request = json.loads(valid_requests("standard")[0])
    request["state"]["influence"] = {}  # a Europe 1615 field: not the standard game's
    with pytest.raises(RequestError, match="unknown field \"influence\""):
        handle_request(request)
    request = json.loads(valid_requests("europe1615-v3")[0])
    request["colour"] = "blue"
    with pytest.raises(RequestError, match="request: unknown field \"colour\""):
        handle_request(request)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_mutations_are_answered_or_refused_in_one_line(variant: str) -> None:
    """Seeded and bounded: wrong types, missing, extra and renamed keys, huge numbers, nested garbage."""
    requests = valid_requests(variant)
    answered = 0
    for seed in range(MUTANTS_PER_VARIANT):
        rng = random.Random(f"{variant}/{seed}")
        request = mutate(rng, json.loads(rng.choice(requests)))
        try:
            out = handle_request(request)
        except RequestError as exc:
            assert str(exc) and "\n" not in str(exc), (seed, str(exc))
            continue
        json.dumps(out)
        handle_request({"variant": variant, "state": out["state"]})  # the answer feeds straight back in
        answered += 1
    assert answered > 20  # the mutations also reach the engine, not only the schema


def test_the_issues_requests_give_one_error_line_and_exit_2() -> None:
    for change, message in ISSUE_CASES.items():
        done = run([], json.dumps(_with(change)))
        err = done.stderr.decode()
        assert done.returncode == 2 and done.stdout == b"", (change, err)
        assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err, (change, err)


GARBAGE_LINES = ["{oops", "[" * 100_000, "1" * 5000, "null", "[]", '"text"', "{}", '{"state": 7}',
                 '{"variant": ["standard"], "state": {}}', '{"variant": "' + "x" * 5000 + '", "state": {}}']


def test_a_stream_of_mutants_answers_every_line_in_one_process() -> None:
    rng = random.Random("stream")
    lines: list[str] = []
    for variant in VARIANTS:
        requests = valid_requests(variant)
        lines += [json.dumps(mutate(rng, json.loads(rng.choice(requests)))) for _ in range(40)]
        lines += [json.dumps(_with(change)) for change in ISSUE_CASES] + [requests[-1]]
    lines += GARBAGE_LINES
    rng.shuffle(lines)
    done = run(["--jsonl"], ("\n".join(lines) + "\n").encode() + b"\xff\xfe not utf-8\n")
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(answers) == len(lines) + 1
    assert all(isinstance(a, dict) and ("error" in a) != ("results" in a) for a in answers)
    assert sum("results" in a for a in answers) >= len(VARIANTS)  # the valid requests among them were answered
    assert "Traceback" not in done.stderr.decode() and done.returncode == 1
