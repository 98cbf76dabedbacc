"""Press that waits: njudge's postal press, sent once a phase is played, and the diaries, sent at the game's end.

Kept in ``game.extra`` by judge/commands/postal.py and judge/commands/diary.py;
:mod:`judge.turns.playing` calls these where the results and the game-end
mail go out.
"""

from __future__ import annotations

from judge.render import (
    GM, DiaryContext, DiaryEntry, PostalEntry, PostalPressContext, render_diary, render_postal_press,
)
from judge.store import Game
from judge.turns.gameview import power_title
from judge.turns.notify import by_address, queue, readers

__all__ = ["DIARIES", "POSTAL", "diary_entries", "publish_diaries", "send_postal"]

POSTAL = "postal"      # game.extra: the postal press waiting for the phase's results
DIARIES = "diaries"    # game.extra: seat id -> {"next": n, "entries": [...]}


def send_postal(judge: str, game: Game, played: str) -> None:
    """The postal press of the phase just played, in one mail to everyone following the game."""
    entries = game.extra.pop(POSTAL, [])
    if not entries:
        return
    shown = [PostalEntry("the GM" if e["from"] == GM else power_title(game, e["from"]), e["body"]) for e in entries]
    rendered = render_postal_press(PostalPressContext(judge, game.name, played, shown))
    for each in by_address(readers(game)):
        queue(game, each.main, rendered, key=f"postal:{played}:{each.address}", others_words=True)


def publish_diaries(judge: str, game: Game) -> None:
    """Every diary with entries, to everyone, once the game is over (njudge: "for broadcast at the end")."""
    diaries = [d for d in game.extra.get(DIARIES, {}).values() if d.get("entries")]
    if not diaries or game.extra.get("diaries_published"):
        return
    game.extra["diaries_published"] = True
    for number, diary in enumerate(diaries):
        writer = power_title(game, diary["entries"][0].get("power") or "") or "a player"
        rendered = render_diary(DiaryContext(judge, game.name, "published", writer, diary_entries(diary["entries"])))
        for each in by_address(readers(game)):
            queue(game, each.main, rendered, key=f"diary:{number}:{each.address}", others_words=True)


def diary_entries(stored: list[dict]) -> list[DiaryEntry]:
    """A diary's entries as the game file keeps them, for its mail."""
    return [DiaryEntry(e["n"], e["at"], e.get("phase", ""), e["body"]) for e in stored]
