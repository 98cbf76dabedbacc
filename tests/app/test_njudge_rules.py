"""njudge's game-rule SET flags by mail (issue 33): where a power builds, retreats or none, the centres that
win, DIAS and NoDIAS draws.  Each flag is the GM's ``SET RULE`` option of the standard rules
(``judge/engine/houserules.py``), played here through the spool and ``judge poll``.
"""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.app.helpers import GAME, GM, POWERS, address, gm, reply, send_as, start_game

OVER = f"Game {GAME} is over"


def _position(sandbox: Sandbox, phase: str, units: dict[str, list[str]],
              centres: dict[str, list[str]] | None = None) -> None:
    """The running game set at ``phase`` with these units (others' kept) and centres (a test's scene)."""
    game = sandbox.store.load_game(GAME)
    game.state["phase"] = phase
    game.state["units"].update(units)
    game.state["centers"].update(centres or {})
    sandbox.store.save_game(game)


def _gm(sandbox: Sandbox, lines: str) -> str:
    gm(sandbox, lines)
    sandbox.poll()
    return " ".join(reply(sandbox, sandbox.new_mail(), GM).split())


def _as(sandbox: Sandbox, power: str, lines: str) -> str:
    send_as(sandbox, power, lines)
    sandbox.poll()
    return " ".join(reply(sandbox, sandbox.new_mail(), address(power)).split())


def _units(sandbox: Sandbox, power: str) -> list[str]:
    return sandbox.store.load_game(GAME).state["units"].get(power, [])


def _winter_with_belgium(sandbox: Sandbox, setup: str = "") -> None:
    """France owns Belgium, empty, and may build one unit (four centres, three units)."""
    start_game(sandbox, setup)
    _position(sandbox, "W1901A", {}, {"FRANCE": ["BRE", "MAR", "PAR", "BEL"]})


def test_without_set_anycentres_a_build_in_belgium_is_refused(sandbox: Sandbox) -> None:
    _winter_with_belgium(sandbox)
    refused = _as(sandbox, "France", "Build A Bel")
    assert "Rejected" in refused and "Belgium" in refused


def test_set_anycentres_lets_france_build_in_belgium(sandbox: Sandbox) -> None:
    start_game(sandbox)
    assert "build_sites = any" in _gm(sandbox, "SET ANYCENTRES")
    _position(sandbox, "W1901A", {}, {"FRANCE": ["BRE", "MAR", "PAR", "BEL"]})
    accepted = _as(sandbox, "France", "Build A Bel")
    assert "Rejected" not in accepted
    _gm(sandbox, "PROCESS!")
    assert "A BEL" in _units(sandbox, "FRANCE")


def test_set_onecentre_needs_a_home_centre_and_set_homecentres_restores_the_rule(sandbox: Sandbox) -> None:
    _winter_with_belgium(sandbox, "SET ONECENTRE")
    assert "Rejected" not in _as(sandbox, "France", "Build A Bel")
    assert "build_sites = home" in _gm(sandbox, "SET HOMECENTERS")
    assert "Rejected" in _as(sandbox, "France", "Build F Bel")


