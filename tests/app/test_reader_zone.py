"""Issue 9, item 12: every mail that shows a time shows it in its reader's own zone (``SET ZONE``),
the GM's as much as a player's: replies, STATUS, LIST, notices and results."""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, address, gm, reply, send_as, start_game, to

TOKYO = "In your time zone (Asia/Tokyo) that is"


def _separate(sandbox: Sandbox, mails: list, who: str, subject: str) -> str:
    found = [sandbox.text(m) for m in to(mails, who) if str(m.message["Subject"]) == subject]
    assert len(found) == 1, [str(m.message["Subject"]) for m in to(mails, who)]
    return found[0]


def test_the_gms_own_zone_shows_in_his_reply_status_and_list(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "SET ZONE Asia/Tokyo")
    sandbox.poll()
    first = reply(sandbox, sandbox.new_mail(), GM)
    assert TOKYO in first                      # the very mail that set it
    gm(sandbox, "STATUS\nLIST\nLIST demo")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert TOKYO in reply(sandbox, mails, GM)
    statuses = [sandbox.text(m) for m in to(mails, GM) if str(m.message["Subject"]) == f"Status of {GAME}"]
    assert len(statuses) == 2 and all(TOKYO in text for text in statuses)  # STATUS and LIST demo
    listing = [sandbox.text(m) for m in to(mails, GM) if str(m.message["Subject"]) == "Games on demo-judge"]
    assert listing and " JST" in listing[0] and " CET" not in listing[0]


def test_a_players_zone_shows_in_list_and_the_gm_zone_in_his_deadline_notices(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "SET ZONE Asia/Tokyo\nLIST\nLIST demo")
    gm(sandbox, "SET ZONE America/New_York\nSET DEADLINE +3d")
    sandbox.poll()
    mails = sandbox.new_mail()
    listing = [sandbox.text(m) for m in to(mails, "france@") if str(m.message["Subject"]) == "Games on demo-judge"]
    assert listing and " JST" in listing[0]
    assert TOKYO in _separate(sandbox, mails, "france@", f"Status of {GAME}")
    gm_reply = reply(sandbox, mails, GM)
    assert "In your time zone (America/New_York) that is" in gm_reply and " UTC)" not in gm_reply
    notice = _separate(sandbox, mails, GM, f"New deadline in {GAME}")
    assert "In your time zone (America/New_York) that is" in notice
    assert TOKYO in _separate(sandbox, mails, address("France"), f"New deadline in {GAME}")


def test_someone_not_signed_on_sees_list_in_the_games_zone(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send("stranger@example.org", "LIST demo")
    sandbox.poll()
    text = _separate(sandbox, sandbox.new_mail(), "stranger@", f"Status of {GAME}")
    assert "The deadline for orders is" in text and "In your time zone" not in text


def test_the_gm_sets_the_games_own_zone(sandbox: Sandbox) -> None:
    """Issue 9, item 16: SET GAMEZONE, the game's zone (it was fixed to the judge's at CREATE)."""
    start_game(sandbox)
    before = sandbox.store.load_game(GAME).deadline
    gm(sandbox, "SET GAMEZONE Asia/Tokyo\nSET DEADLINE 2026-03-30 18:00")
    sandbox.poll()
    mails = sandbox.new_mail()
    game = sandbox.store.load_game(GAME)
    assert game.zone == "Asia/Tokyo" and before is not None
    assert game.deadline is not None and game.deadline.isoformat() == "2026-03-30T09:00:00+00:00"  # 18:00 JST
    assert "the game's zone is now Asia/Tokyo" in reply(sandbox, mails, GM)
    told = [sandbox.text(m) for m in to(mails, address("Italy")) if "decided" in str(m.message["Subject"])]
    assert told and "The game's time zone is now Asia/Tokyo" in told[0]
    notice = [sandbox.text(m) for m in to(mails, address("Italy"))
              if str(m.message["Subject"]) == f"New deadline in {GAME}"]
    assert notice and "The deadline for orders is Mon Mar 30 2026 18:00:00 JST." in notice[0]


def test_a_player_may_not_set_the_games_zone(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "SET GAMEZONE Asia/Tokyo")
    sandbox.poll()
    assert "SET GAMEZONE is a GM command" in reply(sandbox, sandbox.new_mail(), "france@")
    assert sandbox.store.load_game(GAME).zone == "Europe/Paris"
