"""njudge's language by mail (issue 33): no line taken as this phase's order unless meant so, njudge's forms
read as njudge reads them, the others refused naming the judge's equivalent."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, gm, reply, send_as, start_game, subjects, to


def _orders(sandbox: Sandbox, power: str) -> list[str]:
    game = sandbox.store.load_game(GAME)
    return sorted(o.line for o in game.orders.get(power.upper(), []))


def _flat(text: str) -> str:
    return " ".join(text.split())


# -- point 2: nothing but this phase's orders is read as this phase's orders ------------------------------------

def test_phase_orders_are_kept_for_their_phase_and_taken_only_when_it_comes(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A Mar H\nPHASE Fall 1901 Movement\nA Par-Gas\nF Bre-Xyz\nSET WAIT")
    sandbox.poll()
    text = _flat(reply(sandbox, sandbox.new_mail(), "france@"))
    assert _orders(sandbox, "France") == ["A MAR H"]   # nothing below PHASE is this phase's
    assert "kept for F1901M" in text and "line 6" in text.split("Rejected:")[0]  # SET WAIT still counts
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    mails = sandbox.new_mail()
    game = sandbox.store.load_game(GAME)
    assert game.state["phase"] == "F1901M"
    assert _orders(sandbox, "France") == ["A PAR - GAS"]
    notices = [sandbox.text(m) for m in to(mails, "france@") if "kept for F1901M" in str(m.message["Subject"])]
    assert len(notices) == 1 and "F Bre-Xyz" in notices[0]


def test_phase_for_a_past_phase_and_clear_of_kept_orders(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "PHASE Fall 1901 Movement\nA Par-Gas\nCLEAR\nPHASE Fall 1900 Movement\nA Par-Bur")
    sandbox.poll()
    text = _flat(reply(sandbox, sandbox.new_mail(), "france@"))
    assert "the 1 lines kept for later phases" in text and "F1900M is past" in text
    assert not sandbox.store.load_game(GAME).extra.get("pending")
    assert _orders(sandbox, "France") == []


def test_phase_naming_this_phase_takes_the_orders_below_it(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "PHASE Spring 1901 Movement\nA Par-Pic")
    sandbox.poll()
    sandbox.new_mail()
    assert _orders(sandbox, "France") == ["A PAR - PIC"]


def test_if_else_endif_is_refused_whole_and_no_branch_is_taken(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "IF NOT French Army Ruhr\nA Par-Pic\nELSE\nA Par-Bur\nENDIF\nA Mar H")
    sandbox.poll()
    text = _flat(reply(sandbox, sandbox.new_mail(), "france@"))
    assert _orders(sandbox, "France") == ["A MAR H"]
    assert "conditional orders (IF … ENDIF) are kept only for a later phase, below a PHASE line" in text


def test_if_else_under_phase_takes_the_branch_the_board_chooses_when_the_phase_comes(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A Par-Bur\nPHASE Fall 1901 Movement\nIF French Army Burgundy THEN\nA Bur-Mun\n"
                               "ELSE\nA Par-Pic\nENDIF\nIF NOT Russian Sevastopol\nF Bre-Eng\nENDIF")
    sandbox.poll()
    text = _flat(reply(sandbox, sandbox.new_mail(), "france@"))
    assert _orders(sandbox, "France") == ["A PAR - BUR"] and "Rejected:" not in text
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    sandbox.new_mail()
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"
    assert _orders(sandbox, "France") == ["A BUR - MUN"]


def test_diary_and_postal_press_text_is_never_an_order_and_sign_off_ends_the_mail(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "DIARY\nA Mar-Spa\nENDPRESS\nPOSTALPRESS\nF Bre-Mao\nENDPRESS\nA Par H\n"
                               "SIGN OFF\nA Mar-Bur\n-- Louis")
    sandbox.poll()
    text = _flat(reply(sandbox, sandbox.new_mail(), "france@"))
    assert _orders(sandbox, "France") == ["A PAR H"]
    assert "diary entry 1 kept" in text and "no postal press" in text   # the game allows none


# -- point 3: njudge's language where the judge has the feature --------------------------------------------------

def test_press_to_initials_run_together_all_but_and_end_of_mail(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "PRESS TO EG\nto England and Germany\nENDPRESS\nPRESS -G\nall but Germany\n"
                               "SIGNOFF\nA Par-Bur")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "Press in demo from France" in subjects(to(mails, "england@"))
    germany = [sandbox.text(m) for m in to(mails, "germany@")]
    assert any("to England and Germany" in t for t in germany)
    assert not any("all but Germany" in t for t in germany)
    assert any("all but Germany" in sandbox.text(m) for m in to(mails, "italy@"))
    assert _orders(sandbox, "France") == []


def test_press_to_gm_is_germany_and_the_master(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "PRESS TO GM\nfor both\n")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "Press in demo from France" in subjects(to(mails, "germany@"))
    assert "sent to Germany, Master" in _flat(reply(sandbox, mails, "france@"))


def test_several_orders_on_one_line(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A Par-Bur, A Mar-Spa; F Bre-Mao")
    sandbox.poll()
    sandbox.new_mail()
    assert _orders(sandbox, "France") == ["A MAR - SPA", "A PAR - BUR", "F BRE - MAO"]


def test_the_masters_set_move_is_the_judges_timing_delay_included(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET MOVE NEXT 72 MIN 24\nSET RETREAT NEXT 48.0 DELAY 1.0\nSET NO NMR")
    sandbox.poll()
    text = _flat(reply(sandbox, sandbox.new_mail(), GM))
    settings = sandbox.store.load_game(GAME).settings
    assert settings.nmr == "wait"
    assert "Rejected" not in text   # njudge's DELAY is the timing's delay= (tests/app/test_njudge_admin.py)
    assert sandbox.store.load_game(GAME).timing["R"].delay.total_seconds() == 3600


def test_anyones_njudge_commands_are_answered_as_such_not_as_a_missing_signon(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send("vet@example.org", "GET syntax\nWHOIS vet\nVERSION\nWHOGAME demo\nREGISTER\nname: Vet\nEND\n"
                                    "PREDICT", "hello")
    sandbox.poll()
    text = _flat(reply(sandbox, sandbox.new_mail(), "vet@"))
    assert "not signed on" not in text
    assert "the file 'syntax' is in a separate mail" in text and "WHOIS" in text and "REGISTER" in text
    assert "VERSION demo-judge runs judge version" in text and "who plays 'demo'" in text
    assert "PREDICT is PREVIEW" in text


# -- point 4: unsupported forms refused naming the equivalent -------------------------------------------------------

def test_set_none_is_no_press_not_a_zone(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET NONE")
    sandbox.poll()
    text = _flat(reply(sandbox, sandbox.new_mail(), GM))
    assert "ZONE" not in text
    assert sandbox.store.load_game(GAME).settings.press == "none"


def test_njudges_dates_in_set_deadline_and_set_absence(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET DEADLINE Mar 30 23:30")
    send_as(sandbox, "France", "SET ABSENCE Apr 17 TO Apr 18")
    sandbox.poll()
    sandbox.new_mail()
    game = sandbox.store.load_game(GAME)
    local = game.deadline.astimezone(ZoneInfo(game.zone))
    assert (local.month, local.day, local.hour, local.minute) == (3, 30, 23, 30)
    [(start, end)] = game.player("FRANCE").absences
    assert start.astimezone(ZoneInfo(game.zone)).date().isoformat() == "2026-04-17"
    gm(sandbox, "SET DEADLINE Mon 23:30")
    sandbox.poll()
    sandbox.new_mail()
    assert sandbox.store.load_game(GAME).deadline.astimezone(ZoneInfo(game.zone)).weekday() == 0


def test_differences_are_said_in_the_reply_and_equivalents_named(sandbox: Sandbox) -> None:
    start_game(sandbox, powers=("Austria", "England", "France", "Germany", "Italy", "Russia"))
    send_as(sandbox, "France", "A Par-Bur\nCLEAR\nSET DRAW")
    gm(sandbox, "PREDICT\nRESIGN Turkey\nSET MOVE DAYS -MTWTF- CLOCK 1410")
    sandbox.send("vet@example.org", "SIGNON Tdemo anything", "take over")
    sandbox.poll()
    mails = sandbox.new_mail()
    france, master = _flat(reply(sandbox, mails, "france@")), _flat(reply(sandbox, mails, GM))
    vet = _flat(reply(sandbox, mails, "vet@"))
    assert "the 0 lines kept for later phases with PHASE (njudge's CLEAR dropped only those)" in france
    assert "njudge's vote lasted one phase; here it stays" in france
    assert "PREDICT the preview was mailed to the GM" in master and "Turkey was ejected" in master   # RESIGN power is EJECT
    assert "your request to play Turkey" in vet and "must APPROVE" in vet   # njudge's take-over, GM approving
    assert "line 4: SET MOVE DAYS -MTWTF- CLOCK 1410 timing set for M phases" in master.split("Rejected:")[0]
