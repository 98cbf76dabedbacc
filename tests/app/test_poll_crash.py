"""A poll killed at each step, then run again (issue 3, point 8).

``judge poll`` runs in a subprocess with ``JUDGE_CRASH_AT`` naming a crash
point (``judge/crash.py``): the process ``os._exit``s there, as a ``kill -9``
would.  The next poll must lose no mail and no order, play no phase twice,
and send nothing twice, except the one mail whose sending was cut off between
the transport's acceptance and its record (``send:sent``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from judge.crash import EXIT_CODE, POINTS
from judge.store import Store
from tests.app.helpers import GAME, POWERS, address, hold_all, send_as, start_game

ROOT = Path(__file__).resolve().parents[2]


def judge_poll(sandbox: Sandbox, crash: str | None = None, *options: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("JUDGE_CRASH_AT", None)
    if crash:
        env["JUDGE_CRASH_AT"] = crash
    return subprocess.run([sys.executable, "-m", "judge", "--config", str(sandbox.root / "judge.toml"), "poll",
                           *options], capture_output=True, text=True, env=env, timeout=120, check=False)


def prepare(sandbox: Sandbox) -> None:
    """A started game whose S1901M orders all arrive in one poll, plus a HELP from a stranger."""
    start_game(sandbox)
    orders = hold_all(sandbox)
    orders["France"] = "A PAR - BUR\nA MAR - SPA\nF BRE - MAO"
    for power in POWERS:
        send_as(sandbox, power, orders[power])
    sandbox.send("stranger@example.org", "HELP")


def outcome(sandbox: Sandbox) -> Counter[tuple[str, str, str]]:
    """Every mail sent since the game started, as (to, subject, body) with its count."""
    return Counter((str(m.message["To"]), str(m.message["Subject"]), sandbox.text(m)) for m in sandbox.new_mail())


@pytest.fixture(scope="module")
def clean_run(tmp_path_factory: pytest.TempPathFactory) -> Counter[tuple[str, str, str]]:
    sandbox = Sandbox.create(tmp_path_factory.mktemp("clean") / "judge", password_cost=8)
    prepare(sandbox)
    done = judge_poll(sandbox)
    assert done.returncode == 0, done.stderr
    return outcome(sandbox)


CASES = [f"{point}:1" for point in POINTS] + ["mail:saved:2", "mail:processed:5", "send:sent:5", "send:marked:12"]


@pytest.mark.parametrize("crash", CASES)
def test_a_poll_killed_anywhere_loses_nothing_and_repeats_nothing(
        sandbox: Sandbox, clean_run: Counter[tuple[str, str, str]], crash: str) -> None:
    prepare(sandbox)
    killed = judge_poll(sandbox, crash)
    assert killed.returncode == EXIT_CODE, killed.stderr
    assert f"crash injected at {crash.rsplit(':', 1)[0]}" in killed.stderr
    again = judge_poll(sandbox)
    assert again.returncode == 0, again.stderr
    store = Store(sandbox.config.data_dir)
    assert store.phase_names(GAME) == ["S1901M"]                      # played once
    record = store.phase_record(GAME, "S1901M")
    assert record is not None and sorted(record.orders) == sorted(p.upper() for p in POWERS)  # no order lost
    assert "A PAR - BUR" in [o.line for o in record.orders["FRANCE"]]
    assert store.load_game(GAME).state["phase"] == "F1901M"
    assert list((sandbox.spool / "inbox" / "new").iterdir()) == []   # every mail processed
    assert store.pending_mail() == []
    sent = outcome(sandbox)
    assert set(sent) == set(clean_run)                                # every mail sent, none made up
    extra = sent - clean_run
    if crash.startswith("send:sent"):
        assert sum(extra.values()) == 1                              # the one cut off after acceptance
    else:
        assert not extra


def test_a_second_poll_exits_quietly_while_one_runs(sandbox: Sandbox) -> None:
    sandbox.send(address("France"), "HELP")
    with sandbox.store.poll_lock():
        busy = judge_poll(sandbox)
        told = judge_poll(sandbox, None, "-v")
    assert busy.returncode == 0 and busy.stdout == busy.stderr == ""   # cron's log gets no line a minute
    assert told.returncode == 0 and "another poll is running" in told.stdout
    assert len(list((sandbox.spool / "inbox" / "new").iterdir())) == 1  # left for the next tick
    done = judge_poll(sandbox)
    assert done.returncode == 0 and "1 mail read" in done.stdout
