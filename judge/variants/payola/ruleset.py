"""Payola Diplomacy on any map: no unit obeys its owner by right; each issues the order paid most.

The movement phase runs order determination (``determination.py``) on the
powers' offer sheets, which travel in the orders mapping as the values of
``offers.py``, then the standard movement adjudication on the orders bought;
retreats and builds are ordered directly.  The Winter adjustments are always
played, and the year's income is paid after them (rule 2.1).

Four hooks restrict bribes; the Europe 1615 Payola editions answer them
differently.  Standard Payola answers with the rules' defaults:

>>> from judge.variants import load_variant
>>> from judge.engine.orders import Unit, Move
>>> payola = load_variant("payola").ruleset
>>> state = payola.initial_state()
>>> payola.may_offer_zero(state, "FRANCE", "ITALY", Unit("F", "NAP")), payola.tie_list(state, "ITALY", Unit("F", "NAP"))
(False, None)
>>> state.extra["treasury"]["FRANCE"], state.extra["treasury"]["RUSSIA"]
(48, 62)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from judge.engine.adjustments import adjudicate_adjustments
from judge.engine.discretion import RuleOption
from judge.engine.movement import adjudicate_movement
from judge.engine.orders import Order, Unit
from judge.engine.retreats import adjudicate_retreats
from judge.engine.ruleset import PhaseHandler, Ruleset
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.variants.payola import accounts, zerosum
from judge.variants.payola.basics import PlainBribes
from judge.variants.payola.codec import payola_fields
from judge.variants.payola.determination import determine
from judge.variants.payola.ledger import Ledger
from judge.variants.payola.offers import Accept, Offer, Savings, Transfer, total
from judge.variants.payola.options import PayolaOptions

if TYPE_CHECKING:
    from judge.engine.geography import Map
    from judge.engine.results import PhaseOutcome
    from judge.engine.schema import Schema


#: the hooks whose standard answers ``Payola.plain_bribes`` vouches for
_HOOKS = ("may_bribe", "may_buy", "may_offer_zero", "tie_list")


class Payola(Ruleset):
    """The formal Payola rules (payola-rules.txt), the section-6 variations as options."""

    name = "payola"
    #: the ledger's words for a tie broken by a fixed list (``tie_list``); none here: ties go by the owner's list
    tie_list_why = ""

    def __init__(self, board: Map, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(board, options)
        self.payola = PayolaOptions.of(self.options)
        self.center_values: dict[str, int] = {k.upper(): int(v) for k, v in
                                              dict(self.options.get("center_values", {})).items()}

    # -- the four restrictions on bribes (the 1615 Payola editions change each) ----
    def plain_bribes(self, state: GameState) -> PlainBribes | None:
        """Rule 3.1 alone limits bribes (``PlainBribes``), or None: ask the four hooks below offer by offer.

        Order determination then asks no hook per offer: it checks 3.1's zero
        offers itself, which is most of its cost in Python for a full phase
        (``bench/payola.py``).  The answer holds while none of the four hooks is
        overridden (a subclass, such as the Europe 1615 editions, restricts) and
        ``loyal_units`` (6.5) is off.

        >>> from judge.variants import load_variant
        >>> state = load_variant("payola").ruleset.initial_state()
        >>> load_variant("payola").ruleset.plain_bribes(state), load_variant("payola", {"preset": "classic"}).ruleset.plain_bribes(state)
        (PlainBribes(zero_foreign=False), PlainBribes(zero_foreign=True))
        >>> load_variant("payola", {"loyal_units": True}).ruleset.plain_bribes(state) is None
        True
        """
        cls = type(self)
        if self.payola.loyal_units or any(getattr(cls, hook) is not getattr(Payola, hook) for hook in _HOOKS):
            return None
        return PlainBribes(self.payola.zero_foreign)

    def may_bribe(self, state: GameState, power: str, owner: str, unit: Unit) -> bool:
        """Whether ``power`` may make any offer to this unit: any unit, anywhere (3.1).

        With ``loyal_units`` (6.5) a played power's units take offers from their owner only.
        """
        if self.payola.loyal_units and power != owner:
            return owner in state.extra.get("dummies", ())
        return True

    def bribe_refusal(self, state: GameState, power: str, owner: str, unit: Unit) -> str:
        """Why ``power`` may make no offer to this unit, for the reply ("" if it may)."""
        if self.may_bribe(state, power, owner, unit):
            return ""
        return f"{power} may not bribe {unit}: with Loyal Units (6.5) a played power's units obey their owner only"

    def buy_refusal(self, state: GameState, power: str, owner: str, unit: Unit, order: Order) -> str:
        """Why ``power`` may not pay for this order of the unit, for the reply ("" if it may)."""
        return "" if self.may_buy(state, power, owner, unit, order) else f"{power} may not buy {order} from {unit}"

    def may_buy(self, state: GameState, power: str, owner: str, unit: Unit, order: Order) -> bool:
        """Whether ``power`` may pay for this order of a unit it does not own: any legal order (3.1).

        Europe 1615 lets a power buy only HOLD, SUPPORT and CONVOY from a foreign unit.
        """
        return True

    def may_offer_zero(self, state: GameState, power: str, owner: str, unit: Unit) -> bool:
        """Whether ``power`` may offer nothing (0 AgP) to the unit: to its own only (3.1), any with ``zero_foreign``.

        A zero offer matters in ties; Europe 1615 grants it to an aligned power for its minor's units.
        """
        return power == owner or self.payola.zero_foreign

    def tie_list(self, state: GameState, owner: str, unit: Unit) -> tuple[str, ...] | None:
        """A fixed acceptance list that breaks this unit's ties, or None (the standard answer).

        None leaves the owner's own list, or for an unplayed power's unit
        rule 4.4 (a tie holds).  Europe 1615 gives its minor states' (ownerless)
        units fixed lists of the powers.
        """
        return None

    # -- what the mail loop waits for ------------------------------------------------
    def units_due(self, state: GameState, power: str) -> tuple[Unit, ...] | None:
        """No unit owes an order of its own in a movement phase: the power's offer sheet is its orders (3.1)."""
        return () if state.phase.kind == "M" else None

    def inputs_due(self, state: GameState, power: str) -> tuple[tuple[str, str], ...]:
        """A power with units owes one offer sheet in a movement phase: at least one offer (3.3), which a
        savings request is not (3.4); the line reader keys offers ``SHEET:…`` and savings ``SAVINGS:…``."""
        return (("SHEET", "an offer sheet"),) if state.phase.kind == "M" and state.units.get(power) else ()

    def money_committed(self, state: GameState, power: str, values: Sequence[Any]) -> tuple[int, int] | None:
        """The most a sheet may cost (every offer paid in full, its savings kept, its transfers made) and the balance.

        Order determination reduces the offers of a power that is overdrawn (5.5); the reply warns before.
        """
        cost = sum(v.amount for v in values if isinstance(v, (Savings, Transfer)))
        return cost + _most_paid(self.map, [v for v in values if isinstance(v, Offer)]), accounts.balance(state, power)

    # -- the phases -------------------------------------------------------------
    def phase_handlers(self) -> Mapping[str, PhaseHandler]:
        return {"M": self._movement, "R": self._retreats, "A": self._adjustments}

    def phase_needed(self, state: GameState) -> bool | None:
        """The Winter adjustments are played every year: the income is paid after them (2.1)."""
        return True if state.phase.kind == "A" else None

    def _variant(self) -> Variant:
        return Variant(self.name, self.map, self)

    def _movement(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        """Acceptance lists and transfers first, then order determination, payments and the adjudication."""
        before = state.copy()
        accounts.begin_phase(before)
        refused: list[tuple[str, str, str]] = []
        sheets = self._sheets(before, orders, refused)
        balances = {p: accounts.balance(before, p) for p in sorted(set(before.units) | set(sheets))}
        accept = {p: Accept(tuple(v)) for p, v in before.extra.get("accept", {}).items()}
        if self.payola.zero_sum and before.phase.season == "S":
            zerosum.year_begins(before)
        seed = f"{before.extra.get('seed', '')}:{before.phase}"
        done = determine(self.map, self, before, sheets, balances, accept, seed, before.extra.get("dummies", ()),
                         one_offer_per_unit=self.payola.one_offer_per_unit, ebayola=self.payola.ebayola)
        for power, line, why in refused:
            done.ledgers.setdefault(power, Ledger(power, accounts.balance(before, power))).refused.append((line, why))
        for power, ledger in sorted(done.ledgers.items()):
            if ledger.spent:
                accounts.record(before, power, "bribes paid", -ledger.spent)
        if self.payola.zero_sum:
            zerosum.earn(before, done.earned)
        before.extra["ledgers"] = {p: led.as_json() for p, led in done.ledgers.items()}
        before.extra.pop("charts", None)  # kept by games begun before the history held the charts
        before.extra["received"] = {}
        return adjudicate_movement(self._variant(), before, done.orders)

    def _sheets(self, state: GameState, orders: Mapping[str, Sequence[Any]],
                refused: list[tuple[str, str, str]]) -> dict[str, list[Any]]:
        """Each power's offers and savings; its ACCEPT and PAY lines acted on at once (4.3, 2.3).

        A transfer that cannot be made goes into ``refused`` with its reason, for the power's ledger.
        """
        sheets: dict[str, list[Any]] = {}
        for power in sorted(orders):
            for value in orders[power]:
                if isinstance(value, Accept):
                    state.extra.setdefault("accept", {})[power] = list(value.powers)
                elif isinstance(value, Transfer):
                    try:
                        accounts.transfer(state, self.payola, power, value.to, value.amount)
                    except accounts.TransferError as exc:
                        refused.append((power, str(value), str(exc)))
                elif isinstance(value, (Offer, Savings)):
                    sheets.setdefault(power, []).append(value)
                elif isinstance(value, Order):
                    sheets.setdefault(power, []).append(Offer((), ":", Unit(value.unit_type or "?",
                                                                            value.location), (value,)))
        return sheets

    def _money_lines(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> dict[str, list[Any]]:
        """A retreat or adjustment phase's ACCEPT and PAY lines acted on (4.3, 2.3); the unit orders returned.

        A transfer refused is written in the giver's account with its reason.
        """
        accounts.begin_phase(state)
        refused: list[tuple[str, str, str]] = []
        left = {p: [v for v in vs if not isinstance(v, (Accept, Transfer))] for p, vs in orders.items()}
        self._sheets(state, {p: [v for v in vs if isinstance(v, (Accept, Transfer))] for p, vs in orders.items()},
                     refused)
        for power, line, why in refused:
            accounts.record(state, power, f"refused: {line} ({why})", 0)
        return left

    def _retreats(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        """The retreats as in Diplomacy, after the phase's ACCEPT and PAY lines."""
        before = state.copy()
        return adjudicate_retreats(self._variant(), before, self._money_lines(before, orders))

    def _adjustments(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        """The builds and removals as in Diplomacy, then the year's income (2.1); Zero Sum Payola settles before (6.7)."""
        state = state.copy()
        orders = self._money_lines(state, orders)
        if self.payola.zero_sum:  # 6.7: no taxes; the year's bribes and captured centres move the money
            zerosum.settle_year(state)
        outcome = adjudicate_adjustments(self._variant(), state, orders)
        if not self.payola.zero_sum:
            accounts.pay_income(outcome.state, self.payola, self.victory_centers(), self.center_values)
        return outcome

    # -- a game --------------------------------------------------------------------
    def initial_state(self) -> GameState:
        """The map's position with each power's starting treasury: one year's income (2.1)."""
        state = super().initial_state()
        state.extra["treasury"] = (zerosum.starting_treasury(state.centers) if self.payola.zero_sum else
                                   accounts.starting_treasury(state.centers, self.payola, self.victory_centers(),
                                                              self.center_values))
        state.extra["accept"] = {p: [p, "?"] for p in sorted(self.map.powers)}
        return state

    def game_facts(self, state: GameState, unplayed: Sequence[str], seed: str | None = None) -> None:
        """The seed of the acceptance lists' ``?`` (4.1) and the powers whose units take no orders of theirs (4.4)."""
        if seed is not None:
            state.extra["seed"] = seed
        state.extra["dummies"] = sorted(p for p in unplayed if p in self.map.powers)

    def state_fields(self) -> Mapping[str, Schema]:
        return payola_fields(self.map)

    def rule_options(self) -> tuple[RuleOption, ...]:
        return (*super().rule_options(), *self.payola.rule_options())

    def form_notes(self) -> tuple[str, ...]:
        """The offer sheet this game's options take (Classic or the formal rules), told before the first sheet."""
        return self.payola.form_notes()


def _most_paid(board: Map, offers: Sequence[Offer]) -> int:
    """The most a power's offers can cost: a unit issues one order, so of its offers to one unit only those for
    that order are paid (5.6); the dearest order of each unit counts, not every offer to it."""
    by_unit: dict[str, list[Offer]] = {}
    for offer in offers:
        by_unit.setdefault(board.province_of_or_none(offer.unit.location) or offer.unit.location, []).append(offer)
    most = 0
    for made in by_unit.values():
        orders = {str(o) for offer in made for o in offer.orders}
        most += max(sum(total(offer.amounts) for offer in made if order in {str(o) for o in offer.orders})
                    for order in orders)
    return most
