"""The LALR parsers of ``grammar/*.lark``, and the answer a variant's line reader gives to a line not its own.

Every parser is built in memory, once per process (``lru_cache`` at each
caller), and only when a line needs it: Lark's own cache (a pickle) is never
written or read, so nothing planted in a temp folder can run as the judge
(docs/security.md).  What the judge keeps across processes is plain JSON
(:mod:`judge.cache`: the order grammar's patterns, :mod:`judge.reading.order_reader`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.paths import grammar_dir

if TYPE_CHECKING:
    from lark import Lark

#: what a variant's reader (``lines = "module:Class"``) returns for a unit order, left to the order grammar
NOT_MINE: Any = object()


def lalr_parser(grammar: str, **options: Any) -> Lark:
    """The LALR parser of ``grammar/<grammar>`` with the contextual lexer; ``options`` go to Lark."""
    from lark import Lark  # here, not above: a process that parses nothing new never imports Lark

    text = (grammar_dir() / grammar).read_text(encoding="utf-8")
    return Lark(text, parser="lalr", lexer="contextual", **options)
