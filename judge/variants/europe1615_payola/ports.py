"""Owned ports that are not supply centres, as fleet build sites (R-1304-54, PY-43).

April's text: "Owned ports may be used as a build site for fleets whether or
not it is a supply center."  The judge otherwise owns centres only, so this
module keeps who owns each port that is not a centre (``extra["port_owners"]``):
at the start, the edition's ``[options.port_owners]`` (DERIVED: the power whose
home territory held the port on the 1600 map, SOURCES.md §8.4 [P-P3]); then,
as centres change hands (A-PY-14), a power's unit standing in such a port at
the Winter takes it, unless the power waived the change (R-1304-51).  Only
the ``fleet_builds = "owned_ports"`` strategy uses it; March builds on
centres alone.
"""

from __future__ import annotations

from judge.engine.orders import Unit
from judge.engine.state import GameState
from judge.variants.europe1615_payola.world import Game

PORT_OWNERS = "port_owners"
OWNED_PORTS = "owned_ports"


def in_use(game: Game) -> bool:
    """Whether the edition builds fleets in owned ports that are not centres."""
    return bool(game.edition.fleet_builds == OWNED_PORTS)


def plain_ports(game: Game) -> frozenset[str]:
    """The ports that are not supply centres: the only places this module owns."""
    return frozenset(a for a, p in game.board.provinces.items() if p.port and not p.is_center)


def starting_owners(game: Game) -> dict[str, str]:
    """The edition's owners of the plain ports at the start (none where the strategy is not in use)."""
    if not in_use(game):
        return {}
    ports = plain_ports(game)
    return {port: power for port, power in sorted(game.edition.port_owners.items()) if port in ports}


def take_ports(game: Game, state: GameState, waived: dict[str, list[str]]) -> None:
    """The Winter's change of ownership: a power's unit in a plain port takes it, unless it waived the port."""
    if not in_use(game):
        return
    ports = plain_ports(game)
    owners = state.extra.setdefault(PORT_OWNERS, {})
    for power in game.powers:
        for unit in state.units.get(power, ()):
            port = game.board.province_of(unit.location)
            if port in ports and port not in waived.get(power, ()):
                owners[port] = power


def owned_ports(game: Game, state: GameState, power: str) -> tuple[str, ...]:
    """The plain ports the power owns: fleet build sites, never army ones."""
    if not in_use(game):
        return ()
    return tuple(sorted(p for p, owner in state.extra.get(PORT_OWNERS, {}).items() if owner == power))


def may_build_here(game: Game, state: GameState, power: str, unit: Unit) -> bool:
    """A fleet only in a port; an army never in a plain port (it is no centre: only fleets are built there)."""
    province = game.board.provinces[game.board.province_of(unit.location)]
    if unit.type == "F":
        return province.port
    return province.is_center
