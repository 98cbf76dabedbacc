"""The ``diplomacy`` package's side: optional, imported only when the script runs."""

from __future__ import annotations

import sys

from bench.peer.outcome import Outcome, province


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
            retreats[key] = frozenset(province(p) for p in places)
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
