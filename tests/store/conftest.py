"""Fixtures for the store tests: a store in a temp dir, with a clock the test sets."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.store import Store
from tests.store.helpers import ManualClock


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def store(tmp_path: Path, clock: ManualClock) -> Store:
    return Store(tmp_path / "data", clock=clock)
