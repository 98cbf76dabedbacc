"""njudge's master settings by mail, each with its effect on the game (issue 33, the GM's admin forms).

Timing (``SET MOVES NEXT 48.0 DELAY 1.0``, ``SET MOVE GRACE 167``, ``SET GRACE date``, ``SET START date``), the
process and start modes, LIST and its labels, STRICTWAIT, MAXABSENCE, LATECOUNT, NOQUIET, NOREVEAL, and the
master's ``RESIGN power``, ``PROCESS`` and a player's ``SIGNON`` take-over of an abandoned power.
"""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, POWERS, address, gm, hold_all, password, reply, send_as, start_game, to

STRANGER = "vet@example.org"


def _gm_reply(sandbox: Sandbox, lines: str) -> str:
    gm(sandbox, lines)
    sandbox.poll()
    return reply(sandbox, sandbox.new_mail(), GM)


def _phase(sandbox: Sandbox) -> str:
    return str(sandbox.store.load_game(GAME).state["phase"])


def _all_hold(sandbox: Sandbox) -> None:
    for power, lines in hold_all(sandbox).items():
        send_as(sandbox, power, lines)


def test_njudge_timing_sets_next_grace_and_delay_per_phase_kind(sandbox: Sandbox) -> None:
    start_game(sandbox)
    text = _gm_reply(sandbox, "SET MOVES NEXT 48.0 DELAY 1.0\nSET BUILDS DELAY 1.0\nSET MOVE GRACE 167")
    assert "Rejected" not in text
    timing = sandbox.store.load_game(GAME).timing
    assert timing["M"].next == timedelta(hours=48) and timing["M"].delay == timedelta(hours=1)
    assert timing["A"].delay == timedelta(hours=1) and timing["R"].delay == timedelta(0)
    assert timing["M"].grace == timedelta(hours=167)
    _all_hold(sandbox)   # every order in: njudge's DELAY holds the phase an hour after the last of them
    sandbox.poll()
    assert _phase(sandbox) == "S1901M"
    sandbox.advance(timedelta(minutes=61))
    sandbox.poll()
    assert _phase(sandbox) == "F1901M"


def test_manualprocess_waits_for_the_gms_process_and_start_date_holds_the_phase(sandbox: Sandbox) -> None:
    start_game(sandbox)
    assert "Rejected" not in _gm_reply(sandbox, "SET MANUALPROCESS")
    _all_hold(sandbox)
    sandbox.poll()
    sandbox.advance(timedelta(days=30))   # past the deadline and the grace: still only PROCESS plays it
    sandbox.poll()
    assert _phase(sandbox) == "S1901M"
    assert "Rejected" not in _gm_reply(sandbox, "PROCESS")
    assert _phase(sandbox) == "F1901M"
    assert "Rejected" not in _gm_reply(sandbox, "SET AUTOPROCESS")
    game = sandbox.store.load_game(GAME)
    start = game.deadline.astimezone().strftime("%b %d") if game.deadline else ""
    text = _gm_reply(sandbox, f"SET START {start} 23:59")   # njudge: nothing is played before that moment
    assert "Rejected" not in text and "not played before" in text
    _all_hold(sandbox)
    sandbox.poll()
    assert _phase(sandbox) == "F1901M"


def test_grace_given_as_a_date_ends_the_grace_then(sandbox: Sandbox) -> None:
    start_game(sandbox)
    game = sandbox.store.load_game(GAME)
    assert game.deadline is not None
    day = (game.deadline + timedelta(days=3)).astimezone()
    text = _gm_reply(sandbox, f"SET GRACE {day:%b} {day.day} 18:00")
    assert "Rejected" not in text
    after = sandbox.store.load_game(GAME)
    assert after.grace_end is not None and after.grace_end - game.deadline > timedelta(days=2)


def test_list_leaves_an_unlisted_game_out_and_shows_comment_and_numbers(sandbox: Sandbox) -> None:
    start_game(sandbox)
    text = _gm_reply(sandbox, "SET COMMENT a friendly game\nSET BN 1999AA\nSET EP 94-1\n"
                              "SET COMMENT BEGIN\nA long comment\nA Par-Bur\nSIGNOFF\nA Mar-Spa")
    assert "Rejected" not in text
    game = sandbox.store.load_game(GAME)
    assert not game.orders.get("FRANCE")   # nothing of the comment, nor after its SIGNOFF, is an order
    assert game.settings.extra["comment_full"] == "A long comment\nA Par-Bur"
    sandbox.send(STRANGER, "LIST")
    sandbox.poll()
    listing = sandbox.text(next(m for m in to(sandbox.new_mail(), STRANGER) if "Games on" in str(m.message["Subject"])))
    assert GAME in listing and "a friendly game; Boardman number 1999AA; EP number 94-1" in listing
    _gm_reply(sandbox, "SET NOLIST")
    sandbox.send(STRANGER, f"LIST\nLIST {GAME}")
    sandbox.poll()
    mails = to(sandbox.new_mail(), STRANGER)
    everything = sandbox.text(next(m for m in mails if "Games on" in str(m.message["Subject"])))
    assert f"\n{GAME} " not in everything
    details = "\n".join(sandbox.text(m) for m in mails if "Games on" not in str(m.message["Subject"]))
    assert "A long comment" in details   # LIST game still answers whoever names it
    sandbox.send(STRANGER, "LIST FULL")   # njudge's every game in full: an unlisted one is not in it either
    sandbox.poll()
    full = "\n".join(sandbox.text(m) for m in to(sandbox.new_mail(), STRANGER))
    assert "every game's details are in a separate mail" in full and "A long comment" not in full


