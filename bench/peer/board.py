"""The board, as the generator needs it (taken from the judge's own map)."""

from __future__ import annotations

#: Every generated position is a standard-map movement phase of this season.
PHASE = "S1901M"
VARIANT = "standard"


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
