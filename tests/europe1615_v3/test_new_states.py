"""States created during play take INFs and attacks like the map's (R-v3-93, R-v3-94, R-v3-123).

England dissolved in Early Winter leaves each of its centres a new pliant
minor state (``3: LON``); Guyenne seceding under the Huguenot rebellion is
one too (``3: GUY``).  The line reader knows the game's states now, not only
the map's, so these lines are read, checked and played.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.engine import GameState, Phase, adjudicate
from judge.reading.lines import read_line
from judge.reading.order_reader import OrderError
from judge.render import GM, render_results, results_context
from judge.variants import results_report
from judge.variants.europe1615 import Attack, Deploy
from judge.variants.europe1615.checks import check_input
from judge.variants.europe1615.sanctions import secede
from judge.variants.europe1615.winter import dissolve
from tests.europe1615_v3.helpers import inf, order, play, position, setup, v3

mailgame = load_script("europe1615-v3")
GAME, address, send_as = mailgame.game, mailgame.address, mailgame.send_as


def dissolved_england() -> GameState:
    """Spring 1616 after England, abandoned, was dissolved in Early Winter 1615 (R-v3-123)."""
    state = position("W1615E", abandoned=["ENGLAND"])
    dissolve(setup(), state)
    state.phase = Phase.parse("S1616M")
    return state


def seceded_guyenne() -> GameState:
    """Spring 1616 after Guyenne seceded from France (the Huguenot rebellion, R-v3-93)."""
    state = position("S1616M")
    secede(setup(), state, "GUY", "FRANCE")
    return state


@pytest.mark.parametrize(("make", "line", "value"), [
    (dissolved_england, "3: LON", Deploy("LON", 3)),
    (dissolved_england, "3: London", Deploy("LON", 3)),
    (dissolved_england, "LON > FRANCE", Attack("LON", "FRANCE")),
    (seceded_guyenne, "3: GUY", Deploy("GUY", 3)),
    (seceded_guyenne, "4: Guyenne", Deploy("GUY", 4)),
    (seceded_guyenne, "Guyenne > France", Attack("GUY", "FRANCE")),
])
def test_R_v3_123_and_R_v3_93_a_state_made_in_play_is_read_checked_and_played(make: Any, line: str, value: Any) -> None:
    state = make()
    assert read_line(v3(), state, line) == value
    assert check_input(setup(), state, "SPAIN", value, [])[0] == ""
    if isinstance(value, Deploy):
        out = play(state, {"SPAIN": [value]})
        assert inf(out.state, value.state) == {"SPAIN": value.amount}


def test_a_province_that_is_no_state_yet_is_still_refused() -> None:
    with pytest.raises(OrderError, match="no minor state is called 'LON'"):
        read_line(v3(), position("S1616M"), "3: LON")
    with pytest.raises(OrderError, match="no minor state is called 'GUY'"):
        read_line(v3(), position("S1616M"), "3: GUY")


@pytest.fixture
def sandbox(started_v3: Sandbox) -> Sandbox:
    return started_v3


def test_R_v3_93_a_seceded_state_takes_infs_by_mail(sandbox: Sandbox) -> None:
    game = sandbox.store.load_game(GAME)                 # Guyenne secedes (the Huguenot rebellion, R-v3-93)
    game.state["new_states"], game.state["seceded"] = {"GUY": ["GUY"]}, {"GUY": "FRANCE"}
    game.state["centers"]["FRANCE"].remove("GUY")
    game.state["centers"]["GUY"] = ["GUY"]
    sandbox.store.save_game(game)
    send_as(sandbox, "Spain", "3: GUY")
    sandbox.poll()
    replies = [m for m in sandbox.new_mail() if address("Spain") in str(m.message["To"])]
    text = sandbox.text(replies[0])
    assert "line 2: 3: GUY\n      3 INFs to Guyenne; 34 of 37 left this year" in text, text


def test_R_v3_18_the_status_sheet_names_a_state_made_in_play_and_says_whether_it_obeyed() -> None:
    state = position("S1616M", units={"GUY": ["A GUY"]}, influence={"GUY": {"SPAIN": 5}})
    secede(setup(), state, "GUY", "FRANCE")
    orders = {"SPAIN": [order("A GUY H")]}
    outcome = adjudicate(v3(), state.copy(), orders)
    ctx = results_context(v3(), state.phase, outcome, judge="j", game="g", zone="UTC", deadline=None,
                          finished=False)
    report = results_report(v3().name, v3().overrides)
    assert report is not None
    full = report.context(ctx, state, orders, outcome)
    rows = [row for row in full.extra["status"] if row.state == "Guyenne"]
    assert len(rows) == 1 and rows[0].status == "aligned to Spain" and rows[0].orders == "follows Spain"
    assert "Guyenne: Army Guyenne HOLD." in render_results(full, GM).body
