"""What njudge's master settings show of a game: LIST leaves an unlisted game out, and the labels a game carries.

The settings live in ``Settings.extra`` (``judge/commands/masterflags.py`` sets them): ``unlisted`` (njudge's
``SET NOLIST``/``PRIVATE``), ``comment`` and ``comment_full`` (``SET COMMENT``), ``bn``/``mn``/``ep`` (the old
Boardman, Miller and EP numbers), and the switches shown to whoever asks ``LIST game``.
"""

from __future__ import annotations

from judge.store import Game

#: the numbers a game may carry, as njudge's listing names them
NUMBERS = (("bn", "Boardman number"), ("mn", "Miller number"), ("ep", "EP number"))
#: switches LIST game shows when set: settings key -> (label, value when on, value when off)
_SWITCHES = (("manualprocess", "Processed", "only by the GM's PROCESS", "when all orders are in, or at the deadline"),
             ("autostart", "Starts", "when every power has a player", "when the GM sends START"),
             ("strictwait", "SET WAIT", "only by a power with orders due", "by any player"),
             ("strictgrace", "Grace ends", "exactly its length after the deadline", "on a day deadlines may fall on"),
             ("latecount", "Late phases", "counted per player, for the GM", "not counted"),
             ("quiet", "Seat changes", "told to the GM alone", "told to every player"),
             ("noreveal", "Players at the end", "not revealed", "revealed to the game's players"))


def listed(game: Game) -> bool:
    """Whether the game is in the LIST of every game (``SET NOLIST`` leaves it out; ``LIST game`` still answers)."""
    return not game.settings.extra.get("unlisted")


def labels(game: Game) -> str:
    """The one line LIST shows under a game: its comment and numbers ("" if none)."""
    extra = game.settings.extra
    parts = [str(extra["comment"])] if extra.get("comment") else []
    parts += [f"{name} {extra[key]}" for key, name in NUMBERS if extra.get(key)]
    return "; ".join(parts)


def count_late(game: Game, powers: list[str]) -> None:
    """njudge's SET LATECOUNT: one more late phase for each of ``powers``' players (kept by seat, so a new
    player starts from none); once a phase, at its deadline or when it is played, whichever comes first."""
    phase = str(game.state.get("phase", "")) if game.state else ""
    if not game.settings.extra.get("latecount") or not powers or game.extra.get("late_counted") == phase:
        return
    game.extra["late_counted"] = phase
    counts = game.extra.setdefault("latecount", {})
    for power in powers:
        seat = game.player(power)
        if seat is not None and seat.address:
            key = game.seat_key(seat)
            counts[key] = counts.get(key, 0) + 1


def late_counts(game: Game) -> str:
    """Each power's late phases under its present player, for the GM ("" if none)."""
    counts = game.extra.get("latecount", {})
    found = [(p.power, counts[p.seat]) for p in game.players if p.power and p.seat in counts]
    return ", ".join(f"{power.title()} {count}" for power, count in sorted(found)) or "none yet"


def shown_settings(game: Game, gm: bool = False) -> list[tuple[str, str]]:
    """The master's settings as LIST game shows them: those set, the comment in full; the late counts to the GM."""
    extra = game.settings.extra
    shown = [(label, on if extra[key] else off) for key, label, on, off in _SWITCHES if key in extra]
    if "unlisted" in extra:
        shown.append(("Listed in LIST", "no (LIST game still answers)" if extra["unlisted"] else "yes"))
    if extra.get("maxabsence") is not None:
        shown.append(("Longest absence a player may set", f"{extra['maxabsence']} days"))
    shown += [(name, str(extra[key])) for key, name in NUMBERS if extra.get(key)]
    if extra.get("comment"):
        shown.append(("Comment", str(extra["comment"])))
    if extra.get("comment_full"):
        shown.append(("About the game", str(extra["comment_full"])))
    if gm and extra.get("latecount"):
        shown.append(("Late phases per player", late_counts(game)))
    return shown
