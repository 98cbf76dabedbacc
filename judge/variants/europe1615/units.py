"""What the units of Version 3 may do: who orders them, where they go, whom they help, what they take.

The ruleset's hooks are thin calls into these functions (R-v3-23, R-v3-24,
R-v3-46 to R-v3-62, R-v3-73 to R-v3-76, R-v3-86, R-v3-87, R-v3-115).
"""

from __future__ import annotations

from judge.engine.orders import Unit
from judge.engine.state import GameState
from judge.variants.europe1615.modifiers import in_force
from judge.variants.europe1615.status import (
    aligned_to,
    controller,
    has_alliance_system,
    modifiers_in_force,
    political,
)
from judge.variants.europe1615.tables import NEUTRAL
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    allocation,
    captured,
    holder,
    home_centres,
    states,
    territory_holder,
    unit_owner_at,
    waived_by,
)

# -- who orders a unit ------------------------------------------------------------------

def order_weights(setup: Setup, state: GameState, owner: str) -> dict[str, int]:
    """R-v3-23, R-v3-24, R-v3-47: the owner; the aligned power; every power weighted by allocation (Ottomans)."""
    if setup.is_power(owner):
        return {owner: 1}
    if owner == setup.ottoman and owner not in setup.minors:  # the edition's ottoman_control = "vote"
        return {p: allocation(setup, state, p) for p in active_powers(setup, state)}
    power = aligned_to(setup, state, owner)
    return {power: 1} if power else {}  # NEUTRAL: ignored; UNALIGNED: nobody (A-v3-02)


# -- the lettered units (R-v3-86, R-v3-87) ------------------------------------------------

def special_positions(setup: Setup, state: GameState) -> dict[str, str]:
    """Where each lettered unit stands now (``"A BOH"``); a letter without a unit is absent.

    A position without ``extra["special"]`` (one written by hand) has the
    option's starting units, where they still stand.
    """
    if "special" in state.extra:
        return {k: str(v) for k, v in state.extra["special"].items() if v}
    present = {(owner, str(u)) for owner, units in state.units.items() for u in units}
    return {letter: loc for letter, (owner, loc) in setup.specials.items() if (owner, loc) in present}


def minor_starts(setup: Setup) -> dict[str, str]:
    """Each minor state's starting unit (``"A PRU"``) and its owner: the "original unit" of R-v3-68, R-1308-48."""
    return {f"{s.unit_type} {s.location}": s.power for s in setup.board.starting_units
            if s.power in setup.minors and s.power != setup.ottoman}


def original_positions(setup: Setup, state: GameState) -> dict[str, str]:
    """Where each minor state's original unit stands now, keyed by its starting unit; a disbanded one is absent.

    The original is the starting unit, or the unit rebuilt in its place; it is
    followed as it moves (``extra["originals"]``).  A position without that
    record (one written by hand) has the starting units where they still stand.
    """
    owners = minor_starts(setup)
    recorded = state.extra.get("originals")
    if recorded is None:
        recorded = {start: start for start in owners}
    present = {(owner, str(u)) for owner, units in state.units.items() for u in units}
    present |= {(d.power, str(d.unit)) for d in state.dislodged}
    return {start: str(where) for start, where in recorded.items()
            if where and (owners.get(start), str(where)) in present}


def special_letter(setup: Setup, state: GameState, owner: str, unit: Unit) -> str:
    """The letter of this unit ("W", "K" ...) or ""."""
    text = str(unit)
    for letter, where in special_positions(setup, state).items():
        if where == text and setup.specials.get(letter, ("", ""))[0] == owner:
            return letter
    return ""


def unit_strength(setup: Setup, state: GameState, owner: str, unit: Unit) -> int:
    """R-v3-87: a lettered unit whose modifier is in force moves, holds, supports and defends as two."""
    letter = special_letter(setup, state, owner, unit)
    if letter and any(m.special == letter for m in in_force(modifiers_in_force(state))):
        return 2
    return 1


# -- movement ------------------------------------------------------------------------------

