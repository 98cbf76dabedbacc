"""A command acts on the seat it names and only with that seat's authority (issue 31, points 1, 2, 4, 5, 8).

Each test plays the attack by mail through the spool into a running (or
forming) game, as the review that found it did, and checks the store and the
mails that went out.
"""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.app.helpers import GAME, GM, address, gm, reply, send_as, start_game, subjects, to


def _rejected(text: str, line: str, reason: str) -> bool:
    """Whether ``text`` (a reply) rejects ``line`` with ``reason`` right under it (the reason may wrap)."""
    flat = " ".join(text.split())
    rejected = flat.split("Rejected:", 1)[1] if "Rejected:" in flat else ""
    return f": {line} {reason}" in rejected


def _signs_on(sandbox: Sandbox, sender: str, line: str) -> bool:
    """Whether a mail from ``sender`` with the sign-on ``line`` is signed on."""
    sandbox.send(sender, line, "try")
    sandbox.poll()
    text = " ".join(reply(sandbox, sandbox.new_mail(), sender).split())
    assert ("signed on as" in text) != ("Rejected: line 1:" in text), text
    return "signed on as" in text


# -- point 5: keys never derive from a mutable address -------------------------------------------------------

E1615 = "e1"
ATTACKER, VICTIM = "attacker@example.org", "victim@example.org"
ATTACKER_SHEET = "BID SPAIN 60 FRANCE 10 AUSTRIA 10 ENGLAND 10 DENMARK 10"
VICTIM_SHEET = "BID ENGLAND 60 FRANCE 10 SPAIN 10 AUSTRIA 10 DENMARK 10"


def test_set_address_onto_another_players_address_and_back_leaves_his_bid_sheet(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {E1615} europe1615-v3 gm-secret", "new game")
    sandbox.poll()
    sandbox.send(ATTACKER, f"JOIN {E1615} a-secret\n{ATTACKER_SHEET}", "join")
    sandbox.poll()
    sandbox.send(VICTIM, f"JOIN {E1615} v-secret\n{VICTIM_SHEET}", "join")
    sandbox.poll()
    sandbox.send(ATTACKER, f"JOIN {E1615} a-secret\nSET ADDRESS {VICTIM}\nSET ADDRESS {ATTACKER}", "move")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send(GM, f"SIGNON M{E1615} gm-secret\nSTART", "start")
    sandbox.poll()
    game = sandbox.store.load_game(E1615)
    powers = {p.address: p.power for p in game.players if p.address}
    assert powers == {VICTIM: "ENGLAND", ATTACKER: "SPAIN"}
    start = [sandbox.text(m) for m in to(sandbox.new_mail(), GM) if "Re:" not in str(m.message["Subject"])]
    assert any(f"England to {VICTIM}, who sent: {VICTIM_SHEET}" in " ".join(t.split()) for t in start)


# -- point 1: after BECOME, SET PASSWORD and SET ADDRESS act on the power's seat -------------------------------


def _all_text(sandbox: Sandbox, mails: list[IncomingMail]) -> str:
    return "\n".join(str(m.message) for m in mails)


def test_become_then_set_password_resets_the_players_password_never_the_gms(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "BECOME France\nSET PASSWORD iforgot")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert not _signs_on(sandbox, "stranger@example.org", f"SIGNON M{GAME} iforgot")
    assert "password of France reset" in " ".join(reply(sandbox, mails, GM).split())
    told = [m for m in to(mails, address("France")) if "the GM reset your password" in str(m.message["Subject"])]
    assert len(told) == 1 and "the GM will tell you" in " ".join(sandbox.text(told[0]).split())
    assert "iforgot" not in _all_text(sandbox, mails)  # the new password is mailed to nobody
    sandbox.send("stranger@example.org", f"SIGNON M{GAME} iforgot\nPROCESS!", "take the game")
    sandbox.poll()
    assert "wrong GM password" in reply(sandbox, sandbox.new_mail(), "stranger@")
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"
    assert _signs_on(sandbox, GM, f"SIGNON M{GAME} gm-secret")
    assert _signs_on(sandbox, address("France"), f"SIGNON F{GAME} iforgot")
    assert not _signs_on(sandbox, address("France"), f"SIGNON F{GAME} france-secret")


def test_become_then_set_address_moves_the_players_seat_never_the_gm(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "BECOME France\nSET ADDRESS paris@example.org")
    sandbox.poll()
    mails = sandbox.new_mail()
    game = sandbox.store.load_game(GAME)
    assert game.gm_address == GM and game.player("FRANCE").address == "paris@example.org"
    for where in (address("France"), "paris@example.org"):
        assert "France in demo: the GM changed your address" in subjects(to(mails, where))
    assert _signs_on(sandbox, "paris@example.org", f"SIGNON F{GAME} {'france-secret'}")


def test_become_a_power_without_a_player_changes_no_seat(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "EJECT Germany\nBECOME Germany\nSET PASSWORD iforgot\nSET ADDRESS evil@example.org")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), GM)
    assert _rejected(text, "SET PASSWORD ****", "Germany has no player in 'demo': there is no seat to change")
    assert _rejected(text, "SET ADDRESS evil@example.org", "Germany has no player in 'demo'")
    game = sandbox.store.load_game(GAME)
    assert game.gm_address == GM and game.player("GERMANY").address == address("Germany")
    assert _signs_on(sandbox, GM, f"SIGNON M{GAME} gm-secret")


