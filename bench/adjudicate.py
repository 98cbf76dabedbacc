#!/usr/bin/env python3
"""Benchmark the judge's movement adjudication against the PyPI package ``diplomacy``.

Random but legal standard-map positions and orders are generated from a fixed
seed, and each one is adjudicated by this judge and by ``diplomacy``.  The
script then

* checks that both reach the same position (units standing after the phase,
  and the dislodged units), counts agreements, and prints and classifies every
  disagreement (``--show-disagreements`` prints each one in full);
* times a movement phase two ways: adjudication alone (the judge's engine on
  pre-parsed input against ``Game.process()`` on a game set up outside the
  timer), and end to end (``judge adjudicate --jsonl`` fed every request through
  one subprocess, against ``set_orders`` + ``process()``).

``diplomacy`` is needed for the benchmark only; it is not a dependency of the
judge.  See bench/README.md.

    python bench/adjudicate.py --positions 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

PHASE = "S1901M"
VARIANT = "standard"

# How many disagreements are listed (one line each) without --show-disagreements.
LIST_LIMIT = 30

# Goals the benchmark issue sets: how many times faster the judge should be.
GOAL_ADJUDICATION = 5.0
GOAL_END_TO_END = 3.0


# ---------------------------------------------------------------------------
# The ``diplomacy`` package: optional, imported only when the script runs.
# ---------------------------------------------------------------------------

def import_diplomacy():
    """The ``diplomacy.Game`` class, or exit 2 with a clear message."""
    try:
        from diplomacy import Game  # type: ignore[import-not-found]
    except ImportError as exc:  # pragma: no cover - depends on the machine
        print(
            "bench/adjudicate.py needs the PyPI package 'diplomacy', which is not importable here\n"
            f"({exc}).\n"
            "It is used by this benchmark only and is not a dependency of the judge.  Install it with\n"
            "    python -m pip install diplomacy\n"
            "(see bench/README.md), then run the benchmark again.",
            file=sys.stderr,
        )
        raise SystemExit(2)
    # The package logs through 'coloredlogs' at import; keep the benchmark's output readable.
    import logging
    logging.getLogger("diplomacy").setLevel(logging.WARNING)
    return Game


# ---------------------------------------------------------------------------
# The board, as the generator needs it (taken from the judge's own map).
# ---------------------------------------------------------------------------

class Board:
    """Adjacency questions for the generator, answered from ``load_variant(...).map``."""

    def __init__(self, board) -> None:
        self.map = board
        self.powers: list[str] = list(board.powers)
        self.terrain: dict[str, str] = {abbr: str(prov.terrain) for abbr, prov in board.provinces.items()}
        self.provinces: list[str] = sorted(board.provinces)
        self.seas: set[str] = {p for p, t in self.terrain.items() if t == "sea"}
        self.province_of: dict[str, str] = {}
        for p in self.provinces:
            self.province_of[p] = p
            for loc in board.locations_of(p):
                self.province_of[loc] = p
        # where each kind of unit may stand
        self.army_provinces = [p for p in self.provinces if self.terrain[p] in ("land", "coast")]
        self.fleet_locations: dict[str, list[str]] = {}
        for p in self.provinces:
            if self.terrain[p] in ("coast", "sea"):
                locs = [loc for loc in board.locations_of(p) if board.fleet_adjacency.get(loc)]
                if locs:
                    self.fleet_locations[p] = locs
        self.army_moves: dict[str, list[str]] = {
            p: sorted(board.army_adjacency.get(p, ())) for p in self.army_provinces}
        self.fleet_moves: dict[str, list[str]] = {
            loc: sorted(board.fleet_adjacency.get(loc, ()))
            for locs in self.fleet_locations.values() for loc in locs}
        # convoy geography: seas next to each coastal province, coasts and seas next to each sea
        self.coast_seas: dict[str, set[str]] = {}
        self.sea_coasts: dict[str, set[str]] = {s: set() for s in self.seas}
        self.sea_seas: dict[str, set[str]] = {s: set() for s in self.seas}
        for p in self.provinces:
            near = {self.province_of[t] for loc in board.locations_of(p)
                    for t in board.fleet_adjacency.get(loc, ())}
            if self.terrain[p] == "coast":
                self.coast_seas[p] = {q for q in near if q in self.seas}
                for s in self.coast_seas[p]:
                    self.sea_coasts[s].add(p)
            elif self.terrain[p] == "sea":
                self.sea_seas[p] = {q for q in near if q in self.seas}

    def can_reach(self, kind: str, location: str, province: str) -> bool:
        """Whether a unit could move to some part of ``province`` (the test a support must pass)."""
        if kind == "A":
            return province in self.map.army_adjacency.get(self.province_of[location], ())
        return bool(self.map.fleet_targets(location, province))

    def army_adjacent(self, a: str, b: str) -> bool:
        return b in self.map.army_adjacency.get(a, ())


# ---------------------------------------------------------------------------
# Random positions and orders.
# ---------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------
# Outcomes, in one shape for both engines.
# ---------------------------------------------------------------------------

@dataclass
class Outcome:
    units: frozenset[tuple[str, str]]                 # (power, "A PAR") standing after the phase
    dislodged: frozenset[tuple[str, str]]
    retreats: dict[tuple[str, str], frozenset[str]]   # dislodged unit -> provinces it may retreat to
    results: dict[str, str]                           # "F NTH" -> result words, for the reader
    error: str | None = None

    def same_position(self, other: Outcome) -> bool:
        return self.units == other.units and self.dislodged == other.dislodged


def _province(location: str) -> str:
    return location.split("/")[0]


def judge_outcome(response: dict) -> Outcome:
    units = frozenset((power, unit) for power, us in response["state"]["units"].items() for unit in us)
    dislodged, retreats = set(), {}
    for power, entries in response.get("dislodged", {}).items():
        for entry in entries:
            key = (power, entry["unit"])
            dislodged.add(key)
            retreats[key] = frozenset(_province(r) for r in entry.get("retreats", ()))
    results = {r["unit"]: r["result"] + (f" ({r['message']})" if r.get("message") else "")
               for r in response.get("results", [])}
    return Outcome(units, frozenset(dislodged), retreats, results)


def diplomacy_outcome(game, phase_data) -> Outcome:
    """Units from the game after ``process()``; the dislodged from the results (the package
    drops a dislodged unit with nowhere to retreat at once, so it is not among the retreats)."""
    units, dislodged, retreats = set(), set(), {}
    owner = {unit: power for power, us in phase_data.state["units"].items() for unit in us}
    for power in game.powers.values():
        for unit in power.units:
            units.add((power.name, unit))
    for unit, codes in phase_data.results.items():
        if any(str(code) == "dislodged" for code in codes):
            key = (owner.get(unit, "?"), unit)
            dislodged.add(key)
            places = game.powers[key[0]].retreats.get(unit, ()) if key[0] in game.powers else ()
            retreats[key] = frozenset(_province(p) for p in places)
    results = {unit: ", ".join(str(code) for code in codes) or "ok"
               for unit, codes in phase_data.results.items()}
    return Outcome(frozenset(units), frozenset(dislodged), retreats, results)


def diplomacy_orders(orders: dict[str, list[str]]) -> dict[str, list[str]]:
    """The same orders in the package's syntax: only 'VIA CONVOY' is spelt differently."""
    return {power: [o.replace(" VIA CONVOY", " VIA") for o in lines] for power, lines in orders.items()}