def may_enter(setup: Setup, state: GameState, owner: str, unit: Unit, province: str) -> bool:
    """R-v3-60 (A-v3-17): a NEUTRAL state's land is closed to others; R-v3-89: Spain and Switzerland.

    R-v3-61: a foreign unit standing in a neutral state "is open to attack and
    dislodgment", so its province may be entered by an attack on it (and only
    by dislodging it: :func:`may_enter_vacated`).
    """
    if neutral_closed(setup, state, owner, province):
        guest = unit_owner_at(state, setup.board, province)
        land = territory_holder(setup, state, province)
        if guest is None or guest == land:
            return False  # R-v3-61: but a foreign unit standing there may be attacked
    return not _lyon_closed(setup, state, owner, province)


def entry_refusal(setup: Setup, state: GameState, owner: str, province: str) -> str:
    """Why :func:`may_enter` bars the move, with the rule, for the results' void line."""
    if _lyon_closed(setup, state, owner, province):
        return "closed to Spain by the Treaty of Lyon unless France grants passage; R-v3-89"
    if neutral_closed(setup, state, owner, province):
        return "a NEUTRAL state's land, closed to the powers' units; R-v3-60"
    return ""


def may_enter_vacated(setup: Setup, state: GameState, owner: str, unit: Unit, province: str) -> bool:
    """R-v3-61: "If the army moves out of the neutral state, no other unit can enter": only a dislodgement gets in.

    ``vacated_neutral = "open"`` keeps the judge's earlier reading: an attack on the army enters once it left.
    """
    return setup.options["vacated_neutral"] == "open" or not neutral_closed(setup, state, owner, province)


def neutral_closed(setup: Setup, state: GameState, owner: str, province: str) -> bool:
    """Whether ``province`` is a NEUTRAL state's land, closed to ``owner``'s units (R-v3-60, A-v3-17)."""
    land = territory_holder(setup, state, province)
    closed = (land is not None and land != owner and land in states(setup, state)
              and not captured(setup, state, land) and political(setup, state, land)[0] == NEUTRAL)
    return closed and (setup.options["neutral_bars"] == "all" or setup.is_power(owner))


def _lyon_closed(setup: Setup, state: GameState, owner: str, province: str) -> bool:
    if "TREATY_OF_LYON" not in modifiers_in_force(state) or controller(setup, state, owner) != "SPAIN":
        return False
    swiss = states(setup, state).get("SWI", ())
    return province in swiss and province not in state.extra.get("permitted", [])


def may_dislodge(setup: Setup, state: GameState, power: str, victim_owner: str) -> bool:
    """R-v3-53 (A-v3-04): nobody dislodges a unit on its own side, counting aligned minor states as that side."""
    return controller(setup, state, power) != controller(setup, state, victim_owner)


def may_retreat(setup: Setup, state: GameState, owner: str) -> bool:
    """R-v3-50, R-v3-54: minor and Ottoman units are disbanded, unless a modifier lets them retreat.

    A-1308-05 (``minor_retreats = "aligned"``): an aligned state's unit
    retreats under its aligned power (R-1308-28); a neutral or unmarked
    state's unit is disbanded (R-1308-45).
    """
    if setup.is_power(owner):
        return True
    if any(owner in m.retreats for m in in_force(modifiers_in_force(state))):
        return True
    return setup.options["minor_retreats"] == "aligned" and aligned_to(setup, state, owner) is not None


# -- support and convoy ------------------------------------------------------------------------

def papal_zone(setup: Setup) -> frozenset[str]:
    """R-v3-74: the Papal States and the provinces next to them (VEN, PIA, TUS, NAP)."""
    papal = setup.minors.get(setup.papal, ())
    near = {n for p in papal for n in setup.board.army_adjacency.get(p, ())}
    return frozenset(near | set(papal))


def islamic_centre(setup: Setup, state: GameState, province: str) -> bool:
    """An Islamic centre: a home centre of an Islamic state, whoever holds it now."""
    return any(province in home_centres(setup, state, s) for s in setup.islamic)


