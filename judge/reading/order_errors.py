"""Why an order line could not be read, in words a player knows.

:class:`OrderError` is the one error the order parser raises; a syntax error
from Lark is turned into one by :func:`syntax_error`, which asks the parser
state which words would really have let the line go on.
"""

from __future__ import annotations

import re
from copy import copy
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Lark is imported where a line is parsed by the grammar (judge.reading.order_grammar)
    from lark.exceptions import UnexpectedInput


class OrderError(ValueError):
    """One order that could not be read: where (line, column) and what was expected."""

    def __init__(self, message: str, column: int, expected: list[str] | None = None,
                 line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.expected = list(expected or [])
        self.line = line

    def __str__(self) -> str:
        if self.line is not None:
            return f"line {self.line}, column {self.column}: {self.message}"
        return f"{self.message} (column {self.column})"


_MOVES = ("_DASH", "_ARROW", "_TO", "_M", "_R", "_MOVE", "_MOVES", "_RETREAT", "_RETREATS")
_EXPECTED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("a unit type", "MRA", ("A", "ARMY", "F", "FLEET")),
    ("a province", "MRA", ("NAME",)),
    ("a coast", "MRA", ("_SLASH", "_LPAR")),
    ("')'", "MRA", ("_RPAR",)),
    ("'-'", "MR", _MOVES),
    ("'TO'", "MR", ("TO",)),
    ("'H'", "M", ("_H", "_HOLD", "_HOLDS", "_STAND", "_STANDS")),
    ("'S'", "M", ("_S", "_SUPPORT", "_SUPPORTS")),
    ("'C'", "M", ("_C", "_CONVOYS")),
    ("'CONVOY'", "M", ("CONVOY",)),
    ("'VIA CONVOY'", "M", ("_VIA", "_BY")),
    ("'BUILD'", "A", ("_B", "_BUILD", "_BUILDS")),
    ("'REMOVE'", "A", ("_REMOVE", "_REMOVES")),
    ("'D'", "RA", ("_D", "_DISBAND", "_DISBANDS")),
    ("'WAIVE'", "A", ("_WAIVE", "_WAIVES")),
    ("end of line", "MRA", ("$END", "<END-OF-FILE>")),
)
_TOKEN_RE = re.compile(r"->|[-/()]|[^\s\-/(),]+")
#: the grammar's NAME terminal (grammar/orders.lark): a word that is not a keyword is a name
NAME_WORD_RE = re.compile(r"[^\W_][\w.'\u2019]*")


def syntax_error(err: UnexpectedInput, line: str, prepared: str, phase: str,
                 keywords: frozenset[str]) -> OrderError:
    """Lark's exception as one line a player understands: the column, what was expected, what came."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(err, UnexpectedCharacters):
        pos, got = err.pos_in_stream, f"'{line[err.pos_in_stream]}'"
    elif isinstance(err, UnexpectedToken) and err.token.type != "$END":
        pos = err.token.start_pos or 0
        got = f"'{line[pos:err.token.end_pos]}'"
    else:
        pos, got = len(line), "end of line"
    expected = _acceptable(err)
    previous = list(_TOKEN_RE.finditer(prepared, 0, pos))
    after, after_name = "", False
    if previous:
        word = previous[-1].group()
        after = f" after '{line[previous[-1].start():previous[-1].end()]}'"
        after_name = bool(NAME_WORD_RE.fullmatch(word)) and word.lower() not in keywords
    wanted = _describe(expected, phase, after_name)
    return OrderError(f"expected {_or_list(wanted)}{after}, got {got}", pos + 1, wanted)


def _acceptable(err: UnexpectedInput) -> set[str]:
    """The terminals that would really have let the parse go on.

    Lark's own lists leave out keywords the lexer folds into NAME, and LALR's
    merged lookaheads list some that fail a step later, so try each one on a
    copy of the parser state (only on the error path; it costs microseconds).
    """
    from lark import Token
    from lark.exceptions import LarkError

    state = getattr(err, "state", None)
    try:
        choices = [name for name in state.parse_conf.states[state.position] if name.isupper()]
        quiet = copy(state.parse_conf)
    except (AttributeError, KeyError, TypeError):
        return set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())
    quiet.callbacks = {}
    accepted = set()
    for name in choices:
        trial = state.copy(deepcopy_values=False)
        trial.parse_conf = quiet
        try:
            trial.feed_token(Token(name, ""), is_end=name == "$END")
        except (LarkError, AssertionError, KeyError):
            continue
        accepted.add(name)
    return accepted


def _describe(expected: set[str], phase: str, after_name: bool) -> list[str]:
    """Group terminal names into words a player knows, dropping what this phase cannot use."""
    names = set(expected)
    if after_name:  # another word would just lengthen the name: not worth saying
        names -= {"NAME", "_SLASH", "_LPAR"}
    if "_TO" in names and "_DASH" not in names:
        names.add("TO")
        names.discard("_TO")
    if "_CONVOY" in names and "_C" not in names:
        names.add("CONVOY")
    names.discard("_CONVOY")
    for use_phase in (True, False):
        found = [text for text, phases, group in _EXPECTED
                 if names.intersection(group) and (phase in phases or not use_phase)]
        if found:
            return found
    return ["an order"]


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
