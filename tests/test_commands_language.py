"""The command language of a mail, one line at a time: every command, every spelling, every error.

What surrounds the commands in a mail (signoff, quoting, press blocks, whole mails, fuzz) is in
test_commands_language_mail.py.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest

from judge.engine.state import Phase
from judge.paths import ROOT
from judge.reading.language import (
    ALL_PHASE_KINDS, AUDIENCE, KINDS, Command, CommandError, command_parser,
    command_words, parse_command_line, parse_mail_body,
)

ALL = ALL_PHASE_KINDS
S1901M, F1902M, W1901A = Phase("S", 1901, "M"), Phase("F", 1902, "M"), Phase("W", 1901, "A")

ACCEPTED = [
    # anyone
    ("HELP", "help", {}),
    ("PHASE Fall 1902 Movement", "phase", {"phase": F1902M}),
    ("phase winter 1901 build", "phase", {"phase": W1901A}),
    ("PHASE S1901M", "phase", {"phase": S1901M}),
    ("help", "help", {}),
    ("LIST", "list", {"game": None}),
    ("list Game1", "list", {"game": "game1"}),
    ("LIST list", "list", {"game": "list"}),  # a keyword is a name where a name is expected
    ("HISTORY game1", "history", {"game": "game1", "from_phase": None, "to_phase": None}),
    ("HISTORY game1 S1901M", "history", {"game": "game1", "from_phase": "S1901M", "to_phase": None}),
    ("history game1 s1901m f1902m", "history", {"game": "game1", "from_phase": "S1901M", "to_phase": "F1902M"}),
    ("HISTORY game1 FROM S1901M TO F1902M", "history",
     {"game": "game1", "from_phase": "S1901M", "to_phase": "F1902M"}),
    ("HISTORY game1 S1618 W1618", "history", {"game": "game1", "from_phase": "S1618", "to_phase": "W1618"}),
    ("History game1 from S1901M", "history", {"game": "game1", "from_phase": "S1901M", "to_phase": None}),
    ("HISTORY game1 S1901M TO F1902M", "history", {"game": "game1", "from_phase": "S1901M", "to_phase": "F1902M"}),
    ("HISTORY game1 TO W1901A", "history", {"game": "game1", "from_phase": None, "to_phase": "W1901A"}),
    ("SUMMARY game1", "summary", {"game": "game1"}),
    ("SUMMARY", "summary", {"game": None}),
    ("GET syntax", "get", {"file": "syntax"}),
    ("SEND ME press", "get", {"file": "press"}),
    ("VERSION 1.0", "version", {"level": "1.0"}),
    ("WHOGAME game1 FULL", "whogame", {"game": "game1", "full": True}),
    ("WHOGAME FULL", "whogame", {"game": None, "full": True}),
    ("MAP game1", "map", {"game": "game1", "option": None}),
    ("PREDICT", "preview", {}),
    ("HISTORY game1 LINES 100", "history", {"game": "game1", "from_phase": None, "to_phase": None, "lines": 100}),
    ("HISTORY game1 EXCLSTART S1903M EXCLEND F1905B BROAD", "history",
     {"game": "game1", "from_phase": None, "to_phase": None, "exclude": ((1903, 0, 0), (1905, 3, 2)), "broad": True}),
    ("PROVINCES game1", "provinces", {"game": "game1"}),
    ("provinces", "provinces", {"game": None}),
    ("OBSERVE game1 Pass.Word", "observe", {"game": "game1", "password": "Pass.Word"}),
    ("CONFIRM game1 3f9a0c21d4", "confirm", {"game": "game1", "password": "3f9a0c21d4"}),
    ("UNOBSERVE game1 Pass.Word", "unobserve", {"game": "game1", "password": "Pass.Word"}),
    ("CREATE Game-2 Standard s3cret", "create", {"game": "game-2", "variant": "standard", "password": "s3cret"}),
    # players
    ("SIGNON Fgame1 secret", "signon", {"power": "F", "game": "game1", "password": "secret"}),
    ("signon fGAME1 Secret", "signon", {"power": "f", "game": "game1", "password": "Secret"}),
    ("SIGNON France game1 secret", "signon", {"power": "France", "game": "game1", "password": "secret"}),
    ("SIGNON F game1 secret", "signon", {"power": "F", "game": "game1", "password": "secret"}),
    ("SIGNON Mgame1 secret", "signon_gm", {"game": "game1", "password": "secret", "letter": "M"}),
    ("SIGNON GM game1 secret", "signon_gm", {"game": "game1", "password": "secret"}),
    ("signon master game1 secret", "signon_gm", {"game": "game1", "password": "secret"}),
    ("SIGNON M game1 secret", "signon_gm", {"game": "game1", "password": "secret", "letter": "M"}),
    ("SIGNON ?game1 secret", "join", {"game": "game1", "password": "secret", "power": None}),
    ("JOIN game1 secret", "join", {"game": "game1", "password": "secret", "power": None}),
    ("join game1 secret as France", "join", {"game": "game1", "password": "secret", "power": "France"}),
    ("CLEAR", "clear", {}),
    ("RESIGN", "resign", {}),
    ("status", "status", {}),
    ("SET PASSWORD n3w!pw", "set_password", {"password": "n3w!pw"}),
    ("SET ADDRESS me@example.org", "set_address", {"address": "me@example.org"}),
    ("set address <Me@Example.org>", "set_address", {"address": "me@example.org"}),
    ("SET ADDRESS mailto:me@localhost", "set_address", {"address": "me@localhost"}),
    ("SET WAIT", "set_wait", {"wait": True}),
    ("SET NOWAIT", "set_wait", {"wait": False}),
    ("SET NOABSENCE", "set_noabsence", {}),
    ("SET NO ABSENCE", "set_noabsence", {}),
    ("set no wait", "set_wait", {"wait": False}),
    ("SET DRAW", "set_draw", {"draw": True}),
    ("SET DRAW AEF", "set_draw", {"draw": True, "powers": ("AEF",)}),
    ("SET VARIANT standard", "set_forming", {"setting": "VARIANT", "words": ("standard",)}),
    ("SET EMPTYBOARD", "set_forming", {"setting": "BLANKBOARD", "words": ()}),
    ("SET PREFERENCE E G F", "set_preference", {"powers": ("E", "G", "F")}),
    ("set nodraw", "set_draw", {"draw": False}),
    ("SET NO DRAW", "set_draw", {"draw": False}),
    ("SET CONCEDE England", "set_concede", {"power": "England"}),
    ("set concede spanish hapsburgs", "set_concede", {"power": "spanish hapsburgs"}),
    ("SET NOCONCEDE", "set_concede", {"power": None}),
    ("set no concede", "set_concede", {"power": None}),
    ("SET ABSENCE 2026-12-20 2027-01-03", "set_absence", {"start": date(2026, 12, 20), "end": date(2027, 1, 3)}),
    ("SET ABSENCE 2026-12-20 to 2026-12-20", "set_absence",
     {"start": date(2026, 12, 20), "end": date(2026, 12, 20)}),
    ("SET ZONE Europe/Paris", "set_zone", {"zone": "Europe/Paris"}),
    ("set zone europe/paris", "set_zone", {"zone": "Europe/Paris"}),
    ("SET TIMEZONE America/New_York", "set_zone", {"zone": "America/New_York"}),
    ("SET MAP svg", "set_map", {"format": "svg"}),
    ("set map NONE", "set_map", {"format": "none"}),
    ("SET FORMAT text", "set_format", {"format": "text"}),
    ("set format HTML", "set_format", {"format": "html"}),
    ("SET ZONE UTC", "set_zone", {"zone": "UTC"}),
    ("SET GAMEZONE america/new_york", "set_gamezone", {"zone": "America/New_York"}),
    # the game master
    ("START", "start", {}),
    ("PROCESS", "process", {"force": False}),
    ("process!", "process", {"force": True}),
    ("PREVIEW", "preview", {}),
    ("ROLLBACK", "rollback", {"phase": None}),
    ("ROLLBACK f1902m", "rollback", {"phase": F1902M}),
    ("PAUSE", "pause", {}),
    ("RESUME", "resume", {}),
    ("EJECT Germany", "eject", {"power": "Germany"}),
    ("DUMMY G", "dummy", {"power": "G"}),
    ("TERMINATE", "terminate", {}),
    ("BECOME Austria", "become", {"power": "Austria"}),
    ("SET DEADLINE 2026-11-25 18:00", "set_deadline", {"at": datetime(2026, 11, 25, 18, 0), "delay": None, "confirmed": False}),
    ("SET DEADLINE 2026-11-25 9:05", "set_deadline", {"at": datetime(2026, 11, 25, 9, 5), "delay": None, "confirmed": False}),
    ("set deadline 2026-11-25t18:30", "set_deadline", {"at": datetime(2026, 11, 25, 18, 30), "delay": None, "confirmed": False}),
    ("SET DEADLINE +2d", "set_deadline", {"at": None, "delay": timedelta(days=2), "confirmed": False}),
    ("SET DEADLINE +1d12h", "set_deadline", {"at": None, "delay": timedelta(hours=36), "confirmed": False}),
    ("SET GRACE 24h", "set_grace", {"grace": timedelta(hours=24), "confirmed": False}),
    ("SET GRACE 2d", "set_grace", {"grace": timedelta(days=2), "confirmed": False}),
    ("SET GRACE 90m", "set_grace", {"grace": timedelta(minutes=90), "confirmed": False}),
    ("SET GRACE 1W", "set_grace", {"grace": timedelta(weeks=1), "confirmed": False}),
    ("SET GRACE 0", "set_grace", {"grace": timedelta(0), "confirmed": False}),
    ("SET DEADLINE! 2026-03-16 18:00", "set_deadline",
     {"at": datetime(2026, 3, 16, 18, 0), "delay": None, "confirmed": True}),
    ("set deadline! +30m", "set_deadline", {"at": None, "delay": timedelta(minutes=30), "confirmed": True}),
    ("SET GRACE! 0", "set_grace", {"grace": timedelta(0), "confirmed": True}),
    ("SET MINDEADLINE 12h", "set_mindeadline", {"notice": timedelta(hours=12)}),
    ("SET ROUND :00", "set_round", {"round": ":00"}),
    ("set round 20", "set_round", {"round": "20:00"}),
    ("SET ROUND Off", "set_round", {"round": "off"}),
    ("SET TIMING M days=mon-fri hour=18 min=24h next=48h", "set_timing",
     {"kinds": ("M",), "days": (0, 1, 2, 3, 4), "hour": time(18), "min": timedelta(hours=24),
      "next": timedelta(hours=48)}),
    ("SET TIMING kind=R next=1d", "set_timing", {"kinds": ("R",), "next": timedelta(days=1)}),
    ("set timing adjustments hour=18:30", "set_timing", {"kinds": ("A",), "hour": time(18, 30)}),
    ("SET TIMING next=3d", "set_timing", {"kinds": ALL, "next": timedelta(days=3)}),
    ("SET TIMING all minimum=12h", "set_timing", {"kinds": ALL, "min": timedelta(hours=12)}),
    ("SET TIMING M days=sat,sun", "set_timing", {"kinds": ("M",), "days": (5, 6)}),
    ("SET TIMING M days=fri-mon,wed", "set_timing", {"kinds": ("M",), "days": (0, 2, 4, 5, 6)}),
    ("SET TIMING M days=weekdays", "set_timing", {"kinds": ("M",), "days": (0, 1, 2, 3, 4)}),
    ("SET TIMING M days=all", "set_timing", {"kinds": ("M",), "days": tuple(range(7))}),
    ("SET TIMING M days=Tuesday", "set_timing", {"kinds": ("M",), "days": (1,)}),
    ("SET NMR hold", "set_nmr", {"policy": "hold"}),
    ("set nmr DISORDER", "set_nmr", {"policy": "disorder"}),
    ("SET NMR wait", "set_nmr", {"policy": "wait"}),
    ("SET PRESS none", "set_press", {"press": "none"}),
    ("SET PRESS White", "set_press", {"press": "white"}),
    ("SET PRESS grey", "set_press", {"press": "grey"}),
    ("SET PRESS gray", "set_press", {"press": "grey"}),
    ("SET RULE", "set_rule", {"option": None, "value": None}),
    ("SET SEATS 2", "set_seats", {"seats": 2}),
    ("set takeover Open", "set_takeover", {"takeover": "open"}),
    ("set publish Yes", "set_publish", {"publish": "yes"}),
    ("SET PUBLISH off", "set_publish", {"publish": "no"}),
    ("SET PRESSFLAGS partial=no fake=may", "set_pressflags", {"flags": {"partial": "no", "fake": "may"}}),
    ("DIARY LIST", "diary", {"action": "list", "number": None}),
    ("diary read 3", "diary", {"action": "read", "number": 3}),
    ("APPROVE France", "approve", {"power": "France", "number": None}),
    ("SET FLAG MANUALPROCESS", "set_flag", {"flag": "MANUALPROCESS", "words": []}),
    ("approve Spanish Hapsburgs 12", "approve", {"power": "Spanish Hapsburgs", "number": 12}),
    ("set rules Three_Centre_Count", "set_rule", {"option": "three_centre_count", "value": None}),
    ("SET RULE ballot_minimum Net", "set_rule", {"option": "ballot_minimum", "value": "Net"}),
    ("RULES", "rules", {"game": None}),
    ("rules Game1", "rules", {"game": "game1"}),
    ("GM BALLOT Wallenstein,  Catholic League, Lyon", "gm_action",
     {"action": "BALLOT", "words": "Wallenstein, Catholic League, Lyon"}),
    ("gm letter w a boh", "gm_action", {"action": "LETTER", "words": "w a boh"}),
    ("GM ABANDON", "gm_action", {"action": "ABANDON", "words": ""}),
]


@pytest.mark.parametrize(("line", "kind", "args"), ACCEPTED)
def test_every_command_in_every_spelling(line: str, kind: str, args: dict) -> None:
    mail = parse_mail_body(f"  {line}  ")
    assert mail.errors == []
    assert mail.commands == [Command(kind, args, 1, f"  {line}  ")]
    secret = mail.commands[0].secret
    assert (secret and mail.commands[0].text[secret[0]:secret[1]]) == args.get("password", None)


PRESS_HEADERS = [
    ("PRESS TO France", "press", {"to": ("France",), "grey": False}),
    ("press to France, England", "press", {"to": ("France", "England"), "grey": False}),
    ("PRESS TO France,England ,Italy", "press", {"to": ("France", "England", "Italy"), "grey": False}),
    ("PRESS TO F E", "press", {"to": ("F", "E"), "grey": False}),
    ("PRESS TO France and England", "press", {"to": ("France", "England"), "grey": False}),
    ("PRESS TO France, France", "press", {"to": ("France",), "grey": False}),
    ("PRESS TO GM", "press", {"to": ("G", "M"), "grey": False}),      # njudge: Germany and the Master
    ("PRESS TO Master, m", "press", {"to": ("GM", "m"), "grey": False}),
    ("PRESS GREY TO Turkey", "press", {"to": ("Turkey",), "grey": True}),
    ("PRESS TO Turkey gray", "press", {"to": ("Turkey",), "grey": True}),
    ("PRESS TO ALL BUT G", "press", {"to": ("G",), "all_but": True, "grey": False}),
    ("BROADCAST", "broadcast", {"grey": False}),
    ("broadcast grey", "broadcast", {"grey": True}),
    # njudge's fake press, postal press and diary entry (judge/reading/njpress.py)
    ("PRESS TO ALL BUT G FAKE BROADCAST", "press", {"to": ("G",), "all_but": True, "grey": False,
                                                   "fake": {"broadcast": True}}),
    ("PRESS TO FRG FAKE", "press", {"to": ("FRG",), "grey": False, "fake": {"broadcast": True}}),
    ("PRESS FAKE TO FRG", "broadcast", {"grey": False, "fake": {"broadcast": False, "to": ("FRG",), "all_but": False}}),
    ("PRESS GREY FAKE BROADCAST TO E", "press", {"to": ("E",), "grey": True, "fake": {"broadcast": True}}),
    ("PRESS TO E NOFAKE", "press", {"to": ("E",), "grey": False,
                                   "fake": {"broadcast": False, "to": ("E",), "all_but": False}}),
    ("BROADCAST NO FAKE", "broadcast", {"grey": False}),
    ("POSTAL PRESS", "postal", {}),
    ("POSTALPRESS", "postal", {}),
    ("DIARY", "diary", {"action": "record", "number": None}),
]


@pytest.mark.parametrize(("header", "kind", "args"), PRESS_HEADERS)
def test_press_headers(header: str, kind: str, args: dict) -> None:
    mail = parse_mail_body(f"{header}\nHello.\nENDPRESS")
    assert mail.errors == []
    assert mail.commands == [Command(kind, {**args, "body": "Hello."}, 1, header)]


REJECTED = [
    # (line, column, message)
    ("HELP me now", 9, "unexpected 'now': write HELP [file]"),
    ("PROCESS !", 9, "PROCESS takes nothing more, not '!'"),
    ("SET WAIT now", 10, "SET WAIT takes nothing more, not 'now'"),
    ("LIST a b", 8, "unexpected 'b': write LIST [game]"),
    ("OBSERVE game1", 15, "OBSERVE needs a game name and a password"),
    ("CREATE game1 standard", 23,
     "CREATE needs a game name, a variant and a password, as in CREATE game1 standard secret"),
    ("HISTORY", 9, ("HISTORY needs a game name, then if you like the phases, as in "
     "HISTORY game1 FROM S1901M TO F1902M")),
    ("HISTORY game1 Spring F1902M", 15, "'Spring' is not a phase: write it like S1618M, F1618R or W1618A, or a "
     "season and its year (S1618: all of that season), or a date (njudge's Jan 1 1990, Mar 30 23:30)"),
    ("SIGNON", 8, ("SIGNON needs a power and a game, then the password, as in SIGNON Fgame1 secret "
     "or SIGNON France game1 secret")),
    ("SIGNON F secret", 8, "SIGNON needs the power letter and the game name together, as in SIGNON Fgame1 secret"),
    ("SIGNON 1game secret", 8, "'1' is not a power: write its name or its letter"),
    ("SIGNON Fga#me secret", 9, "'ga#me' is not a game name: use letters, digits, '-' and '_' (at most 32)"),
    ("SIGNON France g# secret", 15, "'g#' is not a game name: use letters, digits, '-' and '_' (at most 32)"),
    ("SIGNON F game1 secret more", 23,
     "unexpected 'more': write SIGNON <power letter><game> password"),
    ("JOIN game1 secret as", 22, ("JOIN needs a game name and a password, then if you like AS and a power, "
     "as in JOIN game1 secret AS France")),
    ("CREATE g1 std+ pw", 11, "'std+' is not a variant name: use letters, digits, '-' and '_' (at most 32)"),
    ("EJECT 12", 7, "'12' is not a power: write its name or its letter"),
    ("DUMMY", 7, "DUMMY needs a power"),
    ("BECOME", 8, "BECOME needs a power"),
    ("ROLLBACK spring", 10, "'spring' is not a phase: write it like S1901M, F1901R or W1901A"),
    ("SET", 5, ("SET needs an option: PASSWORD, ADDRESS, WAIT, NOWAIT, ABSENCE, NOABSENCE, ZONE, MAP, FORMAT, DRAW, NODRAW, "
     "CONCEDE, NOCONCEDE, GAMEZONE, DEADLINE, MINDEADLINE, ROUND, GRACE, TIMING, NMR, PRESS, RULE, SEATS, TAKEOVER or "
     "PUBLISH")),
    ("SET COLOUR red", 5, ("unknown SET option 'COLOUR': SET takes PASSWORD, ADDRESS, WAIT, NOWAIT, "
     "ABSENCE, NOABSENCE, ZONE, MAP, FORMAT, DRAW, NODRAW, CONCEDE, NOCONCEDE, GAMEZONE, DEADLINE, MINDEADLINE, ROUND, GRACE, "
     "TIMING, NMR, PRESS, "
     "RULE, SEATS, TAKEOVER or PUBLISH")),
    ("SET ZONEX Europe/Paris", 5, ("unknown SET option 'ZONEX': SET takes PASSWORD, ADDRESS, WAIT, NOWAIT, "
     "ABSENCE, NOABSENCE, ZONE, MAP, FORMAT, DRAW, NODRAW, CONCEDE, NOCONCEDE, GAMEZONE, DEADLINE, MINDEADLINE, ROUND, GRACE, "
     "TIMING, NMR, PRESS, RULE, SEATS, TAKEOVER or PUBLISH — did you mean SET ZONE?")),
    ("SET NO", 8, "SET NO needs WAIT, DRAW, CONCEDE or ABSENCE (SET NO WAIT is SET NOWAIT)"),
    ("SET NODRAW please", 12, "SET NODRAW takes nothing more, not 'please'"),
    ("SET NO DRAW at all", 13, "SET NODRAW takes nothing more, not 'at'"),
    ("SET NO CONCEDE France", 16, "SET NOCONCEDE takes nothing more, not 'France'"),
    ("SET CONCEDE", 13, "SET CONCEDE needs the power you concede the game to, as in SET CONCEDE England"),
    ("SET CONCEDE 7", 13, "'7' is not a power: write its name or its letter"),
    ("SET CONCEDE a b c d e", 13, "'a b c d e' is not a power: a power's name has at most 4 words"),
    ("SET NOCONCEDE England", 15, "SET NOCONCEDE takes nothing more, not 'England'"),
    ("SET SEATS 0", 11, "SET SEATS takes a number from 1 to 40, not '0'"),
    ("SET SEATS ²", 11, "SET SEATS takes a number from 1 to 40, not '²'"),
    ("SET TAKEOVER maybe", 14, "SET TAKEOVER takes approve or open, not 'maybe'"),
    ("SET RULE a b c", 14, "unexpected 'c': write SET RULE [option [value]]"),
    ("GM", 4, "GM needs a decision of the variant's rules, as in GM BALLOT Wallenstein, Catholic League"),
    ("RULES g1 g2", 10, "unexpected 'g2': write RULES [game]"),
    ("SET PASSWORD", 14, "SET PASSWORD needs the new password"),
    ("SET ADDRESS someone", 13, "'someone' is not a mail address"),
    ("SET ZONE", 10, "SET ZONE needs a time zone such as Europe/Paris"),
    ("SET GAMEZONE", 14, "SET GAMEZONE needs a time zone such as Europe/Paris"),
    ("SET ZONE Mars/Olympus", 10,
     "unknown time zone 'Mars/Olympus': write one such as Europe/Paris or America/New_York"),
    ("SET ZONE ../../etc/passwd", 10,
     "unknown time zone '../../etc/passwd': write one such as Europe/Paris or America/New_York"),
    ("SET ABSENCE 2026-12-20", 24,
     "SET ABSENCE needs the first and the last day, as in SET ABSENCE 2026-12-20 2027-01-03"),
    ("SET ABSENCE 2026-12-20 2026-12-01", 24, "the absence ends before it starts"),
    ("SET ABSENCE 2026-02-30 2026-03-01", 13, "'2026-02-30' is not a date: write YYYY-MM-DD, such as 2026-12-20"),
    ("SET DEADLINE", 14, "SET DEADLINE needs a date and a time such as 2026-11-25 18:00, or a delay such as +2d"),
    ("SET DEADLINE 2026-11-25", 25, "SET DEADLINE needs a time after the date, such as 18:00"),
    ("SET DEADLINE 2026-11-25 25:00", 25, "'25:00' is not a time of day: write HH:MM, such as 18:00"),
    ("SET DEADLINE tomorrow 18:00", 14, "'tomorrow' is not a date: write YYYY-MM-DD, such as 2026-12-20"),
    ("SET DEADLINE +2d 18:00", 18, "a delay such as +2d stands alone, not with '18:00'"),
    ("SET DEADLINE 2026-11-25T18:00 19:00", 31, "unexpected '19:00' after the date and time"),
    ("SET DEADLINE 2026-11-25T", 26, "SET DEADLINE needs a time after the date, such as 18:00"),
    ("SET DEADLINE +soon", 15, "'soon' is not a duration: write it like 24h, 2d, 90m or 1d12h"),
    ("SET GRACE 24", 11, "'24' is not a duration: write it like 24h, 2d, 90m or 1d12h"),
    ("SET ROUND 25:00", 11, "SET ROUND takes :MM (a minute of every hour, such as :00), HH:MM (a time of day, such as "
     "20:00) or off, not '25:00'"),
    ("SET MINDEADLINE soon", 17, "'soon' is not a duration: write it like 24h, 2d, 90m or 1d12h"),
    ("SET GRACE", 11, "SET GRACE needs a duration such as 24h or 2d"),
    ("SET TIMING", 12, "SET TIMING needs settings such as M days=mon-fri hour=18:00 min=24h next=48h"),
    ("SET TIMING M", 14, "SET TIMING needs at least one of days=, hour=, min=, next=, grace= or delay="),
    ("SET TIMING Q next=2d", 12, "'Q' is not a phase kind: use M, R, A or all"),
    ("SET TIMING kind=X next=2d", 17, "'X' is not a phase kind: use M, R, A or all"),
    ("SET TIMING next", 12, "SET TIMING settings are written key=value, such as next=48h, not 'next'"),
    ("SET TIMING M colour=red", 14, "unknown SET TIMING setting 'colour': use kind, days, hour, min, next, grace or delay"),
    ("SET TIMING M next=1d next=2d", 22, "SET TIMING: 'next' is given twice"),
    ("SET TIMING M days=", 19, "SET TIMING: 'days=' needs a value"),
    ("SET TIMING M days=funday", 19,
     "'funday' is not a list of days: write it like mon-fri, sat,sun, weekdays or all"),
    ("SET TIMING M hour=25", 19, "'25' is not a time of day: write HH:MM, such as 18:00"),
    ("SET TIMING M min=forever", 18, "'forever' is not a duration: write it like 24h, 2d, 90m or 1d12h"),
    ("SET NMR skip", 9, "SET NMR takes hold, disorder or wait, not 'skip'"),
    ("SET MAP gif", 9, "SET MAP takes png, svg or none, not 'gif'"),
    ("SET PRESS black", 11, "SET PRESS takes none, white or grey, not 'black'"),
    ("   SET ZONE", 13, "SET ZONE needs a time zone such as Europe/Paris"),
]


@pytest.mark.parametrize(("line", "column", "message"), REJECTED)
def test_every_error_names_line_column_and_what_was_expected(line: str, column: int, message: str) -> None:
    mail = parse_mail_body(f"SIGNON Fgame1 secret\n\n{line}\nA PAR - BUR")
    assert mail.errors == [CommandError(3, column, message, line)]
    assert [c.kind for c in mail.commands] == ["signon", "order"]
    assert str(mail.errors[0]) == f"line 3, column {column}: {message}"


def test_the_example_of_the_brief() -> None:
    mail = parse_mail_body("SIGNON Fgame1 secret\nA PAR - BUR\nA MAR - SPA\nSET ZONE")
    assert [str(e) for e in mail.errors] == ["line 4, column 10: SET ZONE needs a time zone such as Europe/Paris"]


@pytest.mark.parametrize(("header", "column", "message"), [
    ("PRESS France", 7, "PRESS needs TO and the powers it goes to, as in PRESS TO France, England, not 'France'"),
    ("PRESS TO", 10, "PRESS needs TO and the powers it goes to, as in PRESS TO France, England"),
    ("PRESS TO ,", 10, "PRESS needs the powers it goes to, as in PRESS TO France, England"),
    ("PRESS TO France,2", 17, "'2' is not a power: write its name or its letter"),
    ("BROADCAST loudly", 11, "unexpected 'loudly': write BROADCAST [GREY]"),
])
def test_a_bad_press_header_is_an_error_and_its_block_is_skipped(header: str, column: int, message: str) -> None:
    mail = parse_mail_body(f"{header}\nA PAR - BUR is what I will do\nENDPRESS\nF BRE - MAO")
    assert mail.errors == [CommandError(1, column, message, header)]
    assert mail.commands == [Command("order", {}, 4, "F BRE - MAO")]


# -- the grammar and the tables ----------------------------------------------------------

def test_the_command_words_come_from_the_grammar() -> None:
    assert command_words() == {
        "help", "list", "history", "summary", "observe", "confirm", "unobserve", "create", "signon", "join", "clear",
        "press", "broadcast", "resign", "status", "set", "start", "process", "process!", "preview", "rollback",
        "pause", "resume", "eject", "dummy", "terminate", "become", "rules", "gm", "approve", "provinces", "phase",
        "predict", "version", "whogame", "map", "diary", "postalpress"}
    assert command_parser() is command_parser()


def test_every_kind_has_an_audience_and_every_parsed_kind_is_listed() -> None:
    parsed = {kind for _line, kind, _args in ACCEPTED + PRESS_HEADERS} | {"order"}
    assert parsed == KINDS
    assert set(AUDIENCE.values()) == {"anyone", "player", "gm"}


def test_the_reference_documents_every_command() -> None:
    doc = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8").upper()
    words = {w.upper() for w in command_words()} | {
        f"SET {o}" for o in ("PASSWORD", "ADDRESS", "WAIT", "NOWAIT", "ABSENCE", "ZONE", "GAMEZONE", "DEADLINE",
                             "GRACE", "TIMING", "NMR", "PRESS", "RULE", "SEATS", "TAKEOVER", "PUBLISH", "DRAW",
                             "NODRAW", "CONCEDE", "NOCONCEDE", "MINDEADLINE", "ROUND", "DEADLINE!", "GRACE!")} | {
        "ENDPRESS", "SIGNOFF"}
    assert {w for w in words if f"`{w}" not in doc} == set()


def test_parse_command_line_never_raises_on_a_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.reading import language

    def broken(_self: object, _children: list) -> None:
        raise KeyError("bug")
    monkeypatch.setattr(language.CommandBuilder, "summary", broken)
    language.command_parser.cache_clear()
    try:
        error = parse_command_line("  SUMMARY game1", 7)
    finally:
        monkeypatch.undo()
        language.command_parser.cache_clear()
    assert error == CommandError(7, 3, "cannot read this command (KeyError)", "  SUMMARY game1")
    assert parse_command_line("SUMMARY game1").kind == "summary"  # type: ignore[union-attr]
