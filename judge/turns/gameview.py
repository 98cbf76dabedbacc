"""A stored game seen through its variant: the position, whose orders are due, what is missing.

The store keeps a game's state as JSON and its orders as text lines; this
module turns them back into engine values (once per mail, see
:class:`judge.commands.session.Handle`) and answers the questions every
command and every poll asks: which units may this power order, which still
have no order, is every order in?
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from judge.engine.adjustments import check_build, free_build_sites
from judge.engine.codec import state_from_json
from judge.engine.orders import FLEET, AnyOrder, Build, Move, Order, Remove, Retreat, Unit, Waive
from judge.engine.retreats import retreat_options, retreat_target
from judge.engine.ruleset import BuildsFor
from judge.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Phase
from judge.engine.variant import Variant
from judge.reading.lines import finish_lines, read_line
from judge.reading.order_reader import OrderError, parse_order
from judge.render import OrderSet
from judge.store import Game, SubmittedOrder
from judge.turns.arrival import movement_problem
from judge.turns.suspect import suspect_orders
from judge.variants import line_reader, load_variant


def variant_of(game: Game) -> Variant:
    """The game's variant, with the rule options the GM set for this game (``SET RULE``, ``game.rules``)."""
    return load_variant(game.variant, game.rules)


def power_title(game: Game, power: str) -> str:
    """A power as every mail writes it: its map's ``title`` (1618's "Spanish Hapsburgs"), else its key in words."""
    return variant_of(game).map.power_title(power)


def state_of(game: Game, variant: Variant | None = None) -> GameState | None:
    """The engine state of the current phase; None while the game is forming."""
    if not game.state:
        return None
    return state_from_json(variant or variant_of(game), game.state)


def phase_of(game: Game) -> Phase | None:
    return Phase.parse(game.state["phase"]) if game.state else None


def opening_state(variant: Variant, unplayed: Sequence[str] = (), seed: str | None = None) -> GameState:
    """A new game's position, as the variant's ruleset sets it up, with its seed and unplayed powers recorded.

    (``Ruleset.initial_state``, then ``Ruleset.game_facts``.)
    """
    state = variant.ruleset.initial_state()
    variant.ruleset.game_facts(state, unplayed, seed)
    return state


def seated_powers(variant: Variant) -> tuple[str, ...]:
    """The powers a player may take while the game forms: the game's seats.

    Every power of the map, less those the set-up gives to nobody
    (``seat_refusal`` with nothing held: Europe 1615 April 2013's neutral
    France in the 3-player game).  The game is full when each has a seat:
    ``JOIN`` refuses one more, and its reply, ``LIST`` and ``STATUS`` count them.
    """
    refusal = variant.ruleset.seat_refusal
    return tuple(p for p in variant.map.powers if not refusal(None, p, ()))


def unplayed_powers(game: Game) -> list[str]:
    """The powers in civil disorder: no player orders them."""
    return sorted(p.power for p in game.players if p.status == "dummy" and p.power)


# -- whose orders are due -------------------------------------------------------------

@dataclass(frozen=True)
class Due:
    """What one power must send this phase.

    Units (``"A PAR"``) to order, a number of adjustments, and the variant's
    other inputs as (key, label) pairs (``Ruleset.inputs_due``).
    """

    units: tuple[str, ...] = ()
    adjustments: int = 0
    inputs: tuple[tuple[str, str], ...] = ()

    @property
    def any(self) -> bool:
        return bool(self.units or self.adjustments or self.inputs)


def commandable(variant: Variant, state: GameState, power: str) -> list[tuple[str, Unit]]:
    """(owner, unit) pairs ``power`` may order in a movement phase (the ruleset's ``may_order`` decides)."""
    ruleset = variant.ruleset
    return [(owner, unit) for owner, units in state.units.items() for unit in units
            if ruleset.may_order(state, power, owner, unit)]


def due(variant: Variant, state: GameState, power: str) -> Due:
    """A phase takes orders from a power that has units to order, retreats, adjustments or inputs due."""
    found = _due_units(variant, state, power)
    inputs = tuple(variant.ruleset.inputs_due(state, power))
    return replace(found, inputs=inputs) if inputs else found


