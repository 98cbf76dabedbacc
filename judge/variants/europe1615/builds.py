"""Late Winter: the ballot for the coming year, then builds (R-v3-65, R-v3-68, R-v3-77, R-v3-115 to R-v3-120).

Powers build and remove through the standard adjustment phase, with the
ruleset's ``build_sites`` and ``adjustment_count``.  Minor states build
through their aligned power (its build orders for places the minor holds),
and rebuild their lost army on their own; the Ottomans build armies on
their own (a GM default: the text names nobody to order them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.adjustments import adjudicate_adjustments
from judge.engine.geography import Terrain
from judge.engine.orders import ARMY, FLEET, Build, Order, Unit, Waive
from judge.engine.results import OK, VOID, OrderResult, PhaseOutcome
from judge.engine.ruleset import BuildsFor
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.variants.europe1615.ballots import hold_ballot
from judge.variants.europe1615.inputs import Ballot
from judge.variants.europe1615.modifiers import in_force
from judge.variants.europe1615.status import (
    aligned_to,
    modifiers_in_force,
    religion,
    status_sheet,
)
from judge.variants.europe1615.tables import OPPOSED
from judge.variants.europe1615.turn import out_of_phase, sort_orders
from judge.variants.europe1615.units import minor_starts, original_positions, special_positions
from judge.variants.europe1615.winter import settle_build_phase
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    capital,
    captured,
    holder,
    holdings,
    home_centres,
    states,
    unit_owner_at,
)


def play_late_winter(variant: Variant, setup: Setup, state: GameState,
                     orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
    """Late Winter (Version 3), or the build phase of an edition without Early Winter, which settles first."""
    found = sort_orders(orders)
    work = state.copy()
    settles = ("W", "E") not in setup.edition.phases
    notes, results = settle_build_phase(setup, work) if settles else ([], [])
    results += out_of_phase(found, (Ballot,) if setup.edition.modifiers else (),
                            "the build phase" if settles else "Late Winter")
    if setup.edition.modifiers:
        results += hold_ballot(setup, work, found.of(Ballot))
    results += rebuild_minors(setup, work)
    own, for_minors = route_builds(setup, work, found.units)
    results += minor_builds(setup, work, for_minors)
    results += ottoman_builds(setup, work)
    outcome = adjudicate_adjustments(variant, work, own)
    outcome.state.extra.pop("waived", None)  # R-v3-115, R-1308-69: a waiver holds until this build phase
    if settles:
        outcome.state.extra["notes"] = notes
        outcome.state.extra["status"] = status_sheet(setup, outcome.state)  # the sheet the next phase's INFs read
    outcome.results = results + outcome.results
    return outcome


def before_builds(setup: Setup, state: GameState) -> GameState:
    """The position the build orders meet (``Ruleset.orders_meet``), on a copy: the phase's own first steps.

    An edition without Early Winter settles the year first (2013-08); minor
    states rebuild their lost unit before anyone builds for them.  The ballot
    comes between, and cannot be known before every vote is in: a modifier it
    brings in may still bar a power's build site (R-v3-119); it never changes
    a minor state's builds.
    """
    work = state.copy()
    if ("W", "E") not in setup.edition.phases:
        settle_build_phase(setup, work)
    rebuild_minors(setup, work)
    return work


def builds_for_minors(setup: Setup, state: GameState, power: str) -> tuple[BuildsFor, ...]:
    """R-v3-65, R-1308-35: the minor states aligned to ``power`` with a free centre: builds due, free centres.

    As :func:`route_builds` and :func:`minor_builds` will find them, for the
    mail commands to check a build when it arrives: a build on a centre the
    aligned minor holds is the minor's, one per centre it holds beyond its units,
    an army where the order names no unit (the text does not say; the phase builds one).
    ``state`` is the position the builds meet (:func:`before_builds`).
    """
    work, found = state, []
    for minor in states(setup, work):
        if aligned_to(setup, work, minor) != power:
            continue
        held = holdings(setup, work, minor)
        free = tuple(sorted(c for c in held if unit_owner_at(work, setup.board, c) is None))
        if free:
            found.append(BuildsFor(minor, len(held) - work.unit_count(minor), free, untyped=ARMY))  # _minor_unit
    return tuple(found)


def may_build(setup: Setup, unit: Unit) -> bool:
    """R-1308-73 (``fleet_builds = "ports"``): a fleet is built only in a port."""
    if setup.edition.fleet_builds != "ports" or unit.type != FLEET:
        return True
    province = setup.board.province_of_or_none(unit.location)
    return province is not None and setup.board.provinces[province].port


def power_build_sites(setup: Setup, state: GameState, power: str) -> tuple[str, ...]:
    """R-v3-118, R-v3-119, R-1308-72, R-1308-74: owned homes and captured minor centres, less the barred ones.

    Never an Islamic centre, nor one a modifier bans; an edition with
    ``faith_builds`` bars a centre where the opposing faith holds sway, and
    ``captured_builds = "same_faith"`` (the default reading of both editions)
    adds the captured homes of powers of the power's own faith.
    """
    owned = holdings(setup, state, power)
    banned = {m.no_build[1] for m in in_force(modifiers_in_force(state)) if m.no_build and m.no_build[0] == power}
    islamic = {c for s in setup.islamic for c in home_centres(setup, state, s)}
    minor_homes = {c for m in states(setup, state) for c in home_centres(setup, state, m)}
    sites = [c for c in home_centres(setup, state, power) if c in owned]
    sites += sorted(c for c in owned & minor_homes if c not in sites)
    if setup.options["captured_builds"] == "same_faith":
        faith = setup.faith.get(power)
        sites += sorted(c for p in setup.powers if p != power and setup.faith.get(p) == faith
                        for c in home_centres(setup, state, p) if c in owned)
    barred = banned | islamic | (_opposed_centres(setup, state, power) if setup.edition.faith_builds else set())
    return tuple(c for c in sites if c not in barred)


def _opposed_centres(setup: Setup, state: GameState, power: str) -> set[str]:
    """Centres of minor states the opposing faith controls (R-1308-72), and homes of its powers (R-1308-74)."""
    opposed = OPPOSED.get(setup.faith.get(power, ""))
    found = {c for m in states(setup, state) if religion(setup, state, m) == opposed and opposed
             for c in home_centres(setup, state, m)}
    return found | {c for p in setup.powers if opposed and setup.faith.get(p) == opposed
                    for c in home_centres(setup, state, p)}


def power_adjustment_count(setup: Setup, state: GameState, owner: str) -> int:
    """Builds or removals of a power; minor states and the Ottomans adjust in their own steps."""
    if not setup.is_power(owner):
        return 0
    if owner not in active_powers(setup, state):
        return -state.unit_count(owner)
    return len(holdings(setup, state, owner)) - state.unit_count(owner)


def route_builds(setup: Setup, state: GameState, given: Mapping[str, Sequence[Order | Waive]]
                 ) -> tuple[dict[str, list[Order | Waive]], dict[str, list[Build]]]:
    """A power's build in a place its aligned minor holds is the minor's build (R-v3-65)."""
    own: dict[str, list[Order | Waive]] = {}
    minors: dict[str, list[Build]] = {}
    for power, orders in given.items():
        for order in orders:
            province = setup.board.province_of_or_none(order.location) if isinstance(order, Build) else None
            minor = _minor_holding(setup, state, province, power) if province else None
            if minor is None:
                own.setdefault(power, []).append(order)
            else:
                minors.setdefault(minor, []).append(order)  # type: ignore[arg-type]
    return own, minors


def _minor_holding(setup: Setup, state: GameState, province: str, power: str) -> str | None:
    for minor in states(setup, state):
        if province in holdings(setup, state, minor) and aligned_to(setup, state, minor) == power:
            return minor
    return None


def minor_builds(setup: Setup, state: GameState, given: Mapping[str, Sequence[Build]]) -> list[OrderResult]:
    """R-v3-65, R-1308-35: the aligned power builds for a minor state with more centres than units.

    The builds of a secretly steered Ottoman Empire are reported as the
    Empire's, so that nobody learns who steers it (R-1308-32).
    """
    results = []
    for minor, builds in given.items():
        power = aligned_to(setup, state, minor) or minor
        if minor == setup.ottoman and setup.edition.secret_ottoman:
            power = minor
        for order in builds:
            due = len(holdings(setup, state, minor)) - state.unit_count(minor)
            unit, problem = _minor_unit(setup, state, order)
            if not problem and not may_build(setup, unit):
                problem = f"{unit.location} is not a port: fleets are built only in ports"
            if not problem and due <= 0:
                problem = f"{minor} has no build due"
            if problem:
                results.append(OrderResult(power, order.unit_text, order, VOID, problem))
                continue
            state.units.setdefault(minor, []).append(unit)
            _take_letter(setup, state, minor, unit)
            results.append(OrderResult(minor, unit, order, OK, f"built for {minor}"))  # the minor builds (R-v3-65)
    return results


def _minor_unit(setup: Setup, state: GameState, order: Build) -> tuple[Unit, str]:
    board = setup.board
    province = board.province_of(order.location)
    kind = order.unit_type or ARMY
    if unit_owner_at(state, board, province) is not None:
        return Unit(kind, order.location), f"{province} is occupied"
    terrain = board.provinces[province].terrain
    if kind == FLEET and (terrain is not Terrain.COAST or (board.provinces[province].coasts and
                                                          "/" not in order.location)):
        return Unit(kind, order.location), f"a fleet cannot be built at {order.location}"
    return Unit(kind, order.location if kind == FLEET else province), ""


def rebuild_minors(setup: Setup, state: GameState) -> list[OrderResult]:
    """R-v3-68, R-1308-48: a minor state rebuilds its original unit, if it was disbanded, on a free centre of its own.

    "a new unit is automatically built if the original unit was previously
    disbanded": the state may hold other units (a dominion's); what counts is
    that its original unit is gone.  A state that began without a unit (one
    made in play, Catalonia) raises an army when it has none.
    """
    results: list[OrderResult] = []
    originals = original_positions(setup, state)
    starts = minor_starts(setup)
    for minor in states(setup, state):
        if captured(setup, state, minor):
            continue
        own = [start for start, owner in starts.items() if owner == minor]
        lost = [start for start in own if start not in originals]
        if not own and not state.units.get(minor):
            lost = [""]
        for start in lost:
            if state.unit_count(minor) >= len(holdings(setup, state, minor)):
                break  # one unit per centre held, as for any build
            unit = _rebuild_site(setup, state, minor, start)
            if unit is None:
                continue
            state.units.setdefault(minor, []).append(unit)
            if start:
                originals[start] = str(unit)
            _take_letter(setup, state, minor, unit)
            results.append(OrderResult(minor, unit, f"BUILD {unit}", OK, "rebuilt automatically"))
    state.extra["originals"] = originals
    return results


def _rebuild_site(setup: Setup, state: GameState, minor: str, start: str) -> Unit | None:
    """The lost unit again on its own centre if that is free and the state's, else an army in the free capital."""
    board = setup.board
    homes = home_centres(setup, state, minor)
    original = Unit.parse(start) if start else None
    if original is not None and board.province_of(original.location) in homes:
        candidates = [(board.province_of(original.location), original)]
    else:
        candidates = []
    home = capital(setup, state, minor)
    if home is not None:
        candidates.append((home, _starting_unit(setup, minor, home)))
    for province, unit in candidates:
        if holder(setup, state, province) == minor and unit_owner_at(state, board, province) is None:
            return unit
    return None


