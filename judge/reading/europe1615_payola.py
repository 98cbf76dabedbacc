"""Read the lines of the Europe 1615 Payola editions: INF placements, attack lists, then Payola's sheets.

The Influence phase takes ``N: PLACE`` lines (a pliant minor state, or a
power's home box named by the power: ``5: FRANCE``); the attack phase takes
``PLACE > POWER`` lines, the first the power's attack and each next one an
alternate (R-1303-11); every other phase is Payola's
(:class:`~judge.reading.payola.PayolaLines`: offers and savings in movement,
``ACCEPT`` and ``PAY`` lines everywhere, retreats and builds left to the order
parser).  In a movement phase ``WAIVE LOR`` waives the change of ownership of
a centre the power occupies at the next build phase (R-1303-39).  The shapes
are Europe 1615's own grammar (``grammar/europe1615.lark``).

>>> from judge.variants import load_variant
>>> from judge.engine.state import Phase
>>> v = load_variant("europe1615-2013-03")
>>> reader, state = E1615PayolaLines(v.map, v.ruleset), v.ruleset.initial_state()
>>> reader.read("5: Lorraine", state), reader.read("4 to France", state)
(Deploy(state='LOR', amount=5), Deploy(state='FRANCE', amount=4))
>>> state.phase = Phase("S", 1615, "D")
>>> reader.read("Hesse > Spanish", state)
Attack(state='HES', target='SPAIN')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lark import Tree
from lark.exceptions import LarkError

from judge.engine.geography import Map
from judge.engine.ruleset import Ruleset
from judge.engine.state import GameState
from judge.reading.europe1615 import line_parser
from judge.reading.grammars import NOT_MINE
from judge.reading.order_reader import OrderError
from judge.reading.payola import PayolaLines
from judge.variants.europe1615.inputs import Attack, Deploy, WaiveCapture
from judge.variants.europe1615_payola import waivers
from judge.variants.europe1615_payola.lines import check_line
from judge.variants.europe1615_payola.world import Game

#: the phase kinds whose lines are this reader's own, and the one shape each takes
SHAPES = {"P": "deploy", "D": "attack"}
_WAIVE = re.compile(r"^\s*waive\s+(\S.*?)\s*(?:%.*)?$", re.IGNORECASE)
EXAMPLES = {"deploy": "'5: LOR' or '4: FRANCE' (your home box)", "attack": "'HES > SPAIN'"}


class E1615PayolaLines:
    """INF and attack lines in their phases; Payola's reader for the rest."""

    NOT_MINE = NOT_MINE

    def __init__(self, board: Map, ruleset: Ruleset | None = None) -> None:
        self.board = board
        self.ruleset = ruleset
        self.payola = PayolaLines(board, ruleset)
        edition = getattr(ruleset, "edition", None)
        self.game = Game(board, edition) if edition is not None else None

    def read(self, line: str, state: GameState | None = None) -> Any:
        shape = SHAPES.get(state.phase.kind) if state is not None else None
        waiver = _WAIVE.match(line)
        if waiver and (state is None or state.phase.kind in ("M", "A")):  # R-1303-39: "prior to the build phase"
            province = self.board.resolve_name(waiver.group(1))
            if province is None:
                raise OrderError(f"unknown province {waiver.group(1).strip()!r}", 1)
            return WaiveCapture(self.board.province_of(province))
        if shape is None:
            return self.payola.read(line, state)
        text = line.split("%", 1)[0].strip()
        if not text:
            return None
        try:
            tree = line_parser().parse(text)
        except LarkError:
            tree = None
        found = tree.children[0] if tree is not None else None
        if not isinstance(found, Tree) or found.data != shape:
            raise OrderError(f"cannot read {text!r} in this phase (expected e.g. {EXAMPLES[shape]})", 1)
        words = [" ".join(str(w) for w in part.children) if isinstance(part, Tree) else str(part)
                 for part in found.children]
        if shape == "deploy":
            return Deploy(self._place(words[-1]), int(words[0]))
        target = self.board.power_named(words[1])
        if target is None:
            raise OrderError(f"no power is called {words[1]!r}", 1)
        return Attack(self._place(words[0]), target)

    def _place(self, text: str) -> str:
        place = self.game.place_named(text) if self.game is not None else ""
        if not place:
            raise OrderError(f"{text!r} is neither a minor state nor a power's home box", 1)
        return place

    def normalise(self, line: str, state: GameState | None = None) -> str:
        return line.strip()

    def finish(self, values: Sequence[Any]) -> list[Any]:
        return list(values)

    def key(self, value: Any) -> str:
        """One INF line per place (a later one replaces it); each attack line in the list; else Payola's keys."""
        if isinstance(value, Deploy):
            return f"INF:{value.state}"
        if isinstance(value, Attack):
            return f"ATTACK:{value}"
        if isinstance(value, WaiveCapture):
            return f"WAIVE:{value.province}"
        return self.payola.key(value)

    def sent_whole(self, value: Any) -> str:
        """Payola's: the offers of one mail are the power's sheet, its PAY lines its transfers."""
        return self.payola.sent_whole(value)

    def check(self, value: Any, power: str, state: GameState | None, earlier: Sequence[Any]) -> tuple[str, str]:
        if isinstance(value, WaiveCapture):
            centre = self.board.provinces[value.province].is_center
            if not centre:
                return f"{value.province} is not a supply centre: nothing to waive", ""
            winter = state is not None and state.phase.kind == "A"
            return (waivers.winter_problem(state, power, value.province) if winter and state else ""), ""
        if isinstance(value, (Deploy, Attack)):
            if self.game is None or state is None:
                return "", ""
            return check_line(self.game, state, power, value, earlier), ""
        return self.payola.check(value, power, state, earlier)
