"""Shared set-ups of the Europe 1615 Payola tests: the two editions and a game at its first phase."""

from __future__ import annotations

from judge.engine.geography import Map
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.variants import load_variant
from judge.variants.europe1615_payola.ruleset import Europe1615Payola
from judge.variants.europe1615_payola.world import Game

MARCH, APRIL = "europe1615-2013-03", "europe1615-2013-04"
EDITIONS = (MARCH, APRIL)


def variant(edition: str, **overrides: object) -> Variant:
    return load_variant(edition, overrides)


def ruleset(edition: str, **overrides: object) -> Europe1615Payola:
    made = variant(edition, **overrides).ruleset
    assert isinstance(made, Europe1615Payola)
    return made


def board(edition: str) -> Map:
    return load_variant(edition).map


def game(edition: str, **overrides: object) -> Game:
    return ruleset(edition, **overrides).game


def start(edition: str, seed: str = "test-seed", **overrides: object) -> GameState:
    """The opening position (Influence phase of 1615) with a recorded seed, as START leaves it."""
    state = ruleset(edition, **overrides).initial_state()
    state.extra["seed"] = seed
    return state
