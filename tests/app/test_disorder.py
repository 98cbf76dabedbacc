"""Issue 22, point 1: missed orders and civil disorder done right (standard game; the variants in
test_disorder_variants.py).

A power that sent some orders has moved: its unordered units hold, the results say so, and it is
neither late nor put into civil disorder.  A power that sent nothing goes into civil disorder
(``SET NMR disorder``), is told how to come back, the GM is told, and its player keeps every mail of
the game.  A game nobody plays any more pauses and asks its GM rather than playing on by itself.
"""

from __future__ import annotations

from datetime import timedelta

from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.app.helpers import GAME, GM, POWERS, address, gm, hold_all, reply, send_as, start_game, subjects, to


def _past_deadline(sandbox: Sandbox, after: timedelta = timedelta(minutes=1)) -> None:
    game = sandbox.store.load_game(GAME)
    assert game.deadline is not None
    sandbox.clock.set(game.deadline + after)


def _results(sandbox: Sandbox, mails: list[IncomingMail], who: str, phase: str) -> list[str]:
    return [sandbox.text(m) for m in to(mails, who) if str(m.message["Subject"]) == f"Diplomacy results {GAME} {phase}"]


def _status(sandbox: Sandbox, power: str) -> str:
    player = sandbox.store.load_game(GAME).player(power.upper())
    assert player is not None
    return player.status


