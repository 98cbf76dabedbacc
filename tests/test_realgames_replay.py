"""The real-games replay itself (tests/realgames/replay.py), on a record made here: no corpus needed.

A record whose next position does not follow from its orders must come out
as a difference that names the phase, prints the orders and both outcomes.
"""

from __future__ import annotations

from judge.engine import Move, Unit
from judge.variants import load_variant
from tests.realgames.corpus import Game, Recorded
from tests.realgames.replay import AGREES, DIFFERS, replay_game

STANDARD = load_variant("standard")


def _game(after: list[Unit]) -> Game:
    first = Recorded("S1901M", {"FRANCE": [Unit("A", "PAR")]}, {"FRANCE": {"PAR"}},
                     orders={"FRANCE": [Move("A", "PAR", "BUR")]}, written=["par move bur"])
    return Game("made", "game_1", [first, Recorded("F1901M", {"FRANCE": after}, {"FRANCE": {"PAR"}})])


def test_a_record_that_follows_from_its_orders_agrees() -> None:
    assert [r.status for r in replay_game(_game([Unit("A", "BUR")]), STANDARD)] == [AGREES]


def test_a_record_that_does_not_differs_with_the_phase_the_orders_and_both_outcomes() -> None:
    (replayed,) = replay_game(_game([Unit("A", "PAR")]), STANDARD)   # the move listed but not carried out
    assert replayed.status == DIFFERS
    text = replayed.explain()
    assert text.startswith("made/game_1 S1901M: differs")
    assert "par move bur" in text and "FRANCE: A PAR - BUR -> ok" in text
    assert "units only in the record: FRANCE A PAR" in text and "units only in the engine: FRANCE A BUR" in text
    assert "the record's next position (F1901M):\n    FRANCE: units A PAR; centres PAR" in text
    assert "the engine's next position (F1901M):\n    FRANCE: units A BUR; centres PAR" in text
