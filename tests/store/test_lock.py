"""The poll lock: one poll at a time, across processes, freed when the holder dies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from judge.store import PollBusy, Store

ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import sys
from judge.store import Store
with Store(sys.argv[1]).poll_lock():
    print("locked", flush=True)
    sys.stdin.readline()
"""

TRY = """
import sys
from judge.store import PollBusy, Store
try:
    with Store(sys.argv[1]).poll_lock():
        print("got it")
except PollBusy:
    print("busy")
"""


def run(code: str, data: Path, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", code, str(data)], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, **kwargs)


def hold(data: Path) -> subprocess.Popen:
    holder = run(HOLDER, data, stdin=subprocess.PIPE)
    assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
    return holder


def try_lock(data: Path) -> str:
    return run(TRY, data).communicate(timeout=30)[0].strip()


def test_a_second_poll_is_refused_while_one_holds_the_lock(tmp_path: Path) -> None:
    holder = hold(tmp_path)
    try:
        assert try_lock(tmp_path) == "busy"
        with pytest.raises(PollBusy), Store(tmp_path).poll_lock():
            pass
    finally:
        holder.communicate("\n", timeout=30)
    assert try_lock(tmp_path) == "got it"
    with Store(tmp_path).poll_lock():
        assert try_lock(tmp_path) == "busy"
    assert (tmp_path / "poll.lock").exists()  # never deleted


def test_the_lock_of_a_killed_poll_is_free(tmp_path: Path) -> None:
    holder = hold(tmp_path)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert try_lock(tmp_path) == "got it"


def test_the_lock_is_released_when_the_poll_raises(tmp_path: Path) -> None:
    store = Store(tmp_path)
    with pytest.raises(RuntimeError), store.poll_lock():
        raise RuntimeError("poll failed")
    with store.poll_lock():
        pass
