"""A command is all or nothing: one that fails half-way leaves no trace (issue 10, defect 5).

The handlers below stand for any command that changes the game and then
meets a bug or a refusal; before the fix the runner rejected the line but
saved the half-changed game with the mail.
"""

from __future__ import annotations

import pytest

from judge.app.sandbox import Sandbox
from judge.commands import mailflow
from judge.commands.session import Refused, Session
from judge.reading.language import Command
from tests.app.helpers import GAME, gm, reply, start_game
from tests.app.helpers import GM as GM_ADDRESS


def _half_way(failure: Exception):  # type: ignore[no-untyped-def]
    def handler(s: Session, cmd: Command) -> str:
        handle = s.current()
        assert handle is not None
        handle.game.settings.press = "none"
        handle.game.status = "paused"
        handle.game.players[0].password_hash = "changed"
        s.reply_to_sender("half", "a document that must not go out")
        raise failure
    return handler


@pytest.mark.parametrize("failure", [OverflowError("date value out of range"), Refused("no, after all")])
def test_a_command_that_fails_half_way_changes_nothing(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch,
                                                         failure: Exception) -> None:
    start_game(sandbox)
    before = sandbox.store.load_game(GAME)
    monkeypatch.setitem(mailflow.HANDLERS, "set_nmr", _half_way(failure))
    gm(sandbox, "SET NMR disorder\nSET PRESS grey")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, GM_ADDRESS)
    assert "SET NMR disorder" in text.split("Rejected:")[1] and "SET PRESS grey" in text.split("Rejected:")[0]
    assert [str(m.message["Subject"]) for m in mails if str(m.message["Subject"]) == "half"] == []
    after = sandbox.store.load_game(GAME)
    assert after.status == "active"
    assert after.settings.press == "grey"
    assert after.players[0].password_hash == before.players[0].password_hash
