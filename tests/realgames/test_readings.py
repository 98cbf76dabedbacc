"""One real phase each older reading decides, replayed with and without it (docs/rules-choices.md)."""

from __future__ import annotations

import pytest

from judge.variants import load_variant
from tests.realgames.corpus import games
from tests.realgames.replay import AGREES, DIFFERS, replay_game

BOARD = load_variant("standard").map


def _replayed(source: str, name: str, phase: str, options: dict) -> str:
    game = next(games(BOARD, source, {name}))
    found = [r for r in replay_game(game, load_variant("standard", options)) if r.phase == phase]
    assert found, f"{source}/{name} has no phase {phase}"
    return found[0].status + "\n" + found[0].explain()


@pytest.mark.parametrize(("source", "name", "phase", "base", "option"), [
    # Russia owns only STP and must remove A LVN or A SIL: 2023 removes SIL, the server LVN (2000 rule).
    ("droidippy", "game_12042", "W1906A", {}, {"civil_disorder": "2000"}),
    # Russia removes two of F BER, A RUH...: by sea F BER is as far from home as A RUH (3), and goes first as a
    # fleet; the server counted F BER over land (2, by Prussia to Warsaw) and removed A RUH.
    ("droidippy", "game_1190", "W1912A", {"civil_disorder": "2000", "via_fallback": True},
     {"civil_disorder": "2000_any_route"}),
    # England's lon move yor via convoy with no fleet ordered to carry it: the server moved it by land.
    ("droidippy", "game_4613", "S1907M", {"civil_disorder": "2000_any_route"}, {"via_fallback": True}),
    # Turkey's A CON - BUL VIA with the Black Sea fleet holding: the package's engine went by land.
    ("mila", "network/3", "S1902M", {}, {"via_fallback": True}),
    # Turkey's A CON - BUL (no VIA), its own F AEG convoying, F BUL/EC - CON: webDiplomacy bounced them.
    ("cicero", "game_443777", "F1907M", {"civil_disorder": "2000"}, {"adjacent_convoy": "via"}),
])
def test_the_option_decides_a_real_phase(source: str, name: str, phase: str, base: dict, option: dict) -> None:
    assert _replayed(source, name, phase, base).startswith(DIFFERS)
    assert _replayed(source, name, phase, {**base, **option}).startswith(AGREES)
