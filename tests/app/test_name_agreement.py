"""The reader and the store agree on names; a mail the store refuses is answered once (issue 31, point 7).

``LIST ſpring`` (U+017F, which Python's case-insensitive patterns fold to
``s``) passed the reader and the store raised ``InvalidName``, which the poll
took for a disk error: the mail stayed in the mailbox, every poll failed, and
a BROADCAST earlier in the same mail went out again at every poll.
"""

from __future__ import annotations

import pytest

from judge.app.sandbox import Sandbox
from judge.commands import anyone
from judge.store import InvalidName, check_game_name
from tests.app.helpers import GAME, address, reply, send_as, start_game, to

FRANCE = "France"


@pytest.mark.parametrize("name", ["\u017fpring", "\u0131stanbul", "\u0130stanbul", "\u212aelvin"])
def test_a_name_the_store_refuses_is_refused_by_the_reader_and_broadcast_once(sandbox: Sandbox, name: str) -> None:
    start_game(sandbox, "SET PRESS white")
    send_as(sandbox, FRANCE, f"BROADCAST\nHello all.\nENDPRESS\nLIST {name}")
    for _ in range(4):
        report = sandbox.poll()
        assert report.errors == 0 and report.failed is None
    mails = sandbox.new_mail()
    assert len([m for m in to(mails, address("England")) if "Hello all." in sandbox.text(m)]) == 1
    text = reply(sandbox, mails, address(FRANCE))
    assert f"'{name}' is not a game name" in text and "a to z" in text


def test_one_rule_for_names_in_the_reader_and_the_store() -> None:
    from judge.gamenames import is_game_name

    for name in ("spring", "game-1", "a" * 32):
        assert is_game_name(name) and check_game_name(name) == name
    for name in ("\u017fpring", "\u0131x", "i\u0307x", "a" * 33, "-x", "Spring", ""):
        assert not is_game_name(name)
        with pytest.raises(InvalidName):
            check_game_name(name)


def test_a_line_the_store_refuses_is_refused_alone_and_the_mail_answered(sandbox: Sandbox,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the store ever refuse what the reader let through, the line is refused, never retried as a disk
    error, and what the mail did before it is done once."""
    start_game(sandbox, "SET PRESS white")

    def refusing(s: object, cmd: object) -> str:
        raise InvalidName("bad game name 'x'")

    monkeypatch.setattr(anyone, "do_list", refusing)
    from judge.commands import mailflow
    monkeypatch.setitem(mailflow.HANDLERS, "list", refusing)
    send_as(sandbox, FRANCE, f"BROADCAST\nHello again.\nENDPRESS\nLIST {GAME}")
    for _ in range(4):
        report = sandbox.poll()
        assert report.errors == 0 and report.failed is None
    mails = sandbox.new_mail()
    assert len([m for m in to(mails, address("England")) if "Hello again." in sandbox.text(m)]) == 1
    assert "LIST" in reply(sandbox, mails, address(FRANCE))
