"""njudge's own forms: read as njudge reads them, or refused whole, naming what this judge has instead.

Players come from njudge, whose help files (``syntax``, ``press``, ``index``,
``deadlines``, ``master``) define a language close to this judge's.  A form
this judge has under another spelling is rewritten to it (``WATCH`` is
``OBSERVE``, ``SET MOVE NEXT 48`` is ``SET TIMING M next=48h``); a construct it
does not have is refused whole, with every line it spans left unread, so that
no line of a diary, a conditional or a registration form is ever taken for an
order (``IF … ENDIF``, ``DIARY``, ``POSTALPRESS``, ``REGISTER … END``); a
command it does not have is refused with the judge's nearest feature named.

Pure text: no map, no game, no clock.  ``docs/commands.md`` has the table of
njudge's commands and what this judge does with each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judge.reading.njpress import fake_header, press_set
from judge.reading.njudge_dates import MONTHS, WEEKDAYS, join_date_words
from judge.reading.njudge_info import file_line, history_line
from judge.reading.njudge_rules import rule_flag

__all__ = ["Phased", "Reading", "njudge_line", "press_header", "split_orders"]


@dataclass(frozen=True)
class Reading:
    """What to do with a line that is an njudge form.

    ``skip`` lines (the line itself and those after it, of a construct refused whole) are not read;
    ``refusal`` is the reason the line is refused; ``rewrite`` is this judge's command to read instead;
    ``stop`` ends the mail (njudge's ``SIGN OFF``).
    """

    skip: int = 1
    refusal: str = ""
    rewrite: str = ""
    stop: bool = False


_SIGN_OFF_RE = re.compile(r"\s*sign[ -]off[.!]?\s*$", re.IGNORECASE)
_BLOCK_END_RE = re.compile(r"\s*(end\s*(press|broadcast|diary)|signoff|sign off)[.!]?\s*$", re.IGNORECASE)
_IF_RE = re.compile(r"\s*if\b", re.IGNORECASE)
_ENDIF_RE = re.compile(r"\s*end\s*if[.!]?\s*$", re.IGNORECASE)
_ELSE_RE = re.compile(r"\s*else\b", re.IGNORECASE)
_END_RE = re.compile(r"\s*end[.!]?\s*$", re.IGNORECASE)
_SIGNOFF_LINE_RE = re.compile(r"\s*sign[ -]?off[.!]?\s*$", re.IGNORECASE)

#: commands that njudge has and this judge has not, with what the judge offers instead
_UNSUPPORTED: dict[str, str] = {
    "WHOIS": "the judge keeps no register of players and never shows their addresses, which stay secret (njudge's WHOIS): LIST game names a game's powers",
    "WHO": "the judge keeps no register of players and never shows their addresses, which stay secret (njudge's WHO): LIST game names a game's powers",
    "IAMALSO": "the judge keeps no register of players' addresses, which stay secret (njudge's IAMALSO): sign on, then SET ADDRESS address",
    "PROMOTE": 'the judge has no PROMOTE: one GM per game, no co-masters',
    "FIXID": "an njudge administrator's command: the judge has no such thing",
    "ADJUST": "an njudge administrator's command: the judge has no dedication ratings",
    "NOCONTROL": "an njudge administrator's command: the judge has no such thing",
    "PREFERENCE": "the judge assigns no powers by preference: JOIN game password AS power asks for one",
}

#: njudge's SET options this judge has under another form: option words -> the judge's line
_SET_SAME: dict[str, str] = {
    "NMR": "SET NMR hold", "CD": "SET NMR hold", "NONMR": "SET NMR wait", "NO NMR": "SET NMR wait",
    "NOCD": "SET NMR wait", "NO CD": "SET NMR wait",
    "NOPRESS": "SET PRESS none", "NO PRESS": "SET PRESS none", "NONE": "SET PRESS none",
"WHITE": "SET PRESS white", "WHITE PRESS": "SET PRESS white",
    "GREY": "SET PRESS grey", "GREY PRESS": "SET PRESS grey", "GRAY": "SET PRESS grey",
    "NO GREY": "SET PRESS white", "NO GREY PRESS": "SET PRESS white", "NO WHITE": "SET PRESS grey",
    "NO WHITE PRESS": "SET PRESS grey",
    "HOLIDAY": "SET ABSENCE", "HOLIDAYS": "SET ABSENCE", "VACATION": "SET ABSENCE", "VACATIONS": "SET ABSENCE",
    "NOHOLIDAY": "SET NOABSENCE", "NOHOLIDAYS": "SET NOABSENCE", "NOVACATION": "SET NOABSENCE",
    "NOVACATIONS": "SET NOABSENCE", "WHITE/GREY": "SET PRESS grey", "GREY/WHITE": "SET PRESS grey",
}
#: njudge's SET options this judge has not: the option's first word -> what the judge does instead
_SET_MISSING: dict[str, str] = {
    "CENTERS": 'write SET CENTERS number (SET RULE victory_centers)',
    "CENTRES": 'write SET CENTRES number (SET RULE victory_centers)',
    "NORMAL": "disbands follow the standard rule (njudge's NORMAL DISBAND)",
    "ANYDISBAND": "removals only when units outnumber centres (njudge's own index marks ANYDISBAND '+', not yet implemented)",
    "BLANKPRESS": 'empty press is refused',
    "NOBLANKPRESS": 'empty press is refused',
    "TRANSFORM": 'no variant here has transformations (army to fleet and back), so units never transform',
    "TRAFO": 'no variant here has transformations, so units never transform',
    "NOTRANSFORM": 'no variant here has transformations: units never transform (as SET NOTRANSFORM asks)',
    "NOTRAFO": 'no variant here has transformations: units never transform',
    "MACH": 'Machiavelli is not played here',
    "MACHIAVELLI": 'Machiavelli is not played here',
}
_TIMING_KINDS = {"MOVE": "M", "MOVES": "M", "MOVEMENT": "M", "RETREAT": "R", "RETREATS": "R", "ADJUST": "A",
                 "ADJUSTMENT": "A", "ADJUSTMENTS": "A", "BUILD": "A", "BUILDS": "A"}
_HOURS_RE = re.compile(r"\d{1,4}(\.\d+)?")


def njudge_line(lines: list[str], index: int) -> Reading | None:
    """The njudge form that line ``index`` (0-based) is, or None if it is none of them."""
    raw = lines[index]
    words = raw.upper().replace(",", " ").split()
    if not words:
        return None
    if _SIGN_OFF_RE.match(raw):
        return Reading(stop=True)
    first = words[0]
    if _IF_RE.match(raw):
        skip = _if_block(lines, index)
        return Reading(skip, f"conditional orders (IF … ENDIF) are kept only for a later phase, below a PHASE "
                             f"line (as in njudge): nothing up to "
                             f"{'its ENDIF' if skip and _ENDIF_RE.match(lines[index + skip - 1]) else 'the end'} "
                             f"was read ({skip} lines); write plain orders for this phase")
    if _ELSE_RE.match(raw) or _ENDIF_RE.match(raw):
        return Reading(refusal=f"{first} without IF: conditional orders are not supported here; not read")
    block = press_header(raw) if first in ("DIARY", "POSTAL") else None   # njudge's DIARY, POSTAL PRESS
    if block is not None:
        return block
    if words[:3] == ["SET", "COMMENT", "BEGIN"]:   # the full comment: every line up to SIGNOFF, none an order
        skip = _until(lines, index, _SIGNOFF_LINE_RE)
        text = [line.strip() for line in lines[index + 1:index + skip] if not _SIGNOFF_LINE_RE.match(line)]
        return Reading(skip, rewrite=" ".join(["SET FLAG COMMENTFULL", *(f"{t} //" for t in text if t)]).rstrip("/ "),
                       stop=_ends_mail(lines, index, skip))
    if first == "REGISTER":
        skip = _until(lines, index, _END_RE)
        return Reading(skip, f"the judge keeps no register of players, whose addresses stay secret (njudge's "
                             f"REGISTER): the form ({skip} lines, up to END) was not read; JOIN game password AS "
                             "power to play")
    return _command(raw, words)


def _command(raw: str, words: list[str]) -> Reading | None:
    first = words[0]
    rest = raw.split(None, 1)[1] if len(raw.split(None, 1)) > 1 else ""   # "" where commas join the words
    if first == "WATCH" and len(words) == 3:
        return Reading(rewrite=f"OBSERVE {rest}") if rest else None
    if first == "WITHDRAW" and len(words) == 1:
        return Reading(rewrite="RESIGN")
    if first in ("GET", "SEND"):   # njudge's GET names one file: "Get Outlook for iOS" is prose
        return Reading(rewrite=file_line(raw.split())) if file_line(raw.split()) else None
    if first in _UNSUPPORTED:
        return Reading(refusal=_UNSUPPORTED[first])
    if first == "RESIGN" and len(words) > 1:   # njudge's master resigns a power: this judge's EJECT
        return Reading(rewrite=" ".join(["EJECT", *raw.replace(",", " ").split()[1:]]))
    if first == "HISTORY" and history_line(raw) != raw:
        return Reading(rewrite=history_line(raw))
    if first == "BECOME" and words[1:] == ["MASTER"]:
        return Reading(refusal="the judge makes no player the GM (njudge's BECOME MASTER): a game's GM is "
                               "whoever CREATEd it")
    dated = _dated(raw.split())
    if dated:
        return Reading(rewrite=dated)
    flags = press_set(rest) if first == "SET" and rest else ""
    if flags:
        return Reading(rewrite=flags)
    if first == "SET" and len(raw.split()) > 2 and raw.split()[1].endswith(","):
        return Reading(refusal="one SET option a line here (njudge's SET a, b): write each on its own line; "
                               "nothing was changed")
    if first == "SET" and len(words) > 1:
        return (_master(raw.split()[1:]) if rest else None) or _set(words[1:])
    return None


#: njudge's master settings judge/commands/masterflags.py takes, as SET FLAG word [value]
_MASTER_WORDS = frozenset((
    "MANUALPROCESS", "NOMANUALPROCESS", "AUTOPROCESS", "AUTOPROC", "AUTOSTART", "MANUALSTART", "NOMANUALSTART",
    "STRICTGRACE", "NOSTRICTGRACE", "STRICTWAIT", "NOSTRICTWAIT", "LATECOUNT", "NOLATECOUNT", "LIST", "NOLIST",
    "PUBLIC", "PRIVATE", "QUIET", "NOQUIET", "REVEAL", "NOREVEAL", "SHOW", "NOSHOW", "RESUME", "NORESUME",
    "MODERATE", "UNMODERATE", "MODERATED", "UNMODERATED", "RATED", "UNRATED", "DEDICATION", "ACCESS", "LEVEL",
    "COMMENT", "MAXABSENCE", "BN", "BNC", "MN", "MNC", "EP"))


def _master(option: list[str]) -> Reading | None:
    """njudge's master settings as ``SET FLAG word [value]`` (``SET NO QUIET`` is ``NOQUIET``); ``SET GRACE`` and
    ``SET START`` with njudge's date (``SET GRACE Apr 2``), its words joined."""
    head = option[0].upper().removesuffix("D") if option[0].upper() in ("MODERATED", "UNMODERATED") \
        else option[0].upper()
    if head == "NO" and len(option) > 1 and f"NO{option[1].upper()}" in _MASTER_WORDS:
        head, option = f"NO{option[1].upper()}", option[1:]
    if head in _MASTER_WORDS:
        return Reading(rewrite=" ".join(["SET FLAG", head, *option[1:]]))
    if head == "START" or (head == "GRACE" and len(option) > 1):   # a date names a month or a day of the week
        joined = join_date_words(option[1:])
        named = any(word[:3].lower() in MONTHS + WEEKDAYS for word in option[1:])
        if (joined and named) or head == "START":
            return Reading(rewrite=" ".join(["SET FLAG", head, *(joined or option[1:])]))
    return None


_ABSENCE_WORDS = ("ABSENCE", "HOLIDAY", "HOLIDAYS", "VACATION", "VACATIONS")


def _dated(words: list[str]) -> str:
    """SET DEADLINE and SET ABSENCE with njudge's dates, each date's words joined into one (``Mar-30``); ""
    if the line has none."""
    upper = [w.upper() for w in words]
    if len(words) < 3 or upper[0] != "SET" or upper[1] not in ("DEADLINE", "DEADLINE!", *_ABSENCE_WORDS):
        return ""
    if upper[1].startswith("DEADLINE"):
        joined = join_date_words(words[2:])
        return " ".join([*words[:2], *joined]) if joined else ""
    cut = upper.index("TO") if "TO" in upper[2:] else len(words)
    first, last = join_date_words(words[2:cut]), join_date_words(words[cut + 1:]) if cut < len(words) else None
    if first is None or len(first) != 1 or (cut < len(words) and (last is None or len(last) != 1)):
        return ""
    return f"SET ABSENCE {first[0]} TO {(last or first)[0]}"


def _set(option: list[str]) -> Reading | None:
    """njudge's SET options: the same under another form, the timing, or none here."""
    text = " ".join(option)
    if rule := rule_flag(option):
        return Reading(rewrite=rule)
    if option[0] in _TIMING_KINDS:
        return _timing(option)
    if text in _SET_SAME:
        return Reading(rewrite=_SET_SAME[text])
    head = option[0]
    for word, same in _SET_SAME.items():  # SET HOLIDAY date TO date is SET ABSENCE
        if same.endswith("ABSENCE") and head == word:
            return Reading(rewrite=f"{same} {' '.join(option[1:])}".strip())
    if head in _SET_MISSING or (head == "NO" and len(option) > 1 and option[1] in _SET_MISSING):
        missing = _SET_MISSING.get(head) or _SET_MISSING[option[1]]
        return Reading(refusal=f"the judge has no SET {text.split()[0] if head != 'NO' else 'NO ' + option[1]} "
                               f"(an njudge setting): {missing}")
    return None


def _timing(option: list[str]) -> Reading:
    """``SET MOVE|RETREAT|ADJUST NEXT|MIN|CLOCK|DAYS|GRACE|DELAY value …`` as ``SET TIMING kind key=value …``."""
    kind, parts, rest = _TIMING_KINDS[option[0]], [], option[1:]
    keys = {"NEXT": "next", "MIN": "min", "CLOCK": "hour", "DAYS": "days", "GRACE": "grace", "DELAY": "delay"}
    while rest:
        key, value, rest = rest[0], (rest[1] if len(rest) > 1 else ""), rest[2:]
        if key not in keys or not value:
            return Reading(refusal=f"SET {option[0]} is njudge's: write SET TIMING {kind} key=value (next=48h, "
                                   "min=24h, hour=18:00, days=mon-fri, grace=72h, delay=30m); nothing was changed")
        parts.append(f"{keys[key]}={_timing_value(key, value)}")
    if not parts:
        return Reading(refusal=f"SET {option[0]} is njudge's: write SET TIMING {kind} key=value (next=48h, "
                               "min=24h, hour=18:00, days=mon-fri, grace=72h, delay=30m)")
    return Reading(rewrite=f"SET TIMING {kind} {' '.join(parts)}")


def _timing_value(key: str, value: str) -> str:
    """njudge's hours (``48.0``, ``1.5``) as minutes; a clock ``-1`` or ``2330`` as a time of day."""
    if key in ("NEXT", "MIN", "GRACE", "DELAY") and _HOURS_RE.fullmatch(value):
        return f"{round(float(value) * 60)}m"
    if key == "CLOCK" and value.isdecimal() and int(value) < 24 * 60:   # minutes past midnight: 1410 is 23:30
        return f"{int(value) // 60:02d}:{int(value) % 60:02d}"
    if key == "DAYS" and len(value) == 7:   # njudge's SMTWTFS, a dash for a day without deadlines
        names = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")
        return ",".join(name for name, letter in zip(names, value) if letter != "-") or value.lower()
    return value.lower()


def _ends_mail(lines: list[str], index: int, skip: int) -> bool:
    """Whether a block refused whole ended at a SIGNOFF line, which ends the mail too."""
    last = lines[index + skip - 1] if skip > 1 else ""
    return bool(re.match(r"\s*sign[ -]?off[.!]?\s*$", last, re.IGNORECASE))


def _until(lines: list[str], index: int, end: re.Pattern[str]) -> int:
    """How many lines from ``index`` a block takes, its ending line included (to the mail's end without one)."""
    for i in range(index + 1, len(lines)):
        if end.match(lines[i]):
            return i - index + 1
    return len(lines) - index


def _if_block(lines: list[str], index: int) -> int:
    """How many lines an IF takes, up to its ENDIF (nested IFs counted), or to the mail's end."""
    depth = 0
    for i in range(index, len(lines)):
        if _IF_RE.match(lines[i]):
            depth += 1
        elif _ENDIF_RE.match(lines[i]):
            depth -= 1
            if depth == 0:
                return i - index + 1
    return len(lines) - index


_SEPARATOR_RE = re.compile(r"\s*[,;]\s*")


def split_orders(raw: str) -> list[str]:
    """njudge's several orders on one line, separated by commas or semicolons (empty pieces dropped)."""
    return [piece for piece in _SEPARATOR_RE.split(raw) if piece.strip()]


_PRESS_SAME = {"ANONYMOUS": "GREY", "ANONYMOUSLY": "GREY", "WHITE": "", "UNANONYMOUS": "", "UNANONYMOUSLY": ""}


def press_header(header: str) -> Reading | None:
    """njudge's PRESS and BROADCAST options as this judge's header: ``+EG`` is ``TO EG``, ``-G`` is ``TO ALL BUT
    G``, ``ANONYMOUS`` is ``GREY``, ``BROADCAST TO G`` is ``PRESS TO G``, ``FAKE`` in njudge's order in this
    judge's (judge/reading/njpress.py); ``DIARY`` is ``DIARY RECORD``, ``POSTAL PRESS`` is ``POSTALPRESS``."""
    words = header.split()
    upper = [w.upper() for w in words]
    if upper[:2] == ["POSTAL", "PRESS"] and len(upper) == 2 or upper == ["DIARY"]:
        return Reading(rewrite="POSTALPRESS" if upper[0] == "POSTAL" else "DIARY RECORD")
    if upper[0] not in ("PRESS", "BROADCAST"):
        return None
    faked = fake_header(words)
    words = faked.split() if faked else words
    upper = [w.upper() for w in words]
    out: list[str] = [words[0]]
    for word, up in zip(words[1:], upper[1:]):
        if up in _PRESS_SAME:
            out.extend([_PRESS_SAME[up]] if _PRESS_SAME[up] else [])
        elif word[:1] in "+-" and len(word) > 1 and "TO" not in out:
            out.extend(["TO", word[1:]] if word[0] == "+" else ["TO", "ALL", "BUT", word[1:]])
        else:
            out.append(word)
    if upper[0] == "BROADCAST" and "TO" in out[:out.index("FAKE") if "FAKE" in out else len(out)]:
        out[0] = "PRESS"
    if out[1:3] == ["TO", "ALL"] and len(out) == 3:
        out = ["BROADCAST"]
    rewritten = " ".join(out)
    return None if rewritten == header.strip() else Reading(rewrite=rewritten)


_ELSE_IF_RE = re.compile(r"\s*else\s+if\b", re.IGNORECASE)


@dataclass
class Phased:
    """njudge's PHASE line the orders below it are for, and the IF … ELSE … ENDIF branches they stand in
    (conditions are allowed only there: njudge's ``syntax``); the end of the mail closes every IF."""

    phase: Any = None
    line: int = 0
    levels: list[tuple[list[str], str | None]] = field(default_factory=list)

    def start(self, phase: Any, line: int) -> None:
        self.phase, self.line, self.levels = phase, line, []

    def control(self, raw: str) -> str | None:
        """Take an IF, ELSE IF, ELSE or ENDIF line: "" if taken, why not if refused, None if it is none."""
        if _ELSE_IF_RE.match(raw) or (_ELSE_RE.match(raw) and not _ENDIF_RE.match(raw)):
            if not self.levels or self.levels[-1][1] is None:
                return "ELSE without IF before it (or after its ELSE)"
            earlier, current = self.levels[-1]
            condition = _condition(raw.split(None, 2)[2] if _ELSE_IF_RE.match(raw) else "")
            self.levels[-1] = ([*earlier, current], condition or None)
            return "" if condition or not _ELSE_IF_RE.match(raw) else "ELSE IF needs a condition"
        if _ENDIF_RE.match(raw):
            if not self.levels:
                return "ENDIF without IF before it"
            self.levels.pop()
            return ""
        if _IF_RE.match(raw):
            condition = _condition(raw.strip()[2:])
            self.levels.append(([], condition or "NOT ANY"))
            return "" if condition else "IF needs a condition, as in IF NOT French Army Ruhr"
        return None

    def args(self) -> dict[str, Any]:
        """An order's arguments: its phase and, inside IFs, each condition with the value it needs."""
        if self.phase is None:
            return {}
        conditions = tuple((c, False) for earlier, _ in self.levels for c in earlier) + tuple(
            (current, True) for _, current in self.levels if current is not None)
        return {"phase": self.phase, "phase_line": self.line, **({"conditions": conditions} if conditions else {})}


def _condition(text: str) -> str:
    words = text.split()
    return " ".join(words[:-1] if words and words[-1].upper() == "THEN" else words)
