"""Issue 9, item 16: the winter results say when a power lost builds it did not order by the deadline.

Issue 25, point 3: they say it as njudge does, in its padded power column, so that importers of the
classic judges' histories read the line ("Germany:   1 build pending.", or "... unusable builds waived."
when no home centre was free for them).
"""

from __future__ import annotations

import pytest

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, address, gm, send_as, start_game, to

LOST = "Germany:   1 build pending."


def _to_winter(sandbox: Sandbox) -> None:
    """Germany takes Denmark in 1901: one build due in W1901A."""
    start_game(sandbox)
    send_as(sandbox, "Germany", "F KIE - DEN")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    send_as(sandbox, "Germany", "F DEN H")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "W1901A"
    sandbox.new_mail()


def _winter_results(sandbox: Sandbox) -> str:
    found = [sandbox.text(m) for m in to(sandbox.new_mail(), address("Italy"))
             if str(m.message["Subject"]) == f"Diplomacy results {GAME} W1901A"]
    assert len(found) == 1
    return found[0]


def test_a_build_not_ordered_by_the_deadline_is_said_to_be_lost(sandbox: Sandbox) -> None:
    _to_winter(sandbox)
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    text = _winter_results(sandbox)
    assert LOST in text
    assert sorted(sandbox.store.load_game(GAME).state["units"]["GERMANY"]) == ["A BER", "A MUN", "F DEN"]


@pytest.mark.parametrize("order", ["BUILD A KIE", "WAIVE"])
def test_a_build_made_or_waived_is_not_lost(sandbox: Sandbox, order: str) -> None:
    _to_winter(sandbox)
    send_as(sandbox, "Germany", order)
    sandbox.poll()
    text = _winter_results(sandbox)
    assert "pending" not in text and "waived." not in text.replace("Build waived.", "")


def test_25_3_builds_with_no_free_home_centre_are_unusable_and_waived(sandbox: Sandbox) -> None:
    _to_winter(sandbox)
    game = sandbox.store.load_game(GAME)
    game.state["centers"]["GERMANY"].append("HOL")  # five centres, four units, Kiel taken: nowhere to build
    game.state["units"]["GERMANY"].append("A KIE")
    sandbox.store.save_game(game)
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    text = _winter_results(sandbox)
    assert "Germany:   1 unusable build waived.\n" in text and "pending" not in text
