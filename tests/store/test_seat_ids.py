"""A seat's id (issue 31, point 5): given once, kept through SET ADDRESS, and sheets stored by address before it moved."""

from __future__ import annotations

from judge.store import Game, Player


def _game() -> Game:
    game = Game("e1", "europe1615-v3", "gm@x.org", "h")
    game.players = [Player("a@x.org", "h1"), Player("b@x.org", "h2"), Player("a@x.org", "h3")]
    return game


def test_a_seat_keeps_its_id_and_sheet_when_its_address_changes() -> None:
    game = _game()
    keys = [game.seat_key(p) for p in game.players]
    assert keys == ["seat1", "seat2", "seat3"]
    game.extra["sheets"] = {keys[1]: "BID SPAIN 100"}
    game.players[0].address = "b@x.org"
    assert [game.seat_key(p) for p in game.players] == keys
    assert [game.sheet_of(p) for p in game.players] == [None, "BID SPAIN 100", None]


def test_sheets_a_game_kept_by_address_move_to_their_seats_when_it_is_loaded() -> None:
    game = _game()
    game.extra["sheets"] = {"a@x.org": "BID FRANCE 100", "a@x.org#2": "BID SPAIN 100", "b@x.org": "BID AUSTRIA 100"}
    loaded = Game.from_tables(game.record_json(), game.tables_json())
    assert [loaded.sheet_of(p) for p in loaded.players] == ["BID FRANCE 100", "BID AUSTRIA 100", "BID SPAIN 100"]
    assert not any("@" in key for key in loaded.extra["sheets"])
