"""No reply quotes a password back, however the line was written (issue 10, defect 6).

Masking used to pick the password by word position, so a line the parser read
differently (an extra word, the three-word SIGNON, unusual blanks) came back
with the password in clear.
"""

from __future__ import annotations

import pytest

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, address, password, start_game

FRANCE = "France"


@pytest.mark.parametrize("line", [
    "SIGNON F{game} {pw} extra",
    "SIGNON France {game} {pw} x",
    "SIGNON ?{game} {pw} x",
    "SIGNON F{game}\u2028{pw}",
    "SIGNON F{game}\x0b{pw}",
    "SIGNON F{game}\x85{pw}",
    "SIGNON F{game}\xa0{pw}",
    "SIGNON F{game}\u2028{pw}\u2028x",
    "SIGNON France\x0b{game}\x85{pw}\xa0x",
    "SIGNON France {game}\xa0{pw}\nSET PASSWORD\u2028{pw}2",
    "JOIN {game}\xa0{pw} AS France x",
    "SET PASWORD {pw}",
])
def test_a_players_password_never_comes_back(sandbox: Sandbox, line: str) -> None:
    start_game(sandbox)
    pw = password(FRANCE)
    sandbox.send(address(FRANCE), line.format(game=GAME, pw=pw), "orders")
    sandbox.poll()
    replies = [sandbox.text(m) for m in sandbox.new_mail()]
    assert replies
    assert not any(pw in text for text in replies), replies


@pytest.mark.parametrize("line", ["SIGNON MASTER {game} {pw} x", "SIGNON M{game} {pw} x", "SIGNON GM {game}\x85{pw}"])
def test_the_gm_password_never_comes_back(sandbox: Sandbox, line: str) -> None:
    start_game(sandbox)
    sandbox.send(GM, line.format(game=GAME, pw="gm-secret"), "gm")
    sandbox.poll()
    replies = [sandbox.text(m) for m in sandbox.new_mail()]
    assert replies
    assert not any("gm-secret" in text for text in replies), replies
