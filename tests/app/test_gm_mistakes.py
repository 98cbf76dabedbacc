"""Issue 22, point 2: a GM's mistakes are caught before they hurt.

A deadline in the past (or sooner than SET MINDEADLINE) is refused with what
it was read as unless the GM confirms it (SET DEADLINE!); every deadline
change mails the players; PROCESS, ROLLBACK and TERMINATE say what they do;
deadlines set from the timing are rounded (SET ROUND).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from judge.app.sandbox import Sandbox
from judge.turns.deadlines import round_up
from tests.app.helpers import GAME, GM, POWERS, address, gm, hold_all, reply, send_as, start_game, subjects, to

# The sandbox's clock starts on Mon Mar 23 2026 09:00 in Paris (08:00 UTC); the first deadline is two days on.
FIRST_DEADLINE = datetime(2026, 3, 25, 8, 0, tzinfo=UTC)


def _gm_reply(sandbox: Sandbox, lines: str) -> str:
    gm(sandbox, lines)
    sandbox.poll()
    return reply(sandbox, sandbox.new_mail(), GM)


def _players_told(sandbox: Sandbox, subject: str) -> list[str]:
    """The players (by address) who got a mail with ``subject`` since the last look."""
    return sorted(str(m.message["To"]) for m in sandbox.new_mail()
                  if str(m.message["Subject"]) == subject and "gm@" not in str(m.message["To"]))


def test_a_deadline_in_the_past_is_refused_with_what_it_was_read_as_and_nothing_is_played(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NMR disorder\n")
    send_as(sandbox, "France", hold_all(sandbox)["France"])
    gm(sandbox, "SET DEADLINE 2026-03-16 18:00")  # a week ago: the typo of the issue
    assert sandbox.poll().played == []
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, GM)
    assert ("line 2: SET DEADLINE 2026-03-16 18:00\n      that deadline was read as Mon Mar 16 2026 18:00:00 CET "
            "(Europe/Paris), which is in the past (it is now Mon Mar 23 2026 09:00:00 CET): nothing was changed; "
            "SET DEADLINE! sets it anyway, and then Movement for Spring of 1901 (S1901M) is played at the end of "
            "this poll; Austria, England, Germany, Italy, Russia and Turkey have sent no orders: their units "
            "without orders hold, and they go into civil disorder (SET NMR disorder)") in text
    game = sandbox.store.load_game(GAME)
    assert game.deadline == FIRST_DEADLINE and game.state["phase"] == "S1901M"
    assert all(p.status == "active" for p in game.players)
    assert "New deadline in demo" not in subjects(mails)


def test_the_confirmed_deadline_in_the_past_is_set_told_and_played(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NMR disorder\n")
    send_as(sandbox, "France", hold_all(sandbox)["France"])
    gm(sandbox, "SET DEADLINE! 2026-03-16 18:00")
    assert sandbox.poll().played == ["demo S1901M"]
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, GM)
    assert ("the deadline is now Mon Mar 16 2026 18:00:00 CET (Europe/Paris), instead of Wed Mar 25 2026 "
            "09:00:00 CET; everyone is told; Movement for Spring of 1901 (S1901M) is played at the end of this "
            "poll; Austria, England") in text
    told = sorted(str(m.message["To"]) for m in mails if str(m.message["Subject"]) == "New deadline in demo")
    assert told == sorted([address(p) for p in POWERS] + [GM])
    game = sandbox.store.load_game(GAME)
    assert {p.power for p in game.players if p.status == "dummy"} == {p.upper() for p in POWERS if p != "France"}


def test_a_deadline_sooner_than_the_minimum_is_refused_and_the_minimum_is_the_gms(sandbox: Sandbox) -> None:
    start_game(sandbox)
    text = _gm_reply(sandbox, "SET DEADLINE +30m")
    assert ("that deadline was read as Mon Mar 23 2026 09:30:00 CET (Europe/Paris), only 30 minutes from now: "
            "this game gives the players at least 1 hour (SET MINDEADLINE): nothing was changed; "
            "SET DEADLINE! sets it anyway") in text
    text = _gm_reply(sandbox, "SET MINDEADLINE 12h\nSET DEADLINE +6h\nSET DEADLINE 2026-03-24 06:00")
    assert "a deadline you set gives the players at least 12 hours" in text
    assert "only 6 hours from now: this game gives the players at least 12 hours (SET MINDEADLINE)" in text
    assert "line 4: SET DEADLINE 2026-03-24 06:00\n      the deadline is now Tue Mar 24 2026 06:00:00 CET" in text
    assert sandbox.store.load_game(GAME).deadline == datetime(2026, 3, 24, 5, 0, tzinfo=UTC)
    text = _gm_reply(sandbox, "SET DEADLINE! +6h")
    assert "the deadline is now Mon Mar 23 2026 15:00:00 CET (Europe/Paris)" in text
    assert sandbox.store.load_game(GAME).deadline == sandbox.clock.now() + timedelta(hours=6)


def test_a_later_deadline_is_never_too_soon(sandbox: Sandbox) -> None:
    """Moving a deadline 20 minutes away to 40 minutes away only gives the players time."""
    start_game(sandbox)
    sandbox.clock.set(FIRST_DEADLINE - timedelta(minutes=20))
    text = _gm_reply(sandbox, "SET DEADLINE +40m\nSET DEADLINE +10m")
    assert "line 2: SET DEADLINE +40m\n      the deadline is now" in text
    assert "only 10 minutes from now" in text
    assert sandbox.store.load_game(GAME).deadline == FIRST_DEADLINE + timedelta(minutes=20)


def test_every_deadline_change_mails_the_players(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET GRACE 6h\n")
    gm(sandbox, "SET DEADLINE +3d")
    sandbox.poll()
    everyone = sorted([address(p) for p in POWERS])
    assert _players_told(sandbox, "New deadline in demo") == everyone
    text = _gm_reply(sandbox, "SET GRACE 12h")  # the running deadline's grace moves: the players are told
    assert ("grace period set to 12 hours: orders are taken until Thu Mar 26 2026 21:00:00 CET (Europe/Paris); "
            "everyone is told") in text
    gm(sandbox, "SET GRACE 12h")  # nothing moves: nobody is told again
    sandbox.poll()
    sandbox.new_mail()
    gm(sandbox, "SET GRACE 1d")
    sandbox.poll()
    mails = sandbox.new_mail()
    grace = [m for m in to(mails, address("Italy")) if str(m.message["Subject"]) == "New grace period in demo"]
    assert len(grace) == 1
    assert ("The GM set the grace period of 'demo' to 1 day: orders are taken until Fri Mar 27 2026 09:00:00 CET "
            "(Europe/Paris).") in " ".join(sandbox.text(grace[0]).split())
    for lines, subject in (("PAUSE", "demo is paused"), ("RESUME", "demo resumes")):
        gm(sandbox, lines)
        sandbox.poll()
        assert _players_told(sandbox, subject) == everyone


def test_a_grace_that_would_end_in_the_past_is_refused_once_the_deadline_has_passed(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET GRACE 24h\n")
    send_as(sandbox, "France", hold_all(sandbox)["France"])
    sandbox.poll()
    sandbox.clock.set(FIRST_DEADLINE + timedelta(hours=2))
    text = _gm_reply(sandbox, "SET GRACE 1h")
    assert ("the grace period would end at Wed Mar 25 2026 10:00:00 CET (Europe/Paris), which is in the past "
            "(it is now Wed Mar 25 2026 11:00:00 CET): nothing was changed; SET GRACE! sets it anyway, and then "
            "Movement for Spring of 1901 (S1901M) is played at the end of this poll") in text
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"
    gm(sandbox, "SET GRACE! 1h")
    assert sandbox.poll().played == ["demo S1901M"]


def test_process_says_what_it_plays_and_what_becomes_of_the_missing_orders(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", hold_all(sandbox)["France"])
    send_as(sandbox, "Italy", "A VEN H")
    text = _gm_reply(sandbox, "PROCESS!")
    assert ("line 2: PROCESS!\n      Movement for Spring of 1901 (S1901M) is played at the end of this poll; "
            "Austria, England, Germany, Russia and Turkey have sent no orders: their units without orders hold "
            "(PROCESS! puts nobody into civil disorder); Italy has orders missing: its units without orders "
            "hold") in text
    for power, lines in hold_all(sandbox).items():
        send_as(sandbox, power, lines)
    text = _gm_reply(sandbox, "SET WAIT\nPROCESS")
    assert "line 3: PROCESS\n      Movement for Fall of 1901 (F1901M) is played at the end of this poll\n" in text


def test_dummy_says_when_it_lets_the_phase_be_played(sandbox: Sandbox) -> None:
    start_game(sandbox)
    for power, lines in hold_all(sandbox).items():
        if power != "Russia":
            send_as(sandbox, power, lines)
    text = _gm_reply(sandbox, "DUMMY Russia")
    assert ("Russia is in civil disorder; Movement for Spring of 1901 (S1901M) is played at the end of this "
            "poll\n") in text
    assert sandbox.store.phase_names(GAME) == ["S1901M"]


def test_rollback_says_which_phases_are_undone_and_the_new_deadline(sandbox: Sandbox) -> None:
    start_game(sandbox)
    for _ in range(2):
        gm(sandbox, "PROCESS!")
        sandbox.poll()
    send_as(sandbox, "France", "A PAR H")
    sandbox.poll()
    sandbox.new_mail()
    text = _gm_reply(sandbox, "ROLLBACK S1901M")
    assert ("line 2: ROLLBACK S1901M\n      the game goes back to the start of S1901M: S1901M and F1901M are undone "
            "(their results are void) and the orders in for S1902M are dropped; the players give their orders "
            "again; the new deadline is Wed Mar 25 2026 09:00:00 CET (Europe/Paris); everyone is told") in text


def test_terminate_and_pause_say_what_they_end(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A PAR H")
    text = _gm_reply(sandbox, "PAUSE\nRESUME")
    assert ("paused: the deadline of Wed Mar 25 2026 09:00:00 CET (Europe/Paris) is dropped and nothing is "
            "played until RESUME, which sets a new deadline from the timing; everyone is told") in text
    assert "resumed: the deadline is Wed Mar 25 2026 09:00:00 CET (Europe/Paris) (from the timing)" in text
    text = _gm_reply(sandbox, "TERMINATE")
    assert ("'demo' ends now, before Movement for Spring of 1901 (S1901M) is played (the orders France sent for "
            "it are not played); nobody wins; everyone gets the game-end mail\n") in text


# -- rounding the deadlines the timing sets -------------------------------------------------

@pytest.mark.parametrize(("wall", "rule", "rounded"), [
    (datetime(2026, 3, 25, 20, 1), ":00", datetime(2026, 3, 25, 21, 0)),
    (datetime(2026, 3, 25, 20, 0), ":00", datetime(2026, 3, 25, 20, 0)),
    (datetime(2026, 3, 25, 23, 31), ":30", datetime(2026, 3, 26, 0, 30)),
    (datetime(2026, 3, 25, 20, 1), "20:00", datetime(2026, 3, 26, 20, 0)),
    (datetime(2026, 3, 25, 9, 15), "20:00", datetime(2026, 3, 25, 20, 0)),
    (datetime(2026, 3, 25, 20, 1, 30), "off", datetime(2026, 3, 25, 20, 1, 30)),
])
def test_round_up(wall: datetime, rule: str, rounded: datetime) -> None:
    assert round_up(wall, rule) == rounded


def _played_at(sandbox: Sandbox, when: datetime, setup: str = "") -> datetime:
    """The deadline the next phase gets when S1901M is played at ``when``."""
    start_game(sandbox, setup)
    sandbox.clock.set(when)
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    sandbox.new_mail()
    deadline = sandbox.store.load_game(GAME).deadline
    assert deadline is not None
    return deadline


AT_20_01 = datetime(2026, 3, 24, 19, 1, tzinfo=UTC)  # 20:01 in Paris


def test_a_default_deadline_rounds_up_to_the_next_full_hour(sandbox: Sandbox) -> None:
    assert _played_at(sandbox, AT_20_01) == datetime(2026, 3, 26, 20, 0, tzinfo=UTC)  # 21:00 in Paris


def test_set_round_to_a_time_of_day(sandbox: Sandbox) -> None:
    assert _played_at(sandbox, AT_20_01, "SET ROUND 20:00\n") == datetime(2026, 3, 27, 19, 0, tzinfo=UTC)


def test_set_round_off_keeps_the_minute(sandbox: Sandbox) -> None:
    assert _played_at(sandbox, AT_20_01, "SET ROUND off\n") == AT_20_01 + timedelta(days=2)
    assert sandbox.store.load_game(GAME).settings.extra["round"] == "off"
    text = _gm_reply(sandbox, "SET ROUND :00")
    assert ("deadlines set from the timing are moved on to the next :00 of an hour (from the next phase on; "
            "a phase kind's SET TIMING hour= comes first)") in text


def test_a_game_stored_before_set_round_keeps_its_deadlines_unrounded(sandbox: Sandbox) -> None:
    """Only games created from now on round by default: a running game's deadlines keep their minute."""
    start_game(sandbox)
    game = sandbox.store.load_game(GAME)
    assert game.settings.extra.pop("round") == ":00"
    sandbox.store.save_game(game)
    sandbox.clock.set(AT_20_01)
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).deadline == AT_20_01 + timedelta(days=2)