def _due_units(variant: Variant, state: GameState, power: str) -> Due:
    kind = state.phase.kind
    if kind == MOVEMENT:
        weights, own = variant.ruleset.order_weights, variant.ruleset.units_due(state, power)
        if own is not None:
            return Due(tuple(str(u) for u in own))
        return Due(tuple(str(u) for u in state.units.get(power, ()) if weights(state, power, u).get(power)))
    if kind == RETREAT:  # a unit retreats on the orders of whoever commands it (a minor's: its aligned power)
        weights = variant.ruleset.order_weights
        return Due(tuple(str(d.unit) for d in state.dislodged if weights(state, d.power, d.unit).get(power)))
    if kind == ADJUSTMENT:
        return Due(adjustments=_owed(variant, variant.ruleset.orders_meet(state), power))
    return Due()


def _owed(variant: Variant, met: GameState, power: str) -> int:
    """Builds (removals: below 0) ``power`` owes on the position the orders meet; no build without a free site."""
    owed = variant.ruleset.adjustment_count(met, power)
    return 0 if owed > 0 and not _free_sites(variant, met, power) else owed


def _free_sites(variant: Variant, state: GameState, power: str) -> list[str]:
    return free_build_sites(variant, state, power)


def powers_due(variant: Variant, state: GameState) -> list[str]:
    """Every power with something to order this phase."""
    powers = set(state.units) | set(state.centers) | {d.power for d in state.dislodged}
    return sorted(p for p in powers if p in variant.map.powers and due(variant, state, p).any)


def unit_key(variant: Variant, order: AnyOrder) -> str:
    """The key a later order for the same unit replaces (the unit's province; none for WAIVE)."""
    if isinstance(order, Waive):
        return ""
    return variant.map.province_of_or_none(order.location) or order.location


def missing(variant: Variant, state: GameState, power: str, orders: list[SubmittedOrder]) -> tuple[list[str], int]:
    """The units still without an order and the adjustments still to order (builds > 0)."""
    need = due(variant, state, power)
    keys = {" ".join(o.unit.upper().split()) for o in orders}
    units = [u for u in need.units if (variant.map.province_of_or_none(Unit.parse(u).location) or "") not in keys]
    left = 0
    if need.adjustments > 0:
        own = set(_free_sites(variant, variant.ruleset.orders_meet(state), power))
        given = sum(1 for o in orders if _kind(o) == "WAIVE" or (_kind(o) == "BUILD" and o.unit in own))
        left = max(0, need.adjustments - given)
    elif need.adjustments < 0:
        left = min(0, need.adjustments + sum(1 for o in orders if _kind(o) == "REMOVE"))
    return units, left


def inputs_left(variant: Variant, state: GameState, power: str, orders: list[SubmittedOrder]) -> list[str]:
    """The labels of the variant's inputs still owed: a key ``K`` is met by one stored ``K`` or ``K:...``."""
    unmet = []
    keys = [o.unit.upper() for o in orders]
    for key, label in due(variant, state, power).inputs:
        found = next((k for k in keys if k == key or k.startswith(key + ":")), None)
        if found is None:
            unmet.append(label)
        else:
            keys.remove(found)
    return unmet


def sent_nothing_due(variant: Variant, state: GameState, power: str, orders: list[SubmittedOrder]) -> bool:
    """Whether ``power`` sent nothing for this phase: no line at all, or, when all it owes is the variant's
    inputs (a Payola sheet), no line that meets one of them."""
    if not orders:
        return True
    need = due(variant, state, power)
    if need.units or need.adjustments or not need.inputs:
        return False
    return len(inputs_left(variant, state, power, orders)) == len(need.inputs)


def _kind(order: SubmittedOrder) -> str:
    return order.line.split(None, 1)[0].upper() if order.line.strip() else ""


def orders_complete(variant: Variant, state: GameState, power: str, orders: list[SubmittedOrder]) -> bool:
    units, left = missing(variant, state, power, orders)
    return not units and left == 0 and not inputs_left(variant, state, power, orders)


