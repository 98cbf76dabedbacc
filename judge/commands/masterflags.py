"""The master's njudge settings (``SET MANUALPROCESS``, ``SET NOLIST``, ``SET COMMENT`` …), as the GM sets them.

njudge's words reach here as ``SET FLAG word [value]`` (``judge/reading/njudge.py`` rewrites them); each is kept
in ``Settings.extra`` and acts where the judge does that thing: the clock (``judge/turns/holds.py``), LIST
(``judge/turns/gamelabels.py``), ``SET WAIT``, ``SET ABSENCE``, ``SUMMARY``, the seat-change notices, JOIN.
A setting that would go against a house rule (an address shown, a register of players) is refused, saying why.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, time

from judge.commands import anyone
from judge.commands.gm import do_start, njudge_moment
from judge.commands.session import Refused, Session
from judge.reading.language import Command
from judge.reading.njudge_dates import parse_njudge_date
from judge.render import gm_note
from judge.store import Game
from judge.store.records import to_iso
from judge.turns.deadlines import local_to_utc, set_deadline
from judge.turns.gameview import seated_powers, variant_of
from judge.turns.notify import notify

#: njudge's switches: word -> (settings key, value, what the GM is told)
SWITCHES: dict[str, tuple[str, bool, str]] = {
    "MANUALPROCESS": ("manualprocess", True, "a phase is played only when you send PROCESS"),
    "NOMANUALPROCESS": ("manualprocess", False, "a phase is played when all orders are in, or at the deadline"),
    "AUTOPROCESS": ("manualprocess", False, "a phase is played when all orders are in, or at the deadline"),
    "AUTOPROC": ("manualprocess", False, "a phase is played when all orders are in, or at the deadline"),
    "AUTOSTART": ("autostart", True, "the game starts by itself once every power has a player"),
    "NOMANUALSTART": ("autostart", True, "the game starts by itself once every power has a player"),
    "MANUALSTART": ("autostart", False, "the game starts when you send START"),
    "STRICTGRACE": ("strictgrace", True, "the grace ends exactly its length after the deadline"),
    "NOSTRICTGRACE": ("strictgrace", False, "the grace ends on a day the timing lets deadlines fall on"),
    "STRICTWAIT": ("strictwait", True, "only a power with orders due may SET WAIT"),
    "NOSTRICTWAIT": ("strictwait", False, "any player may SET WAIT"),
    "LATECOUNT": ("latecount", True, "each player's late phases are counted; your late notices show the counts"),
    "NOLATECOUNT": ("latecount", False, "late phases are not counted"),
    "LIST": ("unlisted", False, "the game is in everyone's LIST"),
    "PUBLIC": ("unlisted", False, "the game is in everyone's LIST"),
    "NOLIST": ("unlisted", True, "the game is left out of LIST (LIST game still answers whoever names it)"),
    "PRIVATE": ("unlisted", True, "the game is left out of LIST (LIST game still answers whoever names it)"),
    "QUIET": ("quiet", True, "seat changes (a power vacant, a new player) are told to you alone"),
    "NOQUIET": ("quiet", False, "seat changes (a power vacant, a new player) are told to every player too, "
                                "without addresses"),
    "NOREVEAL": ("noreveal", True, "the players' addresses are not revealed in SUMMARY once the game is over"),
    "REVEAL": ("noreveal", False, "the game's players see who played what in SUMMARY once the game is over"),
}
#: njudge's settings that this judge has as it is: word -> what the GM is told
AS_IT_IS: dict[str, str] = {
    "MODERATE": "the game is moderated, as every game here: its GM alone changes its settings",
    "NOSHOW": "notices of the GM's changes never show an address here: they name the GM",
    "NORESUME": "only the GM resumes a game here (RESUME, or ROLLBACK for one that is over)",
    "UNRATED": "the game is unrated, as every game here: the judge keeps no ratings",
}
#: words whose value says whether it is this judge's way: word -> (values taken, what the GM is told)
AS_IT_IS_WITH: dict[str, tuple[tuple[str, ...], str]] = {
    "ACCESS": (("ANY", "ANY-SITE"), "anyone may join the game with its password, from any site"),
    "LEVEL": (("ANY",), "players of any level may join (the judge keeps no levels)"),
}
#: njudge's settings this judge refuses: word -> why
REFUSED: dict[str, str] = {
    "UNMODERATE": "every game here has a GM, who alone changes its settings (njudge's UNMODERATE is not here)",
    "SHOW": "the judge never shows who changed a setting by address (addresses are kept secret): notices name "
            "the GM",
    "RESUME": "players never resume a game here (njudge's SET RESUME): the GM sends RESUME",
    "RATED": "the judge keeps no ratings (njudge's SET RATED): every game is unrated",
    "DEDICATION": "the judge keeps no dedication ratings (njudge's register of players is not here)",
    "ACCESS": "the judge never compares players' sites (their addresses are kept secret): SET ACCESS ANY alone",
    "LEVEL": "the judge keeps no register of player levels (njudge's REGISTER): SET LEVEL ANY alone",
}
MAX_ABSENCE_DAYS = 31   # njudge's bound on SET MAXABSENCE
MAX_COMMENT = 60        # njudge's brief comment "should be less than 60 characters"


def do_set_flag(s: Session, cmd: Command) -> str:
    """One njudge master setting; the game is the one the GM signed on to."""
    handle = s.current()
    assert handle is not None
    game, flag, words = handle.game, cmd.args["flag"], cmd.args["words"]
    if flag in SWITCHES and not words:
        key, value, told = SWITCHES[flag]
        game.settings.extra[key] = value
        return _started_if_full(s, game, told) if key == "autostart" and value else told
    if flag in AS_IT_IS and not words:
        return AS_IT_IS[flag]
    if flag in AS_IT_IS_WITH and len(words) == 1 and words[0].upper() in AS_IT_IS_WITH[flag][0]:
        return AS_IT_IS_WITH[flag][1]
    if flag in REFUSED:
        raise Refused(REFUSED[flag])
    setter = _VALUED.get(flag)
    if setter is None:
        raise Refused(f"SET {flag} takes no value here" if flag in SWITCHES or flag in AS_IT_IS
                      else f"the judge has no SET {flag}")
    return setter(s, game, words)


def _started_if_full(s: Session, game: Game, told: str) -> str:
    """njudge's SET NOMANUALSTART starts a forming game that is ready to go."""
    if game.status == "forming" and ready_to_start(game):
        return f"{told}; {do_start(s, Command('start', {}, 0, 'START'))}"
    return told


