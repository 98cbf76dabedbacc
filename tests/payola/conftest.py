"""Shared helpers for the Payola tests: the variant, a position, a sheet from text lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from judge.app.sandbox import Sandbox
from judge.engine.orders import Unit
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.reading.payola import PayolaLines
from judge.variants import load_variant
from judge.variants.payola.determination import Determination, determine
from judge.variants.payola.offers import Accept


@pytest.fixture(scope="session")
def payola() -> Variant:
    return load_variant("payola")


def position(units: Mapping[str, Sequence[str]], phase: str = "S1901M") -> GameState:
    """A position from ``{"ITALY": ["F NAP", "A VEN"]}``."""
    return GameState(Phase.parse(phase), {p: [Unit.parse(u) for u in us] for p, us in units.items()})


def sheet(variant: Variant, *lines: str) -> list[Any]:
    reader = PayolaLines(variant.map, variant.ruleset)
    return [v for v in (reader.read(line) for line in lines) if v is not None]


def run(variant: Variant, state: GameState, sheets: Mapping[str, Sequence[str]], balances: Mapping[str, int],
        accept: Mapping[str, str] | None = None, seed: str = "s", dummies: Sequence[str] = (),
        hooks: Any = None, **rules: bool) -> Determination:
    """Order determination on text sheets; ``accept`` as ACCEPT letters (``"IFA?"``); ``rules``: section-6 switches."""
    reader = PayolaLines(variant.map, variant.ruleset)
    lists = {p: reader.read(f"ACCEPT {letters}") for p, letters in (accept or {}).items()}
    assert all(isinstance(v, Accept) for v in lists.values())
    return determine(variant.map, hooks or variant.ruleset, state,
                     {p: sheet(variant, *lines) for p, lines in sheets.items()}, balances, lists, seed, dummies,
                     **rules)


def order_of(done: Determination, unit: str) -> str:
    return next(d.order for d in done.decisions if d.unit == unit)


@pytest.fixture
def sandbox(tmp_path: Path) -> Sandbox:
    """A throwaway judge (spool mail, a test clock, cheap password hashes), as in tests/app."""
    return Sandbox.create(tmp_path / "judge", password_cost=8)