def order_set(game: Game, variant: Variant, state: GameState, power: str) -> OrderSet:
    """The power's whole order set as the reply, STATUS and reminders show it."""
    orders = game.orders.get(power, [])
    units, left = missing(variant, state, power, orders)
    values = _values(variant, state, orders)
    return OrderSet(power, state.phase, [o.line for o in orders], units, left,
                    [str(u) for u in state.units.get(power, ())], inputs_left(variant, state, power, orders),
                    variant.ruleset.money_committed(state, power, values), _warnings(variant, state, power, values),
                    variant.ruleset.standing(state, power))


def _warnings(variant: Variant, state: GameState, power: str, values: Sequence[Any]) -> tuple[str, ...]:
    """The power's supports and convoys a classic judge would question (``suspect_orders``), in a movement phase."""
    if state.phase.kind != MOVEMENT:
        return ()
    board = variant.map
    own = {board.province_of(u.location) for _, u in commandable(variant, state, power)}
    return tuple(suspect_orders(board, state, values, own))


def _values(variant: Variant, state: GameState, orders: Sequence[SubmittedOrder]) -> list[Any]:
    """Stored lines read back into engine values (a line that no longer reads is left out)."""
    values = []
    for order in orders:
        try:
            value = read_line(variant, state, order.line)
        except OrderError:
            continue
        if value is not None:
            values.append(value)
    return values


# -- orders: checked when given, parsed again when the phase is played ------------------

def check_order(variant: Variant, state: GameState, power: str, order: AnyOrder,
                earlier: Sequence[SubmittedOrder] = ()) -> tuple[AnyOrder, str]:
    """The order as it will be played (unit type, coast filled in), and a reason if this power cannot give it now.

    ``earlier`` is the power's order set so far, which a build, removal or
    waive must not push past what is due.  The engine's own tests of builds
    and retreats decide, so a line accepted here is not voided by the phase.
    """
    board, kind = variant.map, state.phase.kind
    if kind == ADJUSTMENT or isinstance(order, Waive):
        return _check_adjustment(variant, state, power, order, earlier)
    province = board.province_of_or_none(order.location)
    if kind == RETREAT:
        return _check_retreat(variant, state, power, order, province)
    unit = next((u for _, u in commandable(variant, state, power)
                 if board.province_of(u.location) == province), None)
    if unit is None:
        return order, f"there is no unit you may order in {_name(variant, province)}" + _moved(variant, state, power,
                                                                                              province)
    checked, problem = _as_unit(variant, order, unit, province)
    if problem or kind != MOVEMENT or not isinstance(checked, Order):
        return checked, problem
    return movement_problem(variant, state, unit, checked)


def _moved(variant: Variant, state: GameState, power: str, province: str | None) -> str:
    """Where the units of the minor state named by ``province`` now stand, if ``power`` may order them: a minor's
    unit is ordered where it stands (``TRA S ...`` for the Transylvanian army in Wallachia is ``A WAL S ...``)."""
    board = variant.map
    owner = next((s for s, provinces in board.states.items() if province in provinces or s == province), None)
    found = [u for o, u in commandable(variant, state, power) if o == owner] if owner else []
    if not found:
        return ""
    where = ", ".join(f"{_place(variant, u.location)} ({u})" for u in found)
    return f"; {board.state_names.get(owner or '', owner)}'s units are ordered where they stand: now {where}"


def _as_unit(variant: Variant, order: Order, unit: Unit, province: str | None) -> tuple[AnyOrder, str]:
    """The order given to ``unit``: refused if it names the other kind of unit."""
    if order.unit_type and order.unit_type != unit.type:
        what = "an army" if unit.type == "A" else "a fleet"
        return order, f"the unit in {_name(variant, province)} is {what}"
    if isinstance(order, Move) and order.via_convoy and unit.type == FLEET:
        return order, _fleet_via_convoy(variant, order, unit, province)
    return replace(order, unit_type=unit.type, location=unit.location), ""