def test_after_become_orders_clear_status_and_settings_act_for_that_power_alone(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "BECOME Italy\nA VEN - TYR\nCLEAR\nA VEN H\nF NAP - ION\nSTATUS\nSET WAIT\nSET ZONE Asia/Tokyo\n"
                "SET MAP none\nSET DRAW\nRESIGN")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, GM)
    assert _rejected(text, "SET DRAW", "SET DRAW is for players")  # a vote is the player's own
    assert _rejected(text, "RESIGN", "RESIGN is for players")  # the GM has EJECT and DUMMY
    status = [sandbox.text(m) for m in to(mails, GM) if str(m.message["Subject"]) == f"Status of {GAME}"]
    assert len(status) == 1
    assert "Orders for Italy, Spring of 1901 (S1901M): Army Venice HOLD. Fleet Naples -> Ionian Sea." \
        in " ".join(status[0].split())
    game = sandbox.store.load_game(GAME)
    assert [o.line for o in game.orders["ITALY"]] == ["A VEN H", "F NAP - ION"]
    assert set(game.orders) == {"ITALY"}
    italy = game.player("ITALY")
    assert (italy.wait, italy.zone, italy.status) == (True, "Asia/Tokyo", "active")
    assert game.settings.wait is False and game.extra.get("gm_zone") is None
    assert game.extra["map_format"] == {"ITALY": "NONE"}


# -- point 4: after BECOME the GM gives orders for a power, he does not speak for it --------------------------


