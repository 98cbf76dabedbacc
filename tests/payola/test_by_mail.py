"""A smoke test by mail: a Payola game created, sheets sent, a phase played, money paid, nothing leaked.

The mail side proper (replies showing the money a sheet commits, ledgers in the
result mails, orders counted as in) is the next step of issue 12; this test
only shows that the mechanism runs inside the mail loop as it stands.
"""

from __future__ import annotations

from pathlib import Path

from judge.app.sandbox import Sandbox

from tests.app.helpers import GAME, GM, POWERS, address, gm, password, reply, send_as, to


def test_a_payola_phase_played_by_mail(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} payola gm-secret\n", "new game")
    sandbox.poll()
    for power in POWERS:
        sandbox.send(address(power), f"JOIN {GAME} {password(power)} AS {power}")
    sandbox.poll()
    gm(sandbox, "START")
    sandbox.poll()
    sandbox.new_mail()
    send_as(sandbox, "France", "5 : A PAR - BUR\n3 : F NAP - ION % buy the Ionian\n0 : F NAP - TYS\nACCEPT F?\n4 $")
    send_as(sandbox, "Italy", "2 : F NAP - TYS\nACCEPT IF?")
    sandbox.poll()
    mails = sandbox.new_mail()
    answer = reply(sandbox, mails, address("France"))
    assert "zero offers to a foreign unit are not allowed (3.1)" in answer
    assert "ACCEPT F?" in answer and "3 : F NAP - ION" in answer
    assert "F NAP - ION" not in reply(sandbox, mails, address("Italy"))
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    results = sandbox.new_mail()
    italy = "\n".join(sandbox.text(m) for m in to(results, address("Italy")))
    assert "Italy: Fleet Naples -> Ionian Sea." in italy
    assert "France: Army Paris -> Burgundy." in italy
    assert "3 : F NAP" not in italy and "ACCEPT" not in italy and "40" not in italy
    state = sandbox.store.load_game(GAME).state
    assert state["phase"] == "F1901M"
    assert state["treasury"]["FRANCE"] == 48 - 5 - 3 and state["treasury"]["ITALY"] == 48
    assert state["accept"]["ITALY"] == ["ITALY", "FRANCE", "?"]


def _start(sandbox: Sandbox, powers: tuple[str, ...] = tuple(POWERS)) -> None:
    """A Payola game created and started with ``powers`` joined (the others in civil disorder)."""
    sandbox.send(GM, f"CREATE {GAME} payola gm-secret\n", "new game")
    sandbox.poll()
    for power in powers:
        sandbox.send(address(power), f"JOIN {GAME} {password(power)} AS {power}")
    sandbox.poll()
    gm(sandbox, "START")
    sandbox.poll()
    sandbox.new_mail()


def test_the_seed_is_chosen_at_start_and_the_unplayed_powers_follow_the_players(sandbox: Sandbox) -> None:
    """4.1, 4.4: the `?` seed is recorded at START; civil disorder (at START or later) is in every phase's record."""
    _start(sandbox, ("England", "France", "Italy", "Russia", "Turkey"))
    state = sandbox.store.load_game(GAME).state
    assert len(state["seed"]) == 16 and int(state["seed"], 16) >= 0
    assert state["dummies"] == ["AUSTRIA", "GERMANY"]
    gm(sandbox, "DUMMY Italy\nPROCESS!")
    sandbox.poll()
    record = sandbox.store.phases(GAME)[0]
    assert record.phase == "S1901M"
    assert record.state_before["dummies"] == ["AUSTRIA", "GERMANY", "ITALY"]
    assert record.state_before["seed"] == state["seed"]
    after = sandbox.store.load_game(GAME).state
    assert after["seed"] == state["seed"] and after["dummies"] == ["AUSTRIA", "GERMANY", "ITALY"]


def test_each_game_draws_its_own_seed(tmp_path: Path) -> None:
    seeds = set()
    for n in range(2):
        box = Sandbox.create(tmp_path / f"judge{n}", password_cost=8)
        _start(box, ("France",))
        seeds.add(box.store.load_game(GAME).state["seed"])
    assert len(seeds) == 2
