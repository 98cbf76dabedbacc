"""`F SWE-DEN` by mail: a move written with a hyphen between two names is a move (issue 9, item 10)."""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, reply, send_as, start_game


def test_sweden_to_denmark_by_mail_in_every_spelling(sandbox: Sandbox) -> None:
    start_game(sandbox)
    game = sandbox.store.load_game(GAME)
    game.state = {"phase": "S1901M", "units": {"RUSSIA": ["F SWE", "A MOS", "F SEV"], "TURKEY": ["F ANK"]},
                  "centers": {"RUSSIA": ["MOS", "SEV", "STP", "WAR"], "TURKEY": ["ANK"]}}
    sandbox.store.save_game(game)
    for line in ("F SWE-DEN", "F Swe-Den", "F Sweden\u2013Denmark", "F swe->den"):
        send_as(sandbox, "Russia", line)
        sandbox.poll()
        text = reply(sandbox, sandbox.new_mail(), "russia@")
        assert "Rejected" not in text, text
        assert [o.line for o in sandbox.store.load_game(GAME).orders["RUSSIA"]] == ["F SWE - DEN"]
