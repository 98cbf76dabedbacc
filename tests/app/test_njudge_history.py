"""Issue 25, point 3: histories and start mails in njudge's layout, which programs for the classic judges read.

A standard game is played by mail for several years on seeded random orders
(``tests/soak.py``: moves, supports, convoys, dislodgements, retreats,
disbands, builds too few or refused so that some are left pending, removals
left to the civil disorder rule), its HISTORY is asked for by mail, and the
reply is read by ``tests/app/njudge_parser.py``, a reader written from
njudge's layout alone: every phase must give back the position the judge
stored after it.
"""

from __future__ import annotations

import random
import re

from judge.app.sandbox import Sandbox
from judge.engine.codec import state_from_json
from judge.engine.geography import Map
from judge.engine.state import GameState
from judge.render.words import owner_name, place
from judge.variants import load_variant
from tests.app.helpers import GAME, GM, address, gm, send_as, start_game, to
from tests.app.njudge_parser import Position, Start, read_history, read_start, replay
from tests.soak import _orders

VARIANT = load_variant("standard")
COASTS = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}
YEARS = 5
SEED = "f"  # a game that meets every line below: retreats, lost and unusable builds, defaults...


def _play_years(sandbox: Sandbox, years: int, seed: str) -> None:
    """Every phase: each power mails its random orders (some refused on arrival), then the GM processes."""
    rng = random.Random(seed)
    while True:
        stored = sandbox.store.load_game(GAME)
        state = state_from_json(VARIANT, stored.state)
        if state.phase.year >= 1901 + years or stored.status != "active":
            return
        for power, orders in sorted(_orders(VARIANT, state, rng).items()):
            if orders:
                send_as(sandbox, power.title(), "\n".join(str(o) for o in orders))
        gm(sandbox, "PROCESS!")
        sandbox.poll()
        assert sandbox.store.load_game(GAME).state["phase"] != str(state.phase), f"{state.phase} was not played"


def _a_convoy(sandbox: Sandbox) -> None:
    """One movement phase with a convoy that stands: random convoys are refused on arrival now (issue 36)."""
    stored = sandbox.store.load_game(GAME)
    state = state_from_json(VARIANT, stored.state)
    board = VARIANT.map
    for power, units in sorted(state.units.items()):
        for fleet in (u for u in units if u.type == "F" and board.terrain(u.location).value == "sea"):
            shore = sorted(board.province_of(t) for t in board.fleet_adjacency[fleet.location])
            army = next((u for u in units if u.type == "A" and board.province_of(u.location) in shore), None)
            goal = next((p for p in shore if army is not None and p != board.province_of(army.location)
                         and board.terrain(p).value == "coast"), None)
            if army is not None and goal is not None:
                send_as(sandbox, power.title(), f"{fleet} C {army} - {goal}\n{army} - {goal} VIA CONVOY")
                gm(sandbox, "PROCESS!")
                sandbox.poll()
                return
    raise AssertionError(f"no power has a fleet at sea beside one of its armies in {state.phase}")


def _place(board: Map, location: str) -> str:
    words = place(board, location)
    return words.name + (f" ({COASTS[words.coast]})" if words.coast else "")


def _words(board: Map, state: GameState) -> Position:
    """A stored position in the words of the results: ("Russia", "Fleet", "St Petersburg (south coast)")."""
    def unit(power: str, text: str) -> tuple[str, str, str]:
        kind, _, location = text.partition(" ")
        return owner_name(board, power), {"A": "Army", "F": "Fleet"}[kind], _place(board, location)

    return Position(
        units={unit(p, str(u)) for p, us in state.units.items() for u in us},
        dislodged={unit(d.power, str(d.unit)): frozenset(_place(board, r) for r in d.retreats)
                   for d in state.dislodged},
        centers={owner_name(board, p): {board.provinces[c].name for c in cs} for p, cs in state.centers.items() if cs})


def test_25_3_a_standard_game_s_history_mailed_gives_back_every_phase_s_position_in_njudge_s_layout(
        sandbox: Sandbox) -> None:
    start_game(sandbox)
    _play_years(sandbox, YEARS, SEED)
    _a_convoy(sandbox)
    sandbox.send("reader@example.org", f"HISTORY {GAME}", "history")
    sandbox.poll()
    [mail] = [m for m in to(sandbox.new_mail(), "reader@") if str(m.message["Subject"]).startswith("History of")]
    history = read_history(sandbox.text(mail))
    records = sandbox.store.phases(GAME)

    assert (history.judge, history.game, history.variant) == ("demo-judge", GAME, "Standard")
    assert [t.phase for t in history.turns] == [r.phase for r in records]
    assert {(t.judge, t.game) for t in history.turns} == {("demojudge", GAME)}
    opening = VARIANT.ruleset.initial_state()
    read = replay(history, {owner_name(VARIANT.map, p): {VARIANT.map.provinces[c].name for c in cs}
                            for p, cs in opening.centers.items()})
    for (phase, position), record in zip(read, records, strict=True):
        stored = _words(VARIANT.map, state_from_json(VARIANT, record.results["state_after"]))
        assert (phase, position.units, position.dislodged, position.centers) == \
               (record.phase, stored.units, stored.dislodged, stored.centers)

    texts = "\n".join(r.text for r in records)  # the game met what the layout has to say
    kinds = {r.phase[-1] for r in records}
    assert kinds == {"M", "R", "A"} and len(records) >= 3 * YEARS
    for line in ("(*bounce*)", "(*dislodged*)", " CONVOY ", "with no valid retreats was destroyed.",
                 ", No Order Processed (DISBAND).", "Build waived.", " build pending.", " unusable build",
                 "Removes the ", "Defaults, removing the "):
        assert line in texts, line
    assert re.search(r"can retreat to [^,\n]+ or [^,\n]+ or [^,\n]+\.", texts)


def test_25_3_the_start_mail_is_njudge_s_with_our_lines_kept(sandbox: Sandbox) -> None:
    start_game(sandbox)
    started = {str(m.message["To"]): sandbox.text(m) for m in sandbox.sent()
               if str(m.message["Subject"]) == f"Game {GAME} has started"}
    opening = _words(VARIANT.map, VARIANT.ruleset.initial_state()).units
    france = started[address("France")]
    assert read_start(france) == Start("demo-judge", GAME, "France", "Spring 1901", frozenset(opening))
    assert "Game 'demo' (Standard) has started.\nYou are playing France.\n" in france  # our lines stay
    master = started[GM]
    assert read_start(master) == Start("demo-judge", GAME, None, "Spring 1901", frozenset(opening))
    assert "You are its game master; this is the GM's copy." in master