def diplomacy_game(Game, units: dict[str, list[str]], orders: dict[str, list[str]] | None):
    """A game at S1901M holding exactly ``units``, with ``orders`` set (if given)."""
    game = Game()
    game.clear_units()
    game.clear_centers()
    for power, us in units.items():
        game.set_units(power, list(us))
    if orders is not None:
        for power, lines in orders.items():
            game.set_orders(power, lines)
    return game


def run_diplomacy(Game, units: dict[str, list[str]], orders: dict[str, list[str]]) -> Outcome:
    game = diplomacy_game(Game, units, diplomacy_orders(orders))
    errors = list(game.error)
    data = game.process()
    outcome = diplomacy_outcome(game, data)
    if errors:
        outcome.error = "; ".join(str(e) for e in errors)
    return outcome


def run_judge(request: dict) -> Outcome:
    from judge.app.adjudicate import handle_request
    try:
        return judge_outcome(handle_request(request))
    except Exception as exc:  # noqa: BLE001 - an engine crash is a disagreement to report, not a benchmark crash
        return Outcome(frozenset(), frozenset(), {}, {}, error=f"{type(exc).__name__}: {exc}")


# ---------------------------------------------------------------------------
# Comparing, and explaining the differences.
# ---------------------------------------------------------------------------

@dataclass
class Comparison:
    position: Position
    judge: Outcome
    diplomacy: Outcome
    classification: str = ""

    @property
    def agree(self) -> bool:
        return self.judge.error is None and self.judge.same_position(self.diplomacy)

    @property
    def retreats_agree(self) -> bool:
        return self.judge.retreats == self.diplomacy.retreats

    def differing_units(self) -> list[str]:
        """Units (as they stood) whose fate differs: where each engine left them."""
        out = []
        for piece in self.position.pieces:
            a, b = fate(piece, self.judge), fate(piece, self.diplomacy)
            if a != b:
                out.append(f"{piece.power} {piece.unit}: judge {a}, diplomacy {b}")
        return out


