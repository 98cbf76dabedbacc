"""After resolution: one result per order, the dislodged units and where they may retreat."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from judge.engine.geography import Map
from judge.engine.movement_orders import CONVOY, MOVE, SUPPORT, Piece
from judge.engine.orders import ARMY, Unit
from judge.engine.results import (BOUNCE, CUT, DISLODGED, DISRUPTED, NO_CONVOY, OK, VOID, ImpliedHold, OrderResult,
                                  PhaseOutcome)
from judge.engine.ruleset import Ruleset
from judge.engine.state import Dislodged, GameState


class Resolved(Protocol):
    """What the report reads from a resolved movement phase (``judge.engine.movement.Movement``).

    Named here so the report depends on nothing above it: the resolver imports the report, not the other way.
    """

    board: Map
    ruleset: Ruleset
    state: GameState
    pieces: list[Piece]
    moves_to: dict[str, list[int]]
    opposed: list[int]

    def succeeds(self, index: int) -> bool: ...

    def route_open(self, index: int) -> bool: ...


def report(movement: Resolved, void: list[OrderResult]) -> PhaseOutcome:
    pieces = movement.pieces
    moved = [p.kind == MOVE and movement.succeeds(p.index) for p in pieces]
    winner = _dislodgers(movement, moved)
    units: dict[str, list[Unit]] = {power: [] for power in movement.state.units}
    for piece in pieces:
        if winner[piece.index] < 0:
            unit = piece.unit
            units[piece.power].append(Unit(unit.type, piece.dest_loc) if moved[piece.index] else unit)
    occupied = {p.dest if moved[p.index] else p.province for p in pieces if winner[p.index] < 0}
    contested = _standoffs(movement, moved, occupied)
    results = [_result(movement, p, moved[p.index], winner[p.index]) for p in pieces]
    dislodged = [_retreats(movement, p, pieces[winner[p.index]], occupied | contested)
                 for p in pieces if winner[p.index] >= 0]
    dislodged = [d if movement.ruleset.may_retreat(movement.state, d.power, d.unit) else replace(d, retreats=())
                 for d in dislodged]  # disbanded at once: no place to offer, in the outcome as in the state
    state = movement.state.with_units(units)
    state.dislodged = [d for d in dislodged if d.retreats]
    return PhaseOutcome(state, results + void, dislodged)


def _dislodgers(movement: Resolved, moved: list[bool]) -> list[int]:
    winner = [-1] * len(movement.pieces)
    for piece in movement.pieces:
        if moved[piece.index]:
            continue
        for attacker in movement.moves_to.get(piece.province, ()):
            if moved[attacker]:
                winner[piece.index] = attacker
    return winner


def _standoffs(movement: Resolved, moved: list[bool], occupied: set[str]) -> set[str]:
    """Provinces left empty by a bounce: no unit may retreat there."""
    contested = set()
    for province, movers in movement.moves_to.items():
        if province in occupied:
            continue
        for m in movers:
            rival = movement.opposed[m]
            if not moved[m] and movement.route_open(m) and not (rival >= 0 and moved[rival]):
                contested.add(province)
    return contested


def _result(movement: Resolved, piece: Piece, moved: bool, winner: int) -> OrderResult:
    unit = piece.unit
    text = piece.order if piece.order is not None else ImpliedHold(unit)
    note = "" if piece.order is not None else "no order: holds"
    if piece.void:
        note = f"order void: {piece.void}"
    if winner >= 0:
        attacker = movement.pieces[winner]
        outcome, why = DISLODGED, f"dislodged by {attacker.unit} from {attacker.province}"
        note = f"{note}; {why}" if note else why
    elif piece.void:
        outcome = VOID
    elif piece.no_route:
        outcome = NO_CONVOY
    elif piece.kind == MOVE:
        outcome = _move_outcome(movement, piece, moved)
    elif piece.kind == SUPPORT:
        outcome = OK if movement.succeeds(piece.index) else CUT
    elif piece.kind == CONVOY:
        # The fleet carried nothing if the army's route failed (paradox rule, or a broken chain).
        army = movement.pieces[piece.target]
        outcome = _move_outcome(movement, army, False) if army.no_route or not movement.route_open(army.index) else OK
    else:
        outcome = OK
    return OrderResult(piece.power, unit, text, outcome, note)


def _move_outcome(movement: Resolved, piece: Piece, moved: bool) -> str:
    if moved:
        return OK
    if piece.no_route:
        return NO_CONVOY
    if piece.convoyed and not movement.route_open(piece.index):
        return DISRUPTED
    return BOUNCE


def _retreats(movement: Resolved, piece: Piece, attacker: Piece, closed: set[str]) -> Dislodged:
    board, unit = movement.board, piece.unit
    if unit.type == ARMY:
        options = sorted(board.army_adjacency.get(piece.province, ()))
    else:
        options = sorted(board.fleet_adjacency.get(unit.location, ()))
    came_from = None if attacker.convoyed else attacker.province
    allowed = tuple(
        loc for loc in options
        if board.province_of(loc) not in closed and board.province_of(loc) != came_from
        and movement.ruleset.may_enter(movement.state, piece.power, unit, board.province_of(loc)))
    return Dislodged(piece.power, unit, attacker.province, allowed)



