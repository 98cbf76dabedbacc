"""Positions and orders on the Diplomacy 1618 map, written as a player would write them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine import GameState, Phase, Unit, Variant, adjudicate
from judge.engine.results import PhaseOutcome
from judge.reading.order_reader import parse_order
from judge.variants import load_variant


def variant(**overrides: Any) -> Variant:
    return load_variant("diplomacy1618", overrides)


def opening(game: Variant | None = None) -> GameState:
    return (game or variant()).ruleset.initial_state()


def position(phase: str, units: Mapping[str, Sequence[str]], centers: Mapping[str, Sequence[str]] | None = None,
             **extra: Any) -> GameState:
    """A position: units ``{"AUSTRIA": ["A VIE"]}``; centres the opening's unless given."""
    owned = {p: set(cs) for p, cs in centers.items()} if centers is not None else opening().centers
    return GameState(Phase.parse(phase), {p: [Unit.parse(u) for u in us] for p, us in units.items()}, owned,
                     [], dict(extra))


def play(state: GameState, orders: Mapping[str, Sequence[str]] | None = None,
         game: Variant | None = None) -> PhaseOutcome:
    game = game or variant()
    kind = state.phase.kind
    parsed = {p: [parse_order(line, game.map, kind) for line in lines] for p, lines in (orders or {}).items()}
    return adjudicate(game, state, parsed)


def where(state: GameState) -> dict[str, list[str]]:
    return {p: sorted(str(u) for u in us) for p, us in state.units.items() if us}