def fate(piece: Piece, outcome: Outcome) -> str:
    """Where the unit ended: 'stays', 'dislodged', '-> X' or 'missing'."""
    if (piece.power, piece.unit) in outcome.dislodged:
        return "dislodged"
    standing = {(p, u) for p, u in outcome.units}
    if (piece.power, piece.unit) in standing:
        return "stays"
    for power, unit in standing:
        if power == piece.power and unit[0] == piece.kind and piece.moving_to \
                and _province(unit[2:]) == piece.moving_to:
            return f"-> {unit[2:]}"
    return "missing"


OWN_UNIT_CONVOYED = ("diplomacy bug: a support given by the defender's own power counts towards dislodging it "
                     "when the attacker comes by convoy (no power may help dislodge its own unit: "
                     "DATC 6.E.3 rule; correct without a convoy)")
OWN_UNIT_DEFEND = ("diplomacy deviates from DATC 5.B: a support of an attack on the supporter's own unit is voided, "
                   "so it is missing from that move's defend strength in a head-to-head "
                   "(DATC counts it for everything but dislodging the own unit, cf. 6.E.12)")
RETREAT_VIA_CONVOY = ("diplomacy bug: when the attacker came by convoy every neighbour is offered, occupied and "
                      "standoff places included (operator precedence in Game._move_results); "
                      "DATC 4.A.5 only adds the attacker's own province")