def _fleet_via_convoy(variant: Variant, order: Move, unit: Unit, province: str | None) -> str:
    """Why ``F TRI - ALB VIA CONVOY`` is refused (a classic judge refuses it too), and the move it may mean."""
    reason = (f"the unit in {_name(variant, province)} is a fleet, and only an army can be convoyed "
              "(VIA CONVOY, or a route through seas)")
    target = variant.map.province_of_or_none(order.target)
    if target is not None and variant.map.fleet_targets(unit.location, target):
        reason += f": a fleet moves on its own, write {unit} - {order.target}"
    return reason


def _check_retreat(variant: Variant, state: GameState, power: str, order: Order,
                   province: str | None) -> tuple[AnyOrder, str]:
    """A retreat goes only where the phase would let it (not occupied, not the attacker's, not a standoff)."""
    board, weights = variant.map, variant.ruleset.order_weights
    found = next((d for d in state.dislodged if weights(state, d.power, d.unit).get(power)
                  and board.province_of(d.unit.location) == province), None)
    if found is None:
        return order, f"no {_adjective(variant, power)} unit must retreat from {_name(variant, province)}"
    checked, problem = _as_unit(variant, order, found.unit, province)
    if problem or not isinstance(checked, Retreat):
        return checked, problem
    target = retreat_target(board, state, found, checked.target)
    if not target:
        options = ", ".join(_place(variant, o) for o in retreat_options(board, state, found))
        return order, (f"the unit in {_name(variant, province)} cannot retreat to {_name(variant, checked.target)}"
                       f" (it may retreat to: {options or 'nowhere'})")
    return replace(checked, target=target), ""


def _check_adjustment(variant: Variant, before: GameState, power: str, order: AnyOrder,
                      earlier: Sequence[SubmittedOrder]) -> tuple[AnyOrder, str]:
    """A build, removal or waive, checked on the position the phase's orders will meet (``orders_meet``)."""
    state = variant.ruleset.orders_meet(before)
    owed = _owed(variant, state, power)
    others = [o for o in earlier if not o.unit or o.unit != unit_key(variant, order)]  # what this line keeps
    if isinstance(order, Waive):
        if owed <= 0:
            return order, "you have no build to waive"
        return order, _over(owed, _builds_given(variant, state, power, others), "build")
    province = variant.map.province_of_or_none(order.location)
    if isinstance(order, Build):
        return _check_build(variant, state, power, order, province, others, owed)
    if isinstance(order, Remove):
        if owed >= 0:
            return order, "you have no units to remove this winter"
        unit = next((u for u in state.units.get(power, ()) if variant.map.province_of(u.location) == province), None)
        if unit is None:
            return order, f"you have no unit in {_name(variant, province)}"
        checked, problem = _as_unit(variant, order, unit, province)
        return checked, problem or _over(-owed, sum(1 for o in others if _kind(o) == "REMOVE"), "removal")
    return order, ""


def _check_build(variant: Variant, state: GameState, power: str, order: Build, province: str | None,
                 others: Sequence[SubmittedOrder], owed: int) -> tuple[AnyOrder, str]:
    """A build the phase will carry out: a free site of the power, the right unit there, within the count."""
    group = next((g for g in variant.ruleset.extra_builds(state, power) if province in g.sites), None)
    if group is not None:  # a build for an aligned minor state (Europe 1615)
        return _check_build_for(variant, state, power, order, group, others)
    raw = variant.ruleset.adjustment_count(state, power)
    if owed <= 0 and raw <= 0:
        return order, "you have no builds this winter"
    if owed <= 0 or province not in _free_sites(variant, state, power):
        why = variant.ruleset.build_refusal(state, power, province) if province else ""
        if not why and province in variant.ruleset.build_sites(state, power):
            why = "is occupied: a unit is built only in a home centre you own where no unit stands"
        reason = f"{_name(variant, province)} {why or 'is not a free home centre of yours'}"
        if owed <= 0:
            reason += (f"; your {raw} build{'s are' if raw > 1 else ' is'} unusable this winter: no home centre "
                       "of yours is free (owned and empty), so there is nothing to order")
        return order, reason
    unit, problem = check_build(variant, state, power, order, variant.ruleset.build_sites(state, power),
                                lambda loc: _name(variant, variant.map.province_of_or_none(loc)))
    if problem:
        return order, problem
    return Build(unit.type, unit.location), _over(owed, _builds_given(variant, state, power, others), "build")


