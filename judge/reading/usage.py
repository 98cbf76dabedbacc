"""How each command is written and what it needs after its keywords: the words of a syntax error's reply.

Split from :mod:`judge.reading.language` (which words the errors) so the grammar driver stays short.
"""

from __future__ import annotations

from lark.exceptions import UnexpectedInput, UnexpectedToken

from judge.reading.suggest import did_you_mean, word_matches

__all__ = ["SET_OPTIONS", "SET_WORDS", "USAGE", "syntax_error"]

SET_OPTIONS = ("PASSWORD, ADDRESS, WAIT, NOWAIT, ABSENCE, NOABSENCE, ZONE, MAP, FORMAT, DRAW, NODRAW, CONCEDE, NOCONCEDE, "
                "GAMEZONE, "
                "DEADLINE, MINDEADLINE, ROUND, GRACE, TIMING, NMR, PRESS, RULE, SEATS, TAKEOVER or PUBLISH")
SET_WORDS = {word: word for word in SET_OPTIONS.replace(" or", ",").split(", ")} | {
    "NO": "NO", "TIMEZONE": "ZONE", "RULES": "RULE", "PRESSFLAGS": "PRESSFLAGS"}
# command -> (how it is written, what it needs after its keywords); a command missing
# here takes nothing after its keywords.
USAGE: dict[str, tuple[str, str]] = {
    "LIST": ("LIST [game]", "at most a game name"),
    "HISTORY": ("HISTORY game [FROM phase|date] [TO phase|date] [LINES n] [EXCLSTART phase [EXCLEND phase]] [BROAD]",
                "a game name, then if you like the phases, as in HISTORY game1 FROM S1901M TO F1902M"),
    "SUMMARY": ("SUMMARY [game]", "at most a game name"),
    "HELP": ("HELP [file]", "at most a file's name (GET flist lists them)"),
    "VERSION": ("VERSION [level]", "at most a version"),
    "WHOGAME": ("WHOGAME [game] [FULL]", "at most a game name and FULL"),
    "MAP": ("MAP [game]", "at most a game name"),
    "RULES": ("RULES [game]", "at most a game name"),
    "PROVINCES": ("PROVINCES [game or variant]", "at most a game or a variant"),
    "GM": ("GM action words…", "a decision of the variant's rules, as in GM BALLOT Wallenstein, Catholic League"),
    "OBSERVE": ("OBSERVE game password", "a game name and a password"),
    "CONFIRM": ("CONFIRM game token", "a game name and the token the answer to OBSERVE gave"),
    "UNOBSERVE": ("UNOBSERVE game password", "a game name and your observer password"),
    "CREATE": ("CREATE game variant password",
               "a game name, a variant and a password, as in CREATE game1 standard secret"),
    "SIGNON": ("SIGNON <power letter><game> password",
               "a power and a game, then the password, as in SIGNON Fgame1 secret or SIGNON France game1 secret"),
    "JOIN": ("JOIN game password [AS power]",
             "a game name and a password, then if you like AS and a power, as in JOIN game1 secret AS France"),
    "PRESS": ("PRESS [GREY] TO power, power…", "TO and the powers it goes to, as in PRESS TO France, England"),
    "BROADCAST": ("BROADCAST [GREY]", "nothing but GREY"),
    "ROLLBACK": ("ROLLBACK [phase]", "at most a phase such as S1901M"),
    "EJECT": ("EJECT power", "a power"), "DUMMY": ("DUMMY power", "a power"), "BECOME": ("BECOME power", "a power"),
    "SET": ("SET option value", f"an option: {SET_OPTIONS}"),
    "SET PASSWORD": ("SET PASSWORD new-password", "the new password"),
    "SET ADDRESS": ("SET ADDRESS [address]", "at most a mail address such as me@example.org"),
    "SET NO": ("SET NO WAIT|DRAW|CONCEDE|ABSENCE", "WAIT, DRAW, CONCEDE or ABSENCE (SET NO WAIT is SET NOWAIT)"),
    "SET CONCEDE": ("SET CONCEDE power", "the power you concede the game to, as in SET CONCEDE England"),
    "SET ABSENCE": ("SET ABSENCE from to", "the first and the last day, as in SET ABSENCE 2026-12-20 2027-01-03"),
    "SET ZONE": ("SET ZONE zone", "a time zone such as Europe/Paris"),
    "SET MAP": ("SET MAP png|svg|none", "png, svg or none"),
    "SET FORMAT": ("SET FORMAT text|html", "text or html"),
    "SET GAMEZONE": ("SET GAMEZONE zone", "a time zone such as Europe/Paris"),
    "SET DEADLINE": ("SET DEADLINE date time", "a date and a time such as 2026-11-25 18:00, or a delay such as +2d"),
    "SET MINDEADLINE": ("SET MINDEADLINE duration", "a duration such as 12h or 1d"),
    "SET ROUND": ("SET ROUND :MM|HH:MM|off", ":00 (the next full hour), a time of day such as 20:00, or off"),
    "SET GRACE": ("SET GRACE duration", "a duration such as 24h or 2d"),
    "SET TIMING": ("SET TIMING [M|R|A] key=value…", "settings such as M days=mon-fri hour=18:00 min=24h next=48h"),
    "SET NMR": ("SET NMR hold|disorder|wait", "hold, disorder or wait"),
    "SET PRESS": ("SET PRESS none|white|grey", "none, white or grey"),
    "SET SEATS": ("SET SEATS number", "how many seats one address may hold, as in SET SEATS 2"),
    "SET TAKEOVER": ("SET TAKEOVER approve|open", "approve or open"),
    "SET PUBLISH": ("SET PUBLISH yes|no", "yes or no"),
    "SET PRESSFLAGS": ("SET PRESSFLAGS key=value…", "settings such as partial=no fake=may observer=white"),
    "APPROVE": ("APPROVE power [number]", "the vacant power a player asked for with JOIN ... AS, and the "
                "number of his request when several wait"),
    "SET RULE": ("SET RULE [option [value]]", "at most an option and its value, as in SET RULE ballot_minimum net"),
}


