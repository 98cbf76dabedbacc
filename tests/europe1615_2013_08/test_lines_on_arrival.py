"""Issue 9, item 14: a 2013-08 line that the phase cannot take is refused when it arrives, in the reply,
not accepted and voided only when the phase is played (docs/europe1615-2013-08.md: lines are checked
when they arrive)."""

from __future__ import annotations

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox

mailgame = load_script("europe1615-2013-08")
GAME, address, send_as = mailgame.game, mailgame.address, mailgame.send_as

BARRED = "no diplomatic attacks in the first movement phase"


@pytest.fixture
def game(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    sandbox = Sandbox.create(tmp_path_factory.mktemp("e1308arrival") / "judge", password_cost=8)
    mailgame.set_up(sandbox)
    sandbox.new_mail()
    return sandbox


def _reply(game: Sandbox, power: str) -> str:
    found = [m for m in game.new_mail()
             if str(m.message["To"]) == address(power) and str(m.message["Subject"]).startswith("Re:")]
    assert len(found) == 1
    return game.text(found[0])


def test_R_1308_54_an_attack_in_spring_1615_is_refused_on_arrival(game: Sandbox) -> None:
    assert mailgame.phase_now(game) == "S1615M"
    send_as(game, "France", "10: RHI\nRHI > SPAIN\nOTTOMAN EMPIRE > SPAIN")
    game.poll()
    text = _reply(game, "France")
    assert f"line 3: RHI > SPAIN\n      {BARRED}" in text
    assert f"line 4: OTTOMAN EMPIRE > SPAIN\n      {BARRED}" in text   # the second, Ottoman attack too
    assert "line 2: 10: RHI" in text.split("Rejected:")[0]
    stored = [o.line for o in game.store.load_game(GAME).orders.get("FRANCE", [])]
    assert stored == ["10: RHI"]


def test_an_attack_in_summer_1615_is_taken_on_arrival(game: Sandbox) -> None:
    mailgame.play_phase(game, "S1615M", dict(mailgame.phases)["S1615M"])
    game.new_mail()
    send_as(game, "France", "10: RHI\nRHI > SPAIN")
    game.poll()
    text = _reply(game, "France")
    assert "Rejected" not in text and BARRED not in text
    assert "RHI > SPAIN" in [o.line for o in game.store.load_game(GAME).orders["FRANCE"]]