class Classifier:
    """Name the rule a disagreement comes from, mostly by re-running both engines on a changed case.

    A change that removes one known point of difference (and nothing else) and
    makes the engines agree names that point.  What no change explains is left
    "unexplained" for a person to look at.
    """

    def __init__(self, Game) -> None:
        self.Game = Game

    def _agree(self, position: Position, orders: dict[str, list[str]]) -> bool:
        judge = run_judge(position.request(orders))
        return judge.error is None and judge.same_position(run_diplomacy(self.Game, position.units, orders))

    def classify(self, c: Comparison) -> str:
        position = c.position
        if c.judge.error:
            return f"judge error: {c.judge.error}"
        orders = position.orders
        if position.coast_omitted:
            filled = _rewrite(orders, lambda order: _fill_coast(order, position.coast_omitted))
            if self._agree(position, filled):
                return ("DATC 4.B.2 (omitted coast where only one coast is reachable: "
                        "default coast or failed move)")
        adjacent = [plan for plan in position.convoys if plan.adjacent]
        if any(not plan.explicit for plan in adjacent):
            def via(order: str) -> str:
                for plan in adjacent:
                    if order == f"A {plan.army} - {plan.destination}":
                        return order + " VIA CONVOY"
                return order
            if self._agree(position, _rewrite(orders, via)):
                return ("DATC 4.A.3 (convoy to an adjacent place without 'via convoy': whether the army "
                        "moves by land or by convoy, and falls back to land when the convoy fails)")
        own = _own_unit_supports(position)
        if own:
            convoyed = [p for p in own if p.supports.convoyed]
            plain = [p for p in own if not p.supports.convoyed]
            for group, label in ((convoyed, OWN_UNIT_CONVOYED), (plain, OWN_UNIT_DEFEND)):
                if group and self._agree(position, _holding(position, group)):
                    return label
            if convoyed and plain and self._agree(position, _holding(position, own)):
                return OWN_UNIT_CONVOYED + "; and " + OWN_UNIT_DEFEND
        paradox = _paradox(position)
        if paradox:
            return f"DATC 4.A.2 (convoy paradox: {paradox})"
        if adjacent and self._agree(position, _drop_convoys(position, adjacent)):
            return "unexplained, involves a convoy to an adjacent place (DATC 4.A.3-4.A.7, 6.G): look at it"
        if position.convoys and self._agree(position, _drop_convoys(position, position.convoys)):
            return "unexplained, involves a convoy: look at it (possible bug)"
        return "unexplained (look at it: possible bug)"

    def classify_retreats(self, c: Comparison) -> str:
        """Both engines dislodge the same units, but allow different retreats."""
        notes = []
        arrived = {(power, _province(unit[2:])) for power, unit in c.judge.units}
        by_convoy = {plan.destination for plan in c.position.convoys
                     if any((p.power, plan.destination) in arrived
                            for p in c.position.pieces if p.province == plan.army)}
        for key in sorted(set(c.judge.retreats) | set(c.diplomacy.retreats)):
            judge_places = c.judge.retreats.get(key, frozenset())
            dip_places = c.diplomacy.retreats.get(key, frozenset())
            if judge_places == dip_places:
                continue
            what = f"{key[0]} {key[1]}: judge {sorted(judge_places)}, diplomacy {sorted(dip_places)}"
            if _province(key[1][2:]) in by_convoy and judge_places <= dip_places:
                notes.append(f"{what}: {RETREAT_VIA_CONVOY}")
            else:
                notes.append(f"{what}: unexplained")
        return "; ".join(notes)


def _own_unit_supports(position: Position) -> list[Piece]:
    """Supports of a move against a unit of the supporter's own power."""
    at = {p.province: p for p in position.pieces}
    out = []
    for piece in position.pieces:
        target = piece.supports
        if target is not None and target.moving_to and piece.order and " - " in piece.order:
            victim = at.get(target.moving_to)
            if victim is not None and victim.power == piece.power:
                out.append(piece)
    return out


def _holding(position: Position, pieces: list[Piece]) -> dict[str, list[str]]:
    """The orders with these units holding instead."""
    hold = {id(p) for p in pieces}
    out: dict[str, list[str]] = {}
    for piece in position.pieces:
        if piece.order:
            out.setdefault(piece.power, []).append(f"{piece.unit} H" if id(piece) in hold else piece.order)
    return out


def _rewrite(orders: dict[str, list[str]], change: Callable[[str], str]) -> dict[str, list[str]]:
    return {power: [change(o) for o in lines] for power, lines in orders.items()}


def _fill_coast(order: str, omitted: dict[str, str]) -> str:
    for unit, target in omitted.items():
        if order == f"{unit} - {_province(target)}":
            return f"{unit} - {target}"
    return order