def test_strictwait_lets_only_a_power_with_orders_due_set_wait(sandbox: Sandbox) -> None:
    start_game(sandbox)
    _gm_reply(sandbox, "SET STRICTWAIT")
    game = sandbox.store.load_game(GAME)
    game.state["units"]["AUSTRIA"] = []   # Austria without units owes no orders this phase
    sandbox.store.save_game(game)
    send_as(sandbox, "Austria", "SET WAIT")
    send_as(sandbox, "France", "SET WAIT")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "only a power with orders due" in reply(sandbox, mails, address("Austria"))
    assert "Rejected" not in reply(sandbox, mails, address("France"))
    _gm_reply(sandbox, "SET NOSTRICTWAIT")
    send_as(sandbox, "Austria", "SET WAIT")
    sandbox.poll()
    assert "Rejected" not in reply(sandbox, sandbox.new_mail(), address("Austria"))


def test_maxabsence_caps_a_players_absence(sandbox: Sandbox) -> None:
    start_game(sandbox)
    _gm_reply(sandbox, "SET MAXABSENCE 2")
    send_as(sandbox, "France", "SET ABSENCE 2026-04-10 TO 2026-04-14")
    sandbox.poll()
    assert "at most 2 days" in reply(sandbox, sandbox.new_mail(), address("France"))
    assert not sandbox.store.load_game(GAME).player("FRANCE").absences
    send_as(sandbox, "France", "SET ABSENCE 2026-04-10 TO 2026-04-11")
    sandbox.poll()
    assert "Rejected" not in reply(sandbox, sandbox.new_mail(), address("France"))
    assert sandbox.store.load_game(GAME).player("FRANCE").absences


def test_resign_power_ejects_and_quiet_tells_only_the_gm(sandbox: Sandbox) -> None:
    start_game(sandbox)
    text = _gm_reply(sandbox, "SET QUIET\nRESIGN Turkey")
    assert "Rejected" not in text and "Turkey was ejected" in text
    assert sandbox.store.load_game(GAME).player("TURKEY").status == "ejected"
    gm(sandbox, "RESIGN Italy")
    sandbox.poll()
    assert not [m for m in to(sandbox.new_mail(), address("France")) if "Italy" in str(m.message["Subject"])]


def test_noquiet_notice_reaches_the_others_without_an_address(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET NOQUIET\nRESIGN Turkey")
    sandbox.poll()
    mails = sandbox.new_mail()
    told = [m for m in to(mails, address("France")) if "Turkey was ejected" in str(m.message["Subject"])]
    assert told and address("Turkey") not in sandbox.text(told[0])


def test_signon_to_an_abandoned_power_asks_the_gm_to_hand_it_over(sandbox: Sandbox) -> None:
    start_game(sandbox, powers=tuple(p for p in POWERS if p != "Turkey"))
    sandbox.send(STRANGER, f"SIGNON T{GAME} anything")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), STRANGER)
    assert "Rejected" not in text and "must APPROVE" in text
    assert sandbox.store.load_game(GAME).player("TURKEY").address == ""   # no seat given without the GM
    _gm_reply(sandbox, "APPROVE Turkey")
    assert sandbox.store.load_game(GAME).player("TURKEY").address == STRANGER


def test_autostart_starts_the_game_when_the_last_power_joins(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret\nSET AUTOSTART", "new game")
    sandbox.poll()
    for power in POWERS:
        sandbox.send(address(power), f"JOIN {GAME} {password(power)} AS {power}")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).status == "active"


def test_noreveal_keeps_the_players_out_of_summary_after_the_end(sandbox: Sandbox) -> None:
    start_game(sandbox)
    _gm_reply(sandbox, "SET NOREVEAL\nTERMINATE")
    send_as(sandbox, "France", f"SUMMARY {GAME}")
    sandbox.poll()
    mails = to(sandbox.new_mail(), address("France"))
    summary = "\n".join(sandbox.text(m) for m in mails if "ummary" in str(m.message["Subject"]))
    assert summary and address("Germany") not in summary


def test_latecount_counts_each_players_late_phases_for_the_gm(sandbox: Sandbox) -> None:
    start_game(sandbox)
    _gm_reply(sandbox, "SET LATECOUNT")
    for power, lines in hold_all(sandbox).items():
        if power != "France":
            send_as(sandbox, power, lines)
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.deadline is not None
    sandbox.advance(game.deadline - sandbox.clock.now() + timedelta(minutes=1))
    sandbox.poll()
    sandbox.new_mail()
    assert _phase(sandbox) == "F1901M"   # played at the deadline, France's orders missing
    gm(sandbox, "STATUS")
    sandbox.poll()
    details = "\n".join(sandbox.text(m) for m in to(sandbox.new_mail(), GM))
    assert "Late phases per player: France 1" in details


def test_nostrictgrace_moves_the_end_of_grace_to_a_day_deadlines_may_fall_on(sandbox: Sandbox) -> None:
    start_game(sandbox)
    zone = ZoneInfo(sandbox.store.load_game(GAME).zone)
    text = _gm_reply(sandbox, "SET MOVE GRACE 24 DAYS -MTWTF-\nSET NOSTRICTGRACE\nSET DEADLINE! Fri 18:00")
    assert "Rejected" not in text
    game = sandbox.store.load_game(GAME)
    assert game.deadline is not None and game.grace_end is not None
    assert game.deadline.astimezone(zone).strftime("%a") == "Fri"
    assert game.grace_end.astimezone(zone).strftime("%a %H:%M") == "Mon 18:00"   # not Saturday
    _gm_reply(sandbox, "SET STRICTGRACE\nSET DEADLINE! Fri 18:00")
    game = sandbox.store.load_game(GAME)
    assert game.grace_end is not None and game.grace_end - game.deadline == timedelta(hours=24)
