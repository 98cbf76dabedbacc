"""Sending from `judge poll` against a real aiosmtpd that fails in chosen ways (issue 10, defect 1;
issue 9, item 16): a server that is down or refuses the judge's sender stops sending until the next
poll and loses nothing; a recipient refused for now is tried once per poll, then set aside."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.app import sending
from judge.app.sandbox import Sandbox
from tests.mail.servers import _start_controller


class FussyHandler:
    """Refuses the envelope sender (``refuse_sender``) or some recipients for now (``grey``)."""

    def __init__(self) -> None:
        self.refuse_sender = False
        self.grey: set[str] = set()
        self.tries = 0
        self.accepted: list[list[str]] = []

    async def handle_MAIL(self, server: Any, session: Any, envelope: Any, address: str,
                          mail_options: list[str]) -> str:
        self.tries += 1
        if self.refuse_sender:
            return "553 5.7.1 Sender address rejected: not owned by user"
        envelope.mail_from = address
        return "250 OK"

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if address in self.grey:
            return "450 4.2.0 Greylisted, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.accepted.append(list(envelope.rcpt_tos))
        return "250 2.0.0 Accepted"


@pytest.fixture
def fussy() -> Iterator[tuple[FussyHandler, int]]:
    handler = FussyHandler()
    controller = _start_controller(handler)  # type: ignore[arg-type]
    try:
        yield handler, controller.port
    finally:
        controller.stop()


def smtp_judge(root: Path, port: int) -> Sandbox:
    """A sandbox judge that reads the spool and sends through SMTP on ``port``."""
    sandbox = Sandbox.create(root, password_cost=8)
    config = (root / "judge.toml").read_text(encoding="utf-8").replace('outgoing = "spool"', 'outgoing = "smtp"')
    config += f'\n[mail.smtp]\nhost = "127.0.0.1"\nport = {port}\nsecurity = "none"\n'
    (root / "judge.toml").write_text(config, encoding="utf-8")
    return Sandbox(root)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_with_smtp_down_sending_stops_until_the_next_poll(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    sandbox = smtp_judge(tmp_path / "judge", closed_port())
    for n in range(3):
        sandbox.send(f"p{n}@example.org", "HELP")
    with caplog.at_level(logging.ERROR, logger="judge.app.poll"):
        report = sandbox.poll()
    tries = [r for r in caplog.records if "cannot send mail" in r.getMessage()]
    assert len(tries) == 1 and "sending stops until the next poll" in tries[0].getMessage()
    assert (report.sent, report.errors) == (0, 1)
    assert len(sandbox.store.pending_mail()) == 6


def test_a_refused_sender_stops_sending_and_drops_nothing(tmp_path: Path, fussy: tuple[FussyHandler, int]) -> None:
    handler, port = fussy
    sandbox = smtp_judge(tmp_path / "judge", port)
    handler.refuse_sender = True
    for n in range(3):
        sandbox.send(f"p{n}@example.org", "HELP")
    sandbox.poll()
    assert handler.tries == 1 and len(sandbox.store.pending_mail()) == 6
    handler.refuse_sender = False  # the keeper fixed the server: everything goes at the next poll
    report = sandbox.poll()
    assert report.sent == 6 and sandbox.store.pending_mail() == []


def test_a_recipient_refused_for_now_is_tried_once_a_poll_then_set_aside(
        tmp_path: Path, fussy: tuple[FussyHandler, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sending, "MAX_SEND_TRIES", 3)
    handler, port = fussy
    handler.grey = {"grey@example.org"}
    sandbox = smtp_judge(tmp_path / "judge", port)
    for poll in range(3):
        sandbox.send("grey@example.org", "HELP", f"grey {poll}")
        sandbox.send("fine@example.org", "HELP", f"fine {poll}")
        report = sandbox.poll()
        assert report.sent == 2 and report.errors == 0
    assert [to for to in handler.accepted if to != ["fine@example.org"]] == []
    # the first poll's two mails to grey@ were tried at polls 1, 2 and 3, so they are set aside now
    kept = sandbox.store.quarantine.entries("outgoing")
    assert len(kept) == 2 and all("refused at 3 polls" in path.read_text() for path in kept)
    assert len(sandbox.store.pending_mail()) == 4  # polls 2 and 3's mails to grey@ wait for their tries
    assert handler.tries == 6 + 2 + 4 + 6  # fine@ twice a poll; grey@ 2, then 4, then 6 pending


def test_a_game_mail_refused_for_now_is_tried_again_at_the_next_idle_polls(
        tmp_path: Path, fussy: tuple[FussyHandler, int]) -> None:
    """The index of games with mail to send (``wakes.json``) keeps a game whose mail waits for another try."""
    from tests.app.helpers import address, start_game

    handler, port = fussy
    handler.grey = {address("France")}
    sandbox = smtp_judge(tmp_path / "judge", port)
    start_game(sandbox)  # the start mail to France is refused for now
    sandbox.poll()  # nothing due: the game is read only for its mail
    assert "Game demo has started" in [m.subject for m in sandbox.store.pending_mail()]
    sandbox.poll()
    assert "Game demo has started" in [m.subject for m in sandbox.store.pending_mail()]
    handler.grey = set()
    sandbox.poll()
    assert sandbox.store.pending_mail() == []
    assert [address("France")] in handler.accepted


def test_with_the_mailbox_unreachable_no_phase_is_played_and_the_queue_still_goes(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """Orders sent in time may be waiting in a mailbox the judge cannot reach: the deadline waits for them."""
    from tests.app.helpers import GAME, start_game

    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    start_game(sandbox)
    game = sandbox.store.load_game(GAME)
    assert game.grace_end is not None
    sandbox.clock.set(game.grace_end)
    config = (sandbox.root / "judge.toml").read_text(encoding="utf-8").replace('incoming = "spool"',
                                                                                'incoming = "imap"')
    config += (f'\n[mail.imap]\nhost = "127.0.0.1"\nport = {closed_port()}\nuser = "judge"\n'
               'password_env = "JUDGE_TEST_NO_SUCH_PASSWORD"\nsecurity = "none"\n')
    (sandbox.root / "judge.toml").write_text(config, encoding="utf-8")
    monkeypatch.setenv("JUDGE_TEST_NO_SUCH_PASSWORD", "pw")
    with caplog.at_level(logging.ERROR, logger="judge.poll"):
        report = Sandbox(sandbox.root).poll()
    assert report.played == [] and report.errors == 1
    assert any("no phase is played until the mail can be read" in r.getMessage() for r in caplog.records)
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"
    (sandbox.root / "judge.toml").write_text(config.replace('incoming = "imap"', 'incoming = "spool"'),
                                             encoding="utf-8")
    assert Sandbox(sandbox.root).poll().played == [f"{GAME} S1901M"]
