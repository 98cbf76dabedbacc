"""Convoy geography: which seas link two coasts, and whether given fleets form a route.

Routes run through sea provinces only (standard rules: a fleet on a coast
cannot convoy).  The sea graph of a map is computed once and cached on it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from judge.engine.geography import Map, Terrain


class SeaGraph:
    """Sea-to-sea links, and the seas touching each province."""

    __slots__ = ("sea_links", "seas_next_to")

    def __init__(self, board: Map) -> None:
        self.seas_next_to: dict[str, frozenset[str]] = {}
        self.sea_links: dict[str, frozenset[str]] = {}
        for abbr, prov in board.provinces.items():
            seas: set[str] = set()
            for loc in board.locations_of(abbr) if prov.terrain is not Terrain.LAND else ():
                seas.update(board.province_of(t) for t in board.fleet_adjacency.get(loc, ())
                            if board.provinces[board.province_of(t)].terrain is Terrain.SEA)
            if prov.terrain is Terrain.SEA:
                self.sea_links[abbr] = frozenset(seas)
            else:
                self.seas_next_to[abbr] = frozenset(seas)

    def useful_fleets(self, source: str, target: str, fleet_seas: Collection[str]) -> frozenset[str]:
        """Seas whose fleet is needed by some convoy route from source to target (DATC 6.G.19).

        A fleet is needed when it lies on a route with no shortcut: each sea of
        the chain touches only its neighbours in the chain, only the first
        touches the source and only the last the target.
        """
        starts = [s for s in self.seas_next_to.get(source, ()) if s in fleet_seas]
        chains = _Chains(self.sea_links, fleet_seas, self.seas_next_to.get(target, frozenset()))
        for first in starts:
            chains.extend([first], frozenset(starts))
        return frozenset(chains.useful)

    def route_through(self, source: str, target: str, fleet_seas: Collection[str]) -> bool:
        """Whether the seas in ``fleet_seas`` alone form a chain from source to target."""
        start = [s for s in self.seas_next_to.get(source, ()) if s in fleet_seas]
        ends = self.seas_next_to.get(target, frozenset())
        return any(s in ends for s in _flood(start, self.sea_links, fleet_seas))


class _Chains:
    """The seas of every chain without a shortcut towards the target's seas (a class, not a closure:
    a recursive closure is a reference cycle, left for the collector at each convoy order)."""

    __slots__ = ("links", "fleet_seas", "ends", "useful")

    def __init__(self, links: dict[str, frozenset[str]], fleet_seas: Collection[str], ends: frozenset[str]) -> None:
        self.links, self.fleet_seas, self.ends = links, fleet_seas, ends
        self.useful: set[str] = set()

    def extend(self, path: list[str], blocked: frozenset[str]) -> None:
        last = path[-1]
        if last in self.ends:
            self.useful.update(path)
            return
        for sea in self.links.get(last, ()):
            if sea in self.fleet_seas and sea not in blocked and sea not in path:
                path.append(sea)
                self.extend(path, blocked | self.links.get(last, frozenset()))
                path.pop()


def _flood(start: Iterable[str], links: dict[str, frozenset[str]], allowed: Collection[str] | None) -> set[str]:
    seen = set(start)
    frontier = list(seen)
    while frontier:
        sea = frontier.pop()
        for nxt in links.get(sea, ()):
            if nxt not in seen and (allowed is None or nxt in allowed):
                seen.add(nxt)
                frontier.append(nxt)
    return seen


def sea_graph(board: Map) -> SeaGraph:
    graph = board.cache.get("sea_graph")
    if not isinstance(graph, SeaGraph):
        graph = board.cache["sea_graph"] = SeaGraph(board)
    return graph
