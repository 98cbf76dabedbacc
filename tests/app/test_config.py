"""`judge init` writes a configuration that loads; the loader names what is wrong."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from judge.app.config import ConfigError, load_config
from judge.clock import FileClock

ROOT = Path(__file__).resolve().parents[2]


def judge(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "judge", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_init_writes_a_config_that_loads_with_the_spool_default(tmp_path: Path) -> None:
    done = judge("--config", str(tmp_path / "judge.toml"), "init", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    config = load_config(tmp_path / "judge.toml")
    assert config.data_dir == tmp_path / "data"
    assert config.mail.incoming == "spool" and config.mail.outgoing == "spool"
    assert config.clock_file is None
    again = judge("--config", str(tmp_path / "judge.toml"), "init", cwd=tmp_path)
    assert again.returncode == 1 and "exists" in again.stderr


def test_bad_values_are_named(tmp_path: Path) -> None:
    path = tmp_path / "judge.toml"
    path.write_text('[judge]\ntimezone = "Mars/Olympus"\n')
    with pytest.raises(ConfigError, match="Mars/Olympus"):
        load_config(path)
    path.write_text('[judge]\ncolour = "blue"\n')
    with pytest.raises(ConfigError, match="colour"):
        load_config(path)
    with pytest.raises(ConfigError, match="judge init"):
        load_config(tmp_path / "missing.toml")


def test_file_clock_moves_only_when_told(tmp_path: Path) -> None:
    start = datetime(2026, 3, 28, 12, 0, tzinfo=UTC)
    clock = FileClock(tmp_path / "clock", start)
    assert clock.now() == start
    assert clock.advance(timedelta(days=2)) == start + timedelta(days=2)
    assert FileClock(tmp_path / "clock").now() == start + timedelta(days=2)
