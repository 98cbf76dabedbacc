"""A line that looks like a sign-on or a password, however misspelt, never comes back with its secret
(issue 31, point 9); and masking keeps to the secret: a power's name is never masked (issue 35).

``SIGNIN``, ``SIGNON:``, ``SET-PASSWORD`` and a full-width ``ＳＩＧＮＯＮ`` were read as orders and quoted
whole in the reply.
"""

from __future__ import annotations

import pytest

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, address, password, reply, signon, start_game

FRANCE = "France"
SECRET = "n3w-s3cret"


@pytest.mark.parametrize("line", [
    "SIGNIN F{game} {pw}",
    "SIGNON: F{game} {pw}",
    "Sign-on F{game} {pw}",
    "SIGN ON F{game} {pw}",
    "LOGIN F{game} {pw}",
    "SINGON F{game} {pw}",
    "\uff33\uff29\uff27\uff2e\uff2f\uff2e F{game} {pw}",
    "SET-PASSWORD {pw}",
    "SET PASSWD {pw}",
    "PASSWORD {pw}",
    "PASSWORD: {pw}",
    "SETPASSWORD {pw}",
    "JOIN {game} AS France {pw}",
    "\uff33\uff25\uff34 \uff30\uff21\uff33\uff33\uff37\uff2f\uff32\uff24 {pw}",
])
def test_a_lookalike_never_echoes_the_secret(sandbox: Sandbox, line: str) -> None:
    start_game(sandbox)
    sandbox.send(address(FRANCE), f"{signon(FRANCE)}\n{line.format(game=GAME, pw=SECRET)}", "orders")
    sandbox.poll()
    replies = [sandbox.text(m) for m in sandbox.new_mail()]
    assert replies
    assert not any(SECRET in text for text in replies), replies
    assert not any(password(FRANCE) in text for text in replies), replies


def test_a_lookalike_before_signing_on_never_echoes_the_password(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send(address(FRANCE), f"SIGNIN F{GAME} {password(FRANCE)}\nA PAR H", "orders")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), address(FRANCE))
    assert password(FRANCE) not in text and "SIGNIN" in text


def test_orders_and_power_names_are_never_masked(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send(address(FRANCE), f"{signon(FRANCE)}\nA PAR - PIC\nA MAR - BURGUNDYY\nJOIN {GAME} pw AS Ruritania",
                 "orders")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), address(FRANCE))
    assert "A PAR - PIC" in text and "BURGUNDYY" in text
    assert "Ruritania" in text and "AS Ruritania" in text
