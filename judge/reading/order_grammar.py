"""The order grammar (``grammar/orders.lark``, LALR): a line's shape, or why the line cannot be read.

Imported only when a line's pattern is new to the judge (:mod:`judge.reading.order_reader`
keeps the shapes of the patterns it has seen), so that a request or a poll
whose lines are all known neither imports Lark nor builds the parser.
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError, UnexpectedInput
from lark.lexer import PatternStr

from judge.reading.grammars import lalr_parser
from judge.reading.order_errors import GrammarWords, OrderError, syntax_error
from judge.reading.order_shapes import Loc, Shape, UnitShape, Word

_VIA = "via"


def _word(token: Token) -> Word:
    return Word(token.type, token.value, token.start_pos or 0, token.end_pos or 0)


class _ShapeBuilder(Transformer):
    """Runs inside the LALR parser (no tree is built), one method per rule."""

    def start(self, children: list) -> Shape:
        return children[0]

    def army(self, children: list[Token]) -> Word:
        return Word("UTYPE", "A", children[0].start_pos or 0, children[0].end_pos or 0)

    def fleet(self, children: list[Token]) -> Word:
        return Word("UTYPE", "F", children[0].start_pos or 0, children[0].end_pos or 0)

    def coast(self, children: list[Token]) -> tuple[Word, ...]:
        return tuple(_word(t) for t in children)

    def location(self, children: list) -> Loc:
        if isinstance(children[-1], tuple):
            return Loc(tuple(_word(t) for t in children[:-1]), children[-1])
        return Loc(tuple(_word(t) for t in children), None)

    def unit(self, children: list) -> UnitShape:
        if len(children) == 2:
            return UnitShape(children[0], None, children[1])
        return UnitShape(None, None, children[0])

    def foreign_unit(self, children: list) -> UnitShape:
        return UnitShape(children[1], _word(children[0]), children[2])

    def via(self, _children: list) -> str:
        return _VIA

    def hold(self, children: list) -> Shape:
        return Shape("hold", children[0])

    def move(self, children: list) -> Shape:
        via = children[-1] == _VIA
        path = tuple(children[1:-1] if via else children[1:])
        return Shape("move", children[0], path, via=via)

    def support(self, children: list) -> Shape:
        return Shape("support", children[0], tuple(children[2:]), children[1])

    def convoy(self, children: list) -> Shape:
        return Shape("convoy", children[0], (children[2],), children[1])

    def build(self, children: list) -> Shape:
        return Shape("build", children[0])

    def remove(self, children: list) -> Shape:
        return Shape("remove", children[0])

    def disband(self, children: list) -> Shape:
        return Shape("disband", children[0])

    def waive(self, _children: list) -> Shape:
        return Shape("waive")


@lru_cache(maxsize=1)
def order_parser() -> Lark:
    """The LALR parser, built once per process (building costs far more than parsing)."""
    return lalr_parser("orders.lark", transformer=_ShapeBuilder())


@lru_cache(maxsize=1)
def grammar_words() -> GrammarWords:
    """The grammar's rules and keywords, as the parser built them: the one list of the order words."""
    alternatives: dict[str, list[tuple[str, ...]]] = {}
    for rule in order_parser().rules:
        alternatives.setdefault(str(rule.origin.name), []).append(tuple(str(s.name) for s in rule.expansion))
    literals = {t.name: t.pattern.value for t in order_parser().terminals if isinstance(t.pattern, PatternStr)}
    return GrammarWords({k: tuple(v) for k, v in alternatives.items()}, literals)


def keywords() -> frozenset[str]:
    """The grammar's words (``a``, ``army``, ``s``, ``via`` ...), lower case: masking keeps them."""
    return grammar_words().keywords


def pattern_shape(masked: str) -> Shape | None:
    """The shape of a pattern (names masked), or None if the pattern does not parse."""
    try:
        return order_parser().parse(masked)  # type: ignore[no-any-return]
    except UnexpectedInput:
        return None
    except LarkError as exc:  # a bug of ours must not become a traceback in a player's reply
        raise OrderError(f"cannot read this order ({type(exc).__name__})", 1) from exc


def line_shape(line: str, prepared: str, phase_kind: str) -> Shape:
    """A line parsed as written (its pattern did not parse): its shape, or an :class:`OrderError` in its words."""
    try:
        return order_parser().parse(prepared)  # type: ignore[no-any-return]
    except UnexpectedInput as err:
        raise syntax_error(err, line, prepared, phase_kind, grammar_words()) from None
    except LarkError as exc:  # a bug of ours must not become a traceback in a player's reply
        raise OrderError(f"cannot read this order ({type(exc).__name__})", 1) from exc
