"""Read the Europe 1615 (Version 3) lines that are not unit orders, and tidy the unit orders the texts write.

``grammar/europe1615.lark`` gives a line's shape; this module resolves its
names on the map into the values of :mod:`judge.variants.europe1615.inputs`.
A :class:`V3Lines` reader is what ``judge adjudicate`` asks first for every
line of a Europe 1615 request (``lines = ...`` in the variant's ruleset.toml).

>>> from judge.variants import load_variant
>>> reader = V3Lines(load_variant("europe1615-v3").map)
>>> reader.read("9: WUR"), reader.read("Lorraine > French"), reader.read("+5 = Wallenstein")
(Deploy(state='WUR', amount=9), Attack(state='LOR', target='FRANCE'), Ballot(votes=(('Wallenstein', 5),)))
>>> reader.normalise("BOH \u2013 SIL"), reader.read("A PAR - BUR") is NOT_MINE
('BOH - SIL', True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from judge.engine.geography import Map, normalise_name
from judge.engine.orders import Disband, Remove
from judge.engine.ruleset import Ruleset
from judge.engine.state import GameState
from judge.reading.grammars import NOT_MINE, lalr_parser
from judge.reading.order_reader import OrderError, parse_order
from judge.reading.suggest import close, did_you_mean
from judge.variants.europe1615.ballots import item_named
from judge.variants.europe1615.checks import check_input, input_key
from judge.variants.europe1615.inputs import (
    Agree,
    Attack,
    Ballot,
    Bid,
    Deploy,
    MinorDisband,
    Motion,
    Permit,
    WaiveCapture,
)
from judge.variants.europe1615.world import states, unit_owner_at

#: what :meth:`V3Lines.read` returns for a line that is a unit order (or nothing it knows)
#: what it returns for a line that stands but carries nothing (a ballot's header)
NOTHING = None
#: the phase kind of Early Winter, whose only lines are disbands (R-v3-56)
EARLY_WINTER = "E"

_LOOKS_LIKE_MINE = re.compile(r"^\s*(?:[+\-]?\d|[^:\d]+:\s*\d+\s*(?:infs?)?\s*$|\S.*(?<!-)>|(?:waive|motion|bid|permit)\s+\S|agree\s*$|.*\bballot\b)",
                              re.IGNORECASE)
_ATTACK = re.compile(r"(?<!-)>")
#: a label a newcomer writes before a line ("Diplomatic attack:", "INFs:", "Deployment:"): not part of it
_LABEL = re.compile(r"^\s*(?:diplomatic\s+)?(?:attacks?|infs?|deployments?|deploy)\s*:\s*(?=\S)", re.IGNORECASE)
#: "the" before a state's name, as the text writes it ("3 INFs to the Rhineland")
_THE = re.compile(r"^the\s+", re.IGNORECASE)
_DASHES = re.compile(r"\s*[\u2013\u2014\u2212]\s*")
_DASH_HOLD = re.compile(r"\s*-\s*(hold|holds|h)\s*$", re.IGNORECASE)


@lru_cache(maxsize=1)
def line_parser() -> Lark:
    return lalr_parser("europe1615.lark")


class V3Lines:
    """Turns Version 3 lines into values; leaves unit orders to the standard parser."""

    NOT_MINE = NOT_MINE

    def __init__(self, board: Map, ruleset: Ruleset | None = None) -> None:
        self.board = board
        self.ruleset = ruleset

    def read(self, line: str, state: GameState | None = None) -> Any:
        """The line's value, ``NOTHING`` for a header, or ``NOT_MINE``; a bad Version 3 line raises OrderError."""
        if state is not None and state.phase.kind == EARLY_WINTER and line.strip():
            return self._disband(line, state)
        line = _LABEL.sub("", line)  # "Diplomatic attack: LOR > FRANCE", as a newcomer heads it
        if not _LOOKS_LIKE_MINE.match(line):
            return NOT_MINE
        try:
            tree = line_parser().parse(line.strip())
        except LarkError:
            if line.strip()[:1] in "+-" or line.strip()[:1].isdigit() or _ATTACK.search(line):
                raise OrderError(f"cannot read {line.strip()!r} (expected e.g. '9: WUR', 'LOR > FRANCE' "
                                 "or '+5 = Wallenstein')", 1) from None
            return NOT_MINE
        shape = tree.children[0]
        assert isinstance(shape, Tree)
        if shape.data in ("deploy", "attack"):
            return getattr(self, f"_{shape.data}")(shape.children, state)
        return getattr(self, f"_{shape.data}")(shape.children)

    def normalise(self, line: str, state: GameState | None = None) -> str:
        """A unit order as the texts write it, made readable: dashes, ``SER-hold``, ``POL HOLD``."""
        text = _DASH_HOLD.sub(" HOLD", _DASHES.sub(" - ", line.strip()))
        first, _, rest = text.partition(" ")
        if state is not None and self.board.resolve_name(first) is None:
            where = self._unit_of_state(first, state)
            if where:
                text = f"{where} {rest}".strip()
        return text

    def finish(self, values: Sequence[Any]) -> list[Any]:
        """One ballot per power: its ``+N = name`` lines put together, in order."""
        votes = [v for value in values if isinstance(value, Ballot) for v in value.votes]
        out, placed = [], False
        for value in values:
            if isinstance(value, Ballot):
                if not placed:
                    out.append(Ballot(tuple(votes)))
                    placed = True
                continue
            out.append(value)
        return out

    def key(self, value: Any) -> str:
        """Where a power's value is kept for the phase: a later one with the same key replaces it."""
        return input_key(self._setup(), value)

    def check(self, value: Any, power: str, state: GameState | None, earlier: Sequence[Any]) -> tuple[str, str]:
        """Why ``power`` cannot send ``value`` now ("" if it can) and a note for the reply (``checks.py``)."""
        return check_input(self._setup(), state, power, value, earlier)

    def _setup(self) -> Any:
        if self.ruleset is None or not hasattr(self.ruleset, "setup"):
            raise TypeError("V3Lines needs the Version 3 ruleset to check lines")
        return self.ruleset.setup

    def _disband(self, line: str, state: GameState) -> MinorDisband:
        """Early Winter takes only the disbands of minor units the aligned power chooses (R-v3-56)."""
        order = parse_order(self.normalise(line, state), self.board, "A")
        if not isinstance(order, (Remove, Disband)):
            raise OrderError("Early Winter takes only disbands of minor-state units (REMOVE A MEC)", 1)
        province = self.board.province_of(order.location)
        owner = unit_owner_at(state, self.board, province)
        unit = next((u for u in state.units.get(owner or "", []) if self.board.province_of(u.location) == province),
                    None)
        if unit is None:
            return MinorDisband(order.unit_type, order.location)
        return MinorDisband(unit.type, unit.location)

    # -- one method per line shape ------------------------------------------------------
    def _deploy(self, children: list[Any], state: GameState | None) -> Deploy:
        """``9: WUR``, ``9 INFs to WUR``, or the other way round, ``WUR: 9``."""
        words = next(c for c in children if isinstance(c, Tree))
        amount = next(c for c in children if isinstance(c, Token))
        return Deploy(self._state(words, state), int(amount))

    def _attack(self, children: list[Any], state: GameState | None) -> Attack:
        return Attack(self._state(children[0], state), self._power(children[1]))

    def _vote(self, children: list[Any]) -> Ballot:
        name = _text(children[-1])
        if item_named(name) is None:
            raise OrderError(f"no modifier is called {name!r}", _column(children[-1]))
        amount = int(children[1])
        return Ballot(((name, -amount if str(children[0]) == "-" else amount),))

    def _header(self, _children: list[Any]) -> None:
        return NOTHING

    def _waive(self, children: list[Any]) -> WaiveCapture:
        return WaiveCapture(self._province(children[0]))

    def _motion(self, children: list[Any]) -> Motion:
        name = _text(children[0])
        if item_named(name) is None:
            raise OrderError(f"no modifier is called {name!r}", _column(children[0]))
        return Motion(name)

    def _bid(self, children: list[Any]) -> Bid:
        pairs = zip(children[0::2], children[1::2], strict=True)
        return Bid(tuple((self._power(power), int(points)) for power, points in pairs))

    def _agree(self, _children: list[Any]) -> Agree:
        return Agree()

    def _permit(self, children: list[Any]) -> Permit:
        return Permit(self._power(children[0]), self._province(children[1]))

    # -- names --------------------------------------------------------------------------
    def _state(self, words: Any, state: GameState | None = None) -> str:
        """A minor state by its name or one of its provinces: the map's, or one created in play."""
        written = _text(words)
        text = _THE.sub("", written)
        wanted = normalise_name(text)
        for abbr, name in self.board.state_names.items():
            if wanted in (normalise_name(abbr), normalise_name(name)):
                return abbr
        province = self.board.resolve_name(text)
        for abbr, provinces in self._states(state).items():
            if province in provinces:
                return abbr
        spellings = {normalise_name(n): f"{n} ({a})" for a, n in self.board.state_names.items()}
        spellings.update({normalise_name(a): f"{n} ({a})" for a, n in self.board.state_names.items()})
        raise OrderError(f"no minor state is called {written!r}{did_you_mean(close(text, spellings))}",
                         _column(words))

    def _states(self, state: GameState | None) -> Mapping[str, Sequence[str]]:
        """The game's states now (England's centres after its dissolution, Guyenne after it secedes), or the map's."""
        setup = getattr(self.ruleset, "setup", None)
        if state is None or setup is None:
            return self.board.states
        return {**self.board.states, **states(setup, state)}

    def _power(self, words: Any) -> str:
        text = _text(words)
        power = self.board.power_named(text)
        if power is None:
            raise OrderError(f"no power is called {text!r}", _column(words))
        return power

    def _province(self, words: Any) -> str:
        text = _text(words)
        location = self.board.resolve_name(text)
        if location is None:
            raise OrderError(f"unknown province {text!r}", _column(words))
        return self.board.province_of(location)

    def _unit_of_state(self, word: str, state: GameState) -> str:
        """``POL`` -> where Poland's one unit stands, so "POL HOLD" orders it."""
        wanted = normalise_name(word)
        for abbr, name in self.board.state_names.items():
            if wanted in (normalise_name(abbr), normalise_name(name)):
                units = state.units.get(abbr, [])
                return units[0].location if len(units) == 1 else ""
        return ""


def _text(words: Any) -> str:
    if isinstance(words, Token):
        return str(words)
    return " ".join(str(w) for w in words.children)


#: the reader every Europe 1615 edition names (``lines = ...``); what a line may be is the edition's ``inputs``
Europe1615Lines = V3Lines


def _column(words: Any) -> int:
    token = words if isinstance(words, Token) else words.children[0]
    return int(token.column or 1)