def test_partial_orders_hold_the_unordered_units_and_the_power_is_neither_late_nor_in_disorder(
        sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NMR disorder\nSET GRACE 6h\n")
    orders = hold_all(sandbox)
    for power in POWERS:
        if power == "France":
            send_as(sandbox, power, "A PAR - BUR\nF BRE - MAO")   # A MAR is left without an order
        elif power != "Turkey":
            send_as(sandbox, power, orders[power])
    sandbox.poll()
    sandbox.new_mail()
    _past_deadline(sandbox)
    sandbox.poll()
    late = sandbox.new_mail()
    assert sorted(str(m.message["To"]) for m in late) == [GM, address("Turkey")]  # France is not late
    assert "Orders are missing from: Turkey." in sandbox.text(late[0])
    _past_deadline(sandbox, timedelta(hours=6, minutes=1))
    assert sandbox.poll().played == [f"{GAME} S1901M"]
    assert _status(sandbox, "France") == "active" and _status(sandbox, "Turkey") == "dummy"
    mails = sandbox.new_mail()
    [france] = _results(sandbox, mails, address("France"), "S1901M")
    assert "France: Army Marseilles, No Order Processed." in france
    assert "France: Army Paris -> Burgundy." in france and "civil disorder" not in france
    assert "Turkey: Army Smyrna, No Order Processed." in france
    assert not [s for s in subjects(to(mails, address("France"))) if "disorder" in s]


def test_nmr_wait_does_not_wait_for_a_power_that_sent_some_orders(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NMR wait\nSET GRACE 1h\n")
    orders = hold_all(sandbox)
    for power in POWERS:
        send_as(sandbox, power, "A PAR H" if power == "France" else orders[power])
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"   # not every order is in: no early processing
    _past_deadline(sandbox, timedelta(hours=1, minutes=1))
    assert sandbox.poll().played == [f"{GAME} S1901M"]


def test_a_build_phase_with_one_line_sent_counts_as_moved_and_the_rest_is_lost(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NMR disorder\n")
    send_as(sandbox, "Germany", "F KIE - DEN\nA MUN - RUH")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    send_as(sandbox, "Germany", "F DEN H\nA RUH - HOL")
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "W1901A"
    send_as(sandbox, "Germany", "BUILD F KIE")   # two builds due, one ordered
    sandbox.poll()
    sandbox.new_mail()
    _past_deadline(sandbox)
    assert sandbox.poll().played == [f"{GAME} W1901A"]
    assert _status(sandbox, "Germany") == "active"
    [text] = _results(sandbox, sandbox.new_mail(), address("Germany"), "W1901A")
    assert "Germany:   1 build pending." in text


def _silent_france_to_the_end(sandbox: Sandbox) -> list[IncomingMail]:
    """France sends nothing: civil disorder in S1901M; dislodged in F1901M, disbanded in F1901R, W1901A, then
    the GM terminates the game.  Every mail the judge sent after the start."""
    start_game(sandbox, "SET NMR disorder\n")
    orders = hold_all(sandbox)
    for power in POWERS:
        if power not in ("France", "Germany", "Italy"):
            send_as(sandbox, power, orders[power])
    send_as(sandbox, "Germany", "A MUN - BUR\nA BER H\nF KIE H")
    send_as(sandbox, "Italy", "A VEN - PIE\nA ROM H\nF NAP H")
    sandbox.poll()
    _past_deadline(sandbox)
    assert sandbox.poll().played == [f"{GAME} S1901M"]
    send_as(sandbox, "Germany", "A BUR S A PIE - MAR")
    send_as(sandbox, "Italy", "A PIE - MAR")
    gm(sandbox, "PROCESS!")
    assert sandbox.poll().played == [f"{GAME} F1901M", f"{GAME} F1901R"]  # France's retreat owes nothing now
    send_as(sandbox, "Italy", "BUILD A VEN")
    assert sandbox.poll().played == [f"{GAME} W1901A"]
    gm(sandbox, "TERMINATE")
    sandbox.poll()
    return sandbox.new_mail()


def test_a_silent_power_goes_into_disorder_is_told_how_to_come_back_and_the_gm_is_told(sandbox: Sandbox) -> None:
    mails = _silent_france_to_the_end(sandbox)
    assert _status(sandbox, "France") == "dummy"
    [notice] = [m for m in to(mails, address("France")) if "civil disorder" in str(m.message["Subject"])]
    assert str(notice.message["Subject"]) == f"France is in civil disorder in {GAME}"
    text = " ".join(sandbox.text(notice).split())
    assert "No orders came from France for Movement for Spring of 1901" in text
    assert f"SIGNON F{GAME} <your password>" in text and "leaves civil disorder as soon as you sign on" in text
    [told] = [m for m in to(mails, GM) if str(m.message["Subject"]) == f"Civil disorder in {GAME} S1901M"]
    assert "No orders came from France for Movement for Spring of 1901" in " ".join(sandbox.text(told).split())


def test_a_player_in_disorder_keeps_every_result_and_the_game_end_mail(sandbox: Sandbox) -> None:
    mails = _silent_france_to_the_end(sandbox)
    for phase in ("S1901M", "F1901M", "F1901R", "W1901A"):
        assert len(_results(sandbox, mails, address("France"), phase)) == 1, phase
    [fall] = _results(sandbox, mails, address("France"), "F1901M")
    assert "France: Army Marseilles, No Order Processed.  (*dislodged*)" in fall
    assert "France is in civil disorder: it owes no orders" in fall
    [retreat] = _results(sandbox, mails, address("France"), "F1901R")
    assert "France:    Army Marseilles, No Order Processed (DISBAND)." in retreat
    assert [s for s in subjects(to(mails, address("France"))) if "is over" in s]


def test_a_player_in_disorder_who_sends_orders_comes_back(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NMR disorder\n")
    orders = hold_all(sandbox)
    for power in POWERS:
        if power != "France":
            send_as(sandbox, power, orders[power])
    sandbox.poll()
    _past_deadline(sandbox)
    sandbox.poll()
    assert _status(sandbox, "France") == "dummy"
    sandbox.new_mail()
    send_as(sandbox, "France", "A PAR - BUR")
    sandbox.poll()
    assert "France is no longer in civil disorder" in reply(sandbox, sandbox.new_mail(), address("France"))
    assert _status(sandbox, "France") == "active"
    for power in POWERS:
        if power != "France":
            send_as(sandbox, power, orders[power])
    _past_deadline(sandbox)
    sandbox.poll()
    [text] = _results(sandbox, sandbox.new_mail(), address("France"), "F1901M")
    assert "France: Army Paris -> Burgundy." in text and "civil disorder" not in text


def _everyone_silent(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NMR disorder\n")
    _past_deadline(sandbox)
    assert sandbox.poll().played == [f"{GAME} S1901M"]


def test_a_game_nobody_plays_pauses_and_asks_its_gm(sandbox: Sandbox) -> None:
    _everyone_silent(sandbox)
    game = sandbox.store.load_game(GAME)
    assert game.status == "paused" and game.deadline is None
    mails = sandbox.new_mail()
    [paused] = [m for m in to(mails, GM) if str(m.message["Subject"]) == f"{GAME} is paused: nobody plays it"]
    text = " ".join(sandbox.text(paused).split())
    assert "the judge paused the game" in text and "APPROVE" in text and "RESUME" in text
    assert [m for m in to(mails, address("Italy")) if "is paused" in str(m.message["Subject"])]
    for _ in range(3):
        sandbox.advance(timedelta(days=10))
        assert sandbox.poll().played == []
    assert sandbox.store.load_game(GAME).state["phase"] == "F1901M"


def test_a_paused_game_goes_on_when_a_player_comes_back(sandbox: Sandbox) -> None:
    _everyone_silent(sandbox)
    sandbox.new_mail()
    send_as(sandbox, "Italy", "A VEN H")
    assert sandbox.poll().played == []
    game = sandbox.store.load_game(GAME)
    assert game.status == "active" and game.deadline is not None
    mails = sandbox.new_mail()
    assert [m for m in to(mails, GM) if str(m.message["Subject"]) == f"{GAME} goes on: Italy is back"]
    _past_deadline(sandbox)
    assert sandbox.poll().played == [f"{GAME} F1901M"]   # the other powers still in disorder owe nothing


def test_a_gm_who_resumes_a_game_nobody_plays_gets_one_phase_per_deadline(sandbox: Sandbox) -> None:
    _everyone_silent(sandbox)
    gm(sandbox, "RESUME")
    assert sandbox.poll().played == []             # not every phase at once: they wait for their deadlines
    assert sandbox.store.load_game(GAME).status == "active"
    _past_deadline(sandbox)
    assert sandbox.poll().played == [f"{GAME} F1901M"]
    assert sandbox.store.load_game(GAME).status == "active"
