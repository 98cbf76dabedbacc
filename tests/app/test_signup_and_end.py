"""Issue 9, item 16: what a player is told while a game forms (LIST, JOIN with a BID sheet) and when
the GM ends it (TERMINATE)."""

from __future__ import annotations

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, POWERS, address, gm, password, reply, start_game, to

demo_v3 = load_script("europe1615-v3")


def _status(sandbox: Sandbox, who: str) -> str:
    found = [sandbox.text(m) for m in to(sandbox.new_mail(), who) if str(m.message["Subject"]) == f"Status of {GAME}"]
    assert len(found) == 1
    return found[0]


def test_list_during_signup_calls_no_power_open_once_every_seat_is_taken(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret", "new game")
    sandbox.poll()
    sandbox.send(address("France"), f"JOIN {GAME} {password('France')} AS France")
    sandbox.send("stranger@example.org", f"LIST {GAME}")
    sandbox.poll()
    text = _status(sandbox, "stranger@")
    assert "France:" in text and "taken" in text.split("France:")[1].splitlines()[0]
    assert "open, a player is wanted" in text.split("England:")[1].splitlines()[0]
    for power in [p for p in POWERS if p != "France"]:
        sandbox.send(address(power), f"JOIN {GAME} {password(power)}")  # no AS: powers given out at START
    sandbox.send("stranger@example.org", f"LIST {GAME}")
    sandbox.poll()
    text = _status(sandbox, "stranger@")
    assert "open, a player is wanted" not in text
    assert text.count("given out when the game starts") == len(POWERS) - 1


def test_a_v3_join_with_a_bid_sheet_does_not_promise_the_power_asked_for(sandbox: Sandbox) -> None:
    sandbox.send(demo_v3.gm, f"CREATE {demo_v3.game} europe1615-v3 gm-secret", "new game")
    sandbox.poll()
    sandbox.send(demo_v3.address("France"), f"JOIN {demo_v3.game} pw AS France\n{demo_v3.bids['France']}\n")
    sandbox.send(demo_v3.address("Spain"), f"JOIN {demo_v3.game} pw AS Spain")
    sandbox.poll()
    mails = sandbox.new_mail()
    france = reply(sandbox, mails, demo_v3.address("France"))
    assert "you joined 'v3' as France" not in france
    assert "you joined 'v3' (1 of 5 seats); your BID sheet, not AS France, decides your power" in france
    assert "you joined 'v3' as Spain" in reply(sandbox, mails, demo_v3.address("Spain"))


def test_terminate_names_the_last_phase_played_not_the_current_one(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "TERMINATE")
    sandbox.poll()
    ended = [sandbox.text(m) for m in to(sandbox.new_mail(), GM) if str(m.message["Subject"]) == "Game demo is over"]
    assert ended and "was ended by the GM before any phase was played." in ended[0]
    assert "Spring of 1901" not in ended[0]


def test_terminate_after_a_played_phase_names_it(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    gm(sandbox, "TERMINATE")
    sandbox.poll()
    ended = [sandbox.text(m) for m in to(sandbox.new_mail(), GM) if str(m.message["Subject"]) == "Game demo is over"]
    assert ended and "was ended by the GM after Spring of 1901 (S1901M)." in ended[0]


def test_a_player_who_joined_without_a_power_changes_his_own_settings_not_the_gms(sandbox: Sandbox) -> None:
    """A JOIN without AS has no power yet: its SETs once fell through to the GM's (password, address, zone)."""
    from judge.store import check_password

    sandbox.send(GM, f"CREATE {GAME} standard gm-secret", "new game")
    sandbox.poll()
    sandbox.send("newbie@example.org", f"JOIN {GAME} pw1\nSET PASSWORD taken-over\nSET ADDRESS evil@example.org\n"
                                       "SET ZONE Asia/Tokyo\nSET WAIT")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.gm_address == GM and "gm_zone" not in game.extra and not game.settings.wait
    assert check_password("gm-secret", game.gm_password_hash)
    player = game.players[0]
    assert (player.address, player.zone, player.wait) == ("evil@example.org", "Asia/Tokyo", True)
    assert check_password("taken-over", player.password_hash)
    sandbox.new_mail()
    sandbox.send(GM, f"SIGNON M{GAME} taken-over\nSTART")
    sandbox.poll()
    assert "wrong GM password" in reply(sandbox, sandbox.new_mail(), GM)
