"""Issue 22, point 3: one address, several roles in a game: one mail per address and phase, naming them all.

An address that is the GM and a player gets the GM's view (which holds every secret) in one mail; an
address with two seats (SET SEATS 2) gets both powers' private parts and no other power's.
"""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.app.helpers import GAME, GM, POWERS, address, gm, hold_all, observe, password, subjects, to


def _start(sandbox: Sandbox, variant: str, seats: dict[str, str], setup: str = "") -> None:
    """The game created by the GM, each power joined from the address ``seats`` gives it (default its own)."""
    sandbox.send(GM, f"CREATE {GAME} {variant} gm-secret\n{setup}", "new game")
    sandbox.poll()
    for power in POWERS:
        sandbox.send(seats.get(power, address(power)), f"JOIN {GAME} {password(power)} AS {power}")
    sandbox.poll()
    gm(sandbox, "START")
    sandbox.poll()
    sandbox.new_mail()


def _send(sandbox: Sandbox, sender: str, power: str, lines: str) -> None:
    sandbox.send(sender, f"SIGNON {power[0]}{GAME} {password(power)}\n{lines}\n")


def _results(sandbox: Sandbox, mails: list[IncomingMail], who: str, phase: str) -> list[str]:
    return [sandbox.text(m) for m in to(mails, who) if str(m.message["Subject"]) == f"Diplomacy results {GAME} {phase}"]


def test_the_gm_who_plays_a_power_gets_one_result_mail_naming_both_roles(sandbox: Sandbox) -> None:
    _start(sandbox, "standard", {"France": GM})
    orders = hold_all(sandbox)
    for power in POWERS:
        _send(sandbox, GM if power == "France" else address(power), power, orders[power])
    sandbox.poll()
    mails = sandbox.new_mail()
    [text] = _results(sandbox, mails, GM, "S1901M")
    assert "You receive this as the GM and as France." in text
    [italy] = _results(sandbox, mails, address("Italy"), "S1901M")
    assert "You receive this" not in italy
    gm(sandbox, "TERMINATE")
    sandbox.poll()
    assert len([s for s in subjects(to(sandbox.new_mail(), GM)) if "is over" in s]) == 1


def test_the_gm_who_plays_gets_two_started_mails_each_saying_whose_copy_it_is(sandbox: Sandbox) -> None:
    """The start mail is personal (the power's own notes, the GM's the bid sheets): one per role, each naming it."""
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret", "new game")
    sandbox.poll()
    for power in POWERS:
        sandbox.send(GM if power == "France" else address(power), f"JOIN {GAME} {password(power)} AS {power}")
    sandbox.poll()
    observe(sandbox, "watcher@example.org")
    gm(sandbox, "START")
    sandbox.poll()
    mails = sandbox.new_mail()
    started = sorted(sandbox.text(m) for m in to(mails, GM) if str(m.message["Subject"]) == f"Game {GAME} has started")
    assert len(started) == 2 and started[0] != started[1]
    assert sum("You are playing France." in t for t in started) == 1
    assert sum("You are its game master; this is the GM's copy." in t for t in started) == 1
    [watcher] = [sandbox.text(m) for m in to(mails, "watcher@example.org") if "has started" in str(m.message["Subject"])]
    assert "You are following it as an observer." in watcher


def test_the_gm_and_a_late_player_on_one_address_get_one_late_notice(sandbox: Sandbox) -> None:
    _start(sandbox, "standard", {"France": GM}, "SET GRACE 6h\n")
    deadline = sandbox.store.load_game(GAME).deadline
    assert deadline is not None
    sandbox.clock.set(deadline)
    sandbox.poll()
    late = [m for m in to(sandbox.new_mail(), GM) if str(m.message["Subject"]).startswith("Late orders")]
    assert len(late) == 1 and "Your orders as France are missing." in sandbox.text(late[0])


def _payola_spring(sandbox: Sandbox) -> list[IncomingMail]:
    for power, lines in (("France", "12 : A MUN - RUH\nA MAR - SPA\nF BRE - MAO"), ("Germany", "10 : A MUN H"),
                         ("Italy", "1 : F NAP - ION")):
        player = sandbox.store.load_game(GAME).player(power.upper())
        assert player is not None
        _send(sandbox, player.address, power, lines)
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    return sandbox.new_mail()


def test_payola_the_gm_who_plays_france_gets_the_gm_view_with_frances_ledger_in_one_mail(sandbox: Sandbox) -> None:
    _start(sandbox, "payola", {"France": GM})
    mails = _payola_spring(sandbox)
    [text] = _results(sandbox, mails, GM, "S1901M")
    assert "You receive this as the GM and as France." in text
    assert "Ledger of France" in text and "Bribe chart (GM only):" in text
    [italy] = _results(sandbox, mails, address("Italy"), "S1901M")
    assert "Ledger of France" not in italy and "Bribe chart" not in italy


def test_payola_two_seats_on_one_address_get_both_ledgers_and_no_other(sandbox: Sandbox) -> None:
    both = "both@demo.invalid"
    _start(sandbox, "payola", {"France": both, "Germany": both}, "SET SEATS 2\n")
    mails = _payola_spring(sandbox)
    [text] = _results(sandbox, mails, both, "S1901M")
    assert "You receive this as France and as Germany." in text
    assert "Ledger of France" in text and "Ledger of Germany" in text
    assert "Ledger of Italy" not in text and "Bribe chart" not in text
    [italy] = _results(sandbox, mails, address("Italy"), "S1901M")
    assert "Ledger of France" not in italy and "Ledger of Germany" not in italy
