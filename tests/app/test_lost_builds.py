"""Issue 9, item 16: the winter results say when a power lost builds it did not order by the deadline."""

from __future__ import annotations

import pytest

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, address, gm, send_as, start_game, to

LOST = "Germany: 1 build not ordered by the deadline (no valid BUILD or WAIVE), and so lost."


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
    assert "not ordered by the deadline" not in text