def do_join(s: Session, cmd: Command) -> str:
    """JOIN, then njudge's SET AUTOSTART: the game starts once the last power it waits for has a player."""
    note = anyone.do_join(s, cmd)
    handle = s.current()
    if handle is None or handle.game.status != "forming" or not handle.game.settings.extra.get("autostart"):
        return note
    return f"{note}; {do_start(s, Command('start', {}, cmd.line, 'START'))}" if ready_to_start(handle.game) else note


def ready_to_start(game: Game) -> bool:
    """Every power a player can hold has one (``SET AUTOSTART`` starts the game then)."""
    return len(game.players) >= len(seated_powers(variant_of(game)))


def _comment(s: Session, game: Game, words: list[str]) -> str:
    text = " ".join(words)
    if len(text) > MAX_COMMENT:
        raise Refused(f"the comment has {len(text)} characters: at most {MAX_COMMENT} (njudge's brief comment); "
                      "SET COMMENT BEGIN takes a longer one, up to SIGNOFF")
    game.settings.extra["comment"] = text
    return f"LIST shows the game's comment: {text}" if text else "the game's comment is cleared"


def _comment_full(s: Session, game: Game, words: list[str]) -> str:
    text = " ".join(words).replace(" // ", "\n").strip("/ ")
    game.settings.extra["comment_full"] = text
    return f"LIST {game.name} shows the game's full comment ({len(text.splitlines())} lines)" if text \
        else "the game's full comment is cleared"


Setter = Callable[[Session, Game, list[str]], str]


