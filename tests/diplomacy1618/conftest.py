"""A throwaway judge per mail test (judge.app.sandbox): spool mail, a test clock, cheap password hashes."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox


@pytest.fixture
def sandbox(tmp_path: Path) -> Sandbox:
    return Sandbox.create(tmp_path / "judge", password_cost=8)
