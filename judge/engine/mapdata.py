"""A parsed map as plain JSON data and back: what the map cache keeps (``judge.variants.load_map``).

Reading a map file checks every directive and every link; a board read once
need not be read again while its file is unchanged, so the cache keeps the
board itself, as data.  :func:`map_from_json` rebuilds exactly the
:class:`Map` that :func:`judge.engine.mapfile.parse_map` made, order
included (provinces and powers are listed in the order of the file), and
raises ``ValueError`` for data that is not such a board.
"""

from __future__ import annotations

from typing import Any

from judge.engine.geography import Map, Power, Province, StartingUnit, Terrain


def map_to_json(board: Map) -> dict[str, Any]:
    """The board as JSON values (the derived caches on the map are left out: they are rebuilt on use)."""
    return {
        "name": board.name,
        "provinces": [[p.abbr, p.name, p.terrain.value, list(p.coasts), list(p.aliases), p.center, p.port,
                       p.coast_named]
                      for p in board.provinces.values()],
        "powers": [[p.name, p.letter, p.adjective, list(p.aliases), p.title] for p in board.powers.values()],
        "army": {k: sorted(v) for k, v in board.army_adjacency.items()},
        "fleet": {k: sorted(v) for k, v in board.fleet_adjacency.items()},
        "homes": {k: list(v) for k, v in board.homes.items()},
        "units": [[u.power, u.unit_type, u.location] for u in board.starting_units],
        "states": {k: list(v) for k, v in board.states.items()},
        "names": board.names,
        "state_names": board.state_names,
        "labels": {k: list(v) for k, v in board.labels.items()},
        "colours": board.colours,
        "offboard": sorted(board.offboard),
        "victory": board.victory,
    }


def map_from_json(data: Any) -> Map:
    """The board :func:`map_to_json` wrote; ``ValueError`` if ``data`` is not one."""
    try:
        return _board(data)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a map: {type(exc).__name__}: {exc}") from None


def _board(data: dict[str, Any]) -> Map:
    provinces = {}
    for abbr, name, terrain, coasts, aliases, center, port, coast_named in data["provinces"]:
        provinces[str(abbr)] = Province(str(abbr), str(name), Terrain(terrain), _strs(coasts), _strs(aliases),
                                        int(center), bool(port), bool(coast_named))
    powers = {str(p[0]): Power(str(p[0]), str(p[1]), str(p[2]), _strs(p[3]), str(p[4])) for p in data["powers"]}
    board = Map(
        name=str(data["name"]), provinces=provinces, powers=powers,
        army_adjacency={str(k): frozenset(_strs(v)) for k, v in data["army"].items()},
        fleet_adjacency={str(k): frozenset(_strs(v)) for k, v in data["fleet"].items()},
        homes={str(k): _strs(v) for k, v in data["homes"].items()},
        starting_units=tuple(StartingUnit(str(p), str(t), str(loc)) for p, t, loc in data["units"]),
        states={str(k): _strs(v) for k, v in data["states"].items()},
        names={str(k): str(v) for k, v in data["names"].items()},
        offboard=frozenset(_strs(data["offboard"])),
        victory=int(data["victory"]),
    )
    board.state_names.update({str(k): str(v) for k, v in data["state_names"].items()})
    board.labels.update({str(k): (float(x), float(y)) for k, (x, y) in data["labels"].items()})
    board.colours.update({str(k): str(v) for k, v in data["colours"].items()})
    return board


def _strs(values: Any) -> tuple[str, ...]:
    if not isinstance(values, list):
        raise TypeError(f"expected a list, got {type(values).__name__}")
    return tuple(str(v) for v in values)
