"""Before resolution: is each movement order legal, and does it match what it supports or convoys.

DATC terms: an order is *illegal* when it could not be valid whatever the
others order (the unit then holds); a support or convoy is *void* when the
unit it names does something else.  Both report ``void``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.convoys import SeaGraph, sea_graph
from judge.engine.geography import Map
from judge.engine.orders import ARMY, FLEET, Convoy, Hold, Move, Order, Support, Unit
from judge.engine.ruleset import Ruleset
from judge.engine.state import GameState

HOLD, MOVE, SUPPORT, CONVOY = 0, 1, 2, 3


@dataclass(slots=True)
class Piece:
    """One unit during a movement phase, with its order reduced to what resolution needs."""

    index: int
    power: str
    unit: Unit
    province: str
    order: Order | None
    kind: int = HOLD
    strength: int = 1
    dest: str = ""            # province moved to, or supported into
    dest_loc: str = ""        # exact location moved to (coast for fleets)
    convoyed: bool = False
    no_route: bool = False    # convoyed, but no complete route was ordered
    only_dislodge: bool = False  # may not enter dest if its unit leaves (Ruleset.may_enter_vacated)
    target: int = -1          # supported or convoyed piece
    fleets: list[int] = field(default_factory=list)    # convoy fleets carrying this army
    supports: list[int] = field(default_factory=list)  # pieces whose support matches
    void: str = ""            # why the order was disregarded


class OrderCheck:
    """Legality and matching of a movement phase's orders, against one board and ruleset."""

    def __init__(self, board: Map, ruleset: Ruleset, state: GameState, pieces: list[Piece],
                 at: dict[str, int]) -> None:
        self.board, self.ruleset, self.state = board, ruleset, state
        self.pieces, self.at = pieces, at
        readings = ruleset.readings  # the game's reading of DATC 4.A.3 (judge/engine/readings.py)
        self.fallback, self.intent = readings.via_fallback, readings.adjacent_convoy == "intent"
        self.seas: SeaGraph = sea_graph(board)
        # DATC 4.E.1: a convoyed move is legal only if fleets stand where a route could run.
        seas = self.seas.sea_links  # keyed by every sea province
        self.fleet_seas = frozenset(p.province for p in pieces if p.province in seas and p.unit.type == FLEET)
        # What the fleets at sea could do is asked once per army and goal: a chain's fleets all ask it.
        self._routes: dict[tuple[str, str], bool] = {}
        self._useful: dict[tuple[str, str], frozenset[str]] = {}

    def run(self) -> None:
        for piece in self.pieces:
            if piece.order is not None:
                problem = self._legal(piece, piece.order)
                if problem:
                    self._disregard(piece, problem)
        self._convoy_intent()
        for piece in self.pieces:
            if piece.kind == CONVOY:
                self._match_convoy(piece)
        for piece in self.pieces:
            if piece.convoyed and not self.seas.route_through(
                    piece.province, piece.dest, {self.pieces[f].province for f in piece.fleets}):
                if self.fallback and self.board.army_can_move(piece.province, piece.dest):
                    self._by_land(piece)
                    continue
                # Still a move (DATC 6.D.8): it fails, and cannot be supported to hold.
                piece.no_route = True
        for piece in self.pieces:
            if piece.kind == SUPPORT:
                self._match_support(piece)

    def _by_land(self, piece: Piece) -> None:
        """DATC v2's reading of 4.A.3 (``via_fallback``): no route was ordered, so the army goes by land."""
        for index in piece.fleets:
            self._disregard(self.pieces[index], f"{piece.unit} goes by land: no convoy route was ordered")
        piece.convoyed, piece.fleets = False, []

    def problem(self, piece: Piece, order: Order) -> str:
        """Why ``order`` given to ``piece`` is illegal whatever the others order ("" if it is legal)."""
        return self._legal(piece, order)

    def _disregard(self, piece: Piece, why: str) -> None:
        piece.kind, piece.void, piece.target, piece.dest = HOLD, why, -1, ""
        piece.only_dislodge = False

    # -- legality -----------------------------------------------------------
    def _legal(self, piece: Piece, order: Order) -> str:
        if isinstance(order, Hold):
            return ""
        if isinstance(order, Move):
            return self._legal_move(piece, order)
        if isinstance(order, Support):
            return self._legal_support(piece, order)
        if isinstance(order, Convoy):
            return self._legal_convoy(piece, order)
        return f"{type(order).__name__.lower()} is not a movement order"

    def _legal_move(self, piece: Piece, order: Move) -> str:
        board, unit = self.board, piece.unit
        dest = board.province_of_or_none(order.target)
        if dest is None:
            return f"unknown destination {order.target}"
        if dest == piece.province:
            return "a unit cannot move to the province it is in"
        if not self.ruleset.may_enter(self.state, piece.power, unit, dest):
            why = self.ruleset.entry_refusal(self.state, piece.power, unit, dest)
            return f"{dest} may not be entered" + (f" ({why})" if why else "")
        piece.kind, piece.dest = MOVE, dest
        piece.only_dislodge = not self.ruleset.may_enter_vacated(self.state, piece.power, unit, dest)
        if unit.type == ARMY:
            return self._legal_army_move(piece, order, dest)
        return self._legal_fleet_move(piece, order, dest)

    def _legal_army_move(self, piece: Piece, order: Move, dest: str) -> str:
        piece.dest_loc = dest
        if self.board.army_can_move(piece.province, dest):
            piece.convoyed = order.via_convoy and self._sea_route(piece.province, dest)
            return ""
        if self._sea_route(piece.province, dest):
            piece.convoyed = True
            return ""
        return f"{piece.unit} cannot reach {dest}"

    def _sea_route(self, source: str, dest: str) -> bool:
        """Whether the fleets standing at sea could carry an army from source to dest."""
        if not self.fleet_seas:
            return False
        found = self._routes.get((source, dest))
        if found is None:
            found = self._routes[source, dest] = self.seas.route_through(source, dest, self.fleet_seas)
        return found

    def _legal_fleet_move(self, piece: Piece, order: Move, dest: str) -> str:
        loc = piece.unit.location
        if "/" in order.target:
            if self.board.fleet_can_move(loc, order.target):
                piece.dest_loc = order.target
                return ""
            return f"{piece.unit} cannot reach {order.target}"
        implied = self.board.implied_coast(loc, dest)
        if implied is not None:
            piece.dest_loc = implied
            return ""
        options = self.board.fleet_targets(loc, dest)
        if len(options) == 1:
            return f"{dest}: a fleet must name the coast it moves to ({options[0]})"
        if options:
            return f"{dest} has several coasts the fleet could reach: name one ({', '.join(options)})"
        return f"{piece.unit} cannot reach {dest}"

    def _legal_support(self, piece: Piece, order: Support) -> str:
        board, unit = self.board, piece.unit
        supported = board.province_of_or_none(order.supported)
        if supported is None:
            return f"unknown province {order.supported}"
        other = self.at.get(supported)
        if other is None:
            return f"there is no unit in {supported} to support"
        if supported == piece.province:
            return "a unit cannot support itself"
        helped = self.pieces[other]
        into = supported
        if order.destination is not None:
            target = board.province_of_or_none(order.destination)
            if target is None:
                return f"unknown province {order.destination}"
            into = target
            if into == piece.province:
                return "a unit cannot support a move into its own province"
            if into == supported or not self._could_move(helped, into, piece.province):
                return f"{helped.unit} cannot move to {into}"
        if not self.ruleset.may_support(self.state, piece.power, unit, helped.power, helped.unit,
                                        into if order.destination is not None else None):
            return f"{unit} may not support {helped.unit}" + (f" into {into}" if order.destination else "")
        if not board.can_reach_province(unit.type, unit.location, into):
            return f"{unit} cannot reach {into}, so it cannot support there"
        piece.kind, piece.target = SUPPORT, other
        piece.dest = into if order.destination is not None else ""
        piece.dest_loc = order.destination if order.destination and "/" in order.destination else ""
        return ""

    def _could_move(self, placed: Piece, province: str, supporter: str) -> bool:
        """Whether the supported unit could get there; a fleet cannot both support and convoy."""
        unit = placed.unit
        if unit.type == FLEET:
            return bool(self.board.fleet_targets(unit.location, province))
        return (self.board.army_can_move(placed.province, province)
                or self.seas.route_through(placed.province, province, self.fleet_seas - {supporter}))

    def _legal_convoy(self, piece: Piece, order: Convoy) -> str:
        board, unit = self.board, piece.unit
        if unit.type != FLEET or piece.province not in self.seas.sea_links:
            return "only a fleet at sea can convoy"
        source, dest = board.province_of_or_none(order.army), board.province_of_or_none(order.destination)
        if source is None or dest is None:
            return "unknown province in the convoy order"
        other = self.at.get(source)
        if other is None or self.pieces[other].unit.type != ARMY:
            return f"there is no army in {source} to convoy"
        useful = self._useful.get((source, dest))
        if useful is None:
            useful = self._useful[source, dest] = self.seas.useful_fleets(source, dest, self.fleet_seas)
        if source == dest or piece.province not in useful:
            return f"{piece.province} is on no sea route from {source} to {dest}"
        army = self.pieces[other]
        if not self.ruleset.may_convoy(self.state, piece.power, unit, army.power, army.unit, dest):
            return f"{unit} may not convoy {army.unit} into {dest}"
        piece.kind, piece.target, piece.dest = CONVOY, other, dest
        return ""

    # -- matching -------------------------------------------------------------
    def _convoy_intent(self) -> None:
        """2023 rule: an army next to its goal goes by sea if its own power's fleet convoys it.

        Not under ``adjacent_convoy = via`` (the DPTG, webDiplomacy): there only ``VIA CONVOY`` says so.
        """
        if not self.intent:
            return
        for piece in self.pieces:
            if piece.kind != CONVOY:
                continue
            army = self.pieces[piece.target]
            if (army.kind == MOVE and army.dest == piece.dest and army.power == piece.power
                    and army.unit.type == ARMY):
                army.convoyed = True

    def _match_support(self, piece: Piece) -> None:
        other = self.pieces[piece.target]
        if piece.dest:
            if other.kind != MOVE or other.dest != piece.dest:
                self._disregard(piece, f"{other.unit} does not move to {piece.dest}")
                return
            if piece.dest_loc and other.unit.type == FLEET and piece.dest_loc != other.dest_loc:
                # DATC 6.B.9: a coast may be left out of a support, but a coast given must match.
                self._disregard(piece, f"{other.unit} moves to {other.dest_loc}, not {piece.dest_loc}")
                return
        elif other.kind == MOVE:
            self._disregard(piece, f"{other.unit} moves, so it cannot be supported to hold")
            return
        other.supports.append(piece.index)

    def _match_convoy(self, piece: Piece) -> None:
        army = self.pieces[piece.target]
        if army.kind != MOVE or army.dest != piece.dest or not army.convoyed:
            self._disregard(piece, f"{army.unit} is not moving to {piece.dest} by convoy")
            return
        army.fleets.append(piece.index)


def standing_problem(board: Map, ruleset: Ruleset, state: GameState, unit: Unit, order: Order) -> str:
    """Why the movement phase would disregard ``order`` to ``unit`` whatever the other units are ordered.

    Legality depends on the position alone (where units stand, which fleets
    are at sea), so the mail commands ask this when an order arrives and the
    phase, on the same position, gives the same answer (DATC's illegal orders).
    """
    pieces: list[Piece] = []
    at: dict[str, int] = {}
    for power, units in state.units.items():
        for placed in units:
            province = board.province_of(placed.location)
            at[province] = len(pieces)
            pieces.append(Piece(len(pieces), power, placed, province, None))
    here = at.get(board.province_of(unit.location))
    if here is None:
        return f"there is no unit in {board.province_of(unit.location)}"
    return OrderCheck(board, ruleset, state, pieces, at).problem(pieces[here], order)