# -- syntax errors: what the command needed, in the player's words -------------------

def _command_name(line: str) -> str:
    """The command a line was meant to be, from its first word (or two, for SET)."""
    words = line.upper().split()
    if len(words) > 1 and words[1] in ("DEADLINE!", "GRACE!"):  # confirmed: the same command
        words[1] = words[1].removesuffix("!")
    if words[0] != "SET" or len(words) < 2 or words[1] not in SET_WORDS:
        return words[0]
    if words[1] == "NO" and len(words) > 2 and f"NO{words[2]}" in SET_WORDS:  # SET NO DRAW is SET NODRAW
        return f"SET NO{words[2]}"
    return f"SET {SET_WORDS[words[1]]}"


def syntax_error(err: UnexpectedInput, line: str) -> tuple[int, str]:
    """Column and message for a line the grammar refused."""
    name = _command_name(line)
    syntax, needs = USAGE.get(name, (name, ""))
    token = err.token if isinstance(err, UnexpectedToken) else None
    if token is None or token.type == "$END":
        return len(line.rstrip()) + 2, f"{name} needs {needs or 'nothing more'}"
    column, got = token.column or 1, token.value
    if name == "SET":  # the option itself is the word that failed
        hint = did_you_mean([f"SET {w}" for w in word_matches(got, SET_WORDS)])
        return column, f"unknown SET option '{got}': SET takes {SET_OPTIONS}{hint}"
    if "$END" in (getattr(err, "expected", None) or ()):
        return column, f"unexpected '{got}': write {syntax}" if needs else f"{name} takes nothing more, not '{got}'"
    return column, f"{name} needs {needs}, not '{got}'"
