"""A judge as its operator meets it: several games in every state, played by mail through the spool.

``running`` waits for orders (France's are in), ``halted`` was paused by its
GM, ``drawn`` ended in a draw every power voted for (finished), ``forming``
waits for players.  The operator's commands are run as cron or a shell would
run them: ``python -m judge …`` in a subprocess.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from judge.app.sandbox import Sandbox
from tests.app.helpers import GM, POWERS, address, password

ROOT = Path(__file__).resolve().parents[2]
GM_PASSWORD = "gm-secret"
SETUP = "SET TIMING M next=48h hour=18:00\nSET GRACE 12h"   # a deadline at 18:00 two days on, 12 hours' grace


def judge(sandbox: Sandbox, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``judge --config <sandbox> args…`` as a separate process."""
    base = {key: value for key, value in os.environ.items() if not key.startswith("JUDGE_")}
    base.update({"PYTHONPATH": str(ROOT), "COLUMNS": "100", **(env or {})})
    return subprocess.run([sys.executable, "-m", "judge", "--config", str(sandbox.root / "judge.toml"), *args],
                          capture_output=True, text=True, env=base, timeout=300, check=False)


def create(sandbox: Sandbox, name: str, setup: str = "") -> None:
    sandbox.send(GM, f"CREATE {name} standard {GM_PASSWORD}\n{setup}", f"new game {name}")
    sandbox.poll()


def start(sandbox: Sandbox, name: str, setup: str = SETUP) -> None:
    """A standard game ``name`` created, joined by the seven powers and started."""
    create(sandbox, name, setup)
    for power in POWERS:
        sandbox.send(address(power), f"JOIN {name} {password(power)} AS {power}", f"join {name}")
    sandbox.poll()
    as_gm(sandbox, name, "START")


def as_gm(sandbox: Sandbox, name: str, lines: str) -> None:
    sandbox.send(GM, f"SIGNON M{name} {GM_PASSWORD}\n{lines}\n", f"gm {name}")
    sandbox.poll()


def as_power(sandbox: Sandbox, name: str, power: str, lines: str) -> None:
    """A mail from ``power`` of game ``name``, not yet polled."""
    sandbox.send(address(power), f"SIGNON {power[0]}{name} {password(power)}\n{lines}\n", f"orders {name}")


def several_games(sandbox: Sandbox) -> None:
    """running, halted, drawn and forming (see the module's docstring)."""
    start(sandbox, "running")
    start(sandbox, "halted")
    as_gm(sandbox, "halted", "PAUSE")
    start(sandbox, "drawn")
    for power in POWERS:
        as_power(sandbox, "drawn", power, "SET DRAW")
    sandbox.poll()
    create(sandbox, "forming")
    as_power(sandbox, "running", "France", "A PAR - BUR\nA MAR H\nF BRE H")
    sandbox.poll()
    assert {g.name: g.status for g in sandbox.store.games()} == {
        "drawn": "finished", "forming": "forming", "halted": "paused", "running": "active"}


def secrets_of(sandbox: Sandbox) -> list[str]:
    """What no operator's view may show: the passwords, their hashes, the players' addresses."""
    found = [GM_PASSWORD, "scrypt$", *(password(p) for p in POWERS), *(address(p) for p in POWERS)]
    for game in sandbox.store.games():
        found += [p.password_hash for p in game.players] + [game.gm_password_hash]
    return found


def fingerprint(*folders: Path) -> dict[str, tuple[int, int, int, str]]:
    """Every file and folder under ``folders``: mode, size, mtime and the content's digest (folders: '')."""
    seen: dict[str, tuple[int, int, int, str]] = {}
    for folder in folders:
        for path in sorted([folder, *folder.rglob("*")]):
            info = path.lstat()
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""
            seen[str(path)] = (info.st_mode, info.st_size if path.is_file() else 0, info.st_mtime_ns, digest)
    return seen