def test_set_onecentre_without_a_home_centre_builds_nowhere(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET ONECENTRE")
    _position(sandbox, "W1901A", {"FRANCE": []}, {"FRANCE": ["BEL"], "GERMANY": ["BER", "KIE", "MUN", "PAR"]})
    assert "Rejected" in _as(sandbox, "France", "Build A Bel")


def test_set_autodisband_disbands_a_dislodged_unit_instead_of_a_retreat(sandbox: Sandbox) -> None:
    start_game(sandbox)
    said = _gm(sandbox, "SET AUTODISBAND")
    assert "retreats = false" in said
    _position(sandbox, "S1901M", {"FRANCE": ["A BUR", "A RUH"], "GERMANY": ["A MUN"]})
    send_as(sandbox, "France", "A Bur - Mun\nA Ruh S A Bur - Mun")
    _gm(sandbox, "PROCESS!")
    game = sandbox.store.load_game(GAME)
    assert game.state["phase"] == "F1901M" and not game.state["units"].get("GERMANY")


def test_set_noautodisband_keeps_the_retreat(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET AUTODISBAND\nSET NOAUTODISBAND")
    _position(sandbox, "S1901M", {"FRANCE": ["A BUR", "A RUH"], "GERMANY": ["A MUN"]})
    send_as(sandbox, "France", "A Bur - Mun\nA Ruh S A Bur - Mun")
    _gm(sandbox, "PROCESS!")
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901R"


def test_set_centers_changes_the_centres_that_win(sandbox: Sandbox) -> None:
    start_game(sandbox)
    assert "victory_centers = 5" in _gm(sandbox, "SET CENTERS 5")
    _position(sandbox, "F1901M", {"FRANCE": ["A PAR", "A MAR", "F BRE", "A BEL", "A SPA"]})
    _gm(sandbox, "PROCESS!")
    game = sandbox.store.load_game(GAME)
    assert game.status == "finished"


def test_without_set_centers_five_centres_do_not_win(sandbox: Sandbox) -> None:
    start_game(sandbox)
    _position(sandbox, "F1901M", {"FRANCE": ["A PAR", "A MAR", "F BRE", "A BEL", "A SPA"]})
    _gm(sandbox, "PROCESS!")
    assert sandbox.store.load_game(GAME).status == "active"


def _votes(sandbox: Sandbox, votes: dict[str, str]) -> list[IncomingMail]:
    for power, line in votes.items():
        send_as(sandbox, power, line, "vote")
    sandbox.poll()
    return sandbox.new_mail()


def _ended(sandbox: Sandbox, mails: list[IncomingMail]) -> str:
    found = [sandbox.text(m) for m in mails if str(m.message["Subject"]) == OVER]
    return " ".join(found[0].split()) if found else ""


def test_nodias_draw_names_its_powers_and_passes_on_what_every_vote_accepts(sandbox: Sandbox) -> None:
    start_game(sandbox)
    assert "dias = false" in _gm(sandbox, "SET NODIAS")
    others = {p: "SET DRAW EF" for p in POWERS if p not in ("England", "France")}
    mails = _votes(sandbox, {**others, "England": "SET DRAW England France Germany"})
    assert not _ended(sandbox, mails)
    said = " ".join(reply(sandbox, mails, address("England")).split())
    assert "England accepts a draw of England, France and Germany" in said or "accepts a draw of" in said
    mails = _votes(sandbox, {"France": "SET DRAW EF"})
    text = _ended(sandbox, mails)
    game = sandbox.store.load_game(GAME)
    assert game.status == "finished" and text
    assert "England" in text and "France" in text


def test_nodias_a_power_that_names_itself_is_not_left_out(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NO DIAS")
    others = {p: "SET DRAW EF" for p in POWERS if p != "Germany"}
    mails = _votes(sandbox, {**others, "Germany": "SET DRAW EFG"})
    assert not _ended(sandbox, mails) and sandbox.store.load_game(GAME).status == "active"


def test_nodias_nodraw_accepts_only_a_concession_to_oneself(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET NODIAS")
    others = {p: "SET DRAW A" for p in POWERS if p != "Austria"}
    mails = _votes(sandbox, {**others, "Austria": "SET NO DRAW"})
    assert _ended(sandbox, mails)
    assert sandbox.store.load_game(GAME).status == "finished"


def test_a_dias_game_refuses_a_draw_vote_that_names_powers(sandbox: Sandbox) -> None:
    start_game(sandbox)
    said = _as(sandbox, "France", "SET DRAW FRG")
    assert "is DIAS" in said and "SET NODIAS" in said
    assert "votes" not in sandbox.store.load_game(GAME).extra
    assert "dias = true" in _gm(sandbox, "SET NODIAS\nSET DIAS")
