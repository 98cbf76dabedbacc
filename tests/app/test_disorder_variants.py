"""Issue 22, point 1, in every kind of game: a power whose player sends nothing falls into civil disorder,
he and the GM are told, and he keeps every result mail and the game-end mail.

Each variant's scripted game (``gamedata/<variant>/demo.toml``) is set up by mail with ``SET NMR
disorder``; one power sends nothing for the first phase that takes orders and falls into civil
disorder at the end of the grace; the others play the script (the GM's ``PROCESS!`` moving each
phase on, so that nobody else falls), and the GM ends the game.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from judge.app.demo import ScriptedGame, load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail

CASES = [("standard", "France"), ("payola", "Italy"), ("europe1615-v3", "France"), ("diplomacy1618", "Saxony")]


def _gm(sandbox: Sandbox, script: ScriptedGame, lines: str) -> None:
    sandbox.send(script.gm, f"SIGNON M{script.game} gm-secret\n{lines}\n", "gm")


def _send_phase(sandbox: Sandbox, script: ScriptedGame, victim: str) -> str:
    """The scripted orders of the game's current phase from everyone but ``victim``; returns the phase."""
    phase = str(sandbox.store.load_game(script.game).state["phase"])
    if script.gm_lines.get(phase):
        _gm(sandbox, script, script.gm_lines[phase])
    for power, lines in dict(script.phases).get(phase, {}).items():
        if power != victim:
            script.send_as(sandbox, power, lines, f"{phase} orders")
    return phase


def _past_grace(sandbox: Sandbox, script: ScriptedGame) -> None:
    game = sandbox.store.load_game(script.game)
    assert game.deadline is not None
    sandbox.clock.set(max(game.deadline, game.grace_end or game.deadline) + timedelta(minutes=1))


def _play(sandbox: Sandbox, script: ScriptedGame, victim: str) -> tuple[list[IncomingMail], list[str]]:
    """The game as the module says: every mail sent after the start, and the phases played at the start."""
    script = replace(script, setup=script.setup.replace("SET NMR hold", "SET NMR disorder"))
    script.set_up(sandbox)
    sandbox.new_mail()
    at_start = sandbox.store.phase_names(script.game)  # Europe 1615's status check takes no orders
    first = _send_phase(sandbox, script, victim)
    sandbox.poll()
    _past_grace(sandbox, script)
    assert f"{script.game} {first}" in sandbox.poll().played
    while len(sandbox.store.phase_names(script.game)) < len(script.phases) + 1:
        if sandbox.store.load_game(script.game).status != "active":
            break
        _send_phase(sandbox, script, victim)
        _gm(sandbox, script, "PROCESS!")
        sandbox.advance(timedelta(hours=1))
        assert sandbox.poll().played
    if sandbox.store.load_game(script.game).status == "active":
        _gm(sandbox, script, "TERMINATE")
        sandbox.poll()
    return sandbox.new_mail(), at_start


@pytest.mark.parametrize(("variant", "victim"), CASES)
def test_a_silent_power_falls_into_disorder_and_keeps_every_mail(sandbox: Sandbox, variant: str, victim: str) -> None:
    script = load_script(variant)
    mails, at_start = _play(sandbox, script, victim)
    game = sandbox.store.load_game(script.game)
    seat = game.player(victim.upper())
    assert seat is not None and seat.status == "dummy"
    assert [p.power for p in game.players if p.status == "dummy" and p.address] == [victim.upper()]
    mine = [m for m in mails if script.address(victim) in str(m.message["To"])]
    subjects = [str(m.message["Subject"]) for m in mine]
    assert subjects.count(f"{victim} is in civil disorder in {script.game}") == 1
    told = [m for m in mails if script.gm in str(m.message["To"])
            and str(m.message["Subject"]).startswith(f"Civil disorder in {script.game}")]
    assert len(told) == 1 and victim in sandbox.text(told[0])
    phases = sandbox.store.phase_names(script.game)
    assert len(phases) >= len(script.phases) and any(p.endswith("A") for p in phases)
    for phase in phases[len(at_start):]:
        assert subjects.count(f"Diplomacy results {script.game} {phase}") == 1, phase
    assert subjects.count(f"Game {script.game} is over") == 1


@pytest.mark.parametrize(("variant", "victim"), CASES[1:])
def test_one_line_sent_is_a_move_not_a_missed_phase(sandbox: Sandbox, variant: str, victim: str) -> None:
    """Payola: one line of the offer sheet; Europe 1615: one INF line; Diplomacy 1618: one unit's order."""
    script = replace(load_script(variant), setup=load_script(variant).setup.replace("SET NMR hold", "SET NMR disorder"))
    script.set_up(sandbox)
    first = _send_phase(sandbox, script, victim)
    one = dict(script.phases)[first][victim].strip().splitlines()[0]
    script.send_as(sandbox, victim, one)
    sandbox.new_mail()
    played = sandbox.poll().played   # Payola: one line is a whole offer sheet, so every order is in
    if not played:
        _past_grace(sandbox, script)
        played = sandbox.poll().played
    assert f"{script.game} {first}" in played
    seat = sandbox.store.load_game(script.game).player(victim.upper())
    assert seat is not None and seat.status == "active"
    mine = [m for m in sandbox.new_mail() if script.address(victim) in str(m.message["To"])]
    assert not [m for m in mine if "disorder" in str(m.message["Subject"])]
    [results] = [sandbox.text(m) for m in mine if str(m.message["Subject"]).startswith("Diplomacy results")]
    assert "civil disorder" not in results
    if variant != "payola":  # Payola's sheet decides every unit: none is left without an order
        assert f"{victim}: " in results and ", No Order Processed." in results