def test_after_become_press_and_broadcast_are_refused_and_nothing_is_stored(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET PRESS none")
    gm(sandbox, "BECOME France\nPRESS TO Germany\nLet us ally.\nENDPRESS\nBROADCAST\nFrance surrenders.\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, GM)
    for line in ("PRESS TO Germany", "BROADCAST"):
        assert _rejected(text, line, "BECOME lets the GM give orders, CLEAR and STATUS for a power, not speak for it")
    assert [m for m in mails if "Re:" not in str(m.message["Subject"])] == []
    assert "Let us ally" not in _all_text(sandbox, mails) and "surrenders" not in _all_text(sandbox, mails)
    assert sandbox.store.load_game(GAME).extra.get("press", []) == []


def test_the_gms_own_broadcast_before_become_goes_out_from_the_gm(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "BROADCAST\nDeadline extended.\nENDPRESS\nBECOME France\nA PAR - BUR")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "Rejected" not in reply(sandbox, mails, GM)
    assert [p["from"] for p in sandbox.store.load_game(GAME).extra["press"]] == ["GM"]
    press = [sandbox.text(m) for m in to(mails, address("Germany")) if "Re:" not in str(m.message["Subject"])]
    assert len(press) == 1 and "Deadline extended." in press[0] and "France" not in press[0]


# -- point 8: a seat that resigned does nothing more in the same mail -----------------------------------------


def test_nothing_after_resign_acts_for_the_now_vacant_power(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "Germany", "A MUN - RUH\nRESIGN\nA KIE - HOL\nSET PASSWORD mine-again\n"
                                "SET ADDRESS evil@example.org\nSET WAIT\nSTATUS")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, address("Germany"))
    for line in ("A KIE - HOL", "SET PASSWORD ****", "SET ADDRESS evil@example.org", "SET WAIT", "STATUS"):
        assert _rejected(text, line, "you resigned Germany earlier in this mail: nothing after RESIGN is done for it")
    assert "mine-again" not in text
    game = sandbox.store.load_game(GAME)
    germany = game.player("GERMANY")
    assert (germany.status, germany.address, germany.wait) == ("resigned", address("Germany"), False)
    assert [o.line for o in game.orders.get("GERMANY", [])] == ["A MUN - RUH"]
    assert not to(mails, "evil@") and len(to(mails, address("Germany"))) == 1
    assert not _signs_on(sandbox, address("Germany"), f"SIGNON G{GAME} mine-again")


# -- point 2: a pending request is never replaced silently ---------------------------------------------------

NEWCOMER = "new@example.org"


def _ask(sandbox: Sandbox, password: str, subject: str) -> tuple[str, list[str]]:
    """A JOIN … AS Germany from the newcomer's address: the reply, and the GM's notices of that poll."""
    sandbox.send(NEWCOMER, f"JOIN {GAME} {password} AS Germany", subject)
    sandbox.poll()
    mails = sandbox.new_mail()
    return reply(sandbox, mails, NEWCOMER), [" ".join(sandbox.text(m).split()) for m in to(mails, GM)]


def test_a_forged_request_for_a_vacant_power_replaces_nothing_and_approve_names_the_request(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "EJECT Germany")
    sandbox.poll()
    sandbox.new_mail()
    answer, notices = _ask(sandbox, "first-pw", "join")
    assert "your request to play Germany (request 1) went to the GM of 'demo'" in answer
    assert len(notices) == 1 and f"Request 1: {NEWCOMER} asks to play Germany" in notices[0]
    assert "APPROVE Germany hands Germany over to request 1" in notices[0]
    answer, notices = _ask(sandbox, "forged-pw", "forged")  # a forged From: the newcomer's address
    assert "(request 2)" in answer and "1 other request for Germany waits too" in answer
    assert len(notices) == 1 and "2 different requests wait for Germany" in notices[0]
    assert f"request 1: {NEWCOMER}, 2026-" in notices[0] and f"request 2: {NEWCOMER}, 2026-" in notices[0]
    assert "first-pw" not in notices[0] and "forged-pw" not in notices[0]
    answer, notices = _ask(sandbox, "first-pw", "again")  # the same request again: the same request
    assert "(request 1) already waits for the GM" in answer and notices == []
    gm(sandbox, "APPROVE Germany")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), GM)
    assert _rejected(text, "APPROVE Germany", f"2 different requests wait for Germany: request 1 from {NEWCOMER} (")
    assert "APPROVE Germany <number>" in " ".join(text.split()) and "first-pw" not in text
    assert sandbox.store.load_game(GAME).player("GERMANY").status == "ejected"
    gm(sandbox, "APPROVE Germany 1")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert f"Germany handed to {NEWCOMER} (request 1)" in reply(sandbox, mails, GM)
    assert "Germany in demo: your request was not approved" in subjects(to(mails, NEWCOMER))
    assert _signs_on(sandbox, NEWCOMER, f"SIGNON G{GAME} first-pw")
    assert not _signs_on(sandbox, NEWCOMER, f"SIGNON G{GAME} forged-pw")
    assert "takeovers" not in sandbox.store.load_game(GAME).extra


def test_requests_for_one_power_are_capped(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "Germany", "RESIGN")
    sandbox.poll()
    for n in range(6):
        sandbox.send(f"asker{n}@example.org", f"JOIN {GAME} pw{n} AS Germany", "join")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "(request 5)" in reply(sandbox, mails, "asker4@")
    assert "5 requests for Germany already wait for the GM" in " ".join(reply(sandbox, mails, "asker5@").split())
    assert len(sandbox.store.load_game(GAME).extra["takeovers"]["GERMANY"]) == 5


def test_an_ejected_seat_does_nothing_more_in_the_same_mail(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send(address("France"), f"SIGNON F{GAME} france-secret\nA PAR H\nSIGNON M{GAME} gm-secret\nEJECT France\n"
                                    f"BECOME France\nSET ADDRESS thief@example.org\nSIGNON F{GAME} france-secret\n"
                                    "A MAR H\nSET WAIT", "one mail, two roles")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), address("France"))
    assert _rejected(text, "SET ADDRESS thief@example.org", "France has no player in 'demo'")
    assert _rejected(text, "A MAR H", "not signed on: the sign-on at line 7 was refused")
    assert _rejected(text, "SET WAIT", "not signed on")
    game = sandbox.store.load_game(GAME)
    france = game.player("FRANCE")
    assert (france.status, france.address, france.wait) == ("ejected", address("France"), False)
    assert [o.line for o in game.orders["FRANCE"]] == ["A PAR H"] and game.gm_address == GM
