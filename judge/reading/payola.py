"""Read a Payola offer sheet's lines (``grammar/payola.lark``) into the values of ``judge.variants.payola.offers``.

In a movement phase every line is the reader's: an offer, a savings request,
an acceptance list, a transfer, or a bare order (a 0 AgP direct offer, as
DPjudge read it).  The order part of an offer is read by the standard order
parser, one order per ``|``.  A line that cannot stand raises one
:class:`OrderError` with the reason.

>>> from judge.variants import load_variant
>>> from judge.engine.orders import Unit
>>> reader = PayolaLines(load_variant("payola").map)
>>> str(reader.read("4*3 + 2*4#2 + 1 > A Lon - Yor | S F Edi - Yor  % my plan"))
'4*3 + 2*4#2 + 1 > A LON - YOR | S F EDI - YOR'
>>> reader.read("ACCEPT FGE?"), reader.read("5 $")
(Accept(powers=('FRANCE', 'GERMANY', 'ENGLAND', '?')), Savings(amount=5))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from judge.engine.geography import Map
from judge.engine.orders import Move, Order, Unit
from judge.engine.ruleset import Ruleset
from judge.engine.state import GameState
from judge.reading.grammars import NOT_MINE, lalr_parser
from judge.reading.order_reader import OrderError, parse_order
from judge.variants.payola.accounts import transfer_problem
from judge.variants.payola.prepared import OfferReader, units_by_province
from judge.variants.payola.offers import DIRECT, REST, Accept, Amount, Offer, Savings, Transfer, total
from judge.variants.payola.options import PayolaOptions

MOST = 1_000_000  # no amount, count or plateau beyond this
#: ``ACCEPT`` and what follows it, for the lists written in words (``_accept_words``)
_ACCEPT_WORDS = re.compile(r"^accept\b\s*(.*)$", re.IGNORECASE)
#: a unit written as the Europe 1615 texts write it, its province in brackets: ``A(POI)``
_BRACKETED = re.compile(r"\b([AF])\s*\(\s*([A-Za-z][A-Za-z/.]*)\s*\)", re.IGNORECASE)


@lru_cache(maxsize=1)
def line_parser() -> Lark:
    return lalr_parser("payola.lark")


class PayolaLines:
    """Offer-sheet lines into values; retreat and adjustment orders are left to the order parser."""

    NOT_MINE = NOT_MINE

    def __init__(self, board: Map, ruleset: Ruleset | None = None) -> None:
        self.board = board
        self.ruleset = ruleset
        self.options = getattr(ruleset, "payola", None) or PayolaOptions()
        #: the position lines were last read against, and its reader (``_offer_reader``)
        self._last: tuple[GameState, OfferReader] | None = None
        #: the note of each line that used an edition's own code (``_remember_readings``)
        self._notes: dict[Any, str] = {}

    def read(self, line: str, state: GameState | None = None) -> Any:
        """The line's value, None for a comment alone; outside a movement phase only ACCEPT and PAY are ours (4.3, 2.3).

        Any other line of a retreat or adjustment phase is ``NOT_MINE``, for the order parser.
        """
        moving = state is None or state.phase.kind == "M"
        text = line.split("%", 1)[0].strip()
        if not text:
            return None if moving else NOT_MINE
        text = _BRACKETED.sub(r"\1 \2 ", text).strip()  # the texts' own A(POI)-GUY, F(SWE)
        written = _ACCEPT_WORDS.match(text)
        if written and (not re.fullmatch(r"[A-Za-z?]*", written.group(1))
                        or self.board.power_named(written.group(1)) is not None):
            return self._accept_words(written.group(1))
        try:
            tree = line_parser().parse(text)
        except LarkError:
            if not moving:
                return NOT_MINE
            bare = self._bare(text, state)
            self._remember_readings(text, bare)
            return bare
        shape = tree.children[0]
        assert isinstance(shape, Tree)
        if not moving and shape.data not in ("accept", "transfer"):
            return NOT_MINE
        value = getattr(self, f"_{shape.data}")(shape.children, state)
        self._remember_readings(text, value)
        return value

    def _remember_readings(self, text: str, value: Any) -> None:
        """An edition's own code that the board uses for another province (``reads FRA FCO``), kept for the
        note of the reply: which province was taken, and how to write the other."""
        for word in {w.upper() for w in re.findall(r"[A-Za-z]+", text)} & set(self.board.readings):
            meant = self.board.readings[word]
            other = self.board.provinces.get(word)
            how = next((k for k, v in self.board.readings.items() if other is not None and v == other.abbr), "")
            note = (f"{word} is read as {self.board.provinces[meant].name} ({meant}), as this edition's text "
                    f"writes it" + (f"; for {other.name} write {how} or '{other.name}'" if other and how else ""))
            self._notes[value] = note

    def normalise(self, line: str, state: GameState | None = None) -> str:
        return line.strip()

    def finish(self, values: Sequence[Any]) -> list[Any]:
        return list(values)

    def key(self, value: Any) -> str:
        """A later ACCEPT replaces the earlier one (4.3); offers, savings and payments are lines of a mail's sheet.

        An offer is ``SHEET:…``: one of them is the sheet the phase waits for
        (``Payola.inputs_due``, 3.3); a savings request (``SAVINGS:…``) is not
        an offer (3.4).  A retreat or build is no line of ours (""): it is
        checked and kept as in Diplomacy.
        """
        if isinstance(value, Accept):
            return "ACCEPT"
        if isinstance(value, Transfer):
            return f"PAY:{value}"
        if isinstance(value, Savings):
            return f"SAVINGS:{value}"
        return f"SHEET:{value}" if isinstance(value, Offer) else ""

    def sent_whole(self, value: Any) -> str:
        """The part of a power's lines that one mail sends whole ("" for a line that stands on its own).

        The offers and savings requests of a mail are the power's offer sheet
        (3.1 "a single offer sheet"), its PAY lines its transfers: the lines
        of one mail never replace each other (a line written twice counts
        twice, 5.1), and a later mail's sheet or transfers replace those of
        the earlier mails (docs/payola.md).
        """
        if isinstance(value, (Offer, Savings)):
            return "sheet"
        return "transfers" if isinstance(value, Transfer) else ""

    def check(self, value: Any, power: str, state: GameState | None, earlier: Sequence[Any]) -> tuple[str, str]:
        """Why an offer cannot stand for ``power`` now (3.1 and the ruleset's restrictions), or ""; and a note.

        ``earlier`` is what the power keeps besides the line.  A second offer
        to one unit where only one is allowed is refused on arrival (order
        determination would ignore both, 6.1), so no offer the game does not
        allow is ever listed as accepted; the note says that lines written
        twice add up (3.4, 5.1; 2.3 for transfers).
        """
        if isinstance(value, Transfer) and state is not None:
            return self._payment_problem(value, power, state, earlier), _again(value, earlier)
        if not isinstance(value, Offer) or state is None or self.ruleset is None:
            return "", _again(value, earlier)
        province = self.board.province_of_or_none(value.unit.location)
        found = [(p, u) for p, us in state.units.items() for u in us if self.board.province_of(u.location) == province]
        if not found:
            return f"there is no unit in {province}", ""
        owner, unit = found[0]
        hooks: Any = self.ruleset
        refusal = hooks.bribe_refusal(state, power, owner, unit)
        if refusal:
            return refusal, ""
        if total(value.amounts) == 0 and not hooks.may_offer_zero(state, power, owner, unit):
            return "zero offers to a foreign unit are not allowed (3.1)", ""
        for order in value.orders:
            refusal = hooks.buy_refusal(state, power, owner, unit, order)
            if refusal:
                return refusal, ""
            barred = _barred(hooks, state, owner, unit, order, self.board)
            if barred:
                return f"{order}: {barred}", ""
        if self.options.one_offer_per_unit and any(
                isinstance(e, Offer) and self.board.province_of_or_none(e.unit.location) == province for e in earlier):
            return (f"you already offer to the unit in {province}, and this game allows one offer per unit "
                    "(Payola Classic, 6.1): two would both be ignored, so this one is refused and your first "
                    "stands (to change it, CLEAR and send your sheet again)"), ""
        return "", "; ".join(n for n in (_again(value, earlier), _rounded(value), self._notes.get(value, "")) if n)

    def _payment_problem(self, value: Transfer, power: str, state: GameState, earlier: Sequence[Any]) -> str:
        """A PAY line checked as it arrives (2.3): the power's other payments of the phase come out of the
        same balance."""
        paid = sum(e.amount for e in earlier if isinstance(e, Transfer))
        problem = transfer_problem(state, self.options, power, value.to, value.amount + paid)
        if problem and paid and problem.startswith(f"{power} has only"):
            problem += f", and {paid} AgP of it is already promised in earlier PAY lines of this phase"
        return problem

    # -- the kinds of line ---------------------------------------------------------
    def _bare(self, text: str, state: GameState | None) -> Offer:
        """A line with no amount: a plain order, read as ``0 : order`` (own units only, 3.1)."""
        negative = _NEGATIVE.match(text)
        if negative:
            raise OrderError(f"{negative.group(1)!r}: an amount is never negative (an offer or a savings request is "
                             "of 0 or more silver pieces, 3.1 and 3.4; a transfer of 1 or more)", 1)
        if text[:1].isdigit() or text.upper().startswith(("ACCEPT", "PAY ")):
            raise OrderError(f"cannot read {text!r} (expected e.g. '5 : F NTH - NWG', '5 $', "
                             f"'{self.example_accept()}' or 'PAY 10 TO {next(iter(self.board.powers))}')", 1)
        return self._offer([Tree("amounts", [Tree("term", [Token("NUMBER", "0")])]),
                            Token("KIND", DIRECT), Token("ORDERS", text)], state)

    def _offer(self, children: list[Any], state: GameState | None) -> Offer:
        amounts_tree, kind, text = children
        amounts = tuple(self._amount(term) for term in amounts_tree.children)
        self._allowed(amounts, str(kind), str(text))
        orders = self._orders(str(text))
        offer = Offer(amounts, str(kind), Unit(orders[0].unit_type or "", orders[0].location), orders)
        return offer if state is None else self._check_on_board(offer, state)

    def _amount(self, term: Tree) -> Amount:
        """``times * value # plateau``; the value may be a fraction, rounded up, where Classic 4.7 is played."""
        tokens = [p for p in term.children if isinstance(p, Token)]
        plateau_tree = next((p for p in term.children if isinstance(p, Tree)), None)
        times = _whole(tokens[0], "a repetition count is a whole number (3.1)") if len(tokens) == 2 else 1
        written = str(tokens[-1])
        value = _rounded_up(written) if self.options.fractions else _whole(tokens[-1], "an amount is a whole number of silver pieces (3.1)")
        if times < 1 or times > 100 or value > MOST:
            raise OrderError(f"{times}*{value}: a repetition is from 1 to 100 and an amount at most {MOST}", 1)
        plateau = 0
        if plateau_tree is not None:
            plateau = _whole(plateau_tree.children[0], "a plateau is a whole number of silver pieces (3.1)") if plateau_tree.children else value
            if plateau > value:
                raise OrderError(f"the plateau {plateau} is above the amount {value}", 1)
        return Amount(value, times, plateau, written if "." in written else "")

    def _allowed(self, amounts: tuple[Amount, ...], kind: str, text: str) -> None:
        """The section-6 options that forbid parts of an offer (Payola Classic, 6.1)."""
        opts = self.options
        checks = ((opts.direct_only and kind != DIRECT, "only direct offers (':') are allowed in this game"),
                  (not opts.repetition and any(a.times != 1 for a in amounts), "repetition counts are not allowed"),
                  (not opts.plateaus and any(a.plateau for a in amounts), "plateaus ('#') are not allowed"),
                  (not opts.augmentation and len(amounts) > 1, "'+' between amounts is not allowed"),
                  (not opts.alternatives and "|" in text, "several orders ('|') in one offer are not allowed"))
        for broken, why in checks:
            if broken:
                raise OrderError(why, 1)

    def _orders(self, text: str) -> tuple[Order, ...]:
        """The unit's orders: the first in full, the next ones without the unit (3.1); none twice."""
        first, *rest = [part.strip() for part in text.split("|")]
        if not first or any(not part for part in rest):
            raise OrderError("an empty order next to '|'", 1)
        head = parse_order(first, self.board, "M")
        assert isinstance(head, Order)
        orders = [head]
        for part in rest:
            order = parse_order(f"{head.unit_text} {part}", self.board, "M")
            assert isinstance(order, Order)
            if order in orders:
                raise OrderError(f"{order} is twice in one offer (3.1)", 1)
            orders.append(order)
        return tuple(orders)

    def _check_on_board(self, offer: Offer, state: GameState) -> Offer:
        """The unit must be on the board and each order one it could issue; the offer read against it (``OfferReader``).

        The reading travels with the offer (``Offer.read``), so order
        determination does not read the offer again.
        """
        read = self._offer_reader(state).read(offer)
        if not read.unit_text:
            raise OrderError(f"there is no unit in {read.province or offer.unit.location}", 1)
        for order, problem in zip(offer.orders, read.problems):
            if problem:
                raise OrderError(f"{order}: {problem}", 1)
        return Offer(offer.amounts, offer.kind, offer.unit, offer.orders, read)

    def _offer_reader(self, state: GameState) -> OfferReader:
        """One ``OfferReader`` per position: a sheet's lines (and every sheet of a phase) read against it share it."""
        last = self._last
        if last is None or last[0] is not state:
            last = self._last = (state, OfferReader(self.board, units_by_province(self.board, state)))
        return last[1]

    def _savings(self, children: list[Any], state: GameState | None) -> Savings:
        if not self.options.savings:
            raise OrderError("savings requests are not allowed in this game", 1)
        return Savings(min(_whole(children[0], "a savings request is a whole number of silver pieces (3.4)"), MOST))

    def _accept(self, children: list[Any], state: GameState | None) -> Accept:
        """4.1: every power once, or some of them and exactly one '?' for the rest."""
        letters = str(children[0]).upper() if children else ""
        if letters.count(REST) > 1:
            raise OrderError("an acceptance list has at most one '?'", 1)
        powers = []
        for letter in letters:
            power = REST if letter == REST else self.board.power_named(letter)
            if power is None:
                raise OrderError(f"no power of this game has the letter {letter} (its powers: {self._letters()})", 1)
            if power in powers:
                raise OrderError(f"{letter} is twice in the acceptance list", 1)
            powers.append(power)
        if REST not in powers and len(powers) != len(self.board.powers):
            raise OrderError("name every power, or end the list with '?' for the others (4.1)", 1)
        return Accept(tuple(powers), letters)

    def _accept_words(self, rest: str) -> Accept:
        """An acceptance list as the texts write one: names, adjectives or letters, with commas, spaces or
        "and" (``ACCEPT Spain, France, Austria, England, and Denmark/Sweden``, ``ACCEPT S F A E D``)."""
        words = [w for w in re.findall(r"\?|[^\s,;?]+", rest) if w.lower() not in ("and", "&")]
        letters, at = [], 0
        while at < len(words):
            size = next((n for n in range(min(3, len(words) - at), 0, -1) if REST not in words[at:at + n]
                         and self.board.power_named(" ".join(words[at:at + n]))), 0)
            if size:
                power = self.board.power_named(" ".join(words[at:at + size]))
                letters.append(self.board.powers[str(power)].letter)
            elif words[at] == REST:
                letters.append(REST)
            else:
                raise OrderError(f"{words[at]!r} is not a power of this game (its powers: {self._letters()})", 1)
            at += size or 1
        return self._accept([Token("LETTERS", "".join(letters))], None)

    def _letters(self) -> str:
        return ", ".join(f"{name.title()} ({power.letter})" for name, power in self.board.powers.items())

    def example_accept(self) -> str:
        """An acceptance list of this game's own letters, for the replies that show one (``ACCEPT FGE?``)."""
        return "ACCEPT " + "".join(p.letter for p in list(self.board.powers.values())[:3]) + "?"

    def _transfer(self, children: list[Any], state: GameState | None) -> Transfer:
        amount, name = _whole(children[0], "a transfer is a whole number of silver pieces (2.3)"), str(children[1])
        power = self.board.power_named(name)
        if power is None:
            named = ", ".join(self.board.power_title(p) for p in self.board.powers)
            raise OrderError(f"no power is called {name} (the powers are {named})", 1)
        if amount < 1 or amount > MOST:
            raise OrderError("a transfer is of at least one silver piece", 1)
        return Transfer(amount, power)


#: a line whose amount is written below zero: ``-5 : A PAR - BUR``, ``-5 $``, ``PAY -5 TO ITALY``
_NEGATIVE = re.compile(r"^(?:PAY\s+)?(-\s*[0-9][0-9.]*)", re.IGNORECASE)


def _whole(token: Any, why: str) -> int:
    """A number the rules count whole (3.1 "whole silver pieces"); a fraction is refused with ``why``."""
    text = str(token)
    if "." in text:
        raise OrderError(f"{text}: {why}", 1)
    return int(text)


def _rounded_up(text: str) -> int:
    """Classic 4.7 "Fractional offers will be rounded up": ``4.5`` is 5 (exactly, without a float)."""
    whole, _, fraction = text.partition(".")
    return int(whole) + (1 if fraction.strip("0") else 0)


def _again(value: Any, earlier: Sequence[Any]) -> str:
    """The note for a line the power's sheet already holds: both stand, and their money adds up."""
    if isinstance(value, Offer) and value in earlier:
        return ("the same offer as an earlier line: both are kept and their money adds up (3.2, 5.1); "
                "if you sent it twice by mistake, CLEAR and send your sheet again")
    if isinstance(value, Savings) and any(isinstance(e, Savings) for e in earlier):
        kept = value.amount + sum(e.amount for e in earlier if isinstance(e, Savings))
        return f"savings requests add up (3.4): you keep at least {kept} AgP"
    if isinstance(value, Transfer) and value in earlier:
        return "the same payment as an earlier line: both are made (2.3)"
    return ""


def _rounded(value: Offer) -> str:
    """The note for an offer whose fractional amount was rounded up (Classic 4.7)."""
    if any(a.written for a in value.amounts):
        return f"fractional offers are rounded up (Classic 4.7): read as {value}"
    return ""


def _barred(hooks: Any, state: GameState, owner: str, unit: Unit, order: Order, board: Map) -> str:
    """Why the ruleset bars the unit's move into a place for good (``entry_refusal``: a province without a
    port), said before any money is committed; "" when nothing lasting bars it."""
    if not isinstance(order, Move):
        return ""
    dest = board.province_of_or_none(order.target)
    if dest is None or hooks.may_enter(state, owner, unit, dest):
        return ""
    why = str(hooks.entry_refusal(state, owner, unit, dest))
    return f"{board.provinces[dest].name} may not be entered" + (f" ({why})" if why else "")
