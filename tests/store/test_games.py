"""Games in the store: create, load, save, names, orders and applied Message-IDs."""

from __future__ import annotations

import pytest

from judge.store import (
    GameExists,
    InvalidName,
    Store,
    StoreCorrupt,
    SubmittedOrder,
    UnknownGame,
)
from tests.store.helpers import T0, make_game


def test_create_load_and_list_games(store: Store) -> None:
    assert store.game_names() == []
    for name in ("beta", "alpha", "game-3_x"):
        store.create_game(make_game(name))
    assert store.game_names() == ["alpha", "beta", "game-3_x"]
    assert [g.name for g in store.games()] == ["alpha", "beta", "game-3_x"]
    assert store.has_game("alpha") and not store.has_game("gamma")


def test_create_refuses_a_taken_name_and_save_an_unknown_game(store: Store) -> None:
    store.create_game(make_game("alpha"))
    with pytest.raises(GameExists):
        store.create_game(make_game("alpha"))
    with pytest.raises(UnknownGame):
        store.save_game(make_game("beta"))
    with pytest.raises(UnknownGame):
        store.load_game("beta")


@pytest.mark.parametrize("name", ["", "Alpha", "../etc", "a/b", "a.json", "-x", "x" * 41])
def test_bad_game_names_are_refused(store: Store, name: str) -> None:
    with pytest.raises(InvalidName):
        store.create_game(make_game(name))


def test_save_replaces_the_whole_record(store: Store) -> None:
    game = make_game()
    store.create_game(game)
    game.status = "paused"
    game.state = {"phase": "F1901M", "units": {}}
    game.players.pop()
    game.clear_orders()
    store.save_game(game)
    loaded = store.load_game("alpha")
    assert (loaded.status, loaded.state["phase"], len(loaded.players), loaded.orders) == ("paused", "F1901M", 6, {})


def test_a_later_order_for_the_same_unit_replaces_the_earlier(store: Store) -> None:
    game = make_game()
    game.submit(SubmittedOrder("FRANCE", "A MAR", "A MAR-SPA", "<m2@x>", T0))
    game.submit(SubmittedOrder("FRANCE", "a  par", "A PAR-PIC", "<m3@x>", T0))
    game.submit(SubmittedOrder("FRANCE", "", "WAIVE", "<m3@x>", T0))
    game.submit(SubmittedOrder("FRANCE", "", "WAIVE", "<m3@x>", T0))
    store.create_game(game)
    lines = [o.line for o in store.load_game("alpha").orders["FRANCE"]]
    assert lines == ["A MAR-SPA", "A PAR-PIC", "WAIVE", "WAIVE"]
    game.clear_orders("FRANCE")
    assert "FRANCE" not in game.orders


def test_players_are_found_by_power_and_address() -> None:
    game = make_game()
    game.players[1].address = game.players[0].address.upper()
    france = game.player("france")
    assert france is not None and france.power == "FRANCE"
    assert game.player("ATLANTIS") is None
    assert [p.power for p in game.players_at("austria@example.com")] == ["AUSTRIA", "ENGLAND"]


def test_applied_ids_are_kept_until_the_seen_set_has_them(store: Store) -> None:
    game = make_game()
    game.mark_applied("<a@x>")
    game.mark_applied("<b@x>")
    game.mark_applied("<a@x>")
    assert game.applied == ["<a@x>", "<b@x>"] and game.was_applied("<b@x>")
    store.create_game(game)
    store.mark_seen("<a@x>")
    assert store.prune_applied(game) == 1
    assert game.applied == ["<b@x>"]


def test_a_corrupt_game_file_is_an_error_that_names_it(store: Store) -> None:
    store.create_game(make_game())
    store.game_path("alpha").write_text("{half a fi", encoding="utf-8")
    with pytest.raises(StoreCorrupt, match="alpha.json"):
        store.load_game("alpha")


def test_files_are_private(store: Store) -> None:
    store.create_game(make_game())
    assert store.game_path("alpha").stat().st_mode & 0o077 == 0
