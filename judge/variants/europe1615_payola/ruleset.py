"""Europe 1615, the Payola editions of March and April 2013, as a Payola ruleset.

The year (PY-04, the ruleset file's ``phases``)::

    S P   Political and Religious Influence: the year's INFs placed, the distribution published
    S D   diplomatic attacks, then the statuses marked
    S T   Taxation/Revenue: start funds or taxes, tribute; acceptance lists
    S M, S R, U M, U R, F M, F R   movement by offer sheets (Payola), retreats
    W A   Winter ownership, builds and removals

Payola's own movement and retreats are used as they are; the four bribe
hooks say whom a power may bribe for what (PY-36 to PY-38) and give the
ownerless units of the minor states their fixed reference lists (PY-33).
The income is paid in the Taxation phase, not after the Winter builds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from judge.engine.adjustments import adjudicate_adjustments
from judge.engine.agreement import EndVotes
from judge.engine.boardmarks import StateMark
from judge.engine.discretion import GmAction, RuleOption
from judge.engine.geography import Map, Terrain
from judge.engine.orders import Convoy, Hold, Order, Support, Unit
from judge.engine.readings import READINGS
from judge.engine.results import PhaseOutcome
from judge.engine.ruleset import PhaseHandler
from judge.engine.schema import Int, ListOf, MapOf, Schema, Str
from judge.engine.state import GameState, Phase
from judge.variants.europe1615_payola import (
    attacks,
    consequences,
    income,
    influence,
    lines,
    ports,
    setups,
    status,
    victory,
    waivers,
    winter,
)
from judge.variants.europe1615.inputs import WaiveCapture
from judge.variants.europe1615_payola.edition import CATHOLIC, read_edition
from judge.variants.europe1615_payola.world import INFLUENCE, Game
from judge.variants.payola.codec import Written, payola_fields
from judge.variants.payola.ruleset import Payola

INFLUENCE_PHASE, ATTACKS_PHASE, TAXATION = "P", "D", "T"
WAIVED = "waived"


#: who may offer 0 AgP to a unit in these editions (may_offer_zero)
ZERO_RULE = ("Zero offers: to your own units, to the units of a minor state ALIGNED to you, and Austria's to "
             "any unit in the Holy Roman Empire (R-1303-34, R-1304-44)")


class Europe1615Payola(Payola):
    """Influence, attacks, statuses, tribute and Payola bribes: the edition's file says which numbers."""

    name = "europe1615-payola"
    #: the ledger's words for a tie at a minor state's unit (order determination's ``fixed_why``)
    tie_list_why = ("tie broken by the fixed reference list of the minor states (Austria, Denmark/Sweden, England, "
                    "France, Spain; Portugal's, Ireland's and the Barbary States' their own: R-1303-32, R-1304-41)")

    def __init__(self, board: Map, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(board, options)
        self.edition = read_edition(self.options)
        self.game = Game(board, self.edition)
        self.phase_cycle = self.edition.phases
        self.center_values = {abbr: prov.center for abbr, prov in board.provinces.items() if prov.is_center}

    # -- whom a power may bribe for what (PY-36 to PY-38) -------------------------------
    def may_bribe(self, state: GameState, power: str, owner: str, unit: Unit) -> bool:
        """R-1303-36, R-1304-46: only Catholic powers may order the Papal States' units.

        A power orders its own units "as they see fit" (R-1303-34, R-1304-43),
        in Rome too.  ``papal_orders = "location"`` (the GM's other reading of
        "the units in the Papal States"): another power's unit standing there too.
        """
        if power == owner or self.game.faith(power) == CATHOLIC:
            return True
        where = self.game.state_of(self.map.province_of(unit.location))
        return (owner if self.edition.papal_orders == "owner" else where) not in self.edition.catholic_only

    def may_buy(self, state: GameState, power: str, owner: str, unit: Unit, order: Order) -> bool:
        """R-1303-34, R-1304-43: from a foreign unit only HOLD, SUPPORT or CONVOY (A-PY-2: aligned minors too).

        With ``aligned_moves`` the aligned power's "0-value bribe and order" lifts the limit for its minor's units.
        """
        if power == owner or isinstance(order, (Hold, Support, Convoy)):
            return True
        return self.edition.aligned_moves and owner in self.map.states and status.aligned_to(state, owner) == power

    def bribe_refusal(self, state: GameState, power: str, owner: str, unit: Unit) -> str:
        """The Papal States' units and who may bribe them, for the reply."""
        if self.may_bribe(state, power, owner, unit):
            return ""
        return (f"{power} may not bribe {unit}: only Catholic powers give orders to the units of the Papal States "
                "(R-1303-36, R-1304-46)")

    def buy_refusal(self, state: GameState, power: str, owner: str, unit: Unit, order: Order) -> str:
        """A move bought from a foreign unit, for the reply."""
        if self.may_buy(state, power, owner, unit, order):
            return ""
        return (f"{power} may not buy {order} from {unit}: from a foreign unit only a HOLD, SUPPORT or CONVOY "
                "may be bought (R-1303-34, R-1304-43)")

    def may_offer_zero(self, state: GameState, power: str, owner: str, unit: Unit) -> bool:
        """R-1304-44: own units; Austria any unit in the Empire (A-PY-3); a power its aligned minor's units."""
        if power == owner:
            return True
        if power == "AUSTRIA" and self.map.province_of(unit.location) in self.edition.hre:
            return True
        return owner in self.map.states and status.aligned_to(state, owner) == power

    def tie_list(self, state: GameState, owner: str, unit: Unit) -> tuple[str, ...] | None:
        """R-1303-32, R-1304-41: an ownerless unit's fixed reference list (its state's own, else the minors')."""
        if owner in self.map.powers:
            return None
        lists = self.edition.reference_lists
        return lists.get(owner, lists.get("minor"))

    # -- the map picture ----------------------------------------------------------------
    def picture_alignments(self, state: GameState) -> Mapping[str, str]:
        """The minor states ALIGNED now, for the picture's fills: statuses are public in these editions (PY-18)."""
        found = {minor: status.aligned_to(state, minor) for minor in self.map.states}
        return {minor: power for minor, power in found.items() if power}

    def picture_states(self, state: GameState) -> Sequence[StateMark]:
        """Every state's political and religious marks (R-1303-15 to -20, R-1304-20 to -25: "How The Minor States
        Are Marked"), public (PY-18)."""
        return status.picture_states(state)

    def picture_marks(self, state: GameState) -> Mapping[str, str]:
        """The provinces marked on the map: each port's anchor, as PORT (R-1303-37, R-1304-47: "a port (anchor)"),
        REVOLT (R-1303-24, R-1304-32) and CONTESTED (R-1304-33); each centre's value (3, 9 or 15: R-1303-33,
        R-1304-42), which the picture writes once every name is placed."""
        marks: dict[str, list[str]] = {}
        for abbr, province in self.map.provinces.items():
            if province.port and province.terrain is Terrain.COAST:
                marks.setdefault(abbr, []).append("PORT")
        for minor, provinces in self.map.states.items():
            for province in provinces:
                if self.map.provinces[province].is_center and status.revolt(self.game, state, province):
                    marks.setdefault(province, []).append("REVOLT")
                if minor in state.extra.get(consequences.CONTESTED, {}):
                    marks.setdefault(province, []).append("CONTESTED")
        for centre in self.map.centers:
            marks.setdefault(centre, []).append(str(income.value(self.game, centre)))
        return {province: " ".join(words) for province, words in marks.items()}

    # -- the port rule (R-1303-37, R-1304-47) ----------------------------------------------
    def may_enter(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        """A fleet moves (or retreats) into a coastal province only where it has a port; seas are open.

        R-1304-61: while France is neutral (the 3-player game) nobody else enters French territory.
        """
        target = self.map.provinces[self.map.province_of(province)]
        if setups.closed(self.game, state, owner, target.abbr):
            return False
        return unit.type != "F" or target.terrain is not Terrain.COAST or target.port

    def entry_refusal(self, state: GameState, owner: str, unit: Unit, province: str) -> str:
        """The port rule in words, said on arrival (no money taken) and in the results of a void move."""
        target = self.map.provinces[self.map.province_of(province)]
        if unit.type == "F" and target.terrain is Terrain.COAST and not target.port:
            return ("no port: a fleet enters a coastal province only where it has a port, an anchor; "
                    "R-1303-37, R-1304-47")
        return ""

    def may_support(self, state: GameState, owner: str, unit: Unit, supported_owner: str, supported: Unit,
                    into: str | None) -> bool:
        """A fleet supports a move only into a port (or a sea); a support to hold is not a move."""
        return into is None or self.may_enter(state, owner, unit, into)

    # -- the year -------------------------------------------------------------------------
    def phase_handlers(self) -> Mapping[str, PhaseHandler]:
        return {**super().phase_handlers(), INFLUENCE_PHASE: self._influence, ATTACKS_PHASE: self._attacks,
                TAXATION: self._taxation, "A": self._winter}

    def phase_needed(self, state: GameState) -> bool | None:
        """The influence, attack and taxation phases every year; the rest as in Payola."""
        return True if state.phase.kind in (INFLUENCE_PHASE, ATTACKS_PHASE, TAXATION) else super().phase_needed(state)

    def _movement(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        """Payola's movement; the ledgers are the powers' only (the minor states' units take no list of their own)."""
        work = state.copy()
        for power, values in orders.items():  # R-1303-39, R-1304-51: waivers hold until the build phase
            for value in values:
                if isinstance(value, WaiveCapture):
                    waived = work.extra.setdefault(WAIVED, {}).setdefault(power, [])
                    waived.extend([value.province] if value.province not in waived else [])
        outcome = super()._movement(work, orders)
        consequences.attacks_on_minors(self.game, state, outcome)
        powers = set(self.map.powers)
        ledgers = {p: led for p, led in outcome.state.extra.get("ledgers", {}).items() if p in powers}
        for ledger in ledgers.values():
            ledger["acceptance"] = [p for p in ledger.get("acceptance", []) if p in powers]
        outcome.state.extra["ledgers"] = ledgers
        return outcome

    def _influence(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        work = state.copy()
        return PhaseOutcome(work, influence.place_all(self.game, work, orders))

    def _attacks(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        work = state.copy()
        results = attacks.resolve_all(self.game, work, orders)
        status.mark(self.game, work)
        return PhaseOutcome(work, results)

    def _taxation(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        work = state.copy()
        self._money_lines(work, orders)  # the acceptance lists (and any PAY line) of the phase
        work.extra["taxes"] = income.pay_taxes(self.game, work)
        return PhaseOutcome(work, [])

    def _winter(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        """Builds and removals as in Diplomacy; no income here (it is the Taxation phase's)."""
        work = state.copy()
        waivers.waive_in_winter(work, orders)  # R-1303-39, R-1304-51: a centre taken at the year's end given back
        ports.take_ports(self.game, work, work.extra.get(WAIVED, {}))  # R-1304-54: as centres change hands
        setups.roll_for_neutral(self.game, work)  # R-1304-61: "before build/adjustment in 1617"
        builds = {p: [v for v in vs if not isinstance(v, WaiveCapture)] for p, vs in orders.items()}
        outcome = adjudicate_adjustments(self._variant(), work, self._money_lines(work, builds))
        winter.after_builds(self.game, outcome.state)
        outcome.state.extra.pop(WAIVED, None)  # a waiver is decided again at each build phase
        outcome.state.extra.pop(waivers.TAKEN, None)
        return outcome

    def may_capture(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        """R-1303-39, R-1304-51: the occupier may waive the change of ownership (``WAIVE LOR``); a centre that
        changes hands is recorded, for a WAIVE sent in the Winter (``waivers.py``)."""
        if province in state.extra.get(WAIVED, {}).get(owner, ()):
            return False
        waivers.record_take(state, province, owner)
        return True

    def may_retreat(self, state: GameState, owner: str, unit: Unit) -> bool:
        """R-1303-38, R-1304-50: a dislodged minor unit is disbanded at once."""
        return owner not in self.map.states

    def removal_words(self, state: GameState, owner: str, unit: Unit) -> str:
        """The texts' own words for it (R-1303-38, R-1304-50), not njudge's "with no valid retreats was destroyed"."""
        return ("\"units of minor states that are dislodged are immediately disbanded\" (R-1303-38, R-1304-50)"
                if owner in self.map.states else "")

    def build_sites(self, state: GameState, power: str) -> tuple[str, ...]:
        """R-1303-40, R-1304-53: any owned centre, but none in REVOLT against its faith (R-1303-24);
        R-1304-54 (``fleet_builds = "owned_ports"``): an owned port that is not a centre, for a fleet."""
        owned = state.centers.get(power, ())
        centres = (c for c in owned if status.revolt(self.game, state, c) != "no builds")
        return tuple(sorted({*centres, *ports.owned_ports(self.game, state, power)}))

    def build_refusal(self, state: GameState, power: str, province: str) -> str:
        """R-1303-24, R-1304-32: an owned centre in REVOLT against its owner's faith: say so, not "not owned"."""
        return status.revolt_refusal(self.game, state, power, province)

    def may_build(self, state: GameState, power: str, unit: Unit) -> bool:
        """A fleet is built in a port only (the port rule); an army only on a centre (R-1304-54)."""
        return ports.may_build_here(self.game, state, power, unit)

    def handovers(self, state: GameState) -> Mapping[str, str]:
        """R-1304-61: from 1618 neutral France is played by the side that rolled highest."""
        return setups.handovers(self.game, state)

    def seat_refusal(self, state: GameState | None, power: str, held: Sequence[str]) -> str:
        """R-1304-60 to R-1304-62: one address plays one side of the set-up; neutral France nobody."""
        return setups.seat_refusal(self.game, state, power, held)

    def game_result(self, state: GameState) -> tuple[str, list[str]] | None:
        """PY-31: the end the last Winter recorded (most VPs; in April a tie plays on); no victory by centres."""
        over = state.extra.get(winter.GAME_OVER)
        return (str(over["result"]), list(over["powers"])) if over else None

    def end_votes(self, state: GameState) -> EndVotes:
        """No end by vote: both texts end the game at a set year, the most VPs winning (R-1303-42, R-1304-58).

        Neither text lets the players stop the game or share it (digest 3.12,
        4.11; docs/europe1615-payola.md); the GM may still TERMINATE it.
        """
        return EndVotes(refusal="this edition has no end by agreement: the game runs to its last year and the most "
                                "VPs win (R-1303-42, R-1304-58); only the GM may end it sooner (TERMINATE)")

    # -- by mail ---------------------------------------------------------------------------
    def money_committed(self, state: GameState, power: str, values: Sequence[Any]) -> tuple[int, int] | None:
        """No money line in the Influence and attack phases (INFs, not AgP: the treasury is paid at Taxation)."""
        if state.phase.kind in (INFLUENCE_PHASE, ATTACKS_PHASE):
            return None
        return super().money_committed(state, power, values)

    def inputs_due(self, state: GameState, power: str) -> tuple[tuple[str, str], ...]:
        """INF lines in the Influence phase, an attack list when the power could attack; Payola's sheet."""
        if state.phase.kind in (INFLUENCE_PHASE, ATTACKS_PHASE):
            return lines.inputs_due(self.game, state, power)
        return super().inputs_due(state, power)

    # -- a game ---------------------------------------------------------------------------
    def initial_state(self) -> GameState:
        """The map's units and centres, the minor states' too, at the first Influence phase; empty treasuries."""
        units: dict[str, list[Unit]] = {}
        for start in self.map.starting_units:
            units.setdefault(start.power, []).append(Unit(start.unit_type, start.location))
        centers = {owner: set(homes) for owner, homes in self.map.homes.items()}
        season, kind = self.phase_cycle[0]
        extra: dict[str, Any] = {"treasury": {p: 0 for p in sorted(self.map.powers)},
                                 "accept": {p: [p, "?"] for p in sorted(self.map.powers)}, INFLUENCE: {}}
        if ports.in_use(self.game):
            extra[ports.PORT_OWNERS] = ports.starting_owners(self.game)
        return GameState(Phase(season, self.edition.first_year, kind), units, centers, [], extra)

    def owners(self) -> frozenset[str]:
        return frozenset(self.map.powers) | frozenset(self.map.states)

    def state_fields(self) -> Mapping[str, Schema]:
        places = Str(choices=lambda: frozenset(self.edition.pliant) | frozenset(self.map.powers), what="a place")
        power = Str(choices=lambda: frozenset(self.map.powers), what="a power")
        infs = Int(0, 1_000_000)
        return {**payola_fields(self.map), INFLUENCE: MapOf(places, MapOf(power, infs)),
                influence.GRANT: MapOf(power, infs), influence.DOMINION: MapOf(places, power),
                status.STATUS: Written(), attacks.DICE: Written(), "taxes": Written(),
                winter.DOMINION_YEAR: MapOf(places, Int(1600, 3000)), consequences.VP_LOG: Written(),
                consequences.CONTESTED: MapOf(places, power), winter.BONUSES: Written(), winter.GAME_OVER: Written(),
                victory.ALLIANCES: ListOf(ListOf(power, longest=2)),
                WAIVED: MapOf(power, ListOf(Str(what="a province", longest=8))),
                waivers.TAKEN: MapOf(Str(what="a centre", longest=8), ListOf(Str(what="a power", longest=16))),
                setups.ROLL: Written(),
                attacks.GM_DICE: MapOf(Str(what="a phase", longest=12), ListOf(Int(3, 18))),
                ports.PORT_OWNERS: MapOf(Str(choices=lambda: ports.plain_ports(self.game), what="a port"), power)}

    def rule_options(self) -> tuple[RuleOption, ...]:
        """Payola's options and the edition's readings; not ``draws``: no vote ends the game (:meth:`end_votes`).

        ``zero_foreign`` is said as it behaves here: the edition's own rule decides zero offers, whatever its value.
        """
        dropped = {"draws", *READINGS}   # nor the standard rulebooks' readings: the edition's rules say how minors disband
        kept = (replace(o, note=ZERO_RULE + " (this option is not used by the edition)")
                if o.name == "zero_foreign" else o for o in super().rule_options() if o.name not in dropped)
        return (*kept, *self.edition.rule_options())

    def form_notes(self) -> tuple[str, ...]:
        """Payola Classic as the texts cite it, with the edition's own limits on bribes (R-1303-34, R-1304-43)."""
        notes = [n for n in self.payola.form_notes() if not n.startswith("Zero offers")]
        return (*notes, "From another power's unit or a minor state's unit you may buy only a HOLD, SUPPORT "
                "or CONVOY (R-1303-34, R-1304-43); only Catholic powers bribe the Papal States' units "
                "(R-1303-36, R-1304-46).", ZERO_RULE + ".")

    def gm_actions(self) -> tuple[GmAction, ...]:
        """``GM DICE``: the attack dice from a published source (R-1303-14); ``GM ALLIANCE`` where the edition has them."""
        dice = GmAction("DICE", "DICE total total ... | SEED", "the 3D6 totals of the coming attacks (R-1303-14)",
                        attacks.give_dice, attacks.dice_now)
        if not self.edition.alliance_deadline:
            return (dice,)
        ally = GmAction("ALLIANCE", "ALLIANCE power power", "two powers' permanent alliance, declared to the GM "
                        "before 1618 (R-1304-59)", partial(victory.declare_alliance, self.game), victory.alliances_now)
        return dice, ally
