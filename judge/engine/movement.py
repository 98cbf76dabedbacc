"""The movement phase: strengths, decisions, and what the board looks like afterwards.

Decisions are numbered: ``i`` is piece i's move or support, ``n + i`` the
convoy route of piece i.  Strengths follow DATC 5.B (attack, hold, defend,
prevent), with the ruleset deciding unit strength and who may dislodge whom.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.assignment import assign
from judge.engine.convoys import sea_graph
from judge.engine.movement_orders import HOLD, MOVE, SUPPORT, OrderCheck, Piece
from judge.engine.movement_report import report
from judge.engine.orders import AnyOrder
from judge.engine.resolver import Resolver
from judge.engine.results import PhaseOutcome
from judge.engine.state import GameState
from judge.engine.variant import Variant


class Movement:
    """One movement phase being adjudicated."""

    def __init__(self, variant: Variant, state: GameState) -> None:
        self.board, self.ruleset, self.state = variant.map, variant.ruleset, state
        self.pieces: list[Piece] = []
        self.at: dict[str, int] = {}
        province_of, strength = self.board.province_of, self.ruleset.unit_strength
        pieces, at = self.pieces, self.at
        for power, units in state.units.items():
            for unit in units:
                province = province_of(unit.location)
                at[province] = index = len(pieces)
                pieces.append(Piece(index, power, unit, province, None, HOLD, strength(state, power, unit)))
        self.moves_to: dict[str, list[int]] = {}
        self.opposed: list[int] = []
        self.resolver = Resolver(2 * len(self.pieces), self._adjudicate, self._backup)
        self.seas = sea_graph(self.board)

    def run(self, orders: Mapping[str, Sequence[AnyOrder]]) -> PhaseOutcome:
        assignment = assign(self.board, self.ruleset, self.state, {p.province: p for p in self.pieces}, orders)
        for province, order in assignment.orders.items():
            self.pieces[self.at[province]].order = order
        OrderCheck(self.board, self.ruleset, self.state, self.pieces, self.at).run()
        self._index_moves()
        for piece in self.pieces:
            if piece.kind in (MOVE, SUPPORT):
                self.resolver.resolve(piece.index)
        outcome = report(self, assignment.void)
        self.resolver.forget()  # its callbacks hold this phase: let it go without the cycle collector
        return outcome

    def _index_moves(self) -> None:
        n = len(self.pieces)
        self.opposed = [-1] * n
        for piece in self.pieces:
            if piece.kind == MOVE and not piece.no_route:
                self.moves_to.setdefault(piece.dest, []).append(piece.index)
        for piece in self.pieces:
            if piece.kind != MOVE or piece.convoyed:
                continue
            other = self.at.get(piece.dest)
            if other is not None:
                rival = self.pieces[other]
                if rival.kind == MOVE and rival.dest == piece.province and not rival.convoyed:
                    self.opposed[piece.index] = other

    # -- decisions -------------------------------------------------------------
    def succeeds(self, index: int) -> bool:
        return self.resolver.resolve(index)

    def route_open(self, index: int) -> bool:
        piece = self.pieces[index]
        if not piece.convoyed:
            return True
        if piece.no_route:
            return False
        return self.resolver.resolve(len(self.pieces) + index)

    def _adjudicate(self, decision: int) -> bool:
        n = len(self.pieces)
        if decision >= n:
            return self._route(self.pieces[decision - n])
        piece = self.pieces[decision]
        return self._move(piece) if piece.kind == MOVE else self._support(piece)

    def _route(self, army: Piece) -> bool:
        intact = {self.pieces[f].province for f in army.fleets if not self.dislodged(f)}
        return self.seas.route_through(army.province, army.dest, intact)

    def dislodged(self, index: int) -> bool:
        """A unit that stays is dislodged when any move into its province succeeds."""
        piece = self.pieces[index]
        if piece.kind == MOVE and self.succeeds(index):
            return False
        return any(self.succeeds(m) for m in self.moves_to.get(piece.province, ()))

    def _move(self, piece: Piece) -> bool:
        if piece.only_dislodge and self._vacated(piece.dest):
            return False  # the province was open only to an attack on the unit that left it
        attack = self.attack_strength(piece)
        if attack == 0:
            return False
        rival = self.opposed[piece.index]
        if rival >= 0:
            if attack <= self.support_total(self.pieces[rival], self.pieces[rival].strength):
                return False
        elif attack <= self.hold_strength(piece.dest):
            return False
        for other in self.moves_to.get(piece.dest, ()):
            if other != piece.index and attack <= self.prevent_strength(other):
                return False
        return True

    def _vacated(self, province: str) -> bool:
        occupant = self.at.get(province)
        return occupant is None or (self.pieces[occupant].kind == MOVE and self.succeeds(occupant))

    def _support(self, piece: Piece) -> bool:
        for attacker in self.moves_to.get(piece.province, ()):
            raider = self.pieces[attacker]
            if raider.province == piece.dest:
                if self.succeeds(attacker):
                    return False  # dislodged by the unit it supports against
                continue
            if raider.power == piece.power:
                continue
            if self.route_open(attacker):
                return False
        return True

    # -- strengths --------------------------------------------------------------
    def support_total(self, piece: Piece, base: int, victim: Piece | None = None) -> int:
        total = base
        for s in piece.supports:
            helper = self.pieces[s]
            if victim is not None and not self.ruleset.may_dislodge(
                    self.state, helper.power, victim.power, victim.unit):
                continue
            if self.succeeds(s):
                total += helper.strength
        return total

    def attack_strength(self, piece: Piece) -> int:
        if not self.route_open(piece.index):
            return 0
        occupant = self.at.get(piece.dest)
        if occupant is None:
            return self.support_total(piece, piece.strength)
        defender = self.pieces[occupant]
        if (defender.kind == MOVE and self.opposed[piece.index] != occupant
                and self.succeeds(occupant)):
            return self.support_total(piece, piece.strength)
        victim = defender
        if not self.ruleset.may_dislodge(self.state, piece.power, victim.power, victim.unit):
            return 0
        return self.support_total(piece, piece.strength, victim)

    def hold_strength(self, province: str) -> int:
        occupant = self.at.get(province)
        if occupant is None:
            return 0
        piece = self.pieces[occupant]
        if piece.kind == MOVE:
            return 0 if self.succeeds(occupant) else piece.strength
        return self.support_total(piece, piece.strength)

    def prevent_strength(self, index: int) -> int:
        piece = self.pieces[index]
        if not self.route_open(index):
            return 0
        rival = self.opposed[index]
        if rival >= 0 and self.succeeds(rival):
            return 0
        return self.support_total(piece, piece.strength)

    # -- paradoxes ---------------------------------------------------------------
    def _backup(self, cycle: list[int]) -> dict[int, bool]:
        """Szykman rule for convoy paradoxes (the routes fail); otherwise a circular movement (all moves succeed)."""
        n = len(self.pieces)
        routes = [d for d in cycle if d >= n]
        if routes:
            return {d: False for d in routes}
        return {d: True for d in cycle if self.pieces[d].kind == MOVE}


def adjudicate_movement(variant: Variant, state: GameState,
                        orders: Mapping[str, Sequence[AnyOrder]]) -> PhaseOutcome:
    return Movement(variant, state).run(orders)

