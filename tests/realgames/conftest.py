"""Tests of the real games need ``../shared/realgames/``: without it they skip, saying so."""

from __future__ import annotations

import pytest

from tests.realgames.corpus import corpus_dir


@pytest.fixture(autouse=True)
def _needs_the_corpus() -> None:
    if not (corpus_dir() / "droidippy_games.tar.xz").is_file():
        pytest.skip(f"the real games corpus is not at {corpus_dir()} (../shared/realgames beside the repository)")
