"""The 2013-08 edition as newcomers play it (issue 34): each power's own INFs and a refused line's fix, by mail."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox

mailgame = load_script("europe1615-2013-08")
GAME, GM, address = mailgame.game, mailgame.gm, mailgame.address
WAITS = "A line of this mail was refused, so the phase is not played before its deadline"


def flat(text: str) -> str:
    return " ".join(text.split())


def test_point_1_and_3_a_power_reads_its_own_infs_and_a_refused_line_waits(tmp_path: Path) -> None:
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    mailgame.set_up(sandbox)
    sandbox.new_mail()
    mailgame.send_as(sandbox, "France", "5: MEC\n16: RHYN")
    sandbox.poll()
    reply = flat(next(sandbox.text(m) for m in sandbox.new_mail() if str(m.message["To"]) == address("France")))
    assert "RHYN" in reply and WAITS in reply
    game = sandbox.store.load_game(GAME)
    assert game.deadline is not None
    sandbox.clock.set(max(game.deadline, game.grace_end or game.deadline) + timedelta(minutes=1))
    sandbox.poll()
    mails = sandbox.new_mail()
    results = [m for m in mails if str(m.message["Subject"]) == f"Diplomacy results {GAME} S1615M"]
    france = flat(next(sandbox.text(m) for m in results if str(m.message["To"]) == address("France")))
    assert "Your INFs (secret: only you and the GM read this): Mecklenburg 5." in france
    assert "INFs for a movement phase (what is not deployed lapses):" in france
    spain = flat(next(sandbox.text(m) for m in results if str(m.message["To"]) == address("Spain")))
    assert "Mecklenburg 5" not in spain
