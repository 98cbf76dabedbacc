"""A seat is bound to the password given at JOIN (issue 10, defect 2).

Mail's From can be forged: before the fix a JOIN needed no credential in a
forming game, Europe 1615's BID sheets were kept by address, and a second
JOIN from the same address added a seat.
"""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME as DEMO
from tests.app.helpers import gm, reply, send_as, start_game

GAME = "e1"
GM = "gm@example.org"
FRANCE = "france@example.org"
SPAIN = "spain@example.org"
SHEET = "BID FRANCE 60 SPAIN 10 AUSTRIA 10 ENGLAND 10 DENMARK 10"
OTHER = "BID SPAIN 60 FRANCE 10 AUSTRIA 10 ENGLAND 10 DENMARK 10"


def _forming(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} europe1615-v3 gm-secret", "new game")
    sandbox.send(FRANCE, f"JOIN {GAME} fr-secret\n{SHEET}", "join")
    sandbox.poll()
    sandbox.new_mail()


def test_a_forged_join_cannot_replace_a_sheet_nor_add_a_seat(sandbox: Sandbox) -> None:
    _forming(sandbox)
    sandbox.send(FRANCE, f"JOIN {GAME} anything\n{OTHER}", "forged")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), FRANCE)
    assert "this address already has a seat in 'e1'" in answer
    game = sandbox.store.load_game(GAME)
    assert [p.address for p in game.players] == [FRANCE]
    assert [game.sheet_of(p) for p in game.players] == ["BID FRANCE 60 SPAIN 10 AUSTRIA 10 ENGLAND 10 DENMARK 10"]


def test_joining_again_with_the_password_replaces_the_sheet_and_keeps_one_seat(sandbox: Sandbox) -> None:
    _forming(sandbox)
    sandbox.send(FRANCE, f"JOIN {GAME} fr-secret\n{OTHER}", "new bid")
    sandbox.send(SPAIN, f"JOIN {GAME} es-secret\n{OTHER}", "join")
    sandbox.poll()
    assert "your seat is kept" in reply(sandbox, sandbox.new_mail(), FRANCE)
    game = sandbox.store.load_game(GAME)
    assert [p.address for p in game.players] == [FRANCE, SPAIN]
    assert game.sheet_of(game.players[0]).startswith("BID SPAIN 60")
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSTART", "start")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    powers = {p.address: p.power for p in game.players if p.address}
    assert powers[FRANCE] == "SPAIN" and powers[SPAIN] not in (None, "SPAIN")  # the tie: who joined first


def test_a_seat_in_a_forming_game_cannot_change_the_gm_password_or_address(sandbox: Sandbox) -> None:
    _forming(sandbox)
    sandbox.send(SPAIN, f"JOIN {GAME} es-secret\nSET PASSWORD hijacked\nSET ADDRESS evil@example.org", "join")
    sandbox.poll()
    sandbox.new_mail()
    game = sandbox.store.load_game(GAME)
    assert game.gm_address == GM
    assert [p.address for p in game.players] == [FRANCE, "evil@example.org"]
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSET SEATS 2", "gm")
    sandbox.poll()
    assert "one address may hold up to 2 seats" in reply(sandbox, sandbox.new_mail(), GM)


def test_the_gm_may_let_one_address_hold_two_seats_each_with_its_own_sheet(sandbox: Sandbox) -> None:
    _forming(sandbox)
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSET SEATS 2", "gm")
    sandbox.poll()
    sandbox.send(FRANCE, f"JOIN {GAME} second-secret\n{OTHER}", "second seat")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send(FRANCE, f"JOIN {GAME} third-secret", "third seat")
    sandbox.poll()
    assert "this address already has a seat" in reply(sandbox, sandbox.new_mail(), FRANCE)
    game = sandbox.store.load_game(GAME)
    assert len(game.players) == 2
    assert [game.sheet_of(p) for p in game.players] == [SHEET, OTHER]


def test_a_standard_game_binds_seats_to_their_password_too(sandbox: Sandbox) -> None:
    sandbox.send(GM, "CREATE std1 standard gm-secret", "new game")
    sandbox.send(FRANCE, "JOIN std1 fr-secret AS France", "join")
    sandbox.poll()
    sandbox.send(FRANCE, "JOIN std1 guess AS Italy", "forged")
    sandbox.send(FRANCE, "JOIN std1 fr-secret AS England", "real")
    sandbox.poll()
    mails = sandbox.new_mail()
    texts = [sandbox.text(m) for m in mails if str(m.message["Subject"]) in ("Re: forged", "Re: real")]
    assert any("this address already has a seat in 'std1'" in t for t in texts)
    assert any("you are already in 'std1' as England: your seat is kept" in t for t in texts)
    game = sandbox.store.load_game("std1")
    assert [(p.address, p.power) for p in game.players] == [(FRANCE, "ENGLAND")]


def test_under_takeover_open_a_vacant_power_is_taken_at_once(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "Germany", "RESIGN")
    gm(sandbox, "SET TAKEOVER open")
    sandbox.poll()
    sandbox.send("new@example.org", f"JOIN {DEMO} pw AS Germany\nA MUN - RUH")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "new@")
    assert "you now play Germany in 'demo'" in text and "Army Munich -> Ruhr." in text


def test_a_new_address_before_start_keeps_the_seats_sheet(sandbox: Sandbox) -> None:
    _forming(sandbox)
    sandbox.send(FRANCE, f"JOIN {GAME} fr-secret\nSET ADDRESS paris@example.org", "moving")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert [p.address for p in game.players] == ["paris@example.org"]
    assert [game.sheet_of(p) for p in game.players] == [SHEET]
