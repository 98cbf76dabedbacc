"""Issue 37, point 9: ``judge replay`` tells a change of outcome from a change of wording between versions.

An archive written by an earlier version says the same phase in other words
('Turkey: Army Bulgaria HOLD.' then, 'Turkey: Army Bulgaria, No Order
Processed.' now): the game went on under today's judge, so its replay is the
same outcome, said as such, exit 0.  A change of positions, orders' results or
centres stays a divergence, exit 1.
"""

from __future__ import annotations

import json
import re

from tests.archive.conftest import Copier
from tests.archive.games import PlayedGame

ORDER_LINE = re.compile(r"^(\w+): +(Army|Fleet) .*\.$")


def test_an_archive_worded_otherwise_replays_as_the_same_outcome(demo_games: dict[str, PlayedGame],
                                                                  copy_of: Copier) -> None:
    game = copy_of(demo_games["standard"])
    path = game.archive_file("S1901M")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if ORDER_LINE.match(line.rstrip("\n")))
    today = lines[n].rstrip("\n")
    earlier = re.sub(r"\s*(->|-|SUPPORT|CONVOY|HOLD).*$", "", today) + ", No Order Processed."
    assert earlier != today
    lines[n] = earlier + "\n"                              # what an earlier version wrote for the same phase
    path.write_text("".join(lines), encoding="utf-8")
    history = game.sandbox.config.data_dir / "history" / f"{game.name}.json"
    data = json.loads(history.read_text(encoding="utf-8"))
    doc = next(d for d in data["phases"].values() if d["phase"] == "F1901M")
    doc["results"]["results"][0]["message"] = "an earlier version's words"   # the outcome's words, not its result
    history.write_text(json.dumps(data), encoding="utf-8")
    done = game.judge("replay", game.name)
    assert done.returncode == 0, done.stdout
    out = done.stdout.splitlines()
    assert out[0].endswith("phases replayed, the same outcome"), out
    assert "divergence at" not in done.stdout
    assert ("the wording differs in 2 phases (S1901M, F1901M), not the outcome: a change of wording between "
            "versions, not a divergence; the first at S1901M: the results text differs") in done.stdout
    assert f"  archived: line {n + 1}: {earlier!r}" in out and f"  replayed: line {n + 1}: {today!r}" in out


def test_a_change_of_outcome_is_still_the_divergence(demo_games: dict[str, PlayedGame], copy_of: Copier) -> None:
    game = copy_of(demo_games["standard"])
    history = game.sandbox.config.data_dir / "history" / f"{game.name}.json"
    data = json.loads(history.read_text(encoding="utf-8"))
    doc = next(d for d in data["phases"].values() if d["phase"] == "F1901M")
    centres = doc["results"]["state_after"]["centers"]
    power = sorted(centres)[0]
    centres[power] = centres[power][1:]                     # a centre lost: another outcome
    history.write_text(json.dumps(data), encoding="utf-8")
    done = game.judge("replay", game.name)
    assert done.returncode == 1
    assert done.stdout.startswith("divergence at F1901M: the outcome differs"), done.stdout
    assert "the same outcome" not in done.stdout
