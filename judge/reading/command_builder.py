"""The command grammar's builder: each rule of ``grammar/commands.lark`` made ``(kind, args)`` as the parser runs.

Kept apart from :mod:`judge.reading.language`, which reads a whole mail with it: a new command is a grammar
rule plus its builder here (or a row of :data:`_WORD_RULES` where its words map one to one onto arguments).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from lark import Token, Transformer

from judge.reading.njpress import read_diary, read_fake, read_pressflags
from judge.reading.njudge_info import exclude_args, history_args, read_lines, whogame_args
from judge.reading.values import (
    Invalid, read_absence, read_address, read_choice, read_deadline, read_duration, read_name, read_njudge_phase,
    read_phase, read_power, read_press_to, read_round, read_seats, read_signon, read_timing, read_zone,
)

SECRET = "_secret"   # where the builder notes a password's span (Command.secret)
Parsed = tuple[str, dict[str, Any]]
__all__ = ["SECRET", "CommandBuilder", "Parsed"]


_BARE: dict[str, Parsed] = {
    "HELP": ("help", {}), "CLEAR": ("clear", {}), "RESIGN": ("resign", {}), "STATUS": ("status", {}),
    "START": ("start", {}), "PROCESS": ("process", {"force": False}), "PROCESS_NOW": ("process", {"force": True}),
    "PREVIEW": ("preview", {}), "PREDICT": ("preview", {}), "PAUSE": ("pause", {}), "RESUME": ("resume", {}),
    "TERMINATE": ("terminate", {}),
}


def _maybe(read: Callable[[Token], Any], token: Token | None) -> Any:
    return None if token is None else read(token)


_variant = partial(read_name, what="variant")
_nmr = partial(read_choice, option="SET NMR", choices=("hold", "disorder", "wait"))
_press_kind = partial(read_choice, option="SET PRESS", choices=("none", "white", "grey"), aliases={"gray": "grey"})
_takeover = partial(read_choice, option="SET TAKEOVER", choices=("approve", "open"))
_publish = partial(read_choice, option="SET PUBLISH", choices=("yes", "no"), aliases={"on": "yes", "off": "no"})
_map_format = partial(read_choice, option="SET MAP", choices=("png", "svg", "none"))
_mail_format = partial(read_choice, option="SET FORMAT", choices=("text", "html"))
Reader = Callable[[Token], Any]
MAX_POWER_WORDS = 4  # "Spanish Hapsburgs", "United Netherlands": a power's longest usual name
# Rules whose WORDs map one to one onto arguments: rule -> (kind, (argument, reader) per WORD).
# An optional word left out gives None.
_WORD_RULES: dict[str, tuple[str, tuple[tuple[str, Reader], ...]]] = {
    "list": ("list", (("game", read_name),)),
    "summary": ("summary", (("game", read_name),)),
    "rules": ("rules", (("game", read_name),)),
    "provinces": ("provinces", (("game", read_name),)),
    "observe": ("observe", (("game", read_name), ("password", str))),
    "confirm": ("confirm", (("game", read_name), ("password", str))),   # the token, masked like a password
    "unobserve": ("unobserve", (("game", read_name), ("password", str))),
    "create": ("create", (("game", read_name), ("variant", _variant), ("password", str))),
    "rollback": ("rollback", (("phase", read_phase),)),
    "eject": ("eject", (("power", read_power),)),
    "dummy": ("dummy", (("power", read_power),)),
    "become": ("become", (("power", read_power),)),
    "set_password": ("set_password", (("password", str),)),
    "set_address": ("set_address", (("address", read_address),)),
    "set_zone": ("set_zone", (("zone", read_zone),)),
    "set_map": ("set_map", (("format", _map_format),)),
    "set_format": ("set_format", (("format", _mail_format),)),
    "set_gamezone": ("set_gamezone", (("zone", read_zone),)),
    "set_mindeadline": ("set_mindeadline", (("notice", read_duration),)),
    "set_round": ("set_round", (("round", read_round),)),
    "set_nmr": ("set_nmr", (("policy", _nmr),)),
    "set_press": ("set_press", (("press", _press_kind),)),
    "set_seats": ("set_seats", (("seats", read_seats),)),
    "set_takeover": ("set_takeover", (("takeover", _takeover),)),
    "set_publish": ("set_publish", (("publish", _publish),)),
    "version": ("version", (("level", str),)),
    "map_game": ("map", (("game", read_name), ("option", str))),
}


class CommandBuilder(Transformer):
    """Runs inside the LALR parser (no tree is built): each rule gives ``(kind, args)``.

    The rules of :data:`_WORD_RULES` get their method from that table, below.
    """

    def start(self, c: list) -> Parsed:
        return c[0]

    def grey(self, _c: list) -> bool:
        return True

    def bare(self, c: list) -> Parsed:
        kind, args = _BARE[c[0].type]
        return kind, dict(args)

    def phase(self, c: list) -> Parsed:
        """njudge's PHASE season year phase: the orders below it are for that phase."""
        return "phase", {"phase": read_njudge_phase(c)}

    def set_forming(self, c: list) -> Parsed:
        """njudge's SET VARIANT v, SET PLAYERS n, SET BLANKBOARD (EMPTYBOARD): the setting and its words."""
        setting = "BLANKBOARD" if c[0].type == "EMPTYBOARD" else c[0].type
        return "set_forming", {"setting": setting, "words": tuple(str(w) for w in c[1:])}

    def set_preference(self, c: list) -> Parsed:
        return "set_preference", {"powers": tuple(str(w) for w in c)}

    def history(self, c: list) -> Parsed:
        """HISTORY game [FROM end] [TO end] and njudge's options (``judge/reading/njudge_info.py``)."""
        return "history", history_args(c[0], c[1], c[2], c[3:])

    def history_to(self, c: list) -> Parsed:
        return "history", history_args(c[0], None, c[1], c[2:])

    def history_lines(self, c: list) -> dict[str, Any]:
        return {"lines": read_lines(c[0])}

    def history_excl(self, c: list) -> dict[str, Any]:
        return exclude_args(c[0], c[1])

    def history_broad(self, _c: list) -> dict[str, Any]:
        return {"broad": True}

    def help_file(self, c: list) -> Parsed:
        """HELP file: njudge's GET file, SEND [ME] file."""
        return "get", {"file": str(c[-1])}

    def whogame(self, c: list) -> Parsed:
        return "whogame", whogame_args([w for w in c if w is not None])

    def signon(self, c: list) -> Parsed:
        kind, args = read_signon(*c)
        return kind, _with_secret(args, c[2] if c[2] is not None else c[1])

    def press(self, c: list) -> Parsed:
        return "press", {**read_press_to(c[1:-2]), "grey": bool(c[0] or c[-2]), **(c[-1] or {})}

    def broadcast(self, c: list) -> Parsed:
        return "broadcast", {"grey": bool(c[0]), **(c[1] or {})}

    def fake(self, c: list) -> dict[str, Any]:
        return read_fake(list(c))

    def postal(self, _c: list) -> Parsed:
        return "postal", {}

    def diary(self, c: list) -> Parsed:
        return "diary", read_diary(c[0], c[1])

    def set_pressflags(self, c: list) -> Parsed:
        return "set_pressflags", read_pressflags(list(c))

    def set_wait(self, _c: list) -> Parsed:
        return "set_wait", {"wait": True}

    def set_nowait(self, _c: list) -> Parsed:
        return "set_wait", {"wait": False}

    def set_draw(self, c: list) -> Parsed:
        """SET DRAW, or njudge's NoDIAS SET DRAW powers (names, or initials run together: FRG)."""
        return "set_draw", {"draw": True, **({"powers": tuple(str(w) for w in c)} if c else {})}

    def set_nodraw(self, _c: list) -> Parsed:
        return "set_draw", {"draw": False}

    def set_concede(self, c: list) -> Parsed:
        """SET CONCEDE power, the power in as many words as its name takes (at most four)."""
        return "set_concede", {"power": _power_words(c)}

    def set_noconcede(self, _c: list) -> Parsed:
        return "set_concede", {"power": None}

    def set_absence(self, c: list) -> Parsed:
        return "set_absence", read_absence(*c)

    def set_noabsence(self, _c: list) -> Parsed:
        return "set_noabsence", {}

    def set_deadline(self, c: list) -> Parsed:
        return "set_deadline", {**read_deadline(*c), "confirmed": False}

    def set_deadline_confirmed(self, c: list) -> Parsed:
        """SET DEADLINE!: the GM confirms a deadline in the past or sooner than SET MINDEADLINE."""
        return "set_deadline", {**read_deadline(*c), "confirmed": True}

    def set_grace(self, c: list) -> Parsed:
        return "set_grace", {"grace": read_duration(c[0]), "confirmed": False}

    def set_grace_confirmed(self, c: list) -> Parsed:
        """SET GRACE!: the GM confirms a grace that would end in the past or too soon."""
        return "set_grace", {"grace": read_duration(c[0]), "confirmed": True}

    def set_timing(self, c: list) -> Parsed:
        return "set_timing", read_timing(list(c))

    def set_rule(self, c: list) -> Parsed:
        return "set_rule", {"option": None if c[0] is None else str(c[0]).lower(), "value": _maybe(str, c[1])}

    def join(self, c: list) -> Parsed:
        """JOIN game password [AS power], the power in as many words as its name takes (at most four)."""
        words = [w for w in c[2:] if w is not None]
        power = _power_words(words) if words else None
        return "join", _with_secret({"game": read_name(c[0]), "password": str(c[1]), "power": power}, c[1])

    def approve(self, c: list) -> Parsed:
        """APPROVE power [number]: the power in as many words as its name takes, then the request's number."""
        words = list(c)
        number = int(words.pop().value) if len(words) > 1 and words[-1].value.isdecimal() else None
        if number is not None and not 1 <= number <= 1_000_000:
            raise Invalid(f"'{number}' is not a request's number: the GM's notice numbers each request", c[-1].column)
        return "approve", {"power": _power_words(words), "number": number}

    def set_flag(self, c: list) -> Parsed:
        """njudge's master settings: the setting's word and what follows it, as written."""
        return "set_flag", {"flag": str(c[0]).upper(), "words": [str(w) for w in c[1:]]}

    def gm_action(self, c: list) -> Parsed:
        return "gm_action", {"action": str(c[0]).upper(), "words": " ".join(str(w) for w in c[1:])}


def _power_words(words: list[Token]) -> str:
    """A power named in one or more words ("Spanish Hapsburgs"), each checked; at most four."""
    if len(words) > MAX_POWER_WORDS:
        raise Invalid(f"'{' '.join(words)}' is not a power: a power's name has at most {MAX_POWER_WORDS} words",
                      words[0].column)
    return " ".join(read_power(w) for w in words)


def _word_rule(kind: str, fields: tuple[tuple[str, Reader], ...]) -> Callable[[CommandBuilder, list], Parsed]:
    def build(_self: CommandBuilder, children: list) -> Parsed:
        args = {name: _maybe(read, token) for (name, read), token in zip(fields, children)}
        secret = next((token for (name, _read), token in zip(fields, children) if name == "password"), None)
        return kind, _with_secret(args, secret)
    return build


def _with_secret(args: dict[str, Any], token: Token | None) -> dict[str, Any]:
    """Note where the password is, for :func:`shown`; taken out again by :func:`parse_command_line`."""
    if token is not None:
        args[SECRET] = (token.start_pos, token.end_pos)
    return args


for _rule, (_kind, _fields) in _WORD_RULES.items():
    setattr(CommandBuilder, _rule, _word_rule(_kind, _fields))
del _rule, _kind, _fields
