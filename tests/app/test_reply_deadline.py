"""Issue 9, items 13 and 16: the deadline a reply shows is the one its reader must meet.

The reply is written while the mail is read; the phases due are played at the
end of the same poll.  So a reply must not show the deadline of a phase that
poll plays: after a START whose first phase takes no orders (Europe 1615's
Initial Status Check) it shows the next real deadline; after the last order
or a PROCESS it says the phase is being processed.  A late player's reply
shows the end of grace; a reply during a pause says the game is paused.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from judge.app.demo import load_script
from judge.app.poll import make_judge
from judge.app.sandbox import Sandbox
from judge.render.env import in_zone
from tests.app.helpers import GAME, GM, POWERS, gm, hold_all, reply, send_as, start_game, to

demo_v3 = load_script("europe1615-v3")

_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def _shown(moment, zone: str = "Europe/Paris") -> str:  # type: ignore[no-untyped-def]
    t = in_zone(moment, zone)
    return f"{_DAYS[t.weekday()]} {t:%b %d %Y %H:%M:%S} {t.tzname()}"


def test_the_v3_start_reply_gives_the_first_real_deadline(tmp_path: Path) -> None:
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    demo_v3.set_up(sandbox)
    game = sandbox.store.load_game(demo_v3.game)
    assert game.state["phase"] == "S1615M" and game.deadline is not None
    text = next(sandbox.text(m) for m in sandbox.sent() if m.message["Subject"] == "Re: start")
    assert "'v3' has started at S1615I" in text
    assert f"The deadline for orders is {_shown(game.deadline)}." in text
    assert _shown(game.deadline).startswith("Wed Mar 25 2026 18:00:00")  # S1615M: 48 h, snapped to 18:00


def test_the_last_order_and_a_process_say_the_phase_is_processed_not_its_old_deadline(sandbox: Sandbox) -> None:
    start_game(sandbox)
    old = sandbox.store.load_game(GAME).deadline
    orders = hold_all(sandbox)
    for power in POWERS[:-1]:
        send_as(sandbox, power, orders[power])
    sandbox.poll()
    sandbox.new_mail()
    send_as(sandbox, POWERS[-1], orders[POWERS[-1]])
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), f"{POWERS[-1].lower()}@")
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"
    assert "Movement for Spring of 1901 is processed at the end of this poll" in text
    assert _shown(old) not in text
    gm(sandbox, "PROCESS!\nSTATUS")
    sandbox.poll()
    mails = sandbox.new_mail()
    status = [sandbox.text(m) for m in mails if str(m.message["Subject"]) == f"Status of {GAME}"]
    for text in (reply(sandbox, mails, GM), *status):
        assert "Movement for Fall of 1901 is processed at the end of this poll" in text
        assert "The deadline for orders is" not in text
    assert len(status) == 1


def test_a_late_players_reply_shows_the_end_of_grace(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET GRACE 6h\n")
    game = sandbox.store.load_game(GAME)
    sandbox.clock.set(game.deadline + timedelta(hours=1))
    send_as(sandbox, "France", "A PAR - BUR\nSTATUS")
    sandbox.poll()
    mails = sandbox.new_mail()
    status = [sandbox.text(m) for m in mails if str(m.message["Subject"]) == f"Status of {GAME}"]
    for text in (reply(sandbox, mails, "france@"), *status):
        assert f"The deadline has passed; it was {_shown(game.deadline)}." in text
        assert f"Orders are still taken until the grace period ends, {_shown(game.grace_end)}." in text
    assert len(status) == 1


def test_a_reply_during_a_pause_says_the_game_is_paused(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "PAUSE")
    sandbox.poll()
    assert "Game 'demo' is paused: no deadline runs until the GM resumes it." in reply(sandbox, sandbox.new_mail(), GM)
    send_as(sandbox, "Italy", "A VEN H")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "italy@")
    assert "Game 'demo' is paused: no deadline runs until the GM resumes it." in text
    assert "Army Venice HOLD." in text


def test_a_poll_reads_its_clock_once_so_replies_and_ticks_share_one_now(sandbox: Sandbox) -> None:
    """The START reply's deadline is computed before the tick sets it: both from the poll's one instant."""
    judge = make_judge(sandbox.config)
    first = judge.now()
    sandbox.advance(timedelta(seconds=7))       # time passes while the poll works
    assert judge.now() == first
    assert judge.store.clock.now() == first + timedelta(seconds=7)   # mail is still dated as sent


def test_a_reply_written_before_a_later_mail_of_the_poll_completes_the_orders_says_the_phase_is_played(
        sandbox: Sandbox) -> None:
    """Every power's orders arrive in one poll: the first replies were written while orders were still missing,
    yet each must say what is true when it arrives (the phase is played, the results mail follows)."""
    start_game(sandbox)
    old = sandbox.store.load_game(GAME).deadline
    orders = hold_all(sandbox)
    for power in POWERS:
        send_as(sandbox, power, f"{orders[power]}\nSTATUS" if power == POWERS[0] else orders[power])
    sandbox.poll()
    mails = sandbox.new_mail()
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"
    status = [sandbox.text(m) for m in mails if str(m.message["Subject"]) == f"Status of {GAME}"]
    assert len(status) == 1
    for text in (*(reply(sandbox, mails, f"{power.lower()}@") for power in POWERS), *status):
        assert "Movement for Spring of 1901 is processed at the end of this poll" in text
        assert _shown(old) not in text
    results = [m for m in to(mails, f"{POWERS[0].lower()}@") if not str(m.message["Subject"]).startswith("Re:")
               and "S1901M" in str(m.message["Subject"])]
    assert len(results) == 1   # ... and the results mail follows


def test_a_reply_written_before_the_gm_moves_the_deadline_in_the_same_poll_shows_the_new_one(
        sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A PAR - BUR")
    gm(sandbox, "SET DEADLINE +5d")
    sandbox.poll()
    mails = sandbox.new_mail()
    moved = sandbox.store.load_game(GAME).deadline
    assert f"The deadline for orders is {_shown(moved)}." in reply(sandbox, mails, "france@")
