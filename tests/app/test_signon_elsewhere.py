"""A power signed on from another address: the player's own address is told (issue 10, defect 9)."""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, address, reply, send_as, signon, start_game, to

OTHER = "someone@elsewhere.example"


def test_the_player_is_told_when_another_address_signs_on_as_their_power(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send(OTHER, f"{signon('France')}\nA PAR - BUR\n", "orders")
    sandbox.poll()
    mails = sandbox.new_mail()
    (notice,) = to(mails, address("France"))
    assert str(notice.message["Subject"]) == f"France in {GAME}: a mail from another address signed on"
    text = sandbox.text(notice)
    assert "did not come from this address" in " ".join(text.split())
    assert OTHER not in text and "PAR" not in text
    assert address("France") not in reply(sandbox, mails, OTHER)


def test_no_notice_when_the_player_writes_from_their_own_address(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A PAR - BUR")
    sandbox.poll()
    mails = to(sandbox.new_mail(), address("France"))
    assert [str(m.message["Subject"]) for m in mails] == ["Re: orders"]
