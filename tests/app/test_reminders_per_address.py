"""Issue 37, point 8, by mail: an address that holds two powers gets one reminder naming both, each
power's own orders; a deadline set far ahead (a mistyped year) needs the GM's ``!``."""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from judge.turns.deadlines import remind_at
from tests.app.helpers import GAME, GM, POWERS, address, gm, password, reply, send_as, subjects, to

TWO = address("France")  # France's player also plays Germany (SET SEATS 2)


def _one_address_two_powers(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret\nSET TIMING M next=48h\nSET SEATS 2", "new game")
    sandbox.poll()
    for power in POWERS:
        sandbox.send(TWO if power == "Germany" else address(power), f"JOIN {GAME} {password(power)} AS {power}")
    sandbox.poll()
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSTART")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert {p.power: p.address for p in game.players}["GERMANY"] == TWO
    sandbox.new_mail()


def _reminders(sandbox: Sandbox, who: str) -> list[str]:
    game = sandbox.store.load_game(GAME)
    due = remind_at(game)
    assert due is not None
    sandbox.clock.set(due)
    sandbox.poll()
    mails = to(sandbox.new_mail(), who)
    return [sandbox.text(m) for m in mails if str(m.message["Subject"]).startswith("Reminder")]


def test_8_one_reminder_an_address_naming_every_power_it_covers(sandbox: Sandbox) -> None:
    _one_address_two_powers(sandbox)
    (text,) = _reminders(sandbox, TWO)
    assert "are not complete for France and Germany: each power's orders are below." in text
    assert "Orders for France, Spring of 1901 (S1901M):" in text and "Orders for Germany, Spring of 1901" in text
    assert "Fleet Brest" in text and "Fleet Kiel" in text          # each power's own units
    assert len(_reminders(sandbox, address("England"))) == 0      # already reminded this phase


def test_8_the_reminder_covers_only_the_powers_still_owing(sandbox: Sandbox) -> None:
    _one_address_two_powers(sandbox)
    send_as(sandbox, "France", "A PAR H\nA MAR H\nF BRE H")
    sandbox.poll()
    sandbox.new_mail()
    (text,) = _reminders(sandbox, TWO)
    assert "Your orders for demo, Movement for Spring of 1901, are not complete." in text
    assert "Orders for Germany" in text and "Orders for France" not in text


def test_8_a_deadline_far_ahead_needs_the_gms_bang(sandbox: Sandbox) -> None:
    _one_address_two_powers(sandbox)
    before = sandbox.store.load_game(GAME).deadline
    gm(sandbox, "SET DEADLINE 2036-03-27 18:00")                    # 2036 for 2026
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), GM)
    assert "that deadline was read as" in text and "more than 90 days ahead, is the year right?" in text
    assert "Nothing was changed; SET DEADLINE! sets it anyway" in text
    assert sandbox.store.load_game(GAME).deadline == before
    gm(sandbox, "SET DEADLINE 2026-05-27 18:00")                    # two months: no question
    sandbox.poll()
    assert "the deadline is now" in reply(sandbox, sandbox.new_mail(), GM)
    gm(sandbox, "SET DEADLINE! 2036-03-27 18:00")
    sandbox.poll()
    assert "the deadline is now" in reply(sandbox, sandbox.new_mail(), GM)
    deadline = sandbox.store.load_game(GAME).deadline
    assert deadline is not None and deadline.year == 2036
    assert subjects(sandbox.new_mail()) == []
