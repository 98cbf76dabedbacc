"""Random positions and orders, reproducible from the seed."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bench.peer.board import PHASE, VARIANT, Board


@dataclass
class Piece:
    power: str
    kind: str          # "A" or "F"
    location: str      # with the coast for a fleet on a split coast
    province: str
    order: str | None = None
    moving_to: str | None = None    # province, for moves (supports must match it)
    convoyed: bool = False
    supports: Piece | None = None   # the unit this one supports, if it does

    @property
    def unit(self) -> str:
        return f"{self.kind} {self.location}"


@dataclass
class ConvoyPlan:
    army: str            # province the army stands in
    destination: str     # province
    fleets: list[str]    # sea provinces, in route order
    adjacent: bool       # the army could also walk there
    explicit: bool       # the move says VIA CONVOY


@dataclass
class Position:
    index: int
    pieces: list[Piece]
    convoys: list[ConvoyPlan] = field(default_factory=list)
    features: set[str] = field(default_factory=set)
    #: fleet moves written without the coast (province given): unit -> full target
    coast_omitted: dict[str, str] = field(default_factory=dict)

    @property
    def units(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for piece in self.pieces:
            out.setdefault(piece.power, []).append(piece.unit)
        return out

    @property
    def orders(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for piece in self.pieces:
            if piece.order:
                out.setdefault(piece.power, []).append(piece.order)
        return out

    def request(self, orders: dict[str, list[str]] | None = None) -> dict:
        return {"variant": VARIANT, "state": {"phase": PHASE, "units": self.units},
                "orders": self.orders if orders is None else orders}


class Generator:
    """Legal positions and orders, reproducible from the seed.

    Orders mix holds, moves to adjacent places, head-to-heads, convoys along a
    real sea route (some to adjacent places, some with an explicit VIA CONVOY),
    and supports of holds and of moves (convoyed ones included) that match the
    supported unit's own order.
    """

    def __init__(self, board: Board, rng: random.Random) -> None:
        self.board = board
        self.rng = rng

    # -- placement ---------------------------------------------------------
    def position(self, index: int) -> Position:
        rng, board = self.rng, self.board
        count = rng.randint(20, 34)
        placed: dict[str, Piece] = {}
        for _ in range(rng.choice((0, 1, 1, 2, 2, 3))):
            if len(placed) < count - 4:
                self._seed_convoy(placed)
        free = [p for p in board.provinces if p not in placed]
        rng.shuffle(free)
        for province in free:
            if len(placed) >= count:
                break
            terrain = board.terrain[province]
            if terrain == "land" or (terrain == "coast" and (province not in board.fleet_locations
                                                             or rng.random() < 0.5)):
                kind, location = "A", province
            else:
                kind, location = "F", rng.choice(board.fleet_locations[province])
            placed[province] = Piece(rng.choice(board.powers), kind, location, province)
        pieces = list(placed.values())
        rng.shuffle(pieces)
        position = Position(index, pieces)
        self._orders(position, placed)
        return position

    def _seed_convoy(self, placed: dict[str, Piece]) -> None:
        """An army on a coast with a chain of one to three fleets at sea beside it."""
        rng, board = self.rng, self.board
        coasts = [p for p in board.coast_seas if p not in placed and board.coast_seas[p]]
        if not coasts:
            return
        start = rng.choice(coasts)
        seas = sorted(s for s in board.coast_seas[start] if s not in placed)
        if not seas:
            return
        route = [rng.choice(seas)]
        while len(route) < 3 and rng.random() < 0.4:
            onward = sorted(s for s in board.sea_seas[route[-1]] if s not in placed and s not in route)
            if not onward:
                break
            route.append(rng.choice(onward))
        power = rng.choice(board.powers)
        placed[start] = Piece(power, "A", start, start)
        for sea in route:
            owner = power if rng.random() < 0.7 else rng.choice(board.powers)
            placed[sea] = Piece(owner, "F", sea, sea)

    # -- orders ------------------------------------------------------------
    def _orders(self, position: Position, at: dict[str, Piece]) -> None:
        rng = self.rng
        pieces = position.pieces
        # 1. convoys, with the fleets that carry them
        for piece in pieces:
            if piece.kind == "A" and piece.order is None and piece.province in self.board.coast_seas \
                    and rng.random() < 0.6:
                self._convoy(position, piece, at)
        # 2. head-to-heads
        for piece in pieces:
            if piece.order is None and rng.random() < 0.12:
                self._head_to_head(position, piece, at)
        # 3. the others hold, move or (later) support
        supporters = []
        for piece in pieces:
            if piece.order is not None:
                continue
            roll = rng.random()
            if roll < 0.03:
                position.features.add("unordered")  # no order at all: the unit holds
            elif roll < 0.18:
                piece.order = f"{piece.unit} H"
            elif roll < 0.60:
                self._move(position, piece)
            else:
                supporters.append(piece)
        # 4. supports, matching the orders given above
        for piece in supporters:
            self._support(position, piece, at)

    def _convoy(self, position: Position, army: Piece, at: dict[str, Piece]) -> None:
        """Pick a real route through unordered fleets at sea, if there is one."""
        board, rng = self.board, self.rng
        routes: list[tuple[str, list[str]]] = []

        def free_fleet(sea: str) -> bool:
            unit = at.get(sea)
            return unit is not None and unit.kind == "F" and unit.order is None

        # Only chordless routes: none of their fleets could be left out.  (A longer route is legal,
        # but ``diplomacy`` calls a convoy order "impossible" unless its fleet is on a minimal route.)
        def walk(route: list[str]) -> None:
            for coast in sorted(board.sea_coasts[route[-1]]):
                if coast != army.province and not any(coast in board.sea_coasts[s] for s in route[:-1]):
                    routes.append((coast, list(route)))
            if len(route) < 4:
                for sea in sorted(board.sea_seas[route[-1]]):
                    if sea not in route and free_fleet(sea) and army.province not in board.sea_coasts[sea] \
                            and not any(sea in board.sea_seas[s] for s in route[:-1]):
                        walk(route + [sea])

        for sea in sorted(board.coast_seas[army.province]):
            if free_fleet(sea):
                walk([sea])
        if not routes:
            return
        destination, route = rng.choice(routes)
        adjacent = board.army_adjacent(army.province, destination)
        explicit = rng.random() < (0.5 if adjacent else 0.15)
        army.order = f"A {army.location} - {destination}" + (" VIA CONVOY" if explicit else "")
        army.moving_to, army.convoyed = destination, True
        for sea in route:
            fleet = at[sea]
            fleet.order = f"{fleet.unit} C A {army.location} - {destination}"
        position.convoys.append(ConvoyPlan(army.province, destination, route, adjacent, explicit))
        position.features.add("convoy")
        if adjacent:
            position.features.add("convoy-adjacent-explicit" if explicit else "convoy-adjacent-implicit")

    def _targets(self, piece: Piece) -> list[str]:
        if piece.kind == "A":
            return self.board.army_moves.get(piece.province, [])
        return self.board.fleet_moves.get(piece.location, [])

    def _move_text(self, position: Position, piece: Piece, target: str) -> str:
        """The move, sometimes leaving out a coast that only one way reaches (DATC 4.B.2)."""
        province = self.board.province_of[target]
        written = target
        if "/" in target and len(self.board.map.fleet_targets(piece.location, province)) == 1 \
                and self.rng.random() < 0.3:
            written = province
            position.coast_omitted[piece.unit] = target
            position.features.add("coast-omitted")
        return f"{piece.unit} - {written}"

    def _move(self, position: Position, piece: Piece) -> None:
        targets = self._targets(piece)
        if not targets:
            piece.order = f"{piece.unit} H"
            return
        target = self.rng.choice(targets)
        piece.order = self._move_text(position, piece, target)
        piece.moving_to = self.board.province_of[target]

    def _head_to_head(self, position: Position, piece: Piece, at: dict[str, Piece]) -> None:
        board = self.board
        partners = []
        for target in self._targets(piece):
            other = at.get(board.province_of[target])
            if other is not None and other.order is None and board.can_reach(other.kind, other.location,
                                                                             piece.province):
                partners.append((target, other))
        if not partners:
            return
        target, other = self.rng.choice(partners)
        piece.order = self._move_text(position, piece, target)
        piece.moving_to = other.province
        back = [t for t in self._targets(other) if board.province_of[t] == piece.province]
        other.order = self._move_text(position, other, self.rng.choice(back))
        other.moving_to = piece.province
        position.features.add("head-to-head")

    def _support(self, position: Position, piece: Piece, at: dict[str, Piece]) -> None:
        board, rng = self.board, self.rng
        holds, moves = [], []
        for other in position.pieces:
            if other is piece:
                continue
            if other.moving_to is None:
                if board.can_reach(piece.kind, piece.location, other.province):
                    holds.append(other)
            elif other.moving_to != piece.province and board.can_reach(piece.kind, piece.location,
                                                                       other.moving_to):
                moves.append(other)
        if moves and (not holds or rng.random() < 0.6):
            other = rng.choice(moves)
            piece.order = f"{piece.unit} S {other.unit} - {other.moving_to}"
            piece.supports = other
            if other.convoyed:
                position.features.add("support-convoyed")
        elif holds:
            other = rng.choice(holds)
            piece.order = f"{piece.unit} S {other.unit}"
            piece.supports = other
        else:  # nothing to support: hold (a move now could break a support of this unit's hold)
            piece.order = f"{piece.unit} H"
