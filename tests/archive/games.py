"""Games for the archive tests, played by mail on a sandbox judge, and ``judge`` run on them as a subprocess."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from judge.app.cli import main
from judge.app.demo import load_script
from judge.app.sandbox import Sandbox

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class PlayedGame:
    sandbox: Sandbox
    name: str
    variant: str

    @property
    def config(self) -> Path:
        return self.sandbox.root / "judge.toml"

    def judge(self, *args: str) -> subprocess.CompletedProcess[str]:
        """``judge --config <this judge> args…``, in this process (the CLI's own ``main``)."""
        return judge_here("--config", str(self.config), *args)

    def archive_file(self, phase: str) -> Path:
        return self.sandbox.config.data_dir / "archive" / self.name / f"{phase}.txt"


def judge_here(*args: str) -> subprocess.CompletedProcess[str]:
    """``judge args…`` through :func:`judge.app.cli.main`, its output caught: as a subprocess would see it."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(["judge", *args], code, out.getvalue(), err.getvalue())


def run_judge(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m judge args…`` in a subprocess, as a GM or cron runs it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "judge", *args], capture_output=True, text=True, env=env,
                          timeout=120, check=False)


def play_demo(root: Path, variant: str) -> PlayedGame:
    script = load_script(variant)
    sandbox = Sandbox.create(root, password_cost=8)
    script.play(sandbox)
    return PlayedGame(sandbox, script.game, variant)


def play_decided_v3(root: Path) -> PlayedGame:
    """Version 3: the GM sets the ballot during Spring 1615 and a player broadcasts, then four phases are played."""
    script = load_script("europe1615-v3")
    sandbox = Sandbox.create(root, password_cost=8)
    script.set_up(sandbox)
    sandbox.send(script.gm, f"SIGNON M{script.game} gm-secret\nGM BALLOT wallenstein, Catholic League, Polish\n", "gm")
    script.send_as(sandbox, "France", "BROADCAST\nVive le roi: France keeps the peace this spring.\nENDPRESS")
    sandbox.poll()
    for phase, orders in script.phases[:4]:
        script.play_phase(sandbox, phase, orders)
    return PlayedGame(sandbox, script.game, "europe1615-v3")


def play_script(sandbox: Sandbox, variant: str, gm_lines: str = "") -> PlayedGame:
    """A demo game played on ``sandbox`` (one judge may hold several), the GM's ``gm_lines`` mailed after START;
    the phases are played until the script ends or the game does."""
    script = load_script(variant)
    script.set_up(sandbox)
    if gm_lines:
        sandbox.send(script.gm, f"SIGNON M{script.game} gm-secret\n{gm_lines}\n", "gm")
        sandbox.poll()
    for phase, orders in script.phases:
        if sandbox.store.load_game(script.game).status != "active":
            break
        script.play_phase(sandbox, phase, orders)
    return PlayedGame(sandbox, script.game, variant)
