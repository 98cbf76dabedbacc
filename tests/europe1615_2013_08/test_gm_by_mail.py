"""The 2013-08 GM by mail: an alliance declared before 1618 (R-1308-81), the readings (SET RULE, RULES)."""

from __future__ import annotations

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox

mailgame = load_script("europe1615-2013-08")
GAME, GM, address = mailgame.game, mailgame.gm, mailgame.address


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    sandbox = Sandbox.create(tmp_path_factory.mktemp("e1308gm") / "judge", password_cost=8)
    mailgame.set_up(sandbox)
    return sandbox


def last_to(game: Sandbox, who: str) -> str:
    return game.text([m for m in game.sent() if str(m.message["To"]) == who][-1])


def test_R_1308_81_the_gm_records_an_alliance_and_everyone_is_told(game: Sandbox) -> None:
    game.send(GM, f"SIGNON M{GAME} gm-secret\nGM ALLIANCE France Spain\nGM ALLIANCE Spain England\n", "alliance")
    game.poll()
    reply = last_to(game, GM)
    assert "France and Spain are allied for the rest of the game (R-1308-81)" in reply
    assert "Spain is already in an alliance, and alliances are permanent" in reply
    assert game.store.load_game(GAME).state["alliances"] == [["FRANCE", "SPAIN"]]
    assert "France and Spain are allied" in " ".join(game.text(m) for m in game.sent()
                                                     if str(m.message["To"]) == address("England"))


def test_the_gm_sets_a_reading_of_the_edition_and_not_a_version_3_one(game: Sandbox) -> None:
    game.send(GM, f"SIGNON M{GAME} gm-secret\nSET RULE table2 adds\nSET RULE ballot_minimum net\nRULES {GAME}\n",
              "rules")
    game.poll()
    reply = last_to(game, GM)
    assert "table2" in reply and "ALLIANCE" in reply
    assert game.store.load_game(GAME).rules == {"table2": "adds"}