def _number(key: str, name: str, shape: str) -> Setter:
    """njudge's SET BN|MN|EP [NUMBER] number: a label the game carries in LIST."""
    def setter(s: Session, game: Game, words: list[str]) -> str:
        plain = len(words) == 1 or (len(words) == 2 and words[0].upper() == "NUMBER")
        value = words[-1] if plain else ""
        if not value or len(value) > 20 or not value.replace("-", "").isalnum():
            raise Refused(f"write SET {key.upper()} number, as {shape}")
        game.settings.extra[key] = value.upper()
        return f"LIST shows the game's {name}: {value.upper()}"
    return setter


def _maxabsence(s: Session, game: Game, words: list[str]) -> str:
    if len(words) != 1 or not words[0].isdecimal() or int(words[0]) > MAX_ABSENCE_DAYS:
        raise Refused(f"write SET MAXABSENCE days, from 0 to {MAX_ABSENCE_DAYS}")
    game.settings.extra["maxabsence"] = int(words[0])
    return (f"a player may set an absence of at most {int(words[0])} days; absences move a deadline by no more "
            "than the judge's own limit")


def _moment(s: Session, game: Game, words: list[str], what: str) -> datetime:
    """njudge's date (``Apr 2``, ``Apr-2 18:00``, ``2026-04-02``) on the game's clock, 23:30 without a time."""
    day = parse_njudge_date(words[0]) if words else None
    at = time(23, 30)
    if len(words) == 2:
        try:
            at = time.fromisoformat(words[1])
        except ValueError:
            day = None
    if day is None or len(words) > 2:
        raise Refused(f"write SET {what} date [time], as SET {what} Apr 2 or SET {what} Apr 2 18:00")
    return local_to_utc(njudge_moment(s, game, day, at), game.zone)


def _grace_date(s: Session, game: Game, words: list[str]) -> str:
    """njudge's SET GRACE date: when this phase's grace ends (its length is the timing's, for later phases)."""
    if game.status not in ("active", "paused") or game.deadline is None:
        raise Refused(f"'{game.name}' has no deadline, so no grace to end")
    ends = _moment(s, game, words, "GRACE")
    if ends < game.deadline:
        raise Refused("the grace cannot end before the deadline: SET DEADLINE moves the deadline")
    game.grace_end = ends
    notify(game, s.judge.name, f"New grace period in {game.name}",
           [f"The GM set the end of the grace period of '{game.name}': orders are taken until then."],
           deadline=game.deadline)
    return f"this phase's grace ends {gm_note('when', moment=ends, zone=game.zone)}"


def _start_date(s: Session, game: Game, words: list[str]) -> str:
    """njudge's SET START date: the current phase is not played before it (a later deadline moves to it)."""
    if game.status == "forming":
        raise Refused(f"'{game.name}' has not started: njudge's SET START holds a running phase back; "
                      "send START when the players are in (SET AUTOSTART: it starts when every power has one)")
    if game.status not in ("active", "paused"):
        raise Refused(f"'{game.name}' is {game.status}")
    start = _moment(s, game, words, "START")
    game.extra["start_after"] = to_iso(start)
    moved = game.deadline is not None and start > game.deadline
    if moved:
        set_deadline(game, start)
        notify(game, s.judge.name, f"New deadline in {game.name}",
               [f"The GM set the earliest moment '{game.name}' is played, after the deadline: the deadline moved "
                "to it."], deadline=game.deadline)
    return (f"this phase is not played before {gm_note('when', moment=start, zone=game.zone)}"
            + ("; the deadline moved to it" if moved else ""))


_VALUED: dict[str, Setter] = {
    "COMMENT": _comment, "COMMENTFULL": _comment_full, "MAXABSENCE": _maxabsence,
    "BN": _number("bn", "Boardman number", "1999AA"), "BNC": _number("bn", "Boardman number", "1999AA"),
    "MN": _number("mn", "Miller number", "1999AAA"), "MNC": _number("mn", "Miller number", "1999AAA"),
    "EP": _number("ep", "EP number", "94-1"), "GRACE": _grace_date, "START": _start_date,
}