def _check_build_for(variant: Variant, state: GameState, power: str, order: Build, group: BuildsFor,
                     others: Sequence[SubmittedOrder]) -> tuple[AnyOrder, str]:
    """A build for another owner (``Ruleset.extra_builds``): on its free places, within its builds due."""
    owner = variant.map.state_names.get(group.owner) or _name(variant, group.owner)
    if group.due <= 0:
        return order, f"{owner} has no build due"
    if order.unit_type is None and group.untyped:
        order = replace(order, unit_type=group.untyped)
    unit, problem = check_build(variant, state, power, order, group.sites,
                                lambda loc: _name(variant, variant.map.province_of_or_none(loc)))
    if problem:
        return order, problem
    given = sum(1 for o in others if _kind(o) == "BUILD" and o.unit in group.sites)
    if given >= group.due:
        builds = f"{group.due} build{'s' if group.due > 1 else ''}"
        return order, (f"{owner} has {builds} due and your orders already give {given} for it: "
                       "CLEAR them, or replace one by ordering the same place again")
    return Build(unit.type, unit.location), ""


def _builds_given(variant: Variant, state: GameState, power: str, orders: Sequence[SubmittedOrder]) -> int:
    """The builds (on the power's own sites) and waives already in the order set."""
    own = set(_free_sites(variant, state, power))
    return sum(1 for o in orders if _kind(o) == "WAIVE" or (_kind(o) == "BUILD" and o.unit in own))


def _over(allowed: int, given: int, what: str) -> str:
    """Why one more build (or removal) is one too many: the player replaces or CLEARs instead."""
    if given < allowed:
        return ""
    return (f"you have {allowed} {what}{'s' if allowed > 1 else ''} to order and your orders already "
            f"give {given}: CLEAR them, or replace one by ordering the same place again")


def _name(variant: Variant, province: str | None) -> str:
    prov = variant.map.provinces.get(province or "")
    return prov.name if prov is not None else (province or "that place")


def _place(variant: Variant, location: str) -> str:
    """A location by name, with its coast if it has one: ``Spain (NC)``."""
    province, _, coast = location.partition("/")
    return f"{_name(variant, province)} ({coast})" if coast else _name(variant, province)


def _adjective(variant: Variant, power: str) -> str:
    found = variant.map.powers.get(power)
    return found.adjective if found is not None and found.adjective else variant.map.power_title(power)


def engine_orders(variant: Variant, state: GameState, game: Game) -> dict[str, list[AnyOrder]]:
    """Stored order lines back to engine values (they were checked when given), as ``judge adjudicate`` reads them."""
    return orders_from_lines(variant, state, game.orders)


def orders_from_lines(variant: Variant, state: GameState,
                      orders: Mapping[str, Sequence[SubmittedOrder]]) -> dict[str, list[AnyOrder]]:
    """:func:`engine_orders` of any order sets, such as a history record's (``judge replay``)."""
    if line_reader(variant.name, variant.overrides) is None:
        return _standard_orders(variant.name, orders, state.phase.kind)
    return {power: finish_lines(variant, _values(variant, state, lines)) for power, lines in orders.items()}


def _standard_orders(name: str, orders: Mapping[str, Sequence[SubmittedOrder]], kind: str) -> dict[str, list[AnyOrder]]:
    parsed: dict[str, list[AnyOrder]] = {}
    for power, lines in orders.items():
        for order in lines:
            value = _parse_stored(name, order.line, kind)
            if value is not None:
                parsed.setdefault(power, []).append(value)
    return parsed


@lru_cache(maxsize=4096)
def _parse_stored(variant_name: str, line: str, kind: str) -> AnyOrder | None:
    try:
        return parse_order(line, load_variant(variant_name).map, kind)
    except (OrderError, ValueError):
        return None
