"""``judge adjudicate --variant payola``: sheets as order lines, lists, balances and the seed in the state."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

import judge.reading.payola
from judge.app.adjudicate import RequestError, handle_request
import judge.variants.payola.accounts
import judge.variants.payola.codec
import judge.variants.payola.cycles
import judge.variants.payola.decision
import judge.variants.payola.determination
import judge.variants.payola.legal
import judge.variants.payola.offers
import judge.variants.payola.options
import judge.variants.payola.overspending
import judge.variants.payola.prepared
import judge.variants.payola.ruleset

ROOT = Path(__file__).resolve().parents[2]

REQUEST = {
    "state": {"phase": "S1901M", "units": {"ITALY": ["F NAP", "A VEN"], "FRANCE": ["A MAR"],
                                           "AUSTRIA": ["A TRI"]},
              "treasury": {"ITALY": 10, "FRANCE": 8, "AUSTRIA": 48}, "seed": "g1",
              "accept": {"ITALY": ["AUSTRIA", "?"]}},
    "orders": {"FRANCE": ["4 : A VEN - PIE % cheap", "4 : F NAP - ION", "2 $"],
               "ITALY": ["3 : A VEN H", "1 : F NAP - ION"],
               "AUSTRIA": ["1 : A TRI - ALB", "3 : A VEN - TYR", "5 : F NAP - TYS | - ROM | - ROM"]},
}


def adjudicate(request: dict, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "judge", "adjudicate", *args], input=json.dumps(request),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_a_payola_phase_over_json() -> None:
    done = adjudicate(REQUEST, "--variant", "payola")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    state = out["state"]
    # France has 8 - 2 saved = 6 for 8 promised: one pass, 3 + 3; VEN ties 3 (France) / 3 (Italy) / 3 (Austria):
    # Italy's list puts Austria first -> A VEN - TYR; F NAP: ION 3 + 1 = 4 wins over nothing else.
    assert sorted(state["units"]["ITALY"]) == ["A TYR", "F ION"]
    assert state["treasury"] == {"ITALY": 9, "FRANCE": 5, "AUSTRIA": 44}
    assert state["ledgers"]["FRANCE"]["reductions"] == 1
    rejected = [r for r in out["results"] if r["result"] == "void" and "twice" in r["message"]]
    assert len(rejected) == 1  # the duplicate ROM: one reason, the rest of the sheet stands
    assert done.stdout == adjudicate(REQUEST, "--variant", "payola").stdout  # replay: same seed, same result


CLASSIC = {
    "variant": "payola", "options": {"preset": "classic"},
    "state": {"phase": "S1901M", "units": {"ITALY": ["F NAP"], "FRANCE": ["A MAR"]},
              "treasury": {"ITALY": 10, "FRANCE": 10}},
    "orders": {"FRANCE": ["3 : F NAP - ION", "2 : F NAP - TYS"], "ITALY": ["1 : F NAP - ROM"]},
}


def test_6_1_classic_two_offers_by_one_power_to_one_unit_are_both_ignored_over_json() -> None:
    """Payola Classic (6.1; Classic rules 4.2): France's two offers to F NAP are both ignored; Italy's 1 wins."""
    done = adjudicate(CLASSIC)
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)["state"]
    assert state["units"]["ITALY"] == ["F ROM"]
    assert state["treasury"] == {"ITALY": 9, "FRANCE": 10}
    refused = state["ledgers"]["FRANCE"]["refused"]
    assert [line for line, _ in refused] == ["3 : F NAP - ION", "2 : F NAP - TYS"]
    assert all("both offers are ignored" in why for _, why in refused)
    standard = adjudicate({**CLASSIC, "options": {}})  # the formal rules: two offers add up (3+2 for ION and TYS)
    assert json.loads(standard.stdout)["state"]["units"]["ITALY"] == ["F ION"]


def test_a_request_with_an_unknown_rule_option_is_refused_naming_it() -> None:
    done = adjudicate({**CLASSIC, "options": {"preset": "deluxe"}})
    assert done.returncode != 0 and "preset" in done.stderr and "deluxe" in done.stderr
    done = adjudicate({**CLASSIC, "options": {"colour": "red"}})
    assert done.returncode != 0 and "no rule option 'colour'" in done.stderr


def test_a_bad_balance_is_refused_naming_the_field() -> None:
    bad = {**REQUEST, "state": {**REQUEST["state"], "treasury": {"ITALY": "ten"}}}
    done = adjudicate(bad, "--variant", "payola")
    assert done.returncode != 0
    assert "request.state.treasury.ITALY" in done.stderr


def _refused(state: dict) -> str:
    """Why ``judge adjudicate`` refuses REQUEST with these state fields (one line)."""
    with pytest.raises(RequestError) as caught:
        handle_request({**REQUEST, "state": {**REQUEST["state"], **state}}, "payola")
    return str(caught.value)


def test_5_5_a_negative_treasury_is_refused_naming_the_field() -> None:
    """5.5 "until no player would end up with a balance less than ... zero": no game reaches a balance below 0."""
    why = _refused({"treasury": {"ITALY": -5, "FRANCE": 8}})
    assert why.startswith("request.state.treasury.ITALY: expected a whole number from 0") and "\n" not in why


@pytest.mark.parametrize("accept, expected", [
    (["ITALY", "ITALY", "?"], "each power once"), (["ITALY", "FRANCE"], "every power, or some of them and '?'"),
    (["?", "?"], "at most one '?'"), ([], "at least one power or '?'"),
    (["ITALY", "FRANCE", "ITALY", "AUSTRIA", "ENGLAND", "GERMANY", "RUSSIA"], "each power once"),
])
def test_4_1_an_acceptance_list_that_cannot_exist_is_refused_naming_the_field(accept: list, expected: str) -> None:
    """4.1: "an ordered list of every power in the game", or some of them and "exactly one question-mark"."""
    why = _refused({"accept": {"ITALY": accept}})
    assert why.startswith("request.state.accept.ITALY: expected an acceptance list with") and expected in why
    assert handle_request({**REQUEST, "state": {**REQUEST["state"], "accept": {"ITALY": ["?"]}}}, "payola")


@pytest.mark.parametrize("module", [judge.reading.payola, judge.variants.payola.accounts, judge.variants.payola.codec,
                                    judge.variants.payola.cycles, judge.variants.payola.decision,
                                    judge.variants.payola.determination, judge.variants.payola.legal,
                                    judge.variants.payola.offers, judge.variants.payola.options,
                                    judge.variants.payola.overspending, judge.variants.payola.prepared,
                                    judge.variants.payola.ruleset])
def test_the_docstring_examples_hold(module) -> None:
    failed, tried = doctest.testmod(module)
    assert tried and not failed
