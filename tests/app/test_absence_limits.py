"""One limit per effect: SET ABSENCE lines cannot stack (issue 31, point 6).

Ten lines ``SET ABSENCE 2026-03-20 2029-12-31`` in one mail moved the deadline
140 days (the docs: "by at most 14 days") and sent 91 mails; absences could
start in the past and none could be removed.
"""

from __future__ import annotations

from datetime import timedelta

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, address, reply, send_as, start_game, subjects, to

FRANCE = "France"


def test_ten_absence_lines_move_the_deadline_14_days_at_most_and_send_few_mails(sandbox: Sandbox) -> None:
    start_game(sandbox)
    before = sandbox.store.load_game(GAME).deadline
    lines = "\n".join(f"SET ABSENCE 2026-03-{24 + n % 3} 2029-12-{21 + n}" for n in range(10))
    send_as(sandbox, FRANCE, lines)
    sandbox.poll()
    after = sandbox.store.load_game(GAME).deadline
    assert timedelta(0) < after - before <= timedelta(days=14)
    mails = sandbox.new_mail()
    assert len(mails) <= 10, subjects(mails)   # the reply, the deadline to 7 players and the GM, the absence to the GM
    assert len([m for m in to(mails, GM) if "Absence in" in str(m.message["Subject"])]) == 1
    assert len([m for m in to(mails, address("England")) if "New deadline" in str(m.message["Subject"])]) == 1
    text = reply(sandbox, mails, address(FRANCE))
    assert "at most 5 absences at once" in text
    send_as(sandbox, FRANCE, "SET ABSENCE 2026-03-24 2030-01-31")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).deadline - before <= timedelta(days=14)


def test_an_absence_cannot_start_in_the_past_nor_be_noted_twice(sandbox: Sandbox) -> None:
    start_game(sandbox)
    before = sandbox.store.load_game(GAME).deadline
    send_as(sandbox, FRANCE, "SET ABSENCE 2026-03-20 2026-04-30\nSET ABSENCE 2026-03-28 2026-03-30\n"
                             "SET ABSENCE 2026-03-28 2026-03-29")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).deadline == before
    text = reply(sandbox, sandbox.new_mail(), address(FRANCE))
    assert "an absence cannot start in the past: today is 2026-03-23" in text
    assert "already noted" in text


def test_set_noabsence_forgets_the_absences(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, FRANCE, "SET ABSENCE 2026-04-01 2026-04-10")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).player("FRANCE").absences
    sandbox.new_mail()
    send_as(sandbox, FRANCE, "SET NOABSENCE")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).player("FRANCE").absences == []
    mails = sandbox.new_mail()
    assert "your absences are forgotten" in reply(sandbox, mails, address(FRANCE))
    assert "has no absence noted any more" in sandbox.text(to(mails, GM)[0])