def may_support(setup: Setup, state: GameState, owner: str, supported_owner: str, supported: Unit,
                into: str | None) -> bool:
    """R-v3-62 (R-1308-27, R-1308-45), R-v3-74 to R-v3-76 (editions with ``muslim_rules``)."""
    if into is None:
        return not _neutral_at_home(setup, state, supported_owner, supported)
    if not setup.edition.muslim_rules:
        return True
    mine, theirs = setup.is_muslim(owner), setup.is_muslim(supported_owner)
    if not mine and theirs:
        return into not in papal_zone(setup)  # R-v3-74
    if mine and not theirs:
        defender = unit_owner_at(state, setup.board, into)
        if defender is not None and setup.is_muslim(defender):
            return False  # R-v3-75: no help to a Christian attack on a Muslim unit
        if islamic_centre(setup, state, into):
            return _allied(setup, state, owner, supported_owner)  # R-v3-76
    return True


def _neutral_at_home(setup: Setup, state: GameState, owner: str, unit: Unit) -> bool:
    """R-v3-62: a NEUTRAL state's unit may be supported only when it is outside its state of origin."""
    if owner not in states(setup, state) or political(setup, state, owner)[0] != NEUTRAL:
        return False
    return setup.board.province_of(unit.location) in states(setup, state)[owner]


def may_convoy(setup: Setup, state: GameState, owner: str, army_owner: str, army: Unit, into: str) -> bool:
    """R-v3-73: minor armies go by sea only as lettered units; R-v3-74, R-v3-76: Christian and Muslim."""
    if army_owner in states(setup, state) and not setup.options["convoy_minor_armies"]:
        letter = special_letter(setup, state, army_owner, army)
        if not letter or not any(m.special == letter for m in in_force(modifiers_in_force(state))):
            return False
    mine, theirs = setup.is_muslim(owner), setup.is_muslim(army_owner)
    if not setup.edition.muslim_rules:
        return True
    if not mine and theirs:
        return into not in papal_zone(setup)
    if mine and not theirs and islamic_centre(setup, state, into):
        return _allied(setup, state, owner, army_owner)
    return True


def _allied(setup: Setup, state: GameState, muslim: str, christian: str) -> bool:
    """A-v3-07: "unless an alliance system is in place"."""
    side = controller(setup, state, christian)
    if not setup.is_power(side) or not has_alliance_system(setup, state, side):
        return False
    if setup.options["muslim_alliance"] == "any":
        return True
    return controller(setup, state, muslim) == side


# -- capture -------------------------------------------------------------------------------

def may_capture(setup: Setup, state: GameState, owner: str, province: str) -> bool:
    """R-v3-52, R-v3-57, R-v3-58 (A-v3-06), R-v3-115, R-1308-39, R-1308-40: when a unit on a centre does not take it."""
    if owner in states(setup, state) and captured(setup, state, owner):
        return False  # a state that has lost its capital takes nothing more (R-v3-55)
    if owner in states(setup, state) and owner != setup.ottoman and not setup.edition.minor_capture:
        return False  # R-1308-40: minor armies take no centre; the Ottomans do
    side = controller(setup, state, owner)
    if side in waived_by(state, province):
        return False  # R-v3-115
    current = holder(setup, state, province)
    if setup.edition.internment and current in states(setup, state) and current != owner and not captured(
            setup, state, current) and political(setup, state, current)[0] == NEUTRAL:
        return False  # R-1308-44: a unit in a NEUTRAL state is interned at the build phase, not its captor
    if owner in states(setup, state):
        if political(setup, state, owner)[0] == NEUTRAL and current != owner and not setup.edition.neutral_capture:
            return False  # R-v3-52; 2013-08's Ottomans "are able to capture" whatever their status (R-1308-40)
        if side != owner and current == side and setup.options["reciprocal_alliance"] == "power":
            return False  # R-v3-57: "This is reciprocal"
    allied_land = (current is not None and current != owner and current in states(setup, state)
                   and aligned_to(setup, state, current) == side and not captured(setup, state, current))
    return not allied_land  # R-v3-57, R-v3-58: a power and its allies do not take an aligned state's land
