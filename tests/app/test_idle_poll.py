"""Issue 24, point 5: a poll with nothing due reads no game; the clock still reaches every game at its instant.

``wakes.json`` says when each game next needs a tick.  These tests count the
game files a poll reads (``Store.load_game``) and check that what the clock
does (reminders, late notices, the phase at the end of grace) still happens
at its time, that a mail wakes its game at once, and that a lost or stale
index only makes the judge read more, never forget a game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta

import pytest

from judge.app.sandbox import Sandbox
from judge.store import Store
from tests.app.helpers import GAME, POWERS, address, gm, hold_all, send_as, start_game, subjects, to


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the games read from disk, in order, while the test runs."""
    read: list[str] = []
    real = Store.load_game

    def counting(self: Store, game: str) -> object:
        read.append(game)
        return real(self, game)

    monkeypatch.setattr(Store, "load_game", counting)
    yield read


def _more_games(sandbox: Sandbox, count: int) -> None:
    for n in range(count):
        sandbox.send(f"gm{n}@example.org", f"CREATE extra{n} standard pw{n}", "new game")
    sandbox.poll()


def test_an_idle_poll_reads_no_game_however_many_are_stored(sandbox: Sandbox, loads: list[str]) -> None:
    start_game(sandbox)
    _more_games(sandbox, 12)
    sandbox.poll()  # each game ticked once after its creation: their instants are known now
    loads.clear()
    sandbox.advance(timedelta(minutes=5))
    report = sandbox.poll()
    assert loads == [] and report.played == []


def test_the_reminder_the_late_notice_and_the_grace_come_at_their_instants(sandbox: Sandbox,
                                                                            loads: list[str]) -> None:
    start_game(sandbox, "SET GRACE 6h\n")
    game = sandbox.store.load_game(GAME)
    assert game.deadline is not None and game.grace_end is not None
    sandbox.poll()
    loads.clear()
    sandbox.clock.set(game.deadline - timedelta(hours=23, minutes=59))  # a day before: the reminders
    sandbox.poll()
    assert loads.count(GAME) >= 1
    assert any(s.startswith("Reminder") or "reminder" in s.lower() for s in subjects(sandbox.new_mail()))
    loads.clear()
    sandbox.advance(timedelta(hours=1))
    sandbox.poll()
    assert GAME not in loads  # nothing due between the reminder and the deadline
    sandbox.clock.set(game.deadline)
    sandbox.poll()
    assert any(s.startswith("Late orders") for s in subjects(sandbox.new_mail()))
    sandbox.clock.set(game.grace_end)
    report = sandbox.poll()
    assert report.played == [f"{GAME} S1901M"]


def test_a_mail_wakes_its_game_in_the_same_poll(sandbox: Sandbox, loads: list[str]) -> None:
    """Every order in: the phase plays early, at the poll that brought the last order, not at the deadline."""
    start_game(sandbox)
    sandbox.advance(timedelta(hours=12))  # past the phase's minimum
    sandbox.poll()
    orders = hold_all(sandbox)
    for power in POWERS:
        send_as(sandbox, power, orders[power])
    report = sandbox.poll()
    assert report.played == [f"{GAME} S1901M"]


def test_a_lost_index_makes_every_game_due_and_a_stale_one_is_corrected_by_any_write(sandbox: Sandbox,
                                                                                     loads: list[str]) -> None:
    start_game(sandbox)
    _more_games(sandbox, 3)
    sandbox.poll()
    wakes = sandbox.config.data_dir / "wakes.json"
    wakes.unlink()
    loads.clear()
    sandbox.poll()
    assert sorted(set(loads)) == sorted([GAME, "extra0", "extra1", "extra2"])
    entries = json.loads(wakes.read_text())
    far = "2999-01-01T00:00:00Z"
    wakes.write_text(json.dumps({**entries, GAME: {"at": far, "mail": False}}))
    gm(sandbox, "PROCESS!")  # the GM's mail writes the game: due again at once, whatever the index said
    report = sandbox.poll()
    assert report.played == [f"{GAME} S1901M"]
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"


def test_mail_queued_for_a_game_is_sent_and_a_game_without_any_is_not_read_for_it(sandbox: Sandbox,
                                                                                   loads: list[str]) -> None:
    start_game(sandbox)
    _more_games(sandbox, 2)
    sandbox.poll()
    sandbox.new_mail()
    store = sandbox.store
    from judge.store import OutgoingMail
    store.queue_mail(OutgoingMail([address("France")], "a word from the judge", "hello", game=GAME))
    loads.clear()
    sandbox.advance(timedelta(minutes=1))
    sandbox.poll()
    assert subjects(to(sandbox.new_mail(), address("France"))) == ["a word from the judge"]
    assert loads == [GAME]  # its outbox, read once; the other games have nothing to send
    loads.clear()
    sandbox.advance(timedelta(minutes=1))
    sandbox.poll()
    assert loads == []  # every mail of it went: it is not read again to learn so
