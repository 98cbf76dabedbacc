"""Turn the text of one mail into judge commands, classic judge style.

A mail is a sequence of commands, one per line, except press blocks (``PRESS
TO …`` or ``BROADCAST`` up to ``ENDPRESS``, whose lines are kept verbatim).  The
body ends at a ``SIGNOFF`` line or a signature separator (``--``); quoted lines
(``>``) and blank lines are skipped.  A line whose first word starts a command
of ``grammar/commands.lark`` is parsed as that command; any other line is an
order, kept as raw text for :func:`judge.reading.order_reader.parse_order`, because
only the game knows the map.  Every bad line becomes a :class:`CommandError`
with its line and column, and the rest of the mail still counts: nothing but a
:class:`ParsedMail` comes out, whatever the text.

This module is pure: no store, no clock, no map.  Powers are kept as written
(resolve them with ``Map.power_named``), dates and times are naive (the caller
applies the game's zone), durations are ``timedelta`` and phases engine
:class:`~judge.engine.state.Phase` values.  ``docs/commands.md`` is the user's
reference; :data:`AUDIENCE` lists who may use each kind of command.

>>> mail = parse_mail_body("SIGNON Fgame1 secret\\nA PAR - BUR\\nSET WAIT\\nSIGNOFF")
>>> [(c.kind, c.line) for c in mail.commands]
[('signon', 1), ('order', 2), ('set_wait', 3)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, cast

from lark import Lark, Token
from lark.exceptions import LarkError, UnexpectedInput
from lark.lark import PostLex

from judge.engine.geography import normalise_name
from judge.reading.command_builder import SECRET, CommandBuilder, Parsed
from judge.reading.grammars import lalr_parser
from judge.reading.njudge import Phased, njudge_line, press_header
from judge.reading.usage import syntax_error
from judge.reading.suggest import close, or_list
from judge.reading.values import ALL_PHASE_KINDS, Invalid

MAX_COMMAND_LENGTH = 500
#: the most of a mail body the judge reads: lines, and characters
MAX_MAIL_LINES = 1_000
MAX_BODY_CHARS = 100_000
__all__ = ["ALL_PHASE_KINDS", "AUDIENCE", "GM_TOO", "KINDS", "MAX_BODY_CHARS", "MAX_MAIL_LINES", "Command",
           "CommandError", "ParsedMail", "command_hint", "command_parser", "command_words", "is_press_end",
           "is_press_start", "parse_command_line", "parse_mail_body"]

# Who may send each kind: "anyone", "player" (signed on to the game; the GM may
# use the same settings for himself) or "gm" (signed on as the game's master).
# HELP lists them in this order, under these three heads.
AUDIENCE: dict[str, str] = {
    **dict.fromkeys(("help", "list", "history", "summary", "rules", "provinces", "observe", "confirm", "unobserve",
                     "create", "join", "signon", "signon_gm", "get", "version", "whogame", "map"), "anyone"),
    **dict.fromkeys(("order", "phase", "clear", "status", "press", "broadcast", "set_password", "set_address",
                     "set_zone", "set_map", "set_format", "set_wait", "set_absence", "set_noabsence", "set_draw",
                     "set_concede", "resign", "set_preference"),
                    "player"),
    **dict.fromkeys(("start", "set_deadline", "set_mindeadline", "set_round", "set_grace", "set_timing",
                     "set_gamezone", "set_nmr", "set_press", "set_rule", "set_seats", "set_takeover", "set_publish",
                     "set_flag",
                     "approve", "gm_action", "process", "preview", "rollback", "pause", "resume", "eject", "dummy",
                     "become", "terminate", "set_forming"), "gm"),
    # njudge's press (judge/commands/press.py, pressflags.py, postal.py, diary.py)
    **dict.fromkeys(("postal", "diary"), "player"), "set_pressflags": "gm",
}
KINDS = frozenset(AUDIENCE)
#: player commands the GM may use for himself (his own settings, press, the game's STATUS, SET WAIT for
#: the whole game); orders and CLEAR only after BECOME
GM_TOO = frozenset({"set_password", "set_address", "set_zone", "set_map", "set_format", "set_wait", "press", "broadcast",
                    "status"})


@dataclass(frozen=True)
class Command:
    """One command of a mail: ``kind`` from :data:`KINDS`, its values, where it was.

    ``secret`` is where in ``text`` the parser read a password (start, end), if the command has one.
    """

    kind: str
    args: dict[str, Any]
    line: int
    text: str
    secret: tuple[int, int] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class CommandError:
    """One line that could not be read, said the way a player can fix it."""

    line: int
    column: int
    message: str
    text: str

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}"


@dataclass(frozen=True)
class ParsedMail:
    """The commands of a mail in order, and the lines that went wrong."""

    commands: list[Command] = field(default_factory=list)
    errors: list[CommandError] = field(default_factory=list)




# -- the parser ---------------------------------------------------------------

class _WordEverywhere(PostLex):
    """Make the contextual lexer try WORD in every state, so a keyword is only a keyword
    where the grammar expects one and a misspelt one is a whole word in the error."""

    always_accept = ("WORD",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


@lru_cache(maxsize=1)
def command_parser() -> Lark:
    """The LALR parser, built once per process; it turns a line into ``(kind, args)``."""
    return lalr_parser("commands.lark", postlex=_WordEverywhere(), transformer=CommandBuilder())


@lru_cache(maxsize=1)
def command_words() -> frozenset[str]:
    """The words that start a command (lower case): the grammar is the only list of them."""
    parser = command_parser()
    names = parser.parse_interactive("").accepts()
    return frozenset(parser.get_terminal(name).pattern.value.lower() for name in names
                     if name != "$END")


@lru_cache(maxsize=1)
def _command_spellings() -> dict[str, str]:
    return {normalise_name(word): word.upper().rstrip("!") for word in command_words() if len(word) > 2}


def command_hint(line: str) -> str:
    """For a line read as an order that failed: `` ('SIGNOM' is no command word — did you mean SIGNON?)``
    if its first word is a misspelt command word ("" if not); only that word is quoted (the rest may hold a
    password).  The caller makes sure the word is no name of the map."""
    words = line.split(None, 1)
    if not words or len(words[0]) < 4 or words[0].lower() in command_words():
        return ""
    matches = close(words[0], _command_spellings())
    return f" ('{words[0]}' is no command word — did you mean {or_list(matches)}?)" if matches else ""


# -- the mail, line by line -----------------------------------------------------

_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_SIGNOFF_RE = re.compile(r"\s*sign[ -]?off[.!]?\s*$", re.IGNORECASE)   # njudge writes SIGN OFF too
_SIGNATURE_RE = re.compile(r"--[ \t]*$")
_QUOTED_RE = re.compile(r"\s*>")
_ENDPRESS_RE = re.compile(r"\s*end\s*(press|broadcast)[.!]?\s*$", re.IGNORECASE)
_BLOCK_WORDS = ("press", "broadcast")


def is_press_start(line: str) -> bool:
    """Whether ``line`` opens a press block (PRESS or BROADCAST), whose lines are kept verbatim."""
    words = line.split(None, 1)
    return bool(words) and words[0].lower() in _BLOCK_WORDS


def is_press_end(line: str) -> bool:
    return bool(_ENDPRESS_RE.match(line))


def parse_mail_body(text: str, parts: tuple[int, ...] = ()) -> ParsedMail:
    """Read a whole mail body, at most :data:`MAX_BODY_CHARS` and :data:`MAX_MAIL_LINES` of it; never raises.

    ``parts`` are the line numbers (from 1) where the mail's second and later text parts begin: a
    signature ends the part it is in, not the mail (SIGNOFF ends the mail).
    """
    lines, cut = _body_lines(text)
    mail = ParsedMail()
    index = 0
    phased = Phased()   # njudge's PHASE line the orders below it are for, and their IFs
    while index < len(lines):
        raw, number = lines[index], index + 1
        index += 1
        if _SIGNOFF_RE.match(raw):
            return mail
        if _SIGNATURE_RE.match(raw):
            following = next((p - 1 for p in parts if index <= p - 1 < len(lines)), None)
            if following is None:
                return mail
            index = following
            continue
        if not raw.strip() or _QUOTED_RE.match(raw):
            continue
        if _ENDPRESS_RE.match(raw):
            mail.errors.append(CommandError(number, _indent(raw) + 1,
                                            "ENDPRESS without PRESS or BROADCAST before it", raw))
            continue
        control = phased.control(raw) if phased.phase is not None else None
        if control is not None:
            mail.errors.extend([CommandError(number, _indent(raw) + 1, control, raw)] if control else [])
            continue
        njudge = njudge_line(lines, index - 1)
        if njudge is not None and (njudge.stop or njudge.refusal) and not njudge.rewrite:
            if njudge.refusal:
                mail.errors.append(CommandError(number, _indent(raw) + 1, njudge.refusal, raw))
            if njudge.stop:
                return mail
            index += njudge.skip - 1
            continue
        index = _read_line(mail, lines, index, njudge.rewrite if njudge is not None else raw, raw, phased)
        if njudge is not None and njudge.rewrite:   # a block read as one command (SET COMMENT BEGIN … SIGNOFF)
            index += njudge.skip - 1
            if njudge.stop:
                return mail
    if cut:
        mail.errors.append(CommandError(len(lines) + 1, 1, f"the judge reads at most {MAX_MAIL_LINES:,} lines "
                                        f"and {MAX_BODY_CHARS:,} characters of a mail: this line and the rest "
                                        "were not read", ""))
    return mail


def _read_line(mail: ParsedMail, lines: list[str], index: int, raw: str, written: str, phased: Phased) -> int:
    """One line (``raw``, as the njudge reader rewrote ``written``) that starts press, a command or an order; the
    index of the next line to read."""
    number = index
    first = raw.split(None, 1)[0].lower()
    if first in _BLOCK_WORDS or first == "postalpress" or raw.lower().split()[:2] == ["diary", "record"]:
        return _read_press(lines, index, mail)
    if first in command_words():
        _add(mail, _as_written(parse_command_line(raw, number), written))
        if mail.commands and mail.commands[-1].kind == "phase" and mail.commands[-1].line == number:
            phased.start(mail.commands[-1].args["phase"], number)
    else:
        mail.commands.append(Command("order", phased.args(), number, raw))
    return index


def _body_lines(text: str) -> tuple[list[str], bool]:
    """The lines the judge reads of a body (never half a line), and whether the rest was cut off."""
    text = text.removeprefix("\ufeff") if text else ""
    lines = _LINE_BREAK_RE.split(text[:MAX_BODY_CHARS]) if text else []
    cut = len(text) > MAX_BODY_CHARS or len(lines) > MAX_MAIL_LINES
    if len(text) > MAX_BODY_CHARS:
        lines.pop()  # cut in the middle: never act on half a line
    return lines[:MAX_MAIL_LINES], cut


def parse_command_line(raw: str, number: int = 1) -> Command | CommandError:
    """Parse one line that starts with a command word; errors come back, never raised."""
    if len(raw) > MAX_COMMAND_LENGTH:
        return CommandError(number, MAX_COMMAND_LENGTH + 1,
                            f"line too long (more than {MAX_COMMAND_LENGTH} characters)", raw)
    try:
        kind, args = cast(Parsed, command_parser().parse(raw))
    except Invalid as bad:
        return CommandError(number, bad.column, bad.message, raw)
    except UnexpectedInput as err:
        column, message = syntax_error(err, raw)
        return CommandError(number, column, message, raw)
    except (LarkError, LookupError, ValueError, TypeError, AttributeError, AssertionError,
            OverflowError, RecursionError) as exc:
        # A bug of ours must not become a traceback in a player's reply.
        return CommandError(number, _indent(raw) + 1, f"cannot read this command ({type(exc).__name__})", raw)
    secret = args.pop(SECRET, None)
    return Command(kind, args, number, raw, secret)


def _read_press(lines: list[str], index: int, mail: ParsedMail) -> int:
    """Take a press block whose header is line ``index``; return where the mail goes on.

    The text up to ENDPRESS (or ENDBROADCAST) is kept verbatim, quoted lines and dashes included; as in
    njudge, a SIGNOFF line or the end of the mail ends the press too (and the mail: nothing after is read).
    """
    header, number = lines[index - 1], index
    end = next((i for i in range(index, len(lines)) if _ENDPRESS_RE.match(lines[i]) or _SIGNOFF_RE.match(lines[i])),
               None)
    if end is None:   # to the mail's end, or its signature
        end = next((i for i in range(index, len(lines)) if _SIGNATURE_RE.match(lines[i])), len(lines))
    njudge = press_header(header)
    if njudge is not None and njudge.refusal:
        mail.errors.append(CommandError(number, _indent(header) + 1, njudge.refusal, header))
        return end + 1
    parsed = parse_command_line(njudge.rewrite if njudge is not None else header, number)
    if isinstance(parsed, CommandError):
        mail.errors.append(parsed)
    word = header.split(None, 1)[0].upper()
    body = "\n".join(lines[index:end])
    if isinstance(parsed, Command):
        if body.strip():
            mail.commands.append(Command(parsed.kind, {**parsed.args, "body": body}, number, header))
        else:
            mail.errors.append(CommandError(number, _indent(header) + 1,
                                            f"empty press: write the text between {word} and ENDPRESS", header))
    return end + 1 if end < len(lines) and _ENDPRESS_RE.match(lines[end]) else len(lines)


def _as_written(parsed: Command | CommandError, written: str) -> Command | CommandError:
    """A command read from njudge's spelling is quoted as the player wrote it (unless it holds a password,
    whose place in the line the rewritten text keeps)."""
    if isinstance(parsed, Command) and parsed.secret is None and parsed.text != written:
        return replace(parsed, text=written)
    return parsed


def _add(mail: ParsedMail, parsed: Command | CommandError) -> None:
    (mail.errors if isinstance(parsed, CommandError) else mail.commands).append(parsed)  # type: ignore[arg-type]


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip())
