"""Every record survives a trip through JSON and through the store unchanged."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest

from judge.store import (
    Attachment,
    Game,
    Observer,
    OutgoingMail,
    PhaseRecord,
    Player,
    Settings,
    Store,
    SubmittedOrder,
    Timing,
    from_iso,
    to_iso,
)
from tests.store.helpers import CHEAP_HASH, T0, make_game


def through_json(data: dict) -> dict:
    return json.loads(json.dumps(data))


def full_game() -> Game:
    game = make_game("full")
    game.zone = "Europe/Paris"
    game.settings = Settings(press="grey", nmr="disorder", wait=True, extra={"preview": True})
    game.timing = {"M": Timing(timedelta(days=3), timedelta(hours=12), "20:00", "-MTWTF-", timedelta(hours=6)),
                   "R": Timing(timedelta(days=1))}
    game.grace_end = T0 + timedelta(hours=6)
    game.extra = {"dice_seed": 17, "influence": {"FRANCE": ["PAR"]}}
    game.players[0] = Player("a@example.com", CHEAP_HASH, "AUSTRIA", "dummy", "Europe/Vienna", True,
                             [(T0, T0 + timedelta(days=4))])
    game.players.append(Player("new@example.com", CHEAP_HASH))  # joined, no power yet
    game.observers.append(Observer("watcher@example.com", CHEAP_HASH))
    game.submit(SubmittedOrder("ENGLAND", "F LON", "F LON-NTH", "<m2@example.com>", T0))
    game.submit(SubmittedOrder("RUSSIA", "A WAR", "A WAR H"))
    game.mark_applied("<m1@example.com>")
    game.queue_mail(OutgoingMail(["a@example.com", "b@example.com"], "Re: orders", "Accepted.\n",
                                 "<m1@example.com>", [Attachment("map.ps", b"%!PS\x00\xff", "application/postscript")],
                                 "auto-generated"))
    return game


def test_records_round_trip_through_json() -> None:
    game = full_game()
    records: list[Any] = [game.settings, game.timing["M"], *game.players, *game.observers,
                          *game.orders["FRANCE"], *game.outbox, *game.outbox[0].attachments]
    for record in records:
        assert type(record).from_json(through_json(record.to_json())) == record


def test_phase_record_round_trips() -> None:
    record = PhaseRecord("S1901M", {"phase": "S1901M", "units": {}}, {"FRANCE": make_game().orders["FRANCE"]},
                         [{"power": "FRANCE", "order": "A PAR-BUR", "result": "ok"}], "Movement results...", T0)
    assert PhaseRecord.from_json(through_json(record.to_json())) == record


def test_game_round_trips_through_the_store(store: Store) -> None:
    game = full_game()
    store.create_game(game)
    loaded = store.load_game("full")
    assert loaded == game
    assert loaded.outbox[0].attachments[0].data == b"%!PS\x00\xff"
    austria = loaded.player("austria")
    assert austria is not None and austria.absences == [(T0, T0 + timedelta(days=4))]
    assert loaded.deadline is not None and loaded.deadline.tzinfo is not None


def test_game_file_keeps_utc_iso_strings_and_no_clear_password(store: Store) -> None:
    store.create_game(full_game())
    text = store.game_path("full").read_text(encoding="utf-8")
    assert '"deadline":"2024-03-30T23:00:00Z"' in text
    assert "secret" not in text


def test_times_are_utc_and_naive_ones_are_refused() -> None:
    assert to_iso(from_iso("2024-03-31T03:00:00+02:00")) == "2024-03-31T01:00:00Z"
    with pytest.raises(ValueError):
        to_iso(T0.replace(tzinfo=None))


@pytest.mark.parametrize("bad", [
    lambda: Game("g", "standard", "gm@x", CHEAP_HASH, status="running"),
    lambda: Player("a@x", CHEAP_HASH, status="gone"),
    lambda: Settings(press="black"),
    lambda: Settings(nmr="panic"),
])
def test_unknown_status_values_are_refused(bad) -> None:
    with pytest.raises(ValueError):
        bad()
