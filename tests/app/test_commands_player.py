"""Player commands by mail: orders, CLEAR, PRESS, BROADCAST, STATUS, RESIGN and the personal SETs."""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, address, gm, reply, send_as, start_game, subjects, to


def test_orders_replace_earlier_ones_for_the_same_unit_and_the_reply_lists_the_set(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A PAR - BUR\nF BRE - MAO")
    sandbox.poll()
    send_as(sandbox, "France", "army paris -> picardy\nMAR H")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail()[-1:], "france@")
    assert "line 2: army paris -> picardy\n      read as: A PAR - PIC" in text
    assert "Orders for France, Spring of 1901 (S1901M):" in text
    assert "Army Paris -> Picardy." in text and "Fleet Brest -> Mid-Atlantic Ocean." in text
    assert "Army Marseilles HOLD." in text and "Burgundy" not in text
    assert [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]] == ["F BRE - MAO", "A PAR - PIC",
                                                                                 "A MAR H"]


def test_illegal_and_foreign_orders_are_rejected_and_the_rest_still_counts(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A PAR - MOS\nA BER - MUN\nF PAR - BUR\nBUILD A PAR\nA MAR - SPA\nPARIZ H")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "france@")
    assert "line 3: A BER - MUN\n      there is no unit you may order in Berlin" in text
    assert "line 4: F PAR - BUR\n      the unit in Paris is an army" in text
    assert "line 5: BUILD A PAR" in text
    assert "line 7: PARIZ H\n      column 1: unknown" in text
    orders = [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]]
    assert "A MAR - SPA" in orders and all("BER" not in o for o in orders)


def test_clear_drops_every_order(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "Italy", "A VEN H\nA ROM - APU")
    send_as(sandbox, "Italy", "CLEAR\nF NAP - ION")
    sandbox.poll()
    assert [o.line for o in sandbox.store.load_game(GAME).orders["ITALY"]] == ["F NAP - ION"]


def test_press_white_grey_and_none(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET PRESS white\n")
    send_as(sandbox, "England", "PRESS TO France, Germany\nShall we meet in the Channel?\n-- Elizabeth\nENDPRESS\n"
                                "PRESS GREY TO Russia\nBoo\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, "england@")
    assert "press sent to France, Germany" in text
    assert "'demo' does not allow grey press" in text
    press = [m for m in mails if m.message["Subject"] == "Press in demo from England"]
    assert sorted(str(m.message["To"]) for m in press) == [address("France"), address("Germany")]
    assert "Shall we meet in the Channel?\n-- Elizabeth" in sandbox.text(press[0])
    gm(sandbox, "SET PRESS grey")
    send_as(sandbox, "England", "PRESS GREY TO Russia\nBoo\nENDPRESS")
    sandbox.poll()
    grey = to(sandbox.new_mail(), "russia@")
    assert subjects(grey) == ["Press in demo from an anonymous power"]
    assert "England" not in sandbox.text(grey[0])
    gm(sandbox, "SET PRESS none")
    send_as(sandbox, "England", "PRESS TO France\nhi\nENDPRESS\nPRESS TO M\nhelp\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "'demo' has no press: only press to the GM is allowed" in reply(sandbox, mails, "england@")
    assert "Press in demo from England" in subjects(to(mails, GM))


def test_broadcast_reaches_everyone_but_the_sender(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "Turkey", "BROADCAST\nPeace in our time.\nENDPRESS")
    sandbox.poll()
    mails = [m for m in sandbox.new_mail() if m.message["Subject"] == "Broadcast in demo from Turkey"]
    receivers = sorted(str(m.message["To"]) for m in mails)
    assert len(receivers) == 7 and GM in receivers and address("Turkey") not in receivers


def test_status_and_personal_settings(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "Russia", "SET ZONE america/new_york\nSET WAIT\nA MOS - UKR\nSTATUS\n"
                               "SET ADDRESS <tsar@example.org>\nSET PASSWORD n3w")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, "russia@")
    assert "Rejected" not in text
    assert "In your time zone (America/New_York) that is" in text
    status = next(sandbox.text(m) for m in mails if m.message["Subject"] == "Status of demo")
    assert "Army Moscow -> Ukraine." in status and "Still without orders:" in status
    player = sandbox.store.load_game(GAME).player("RUSSIA")
    assert (player.zone, player.wait, player.address) == ("America/New_York", True, "tsar@example.org")
    sandbox.send("tsar@example.org", f"SIGNON R{GAME} russia-secret\nA WAR H")
    sandbox.send("tsar@example.org", f"SIGNON R{GAME} n3w\nA WAR H")
    sandbox.poll()
    replies = to(sandbox.new_mail(), "tsar@")
    assert "wrong password for Russia in 'demo'" in sandbox.text(replies[0])
    assert "Rejected" not in sandbox.text(replies[1])


def test_set_absence_moves_the_deadline_and_tells_the_gm(sandbox: Sandbox) -> None:
    start_game(sandbox)
    before = sandbox.store.load_game(GAME).deadline
    send_as(sandbox, "Austria", "SET ABSENCE 2026-03-24 TO 2026-03-26")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert before.isoformat().startswith("2026-03-25")
    assert game.deadline.isoformat() == "2026-03-26T23:00:00+00:00"  # midnight ending the 26th, Paris time
    mails = sandbox.new_mail()
    assert "Absence in demo" in subjects(to(mails, GM))
    assert "the deadline moved past it" in reply(sandbox, mails, "austria@")


def test_resign_leaves_the_power_vacant_for_a_new_player(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "Germany", "RESIGN")
    sandbox.poll()
    assert "Germany resigned from demo" in subjects(to(sandbox.new_mail(), GM))
    send_as(sandbox, "Germany", "A MUN H")
    sandbox.send("new@example.org", f"JOIN {GAME} pw AS Germany\nA MUN - RUH")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "Germany has no player in 'demo'" in reply(sandbox, mails, "germany@")
    assert "the GM of 'demo', who must APPROVE it" in reply(sandbox, mails, "new@")
    assert "A player asks to take over Germany in demo" in subjects(to(mails, GM))
    gm(sandbox, "APPROVE Germany")
    sandbox.poll()
    assert "You now play Germany in demo" in subjects(to(sandbox.new_mail(), "new@"))
    sandbox.send("new@example.org", f"SIGNON Germany {GAME} pw\nA MUN - RUH")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "Army Munich -> Ruhr." in reply(sandbox, mails, "new@")
