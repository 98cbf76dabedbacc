"""Press that waits: njudge's postal press, sent once a phase is played, and the diaries, sent at the game's end.

Kept in ``game.extra`` by judge/commands/postal.py and judge/commands/diary.py;
:mod:`judge.turns.playing` calls these where the results and the game-end
mail go out.
"""

from __future__ import annotations

from judge.render import GM, render
from judge.store import Game
from judge.turns.gameview import power_title
from judge.turns.notify import by_address, queue, readers

__all__ = ["DIARIES", "POSTAL", "publish_diaries", "send_postal"]

POSTAL = "postal"      # game.extra: the postal press waiting for the phase's results
DIARIES = "diaries"    # game.extra: seat id -> {"next": n, "entries": [...]}


def send_postal(judge: str, game: Game, played: str) -> None:
    """The postal press of the phase just played, in one mail to everyone following the game."""
    entries = game.extra.pop(POSTAL, [])
    if not entries:
        return
    shown = [{"from": "the GM" if e["from"] == GM else power_title(game, e["from"]), "body": e["body"]}
             for e in entries]
    rendered = render("postal_press.j2", judge=judge, game=game.name, phase=played, entries=shown)
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
        rendered = render("diary.j2", judge=judge, game=game.name, mode="published", writer=writer,
                          entries=diary["entries"])
        for each in by_address(readers(game)):
            queue(game, each.main, rendered, key=f"diary:{number}:{each.address}", others_words=True)
