"""njudge's DIARY (``data/index``, version 1.5.0): a player's private entries, kept by the judge.

``DIARY`` (or ``DIARY RECORD``) up to ENDPRESS keeps a numbered entry; ``DIARY
LIST`` mails the writer his entries' numbers and dates, ``DIARY READ n`` one
entry, ``DIARY DELETE n`` drops one (numbers are never reused).  Nothing in an
entry is read as an order (judge/reading/language.py reads it as a block).
Until the game ends a diary is its writer's alone: it is kept by his seat's
id, so a player who takes the power over later does not read it; at the end
every diary goes to everyone (judge/turns/presslater.py).
"""

from __future__ import annotations

from judge.commands.session import Handle, Refused, Session
from judge.reading.language import Command
from judge.render import DiaryContext, render_diary
from judge.store import Player
from judge.turns.gameview import power_title
from judge.turns.presslater import DIARIES, diary_entries

__all__ = ["do_diary"]
MAX_ENTRIES = 200


def do_diary(s: Session, cmd: Command) -> str:
    handle, seat = s.current(), s.seat
    if handle is None or seat is None or s.role != "player":
        raise Refused("DIARY is a player's: sign on to your power first")
    action, number = cmd.args["action"], cmd.args["number"]
    diary = handle.game.extra.setdefault(DIARIES, {}).setdefault(handle.game.seat_key(seat), {"next": 1,
                                                                                            "entries": []})
    if action == "record":
        return _record(s, handle, seat, diary, cmd.args["body"])
    entries = diary["entries"]
    if action == "list":
        _answer(s, handle, "list", entries)
        return f"the list of your {len(entries)} diary entries is in a separate mail"
    entry = next((e for e in entries if e["n"] == number), None)
    if entry is None:
        known = ", ".join(str(e["n"]) for e in entries) or "none yet"
        raise Refused(f"you have no diary entry {number} (yours: {known}; DIARY LIST lists them)")
    if action == "read":
        _answer(s, handle, "read", [entry])
        return f"diary entry {number} is in a separate mail"
    entries.remove(entry)
    return f"diary entry {number} deleted (numbers are not reused)"


def _record(s: Session, handle: Handle, seat: Player, diary: dict, body: str) -> str:
    if handle.game.status in ("finished", "terminated"):
        raise Refused(f"'{handle.game.name}' is over: its diaries are published")
    if len(diary["entries"]) >= MAX_ENTRIES:
        raise Refused(f"at most {MAX_ENTRIES} diary entries: DIARY DELETE n makes room")
    number = diary["next"]
    diary["next"] = number + 1
    phase = str(handle.state.phase) if handle.state is not None else ""
    diary["entries"].append({"n": number, "at": s.judge.now().isoformat(timespec="minutes"), "phase": phase,
                             "power": seat.power or "", "body": body.rstrip("\n")})
    return (f"diary entry {number} kept: nobody reads it but you (DIARY READ {number}) until the game ends, "
            "when every diary is sent to everyone")


def _answer(s: Session, handle: Handle, mode: str, entries: list[dict]) -> None:
    who = power_title(handle.game, s.power or "")
    rendered = render_diary(DiaryContext(s.judge.name, handle.game.name, mode, who, diary_entries(entries)))
    s.reply_to_sender(rendered.subject, rendered.body)
