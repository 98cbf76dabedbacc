"""`judge poll` finds its configuration: --config, then $JUDGE_CONFIG, then ./judge.toml."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from judge.app.sandbox import Sandbox

ROOT = Path(__file__).resolve().parents[2]


def poll(cwd: Path, *args: str, config_env: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("JUDGE_CONFIG", None)
    env.pop("JUDGE_CRASH_AT", None)
    if config_env:
        env["JUDGE_CONFIG"] = config_env
    return subprocess.run([sys.executable, "-m", "judge", *args, "poll"], cwd=cwd, capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def test_the_config_comes_from_the_option_the_variable_or_the_current_folder(sandbox: Sandbox,
                                                                            tmp_path: Path) -> None:
    sandbox.send("a@example.org", "HELP")
    here = poll(sandbox.root)
    assert here.returncode == 0 and "1 mail read" in here.stdout
    sandbox.send("b@example.org", "HELP")
    by_variable = poll(tmp_path, config_env=str(sandbox.root / "judge.toml"))
    assert by_variable.returncode == 0 and "1 mail read" in by_variable.stdout
    sandbox.send("c@example.org", "HELP")
    by_option = poll(tmp_path, "--config", str(sandbox.root / "judge.toml"))
    assert by_option.returncode == 0 and "1 mail read" in by_option.stdout
    missing = poll(tmp_path)
    assert missing.returncode == 2 and "judge init" in missing.stderr
