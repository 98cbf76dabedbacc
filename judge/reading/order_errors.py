"""Why an order line could not be read, in words a player knows.

:class:`OrderError` is the one error the order parser raises; a syntax error
from Lark is turned into one by :func:`syntax_error`, which asks the parser
state which words would really have let the line go on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from copy import copy
from dataclasses import dataclass
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


#: what a player is told the parser wanted: a description, the phase kinds it is said in, and
#: the grammar's symbol (grammar/orders.lark) whose words it stands for; a keyword's description
#: is read from the grammar too (the first alternative whose first word was expected)
_EXPECTED: tuple[tuple[str | None, str, str], ...] = (
    ("a unit type", "MRA", "utype"),
    ("a province", "MRA", "NAME"),
    ("a coast", "MRA", "coast"),
    (None, "MRA", "_RPAR"),
    (None, "MR", "_move"),
    (None, "M", "_hold"),
    (None, "M", "_support"),
    (None, "M", "_convoy"),
    (None, "M", "via"),
    (None, "A", "_build"),
    (None, "A", "_remove"),
    (None, "RA", "_disband"),
    (None, "A", "_waive"),
    ("end of line", "MRA", "$END"),
)
_ENDS = frozenset({"$END", "<END-OF-FILE>"})


@dataclass(frozen=True)
class GrammarWords:
    """What the order grammar says of its words: each rule's alternatives, each keyword's text.

    Read from the built parser (``judge.reading.order_grammar.grammar_words``), so
    the grammar is the one list of the order keywords.
    """

    alternatives: Mapping[str, tuple[tuple[str, ...], ...]]
    literals: Mapping[str, str]

    @property
    def keywords(self) -> frozenset[str]:
        """The keywords, lower case (``a``, ``army``, ``s``, ``via`` ...)."""
        return frozenset(text.lower() for text in self.literals.values())

    def first(self, symbol: str) -> tuple[str, ...]:
        """The terminals that can begin ``symbol``, in the grammar's order."""
        if symbol not in self.alternatives:
            return tuple(_ENDS) if symbol == "$END" else (symbol,)
        found: dict[str, None] = {}
        for alternative in self.alternatives[symbol]:
            if alternative and alternative[0] != symbol:
                found.update(dict.fromkeys(self.first(alternative[0])))
        return tuple(found)

    def said(self, symbol: str, expected: set[str]) -> str:
        """A keyword symbol as a player writes it: its first alternative that the parser expected."""
        for alternative in self.alternatives.get(symbol, ((symbol,),)):
            if alternative and alternative[0] in expected:
                words = (self.literals.get(s, "") for s in alternative if s in self.literals)
                return "'" + " ".join(words).upper() + "'"
        return "'" + self.literals.get(symbol, symbol).upper() + "'"


_TOKEN_RE = re.compile(r"->|[-/()]|[^\s\-/(),]+")
#: the grammar's NAME terminal (grammar/orders.lark): a word that is not a keyword is a name
NAME_WORD_RE = re.compile(r"[^\W_][\w.'\u2019]*")


def syntax_error(err: UnexpectedInput, line: str, prepared: str, phase: str,
                 grammar: GrammarWords) -> OrderError:
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
        after_name = bool(NAME_WORD_RE.fullmatch(word)) and word.lower() not in grammar.keywords
    wanted = _describe(expected, phase, after_name, grammar)
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


def _describe(expected: set[str], phase: str, after_name: bool, grammar: GrammarWords) -> list[str]:
    """Group terminal names into words a player knows, dropping what this phase cannot use."""
    names = set(expected)
    if after_name:  # another word would just lengthen the name: not worth saying
        names -= {"NAME", *grammar.first("coast")}
    for use_phase in (True, False):
        found = [text or grammar.said(symbol, names) for text, phases, symbol in _EXPECTED
                 if names.intersection(grammar.first(symbol)) and (phase in phases or not use_phase)]
        if found:
            return found
    return ["an order"]


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
