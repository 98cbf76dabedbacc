"""njudge's settings of a forming game by mail (issue 33): the GM's SET VARIANT, SET PLAYERS, SET BLANKBOARD,
a player's SET PREFERENCE, each taken while the game forms and refused once it has started, as njudge does."""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, address, gm, reply, signon, start_game

ONE, TWO = "one@example.org", "two@example.org"


def _created(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret", "new game")
    sandbox.poll()
    sandbox.new_mail()


def _said(sandbox: Sandbox, who: str, text: str) -> str:
    sandbox.send(who, text, "mail")
    sandbox.poll()
    return " ".join(reply(sandbox, sandbox.new_mail(), who).split())


def test_set_variant_changes_the_forming_games_variant(sandbox: Sandbox) -> None:
    _created(sandbox)
    said = _said(sandbox, GM, f"SIGNON M{GAME} gm-secret\nSET VARIANT diplomacy1618")
    assert "will be played as diplomacy1618" in said and "Rejected" not in said
    assert sandbox.store.load_game(GAME).variant == "diplomacy1618"
    refused = _said(sandbox, GM, f"SIGNON M{GAME} gm-secret\nSET VARIANT nosuchvariant")
    assert "Rejected" in refused and sandbox.store.load_game(GAME).variant == "diplomacy1618"


def test_set_players_takes_one_player_per_power_and_refuses_a_duplex(sandbox: Sandbox) -> None:
    _created(sandbox)
    assert "7 players, one per power" in _said(sandbox, GM, f"SIGNON M{GAME} gm-secret\nSET PLAYERS 7")
    refused = _said(sandbox, GM, f"SIGNON M{GAME} gm-secret\nSET PLAYERS 4")
    assert "Rejected" in refused and "duplex" in refused


def test_set_blankboard_is_refused_naming_the_missing_empty_board_start(sandbox: Sandbox) -> None:
    _created(sandbox)
    refused = _said(sandbox, GM, f"SIGNON M{GAME} gm-secret\nSET EMPTYBOARD")
    assert "no empty-board start" in refused


def test_set_preference_gives_the_player_his_first_open_power_at_start(sandbox: Sandbox) -> None:
    _created(sandbox)
    _said(sandbox, ONE, f"JOIN {GAME} pw-one AS England")
    said = _said(sandbox, TWO, f"JOIN {GAME} pw-two\nSET PREFERENCE EGF")
    assert "your preference is England, Germany, France" in said
    gm(sandbox, "START")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.status == "active"
    assert [p.power for p in game.players if p.address == TWO] == ["GERMANY"]


def test_the_forming_settings_are_refused_once_the_game_has_started(sandbox: Sandbox) -> None:
    start_game(sandbox)
    refused = _said(sandbox, GM, f"SIGNON M{GAME} gm-secret\nSET VARIANT diplomacy1618")
    assert "has already started: njudge's SET VARIANT applies only before the game starts" in refused
    assert sandbox.store.load_game(GAME).variant == "standard"
    said = _said(sandbox, address("France"), f"{signon('France')}\nSET PREFERENCE EGF")
    assert "Rejected" in said