def _drop_convoys(position: Position, plans: Iterable[ConvoyPlan]) -> dict[str, list[str]]:
    """The orders with these convoys replaced: fleets hold, armies walk."""
    plans = list(plans)
    convoying = {sea for plan in plans for sea in plan.fleets}
    armies = {plan.army: plan for plan in plans}
    out: dict[str, list[str]] = {}
    for piece in position.pieces:
        order = piece.order
        if order is None:
            continue
        if piece.province in convoying:
            order = f"{piece.unit} H"
        elif piece.province in armies:
            plan = armies[piece.province]
            order = f"A {piece.location} - {plan.destination}" if plan.adjacent else f"{piece.unit} H"
        out.setdefault(piece.power, []).append(order)
    return out


def _paradox(position: Position) -> str:
    """A convoyed army attacking a unit that supports an attack on one of its own convoying fleets."""
    at = {p.province: p for p in position.pieces}
    for plan in position.convoys:
        target = at.get(plan.destination)
        if target is None or not target.order or " S " not in target.order:
            continue
        supported = target.order.split(" S ", 1)[1]
        if " - " in supported and _province(supported.split(" - ")[1].strip()) in plan.fleets:
            return (f"A {plan.army} convoyed to {plan.destination}, whose unit supports an attack "
                    f"on convoying fleet in {_province(supported.split(' - ')[1].strip())}")
    return ""


# ---------------------------------------------------------------------------
# Timing.
# ---------------------------------------------------------------------------

def _best(samples: list[float]) -> float:
    return min(samples)


def time_diplomacy_process(Game, positions: list[Position], repeat: int) -> float:
    """Mean seconds per phase of ``process()`` alone (the game is rebuilt outside the timer)."""
    runs = []
    for _ in range(repeat):
        total = 0.0
        for position in positions:
            game = diplomacy_game(Game, position.units, diplomacy_orders(position.orders))
            start = time.perf_counter()
            game.process()
            total += time.perf_counter() - start
        runs.append(total / len(positions))
    return _best(runs)


def time_diplomacy_end_to_end(Game, positions: list[Position], repeat: int) -> float:
    """Mean seconds per phase of ``set_orders`` + ``process()`` (units set outside the timer)."""
    runs = []
    for _ in range(repeat):
        total = 0.0
        for position in positions:
            game = diplomacy_game(Game, position.units, None)
            orders = diplomacy_orders(position.orders)
            start = time.perf_counter()
            for power, lines in orders.items():
                game.set_orders(power, lines)
            game.process()
            total += time.perf_counter() - start
        runs.append(total / len(positions))
    return _best(runs)


def engine_entry() -> tuple[Callable | None, str]:
    """The engine's "adjudication alone" entry point, ``adjudicate(variant, state, orders)``, if it exists."""
    try:
        from judge import engine
    except ImportError:
        return None, "judge.engine is not importable"
    entry = getattr(engine, "adjudicate", None)
    if entry is None:
        try:
            import importlib
            entry = importlib.import_module("judge.engine.adjudicate")
        except ImportError:
            return None, "judge.engine.adjudicate does not exist yet"
    if not callable(entry):  # a module: its function of the same name
        entry = getattr(entry, "adjudicate", None)
    if not callable(entry):
        return None, "judge.engine.adjudicate is not callable"
    return entry, "judge.engine.adjudicate"


def preparse(position: Position):
    """The judge's parsed input for one phase: (variant, state, orders), built outside any timer."""
    from judge.reading.orders import parse_order
    from judge.engine.orders import Unit
    from judge.engine.state import GameState, Phase
    from judge.variants import load_variant

    variant = load_variant(VARIANT)
    request = position.request()
    try:  # the state exactly as handle_request builds it (centres default to the home centres)
        from judge.engine.codec import state_from_json
        state = state_from_json(variant, request["state"])
    except ImportError:
        state = GameState(phase=Phase.parse(PHASE),
                          units={power: [Unit.parse(u) for u in us] for power, us in position.units.items()},
                          centers={p: set(homes) for p, homes in variant.map.homes.items()})
    orders = {power: [parse_order(line, variant.map, "M") for line in lines]
              for power, lines in position.orders.items()}
    return variant, state, orders


