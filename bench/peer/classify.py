"""Explaining the differences: which rule each disagreement comes from."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bench.peer.compare import Comparison
from bench.peer.diplomacy_side import run_diplomacy
from bench.peer.judge_side import run_judge
from bench.peer.outcome import province
from bench.peer.positions import ConvoyPlan, Piece, Position

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
        arrived = {(power, province(unit[2:])) for power, unit in c.judge.units}
        by_convoy = {plan.destination for plan in c.position.convoys
                     if any((p.power, plan.destination) in arrived
                            for p in c.position.pieces if p.province == plan.army)}
        for key in sorted(set(c.judge.retreats) | set(c.diplomacy.retreats)):
            judge_places = c.judge.retreats.get(key, frozenset())
            dip_places = c.diplomacy.retreats.get(key, frozenset())
            if judge_places == dip_places:
                continue
            what = f"{key[0]} {key[1]}: judge {sorted(judge_places)}, diplomacy {sorted(dip_places)}"
            if province(key[1][2:]) in by_convoy and judge_places <= dip_places:
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
        if order == f"{unit} - {province(target)}":
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
        if " - " in supported and province(supported.split(" - ")[1].strip()) in plan.fleets:
            return (f"A {plan.army} convoyed to {plan.destination}, whose unit supports an attack "
                    f"on convoying fleet in {province(supported.split(' - ')[1].strip())}")
    return ""
