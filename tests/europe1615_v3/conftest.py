"""Fixtures of the Version 3 tests played by mail."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox


@pytest.fixture
def started_v3(tmp_path: Path) -> Sandbox:
    """A sandbox judge with the v3 demo game set up (five players, the auction, START), its mail read."""
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    load_script("europe1615-v3").set_up(sandbox)
    sandbox.new_mail()
    return sandbox
