"""Deadlines (issue 3, point 5): UTC storage, wall-clock rules across summer time, reminders, late
notices, grace, the NMR policies, NOWAIT/WAIT and the minimum."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from judge.app.sandbox import Sandbox
from judge.store import Timing
from judge.turns.deadlines import absence_span, days_mask, local_to_utc, next_deadline
from tests.app.helpers import GAME, POWERS, address, gm, hold_all, reply, send_as, start_game, subjects, to


def test_a_daily_18h_deadline_stays_at_18h_across_the_change_to_summer_time() -> None:
    timing = Timing(next=timedelta(hours=24), hour="18:00")
    start = datetime(2026, 3, 28, 10, 0, tzinfo=UTC)  # Saturday; clocks go forward in Paris on Sunday
    first = next_deadline(timing, start, "Europe/Paris")
    second = next_deadline(timing, first, "Europe/Paris")
    assert first == datetime(2026, 3, 29, 16, 0, tzinfo=UTC)   # 18:00 CEST
    assert second == datetime(2026, 3, 30, 16, 0, tzinfo=UTC)
    autumn = next_deadline(timing, datetime(2026, 10, 24, 10, 0, tzinfo=UTC), "Europe/Paris")
    assert autumn == datetime(2026, 10, 25, 17, 0, tzinfo=UTC)  # 18:00 CET, the day clocks go back


def test_weekdays_only_and_wall_times_that_do_not_exist() -> None:
    timing = Timing(next=timedelta(hours=24), hour="09:30", days=days_mask((0, 1, 2, 3, 4)))
    friday = datetime(2026, 3, 27, 12, 0, tzinfo=UTC)
    assert next_deadline(timing, friday, "America/New_York") == datetime(2026, 3, 30, 13, 30, tzinfo=UTC)
    assert days_mask((5, 6)) == "S-----S"
    skipped = local_to_utc(datetime(2026, 3, 29, 2, 30), "Europe/Paris")  # 02:30 does not exist that night
    assert skipped == datetime(2026, 3, 29, 1, 30, tzinfo=UTC)
    start, end = absence_span(date(2026, 7, 1), date(2026, 7, 2), "Europe/Paris")
    assert (start, end) == (datetime(2026, 6, 30, 22, 0, tzinfo=UTC), datetime(2026, 7, 2, 22, 0, tzinfo=UTC))


def _deadline(sandbox: Sandbox) -> datetime:
    deadline = sandbox.store.load_game(GAME).deadline
    assert deadline is not None
    return deadline


def test_reminder_late_notice_grace_and_nmr_hold(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET GRACE 6h\nSET NMR hold\n")
    for power, lines in hold_all(sandbox).items():
        if power != "Turkey":
            send_as(sandbox, power, lines)
    sandbox.poll()
    sandbox.new_mail()
    deadline = _deadline(sandbox)
    sandbox.clock.set(deadline - timedelta(hours=12))
    sandbox.poll()
    sandbox.poll()  # once only
    mails = sandbox.new_mail()
    assert subjects(mails) == ["Reminder: orders due in demo S1901M"]
    assert str(mails[0].message["To"]) == address("Turkey")
    assert "Still without orders: Fleet Ankara, Army Constantinople, Army Smyrna." in sandbox.text(mails[0])
    sandbox.clock.set(deadline + timedelta(minutes=1))
    sandbox.poll()
    sandbox.poll()
    mails = sandbox.new_mail()
    assert sorted(str(m.message["To"]) for m in mails) == ["gm@demo.invalid", address("Turkey")]
    assert "Your orders as Turkey are missing." in sandbox.text(to(mails, "turkey@")[0])
    assert "The grace period ends" in sandbox.text(to(mails, "turkey@")[0])
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"
    sandbox.clock.set(deadline + timedelta(hours=6, minutes=1))
    report = sandbox.poll()
    assert report.played == ["demo S1901M"]
    results = sandbox.text(to(sandbox.new_mail(), "turkey@")[0])
    assert "Turkey: Army Constantinople, No Order Processed." in results
    assert sandbox.store.load_game(GAME).player("TURKEY").status == "active"


def test_nmr_disorder_puts_late_powers_into_civil_disorder(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NMR disorder\n")
    send_as(sandbox, "France", hold_all(sandbox)["France"])
    sandbox.poll()
    sandbox.clock.set(_deadline(sandbox) + timedelta(minutes=1))
    assert sandbox.poll().played == ["demo S1901M"]
    game = sandbox.store.load_game(GAME)
    assert {p.power for p in game.players if p.status == "dummy"} == {p.upper() for p in POWERS if p != "France"}
    # Civil disorder owes nothing: France alone now decides when the next phase runs.
    send_as(sandbox, "France", hold_all(sandbox)["France"])
    assert sandbox.poll().played == ["demo F1901M"]
    sandbox.new_mail()
    send_as(sandbox, "Italy", "A VEN H")  # a player in civil disorder signs on again and is back
    sandbox.poll()
    assert "Italy is no longer in civil disorder" in reply(sandbox, sandbox.new_mail(), "italy@")
    assert sandbox.store.load_game(GAME).player("ITALY").status == "active"


def test_nmr_wait_waits_for_the_orders(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NMR wait\nSET GRACE 1h\n")
    orders = hold_all(sandbox)
    for power in POWERS[:-1]:
        send_as(sandbox, power, orders[power])
    sandbox.poll()
    sandbox.clock.set(_deadline(sandbox) + timedelta(days=3))
    assert sandbox.poll().played == []
    assert "The game waits until every order is in." in sandbox.text(to(sandbox.new_mail(), "turkey@")[0])
    send_as(sandbox, "Turkey", orders["Turkey"])
    assert sandbox.poll().played == ["demo S1901M"]


def test_nowait_processes_at_once_but_wait_and_minimum_hold_it(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET TIMING M min=6h\n")
    orders = hold_all(sandbox)
    send_as(sandbox, "England", "SET WAIT\n" + orders["England"])
    for power in POWERS[1:]:
        send_as(sandbox, power, orders[power])
    assert sandbox.poll().played == []           # England waits
    send_as(sandbox, "England", "SET NOWAIT")
    assert sandbox.poll().played == []           # the phase is younger than its 6 h minimum
    sandbox.advance(timedelta(hours=6))
    assert sandbox.poll().played == ["demo S1901M"]


@pytest.mark.parametrize("zone", ["Asia/Tokyo", "America/Los_Angeles"])
def test_deadlines_are_shown_in_the_game_zone_and_the_player_zone(sandbox: Sandbox, zone: str) -> None:
    start_game(sandbox)
    send_as(sandbox, "Italy", f"SET ZONE {zone}\nA VEN H")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "italy@")
    assert "The deadline for orders is Wed Mar 25 2026 09:00:00 CET." in text
    assert f"In your time zone ({zone}) that is" in text
    gm(sandbox, "PROCESS!")   # a later poll: a PROCESS! in the same poll would make Italy's reply say so
    sandbox.poll()
    mails = sandbox.new_mail()
    results = [m for m in to(mails, "italy@") if str(m.message["Subject"]).startswith("Diplomacy results")]
    assert f"In your time zone ({zone})" in sandbox.text(results[0])
