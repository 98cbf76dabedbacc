"""Helpers shared by the store tests: a clock the test sets and a sample game."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from judge.store import Game, Player, SubmittedOrder, hash_password

T0 = datetime(2024, 3, 30, 23, 0, tzinfo=UTC)


class ManualClock:
    def __init__(self, moment: datetime = T0) -> None:
        self.moment = moment

    def now(self) -> datetime:
        return self.moment

    def advance(self, delta: timedelta) -> None:
        self.moment += delta


# One cheap hash shared by the tests: scrypt at full cost would make every test slow.
CHEAP_HASH = hash_password("secret", n=2**4)


def make_game(name: str = "alpha", players: int = 7) -> Game:
    powers = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    game = Game(name, "standard", "gm@example.org", CHEAP_HASH, status="active", deadline=T0)
    game.state = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"]},
                  "centers": {"FRANCE": ["BRE", "MAR", "PAR"]}}
    for power in powers[:players]:
        game.players.append(Player(f"{power.lower()}@example.com", CHEAP_HASH, power))
    game.submit(SubmittedOrder("FRANCE", "A PAR", "A PAR-BUR", "<m1@example.com>", T0))
    return game