def time_judge_adjudication(positions: list[Position], repeat: int) -> tuple[float | None, str]:
    """Mean seconds per phase of the engine alone, on pre-parsed input."""
    entry, how = engine_entry()
    if entry is None:
        return None, how
    try:
        parsed = [preparse(p) for p in positions]
        variant, state, orders = parsed[0]
        entry(variant, state.copy(), orders)  # warm caches and fail early
    except Exception as exc:  # noqa: BLE001 - reported in the table instead
        return None, f"{how} could not be called: {type(exc).__name__}: {exc}"
    runs = []
    for _ in range(repeat):
        states = [state.copy() for _, state, _ in parsed]  # a fresh state each time, copied untimed
        total = 0.0
        for (variant, _, orders), state in zip(parsed, states):
            start = time.perf_counter()
            entry(variant, state, orders)
            total += time.perf_counter() - start
        runs.append(total / len(positions))
    return _best(runs), how


def time_judge_handle_request(positions: list[Position], repeat: int) -> float:
    """Mean seconds per phase of ``handle_request`` in this process (parse + adjudicate, no JSON text)."""
    from judge.app.adjudicate import handle_request
    requests = [p.request() for p in positions]
    runs = []
    for _ in range(repeat):
        copies = json.loads(json.dumps(requests))  # untouched input each time, copied untimed
        start = time.perf_counter()
        for request in copies:
            handle_request(request)
        runs.append((time.perf_counter() - start) / len(positions))
    return _best(runs)


def judge_command() -> list[str]:
    return [sys.executable, "-m", "judge", "adjudicate", "--jsonl"]


def _run_jsonl(payload: str) -> tuple[float, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    start = time.perf_counter()
    proc = subprocess.run(judge_command(), input=payload, capture_output=True, text=True, cwd=REPO, env=env,
                          check=False)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"'judge adjudicate --jsonl' exited {proc.returncode}: {proc.stderr.strip()[-2000:]}")
    return elapsed, proc.stdout


def time_judge_jsonl(positions: list[Position], repeat: int) -> tuple[float, float | None, list[dict]]:
    """Seconds per phase for the whole stream; per phase once the process is up and warm
    (the stream less a one-request stream, over the other phases); the responses."""
    payload = "".join(json.dumps(p.request()) + "\n" for p in positions)
    first = json.dumps(positions[0].request()) + "\n"
    streams, singles, out = [], [], ""
    for _ in range(repeat):
        elapsed, out = _run_jsonl(payload)
        streams.append(elapsed)
        singles.append(_run_jsonl(first)[0])
    responses = [json.loads(line) for line in out.splitlines() if line.strip()]
    stream = _best(streams)
    warm = max(stream - _best(singles), 0.0) / (len(positions) - 1) if len(positions) > 1 else None
    return stream / len(positions), warm, responses


# ---------------------------------------------------------------------------
# Reporting.
# ---------------------------------------------------------------------------

def _ms(seconds: float | None) -> str:
    return "   n/a" if seconds is None else f"{seconds * 1000:8.3f} ms"


def _ratio(theirs: float | None, ours: float | None) -> str:
    if theirs is None or ours is None or ours <= 0:
        return "n/a"
    return f"{theirs / ours:.1f}x"


