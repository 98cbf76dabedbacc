"""SET ABSENCE and SET NOABSENCE: a player's days away, each effect bounded however many lines say it.

An absence moves a deadline that falls in it to its end, by at most
:data:`~judge.turns.deadlines.MAX_ABSENCE_SHIFT` in all (counted from the
deadline the absences found: ``move_past_absences``), so ten lines move it no
further than one.  An absence may not start before today (in the game's
zone), nor repeat one already noted; a player keeps at most
:data:`~judge.turns.deadlines.MAX_ABSENCES`.  The GM's notice and the new
deadline's notice are sent once per mail, saying where the mail left them
(``notify(replacing=…)``).  ``SET NOABSENCE`` (njudge's word) forgets them.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from judge.commands.player import seat_spoken_for
from judge.commands.session import Refused, Session
from judge.reading.language import Command
from judge.reading.njudge_dates import NjudgeDate
from judge.store import Game, Player
from judge.turns.deadlines import MAX_ABSENCES, absence_span, move_past_absences
from judge.turns.gameview import power_title
from judge.turns.notify import gm_reader, notify


def do_set_absence(s: Session, cmd: Command) -> str:
    game, player = _game_and_seat(s)
    today = _today(s, game)
    first, last = (_njudge_day(day, today) for day in (cmd.args["start"], cmd.args["end"]))
    if last < first:
        raise Refused("the absence ends before it starts")
    if first < today:
        raise Refused(f"an absence cannot start in the past: today is {today.isoformat()} in the game's zone")
    cap = game.settings.extra.get("maxabsence")
    if cap is not None and (last - first).days + 1 > cap:   # njudge's SET MAXABSENCE
        raise Refused(f"the GM allows absences of at most {cap} days in '{game.name}' (SET MAXABSENCE): ask the "
                      "GM for a longer one")
    start, end = absence_span(first, last, game.zone)
    current = [(a, b) for a, b in player.absences if b > s.judge.now()]
    if any(a <= start and end <= b for a, b in current):
        raise Refused(f"already noted: you are away from {first} to {last}")
    if len(current) >= MAX_ABSENCES:
        raise Refused(f"at most {MAX_ABSENCES} absences at once: SET NOABSENCE forgets them, then send the ones "
                      "you need")
    player.absences = [*current, (start, end)]
    note = f"absence from {first} to {last} noted"
    if game.status == "active" and move_past_absences(game):
        notify(game, s.judge.name, f"New deadline in {game.name}",
               [f"The deadline of '{game.name}' moved past a player's absence."], deadline=game.deadline,
               replacing=f"absence-deadline:{s.mail.message_id}")
        note += "; the deadline moved past it"
    _tell_the_gm(s, game, player)
    return note


def do_set_noabsence(s: Session, cmd: Command) -> str:
    game, player = _game_and_seat(s)
    now = s.judge.now()
    if not any(end > now for _, end in player.absences):
        raise Refused("you have no absence noted")
    player.absences = []
    _tell_the_gm(s, game, player)
    return "your absences are forgotten (a deadline they moved stays where it is)"


def _game_and_seat(s: Session) -> tuple[Game, Player]:
    """The seat the line acts on: the player's own, or after BECOME that power's (issue 31), never the GM's."""
    handle = s.current()
    assert handle is not None  # the dispatcher checked the sign-on
    seat = seat_spoken_for(s)
    if seat is None:
        raise Refused("absences are for players")
    return handle.game, seat


def _njudge_day(day: date | NjudgeDate, today: date) -> date:
    """A date as written, or njudge's (``Mar 30``, ``Mon``): the next such date from today."""
    if isinstance(day, date):
        return day
    try:
        return day.on(today)
    except ValueError as exc:
        raise Refused(f"{exc} (njudge's date as njudge reads it: the next such date)") from None


def _today(s: Session, game: Game) -> date:
    return s.judge.now().astimezone(ZoneInfo(game.zone)).date()


def _tell_the_gm(s: Session, game: Game, player: Player) -> None:
    """The GM's one notice of this mail: the player's absences as the mail left them."""
    zone = ZoneInfo(game.zone)
    who = f"{player.address} ({power_title(game, s.power or '')})"
    spans = [f"from {_day(a, zone)} to {_day(b - timedelta(days=1), zone)}" for a, b in player.absences]
    line = f"{who} will be away {'; '.join(spans)}." if spans else f"{who} has no absence noted any more."
    notify(game, s.judge.name, f"Absence in {game.name}", [line], to=[gm_reader(game)],
           replacing=f"absence-gm:{s.mail.message_id}:{(s.power or '').lower()}")


def _day(when: datetime, zone: ZoneInfo) -> str:
    return when.astimezone(zone).date().isoformat()
