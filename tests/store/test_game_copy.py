"""``Game.copy``: the checkpoint a command is put back to must equal the game and share nothing it changes."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta

from judge.store import Game, OutgoingMail, Player, SubmittedOrder
from judge.store.records import Observer, Timing


def busy_game() -> Game:
    when = datetime(2026, 3, 1, tzinfo=UTC)
    game = Game("g", "standard", "gm@x.org", "hash", status="active", deadline=when,
                state={"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "influence": {"LOR": {"FRANCE": 3}}},
                extra={"sheets": {"a@x.org": "BID FRANCE 5"}, "news": [["x", 1]]}, rules={"victory_centers": 18})
    game.timing["M"] = Timing(next=timedelta(days=2), hour="18:00")
    game.settings.extra["seats"] = 2
    game.players.append(Player("a@x.org", "h", "FRANCE", absences=[(when, when + timedelta(days=1))]))
    game.observers.append(Observer("o@x.org", "h"))
    game.submit(SubmittedOrder("FRANCE", "PAR", "A PAR - BUR", "<m@x>", when))
    game.queue_mail(OutgoingMail(["a@x.org"], "s", "body"))
    game.mark_applied("<m@x>")
    return game


def test_a_copy_equals_the_game_and_what_deepcopy_gives() -> None:
    game = busy_game()
    assert game.copy() == game == copy.deepcopy(game)


def test_changing_the_copy_leaves_the_game_as_it_was() -> None:
    game = busy_game()
    before = copy.deepcopy(game)
    twin = game.copy()
    twin.state["units"]["FRANCE"].append("A MAR")
    twin.state["influence"]["LOR"]["FRANCE"] = 9
    twin.extra["sheets"]["b@x.org"] = "BID SPAIN 1"
    twin.extra["news"][0].append(2)
    twin.rules["victory_centers"] = 10
    twin.settings.wait, twin.settings.extra["seats"] = True, 1
    twin.timing["M"].hour = "12:00"
    twin.players[0].power, twin.players[0].wait = "SPAIN", True
    twin.players[0].absences.clear()
    twin.observers[0].address = "p@x.org"
    twin.orders["FRANCE"][0].line = "A PAR H"
    twin.orders["FRANCE"].append(SubmittedOrder("FRANCE", "MAR", "A MAR H"))
    twin.queue_mail(OutgoingMail(["b@x.org"], "t", "more"))
    twin.mark_applied("<n@x>")
    twin.status, twin.deadline = "paused", None
    assert game == before