def print_case(c: Comparison, out) -> None:
    p = c.position
    print(f"--- position {p.index}: {c.classification}", file=out)
    print("  units:", file=out)
    for power, units in sorted(p.units.items()):
        print(f"    {power}: {', '.join(units)}", file=out)
    print("  orders:", file=out)
    for power, orders in sorted(p.orders.items()):
        for order in orders:
            print(f"    {power}: {order}", file=out)
    for name, outcome in (("judge", c.judge), ("diplomacy", c.diplomacy)):
        print(f"  {name}:", file=out)
        if outcome.error:
            print(f"    error: {outcome.error}", file=out)
        standing = {}
        for power, unit in sorted(outcome.units):
            standing.setdefault(power, []).append(unit)
        print("    after: " + "; ".join(f"{pw}: {', '.join(us)}" for pw, us in standing.items()), file=out)
        print("    dislodged: " + (", ".join(f"{pw} {u} (retreats {sorted(outcome.retreats.get((pw, u), ()))})"
                                         for pw, u in sorted(outcome.dislodged)) or "none"), file=out)
        odd = {u: r for u, r in outcome.results.items() if not r.startswith("ok")}
        if odd:
            print("    results: " + "; ".join(f"{u}: {r}" for u, r in sorted(odd.items())), file=out)
    for line in c.differing_units():
        print(f"  differs: {line}", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=1000,
                        help="how many positions (default 1000: enough for start-up to be a small share)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="timing repetitions; the best is reported (default 3)")
    parser.add_argument("--show-disagreements", action="store_true",
                        help="print every disagreement in full: position, orders, both outcomes")
    parser.add_argument("--no-timing", action="store_true", help="compare outcomes only")
    parser.add_argument("--dump", metavar="FILE", help="write the generated requests as JSON lines to FILE")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.repeat < 1:
        parser.error("--positions and --repeat must be at least 1")

    Game = import_diplomacy()
    from judge.variants import load_variant

    board = Board(load_variant(VARIANT).map)
    generator = Generator(board, random.Random(args.seed))
    positions = [generator.position(i) for i in range(args.positions)]
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(p.request()) + "\n" for p in positions)

    features = Counter(f for p in positions for f in p.features)
    n_units = sum(len(p.pieces) for p in positions)
    print(f"{len(positions)} positions (seed {args.seed}), {n_units} units, "
          f"{sum(len(p.convoys) for p in positions)} convoys; features: "
          + ", ".join(f"{k} {v}" for k, v in sorted(features.items())))

    try:
        import judge.app.adjudicate  # noqa: F401
        have_judge = True
    except ImportError as exc:
        have_judge = False
        print(f"judge.app.adjudicate is not importable yet ({exc}): only the diplomacy side runs.")

    out = sys.stdout
    status = 0
    comparisons: list[Comparison] = []
    if have_judge:
        classifier = Classifier(Game)
        for p in positions:
            c = Comparison(p, run_judge(p.request()), run_diplomacy(Game, p.units, p.orders))
            if not c.agree:
                c.classification = classifier.classify(c)
            comparisons.append(c)
        agree = [c for c in comparisons if c.agree]
        void, walked = Counter(), 0
        for c in comparisons:
            implicit = {sea for plan in c.position.convoys if plan.adjacent and not plan.explicit
                        for sea in plan.fleets}
            for unit, result in c.judge.results.items():
                if result.startswith("void"):
                    if unit.startswith("F ") and _province(unit[2:]) in implicit:
                        walked += 1  # its army walks: no VIA CONVOY, no fleet of its own convoys it
                    else:
                        void[result] += 1
        print(f"\nSame position after the phase (units and dislodged units): "
              f"{len(agree)}/{len(comparisons)} agree, {len(comparisons) - len(agree)} disagree")
        classes = Counter(c.classification for c in comparisons if not c.agree)
        for name, count in classes.most_common():
            print(f"  {count:4d}  {name}")
        retreat_diffs = [c for c in agree if not c.retreats_agree]
        if retreat_diffs:
            print(f"Of those that agree, {len(retreat_diffs)} allow different retreats:")
            for c in retreat_diffs:
                print(f"  position {c.position.index}: {classifier.classify_retreats(c)}")
        rejected = [c for c in comparisons if c.diplomacy.error]
        if rejected:
            print(f"diplomacy rejected orders in {len(rejected)} positions (set_orders errors), e.g. "
                  f"position {rejected[0].position.index}: {rejected[0].diplomacy.error}")
        if walked:
            print(f"{walked} convoy orders are void in the judge as expected: their army, adjacent to its "
                  "destination, walks (no VIA CONVOY and no fleet of its own convoys it: DATC 4.A.3, "
                  "2023 rule; diplomacy agrees)")
        if void:
            print(f"Judge found {sum(void.values())} other generated orders void (the generator means them legal):")
            for text, count in void.most_common(10):
                print(f"  {count:4d}  {text}")
        disagreements = [c for c in comparisons if not c.agree]
        if disagreements:
            print()
            if args.show_disagreements:
                for c in disagreements:
                    print_case(c, out)
            else:
                for c in disagreements[:LIST_LIMIT]:
                    print(f"  position {c.position.index}: {c.classification}")
                if len(disagreements) > LIST_LIMIT:
                    print(f"  ... and {len(disagreements) - LIST_LIMIT} more")
                print("(--show-disagreements prints each one in full)")
        if any(c.classification.startswith(("unexplained", "judge error")) for c in disagreements):
            status = 1

    if args.no_timing:
        return status

    print(f"\nTiming, mean per movement phase over {len(positions)} phases (best of {args.repeat}):")
    dip_alone = time_diplomacy_process(Game, positions, args.repeat)
    dip_e2e = time_diplomacy_end_to_end(Game, positions, args.repeat)
    judge_alone = judge_e2e = judge_e2e_warm = judge_inproc = None
    note_alone = note_e2e = ""
    if have_judge:
        judge_alone, how = time_judge_adjudication(positions, args.repeat)
        try:
            judge_inproc = time_judge_handle_request(positions, args.repeat)
        except Exception as exc:  # noqa: BLE001 - reported in the table instead
            note_alone = f"(handle_request failed: {type(exc).__name__}: {exc})"
        if judge_alone is None:
            note_alone = f"({how}; judge's adjudication shown as handle_request in-process) " + note_alone
            judge_alone = judge_inproc
        try:
            judge_e2e, judge_e2e_warm, responses = time_judge_jsonl(positions, args.repeat)
            same = sum(1 for c, r in zip(comparisons, responses)
                       if judge_outcome(r).same_position(c.judge))
            if same != len(comparisons) or len(responses) != len(comparisons):
                note_e2e = (f"(warning: {len(responses)} JSONL responses, {same} match handle_request's)")
        except (OSError, RuntimeError) as exc:
            note_e2e = f"(judge adjudicate --jsonl failed: {exc})"

    rows = [
        ("adjudication alone", judge_alone, dip_alone, GOAL_ADJUDICATION),
        ("end to end", judge_e2e, dip_e2e, GOAL_END_TO_END),
    ]
    print(f"  {'':22s} {'judge':>11s} {'diplomacy':>11s} {'judge faster':>13s} {'goal':>6s}")
    for name, ours, theirs, goal in rows:
        met = ""
        if ours is not None and ours > 0:
            met = "  met" if theirs / ours >= goal else "  NOT met"
        print(f"  {name:22s} {_ms(ours):>11s} {_ms(theirs):>11s} {_ratio(theirs, ours):>13s} {goal:5.0f}x{met}")
    print("  adjudication alone: judge.engine.adjudicate on pre-parsed input vs Game.process() "
          "on a game set up untimed")
    print("  end to end: one 'judge adjudicate --jsonl' process for the whole stream (start-up, parse, "
          "adjudicate, JSON), divided by the phases, vs set_orders + process()")
    if note_alone:
        print("  " + note_alone)
    if judge_e2e_warm is not None:
        print(f"  once 'judge adjudicate --jsonl' is up and has served one request, a phase costs "
              f"{_ms(judge_e2e_warm).strip()} ({_ratio(dip_e2e, judge_e2e_warm)} faster than diplomacy)")
    if judge_inproc is not None:
        print(f"  handle_request in this process, every order line already seen once (parse + adjudicate, "
              f"no JSON text): {_ms(judge_inproc).strip()} per phase ({_ratio(dip_e2e, judge_inproc)} faster)")
    if note_e2e:
        print("  " + note_e2e)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