def _starting_unit(setup: Setup, minor: str, home: str) -> Unit:
    for start in setup.board.starting_units:
        if start.power == minor and setup.board.province_of(start.location) == home:
            return Unit(start.unit_type, start.location)
    return Unit(ARMY, home)


def _take_letter(setup: Setup, state: GameState, owner: str, unit: Unit) -> None:
    """A new army of a state whose lettered army is missing becomes it (R-v3-95 to R-v3-102); W never returns."""
    if unit.type != ARMY:
        return
    positions = special_positions(setup, state)
    for letter, (who, _) in setup.specials.items():
        if who == owner and letter not in positions and letter != "W":
            positions[letter] = str(unit)
            state.extra["special"] = positions
            lost = [x for x in state.extra.get("lost_specials", []) if x != letter]
            state.extra["lost_specials"] = lost
            return


def ottoman_builds(setup: Setup, state: GameState) -> list[OrderResult]:
    """The Ottomans build armies on free centres they hold, home centres and the most valuable first."""
    owner, results = setup.ottoman, list[OrderResult]()
    if owner in setup.minors and aligned_to(setup, state, owner) is not None:
        return results  # R-1308-28, R-1308-35: the aligned power orders the Ottoman builds
    due = len(holdings(setup, state, owner)) - state.unit_count(owner)
    homes = home_centres(setup, state, owner)
    free = sorted((c for c in holdings(setup, state, owner) if unit_owner_at(state, setup.board, c) is None),
                  key=lambda c: (c not in homes, -setup.value(c), c))
    for centre in free[:max(due, 0)]:
        unit = Unit(ARMY, centre)
        state.units.setdefault(owner, []).append(unit)
        results.append(OrderResult(owner, unit, f"BUILD {unit}", OK, "built automatically"))
    return results
